"""The bid ladder, the games behind each bid, the auction order and its messages, and the hand bid table."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.cards import parse_cards
from trainer.deal import Seat
from trainer.errors import BidError
from trainer.games import Declaration, GameType
from trainer.moves import Bid, Hold, Pass
from trainer.profiles import DANISH, INTERNATIONAL, AllPass, RuleProfile
from trainer.rules import SkatGame
from trainer.rules.bidding import (
    Auction,
    BidOption,
    bid_ladder,
    bid_table,
    games_for_bid,
    highest_safe_bid,
    is_valid_bid,
    next_bid,
    next_bids,
)

FORE, MIDDLE, REAR = Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND
BOTH = [DANISH, INTERNATIONAL]
DAEKKER_69 = DANISH.with_options(daekker_premium_value=True)


def _ladder_by_hand(suit_max: int, grand_base: int, grand_max: int, nulls: set[int], floor: int) -> list[int]:
    """The ladder from RULES §4's multiplier ranges: every multiplier from 2 up to the maximum."""
    values = {base * m for base in (9, 10, 11, 12) for m in range(2, suit_max + 1)}
    values |= {grand_base * m for m in range(2, grand_max + 1)}
    return sorted(v for v in values | nulls if v >= floor)


# --- ladder ---------------------------------------------------------------------------------------------
def test_international_ladder() -> None:
    ladder = bid_ladder(INTERNATIONAL)
    start = [18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60]
    assert list(ladder[: len(start)]) == start
    assert ladder[-1] == 264  # grand with 4 + 7 levels = 11 × 24
    assert ladder[-3:] == (216, 240, 264)  # 18 × 12, 10 × 24, 11 × 24
    # suit up to × 18, grand up to × 11, nulls 23/35/46/59
    assert list(ladder) == _ladder_by_hand(18, 24, 11, {23, 35, 46, 59}, 18)


def test_danish_ladder() -> None:
    ladder = bid_ladder(DANISH)
    start = [24, 27, 30, 33, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63, 66]
    assert list(ladder[: len(start)]) == start
    assert ladder[-1] == 220  # grand 4 + spil, på bordet, af hånden, Skrædder, Sort, Musik 2 = 11 × 20
    assert 200 in ladder  # 10 × 20, not an international value
    assert 69 not in ladder and 18 not in ladder and 23 not in ladder
    assert list(ladder) == _ladder_by_hand(18, 20, 11, {46, 59}, 24)


def test_daekker_premium_puts_69_on_the_ladder() -> None:
    ladder = bid_ladder(DAEKKER_69)
    assert 69 in ladder and 59 not in ladder
    assert 200 not in bid_ladder(INTERNATIONAL)


def test_the_sources_errors_are_not_repeated() -> None:
    # 55 = spades × 5 exists (002 jumps 54 → 59); 63 = diamonds × 7 exists (000 skips it)
    assert is_valid_bid(INTERNATIONAL, 55) and is_valid_bid(DANISH, 55)
    assert is_valid_bid(DANISH, 63)
    # 24 is clubs × 2, never grand × 1
    assert games_for_bid(INTERNATIONAL, 24) == [BidOption(GameType.CLUBS, 2)]


def test_games_for_bid() -> None:
    assert games_for_bid(INTERNATIONAL, 36) == [
        BidOption(GameType.CLUBS, 3),
        BidOption(GameType.DIAMONDS, 4),
    ]
    assert set(games_for_bid(DANISH, 40)) == {BidOption(GameType.HEARTS, 4), BidOption(GameType.GRAND, 2)}
    assert games_for_bid(INTERNATIONAL, 23) == [BidOption(Declaration(GameType.NULL), None)]
    (daekker,) = games_for_bid(DAEKKER_69, 69)
    assert daekker.kind == Declaration(GameType.NULL, hand=True, ouvert=True)
    assert games_for_bid(INTERNATIONAL, 19) == []
    # 216: clubs × 18 only (grand would need × 9 = 216 → 24 × 9 = 216 too!)
    assert set(games_for_bid(INTERNATIONAL, 216)) == {
        BidOption(GameType.CLUBS, 18),
        BidOption(GameType.GRAND, 9),
    }


def test_next_bid() -> None:
    assert next_bid(INTERNATIONAL, None) == 18
    assert next_bid(INTERNATIONAL, 18) == 20
    assert next_bid(INTERNATIONAL, 23) == 24
    assert next_bid(DANISH, None) == 24
    assert next_bid(DANISH, 55) == 59
    assert next_bids(INTERNATIONAL, 24) == (27, 30, 33)
    with pytest.raises(BidError):
        next_bid(INTERNATIONAL, 264)


@given(st.sampled_from([*BOTH, DAEKKER_69]))
def test_ladder_invariants(profile: RuleProfile) -> None:
    ladder = bid_ladder(profile)
    assert all(a < b for a, b in itertools.pairwise(ladder))
    assert ladder[0] == profile.min_bid


@given(st.sampled_from([*BOTH, DAEKKER_69]), st.data())
def test_every_ladder_value_has_a_game(profile: RuleProfile, data: st.DataObject) -> None:
    value = data.draw(st.sampled_from(bid_ladder(profile)))
    options = games_for_bid(profile, value)
    assert options
    for option in options:
        if isinstance(option.kind, GameType):
            assert option.multiplier is not None
            assert profile.base_value(option.kind) * option.multiplier == value


@given(st.integers(1, 300))
def test_values_off_the_ladder_have_no_game(value: int) -> None:
    assert is_valid_bid(INTERNATIONAL, value) == bool(games_for_bid(INTERNATIONAL, value))


# --- the auction ----------------------------------------------------------------------------------------
def test_textbook_bidding_example() -> None:
    a = Auction(DANISH)
    assert a.expected() == (MIDDLE, "bid")
    for value in (24, 27, 30, 33, 36, 40, 44):
        a.bid(MIDDLE, value)
        assert a.expected() == (FORE, "answer")
        a.hold(FORE)
    a.pass_(MIDDLE)
    assert a.expected() == (REAR, "bid")
    a.bid(REAR, 45)
    a.hold(FORE)
    a.bid(REAR, 46)
    a.hold(FORE)
    a.bid(REAR, 48)
    a.pass_(FORE)
    assert (a.finished, a.declarer, a.bid_value, a.all_passed) == (True, REAR, 48, False)
    assert len(a.history) == 7 * 2 + 1 + 5 + 1
    assert a.history[1].action == "hold" and a.history[1].value == 24


def test_middlehand_passes_rearhand_bids_to_forehand() -> None:
    a = Auction.replay(INTERNATIONAL, [Pass(MIDDLE), Bid(REAR, 18), Pass(FORE)])
    assert (a.declarer, a.bid_value) == (REAR, 18)


def test_forehand_drops_out_first() -> None:
    # ISS: 1 18 0 y 1 20 0 p 2 22 1 y ... 2 36 1 p → rearhand at 36
    a = Auction(INTERNATIONAL)
    a.bid(MIDDLE, 18)
    a.hold(FORE)
    a.bid(MIDDLE, 20)
    a.pass_(FORE)
    assert a.expected() == (REAR, "bid")
    for value in (22, 23, 24, 27, 30, 33, 35, 36):
        a.bid(REAR, value)
        assert a.expected() == (MIDDLE, "answer")
        a.hold(MIDDLE)
    a.bid(REAR, 40)
    a.pass_(MIDDLE)
    assert (a.declarer, a.bid_value) == (REAR, 40)


def test_survivor_keeps_the_game_when_rearhand_passes() -> None:
    a = Auction.replay(INTERNATIONAL, [Bid(MIDDLE, 18), Pass(FORE), Pass(REAR)])
    assert (a.declarer, a.bid_value) == (MIDDLE, 18)
    held = Auction.replay(
        INTERNATIONAL,
        [Bid(MIDDLE, 18), Hold(FORE), Pass(MIDDLE), Pass(REAR)],
    )
    assert (held.declarer, held.bid_value) == (FORE, 18)


def test_forehand_opens_after_two_passes() -> None:
    a = Auction.replay(INTERNATIONAL, [Pass(MIDDLE), Pass(REAR)])
    assert a.expected() == (FORE, "bid") and a.legal_bids()[:3] == (18, 20, 22)
    a.bid(FORE, 18)
    assert (a.finished, a.declarer, a.bid_value) == (True, FORE, 18)


def test_forehand_may_open_above_the_lowest_bid() -> None:
    """The bot protocol allows any ladder value for forehand's opening after two passes (`1 p 2 p 0 20`)."""
    a = Auction.replay(INTERNATIONAL, [Pass(MIDDLE), Pass(REAR)])
    a.bid(FORE, 20)
    assert (a.finished, a.declarer, a.bid_value) == (True, FORE, 20)
    with pytest.raises(BidError):
        Auction.replay(INTERNATIONAL, [Pass(MIDDLE), Pass(REAR)]).bid(FORE, 19)


@pytest.mark.parametrize(("profile", "rule"), [(INTERNATIONAL, AllPass.PASSED_IN), (DANISH, AllPass.RAMSE)])
def test_all_pass(profile: RuleProfile, rule: AllPass) -> None:
    a = Auction.replay(profile, [Pass(MIDDLE), Pass(REAR), Pass(FORE)])
    assert a.finished and a.all_passed and a.declarer is None
    state = SkatGame(profile).auction([Pass(MIDDLE), Pass(REAR), Pass(FORE)])
    assert state.all_passed and SkatGame(profile).all_pass is rule  # the deal state decides what follows


def test_jumps_are_allowed() -> None:
    a = Auction(INTERNATIONAL)
    a.bid(MIDDLE, 48)
    a.hold(FORE)
    a.bid(MIDDLE, 60)
    assert a.bid_value == 60


# --- every refusal, in words ----------------------------------------------------------------------------
def test_bid_not_on_the_ladder() -> None:
    a = Auction(INTERNATIONAL)
    with pytest.raises(BidError, match=r"^28 is not a bid: the next bids after 27 are 30, 33, 35\.$"):
        a.bid(MIDDLE, 28)
    with pytest.raises(BidError, match=r"^17 is not a bid: bidding starts at 18 under the international"):
        a.bid(MIDDLE, 17)
    with pytest.raises(BidError, match=r"^265 is not a bid: no game is worth more than 264\.$"):
        a.bid(MIDDLE, 265)
    d = Auction(DANISH)
    with pytest.raises(BidError, match=r"^18 is not a bid: bidding starts at 24 under the Danish textbook"):
        d.bid(MIDDLE, 18)
    with pytest.raises(BidError, match=r"^69 is not a bid: the next bids after 66 are 70, 72, 77\.$"):
        d.bid(MIDDLE, 69)
    assert a.history == [] and d.history == []  # refused bids leave no trace


def test_bid_not_higher() -> None:
    a = Auction(DANISH)
    a.bid(MIDDLE, 27)
    a.hold(FORE)
    with pytest.raises(
        BidError, match=r"^24 is not higher than the 27 already said: the next bids are 30, 33, 36"
    ):
        a.bid(MIDDLE, 24)
    with pytest.raises(BidError, match="27 is not higher"):
        a.bid(MIDDLE, 27)


def test_top_of_the_ladder_message() -> None:
    a = Auction(INTERNATIONAL)
    a.bid(MIDDLE, 264)
    a.hold(FORE)
    with pytest.raises(BidError, match="no higher bid exists"):
        a.bid(MIDDLE, 264)


def test_out_of_turn() -> None:
    a = Auction(INTERNATIONAL)
    with pytest.raises(BidError, match=r"^It is middlehand's turn to bid, not rearhand's\.$"):
        a.bid(REAR, 18)
    a.bid(MIDDLE, 18)
    with pytest.raises(BidError, match=r"^It is forehand's turn to answer, not middlehand's\.$"):
        a.bid(MIDDLE, 20)
    with pytest.raises(BidError, match="forehand's turn"):
        a.pass_(REAR)


def test_wrong_kind_of_action() -> None:
    a = Auction(INTERNATIONAL)
    with pytest.raises(BidError, match="Nobody has bid yet, so there is nothing to hold"):
        a.hold(MIDDLE)
    a.bid(MIDDLE, 18)
    with pytest.raises(BidError, match=r"^Forehand answers the bid of 18: hold \(yes\) or pass\."):
        a.bid(FORE, 20)
    a.hold(FORE)
    with pytest.raises(BidError, match="Middlehand is the one bidding here"):
        a.hold(MIDDLE)


def test_forehand_opens_on_the_ladder_only() -> None:
    """After two passes forehand may open at any ladder value (BOT_PROTOCOL: "the profile's lowest bid, or
    another ladder value"), never off the ladder or below the Danish 24."""
    a = Auction.replay(DANISH, [Pass(MIDDLE), Pass(REAR)])
    with pytest.raises(BidError):
        a.bid(FORE, 18)
    with pytest.raises(BidError):
        a.bid(FORE, 25)
    a.bid(FORE, 27)
    assert (a.declarer, a.bid_value) == (FORE, 27)


def test_no_actions_after_the_end() -> None:
    a = Auction.replay(INTERNATIONAL, [Bid(MIDDLE, 18), Pass(FORE), Pass(REAR)])
    with pytest.raises(BidError, match=r"^The bidding is over: middlehand won it at 18\.$"):
        a.expected()
    with pytest.raises(BidError, match="bidding is over"):
        a.pass_(FORE)
    passed = Auction.replay(INTERNATIONAL, [Pass(MIDDLE), Pass(REAR), Pass(FORE)])
    with pytest.raises(BidError, match="everyone passed"):
        passed.bid(FORE, 18)


# --- highest bid for a hand -----------------------------------------------------------------------------
def test_textbook_example_hands() -> None:
    # rearhand (the dealer) holds ♣J ♠J ♥J and wants clubs: med 3, spil 4 = 48
    dealer = parse_cards("CJ SJ HJ CA CT CK C9 SA HA D7")
    assert highest_safe_bid(DANISH, dealer, GameType.CLUBS) == 48
    # middlehand holds only ♦J and wants spades: uden 3, spil 4 = 44
    middle = parse_cards("DJ SA ST SK SQ S9 S8 HA H7 D8")
    assert highest_safe_bid(DANISH, middle, GameType.SPADES) == 44
    # forehand goes to 46 with Nul-ouvert (the cheapest Danish null)
    forehand = parse_cards("C7 C8 C9 S7 S8 H7 H8 H9 D7 D8")
    assert highest_safe_bid(DANISH, forehand, GameType.NULL) == 46
    assert highest_safe_bid(INTERNATIONAL, forehand, GameType.NULL) == 23


def test_known_skat_changes_the_safe_bid() -> None:
    hand = parse_cards("HJ DJ HA HT HK HQ H9 S7 S8 D7")
    assert highest_safe_bid(DANISH, hand, GameType.HEARTS) == 30  # uden 2, spil 3
    assert highest_safe_bid(DANISH, hand, GameType.HEARTS, parse_cards("CJ C7")) == 20  # med 1, spil 2
    grand = Declaration(GameType.GRAND, hand=True, ouvert=True)
    # med 1, spil 2, på bordet 3, af hånden 4 = 80 (the textbook's grand example 1)
    assert highest_safe_bid(DANISH, parse_cards("CJ CA CT SA ST HA HT DA DT D9"), grand) == 80


def test_bid_table() -> None:
    hand = parse_cards("CJ SJ HJ CA CT CK C9 SA HA D7")
    plain = bid_table(INTERNATIONAL, hand, with_variants=False)
    values = {row.declaration.describe(): row.value for row in plain}
    # with 3, game 4: clubs 48, spades 44, hearts 40, diamonds 36, grand 96; nulls fixed
    assert values == {
        "clubs": 48,
        "spades": 44,
        "hearts": 40,
        "diamonds": 36,
        "grand": 96,
        "null": 23,
        "null hand": 35,
        "null ouvert": 46,
        "null ouvert hand": 59,
    }
    assert [row.value for row in plain] == sorted((row.value for row in plain), reverse=True)
    full = bid_table(DANISH, hand)
    assert full[0].declaration == Declaration(GameType.GRAND, hand=True, ouvert=True)
    assert full[0].value == 6 * 20  # med 3, spil 4, på bordet 5, af hånden 6
    assert all(row.declaration.musik == 0 for row in full)


@given(st.sampled_from(BOTH), st.data())
def test_random_auctions_end_consistently(profile: RuleProfile, data: st.DataObject) -> None:
    a = Auction(profile)
    for _ in range(200):
        if a.finished:
            break
        seat, role = a.expected()
        if role == "answer":
            if data.draw(st.booleans()):
                a.hold(seat)
            else:
                a.pass_(seat)
        elif not a.legal_bids() or data.draw(st.integers(0, 3)) == 0:
            a.pass_(seat)
        else:
            a.bid(seat, data.draw(st.sampled_from(a.legal_bids())))
    assert a.finished
    passed = [e.seat for e in a.history if e.action == "pass"]
    assert len(passed) == len(set(passed))  # nobody passes twice
    if a.declarer is None:
        assert a.all_passed and len(passed) == 3 and a.bid_value is None
    else:
        assert a.declarer not in passed and len(passed) == 2
        said = [e.value for e in a.history if e.action == "bid"]
        assert a.bid_value == max(v for v in said if v is not None)
        assert is_valid_bid(profile, a.bid_value)
