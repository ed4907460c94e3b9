"""Migration 0002 only adds teacher-mode tables: a database at 0001 with progress in it upgrades without
losing anything, and going back to 0001 removes exactly the new tables."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from alembic import command
from sqlalchemy import inspect

from tests.sql_rows import insert_row, old_attempt
from trainer.store import Store, make_engine, migrate
from trainer.store.db import alembic_config, current_revision

T0 = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)
PROGRESS_TABLES = {"learners", "attempts", "review_cards", "lesson_progress"}
CLASS_TABLES = {
    "classes",
    "class_members",
    "assignments",
    "assignment_marks",
    "access_attempts",
    "class_polls",
    "poll_answers",
}


def test_upgrade_from_0001_keeps_progress_and_downgrade_removes_only_class_tables(db_url: str) -> None:
    engine = make_engine(db_url)
    try:
        migrate(engine, "0001")
        assert set(inspect(engine).get_table_names()) == PROGRESS_TABLES | {"alembic_version"}
        # Written with plain SQL: the ORM models describe the newest schema, not 0001's.
        with engine.begin() as conn:
            anna = insert_row(
                conn, "learners", name="Anna", name_key="anna", created_at=T0.replace(tzinfo=None)
            )
            old_attempt(conn, anna, T0.replace(tzinfo=None))

        migrate(engine)
        assert current_revision(engine) not in (None, "0001")
        assert set(inspect(engine).get_table_names()) >= PROGRESS_TABLES | CLASS_TABLES | {"alembic_version"}
        store = Store(db_url)
        assert store.attempt_count(anna) == 1
        store.dispose()

        with engine.begin() as conn:
            command.downgrade(alembic_config(conn), "0001")
        engine.dispose()
        assert set(inspect(engine).get_table_names()) == PROGRESS_TABLES | {"alembic_version"}
        assert current_revision(engine) == "0001"
    finally:
        engine.dispose()


def test_a_class_of_old_survives_0008_without_an_owner_until_claimed(db_url: str) -> None:
    """Upgrading from 0007: the class, its members and their drill answers stay; the class has no owner
    until its teacher claims it with the old code and password; the drill's answers count as its work."""
    from trainer.store.accounts import AccountStore
    from trainer.store.classes import ClassStore

    from .conftest import CHEAP_HASHER

    engine = make_engine(db_url)
    try:
        migrate(engine, "0007")
        naive = T0.replace(tzinfo=None)
        hashed = CHEAP_HASHER.hash("old class password")
        with engine.begin() as conn:
            class_id = insert_row(
                conn, "classes", name="6C", join_code="ABCDEFGH", password_hash=hashed, created_at=naive
            )
            learner = insert_row(conn, "learners", name="Anna", name_key=" class x", created_at=naive)
            member = insert_row(
                conn,
                "class_members",
                class_id=class_id,
                learner_id=learner,
                display_name="Anna",
                name_key="anna",
                key_hash="",
                joined_at=naive,
            )
            drill = insert_row(
                conn,
                "assignments",
                class_id=class_id,
                kind="drill",
                target="matadors",
                count=3,
                profile_name="danish",
                created_at=naive,
            )
            old_attempt(conn, learner, (T0 + timedelta(minutes=1)).replace(tzinfo=None))
        migrate(engine)
        store = Store(db_url)
        try:
            accounts = AccountStore(ClassStore(store, hasher=CHEAP_HASHER))
            classes = accounts.classes
            assert classes.get_class(class_id).has_password
            assert classes.teachers(class_id) == []
            assert [m.name for m in classes.members(class_id)] == ["Anna"]
            assert classes.progress_grid(class_id).cell(member, drill).progress == 1
            teacher = accounts.sign_up("Mrs Berg", "teacher's pass", client="c").account.id
            classes.claim_class(teacher, "ABCD-EFGH", "old class password", client="c")
            assert [c.school_class.id for c in classes.classes_of(teacher)] == [class_id]
        finally:
            store.dispose()
    finally:
        engine.dispose()
