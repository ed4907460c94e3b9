"""Differential test of the deal state's card play against OpenSpiel's Skat (a legal-move, trick-winner and
card-point oracle).

OpenSpiel deals 3-3-3 / skat 2 / 4-4-4 / 3-3-3 as 32 chance actions (action = card index, same indices as
``Card.index``), player 0 leads, and every bidding turn is "pass" or a game type; the first player to name a
game becomes the declarer, picks up the skat and discards two cards one at a time. We replay our seeded
deal into it and into a :class:`DealState` (the auction won by the wanted seat at 18, the pickup, a random
discard, the declaration), then play random legal cards in both and compare the legal sets, whose turn it
is, every trick winner, the end of the game and the card points.
"""

from __future__ import annotations

import random
import re

import pytest

from trainer.deal import Deal, Seat, random_deal
from trainer.games import Declaration, GameType
from trainer.profiles import INTERNATIONAL
from trainer.rules import Bid, Declare, Discard, Hold, Move, Pass, Phase, PickUp, PlayCard, SkatGame

pyspiel = pytest.importorskip("pyspiel", reason="open-spiel (test-only dependency) is not installed")

GAMES = 900
OS_PASS = 32
OS_GAME_ACTION = {
    GameType.DIAMONDS: 33,
    GameType.HEARTS: 34,
    GameType.SPADES: 35,
    GameType.CLUBS: 36,
    GameType.GRAND: 37,
    GameType.NULL: 38,
}
OS_DEAL_PATTERN = (3, 2, 4, 3)  # its packets, skat second: 3-3-3, 2, 4-4-4, 3-3-3
GAME_CYCLE = tuple(GameType)


def openspiel_deal_actions(deal: Deal) -> list[int]:
    """Our deal as OpenSpiel's 32 chance actions in its dealing order."""
    taken = [0, 0, 0]
    actions: list[int] = []
    for number, size in enumerate(OS_DEAL_PATTERN):
        if number == 1:
            actions.extend(card.index for card in deal.skat)
            continue
        for seat in Seat:
            hand = deal.hand(seat)
            actions.extend(card.index for card in hand[taken[seat] : taken[seat] + size])
            taken[seat] += size
    assert sorted(actions) == list(range(32))
    return actions


def last_trick_winner(os_state: object) -> int:
    match = re.search(r"Last trick won by player (\d)", str(os_state))
    assert match, str(os_state)
    return int(match.group(1))


def solo_points(os_state: object) -> int:
    match = re.search(r"Points \(Solo / Team\): \((\d+) / (\d+)\)", str(os_state))
    assert match, str(os_state)
    return int(match.group(1))


def _auction_for(declarer: Seat) -> list[Move]:
    """The shortest auction ``declarer`` wins at 18."""
    if declarer is Seat.FOREHAND:
        return [Bid(Seat.MIDDLEHAND, 18), Hold(Seat.FOREHAND), Pass(Seat.MIDDLEHAND), Pass(Seat.REARHAND)]
    if declarer is Seat.MIDDLEHAND:
        return [Bid(Seat.MIDDLEHAND, 18), Pass(Seat.FOREHAND), Pass(Seat.REARHAND)]
    return [Pass(Seat.MIDDLEHAND), Bid(Seat.REARHAND, 18), Pass(Seat.FOREHAND)]


def play_one(seed: int, os_game: object) -> tuple[GameType, int]:
    game = GAME_CYCLE[seed % len(GAME_CYCLE)]
    declarer = Seat((seed // len(GAME_CYCLE)) % 3)
    rng = random.Random(seed)
    deal = random_deal(seed, INTERNATIONAL)
    os_state = os_game.new_initial_state()  # type: ignore[attr-defined]
    for action in openspiel_deal_actions(deal):
        assert os_state.is_chance_node()
        os_state.apply_action(action)
    for seat in Seat:
        assert os_state.current_player() == seat
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
    assert os_state.is_terminal(), (seed, game, "OpenSpiel goes on after our game ended")
    outcome = state.outcome()
    assert outcome is not None and outcome.result is not None
    if not game.is_null:
        # (a null game ended early: OpenSpiel hands out the unplayed cards' points; card points don't
        # matter in null, so only suit and grand games are compared)
        assert solo_points(os_state) == outcome.declarer_points, (seed, game)
    return game, decisions


def test_legal_cards_and_trick_winners_agree_with_openspiel() -> None:
    os_game = pyspiel.load_game("skat")
    decisions = 0
    per_game: dict[GameType, int] = dict.fromkeys(GameType, 0)
    for seed in range(GAMES):
        game, count = play_one(seed, os_game)
        per_game[game] += 1
        decisions += count
    assert all(n >= GAMES // len(GameType) for n in per_game.values())
    assert decisions > GAMES * 15
