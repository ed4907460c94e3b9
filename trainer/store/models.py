"""ORM tables of the progress store (SQLAlchemy 2.x typed mappings).

The schema itself is created by the Alembic migrations in ``trainer/store/migrations``; these classes
describe it to the ORM and must stay in step with the latest migration (a test compares them).
Teacher classes and assignments will come as separate tables in a later migration; nothing here
needs to change for that.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    Boolean,
    DateTime,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    TypeDecorator,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAME_MAX = 40
"""Longest learner display name, in characters."""
KEY_MAX = 64
"""Longest question type, mistake tag or lesson id."""
PROFILE_MAX = 32

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC datetime on every backend.

    PostgreSQL keeps ``timestamptz``; SQLite has no time zones, so the value is stored as naive UTC and
    comes back with ``tzinfo=UTC``. Naive datetimes are refused: fsrs and the streak logic need UTC.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to the progress store; use a timezone-aware UTC datetime")
        value = value.astimezone(UTC)
        if dialect.name == "sqlite":
            return value.replace(tzinfo=None)
        return value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class LearnerRow(Base):
    """A learner: just a display name (no password in this version)."""

    __tablename__ = "learners"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    name_key: Mapped[str] = mapped_column(String(NAME_MAX), unique=True)
    """The name folded for lookups, so 'Anna' and 'anna ' are the same learner."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())


class AttemptRow(Base):
    """One answered question."""

    __tablename__ = "attempts"
    __table_args__ = (Index("ix_attempts_learner_type_at", "learner_id", "question_type", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), index=True)
    question_type: Mapped[str] = mapped_column(String(KEY_MAX))
    profile_name: Mapped[str] = mapped_column(String(PROFILE_MAX))
    correct: Mapped[bool] = mapped_column(Boolean)
    answer: Mapped[str] = mapped_column(Text)
    expected: Mapped[str] = mapped_column(Text)
    elapsed_ms: Mapped[int | None] = mapped_column(Integer, nullable=True)
    mistake_tag: Mapped[str | None] = mapped_column(String(KEY_MAX), nullable=True)
    rating: Mapped[int] = mapped_column(Integer)
    """The fsrs rating (1 Again .. 4 Easy) this attempt gave the review card."""
    at: Mapped[datetime] = mapped_column(UTCDateTime())


class ReviewCardRow(Base):
    """The fsrs memory state of one (learner, question type)."""

    __tablename__ = "review_cards"

    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)
    question_type: Mapped[str] = mapped_column(String(KEY_MAX), primary_key=True)
    card_json: Mapped[str] = mapped_column(Text)
    """``fsrs.Card.to_json()``: the scheduler's whole state, so a newer fsrs can read it back."""
    due: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    reviews: Mapped[int] = mapped_column(Integer)
    lapses: Mapped[int] = mapped_column(Integer)
    """Reviews rated Again (wrong answers)."""
    last_review: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class LessonProgressRow(Base):
    """Where a learner is in the lessons: when each was last opened and whether it was finished."""

    __tablename__ = "lesson_progress"

    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)
    lesson_id: Mapped[str] = mapped_column(String(KEY_MAX), primary_key=True)
    last_opened_at: Mapped[datetime] = mapped_column(UTCDateTime())
    completed_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
