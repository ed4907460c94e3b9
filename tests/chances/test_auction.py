"""Reading the auction (issue 41, item 4): a higher opposing bid or hold never raises a game's chance (most
of all a grand's), a grand without the lead is weaker, and the ceilings that follow are risk-aware."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.cards import ALL_CARDS, parse_cards
from trainer.chances import hand_chances
from trainer.chances.auction import AuctionRead, read_at, shift
from trainer.chances.worth import highest_worth_bid
from trainer.deal import Seat
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.rules.bidding import AuctionEvent, bid_ladder

GRAND = Declaration(GameType.GRAND)
CLUBS = Declaration(GameType.CLUBS)
ISSUE_HAND = parse_cards("CJ SJ CT CQ C9 SA HA HQ H8 D9")


def _chances_after(cards, seat: Seat, events):  # type: ignore[no-untyped-def]
    return {c.declaration: c for c in hand_chances(INTERNATIONAL, cards, seat, auction=events)}


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    low=st.sampled_from(bid_ladder(INTERNATIONAL)[:12]),
    rise=st.integers(1, 10),
    action=st.sampled_from(["bid", "hold"]),
)
def test_a_higher_opposing_bid_or_hold_never_raises_a_chance(
    seed: int, low: int, rise: int, action: str
) -> None:
    ladder = bid_ladder(INTERNATIONAL)
    high = ladder[min(len(ladder) - 1, ladder.index(low) + rise)]
    cards = random.Random(seed).sample(ALL_CARDS, 10)
    seat = Seat.REARHAND
    opponent = Seat.FOREHAND if action == "hold" else Seat.MIDDLEHAND
    before = _chances_after(cards, seat, [AuctionEvent(opponent, action, low)])  # type: ignore[arg-type]
    after = _chances_after(cards, seat, [AuctionEvent(opponent, action, high)])  # type: ignore[arg-type]
    nothing = _chances_after(cards, seat, [])
    for d, chance in after.items():
        assert chance.win <= before[d].win + 1e-9
        assert before[d].win <= nothing[d].win + 1e-9
        if (chance.max_bid or 0) and (before[d].max_bid or 0):
            assert chance.max_bid <= before[d].max_bid  # type: ignore[operator]


def test_a_grand_drops_most_and_the_issue_hand_reads_a_long_hold() -> None:
    """Rearhand ♣J ♠J ♣10 ♣Q ♣9 ♠A ♥A ♥Q ♥8 ♦9: after forehand holds to 46, clubs no longer goes *up*, and
    the grand falls more than clubs."""
    nothing = _chances_after(ISSUE_HAND, Seat.REARHAND, [])
    held = _chances_after(
        ISSUE_HAND,
        Seat.REARHAND,
        [AuctionEvent(Seat.MIDDLEHAND, "bid", 46), AuctionEvent(Seat.FOREHAND, "hold", 46)],
    )
    assert held[CLUBS].win < nothing[CLUBS].win
    assert nothing[GRAND].win - held[GRAND].win > nothing[CLUBS].win - held[CLUBS].win


def test_a_grand_without_the_lead_is_weaker() -> None:
    forehand = _chances_after(ISSUE_HAND, Seat.FOREHAND, [])
    for seat in (Seat.MIDDLEHAND, Seat.REARHAND):
        assert _chances_after(ISSUE_HAND, seat, [])[GRAND].win < forehand[GRAND].win
    assert shift("grand", AuctionRead(seat=1), INTERNATIONAL) < shift(
        "grand", AuctionRead(seat=0), INTERNATIONAL
    )


def test_an_opponent_who_passed_raises_the_chance_a_little() -> None:
    read = AuctionRead(passed=1, seat=2)
    assert shift("suit", read, INTERNATIONAL) > shift("suit", AuctionRead(seat=2), INTERNATIONAL)


def test_the_bid_to_reach_reads_an_opponent_at_the_bid_below() -> None:
    read = AuctionRead(seat=1)
    assert read_at(read, INTERNATIONAL.min_bid, INTERNATIONAL) == read
    later = read_at(read, 36, INTERNATIONAL)
    assert later.others_high == 35 and later.bidders == 1


def test_ceilings_are_risk_aware() -> None:
    """A 64 % grand and a 99 % grand of the same value get different ceilings (before: both "worth 48")."""
    from trainer.chances.core import _win_at

    spread = ((48, 1.0),)
    read = AuctionRead(seat=0)
    for profile in (INTERNATIONAL, DANISH):
        doubtful = highest_worth_bid(
            profile, GRAND, lambda bid, p=profile: _win_at(p, GRAND, 0.64, read, bid), spread
        )
        sure = highest_worth_bid(
            profile, GRAND, lambda bid, p=profile: _win_at(p, GRAND, 0.99, read, bid), spread
        )
        assert sure == 48
        assert doubtful is None or doubtful < sure
