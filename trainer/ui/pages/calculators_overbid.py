"""Overbid detector: the hand, the bid won and the game intended; then the skat (revealed or chosen). Shows
the count before and after, whether the game is overbid and each way out; the risk of a Jack in the skat."""

from __future__ import annotations

import random

import streamlit as st

from trainer.calc import unseen_cards
from trainer.cards import format_cards, sort_hand
from trainer.errors import SkatError
from trainer.rules.bidding import check_bid_value
from trainer.ui.components import card_row
from trainer.ui.context import PageContext
from trainer.ui.terms import profile_name
from trainer.ui.views.page_state import run_page
from trainer.ui.widgets.base import WidgetContext, checked_number
from trainer.ui.widgets.bonde_in_skat import EXAMPLE_BID, EXAMPLE_HAND, overbid_view, risk_view
from trainer.ui.widgets.game_value import declaration_inputs
from trainer.ui.widgets.highest_bid import hand_inputs

KEY = "calc-overbid-"


def _reveal(ctx: WidgetContext, hand_text: str) -> None:
    """Deal the skat at random from the cards the declarer cannot see."""
    from trainer.calc import read_hand_text

    try:
        hand = read_hand_text(hand_text)
    except SkatError:
        return
    skat = random.Random().sample(list(unseen_cards(hand)), 2)
    st.session_state[ctx.k("skat_text")] = format_cards(skat, "iss")


def render(page: PageContext) -> None:
    t = page.t
    ctx = page.keyed(KEY)
    st.title(t("Overbid detector"))
    st.caption(t("A Jack in the skat counts for the matadors and can leave the bid uncovered."))
    # What a lost overbid game counts differs between the rule sets.
    st.caption(t("Rules used: {rules}", rules=profile_name(page.profile, t)))
    st.session_state.setdefault(ctx.k("hand_text"), EXAMPLE_HAND)
    hand, skat = hand_inputs(ctx)
    if hand is not None:
        card_row(sort_hand(hand), lang=ctx.lang, four_colour=ctx.four_colour)
    declaration = declaration_inputs(ctx, include_null=False)
    bid = checked_number(
        ctx,
        t("The bid you won"),
        key="bid",
        value=EXAMPLE_BID,
        check=lambda v: check_bid_value(page.profile, v),
    )
    if hand is None or bid is None or declaration is None:
        return
    st.header(t("The skat"))
    st.button(
        t("Reveal a random skat"),
        key=ctx.k("reveal"),
        on_click=_reveal,
        args=(ctx, st.session_state.get(ctx.k("hand_text"), "")),
        icon=":material/visibility:",
    )
    if skat is None:
        st.info(t("Type the skat above, or reveal a random one."))
    else:
        card_row(list(skat), lang=ctx.lang, four_colour=ctx.four_colour)
        overbid_view(ctx, hand, skat, declaration, bid)
    st.header(t("Before you bid: the risk in the skat"))
    risk_view(ctx, hand, declaration, bid)


run_page("overbid", render)
