"""Benchmark (not a test): does the bidding drill's explanation agree with its own answer? (issue 41)

For generated drill items of both profiles it counts

- explanations whose ceiling another listed game beats: the plan's "bid up to N" below the "worth up to M"
  of a game the same explanation lists (goal 0);
- recommendations the explanation does not show: a game of the answer's plan that is not among the games
  the explanation names (goal 0);
- choices that are a value their game can never be worth (a ceiling at or above the game's lowest value
  that is none of its values; goal 0);
- how many choices are right within the tolerance, what the wrong ones cost on average, and how many items
  have no wrong choice at all.

Run ``.venv/bin/python benchmarks/drill.py [items per profile]`` (default 1000); a line per profile, 95 %
intervals (Wilson) on the shares.
"""

from __future__ import annotations

import sys
import time

from trainer.bots.search import wilson
from trainer.chances import hand_chances
from trainer.deal import Seat
from trainer.games import Declaration
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.quiz.bidding_drill import PASS, declaration_of, gen_bid_drill
from trainer.quiz.model import Question


def listed(q: Question) -> dict[Declaration, int | None]:
    """The games the explanation names with their ceilings."""
    found: dict[Declaration, int | None] = {}
    for step in q.explanation:
        game = step.params.get("game")
        if isinstance(game, Declaration) and step.template.startswith("{game}: wins"):
            limit = step.params.get("limit")
            found[game] = limit if isinstance(limit, int) else None
    return found


def plan_ceiling(q: Question) -> int | None:
    for step in q.explanation:
        if step.template.startswith(("The best expected score is", "Bid up to")):
            limit = step.params.get("limit")
            return limit if isinstance(limit, int) else None
    return None


def seat_of(q: Question) -> Seat:
    return next(s for s in Seat if s.english in q.prompt.english)


def audit(profile: RuleProfile, count: int) -> dict[str, float]:
    beaten = unshown = impossible = bids = choices = right = wrong = no_wrong = 0
    wrong_cost = 0.0
    for seed in range(count):
        q = gen_bid_drill(seed, profile)
        games = listed(q)
        if q.answer != PASS:
            bids += 1
            ceiling = plan_ceiling(q) or 0
            if any(limit is not None and limit > ceiling for limit in games.values()):
                beaten += 1
            planned = [declaration_of(part) for part in q.answer.split("+")]
            if any(d not in games for d in planned if d is not None):
                unshown += 1
        spreads = {c.declaration: c.spread for c in hand_chances(profile, q.shown[0].cards, seat_of(q))}
        costs = dict(q.costs)
        no_wrong += all(cost <= q.tolerance for cost in costs.values())
        for choice in q.choices:
            choices += 1
            if costs[choice.value] <= q.tolerance:
                right += 1
            else:
                wrong += 1
                wrong_cost += costs[choice.value]
            for part in choice.value.split("+"):
                d = declaration_of(part)
                if d is None:
                    continue
                values = [v for v, _p in spreads[d]]
                limit = int(part.split("/")[-1])
                if limit >= min(values) and limit not in values:
                    impossible += 1
    return {
        "items": count,
        "bids": bids,
        "beaten": beaten,
        "unshown": unshown,
        "impossible": impossible,
        "choices": choices,
        "right": right,
        "wrong_cost": wrong_cost / wrong if wrong else 0.0,
        "no_wrong": no_wrong,
    }


def main(count: int = 1000) -> int:
    failed = False
    for profile in (INTERNATIONAL, DANISH):
        start = time.perf_counter()
        r = audit(profile, count)
        bids = int(r["bids"])
        low, high = wilson(int(r["beaten"]), bids)
        ulow, uhigh = wilson(int(r["unshown"]), bids)
        print(
            f"{profile.name}: {count} items, {bids} bid; ceiling beaten by a listed game "
            f"{int(r['beaten'])} ({100 * low:.1f}–{100 * high:.1f} %); plan game not shown "
            f"{int(r['unshown'])} ({100 * ulow:.1f}–{100 * uhigh:.1f} %); impossible ceilings "
            f"{int(r['impossible'])} of {int(r['choices'])} choices; right within tolerance "
            f"{int(r['right'])} of {int(r['choices'])}; a wrong choice costs {r['wrong_cost']:.1f} "
            f"on average; items with no wrong choice {int(r['no_wrong'])}; "
            f"{time.perf_counter() - start:.0f} s"
        )
        failed |= bool(r["beaten"] or r["unshown"] or r["impossible"])
    print("goal (0 beaten, 0 unshown, 0 impossible):", "MISSED" if failed else "met")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000))
