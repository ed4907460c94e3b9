"""Per-session translation: gettext ``.po`` catalogs (English, Danish) read with Babel at runtime.

Every UI string goes through a :class:`Translator` obtained with :func:`get_translator` for the session's
language. Nothing here is process-wide (no ``gettext.install``), so two sessions in two languages never
interfere. Catalogs are parsed once per process and cached; no compile step is needed.

>>> t = get_translator("en")
>>> t("Lessons")
'Lessons'
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from trainer.errors import SkatError
from trainer.text import N_ as N_  # the one marker, re-exported for the UI

LANGUAGES: tuple[str, ...] = ("en", "da")
"""Supported UI languages, the default first."""
DEFAULT_LANGUAGE = LANGUAGES[0]
LANGUAGE_NAMES: Mapping[str, str] = {"en": "English", "da": "Dansk"}
"""Each language's name in itself (what the language switch shows)."""
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "messages"


def catalog_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@dataclass(frozen=True)
class Translator:
    """Translate msgids for one language; missing or fuzzy entries fall back to the English msgid.

    ``t("Chapter {n}", n=3)`` translates, then fills ``{placeholders}`` with ``str.format``.
    """

    lang: str
    messages: Mapping[str, str] = field(repr=False)
    plurals: Mapping[tuple[str, str], tuple[str, ...]] = field(repr=False)
    plural_index: Callable[[int], int] = field(repr=False)

    def __call__(self, msgid: str, /, **values: object) -> str:
        text = self.messages.get(msgid) or msgid
        return text.format(**values) if values else text

    def ngettext(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        """Singular or plural form for ``n``; ``{n}`` is available as a placeholder."""
        forms = self.plurals.get((singular, plural))
        if forms and all(forms):
            index = self.plural_index(n)
            text = forms[min(index, len(forms) - 1)]
        else:
            text = singular if n == 1 else plural
        return text.format(n=n, **values)


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a format string (used to check translations keep them)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@cache
def get_translator(lang: str) -> Translator:
    """The translator for ``lang`` ('en' or 'da'); an unknown language is a readable error."""
    if lang not in LANGUAGES:
        raise SkatError(f"Unknown language '{lang}'. Choose one of: {', '.join(LANGUAGES)}.")
    path = catalog_path(lang)
    messages: dict[str, str] = {}
    plurals: dict[tuple[str, str], tuple[str, ...]] = {}
    plural_expr = "(n != 1)"
    if path.exists():
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        plural_expr = catalog.plural_expr or plural_expr
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            if isinstance(message.id, tuple | list):
                forms = tuple(str(s) for s in (message.string or ()))
                plurals[(str(message.id[0]), str(message.id[1]))] = forms
            elif message.string:
                messages[str(message.id)] = str(message.string)
    index: Callable[[int], int] = gettext.c2py(plural_expr)
    return Translator(lang=lang, messages=messages, plurals=plurals, plural_index=index)
