"""Work started in several threads at the same moment, as tabs or browsers sending together."""

from __future__ import annotations

import threading
from collections.abc import Callable


def at_once(work: Callable[[int], object], count: int) -> None:
    """Run ``work(0)`` … ``work(count - 1)``, each in its own thread, all released together by a barrier;
    fails with the first error a thread raised (a thread's error would otherwise only be printed)."""
    start = threading.Barrier(count)
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            start.wait()
            work(index)
        except BaseException as exc:  # raised below, in the test's own thread
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
