"""The engine's text layer: translatable messages and how engine values are said in English.

A leaf module: it imports nothing from :mod:`trainer`, so every engine module (and :mod:`trainer.errors`)
can use it without an import circle. The engine never writes a sentence in a language other than English;
it builds a :class:`Message` (an English gettext msgid with named parameters) and the UI translates the
template and says each parameter in the learner's language (``trainer.ui.terms.t_message``).

How a parameter is said in English is :func:`english`, a :func:`functools.singledispatch` function: the
module that defines a value type registers its English form next to the type (cards as ``♣J``, seats and
suits by name, a declaration described ...), so this module needs to know none of them.

>>> english(Message.of(N_("{n} tricks"), n=10))
'10 tricks'
>>> upper_first("forehand leads")
'Forehand leads'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import singledispatch
from typing import Any


def N_(msgid: str) -> str:
    """Mark a template for catalog extraction without translating it now (the UI translates it later).

    >>> N_("Lessons")
    'Lessons'
    """
    return msgid


def upper_first(text: str) -> str:
    """Capitalise only the first letter (a sentence may begin with a seat or a game name; ``str.capitalize``
    would lower the rest).

    >>> upper_first("forhånd (forehand) spiller ♣J")
    'Forhånd (forehand) spiller ♣J'
    """
    return text[:1].upper() + text[1:]


QUOTE_LIMIT = 40
"""How many characters of a learner's input an error message quotes back."""


def shown(raw: str) -> str:
    r"""A piece of input as an error message may quote it: control and invisible characters (a bell, a
    right-to-left mark) written as escapes so the learner sees what is there, long input cut short.

    >>> print(shown("C\x07J"), shown("\u200fCJ"))
    C\x07J \u200fCJ
    >>> len(shown("9" * 5000))
    41
    """
    out = []
    for char in raw[:QUOTE_LIMIT]:
        if unicodedata.category(char)[0] == "C":
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out) + ("…" if len(raw) > QUOTE_LIMIT else "")


@singledispatch
def english(value: object) -> str:
    """How a value reads inside an English sentence. Types register their own form where they are defined
    (``@english.register`` in cards.py, deal.py, games.py ...); anything unregistered is ``str(value)``."""
    return str(value)


@singledispatch
def list_separator(item: object) -> str:
    """What joins a sequence of values in a sentence: ``", "`` unless the item's type says otherwise (cards
    are written side by side: ``♣J ♠J``)."""
    return ", "


@english.register(tuple)
@english.register(list)
def _english_sequence(value: Sequence[object]) -> str:
    if not value:
        return "none"
    return list_separator(value[0]).join(english(item) for item in value)


@english.register(bool)
def _english_bool(value: bool) -> str:
    return "Yes" if value else "No"


@dataclass(frozen=True)
class Message:
    """A translatable sentence: an English msgid ``template`` with ``{name}`` fields and the values that
    fill them. The English text is ``template.format(**params)`` with :func:`english` for each value; the UI
    translates the template and says the values in the learner's language instead. Parameters may be
    numbers, language-neutral strings (``"11 + 10"``) or engine values (cards, seats, games, declarations,
    value breakdowns, nested messages).

    >>> Message.of(N_("{a} and {b}"), a=1, b=Message(N_("two"))).english
    '1 and two'
    """

    template: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    @classmethod
    def of(cls, template: str, /, **params: Any) -> Message:
        """The message for ``template`` filled with ``params``."""
        return cls(template, params)

    @property
    def english(self) -> str:
        values = {name: english(value) for name, value in self.params.items()}
        return self.template.format(**values) if values else self.template

    def __str__(self) -> str:
        return self.english


@english.register(Message)
def _english_message(value: Message) -> str:
    return value.english
