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
