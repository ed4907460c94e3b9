"""game_value: choose a game, the matadors and the levels; the engine counts the value aloud in the textbook's
words and in the international wording. Also the declaration inputs the calculator pages share."""

from __future__ import annotations

import streamlit as st

from trainer.errors import SkatError
from trainer.games import Declaration, GameType
from trainer.profiles import PROFILES
from trainer.ui.terms import profile_name, t_error
from trainer.ui.widgets.base import WidgetContext, game_picker
from trainer.value import ValueBreakdown, game_value, max_matadors

MOST_MUSIK = max(profile.max_musik for profile in PROFILES.values())
"""Musik is offered up to the most any profile allows; the engine refuses it where the rules have none."""


def declaration_inputs(
    ctx: WidgetContext, *, default: GameType = GameType.CLUBS, include_null: bool = True
) -> Declaration:
    """The game and its declared levels. Every level is offered under both profiles; one the profile does not
    allow is refused by the engine with its reason (shown where the value would be)."""
    t = ctx.t
    game = game_picker(ctx, default=default, include_null=include_null)
    hand = st.checkbox(t("Hand (no skat pickup) — af hånden"), key=ctx.k("hand"))
    ouvert = st.checkbox(t("Ouvert (cards open) — på bordet"), key=ctx.k("ouvert"))
    schneider_a = schwarz_a = False
    musik = 0
    if not game.is_null:
        with st.expander(t("Announcements and Musik")):
            schneider_a = st.checkbox(t("Schneider announced"), key=ctx.k("schneider_a"))
            schwarz_a = st.checkbox(t("Schwarz announced"), key=ctx.k("schwarz_a"))
            musik = int(
                st.number_input(
                    t("Musik"), min_value=0, max_value=MOST_MUSIK, step=1, value=0, key=ctx.k("musik")
                )
            )
    return Declaration(game, hand, ouvert, schneider_a, schwarz_a, musik)


def matadors_input(ctx: WidgetContext, game: GameType, default: int = 1) -> int:
    """ "with N" or "without N" as a signed count (+N / −N)."""
    t = ctx.t
    top = max_matadors(game)
    side = st.segmented_control(
        t("Matadors"),
        ("with", "without"),
        key=ctx.k("side"),
        default="with" if default > 0 else "without",
        required=True,
        format_func=lambda s: t("with (med)") if s == "with" else t("without (uden)"),
    )
    count = st.number_input(
        t("How many (1 to {top})", top=top),
        min_value=1,
        max_value=top,
        step=1,
        value=min(abs(default), top),
        key=ctx.k(f"n{top}"),
    )
    return int(count) if side != "without" else -int(count)


def show_value(ctx: WidgetContext, breakdown: ValueBreakdown) -> None:
    """The value with its working: the textbook's count beside the international one."""
    t = ctx.t
    st.metric(t("Value"), breakdown.value)
    # One value, counted aloud two ways; the value itself follows the chosen rules (a grand is 20 or 24).
    st.caption(t("Rules used: {rules}", rules=profile_name(ctx.profile, t)))
    st.markdown(t("**In the textbook's words:** {count}", count=breakdown.danish_words()))
    st.markdown(t("**In international words:** {count}", count=breakdown.english_words()))


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    declaration = declaration_inputs(ctx)
    count = 0 if declaration.game.is_null else matadors_input(ctx, declaration.game)
    schneider = schwarz = False
    if not declaration.game.is_null:
        schneider = st.checkbox(t("Schneider reached — Skrædder"), key=ctx.k("schneider"))
        schwarz = st.checkbox(t("Schwarz reached — Sort"), key=ctx.k("schwarz"))
    try:
        breakdown = game_value(ctx.profile, declaration, count, schneider=schneider, schwarz=schwarz)
    except SkatError as error:
        st.error(t_error(error, t), icon=":material/error:")
        return
    show_value(ctx, breakdown)
