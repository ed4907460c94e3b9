"""Many processes starting on the same brand-new SQLite file at the same instant, round after round: none
may die with ``database is locked`` and no answer may be lost.

This is the start-up race behind one failed CI run of ``test_two_processes_writing_at_once_lose_nothing``
(two processes migrating an empty database together), made frequent: forked processes (no import time)
released together by a barrier, more processes than cores, and CPU burners beside them. The round tests
are marked ``slow`` (``pytest -m slow tests/store``); ``SKAT_STRESS_ROUNDS`` raises the number of rounds.
The quick tests below pin the two mechanisms down one by one: a busy start is retried, and the migration
lock file keeps a second process out while the first one migrates.

Why: on a new file, ``PRAGMA journal_mode=WAL`` run by several processes at once makes SQLite answer
``database is locked`` at once, busy timeout or not (a reader asking to become a writer while another
waits for it would deadlock). Seen here with plain ``sqlite3``: 4 processes, 200 fresh files, up to 2% of
rounds failed before the retry.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import sqlite3
import sys
import traceback
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import text

from trainer.errors import StoreError
from trainer.store import Store, make_engine, migrate
from trainer.store.db import retry_busy, write_session
from trainer.store.locks import file_lock

PROCESSES = 4
ANSWERS = 5
ROUNDS = int(os.environ.get("SKAT_STRESS_ROUNDS", "10"))
T0 = datetime(2026, 6, 1, 8, 0, tzinfo=UTC)

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="forks processes (POSIX only)")


def _app_process(url: str, worker: int, barrier: object, errors: object) -> None:
    try:
        store = Store(url, migrate_schema=False)  # imports and engine ready: only the race is left
        barrier.wait()  # type: ignore[attr-defined]
        migrate(store.engine)  # every process migrates the empty file at the same moment
        learner = store.get_or_create_learner("Stress").id
        for i in range(ANSWERS):
            store.record_attempt(
                learner,
                "bid_ladder",
                i % 2 == 0,
                "18",
                "18",
                "danish",
                at=T0 + timedelta(seconds=i, milliseconds=worker),
            )
        store.dispose()
    except BaseException:
        errors.put(traceback.format_exc())  # type: ignore[attr-defined]
        os._exit(1)


def _raw_writer(url: str, worker: int, barrier: object, errors: object) -> None:
    """Connects and writes at once, without the migration lock: the connection set-up (switching the new
    file to WAL) and ``BEGIN IMMEDIATE`` must cope with SQLite's immediate busy answers on their own."""
    try:
        engine = make_engine(url)
        barrier.wait()  # type: ignore[attr-defined]
        with write_session(engine) as session:
            session.execute(text("CREATE TABLE IF NOT EXISTS hits (worker INTEGER)"))
            session.execute(text("INSERT INTO hits VALUES (:w)"), {"w": worker})
        engine.dispose()
    except BaseException:
        errors.put(traceback.format_exc())  # type: ignore[attr-defined]
        os._exit(1)


def _burn(stop: object) -> None:
    while not stop.is_set():  # type: ignore[attr-defined]
        sum(i * i for i in range(10_000))


def _rounds(target: object, tmp_path: Path, check: object) -> None:
    ctx = mp.get_context("fork")
    stop = ctx.Event()
    burners = [ctx.Process(target=_burn, args=(stop,)) for _ in range(2)]
    for b in burners:
        b.start()
    errors = ctx.Queue()
    failures: list[str] = []
    try:
        for round_no in range(ROUNDS):
            url = f"sqlite:///{tmp_path / f'round{round_no}.sqlite'}"
            barrier = ctx.Barrier(PROCESSES)
            procs = [ctx.Process(target=target, args=(url, w, barrier, errors)) for w in range(PROCESSES)]
            for p in procs:
                p.start()
            for p in procs:
                p.join(timeout=180)
            codes = [p.exitcode for p in procs]
            while not errors.empty():
                failures.append(errors.get())
            assert failures == [] and codes == [0] * PROCESSES, (round_no, codes, failures[:1])
            check(url)  # type: ignore[operator]
    finally:
        stop.set()
        for b in burners:
            b.join(timeout=10)


def _all_answers_kept(url: str) -> None:
    store = Store(url)
    try:
        learner = store.find_learner("stress")
        assert learner is not None and len(store.learners()) == 1
        assert store.attempt_count(learner.id) == PROCESSES * ANSWERS
        state = store.review_state(learner.id, "bid_ladder")
        assert state is not None and state.reviews == PROCESSES * ANSWERS
    finally:
        store.dispose()


def _all_hits_kept(url: str) -> None:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM hits")).scalar_one() == PROCESSES
    finally:
        engine.dispose()


@pytest.mark.slow
@posix_only
def test_many_processes_migrating_a_new_file_at_once_never_fail(tmp_path: Path) -> None:
    _rounds(_app_process, tmp_path, _all_answers_kept)


@pytest.mark.slow
@posix_only
def test_many_processes_connecting_to_a_new_file_at_once_never_fail(tmp_path: Path) -> None:
    _rounds(_raw_writer, tmp_path, _all_hits_kept)


class _RefusedAtFirst:
    """A start that SQLite refuses the first ``busy`` times (with ``message``: 'database is locked' as when
    waiting could deadlock), then lets through; counts its calls."""

    def __init__(self, busy: int, message: str = "database is locked") -> None:
        self.busy, self.message, self.calls = busy, message, 0

    def __call__(self) -> None:
        self.calls += 1
        if self.calls <= self.busy:
            raise sqlite3.OperationalError(self.message)


@pytest.mark.parametrize("busy", [1, 5])
def test_a_busy_start_is_retried_until_it_goes_through(busy: int) -> None:
    action = _RefusedAtFirst(busy)
    retry_busy(action, retry_s=5)
    assert action.calls == busy + 1


def test_other_errors_are_not_retried() -> None:
    action = _RefusedAtFirst(3, "no such table: learners")
    with pytest.raises(sqlite3.OperationalError, match="no such table"):
        retry_busy(action, retry_s=5)
    assert action.calls == 1


def test_a_lock_held_too_long_is_reported_after_the_retry_time() -> None:
    action = _RefusedAtFirst(10**9)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        retry_busy(action, retry_s=0.2)
    assert action.calls > 2


@posix_only
def test_the_migration_lock_waits_for_the_holder(tmp_path: Path) -> None:
    """A second process cannot take the migration lock while the first holds it."""
    lock = tmp_path / "db.sqlite.migrate-lock"
    ctx = mp.get_context("fork")
    held, release = ctx.Event(), ctx.Event()

    def holder() -> None:
        with file_lock(lock):
            held.set()
            release.wait(30)

    p = ctx.Process(target=holder)
    p.start()
    try:
        assert held.wait(30)
        with pytest.raises(StoreError, match="setting up the progress database"), file_lock(lock, wait_s=0.3):
            pass
        release.set()
        p.join(30)
        with file_lock(lock, wait_s=5):
            pass
    finally:
        release.set()
        p.join(30)
