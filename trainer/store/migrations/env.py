"""Alembic environment of the progress store.

Called by :func:`trainer.store.db.migrate` with a connection already inside a write transaction (passed
in ``config.attributes["connection"]``), or by the Alembic CLI, which connects to the configured URL.
``render_as_batch`` lets later migrations alter SQLite tables (SQLite rebuilds a table to alter it).
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from trainer.store.db import database_url, make_engine
from trainer.store.models import Base


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    given = context.config.attributes.get("connection")
    if given is not None:
        _run(given)
        return
    engine = make_engine(database_url())
    try:
        with engine.connect() as connection:
            _run(connection)
            connection.commit()
    finally:
        engine.dispose()


if context.is_offline_mode():
    raise SystemExit("Offline (--sql) migrations are not supported; run them against a database.")
run_migrations_online()
