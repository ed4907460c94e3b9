"""The open-game check within a bot's thinking budget (issue 46: a computer's pickup or declaration took
seconds while the open-hand solver played its layouts): layouts not played by the deadline count as lost,
so an open game is declared only on the evidence there was time for; with time enough the share is the
full check's."""

from __future__ import annotations

import time

from trainer.cards import parse_cards
from trainer.chances.core import hand_chances
from trainer.chances.open_check import checked_open, open_share, open_share_within
from trainer.deal import Seat
from trainer.games import Declaration
from trainer.profiles import DANISH

HAND = parse_cards("CJ DJ CA CT CK C9 C7 SA HQ H8")
"""The textbook's chapter 6 hand: clubs på bordet, advised by the full check."""


def _open_advised(deadline: float | None) -> list[Declaration]:
    checked = checked_open(
        hand_chances(DANISH, HAND, Seat.FOREHAND), DANISH, HAND, Seat.FOREHAND, deadline=deadline
    )
    return [c.declaration for c in checked if c.declaration.ouvert and c.max_bid is not None]


def test_no_time_left_means_no_open_game() -> None:
    assert _open_advised(None)  # the full check advises one
    assert _open_advised(time.monotonic() - 1) == []


def test_with_time_enough_the_share_is_the_full_checks() -> None:
    ten = tuple(sorted(HAND, key=lambda card: card.index))
    declaration = _open_advised(None)[0]
    full = open_share(DANISH, ten, Seat.FOREHAND, declaration, ())
    within = open_share_within(DANISH, ten, Seat.FOREHAND, declaration, (), deadline=time.monotonic() + 600)
    assert within == full
    assert (
        open_share_within(DANISH, ten, Seat.FOREHAND, declaration, (), deadline=time.monotonic() - 1) == full
    )  # kept
