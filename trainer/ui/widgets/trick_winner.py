"""trick_winner: a legal trick of three cards in a chosen game; the learner picks the winning card and the
engine's ``trick_winner`` checks, with the reason (highest trump, or highest card of the led suit)."""

from __future__ import annotations

import random

import streamlit as st

from trainer.cards import Card, parse_cards
from trainer.deal import Seat, random_deal
from trainer.games import GameType
from trainer.profiles import RuleProfile
from trainer.rules.play import is_trump, legal_cards, trick_winner
from trainer.ui.components import pill_label, trick_view, verdict
from trainer.ui.terms import card_label, seat_name
from trainer.ui.widgets.base import WidgetContext, game_picker, new_deal_button, seed


def random_trick(deal_seed: int, game: GameType, profile: RuleProfile) -> tuple[Card, Card, Card]:
    """A legal trick from a seeded deal: forehand leads, the others play a random card they may play."""
    deal = random_deal(deal_seed, profile)
    rng = random.Random(deal_seed)
    trick: list[Card] = []
    for seat in Seat:
        trick.append(rng.choice(legal_cards(deal.hand(seat), trick, game)))
    return trick[0], trick[1], trick[2]


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    game = game_picker(ctx)
    fixed = st.session_state.get(ctx.k("trick"))
    if fixed:
        first, second, third = parse_cards(str(fixed), count=3)
        trick = (first, second, third)
    else:
        trick = random_trick(seed(ctx), game, ctx.profile)
    captions = [seat_name(seat, t) for seat in Seat]
    st.markdown("**" + t("Forehand led. Which card wins this trick?") + "**")
    picture = st.empty()  # drawn after the answer is known, so the winner can be highlighted
    labels = {
        card.iss: f"{seat_name(seat, t)}: {pill_label(card, lang=ctx.lang, four_colour=ctx.four_colour)}"
        for seat, card in zip(Seat, trick, strict=True)
    }
    answer = st.pills(
        t("The winning card"), list(labels), key=ctx.k(f"answer{game.value}"), format_func=labels.__getitem__
    )
    position = trick_winner(trick, game)
    with picture.container():
        shown_winner = position if answer else None
        trick_view(trick, captions, lang=ctx.lang, four_colour=ctx.four_colour, winner=shown_winner)
    if answer:
        winner = trick[position]
        if is_trump(winner, game):
            reason = t("The highest trump takes the trick.")
        else:
            reason = t("Nobody played a trump, so the highest card of the suit that was led takes the trick.")
        if answer == winner.iss:
            verdict(True, t("Right: {card} wins.", card=card_label(winner, ctx.lang)) + " " + reason)
        else:
            verdict(False, t("No: {card} wins.", card=card_label(winner, ctx.lang)) + " " + reason)
    new_deal_button(ctx, clear=tuple(f"answer{g.value}" for g in GameType))
