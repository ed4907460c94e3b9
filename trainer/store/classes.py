"""Teacher mode in the store: classes owned by teachers' accounts (with co-teachers and an optional class
password as a second factor), a join code, members, assignments, the dashboard's data and the per-assignment
progress, projector polls, class management with its log, and limits on guessing passwords and codes.

>>> classes = ClassStore(Store("sqlite:///:memory:"))  # doctest: +SKIP
>>> made = classes.create_class("7B", owner=teacher_account_id)  # doctest: +SKIP
>>> classes.classes_of(teacher_account_id)  # doctest: +SKIP

Who may see what is decided by what the caller holds: a teacher's pages hold the teacher's account id from
a sign-in and use a class only when :meth:`ClassStore.teacher_role` says the account teaches it; every
managing method takes that account id (``by``), checks it again and records what was done. A learner gets
a member id only from joining or coming back; every member-side method works on that member's own data and
its own class only.
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import case, delete, func, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from trainer import names
from trainer.errors import N_, ClassAccessError, StoreError, TooManyAttemptsError
from trainer.names import skeleton
from trainer.problems.collection import collection
from trainer.problems.rating import kind_of, problem_id_of
from trainer.quiz.chapters import chapter_kinds
from trainer.store.class_models import (
    CLIENT_MAX,
    AccessAttemptRow,
    AssignmentAnswerRow,
    AssignmentMarkRow,
    AssignmentRow,
    ClassAuditRow,
    ClassMemberRow,
    ClassPollRow,
    ClassRow,
    ClassTeacherRow,
    PollAnswerRow,
    ProblemSetRow,
)
from trainer.store.db import SessionsOnEngine, as_utc, existing
from trainer.store.models import (
    KEY_MAX,
    NAME_MAX,
    AttemptRow,
    AuthSessionRow,
    LearnerRow,
    LessonProgressRow,
    ReviewCardRow,
)
from trainer.store.play_models import PLAY_EVENING, PlayDealRow, PlayEveningRow
from trainer.store.repository import Store
from trainer.store.values import value_of
from trainer.teacher import (
    ASSIGNMENT_KINDS,
    CO_TEACHER,
    DONE,
    DRILL,
    GAME,
    LESSON,
    MARKED_KINDS,
    MAX_DRILL_COUNT,
    NOT_STARTED,
    OWNER,
    PERSONAL_KEY_LENGTH,
    PROBLEMS,
    SEAT,
    AccessPolicy,
    AssignmentCell,
    AuditEntry,
    ClassDashboard,
    LearnerSummary,
    ProgressGrid,
    SkillCell,
    check_class_name,
    check_password,
    choose_problem_set,
    difficulty_band,
    format_code,
    new_code,
    normalize_code,
    results_by_theme,
)

TEACHER = "teacher"
JOIN = "join"
REJOIN = "rejoin"
"""Scopes of the guessing log."""
CLASS_PASSWORD = "class_pw"
"""Scope of wrong class passwords typed by a signed-in teacher (the second factor)."""
ACCOUNT_KEY_LENGTH = 12
"""A new personal key for an account (as at sign-up: :data:`trainer.store.accounts.ACCOUNT_KEY_LENGTH`)."""
SEATS_PLAYED = 3
"""Seats an example deal can be played from (forehand, middlehand, rearhand)."""

RENAMED = "rename"
ARCHIVED = "archive"
RESTORED = "restore"
DELETED = "delete"
CODE_RESET = "reset_code"
MEMBER_REMOVED = "remove_member"
MEMBER_LEFT = "leave"
KEY_ISSUED = "new_key"
TEACHER_ADDED = "add_teacher"
TEACHER_REMOVED = "remove_teacher"
CLAIMED = "claim"
PASSWORD_SET = "password"
ASSIGNED = "assign"
UNASSIGNED = "unassign"
"""Actions in the class's log (``class_audit.action``)."""
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
    archived_at: datetime | None = None
    has_password: bool = False
    """Whether the class asks its teachers for a class password after their own sign-in."""

    @property
    def archived(self) -> bool:
        return self.archived_at is not None


@dataclass(frozen=True)
class TaughtClass:
    """A class an account teaches, with its role there."""

    school_class: SchoolClass
    role: str


@dataclass(frozen=True)
class Teacher:
    learner_id: int
    name: str
    role: str


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
    seat: int | None = None
    """The seat to play, for an example deal played as one seat."""


@dataclass(frozen=True)
class ProblemSet:
    """The play problems of a problem-set assignment: the themes chosen (none: every theme), the
    difficulty band and the problems drawn for the class, in serving order."""

    assignment_id: int
    themes: tuple[str, ...]
    band: str
    profile_name: str
    problem_ids: tuple[str, ...]


@dataclass(frozen=True)
class AssignedProblems:
    """A learner's own problem-set assignment as the Problems page serves it: the set and the learner's
    first answer to each of its problems since it was set (right or not)."""

    assignment: Assignment
    problem_set: ProblemSet
    answers: dict[str, bool]

    @property
    def answered(self) -> int:
        return sum(i in self.answers for i in self.problem_set.problem_ids)

    @property
    def solved(self) -> int:
        return sum(self.answers.get(i, False) for i in self.problem_set.problem_ids)

    @property
    def done(self) -> bool:
        return self.answered >= len(self.problem_set.problem_ids)

    def serving_order(self) -> list[str]:
        """The set's problems not answered yet first (in the set's order), then the answered ones."""
        ids = self.problem_set.problem_ids
        return [i for i in ids if i not in self.answers] + [i for i in ids if i in self.answers]


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
    revealed_at: datetime | None = None

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
    right_answers: frozenset[str] = frozenset()
    """The answers among them that were right (the projector marks them)."""


def _name(display_name: str) -> tuple[str, str]:
    """(display name, folded key) of a member name."""
    name = names.checked(display_name, NAME_MAX)
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
    return value_of(SchoolClass, row, has_password=bool(row.password_hash))


def member_from_row(row: ClassMemberRow) -> Member:
    """The plain value of a member row (no ORM object leaves the store)."""
    return value_of(Member, row, name=row.display_name)


def _assignment(row: AssignmentRow) -> Assignment:
    return value_of(Assignment, row)


def _problem_set(row: ProblemSetRow, assignment: AssignmentRow) -> ProblemSet:
    return ProblemSet(
        assignment_id=row.assignment_id,
        themes=tuple(row.themes.split()),
        band=assignment.target,
        profile_name=assignment.profile_name or "",
        problem_ids=tuple(row.problem_ids.split()),
    )


def _first_answers(
    session: Session, learner_ids: Sequence[int], problem_ids: Iterable[str], since: datetime | None = None
) -> dict[int, dict[str, bool]]:
    """Learner → problem id → whether their first answer to it (since ``since``) was right. Only the first
    answer counts: a later one has seen the solution."""
    kinds = sorted({kind_of(i) for i in problem_ids})
    found: dict[int, dict[str, bool]] = defaultdict(dict)
    if not learner_ids or not kinds:
        return found
    query = select(AttemptRow.learner_id, AttemptRow.question_type, AttemptRow.correct).where(
        AttemptRow.learner_id.in_(list(learner_ids)), AttemptRow.question_type.in_(kinds)
    )
    if since is not None:
        query = query.where(AttemptRow.at >= since)
    for learner_id, kind, correct in session.execute(query.order_by(AttemptRow.at, AttemptRow.id)):
        ident = problem_id_of(str(kind))
        if ident is not None:
            found[int(learner_id)].setdefault(ident, bool(correct))
    return found


def _member_rows(session: Session, class_id: int) -> list[ClassMemberRow]:
    """The class's member rows by name."""
    query = select(ClassMemberRow).where(ClassMemberRow.class_id == class_id)
    return list(session.scalars(query.order_by(ClassMemberRow.name_key, ClassMemberRow.id)))


def _assignment_rows(session: Session, class_id: int) -> list[AssignmentRow]:
    """The class's assignment rows, soonest due first (those without a due date last), then oldest."""
    query = select(AssignmentRow).where(AssignmentRow.class_id == class_id)
    return list(
        session.scalars(
            query.order_by(AssignmentRow.due_at.is_(None), AssignmentRow.due_at, AssignmentRow.id)
        )
    )


def _poll(row: ClassPollRow) -> Poll:
    return value_of(Poll, row)


class ClassStore(SessionsOnEngine):
    """Teacher mode on top of a :class:`~trainer.store.Store` (same database, same engine)."""

    def __init__(
        self, store: Store, policy: AccessPolicy | None = None, hasher: PasswordHasher | None = None
    ) -> None:
        self.store = store
        self.engine = store.engine
        self.policy = policy or AccessPolicy()
        self.hasher = hasher or default_hasher()

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
    def create_class(
        self,
        name: str,
        password: str | None = None,
        at: datetime | None = None,
        *,
        owner: int | None = None,
    ) -> SchoolClass:
        """A new class with a fresh join code, owned by the account ``owner``. ``password`` is an optional
        class password the teachers type after their own sign-in (kept only as an argon2id hash)."""
        class_name = check_class_name(name)
        password_hash = self.hasher.hash(check_password(password)) if password else ""
        when = as_utc(at)
        for _ in range(5):
            try:
                with self._write() as session:
                    if owner is not None:
                        self._account_row(session, owner)
                    row = ClassRow(
                        name=class_name, join_code=new_code(), password_hash=password_hash, created_at=when
                    )
                    session.add(row)
                    session.flush()
                    if owner is not None:
                        session.add(
                            ClassTeacherRow(class_id=row.id, learner_id=owner, role=OWNER, added_at=when)
                        )
                    return _class(row)
            except IntegrityError:  # the same code drawn twice: draw again
                continue
        raise StoreError("Could not find a free join code; please try again.")

    def get_class(self, class_id: int) -> SchoolClass:
        with self._read() as session:
            return _class(existing(session, ClassRow, class_id, "class"))

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
            class_id = row.id if row is not None and row.archived_at is None else None
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

    # ---- teachers ---------------------------------------------------------------------------------
    @staticmethod
    def _account_row(session: Session, learner_id: int) -> LearnerRow:
        row = session.get(LearnerRow, learner_id)
        if row is None or row.secret_hash is None:
            raise StoreError(f"There is no account with id {learner_id}.")
        return row

    def teacher_role(self, class_id: int, learner_id: int) -> str | None:
        """``owner`` or ``co`` when the account teaches the class, else None."""
        with self._read() as session:
            row = session.get(ClassTeacherRow, (class_id, learner_id))
            return row.role if row is not None else None

    def _require(self, session: Session, class_id: int, by: int, *, owner: bool = False) -> ClassRow:
        """The class row, when ``by`` teaches it (is its owner, with ``owner``); else a readable refusal."""
        row = session.get(ClassRow, class_id)
        role = session.get(ClassTeacherRow, (class_id, by))
        if row is None or role is None:
            raise ClassAccessError.of(N_("You do not teach that class."))
        if owner and role.role != OWNER:
            raise ClassAccessError.of(N_("Only the class's owner can do that."))
        return row

    @staticmethod
    def _log(session: Session, class_id: int, by: int | None, action: str, detail: str, at: datetime) -> None:
        """Record in the class's log who did what, and when."""
        actor = session.get(LearnerRow, by) if by is not None else None
        session.add(
            ClassAuditRow(
                class_id=class_id,
                actor_id=by,
                actor_name=actor.name if actor is not None else "",
                action=action,
                detail=detail,
                at=at,
            )
        )

    def classes_of(self, learner_id: int) -> list[TaughtClass]:
        """The classes this account teaches (archived ones too), by name."""
        with self._read() as session:
            rows = session.execute(
                select(ClassRow, ClassTeacherRow.role)
                .join(ClassTeacherRow, ClassTeacherRow.class_id == ClassRow.id)
                .where(ClassTeacherRow.learner_id == learner_id)
                .order_by(ClassRow.archived_at.is_not(None), ClassRow.name, ClassRow.id)
            ).all()
            return [TaughtClass(_class(row), str(role)) for row, role in rows]

    def teachers(self, class_id: int) -> list[Teacher]:
        """The class's teachers: the owner first, then the co-teachers by name."""
        with self._read() as session:
            rows = session.execute(
                select(ClassTeacherRow.learner_id, LearnerRow.name, ClassTeacherRow.role)
                .join(LearnerRow, LearnerRow.id == ClassTeacherRow.learner_id)
                .where(ClassTeacherRow.class_id == class_id)
                .order_by(ClassTeacherRow.role != OWNER, LearnerRow.name_key)
            ).all()
            return [Teacher(int(i), str(n), str(r)) for i, n, r in rows]

    def add_co_teacher(
        self, class_id: int, by: int, account_name: str, at: datetime | None = None
    ) -> Teacher:
        """The owner adds the account with this name (as it signs in) as a co-teacher."""
        key = " ".join(account_name.split()).casefold()
        when = as_utc(at)
        with self._write() as session:
            self._require(session, class_id, by, owner=True)
            found = session.scalars(
                select(LearnerRow).where(LearnerRow.name_key == key, LearnerRow.secret_hash.is_not(None))
            ).one_or_none()
            if found is None:
                raise StoreError.of(N_("There is no account with that name."))
            if session.get(ClassTeacherRow, (class_id, found.id)) is not None:
                raise StoreError.of(N_("{name} already teaches this class."), name=found.name)
            session.add(
                ClassTeacherRow(class_id=class_id, learner_id=found.id, role=CO_TEACHER, added_at=when)
            )
            self._log(session, class_id, by, TEACHER_ADDED, found.name, when)
            return Teacher(found.id, found.name, CO_TEACHER)

    def remove_co_teacher(self, class_id: int, by: int, learner_id: int, at: datetime | None = None) -> None:
        """The owner removes a co-teacher, or a co-teacher stops teaching the class (the owner stays)."""
        when = as_utc(at)
        with self._write() as session:
            self._require(session, class_id, by, owner=by != learner_id)
            row = session.get(ClassTeacherRow, (class_id, learner_id))
            if row is None or row.role == OWNER:
                raise StoreError.of(N_("The class's owner cannot be removed."))
            name = session.get(LearnerRow, learner_id)
            session.delete(row)
            self._log(session, class_id, by, TEACHER_REMOVED, name.name if name else "", when)

    def claim_class(
        self, learner_id: int, join_code: str, password: str, client: str, at: datetime | None = None
    ) -> SchoolClass:
        """A class made before teachers had accounts has no owner: the account that types its join code
        and class password becomes its owner (the password stays as the class's second factor)."""
        code = normalize_code(join_code)
        when = as_utc(at)
        attempt = self.start_attempt(TEACHER, code, client, when)
        with self._read() as session:
            row = self._class_by_code(session, code)
            found = (row.id, row.password_hash) if row is not None else None
        if found is None or not found[1] or not self.verify(found[1], password):
            raise ClassAccessError.of(N_("That join code and password do not match a class."))
        self.attempt_succeeded(attempt)
        with self._write() as session:
            self._account_row(session, learner_id)
            if session.scalar(select(ClassTeacherRow.learner_id).where(ClassTeacherRow.class_id == found[0])):
                raise ClassAccessError.of(
                    N_("That class already has a teacher; ask them to add you as a co-teacher.")
                )
            session.add(ClassTeacherRow(class_id=found[0], learner_id=learner_id, role=OWNER, added_at=when))
            self._log(session, found[0], learner_id, CLAIMED, "", when)
        return self.get_class(found[0])

    def set_class_password(
        self, class_id: int, by: int, password: str | None, at: datetime | None = None
    ) -> None:
        """The owner sets (or with None removes) the class password the teachers type after signing in."""
        password_hash = self.hasher.hash(check_password(password)) if password else ""
        when = as_utc(at)
        with self._write() as session:
            row = self._require(session, class_id, by, owner=True)
            row.password_hash = password_hash
            self._log(session, class_id, by, PASSWORD_SET, "on" if password else "off", when)

    def check_class_password(
        self, class_id: int, by: int, password: str, client: str, at: datetime | None = None
    ) -> None:
        """A teacher of the class passes its second factor (nothing to pass when it has none)."""
        when = as_utc(at)
        with self._read() as session:
            stored = self._require(session, class_id, by).password_hash
        if not stored:
            return
        attempt = self.start_attempt(CLASS_PASSWORD, str(class_id), client, when)
        if not self.verify(stored, password):
            raise ClassAccessError.of(N_("That is not the class password."))
        self.attempt_succeeded(attempt)

    # ---- managing a class -------------------------------------------------------------------------
    def rename_class(self, class_id: int, by: int, name: str, at: datetime | None = None) -> SchoolClass:
        new_name = check_class_name(name)
        when = as_utc(at)
        with self._write() as session:
            row = self._require(session, class_id, by)
            old, row.name = row.name, new_name
            self._log(session, class_id, by, RENAMED, f"{old} → {new_name}", when)
            return _class(row)

    def archive_class(
        self, class_id: int, by: int, archived: bool = True, at: datetime | None = None
    ) -> SchoolClass:
        """Archive the class (it keeps everything and takes no new members) or restore it (``archived``
        False): archiving is the step that can be undone."""
        when = as_utc(at)
        with self._write() as session:
            row = self._require(session, class_id, by, owner=True)
            row.archived_at = when if archived else None
            self._log(session, class_id, by, ARCHIVED if archived else RESTORED, "", when)
            return _class(row)

    def delete_class(self, class_id: int, by: int, at: datetime | None = None) -> None:
        """The owner deletes the class with its assignments, polls and memberships. The learners keep
        their accounts and all their own progress; the log keeps a line saying who deleted it."""
        when = as_utc(at)
        with self._write() as session:
            row = self._require(session, class_id, by, owner=True)
            self._log(session, class_id, by, DELETED, row.name, when)
            session.delete(row)

    def reset_join_code(self, class_id: int, by: int, at: datetime | None = None) -> SchoolClass:
        """A fresh join code: the old one no longer lets anyone join (members stay members)."""
        when = as_utc(at)
        for _ in range(5):
            try:
                with self._write() as session:
                    row = self._require(session, class_id, by)
                    old, row.join_code = row.join_code, new_code()
                    session.flush()
                    self._log(
                        session,
                        class_id,
                        by,
                        CODE_RESET,
                        f"{format_code(old)} → {format_code(row.join_code)}",
                        when,
                    )
                    return _class(row)
            except IntegrityError:
                continue
        raise StoreError("Could not find a free join code; please try again.")

    def remove_member(self, class_id: int, by: int, member_id: int, at: datetime | None = None) -> None:
        """A teacher takes a learner out of the class. The learner keeps their account and everything
        they answered and played (it belongs to their account, not to the class)."""
        when = as_utc(at)
        with self._write() as session:
            self._require(session, class_id, by)
            member = session.get(ClassMemberRow, member_id)
            if member is None or member.class_id != class_id:
                raise ClassAccessError.of(N_("That learner is not in your class."))
            self._log(session, class_id, by, MEMBER_REMOVED, member.display_name, when)
            session.delete(member)

    def leave_class(self, member_id: int, at: datetime | None = None) -> None:
        """A learner leaves their class (keeping all their own progress)."""
        when = as_utc(at)
        with self._write() as session:
            member = session.get(ClassMemberRow, member_id)
            if member is None:
                raise StoreError.of(N_("You are not in a class."))
            self._log(session, member.class_id, member.learner_id, MEMBER_LEFT, member.display_name, when)
            session.delete(member)

    def issue_key(self, class_id: int, by: int, member_id: int, at: datetime | None = None) -> str:
        """A new personal key for a learner of the class who lost theirs (returned once, for the teacher
        to hand over; only its hash is kept). An account's old password or key stops working and the
        account is signed out everywhere; a member of old gets a new class key."""
        when = as_utc(at)
        with self._write() as session:
            self._require(session, class_id, by)
            member = session.get(ClassMemberRow, member_id)
            if member is None or member.class_id != class_id:
                raise ClassAccessError.of(N_("That learner is not in your class."))
            learner = session.get(LearnerRow, member.learner_id)
            if learner is not None and learner.secret_hash is not None:
                key = format_code(new_code(ACCOUNT_KEY_LENGTH))
                learner.secret_hash = self.hasher.hash(normalize_code(key))
                session.execute(delete(AuthSessionRow).where(AuthSessionRow.learner_id == learner.id))
            else:
                key = new_code(PERSONAL_KEY_LENGTH)
                member.key_hash = self.hasher.hash(key)
            self._log(session, class_id, by, KEY_ISSUED, member.display_name, when)
            return key

    def audit(self, class_id: int, by: int, limit: int = 200) -> list[AuditEntry]:
        """The class's log, newest first (for its teachers)."""
        with self._read() as session:
            self._require(session, class_id, by)
            rows = session.scalars(
                select(ClassAuditRow)
                .where(ClassAuditRow.class_id == class_id)
                .order_by(ClassAuditRow.at.desc(), ClassAuditRow.id.desc())
                .limit(limit)
            )
            return [AuditEntry(r.at, r.actor_name, r.action, r.detail) for r in rows]

    def get_member(self, member_id: int) -> Member:
        with self._read() as session:
            return member_from_row(existing(session, ClassMemberRow, member_id, "class member"))

    def members(self, class_id: int) -> list[Member]:
        """The class's members by name."""
        with self._read() as session:
            return [member_from_row(r) for r in _member_rows(session, class_id)]

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
        *,
        seat: int | None = None,
        by: int | None = None,
    ) -> Assignment:
        """Set homework. A drill needs 1 .. MAX_DRILL_COUNT questions and a rule profile; a deal against
        the computer needs its rules (``target`` is the computer's level); a seat in an example deal needs
        the seat; anything but a drill counts as one piece of work. With ``by`` the teacher is checked and
        the assignment logged."""
        if kind not in ASSIGNMENT_KINDS:
            raise StoreError(
                f"Unknown kind of assignment '{kind}'. Choose one of: {', '.join(ASSIGNMENT_KINDS)}."
            )
        if kind == PROBLEMS:
            raise StoreError("A problem set is set with add_problem_set (its problems are drawn then).")
        key = target.strip()
        if not key or len(key) > KEY_MAX:
            raise StoreError("The assignment needs a chapter, question type or deal.")
        if kind == DRILL:
            if not 1 <= count <= MAX_DRILL_COUNT:
                raise StoreError(f"A drill has 1 to {MAX_DRILL_COUNT} questions.")
        else:
            count = 1
        if kind in (DRILL, GAME) and not profile_name:
            raise StoreError("A drill or a deal against the computer needs the rules it is played by.")
        if kind == SEAT:
            if seat is None or not 0 <= seat < SEATS_PLAYED:
                raise StoreError("Say which seat to play.")
        else:
            seat = None
        when = as_utc(at)
        with self._write() as session:
            row = self._new_assignment(
                session,
                class_id,
                by,
                kind=kind,
                target=key,
                count=count,
                seat=seat,
                profile_name=profile_name or None,
                due_at=due_at,
                at=when,
            )
            if by is not None:
                self._log(session, class_id, by, ASSIGNED, f"{kind} {key}", when)
            return _assignment(row)

    def _new_assignment(
        self,
        session: Session,
        class_id: int,
        by: int | None,
        *,
        kind: str,
        target: str,
        count: int,
        seat: int | None,
        profile_name: str | None,
        due_at: datetime | None,
        at: datetime,
    ) -> AssignmentRow:
        """The assignment's row, added in ``session`` once the setter may set it: with ``by`` the class's
        teacher (:meth:`_require`), without it a class that exists. Homework and problem sets both come
        through here, so the check and the row's shape are written once; the caller logs what it set."""
        if by is not None:
            self._require(session, class_id, by)
        elif session.get(ClassRow, class_id) is None:
            raise StoreError(f"There is no class with id {class_id}.")
        row = AssignmentRow(
            class_id=class_id,
            kind=kind,
            target=target,
            count=count,
            seat=seat,
            profile_name=profile_name,
            due_at=as_utc(due_at) if due_at is not None else None,
            created_at=at,
        )
        session.add(row)
        session.flush()
        return row

    def add_problem_set(
        self,
        class_id: int,
        profile_name: str,
        count: int,
        themes: Sequence[str] = (),
        band: str = "any",
        due_at: datetime | None = None,
        at: datetime | None = None,
        *,
        by: int | None = None,
        seed: int | None = None,
    ) -> tuple[Assignment, ProblemSet]:
        """Set a set of play problems: ``count`` problems of these rules, drawn once from those with any of
        ``themes`` (none: every theme) in the difficulty ``band`` (fewer when fewer match), the same for
        every learner. With ``by`` the teacher is checked and the assignment logged."""
        difficulty_band(band)
        chosen_themes = tuple(dict.fromkeys(t.strip() for t in themes if t.strip()))
        ids = choose_problem_set(
            collection(),
            profile_name,
            chosen_themes,
            band,
            count,
            secrets.randbelow(2**31) if seed is None else seed,
        )
        when = as_utc(at)
        with self._write() as session:
            row = self._new_assignment(
                session,
                class_id,
                by,
                kind=PROBLEMS,
                target=band,
                count=len(ids),
                seat=None,
                profile_name=profile_name,
                due_at=due_at,
                at=when,
            )
            problem_row = ProblemSetRow(
                assignment_id=row.id, themes=" ".join(chosen_themes), problem_ids=" ".join(ids)
            )
            session.add(problem_row)
            if by is not None:
                detail = f"{PROBLEMS} {len(ids)} {band} {' '.join(chosen_themes) or 'any'} {profile_name}"
                self._log(session, class_id, by, ASSIGNED, detail, when)
            return _assignment(row), _problem_set(problem_row, row)

    def problem_sets(self, class_id: int) -> dict[int, ProblemSet]:
        """Assignment id → its problem set, for the class's problem-set assignments."""
        with self._read() as session:
            return {
                ps.assignment_id: _problem_set(ps, a)
                for ps, a in session.execute(
                    select(ProblemSetRow, AssignmentRow)
                    .join(AssignmentRow, AssignmentRow.id == ProblemSetRow.assignment_id)
                    .where(AssignmentRow.class_id == class_id)
                )
            }

    def assigned_problems(self, learner_id: int, assignment_id: int) -> AssignedProblems | None:
        """The signed-in learner's own problem-set assignment with their answers since it was set; None
        when the learner is in no class or the assignment is not a problem set of their class."""
        with self._read() as session:
            member = session.scalars(
                select(ClassMemberRow).where(ClassMemberRow.learner_id == learner_id)
            ).one_or_none()
            row = session.get(AssignmentRow, assignment_id)
            if member is None or row is None or row.class_id != member.class_id or row.kind != PROBLEMS:
                return None
            problem_row = session.get(ProblemSetRow, assignment_id)
            if problem_row is None:
                return None
            problem_set = _problem_set(problem_row, row)
            answers = _first_answers(session, [learner_id], problem_set.problem_ids, as_utc(row.created_at))
            return AssignedProblems(_assignment(row), problem_set, dict(answers.get(learner_id, {})))

    def remove_assignment(
        self, class_id: int, assignment_id: int, by: int | None = None, at: datetime | None = None
    ) -> None:
        """Delete an assignment of this class (another class's assignment is left alone)."""
        with self._write() as session:
            if by is not None:
                self._require(session, class_id, by)
            row = session.get(AssignmentRow, assignment_id)
            if row is None or row.class_id != class_id:
                return
            if by is not None:
                self._log(session, class_id, by, UNASSIGNED, f"{row.kind} {row.target}", as_utc(at))
            session.delete(row)

    def assignments(self, class_id: int) -> list[Assignment]:
        """The class's assignments, soonest due first (those without a due date last), then oldest."""
        with self._read() as session:
            return [_assignment(r) for r in _assignment_rows(session, class_id)]

    def _member_assignment(
        self, session: Session, member_id: int, assignment_id: int
    ) -> tuple[ClassMemberRow, AssignmentRow]:
        member = session.get(ClassMemberRow, member_id)
        row = session.get(AssignmentRow, assignment_id)
        if member is None or row is None or row.class_id != member.class_id:
            raise StoreError("That assignment is not one of your class's assignments.")
        return member, row

    def mark_done(self, member_id: int, assignment_id: int, at: datetime | None = None) -> None:
        """Finish a deal (stepped through, or played to its end) or read a chapter (saved as the lesson read;
        the chapter's assignment also needs its check answered). Drills are done by answering."""
        when = as_utc(at)
        with self._read() as session:
            member, row = self._member_assignment(session, member_id, assignment_id)
            kind, target, learner_id = row.kind, row.target, member.learner_id
        if kind == LESSON:
            self.store.mark_lesson_done(learner_id, target, when)
        elif kind in MARKED_KINDS:
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

        def as_work(session: Session, attempt_id: int) -> None:
            session.add(
                AssignmentAnswerRow(attempt_id=attempt_id, assignment_id=assignment_id, member_id=member_id)
            )

        attempt_id = self.store.record_attempt(
            learner_id, qtype, correct, answer, expected, profile, elapsed_ms, mistake_tag, at, also=as_work
        )
        return attempt_id

    def _progress(
        self, session: Session, members: list[ClassMemberRow], assignments: list[AssignmentRow]
    ) -> dict[tuple[int, int], AssignmentCell]:
        """(member id, assignment id) → how far the member is, with a few queries per kind of assignment.

        * a drill: the answers given as work on it (``assignment_answers``), not free practice;
        * a chapter: started when opened, done when opened and its check answered since it was set (a
          chapter without a check: when marked read);
        * a deal against the computer: started with a deal on the Play page at its level and rules since
          it was set, done when one such deal was played to its end;
        * an example deal (stepped through or a seat played): done when marked;
        * a problem set: each of its problems answered on the Problems page since it was set counts, right
          when the first answer to it was; done when every problem was answered."""
        answered: dict[tuple[int, int], tuple[int, int]] = {}
        opened: set[tuple[int, int]] = set()
        done: set[tuple[int, int]] = set()
        if members and assignments:
            by_learner = {m.learner_id: m.id for m in members}
            member_ids = [m.id for m in members]
            ids = [a.id for a in assignments]
            right = func.sum(case((AttemptRow.correct, 1), else_=0))
            for member_id, assignment_id, n, c in session.execute(
                select(AssignmentAnswerRow.member_id, AssignmentAnswerRow.assignment_id, func.count(), right)
                .join(AttemptRow, AttemptRow.id == AssignmentAnswerRow.attempt_id)
                .where(
                    AssignmentAnswerRow.member_id.in_(member_ids), AssignmentAnswerRow.assignment_id.in_(ids)
                )
                .group_by(AssignmentAnswerRow.member_id, AssignmentAnswerRow.assignment_id)
            ):
                answered[(member_id, assignment_id)] = (int(n), int(c or 0))
            lessons = [a for a in assignments if a.kind == LESSON]
            if lessons:
                read = {
                    (learner_id, lesson_id): completed
                    for learner_id, lesson_id, completed in session.execute(
                        select(
                            LessonProgressRow.learner_id,
                            LessonProgressRow.lesson_id,
                            LessonProgressRow.completed_at,
                        ).where(
                            LessonProgressRow.learner_id.in_(list(by_learner)),
                            LessonProgressRow.lesson_id.in_(sorted({a.target for a in lessons})),
                        )
                    )
                }
                for a in lessons:
                    kinds = chapter_kinds(a.target)
                    checked: set[int] = set()
                    if kinds:
                        checked = {
                            int(learner_id)
                            for learner_id in session.scalars(
                                select(AttemptRow.learner_id)
                                .where(
                                    AttemptRow.learner_id.in_(list(by_learner)),
                                    AttemptRow.question_type.in_(kinds),
                                    AttemptRow.at >= a.created_at,
                                )
                                .distinct()
                            )
                        }
                    for learner_id, member_id in by_learner.items():
                        if (learner_id, a.target) not in read:
                            continue
                        opened.add((member_id, a.id))
                        if learner_id in checked if kinds else read[(learner_id, a.target)] is not None:
                            done.add((member_id, a.id))
            for a in assignments:
                if a.kind != GAME:
                    continue
                for learner_id, finished in session.execute(
                    select(PlayEveningRow.learner_id, func.max(case((PlayDealRow.finished, 1), else_=0)))
                    .join(PlayDealRow, PlayDealRow.evening_id == PlayEveningRow.id)
                    .where(
                        PlayEveningRow.learner_id.in_(list(by_learner)),
                        PlayEveningRow.kind == PLAY_EVENING,
                        PlayEveningRow.profile_name == a.profile_name,
                        PlayEveningRow.level == a.target,
                        PlayDealRow.updated_at >= a.created_at,
                    )
                    .group_by(PlayEveningRow.learner_id)
                ):
                    key = (by_learner[learner_id], a.id)
                    opened.add(key)
                    if finished:
                        done.add(key)
            problem_rows = [a for a in assignments if a.kind == PROBLEMS]
            if problem_rows:
                sets = {
                    r.assignment_id: r.problem_ids.split()
                    for r in session.scalars(
                        select(ProblemSetRow).where(
                            ProblemSetRow.assignment_id.in_([a.id for a in problem_rows])
                        )
                    )
                }
                since = min(as_utc(a.created_at) for a in problem_rows)
                every = {i for ids_of in sets.values() for i in ids_of}
                firsts = _first_answers(session, list(by_learner), every, since)
                for a in problem_rows:
                    set_at = as_utc(a.created_at)
                    wanted = sets.get(a.id, [])
                    # answers before this set was made do not count: read them again from its own start
                    per_learner = (
                        firsts
                        if set_at == since
                        else _first_answers(session, list(by_learner), wanted, set_at)
                    )
                    for learner_id, member_id in by_learner.items():
                        mine = per_learner.get(learner_id, {})
                        got = [mine[i] for i in wanted if i in mine]
                        if got:
                            answered[(member_id, a.id)] = (len(got), sum(got))
            marked = [a.id for a in assignments if a.kind in MARKED_KINDS]
            if marked:
                for member_id, assignment_id in session.execute(
                    select(AssignmentMarkRow.member_id, AssignmentMarkRow.assignment_id).where(
                        AssignmentMarkRow.member_id.in_(member_ids),
                        AssignmentMarkRow.assignment_id.in_(marked),
                    )
                ):
                    done.add((member_id, assignment_id))
        cells: dict[tuple[int, int], AssignmentCell] = {}
        for m in members:
            for a in assignments:
                key = (m.id, a.id)
                if a.kind in (DRILL, PROBLEMS):
                    n, c = answered.get(key, (0, 0))
                    cells[key] = AssignmentCell(min(n, a.count), a.count, n > 0, n, c)
                else:
                    cells[key] = AssignmentCell(int(key in done), 1, key in opened or key in done)
        return cells

    def progress_grid(self, class_id: int) -> ProgressGrid:
        """Learners × assignments of the class: who has done, started or not started what."""
        with self._read() as session:
            members = _member_rows(session, class_id)
            rows = _assignment_rows(session, class_id)
            cells = self._progress(session, members, rows)
            return ProgressGrid(
                assignment_ids=tuple(r.id for r in rows),
                learners=tuple((m.id, m.display_name) for m in members),
                cells=cells,
            )

    def assignment_status(self, member_id: int) -> list[AssignmentStatus]:
        """The member's own assignments and how far they are with each."""
        with self._read() as session:
            member = existing(session, ClassMemberRow, member_id, "class member")
            rows = _assignment_rows(session, member.class_id)
            cells = self._progress(session, [member], rows)
            return [AssignmentStatus(_assignment(r), cells[(member.id, r.id)].progress) for r in rows]

    def assignment_completion(self, class_id: int) -> dict[int, int]:
        """Assignment id → how many members of the class have done it."""
        with self._read() as session:
            members = list(session.scalars(select(ClassMemberRow).where(ClassMemberRow.class_id == class_id)))
            rows = list(session.scalars(select(AssignmentRow).where(AssignmentRow.class_id == class_id)))
            cells = self._progress(session, members, rows)
            return {r.id: sum(cells[(m.id, r.id)].progress >= r.count for m in members) for r in rows}

    # ---- dashboard --------------------------------------------------------------------------------
    def dashboard(self, class_id: int, now: datetime | None = None) -> ClassDashboard:
        """Per member and per question type: answers and right answers; reviews due at ``now``;
        assignments done; and the class's most common mistakes."""
        when = as_utc(now)
        with self._read() as session:
            class_row = existing(session, ClassRow, class_id, "class")
            members = _member_rows(session, class_id)
            assignments = list(
                session.scalars(select(AssignmentRow).where(AssignmentRow.class_id == class_id))
            )
            learner_ids = [m.learner_id for m in members]
            right = func.sum(case((AttemptRow.correct, 1), else_=0))
            cells: dict[int, dict[str, SkillCell]] = defaultdict(dict)
            problem_answers: dict[int, SkillCell] = defaultdict(lambda: SkillCell(0, 0))
            problem_ids: set[str] = set()
            for learner_id, qtype, n, c in session.execute(
                select(AttemptRow.learner_id, AttemptRow.question_type, func.count(), right)
                .where(AttemptRow.learner_id.in_(learner_ids))
                .group_by(AttemptRow.learner_id, AttemptRow.question_type)
            ):
                ident = problem_id_of(str(qtype))
                if ident is None:
                    cells[learner_id][qtype] = SkillCell(int(n), int(c or 0))
                    continue
                # play problems are shown by theme, not as one skill per problem
                problem_ids.add(ident)
                before = problem_answers[learner_id]
                problem_answers[learner_id] = SkillCell(
                    before.attempts + int(n), before.correct + int(c or 0)
                )
            firsts = _first_answers(session, learner_ids, problem_ids)
            themes_of = {p.id: p.themes for p in collection() if p.id in problem_ids}
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
            cells_by = self._progress(session, members, assignments)
            learners = []
            for m in members:
                skills = tuple(sorted(cells[m.learner_id].items()))
                problems = problem_answers[m.learner_id]
                learners.append(
                    LearnerSummary(
                        member_id=m.id,
                        name=m.display_name,
                        attempts=sum(c.attempts for _, c in skills) + problems.attempts,
                        correct=sum(c.correct for _, c in skills) + problems.correct,
                        reviews_due=len(due[m.learner_id]),
                        assignments_done=sum(cells_by[(m.id, a.id)].state == DONE for a in assignments),
                        assignments_total=len(assignments),
                        skills=skills,
                        due_skills=tuple(due[m.learner_id]),
                        assignment_attempts=sum(cells_by[(m.id, a.id)].answered for a in assignments),
                        assignment_correct=sum(cells_by[(m.id, a.id)].correct for a in assignments),
                        assignments_started=sum(
                            cells_by[(m.id, a.id)].state != NOT_STARTED for a in assignments
                        ),
                        problem_themes=results_by_theme(firsts.get(m.learner_id, {}), themes_of),
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
            existing(session, ClassRow, class_id, "class")
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
        self._stamp_poll(class_id, poll_id, "closed_at", at)

    def reveal_poll(self, class_id: int, poll_id: int, at: datetime | None = None) -> None:
        """The teacher shows the right answer; it stays shown when the projector is opened again."""
        self._stamp_poll(class_id, poll_id, "revealed_at", at)

    def _stamp_poll(self, class_id: int, poll_id: int, column: str, at: datetime | None) -> None:
        """Set a poll's ``column`` (closed_at or revealed_at) once: a second call keeps the first time."""
        stamp = getattr(ClassPollRow, column)
        with self._write() as session:
            session.execute(
                update(ClassPollRow)
                .where(ClassPollRow.id == poll_id, ClassPollRow.class_id == class_id, stamp.is_(None))
                .values({column: as_utc(at)})
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
                right_answers=frozenset(str(r[0]) for r in rows if r[1]),
            )
