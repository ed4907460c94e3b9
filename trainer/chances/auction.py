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
  fetch their Aces and Tens before the Jacks are drawn;
- a suit game's seat: the one term here that is **fit to data**, not chosen. The experts' suit games in
  the four long self-play runs (benchmarks/results/chances-seed{2024,3000,5000,7000}.jsonl, both
  profiles, 1,336 suit games; the term a run was played with is taken back first) were won more often
  than their chance in rearhand;
  ``scripts/calibrate_chances.py --seats`` fits one logit shift per seat by maximum likelihood over the
  chance each declarer gave (the numbers below, rounded, with their 95 % intervals there).

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
    seat: tuple[float, float, float] = (0.0, 0.0, 0.0)
    """Added for the declarer's seat (forehand, middlehand, rearhand); fit to the experts' games."""


SUIT_SEAT = (0.0, 0.0, 0.28)
"""A suit game's logit shift per seat (forehand, middlehand, rearhand), fit by
``scripts/calibrate_chances.py --seats`` on the 1,336 suit games of the four long runs (seeds 2024, 3000,
5000 and 7000, both profiles together; the last two were played with a rearhand term of +0.44, which the
fit takes back first: ``chances-seed5000.jsonl@0,0,0.44``): forehand -0.19 (95 % -0.45 to +0.06),
middlehand -0.01 (-0.26 to +0.25), rearhand +0.28 (+0.04 to +0.51). A seat keeps its term only where the
interval excludes 0, so only rearhand has one (forehand's would also make forehand pass hands that score
above nothing after two passes, ``tests/chances/test_bidding_alone.py``, on a fit the data do not pin
down). The first fit, on the runs of seeds 2024 and 3000 alone, said +0.44 (+0.05 to +0.83); the two runs
played with it won their rearhand suit games less often than said (-0.26, -0.56 to +0.04), and the fit
over all four settles between. The same numbers serve both profiles: per profile the rearhand terms are
+0.29 (international) and +0.26 (Danish). A grand's seat term is fit after the recalibration, where its
forced grands were measured: :data:`trainer.chances.fitted.GRAND_FOREHAND` takes back part of the forehand
grand's lead (the network's and ``no_lead``'s together were more than the experts' games bore out)."""

READINGS: dict[Kind, Reading] = {
    "suit": Reading(opponent_bid=0.15, per_ten=0.10, both_bid=0.10, passed=0.05, no_lead=0.0, seat=SUIT_SEAT),
    "grand": Reading(opponent_bid=0.35, per_ten=0.20, both_bid=0.20, passed=0.10, no_lead=0.25),
    "null": Reading(opponent_bid=0.10, per_ten=0.05, both_bid=0.05, passed=0.02, no_lead=0.0),
}


def shift(kind: Kind, read: AuctionRead, profile: RuleProfile) -> float:
    """The logit shift of a ``kind`` game's chance for what the seat heard (≤ 0 unless opponents passed)."""
    r = READINGS[kind]
    total = r.seat[read.seat] - (r.no_lead if read.seat != 0 else 0.0)
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


def adjusted(chance: float, delta: float, slope: float = 1.0) -> float:
    """``chance`` moved on the logit scale: ``delta + slope * logit(chance)`` (a shift, or with ``slope`` a
    recalibration line)."""
    if delta == 0.0 and slope == 1.0:
        return chance
    clipped = min(max(chance, 1e-6), 1 - 1e-6)
    z = delta + slope * math.log(clipped / (1 - clipped))
    return 1.0 / (1.0 + math.exp(-z))
