"""What a live element receives, and small helpers every widget shares (seeds, keys, game picker)."""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable

import streamlit as st

from trainer.errors import SkatError
from trainer.games import GameType
from trainer.ui.context import PageContext
from trainer.ui.terms import GAME_CHOICES, game_name, t_error

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


def checked_number(
    ctx: WidgetContext, label: str, *, key: str, value: int, check: Callable[[int], None]
) -> int | None:
    """A whole-number field with no hidden bounds: whatever is typed stays in the field and is what the
    page works with, and ``check`` (an engine check raising a SkatError) says right below it what is wrong
    with that number; None then, and nothing computed from an earlier number is shown. (A number input
    has bounds in the browser: a number above them is refused there and the old number silently stays
    current, so the page would go on showing results for a number no longer in the field.)"""
    typed = st.text_input(label, value=str(value), key=ctx.k(key)).strip()
    try:
        number = int(typed)
    except ValueError:
        st.error(
            ctx.t("'{typed}' is not a whole number; type one such as {example}.", typed=typed, example=value),
            icon=":material/error:",
        )
        return None
    try:
        check(number)
    except SkatError as error:
        st.error(t_error(error, ctx.t), icon=":material/error:")
        return None
    return number
