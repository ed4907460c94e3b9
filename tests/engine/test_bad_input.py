"""Bad input to the Python API raises the engine's error family (SkatError) with a message a learner can
read — never a bare ValueError, TypeError, AttributeError or an "internal error"."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.cards import parse_card, parse_cards
from trainer.deal import Seat, random_deal
from trainer.errors import BidError, CardParseError, DealError, RecordError, SkatError
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.records.iss import parse_record
from trainer.rules.bidding import Auction
from trainer.rules.play import GameState
from trainer.rules.settlement import danish_money
from trainer.rules.value import evaluate_game

from .iss_sample import by_id

GOOD = by_id("541932")
"""A played sample record: ``... 1 p 2 18 0 p 2 s w H8.CK 2 D.ST.H8 0 SA ...``."""


def _with_moves(old: str, new: str) -> str:
    assert old in GOOD
    return GOOD.replace(old, new, 1)


@pytest.mark.parametrize("bad", [None, 17, 3.5, ["CJ"]])
def test_parse_card_of_something_that_is_not_text(bad: object) -> None:
    with pytest.raises(CardParseError, match="written as text"):
        parse_card(bad)  # type: ignore[arg-type]
    with pytest.raises(CardParseError, match="written as text"):
        parse_cards(bad)  # type: ignore[arg-type]


def test_control_characters_are_shown_escaped() -> None:
    with pytest.raises(CardParseError) as caught:
        parse_card("C\x07J")
    assert "C\\x07J" in str(caught.value) and "\x07" not in str(caught.value)
    with pytest.raises(CardParseError) as caught:
        parse_card("\u200fXX")
    assert "\\u200f" in str(caught.value)


@pytest.mark.parametrize("bad", ["18", math.nan, 18.5, 18.0, True, None])
def test_a_bid_must_be_a_whole_number(bad: object) -> None:
    auction = Auction(INTERNATIONAL)
    with pytest.raises(BidError, match="whole number"):
        auction.bid(Seat.MIDDLEHAND, bad)  # type: ignore[arg-type]
    assert auction.history == []


@pytest.mark.parametrize("bad", [5, -1, 3.0, "x"])
def test_a_seat_outside_the_table(bad: object) -> None:
    with pytest.raises(DealError, match="not a seat"):
        GameState(INTERNATIONAL, random_deal(1, INTERNATIONAL), bad, Declaration(GameType.CLUBS))  # type: ignore[arg-type]


@pytest.mark.parametrize("rates", [("abc", "1"), ("1", "NaN"), ("-5", "10"), (True, 1), (None, 1)])
def test_danish_money_rates_must_be_amounts(rates: tuple[object, object]) -> None:
    result = evaluate_game(
        DANISH, Declaration(GameType.CLUBS), matadors=2, bid=36, declarer_points=70, declarer_tricks=6
    )
    with pytest.raises(SkatError, match="amount of øre"):
        danish_money(result, rates=rates)  # type: ignore[arg-type]
    assert danish_money(result, rates=("5", 10)).declarer > 0


@pytest.mark.parametrize("digits", ["²³", "١٨", "１８", "۱۸"])
def test_iss_bids_with_digits_other_than_ascii(digits: str) -> None:
    assert digits.isdigit()
    with pytest.raises(RecordError, match="digits 0-9"):
        parse_record(_with_moves("2 18 0 p", f"2 {digits} 0 p"))


def test_a_bid_of_five_thousand_digits_is_refused_at_once() -> None:
    with pytest.raises(RecordError, match="5000 digits"):
        parse_record(_with_moves("2 18 0 p", f"2 {'9' * 5000} 0 p"))


def test_a_stray_dot_names_the_problem() -> None:
    with pytest.raises(RecordError, match=r"a '\.' stands where a card should be"):
        parse_record(_with_moves("w H8.CK", "w H8..CK"))


def test_extra_cards_after_the_discards_of_a_closed_game() -> None:
    with pytest.raises(RecordError, match="not open"):
        parse_record(_with_moves("2 D.ST.H8", "2 D.ST.H8.CJ"))


@given(st.text(max_size=40))
def test_any_move_text_is_an_error_of_the_family_or_parses(junk: str) -> None:
    try:
        parse_record(_with_moves("0 SA", f"0 {junk or 'x'}"))
    except SkatError as error:
        assert str(error) and "\x00" not in str(error)
