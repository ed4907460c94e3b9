"""Benchmark (not a test): how long generating one quiz question takes, per question type and profile, and
how often the result and settlement questions reach each rule the lessons teach.

Goal: under 5 ms median, and every rule a profile has at least 3 % of its result and settlement questions.
Run ``.venv/bin/python benchmarks/quiz.py [questions per type]`` (timings, then the coverage report);
``benchmarks/quiz.py coverage [questions per type]`` prints only the coverage.
"""

from __future__ import annotations

import statistics
import sys
import time

from trainer.profiles import DANISH, INTERNATIONAL
from trainer.quiz import KINDS, generate
from trainer.quiz.generators import COVERAGE_FLOOR, rule_shares

GOAL_MS = 5.0


def coverage(count: int = 500) -> int:
    """Print each rule's share per profile, with its 95 % interval (Wilson), against the floor."""
    print(f"{'rule':<14}{'profile':<15}{'share':>8}{'95 % interval':>18}  floor {COVERAGE_FLOOR:.0%}")
    below = 0
    for profile in (DANISH, INTERNATIONAL):
        for rule, share in rule_shares(profile, count).items():
            low, high = _wilson(share, 2 * count)
            ok = share >= COVERAGE_FLOOR
            below += not ok
            print(
                f"{rule:<14}{profile.name:<15}{share:>8.1%}   [{low:5.1%}, {high:5.1%}]  "
                + ("ok" if ok else "BELOW")
            )
    return 1 if below else 0


def _wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return centre - half, centre + half


def main(count: int = 500) -> int:
    timings: list[float] = []
    print(f"{'question type':<22}{'profile':<15}{'median ms':>10}{'p95 ms':>9}")
    for kind in KINDS:
        for profile in (DANISH, INTERNATIONAL):
            generate(kind, 0, profile)  # warm the caches (bid ladder)
            own: list[float] = []
            for seed in range(1, count + 1):
                start = time.perf_counter()
                generate(kind, seed, profile)
                own.append((time.perf_counter() - start) * 1000)
            own.sort()
            timings += own
            p95 = own[int(len(own) * 0.95)]
            print(f"{kind:<22}{profile.name:<15}{statistics.median(own):>10.3f}{p95:>9.3f}")
    median = statistics.median(timings)
    verdict = "within" if median < GOAL_MS else "ABOVE"
    print(f"overall median {median:.3f} ms per question ({verdict} the {GOAL_MS:g} ms goal)")
    return coverage(count)


if __name__ == "__main__":
    if sys.argv[1:2] == ["coverage"]:
        sys.exit(coverage(int(sys.argv[2]) if len(sys.argv) > 2 else 500))
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 500))
