"""card_order: choose a game and see its trump order and each plain suit's order, highest first."""

from __future__ import annotations

import streamlit as st

from trainer.cardart import CardState
from trainer.cards import Suit
from trainer.games import GameType
from trainer.rules.play import suit_order, trump_order
from trainer.ui.components import card_row, cards_text
from trainer.ui.terms import game_name, suit_name
from trainer.ui.widgets.base import WidgetContext, game_picker

_SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    game = game_picker(ctx, default=GameType.HEARTS)
    trumps = trump_order(game)
    st.markdown("**" + t("Card order in {game}", game=game_name(game, t)) + "**")
    if trumps:
        st.markdown(
            t.ngettext("Trumps, highest first ({n} card):", "Trumps, highest first ({n} cards):", len(trumps))
        )
        card_row(
            trumps,
            lang=ctx.lang,
            four_colour=ctx.four_colour,
            states=[CardState.HIGHLIGHTED] * len(trumps),
        )
        st.caption(cards_text(trumps, ctx.lang))
    else:
        st.markdown(
            t("No trumps in this game: every suit stands on its own, and a Jack is an ordinary card.")
        )
    for suit in _SUITS:
        cards = suit_order(suit, game)
        if not cards:
            continue
        st.markdown(t("{suit}, highest first:", suit=suit_name(suit, t).capitalize()))
        card_row(cards, lang=ctx.lang, four_colour=ctx.four_colour)
    if game.trump_suit is not None:
        st.caption(
            t(
                "The {suit} suit is all trumps here, so it has no plain-suit order of its own.",
                suit=suit_name(game.trump_suit, t),
            )
        )
