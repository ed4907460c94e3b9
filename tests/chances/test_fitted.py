"""The terms fit to the experts' games (:mod:`trainer.chances.fitted`): a plain null after the pickup is
raised by its fitted shift and nothing else is, and the shift reaches the chance the bots and the coach
read."""

from __future__ import annotations

import math

import pytest

from trainer.cards import parse_cards
from trainer.chances import fitted as fitted_module
from trainer.chances import hand_chances, skat_chances
from trainer.chances.fitted import PLAIN_NULL_AFTER_PICKUP, fitted_shift
from trainer.deal import Seat
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.rules.bidding import allowed_declarations

NULL_TWELVE = "C7 C9 CQ S7 S8 SK H7 H9 D7 D8 DJ CA"
"""A null hand after the pickup: every suit held with its 7 but ♣A and ♦J to lay away."""


def _logit(p: float) -> float:
    return math.log(p / (1 - p))


def test_only_a_plain_null_after_the_pickup_is_shifted() -> None:
    assert PLAIN_NULL_AFTER_PICKUP > 0
    for profile in (INTERNATIONAL, DANISH):
        for d in allowed_declarations(profile):
            for moment in ("pre", "play"):
                plain_after_pickup = d == Declaration(GameType.NULL) and moment == "play"
                expected = PLAIN_NULL_AFTER_PICKUP if plain_after_pickup else 0.0
                assert fitted_shift(d, moment) == expected, (d, moment)


def test_the_shift_reaches_the_chance_after_the_pickup(monkeypatch: pytest.MonkeyPatch) -> None:
    twelve = parse_cards(NULL_TWELVE)
    null = Declaration(GameType.NULL)
    with_term = {c.declaration: c for c in skat_chances(INTERNATIONAL, twelve, Seat.FOREHAND)}
    monkeypatch.setattr(fitted_module, "PLAIN_NULL_AFTER_PICKUP", 0.0)
    without = {c.declaration: c for c in skat_chances(INTERNATIONAL, twelve, Seat.FOREHAND)}
    assert 0.01 < without[null].win < with_term[null].win < 0.99
    assert _logit(with_term[null].win) - _logit(without[null].win) == pytest.approx(
        PLAIN_NULL_AFTER_PICKUP, abs=0.01
    )
    assert with_term[null].discards == without[null].discards  # a level moves no discard
    for d, chance in with_term.items():
        if d != null:
            assert chance.win == without[d].win, d


def test_the_chance_before_the_pickup_is_untouched(monkeypatch: pytest.MonkeyPatch) -> None:
    ten = parse_cards("C7 C9 CQ S7 S8 SK H7 H9 D7 D8")
    before = hand_chances(INTERNATIONAL, ten, Seat.FOREHAND)
    monkeypatch.setattr(fitted_module, "PLAIN_NULL_AFTER_PICKUP", 0.0)
    assert hand_chances(INTERNATIONAL, ten, Seat.FOREHAND) == before
