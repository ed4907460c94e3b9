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
HASH_MAX = 255
"""Longest stored argon2 hash (with its salt and parameters)."""
TOKEN_HASH_MAX = 64
SKELETON_MAX = 4 * NAME_MAX
"""A name's skeleton may be longer than the name (NFKC spells some signs out)."""

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
    """A learner: a display name and, for an account, the hash of its password or personal key."""

    __tablename__ = "learners"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    name_key: Mapped[str] = mapped_column(String(NAME_MAX), unique=True)
    """The name folded for lookups, so 'Anna' and 'anna ' are the same learner. Rows that are no account
    of their own (class members of old, learners from before accounts) have a key starting with a space,
    which no typed name folds to."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    secret_hash: Mapped[str | None] = mapped_column(String(HASH_MAX), nullable=True)
    """argon2id hash of the account's password or generated personal key (None: not an account)."""
    name_skeleton: Mapped[str | None] = mapped_column(String(SKELETON_MAX), nullable=True, index=True)
    """An account's name as it looks (:func:`trainer.names.skeleton`, added by migration 0006): a new
    account whose name looks the same as an existing one is refused. None for rows that are no account."""


class AuthSessionRow(Base):
    """A signed-in browser: a learner's or a class teacher's session, found by the hash of its token."""

    __tablename__ = "auth_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(TOKEN_HASH_MAX), unique=True)
    """SHA-256 (hex) of the token in the browser's cookie; the token itself is never stored."""
    kind: Mapped[str] = mapped_column(String(16))
    """``learner`` or ``teacher``."""
    learner_id: Mapped[int | None] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), nullable=True, index=True
    )
    class_id: Mapped[int | None] = mapped_column(
        ForeignKey("classes.id", ondelete="CASCADE"), nullable=True, index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    last_used_at: Mapped[datetime] = mapped_column(UTCDateTime())
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)


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
