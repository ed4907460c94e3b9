"""Each bot level plays whole random deals in both profiles (house options included) without one illegal
move, with a reason for every decision; the same seed gives the same game."""

from __future__ import annotations

import random

import pytest

from trainer.bots.player import BotError, Decision, choose
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.rules import Phase, PlayCard, SkatGame
from trainer.solver import warm_up

from .helpers import PROFILES, house_options, play_deal, positions

DEALS_PER_LEVEL = 600
"""Per level and profile this is 300 deals; beginner and club together play 1200 deals."""


@pytest.mark.parametrize("level", ["beginner", "club"])
def test_rule_of_thumb_levels_play_legal_moves(level: str) -> None:
    rng = random.Random(level)
    finished = {"played": 0, "passed": 0, "ramse": 0}
    for index in range(DEALS_PER_LEVEL):
        profile = PROFILES[index % 2]
        state = play_deal(profile, 10_000 + index, level, rng=rng, options=house_options(profile, index))
        outcome = state.outcome()
        assert outcome is not None
        if outcome.passed_in:
            finished["passed"] += 1
        elif outcome.ramse is not None:
            finished["ramse"] += 1
        else:
            finished["played"] += 1
    # the bots do bid and play games, most deals are not thrown in
    assert finished["played"] > DEALS_PER_LEVEL // 2
    assert finished["ramse"] > 0


def test_expert_plays_legal_moves() -> None:
    warm_up(block=True)
    rng = random.Random(7)
    for index in range(8):
        profile = PROFILES[index % 2]
        play_deal(
            profile, 20_000 + index, "expert", rng=rng, time_ms=40, options=house_options(profile, index)
        )


@pytest.mark.parametrize("level", ["beginner", "club"])
def test_same_seed_same_game(level: str) -> None:
    def moves(seed: int) -> list[object]:
        state = play_deal(INTERNATIONAL, 31, level, rng=random.Random(seed))
        return list(state.history)

    assert moves(5) == moves(5)


def test_expert_same_seed_same_card() -> None:
    """With time to finish its search (the later tricks), the expert's card depends on the seed alone."""
    warm_up(block=True)
    checked = 0
    for state in positions(INTERNATIONAL, 44, random.Random(1)):
        view = state.view(state.to_move)  # type: ignore[arg-type]
        if state.phase is Phase.PLAY and len(view.tricks) >= 5 and len(view.legal_moves) > 1:
            first = choose(view, "expert", seed=9, time_ms=3000)
            assert choose(view, "expert", seed=9, time_ms=3000) == first
            checked += 1
    assert checked >= 3


def test_seed_argument_is_reproducible() -> None:
    state = SkatGame(DANISH).new_deal(4)
    view = state.view(state.to_move)  # type: ignore[arg-type]
    first = [choose(view, "beginner", seed=s).move for s in range(20)]
    assert first == [choose(view, "beginner", seed=s).move for s in range(20)]


def test_no_move_when_not_the_seats_turn() -> None:
    state = SkatGame(INTERNATIONAL).new_deal(2)
    waiting = state.to_move.next  # type: ignore[union-attr]
    with pytest.raises(BotError, match="not"):
        choose(state.view(waiting), "club")
    with pytest.raises(BotError, match="level"):
        choose(state.view(state.to_move), "grandmaster")  # type: ignore[arg-type]


def test_expert_card_play_reports_a_win_estimate() -> None:
    warm_up(block=True)
    rng = random.Random(3)
    for seed in range(12, 60):
        state = SkatGame(INTERNATIONAL).new_deal(seed)
        decisions: list[Decision] = []
        while state.phase is not Phase.FINISHED:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            decision = choose(view, "expert", rng=rng, time_ms=100)
            if isinstance(decision.move, PlayCard) and len(view.legal_moves) > 1:
                decisions.append(decision)
            state.apply(decision.move)
        if decisions:  # a game was played, not passed in
            assert all(d.win is None or 0.0 <= d.win <= 1.0 for d in decisions)
            assert any(d.win is not None for d in decisions)
            return
    pytest.fail("no game was played in 48 deals")
