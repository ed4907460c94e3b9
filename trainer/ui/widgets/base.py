"""What a live element receives, and small helpers every widget shares (seeds, keys, game picker)."""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from decimal import Decimal

import streamlit as st

from trainer.errors import Message, SkatError, TypedNumberError, upper_first
from trainer.games import GameType
from trainer.safe_text import for_markdown
from trainer.typed_numbers import read_decimal, read_whole
from trainer.ui.context import PageContext
from trainer.ui.terms import GAME_CHOICES, game_name, t_error, t_message

WidgetContext = PageContext
"""Everything a live element may depend on, passed explicitly: the page's context (language, rule profile,
translator, card style) with a unique key prefix for its Streamlit widgets (``page.keyed(key)``)."""


def widget_key(slug: str, name: str) -> str:
    """The key prefix of widget ``name`` on chapter ``slug`` (tests use it to find the element's parts)."""
    return f"{name}-{slug}-"


def _new_seed(key: str, clear: tuple[str, ...]) -> None:
    st.session_state[key] = random.randrange(1, 1_000_000)
    for name in clear:
        st.session_state.pop(name, None)


def seed(ctx: WidgetContext) -> int:
    """The element's current deal number: stable per element until the learner asks for a new one.

    Tests (and deep links) can set ``st.session_state[ctx.k("seed")]`` to get a known deal.
    """
    key = ctx.k("seed")
    if key not in st.session_state:
        st.session_state[key] = zlib.crc32(ctx.key.encode()) % 1_000_000
    return int(st.session_state[key])


def new_deal_button(ctx: WidgetContext, label: str | None = None, clear: tuple[str, ...] = ()) -> None:
    """A button that deals new cards (a new seed) for this element; ``clear`` names state keys (answers,
    check marks) to forget with the old cards."""
    st.button(
        label or ctx.t("New cards"),
        key=ctx.k("new"),
        on_click=_new_seed,
        args=(ctx.k("seed"), tuple(ctx.k(name) for name in clear)),
        icon=":material/refresh:",
    )


def game_picker(
    ctx: WidgetContext, *, default: GameType = GameType.CLUBS, include_null: bool = True
) -> GameType:
    """A select box for the kind of game (suit games, grand, null)."""
    options = [g.value for g in GAME_CHOICES if include_null or not g.is_null]
    key = ctx.k("game")
    if key not in st.session_state:
        st.session_state[key] = default.value
    value = st.selectbox(ctx.t("Game"), options, key=key, format_func=lambda v: game_name(GameType(v), ctx.t))
    return GameType(value)


def _typed_text(ctx: WidgetContext, label: str, key: str, value: object, help: str | None) -> str:
    """A text field holding exactly what was typed (its first value: ``value``, empty for None)."""
    full = ctx.k(key)
    if full not in st.session_state:
        st.session_state[full] = "" if value is None else str(value)
    return str(st.text_input(label, key=full, help=help) or "")


def _refused(error: SkatError, ctx: WidgetContext) -> None:
    """The refusal right below the field; the text as typed is the learner's own, so it is escaped."""
    if isinstance(error, TypedNumberError) and "typed" in error.params:
        params = {**error.params, "typed": for_markdown(error.params["typed"])}
        text = upper_first(t_message(Message(error.message.template, params), ctx.t))
    else:
        text = t_error(error, ctx.t)
    st.error(text, icon=":material/error:")


def whole_number(
    ctx: WidgetContext,
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
    caller shows no figure (nothing old passes for current). ``answer``: a learner's answer, where an empty
    field is simply not answered yet (None, no message)."""
    typed = _typed_text(ctx, label, key, value, help)
    if answer and not typed.strip():
        return None
    try:
        number = read_whole(typed, label, minimum=minimum, maximum=maximum)
        if check is not None:
            check(number)
    except SkatError as error:
        _refused(error, ctx)
        return None
    return number


def decimal_number(
    ctx: WidgetContext,
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
    typed = _typed_text(ctx, label, key, value, help)
    try:
        return read_decimal(typed, label, places=places, minimum=minimum, maximum=maximum)
    except SkatError as error:
        _refused(error, ctx)
        return None


def checked_number(
    ctx: WidgetContext, label: str, *, key: str, value: int, check: Callable[[int], None]
) -> int | None:
    """A whole-number field checked by an engine rule (``check`` raises a SkatError): :func:`whole_number`
    with no bounds of its own, so the rule's own message speaks of the number as typed."""
    return whole_number(ctx, label, key=key, value=value, check=check)
