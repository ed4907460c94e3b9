"""Busy loops: a loaded machine for the latency benchmarks (issue 46 measured its waits at load 2.6-10).

``busy_loops(n)`` starts ``n`` processes that each spin on a core for the block's duration (at most an
hour), and stops them by their own ids when the block ends.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

SPIN = "import os, time\nos.nice({nice})\nend = time.monotonic() + 3600\nwhile time.monotonic() < end: pass"


@contextmanager
def busy_loops(count: int, nice: int = 0) -> Iterator[None]:
    """``count`` processes spinning on a core each while the block runs, at niceness ``nice`` (a niced loop
    still takes every cycle the app leaves, but the app's runs are not starved outright)."""
    spinners = [subprocess.Popen([sys.executable, "-c", SPIN.format(nice=nice)]) for _ in range(count)]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.terminate()
            spinner.wait(timeout=10)
