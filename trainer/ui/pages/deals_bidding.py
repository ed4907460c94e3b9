"""Bidding replay: step through the auction of an example deal. Each bid shows the games and multipliers
worth exactly that much, and each hold or pass is explained from the player's plan (the game they bid on and
its value from their ten cards) and the deal's notes (drawn by :mod:`trainer.ui.views.bidding_stepper`,
which the teacher's projector draws too)."""

from __future__ import annotations

import streamlit as st

from trainer.ui.context import PageContext
from trainer.ui.pages.deals_common import pick_game
from trainer.ui.views.bidding_stepper import bidding_stepper
from trainer.ui.views.game_header import rules_caption
from trainer.ui.views.page_state import run_page

STEPPER_KEY = "bidding"
STEP_KEY = STEPPER_KEY + "_step"
LAST_CHOICE_KEY = "bidding_last_choice"


def render(ctx: PageContext) -> None:
    t = ctx.t
    st.title(t("Bidding replay"))
    st.caption(t("Step through an auction: what each bid is worth, and why each player holds or passes."))
    choice = pick_game(ctx, examples_only=True)
    deal = choice.example
    assert deal is not None
    last = st.session_state.get(LAST_CHOICE_KEY)
    st.session_state[LAST_CHOICE_KEY] = choice.key
    if last is not None and last != choice.key:  # another game: start from its beginning
        st.session_state[STEP_KEY] = 0
    rules_caption(choice.record, ctx)
    bidding_stepper(deal, ctx, STEPPER_KEY)


run_page("bids", render)
