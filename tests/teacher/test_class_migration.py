"""Migration 0002 only adds teacher-mode tables: a database at 0001 with progress in it upgrades without
losing anything, and going back to 0001 removes exactly the new tables."""

from __future__ import annotations

from datetime import UTC, datetime

from alembic import command
from sqlalchemy import inspect, text

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
            anna = conn.execute(
                text(
                    "INSERT INTO learners (name, name_key, created_at)"
                    " VALUES ('Anna', 'anna', :at) RETURNING id"
                ),
                {"at": T0.replace(tzinfo=None)},
            ).scalar_one()
            conn.execute(
                text(
                    "INSERT INTO attempts (learner_id, question_type, profile_name, correct, answer,"
                    " expected, rating, at)"
                    " VALUES (:id, 'matadors', 'danish', true, 'with 2', 'with 2', 3, :at)"
                ),
                {"id": anna, "at": T0.replace(tzinfo=None)},
            )

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
