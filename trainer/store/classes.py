"""Teacher mode in the store: classes with a hashed password and a join code, members, assignments, the
dashboard's data, projector polls, and limits on guessing passwords and codes.

>>> classes = ClassStore(Store("sqlite:///:memory:"))  # doctest: +SKIP
>>> made = classes.create_class("7B", "a long password")  # doctest: +SKIP
>>> joined = classes.join_class(made.join_code, "Anna", client="ip-hash")  # doctest: +SKIP

Who may see what is decided by what the caller holds: a teacher gets a class id only from
:meth:`ClassStore.create_class` or :meth:`ClassStore.teacher_login`, a learner a member id only from
:meth:`ClassStore.join_class` or :meth:`ClassStore.rejoin_class`. Every member-side method works on that
member's own data and its own class only.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import case, delete, func, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from trainer.errors import N_, ClassAccessError, StoreError, TooManyAttemptsError
from trainer.names import skeleton
from trainer.store.class_models import (
    CLIENT_MAX,
    AccessAttemptRow,
    AssignmentMarkRow,
    AssignmentRow,
    ClassMemberRow,
    ClassPollRow,
    ClassRow,
    PollAnswerRow,
)
from trainer.store.db import as_utc, read_session, write_session
from trainer.store.models import KEY_MAX, NAME_MAX, AttemptRow, LearnerRow, LessonProgressRow, ReviewCardRow
from trainer.store.repository import Store
from trainer.teacher import (
    ASSIGNMENT_KINDS,
    DEAL,
    DRILL,
    LESSON,
    MAX_DRILL_COUNT,
    PERSONAL_KEY_LENGTH,
    AccessPolicy,
    ClassDashboard,
    LearnerSummary,
    SkillCell,
    check_class_name,
    check_password,
    new_code,
    normalize_code,
)

TEACHER = "teacher"
JOIN = "join"
REJOIN = "rejoin"
"""Scopes of the guessing log."""
_ACCESS_LOCK_KEY = 0x5CA7_C1A5
"""PostgreSQL advisory lock held while a guess is counted (SQLite's write lock does the same there)."""


def default_hasher() -> PasswordHasher:
    """argon2id with the OWASP minimum (19 MiB, 2 passes): strong enough for passwords and quick enough
    that a classroom of learners can join within a second or two."""
    return PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)


@dataclass(frozen=True)
class SchoolClass:
    id: int
    name: str
    join_code: str
    created_at: datetime


@dataclass(frozen=True)
class Member:
    """A learner in a class. ``learner_id`` is the progress store's learner (attempts, reviews...)."""

    id: int
    class_id: int
    learner_id: int
    name: str
    joined_at: datetime


@dataclass(frozen=True)
class Joined:
    """A new member and the personal key shown to them once (only its hash is stored)."""

    member: Member
    personal_key: str


@dataclass(frozen=True)
class Assignment:
    id: int
    class_id: int
    kind: str
    target: str
    count: int
    """Questions to answer for a drill; 1 for a lesson or a deal."""
    profile_name: str | None
    due_at: datetime | None
    created_at: datetime


@dataclass(frozen=True)
class AssignmentStatus:
    """How far one member is with one assignment."""

    assignment: Assignment
    progress: int
    """Questions answered since it was set (drill), else 1 when done and 0 when not."""

    @property
    def done(self) -> bool:
        return self.progress >= self.assignment.count

    def overdue(self, now: datetime) -> bool:
        due = self.assignment.due_at
        return not self.done and due is not None and due < now


@dataclass(frozen=True)
class Poll:
    id: int
    class_id: int
    question_type: str
    seed: int
    profile_name: str
    opened_at: datetime
    closed_at: datetime | None

    @property
    def is_open(self) -> bool:
        return self.closed_at is None


@dataclass(frozen=True)
class PollTally:
    """The answers to a poll so far."""

    answers: int
    correct: int
    members: int
    by_answer: tuple[tuple[str, int], ...]
    """Each distinct answer and how many gave it, most frequent first."""


def _name(display_name: str) -> tuple[str, str]:
    """(display name, folded key) of a member name."""
    name = " ".join(display_name.split())
    if not name:
        raise StoreError.of(N_("Please give a name."))
    if len(name) > NAME_MAX:
        raise StoreError(f"A name may have at most {NAME_MAX} characters.")
    return name, name.casefold()


def look_alike_member(session: Session, class_id: int, name: str) -> bool:
    """Whether a member of the class has a name that looks just like ``name`` (:func:`trainer.names
    .skeleton`): a class is small, so its members' names are compared one by one."""
    looks = skeleton(name)
    names = session.scalars(select(ClassMemberRow.display_name).where(ClassMemberRow.class_id == class_id))
    return any(skeleton(other) == looks for other in names)


def _learner_key(class_id: int) -> str:
    """``learners.name_key`` of a member's own learner row. It starts with a space, which a folded name
    never does, so no one can reach a member's progress by typing a name on a page without classes."""
    return f" class {class_id} {new_code(16)}"


def _class(row: ClassRow) -> SchoolClass:
    return SchoolClass(id=row.id, name=row.name, join_code=row.join_code, created_at=row.created_at)


def member_from_row(row: ClassMemberRow) -> Member:
    """The plain value of a member row (no ORM object leaves the store)."""
    return Member(
        id=row.id,
        class_id=row.class_id,
        learner_id=row.learner_id,
        name=row.display_name,
        joined_at=row.joined_at,
    )


def _assignment(row: AssignmentRow) -> Assignment:
    return Assignment(
        id=row.id,
        class_id=row.class_id,
        kind=row.kind,
        target=row.target,
        count=row.count,
        profile_name=row.profile_name,
        due_at=row.due_at,
        created_at=row.created_at,
    )


def _poll(row: ClassPollRow) -> Poll:
    return Poll(
        id=row.id,
        class_id=row.class_id,
        question_type=row.question_type,
        seed=row.seed,
        profile_name=row.profile_name,
        opened_at=row.opened_at,
        closed_at=row.closed_at,
    )


class ClassStore:
    """Teacher mode on top of a :class:`~trainer.store.Store` (same database, same engine)."""

    def __init__(
        self, store: Store, policy: AccessPolicy | None = None, hasher: PasswordHasher | None = None
    ) -> None:
        self.store = store
        self.engine = store.engine
        self.policy = policy or AccessPolicy()
        self.hasher = hasher or default_hasher()

    # ---- sessions ---------------------------------------------------------------------------------
    def _read(self) -> AbstractContextManager[Session]:
        return read_session(self.engine)

    def _write(self) -> AbstractContextManager[Session]:
        return write_session(self.engine)

    # ---- guessing limits --------------------------------------------------------------------------
    def start_attempt(self, scope: str, subject: str, client: str, at: datetime) -> int:
        """Count a try as failed before checking it (guesses sent in parallel all count). A try that
        comes before the subject's or the client's delay is over (:class:`AccessPolicy`) raises
        :class:`TooManyAttemptsError` saying how many seconds to wait; it is neither checked nor counted,
        so the owner of a name is kept waiting seconds at most, never locked out. Returns the attempt id
        to mark as a success."""
        client_key = client[:CLIENT_MAX] or "unknown"
        subject_key = subject[:KEY_MAX]
        since = at - self.policy.window
        with self._write() as session:
            if session.get_bind().dialect.name == "postgresql":
                session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _ACCESS_LOCK_KEY})
            last_success = session.scalar(
                select(func.max(AccessAttemptRow.at)).where(
                    AccessAttemptRow.scope == scope,
                    AccessAttemptRow.subject == subject_key,
                    AccessAttemptRow.succeeded.is_(True),
                )
            )
            subject_since = max(since, last_success) if last_success is not None else since
            failed = AccessAttemptRow.succeeded.is_(False)
            for condition, start, delay in (
                (
                    (AccessAttemptRow.scope == scope) & (AccessAttemptRow.subject == subject_key),
                    subject_since,
                    self.policy.subject_delay,
                ),
                (AccessAttemptRow.client == client_key, since, self.policy.client_delay_after),
            ):
                count, latest = session.execute(
                    select(func.count(), func.max(AccessAttemptRow.at)).where(
                        condition, failed, AccessAttemptRow.at > start
                    )
                ).one()
                wait = delay(int(count or 0))
                if latest is not None and wait and as_utc(latest) + wait > at:
                    raise TooManyAttemptsError(as_utc(latest) + wait - at)
            session.execute(delete(AccessAttemptRow).where(AccessAttemptRow.at < at - self.policy.keep))
            row = AccessAttemptRow(
                scope=scope, subject=subject_key, client=client_key, succeeded=False, at=at
            )
            session.add(row)
            session.flush()
            return row.id

    def attempt_succeeded(self, attempt_id: int) -> None:
        with self._write() as session:
            session.execute(
                update(AccessAttemptRow).where(AccessAttemptRow.id == attempt_id).values(succeeded=True)
            )

    def recent_failures(
        self, subjects: Iterable[tuple[str, str]], at: datetime | None = None
    ) -> dict[tuple[str, str], tuple[int, datetime]]:
        """Wrong tries at each (scope, subject) since its last success, within the log's ``keep`` period:
        how many and the latest (subjects without any are left out). For the teacher's page."""
        when = as_utc(at)
        found: dict[tuple[str, str], tuple[int, datetime]] = {}
        with self._read() as session:
            for scope, subject in subjects:
                key = subject[:KEY_MAX]
                match = (AccessAttemptRow.scope == scope) & (AccessAttemptRow.subject == key)
                last_success = session.scalar(
                    select(func.max(AccessAttemptRow.at)).where(match, AccessAttemptRow.succeeded.is_(True))
                )
                start = when - self.policy.keep
                if last_success is not None:
                    start = max(start, as_utc(last_success))
                count, latest = session.execute(
                    select(func.count(), func.max(AccessAttemptRow.at)).where(
                        match, AccessAttemptRow.succeeded.is_(False), AccessAttemptRow.at > start
                    )
                ).one()
                if count and latest is not None:
                    found[(scope, subject)] = (int(count), as_utc(latest))
        return found

    def clear_failures(self, subjects: Iterable[tuple[str, str]]) -> int:
        """Forget the wrong tries at these (scope, subject) pairs (a teacher clears a learner's name):
        their delay is gone at once. Returns how many were forgotten."""
        cleared = 0
        with self._write() as session:
            for scope, subject in subjects:
                result = session.execute(
                    delete(AccessAttemptRow).where(
                        AccessAttemptRow.scope == scope,
                        AccessAttemptRow.subject == subject[:KEY_MAX],
                        AccessAttemptRow.succeeded.is_(False),
                    )
                )
                cleared += int(getattr(result, "rowcount", 0) or 0)
        return cleared

    def member_subjects(self, member_id: int) -> list[tuple[str, str]]:
        """The guessing-log subjects that stand for this member coming back with a personal key."""
        with self._read() as session:
            row = session.get(ClassMemberRow, member_id)
            if row is None:
                return []
            code = session.scalar(select(ClassRow.join_code).where(ClassRow.id == row.class_id))
            return [(REJOIN, f"{code}/{row.name_key}")]

    _start_attempt = start_attempt
    _attempt_succeeded = attempt_succeeded
    """Old private names (still used by :mod:`trainer.store.tables`)."""

    def verify(self, stored_hash: str, secret: str) -> bool:
        """Whether ``secret`` is the one ``stored_hash`` was made from (a broken hash matches nothing)."""
        try:
            return bool(self.hasher.verify(stored_hash, secret))
        except (VerificationError, InvalidHashError):
            return False

    # ---- classes ----------------------------------------------------------------------------------
    def create_class(self, name: str, password: str, at: datetime | None = None) -> SchoolClass:
        """A new class with a fresh join code; the password is kept only as an argon2id hash."""
        class_name = check_class_name(name)
        password_hash = self.hasher.hash(check_password(password))
        when = as_utc(at)
        for _ in range(5):
            try:
                with self._write() as session:
                    row = ClassRow(
                        name=class_name, join_code=new_code(), password_hash=password_hash, created_at=when
                    )
                    session.add(row)
                    session.flush()
                    return _class(row)
            except IntegrityError:  # the same code drawn twice: draw again
                continue
        raise StoreError("Could not find a free join code; please try again.")

    def get_class(self, class_id: int) -> SchoolClass:
        with self._read() as session:
            row = session.get(ClassRow, class_id)
            if row is None:
                raise StoreError(f"There is no class with id {class_id}.")
            return _class(row)

    def _class_by_code(self, session: Session, code: str) -> ClassRow | None:
        return session.scalars(select(ClassRow).where(ClassRow.join_code == code)).one_or_none()

    def teacher_login(
        self, join_code: str, password: str, client: str, at: datetime | None = None
    ) -> SchoolClass:
        """The class whose code and password these are. Wrong guesses count against the code and the
        client: after a few, a try within seconds of the last wrong one is refused unchecked
        (:class:`TooManyAttemptsError`, even for the right password; see :meth:`start_attempt`)."""
        code = normalize_code(join_code)
        when = as_utc(at)
        attempt = self.start_attempt(TEACHER, code, client, when)
        with self._read() as session:
            row = self._class_by_code(session, code)
            found = (row.id, row.password_hash) if row is not None else None
        if found is None or not self.verify(found[1], password):
            raise ClassAccessError.of(N_("That join code and password do not match a class."))
        self.attempt_succeeded(attempt)
        return self.get_class(found[0])

    # ---- members ----------------------------------------------------------------------------------
    def join_class(
        self, join_code: str, display_name: str, client: str, at: datetime | None = None
    ) -> Joined:
        """Join with the class's code under a name not yet taken in the class. The member gets a
        learner of their own and a personal key to come back with (shown once)."""
        name, name_key = _name(display_name)
        code = normalize_code(join_code)
        when = as_utc(at)
        attempt = self.start_attempt(JOIN, code, client, when)
        with self._read() as session:
            row = self._class_by_code(session, code)
            class_id = row.id if row is not None else None
        if class_id is None:
            raise ClassAccessError.of(N_("There is no class with that join code."))
        self.attempt_succeeded(attempt)
        personal_key = new_code(PERSONAL_KEY_LENGTH)
        key_hash = self.hasher.hash(personal_key)
        try:
            with self._write() as session:
                taken = session.scalar(
                    select(ClassMemberRow.id).where(
                        ClassMemberRow.class_id == class_id, ClassMemberRow.name_key == name_key
                    )
                )
                if taken is not None:
                    raise StoreError.of(
                        N_(
                            "Someone in this class already uses that name. If it is you, come back with your "
                            "personal key; otherwise pick another name."
                        )
                    )
                if look_alike_member(session, class_id, name):
                    raise StoreError.of(
                        N_("Someone in this class already uses a name that looks just like yours.")
                    )
                learner = LearnerRow(name=name, name_key=_learner_key(class_id), created_at=when)
                session.add(learner)
                session.flush()
                member = ClassMemberRow(
                    class_id=class_id,
                    learner_id=learner.id,
                    display_name=name,
                    name_key=name_key,
                    key_hash=key_hash,
                    joined_at=when,
                )
                session.add(member)
                session.flush()
                return Joined(member_from_row(member), personal_key)
        except IntegrityError:
            raise StoreError.of(
                N_("Someone in this class already uses that name; pick another name.")
            ) from None

    def rejoin_class(
        self, join_code: str, display_name: str, personal_key: str, client: str, at: datetime | None = None
    ) -> Member:
        """Come back as an existing member: code, name and personal key must all match."""
        _, name_key = _name(display_name)
        code = normalize_code(join_code)
        when = as_utc(at)
        attempt = self.start_attempt(REJOIN, f"{code}/{name_key}", client, when)
        with self._read() as session:
            row = self._class_by_code(session, code)
            member = (
                session.scalars(
                    select(ClassMemberRow).where(
                        ClassMemberRow.class_id == row.id, ClassMemberRow.name_key == name_key
                    )
                ).one_or_none()
                if row is not None
                else None
            )
            found = (member_from_row(member), member.key_hash) if member is not None else None
        if found is None or not found[1] or not self.verify(found[1], normalize_code(personal_key)):
            raise ClassAccessError.of(N_("That code, name and personal key do not match anyone in a class."))
        self.attempt_succeeded(attempt)
        return found[0]

    def get_member(self, member_id: int) -> Member:
        with self._read() as session:
            row = session.get(ClassMemberRow, member_id)
            if row is None:
                raise StoreError(f"There is no class member with id {member_id}.")
            return member_from_row(row)

    def members(self, class_id: int) -> list[Member]:
        """The class's members by name."""
        with self._read() as session:
            rows = session.scalars(
                select(ClassMemberRow)
                .where(ClassMemberRow.class_id == class_id)
                .order_by(ClassMemberRow.name_key, ClassMemberRow.id)
            )
            return [member_from_row(r) for r in rows]

    # ---- assignments ------------------------------------------------------------------------------
    def add_assignment(
        self,
        class_id: int,
        kind: str,
        target: str,
        count: int = 1,
        profile_name: str | None = None,
        due_at: datetime | None = None,
        at: datetime | None = None,
    ) -> Assignment:
        """Set homework. A drill needs 1 .. MAX_DRILL_COUNT questions and a rule profile; a lesson or
        deal counts as one piece of work."""
        if kind not in ASSIGNMENT_KINDS:
            raise StoreError(
                f"Unknown kind of assignment '{kind}'. Choose one of: {', '.join(ASSIGNMENT_KINDS)}."
            )
        key = target.strip()
        if not key or len(key) > KEY_MAX:
            raise StoreError("The assignment needs a chapter, question type or deal.")
        if kind == DRILL:
            if not 1 <= count <= MAX_DRILL_COUNT:
                raise StoreError(f"A drill has 1 to {MAX_DRILL_COUNT} questions.")
            if not profile_name:
                raise StoreError("A drill needs the rules it is played by.")
        else:
            count = 1
        due = as_utc(due_at) if due_at is not None else None
        with self._write() as session:
            if session.get(ClassRow, class_id) is None:
                raise StoreError(f"There is no class with id {class_id}.")
            row = AssignmentRow(
                class_id=class_id,
                kind=kind,
                target=key,
                count=count,
                profile_name=profile_name or None,
                due_at=due,
                created_at=as_utc(at),
            )
            session.add(row)
            session.flush()
            return _assignment(row)

    def remove_assignment(self, class_id: int, assignment_id: int) -> None:
        """Delete an assignment of this class (another class's assignment is left alone)."""
        with self._write() as session:
            session.execute(
                delete(AssignmentRow).where(
                    AssignmentRow.id == assignment_id, AssignmentRow.class_id == class_id
                )
            )

    def assignments(self, class_id: int) -> list[Assignment]:
        """The class's assignments, soonest due first (those without a due date last), then oldest."""
        with self._read() as session:
            rows = session.scalars(
                select(AssignmentRow)
                .where(AssignmentRow.class_id == class_id)
                .order_by(AssignmentRow.due_at.is_(None), AssignmentRow.due_at, AssignmentRow.id)
            )
            return [_assignment(r) for r in rows]

    def _member_assignment(
        self, session: Session, member_id: int, assignment_id: int
    ) -> tuple[ClassMemberRow, AssignmentRow]:
        member = session.get(ClassMemberRow, member_id)
        row = session.get(AssignmentRow, assignment_id)
        if member is None or row is None or row.class_id != member.class_id:
            raise StoreError("That assignment is not one of your class's assignments.")
        return member, row

    def mark_done(self, member_id: int, assignment_id: int, at: datetime | None = None) -> None:
        """Finish a lesson (saved as the lesson read) or an example deal. Drills are done by answering."""
        when = as_utc(at)
        with self._read() as session:
            member, row = self._member_assignment(session, member_id, assignment_id)
            kind, target, learner_id = row.kind, row.target, member.learner_id
        if kind == LESSON:
            self.store.mark_lesson_done(learner_id, target, when)
        elif kind == DEAL:
            with self._write() as session:
                if session.get(AssignmentMarkRow, (assignment_id, member_id)) is None:
                    session.add(
                        AssignmentMarkRow(assignment_id=assignment_id, member_id=member_id, done_at=when)
                    )
        else:
            raise StoreError("A drill is done by answering its questions.")

    def record_drill_answer(
        self,
        member_id: int,
        assignment_id: int,
        correct: bool,
        answer: str,
        expected: str,
        mistake_tag: str | None = None,
        elapsed_ms: int | None = None,
        at: datetime | None = None,
    ) -> int:
        """Save an answer to a drill of the member's class as an attempt of the member's learner (with
        the drill's question type and rules). Returns the attempt id."""
        with self._read() as session:
            member, row = self._member_assignment(session, member_id, assignment_id)
            if row.kind != DRILL:
                raise StoreError("Only a drill is answered question by question.")
            learner_id, qtype, profile = member.learner_id, row.target, row.profile_name or ""
        return self.store.record_attempt(
            learner_id, qtype, correct, answer, expected, profile, elapsed_ms, mistake_tag, at
        )

    def _progress(
        self, session: Session, members: list[ClassMemberRow], assignments: list[AssignmentRow]
    ) -> dict[tuple[int, int], int]:
        """(member id, assignment id) → progress, with one query per kind of assignment."""
        progress: dict[tuple[int, int], int] = defaultdict(int)
        if not members or not assignments:
            return progress
        by_learner = {m.learner_id: m.id for m in members}
        member_ids = [m.id for m in members]
        drills = [a for a in assignments if a.kind == DRILL]
        for a in drills:
            query = (
                select(AttemptRow.learner_id, func.count())
                .where(
                    AttemptRow.learner_id.in_(list(by_learner)),
                    AttemptRow.question_type == a.target,
                    AttemptRow.at >= a.created_at,
                )
                .group_by(AttemptRow.learner_id)
            )
            if a.profile_name:
                query = query.where(AttemptRow.profile_name == a.profile_name)
            for learner_id, n in session.execute(query):
                progress[(by_learner[learner_id], a.id)] = int(n)
        lessons = defaultdict(list)
        for a in assignments:
            if a.kind == LESSON:
                lessons[a.target].append(a.id)
        if lessons:
            done = session.execute(
                select(LessonProgressRow.learner_id, LessonProgressRow.lesson_id).where(
                    LessonProgressRow.learner_id.in_(list(by_learner)),
                    LessonProgressRow.lesson_id.in_(list(lessons)),
                    LessonProgressRow.completed_at.is_not(None),
                )
            )
            for learner_id, lesson_id in done:
                for assignment_id in lessons[lesson_id]:
                    progress[(by_learner[learner_id], assignment_id)] = 1
        deal_ids = [a.id for a in assignments if a.kind == DEAL]
        if deal_ids:
            marks = session.execute(
                select(AssignmentMarkRow.member_id, AssignmentMarkRow.assignment_id).where(
                    AssignmentMarkRow.member_id.in_(member_ids), AssignmentMarkRow.assignment_id.in_(deal_ids)
                )
            )
            for member_id, assignment_id in marks:
                progress[(member_id, assignment_id)] = 1
        return progress

    def assignment_status(self, member_id: int) -> list[AssignmentStatus]:
        """The member's own assignments and how far they are with each."""
        with self._read() as session:
            member = session.get(ClassMemberRow, member_id)
            if member is None:
                raise StoreError(f"There is no class member with id {member_id}.")
            rows = list(
                session.scalars(
                    select(AssignmentRow)
                    .where(AssignmentRow.class_id == member.class_id)
                    .order_by(AssignmentRow.due_at.is_(None), AssignmentRow.due_at, AssignmentRow.id)
                )
            )
            progress = self._progress(session, [member], rows)
            return [AssignmentStatus(_assignment(r), min(progress[(member.id, r.id)], r.count)) for r in rows]

    def assignment_completion(self, class_id: int) -> dict[int, int]:
        """Assignment id → how many members of the class have done it."""
        with self._read() as session:
            members = list(session.scalars(select(ClassMemberRow).where(ClassMemberRow.class_id == class_id)))
            rows = list(session.scalars(select(AssignmentRow).where(AssignmentRow.class_id == class_id)))
            progress = self._progress(session, members, rows)
            return {r.id: sum(progress[(m.id, r.id)] >= r.count for m in members) for r in rows}

    # ---- dashboard --------------------------------------------------------------------------------
    def dashboard(self, class_id: int, now: datetime | None = None) -> ClassDashboard:
        """Per member and per question type: answers and right answers; reviews due at ``now``;
        assignments done; and the class's most common mistakes."""
        when = as_utc(now)
        with self._read() as session:
            class_row = session.get(ClassRow, class_id)
            if class_row is None:
                raise StoreError(f"There is no class with id {class_id}.")
            members = list(
                session.scalars(
                    select(ClassMemberRow)
                    .where(ClassMemberRow.class_id == class_id)
                    .order_by(ClassMemberRow.name_key, ClassMemberRow.id)
                )
            )
            assignments = list(
                session.scalars(select(AssignmentRow).where(AssignmentRow.class_id == class_id))
            )
            learner_ids = [m.learner_id for m in members]
            right = func.sum(case((AttemptRow.correct, 1), else_=0))
            cells: dict[int, dict[str, SkillCell]] = defaultdict(dict)
            for learner_id, qtype, n, c in session.execute(
                select(AttemptRow.learner_id, AttemptRow.question_type, func.count(), right)
                .where(AttemptRow.learner_id.in_(learner_ids))
                .group_by(AttemptRow.learner_id, AttemptRow.question_type)
            ):
                cells[learner_id][qtype] = SkillCell(int(n), int(c or 0))
            due: dict[int, list[str]] = defaultdict(list)
            for learner_id, qtype in session.execute(
                select(ReviewCardRow.learner_id, ReviewCardRow.question_type)
                .where(ReviewCardRow.learner_id.in_(learner_ids), ReviewCardRow.due <= when)
                .order_by(ReviewCardRow.question_type)
            ):
                due[learner_id].append(qtype)
            count = func.count().label("n")
            mistakes = tuple(
                (str(tag), int(n))
                for tag, n in session.execute(
                    select(AttemptRow.mistake_tag, count)
                    .where(AttemptRow.learner_id.in_(learner_ids), AttemptRow.mistake_tag.is_not(None))
                    .group_by(AttemptRow.mistake_tag)
                    .order_by(count.desc(), AttemptRow.mistake_tag)
                )
            )
            progress = self._progress(session, members, assignments)
            learners = []
            for m in members:
                skills = tuple(sorted(cells[m.learner_id].items()))
                learners.append(
                    LearnerSummary(
                        member_id=m.id,
                        name=m.display_name,
                        attempts=sum(c.attempts for _, c in skills),
                        correct=sum(c.correct for _, c in skills),
                        reviews_due=len(due[m.learner_id]),
                        assignments_done=sum(progress[(m.id, a.id)] >= a.count for a in assignments),
                        assignments_total=len(assignments),
                        skills=skills,
                        due_skills=tuple(due[m.learner_id]),
                    )
                )
            skill_names = tuple(sorted({s for per in cells.values() for s in per}))
            return ClassDashboard(
                class_id=class_id,
                class_name=class_row.name,
                at=when,
                learners=tuple(learners),
                skills=skill_names,
                mistakes=mistakes,
            )

    # ---- projector polls --------------------------------------------------------------------------
    def open_poll(
        self, class_id: int, question_type: str, seed: int, profile_name: str, at: datetime | None = None
    ) -> Poll:
        """Put a question on the screen (closing the one before). The question is rebuilt from its type,
        seed and rules wherever it is shown, so every device sees the same one."""
        when = as_utc(at)
        with self._write() as session:
            if session.get(ClassRow, class_id) is None:
                raise StoreError(f"There is no class with id {class_id}.")
            session.execute(
                update(ClassPollRow)
                .where(ClassPollRow.class_id == class_id, ClassPollRow.closed_at.is_(None))
                .values(closed_at=when)
            )
            row = ClassPollRow(
                class_id=class_id,
                question_type=question_type,
                seed=seed,
                profile_name=profile_name,
                opened_at=when,
                closed_at=None,
            )
            session.add(row)
            session.flush()
            return _poll(row)

    def close_poll(self, class_id: int, poll_id: int, at: datetime | None = None) -> None:
        with self._write() as session:
            session.execute(
                update(ClassPollRow)
                .where(
                    ClassPollRow.id == poll_id,
                    ClassPollRow.class_id == class_id,
                    ClassPollRow.closed_at.is_(None),
                )
                .values(closed_at=as_utc(at))
            )

    def current_poll(self, class_id: int) -> Poll | None:
        """The class's open poll, if any."""
        with self._read() as session:
            row = session.scalars(
                select(ClassPollRow)
                .where(ClassPollRow.class_id == class_id, ClassPollRow.closed_at.is_(None))
                .order_by(ClassPollRow.id.desc())
                .limit(1)
            ).one_or_none()
            return _poll(row) if row else None

    def answer_poll(
        self, member_id: int, poll_id: int, answer: str, correct: bool, at: datetime | None = None
    ) -> bool:
        """Count a member's answer to an open poll of their class. False when they had already answered
        (the first answer stands) or the poll is closed."""
        when = as_utc(at)
        with self._write() as session:
            member = session.get(ClassMemberRow, member_id)
            poll = session.get(ClassPollRow, poll_id)
            if member is None or poll is None or poll.class_id != member.class_id:
                raise StoreError("That question is not on your class's screen.")
            if poll.closed_at is not None or session.get(PollAnswerRow, (poll_id, member_id)) is not None:
                return False
            session.add(
                PollAnswerRow(poll_id=poll_id, member_id=member_id, answer=answer, correct=correct, at=when)
            )
            return True

    def my_poll_answer(self, member_id: int, poll_id: int) -> str | None:
        with self._read() as session:
            row = session.get(PollAnswerRow, (poll_id, member_id))
            return row.answer if row else None

    def poll_tally(self, class_id: int, poll_id: int) -> PollTally:
        """Answers to a poll of this class so far (only counts: who answered what stays private)."""
        with self._read() as session:
            poll = session.get(ClassPollRow, poll_id)
            if poll is None or poll.class_id != class_id:
                raise StoreError("That poll is not one of this class's.")
            members = session.scalar(
                select(func.count()).select_from(ClassMemberRow).where(ClassMemberRow.class_id == class_id)
            )
            n = func.count().label("n")
            rows = session.execute(
                select(PollAnswerRow.answer, PollAnswerRow.correct, n)
                .where(PollAnswerRow.poll_id == poll_id)
                .group_by(PollAnswerRow.answer, PollAnswerRow.correct)
                .order_by(n.desc(), PollAnswerRow.answer)
            ).all()
            return PollTally(
                answers=sum(int(r[2]) for r in rows),
                correct=sum(int(r[2]) for r in rows if r[1]),
                members=int(members or 0),
                by_answer=tuple((str(r[0]), int(r[2])) for r in rows),
            )
