"""fsrs scheduling per (learner, question type): the rating table, and how due dates move."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import pairwise

import pytest
from fsrs import Card, Rating, Scheduler

from trainer.errors import StoreError
from trainer.store import SchedulingPolicy, Store

T0 = datetime(2026, 4, 6, 9, 0, tzinfo=UTC)
RELEARNING_STEP = timedelta(minutes=10)
"""fsrs 6 default relearning step: a lapsed card comes back this soon."""


@pytest.mark.parametrize(
    ("correct", "elapsed_ms", "expected"),
    [
        (False, 1_000, Rating.Again),
        (False, None, Rating.Again),
        (False, 90_000, Rating.Again),
        (True, None, Rating.Good),
        (True, 1_000, Rating.Easy),
        (True, 5_000, Rating.Easy),
        (True, 5_001, Rating.Good),
        (True, 30_000, Rating.Good),
        (True, 30_001, Rating.Hard),
    ],
)
def test_rating_table(correct: bool, elapsed_ms: int | None, expected: Rating) -> None:
    assert SchedulingPolicy().rating(correct, elapsed_ms) is expected


def test_policy_rejects_nonsense_thresholds() -> None:
    with pytest.raises(StoreError):
        SchedulingPolicy(fast_ms=40_000, slow_ms=30_000)
    with pytest.raises(StoreError):
        SchedulingPolicy(desired_retention=1.0)


def test_store_schedule_equals_fsrs_driven_by_hand(store: Store) -> None:
    """The stored card is exactly what fsrs gives for the ratings the table prescribes."""
    learner = store.get_or_create_learner("Carl").id
    answers = [  # (correct, elapsed ms, minutes after T0, rating by the documented table)
        (True, 12_000, 0, Rating.Good),
        (True, 3_000, 15, Rating.Easy),
        (False, 8_000, 3 * 24 * 60, Rating.Again),
        (True, 45_000, 3 * 24 * 60 + 20, Rating.Hard),
        (True, None, 6 * 24 * 60, Rating.Good),
    ]
    scheduler = Scheduler(desired_retention=0.9, enable_fuzzing=False)
    card = Card(card_id=1, due=T0)
    for correct, elapsed, minutes, rating in answers:
        at = T0 + timedelta(minutes=minutes)
        store.record_attempt(learner, "trick_winner", correct, "x", "y", "international", elapsed, at=at)
        card, _ = scheduler.review_card(card, rating, review_datetime=at)
        state = store.review_state(learner, "trick_winner")
        assert state is not None
        assert state.due == card.due
        assert state.stability == pytest.approx(card.stability)
    assert [a.rating for a in store.attempts(learner)] == [int(r) for *_, r in answers]


def test_right_answers_push_the_due_date_out_and_a_wrong_one_pulls_it_in(store: Store) -> None:
    learner = store.get_or_create_learner("Dorte").id
    at = T0
    intervals = []
    for _ in range(6):  # answer right each time the question type falls due
        store.record_attempt(learner, "matadors", True, "2", "2", "danish", 10_000, at=at)
        state = store.review_state(learner, "matadors")
        assert state is not None and state.due > at
        intervals.append(state.due - at)
        at = state.due
    assert state.state == "review"
    review_intervals = intervals[2:]  # after the learning steps
    assert all(b > a for a, b in pairwise(review_intervals))
    assert review_intervals[-1] > timedelta(days=7)

    store.record_attempt(learner, "matadors", False, "3", "2", "danish", 10_000, "counted_skat", at=at)
    lapsed = store.review_state(learner, "matadors")
    assert lapsed is not None
    assert lapsed.state == "relearning"
    assert at < lapsed.due <= at + RELEARNING_STEP
    assert lapsed.lapses == 1 and lapsed.reviews == 7


def test_due_reviews_and_what_to_practise_next(store: Store) -> None:
    learner = store.get_or_create_learner("Erik").id
    store.record_attempt(learner, "game_value", True, "a", "a", "danish", 10_000, at=T0)
    store.record_attempt(learner, "bid_ladder", True, "a", "a", "danish", 10_000, at=T0 + timedelta(hours=1))

    assert store.due_reviews(learner, T0 + timedelta(minutes=5)) == []
    assert store.next_due_question_type(learner, T0 + timedelta(minutes=5)) is None
    assert store.next_due_question_type(learner, T0 + timedelta(minutes=5), ["bid_ladder", "null"]) == "null"

    later = T0 + timedelta(hours=3)
    due = store.due_reviews(learner, later)
    assert [d.question_type for d in due] == ["game_value", "bid_ladder"]  # most overdue first
    assert all(d.is_due(later) for d in due)
    assert store.next_due_question_type(learner, later) == "game_value"
    assert store.next_due_question_type(learner, later, ["bid_ladder", "null"]) == "bid_ladder"

    other = store.get_or_create_learner("Frida").id
    assert store.due_reviews(other, later) == []
    assert store.review_states(other) == []


def test_an_answer_stamped_before_the_last_review_still_counts(store: Store) -> None:
    learner = store.get_or_create_learner("Gorm").id
    store.record_attempt(learner, "follow_suit", True, "a", "a", "danish", at=T0 + timedelta(hours=1))
    store.record_attempt(learner, "follow_suit", False, "b", "a", "danish", at=T0)
    state = store.review_state(learner, "follow_suit")
    assert state is not None
    assert state.reviews == 2 and state.lapses == 1
    assert state.last_review == T0 + timedelta(hours=1)


def test_bad_input_is_refused_with_a_store_error(store: Store) -> None:
    learner = store.get_or_create_learner("Hans").id
    with pytest.raises(StoreError):
        store.record_attempt(learner, "game_value", True, "a", "a", "danish", at=datetime(2026, 1, 1))
    with pytest.raises(StoreError):
        store.record_attempt(learner, "  ", True, "a", "a", "danish", at=T0)
    with pytest.raises(StoreError):
        store.record_attempt(learner, "game_value", True, "a", "a", "danish", -5, at=T0)
    with pytest.raises(StoreError):
        store.record_attempt(learner + 999, "game_value", True, "a", "a", "danish", at=T0)
    assert store.attempt_count(learner) == 0
    assert store.review_states(learner) == []
