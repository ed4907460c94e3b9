"""Which database the store uses, how SQLite is set up for concurrent writers, and the Alembic CLI path."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import inspect

import trainer.store.db as db
from trainer.errors import StoreError
from trainer.store import ENV_DB_URL, Store, database_url, default_sqlite_path, make_engine


def test_url_comes_from_the_argument_then_the_environment_then_the_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(ENV_DB_URL, "postgresql+psycopg://someone@db.example/skat")
    assert database_url("sqlite:///given.sqlite") == "sqlite:///given.sqlite"
    assert database_url() == "postgresql+psycopg://someone@db.example/skat"
    monkeypatch.delenv(ENV_DB_URL)
    default = default_sqlite_path()
    assert default.name == "skat-trainer.sqlite" and default.parent.name == "data"
    assert (default.parent.parent / "trainer" / "store").is_dir()  # <repo>/data, next to the package
    assert database_url() == f"sqlite:///{default}"


def test_other_databases_are_refused_clearly() -> None:
    with pytest.raises(StoreError, match="SQLite or PostgreSQL"):
        make_engine("mysql://someone@db.example/skat")


def test_default_file_folder_is_created(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    target = tmp_path / "nested" / "data" / "skat-trainer.sqlite"
    monkeypatch.delenv(ENV_DB_URL, raising=False)
    monkeypatch.setattr(db, "default_sqlite_path", lambda: target)
    store = Store()
    try:
        assert target.parent.is_dir()
        store.get_or_create_learner("Default File")
        assert target.exists()
    finally:
        store.dispose()


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'wal.sqlite'}")
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 5_000
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    finally:
        engine.dispose()


def test_in_memory_sqlite_keeps_one_database(tmp_path: Path) -> None:
    store = Store("sqlite:///:memory:")
    try:
        learner = store.get_or_create_learner("Memory")
        assert store.get_learner(learner.id) == learner
    finally:
        store.dispose()


def test_alembic_cli_configuration_migrates_the_configured_database(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``alembic -c trainer/store/alembic.ini upgrade head`` reads the URL from the environment."""
    path = tmp_path / "cli.sqlite"
    monkeypatch.setenv(ENV_DB_URL, f"sqlite:///{path}")
    ini = Path(db.__file__).with_name("alembic.ini")
    command.upgrade(Config(str(ini)), "head")
    engine = make_engine(f"sqlite:///{path}")
    try:
        assert {"learners", "attempts", "review_cards", "lesson_progress"} <= set(
            inspect(engine).get_table_names()
        )
    finally:
        engine.dispose()
