"""Two tabs (threads) or two app processes answering at the same moment: nothing is lost and the fsrs
card has seen every answer exactly once."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from datetime import UTC, datetime, timedelta

from tests.at_once import at_once
from trainer.store import Store

T0 = datetime(2026, 6, 1, 8, 0, tzinfo=UTC)
THREADS = 8
PER_THREAD = 50


def _is_right(worker: int, i: int) -> bool:
    return (worker + i) % 4 != 0  # a quarter of the answers are wrong


def test_threads_writing_at_once_lose_nothing(store: Store) -> None:
    learner = store.get_or_create_learner("Tabs").id
    ids: list[list[int]] = [[] for _ in range(THREADS)]

    def tab(worker: int) -> None:
        for i in range(PER_THREAD):
            at = T0 + timedelta(seconds=i, milliseconds=worker)
            ids[worker].append(
                store.record_attempt(
                    learner,
                    "game_value",
                    _is_right(worker, i),
                    str(i),
                    str(worker),
                    "danish",
                    9_000,
                    at=at,
                )
            )
            # Another question type and the lesson pointer are written in between, as a real tab would.
            if i % 10 == 0:
                store.record_attempt(learner, f"side_{worker % 2}", True, "a", "a", "danish", at=at)
                store.mark_lesson_opened(learner, f"lesson-{worker}", at)

    at_once(tab, THREADS)

    total = THREADS * PER_THREAD
    wrong = sum(not _is_right(w, i) for w in range(THREADS) for i in range(PER_THREAD))
    all_ids = [i for per in ids for i in per]
    assert len(set(all_ids)) == total
    main = store.attempts(learner, "game_value")
    assert len(main) == total
    assert {a.id for a in main} == set(all_ids)
    state = store.review_state(learner, "game_value")
    assert state is not None
    assert state.reviews == total
    assert state.lapses == wrong
    side = [store.review_state(learner, f"side_{k}") for k in (0, 1)]
    assert [s.reviews if s else 0 for s in side] == [PER_THREAD // 10 * THREADS // 2] * 2
    assert len(store.lesson_progress(learner)) == THREADS


def test_threads_creating_the_same_learner_get_one_learner(store: Store) -> None:
    found: list[int] = []
    at_once(lambda _: found.append(store.get_or_create_learner("Same Name").id), THREADS)
    assert len(found) == THREADS and len(set(found)) == 1
    assert len(store.learners()) == 1


_PROCESS = textwrap.dedent(
    """
    import sys
    from datetime import UTC, datetime, timedelta
    from trainer.store import Store

    url, worker, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    store = Store(url)  # both processes migrate the empty database at the same time
    learner = store.get_or_create_learner("Two Processes").id
    t0 = datetime(2026, 6, 1, 8, 0, tzinfo=UTC)
    for i in range(count):
        store.record_attempt(learner, "bid_ladder", i % 3 != 0, "18", "18", "international", 8_000,
                             at=t0 + timedelta(seconds=i, milliseconds=worker))
    store.dispose()
    """
)


def test_two_processes_writing_at_once_lose_nothing(db_url: str) -> None:
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _PROCESS, db_url, str(w), str(PER_THREAD)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for w in range(2)
    ]
    outputs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outputs

    store = Store(db_url)
    try:
        learner = store.find_learner("two processes")
        assert learner is not None and len(store.learners()) == 1
        attempts = store.attempts(learner.id)
        assert len(attempts) == 2 * PER_THREAD
        state = store.review_state(learner.id, "bid_ladder")
        assert state is not None
        assert state.reviews == 2 * PER_THREAD
        assert state.lapses == 2 * sum(1 for i in range(PER_THREAD) if i % 3 == 0)
    finally:
        store.dispose()
