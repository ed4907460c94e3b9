"""What a live element receives, and small helpers every widget shares (seeds, keys, game picker)."""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable

import streamlit as st

from trainer.games import GameType
from trainer.ui.context import PageContext
from trainer.ui.number_field import decimal_number, whole_number
from trainer.ui.terms import GAME_CHOICES, game_name

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
    """A whole-number field checked by an engine rule (``check`` raises a SkatError): :func:`whole_number`
    with no bounds of its own, so the rule's own message speaks of the number as typed."""
    return whole_number(ctx, label, key=key, value=value, check=check)


__all__ = [
    "WidgetContext",
    "checked_number",
    "decimal_number",
    "game_picker",
    "new_deal_button",
    "seed",
    "whole_number",
    "widget_key",
]
