"""Busy loops: a loaded machine for the latency benchmarks (issue 46 measured its waits at load 2.6-10).

``busy_loops(n)`` starts ``n`` processes that each spin on a core for the block's duration (at most an
hour), and stops them by their own ids when the block ends.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

SPIN = "import time\nend = time.monotonic() + 3600\nwhile time.monotonic() < end: pass"


@contextmanager
def busy_loops(count: int) -> Iterator[None]:
    """``count`` processes spinning on a core each while the block runs."""
    spinners = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(count)]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.terminate()
            spinner.wait(timeout=10)
