"""What the expert's defenders know of the declarer's hand, and what it is worth (a benchmark, not a test).

At the first decision of the defence with a choice (the opening lead, mostly) in duplicate deals whose
contracts ``benchmarks/strength.py`` fixes (the cards before it played by the yardstick):

1. Calibration of the sampler: over many of the defender's worlds, the declarer's trumps, Jacks, Aces,
   Tens, voids and card points against its real hand: the mean bias (sampled minus true) and the root mean
   square error.
2. The cost of each chooser's card: its open-hand value in the true deal against the best card's (card
   points the defence gives away under perfect play from there on), and how often it throws away a game
   the defence could have beaten. Choosers: the yardstick, the expert, and the expert told the declarer's
   hand (``oracle``: how much better inference could be worth at most).

Figures carry their 95 % intervals; the expert searches a number of solver nodes (``--nodes``), so a run
repeats exactly whatever the machine's load.

    .venv/bin/python benchmarks/inference.py                 # 100 deals per profile (about a minute)
    .venv/bin/python benchmarks/inference.py --deals 30 --nodes 500000
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's trainer, not an installed one
sys.path.insert(0, str(ROOT / "benchmarks"))

from strength import contract, interval, open_values  # noqa: E402
from yardstick import yardstick_card  # noqa: E402

from trainer.bots.context import PlayContext  # noqa: E402
from trainer.bots.player import play_context  # noqa: E402
from trainer.bots.sampling import Sampler  # noqa: E402
from trainer.bots.search import expert_card  # noqa: E402
from trainer.cards import Card, Rank, Suit, card_points  # noqa: E402
from trainer.games import GameType  # noqa: E402
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile  # noqa: E402
from trainer.rules import DealState, PlayCard  # noqa: E402
from trainer.rules.play import is_trump  # noqa: E402
from trainer.solver import warm_up  # noqa: E402

WORLDS = 100
"""Worlds drawn per position for the calibration."""
FIRST_SEED = 700_000
"""Deals here start apart from ``strength.py``'s, so what is tuned on one is checked on the other."""


def _voids(hand: Sequence[Card], game: GameType) -> int:
    plain = [suit for suit in Suit if game.is_grand or suit is not game.trump_suit]
    return sum(1 for suit in plain if not any(c.suit is suit and not is_trump(c, game) for c in hand))


FEATURES: dict[str, Callable[[Sequence[Card], GameType], int]] = {
    "trumps": lambda hand, game: sum(1 for c in hand if is_trump(c, game)),
    "Jacks": lambda hand, game: sum(1 for c in hand if c.is_jack),
    "Aces": lambda hand, game: sum(1 for c in hand if c.rank is Rank.ACE),
    "Tens": lambda hand, game: sum(1 for c in hand if c.rank is Rank.TEN),
    "voids": _voids,
    "card points": lambda hand, game: card_points(hand),
}


def first_defence(profile: RuleProfile, seed: int) -> tuple[DealState, PlayContext] | None:
    """The position of the first defence decision with a choice in the deal, or None (no contract, null)."""
    found = contract(profile, seed)
    if found is None or found.declaration.game.is_null:
        return None
    state = found.state.copy()
    while True:
        seat = state.to_move
        assert seat is not None
        ctx = play_context(state.view(seat))
        if ctx.seat is not found.declarer and len(ctx.legal) > 1:
            return state, ctx
        state.apply(PlayCard(seat, yardstick_card(ctx)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="positions per profile (default 100)")
    parser.add_argument("--nodes", type=int, default=1_000_000, help="solver nodes a card for the expert")
    args = parser.parse_args(argv)
    warm_up(block=True)
    print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    bias: dict[str, list[float]] = {name: [] for name in FEATURES}
    squared: dict[str, list[float]] = {name: [] for name in FEATURES}
    choosers = ("yardstick", "expert", "oracle")
    cost: dict[str, list[float]] = {name: [] for name in choosers}
    thrown = dict.fromkeys(choosers, 0)
    for profile in (INTERNATIONAL, DANISH):
        seed, done = FIRST_SEED, 0
        while done < args.deals:
            seed += 1
            found = first_defence(profile, seed)
            if found is None:
                continue
            done += 1
            state, ctx = found
            assert state.declaration is not None and state.declarer is not None
            game, declarer = state.declaration.game, state.declarer
            true_hand = state.hand(declarer)
            worlds = Sampler(ctx, random.Random(seed)).worlds()
            drawn = [next(worlds) for _ in range(WORLDS)]
            for name, feature in FEATURES.items():
                truth = feature(true_hand, game)
                sampled = [feature(world.hands[declarer], game) for world in drawn]
                bias[name].append(statistics.fmean(sampled) - truth)
                squared[name].append(statistics.fmean((v - truth) ** 2 for v in sampled))
            values = open_values(state)
            best = min(values.values())
            told = dataclasses.replace(ctx, open_hands={**ctx.open_hands, declarer: tuple(true_hand)})
            cards = {
                "yardstick": yardstick_card(ctx),
                "expert": expert_card(ctx, random.Random(seed), 300, nodes=args.nodes).card,
                "oracle": expert_card(told, random.Random(seed), 300, nodes=args.nodes).card,
            }
            for name, card in cards.items():
                cost[name].append(float(values[card] - best))
                thrown[name] += best < profile.win_min_points <= values[card]
    positions = len(cost["expert"])
    print(f"{positions} first defence decisions (both profiles), the declarer's hand in {WORLDS} worlds:")
    for name in FEATURES:
        mean, half = interval(bias[name])
        rms = math.sqrt(statistics.fmean(squared[name]))
        print(f"  {name:12s} bias {mean:+5.2f} ± {half:4.2f}   rms error {rms:5.2f}")
    print(f"card points given away against the best card in the true deal ({args.nodes:,} nodes a card):")
    for name in choosers:
        mean, half = interval(cost[name])
        print(f"  {name:10s} {mean:5.2f} ± {half:4.2f}   beatable games lost: {thrown[name]} of {positions}")
    for name in ("yardstick", "oracle"):
        mean, half = interval([a - b for a, b in zip(cost[name], cost["expert"], strict=True)])
        print(f"  {name} minus expert: {mean:+.2f} ± {half:.2f}")
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
