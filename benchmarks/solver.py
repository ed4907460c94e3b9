"""Solver speed on full deals: exact values of every legal card at the opening lead, then every replay step.

Run: ``.venv/bin/python benchmarks/solver.py [--deals 40] [--backend auto|numba|python]``. Each deal is
seeded; the declarer is the seat that suits the chosen game best (a third grands, the rest suit games);
the two cards left over count as the declarer's skat. The opening search starts with an empty
transposition table; the replay then follows a best line card by card with the same :class:`Analysis`.
The last line is ``opening_all_cards median_ms <x> p95_ms <y> max_ms <z>``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's trainer, not an installed one

from trainer.cards import ALL_CARDS, Card
from trainer.games import SUIT_GAMES, GameType
from trainer.solver import Analysis, compile_seconds, warm_up
from trainer.solver.core import trick_winner_position


def _strength(hand: list[Card], game: GameType) -> int:
    jacks = sum(card.is_jack for card in hand)
    if game.is_grand:
        return 3 * jacks + sum(card.points >= 10 for card in hand)
    return 2 * jacks + sum(card.suit is game.trump_suit and not card.is_jack for card in hand)


def make_deal(seed: int) -> tuple[GameType, int, list[list[Card]], list[Card]]:
    rng = random.Random(seed)
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    hands = [cards[0:10], cards[10:20], cards[20:30]]
    skat = cards[30:32]
    game = (
        GameType.GRAND
        if seed % 3 == 0
        else max(SUIT_GAMES, key=lambda g: max(_strength(h, g) for h in hands))
    )
    declarer = max(range(3), key=lambda seat: _strength(hands[seat], game))
    return game, declarer, hands, skat


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--backend", default="auto", choices=("auto", "numba", "python"))
    parser.add_argument("--no-replay", action="store_true", help="only the opening lead")
    args = parser.parse_args()

    if args.backend != "python":
        start = time.perf_counter()
        ready = warm_up()
        print(
            f"numba ready={ready} warm_up_s {time.perf_counter() - start:.2f} "
            f"compile_or_load_s {compile_seconds()}"
        )

    opening_ms: list[float] = []
    opening_cpu_ms: list[float] = []
    opening_nodes: list[int] = []
    replay_ms: list[float] = []
    for d in range(args.deals):
        game, declarer, hands, skat = make_deal(args.seed + d)
        analysis = Analysis(game, declarer, hands, skat, backend=args.backend)
        start = time.perf_counter()
        cpu_start = time.process_time()
        result = analysis.analyse(hands, 0)
        ms = (time.perf_counter() - start) * 1000
        opening_cpu_ms.append((time.process_time() - cpu_start) * 1000)
        opening_ms.append(ms)
        opening_nodes.append(result.nodes)
        print(
            f"deal {args.seed + d:5d} {game.value:8s} declarer {declarer} value {result.value!s:>4} "
            f"opening {ms:8.1f} ms (cpu {opening_cpu_ms[-1]:8.1f} ms) nodes {result.nodes:9d}"
        )
        if args.no_replay:
            continue
        current = [list(hand) for hand in hands]
        leader = 0
        trick: list[Card] = []
        won = 0
        steps = 0
        while any(current):
            if steps:
                start = time.perf_counter()
                result = analysis.analyse(current, leader, trick, points_so_far=won)
                replay_ms.append((time.perf_counter() - start) * 1000)
            steps += 1
            card = result.best_cards()[0]
            seat = (leader + len(trick)) % 3
            current[seat].remove(card)
            trick.append(card)
            if len(trick) == 3:
                leader = (leader + trick_winner_position(game, trick)) % 3
                if leader == declarer:
                    won += sum(c.points for c in trick)
                trick = []
    print(
        f"opening nodes median {statistics.median(opening_nodes):.0f} max {max(opening_nodes)} "
        f"over {len(opening_nodes)} deals"
    )
    print(
        f"opening cpu_ms (both threads) median {statistics.median(opening_cpu_ms):.1f} "
        f"p95 {percentile(opening_cpu_ms, 0.95):.1f} max {max(opening_cpu_ms):.1f}"
    )
    if replay_ms:
        print(
            f"replay_steps n {len(replay_ms)} median_ms {statistics.median(replay_ms):.2f} "
            f"p95_ms {percentile(replay_ms, 0.95):.2f} max_ms {max(replay_ms):.2f}"
        )
    print(
        f"opening_all_cards median_ms {statistics.median(opening_ms):.1f} "
        f"p95_ms {percentile(opening_ms, 0.95):.1f} max_ms {max(opening_ms):.1f}"
    )


if __name__ == "__main__":
    main()
