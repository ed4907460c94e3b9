"""Load test of teacher mode: a class of simulated learners answering a drill at the same moment against one
store, as the sessions of one app server (threads sharing one Store) or of several servers (processes).

Every learner joins the class, waits at a barrier, then answers ``--answers`` drill questions and the
projector question as fast as the store lets them. Afterwards the store must hold every attempt exactly
once, every fsrs card must have seen every answer, the poll must count every learner, and the dashboard
must add up. Prints throughput and latency figures; exit status 1 if anything was lost.

    .venv/bin/python benchmarks/load_classroom.py                       # SQLite file, 30 learners, threads
    .venv/bin/python benchmarks/load_classroom.py --processes 3         # three app processes
    .venv/bin/python benchmarks/load_classroom.py --url postgresql+psycopg://postgres@127.0.0.1:55432/postgres
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from argon2 import PasswordHasher

from trainer.store import Store
from trainer.store.classes import ClassStore
from trainer.teacher import DRILL

QUESTION_TYPE = "game_value"
PROFILE = "danish"


@dataclass(frozen=True)
class Figures:
    learners: int
    answers_each: int
    seconds: float
    latencies_ms: tuple[float, ...]
    errors: tuple[str, ...]


def _is_right(learner: int, i: int) -> bool:
    return (learner + i) % 3 != 0


def _learner_run(
    classes: ClassStore,
    member_id: int,
    assignment_id: int,
    poll_id: int,
    index: int,
    answers: int,
    start: threading.Barrier | None,
) -> tuple[list[float], list[str]]:
    latencies: list[float] = []
    errors: list[str] = []
    if start is not None:
        start.wait()
    for i in range(answers):
        began = time.perf_counter()
        try:
            right = _is_right(index, i)
            classes.record_drill_answer(
                member_id, assignment_id, right, str(i), "24", None if right else "forgot_skat_jack", 5_000
            )
        except Exception as error:
            errors.append(f"learner {index} answer {i}: {error!r}")
        latencies.append((time.perf_counter() - began) * 1000)
        if i == answers // 2:
            try:
                classes.answer_poll(member_id, poll_id, "24", True)
            except Exception as error:
                errors.append(f"learner {index} poll: {error!r}")
    return latencies, errors


def _process_worker(
    args: tuple[str, list[tuple[int, int]], int, int, int, float],
) -> tuple[list[float], list[str], float, float]:
    """One app process: its learners as threads; returns latencies, errors and its (start, end) wall time."""
    url, members, assignment_id, poll_id, answers, start_at = args
    store = Store(url, migrate_schema=False)
    classes = ClassStore(store)
    time.sleep(max(0.0, start_at - time.time()))
    began = time.time()
    results: list[tuple[list[float], list[str]]] = []
    threads = [
        threading.Thread(
            target=lambda m=m, k=k: results.append(
                _learner_run(classes, m, assignment_id, poll_id, k, answers, None)
            )
        )
        for k, m in members
    ]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    ended = time.time()
    store.dispose()
    return [x for r in results for x in r[0]], [e for r in results for e in r[1]], began, ended


def run(url: str, learners: int = 30, answers: int = 20, processes: int = 0) -> Figures:
    """Set up one class, let ``learners`` answer ``answers`` drill questions each at once, check the store."""
    store = Store(url)
    classes = ClassStore(store, hasher=PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
    made = classes.create_class("Load test", "load test password")
    drill = classes.add_assignment(made.id, DRILL, QUESTION_TYPE, answers, PROFILE)
    members = [
        classes.join_class(made.join_code, f"Learner {k:02d}", client=f"device-{k}").member.id
        for k in range(learners)
    ]
    poll = classes.open_poll(made.id, QUESTION_TYPE, 7, PROFILE)
    latencies: list[float] = []
    errors: list[str] = []
    began = time.perf_counter()
    seconds = 0.0
    if processes:
        start_at = time.time() + 5.0  # time for the processes to start and import
        chunks = [[(k, m) for k, m in enumerate(members) if k % processes == p] for p in range(processes)]
        with multiprocessing.get_context("spawn").Pool(processes) as pool:
            spans = []
            for lat, err, first, last in pool.map(
                _process_worker, [(url, chunk, drill.id, poll.id, answers, start_at) for chunk in chunks]
            ):
                latencies += lat
                errors += err
                spans.append((first, last))
        seconds = max(e for _, e in spans) - min(b for b, _ in spans)
    else:
        barrier = threading.Barrier(learners)
        results: list[tuple[list[float], list[str]]] = [([], []) for _ in members]

        def learner(k: int) -> None:
            results[k] = _learner_run(classes, members[k], drill.id, poll.id, k, answers, barrier)

        threads = [threading.Thread(target=learner, args=(k,)) for k in range(learners)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        for lat, err in results:
            latencies += lat
            errors += err
        seconds = time.perf_counter() - began
    errors += verify(classes, made.id, members, drill.id, poll.id, answers)
    store.dispose()
    return Figures(learners, answers, seconds, tuple(latencies), tuple(errors))


def verify(
    classes: ClassStore, class_id: int, members: Sequence[int], assignment_id: int, poll_id: int, answers: int
) -> list[str]:
    """Everything the learners sent is in the store, exactly once."""
    problems: list[str] = []
    for k, member_id in enumerate(members):
        member = classes.get_member(member_id)
        got = classes.store.attempts(member.learner_id)
        if len(got) != answers:
            problems.append(f"learner {k}: {len(got)} attempts stored, {answers} sent")
        right = sum(_is_right(k, i) for i in range(answers))
        if sum(a.correct for a in got) != right:
            problems.append(f"learner {k}: right answers do not add up")
        state = classes.store.review_state(member.learner_id, QUESTION_TYPE)
        if state is None or state.reviews != answers or state.lapses != answers - right:
            problems.append(
                f"learner {k}: fsrs card saw {state.reviews if state else 0} of {answers} answers"
            )
    tally = classes.poll_tally(class_id, poll_id)
    if tally.answers != len(members):
        problems.append(f"poll counted {tally.answers} of {len(members)} answers")
    dash = classes.dashboard(class_id)
    if sum(lr.attempts for lr in dash.learners) != answers * len(members):
        problems.append("the dashboard total is off")
    if classes.assignment_completion(class_id) != {assignment_id: len(members)}:
        problems.append("not every learner has the drill done")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", help="database URL (default: a new SQLite file in a temporary folder)")
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--answers", type=int, default=20, help="drill answers per learner")
    parser.add_argument("--processes", type=int, default=0, help="spread the learners over N processes")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        url = args.url or f"sqlite:///{Path(folder) / 'load.sqlite'}"
        figures = run(url, args.learners, args.answers, args.processes)
    total = figures.learners * figures.answers_each
    lat = sorted(figures.latencies_ms)
    backend = url.split(":", 1)[0]
    mode = f"{args.processes} processes" if args.processes else "threads in one process"
    print(
        f"{backend}, {mode}: {figures.learners} learners x {figures.answers_each} answers = {total} attempts"
    )
    print(f"  wall time {figures.seconds:.2f} s, {total / figures.seconds:.0f} attempts/s")
    if lat:
        p95 = lat[int(0.95 * (len(lat) - 1))]
        print(
            f"  latency per answer: median {statistics.median(lat):.1f} ms, p95 {p95:.1f} ms,"
            f" max {lat[-1]:.1f} ms"
        )
    if figures.errors:
        print(f"  LOST OR FAILED: {len(figures.errors)}")
        for error in figures.errors[:20]:
            print("   ", error)
        return 1
    print("  every attempt recorded exactly once; fsrs cards, poll, dashboard and drill status agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
