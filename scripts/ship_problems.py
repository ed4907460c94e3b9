"""Copy a generation run's problems into the package data, tagged by today's tagger.

    python scripts/ship_problems.py RUN.jsonl [--out trainer/problems/data/problems.jsonl]

Lines are refreshed (:func:`trainer.problems.generate.refresh`), given their deal's auction when they lack
one (bid again from the deal seed, :func:`trainer.problems.generate.replayed_auction`; kept only when the
replay agrees with the line) and written in deal order, one per line; the size and how many lines carry
their auction are printed (the shipped file must stay under 5 MB).
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from trainer.errors import SkatError
from trainer.problems.generate import NULL_SEEDS_FROM, bid_deal, position_of, refresh, replayed_auction
from trainer.problems.judge import goals_for
from trainer.problems.model import Problem, dumps, read_lines
from trainer.problems.state import problem_state

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "trainer" / "problems" / "data" / "problems.jsonl"


def replays(problem: Problem) -> bool:
    """The problem's example deal replays to exactly its position (runs before the generator passed over
    Ramse's Grand made problems whose seats knew passed cards; they are left out)."""
    try:
        state = problem_state(problem)
    except SkatError:
        return False
    return position_of(state, state.view(problem.seat)) == problem.position()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", type=Path)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    by_id = {p.id: refresh(p) for p in read_lines(args.run.read_text(encoding="utf-8").splitlines())}
    # each once, only those that replay, and none a run before the schwarz rule made
    bid = {seed: bid_deal(seed) for seed in {p.sample_seed // 100 for p in by_id.values()}}
    ramse = {seed for seed, state in bid.items() if state is None and seed < NULL_SEEDS_FROM}
    problems = [
        replace(p, auction=replayed_auction(p, bid[p.sample_seed // 100]))
        for p in by_id.values()
        if p.sample_seed // 100 not in ramse and replays(p) and goals_for(p.position())
    ]
    # a problem of a bid deal is shown with its auction (the seat heard it): one whose auction can't be
    # recovered is left out rather than shown without it
    unknown = [p for p in problems if p.sample_seed // 100 < NULL_SEEDS_FROM and p.auction is None]
    problems = [p for p in problems if p not in unknown]
    problems.sort(key=lambda p: (p.sample_seed // 100, p.sample_seed))
    args.out.write_text("".join(dumps(p) + "\n" for p in problems), encoding="utf-8")
    bid_games = [p for p in problems if p.sample_seed // 100 < NULL_SEEDS_FROM]
    with_auction = sum(p.auction is not None for p in bid_games)
    print(f"{len(problems)} problems, {args.out.stat().st_size / 1e6:.2f} MB -> {args.out}")
    print(
        f"auction known for {with_auction} of {len(bid_games)} problems of bid deals (null deals: none); "
        f"{len(unknown)} left out, their deal now bid otherwise"
    )


if __name__ == "__main__":
    main()
