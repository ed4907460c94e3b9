"""Invariants of the solver's values, checked on endings and full deals, plus the cross-check of its
move generation and trick winner against trainer.rules.play."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.cards import ALL_CARDS, Card, card_points
from trainer.games import GameType
from trainer.rules import play
from trainer.solver import Analysis, numba_available, solve_position
from trainer.solver.core import Engine, layout_for, trick_winner_position

from .reference import random_ending

needs_numba = pytest.mark.skipif(not numba_available(), reason="numba is not installed")


def _full_deal(seed: int) -> tuple[GameType, int, list[list[Card]], tuple[Card, ...]]:
    rng = random.Random(seed)
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    game = rng.choice([g for g in GameType if not g.is_null])
    return game, rng.randrange(3), [cards[0:10], cards[10:20], cards[20:30]], tuple(cards[30:])


def _walk_best_line(analysis: Analysis, hands: list[list[Card]], declarer: int, game: GameType) -> None:
    """Follow a best line card by card; each step's position value must equal the value of the card
    chosen one step earlier (after adding the points of a completed trick to points_so_far)."""
    current = [list(h) for h in hands]
    leader, trick, so_far = 0, [], 0
    expected = None
    while any(current):
        result = analysis.analyse(current, leader, trick, points_so_far=so_far)
        assert result.complete
        if expected is not None:
            assert result.value == expected
        best = result.best_cards()
        assert best
        card = best[-1]
        expected = result.values[card]
        # The best card's value is the position's value, and it is the max (declarer) or min (opponent).
        pick = max if result.to_move == declarer else min
        assert expected == pick(result.values.values()) == result.value
        current[result.to_move].remove(card)
        trick.append(card)
        if len(trick) == 3:
            leader = (leader + play.trick_winner(trick, game)) % 3
            if leader == declarer:
                so_far += card_points(trick)
            trick = []


@needs_numba
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_full_deal_values_bounded_and_consistent_along_best_line(seed: int) -> None:
    game, declarer, hands, skat = _full_deal(seed)
    analysis = Analysis(game, declarer, hands, skat, backend="numba")
    opening = analysis.analyse(hands, 0)
    assert opening.complete
    assert len(opening.values) == 10  # forehand may lead any card
    for value in opening.values.values():
        assert card_points(skat) <= value <= 120
    _walk_best_line(analysis, hands, declarer, game)


def test_endings_consistent_along_best_line_python() -> None:
    rng = random.Random(99)
    for _ in range(12):
        game, declarer, _, hands, _, skat = random_ending(
            rng, 4, tuple(g for g in GameType if not g.is_null), mid_trick=False
        )
        _walk_best_line(Analysis(game, declarer, hands, skat, backend="python"), hands, declarer, game)


@needs_numba
def test_reused_analysis_matches_fresh_solves() -> None:
    """The tables kept across steps (and across a jump back to an earlier step) never change a value."""
    game, declarer, hands, skat = _full_deal(21)
    analysis = Analysis(game, declarer, hands, skat, backend="numba")
    first = analysis.analyse(hands, 0)
    lead = first.best_cards()[0]
    after = [list(h) for h in hands]
    after[0].remove(lead)
    middle = analysis.analyse(after, 0, [lead])
    assert dict(middle.values) == solve_position(game, declarer, 0, after, skat, [lead], backend="numba")
    again = analysis.analyse(hands, 0)  # back to the start: same answers from the warm table
    assert dict(again.values) == dict(first.values)


@needs_numba
def test_two_thread_root_split_agrees_with_cpython() -> None:
    """18 cards in hands: the compiled kernel splits the root over two threads sharing the table."""
    rng = random.Random(5150)
    for _ in range(2):
        game, declarer, leader, hands, _, skat = random_ending(
            rng, 6, (GameType.GRAND, GameType.HEARTS), False
        )
        hands_t = [tuple(h) for h in hands]
        fast = solve_position(game, declarer, leader, hands_t, skat, backend="numba")
        slow = solve_position(game, declarer, leader, hands_t, skat, backend="python")
        assert fast == slow


@needs_numba
def test_node_limit_returns_partial_results_flagged() -> None:
    game, declarer, hands, skat = _full_deal(31)
    full = Analysis(game, declarer, hands, skat, backend="numba").analyse(hands, 0)
    partial = Analysis(game, declarer, hands, skat, backend="numba").analyse(hands, 0, node_limit=2000)
    assert not partial.complete
    assert partial.value is None
    assert set(partial.bounds) == set(full.values)
    for card, (lo, hi) in partial.bounds.items():
        assert lo <= full.values[card] <= hi
    for card, value in partial.values.items():
        assert value == full.values[card]


def test_time_limit_results_are_sound() -> None:
    """Whatever a tiny time budget manages to finish is exact; the rest is bounded correctly."""
    game, declarer, hands, skat = _full_deal(41)
    hands5 = [h[:5] for h in hands]
    full = Analysis(game, declarer, hands5, skat, backend="python").analyse(hands5, 0)
    partial = Analysis(game, declarer, hands5, skat, backend="python").analyse(hands5, 0, time_limit=0.001)
    for card, (lo, hi) in partial.bounds.items():
        assert lo <= full.values[card] <= hi
    assert partial.complete == (len(partial.values) == len(full.values))


def test_outcome_levels_follow_the_profile() -> None:
    """90 points: schneider under the international line (opponents 30 <= 30), not under the Danish one
    (opponents must stay under 30). A declarer on 30 is schneider in both."""
    from trainer.profiles import DANISH, INTERNATIONAL
    from trainer.solver import PositionAnalysis

    a, b = ALL_CARDS[0], ALL_CARDS[1]
    result = PositionAnalysis(GameType.GRAND, 0, 0, {a: 90, b: 30}, {a: (90, 90), b: (30, 30)}, True, 0, 0.0)
    assert result.outcome(a, INTERNATIONAL).schneider
    assert not result.outcome(a, DANISH).schneider
    assert result.outcome(a, DANISH).wins and not result.outcome(b, DANISH).wins
    assert (
        result.outcome(b, DANISH).declarer_schneider and result.outcome(b, INTERNATIONAL).declarer_schneider
    )
    assert result.outcome(b, INTERNATIONAL).schwarz is None


# ---- cross-check with trainer.rules.play -------------------------------------------------------------------

cards_strategy = st.permutations(ALL_CARDS)
games_strategy = st.sampled_from(list(GameType))


@given(cards_strategy, games_strategy, st.integers(0, 2), st.integers(1, 10))
def test_legal_cards_agree_with_play_module(
    deck: list[Card], game: GameType, n_trick: int, size: int
) -> None:
    hands = [tuple(deck[0:size]), tuple(deck[size : 2 * size]), tuple(deck[2 * size : 3 * size])]
    trick = tuple(deck[30 : 30 + n_trick])
    mover_hand = hands[n_trick % 3]
    engine = Engine(game, 0, hands, backend="python", tt_bits=4)
    lay = layout_for(game)
    ours = {lay.to_card[i] for i in engine.legal_internal(hands, 0, trick)}
    assert ours == set(play.legal_cards(mover_hand, trick, game))


@given(cards_strategy, games_strategy)
def test_trick_winner_agrees_with_play_module(deck: list[Card], game: GameType) -> None:
    trick = tuple(deck[:3])
    assert trick_winner_position(game, trick) == play.trick_winner(trick, game)
