"""Train the shape of the win-chance model (trainer/chances/model.json) from deals it generates itself.

Two steps, each reproducible from its seed (docs/chances.md says what they do and how long they take):

    python scripts/train_chances.py generate --deals 12000 --seed 1 --out data/chances/labels.npz
    python scripts/train_chances.py fit --data data/chances/labels.npz --seed 1

``generate`` deals seeded random deals (both profiles alternately), runs a rules-of-thumb auction in each
(what the others' bids say is part of what the model reads), and for every seat and the games that hand could
play labels the game with the open-hand solver (:mod:`trainer.chances.labels`): with the pickup (the deal's
skat, the rules-of-thumb discard and, for some, another discard) and as a hand game. Every labelled game gives
the model one row before the pickup and, for a pickup, one row after it. Runs on one core (the solver's
second thread is switched off); progress goes to stderr.

``fit`` fits an ensemble of small networks per kind of game (suit, grand, null) on bootstrap resamples of
the rows, holding out a share of the deals to stop each fit at its best held-out loss, and writes them into
the model file with identity calibration lines: ``scripts/calibrate_chances.py`` must be run afterwards.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer.calc import simulate_auction
from trainer.cards import Card, card_points
from trainer.chances import hands as rules
from trainer.chances.core import auction_summary
from trainer.chances.features import KINDS, MODES, Kind, Mode, Situation, indices, kind_of, vector
from trainer.chances.labels import OpenLabel, open_label
from trainer.chances.model import HEADS, MODEL_PATH, Calibration, ChanceModel, Net
from trainer.deal import Deal, Seat, random_deal
from trainer.games import SUIT_GAMES, GameType
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.rules.bidding import AuctionEvent
from trainer.rules.play import is_trump
from trainer.solver import core as solver_core
from trainer.solver import warm_up

DEFAULT_DATA = Path("data/chances/labels.npz")
WEAK_SHARE = 0.15
"""Share of the clearly hopeless games kept (the model must still know they are hopeless)."""
OTHER_DISCARD_SHARE = 0.4
"""Share of pickup games labelled a second time with another discard (the model weighs every discard)."""


# ---- generate --------------------------------------------------------------------------------------------


COLUMNS = (
    "game", "mode", "seat", "danish", "skat_points", "others_high", "others_bids", "others_passed",
    *(f"card_{i}" for i in range(10)), "won", "schneider", "schwarz", "deal",
)  # fmt: skip
"""One labelled row: the game (index in GameType), the moment (index in MODES), the situation, the ten
cards it is played with (card indices), the open-hand results (schneider/schwarz -1: not asked or not
settled) and the deal's number (the fit holds out whole deals)."""
_GAME_LIST = list(GameType)
NODE_LIMIT = 1_500_000
"""A question the solver cannot settle within this many nodes is dropped (counted in the data's meta)."""


@dataclass
class Rows:
    rows: list[list[int]] = field(default_factory=list)
    dropped: int = 0

    def add(
        self, game: GameType, ten: Sequence[Card], situation: Situation, label: OpenLabel, deal: int
    ) -> None:
        def code(value: bool | None) -> int:
            return -1 if value is None or game.is_null else int(value)

        self.rows.append(
            [
                _GAME_LIST.index(game), MODES.index(situation.mode), situation.seat, int(situation.danish),
                situation.skat_points, situation.others_high, situation.others_bids, situation.others_passed,
                *indices(ten), int(label.won), code(label.schneider), code(label.schwarz), deal,
            ]
        )  # fmt: skip


def vectors(rows: np.ndarray) -> dict[Kind, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The feature vectors, labels (NaN: unknown) and deal numbers of stored rows, per kind."""
    col = {name: i for i, name in enumerate(COLUMNS)}
    found: dict[Kind, tuple[list[list[float]], list[list[float]], list[int]]] = {
        k: ([], [], []) for k in KINDS
    }
    for row in rows.tolist():
        game = _GAME_LIST[row[col["game"]]]
        kind = kind_of(game)
        situation = Situation(
            MODES[row[col["mode"]]], row[col["seat"]], bool(row[col["danish"]]), row[col["skat_points"]],
            row[col["others_high"]], row[col["others_bids"]], row[col["others_passed"]],
        )  # fmt: skip
        ten = row[col["card_0"] : col["card_0"] + 10]
        labels = [float(row[col["won"]])]
        if not game.is_null:
            labels += [
                float("nan") if row[col[h]] < 0 else float(row[col[h]]) for h in ("schneider", "schwarz")
            ]
        xs, ys, ds = found[kind]
        xs.append(vector(kind, ten, game, situation))
        ys.append(labels)
        ds.append(row[col["deal"]])
    return {
        kind: (np.array(xs, dtype=np.float64), np.array(ys, dtype=np.float64), np.array(ds, dtype=np.int64))
        for kind, (xs, ys, ds) in found.items()
    }


def _worth_labelling(game: GameType, ten: Sequence[Card], hand: bool) -> bool:
    """Games a player might think of playing; the others are labelled only in :data:`WEAK_SHARE`."""
    if game.is_null:
        unsafe = sum(1 for gap in rules.null_gaps(ten) if gap)
        return unsafe <= (1 if hand else 2)
    if game.is_grand:
        jacks = sum(1 for card in ten if card.is_jack)
        aces = sum(1 for card in ten if card.rank.value == "A")
        return jacks >= (2 if hand else 1) or (not hand and aces >= 2)
    trumps = sum(1 for card in ten if is_trump(card, game))
    return trumps >= (5 if hand else 3)


def _prefix(history: Sequence[AuctionEvent], seat: Seat, rng: random.Random) -> list[AuctionEvent]:
    """The auction up to one of the moments ``seat`` spoke (chosen at random)."""
    moments = [i for i, event in enumerate(history) if event.seat is seat] or [len(history)]
    return list(history[: rng.choice(moments)])


def _other_discard(
    twelve: Sequence[Card], game: GameType, first: tuple[Card, Card], rng: random.Random
) -> tuple[Card, Card] | None:
    pool = list(twelve) if game.is_null else [card for card in twelve if not is_trump(card, game)]
    if len(pool) < 2:
        pool = list(twelve)
    for _ in range(10):
        a, b = rng.sample(pool, 2)
        if {a, b} != set(first):
            return (a, b)
    return None


def label_deal(profile: RuleProfile, deal: Deal, number: int, rng: random.Random, rows: Rows) -> int:
    """Label the games of every seat in ``deal``; returns the number of solver calls."""
    limits = []
    for seat in Seat:
        limit, option = rules.bid_limit(profile, deal.hand(seat), forehand=seat is Seat.FOREHAND)
        limits.append(limit if option is not None else None)
    history = simulate_auction(profile, limits).history
    danish = profile is DANISH
    solves = 0
    for seat in Seat:
        ten = tuple(deal.hand(seat))
        twelve = (*ten, *deal.skat)
        early = auction_summary(_prefix(history, seat, rng), seat)
        late = auction_summary(history, seat)

        def situation(
            mode: Mode, summary: tuple[int, int, int], skat_points: int = 0, seat: Seat = seat
        ) -> Situation:
            return Situation(mode, int(seat), danish, skat_points, *summary)

        for game in (*SUIT_GAMES, GameType.GRAND, GameType.NULL):
            for hand in (False, True):
                if not _worth_labelling(game, ten, hand) and rng.random() >= WEAK_SHARE:
                    continue
                label = open_label(profile, deal, seat, game, hand=hand, node_limit=NODE_LIMIT)
                solves += 1
                if label is None:
                    rows.dropped += 1
                    continue
                rows.add(game, ten, situation("hand" if hand else "pickup", early), label, number)
                if hand:
                    continue
                pair = (label.counted[0], label.counted[1])
                rows.add(game, label.ten, situation("post", late, card_points(pair)), label, number)
                if rng.random() < OTHER_DISCARD_SHARE:
                    other = _other_discard(twelve, game, pair, rng)
                    if other is None:
                        continue
                    second = open_label(
                        profile, deal, seat, game, hand=False, discards=other, node_limit=NODE_LIMIT
                    )
                    solves += 1
                    if second is None:
                        rows.dropped += 1
                        continue
                    rows.add(game, second.ten, situation("post", late, card_points(other)), second, number)
    return solves


def generate(deals: int, seed: int, out: Path) -> None:
    solver_core._PARALLEL_MIN_CARDS = 10**6  # one core: no second search thread
    warm_up(block=True)
    rng = random.Random(seed)
    rows = Rows()
    began, cpu = time.perf_counter(), time.process_time()
    solves = 0
    for number in range(deals):
        profile = INTERNATIONAL if number % 2 == 0 else DANISH
        deal = random_deal(seed * 1_000_003 + number, profile)
        solves += label_deal(profile, deal, number, rng, rows)
        if (number + 1) % 100 == 0 or number + 1 == deals:
            spent = time.perf_counter() - began
            _save(out, rows, deals=number + 1, seed=seed, solves=solves, began=began, cpu=cpu)
            print(
                f"{number + 1}/{deals} deals, {solves} games solved, {spent:.0f} s "
                f"({1000 * spent / max(1, solves):.1f} ms a game, {rows.dropped} dropped)",
                file=sys.stderr,
                flush=True,
            )


def _save(out: Path, rows: Rows, *, deals: int, seed: int, solves: int, began: float, cpu: float) -> None:
    """Write the rows so far (the file is rewritten as the work goes on: a stopped run keeps its rows)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    meta = {
        "deals": deals,
        "seed": seed,
        "solves": solves,
        "dropped": rows.dropped,
        "node_limit": NODE_LIMIT,
        "seconds": round(time.perf_counter() - began, 1),
        "cpu_seconds": round(time.process_time() - cpu, 1),
    }
    rows_array = np.array(rows.rows, dtype=np.int16)
    np.savez_compressed(out, meta=json.dumps(meta), columns=json.dumps(COLUMNS), rows=rows_array)


# ---- fit -------------------------------------------------------------------------------------------------


def _sigmoid(z: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))


@dataclass
class FitResult:
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    loss: float
    epochs: int


def fit_one(
    x: np.ndarray, y: np.ndarray, xv: np.ndarray, yv: np.ndarray, hidden: int, rng: np.random.Generator,
    *, epochs: int = 60, batch: int = 256, rate: float = 0.01, l2: float = 1e-4,
) -> FitResult:  # fmt: skip
    """One network (standardised inputs), Adam on the summed binary cross-entropy of the heads, stopped at
    the best held-out loss."""
    features, outputs = x.shape[1], y.shape[1]
    params = [
        rng.normal(0, 1 / np.sqrt(features), (features, hidden)),
        np.zeros(hidden),
        rng.normal(0, 1 / np.sqrt(hidden), (hidden, outputs)),
        np.zeros(outputs),
    ]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    step = 0
    best: FitResult | None = None
    patience = 0

    mask, y = ~np.isnan(y), np.nan_to_num(y)
    mask_v, yv = ~np.isnan(yv), np.nan_to_num(yv)

    def loss_of(ps: list[np.ndarray], xs: np.ndarray, ys: np.ndarray, ms: np.ndarray) -> float:
        h = np.tanh(xs @ ps[0] + ps[1])
        p = np.clip(_sigmoid(h @ ps[2] + ps[3]), 1e-7, 1 - 1e-7)
        return float(-np.sum(ms * (ys * np.log(p) + (1 - ys) * np.log(1 - p))) / len(xs))

    for epoch in range(epochs):
        order = rng.permutation(len(x))
        for start in range(0, len(x), batch):
            idx = order[start : start + batch]
            xb, yb = x[idx], y[idx]
            h = np.tanh(xb @ params[0] + params[1])
            p = _sigmoid(h @ params[2] + params[3])
            d_out = mask[idx] * (p - yb) / len(idx)
            grads = [
                None,
                None,
                h.T @ d_out + l2 * params[2],
                d_out.sum(axis=0),
            ]
            d_h = (d_out @ params[2].T) * (1 - h * h)
            grads[0] = xb.T @ d_h + l2 * params[0]
            grads[1] = d_h.sum(axis=0)
            step += 1
            for i, g in enumerate(grads):
                assert g is not None
                moments[i] = 0.9 * moments[i] + 0.1 * g
                squares[i] = 0.999 * squares[i] + 0.001 * g * g
                m_hat = moments[i] / (1 - 0.9**step)
                v_hat = squares[i] / (1 - 0.999**step)
                params[i] = params[i] - rate * m_hat / (np.sqrt(v_hat) + 1e-8)
        held = loss_of(params, xv, yv, mask_v)
        if best is None or held < best.loss - 1e-5:
            best = FitResult(*(p.copy() for p in params), loss=held, epochs=epoch + 1)
            patience = 0
        else:
            patience += 1
            if patience >= 6:
                break
    assert best is not None
    return best


def fit(data: Path, seed: int, members: int, hidden: int, out: Path) -> None:
    loaded = np.load(data)
    meta = json.loads(str(loaded["meta"]))
    if tuple(json.loads(str(loaded["columns"]))) != COLUMNS:
        raise SystemExit(f"{data} was written with other columns; generate it again")
    by_kind = vectors(loaded["rows"])
    rng = np.random.default_rng(seed)
    nets: dict[Kind, Net] = {}
    report: dict[str, object] = {}
    for kind in KINDS:
        x, y, deals = by_kind[kind]
        mean = x.mean(axis=0)
        scale = x.std(axis=0)
        scale[scale < 1e-6] = 1.0
        z = (x - mean) / scale
        # a fixed tenth of the deals is the test set; the members' early stopping uses another tenth
        test = deals % 10 == 0
        w1, b1, w2, b2, losses = [], [], [], [], []
        for member in range(members):
            valid = (deals % 10 == 1 + member % 9) & ~test
            train_idx = np.flatnonzero(~test & ~valid)
            sample = rng.choice(train_idx, size=len(train_idx), replace=True)
            result = fit_one(z[sample], y[sample], z[valid], y[valid], hidden, rng)
            w1.append(result.w1)
            b1.append(result.b1)
            w2.append(result.w2)
            b2.append(result.b2)
            losses.append(result.loss)
            print(
                f"{kind} member {member + 1}/{members}: held-out loss {result.loss:.4f} "
                f"after {result.epochs} epochs",
                file=sys.stderr,
                flush=True,
            )
        net = Net(mean, scale, np.array(w1), np.array(b1), np.array(w2), np.array(b2))
        nets[kind] = net
        logits = net.logits(x[test]).mean(axis=0)
        p = _sigmoid(logits)
        yt = y[test]
        brier, base = [], []
        for o in range(y.shape[1]):
            known = ~np.isnan(yt[:, o])
            brier.append(float(np.mean((p[known, o] - yt[known, o]) ** 2)))
            base.append(float(np.mean((yt[known, o].mean() - yt[known, o]) ** 2)))
        report[kind] = {
            "rows": len(x),
            "test_rows": int(test.sum()),
            "open_win_rate": round(float(np.nanmean(y[:, 0])), 4),
            "test_brier": [round(b, 4) for b in brier],
            "test_brier_base_rate": [round(b, 4) for b in base],
            "heads": list(HEADS[: y.shape[1]]),
        }
        print(f"{kind}: {json.dumps(report[kind])}", file=sys.stderr, flush=True)
    calibration = {(kind, group): Calibration.identity() for kind in KINDS for group in ("pre", "play")}
    model = ChanceModel(
        nets,
        calibration,
        {
            "shape": {"data": meta, "fit_seed": seed, "members": members, "hidden": hidden, "test": report},
            "calibrated": False,
        },
    )
    model.save(out)
    print(
        f"wrote {out} ({out.stat().st_size // 1024} KiB); now run scripts/calibrate_chances.py",
        file=sys.stderr,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="step", required=True)
    gen = sub.add_parser("generate", help="label seeded deals with the open-hand solver")
    gen.add_argument("--deals", type=int, default=12000)
    gen.add_argument("--seed", type=int, default=1)
    gen.add_argument("--out", type=Path, default=DEFAULT_DATA)
    fitting = sub.add_parser("fit", help="fit the networks and write the model file")
    fitting.add_argument("--data", type=Path, default=DEFAULT_DATA)
    fitting.add_argument("--seed", type=int, default=1)
    fitting.add_argument("--members", type=int, default=6)
    fitting.add_argument("--hidden", type=int, default=16)
    fitting.add_argument("--out", type=Path, default=MODEL_PATH)
    args = parser.parse_args(argv)
    if args.step == "generate":
        generate(args.deals, args.seed, args.out)
    else:
        fit(args.data, args.seed, args.members, args.hidden, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
