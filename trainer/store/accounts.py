"""Learner accounts and sign-in sessions (learners and class teachers), kept in the progress store.

An account is a ``learners`` row with a secret: a password the learner chose, or a personal key the app
generated and showed once. Names are unique in the store (case and extra spaces ignored). Only argon2id
hashes of secrets are stored, as for the teachers' class passwords.

A sign-in session is a random token (256 bits, :func:`secrets.token_urlsafe`) handed to the browser, which
keeps it in a cookie; the store keeps only its SHA-256, with the learner or class it stands for and an
expiry. Every page run looks the token up again (:meth:`AccountStore.session`), so:

* a reload, a second tab or a restarted server finds the same session (the row is in the database);
* signing out deletes the row, which ends the session in every tab at once;
* a token cannot be forged or widened: it only ever names the one learner or class it was issued for, and
  a stolen copy of the database holds no usable token.

The expiry slides: a session used again more than :data:`RENEW_AFTER` after its last renewal is extended
to a full lifetime again (one write per day at most, not one per click).

>>> from trainer.store import Store
>>> from trainer.store.classes import ClassStore
>>> accounts = AccountStore(ClassStore(Store("sqlite:///:memory:")))
>>> made = accounts.sign_up("Nina", client="ip-hash")  # a generated key: made.personal_key
>>> token = accounts.start_learner_session(made.account.id).token  # into the browser's cookie
>>> accounts.session(token).learner_id == made.account.id  # on every later page run
True
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select, text, update
from sqlalchemy.exc import IntegrityError

from trainer import names
from trainer.errors import N_, ClassAccessError, StoreError
from trainer.names import fold, skeleton
from trainer.store.class_models import ClassMemberRow, ClassRow
from trainer.store.classes import JOIN, ClassStore, Member, look_alike_member, member_from_row
from trainer.store.db import SessionsOnEngine, as_utc, existing
from trainer.store.models import NAME_MAX, SKELETON_MAX, AuthSessionRow, LearnerRow
from trainer.teacher import check_password, format_code, new_code, normalize_code

LEARNER_SESSION = "learner"
TEACHER_SESSION = "teacher"
LEARNER_LIFETIME = timedelta(days=30)
"""A learner stays signed in on a device for a month after the last use (until they sign out)."""
TEACHER_LIFETIME = timedelta(days=7)
"""A teacher's session is shorter: a class's data is more than one learner's."""
RENEW_AFTER = timedelta(days=1)
"""A session is extended to a full lifetime again at most once a day."""
ACCOUNT_KEY_LENGTH = 12
"""A generated personal key: 12 letters/digits from the join-code alphabet (31**12 ≈ 7.9e17), shown as
three groups of four."""
TOKEN_BYTES = 32
_SIGN_UP_LOCK_KEY = 0x5CA7_ACC7
"""PostgreSQL advisory lock held while a new name is checked and taken (SQLite's write lock does it)."""
ACCOUNT = "account"
"""Scope of wrong account sign-ins in the guessing log (next to the class scopes of
:mod:`trainer.store.classes`)."""


@dataclass(frozen=True)
class Account:
    """A learner account: the progress store's learner id and the display name."""

    id: int
    name: str
    created_at: datetime


@dataclass(frozen=True)
class SignedUp:
    """A new account and, when the app generated the secret, the personal key to show once."""

    account: Account
    personal_key: str | None


@dataclass(frozen=True)
class NewSession:
    """A session just started: the token goes to the browser (and nowhere else)."""

    token: str
    expires_at: datetime


@dataclass(frozen=True)
class SignedIn:
    """Whom a valid session token stands for: a learner (``learner_id``) or a teacher (``learner_id``, the
    teacher's account) working with a class (``class_id``)."""

    kind: str
    learner_id: int | None
    class_id: int | None
    expires_at: datetime


def token_hash(token: str) -> str:
    """What the store keeps of a session token: its SHA-256 in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def account_name(display_name: str) -> tuple[str, str]:
    """(display name, folded key) of an account name: extra spaces dropped, case folded for the key.
    Names with control characters are refused, so a name always reads as what it is."""
    name = names.checked(display_name, NAME_MAX)
    if any(not ch.isprintable() for ch in name):
        raise StoreError.of(N_("A name may not contain control characters."))
    return name, fold_name(name)


def fold_name(display_name: str) -> str:
    """The key a name is looked up and counted under: extra spaces dropped, case folded."""
    return fold(display_name)


def name_skeleton(display_name: str) -> str:
    """How a name looks (:func:`trainer.names.skeleton`), as the store keeps it: a name whose skeleton
    an account already has is not free."""
    return skeleton(display_name)[:SKELETON_MAX]


@dataclass(frozen=True)
class GuessedName:
    """A class member whose name is being guessed: wrong sign-ins (password, personal key) since the
    last right one within the log's keep period, the latest of them, and the wait they now cost."""

    member_id: int
    learner_id: int
    name: str
    failures: int
    last_at: datetime
    wait: timedelta


def _account(row: LearnerRow) -> Account:
    return Account(id=row.id, name=row.name, created_at=row.created_at)


class AccountStore(SessionsOnEngine):
    """Accounts and sessions on top of a :class:`~trainer.store.classes.ClassStore` (same database, same
    argon2 hasher and the same guessing limits)."""

    def __init__(self, classes: ClassStore) -> None:
        self.classes = classes
        self.store = classes.store
        self.engine = classes.engine
        self.hasher = classes.hasher

    # ---- accounts ---------------------------------------------------------------------------------
    def sign_up(
        self, display_name: str, password: str | None = None, *, client: str, at: datetime | None = None
    ) -> SignedUp:
        """A new account under a name nobody uses yet. With ``password`` None the app makes a personal
        key (returned once, in groups of four for reading); otherwise the password must have at least
        8 characters. (``client`` is kept for symmetry with :meth:`sign_in`; a sign-up guesses nothing,
        and a classroom behind one address signs up together, so it is not limited.)"""
        name, key = account_name(display_name)
        personal_key = format_code(new_code(ACCOUNT_KEY_LENGTH)) if password is None else None
        secret = normalize_code(personal_key) if personal_key is not None else check_password(password or "")
        when = as_utc(at)
        secret_hash = self.hasher.hash(secret)
        taken = StoreError.of(N_("That name is taken. If it is yours, sign in; otherwise pick another name."))
        alike_taken = StoreError.of(N_("That name looks just like one that is taken; please pick another."))
        looks = name_skeleton(name)
        try:
            with self._write() as session:
                if session.get_bind().dialect.name == "postgresql":  # two look-alikes signing up at once
                    session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _SIGN_UP_LOCK_KEY})
                if session.scalar(select(LearnerRow.id).where(LearnerRow.name_key == key)) is not None:
                    raise taken
                alike = select(LearnerRow.id).where(LearnerRow.name_skeleton == looks)
                if session.scalar(alike) is not None:
                    raise alike_taken
                row = LearnerRow(
                    name=name, name_key=key, name_skeleton=looks, created_at=when, secret_hash=secret_hash
                )
                session.add(row)
                session.flush()
                account = _account(row)
        except IntegrityError:
            raise taken from None
        return SignedUp(account, personal_key)

    def sign_in(self, display_name: str, secret: str, *, client: str, at: datetime | None = None) -> Account:
        """The account with this name and password or personal key (a key may be typed in any case, with
        or without its dashes). Wrong guesses count against the name and the client: after a few, a try
        that comes within seconds of the last wrong one raises :class:`~trainer.errors.TooManyAttemptsError`
        unchecked (even with the right secret); nobody is locked out for longer."""
        _, key = account_name(display_name)
        when = as_utc(at)
        attempt = self.classes.start_attempt(ACCOUNT, key, client, when)
        with self._read() as session:
            row = session.scalars(select(LearnerRow).where(LearnerRow.name_key == key)).one_or_none()
            found = (_account(row), row.secret_hash) if row is not None else None
        refused = ClassAccessError.of(N_("That name and password or key do not match an account."))
        if found is None:
            raise refused
        account, stored = found
        if stored is None:
            raise refused
        candidates = [secret]
        as_key = normalize_code(secret)
        if as_key != secret and len(as_key) == ACCOUNT_KEY_LENGTH:
            candidates.append(as_key)
        if not any(self.classes.verify(stored, candidate) for candidate in candidates):
            raise refused
        self.classes.attempt_succeeded(attempt)
        return account

    def account(self, learner_id: int) -> Account:
        """The account with this learner id (an error when it is none: a learner without a secret)."""
        with self._read() as session:
            row = session.get(LearnerRow, learner_id)
            if row is None or row.secret_hash is None:
                raise StoreError(f"There is no account with id {learner_id}.")
            return _account(row)

    def learner_name(self, learner_id: int) -> str:
        """The display name of a learner the session stands for (an account or a class member of old)."""
        return self.store.get_learner(learner_id).name

    # ---- guessing ---------------------------------------------------------------------------------
    def _subjects(self, member: Member) -> list[tuple[str, str]]:
        """The guessing-log subjects of a member: the account's name and the class's code with the
        member's name (a personal key to come back with)."""
        key = fold_name(self.learner_name(member.learner_id))
        return [(ACCOUNT, key), *self.classes.member_subjects(member.id)]

    def guessed_names(self, class_id: int, at: datetime | None = None) -> list[GuessedName]:
        """The class's members whose name has had at least as many wrong sign-ins as are free (so each
        try at it now waits), most recent first: what the teacher sees to notice that a name is being
        guessed. Only for that class's teacher (the caller holds the class id from a teacher login)."""
        policy = self.classes.policy
        found = []
        for member in self.classes.members(class_id):
            tries = self.classes.recent_failures(self._subjects(member), at).values()
            failures = sum(count for count, _ in tries)
            if failures >= policy.free_per_subject:
                last = max(latest for _, latest in tries)
                wait = policy.subject_delay(failures)
                found.append(GuessedName(member.id, member.learner_id, member.name, failures, last, wait))
        return sorted(found, key=lambda g: g.last_at, reverse=True)

    def clear_guesses(self, class_id: int, member_id: int) -> int:
        """The teacher of ``class_id`` clears the wrong sign-ins at a member's name: the delay is gone."""
        member = self.classes.get_member(member_id)
        if member.class_id != class_id:
            raise ClassAccessError.of(N_("That learner is not in your class."))
        return self.classes.clear_failures(self._subjects(member))

    # ---- classes ----------------------------------------------------------------------------------
    def join_class(
        self, learner_id: int, join_code: str, *, client: str, at: datetime | None = None
    ) -> Member:
        """Join a class with the signed-in account (under the account's name). A learner is in one class;
        joining the class again is harmless (the same membership comes back)."""
        account = self.account(learner_id)
        _, name_key = account_name(account.name)
        code = normalize_code(join_code)
        when = as_utc(at)
        attempt = self.classes.start_attempt(JOIN, code, client, when)
        with self._read() as session:
            class_id = session.scalar(
                select(ClassRow.id).where(ClassRow.join_code == code, ClassRow.archived_at.is_(None))
            )
        if class_id is None:
            raise ClassAccessError.of(N_("There is no class with that join code."))
        self.classes.attempt_succeeded(attempt)
        try:
            with self._write() as session:
                existing = session.scalars(
                    select(ClassMemberRow).where(ClassMemberRow.learner_id == learner_id)
                ).one_or_none()
                if existing is not None:
                    if existing.class_id == class_id:
                        return member_from_row(existing)
                    raise StoreError.of(N_("You are already in another class. Leave it first on this page."))
                if look_alike_member(session, class_id, account.name):
                    raise StoreError.of(
                        N_("Someone in this class already uses a name that looks just like yours.")
                    )
                member = ClassMemberRow(
                    class_id=class_id,
                    learner_id=learner_id,
                    display_name=account.name,
                    name_key=name_key,
                    key_hash="",
                    joined_at=when,
                )
                session.add(member)
                session.flush()
                return member_from_row(member)
        except IntegrityError:
            raise StoreError.of(
                N_("Someone in this class already uses that name; pick another name.")
            ) from None

    def member_of(self, learner_id: int) -> Member | None:
        """The class membership of this learner, if any."""
        with self._read() as session:
            row = session.scalars(
                select(ClassMemberRow).where(ClassMemberRow.learner_id == learner_id)
            ).one_or_none()
            return member_from_row(row) if row is not None else None

    # ---- sessions ---------------------------------------------------------------------------------
    def _start(
        self, kind: str, learner_id: int | None, class_id: int | None, at: datetime | None
    ) -> NewSession:
        when = as_utc(at)
        lifetime = LEARNER_LIFETIME if kind == LEARNER_SESSION else TEACHER_LIFETIME
        token = secrets.token_urlsafe(TOKEN_BYTES)
        with self._write() as session:
            session.execute(delete(AuthSessionRow).where(AuthSessionRow.expires_at <= when))
            session.add(
                AuthSessionRow(
                    token_hash=token_hash(token),
                    kind=kind,
                    learner_id=learner_id,
                    class_id=class_id,
                    created_at=when,
                    last_used_at=when,
                    expires_at=when + lifetime,
                )
            )
        return NewSession(token, when + lifetime)

    def start_learner_session(self, learner_id: int, at: datetime | None = None) -> NewSession:
        """A session for a learner who has just proved who they are (sign-up, sign-in, a class rejoin)."""
        with self._read() as session:
            existing(session, LearnerRow, learner_id, "learner")
        return self._start(LEARNER_SESSION, learner_id, None, at)

    def start_teacher_session(self, class_id: int, learner_id: int, at: datetime | None = None) -> NewSession:
        """A session for a teacher (an account that teaches the class) working with one class: the class
        the teacher pages and the projector in a second window show."""
        if self.classes.teacher_role(class_id, learner_id) is None:
            raise ClassAccessError.of(N_("You do not teach that class."))
        return self._start(TEACHER_SESSION, learner_id, class_id, at)

    def session(self, token: str, at: datetime | None = None) -> SignedIn | None:
        """Whom this token signs in, or None when it is unknown, signed out or expired (an expired
        session is deleted). A valid session is extended when it was last renewed over a day ago."""
        if not token or len(token) > 256:
            return None
        when = as_utc(at)
        digest = token_hash(token)
        with self._read() as session:
            row = session.scalars(
                select(AuthSessionRow).where(AuthSessionRow.token_hash == digest)
            ).one_or_none()
            if row is None:
                return None
            found = SignedIn(row.kind, row.learner_id, row.class_id, row.expires_at)
            last_used = row.last_used_at
        if found.expires_at <= when:
            self.end_session(token)
            return None
        if when - last_used >= RENEW_AFTER:
            lifetime = LEARNER_LIFETIME if found.kind == LEARNER_SESSION else TEACHER_LIFETIME
            with self._write() as session:
                session.execute(
                    update(AuthSessionRow)
                    .where(AuthSessionRow.token_hash == digest)
                    .values(last_used_at=when, expires_at=when + lifetime)
                )
            found = SignedIn(found.kind, found.learner_id, found.class_id, when + lifetime)
        return found

    def end_session(self, token: str) -> None:
        """Sign out: the token stops working in every tab and window at once."""
        with self._write() as session:
            session.execute(delete(AuthSessionRow).where(AuthSessionRow.token_hash == token_hash(token)))

    def end_all_sessions(self, *, learner_id: int | None = None, class_id: int | None = None) -> int:
        """Sign a learner (or a class's teacher) out on every device. Returns how many sessions ended."""
        if (learner_id is None) == (class_id is None):
            raise StoreError("Say whose sessions to end: a learner or a class.")
        with self._write() as session:
            column = AuthSessionRow.learner_id if learner_id is not None else AuthSessionRow.class_id
            result = session.execute(delete(AuthSessionRow).where(column == (learner_id or class_id)))
            return int(getattr(result, "rowcount", 0) or 0)
