"""Numbers read exactly as typed: the one reader behind every numeric field of the calculators, the
settlement tools and the lessons' live elements (issue 44: ``12.5`` was scored as 12, ``1e3`` as 1,
``bid 18.5`` as 18 without a word, and an emptied field silently went back to its old value).

A whole number is an optional sign and the digits 0-9, nothing else (no ``12.0``, no ``2e0``, no
thousands separator); a decimal number may have a point or a comma (the Danish decimal mark) and at most the
field's number of decimals (never rounded). Blanks around the text are ignored. Anything else is refused
with a :class:`~trainer.errors.TypedNumberError` naming the field and the text as typed; nothing is coerced.

>>> read_whole(" 36 ", "Bid")
36
>>> read_decimal("0,5", "Rate", places=2)
Decimal('0.5')
>>> read_whole("12.5", "Bid")
Traceback (most recent call last):
...
trainer.errors.TypedNumberError: Bid: “12.5” is not a whole number. Type digits only, e.g. 18.
"""

from __future__ import annotations

import re
from decimal import Decimal

from trainer.errors import N_, TypedNumberError

LONGEST = 18
"""Most characters a number field reads (more than any Skat figure needs; a longer text is refused before
it is converted, so a 10,000-digit paste costs nothing)."""
_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]+)?|[.,][0-9]+)")


def _typed(text: str, field: str) -> str:
    typed = text.strip()
    if not typed:
        raise TypedNumberError.of(N_("{field}: nothing typed. Type a number."), field=field)
    if len(typed) > LONGEST:
        raise TypedNumberError.of(
            N_("{field}: “{typed}” is too long for a number (at most {most} characters)."),
            field=field,
            typed=typed[:LONGEST] + "…",
            most=LONGEST,
        )
    return typed


def _in_range(
    number: int | Decimal,
    typed: str,
    field: str,
    minimum: int | Decimal | None,
    maximum: int | Decimal | None,
) -> None:
    if minimum is not None and number < minimum:
        raise TypedNumberError.of(
            N_("{field}: {typed} is less than {minimum}, the lowest this field takes."),
            field=field,
            typed=typed,
            minimum=minimum,
        )
    if maximum is not None and number > maximum:
        raise TypedNumberError.of(
            N_("{field}: {typed} is more than {maximum}, the highest this field takes."),
            field=field,
            typed=typed,
            maximum=maximum,
        )


def read_whole(text: str, field: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
    """``text`` as a whole number, exactly (``field``: the field's name, for the message)."""
    typed = _typed(text, field)
    if not _WHOLE.fullmatch(typed):
        raise TypedNumberError.of(
            N_("{field}: “{typed}” is not a whole number. Type digits only, e.g. 18."),
            field=field,
            typed=typed,
        )
    number = int(typed)
    _in_range(number, typed, field, minimum, maximum)
    return number


def read_decimal(
    text: str,
    field: str,
    *,
    places: int,
    minimum: Decimal | None = None,
    maximum: Decimal | None = None,
) -> Decimal:
    """``text`` as a decimal number with at most ``places`` decimals, exactly (a point or a comma)."""
    typed = _typed(text, field)
    if not _DECIMAL.fullmatch(typed):
        raise TypedNumberError.of(
            N_(
                "{field}: “{typed}” is not a number. Type digits, with a point or a comma for decimals, "
                "e.g. 0.5."
            ),
            field=field,
            typed=typed,
        )
    number = Decimal(typed.replace(",", "."))
    decimals = typed.replace(",", ".").partition(".")[2]
    if len(decimals) > places:
        raise TypedNumberError.of(
            N_("{field}: “{typed}” has more decimals than the {places} this field takes."),
            field=field,
            typed=typed,
            places=places,
        )
    _in_range(number, typed, field, minimum, maximum)
    return number


__all__ = ["LONGEST", "read_decimal", "read_whole"]
