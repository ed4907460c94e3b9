"""A learner's name in two folded forms: the key it is looked up under, and its look-alike skeleton.

:func:`fold` is the key an account is found by: extra spaces dropped, case folded ("  nina " is "Nina").
:func:`skeleton` goes further, for deciding whether a new name is free: two names with the same skeleton
look the same on a page, so the second is refused and nobody can pose as a classmate. It is the idea of
Unicode's confusable skeletons (UTS #39) with a small table of our own for the look-alikes that matter in
a classroom: compatibility forms (fullwidth ``Ｎ``, ligatures, superscripts) by NFKC, Greek and Cyrillic
capitals and small letters drawn like Latin ones (Greek ``Ν``, Cyrillic ``а``), and a few Latin look-alikes
(capital ``I`` and small ``l``, ``0`` and ``O``, ``rn`` and ``m``).

>>> skeleton("Nina") == skeleton("Νina") == skeleton("Ninа") == skeleton("Ｎｉｎａ")
True
>>> skeleton("Ida") == skeleton("lda"), skeleton("Nina") == skeleton("Nína")
(True, False)
"""

from __future__ import annotations

import unicodedata

from trainer.errors import N_, StoreError

_LOOK_ALIKES: dict[str, str] = {}


def _alike(target: str, chars: str) -> None:
    for char in chars:
        _LOOK_ALIKES[char] = target


# Greek capitals, then small letters drawn like a Latin letter.
for _latin, _greek in zip("ABEZHIKMNOPTYX", "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", strict=True):
    _alike(_latin, _greek)
for _latin, _greek in zip("aiknoptuvxy", "αικηορτυνχγ", strict=True):
    _alike(_latin, _greek)
# Cyrillic capitals and small letters drawn like a Latin letter.
for _latin, _cyrillic in zip("ABCEHIJKMOPSTXY", "АВСЕНІЈКМОРЅТХУ", strict=True):
    _alike(_latin, _cyrillic)
for _latin, _cyrillic in zip("acdehijopqswxy", "асԁеһіјорԛѕԝху", strict=True):
    _alike(_latin, _cyrillic)
_alike("l", "Iӏ1|")  # capital I, Cyrillic palochka, one, bar: all a small l in a sans-serif font
_alike("i", "ı")  # dotless i
_alike("O", "0")
for _char in list(_LOOK_ALIKES):  # a look-alike of a look-alike (Greek Ι, Latin I, l) ends at the last
    while _LOOK_ALIKES[_char] in _LOOK_ALIKES and _LOOK_ALIKES[_char] != _char:
        _LOOK_ALIKES[_char] = _LOOK_ALIKES[_LOOK_ALIKES[_char]]
_SEQUENCES = (("rn", "m"), ("vv", "w"))
"""Pairs of letters read as one (after folding)."""


def fold(name: str) -> str:
    """The key a name is found by: extra spaces dropped, case folded."""
    return " ".join(name.split()).casefold()


def skeleton(name: str) -> str:
    """The name as it looks: compatibility forms folded (NFKC), look-alike letters of other scripts
    and the Latin look-alikes replaced by one Latin letter, case folded, spaces collapsed. Two names with
    the same skeleton cannot be told apart on a page."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(_LOOK_ALIKES.get(char, char) for char in text)
    text = fold(text)
    for pair, single in _SEQUENCES:
        text = text.replace(pair, single)
    return text


def shows(name: str) -> bool:
    """Whether ``name`` has a character that shows on a page: a letter, digit, punctuation mark or
    symbol. Spaces, control and format characters (a right-to-left override) and marks alone show as
    nothing, so a name made only of them would be an empty caption.

    >>> shows("Nina"), shows("\u202e"), shows(" \u200b "), shows("☺")
    (True, False, False, True)
    """
    return any(unicodedata.category(char)[0] in "LNPS" for char in name)


def checked(display_name: str, limit: int) -> str:
    """A typed name as it is kept (extra spaces dropped), or a :class:`~trainer.errors.StoreError` a
    learner can read: empty, longer than ``limit``, or nothing in it that shows. The one rule for every
    name a learner types (a guest, a class member, an account)."""
    name = " ".join(display_name.split())
    if not name:
        raise StoreError.of(N_("Please give a name."))
    if len(name) > limit:
        raise StoreError.of(N_("A name may have at most {n} characters."), n=limit)
    if not shows(name):
        raise StoreError.of(N_("A name needs at least one letter, digit or sign that shows."))
    return name


__all__ = ["checked", "fold", "shows", "skeleton"]
