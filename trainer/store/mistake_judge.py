"""Judging a finished deal's cards in the background and keeping the mistakes as personal problems.

When a signed-in learner's deal ends (the Play page, a shared table) the end screen hands the deal to
:meth:`MistakeJudge.submit` and returns at once: one worker thread per process takes the deals from a
bounded queue, judges each with :func:`trainer.problems.mistakes.judge_deal` (seconds to half a minute;
the solver releases the GIL, so the pages stay responsive) and stores what it finds with
:class:`~trainer.store.personal_problems.PersonalProblems`. The end screen only reads the job's progress
(:meth:`MistakeJudge.status`).

* Nothing is lost when the learner leaves: the job belongs to the process, not to the page's session, and
  stores its mistakes when it finishes.
* Nothing is judged twice: a deal is one job per (learner, where, deal), however often its end screen is
  drawn; and the store keeps a problem once per learner even if a deal were judged again (after a restart).
* A full queue refuses the deal (``submit`` returns None); the end screen asks again on its next look.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum

from trainer.deal import Seat
from trainer.problems.mistakes import DealJudgement, judge_deal
from trainer.rules import DealState
from trainer.store.personal_problems import PersonalProblems

LOG = logging.getLogger(__name__)

QUEUE_SIZE = 32
"""Deals waiting to be judged, at most (each takes up to ``mistakes.TIME_BUDGET`` seconds)."""
KEPT_JOBS = 4096
"""Finished jobs remembered (so a redrawn end screen finds its result); the oldest are forgotten first."""

JobKey = tuple[int, str, str]
"""(learner id, source ``play``/``table``, deal name)."""
Judge = Callable[..., DealJudgement]


class Stage(Enum):
    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


@dataclass(frozen=True)
class JudgingStatus:
    """Where one deal's judging stands: cards judged of those with a choice, and once done what it found
    (``saved``: problems new to the learner's store)."""

    stage: Stage
    done: int = 0
    total: int = 0
    mistakes: int = 0
    judged: int = 0
    unjudged: int = 0
    saved: int = 0

    @property
    def finished(self) -> bool:
        return self.stage in (Stage.DONE, Stage.FAILED)


@dataclass
class _Job:
    key: JobKey
    state: DealState | None
    """The finished deal (dropped once judged: a remembered job keeps only its status)."""
    seat: Seat
    status: JudgingStatus


class MistakeJudge:
    """The background judge of one process (thread-safe; create one and share it)."""

    def __init__(
        self,
        problems: PersonalProblems,
        *,
        queue_size: int = QUEUE_SIZE,
        judge: Judge = judge_deal,
        warm_up: Callable[[], object] | None = None,
    ) -> None:
        self.problems = problems
        self._judge = judge
        self._warm_up = warm_up
        self._queue: queue.Queue[_Job] = queue.Queue(maxsize=queue_size)
        self._jobs: OrderedDict[JobKey, _Job] = OrderedDict()
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._worker: threading.Thread | None = None

    def submit(
        self, learner: int, state: DealState, seat: Seat, *, name: str, source: str
    ) -> JudgingStatus | None:
        """Judge ``seat``'s cards of the finished deal ``state`` for ``learner`` (once: a deal already
        submitted gives its status). None when the queue is full."""
        key = (learner, source, name)
        with self._lock:
            known = self._jobs.get(key)
            if known is not None:
                return known.status
            job = _Job(key, state.copy(), seat, JudgingStatus(Stage.QUEUED))
            try:
                self._queue.put_nowait(job)
            except queue.Full:
                return None
            self._jobs[key] = job
            self._forget_old()
            if self._worker is None or not self._worker.is_alive():
                self._worker = threading.Thread(target=self._work, name="mistake-judge", daemon=True)
                self._worker.start()
            return job.status

    def status(self, learner: int, *, name: str, source: str) -> JudgingStatus | None:
        """The deal's judging so far (None: never submitted, or forgotten long since)."""
        with self._lock:
            job = self._jobs.get((learner, source, name))
            return None if job is None else job.status

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every submitted deal is judged (for tests and shutdown); False on timeout."""
        with self._idle:
            return self._idle.wait_for(
                lambda: all(job.status.finished for job in self._jobs.values()), timeout=timeout
            )

    # ---- the worker ------------------------------------------------------------------------------------
    def _forget_old(self) -> None:
        while len(self._jobs) > KEPT_JOBS:
            oldest = next((k for k, job in self._jobs.items() if job.status.finished), None)
            if oldest is None:
                return
            del self._jobs[oldest]

    def _set(self, job: _Job, status: JudgingStatus) -> None:
        with self._idle:
            job.status = status
            if status.finished:
                self._idle.notify_all()

    def _work(self) -> None:
        if self._warm_up is not None:
            try:
                self._warm_up()
            except Exception:  # pragma: no cover - the solver falls back to its slower kernel
                LOG.exception("solver warm-up failed")
        while True:
            job = self._queue.get()
            try:
                self._run(job)
            finally:
                self._queue.task_done()

    def _run(self, job: _Job) -> None:
        learner, source, name = job.key
        deal = job.state
        assert deal is not None
        self._set(job, JudgingStatus(Stage.RUNNING))

        def progress(done: int, total: int) -> None:
            self._set(job, replace(job.status, done=done, total=total))

        try:
            judgement = self._judge(
                deal, job.seat, name=name, seed=int(name) if name.isdigit() else 0, progress=progress
            )
            saved = self.problems.add(learner, judgement.mistakes, source=source)
        except Exception:
            LOG.exception("judging deal %s (%s) for learner %s failed", name, source, learner)
            self._set(job, replace(job.status, stage=Stage.FAILED))
            job.state = None
            return
        found = len(judgement.mistakes)
        total = judgement.judged + judgement.unjudged
        self._set(
            job,
            JudgingStatus(
                Stage.DONE, judgement.judged, total, found, judgement.judged, judgement.unjudged, saved
            ),
        )
        job.state = None
