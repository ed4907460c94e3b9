"""Benchmark (not a test): the shipped problem collection against the goals of the problems issue.

    python benchmarks/problems.py [--check N] [--replay K] [--tries T]

Prints: how many problems, per profile, side and theme; the file's size; whether the beginner and the club
player miss the hardest tenth more often than the easiest tenth, on FRESH tries (other seeds than the ones
that set the difficulty), with 95 % Wilson intervals; ``--replay K``: K deals generated again from their
seeds must give the shipped lines (reproducibility); ``--check N``: the first N problems re-solved (0 = all).
Goals: ≥ 2,000 problems, ≥ 10 themes with ≥ 50 each, 0 check failures, ≤ 5 MB, hardest tenth missed more.
"""

from __future__ import annotations

import argparse
import collections
import time
from importlib import resources

from trainer.bots import choose
from trainer.bots.search import wilson
from trainer.game import PlayCard
from trainer.problems.check import check_problem
from trainer.problems.collection import DATA_FILE, collection
from trainer.problems.generate import DIFFICULTY_LEVELS, problems_from_deal, refresh
from trainer.problems.model import Problem, dumps
from trainer.problems.state import problem_state
from trainer.problems.themes import THEME_KEYS

GOAL_PROBLEMS = 2000
GOAL_THEMES, GOAL_PER_THEME = 10, 50
GOAL_MB = 5.0
FRESH_SEED = 1_000_000


def share(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{100 * k / max(n, 1):.1f} % ({k}/{n}; 95 % {100 * low:.1f}-{100 * high:.1f} %)"


def fresh_misses(problems: list[Problem], level: str, tries: int) -> tuple[int, int]:
    missed = total = 0
    for problem in problems:
        view = problem_state(problem).view(problem.seat)
        for k in range(tries):
            move = choose(view, level, seed=FRESH_SEED + k).move
            missed += not (isinstance(move, PlayCard) and move.card in problem.answer)
            total += 1
    return missed, total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", type=int, default=-1, help="re-solve the first N problems (0 = all)")
    parser.add_argument("--replay", type=int, default=0, help="generate K shipped deals again")
    parser.add_argument("--tries", type=int, default=4, help="fresh tries per bot level and problem")
    args = parser.parse_args()
    problems = list(collection())
    size = (resources.files("trainer.problems") / "data" / DATA_FILE).read_bytes()
    print(
        f"problems: {len(problems)} (goal ≥ {GOAL_PROBLEMS}); "
        f"file {len(size) / 1e6:.2f} MB (goal ≤ {GOAL_MB})"
    )
    print("by profile:", dict(collections.Counter(p.profile for p in problems)))
    print("by side:", dict(collections.Counter(p.role for p in problems)))
    print("by trick:", dict(sorted(collections.Counter(p.trick_number for p in problems).items())))
    print("by goal:", dict(collections.Counter(p.goal.value for p in problems)))
    print("dominant:", share(sum(p.dominant for p in problems), len(problems)))
    themes = collections.Counter(t for p in problems for t in p.themes)
    for key in THEME_KEYS:
        print(f"  theme {key:<20}{themes[key]:>6}")
    full = sum(1 for key in THEME_KEYS if themes[key] >= GOAL_PER_THEME)
    print(
        f"themes with ≥ {GOAL_PER_THEME}: {full} (goal ≥ {GOAL_THEMES}); "
        f"untagged {sum(not p.themes for p in problems)}"
    )

    ranked = sorted(problems, key=lambda p: (p.difficulty, p.id))
    tenth = max(1, len(ranked) // 10)
    easiest, hardest = ranked[:tenth], ranked[-tenth:]
    for level in DIFFICULTY_LEVELS:
        e = fresh_misses(easiest, level, args.tries)
        h = fresh_misses(hardest, level, args.tries)
        print(f"{level:<9} misses, fresh tries: easiest tenth {share(*e)}; hardest tenth {share(*h)}")

    if args.replay:
        seeds = sorted({p.deal_seed for p in problems if p.deal_seed is not None})[: args.replay]
        same = 0
        for seed in seeds:
            shipped = [dumps(p) for p in problems if p.deal_seed == seed]
            again = [dumps(refresh(p)) for p in problems_from_deal(seed)]
            same += shipped == again
            print(f"  deal {seed}: {'same' if shipped == again else 'DIFFERENT'} ({len(again)} problems)")
        print(f"reproduced: {same}/{len(seeds)} deals")

    if args.check >= 0:
        chosen = problems if args.check == 0 else problems[: args.check]
        start = time.perf_counter()
        failed = [p.id for p in chosen if check_problem(p)]
        seconds = time.perf_counter() - start
        print(f"check: {len(chosen)} problems, {len(failed)} failed {failed[:10]} ({seconds:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
