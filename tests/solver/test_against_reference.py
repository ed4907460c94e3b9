"""The solver against the plain reference minimax (tests/solver/reference.py) on many random endings:
every game kind, every seat as declarer and leader, positions at the start of a trick and mid-trick,
both kernels (CPython and numba)."""

from __future__ import annotations

import random

import pytest

from trainer.cards import card_points
from trainer.games import GameType
from trainer.solver import Analysis, numba_available

from .reference import card_values, random_ending

BACKENDS = [
    "python",
    pytest.param("numba", marks=pytest.mark.skipif(not numba_available(), reason="no numba")),
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("size", [3, 4, 5])
def test_card_values_match_reference(backend: str, size: int) -> None:
    rng = random.Random(7000 + size)
    positions = {3: 60, 4: 45, 5: 25}[size]
    for _ in range(positions):
        game, declarer, leader, hands, trick, skat = random_ending(rng, size)
        so_far = rng.randrange(0, 40)
        analysis = Analysis(game, declarer, hands, skat, backend=backend)
        assert analysis.compiled == (backend == "numba")
        result = analysis.analyse(hands, leader, trick, points_so_far=so_far)
        assert result.complete
        if game.is_null:
            tricks_left = (sum(map(len, hands)) + len(trick)) // 3
            reference = card_values(game, declarer, hands, leader, trick, "opponent_tricks")
            expected: dict = {card: v == tricks_left for card, v in reference.items()}
        else:
            reference = card_values(game, declarer, hands, leader, trick, "points")
            expected = {card: v + so_far + card_points(skat) for card, v in reference.items()}
        assert dict(result.values) == expected, (game, declarer, leader, hands, trick)


@pytest.mark.parametrize("backend", BACKENDS)
def test_six_card_endings_match_reference(backend: str) -> None:
    rng = random.Random(6606)
    for _ in range(4):
        game, declarer, leader, hands, trick, skat = random_ending(rng, 6, games=tuple(GameType)[3:])
        result = Analysis(game, declarer, hands, skat, backend=backend).analyse(hands, leader, trick)
        mode = "opponent_tricks" if game.is_null else "points"
        reference = card_values(game, declarer, hands, leader, trick, mode)
        if game.is_null:
            tricks_left = (sum(map(len, hands)) + len(trick)) // 3
            assert dict(result.values) == {c: v == tricks_left for c, v in reference.items()}
        else:
            assert dict(result.values) == {c: v + card_points(skat) for c, v in reference.items()}


@pytest.mark.parametrize("backend", BACKENDS)
def test_schwarz_answers_match_reference(backend: str) -> None:
    rng = random.Random(4242)
    suit_and_grand = tuple(g for g in GameType if not g.is_null)
    for _ in range(50):
        game, declarer, leader, hands, trick, skat = random_ending(rng, rng.choice((3, 4)), suit_and_grand)
        result = Analysis(game, declarer, hands, skat, backend=backend).analyse(
            hands, leader, trick, with_schwarz=True
        )
        tricks_left = (sum(map(len, hands)) + len(trick)) // 3
        reference = card_values(game, declarer, hands, leader, trick, "declarer_tricks")
        assert dict(result.schwarz) == {card: v == tricks_left for card, v in reference.items()}


def test_rank_neighbours_with_different_points_are_not_merged() -> None:
    """Ace and ten of a suit are rank neighbours of unequal points: the solver must not merge them.

    Grand; the declarer (forehand, ♠A ♠10) leads; middlehand holds ♠K ♣J, rearhand ♥7 ♥8. By hand:
    lead ♠A: middlehand must follow with ♠K, the declarer takes 11 + 4 = 15; then ♠10 is ruffed by ♣J
    (a Jack is a trump in grand, so middlehand is free to play it): 15 in all.
    Lead ♠10: the declarer takes 10 + 4 = 14, then ♠A is ruffed: 14.
    """
    from trainer.cards import parse_cards

    hands = [parse_cards("SA ST"), parse_cards("SK CJ"), parse_cards("H7 H8")]
    values = Analysis(GameType.GRAND, 0, hands).analyse(hands, 0).values
    sa, st = parse_cards("SA ST")
    assert values == {sa: 15, st: 14}
