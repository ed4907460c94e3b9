"""Schema migrations: from empty to head, idempotent, reversible, and in step with the ORM models."""

from __future__ import annotations

from datetime import UTC, datetime

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from trainer.store import Store, make_engine, migrate
from trainer.store.db import alembic_config, current_revision
from trainer.store.models import Base

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
TABLES = {"learners", "attempts", "review_cards", "lesson_progress", "alembic_version"}


def _head() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def test_upgrade_from_empty_creates_every_table(db_url: str) -> None:
    engine = make_engine(db_url)
    try:
        assert current_revision(engine) is None
        assert set(inspect(engine).get_table_names()) == set()
        migrate(engine)
        assert current_revision(engine) == _head()
        assert set(inspect(engine).get_table_names()) >= TABLES
    finally:
        engine.dispose()


def test_migrating_twice_is_harmless_and_keeps_data(db_url: str) -> None:
    store = Store(db_url)
    learner = store.get_or_create_learner("Bodil")
    store.record_attempt(learner.id, "bid_ladder", True, "18", "18", "international", at=T0)
    migrate(store.engine)
    migrate(store.engine)
    assert current_revision(store.engine) == _head()
    assert store.attempt_count(learner.id) == 1
    store.dispose()


def test_models_match_the_migrated_schema(store: Store) -> None:
    """Autogenerate finds nothing to add: the migration and the ORM models describe the same schema."""
    with store.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        assert compare_metadata(context, Base.metadata) == []


def test_downgrade_to_empty_and_back(db_url: str) -> None:
    from alembic import command

    engine = make_engine(db_url)
    try:
        migrate(engine)
        with engine.begin() as conn:
            command.downgrade(alembic_config(conn), "base")
        assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
        assert current_revision(engine) is None
        migrate(engine)
        assert current_revision(engine) == _head()
    finally:
        engine.dispose()


def test_0006_marks_table_evenings_and_drops_owners_they_picked_up(db_url: str) -> None:
    """Before 0006 the Play page handed an ownerless evening (a shared table's deals) to the first
    signed-in learner who opened its URL; the upgrade marks every table's evening as one and takes such
    an owner away, and leaves the learners' own Play evenings as they were."""
    from sqlalchemy import text

    engine = make_engine(db_url)
    try:
        migrate(engine, "0005")
        with engine.begin() as conn:
            conn.execute(
                text("INSERT INTO learners (id, name, name_key, created_at) VALUES (1, 'Eve', 'eve', :t)"),
                {"t": T0},
            )
            for id_, token, learner in ((1, "tableABCDEFGHJ", 1), (2, "abc123", 1), (3, "anon1", None)):
                conn.execute(
                    text(
                        "INSERT INTO play_evenings (id, token, learner_id, profile_name, scheme, level, "
                        "coach, created_at) VALUES (:id, :token, :learner, 'danish', 'list', 'club', "
                        "'beginner', :t)"
                    ),
                    {"id": id_, "token": token, "learner": learner, "t": T0},
                )
            conn.execute(
                text(
                    "INSERT INTO shared_tables (id, code, evening_id, host_learner_id, profile_name, scheme, "
                    "deals_planned, bot_level, idle_seconds, created_at) VALUES (1, 'ABCDEFGHJ', 1, NULL, "
                    "'danish', 'list', 3, 'club', 60, :t)"
                ),
                {"t": T0},
            )
        migrate(engine)
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT id, kind, learner_id FROM play_evenings ORDER BY id")).all()
        assert [tuple(row) for row in rows] == [(1, "table", None), (2, "play", 1), (3, "play", None)]
    finally:
        engine.dispose()
