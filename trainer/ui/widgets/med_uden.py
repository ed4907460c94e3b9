"""med_uden: click the top trumps held (hand and skat together); the engine says "med N" or "uden N" and the
multiplier for the plain game."""

from __future__ import annotations

import streamlit as st

from trainer.games import Declaration
from trainer.rules.value import game_value, matadors, trump_order
from trainer.ui.components import pick_cards
from trainer.ui.widgets.base import WidgetContext, game_picker


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    game = game_picker(ctx, include_null=False)
    held = pick_cards(
        t("The trumps you hold, skat included"),
        list(trump_order(game)),
        key=ctx.k("held"),
        lang=ctx.lang,
        four_colour=ctx.four_colour,
    )
    count = matadors(held, game)
    breakdown = game_value(ctx.profile, Declaration(game), count)
    word = t("with {n}", n=count) if count > 0 else t("without {n}", n=-count)
    st.markdown(f"### {word}")
    st.markdown(t("**In the textbook's words:** {count}", count=breakdown.danish_words()))
    st.markdown(t("**In international words:** {count}", count=breakdown.english_words()))
    st.caption(
        t("Only the unbroken run from the ♣J counts: held from the top is 'with', missing is 'without'.")
    )
