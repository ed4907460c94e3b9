"""The win-chance model and the bidding by it (issues 21 and 41; a benchmark, not a test).

1. Self-play: three experts at ``time_ms`` 300 bid, declare and play whole deals, the two profiles in turn.
   Each profile's figures apart (the Danish bids start at 24, so pooled means mislead). Goals: international
   passed in <= 10 %, Danish all-pass (Ramse) <= 20 %; the game mix (suit, grand, null) within 6 points of
   people's (61 / 32 / 6 %); the declarer wins suit games 72-85 % and grand 85-95 %; overbid <= 3 %.
2. Calibration against the experts' own play, over the games of part 1: the expected calibration error (5
   equal bins) of the chance the declarer gave when it declared (goal <= 0.06) and at its last bid (goal
   <= 0.10); the Brier score of each against always saying the base rate (goal: lower); and per profile the
   middle band (0.4-0.8), each game family and each seat, whose interval should hold the diagonal.
3. Speed: every game's chance for one hand (``game_chances``) before the pickup and after it, p50/p95 wall
   and CPU over many views (goal p95 <= 50 ms, issue 41), and the same answer for the same view.

Every figure comes with its 95 % interval (Wilson for shares, bootstrap for the mean bid, ECE and Brier)
and the machine's load.

A long run keeps its deals in a results file (``--out``, one JSON line per deal, written as each deal ends,
with a progress line): it can be stopped at any time, goes on where it stopped when started again with the
same file, and ``--report`` prints the figures of what it holds.

    .venv/bin/python benchmarks/chances.py                 # 100 deals per profile (a long run)
    .venv/bin/python benchmarks/chances.py --deals 300 --time-ms 300 --out /tmp/cal/deals.jsonl
    .venv/bin/python benchmarks/chances.py --report /tmp/cal/deals.jsonl    # figures of a (partial) run
    .venv/bin/python benchmarks/chances.py --deals 20      # a quicker look
    .venv/bin/python benchmarks/chances.py --quick         # speed only, no self-play
    .venv/bin/python benchmarks/chances.py --mix-only --deals 300   # the game mix alone (no card play)
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from statistics import NormalDist
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer.bots import choose
from trainer.bots.search import wilson
from trainer.bots.selfplay import Moment, PlayedDeal, play_deal
from trainer.chances import game_chances
from trainer.chances.model import calibration_error
from trainer.deal import Seat
from trainer.games import Declaration
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.rules import DealState, Phase, PickUp, SkatGame
from trainer.solver import warm_up

TIME_MS = 300
PROFILES = {profile.name: profile for profile in (INTERNATIONAL, DANISH)}


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
            f"p95 {1000 * percentile(wall, 0.95):.0f} ms (goal <= 50), max {1000 * max(wall):.0f} ms; "
            f"CPU p95 {1000 * percentile(cpu, 0.95):.0f} ms; same answer for the same view: {same}"
        )
    return lines


def _to_pickup(state: DealState, seat: Seat) -> DealState | None:
    """The deal with ``seat`` winning a short auction and picking up (the others pass at once)."""
    from trainer.rules import Bid, Hold, Pass

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


PEOPLE_MIX = {"suit": 0.61, "grand": 0.32, "null": 0.06}
"""Of the games people play on a large Skat server (about 18 million tournament games)."""
MIX_TOLERANCE = 0.06
"""Issue 41's goal: each family's share of the games played within six points of people's."""


@dataclass(frozen=True)
class Row:
    """One self-played deal as the benchmark keeps it: one JSON line of the results file, written as soon
    as the deal ends, so a run stopped early still has every deal it finished."""

    profile: str
    seed: int
    passed_in: bool
    all_passed: bool
    ramse: bool
    declarer: str | None
    game: str | None
    hand: bool
    ouvert: bool
    announced: bool
    bid: int | None
    won: bool | None
    overbid: bool
    declared_chance: float | None
    last_bid_chance: float | None
    seconds: tuple[float, ...]
    engine_error: str | None

    @classmethod
    def of(cls, d: PlayedDeal) -> Row:
        dec = d.declaration

        def chance(m: Moment | None) -> float | None:
            return None if m is None or math.isnan(m.chance) else round(m.chance, 4)

        return cls(
            profile=d.profile,
            seed=d.seed,
            passed_in=d.passed_in,
            all_passed=d.all_passed,
            ramse=d.ramse,
            declarer=d.declarer.name.lower() if d.declarer is not None else None,
            game=dec.game.value if dec is not None else None,
            hand=bool(dec and dec.hand),
            ouvert=bool(dec and dec.ouvert),
            announced=bool(dec and (dec.schneider_announced or dec.schwarz_announced)),
            bid=d.bid,
            won=d.won,
            overbid=d.overbid,
            declared_chance=chance(d.declared),
            last_bid_chance=chance(d.last_bid),
            seconds=tuple(round(s, 3) for s in d.seconds),
            engine_error=d.engine_error,
        )

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Row:
        return cls(**{**data, "seconds": tuple(data.get("seconds", ()))})

    @property
    def declared(self) -> bool:
        return self.game is not None

    @property
    def family(self) -> str:
        """suit, grand, null or open (an open game of any kind)."""
        if self.ouvert:
            return "open"
        return "null" if self.game == "null" else "grand" if self.game == "grand" else "suit"

    @property
    def kind(self) -> str:
        """suit, grand or null (open games counted with their kind): the game mix people's figures give."""
        return "null" if self.game == "null" else "grand" if self.game == "grand" else "suit"


def read_rows(path: Path) -> list[Row]:
    """The deals a results file holds (a line cut short by a stopped run is skipped)."""
    rows: list[Row] = []
    if not path.exists():
        return rows
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            rows.append(Row.from_json(json.loads(line)))
        except (json.JSONDecodeError, TypeError):
            continue
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="self-played deals per profile (default 100)")
    parser.add_argument("--time-ms", type=int, default=TIME_MS)
    parser.add_argument("--quick", action="store_true", help="speed only (no self-play)")
    parser.add_argument("--no-speed", action="store_true", help="skip the speed part")
    parser.add_argument("--seed", type=int, default=2024, help="first deal seed (default 2024)")
    parser.add_argument(
        "--out",
        type=Path,
        help="results file (JSON lines, one per deal, appended as each deal ends); a run with the same file "
        "goes on where it stopped",
    )
    parser.add_argument(
        "--report",
        type=Path,
        nargs="+",
        help="only print the figures of results files (a partial run too; several are pooled)",
    )
    parser.add_argument(
        "--profiles", default="international,danish", help="which profiles, in turn (default both)"
    )
    parser.add_argument(
        "--mix-only",
        action="store_true",
        help="the game mix alone: each deal bid and declared by the experts, no card play",
    )
    args = parser.parse_args(argv)
    if args.mix_only:
        for name in args.profiles.split(","):
            for line in mix_lines(PROFILES[name], range(args.seed, args.seed + args.deals)):
                print(line, flush=True)
        return 0
    if args.report is not None:
        rows = [row for path in args.report for row in read_rows(path)]
        print(f"{', '.join(map(str, args.report))}: {len(rows)} deals")
        for line in summarise(rows):
            print(line)
        return 0
    began = time.perf_counter()
    print(f"at start: {load()}", flush=True)
    warm_up(block=True)
    results: list[str] = [] if args.no_speed else speed()
    for line in results:
        print(line, flush=True)
    if args.quick:
        print(f"at the end: {load()}; {time.perf_counter() - began:.0f} s")
        return 0
    profiles = [PROFILES[name] for name in args.profiles.split(",")]
    rows = read_rows(args.out) if args.out is not None else []
    done = {(row.profile, row.seed) for row in rows}
    if done:
        print(f"{args.out}: {len(done)} deals already played, going on", flush=True)
    todo = [
        (profile, args.seed + number)
        for number in range(args.deals)
        for profile in profiles  # the profiles in turn: a run stopped early has both
        if (profile.name, args.seed + number) not in done
    ]
    out = args.out.open("a", encoding="utf-8") if args.out is not None else None
    try:
        for count, (profile, seed) in enumerate(todo, start=1):
            deal_began = time.perf_counter()
            row = Row.of(
                play_deal(profile, seed, time_ms=args.time_ms, rng=random.Random(f"{profile.name}|{seed}"))
            )
            rows.append(row)
            if out is not None:
                out.write(json.dumps(asdict(row)) + "\n")
                out.flush()
            spent = time.perf_counter() - began
            left = spent / count * (len(todo) - count)
            what = "all passed" if not row.declared else f"{row.game} {'won' if row.won else 'lost'}"
            print(
                f"[{count}/{len(todo)}] {profile.name} deal {seed}: {what}, "
                f"{time.perf_counter() - deal_began:.0f} s; {spent:.0f} s in all, about {left:.0f} s left; "
                f"{load()}",
                flush=True,
            )
    finally:
        if out is not None:
            out.close()
    lines = summarise(rows)
    print()
    for line in results + lines:
        print(line)
    print(f"at the end: {load()}; {time.perf_counter() - began:.0f} s in all")
    return 0


def summarise(rows: Sequence[Row]) -> list[str]:
    lines: list[str] = []
    for d in (row for row in rows if row.engine_error):
        lines.append(f"ENGINE ERROR in {d.profile} deal {d.seed} (left out): {d.engine_error}")
    clean = [row for row in rows if not row.engine_error]
    for name in PROFILES:
        deals = [row for row in clean if row.profile == name]
        if deals:
            lines += profile_lines(name, deals)
    games = [row for row in clean if row.declared]
    lines += calibration_lines("both profiles", games)
    lines += calibration_by_group(games)
    seconds = [s for row in clean for s in row.seconds]
    lines.append(
        f"expert decisions: {len(seconds)}; wall p50 {1000 * percentile(seconds, 0.5):.0f} ms, "
        f"p95 {1000 * percentile(seconds, 0.95):.0f} ms"
    )
    return lines


def declared(profile: RuleProfile, seed: int) -> Declaration | None:
    """Deal ``seed`` bid, picked up and declared by three experts as in :func:`play_deal` (the game mix
    does not depend on the card play); None: everyone passed."""
    state = SkatGame(profile).new_deal(seed)
    rng = random.Random(f"{profile.name}|{seed}")
    while state.phase in BEFORE_PLAY:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        level = "expert" if len(view.legal_moves) > 1 else "club"
        state.apply(choose(view, level, rng=rng, time_ms=TIME_MS).move)
    return None if state.all_passed else state.declaration


BEFORE_PLAY = (Phase.AUCTION, Phase.SLAA_40, Phase.PICKUP, Phase.DISCARD, Phase.DECLARE)


def mix_lines(profile: RuleProfile, seeds: Iterable[int]) -> list[str]:
    """``--mix-only``: how often the deals of ``seeds`` are passed out, and the game mix of the rest, with
    95 % intervals, against people's."""
    began = time.perf_counter()
    games: list[Declaration] = []
    passed = total = 0
    for seed in seeds:
        total += 1
        d = declared(profile, seed)
        if d is None:
            passed += 1
        else:
            games.append(d)
    kinds = ["null" if d.game.is_null else "grand" if d.game.is_grand else "suit" for d in games]
    lines = [
        f"{profile.name} (auction and declaration only, {total} deals, {time.perf_counter() - began:.0f} s):"
    ]
    lines.append(f"  passed out: {share(passed, total)}")
    for kind, people in PEOPLE_MIX.items():
        k = kinds.count(kind)
        near = bool(games) and abs(k / len(games) - people) <= MIX_TOLERANCE
        lines.append(
            f"  {kind}: {share(k, len(games))} (people {100 * people:.0f} %; "
            f"{'within' if near else 'NOT within'} 6 points)"
        )
    lines.append(f"  hand games: {share(sum(d.hand for d in games), len(games))}")
    lines.append(f"  open games: {share(sum(d.ouvert for d in games), len(games))}")
    return lines


def profile_lines(name: str, deals: Sequence[Row]) -> list[str]:
    """One profile's self-play figures: passing, the game mix against people's, the declarer's wins, the
    overbids and the calibration (each profile apart: the Danish bids start at 24)."""
    lines = [f"--- {name}: {len(deals)} deals"]
    if name == INTERNATIONAL.name:
        lines.append(f"{name} passed in: {share(sum(d.passed_in for d in deals), len(deals))} (goal <= 10 %)")
    else:
        lines.append(
            f"{name} all-pass: {share(sum(d.all_passed for d in deals), len(deals))} (goal <= 20 %; of them "
            f"{sum(d.ramse for d in deals)} Ramse played, the rest a Grand called in Ramse's round)"
        )
    games = [d for d in deals if d.declared]
    bids = [float(d.bid) for d in games if d.bid is not None]
    lines.append(f"{name} mean winning bid: {mean_interval(bids)}")
    for kind, people in PEOPLE_MIX.items():
        k = sum(d.kind == kind for d in games)
        near = len(games) > 0 and abs(k / len(games) - people) <= MIX_TOLERANCE
        lines.append(
            f"{name} {kind} share of games played: {share(k, len(games))} (people {100 * people:.0f} %; "
            f"{'within' if near else 'NOT within'} 6 points)"
        )
    lines.append(f"{name} open games played: {share(sum(d.ouvert for d in games), len(games))} (information)")
    for kind, goal in (("suit", "goal 72-85 %"), ("grand", "goal 85-95 %"), ("null", "information")):
        which = [d for d in games if d.kind == kind]
        lines.append(
            f"{name} declarer wins {kind}: {share(sum(bool(d.won) for d in which), len(which))} ({goal})"
        )
    lines.append(f"{name} overbid games: {share(sum(d.overbid for d in games), len(games))} (goal <= 3 %)")
    lines += calibration_lines(name, games)
    return lines


def calibration_lines(label: str, games: Sequence[Row]) -> list[str]:
    lines: list[str] = []
    for moment, goal in (("declared", 0.06), ("last_bid", 0.10)):
        pairs = [
            (chance, float(bool(d.won)))
            for d in games
            if (chance := d.declared_chance if moment == "declared" else d.last_bid_chance) is not None
        ]
        e, e_lo, e_hi = bootstrap(pairs, "ece")
        b, _b_lo, _b_hi = bootstrap(pairs, "brier")
        g, g_lo, g_hi = bootstrap(pairs, "brier_gain")
        base = b + g if not math.isnan(b) else float("nan")
        at = "at the declaration" if moment == "declared" else "at the last bid"
        lines.append(
            f"{label} calibration {at}: ECE {e:.3f} (95 % {e_lo:.3f}-{e_hi:.3f}; goal <= {goal}); "
            f"Brier {b:.3f} vs base rate {base:.3f} (gain {g:.3f}, 95 % {g_lo:.3f}-{g_hi:.3f}; goal > 0); "
            f"n={len(pairs)}"
        )
    return lines


MIDDLE_BAND = (0.4, 0.8)


def calibration_by_group(games: Sequence[Row]) -> list[str]:
    """Issue 41, item 7: calibration at the declaration, per profile, for the middle band (0.4-0.8), each
    game family and each declarer's seat: games, the mean chance given, the share won with its 95 %
    interval (Wilson), and whether the interval holds the mean chance (the diagonal), plus the ECE."""
    lines: list[str] = []
    judged: list[tuple[str, int, int, float]] = []
    for profile in (INTERNATIONAL.name, DANISH.name):
        rows = [
            (d, d.declared_chance, bool(d.won))
            for d in games
            if d.profile == profile and d.declared_chance is not None
        ]
        groups: dict[str, list[tuple[float, bool]]] = {}
        for d, chance, won in rows:
            keys = [f"family {d.family}", f"seat {d.declarer or '?'}"]
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
            judged.append((f"{profile} {key}", wins, n, mean))
    return lines + family_wise(judged)


def family_wise(judged: Sequence[tuple[str, int, int, float]]) -> list[str]:
    """How many of the groups above miss the diagonal, at 95 % each and family-wise: with many groups a
    calibrated model misses one by chance alone (at least one of 18 in about three runs of five), so each
    group is also judged at 1 - 0.05 / groups (Bonferroni), which a calibrated model passes in 95 % of runs.
    ``judged``: each group's name, wins, games and mean chance; the groups that miss family-wise are named."""
    if not judged:
        return []
    count = len(judged)
    z = NormalDist().inv_cdf(1 - 0.025 / count)
    each = sum(not (lo <= mean <= hi) for _, wins, n, mean in judged for lo, hi in [wilson(wins, n)])
    wide = [name for name, wins, n, mean in judged for lo, hi in [wilson(wins, n, z)] if not lo <= mean <= hi]
    return [
        f"calibration groups judged: {count}; missing the diagonal at 95 % each: {each} (a calibrated "
        f"model misses at least one in {1 - 0.95**count:.0%} of runs); family-wise at 95 % (each group at "
        f"{1 - 0.05 / count:.2%}): {len(wide)}{' (' + ', '.join(wide) + ')' if wide else ''}"
    ]


if __name__ == "__main__":
    sys.exit(main())
