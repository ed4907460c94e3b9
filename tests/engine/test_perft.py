"""Perft data (tests/data/perft.txt): our engine must reproduce every count, and OpenSpiel's Skat, an
independent implementation of follow-suit and trick winners, must count the same sequences."""

from __future__ import annotations

import pytest

from .perft import PerftCase, perft, read_cases, start_state
from .test_openspiel_diff import OS_GAME_ACTION, OS_PASS, openspiel_deal_actions

pyspiel = pytest.importorskip("pyspiel", reason="open-spiel (test-only dependency) is not installed")

CASES = read_cases()
QUICK = [case for case in CASES if case.depth <= 3 or case.seed <= 2]
"""Every depth-3 case and the depth-6 cases of two deals (the rest would take the suite ~20 s more)."""


def _openspiel_start(case: PerftCase) -> object:
    state = start_state(case.seed, case.game)
    declarer = state.declarer
    os_state = pyspiel.load_game("skat").new_initial_state()
    for action in openspiel_deal_actions(state.deal):
        os_state.apply_action(action)
    for seat in range(declarer + 1):
        os_state.apply_action(OS_GAME_ACTION[case.game] if seat == declarer else OS_PASS)
    for card in sorted(state.skat, key=lambda c: c.index):  # the two discards
        os_state.apply_action(card.index)
    return os_state


def _openspiel_perft(os_state: object, depth: int) -> int:
    if depth == 0:
        return 1
    if os_state.is_terminal():  # type: ignore[attr-defined]
        return 0
    total = 0
    for action in os_state.legal_actions():  # type: ignore[attr-defined]
        child = os_state.child(action)  # type: ignore[attr-defined]
        total += _openspiel_perft(child, depth - 1)
    return total


def test_the_data_covers_every_game_type_at_two_depths() -> None:
    assert {case.game for case in CASES} == {case.game for case in CASES if case.depth == 6}
    assert len({case.game for case in CASES}) == 6 and {case.depth for case in CASES} == {3, 6}


@pytest.mark.parametrize("case", QUICK, ids=lambda c: f"{c.seed}-{c.game.value}-{c.depth}")
def test_our_engine_reproduces_the_count(case: PerftCase) -> None:
    assert perft(start_state(case.seed, case.game), case.depth) == case.count


@pytest.mark.parametrize("case", QUICK, ids=lambda c: f"{c.seed}-{c.game.value}-{c.depth}")
def test_openspiel_counts_the_same(case: PerftCase) -> None:
    os_state = _openspiel_start(case)
    ours = start_state(case.seed, case.game)
    assert sorted(os_state.legal_actions()) == sorted(c.index for c in ours.legal_cards())  # type: ignore[attr-defined]
    assert _openspiel_perft(os_state, case.depth) == case.count
