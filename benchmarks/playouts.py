"""Random full games per second: our engine (trainer.rules.play.random_playout) against OpenSpiel's Skat
driven
from Python, in the same run.

A game = a fresh random deal + random legal cards to the end (a null game may end early in both engines).
OpenSpiel also needs its bidding and discard actions; both engines pick random legal actions, except that
OpenSpiel's last bidder never passes (a passed-in deal would be a cheap non-game). Our playout is a hand
game (no discard step).
The last line printed is ``ratio <ours / OpenSpiel>`` (higher is better; the goal is >= 1).

    .venv/bin/python benchmarks/playouts.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from trainer.games import GameType
from trainer.profiles import INTERNATIONAL
from trainer.rules.play import random_playout

GAME_CYCLE = tuple(GameType)
OS_PASS = 32
LAST_BIDDER = 2
ROUNDS = 6


def run_ours(rng: random.Random, seconds: float) -> tuple[int, float]:
    """Play our random games for about ``seconds``; return (games, elapsed)."""
    games = 0
    start = time.perf_counter()
    while True:
        for game in GAME_CYCLE:
            random_playout(rng, INTERNATIONAL, game)
        games += len(GAME_CYCLE)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, elapsed


def run_openspiel(os_game: Any, rng: random.Random, seconds: float) -> tuple[int, float]:
    """Play OpenSpiel random games for about ``seconds``; return (games, elapsed)."""
    games = 0
    start = time.perf_counter()
    while True:
        state = os_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                actions = state.legal_actions()
                if state.current_player() == LAST_BIDDER and actions[0] == OS_PASS:
                    actions = actions[1:]  # never let a deal be passed in: always a full game
                state.apply_action(actions[int(rng.random() * len(actions))])
        games += 1
        if games % 32 == 0:
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return games, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="total time per engine")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    os_game = pyspiel.load_game("skat") if pyspiel is not None else None
    ours_rng, os_rng = random.Random(args.seed), random.Random(args.seed)
    totals = {"ours": [0, 0.0], "openspiel": [0, 0.0]}
    # alternate short rounds so that a change in machine load hits both engines alike
    for _ in range(ROUNDS):
        games, elapsed = run_ours(ours_rng, args.seconds / ROUNDS)
        totals["ours"][0] += games
        totals["ours"][1] += elapsed
        if os_game is not None:
            games, elapsed = run_openspiel(os_game, os_rng, args.seconds / ROUNDS)
            totals["openspiel"][0] += games
            totals["openspiel"][1] += elapsed
    ours = totals["ours"][0] / totals["ours"][1]
    print(f"ours       {ours:10.0f} games/s  ({totals['ours'][0]} games, suit/grand/null in turn)")
    if os_game is None:
        print("OpenSpiel  not installed (pip install open-spiel==2.0.2)")
        print("ratio nan")
        return
    theirs = totals["openspiel"][0] / totals["openspiel"][1]
    print(f"OpenSpiel  {theirs:10.0f} games/s  ({totals['openspiel'][0]} games, random bidding and play)")
    print(f"ratio {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
