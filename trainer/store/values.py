"""Plain immutable values the progress store hands out (no ORM objects leave the store)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

V = TypeVar("V", bound="DataclassInstance")


def value_of(kind: type[V], row: object, **given: Any) -> V:
    """The plain value ``kind`` of an ORM row: each field is read from the row's attribute of the same
    name, except those ``given`` (a renamed or derived field). Keeps ORM objects inside the store without
    a hand-written copy of every column."""
    read = {f.name: getattr(row, f.name) for f in fields(kind) if f.init and f.name not in given}
    return kind(**read, **given)


@dataclass(frozen=True)
class Learner:
    id: int
    name: str
    created_at: datetime


@dataclass(frozen=True)
class Attempt:
    """One answered question, as recorded."""

    id: int
    learner_id: int
    question_type: str
    profile_name: str
    correct: bool
    answer: str
    expected: str
    elapsed_ms: int | None
    mistake_tag: str | None
    rating: int
    """fsrs rating the answer gave: 1 Again, 2 Hard, 3 Good, 4 Easy."""
    at: datetime


@dataclass(frozen=True)
class ReviewState:
    """Where the spaced-repetition schedule stands for one question type."""

    question_type: str
    due: datetime
    state: str
    """fsrs state: 'learning', 'review' or 'relearning'."""
    stability: float | None
    """fsrs stability in days (None before the first review)."""
    reviews: int
    lapses: int
    last_review: datetime | None

    def is_due(self, now: datetime) -> bool:
        return self.due <= now


@dataclass(frozen=True)
class TypeAccuracy:
    """Right answers out of attempts for one question type."""

    question_type: str
    attempts: int
    correct: int

    @property
    def accuracy(self) -> float:
        """Share of right answers, 0.0 .. 1.0 (0.0 when there are no attempts)."""
        return self.correct / self.attempts if self.attempts else 0.0


@dataclass(frozen=True)
class Streaks:
    """Runs of right answers and of practice days."""

    current_run: int
    """Right answers in a row up to the latest attempt."""
    best_run: int
    current_days: int
    """Consecutive days with practice ending today, or yesterday if nothing yet today."""
    best_days: int


@dataclass(frozen=True)
class Mastery:
    """Progress towards 'need right answers among the last window' for one question type."""

    question_type: str
    correct: int
    """Right answers among the last ``window`` attempts."""
    seen: int
    """Attempts counted (at most ``window``)."""
    need: int
    window: int

    @property
    def mastered(self) -> bool:
        return self.correct >= self.need


@dataclass(frozen=True)
class LessonProgress:
    lesson_id: str
    last_opened_at: datetime
    completed_at: datetime | None

    @property
    def done(self) -> bool:
        return self.completed_at is not None


@dataclass(frozen=True)
class ProgressSummary:
    """Everything the progress page shows, fetched in one call."""

    accuracy: tuple[TypeAccuracy, ...]
    streaks: Streaks
    due: tuple[ReviewState, ...]
    weakest: tuple[TypeAccuracy, ...]
    total_attempts: int
