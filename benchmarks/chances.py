"""The win-chance model and the bidding by it (issue 21's goals; a benchmark, not a test).

1. Self-play: three experts at ``time_ms`` 300 bid, declare and play whole deals in each profile. Goals:
   international passed in <= 10 %, Danish all-pass (Ramse) <= 20 %; mean winning bid >= 22; grand <= 40 %
   of the games played; nulls are played; the declarer wins suit games 70-90 % and grand 80-97 %; overbid
   <= 3 %.
2. Calibration against the experts' own play, over the games of part 1: the expected calibration error (5
   equal bins) of the chance the declarer gave when it declared (goal <= 0.08) and at its last bid (goal
   <= 0.10); the Brier score of each against always saying the base rate (goal: lower).
3. Speed: every game's chance for one hand (``game_chances``) before the pickup and after it, p50/p95 wall
   and CPU over many views (goal p95 <= 150 ms), and the same answer for the same view.

Every figure comes with its 95 % interval (Wilson for shares, bootstrap for the mean bid, ECE and Brier)
and the machine's load.

    .venv/bin/python benchmarks/chances.py                 # 100 deals per profile (a long run)
    .venv/bin/python benchmarks/chances.py --deals 20      # a quicker look
    .venv/bin/python benchmarks/chances.py --quick         # speed only, no self-play
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer.bots.search import wilson
from trainer.bots.selfplay import PlayedDeal, play_deal
from trainer.chances import game_chances
from trainer.chances.model import calibration_error
from trainer.deal import Seat
from trainer.game import DealState, Phase, PickUp, SkatGame
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.solver import warm_up

TIME_MS = 300


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} / {five:.1f} / {fifteen:.1f} on {os.cpu_count()} cores"


def share(k: int, n: int) -> str:
    low, high = wilson(k, n)
    if not n:
        return "n/a (0 cases)"
    return f"{100 * k / n:.1f} % ({k}/{n}; 95 % {100 * low:.1f}-{100 * high:.1f} %)"


ece = calibration_error


def brier(p: np.ndarray, y: np.ndarray) -> float:
    return float(np.mean((p - y) ** 2))


def bootstrap(
    values: Sequence[tuple[float, float]], statistic: str, rounds: int = 1000
) -> tuple[float, float, float]:
    """The statistic (``ece``, ``brier``, ``brier_gain``: base-rate Brier minus Brier) and its 95 % bootstrap
    interval over (chance, outcome) pairs."""
    data = np.array(values, dtype=np.float64)
    rng = np.random.default_rng(0)

    def stat(rows: np.ndarray) -> float:
        p, y = rows[:, 0], rows[:, 1]
        if statistic == "ece":
            return ece(p, y)
        if statistic == "brier":
            return brier(p, y)
        return brier(np.full_like(y, y.mean()), y) - brier(p, y)

    if not len(data):
        return (float("nan"),) * 3
    point = stat(data)
    samples = [stat(data[rng.integers(0, len(data), len(data))]) for _ in range(rounds)]
    return point, float(np.percentile(samples, 2.5)), float(np.percentile(samples, 97.5))


def mean_interval(values: Sequence[float], rounds: int = 2000) -> str:
    if not values:
        return "n/a"
    data = np.array(values, dtype=np.float64)
    rng = np.random.default_rng(1)
    means = [data[rng.integers(0, len(data), len(data))].mean() for _ in range(rounds)]
    low, high = np.percentile(means, 2.5), np.percentile(means, 97.5)
    return f"{data.mean():.1f} (95 % {low:.1f}-{high:.1f}; n={len(data)})"


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def speed(views: int = 200) -> list[str]:
    """Time ``game_chances`` on the first decision of seeded deals (before the pickup) and right after a
    pickup (the twelve cards: every discard weighed)."""
    lines: list[str] = []
    for label, after_pickup in (("before the pickup", False), ("after the pickup", True)):
        wall: list[float] = []
        cpu: list[float] = []
        same = True
        for seed in range(views):
            profile = INTERNATIONAL if seed % 2 == 0 else DANISH
            state = SkatGame(profile).new_deal(90_000 + seed)
            if after_pickup:
                picked = _to_pickup(state, Seat(seed % 3))
                if picked is None:
                    continue
                state = picked
            seat_now = state.to_move
            assert seat_now is not None
            view = state.view(seat_now)
            began, began_cpu = time.perf_counter(), time.process_time()
            first = game_chances(view)
            wall.append(time.perf_counter() - began)
            cpu.append(time.process_time() - began_cpu)
            if seed % 10 == 0:
                same = same and game_chances(view) == first
        lines.append(
            f"game_chances {label}: {len(wall)} views; wall p50 {1000 * percentile(wall, 0.5):.0f} ms, "
            f"p95 {1000 * percentile(wall, 0.95):.0f} ms (goal <= 150), max {1000 * max(wall):.0f} ms; "
            f"CPU p95 {1000 * percentile(cpu, 0.95):.0f} ms; same answer for the same view: {same}"
        )
    return lines


def _to_pickup(state: DealState, seat: Seat) -> DealState | None:
    """The deal with ``seat`` winning a short auction and picking up (the others pass at once)."""
    from trainer.game import Bid, Hold, Pass

    while state.phase is Phase.AUCTION:
        mover = state.to_move
        assert mover is not None
        legal = state.legal_moves()
        if mover is seat:
            move = next((m for m in legal if isinstance(m, Bid | Hold)), None) or legal[0]
        else:
            move = next(m for m in legal if isinstance(m, Pass))
        state.apply(move)
    if state.phase is not Phase.PICKUP or state.declarer is not seat:
        return None
    state.apply(PickUp(seat))
    return state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="self-played deals per profile (default 100)")
    parser.add_argument("--time-ms", type=int, default=TIME_MS)
    parser.add_argument("--quick", action="store_true", help="speed only (no self-play)")
    parser.add_argument("--seed", type=int, default=2024, help="first deal seed (default 2024)")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    print(f"at start: {load()}", flush=True)
    warm_up(block=True)
    results: list[str] = speed()
    for line in results:
        print(line, flush=True)
    if args.quick:
        print(f"at the end: {load()}; {time.perf_counter() - began:.0f} s")
        return 0
    played: dict[str, list[PlayedDeal]] = {}
    for profile in (INTERNATIONAL, DANISH):
        deals: list[PlayedDeal] = []
        for number in range(args.deals):
            seed = args.seed + number
            deals.append(
                play_deal(profile, seed, time_ms=args.time_ms, rng=random.Random(f"{profile.name}|{seed}"))
            )
            if (number + 1) % 10 == 0:
                print(
                    f"{profile.name}: {number + 1}/{args.deals} deals, "
                    f"{time.perf_counter() - began:.0f} s; {load()}",
                    flush=True,
                )
        played[profile.name] = deals
    lines = summarise(played)
    print()
    for line in results + lines:
        print(line)
    print(f"at the end: {load()}; {time.perf_counter() - began:.0f} s in all")
    return 0


def summarise(played: dict[str, list[PlayedDeal]]) -> list[str]:
    lines: list[str] = []
    for d in (deal for deals in played.values() for deal in deals if deal.engine_error):
        lines.append(f"ENGINE ERROR in {d.profile} deal {d.seed} (left out): {d.engine_error}")
    played = {name: [d for d in deals if not d.engine_error] for name, deals in played.items()}
    everything = [deal for deals in played.values() for deal in deals]
    games = [deal for deal in everything if deal.declaration is not None]
    intl = played.get(INTERNATIONAL.name, [])
    danish = played.get(DANISH.name, [])
    lines.append(
        f"international passed in: {share(sum(d.passed_in for d in intl), len(intl))} (goal <= 10 %)"
    )
    lines.append(
        f"Danish all-pass: {share(sum(d.all_passed for d in danish), len(danish))} (goal <= 20 %; of them "
        f"{sum(d.ramse for d in danish)} Ramse played, the rest a Grand called in Ramse's round)"
    )
    for name, deals in played.items():
        bids = [float(d.bid) for d in deals if d.bid is not None and d.declaration is not None]
        lines.append(f"{name} mean winning bid: {mean_interval(bids)}")
    all_bids = [float(d.bid) for d in games if d.bid is not None]
    lines.append(f"mean winning bid, both profiles: {mean_interval(all_bids)} (goal >= 22)")
    grand = [d for d in games if d.declaration is not None and d.declaration.game.is_grand]
    null = [d for d in games if d.declaration is not None and d.declaration.game.is_null]
    suit = [d for d in games if d.declaration is not None and d.declaration.game.is_suit]
    lines.append(f"grand share of games played: {share(len(grand), len(games))} (goal <= 40 %)")
    lines.append(f"null games played: {share(len(null), len(games))} (goal: some)")
    lines.append(
        f"declarer wins suit games: {share(sum(bool(d.won) for d in suit), len(suit))} (goal 70-90 %)"
    )
    lines.append(f"declarer wins grand: {share(sum(bool(d.won) for d in grand), len(grand))} (goal 80-97 %)")
    lines.append(f"declarer wins null: {share(sum(bool(d.won) for d in null), len(null))} (information)")
    lines.append(f"overbid games: {share(sum(d.overbid for d in games), len(games))} (goal <= 3 %)")
    for label, which, goal in (
        ("at the declaration", "declared", 0.08),
        ("at the last bid", "last_bid", 0.10),
    ):
        pairs = []
        for d in games:
            moment = d.declared if which == "declared" else d.last_bid
            if moment is not None and not math.isnan(moment.chance):
                pairs.append((moment.chance, float(bool(d.won))))
        e, e_lo, e_hi = bootstrap(pairs, "ece")
        b, _b_lo, _b_hi = bootstrap(pairs, "brier")
        g, g_lo, g_hi = bootstrap(pairs, "brier_gain")
        base = b + g if not math.isnan(b) else float("nan")
        lines.append(
            f"calibration {label}: ECE {e:.3f} (95 % {e_lo:.3f}-{e_hi:.3f}; goal <= {goal}); "
            f"Brier {b:.3f} vs base rate {base:.3f} (gain {g:.3f}, 95 % {g_lo:.3f}-{g_hi:.3f}; goal > 0); "
            f"n={len(pairs)}"
        )
    lines += calibration_by_group(games)
    seconds = [s for d in everything for s in d.seconds]
    lines.append(
        f"expert decisions: {len(seconds)}; wall p50 {1000 * percentile(seconds, 0.5):.0f} ms, "
        f"p95 {1000 * percentile(seconds, 0.95):.0f} ms"
    )
    return lines


MIDDLE_BAND = (0.4, 0.8)


def family(d: PlayedDeal) -> str:
    """suit, grand, null or open (an open game of any kind)."""
    assert d.declaration is not None
    if d.declaration.ouvert:
        return "open"
    return "null" if d.declaration.game.is_null else "grand" if d.declaration.game.is_grand else "suit"


def calibration_by_group(games: Sequence[PlayedDeal]) -> list[str]:
    """Issue 41, item 7: calibration at the declaration, per profile, for the middle band (0.4-0.8), each
    game family and each declarer's seat: games, the mean chance given, the share won with its 95 %
    interval (Wilson), and whether the interval holds the mean chance (the diagonal), plus the ECE."""
    lines: list[str] = []
    for profile in (INTERNATIONAL.name, DANISH.name):
        rows = [
            (d, d.declared.chance, bool(d.won))
            for d in games
            if d.profile == profile and d.declared is not None and not math.isnan(d.declared.chance)
        ]
        groups: dict[str, list[tuple[float, bool]]] = {}
        for d, chance, won in rows:
            seat = d.declarer.name.lower() if d.declarer is not None else "?"
            keys = [f"family {family(d)}", f"seat {seat}"]
            if MIDDLE_BAND[0] <= chance <= MIDDLE_BAND[1]:
                keys.append("band 0.4-0.8")
            for key in ["all", *keys]:
                groups.setdefault(key, []).append((chance, won))
        for key in sorted(groups):
            pairs = groups[key]
            n = len(pairs)
            wins = sum(won for _c, won in pairs)
            mean = sum(c for c, _w in pairs) / n
            low, high = wilson(wins, n)
            e = ece(np.array([c for c, _w in pairs]), np.array([float(w) for _c, w in pairs]))
            holds = "holds" if low <= mean <= high else "MISSES"
            lines.append(
                f"calibration {profile} {key}: n={n}, chance {mean:.3f}, won {wins / n:.3f} "
                f"(95 % {low:.3f}-{high:.3f}, {holds} the diagonal), ECE {e:.3f}"
            )
    return lines


if __name__ == "__main__":
    sys.exit(main())
