"""Every level bids by the chance model: it bids or holds while a game is worth it at that bid and passes
when none is, each bid, hold and declaration carries the chance of its game (``win``), and the protocol's
reply carries it too."""

from __future__ import annotations

import json
import random

import pytest

from trainer.bots.player import Decision, choose
from trainer.bots.protocol import serve_line, view_request
from trainer.cards import ALL_CARDS, parse_cards
from trainer.chances import hand_chances
from trainer.deal import Deal, Seat
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.rules import Bid, Declare, Discard, Hold, Pass, Phase, PickUp, SkatGame

from .helpers import PROFILES, play_deal

MONSTER = parse_cards("CJ SJ HJ DJ CA CT CK CQ SA HA")
NOTHING = parse_cards("CK CQ ST S9 HK HQ H8 DK DQ D8")
"""No Jack, no Ace, Kings and Queens everywhere: no suit game, no grand, no null."""


def deal_for(seat: Seat, hand: tuple, seed: int) -> Deal:  # type: ignore[type-arg]
    rest = [card for card in ALL_CARDS if card not in hand]
    random.Random(seed).shuffle(rest)
    hands = [rest[0:10], rest[10:20]]
    ordered = []
    for s in Seat:
        ordered.append(tuple(hand) if s is seat else tuple(hands.pop()))
    return Deal(hands=(ordered[0], ordered[1], ordered[2]), skat=(rest[20], rest[21]))


@pytest.mark.parametrize("level", ["beginner", "club", "expert"])
def test_every_bid_hold_and_declaration_carries_its_chance(level: str) -> None:
    seen: list[tuple[object, Decision]] = []
    rng = random.Random(level)
    for index in range(6):
        profile = PROFILES[index % 2]
        state = SkatGame(profile).new_deal(400 + index)
        while state.phase is not Phase.FINISHED and state.phase is not Phase.PLAY:
            seat = state.to_move
            assert seat is not None
            decision = choose(state.view(seat), level, rng=rng, time_ms=50)
            seen.append((decision.move, decision))
            state.apply(decision.move)
    said = [d for move, d in seen if isinstance(move, Bid | Hold | Declare | Discard)]
    assert said
    assert all(d.win is not None and 0.0 <= d.win <= 1.0 for d in said)


def test_a_strong_hand_competes_up_the_ladder_and_junk_passes() -> None:
    state = SkatGame(INTERNATIONAL).new_deal(deal=deal_for(Seat.FOREHAND, MONSTER, 1))
    limit = max(c.max_bid or 0 for c in hand_chances(INTERNATIONAL, MONSTER, Seat.FOREHAND))
    assert limit > 48
    # middlehand keeps bidding; forehand holds every bid up to its limit
    for value in (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48):
        state.apply(Bid(Seat.MIDDLEHAND, value))
        answer = choose(state.view(Seat.FOREHAND), "club", seed=0).move
        assert isinstance(answer, Hold), value
        state.apply(answer)
    junk = SkatGame(INTERNATIONAL).new_deal(deal=deal_for(Seat.MIDDLEHAND, NOTHING, 2))
    first = choose(junk.view(Seat.MIDDLEHAND), "club", seed=0)
    assert isinstance(first.move, Pass)


def test_the_declarer_picks_up_or_plays_hand_by_the_expected_score() -> None:
    state = SkatGame(INTERNATIONAL).new_deal(deal=deal_for(Seat.FOREHAND, MONSTER, 3))
    state.apply(Pass(Seat.MIDDLEHAND))
    state.apply(Pass(Seat.REARHAND))
    state.apply(Bid(Seat.FOREHAND, 18))
    assert state.phase is Phase.PICKUP
    decision = choose(state.view(Seat.FOREHAND), "expert", seed=0, time_ms=50)
    # four Jacks, the clubs and two side Aces: a hand game pays more than the pickup
    assert isinstance(decision.move, Declare) and decision.move.declaration.hand
    assert decision.win is not None and decision.win > 0.8


def test_the_beginner_sometimes_goes_a_step_too_far() -> None:
    extra = 0
    for seed in range(40):
        state = SkatGame(DANISH).new_deal(900 + seed)
        view = state.view(state.to_move)  # type: ignore[arg-type]
        club = choose(view, "club", seed=seed).move
        beginner = choose(view, "beginner", seed=seed).move
        extra += isinstance(club, Pass) and isinstance(beginner, Bid)
    assert extra >= 1


def test_the_protocol_reply_carries_win_on_a_bid() -> None:
    state = SkatGame(INTERNATIONAL).new_deal(deal=deal_for(Seat.MIDDLEHAND, MONSTER, 4))
    request = view_request(state.view(Seat.MIDDLEHAND), time_ms=100)
    reply = serve_line(json.dumps(request), "club")
    assert reply["move"] == "18" and 0.0 <= float(reply["win"]) <= 1.0  # type: ignore[arg-type]


def test_whole_deals_still_play_legally_with_pickups() -> None:
    rng = random.Random(5)
    pickups = 0
    for index in range(12):
        state = play_deal(PROFILES[index % 2], 600 + index, "club", rng=rng)
        pickups += any(isinstance(m, PickUp) for m in state.history)
    assert pickups
