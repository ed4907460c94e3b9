"""The Danish lessons and the Danish catalog use the textbook's terms (docs/danish-style.md): no pattern of
the style guide's "words to avoid" block occurs in any Danish lesson or Danish translation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "danish-style.md"
CATALOG = ROOT / "trainer" / "i18n" / "locale" / "da" / "LC_MESSAGES" / "messages.po"
START, END = "<!-- danish-style:start -->", "<!-- danish-style:end -->"
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*\}")


def avoided() -> list[tuple[re.Pattern[str], str]]:
    """(forbidden pattern, preferred words) from the style guide's machine-readable block."""
    block = GUIDE.read_text(encoding="utf-8").split(START, 1)[1].split(END, 1)[0]
    rules = []
    for line in block.splitlines():
        if "=>" not in line:
            continue
        pattern, preferred = line.rsplit("=>", 1)
        rules.append((re.compile(pattern.strip()), preferred.strip()))
    return rules


def violations(text: str) -> list[str]:
    """Each forbidden word in ``text`` with what to write instead."""
    plain = PLACEHOLDER.sub("", text)
    return [
        f"{found.group(0)!r} → {preferred}"
        for pattern, preferred in avoided()
        for found in pattern.finditer(plain)
    ]


def danish_translations() -> list[tuple[str, str]]:
    with CATALOG.open("rb") as handle:
        catalog = read_po(handle, locale="da")
    out = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        out += [(str(message.id), s) for s in strings if s]
    return out


def test_the_guide_lists_the_words_to_avoid() -> None:
    rules = avoided()
    assert len(rules) >= 10
    assert all(preferred for _, preferred in rules)


def test_the_check_finds_a_word_to_avoid() -> None:
    """The check can fail: the issue's own examples are caught, their fixes pass."""
    assert violations("Det højeste bud, hånden er værd")
    assert violations("Skrædder annonceret")
    assert violations("banket holder ikke")
    assert violations("Penge vundet før kaffen bliver; ")
    assert not violations("Penge vundet før kaffen bliver på bordet; den højeste melding {bid}")


@pytest.mark.parametrize("lesson", sorted((ROOT / "lessons").glob("*/da.md")), ids=lambda p: p.parent.name)
def test_every_danish_lesson_uses_the_textbook_terms(lesson: Path) -> None:
    found = [
        f"line {number}: {v}"
        for number, line in enumerate(lesson.read_text(encoding="utf-8").splitlines(), 1)
        for v in violations(line)
    ]
    assert not found, f"{lesson.parent.name}/da.md: {found}"


def test_the_danish_catalog_uses_the_textbook_terms() -> None:
    found = [f"{msgid[:50]!r}: {v}" for msgid, text in danish_translations() for v in violations(text)]
    assert not found, found
