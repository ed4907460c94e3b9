"""Personal problems in the store: kept once per learner, read back as the same problems, and their
answers join the learner's fsrs review queue."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.problems.test_mistakes import _endgame
from trainer.cards import parse_card
from trainer.problems.mistakes import Mistake, judge_card
from trainer.problems.rating import kind_of, problem_id_of
from trainer.store import Store
from trainer.store.personal_problems import SOURCE_PLAY, SOURCE_TABLE, PersonalProblems


def _mistake(ident: str = "mine-7-21") -> Mistake:
    found = judge_card(_endgame(), parse_card("H7"), 1, ident)
    assert found is not None
    return found


def test_a_mistake_is_kept_once_and_read_back_whole(store: Store) -> None:
    anna = store.get_or_create_learner("Anna")
    bo = store.get_or_create_learner("Bo")
    mine = PersonalProblems(store)
    mistake = _mistake()
    assert mine.add(anna.id, [mistake], source=SOURCE_PLAY) == 1
    assert mine.add(anna.id, [mistake], source=SOURCE_PLAY) == 0  # the same deal judged again
    assert mine.count(anna.id) == 1
    assert mine.count(bo.id) == 0 and mine.of(bo.id) == []
    (kept,) = mine.of(anna.id)
    assert kept.problem == mistake.problem
    assert kept.played == parse_card("H7") and kept.kind == "goal" and kept.source == SOURCE_PLAY
    assert kept.problem.position() == _endgame()
    # another learner's copy of a problem of the same name is theirs alone
    assert mine.add(bo.id, [mistake], source=SOURCE_TABLE) == 1
    assert mine.count(anna.id) == 1 and mine.of(bo.id)[0].source == SOURCE_TABLE


def test_problems_come_back_oldest_first(store: Store) -> None:
    anna = store.get_or_create_learner("Anna")
    mine = PersonalProblems(store)
    start = datetime(2026, 12, 6, 20, tzinfo=UTC)
    mine.add(anna.id, [_mistake("mine-9-21")], source=SOURCE_PLAY, at=start + timedelta(hours=1))
    mine.add(anna.id, [_mistake("mine-8-21")], source=SOURCE_PLAY, at=start)
    assert [p.problem.id for p in mine.of(anna.id)] == ["mine-8-21", "mine-9-21"]


def test_an_unknown_source_is_refused(store: Store) -> None:
    anna = store.get_or_create_learner("Anna")
    with pytest.raises(ValueError):
        PersonalProblems(store).add(anna.id, [_mistake()], source="garden")


def test_a_missed_personal_problem_is_due_for_review_later(store: Store) -> None:
    anna = store.get_or_create_learner("Anna")
    mistake = _mistake()
    PersonalProblems(store).add(anna.id, [mistake], source=SOURCE_PLAY)
    now = datetime(2026, 12, 6, 21, tzinfo=UTC)
    store.record_attempt(
        anna.id,
        kind_of(mistake.problem.id),
        False,
        answer="H7",
        expected="SA HK",
        profile_name="international",
        at=now,
    )
    assert mistake.problem.id not in [problem_id_of(s.question_type) for s in store.due_reviews(anna.id, now)]
    later = now + timedelta(days=1)
    assert mistake.problem.id in [problem_id_of(s.question_type) for s in store.due_reviews(anna.id, later)]
