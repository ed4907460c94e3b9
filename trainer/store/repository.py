"""The progress store's API: learners, attempts, fsrs review schedules, lesson progress, progress data.

>>> store = Store("sqlite:///:memory:")  # doctest: +SKIP
>>> anna = store.get_or_create_learner("Anna")  # doctest: +SKIP
>>> store.record_attempt(anna.id, "game_value", True, "48", "48", "danish", elapsed_ms=4200)  # doctest: +SKIP

Every write is one transaction: an attempt and the review-card update it causes are saved together or
not at all. The review card is locked while it is updated (``SELECT ... FOR UPDATE`` on PostgreSQL, the
database write lock on SQLite), so two tabs answering at once both count.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, date, datetime, timedelta, tzinfo
from typing import Any

from fsrs import Rating
from sqlalchemy import Engine, case, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from trainer import names
from trainer.errors import StoreError
from trainer.safe_text import csv_cell
from trainer.store import scheduling
from trainer.store.db import SessionsOnEngine, as_utc, database_url, existing, make_engine, migrate
from trainer.store.models import (
    KEY_MAX,
    NAME_MAX,
    PROFILE_MAX,
    AttemptRow,
    Base,
    LearnerRow,
    LessonProgressRow,
    ReviewCardRow,
)
from trainer.store.scheduling import SchedulingPolicy
from trainer.store.values import (
    Attempt,
    Learner,
    LessonProgress,
    Mastery,
    ProgressSummary,
    ReviewState,
    Streaks,
    TypeAccuracy,
    value_of,
)

MASTERY_NEED = 8
MASTERY_WINDOW = 10
"""Default mastery rule: 8 right among the last 10 attempts of a question type."""

CSV_COLUMNS = (
    "attempt_id",
    "at",
    "question_type",
    "profile",
    "correct",
    "answer",
    "expected",
    "elapsed_ms",
    "mistake_tag",
    "rating",
)


def _key(text: str, what: str, limit: int) -> str:
    value = text.strip()
    if not value:
        raise StoreError(f"The {what} must not be empty.")
    if len(value) > limit:
        raise StoreError(f"The {what} '{value[:20]}…' is longer than {limit} characters.")
    return value


def _name_key(display_name: str) -> str:
    return " ".join(display_name.split()).casefold()


def _learner(row: LearnerRow) -> Learner:
    return value_of(Learner, row)


def _attempt(row: AttemptRow) -> Attempt:
    return value_of(Attempt, row)


def _review_state(row: ReviewCardRow) -> ReviewState:
    card = scheduling.card_from_json(row.card_json)
    return ReviewState(
        question_type=row.question_type,
        due=row.due,
        state=scheduling.state_name(card),
        stability=card.stability,
        reviews=row.reviews,
        lapses=row.lapses,
        last_review=row.last_review,
    )


def _spreadsheet_safe(text: str) -> str:
    """Keep a spreadsheet from running an answer as a formula (CSV injection), leaving numbers alone."""
    return str(csv_cell(text))


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _longest_run(flags: Iterable[bool]) -> tuple[int, int]:
    """(run at the end, longest run) of True values."""
    best = run = 0
    for flag in flags:
        run = run + 1 if flag else 0
        best = max(best, run)
    return run, best


def _day_streaks(days: Sequence[date], today: date) -> tuple[int, int]:
    """(current, best) runs of consecutive calendar days; ``days`` sorted ascending and distinct."""
    best = run = 0
    previous: date | None = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    current = run if previous is not None and (today - previous) <= timedelta(days=1) else 0
    return current, best


class Store(SessionsOnEngine):
    """A connection to the progress database. Thread-safe; create one per process and share it.

    ``url`` defaults to ``$SKAT_TRAINER_DB_URL`` or the embedded SQLite file. With ``migrate_schema``
    (the default) the schema is brought to the latest migration first.
    """

    def __init__(
        self,
        url: str | None = None,
        *,
        migrate_schema: bool = True,
        policy: SchedulingPolicy | None = None,
    ) -> None:
        self.url = database_url(url)
        self.policy = policy or SchedulingPolicy()
        self._scheduler = self.policy.scheduler()
        self.engine: Engine = make_engine(self.url)
        if migrate_schema:
            migrate(self.engine)

    def dispose(self) -> None:
        """Close all pooled connections."""
        self.engine.dispose()

    # ---- sessions ---------------------------------------------------------------------------------
    @staticmethod
    def _insert_new(session: Session, row_type: type[Base], unique: list[str], /, **values: Any) -> None:
        """Insert a ``row_type`` row with ``values`` unless a row with the same ``unique`` columns exists (the
        dialect's ON CONFLICT DO NOTHING): two tabs creating the same row at once make one."""
        insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
        session.execute(insert(row_type).values(**values).on_conflict_do_nothing(index_elements=unique))

    @staticmethod
    def _require_learner(session: Session, learner_id: int) -> LearnerRow:
        return existing(session, LearnerRow, learner_id, "learner")

    # ---- learners ---------------------------------------------------------------------------------
    def get_or_create_learner(self, display_name: str, at: datetime | None = None) -> Learner:
        """The learner with this name (case and extra spaces ignored), created on first use. A name that
        belongs to an account is refused: an account is reached only by signing in
        (:class:`~trainer.store.accounts.AccountStore`)."""
        name = names.checked(display_name, NAME_MAX)
        key = _name_key(name)
        with self._write() as session:
            self._insert_new(
                session, LearnerRow, ["name_key"], name=name, name_key=key, created_at=as_utc(at)
            )
            row = session.scalars(select(LearnerRow).where(LearnerRow.name_key == key)).one()
            if row.secret_hash is not None:
                raise StoreError("That name belongs to an account: sign in with its password or key.")
            return _learner(row)

    def find_learner(self, display_name: str) -> Learner | None:
        key = _name_key(display_name)
        with self._read() as session:
            row = session.scalars(select(LearnerRow).where(LearnerRow.name_key == key)).one_or_none()
            return _learner(row) if row else None

    def get_learner(self, learner_id: int) -> Learner:
        with self._read() as session:
            return _learner(self._require_learner(session, learner_id))

    def learners(self) -> list[Learner]:
        with self._read() as session:
            return [_learner(r) for r in session.scalars(select(LearnerRow).order_by(LearnerRow.name_key))]

    # ---- attempts ---------------------------------------------------------------------------------
    def record_attempt(
        self,
        learner_id: int,
        question_type: str,
        correct: bool,
        answer: str,
        expected: str,
        profile_name: str,
        elapsed_ms: int | None = None,
        mistake_tag: str | None = None,
        at: datetime | None = None,
        *,
        also: Callable[[Session, int], object] | None = None,
    ) -> int:
        """Save one answer and review the (learner, question type) fsrs card with it, atomically.
        Returns the attempt id. The rating follows :meth:`SchedulingPolicy.rating`. ``also`` writes more
        in the same transaction (given the session and the new attempt's id): a class drill records the
        answer as work on its assignment, so the two never part."""
        qtype = _key(question_type, "question type", KEY_MAX)
        profile = _key(profile_name, "rule profile name", PROFILE_MAX)
        tag = _key(mistake_tag, "mistake tag", KEY_MAX) if mistake_tag is not None else None
        if elapsed_ms is not None and elapsed_ms < 0:
            raise StoreError("The answer time cannot be negative.")
        when = as_utc(at)
        rating = self.policy.rating(correct, elapsed_ms)
        with self._write() as session:
            self._require_learner(session, learner_id)
            fresh = scheduling.new_card(card_id=learner_id, now=when)
            self._insert_new(
                session,
                ReviewCardRow,
                ["learner_id", "question_type"],
                learner_id=learner_id,
                question_type=qtype,
                card_json=fresh.to_json(),
                due=when,
                reviews=0,
                lapses=0,
                last_review=None,
            )
            review_row = session.scalars(
                select(ReviewCardRow)
                .where(ReviewCardRow.learner_id == learner_id, ReviewCardRow.question_type == qtype)
                .with_for_update()
            ).one()
            card = scheduling.review(
                self._scheduler, scheduling.card_from_json(review_row.card_json), rating, when
            )
            review_row.card_json = card.to_json()
            review_row.due = card.due
            review_row.last_review = card.last_review
            review_row.reviews += 1
            if rating is Rating.Again:
                review_row.lapses += 1
            attempt = AttemptRow(
                learner_id=learner_id,
                question_type=qtype,
                profile_name=profile,
                correct=bool(correct),
                answer=str(answer),
                expected=str(expected),
                elapsed_ms=elapsed_ms,
                mistake_tag=tag,
                rating=int(rating),
                at=when,
            )
            session.add(attempt)
            session.flush()
            if also is not None:
                also(session, attempt.id)
            return attempt.id

    def attempts(self, learner_id: int, question_type: str | None = None) -> list[Attempt]:
        """All attempts of a learner (optionally of one question type), oldest first."""
        query = select(AttemptRow).where(AttemptRow.learner_id == learner_id)
        if question_type is not None:
            query = query.where(AttemptRow.question_type == question_type)
        with self._read() as session:
            rows = session.scalars(query.order_by(AttemptRow.at, AttemptRow.id))
            return [_attempt(r) for r in rows]

    def attempts_of_type(self, question_type: str) -> list[Attempt]:
        """Every learner's attempts of one question type, oldest first (a play problem's answers, which
        its rating is learned from)."""
        query = select(AttemptRow).where(AttemptRow.question_type == question_type)
        with self._read() as session:
            rows = session.scalars(query.order_by(AttemptRow.at, AttemptRow.id))
            return [_attempt(r) for r in rows]

    def attempt_count(self, learner_id: int) -> int:
        with self._read() as session:
            count = session.scalar(
                select(func.count()).select_from(AttemptRow).where(AttemptRow.learner_id == learner_id)
            )
            return int(count or 0)

    def last_n(self, learner_id: int, question_type: str, n: int) -> list[Attempt]:
        """The latest ``n`` attempts at one question type, newest first."""
        if n <= 0:
            return []
        with self._read() as session:
            rows = session.scalars(
                select(AttemptRow)
                .where(AttemptRow.learner_id == learner_id, AttemptRow.question_type == question_type)
                .order_by(AttemptRow.at.desc(), AttemptRow.id.desc())
                .limit(n)
            )
            return [_attempt(r) for r in rows]

    def mastery(
        self, learner_id: int, question_type: str, need: int = MASTERY_NEED, window: int = MASTERY_WINDOW
    ) -> Mastery:
        """Right answers among the last ``window`` attempts, against the ``need`` for mastery."""
        if not 0 < need <= window:
            raise StoreError("Mastery needs 1 .. window right answers.")
        last = self.last_n(learner_id, question_type, window)
        return Mastery(
            question_type=question_type,
            correct=sum(a.correct for a in last),
            seen=len(last),
            need=need,
            window=window,
        )

    def mastered(
        self, learner_id: int, question_type: str, need: int = MASTERY_NEED, window: int = MASTERY_WINDOW
    ) -> bool:
        """At least ``need`` of the last ``window`` answers right (8 of 10 by default)."""
        return self.mastery(learner_id, question_type, need, window).mastered

    def mastery_by_type(
        self, learner_id: int, need: int = MASTERY_NEED, window: int = MASTERY_WINDOW
    ) -> list[Mastery]:
        """:meth:`mastery` for every question type the learner has tried, by question type name."""
        if not 0 < need <= window:
            raise StoreError("Mastery needs 1 .. window right answers.")
        return [
            Mastery(t.question_type, t.correct, t.attempts, need, window)
            for t in self.recent_accuracy_by_type(learner_id, window)
        ]

    # ---- spaced repetition ------------------------------------------------------------------------
    def review_state(self, learner_id: int, question_type: str) -> ReviewState | None:
        with self._read() as session:
            row = session.get(ReviewCardRow, (learner_id, question_type))
            return _review_state(row) if row else None

    def review_states(self, learner_id: int) -> list[ReviewState]:
        """Every question type the learner has met, soonest due first."""
        with self._read() as session:
            rows = session.scalars(
                select(ReviewCardRow)
                .where(ReviewCardRow.learner_id == learner_id)
                .order_by(ReviewCardRow.due, ReviewCardRow.question_type)
            )
            return [_review_state(r) for r in rows]

    def due_reviews(self, learner_id: int, now: datetime | None = None) -> list[ReviewState]:
        """Question types due at ``now``, most overdue first."""
        when = as_utc(now)
        with self._read() as session:
            rows = session.scalars(
                select(ReviewCardRow)
                .where(ReviewCardRow.learner_id == learner_id, ReviewCardRow.due <= when)
                .order_by(ReviewCardRow.due, ReviewCardRow.question_type)
            )
            return [_review_state(r) for r in rows]

    def next_due_question_type(
        self, learner_id: int, now: datetime | None = None, candidates: Iterable[str] | None = None
    ) -> str | None:
        """What to practise next: the most overdue question type; if none is due, the first of
        ``candidates`` never tried yet; else None. With ``candidates`` only those types are considered."""
        allowed = list(dict.fromkeys(candidates)) if candidates is not None else None
        due = self.due_reviews(learner_id, now)
        for state in due:
            if allowed is None or state.question_type in allowed:
                return state.question_type
        if allowed:
            seen = {s.question_type for s in self.review_states(learner_id)}
            for qtype in allowed:
                if qtype not in seen:
                    return qtype
        return None

    # ---- progress page ----------------------------------------------------------------------------
    def accuracy_by_type(self, learner_id: int, profile_name: str | None = None) -> list[TypeAccuracy]:
        """Attempts and right answers per question type (all time), by question type name."""
        right = func.sum(case((AttemptRow.correct, 1), else_=0))
        query = (
            select(AttemptRow.question_type, func.count(), right)
            .where(AttemptRow.learner_id == learner_id)
            .group_by(AttemptRow.question_type)
            .order_by(AttemptRow.question_type)
        )
        if profile_name is not None:
            query = query.where(AttemptRow.profile_name == profile_name)
        with self._read() as session:
            return [TypeAccuracy(q, int(n), int(c or 0)) for q, n, c in session.execute(query)]

    def recent_accuracy_by_type(self, learner_id: int, window: int = MASTERY_WINDOW) -> list[TypeAccuracy]:
        """Like :meth:`accuracy_by_type` but over each type's last ``window`` attempts only."""
        if window <= 0:
            raise StoreError("The window must hold at least one attempt.")
        position = (
            func.row_number()
            .over(
                partition_by=AttemptRow.question_type,
                order_by=(AttemptRow.at.desc(), AttemptRow.id.desc()),
            )
            .label("position")
        )
        ranked = (
            select(AttemptRow.question_type, AttemptRow.correct, position)
            .where(AttemptRow.learner_id == learner_id)
            .subquery()
        )
        query = (
            select(ranked.c.question_type, func.count(), func.sum(case((ranked.c.correct, 1), else_=0)))
            .where(ranked.c.position <= window)
            .group_by(ranked.c.question_type)
            .order_by(ranked.c.question_type)
        )
        with self._read() as session:
            return [TypeAccuracy(q, int(n), int(c or 0)) for q, n, c in session.execute(query)]

    def weakest_skills(
        self, learner_id: int, n: int = 3, window: int = MASTERY_WINDOW, min_attempts: int = 3
    ) -> list[TypeAccuracy]:
        """The ``n`` question types with the lowest accuracy over their last ``window`` attempts, among
        types tried at least ``min_attempts`` times (fewer is too little to judge). Ties: more attempts
        first (more evidence), then by name."""
        recent = [t for t in self.recent_accuracy_by_type(learner_id, window) if t.attempts >= min_attempts]
        recent.sort(key=lambda t: (t.correct * 1.0 / t.attempts, -t.attempts, t.question_type))
        return recent[: max(n, 0)]

    def mistake_counts(self, learner_id: int, question_type: str | None = None) -> list[tuple[str, int]]:
        """How often each mistake tag was recorded, most frequent first (ties by tag)."""
        count = func.count().label("n")
        query = (
            select(AttemptRow.mistake_tag, count)
            .where(AttemptRow.learner_id == learner_id, AttemptRow.mistake_tag.is_not(None))
            .group_by(AttemptRow.mistake_tag)
            .order_by(count.desc(), AttemptRow.mistake_tag)
        )
        if question_type is not None:
            query = query.where(AttemptRow.question_type == question_type)
        with self._read() as session:
            return [(str(tag), int(n)) for tag, n in session.execute(query)]

    def streaks(self, learner_id: int, now: datetime | None = None, tz: tzinfo = UTC) -> Streaks:
        """Right-answer runs (in answer order) and practice-day runs (days counted in ``tz``)."""
        when = as_utc(now)
        with self._read() as session:
            rows = session.execute(
                select(AttemptRow.correct, AttemptRow.at)
                .where(AttemptRow.learner_id == learner_id)
                .order_by(AttemptRow.at, AttemptRow.id)
            ).all()
        current_run, best_run = _longest_run(bool(c) for c, _ in rows)
        days = sorted({at.astimezone(tz).date() for _, at in rows})
        current_days, best_days = _day_streaks(days, when.astimezone(tz).date())
        return Streaks(current_run, best_run, current_days, best_days)

    def progress_summary(
        self, learner_id: int, now: datetime | None = None, weakest: int = 3, tz: tzinfo = UTC
    ) -> ProgressSummary:
        """Everything the progress page shows."""
        when = as_utc(now)
        return ProgressSummary(
            accuracy=tuple(self.accuracy_by_type(learner_id)),
            streaks=self.streaks(learner_id, when, tz),
            due=tuple(self.due_reviews(learner_id, when)),
            weakest=tuple(self.weakest_skills(learner_id, weakest)),
            total_attempts=self.attempt_count(learner_id),
        )

    def attempts_csv(self, learner_id: int) -> str:
        """All attempts of a learner as CSV (header row first, oldest attempt first, times in UTC ISO
        8601, correct as 1/0, rating as the fsrs name)."""
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        writer.writerow(CSV_COLUMNS)
        for a in self.attempts(learner_id):
            writer.writerow(
                (
                    a.id,
                    a.at.isoformat(),
                    _spreadsheet_safe(a.question_type),
                    a.profile_name,
                    1 if a.correct else 0,
                    _spreadsheet_safe(a.answer),
                    _spreadsheet_safe(a.expected),
                    "" if a.elapsed_ms is None else a.elapsed_ms,
                    _spreadsheet_safe(a.mistake_tag or ""),
                    Rating(a.rating).name,
                )
            )
        return buffer.getvalue()

    # ---- lessons ----------------------------------------------------------------------------------
    def mark_lesson_opened(self, learner_id: int, lesson_id: str, at: datetime | None = None) -> None:
        """Remember that the learner is on this lesson (for 'resume where you left off')."""
        self._touch_lesson(learner_id, lesson_id, at, done=False)

    def mark_lesson_done(self, learner_id: int, lesson_id: str, at: datetime | None = None) -> None:
        """Mark a lesson finished (idempotent: the first completion time is kept)."""
        self._touch_lesson(learner_id, lesson_id, at, done=True)

    def _touch_lesson(self, learner_id: int, lesson_id: str, at: datetime | None, *, done: bool) -> None:
        """Upsert the lesson's progress row: opened at ``at`` (the latest opening wins) and, with
        ``done``, completed at ``at`` unless it was completed before."""
        lesson = _key(lesson_id, "lesson id", KEY_MAX)
        when = as_utc(at)
        with self._write() as session:
            self._require_learner(session, learner_id)
            self._insert_new(
                session,
                LessonProgressRow,
                ["learner_id", "lesson_id"],
                learner_id=learner_id,
                lesson_id=lesson,
                last_opened_at=when,
                completed_at=when if done else None,
            )
            row = session.get_one(LessonProgressRow, (learner_id, lesson), with_for_update=True)
            row.last_opened_at = max(row.last_opened_at, when)
            if done and row.completed_at is None:
                row.completed_at = when

    def lesson_progress(self, learner_id: int) -> list[LessonProgress]:
        """Every lesson the learner has opened, most recently opened first."""
        with self._read() as session:
            rows = session.scalars(
                select(LessonProgressRow)
                .where(LessonProgressRow.learner_id == learner_id)
                .order_by(LessonProgressRow.last_opened_at.desc(), LessonProgressRow.lesson_id)
            )
            return [LessonProgress(r.lesson_id, r.last_opened_at, r.completed_at) for r in rows]

    def lessons_done(self, learner_id: int) -> list[str]:
        """Finished lessons in the order they were finished."""
        done = [p for p in self.lesson_progress(learner_id) if p.completed_at is not None]
        done.sort(key=lambda p: (p.completed_at or p.last_opened_at, p.lesson_id))
        return [p.lesson_id for p in done]

    def last_lesson(self, learner_id: int) -> str | None:
        """The lesson to resume: the one opened (or finished) most recently."""
        progress = self.lesson_progress(learner_id)
        return progress[0].lesson_id if progress else None
