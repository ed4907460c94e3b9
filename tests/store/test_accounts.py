"""Learner accounts and sign-in sessions in the store: who a token stands for, and every way in that must be
refused (a name alone, another learner's id, a signed-out, expired or made-up token, a teacher token used
for another class). Runs on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from alembic import command
from argon2 import PasswordHasher
from sqlalchemy import select, text

from tests.sql_rows import insert_row, old_attempt
from trainer.errors import ClassAccessError, StoreError, TooManyAttemptsError
from trainer.store import Store, migrate
from trainer.store.accounts import (
    LEARNER_LIFETIME,
    LEARNER_SESSION,
    RENEW_AFTER,
    TEACHER_SESSION,
    AccountStore,
    token_hash,
)
from trainer.store.classes import ClassStore
from trainer.store.db import alembic_config, make_engine, read_session
from trainer.store.models import AuthSessionRow

CHEAP_HASHER = PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
"""Real argon2id with tiny costs, so the tests stay quick (the app uses the class store's default)."""

T0 = datetime(2026, 9, 1, 8, 0, tzinfo=UTC)
CLIENT = "client-hash"


@pytest.fixture
def accounts(store: Store) -> AccountStore:
    return AccountStore(ClassStore(store, hasher=CHEAP_HASHER))


def test_a_password_account_signs_in_with_its_password_only(accounts: AccountStore) -> None:
    made = accounts.sign_up("Nina  Newcomer", "correct horse", client=CLIENT, at=T0)
    assert made.personal_key is None and made.account.name == "Nina Newcomer"
    assert accounts.sign_in("nina newcomer", "correct horse", client=CLIENT, at=T0) == made.account
    for name, secret in (("Nina Newcomer", "wrong horse"), ("Nobody", "correct horse")):
        with pytest.raises(ClassAccessError, match="do not match an account"):
            accounts.sign_in(name, secret, client=CLIENT, at=T0)


def test_a_generated_key_is_shown_once_and_may_be_typed_loosely(accounts: AccountStore) -> None:
    made = accounts.sign_up("Otto", client=CLIENT, at=T0)
    key = made.personal_key
    assert key is not None and len(key) == 14 and key.count("-") == 2
    for typed in (key, key.lower(), key.replace("-", ""), " ".join(key.split("-"))):
        assert accounts.sign_in("Otto", typed, client=CLIENT, at=T0).id == made.account.id
    with read_session(accounts.engine) as session:
        stored = session.scalar(
            text("SELECT secret_hash FROM learners WHERE id = :id"), {"id": made.account.id}
        )
    assert stored.startswith("$argon2id$") and key.replace("-", "") not in stored


def test_names_are_unique_in_the_store(accounts: AccountStore) -> None:
    accounts.sign_up("Anna", "password 1", client=CLIENT, at=T0)
    for same in ("anna", " ANNA ", "Anna"):
        with pytest.raises(StoreError, match="taken"):
            accounts.sign_up(same, "password 2", client=CLIENT, at=T0)


@pytest.mark.parametrize(
    ("name", "password", "message"),
    [
        ("", "long enough", "give a name"),
        ("x" * 41, "long enough", "at most 40"),
        ("Bad\x00Name", "long enough", "control characters"),
        ("Short", "1234567", "at least 8"),
    ],
)
def test_bad_sign_ups_are_refused(accounts: AccountStore, name: str, password: str, message: str) -> None:
    with pytest.raises(StoreError, match=message):
        accounts.sign_up(name, password, client=CLIENT, at=T0)


def test_an_account_is_not_reached_by_its_name_alone(accounts: AccountStore, store: Store) -> None:
    accounts.sign_up("Nina", "secret pass", client=CLIENT, at=T0)
    with pytest.raises(StoreError, match="belongs to an account"):
        store.get_or_create_learner("nina")


def test_a_learner_without_a_secret_cannot_be_signed_in_to(accounts: AccountStore, store: Store) -> None:
    old = store.get_or_create_learner("Legacy")
    with pytest.raises(ClassAccessError):
        accounts.sign_in("Legacy", "", client=CLIENT, at=T0)
    with pytest.raises(StoreError, match="no account"):
        accounts.account(old.id)


def test_a_classmate_guessing_never_locks_the_owner_out(accounts: AccountStore) -> None:
    """Issue 19: five wrong secrets used to refuse even the right password for 15 minutes. Now a classmate
    behind the same router may guess Nina's name fifty times in a row; each of their tries waits longer,
    up to a few seconds, and Nina, from the same address, is in as soon as that wait is over."""
    policy = accounts.classes.policy
    accounts.sign_up("Nina", "nina's own password", client=CLIENT, at=T0)
    when, checked, refused = T0, 0, 0
    while checked < 50:
        try:
            accounts.sign_in("Nina", f"guess {checked}", client=CLIENT, at=when)
        except TooManyAttemptsError as early:
            refused += 1
            assert early.retry_after <= policy.max_delay
            when += early.retry_after
        except ClassAccessError:
            checked += 1
    assert refused >= 50 - policy.free_per_subject  # every guess after the free ones had to wait
    with pytest.raises(TooManyAttemptsError) as wait:  # right after a wrong guess: a few seconds
        accounts.sign_in("Nina", "nina's own password", client=CLIENT, at=when)
    assert wait.value.retry_after <= policy.max_delay
    assert "second" in str(wait.value)
    assert accounts.sign_in("Nina", "nina's own password", client=CLIENT, at=when + policy.max_delay)
    # the right sign-in starts the count again: the next typo costs nothing
    with pytest.raises(ClassAccessError) as typo:
        accounts.sign_in("Nina", "typo", client=CLIENT, at=when + policy.max_delay * 2)
    assert not isinstance(typo.value, TooManyAttemptsError)


def test_the_delay_grows_with_each_wrong_try_and_stops_at_seconds(accounts: AccountStore) -> None:
    policy = accounts.classes.policy
    accounts.sign_up("Bo", "bo's long password", client=CLIENT, at=T0)
    when = T0
    waits = []
    for i in range(policy.free_per_subject + 6):
        waits.append(policy.subject_delay(i))
        when += policy.subject_delay(i)
        with pytest.raises(ClassAccessError) as wrong:
            accounts.sign_in("Bo", f"guess {i}", client=f"c{i}", at=when)  # any address
        assert not isinstance(wrong.value, TooManyAttemptsError)
        wait = policy.subject_delay(i + 1)
        if wait:  # a moment too early: refused, not checked (the right password too)
            with pytest.raises(TooManyAttemptsError):
                accounts.sign_in("Bo", "bo's long password", client=CLIENT, at=when + wait / 2)
    free = policy.free_per_subject
    assert waits[:free] == [timedelta(0)] * free
    assert waits[free : free + 4] == [policy.first_delay * 2**k for k in range(4)]
    assert max(waits) == policy.max_delay <= timedelta(seconds=10)


def test_a_classroom_behind_one_address_signs_in_despite_mistakes(accounts: AccountStore) -> None:
    """Thirty learners, one school address, each mistyping three times: nobody waits."""
    for n in range(30):
        accounts.sign_up(f"Pupil {n}", f"password of pupil {n}", client=CLIENT, at=T0)
    when = T0
    for n in range(30):
        for typo in range(3):
            with pytest.raises(ClassAccessError) as wrong:
                accounts.sign_in(f"Pupil {n}", f"typo {typo}", client="school", at=when)
            assert not isinstance(wrong.value, TooManyAttemptsError)
            when += timedelta(seconds=1)
        assert accounts.sign_in(f"Pupil {n}", f"password of pupil {n}", client="school", at=when)


def test_one_address_guessing_many_names_is_slowed(accounts: AccountStore) -> None:
    policy = accounts.classes.policy
    for n in range(policy.free_per_client):
        with pytest.raises(ClassAccessError) as wrong:
            accounts.sign_in(f"Nobody {n}", "guess", client="sprayer", at=T0)
        assert not isinstance(wrong.value, TooManyAttemptsError)
    with pytest.raises(TooManyAttemptsError) as early:
        accounts.sign_in("Nobody else", "guess", client="sprayer", at=T0)
    assert early.value.retry_after == policy.client_delay
    accounts.sign_up("Ida", "ida's long password", client=CLIENT, at=T0)
    assert accounts.sign_in("Ida", "ida's long password", client="elsewhere", at=T0)  # other addresses
    assert accounts.sign_in("Ida", "ida's long password", client="sprayer", at=T0 + policy.client_delay)


def test_a_guesser_gets_few_tries_an_hour(accounts: AccountStore) -> None:
    """A guesser firing every half second at one name for a quarter of an hour gets no more tries checked
    than the policy's hourly figure allows pro rata (``AccessPolicy.most_per_hour``, quoted in
    docs/security.md)."""
    policy = accounts.classes.policy
    per_subject, per_client = policy.most_per_hour()
    assert (per_subject, per_client) == (455, 3699)  # the figures docs/security.md works with
    checked = 0
    minutes = 15
    for step in range(minutes * 60 * 2):
        try:
            accounts.classes.start_attempt(
                "account", "target", f"bot-{step % 50}", T0 + timedelta(seconds=step / 2)
            )
        except TooManyAttemptsError:
            continue
        checked += 1
    assert checked == policy._most_in(timedelta(minutes=minutes), policy.subject_delay)
    assert checked <= per_subject * minutes / 60 + policy.free_per_subject + 3  # the ramp: 1, 2, 4 s


def test_the_teacher_sees_a_name_being_guessed_and_clears_it(accounts: AccountStore) -> None:
    classes = accounts.classes
    made = classes.create_class("7B", "teacher's password", at=T0)
    nina = accounts.sign_up("Nina", "nina's own password", client=CLIENT, at=T0).account
    bo = accounts.sign_up("Bo", "bo's long password", client=CLIENT, at=T0).account
    member = accounts.join_class(nina.id, made.join_code, client=CLIENT, at=T0)
    accounts.join_class(bo.id, made.join_code, client=CLIENT, at=T0)
    with pytest.raises(ClassAccessError):
        accounts.sign_in("Bo", "one typo", client=CLIENT, at=T0)  # one typo is no trouble
    when = T0
    for i in range(6):
        when += classes.policy.subject_delay(i)
        with pytest.raises(ClassAccessError):
            accounts.sign_in("NINA ", f"guess {i}", client="eve", at=when)
    (seen,) = accounts.guessed_names(made.id, at=when)
    assert (seen.member_id, seen.name, seen.failures, seen.last_at) == (member.id, "Nina", 6, when)
    assert seen.wait == classes.policy.subject_delay(6) > timedelta(0)
    other = classes.create_class("7C", "teacher's password", at=T0)
    with pytest.raises(ClassAccessError):  # another class's teacher cannot clear it
        accounts.clear_guesses(other.id, member.id)
    assert accounts.clear_guesses(made.id, member.id) == 6
    assert accounts.guessed_names(made.id, at=when) == []
    assert accounts.sign_in("Nina", "nina's own password", client=CLIENT, at=when)  # no wait left


def test_a_session_token_stands_for_its_learner_only(accounts: AccountStore) -> None:
    nina = accounts.sign_up("Nina", "nina's pass", client=CLIENT, at=T0).account
    otto = accounts.sign_up("Otto", "otto's pass", client=CLIENT, at=T0).account
    nina_token = accounts.start_learner_session(nina.id, at=T0).token
    otto_token = accounts.start_learner_session(otto.id, at=T0).token
    nina_in = accounts.session(nina_token, at=T0)
    assert nina_in is not None and nina_in.kind == LEARNER_SESSION and nina_in.learner_id == nina.id
    assert nina_in.class_id is None
    found = accounts.session(otto_token, at=T0)
    assert found is not None and found.learner_id == otto.id
    for made_up in ("", "x", nina_token[:-1], nina_token + "x", token_hash(nina_token), "a" * 1000):
        assert accounts.session(made_up, at=T0) is None


def test_the_store_keeps_only_a_hash_of_the_token(accounts: AccountStore) -> None:
    nina = accounts.sign_up("Nina", "nina's pass", client=CLIENT, at=T0).account
    token = accounts.start_learner_session(nina.id, at=T0).token
    with read_session(accounts.engine) as session:
        rows = [tuple(r) for r in session.execute(select(AuthSessionRow.__table__))]
    assert len(rows) == 1 and token_hash(token) in rows[0]
    assert all(token not in str(value) for value in rows[0])


def test_signing_out_ends_the_session_everywhere(accounts: AccountStore) -> None:
    nina = accounts.sign_up("Nina", "nina's pass", client=CLIENT, at=T0).account
    phone = accounts.start_learner_session(nina.id, at=T0).token
    laptop = accounts.start_learner_session(nina.id, at=T0).token
    accounts.end_session(phone)
    assert accounts.session(phone, at=T0) is None
    assert accounts.session(laptop, at=T0) is not None
    assert accounts.end_all_sessions(learner_id=nina.id) == 1
    assert accounts.session(laptop, at=T0) is None


def test_sessions_expire_unless_used_and_renew_when_used(accounts: AccountStore) -> None:
    nina = accounts.sign_up("Nina", "nina's pass", client=CLIENT, at=T0).account
    unused = accounts.start_learner_session(nina.id, at=T0).token
    used = accounts.start_learner_session(nina.id, at=T0).token
    almost = T0 + LEARNER_LIFETIME - timedelta(hours=1)
    renewed = accounts.session(used, at=almost)
    assert renewed is not None and renewed.expires_at == almost + LEARNER_LIFETIME
    assert accounts.session(unused, at=T0 + LEARNER_LIFETIME) is None
    assert accounts.session(unused, at=T0) is None  # deleted, not just hidden
    same_day = accounts.session(used, at=almost + RENEW_AFTER / 2)
    assert same_day is not None and same_day.expires_at == almost + LEARNER_LIFETIME
    assert accounts.session(used, at=almost + LEARNER_LIFETIME + timedelta(seconds=1)) is None


def test_a_session_survives_a_restart(db_url: str) -> None:
    first = Store(db_url)
    accounts = AccountStore(ClassStore(first, hasher=CHEAP_HASHER))
    nina = accounts.sign_up("Nina", "nina's pass", client=CLIENT, at=T0).account
    token = accounts.start_learner_session(nina.id, at=T0).token
    first.dispose()
    second = Store(db_url)
    try:
        again = AccountStore(ClassStore(second, hasher=CHEAP_HASHER)).session(token, at=T0)
        assert again is not None and again.learner_id == nina.id
    finally:
        second.dispose()


def test_a_teacher_session_stands_for_its_class_only(accounts: AccountStore) -> None:
    classes = accounts.classes
    teacher = accounts.sign_up("Mrs Berg", "teacher pass", client=CLIENT, at=T0).account
    mine = classes.create_class("7B", at=T0, owner=teacher.id)
    other = classes.create_class("8A", at=T0, owner=teacher.id)
    stranger = classes.create_class("9C", "other pass", at=T0)
    with pytest.raises(ClassAccessError):  # an account gets a session only for a class it teaches
        accounts.start_teacher_session(stranger.id, teacher.id, at=T0)
    token = accounts.start_teacher_session(mine.id, teacher.id, at=T0).token
    found = accounts.session(token, at=T0)
    assert found is not None and found.kind == TEACHER_SESSION
    assert found.class_id == mine.id and found.learner_id == teacher.id
    accounts.end_all_sessions(class_id=other.id)
    assert accounts.session(token, at=T0) is not None
    assert accounts.end_all_sessions(class_id=mine.id) == 1
    assert accounts.session(token, at=T0) is None
    with pytest.raises(StoreError):
        accounts.end_all_sessions()


def test_joining_a_class_uses_the_account(accounts: AccountStore) -> None:
    classes = accounts.classes
    mine = classes.create_class("7B", "teacher pass", at=T0)
    other = classes.create_class("8A", "other pass", at=T0)
    nina = accounts.sign_up("Nina", "nina's pass", client=CLIENT, at=T0).account
    otto = accounts.sign_up("Otto", "otto's pass", client=CLIENT, at=T0).account
    stranger = accounts.sign_up("Stranger", "strange pass", client=CLIENT, at=T0).account
    member = accounts.join_class(nina.id, mine.join_code.lower(), client=CLIENT, at=T0)
    assert member.learner_id == nina.id and member.name == "Nina" and member.class_id == mine.id
    assert accounts.join_class(nina.id, mine.join_code, client=CLIENT, at=T0) == member
    assert accounts.member_of(nina.id) == member
    with pytest.raises(StoreError, match="another class"):
        accounts.join_class(nina.id, other.join_code, client=CLIENT, at=T0)
    accounts.join_class(stranger.id, other.join_code, client=CLIENT, at=T0)
    with pytest.raises(ClassAccessError, match="no class"):
        accounts.join_class(otto.id, "WRONGCODE", client=CLIENT, at=T0)
    assert accounts.member_of(otto.id) is None
    accounts.store.record_attempt(nina.id, "matadors", True, "with 2", "with 2", "danish", at=T0)
    accounts.store.record_attempt(stranger.id, "matadors", False, "with 1", "with 2", "danish", at=T0)
    # The teacher of 7B sees Nina (and her answer) and nobody of 8A.
    dash = classes.dashboard(mine.id, now=T0)
    assert [(lr.name, lr.attempts) for lr in dash.learners] == [("Nina", 1)]
    assert [m.name for m in classes.members(mine.id)] == ["Nina"]


def test_learners_from_before_accounts_are_moved_out_of_reach(db_url: str) -> None:
    """A name typed on the quiz page before accounts existed no longer opens that history, and the name
    is free for a real account, which starts empty."""
    engine = make_engine(db_url)
    try:
        migrate(engine, "0002")
        with engine.begin() as conn:
            naive = T0.replace(tzinfo=None)
            nina = insert_row(
                conn, "learners", name="Nina Newcomer", name_key="nina newcomer", created_at=naive
            )
            old_attempt(conn, nina, naive, answer="a")
        migrate(engine)
    finally:
        engine.dispose()
    store = Store(db_url)
    try:
        assert store.find_learner("Nina Newcomer") is None
        assert store.attempt_count(nina) == 1  # kept, but out of reach
        accounts = AccountStore(ClassStore(store, hasher=CHEAP_HASHER))
        made = accounts.sign_up("Nina Newcomer", "new password", client=CLIENT, at=T0)
        assert made.account.id != nina and store.attempt_count(made.account.id) == 0
    finally:
        store.dispose()


def test_downgrading_the_accounts_revision_keeps_earlier_data(db_url: str) -> None:
    store = Store(db_url)
    learner = store.get_or_create_learner("Bodil")
    store.record_attempt(learner.id, "bid_ladder", True, "18", "18", "international", at=T0)
    with store.engine.begin() as conn:
        command.downgrade(alembic_config(conn), "0002")
    store.dispose()
    engine = make_engine(db_url)
    try:
        with engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM attempts")).scalar_one() == 1
    finally:
        engine.dispose()


def test_upgrading_keeps_class_data(db_url: str) -> None:
    """No table is rebuilt on the way to accounts, so nothing that points at a table is cascaded away."""
    engine = make_engine(db_url)
    at = T0.replace(tzinfo=None)
    statements = (
        "INSERT INTO classes (id, name, join_code, password_hash, created_at)"
        " VALUES (1, '7B', 'ABCD', 'h', :at)",
        "INSERT INTO learners (id, name, name_key, created_at) VALUES (1, 'Mia', ' class 1 X', :at)",
        "INSERT INTO class_members (id, class_id, learner_id, display_name, name_key, key_hash, joined_at)"
        " VALUES (1, 1, 1, 'Mia', 'mia', 'h', :at)",
        "INSERT INTO assignments (id, class_id, kind, target, count, created_at)"
        " VALUES (1, 1, 'deal', 'd1', 1, :at)",
        "INSERT INTO assignment_marks (assignment_id, member_id, done_at) VALUES (1, 1, :at)",
        "INSERT INTO class_polls (id, class_id, question_type, seed, profile_name, opened_at)"
        " VALUES (1, 1, 'matadors', 7, 'danish', :at)",
        "INSERT INTO poll_answers (poll_id, member_id, answer, correct, at) VALUES (1, 1, 'a', true, :at)",
    )
    try:
        migrate(engine, "0002")
        with engine.begin() as conn:
            for statement in statements:
                conn.execute(text(statement), {"at": at})
        migrate(engine)
        with engine.connect() as conn:
            for table in ("class_members", "assignment_marks", "poll_answers"):
                assert conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one() == 1, table
            assert conn.execute(text("SELECT name_key FROM learners")).scalar_one() == " class 1 X"
    finally:
        engine.dispose()


# ---- look-alike names --------------------------------------------------------------------------------
LOOK_ALIKES_OF_NINA = (
    "\u039dina",  # Greek capital Nu
    "Nin\u0430",  # Cyrillic small a
    "\uff2e\uff49\uff4e\uff41",  # fullwidth
    "N\u0456na",  # Cyrillic small i
    "  \u039d\u0456n\u0430 ",  # all of it, and extra spaces
)


@pytest.mark.parametrize("alike", LOOK_ALIKES_OF_NINA)
def test_a_name_that_looks_like_a_classmates_is_not_free(accounts: AccountStore, alike: str) -> None:
    accounts.sign_up("Nina", "nina's own password", client=CLIENT, at=T0)
    with pytest.raises(StoreError, match="looks just like"):
        accounts.sign_up(alike, "a poser's password", client=CLIENT, at=T0)
    assert accounts.sign_up("Nína", "another nina's password", client=CLIENT, at=T0)  # looks different


def test_look_alike_accounts_from_before_keep_working(db_url: str) -> None:
    """Two accounts that look alike, made before migration 0006, both get the skeleton and both still sign
    in with their own secrets; a third look-alike is refused."""
    from trainer.names import skeleton

    engine = make_engine(db_url)
    try:
        migrate(engine, "0005")
        with engine.begin() as conn:
            for id_, name in ((1, "Nina"), (2, "\u039dina")):
                insert_row(
                    conn,
                    "learners",
                    id=id_,
                    name=name,
                    name_key=name.casefold(),
                    created_at=T0,
                    secret_hash=CHEAP_HASHER.hash(name * 3),
                )
        migrate(engine)
        with engine.connect() as conn:
            skeletons = conn.execute(text("SELECT name_skeleton FROM learners ORDER BY id")).scalars().all()
        assert skeletons == [skeleton("Nina"), skeleton("Nina")] == ["nina", "nina"]
    finally:
        engine.dispose()
    store = Store(db_url)
    try:
        accounts = AccountStore(ClassStore(store, hasher=CHEAP_HASHER))
        assert accounts.sign_in("Nina", "Nina" * 3, client=CLIENT, at=T0).id == 1
        assert accounts.sign_in("\u039dina", "\u039dina" * 3, client=CLIENT, at=T0).id == 2
        with pytest.raises(ClassAccessError):  # each name opens its own account only
            accounts.sign_in("Nina", "\u039dina" * 3, client=CLIENT, at=T0)
        with pytest.raises(StoreError, match="looks just like"):
            accounts.sign_up("Nin\u0430", "a poser's password", client=CLIENT, at=T0)
    finally:
        store.dispose()


def test_a_look_alike_cannot_join_a_classmates_class(accounts: AccountStore) -> None:
    """A member from before accounts is no account, so a look-alike account can be made; joining that
    member's class under it is refused (as is joining with a look-alike name the old way)."""
    classes = accounts.classes
    made = classes.create_class("7B", "teacher's password", at=T0)
    classes.join_class(made.join_code, "Bo", client=CLIENT, at=T0)
    poser = accounts.sign_up("\u0392o", "a poser's password", client=CLIENT, at=T0).account  # Greek Beta
    with pytest.raises(StoreError, match="looks just like"):
        accounts.join_class(poser.id, made.join_code, client=CLIENT, at=T0)
    with pytest.raises(StoreError, match="looks just like"):
        classes.join_class(made.join_code, "\u0412o", client=CLIENT, at=T0)  # Cyrillic Ve
    assert classes.join_class(made.join_code, "Bob", client=CLIENT, at=T0).member
