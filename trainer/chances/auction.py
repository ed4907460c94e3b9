"""Reading the auction: what the other two have bid, held or passed, and the seat, as a shift of a game's
chance on the logit scale.

The networks were fit on auctions played by rules of thumb, and what they learnt of the auction is not
monotone (a longer hold against the seat raised a suit game's chance, issue 41). So the networks are asked
with a neutral auction (nothing said yet), and this layer reads the auction with a rule whose direction is
known, and whose sizes are **[choice]** numbers, not fit to data:

- every opponent who bid or held says "I have a game": the chance falls by a base step, and further the
  higher the bid they reached (per ten points of bid above the lowest bid), most for a grand (a grand needs
  the Jacks and Aces an opponent's game is built on), least for null (a null loses to a bad distribution,
  which an opponent's game says little about);
- both opponents bidding tells more than one;
- an opponent who passed without saying a bid is weak: a small rise;
- a grand without the opening lead (the declarer not in forehand) is weaker: the defenders lead first and
  fetch their Aces and Tens before the Jacks are drawn.

The shift never raises a chance when an opponent's bid or hold rises (``tests/chances/test_auction.py``
checks it over random hands with hypothesis). The same reading gives the chance at each rung of the ladder:
to have to bid ``b`` the seat faces an opponent who went to the bid below it, so the chance falls as the
bid rises and a doubtful game's ceiling comes earlier than a sure one's (:mod:`trainer.chances.worth`).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from trainer.chances.features import Kind
from trainer.profiles import RuleProfile
from trainer.rules.bidding import bid_ladder


@dataclass(frozen=True)
class AuctionRead:
    """What the seat heard: the highest bid the other two said or held (0: none), how many of them bid or
    held, how many passed without a bid, and the seat (0 forehand, 1 middlehand, 2 rearhand)."""

    others_high: int = 0
    bidders: int = 0
    passed: int = 0
    seat: int = 0


@dataclass(frozen=True)
class Reading:
    """The logit shifts of one kind of game. **[choice]** (see the module docstring)."""

    opponent_bid: float
    """An opponent bid or held at all."""
    per_ten: float
    """Per ten points of the highest opposing bid above the profile's lowest bid."""
    both_bid: float
    """Both opponents bid or held."""
    passed: float
    """Per opponent who passed without a bid (a rise)."""
    no_lead: float
    """The declarer does not lead the first trick (not forehand)."""


READINGS: dict[Kind, Reading] = {
    "suit": Reading(opponent_bid=0.15, per_ten=0.10, both_bid=0.10, passed=0.05, no_lead=0.0),
    "grand": Reading(opponent_bid=0.35, per_ten=0.20, both_bid=0.20, passed=0.10, no_lead=0.25),
    "null": Reading(opponent_bid=0.10, per_ten=0.05, both_bid=0.05, passed=0.02, no_lead=0.0),
}


def shift(kind: Kind, read: AuctionRead, profile: RuleProfile) -> float:
    """The logit shift of a ``kind`` game's chance for what the seat heard (≤ 0 unless opponents passed)."""
    r = READINGS[kind]
    total = -r.no_lead if read.seat != 0 else 0.0
    if read.bidders > 0:
        total -= r.opponent_bid + r.per_ten * max(0, read.others_high - profile.min_bid) / 10.0
    if read.bidders > 1:
        total -= r.both_bid
    return total + r.passed * read.passed


def read_at(read: AuctionRead, bid: int, profile: RuleProfile) -> AuctionRead:
    """What the seat will have heard when it has to go to ``bid``: an opponent went to the bid below it
    (nothing more when ``bid`` is no higher than what is said already, or the lowest bid)."""
    below = _rung_below(profile, bid)
    if below <= read.others_high:
        return read
    return AuctionRead(below, max(read.bidders, 1), min(read.passed, 1), read.seat)


@functools.lru_cache(maxsize=1024)
def _rung_below(profile: RuleProfile, bid: int) -> int:
    """The ladder bid just below ``bid`` (0: none)."""
    return max((b for b in bid_ladder(profile) if b < bid), default=0)


def adjusted(chance: float, delta: float) -> float:
    """``chance`` moved by ``delta`` on the logit scale."""
    if delta == 0.0:
        return chance
    clipped = min(max(chance, 1e-6), 1 - 1e-6)
    z = math.log(clipped / (1 - clipped)) + delta
    return 1.0 / (1.0 + math.exp(-z))
