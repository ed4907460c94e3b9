"""ORM tables of teacher mode: classes, their teachers (accounts), members, assignments, the answers given to
an assignment, projector polls, the log of password / join-code guesses and the log of what teachers did.
Created by migrations 0002 and 0008_teachers; they only add to the progress store's schema.

A class member is a learner of its own (a fresh ``learners`` row made when joining), so everything the
progress store records for that learner belongs to the class and to nobody else.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from trainer.store.models import HASH_MAX, KEY_MAX, NAME_MAX, PROFILE_MAX, Base, UTCDateTime
from trainer.teacher import CLASS_NAME_MAX

CODE_MAX = 16
KIND_MAX = 16
CLIENT_MAX = 64


class ClassRow(Base):
    """A class: the join code learners type and, when the teachers chose one, the hash of a class password
    asked for as a second factor after the teacher's own sign-in (empty when there is none)."""

    __tablename__ = "classes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(CLASS_NAME_MAX))
    join_code: Mapped[str] = mapped_column(String(CODE_MAX), unique=True)
    password_hash: Mapped[str] = mapped_column(String(HASH_MAX))
    """argon2id hash (with its salt and parameters); the password itself is never stored. Empty: no class
    password (the teacher's account is enough)."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    archived_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    """Set when a teacher archived the class: it keeps its data, takes no new members and can be restored."""


class ClassTeacherRow(Base):
    """An account that teaches a class: its owner (who made or claimed it) or a co-teacher."""

    __tablename__ = "class_teachers"

    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), primary_key=True)
    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    role: Mapped[str] = mapped_column(String(KIND_MAX))
    """``owner`` or ``co``."""
    added_at: Mapped[datetime] = mapped_column(UTCDateTime())


class ClassAuditRow(Base):
    """Something a teacher (or a learner leaving) did to a class, with who and when. No foreign keys: the
    record of a deleted class or a removed learner stays."""

    __tablename__ = "class_audit"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(Integer, index=True)
    actor_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The account (``learners.id``) that did it."""
    actor_name: Mapped[str] = mapped_column(String(NAME_MAX))
    action: Mapped[str] = mapped_column(String(KIND_MAX))
    detail: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(UTCDateTime())


class ClassMemberRow(Base):
    """A learner in a class under a display name unique within the class."""

    __tablename__ = "class_members"
    __table_args__ = (UniqueConstraint("class_id", "name_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), unique=True)
    display_name: Mapped[str] = mapped_column(String(NAME_MAX))
    name_key: Mapped[str] = mapped_column(String(NAME_MAX))
    key_hash: Mapped[str] = mapped_column(String(HASH_MAX))
    """argon2id hash of the personal key a member of old comes back with (empty for a member who joined
    with a learner account: they sign in to the account)."""
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime())


class AssignmentRow(Base):
    """Homework: a chapter, a drill (question type, how many, which rules) or an example deal."""

    __tablename__ = "assignments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(KIND_MAX))
    target: Mapped[str] = mapped_column(String(KEY_MAX))
    """Lesson slug, question type or example-deal id."""
    count: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat to play (0 forehand .. 2 rearhand) in an example deal played as one seat."""
    profile_name: Mapped[str | None] = mapped_column(String(PROFILE_MAX), nullable=True)
    due_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())


class AssignmentMarkRow(Base):
    """A member finished an assignment that leaves no attempts behind (an example deal stepped through)."""

    __tablename__ = "assignment_marks"

    assignment_id: Mapped[int] = mapped_column(
        ForeignKey("assignments.id", ondelete="CASCADE"), primary_key=True
    )
    member_id: Mapped[int] = mapped_column(
        ForeignKey("class_members.id", ondelete="CASCADE"), primary_key=True
    )
    done_at: Mapped[datetime] = mapped_column(UTCDateTime())


class AssignmentAnswerRow(Base):
    """An answer given as work on a drill (an ``attempts`` row), so the dashboard can tell assignment work
    from free practice of the same question type."""

    __tablename__ = "assignment_answers"
    __table_args__ = (Index("ix_assignment_answers_assignment_member", "assignment_id", "member_id"),)

    attempt_id: Mapped[int] = mapped_column(ForeignKey("attempts.id", ondelete="CASCADE"), primary_key=True)
    assignment_id: Mapped[int] = mapped_column(
        ForeignKey("assignments.id", ondelete="CASCADE"), primary_key=True
    )
    member_id: Mapped[int] = mapped_column(ForeignKey("class_members.id", ondelete="CASCADE"))


class AccessAttemptRow(Base):
    """One try at a teacher password, join code or personal key (counted for the guessing limits).

    Written as failed before the check and turned into a success after it, so guesses sent in parallel
    all count."""

    __tablename__ = "access_attempts"
    __table_args__ = (
        Index("ix_access_attempts_scope_subject_at", "scope", "subject", "at"),
        Index("ix_access_attempts_client_at", "client", "at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    scope: Mapped[str] = mapped_column(String(KIND_MAX))
    subject: Mapped[str] = mapped_column(String(KEY_MAX))
    client: Mapped[str] = mapped_column(String(CLIENT_MAX))
    succeeded: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[datetime] = mapped_column(UTCDateTime())


class ClassPollRow(Base):
    """A question the teacher puts on the projector; members answer it from their own devices."""

    __tablename__ = "class_polls"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    question_type: Mapped[str] = mapped_column(String(KEY_MAX))
    seed: Mapped[int] = mapped_column(Integer)
    profile_name: Mapped[str] = mapped_column(String(PROFILE_MAX))
    opened_at: Mapped[datetime] = mapped_column(UTCDateTime())
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    revealed_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    """When the teacher showed the right answer (kept, so the projector reopened still shows it)."""


class PollAnswerRow(Base):
    """One member's answer to a poll (one per member: the first answer counts)."""

    __tablename__ = "poll_answers"

    poll_id: Mapped[int] = mapped_column(ForeignKey("class_polls.id", ondelete="CASCADE"), primary_key=True)
    member_id: Mapped[int] = mapped_column(
        ForeignKey("class_members.id", ondelete="CASCADE"), primary_key=True
    )
    answer: Mapped[str] = mapped_column(Text)
    correct: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[datetime] = mapped_column(UTCDateTime())


class ProblemSetRow(Base):
    """The play problems of a problem-set assignment (migration 0011): chosen once when it is set, so every
    learner of the class gets the same problems in the same order. The assignment's ``target`` is the
    difficulty band, its ``count`` the number of problems and its ``profile_name`` their rules."""

    __tablename__ = "problem_sets"

    assignment_id: Mapped[int] = mapped_column(
        ForeignKey("assignments.id", ondelete="CASCADE"), primary_key=True
    )
    themes: Mapped[str] = mapped_column(Text)
    """Theme keys the teacher chose, space-separated (empty: every theme)."""
    problem_ids: Mapped[str] = mapped_column(Text)
    """The problems' ids in serving order (easiest first), space-separated."""
