"""Value calculator: a hand (clicked, typed or dealt) and optionally the skat; a game and its levels; the
value counted in the textbook's words and the international wording, and every game the hand could declare."""

from __future__ import annotations

import streamlit as st

from trainer.cards import sort_hand
from trainer.errors import SkatError
from trainer.games import GameType
from trainer.rules.bidding import highest_safe_bid
from trainer.rules.value import game_value, highest_possible_value, matadors
from trainer.ui.components import card_row
from trainer.ui.context import PageContext
from trainer.ui.terms import t_error
from trainer.ui.views.page_state import run_page
from trainer.ui.widgets.game_value import declaration_inputs, show_value
from trainer.ui.widgets.highest_bid import SAMPLE_HANDS, bid_table_frame, distribution_chart, hand_inputs

KEY = "calc-value-"


def render(page: PageContext) -> None:
    t = page.t
    ctx = page.keyed(KEY)
    st.title(t("Value calculator"))
    st.caption(t("Enter a hand, choose a game and its levels: the engine counts the value."))
    hand, skat = hand_inputs(ctx)
    if hand is not None:
        card_row(sort_hand(hand), lang=ctx.lang, four_colour=ctx.four_colour)
        if skat is not None:
            st.caption(t("Skat"))
            card_row(list(skat), lang=ctx.lang, four_colour=ctx.four_colour)
    st.header(t("The game"))
    declaration = declaration_inputs(ctx)
    if hand is None or declaration is None:
        st.info(t("Enter or deal a hand to count its matadors."))
        return
    cards = list(hand) + list(skat or ())
    count = matadors(cards, declaration.game)
    try:
        breakdown = game_value(page.profile, declaration, count)
        best = highest_possible_value(page.profile, declaration, count)
    except SkatError as error:
        st.error(t_error(error, t), icon=":material/error:")
    else:
        show_value(ctx, breakdown)
        if not declaration.game.is_null:
            st.caption(
                t(
                    "Matadors counted over {what}. With schneider and schwarz it would be worth {best}.",
                    what=t("the hand and the skat") if skat else t("the hand alone (skat unseen)"),
                    best=best,
                )
            )
    st.header(t("Every game this hand could declare"))
    frame = bid_table_frame(page.profile, hand, skat, t)
    # a static table: long names and counts wrap inside their column instead of being cut off
    st.table(frame.set_index(frame.columns[0]))
    st.caption(
        t(
            "The value is the highest bid the cards allow. For a game 'without' matadors it is a ceiling: "
            "a missing top trump in the skat lowers it."
        )
    )
    with st.expander(t("How does this hand compare with random hands?")):
        mark = max(
            highest_safe_bid(page.profile, hand, game, skat)
            for game in (GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS, GameType.GRAND)
        )
        st.plotly_chart(distribution_chart(page.profile, mark, t), key=ctx.k("dist"))
        st.caption(
            t(
                "The best plain suit game or grand of {n} random hands, counted without the skat.",
                n=SAMPLE_HANDS,
            )
        )


run_page("value", render)
