"""The UI catalogs are complete and the per-session translator behaves (fallback, placeholders, plurals)."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from trainer.errors import SkatError
from trainer.i18n import LANGUAGES, catalog_path, get_translator, placeholders
from trainer.i18n.catalogs import extract_messages


@pytest.fixture(scope="module")
def msgids() -> dict:
    found = extract_messages()
    assert len(found) > 50, "extraction found suspiciously few UI strings"
    return found


def _catalog(lang: str) -> dict:
    with catalog_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    entries = {}
    for message in catalog:
        if not message.id:
            continue
        key = tuple(message.id) if isinstance(message.id, tuple | list) else message.id
        entries[key] = message
    return entries


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_ui_string_is_in_the_catalog(lang: str, msgids: dict) -> None:
    entries = _catalog(lang)
    missing = [f"{m!r} ({places[0][0]}:{places[0][1]})" for m, places in msgids.items() if m not in entries]
    assert not missing, f"{lang}: msgids missing from the catalog; run python -m trainer.i18n.catalogs:\n" + (
        "\n".join(missing)
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_entry_is_fuzzy(lang: str) -> None:
    fuzzy = [m for m, entry in _catalog(lang).items() if entry.fuzzy]
    assert not fuzzy, f"{lang}: fuzzy entries need review: {fuzzy}"


def test_every_danish_entry_is_translated(msgids: dict) -> None:
    entries = _catalog("da")
    empty = []
    for msgid in msgids:
        entry = entries.get(msgid)
        strings = entry.string if entry is not None else ""
        if not (all(strings) if isinstance(strings, tuple | list) else strings):
            empty.append(msgid)
    assert not empty, "untranslated Danish entries:\n" + "\n".join(map(repr, empty))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_the_placeholders(lang: str) -> None:
    for msgid, entry in _catalog(lang).items():
        ids = msgid if isinstance(msgid, tuple) else (msgid,)
        strings = entry.string if isinstance(entry.string, tuple | list) else (entry.string,)
        expected = set().union(*(placeholders(i) for i in ids)) - {"n"}
        for text in strings:
            if text:
                assert placeholders(text) - {"n"} == expected, f"{lang}: {msgid!r} -> {text!r}"


def test_english_falls_back_to_the_msgid_and_fills_placeholders() -> None:
    t = get_translator("en")
    assert t("Card order in {game}", game="grand") == "Card order in grand"
    assert t("a string that is in no catalog") == "a string that is in no catalog"


def test_danish_translates_and_formats() -> None:
    t = get_translator("da")
    assert t("Chapters") == "Kapitler"
    assert t("{done} of {total} chapters done", done=2, total=23) == "2 af 23 kapitler læst"
    # Skat terms in Danish only (the English UI is where the Danish term and the English stand side by side).
    assert t("forehand") == "forhånd"  # the Danish UI is all Danish: no English gloss


def test_plural_forms_follow_n() -> None:
    da = get_translator("da")
    en = get_translator("en")
    one = da.ngettext("Right: this hand holds {n} trump.", "Right: this hand holds {n} trumps.", 1)
    many = da.ngettext("Right: this hand holds {n} trump.", "Right: this hand holds {n} trumps.", 4)
    assert one == "Rigtigt: hånden har 1 trumf."
    assert many == "Rigtigt: hånden har 4 trumfer."
    assert en.ngettext("{n} card", "{n} cards", 1) == "1 card"
    assert en.ngettext("{n} card", "{n} cards", 0) == "0 cards"


def test_translators_are_per_language_not_process_wide() -> None:
    da, en = get_translator("da"), get_translator("en")
    assert da("Chapters") == "Kapitler"
    assert en("Chapters") == "Chapters"  # asking for Danish did not switch anything globally
    assert da("Chapters") == "Kapitler"


def test_unknown_language_is_a_readable_error() -> None:
    with pytest.raises(SkatError, match="Unknown language"):
        get_translator("xx")
