"""Strength and speed of the computer players (issue 14's goals; a benchmark, not a test).

1. Duplicate card play on seeded deals with fixed contracts, in both profiles: for every deal the contract
   (declarer, game, discards) is fixed by the club's rules of thumb, then the same deal is played three times:
   all club; the expert as declarer against club defenders; a club declarer against two expert defenders.
   Goals: the expert declarer takes >= 5 card points more per deal than the club declarer, and the expert
   defenders hold a club declarer >= 5 points lower than club defenders do.
2. The expert's decision times at ``time_ms`` 300 (every card with a choice, and every bidding / declaration
   decision of part 3): p50, p95, p99, max. Goal: p99 <= 1.2 x time_ms (360 ms). The machine's load is
   printed with it, and the CPU time the decision itself used (on a busy machine the wall time also holds
   the time the process waited for a core). ``benchmarks/strength.py`` measures whole bot replies.
3. Three experts bid and play whole deals end to end (international, and Danish for information): passed-in
   share (goal <= 25 %), declarer win rate (goal 60-95 %), overbid games (goal <= 5 %).

    .venv/bin/python benchmarks/bots.py                 # 100 deals per profile and 100 end-to-end deals
    .venv/bin/python benchmarks/bots.py --deals 20      # a quick look

The last lines name the figures against the goals.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer.bots import choose
from trainer.chances import hands as rules
from trainer.deal import Seat, random_deal
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.rules import DealState, Outcome, Phase, SkatGame
from trainer.solver import warm_up

TIME_MS = 300


@dataclass
class Timings:
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def measure(self, run: Callable[[], object]) -> object:
        start, cpu = time.perf_counter(), time.process_time()
        result = run()
        self.wall.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - cpu)
        return result


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def contract(profile: RuleProfile, seed: int) -> tuple[DealState, Seat] | None:
    """The deal of ``seed`` with the club's contract: the seat with the highest bid limit declares its best
    pickup game with the rules-of-thumb discard (None when no seat would bid: a limit below the profile's
    lowest bid is no bid, as the Danish bidding starts at 24)."""
    deal = random_deal(seed, profile)
    best: tuple[int, Seat] | None = None
    for seat in Seat:
        limit, option = rules.bid_limit(profile, deal.hand(seat), forehand=seat is Seat.FOREHAND)
        if option is not None and limit >= profile.min_bid and (best is None or limit > best[0]):
            best = (limit, seat)
    if best is None:
        return None
    bid, declarer = best
    twelve = (*deal.hand(declarer), *deal.skat)
    plan = next(iter(p for p in rules.plans_after_pickup(profile, twelve, bid) if p.reaches_bid), None)
    if plan is None:
        return None
    state = SkatGame(profile).with_contract(deal, declarer, plan.declaration, bid=bid, discards=plan.discards)
    return state, declarer


def finish(state: DealState, expert_seats: set[Seat], rng: random.Random, timings: Timings) -> Outcome:
    """Play the deal to the end (expert in ``expert_seats`` where it has a choice, club elsewhere), every
    move from :func:`trainer.bots.choose` on the seat's own view; its outcome."""
    while state.phase is not Phase.FINISHED:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        if seat in expert_seats and len(view.legal_moves) > 1:
            decision = timings.measure(lambda view=view: choose(view, "expert", rng=rng, time_ms=TIME_MS))
        else:
            decision = choose(view, "club", rng=rng)
        state.apply(decision.move)  # type: ignore[attr-defined]
    outcome = state.outcome()
    assert outcome is not None
    return outcome


def play_out(state: DealState, expert_seats: set[Seat], rng: random.Random, timings: Timings) -> int:
    """The declarer's card points when the game is played to the end by :func:`finish`."""
    points = finish(state, expert_seats, rng, timings).declarer_points
    assert points is not None
    return points


@dataclass
class Duplicate:
    deals: int = 0
    club: list[int] = field(default_factory=list)
    expert_declarer: list[int] = field(default_factory=list)
    expert_defence: list[int] = field(default_factory=list)


def duplicate(profile: RuleProfile, deals: int, timings: Timings) -> Duplicate:
    found = Duplicate()
    seed = 0
    while found.deals < deals:
        seed += 1
        fixed = contract(profile, 50_000 + seed)
        if fixed is None:
            continue
        state, declarer = fixed
        defenders = {seat for seat in Seat if seat is not declarer}
        found.club.append(play_out(state.copy(), set(), random.Random(seed), timings))
        found.expert_declarer.append(play_out(state.copy(), {declarer}, random.Random(seed), timings))
        found.expert_defence.append(play_out(state.copy(), defenders, random.Random(seed), timings))
        found.deals += 1
    return found


@dataclass
class EndToEnd:
    deals: int = 0
    passed: int = 0
    ramse: int = 0
    played: int = 0
    won: int = 0
    overbid: int = 0
    games: dict[str, int] = field(default_factory=dict)


def end_to_end(profile: RuleProfile, deals: int, timings: Timings) -> EndToEnd:
    found = EndToEnd()
    rng = random.Random(profile.name)
    for index in range(deals):
        outcome = finish(SkatGame(profile).new_deal(70_000 + index), set(Seat), rng, timings)
        found.deals += 1
        if outcome.passed_in:
            found.passed += 1
        elif outcome.declarer is None:
            found.ramse += 1
        else:
            found.played += 1
            found.won += bool(outcome.won)
            found.overbid += outcome.overbid
            assert outcome.declaration is not None
            name = outcome.declaration.game.value
            found.games[name] = found.games.get(name, 0) + 1
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--deals", type=int, default=100, help="duplicate deals per profile (default 100; 0 skips them)"
    )
    parser.add_argument("--end-to-end", type=int, default=100, help="end-to-end deals (default 100)")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    warm_up(block=True)
    timings = Timings()
    lines: list[str] = []
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    for profile in (INTERNATIONAL, DANISH) if args.deals else ():
        found = duplicate(profile, args.deals, timings)
        club = statistics.mean(found.club)
        gain = statistics.mean(found.expert_declarer) - club
        hold = club - statistics.mean(found.expert_defence)
        print(
            f"{profile.name}: {found.deals} fixed contracts; declarer card points: club {club:.1f}, "
            f"expert declarer {club + gain:.1f}, against expert defenders {club - hold:.1f}",
            flush=True,
        )
        lines.append(f"{profile.name} expert declarer vs club: {gain:+.1f} card points per deal (goal >= +5)")
        lines.append(
            f"{profile.name} expert defenders hold a club declarer {hold:.1f} points lower (goal >= 5)"
        )
    card_timings = Timings(list(timings.wall), list(timings.cpu))
    results = {}
    for profile in (INTERNATIONAL, DANISH):
        count = args.end_to_end if profile is INTERNATIONAL else max(1, args.end_to_end // 2)
        results[profile.name] = found_e = end_to_end(profile, count, timings)
        print(
            f"{profile.name} end to end: {found_e.deals} deals, passed in {found_e.passed}, "
            f"Ramse {found_e.ramse}, played {found_e.played} ({found_e.games}), won {found_e.won}, "
            f"overbid {found_e.overbid}",
            flush=True,
        )
    wall, cpu = timings.wall, timings.cpu
    print(
        f"expert decisions at time_ms {TIME_MS}: {len(wall)} "
        f"(cards in the duplicate runs {len(card_timings.wall)}); "
        f"wall p50 {1000 * percentile(wall, 0.5):.0f} ms, p95 {1000 * percentile(wall, 0.95):.0f} ms, "
        f"p99 {1000 * percentile(wall, 0.99):.0f} ms, max {1000 * max(wall):.0f} ms; "
        f"CPU p95 {1000 * percentile(cpu, 0.95):.0f} ms; "
        f"load average now {os.getloadavg()[0]:.1f}; {time.perf_counter() - began:.0f} s in all",
        flush=True,
    )
    lines.append(
        f"decision time p99 at time_ms {TIME_MS}: {1000 * percentile(wall, 0.99):.0f} ms "
        f"(goal <= {1.2 * TIME_MS:.0f}); CPU time p99 {1000 * percentile(cpu, 0.99):.0f} ms at load "
        f"{os.getloadavg()[0]:.1f} (the search stops by the clock, so a quiet machine answers in about the "
        f"same time)"
    )
    e2e = results[INTERNATIONAL.name]
    lines.append(f"international passed in: {100 * e2e.passed / max(1, e2e.deals):.0f} % (goal <= 25 %)")
    lines.append(f"declarer win rate: {100 * e2e.won / max(1, e2e.played):.0f} % (goal 60-95 %)")
    lines.append(f"overbid games: {100 * e2e.overbid / max(1, e2e.played):.1f} % (goal <= 5 %)")
    danish = results[DANISH.name]
    lines.append(
        f"Danish end to end (information): Ramse {100 * danish.ramse / max(1, danish.deals):.0f} %, "
        f"declarer win {100 * danish.won / max(1, danish.played):.0f} %"
    )
    print()
    for line in lines:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
