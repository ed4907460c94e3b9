"""Benchmark (not a test): how long generating one quiz question takes, per question type and profile.

Goal: under 5 ms median. Run ``.venv/bin/python benchmarks/quiz.py [questions per type]``; the last line
is the overall median.
"""

from __future__ import annotations

import statistics
import sys
import time

from trainer.profiles import DANISH, INTERNATIONAL
from trainer.quiz import KINDS, generate

GOAL_MS = 5.0


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
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 500))
