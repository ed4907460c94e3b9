"""DealState's card play against OpenSpiel's Skat: the whole-deal state (auction won by the wanted seat,
pickup, discard, declaration) offers exactly OpenSpiel's legal cards at every turn, to the same seat, and the
tricks go to the same winner (see test_openspiel_diff.py for how our deal is fed to OpenSpiel)."""

from __future__ import annotations

import random

import pytest

from tests.engine.test_openspiel_diff import (
    GAME_CYCLE,
    OS_GAME_ACTION,
    OS_PASS,
    last_trick_winner,
    openspiel_deal_actions,
    solo_points,
)
from trainer.deal import Seat, random_deal
from trainer.game import Bid, Declare, Discard, Hold, Move, Pass, Phase, PickUp, PlayCard, SkatGame
from trainer.games import Declaration, GameType
from trainer.profiles import INTERNATIONAL

pyspiel = pytest.importorskip("pyspiel", reason="open-spiel (test-only dependency) is not installed")

GAMES = 300


def _auction_for(declarer: Seat) -> list[Move]:
    """The shortest auction ``declarer`` wins at 18."""
    if declarer is Seat.FOREHAND:
        return [Bid(Seat.MIDDLEHAND, 18), Hold(Seat.FOREHAND), Pass(Seat.MIDDLEHAND), Pass(Seat.REARHAND)]
    if declarer is Seat.MIDDLEHAND:
        return [Bid(Seat.MIDDLEHAND, 18), Pass(Seat.FOREHAND), Pass(Seat.REARHAND)]
    return [Pass(Seat.MIDDLEHAND), Bid(Seat.REARHAND, 18), Pass(Seat.FOREHAND)]


def play_one(seed: int, os_game: object) -> int:
    game = GAME_CYCLE[seed % len(GAME_CYCLE)]
    declarer = Seat((seed // len(GAME_CYCLE)) % 3)
    rng = random.Random(seed)
    deal = random_deal(seed, INTERNATIONAL)
    os_state = os_game.new_initial_state()  # type: ignore[attr-defined]
    for action in openspiel_deal_actions(deal):
        os_state.apply_action(action)
    for seat in Seat:
        if seat is declarer:
            os_state.apply_action(OS_GAME_ACTION[game])
            break
        os_state.apply_action(OS_PASS)

    state = SkatGame(INTERNATIONAL).new_deal(deal=deal)
    for move in _auction_for(declarer):
        state.apply(move)
    state.apply(PickUp(declarer))
    assert state.phase is Phase.DISCARD
    pairs = state.legal_moves()
    assert len(pairs) == 66
    held = sorted(card.index for card in state.hand(declarer))
    assert held == sorted(os_state.legal_actions())
    discard = rng.choice(pairs)
    assert isinstance(discard, Discard)
    for card in discard.cards:
        os_state.apply_action(card.index)
    state.apply(discard)
    state.apply(Declare(declarer, Declaration(game)))

    decisions = 0
    while state.phase is not Phase.FINISHED:
        seat = state.to_move
        assert seat is not None and os_state.current_player() == seat
        moves = state.legal_moves()
        assert all(isinstance(m, PlayCard) and m.seat is seat for m in moves)
        ours = sorted(m.card.index for m in moves if isinstance(m, PlayCard))
        assert ours == sorted(os_state.legal_actions()), (seed, game)
        move = rng.choice(moves)
        assert isinstance(move, PlayCard)
        tricks_before = len(state.tricks)
        state.apply(move)
        os_state.apply_action(move.card.index)
        decisions += 1
        if len(state.tricks) > tricks_before:
            winner = last_trick_winner(os_state) if os_state.is_terminal() else os_state.current_player()
            assert winner == state.tricks[-1].winner, (seed, game)
    assert os_state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and outcome.result is not None
    if game is not GameType.NULL:
        assert solo_points(os_state) == outcome.declarer_points
    return decisions


def test_deal_state_card_play_agrees_with_openspiel() -> None:
    os_game = pyspiel.load_game("skat")
    decisions = sum(play_one(seed, os_game) for seed in range(GAMES))
    assert decisions > GAMES * 15
