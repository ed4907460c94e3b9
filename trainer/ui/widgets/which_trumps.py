"""which_trumps: a hand and a game; the learner picks the trumps and the engine's ``is_trump`` checks."""

from __future__ import annotations

import streamlit as st

from trainer.cardart import CardState
from trainer.cards import sort_hand
from trainer.deal import Seat, random_deal
from trainer.rules.play import is_trump
from trainer.ui.components import card_row, cards_text, pick_cards, verdict
from trainer.ui.terms import game_name
from trainer.ui.widgets.base import WidgetContext, game_picker, new_deal_button, seed


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    game = game_picker(ctx)
    deal_seed = seed(ctx)
    hand = sort_hand(random_deal(deal_seed, ctx.profile).hand(Seat.FOREHAND))
    asked = (deal_seed, game.value)  # a check belongs to this hand and this game only
    trumps = [card for card in hand if is_trump(card, game)]
    st.markdown("**" + t("Which of these cards are trumps in {game}?", game=game_name(game, t)) + "**")
    chosen = pick_cards(
        t("Click every trump"), hand, key=ctx.k("pick"), lang=ctx.lang, four_colour=ctx.four_colour
    )
    if st.button(t("Check"), key=ctx.k("check"), type="primary"):
        st.session_state[ctx.k("checked")] = asked
    if st.session_state.get(ctx.k("checked")) == asked:
        missed = [card for card in trumps if card not in chosen]
        wrong = [card for card in chosen if card not in trumps]
        if not missed and not wrong:
            verdict(
                True,
                t.ngettext(
                    "Right: this hand holds {n} trump.", "Right: this hand holds {n} trumps.", len(trumps)
                )
                if trumps
                else t("Right: there are no trumps in this game."),
            )
        else:
            parts = []
            if missed:
                parts.append(t("also trumps: {cards}", cards=cards_text(missed, ctx.lang)))
            if wrong:
                parts.append(t("not trumps: {cards}", cards=cards_text(wrong, ctx.lang)))
            verdict(False, t("Not quite: {details}.", details="; ".join(parts)))
        card_row(
            hand,
            lang=ctx.lang,
            four_colour=ctx.four_colour,
            states={card: CardState.HIGHLIGHTED if card in trumps else CardState.DIMMED for card in hand},
        )
        st.caption(t("Highlighted: the trumps. Jacks are trumps in suit games and grand, never in null."))
    else:
        card_row(hand, lang=ctx.lang, four_colour=ctx.four_colour)
    new_deal_button(ctx, clear=("pick", "checked"))
