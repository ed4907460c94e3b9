"""Calibrate the win-chance model against the expert bots' own play (the last step of docs/chances.md).

    python scripts/calibrate_chances.py --deals 300 --seed 7          # play, then fit
    python scripts/calibrate_chances.py --refit                        # fit again from the stored games
    python scripts/calibrate_chances.py --seats benchmarks/results/chances-seed*.jsonl  # the seat terms
    python scripts/calibrate_chances.py --seats A.jsonl B.jsonl@0,0,0.44    # B played with a rearhand term

Three experts bid (by the model as it stands), declare and play seeded deals of both profiles to the end
(``--time-ms`` a decision, default 300 as in the benchmark). For every game played, the two moments the
issue measures are stored (data/chances/calibration.jsonl, one line per game; a second run adds to it):
the declaration (the chance of the declared game as it will be played) and the declarer's last bid (the
chance of the game it meant to play at that bid, before the pickup). Each stores what the model reads (the
ten cards, the situation), so the fit works with whatever shape model the file holds.

The fit: per kind of game (suit, grand, null) and moment (``pre``: before the pickup; ``play``: a hand
game or after the pickup), logistic regression of the outcome on the model's open-hand logit, pulled
towards the fit over all kinds of that moment (a kind with few games — null — keeps close to it), repeated
on bootstrap resamples of the games so that the lines' spread widens the interval the model shows. The
held-out error (5-fold, 5 bins) is stored per kind and moment. The card play of the experts is part of what
is calibrated: run this again whenever the expert's play changes (``--refit`` after a new shape fit).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer.bots.selfplay import play_deal
from trainer.chances.auction import adjusted
from trainer.chances.features import KINDS, MODES, Kind, Mode, Situation, kind_of, vector
from trainer.chances.model import (
    GROUPS,
    MODEL_PATH,
    Calibration,
    ChanceModel,
    Group,
    calibration_error,
    load_model,
    logit_shift,
)
from trainer.games import GameType
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.solver import core as solver_core
from trainer.solver import warm_up

DEFAULT_GAMES = Path("data/chances/calibration.jsonl")
BOOTSTRAP = 16
SHRINK = 8.0
"""How many games' weight pulls a kind's line towards the line of all kinds (a prior, in games)."""


@dataclass(frozen=True)
class Sample:
    kind: Kind
    group: Group
    x: list[float]
    won: bool
    reported: float


def play(deals: int, seed: int, time_ms: int, out: Path, explore: float | None = None) -> None:
    """Play ``deals`` seeded deals per profile and append one line per moment of every game to ``out``."""
    solver_core._PARALLEL_MIN_CARDS = 10**6  # one core: no second search thread
    warm_up(block=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    began = time.perf_counter()
    games = 0
    with out.open("a", encoding="utf-8") as handle:
        for number in range(deals):
            for profile in (INTERNATIONAL, DANISH):
                deal_seed = seed * 100_003 + number
                rng = random.Random(f"{seed}|{profile.name}|{number}")
                deal = play_deal(profile, deal_seed, time_ms=time_ms, rng=rng, explore=explore)
                if deal.won is None or not deal.calibratable:
                    continue
                games += 1
                for which, moment in (("declared", deal.declared), ("last_bid", deal.last_bid)):
                    if moment is None:
                        continue
                    record = {"moment": which, "won": deal.won, "profile": profile.name, "seed": deal_seed}
                    record |= moment.to_json()
                    record["time_ms"] = time_ms
                    record["explore"] = explore
                    handle.write(json.dumps(record) + "\n")
            handle.flush()
            spent = time.perf_counter() - began
            print(
                f"{number + 1}/{deals} deals per profile, {games} games, {spent:.0f} s",
                file=sys.stderr,
                flush=True,
            )


def samples(path: Path, model: ChanceModel) -> list[Sample]:
    """The stored moments, with the vectors the current model reads."""
    found: list[Sample] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        r = json.loads(line)
        mode: Mode = r["mode"]
        if mode not in MODES:
            continue
        situation = Situation(mode, r["seat"], r["danish"], r["skat_points"], *r["auction"])
        game = GameType(r["game"])
        kind = kind_of(game)
        group: Group = "pre" if mode == "pickup" else "play"
        found.append(
            Sample(kind, group, vector(kind, r["cards"], game, situation), bool(r["won"]), r["reported"])
        )
    del model
    return found


def _fit_line(z: np.ndarray, y: np.ndarray, prior: tuple[float, float], weight: float) -> tuple[float, float]:
    """Logistic regression ``y ~ sigmoid(a z + b)`` with a pull of ``weight`` towards ``prior`` (Newton)."""
    a, b = prior
    for _ in range(50):
        p = 1 / (1 + np.exp(-np.clip(a * z + b, -30, 30)))
        g_a = np.sum((p - y) * z) + weight * (a - prior[0])
        g_b = np.sum(p - y) + weight * (b - prior[1])
        w = p * (1 - p)
        h_aa = np.sum(w * z * z) + weight + 1e-6
        h_ab = np.sum(w * z)
        h_bb = np.sum(w) + weight + 1e-6
        det = h_aa * h_bb - h_ab * h_ab
        step_a = (h_bb * g_a - h_ab * g_b) / det
        step_b = (h_aa * g_b - h_ab * g_a) / det
        a, b = a - step_a, b - step_b
        if abs(step_a) + abs(step_b) < 1e-8:
            break
    return float(a), float(b)


def _fit_all(z: np.ndarray, y: np.ndarray, kinds: np.ndarray) -> dict[Kind, tuple[float, float]]:
    pooled = _fit_line(z, y, (1.0, 0.0), 1.0)
    return {kind: _fit_line(z[kinds == kind], y[kinds == kind], pooled, SHRINK) for kind in KINDS}


ece = calibration_error

SEATS = ("forehand", "middlehand", "rearhand")


def _seat_kind(game: str) -> str:
    return "grand" if game == "grand" else "null" if game.startswith("null") else "suit"


def seat_shifts(
    paths: list[Path], in_force: Mapping[Path, Sequence[float]] | None = None
) -> dict[tuple[str, str, str], tuple[float, float, int, float, float]]:
    """From the benchmark's deal files (``benchmarks/chances.py --out``): per profile (and ``both``), kind
    of game and declarer's seat, the logit shift that makes the chances the declarers gave at the
    declaration match what they won (maximum likelihood, Newton), its standard error, the games, the share
    won and the mean chance.

    ``in_force``: per file, the suit seat term (forehand, middlehand, rearhand) the model that played it
    had (:data:`trainer.chances.auction.SUIT_SEAT`); a suit game's chance is first moved back by it, so the
    shift fit is the whole term, over files played with different terms. A file not named had none; without
    ``in_force`` a shift is the residual over the model that played the games."""
    rows: list[tuple[str, str, str, float, bool]] = []
    for path in paths:
        terms = (in_force or {}).get(path, (0.0, 0.0, 0.0))
        for line in path.read_text(encoding="utf-8").splitlines():
            r = json.loads(line) if line.strip() else {}
            if r.get("declared_chance") is None or r.get("won") is None:
                continue
            kind = _seat_kind(r["game"])
            chance = r["declared_chance"]
            if kind == "suit":
                chance = adjusted(chance, -terms[SEATS.index(r["declarer"])])
            rows.append((r["profile"], kind, r["declarer"], chance, bool(r["won"])))
    out: dict[tuple[str, str, str], tuple[float, float, int, float, float]] = {}
    for profile in ("international", "danish", "both"):
        for kind in ("suit", "grand", "null"):
            for seat in SEATS:
                chosen = [r for r in rows if profile in ("both", r[0]) and r[1] == kind and r[2] == seat]
                if len(chosen) < 10:
                    continue
                p = np.array([r[3] for r in chosen])
                y = np.array([float(r[4]) for r in chosen])
                shift, error = logit_shift(p, y)
                out[(profile, kind, seat)] = (shift, error, len(chosen), float(y.mean()), float(p.mean()))
    return out


def _file_and_terms(text: str) -> tuple[Path, tuple[float, float, float]]:
    """``FILE`` or ``FILE@F,M,R`` (the suit seat term in force when the file was played)."""
    name, _, terms = text.partition("@")
    if not terms:
        return Path(name), (0.0, 0.0, 0.0)
    forehand, middlehand, rearhand = (float(term) for term in terms.split(","))
    return Path(name), (forehand, middlehand, rearhand)


def fit(path: Path, seed: int, out: Path) -> None:
    model = load_model(out)
    found = samples(path, model)
    rng = np.random.default_rng(seed)
    calibration: dict[tuple[Kind, Group], Calibration] = {}
    report: dict[str, object] = {}
    for group in GROUPS:
        chosen = [s for s in found if s.group == group]
        if not chosen:
            continue
        z = np.zeros(len(chosen))
        kinds = np.array([s.kind for s in chosen])
        for kind in KINDS:
            where = np.flatnonzero(kinds == kind)
            if len(where):
                x = np.array([chosen[i].x for i in where], dtype=np.float64)
                z[where] = model.raw_win_logit(kind, x)
        y = np.array([float(s.won) for s in chosen])
        lines: dict[Kind, list[tuple[float, float]]] = {kind: [] for kind in KINDS}
        for _ in range(BOOTSTRAP):
            pick = rng.integers(0, len(chosen), len(chosen))
            for kind, line in _fit_all(z[pick], y[pick], kinds[pick]).items():
                lines[kind].append(line)
        # held-out error: 5 folds
        folds = rng.integers(0, 5, len(chosen))
        held = np.zeros(len(chosen))
        for fold in range(5):
            train, test = folds != fold, folds == fold
            fitted = _fit_all(z[train], y[train], kinds[train])
            for i in np.flatnonzero(test):
                a, b = fitted[kinds[i]]
                held[i] = 1 / (1 + np.exp(-(a * z[i] + b)))
        reported = np.array([s.reported for s in chosen])
        for kind in KINDS:
            where = kinds == kind
            error = ece(held[where], y[where]) if where.sum() >= 20 else ece(held, y)
            slopes = np.array([line[0] for line in lines[kind]])
            intercepts = np.array([line[1] for line in lines[kind]])
            calibration[(kind, group)] = Calibration(slopes, intercepts, error, int(where.sum()))
            report[f"{kind}/{group}"] = {
                "games": int(where.sum()),
                "won": round(float(y[where].mean()), 3) if where.any() else None,
                "slope": round(float(slopes.mean()), 3),
                "intercept": round(float(intercepts.mean()), 3),
                "held_out_ece": round(error, 4),
            }
        known = ~np.isnan(reported)
        report[f"all/{group}"] = {
            "games": len(chosen),
            "held_out_ece": round(ece(held, y), 4),
            "ece_of_chances_reported_while_playing": round(ece(reported[known], y[known]), 4),
        }
    for key, value in report.items():
        print(f"{key}: {json.dumps(value)}", file=sys.stderr)
    meta = dict(model.meta)
    meta["calibrated"] = True
    meta["calibration"] = {
        "games_file": str(path),
        "seed": seed,
        "bootstrap": BOOTSTRAP,
        "shrink": SHRINK,
        "fit": report,
    }
    updated = replace(model, calibration={**model.calibration, **calibration}, meta=meta)
    updated.save(out)
    print(f"wrote the calibration into {out}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="deals per profile to play (default 300)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--time-ms", type=int, default=300, help="the experts' time per decision (default 300)"
    )
    parser.add_argument("--games", type=Path, default=DEFAULT_GAMES, help="where the played games are kept")
    parser.add_argument("--model", type=Path, default=MODEL_PATH)
    parser.add_argument("--refit", action="store_true", help="only fit again from the stored games")
    parser.add_argument(
        "--seats",
        nargs="+",
        help="only print the seat terms fit on these benchmark deal files (benchmarks/chances.py --out); "
        "FILE@F,M,R names the suit seat term the file was played with, and the terms printed are then whole",
    )
    parser.add_argument(
        "--explore",
        type=float,
        default=None,
        help="bid by a looser rule (any game reaching the bid with at least this chance), to see how the "
        "hands below the bots' own threshold fare",
    )
    args = parser.parse_args(argv)
    if args.seats:
        files = [_file_and_terms(text) for text in args.seats]
        in_force = {path: terms for path, terms in files}
        for (profile, kind, seat), (shift, se, n, won, chance) in seat_shifts(
            list(in_force), in_force
        ).items():
            print(
                f"{profile} {kind} {seat}: n={n}, won {won:.3f}, chance {chance:.3f}, "
                f"shift {shift:+.2f} (95 % {shift - 1.96 * se:+.2f} to {shift + 1.96 * se:+.2f})"
            )
        return 0
    if not args.refit:
        play(args.deals, args.seed, args.time_ms, args.games, args.explore)
    fit(args.games, args.seed, args.model)
    return 0


if __name__ == "__main__":
    sys.exit(main())
