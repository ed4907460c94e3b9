"""Do the null chances hold? Plain nulls played after the pickup wherever the model gives one a chance in a
band, so that the null family is judged on more than the handful of nulls a self-play run declares (issue
41, point 7: "fix any family whose interval misses the diagonal").

``--game grand`` does the same for a plain grand after the pickup (grands are declared often, but a
self-play run's grands are the ones the bots chose; forcing them judges the grand chance over its range),
``--game grand-hand`` for a grand played hand (the skat stays down; the seat whose hand grand looks best
declares it wherever its chance is in the band), and ``--profile danish`` plays the Danish rules.

A self-play run of 300 international deals declares about ten nulls, three or four of them plain; the long
run of seeds 5000-5299 lost all three of its plain nulls at a mean chance of 0.56. Here each deal is bid
by the experts as usual; where the auction winner's bid is no higher than a null is worth, it picks up and,
if the model's best discard for a plain null gives a chance between ``--low`` and ``--high``, lays those two
away and declares the null (whatever game it would have chosen), and the experts play it out at
``time_ms`` a decision. The chance recorded is the one the model gives the null at the declaration, after
the discard: the moment the self-play benchmark calibrates. A forced null is a null the declarer may not
have chosen, so this measures the null chance over its range, not the bots' choice of null.

Printed: the chance given and the share won overall and per band (Wilson 95 %), the calibration error,
and the logit shift that would make the chances match the results (maximum likelihood, with its 95 %
interval; a family keeps a term only where the interval excludes 0). Deals are kept one JSON line each
(``--out``; a run with the same file goes on where it stopped, ``--report`` prints the figures).

    .venv/bin/python benchmarks/null_family.py --deals 600 --seed 9000 --out /tmp/null/deals.jsonl
    .venv/bin/python benchmarks/null_family.py --report benchmarks/results/null-family-seed9000.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer.bots import choose
from trainer.bots.search import wilson
from trainer.cards import Card, Rank, Suit, parse_cards
from trainer.chances import GameChance, game_chances
from trainer.chances.families import SHORT_SUIT
from trainer.chances.model import calibration_error, logit_shift, logit_terms
from trainer.deal import Seat
from trainer.games import Declaration, GameType
from trainer.profiles import INTERNATIONAL, RuleProfile, get_profile
from trainer.rules import Bid, DealState, Declare, Discard, Hold, Pass, Phase, PickUp, SeatView, SkatGame
from trainer.solver import warm_up

PLAIN_NULL = Declaration(GameType.NULL)
FORCED = {
    "null": PLAIN_NULL,
    "grand": Declaration(GameType.GRAND),
    "grand-hand": Declaration(GameType.GRAND, hand=True),
}
LABELS = {"null": "plain null", "grand": "plain grand", "grand-hand": "hand grand"}
TERMS = ("level", "a suit without its 7", "a high card in a short suit")
BANDS = ((0.0, 0.4), (0.4, 0.6), (0.6, 0.8), (0.8, 1.0))


def expert_move(state: DealState, time_ms: int, rng: random.Random) -> None:
    """The expert's move for the seat to move (the club's where there is no choice)."""
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    level = "expert" if len(view.legal_moves) > 1 else "club"
    state.apply(choose(view, level, rng=rng, time_ms=time_ms).move)


def _null(view: SeatView, time_ms: int, declaration: Declaration = PLAIN_NULL) -> GameChance | None:
    return next((c for c in game_chances(view, time_ms=time_ms) if c.declaration == declaration), None)


def _won_at_lowest(seed: int, seat: Seat, profile: RuleProfile = INTERNATIONAL) -> DealState:
    """Deal ``seed`` with ``seat`` winning the auction at the lowest bid, the others passing."""
    state = SkatGame(profile).new_deal(seed)
    while state.phase is Phase.AUCTION:
        mover = state.to_move
        assert mover is not None
        legal = state.view(mover).legal_moves
        if mover is not seat:
            state.apply(Pass(mover))
        else:
            state.apply(next(m for m in legal if isinstance(m, (Bid, Hold))))
    return state


def forced_null(
    seed: int,
    time_ms: int,
    low: float,
    high: float,
    declaration: Declaration = PLAIN_NULL,
    profile: RuleProfile = INTERNATIONAL,
    before_pickup: bool = False,
) -> dict[str, Any] | None:
    """Deal ``seed`` with ``declaration`` (a plain null unless told) forced after the pickup, or None where
    no seat's game after the pickup has a chance in the band.

    The seat whose game looks best before the pickup wins the auction at the lowest bid (the other two
    pass: nulls are mostly bid low), picks up and lays away the model's discard for the game.
    ``before_pickup``: the band is on the chance before the pickup (the one the auction is bid on), the
    game is declared whatever the skat brings, and that chance is the one recorded and judged."""
    ranked = []
    for seat in Seat:
        candidate = _won_at_lowest(seed, seat, profile)
        before = _null(candidate.view(seat), time_ms, declaration)
        assert before is not None
        ranked.append((before.win, int(seat), candidate))
    pickup_chance, seat_number, state = max(ranked, key=lambda r: r[:2])
    declarer = Seat(seat_number)
    if declaration.hand:
        declared = _null(state.view(declarer), time_ms, declaration)  # the skat stays down
        if declared is None or not low <= declared.win <= high:
            return None
    else:
        if before_pickup and not low <= pickup_chance <= high:
            return None
        state.apply(PickUp(declarer))
        offered = _null(state.view(declarer), time_ms, declaration)
        if offered is None or not (before_pickup or low <= offered.win <= high):
            return None
        state.apply(Discard(declarer, offered.discards))
        declared = _null(state.view(declarer), time_ms, declaration)
    kept = " ".join(str(card) for card in state.view(declarer).hand)
    assert declared is not None
    state.apply(Declare(declarer, declaration))
    rng = random.Random(f"null|{seed}" if declaration == PLAIN_NULL else f"{declaration}|{seed}")
    while state.phase is not Phase.FINISHED:
        expert_move(state, time_ms, rng)
    outcome = state.outcome()
    assert outcome is not None
    judged = pickup_chance if before_pickup and not declaration.hand else declared.win
    return {
        "seed": seed,
        "declarer": declarer.name.lower(),
        "pickup_chance": round(pickup_chance, 4),
        "declared_chance": round(declared.win, 4),
        "chance": round(judged, 4),
        "low": round(declared.low, 4),
        "high": round(declared.high, 4),
        "won": bool(outcome.won),
        "cards": kept,
    }


def report(rows: list[dict[str, Any]], without_terms: bool = False) -> list[str]:
    """The figures of the played nulls (see the module docstring). With ``without_terms`` a row played
    under a trial term reads the chance it would have had without it (``chance_without_term``), so that runs
    of different code can be pooled on the chance of one code."""
    played = [r for r in rows if r.get("chance") is not None]
    if not played:
        return ["no game played"]
    key = "chance_without_term" if without_terms else "chance"
    p = np.array([r.get(key, r["chance"]) for r in played])
    y = np.array([float(r["won"]) for r in played])
    games = sorted({r.get("game", "null") for r in played})
    named = " and ".join(LABELS.get(game, game) for game in games)
    lines = [f"deals tried: {len(rows)}; {named} games played: {len(played)}"]
    for lo, hi in ((0.0, 1.0), *BANDS):
        chosen = (p >= lo) & (p < hi) if hi < 1.0 else (p >= lo)
        n = int(chosen.sum())
        if n == 0:
            continue
        won = int(y[chosen].sum())
        a, b = wilson(won, n)
        mean = float(p[chosen].mean())
        holds = "holds" if a <= mean <= b else "MISSES"
        lines.append(
            f"chance {lo:.1f}-{hi:.1f}: n={n}, chance {mean:.3f}, won {won / n:.3f} "
            f"(95 % {a:.3f}-{b:.3f}; {holds} the diagonal)"
        )
    lines.append(f"calibration error (5 bins): {calibration_error(p, y):.3f}")
    shift, error = logit_shift(p, y)
    lines.append(f"logit shift that would match: {_interval(shift, error)}")
    seats = np.array([r.get("declarer", "") for r in played])
    for seat in Seat:
        name = seat.name.lower()
        chosen = seats == name
        if chosen.sum() >= 2 and len(set(seats)) > 1:
            shift, error = logit_shift(p[chosen], y[chosen])
            lines.append(
                f"  {name}: n={int(chosen.sum())}, chance {float(p[chosen].mean()):.3f}, "
                f"won {float(y[chosen].mean()):.3f}, shift {_interval(shift, error)}"
            )
    with_cards = [r for r in played if r.get("cards")]
    if len(with_cards) == len(played) and all(r.get("game", "null") == "null" for r in played):
        lines.extend(_by_feature(p, y, [parse_cards(r["cards"]) for r in played]))
    return lines


def _interval(value: float, error: float) -> str:
    return f"{value:+.2f} (95 % {value - 1.96 * error:+.2f} to {value + 1.96 * error:+.2f})"


def _by_feature(p: np.ndarray, y: np.ndarray, hands: list[tuple[Card, ...]]) -> list[str]:
    """The shift fit as a level plus one term per null feature the families mark down (a suit held
    without its 7, an Ace or King in a short suit), by maximum likelihood (Newton), with the fit's
    log-likelihood against the level alone's: does a feature earn a term of its own?"""
    unguarded = [
        sum(1 for held in _suits(hand) if not any(c.rank is Rank.SEVEN for c in held)) for hand in hands
    ]
    high = [
        sum(c.rank in (Rank.ACE, Rank.KING) for held in _suits(hand) if len(held) <= SHORT_SUIT for c in held)
        for hand in hands
    ]
    lines = []
    for name, x in (
        ("level", np.ones((len(p), 1))),
        ("level + features", np.c_[np.ones(len(p)), unguarded, high]),
    ):
        w, errors, likelihood = logit_terms(p, y, x)
        terms = ", ".join(
            f"{label} {_interval(value, err)}" for label, value, err in zip(TERMS, w, errors, strict=False)
        )
        lines.append(f"fit {name}: {terms}; log-likelihood {likelihood:.1f}")
    return lines


def _suits(hand: tuple[Card, ...]) -> list[list[Card]]:
    return [held for suit in Suit if (held := [card for card in hand if card.suit is suit])]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals to try (default 200)")
    parser.add_argument("--seed", type=int, default=9000, help="first deal seed (default 9000)")
    parser.add_argument("--time-ms", type=int, default=300)
    parser.add_argument("--low", type=float, default=0.2, help="lowest null chance forced (default 0.2)")
    parser.add_argument("--high", type=float, default=0.95, help="highest null chance forced (default 0.95)")
    parser.add_argument(
        "--game", choices=sorted(FORCED), default="null", help="the game forced (default null)"
    )
    parser.add_argument("--profile", default="international", help="rule profile (default international)")
    parser.add_argument(
        "--before-pickup",
        action="store_true",
        help="band and judge the chance before the pickup (the auction's), whatever the skat brings",
    )
    parser.add_argument("--out", type=Path, help="results file (JSON lines, one per deal tried)")
    parser.add_argument(
        "--report", type=Path, nargs="+", help="only print the figures of results files (pooled)"
    )
    parser.add_argument(
        "--without-terms",
        action="store_true",
        help="with --report: read a trial run's chance without its term (chance_without_term)",
    )
    args = parser.parse_args(argv)
    if args.report is not None:
        rows = [
            json.loads(line)
            for path in args.report
            for line in path.read_text(encoding="utf-8").splitlines()
            if line
        ]
        print("\n".join(report(rows, args.without_terms)))
        return 0
    rows = []
    if args.out is not None and args.out.exists():
        rows = [json.loads(line) for line in args.out.read_text(encoding="utf-8").splitlines() if line]
    done = {r["seed"] for r in rows}
    warm_up(block=True)
    began = time.perf_counter()
    out = args.out.open("a", encoding="utf-8") if args.out is not None else None
    try:
        for count, seed in enumerate(range(args.seed, args.seed + args.deals), start=1):
            if seed in done:
                continue
            forced = FORCED[args.game]
            profile = get_profile(args.profile)
            row = forced_null(
                seed, args.time_ms, args.low, args.high, forced, profile, before_pickup=args.before_pickup
            ) or {"seed": seed, "chance": None}
            row["game"] = args.game
            rows.append(row)
            if out is not None:
                out.write(json.dumps(row) + "\n")
                out.flush()
            what = (
                f"no {args.game}"
                if row["chance"] is None
                else f"{args.game} at {row['chance']:.2f} {'won' if row['won'] else 'lost'}"
            )
            print(
                f"[{count}/{args.deals}] deal {seed}: {what}; {time.perf_counter() - began:.0f} s", flush=True
            )
    finally:
        if out is not None:
            out.close()
    print("\n".join(report(rows)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
