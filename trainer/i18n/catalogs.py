"""Extract the UI's msgids and keep the ``.po`` catalogs in step (the same job as ``pybabel extract`` +
``pybabel update``, without a separate build step).

Run ``.venv/bin/python -m trainer.i18n.catalogs`` after adding or changing UI strings: new msgids are added
to every catalog (empty in Danish until translated), removed ones are dropped, translations are kept.
The test ``tests/test_i18n.py`` fails until every Danish entry is filled in and none is fuzzy.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from trainer.i18n import DOMAIN, LANGUAGES, catalog_path

REPO_ROOT = Path(__file__).resolve().parents[2]
KEYWORDS: dict[str, tuple[int, ...] | None] = {"t": None, "_": None, "N_": None, "ngettext": (1, 2)}
"""Translation call names: ``t("...")`` / ``_("...")`` / ``N_("...")`` and ``t.ngettext(sing, plural, n)``."""


def source_files(root: Path = REPO_ROOT) -> list[Path]:
    """Every file whose strings a learner can see: the entry script and the whole trainer package — the UI
    (``t(...)``), the quiz texts and the engine's error and working templates (both marked with ``N_``)."""
    return [root / "streamlit_app.py", *sorted((root / "trainer").rglob("*.py"))]


MsgId = str | tuple[str, str]


def extract_messages(root: Path = REPO_ROOT) -> dict[MsgId, list[tuple[str, int]]]:
    """All msgids in the UI sources with where they occur (relative path, line)."""
    found: dict[MsgId, list[tuple[str, int]]] = {}
    for path in source_files(root):
        if not path.exists():
            continue
        for lineno, message, _comments, _context in extract_from_file("python", path, keywords=KEYWORDS):
            msgid: MsgId
            if isinstance(message, tuple):
                if len(message) < 2 or not message[0] or not message[1]:
                    continue
                msgid = (str(message[0]), str(message[1]))
            else:
                if not message:
                    continue
                msgid = str(message)
            found.setdefault(msgid, []).append((str(path.relative_to(root)), lineno))
    return found


def read_catalog(lang: str) -> Catalog:
    path = catalog_path(lang)
    if not path.exists():
        return Catalog(locale=lang, domain=DOMAIN, project="Skat Trainer")
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def _entries(catalog: Catalog) -> Iterator[tuple[MsgId, object]]:
    for message in catalog:
        if message.id:
            if isinstance(message.id, tuple | list):
                yield (str(message.id[0]), str(message.id[1])), message
            else:
                yield message.id, message


def update_catalogs(root: Path = REPO_ROOT) -> dict[str, int]:
    """Merge the extracted msgids into each language's catalog; returns the number of empty entries per
    non-English language (what is left to translate)."""
    found = extract_messages(root)
    todo: dict[str, int] = {}
    for lang in LANGUAGES:
        old = read_catalog(lang)
        old_by_id = dict(_entries(old))
        new = Catalog(
            locale=lang,
            domain=DOMAIN,
            project="Skat Trainer",
            version="1",
            header_comment=f"# Skat Trainer UI texts ({lang}). Update with: python -m trainer.i18n.catalogs",
            creation_date=old.creation_date,
            revision_date=old.creation_date,
            fuzzy=False,
        )
        # Sorted by msgid and written without source locations: several people adding strings at once then
        # touch only the lines of their own entries, and moving code does not rewrite the catalog.
        for msgid, places in sorted(found.items(), key=lambda item: str(item[0])):
            previous = old_by_id.get(msgid)
            string = getattr(previous, "string", None) or (("", "") if isinstance(msgid, tuple) else "")
            flags = set(getattr(previous, "flags", ()) or ())
            new.add(msgid, string=string, locations=places, flags=flags)
        path = catalog_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, new, width=110, no_location=True, omit_header=False)
        if lang != LANGUAGES[0]:
            todo[lang] = sum(1 for _, m in _entries(new) if not all(getattr(m, "string", None) or ("",)))
    return todo


def main() -> int:
    todo = update_catalogs()
    for lang, missing in todo.items():
        print(f"{lang}: {missing} entries to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
