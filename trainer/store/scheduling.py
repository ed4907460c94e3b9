"""Spaced repetition with the ``fsrs`` package: one fsrs card per (learner, question type).

Each answer is one review. The rating comes from correctness and answer time:

==========================================  ==========
answer                                      fsrs rating
==========================================  ==========
wrong                                       Again
right, faster than ``fast_ms``              Easy
right, slower than ``slow_ms``              Hard
right otherwise (or time unknown)           Good
==========================================  ==========

So a right answer pushes the next due date later and a wrong one brings the question type back within
minutes (fsrs relearning step). Fuzzing is off so schedules are reproducible.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from fsrs import Card, Rating, Scheduler, State

from trainer.errors import StoreError


@dataclass(frozen=True)
class SchedulingPolicy:
    """How answers become fsrs reviews. Times are in milliseconds."""

    fast_ms: int = 5_000
    """A right answer at most this fast rates Easy."""
    slow_ms: int = 30_000
    """A right answer slower than this rates Hard."""
    desired_retention: float = 0.9
    """fsrs target probability of still knowing a question type when it falls due."""

    def __post_init__(self) -> None:
        if not 0 < self.fast_ms < self.slow_ms:
            raise StoreError("The fast answer time must be positive and below the slow answer time.")
        if not 0 < self.desired_retention < 1:
            raise StoreError("Desired retention must lie strictly between 0 and 1.")

    def rating(self, correct: bool, elapsed_ms: int | None) -> Rating:
        """The fsrs rating of one answer (see the module table)."""
        if not correct:
            return Rating.Again
        if elapsed_ms is None:
            return Rating.Good
        if elapsed_ms <= self.fast_ms:
            return Rating.Easy
        if elapsed_ms > self.slow_ms:
            return Rating.Hard
        return Rating.Good

    def scheduler(self) -> Scheduler:
        return Scheduler(desired_retention=self.desired_retention, enable_fuzzing=False)


def new_card(card_id: int, now: datetime) -> Card:
    """A fresh fsrs card, due at once."""
    return Card(card_id=card_id, due=now)


def review(scheduler: Scheduler, card: Card, rating: Rating, at: datetime) -> Card:
    """The card after one review at ``at``. A review stamped earlier than the card's last review (two
    tabs whose clocks or requests crossed) is applied at the last review time, so fsrs never sees time
    running backwards."""
    if card.last_review is not None and at < card.last_review:
        at = card.last_review
    updated, _log = scheduler.review_card(card, rating, review_datetime=at)
    return updated


def card_from_json(text: str) -> Card:
    return Card.from_json(text)


def state_name(card: Card) -> str:
    """'learning', 'review' or 'relearning'."""
    return State(card.state).name.lower()
