"""Load test of teacher mode: a class of simulated learners answering a drill at the same moment against one
store, as the sessions of one app server (threads sharing one Store) or of several servers (processes).

The class belongs to a teacher's account; every learner signs up, joins the class with their account, waits
at a barrier, then answers ``--answers`` drill questions, the ``--problems`` play problems of a problem-set
assignment (as the Problems page keeps them) and the projector question as fast as the store lets them.
Meanwhile the teacher runs the class: renames it, gives it a new join code (a late learner joins with the new
one) and takes one extra learner out again. Afterwards the store must hold every attempt exactly once, each
drill answer also as work on the drill (``assignment_answers``), every fsrs card must have seen every answer,
the poll must count every learner, the dashboard (with its problems by theme) and the learners x assignments
table (drill and problem set) must add up, and the class's log must hold the teacher's actions. Prints
throughput and latency figures; exit status 1 if anything was lost.

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

from trainer.problems.collection import collection
from trainer.problems.rating import kind_of
from trainer.store import Store
from trainer.store.accounts import AccountStore
from trainer.store.classes import CODE_RESET, MEMBER_REMOVED, RENAMED, ClassStore
from trainer.teacher import DONE, DRILL

QUESTION_TYPE = "game_value"
PROFILE = "danish"


@dataclass(frozen=True)
class Figures:
    learners: int
    answers_each: int
    seconds: float
    latencies_ms: tuple[float, ...]
    errors: tuple[str, ...]
    problems_each: int = 0
    table_ms: float = 0.0
    """How long the learners x assignments table took to read once everything was in."""
    dashboard_ms: float = 0.0


def _is_right(learner: int, i: int) -> bool:
    return (learner + i) % 3 != 0


def _problem_right(learner: int, j: int) -> bool:
    return (learner + j) % 2 == 0


def _learner_run(
    classes: ClassStore,
    member_id: int,
    assignment_id: int,
    poll_id: int,
    index: int,
    answers: int,
    start: threading.Barrier | None,
    problem_ids: Sequence[str] = (),
) -> tuple[list[float], list[str]]:
    latencies: list[float] = []
    errors: list[str] = []
    learner_id = classes.get_member(member_id).learner_id
    if start is not None:
        start.wait()
    for i in range(max(answers, len(problem_ids))):
        if i < len(problem_ids):  # a card played on the Problems page, in the class's set
            began = time.perf_counter()
            try:
                right = _problem_right(index, i)
                classes.store.record_attempt(
                    learner_id, kind_of(problem_ids[i]), right, "CA", "CA", PROFILE, 8_000
                )
            except Exception as error:
                errors.append(f"learner {index} problem {i}: {error!r}")
            latencies.append((time.perf_counter() - began) * 1000)
        if i >= answers:
            continue
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
    args: tuple[str, list[tuple[int, int]], int, int, int, float, tuple[str, ...]],
) -> tuple[list[float], list[str], float, float]:
    """One app process: its learners as threads; returns latencies, errors and its (start, end) wall time."""
    url, members, assignment_id, poll_id, answers, start_at, problem_ids = args
    store = Store(url, migrate_schema=False)
    classes = ClassStore(store)
    time.sleep(max(0.0, start_at - time.time()))
    began = time.time()
    results: list[tuple[list[float], list[str]]] = []
    threads = [
        threading.Thread(
            target=lambda m=m, k=k: results.append(
                _learner_run(classes, m, assignment_id, poll_id, k, answers, None, problem_ids)
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


def run(url: str, learners: int = 30, answers: int = 20, processes: int = 0, problems: int = 5) -> Figures:
    """Set up one class, let ``learners`` answer ``answers`` drill questions and ``problems`` play problems
    each at once, check the store."""
    store = Store(url)
    classes = ClassStore(store, hasher=PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
    accounts = AccountStore(classes)
    teacher = accounts.sign_up("Teacher", "load test password", client="teacher").account.id
    made = classes.create_class("Load test", owner=teacher)
    drill = classes.add_assignment(made.id, DRILL, QUESTION_TYPE, answers, PROFILE, by=teacher)
    problem_ids: tuple[str, ...] = ()
    problem_set_id: int | None = None
    if problems and collection():
        assigned, problem_set = classes.add_problem_set(made.id, PROFILE, problems, by=teacher, seed=30)
        problem_ids, problem_set_id = problem_set.problem_ids, assigned.id

    def account_member(name: str, code: str, device: str) -> int:
        learner = accounts.sign_up(name, None, client=device).account.id
        return accounts.join_class(learner, code, client=device).id

    members = [account_member(f"Learner {k:02d}", made.join_code, f"device-{k}") for k in range(learners)]
    extra = account_member("Leaves early", made.join_code, "device-extra")
    poll = classes.open_poll(made.id, QUESTION_TYPE, 7, PROFILE)
    late: list[int] = []

    def teacher_runs_the_class() -> None:
        """What the teacher does while the class answers (each a write of its own)."""
        classes.rename_class(made.id, teacher, "Load test, renamed")
        fresh = classes.reset_join_code(made.id, teacher)
        late.append(account_member("Comes late", fresh.join_code, "device-late"))
        classes.remove_member(made.id, teacher, extra)

    latencies: list[float] = []
    errors: list[str] = []
    began = time.perf_counter()
    seconds = 0.0
    if processes:
        start_at = time.time() + 5.0  # time for the processes to start and import
        chunks = [[(k, m) for k, m in enumerate(members) if k % processes == p] for p in range(processes)]
        with multiprocessing.get_context("spawn").Pool(processes) as pool:
            spans = []
            pending = pool.map_async(
                _process_worker,
                [(url, chunk, drill.id, poll.id, answers, start_at, problem_ids) for chunk in chunks],
            )
            time.sleep(max(0.0, start_at - time.time()))
            teacher_runs_the_class()
            for lat, err, first, last in pending.get():
                latencies += lat
                errors += err
                spans.append((first, last))
        seconds = max(e for _, e in spans) - min(b for b, _ in spans)
    else:
        barrier = threading.Barrier(learners + 1)
        results: list[tuple[list[float], list[str]]] = [([], []) for _ in members]

        def learner(k: int) -> None:
            results[k] = _learner_run(
                classes, members[k], drill.id, poll.id, k, answers, barrier, problem_ids
            )

        def the_teacher() -> None:
            barrier.wait()
            try:
                teacher_runs_the_class()
            except Exception as error:
                errors.append(f"teacher: {error!r}")

        threads = [threading.Thread(target=learner, args=(k,)) for k in range(learners)]
        threads.append(threading.Thread(target=the_teacher))
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        for lat, err in results:
            latencies += lat
            errors += err
        seconds = time.perf_counter() - began
    errors += verify(classes, made.id, members, drill.id, poll.id, answers, problem_ids, problem_set_id)
    errors += verify_management(classes, made.id, teacher, members, late, drill.id, answers)
    began = time.perf_counter()
    classes.progress_grid(made.id)
    table_ms = (time.perf_counter() - began) * 1000
    began = time.perf_counter()
    classes.dashboard(made.id)
    dashboard_ms = (time.perf_counter() - began) * 1000
    store.dispose()
    return Figures(
        learners,
        answers,
        seconds,
        tuple(latencies),
        tuple(errors),
        len(problem_ids),
        table_ms,
        dashboard_ms,
    )


def verify(
    classes: ClassStore,
    class_id: int,
    members: Sequence[int],
    assignment_id: int,
    poll_id: int,
    answers: int,
    problem_ids: Sequence[str] = (),
    problem_set_id: int | None = None,
) -> list[str]:
    """Everything the learners sent is in the store, exactly once; the problem set's cells and the
    dashboard's problems by theme count every problem answered."""
    problems: list[str] = []
    grid = classes.progress_grid(class_id)
    dash = {lr.member_id: lr for lr in classes.dashboard(class_id).learners}
    themes_of = {p.id: p.themes for p in collection() if p.id in set(problem_ids)}
    for k, member_id in enumerate(members):
        member = classes.get_member(member_id)
        got = classes.store.attempts(member.learner_id)
        sent = answers + len(problem_ids)
        if len(got) != sent:
            problems.append(f"learner {k}: {len(got)} attempts stored, {sent} sent")
        right = sum(_is_right(k, i) for i in range(answers))
        solved = sum(_problem_right(k, j) for j in range(len(problem_ids)))
        if sum(a.correct for a in got) != right + solved:
            problems.append(f"learner {k}: right answers do not add up")
        if problem_set_id is not None:
            cell = grid.cell(member_id, problem_set_id)
            if (cell.answered, cell.correct, cell.state) != (len(problem_ids), solved, DONE):
                problems.append(
                    f"learner {k}: the problem set shows {cell.answered} answered, {cell.correct} right"
                )
            by_theme = sum(r.answered for r in dash[member_id].problem_themes)
            if by_theme != sum(len(themes_of[i]) for i in problem_ids):
                problems.append(f"learner {k}: problems by theme count {by_theme}")
        state = classes.store.review_state(member.learner_id, QUESTION_TYPE)
        if state is None or state.reviews != answers or state.lapses != answers - right:
            problems.append(
                f"learner {k}: fsrs card saw {state.reviews if state else 0} of {answers} answers"
            )
    tally = classes.poll_tally(class_id, poll_id)
    if tally.answers != len(members):
        problems.append(f"poll counted {tally.answers} of {len(members)} answers")
    if sum(lr.attempts for lr in dash.values()) != (answers + len(problem_ids)) * len(members):
        problems.append("the dashboard total is off")
    expected = {assignment_id: len(members)}
    if problem_set_id is not None:
        expected[problem_set_id] = len(members)
    if classes.assignment_completion(class_id) != expected:
        problems.append("not every learner has the drill and the problem set done")
    return problems


def verify_management(
    classes: ClassStore,
    class_id: int,
    teacher: int,
    members: Sequence[int],
    late: Sequence[int],
    assignment_id: int,
    answers: int,
) -> list[str]:
    """The teacher's actions took effect and are logged; the learners x assignments table counts every
    answer as drill work and nothing else."""
    problems: list[str] = []
    school_class = classes.get_class(class_id)
    if school_class.name != "Load test, renamed":
        problems.append("the rename was lost")
    actions = [entry.action for entry in classes.audit(class_id, teacher)]
    for action in (RENAMED, CODE_RESET, MEMBER_REMOVED):
        if action not in actions:
            problems.append(f"the class's log misses {action}")
    now_in = {m.id for m in classes.members(class_id)}
    if now_in != {*members, *late}:
        problems.append(f"members after the run: {len(now_in)}, expected {len(members) + len(late)}")
    grid = classes.progress_grid(class_id)
    for k, member_id in enumerate(members):
        cell = grid.cell(member_id, assignment_id)
        right = sum(_is_right(k, i) for i in range(answers))
        if (cell.answered, cell.correct, cell.state) != (answers, right, DONE):
            problems.append(f"learner {k}: table shows {cell.answered} answers, {cell.correct} right")
    if late and grid.not_started(assignment_id) != ("Comes late",):
        problems.append(f"not started: {grid.not_started(assignment_id)}")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", help="database URL (default: a new SQLite file in a temporary folder)")
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--answers", type=int, default=20, help="drill answers per learner")
    parser.add_argument("--problems", type=int, default=5, help="play problems in the assigned set")
    parser.add_argument("--processes", type=int, default=0, help="spread the learners over N processes")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        url = args.url or f"sqlite:///{Path(folder) / 'load.sqlite'}"
        figures = run(url, args.learners, args.answers, args.processes, args.problems)
    total = figures.learners * (figures.answers_each + figures.problems_each)
    lat = sorted(figures.latencies_ms)
    backend = url.split(":", 1)[0]
    mode = f"{args.processes} processes" if args.processes else "threads in one process"
    print(
        f"{backend}, {mode}: {figures.learners} learners x ({figures.answers_each} drill answers +"
        f" {figures.problems_each} problems) = {total} attempts"
    )
    print(f"  wall time {figures.seconds:.2f} s, {total / figures.seconds:.0f} attempts/s")
    if lat:
        p95 = lat[int(0.95 * (len(lat) - 1))]
        print(
            f"  latency per answer: median {statistics.median(lat):.1f} ms, p95 {p95:.1f} ms,"
            f" max {lat[-1]:.1f} ms"
        )
    print(
        f"  learners x assignments table read in {figures.table_ms:.0f} ms, dashboard in"
        f" {figures.dashboard_ms:.0f} ms"
    )
    if figures.errors:
        print(f"  LOST OR FAILED: {len(figures.errors)}")
        for error in figures.errors[:20]:
            print("   ", error)
        return 1
    print(
        "  every attempt recorded exactly once; fsrs cards, poll, dashboard (problems by theme too), drill"
        " and problem-set status and the learners x assignments table agree; the teacher's rename, new join"
        " code (a late learner joined with it) and removal took effect and are in the class's log"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
