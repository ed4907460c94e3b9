"""Shared pytest set-up: hypothesis without per-example deadlines (CI machines are slow and noisy), and the
``db_url``/``store`` fixtures the store and teacher tests share.

Store tests run twice: on a fresh SQLite file and on a fresh PostgreSQL schema. The PostgreSQL variant needs
``SKAT_TRAINER_TEST_PG_URL`` (an admin URL such as ``postgresql+psycopg://postgres@127.0.0.1:55432/postgres``);
``scripts/test.sh`` starts a throwaway cluster and sets it, so CI always runs both.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from hypothesis import settings
from sqlalchemy import create_engine, make_url, text

from trainer.store import Store

settings.register_profile("default", deadline=None)
settings.load_profile("default")

PG_ENV = "SKAT_TRAINER_TEST_PG_URL"


def _postgres_schema() -> Iterator[str]:
    """A URL whose connections work in a new, empty schema (``search_path``), dropped afterwards.
    A schema is much quicker to create than a database and isolates the tables just as well."""
    admin_url = os.environ.get(PG_ENV, "").strip()
    if not admin_url:
        pytest.skip(f"PostgreSQL variant skipped: {PG_ENV} is not set (scripts/test.sh sets it)")
    schema = f"skat_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        url = make_url(admin_url).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """URL of an empty database (nothing migrated yet): a SQLite file, or a PostgreSQL schema."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('store') / 'progress.sqlite'}"
    else:
        yield from _postgres_schema()


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """A migrated store on a fresh database."""
    s = Store(db_url)
    try:
        yield s
    finally:
        s.dispose()
