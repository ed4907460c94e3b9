"""follow_suit: a hand and a led card; the learner tries to play a card and the engine either accepts it
or explains the refusal (must follow suit / must follow trump, with the Jack pitfalls)."""

from __future__ import annotations

import random

import streamlit as st

from trainer.cardart import CardState
from trainer.cards import Card, parse_card, parse_cards, sort_hand
from trainer.deal import Seat, random_deal
from trainer.games import GameType
from trainer.rules.play import follow_class, legal_cards, refusal_details
from trainer.ui.components import card_row, pick_card, verdict
from trainer.ui.terms import card_label, game_name, seat_name, t_message
from trainer.ui.widgets.base import WidgetContext, game_picker, new_deal_button, seed


def scenario(ctx: WidgetContext, deal_seed: int) -> tuple[list[Card], Card]:
    """Middlehand's hand and forehand's lead: from the seed, or fixed through session state
    (``hand`` and ``lead`` keys, ISS text)."""
    hand_text, lead_text = st.session_state.get(ctx.k("hand")), st.session_state.get(ctx.k("lead"))
    if hand_text and lead_text:
        return sort_hand(parse_cards(str(hand_text))), parse_card(str(lead_text))
    deal = random_deal(deal_seed, ctx.profile)
    lead = random.Random(deal_seed).choice(deal.hand(Seat.FOREHAND))
    return sort_hand(deal.hand(Seat.MIDDLEHAND)), lead


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    game = game_picker(ctx, default=GameType.SPADES)
    deal_seed = seed(ctx)
    hand, lead = scenario(ctx, deal_seed)
    allowed = legal_cards(hand, [lead], game)
    st.markdown(
        "**"
        + t(
            "You are {seat} in {game}. {leader} led this card; try to play one of yours.",
            seat=seat_name(Seat.MIDDLEHAND, t),
            game=game_name(game, t),
            leader=seat_name(Seat.FOREHAND, t).capitalize(),
        )
        + "**"
    )
    card_row([lead], lang=ctx.lang, four_colour=ctx.four_colour, captions=[seat_name(Seat.FOREHAND, t)])
    show = st.toggle(t("Show which cards I may play"), key=ctx.k("show"))
    states = {c: CardState.HIGHLIGHTED if c in allowed else CardState.DIMMED for c in hand} if show else None
    card_row(hand, lang=ctx.lang, four_colour=ctx.four_colour, states=states)
    played = pick_card(
        t("Play a card"), hand, key=ctx.k(f"play{game.value}"), lang=ctx.lang, four_colour=ctx.four_colour
    )
    if played is not None:
        details = refusal_details(played, hand, [lead], game)
        if details is None:
            if follow_class(played, game) == follow_class(lead, game):
                verdict(True, t("Allowed: {card} follows what was led.", card=card_label(played, ctx.lang)))
            else:
                verdict(
                    True,
                    t(
                        "Allowed: you cannot follow, so any card may be played; {card} is fine.",
                        card=card_label(played, ctx.lang),
                    ),
                )
        else:
            verdict(False, t("Refused.") + " " + t_message(details.as_message(game), t))
    new_deal_button(ctx, clear=tuple(f"play{g.value}" for g in GameType))
