"""The one way a learner types a number anywhere in the app: a text field that keeps exactly what was typed,
read by :mod:`trainer.typed_numbers`, and what is wrong with it said right below the field, naming the field
and the text as typed (issue 44: ``st.number_input`` turned ``12.5`` into 12, ``1e3`` into 1 and an emptied
field back into its old value, without a word). Pages, lessons' live elements and quiz answers all use it;
nothing in the app calls ``st.number_input``.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

import streamlit as st

from trainer.errors import Message, SkatError, TypedNumberError, upper_first
from trainer.safe_text import for_markdown
from trainer.typed_numbers import read_decimal, read_whole
from trainer.ui.context import PageContext
from trainer.ui.terms import t_error, t_message


def typed_text(
    ctx: PageContext, label: str, key: str, value: object, help: str | None, disabled: bool = False
) -> str:
    """A text field holding exactly what was typed (its first value: ``value``, empty for None)."""
    full = ctx.k(key)
    if full not in st.session_state:
        st.session_state[full] = "" if value is None else str(value)
    return str(st.text_input(label, key=full, help=help, disabled=disabled) or "")


def refusal_text(error: SkatError, ctx: PageContext) -> str:
    """A refusal in words; the text as typed is the learner's own, so it is escaped for Markdown."""
    if isinstance(error, TypedNumberError) and "typed" in error.params:
        params = {**error.params, "typed": for_markdown(error.params["typed"])}
        return upper_first(t_message(Message(error.message.template, params), ctx.t))
    return t_error(error, ctx.t)


def show_refusal(error: SkatError, ctx: PageContext) -> None:
    """The refusal right below the field."""
    st.error(refusal_text(error, ctx), icon=":material/error:")


def whole_number(
    ctx: PageContext,
    label: str,
    *,
    key: str,
    value: int | None,
    minimum: int | None = None,
    maximum: int | None = None,
    check: Callable[[int], None] | None = None,
    help: str | None = None,
    answer: bool = False,
) -> int | None:
    """A whole-number field read exactly as typed (:func:`trainer.typed_numbers.read_whole`): what is typed
    stays in the field, and what is wrong with it (not a whole number, empty, out of range, or ``check``'s
    engine refusal) is said right below it, naming the field and the text as typed; None then, and the
    caller shows no figure and acts on nothing (nothing old passes for current). ``answer``: a learner's
    answer, where an empty field is simply not answered yet (None, no message)."""
    typed = typed_text(ctx, label, key, value, help)
    if answer and not typed.strip():
        return None
    try:
        number = read_whole(typed, label, minimum=minimum, maximum=maximum)
        if check is not None:
            check(number)
    except SkatError as error:
        show_refusal(error, ctx)
        return None
    return number


def decimal_number(
    ctx: PageContext,
    label: str,
    *,
    key: str,
    value: Decimal,
    places: int,
    minimum: Decimal | None = None,
    maximum: Decimal | None = None,
    help: str | None = None,
) -> Decimal | None:
    """A decimal field read exactly as typed (a point or a comma, at most ``places`` decimals, never
    rounded): as :func:`whole_number`."""
    typed = typed_text(ctx, label, key, value, help)
    try:
        return read_decimal(typed, label, places=places, minimum=minimum, maximum=maximum)
    except SkatError as error:
        show_refusal(error, ctx)
        return None


__all__ = ["decimal_number", "refusal_text", "show_refusal", "typed_text", "whole_number"]
