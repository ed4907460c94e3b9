"""The last seat to speak after two passes: where the deal is then thrown in, passing scores nothing, so a
game that scores above zero on average is declared though it is below what defending another's game is
worth (:func:`trainer.chances.worth.all_pass_score`)."""

from __future__ import annotations

import random

from trainer.bots.player import choose
from trainer.cards import ALL_CARDS, Card, parse_cards
from trainer.chances import hand_chances
from trainer.chances.worth import all_pass_score, passing_score
from trainer.deal import Deal, Seat
from trainer.profiles import DANISH, INTERNATIONAL, AllPass, RuleProfile
from trainer.rules import Bid, Pass, SkatGame

MODEST = parse_cards("DQ DA H8 HQ HJ S8 S9 ST SJ C7")
"""Spades with two Jacks: about 0.60, an expected score at 18 between nothing and what passing is worth."""


def _deal(hand: tuple[Card, ...], seed: int) -> Deal:
    rest = [card for card in ALL_CARDS if card not in hand]
    random.Random(seed).shuffle(rest)
    return Deal(hands=(tuple(hand), tuple(rest[0:10]), tuple(rest[10:20])), skat=(rest[20], rest[21]))


def _after_two_passes(profile: RuleProfile) -> Bid | Pass:
    state = SkatGame(profile).new_deal(deal=_deal(MODEST, 5))
    state.apply(Pass(Seat.MIDDLEHAND))
    state.apply(Pass(Seat.REARHAND))
    move = choose(state.view(Seat.FOREHAND), "expert", seed=0, time_ms=50).move
    assert isinstance(move, Bid | Pass)
    return move


def test_the_hand_sits_between_nothing_and_passing() -> None:
    best = max(
        hand_chances(INTERNATIONAL, MODEST, Seat.FOREHAND), key=lambda c: c.expected_at(INTERNATIONAL, 18)
    )
    assert best.max_bid is None  # not worth bidding against another's game
    assert 0.0 < best.expected_at(INTERNATIONAL, 18) < passing_score(INTERNATIONAL)


def test_forehand_after_two_passes_plays_where_the_deal_would_be_thrown_in() -> None:
    assert all_pass_score(AllPass.PASSED_IN) == 0.0
    assert isinstance(_after_two_passes(INTERNATIONAL), Bid)


def test_where_a_game_follows_the_passes_the_rule_is_unchanged() -> None:
    assert all_pass_score(AllPass.RAMSE) is None
    assert all_pass_score(AllPass.RAMSCH) is None
    danish = hand_chances(DANISH, MODEST, Seat.FOREHAND)
    if not any(c.worth_at(DANISH.min_bid) for c in danish):
        assert isinstance(_after_two_passes(DANISH), Pass)


def test_a_first_or_second_seat_still_passes_it() -> None:
    state = SkatGame(INTERNATIONAL).new_deal(deal=_deal(MODEST, 6))
    # forehand's hand given to middlehand's seat: nobody has passed yet, passing is worth more
    state = SkatGame(INTERNATIONAL).new_deal(
        deal=Deal(hands=(state.deal.hands[1], MODEST, state.deal.hands[2]), skat=state.deal.skat)
    )
    view = state.view(Seat.MIDDLEHAND)
    chances = hand_chances(INTERNATIONAL, MODEST, Seat.MIDDLEHAND)
    if not any(c.worth_at(18) for c in chances):
        assert isinstance(choose(view, "expert", seed=0, time_ms=50).move, Pass)
