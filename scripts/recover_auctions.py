"""Give shipped problems the auction their own players bid, when today's players bid the deal otherwise.

A problem line made before lines carried their auction gets it from ``scripts/ship_problems.py`` by bidding
its deal again with today's players. Where the players have changed since, that replay no longer agrees
and the auction is lost. This script recovers it in two steps, each run with a different checkout:

    # 1. with the code that GENERATED the lines (its players): record the bidding moves of each deal
    PYTHONPATH=OLD_CHECKOUT python scripts/recover_auctions.py record SHIPPED.jsonl MOVES.pickle
    # 2. with today's code: replay those moves on each deal, keep the auction where replayed_auction agrees
    PYTHONPATH=. python scripts/recover_auctions.py apply SHIPPED.jsonl MOVES.pickle OUT.jsonl

Step 1 bids only the deals of lines without an auction. Step 2 keeps an auction only where
:func:`trainer.problems.generate.replayed_auction` finds the replay agreeing with everything the line
stores (declarer, declaration, the seat's cards, every card played dealt to the seat that played it), so
a wrong recording can only leave a line without its auction, never give it a false one. The moves are
pickled: both checkouts must name the move classes alike (they did for the shipped file; see
docs/problems.md).
"""

from __future__ import annotations

import argparse
import pickle
import random
from dataclasses import replace
from pathlib import Path

from trainer.bots import choose
from trainer.moves import RamsePass
from trainer.problems.generate import PLAYER_LEVEL, PROFILE_CYCLE, replayed_auction
from trainer.problems.model import NULL_SEEDS_FROM, Problem, dumps, read_lines
from trainer.rules import DealState, Move, Phase, SkatGame


def _problems(path: Path) -> list[Problem]:
    return list(read_lines(path.read_text(encoding="utf-8").splitlines()))


def record(shipped: Path, moves_file: Path) -> None:
    """The bidding moves, as this checkout's players make them, of each deal whose lines lack an auction."""
    seeds = sorted(
        {
            p.sample_seed // 100
            for p in _problems(shipped)
            if p.auction is None and p.sample_seed // 100 < NULL_SEEDS_FROM
        }
    )
    found: dict[int, list[Move]] = {}
    for seed in seeds:
        state = SkatGame(PROFILE_CYCLE[seed % len(PROFILE_CYCLE)]).new_deal(seed)
        rng = random.Random(seed)  # the generator's seeded choices (generate.problems_from_deal)
        moves: list[Move] = []
        while state.phase not in (Phase.PLAY, Phase.FINISHED):
            seat = state.to_move
            assert seat is not None
            move = choose(state.view(seat), PLAYER_LEVEL, rng=rng).move
            if isinstance(move, RamsePass):
                break  # such deals make no problems
            moves.append(move)
            state.apply(move)
        else:
            found[seed] = moves
    moves_file.write_bytes(pickle.dumps(found))
    print(f"{len(found)} of {len(seeds)} deals recorded -> {moves_file}")


def apply(shipped: Path, moves_file: Path, out: Path) -> None:
    """The shipped lines again, each without an auction given the one its recorded bidding agrees with."""
    moves: dict[int, list[Move]] = pickle.loads(moves_file.read_bytes())
    states: dict[int, DealState | None] = {}
    problems = []
    gained = 0
    for problem in _problems(shipped):
        seed = problem.sample_seed // 100
        if problem.auction is None and seed in moves:
            if seed not in states:
                state: DealState | None = SkatGame(PROFILE_CYCLE[seed % len(PROFILE_CYCLE)]).new_deal(seed)
                for move in moves[seed]:
                    if state is None or move not in state.legal_moves():
                        state = None  # today's engine refuses it: leave the line as it is
                        break
                    state.apply(move)
                states[seed] = state
            bid_state = states[seed]
            auction = None if bid_state is None else replayed_auction(problem, bid_state)
            if auction is not None:
                problem = replace(problem, auction=auction)
                gained += 1
        problems.append(problem)
    out.write_text("".join(dumps(p) + "\n" for p in problems), encoding="utf-8")
    bid = [p for p in problems if p.sample_seed // 100 < NULL_SEEDS_FROM]
    known = sum(p.auction is not None for p in bid)
    print(f"{gained} auctions recovered; {known} of {len(bid)} problems of bid deals carry one -> {out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    steps = parser.add_subparsers(dest="step", required=True)
    first = steps.add_parser("record", help="with the generating checkout: record the bidding moves")
    first.add_argument("shipped", type=Path)
    first.add_argument("moves", type=Path)
    second = steps.add_parser("apply", help="with today's checkout: replay them and keep what agrees")
    second.add_argument("shipped", type=Path)
    second.add_argument("moves", type=Path)
    second.add_argument("out", type=Path)
    args = parser.parse_args()
    if args.step == "record":
        record(args.shipped, args.moves)
    else:
        apply(args.shipped, args.moves, args.out)


if __name__ == "__main__":
    main()
