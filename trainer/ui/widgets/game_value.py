"""game_value: choose a game, the matadors and the levels; the engine counts the value aloud in the textbook's
words and in the international wording. Also the declaration inputs the calculator pages share."""

from __future__ import annotations

import streamlit as st

from trainer.errors import SkatError
from trainer.games import Declaration, GameType
from trainer.rules.value import ValueBreakdown, game_value, max_matadors
from trainer.ui.terms import profile_name, t_error
from trainer.ui.widgets.base import WidgetContext, game_picker, whole_number


def declaration_inputs(
    ctx: WidgetContext, *, default: GameType = GameType.CLUBS, include_null: bool = True
) -> Declaration | None:
    """The game and the levels the chosen rules let it declare: announcements only where the profile has
    them (and only for a hand game), Musik only up to the profile's own limit (none internationally).
    A value left in a hidden field from other rules is not used. None: a number typed that cannot be read
    (said at the field)."""
    t = ctx.t
    profile = ctx.profile
    game = game_picker(ctx, default=default, include_null=include_null)
    hand = st.checkbox(t("Hand (no skat pickup) — af hånden"), key=ctx.k("hand"))
    ouvert = st.checkbox(t("Ouvert (cards open) — på bordet"), key=ctx.k("ouvert"))
    schneider_a = schwarz_a = False
    musik = 0
    if game.is_null:
        return Declaration(game, hand, ouvert)
    if ouvert and profile.ouvert_requires_hand and not hand:
        st.caption(t("Under these rules an ouvert suit game or grand is always a hand game: counted as one."))
        hand = True
    if profile.announcements_allowed:
        if hand:
            schneider_a = st.checkbox(t("Schneider announced"), key=ctx.k("schneider_a"))
            schwarz_a = st.checkbox(t("Schwarz announced"), key=ctx.k("schwarz_a"))
        else:
            st.caption(t("Schneider and schwarz can be announced in a hand game only."))
    if profile.max_musik:
        typed = whole_number(
            ctx,
            t("Musik (last trick won with the lowest trump)"),
            key="musik",
            value=0,
            minimum=0,
            maximum=profile.max_musik,
        )
        if typed is None:
            return None
        musik = typed
    return Declaration(game, hand, ouvert, schneider_a, schwarz_a, musik)


def matadors_input(ctx: WidgetContext, game: GameType, default: int = 1) -> int | None:
    """ "with N" or "without N" as a signed count (+N / −N); None: the count typed cannot be read."""
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
    count = whole_number(
        ctx,
        t("How many (1 to {top})", top=top),
        key=f"n{top}",
        value=min(abs(default), top),
        minimum=1,
        maximum=top,
    )
    if count is None:
        return None
    return count if side != "without" else -count


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
    if declaration is None:
        return
    count = 0 if declaration.game.is_null else matadors_input(ctx, declaration.game)
    if count is None:
        return
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
