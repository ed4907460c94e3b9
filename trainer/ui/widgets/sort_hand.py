"""sort_hand: a dealt hand; the learner puts it in the traditional order (Bønder left, then ♣ ♠ ♥ ♦, each
suit A 10 K Q 9 8 7) by clicking the cards left to right, and the engine's ``sort_hand`` checks it."""

from __future__ import annotations

import streamlit as st

from trainer.cardart import CardState
from trainer.cards import Card, parse_card, sort_hand
from trainer.deal import Seat, random_deal
from trainer.ui.components import card_row, cards_text, pick_card, verdict
from trainer.ui.widgets.base import WidgetContext, new_deal_button, seed


def _order_key(ctx: WidgetContext, deal_seed: int) -> str:
    return ctx.k(f"order{deal_seed}")


def _take(pick_key: str, order_key: str) -> None:
    code = st.session_state.get(pick_key)
    if code:
        st.session_state[order_key] = [*st.session_state.get(order_key, []), code]
    st.session_state[pick_key] = None


def _undo(order_key: str) -> None:
    st.session_state[order_key] = st.session_state.get(order_key, [])[:-1]


def _restart(order_key: str) -> None:
    st.session_state[order_key] = []


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    deal_seed = seed(ctx)
    hand = list(random_deal(deal_seed, ctx.profile).hand(Seat.FOREHAND))
    correct = sort_hand(hand)
    order_key = _order_key(ctx, deal_seed)
    order: list[Card] = [parse_card(code) for code in st.session_state.get(order_key, [])]
    remaining = [card for card in hand if card not in order]

    st.markdown("**" + t("Sort the hand") + "**")
    st.caption(
        t(
            "Click the cards in the order they belong, left to right: Bønder (Jacks) first, then clubs, "
            "spades, hearts, diamonds, each suit from the Ace down."
        )
    )
    st.markdown(t("As dealt:"))
    card_row(hand, lang=ctx.lang, four_colour=ctx.four_colour, states={c: CardState.DIMMED for c in order})
    if remaining:
        pick_card(
            t("Next card from the left"),
            remaining,
            key=ctx.k("pick"),
            lang=ctx.lang,
            four_colour=ctx.four_colour,
            on_change=_take,
            args=(ctx.k("pick"), order_key),
        )
    if order:
        st.markdown(t("Your order:"))
        card_row(order, lang=ctx.lang, four_colour=ctx.four_colour)
    if len(order) == len(hand):
        if order == correct:
            verdict(True, t("Right! That is the traditional order."))
        else:
            first_wrong = next(i for i, (a, b) in enumerate(zip(order, correct, strict=True)) if a != b)
            verdict(
                False,
                t(
                    "Not quite: place {number} should be {card}. The sorted hand is: {cards}",
                    number=first_wrong + 1,
                    card=cards_text([correct[first_wrong]], ctx.lang),
                    cards=cards_text(correct, ctx.lang),
                ),
            )
            card_row(
                correct,
                lang=ctx.lang,
                four_colour=ctx.four_colour,
                states=[
                    CardState.HIGHLIGHTED if a != b else CardState.NORMAL
                    for a, b in zip(order, correct, strict=True)
                ],
            )
    undo, again, new = st.columns(3)
    with undo:
        st.button(t("Undo"), key=ctx.k("undo"), on_click=_undo, args=(order_key,), disabled=not order)
    with again:
        st.button(
            t("Start again"), key=ctx.k("restart"), on_click=_restart, args=(order_key,), disabled=not order
        )
    with new:
        new_deal_button(ctx, t("New hand"))
    with st.expander(t("Show the sorted hand")):
        card_row(correct, lang=ctx.lang, four_colour=ctx.four_colour)
