"""Learned play ratings: each collection problem's Glicko-2 rating and each learner's, moved together on the
learner's first answer to the problem. Tables created by migration 0012_play_ratings.

* ``problem_ratings``: one row per problem anyone has answered (rating, deviation, volatility, answers);
  a problem without a row is still at its seed (:func:`trainer.problems.rating.problem_seed`).
* ``rated_answers``: one row per (learner, problem) first answer, with both ratings right after it. The
  learner's latest row is their current rating; the rows in order are their rating over time.

:meth:`PlayRatings.record` writes the attempt (fsrs review included), the answer row and both new ratings
in ONE transaction, under locks on the learner and on the problem's row: two learners answering the same
problem at once queue on the problem's row, so each update starts from the other's result and none is lost;
one learner answering in two tabs queues on their own row the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String, UniqueConstraint, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from trainer.problems.rating import NEW_LEARNER, Glicko, RatingPoint, kind_of, rate_pair
from trainer.store.db import as_utc
from trainer.store.models import KEY_MAX, Base, LearnerRow, UTCDateTime
from trainer.store.repository import Store


class ProblemRatingRow(Base):
    """A collection problem's rating, learned from its answers."""

    __tablename__ = "problem_ratings"

    problem_id: Mapped[str] = mapped_column(String(KEY_MAX), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    answers: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime())


class RatedAnswerRow(Base):
    """A learner's first answer to a problem and both ratings right after it."""

    __tablename__ = "rated_answers"
    __table_args__ = (UniqueConstraint("learner_id", "problem_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), index=True)
    problem_id: Mapped[str] = mapped_column(String(KEY_MAX))
    attempt_id: Mapped[int | None] = mapped_column(ForeignKey("attempts.id", ondelete="SET NULL"))
    correct: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    problem_rating: Mapped[float] = mapped_column(Float)
    problem_deviation: Mapped[float] = mapped_column(Float)


@dataclass(frozen=True)
class LearnedRating:
    """A problem's rating as learned so far and how many first answers taught it."""

    rating: Glicko
    answers: int


@dataclass(frozen=True)
class RatedAnswer:
    """What one recorded answer did: the attempt, and for a first answer both ratings after it."""

    attempt_id: int
    learner: Glicko | None
    problem: LearnedRating | None


def learner_now(session: Session, learner_id: int) -> Glicko:
    """The learner's rating after their latest rated answer (a new learner's before any)."""
    row = session.scalars(
        select(RatedAnswerRow)
        .where(RatedAnswerRow.learner_id == learner_id)
        .order_by(RatedAnswerRow.id.desc())
        .limit(1)
    ).one_or_none()
    return NEW_LEARNER if row is None else Glicko(row.rating, row.deviation, row.volatility)


class PlayRatings:
    """The learned ratings of every learner and problem, on a :class:`~trainer.store.Store`'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def record(
        self,
        learner_id: int,
        problem_id: str,
        seed: Glicko,
        correct: bool,
        *,
        answer: str,
        expected: str,
        profile_name: str,
        at: datetime | None = None,
    ) -> RatedAnswer:
        """Keep one answer to a collection problem (an attempt of type ``problem:<id>``: it schedules the
        review) and, when it is the learner's first to this problem, move both ratings (``seed``: the
        problem's rating while it has no row). Later answers are attempts only."""
        when = as_utc(at)
        outcome: list[tuple[Glicko, LearnedRating] | None] = [None]

        def rate(session: Session, attempt_id: int) -> None:
            outcome[0] = self._rate(session, learner_id, problem_id, seed, correct, attempt_id, when)

        attempt_id = self.store.record_attempt(
            learner_id,
            kind_of(problem_id),
            correct,
            answer=answer,
            expected=expected,
            profile_name=profile_name,
            at=when,
            also=rate,
        )
        rated = outcome[0]
        return RatedAnswer(attempt_id, *(rated if rated is not None else (None, None)))

    def _rate(
        self,
        session: Session,
        learner_id: int,
        problem_id: str,
        seed: Glicko,
        correct: bool,
        attempt_id: int,
        when: datetime,
    ) -> tuple[Glicko, LearnedRating] | None:
        # Lock order: the learner, then the problem (every writer here takes them in this order).
        session.scalars(select(LearnerRow.id).where(LearnerRow.id == learner_id).with_for_update()).one()
        answered = session.scalar(
            select(RatedAnswerRow.id).where(
                RatedAnswerRow.learner_id == learner_id, RatedAnswerRow.problem_id == problem_id
            )
        )
        if answered is not None:
            return None
        self.store._insert_new(
            session,
            ProblemRatingRow,
            ["problem_id"],
            problem_id=problem_id,
            rating=seed.rating,
            deviation=seed.deviation,
            volatility=seed.volatility,
            answers=0,
            updated_at=when,
        )
        row = session.scalars(
            select(ProblemRatingRow).where(ProblemRatingRow.problem_id == problem_id).with_for_update()
        ).one()
        learner, problem = rate_pair(
            learner_now(session, learner_id), Glicko(row.rating, row.deviation, row.volatility), correct
        )
        row.rating, row.deviation, row.volatility = problem.rating, problem.deviation, problem.volatility
        row.answers += 1
        row.updated_at = when
        session.add(
            RatedAnswerRow(
                learner_id=learner_id,
                problem_id=problem_id,
                attempt_id=attempt_id,
                correct=bool(correct),
                at=when,
                rating=learner.rating,
                deviation=learner.deviation,
                volatility=learner.volatility,
                problem_rating=problem.rating,
                problem_deviation=problem.deviation,
            )
        )
        return learner, LearnedRating(problem, row.answers)

    def problem(self, problem_id: str) -> LearnedRating | None:
        """The problem's learned rating (None: nobody has answered it, it is at its seed)."""
        with self.store._read() as session:
            row = session.get(ProblemRatingRow, problem_id)
            return None if row is None else _learned(row)

    def problems(self, problem_ids: Iterable[str] | None = None) -> dict[str, LearnedRating]:
        """The learned ratings of these problems (all answered ones when None); unanswered ones are absent."""
        query = select(ProblemRatingRow)
        if problem_ids is not None:
            query = query.where(ProblemRatingRow.problem_id.in_(list(problem_ids)))
        with self.store._read() as session:
            return {row.problem_id: _learned(row) for row in session.scalars(query)}

    def history(self, learner_id: int) -> list[RatingPoint]:
        """The learner's rating after each rated answer, oldest first."""
        with self.store._read() as session:
            rows = session.scalars(
                select(RatedAnswerRow)
                .where(RatedAnswerRow.learner_id == learner_id)
                .order_by(RatedAnswerRow.id)
            )
            return [RatingPoint(as_utc(r.at), r.problem_id, r.correct, r.rating, r.deviation) for r in rows]

    def learner(self, learner_id: int) -> Glicko:
        """The learner's current rating (a new learner's before any rated answer)."""
        with self.store._read() as session:
            return learner_now(session, learner_id)


def _learned(row: ProblemRatingRow) -> LearnedRating:
    return LearnedRating(Glicko(row.rating, row.deviation, row.volatility), row.answers)
