"""The background judge of finished deals: it judges off the caller's thread, stores what it finds once per
deal however often the deal is handed in, refuses deals beyond its bounded queue, and finishes and stores a
deal nobody looks at any more."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from tests.problems.test_mistakes import deal_with_a_deliberate_mistake
from trainer.deal import Seat
from trainer.problems.mistakes import DealJudgement, judge_deal
from trainer.rules import DealState
from trainer.store import Store
from trainer.store.mistake_judge import MistakeJudge, Stage
from trainer.store.personal_problems import PersonalProblems


@pytest.fixture(scope="module")
def deal() -> DealState:
    return deal_with_a_deliberate_mistake()


def test_a_deal_is_judged_in_the_background_and_its_mistakes_kept_once(store: Store, deal: DealState) -> None:
    learner = store.get_or_create_learner("Eva").id
    problems = PersonalProblems(store)
    judge = MistakeJudge(problems)
    calls = threading.Event()
    seen: list[str] = []
    found: list[DealJudgement] = []

    def judging(*args: Any, **kwargs: Any) -> DealJudgement:
        seen.append(threading.current_thread().name)
        calls.set()
        found.append(judge_deal(*args, **kwargs))
        return found[-1]

    judge._judge = judging
    started = time.monotonic()
    status = judge.submit(learner, deal, Seat.MIDDLEHAND, name="77", source="play")
    assert status is not None and not status.finished
    assert time.monotonic() - started < 1.0  # the caller does not wait for the judging
    assert judge.wait(timeout=180)
    done = judge.status(learner, name="77", source="play")
    assert done is not None and done.stage is Stage.DONE
    assert seen == ["mistake-judge"]  # judged on the worker thread
    kept = [p.problem.id for p in problems.of(learner)]
    assert "mine-77-21" in kept and done.mistakes == len(kept) == done.saved
    assert done.judged == done.total > 0 and done.unjudged == 0
    # the end screen drawn again (the same deal handed in again): its status, no second judging
    again = judge.submit(learner, deal, Seat.MIDDLEHAND, name="77", source="play")
    assert again == done and judge.wait(timeout=5)
    assert seen == ["mistake-judge"] and problems.count(learner) == len(kept)
    # another judge (a restarted server) judging the same deal again (the same verdict) adds no duplicate
    second = MistakeJudge(problems, judge=lambda *args, **kwargs: found[0])
    second.submit(learner, deal, Seat.MIDDLEHAND, name="77", source="play")
    assert second.wait(timeout=30)
    assert problems.count(learner) == len(kept)
    status_after_restart = second.status(learner, name="77", source="play")
    assert status_after_restart is not None and status_after_restart.saved == 0


def test_the_queue_is_bounded_and_a_failure_is_reported(store: Store, deal: DealState) -> None:
    learner = store.get_or_create_learner("Finn").id
    release = threading.Event()
    running = threading.Event()

    def slow(state: DealState, seat: Seat, **kwargs: Any) -> DealJudgement:
        running.set()
        release.wait(timeout=60)
        if kwargs["name"] == "bad":
            raise RuntimeError("the solver broke")
        return DealJudgement((), 3, 0)

    judge = MistakeJudge(PersonalProblems(store), queue_size=1, judge=slow)
    assert judge.submit(learner, deal, Seat.MIDDLEHAND, name="1", source="play") is not None
    assert running.wait(timeout=10)  # the first deal is taken from the queue: it is being judged
    queued = judge.submit(learner, deal, Seat.MIDDLEHAND, name="bad", source="play")
    assert queued is not None and queued.stage is Stage.QUEUED
    assert judge.submit(learner, deal, Seat.MIDDLEHAND, name="3", source="play") is None  # full
    assert judge.status(learner, name="3", source="play") is None  # refused deals leave no trace
    release.set()
    assert judge.wait(timeout=30)
    first = judge.status(learner, name="1", source="play")
    failed = judge.status(learner, name="bad", source="play")
    assert first is not None and first.stage is Stage.DONE and first.judged == 3 and first.mistakes == 0
    assert failed is not None and failed.stage is Stage.FAILED
    # room again: the refused deal is taken now
    later = judge.submit(learner, deal, Seat.MIDDLEHAND, name="3", source="play")
    assert later is not None and judge.wait(timeout=30)
