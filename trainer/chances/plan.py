"""One recommendation per auction decision, and what any other answer costs.

A seat does not choose its game before the auction ends: it chooses how high to go, and at the bid it wins
it plays the game with the best expected score there. So the recommendation is a *plan*
(:class:`BidPlan`): at each rung of the ladder from the bid the seat faces now, the declaration with the
best expected score among those still worth it there (:meth:`GameChance.expected_at` reads what the auction
to that bid says), and the ceiling where the best of them no longer beats passing. The ceiling is therefore
the highest ceiling of any game the hand has — no listed game is worth more — and the game the plan starts
with is the best at the bid faced now; where the best game changes on the way up (clubs at the low bids,
grand above), the plan says so.

An answer ("bid up to N and play d", or pass) is judged by its expected score over where the auction may
end (:func:`answer_value`): the bid the seat would have to reach, drawn from how high the other two hands
of random deals are worth bidding by this model (``prices.json``, written by
``scripts/auction_prices.py``); above its N the seat passes and scores what passing scores. Its cost is the
best answer's value minus its own.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from trainer.chances.core import GameChance
from trainer.chances.worth import passing_score, scheme_for
from trainer.deal import Seat
from trainer.games import Declaration
from trainer.profiles import RuleProfile
from trainer.rules.bidding import bid_ladder

PRICES_PATH = Path(__file__).with_name("prices.json")


@dataclass(frozen=True)
class PlanStep:
    """From bid ``low`` to ``high`` the plan plays ``chance`` (its best expected score there)."""

    low: int
    high: int
    chance: GameChance


@dataclass(frozen=True)
class BidPlan:
    """The recommendation from the bid ``start`` on: the steps up to the ``ceiling`` (None and no steps:
    pass)."""

    start: int
    ceiling: int | None
    steps: tuple[PlanStep, ...]

    @property
    def lead(self) -> GameChance | None:
        """The game played if the auction stops at the bid faced now (None: pass)."""
        return self.steps[0].chance if self.steps else None

    def game_at(self, bid: int) -> GameChance | None:
        """The game the plan plays when the auction ends at ``bid`` (None above the ceiling: pass)."""
        return next((step.chance for step in self.steps if step.low <= bid <= step.high), None)


def bid_plan(chances: Sequence[GameChance], profile: RuleProfile, start: int | None = None) -> BidPlan:
    """The plan of :mod:`this module <trainer.chances.plan>` for the bid ``start`` (default the lowest)."""
    begin = max(start or profile.min_bid, profile.min_bid)
    worth = [c for c in chances if c.max_bid is not None and c.max_bid >= begin]
    if not worth:
        return BidPlan(begin, None, ())
    ceiling = max(c.max_bid for c in worth if c.max_bid is not None)
    steps: list[PlanStep] = []
    for bid in (b for b in bid_ladder(profile) if begin <= b <= ceiling):
        best = max(
            (c for c in worth if c.max_bid is not None and c.max_bid >= bid),
            key=lambda c: (c.expected_at(profile, bid), c.win),
        )
        if steps and steps[-1].chance == best:
            steps[-1] = PlanStep(steps[-1].low, bid, best)
        else:
            steps.append(PlanStep(bid, bid, best))
    return BidPlan(begin, ceiling, tuple(steps))


# ---- what an answer is worth ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=8)
def _prices() -> dict[str, dict[str, dict[int, float]]]:
    data = json.loads(PRICES_PATH.read_text(encoding="utf-8"))
    return {
        profile: {seat: {int(b): float(p) for b, p in odds.items()} for seat, odds in seats.items()}
        for profile, seats in data["prices"].items()
    }


def price_odds(profile: RuleProfile, seat: Seat) -> tuple[tuple[int, float], ...]:
    """How likely the seat is to have to go to each bid before the other two stop (nothing said yet): from
    random deals whose other two hands bid as this model advises (``prices.json``). A profile without a
    table: the lowest bid for certain."""
    odds = _prices().get(profile.name, {}).get(seat.name.lower())
    if not odds:
        return ((profile.min_bid, 1.0),)
    return tuple(sorted(odds.items()))


def answer_value(
    profile: RuleProfile,
    seat: Seat,
    ceiling: int | None,
    game_at: GameChance | BidPlan | None,
) -> float:
    """The expected score of an answer: go up to ``ceiling`` (None: pass at once) and play ``game_at`` (one
    declaration, or a plan's game at the bid won); where the others go higher, pass."""
    passing = passing_score(profile)
    total = 0.0
    for bid, p in price_odds(profile, seat):
        if ceiling is None or game_at is None or bid > ceiling:
            total += p * passing
            continue
        chance = game_at.game_at(bid) if isinstance(game_at, BidPlan) else game_at
        total += p * (passing if chance is None else chance.expected_at(profile, bid))
    return total


# ---- the expected score at each bid, for a chart --------------------------------------------------------


@dataclass(frozen=True)
class ScoreCurve:
    """One game's expected score at each bid, and its own ceiling (None: worth it at no bid)."""

    declaration: Declaration
    points: tuple[tuple[int, float], ...]
    ceiling: int | None


@dataclass(frozen=True)
class ScoreCurves:
    """What the bid chart draws: each named game's curve, the score of passing, and the plan's ceiling
    (where the best curve falls below passing). ``scheme``: the worth scheme the scores are in."""

    lines: tuple[ScoreCurve, ...]
    passing: float
    ceiling: int | None
    scheme: str


def _bids_of(chance: GameChance, bids: Sequence[int]) -> list[int]:
    """The bids a game's curve is drawn at: below its lowest value, and its values (a bid between two
    values is a bid for the higher one)."""
    values = {value for value, _p in chance.spread}
    lowest = min(values, default=0)
    return [bid for bid in bids if bid < lowest or bid in values]


CHART_TOP = 120
"""The chart stops at this bid (or at the highest value of a game drawn, if lower)."""


def score_curves(
    chances: Sequence[GameChance], profile: RuleProfile, start: int | None = None
) -> ScoreCurves:
    """The curves of ``chances`` from the bid ``start`` up (the plan over them gives the ceiling)."""
    plan = bid_plan(chances, profile, start)
    top = max((value for c in chances for value, _p in c.spread), default=profile.min_bid)
    top = min(max(top, (plan.ceiling or 0) + 1), CHART_TOP)
    bids = [b for b in bid_ladder(profile) if plan.start <= b <= top]
    lines = tuple(ScoreCurve(c.declaration, c.curve(profile, _bids_of(c, bids)), c.max_bid) for c in chances)
    return ScoreCurves(lines, passing_score(profile), plan.ceiling, scheme_for(profile))
