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

from trainer.deal import PLAYING_SEATS, Seat
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
