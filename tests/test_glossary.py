"""The Danish texts speak the textbook's Skat Danish: the catalog, the lessons and the example deals' notes
use the glossary's terms (tests/data/glossary_da.yaml) and none of its forbidden forms (English left in the
Danish UI, Norwegian or Swedish forms, calques, a second spelling of the skat)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from babel.messages.pofile import read_po

from trainer.i18n import catalog_path
from trainer.lessons import MarkdownBlock, available_chapters, lesson_languages, load_lesson
from trainer.records.deals import Note, load_all

GLOSSARY = Path(__file__).parent / "data" / "glossary_da.yaml"
_PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


def _glossary() -> dict[str, Any]:
    data = yaml.safe_load(GLOSSARY.read_text(encoding="utf-8"))
    assert isinstance(data, dict) and data["terms"] and data["forbidden"]
    return data


def _catalog() -> Iterator[tuple[str, str]]:
    """(msgid, msgstr) of every Danish entry, each plural form paired with its msgid."""
    with catalog_path("da").open("rb") as handle:
        catalog = read_po(handle, locale="da")
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        for index, text in enumerate(strings):
            yield _PLACEHOLDER.sub("{}", ids[min(index, len(ids) - 1)]), _PLACEHOLDER.sub("{}", text)


def _notes(note: Note | None) -> list[str]:
    return [note.da] if note is not None else []


def danish_texts() -> Iterator[tuple[str, str]]:
    """(where, text) for every Danish text the learner reads."""
    for msgid, text in _catalog():
        yield f"catalog: {msgid!r}", text
    for ref in available_chapters():
        if "da" not in lesson_languages(ref.slug):
            continue
        lesson = load_lesson(ref.slug, "da")
        yield f"lessons/{ref.slug}/da.md (title, summary)", f"{lesson.title}\n{lesson.summary}"
        for block in lesson.blocks:
            if isinstance(block, MarkdownBlock):
                yield f"lessons/{ref.slug}/da.md", block.text
    for deal in load_all():
        texts = _notes(deal.title) + _notes(deal.summary) + _notes(deal.declaration_note)
        texts += [n for plan in deal.plans for n in _notes(plan.note)]
        texts += [n for step in deal.bidding for n in _notes(step.note)]
        for trick in deal.tricks:
            texts += _notes(trick.note) + [note.da for note in trick.card_notes.values()]
        for text in texts:
            yield f"exercises/deals/{deal.source}", text


def forbidden_found(text: str, forbidden: list[dict[str, str]]) -> list[str]:
    """The forbidden forms in one text, with the reason for each."""
    found = []
    for rule in forbidden:
        match = re.search(rule["pattern"], text)
        if match:
            found.append(f"'{match.group(0)}' ({rule['why']})")
    return found


def test_no_danish_text_uses_a_forbidden_form() -> None:
    forbidden = _glossary()["forbidden"]
    problems = [
        f"{where}: {', '.join(found)}"
        for where, text in danish_texts()
        if (found := forbidden_found(text, forbidden))
    ]
    assert not problems, "Danish texts with forms a Dane would not write:\n" + "\n".join(problems)


def test_the_catalog_uses_the_glossary_terms() -> None:
    problems = []
    for term in _glossary()["terms"]:
        unless = {_PLACEHOLDER.sub("{}", msgid) for msgid in term.get("unless", ())}
        for msgid, text in _catalog():
            if msgid in unless or not re.search(term["en"], msgid):
                continue
            if not re.search(term["da"], text):
                problems.append(f"{msgid!r} → {text!r}: use {term['term']}")
    assert not problems, "Danish entries that miss the glossary's term:\n" + "\n".join(problems)


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("Hent given (.sgf)", True),
        ("Du sidder i {} i denne give; det træk er ikke dit.", True),
        ("glemte knægten i skatten", True),
        ("Hvor højt kan denne hånd melde uden at blive overmeldt?", True),
        ("talte 10 trumfer i et farvespil", True),
        ("Smører {} på makkerens stik.", True),
        ("modspiller (defender)", True),
        ("Passer alle, kastes kortene ind.", True),
        ("Nul (null, ingen trumf)", True),
        ("Hent spillet (.sgf)", False),
        ("Tag Skaten op, og tryk to kort.", False),
        ("Giv kortene, og giv dem til forhånd.", False),
        ("for en given hånd", False),
        ("Vimler {} på makkerens stik; der gives om.", False),
    ],
)
def test_the_forbidden_forms_catch_what_they_should(text: str, bad: bool) -> None:
    assert bool(forbidden_found(text, _glossary()["forbidden"])) is bad


def test_every_rule_is_a_valid_pattern() -> None:
    data = _glossary()
    for rule in data["forbidden"]:
        re.compile(rule["pattern"])
        assert rule["why"]
    for term in data["terms"]:
        re.compile(term["en"]), re.compile(term["da"])
        assert term["term"]
