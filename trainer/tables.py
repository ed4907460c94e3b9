"""Shared tables: three people at one virtual table, or two and a computer (duel mode). No Streamlit here.

A table has three *places* around it (0, 1, 2 clockwise). The dealer moves one place on after every deal,
so the seat a place plays (forehand, middlehand, rearhand) rotates: in deal ``n`` (from 1) forehand is
place ``(n - 1) % 3``. A table is joined with its code, which is drawn with :mod:`secrets` and long enough
not to be guessed (at least 40 bits; joins are rate-limited like class codes).

>>> [int(seat_of_place(place, 1)) for place in range(3)]
[0, 1, 2]
>>> [int(seat_of_place(place, 2)) for place in range(3)]
[2, 0, 1]
>>> place_of_seat(seat_of_place(2, 7), 7)
2
>>> CODE_BITS >= 40
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.deal import PLAYING_SEATS, Seat
from trainer.errors import N_, SkatError
from trainer.evening import BotDecision, decide, house_options
from trainer.game import DealState, HouseOptions, Move, SkatGame
from trainer.moves import seat_of
from trainer.profiles import RuleProfile
from trainer.teacher import JOIN_CODE_ALPHABET, new_code

TABLE_CODE_LENGTH = 9
CODE_BITS = TABLE_CODE_LENGTH * math.log2(len(JOIN_CODE_ALPHABET))
"""Entropy of a table code: 9 letters from a 31-letter alphabet are about 44.6 bits."""
IDLE_SECONDS = 60
"""How long a seat may wait to move before a computer plays for it (until its player is back)."""
SEAT_KINDS = ("human", "bot", "empty")


def new_table_code() -> str:
    """A fresh, unguessable table code."""
    return new_code(TABLE_CODE_LENGTH)


def seat_of_place(place: int, deal_number: int) -> Seat:
    """The seat the player at ``place`` plays in deal ``deal_number`` (1, 2, ...)."""
    return Seat((place - (deal_number - 1)) % PLAYING_SEATS)


def place_of_seat(seat: Seat, deal_number: int) -> int:
    """The place whose player plays ``seat`` in deal ``deal_number``."""
    return (int(seat) + deal_number - 1) % PLAYING_SEATS


# --- one deal at a shared table ----------------------------------------------------------------------------


def rebuild_deal(profile: RuleProfile, seed: int, moves: Sequence[Move]) -> DealState:
    """The deal after its stored moves, with the Play page's house options (each move checked again)."""
    state = SkatGame(profile, HouseOptions(**house_options(profile))).new_deal(seed)
    for move in moves:
        state.apply(move)
    return state


def apply_for_place(state: DealState, place: int, deal_number: int, move: Move) -> None:
    """A player's move: it must be for the seat their place plays in this deal, and legal (the engine's
    error otherwise; nothing changes)."""
    mine = seat_of_place(place, deal_number)
    if seat_of(move) is not mine:
        raise SkatError.of(N_("You play {seat} in this deal; that move is not yours to make."), seat=mine)
    state.apply(move)


@dataclass(frozen=True)
class Turn:
    """Whose move it is at a table: the seat and place to move, whether a computer makes it (a computer
    seat, an away player, or one idle for longer than the table allows), and the seconds left before an
    idle human is replaced."""

    seat: Seat
    place: int
    by_computer: bool
    idle_left: float | None


def turn(
    state: DealState,
    deal_number: int,
    kinds: Sequence[str],
    away: Sequence[bool],
    *,
    idle_seconds: float,
    waited: float,
) -> Turn | None:
    """Who moves next (None when the deal is over). ``kinds``/``away`` per place; ``waited``: seconds since
    the last move of the deal (or its start).

    >>> from trainer.profiles import DANISH
    >>> s = rebuild_deal(DANISH, 3, [])
    >>> turn(s, 1, ("human", "bot", "human"), (False, False, False), idle_seconds=60, waited=15)
    Turn(seat=<Seat.FOREHAND: 0>, place=0, by_computer=False, idle_left=45.0)
    """
    seat = state.to_move
    if seat is None:
        return None
    place = place_of_seat(seat, deal_number)
    if kinds[place] != "human" or away[place]:
        return Turn(seat, place, True, None)
    left = max(0.0, float(idle_seconds) - float(waited))
    return Turn(seat, place, left <= 0, left)


def computer_move(state: DealState, level: str, *, seed: int, time_ms: int = 400) -> BotDecision:
    """The computer's move for the seat to move, from that seat's own view (the same players as the Play
    page and ``skat-trainer bot``)."""
    seat = state.to_move
    if seat is None:
        raise SkatError.of(N_("The deal is over; nobody is to move."))
    rng = random.Random(seed * 1000 + len(state.history))
    return decide(state.view(seat), level, rng=rng, time_ms=time_ms)
