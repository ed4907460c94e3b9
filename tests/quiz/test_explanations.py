"""Every prompt, choice, answer and explanation renders in both languages with all placeholders filled,
and every msgid the quiz uses is in both catalogs (Danish translated)."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from trainer.i18n import catalog_path, get_translator
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.quiz import KINDS, Message, Question, check, generate
from trainer.ui.terms import t_message

from .helpers import params


def _texts(question: Question) -> list[Message]:
    found = [
        question.prompt,
        question.answer_text,
        *question.explanation,
        *(c.label for c in question.choices),
    ]
    found += [s.label for s in question.shown] + [c for s in question.shown for c in s.captions]
    found += [check(question, question.answer).headline]
    return found


def _all_keys(text: Message) -> set[str]:
    keys = {text.template}
    for _name, value in params(text):
        if isinstance(value, Message):
            keys.add(value.template)
    for _name, value in text.params.items():
        if isinstance(value, tuple):
            keys |= {item.template for item in value if isinstance(item, Message)}
    return keys


def _catalog(lang: str) -> dict[str, str]:
    with catalog_path(lang).open("rb") as handle:
        return {m.id: m.string for m in read_po(handle, locale=lang) if m.id and isinstance(m.id, str)}


@pytest.mark.parametrize("kind", KINDS)
def test_renders_in_both_languages(kind: str) -> None:
    for profile in (DANISH, INTERNATIONAL):
        for seed in range(15):
            question = generate(kind, seed, profile)
            for lang in ("en", "da"):
                t = get_translator(lang)
                for text in _texts(question):
                    sentence = t_message(text, t)
                    assert sentence.strip()
                    assert "{" not in sentence and "}" not in sentence, sentence


def test_every_quiz_msgid_is_translated() -> None:
    keys: set[str] = set()
    for kind in KINDS:
        for profile in (DANISH, INTERNATIONAL):
            for seed in range(30):
                for text in _texts(generate(kind, seed, profile)):
                    keys |= _all_keys(text)
    english, danish = _catalog("en"), _catalog("da")
    assert not sorted(k for k in keys if k not in english)
    assert not sorted(k for k in keys if not danish.get(k))


def test_danish_explanation_uses_danish_terms() -> None:
    question = generate("matadors", 1, DANISH)
    t = get_translator("da")
    steps = " ".join(t_message(s, t) for s in question.explanation)
    assert "spil" in steps and ("med" in steps or "uden" in steps)
    assert "♣B" in steps  # the Danish card letters: B for Bonde
