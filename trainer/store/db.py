"""Where the progress database lives, how to connect to it, and how its schema is brought up to date.

* URL: the ``SKAT_TRAINER_DB_URL`` environment variable (e.g. ``postgresql+psycopg://user@host/db``),
  else an SQLite file at ``<repo>/data/skat-trainer.sqlite``.
* SQLite runs in WAL mode with a busy timeout, and write transactions start with ``BEGIN IMMEDIATE``
  so two browser tabs (threads or processes) answering at the same moment queue up instead of failing
  or losing an update. SQLite sometimes answers ``SQLITE_BUSY`` at once instead of waiting (when waiting
  could deadlock: a reader asking to become a writer, e.g. while switching a new file to WAL); a busy
  ``BEGIN`` or connection set-up is therefore retried, with a growing random pause, until
  :data:`SQLITE_RETRY_S` has passed.
* The schema is created and upgraded by running the Alembic migrations (``upgrade head``) inside one
  transaction that holds the database's write lock, so it is idempotent. Two processes starting on a new
  SQLite file are serialised before they touch it at all, by a lock file next to the database
  (``<file>.migrate-lock``); on PostgreSQL an advisory lock does the same.
"""

from __future__ import annotations

import os
import random
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event, make_url, text
from sqlalchemy.engine import URL
from sqlalchemy.orm import Session
from sqlalchemy.pool import StaticPool

from trainer.errors import StoreError
from trainer.store.locks import file_lock

ENV_DB_URL = "SKAT_TRAINER_DB_URL"
"""Environment variable naming the database URL."""
SQLITE_BUSY_TIMEOUT_S = 30.0
"""How long an SQLite writer waits for another writer's lock before giving up."""
SQLITE_RETRY_S = 60.0
"""How long a ``BEGIN`` (or a new connection's set-up) that SQLite refused as busy is retried."""
WRITE_OPTION = "skat_trainer_write"
"""Connection execution option that marks a write transaction (``BEGIN IMMEDIATE`` on SQLite)."""
SUPPORTED_BACKENDS = ("sqlite", "postgresql")
_MIGRATION_LOCK_KEY = 0x5CA7_7121
"""PostgreSQL advisory-lock key held while migrating."""

_STORE_DIR = Path(__file__).resolve().parent
_REPO_ROOT = _STORE_DIR.parent.parent


def default_sqlite_path() -> Path:
    """The embedded database file used when no URL is configured."""
    return _REPO_ROOT / "data" / "skat-trainer.sqlite"


def database_url(url: str | None = None) -> str:
    """The URL to use: the argument, else ``$SKAT_TRAINER_DB_URL``, else the default SQLite file
    (whose folder is created)."""
    if url:
        return url
    env = os.environ.get(ENV_DB_URL, "").strip()
    if env:
        return env
    path = default_sqlite_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


def make_engine(url: str | URL) -> Engine:
    """An engine set up for concurrent use by several threads (and other processes)."""
    parsed = make_url(url)
    backend = parsed.get_backend_name()
    if backend not in SUPPORTED_BACKENDS:
        raise StoreError(
            f"The progress store runs on SQLite or PostgreSQL, not '{backend}'. Check {ENV_DB_URL}."
        )
    if backend == "postgresql":
        return create_engine(parsed, pool_pre_ping=True)
    connect_args = {"timeout": SQLITE_BUSY_TIMEOUT_S, "check_same_thread": False}
    if not parsed.database or parsed.database == ":memory:":
        # One shared connection, else every pooled connection would see its own empty database.
        engine = create_engine(parsed, connect_args=connect_args, poolclass=StaticPool)
    else:
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(parsed, connect_args=connect_args)
    _configure_sqlite(engine)
    return engine


def _is_busy(error: sqlite3.OperationalError) -> bool:
    message = str(error).lower()
    return "database is locked" in message or "database is busy" in message


def retry_busy(action: Callable[[], object], retry_s: float = SQLITE_RETRY_S) -> None:
    """Run ``action``; while SQLite refuses it as busy, wait a growing random pause and run it again (up
    to ``retry_s`` seconds, then the error is raised)."""
    deadline = time.monotonic() + retry_s
    pause = 0.005
    while True:
        try:
            action()
            return
        except sqlite3.OperationalError as error:
            if not _is_busy(error) or time.monotonic() + pause > deadline:
                raise
        time.sleep(pause * (0.5 + random.random()))
        pause = min(pause * 2, 0.5)


def _configure_sqlite(engine: Engine) -> None:
    """Take transaction control away from the sqlite3 module (it would defer BEGIN and break
    ``BEGIN IMMEDIATE``), switch on WAL, the busy timeout and foreign keys. Each step that SQLite refuses
    as busy is retried (:func:`retry_busy`)."""

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {int(SQLITE_BUSY_TIMEOUT_S * 1000)}")
            for pragma in ("journal_mode = WAL", "foreign_keys = ON", "synchronous = NORMAL"):

                def _set(statement: str = f"PRAGMA {pragma}") -> None:
                    cursor.execute(statement).fetchall()

                retry_busy(_set)
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        begin = "BEGIN IMMEDIATE" if conn.get_execution_options().get(WRITE_OPTION) else "BEGIN"
        # The raw DBAPI connection: SQLAlchemy's error wrapping would hide the sqlite3 error to retry on.
        raw = conn.connection.dbapi_connection
        assert raw is not None
        retry_busy(lambda: raw.execute(begin))


@contextmanager
def read_session(engine: Engine) -> Iterator[Session]:
    """A session in one read transaction (committed, or rolled back on an error)."""
    with Session(engine) as session, session.begin():
        yield session


@contextmanager
def write_session(engine: Engine) -> Iterator[Session]:
    """A session in one write transaction: on SQLite it takes the write lock at once (``BEGIN
    IMMEDIATE``), so concurrent writers queue up instead of failing halfway."""
    with Session(engine) as session, session.begin():
        session.connection(execution_options={WRITE_OPTION: True})
        yield session


class SessionsOnEngine:
    """The read and write sessions of a store class on its ``engine``."""

    engine: Engine

    def _read(self) -> AbstractContextManager[Session]:
        return read_session(self.engine)

    def _write(self) -> AbstractContextManager[Session]:
        return write_session(self.engine)


R = TypeVar("R")


def existing(session: Session, kind: type[R], ident: object, what: str) -> R:
    """The ``kind`` row with primary key ``ident``; a :class:`StoreError` naming ``what`` when there is
    none ('There is no class with id 7.')."""
    row = session.get(kind, ident)
    if row is None:
        raise StoreError(f"There is no {what} with id {ident}.")
    return row


def utc_now() -> datetime:
    return datetime.now(UTC)


def as_utc(at: datetime | None) -> datetime:
    """``at`` in UTC (now when None); a time without a time zone is refused, as it would be ambiguous."""
    if at is None:
        return utc_now()
    if at.tzinfo is None:
        raise StoreError("Times given to the progress store must carry a time zone (use UTC).")
    return at.astimezone(UTC)


def alembic_config(connection: Connection | None = None) -> Config:
    """The Alembic configuration shipped inside the package (``trainer/store/alembic.ini``)."""
    config = Config(str(_STORE_DIR / "alembic.ini"))
    config.set_main_option("script_location", str(_STORE_DIR / "migrations"))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def migration_lock_path(engine: Engine) -> Path | None:
    """The lock file that serialises migrations of an SQLite file (None for other databases and for an
    in-memory SQLite database, which no other process can open)."""
    url = engine.url
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return Path(url.database).with_name(Path(url.database).name + ".migrate-lock")


def migrate(engine: Engine, revision: str = "head") -> None:
    """Upgrade the schema to ``revision`` (idempotent). Holds the write lock for the whole run, so a
    second process starting at the same time waits and then finds nothing to do. On SQLite a lock file
    is taken first, before the process even connects, so a new file is switched to WAL and migrated by
    one process at a time."""
    lock_path = migration_lock_path(engine)
    if lock_path is None:
        _migrate(engine, revision)
        return
    with file_lock(lock_path):
        _migrate(engine, revision)


def _migrate(engine: Engine, revision: str) -> None:
    with engine.connect() as conn:
        conn = conn.execution_options(**{WRITE_OPTION: True})
        with conn.begin():
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK_KEY})
            command.upgrade(alembic_config(conn), revision)


def current_revision(engine: Engine) -> str | None:
    """The schema revision the database is at (None when never migrated)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()
