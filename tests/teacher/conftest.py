"""Teacher-mode store tests run on a fresh SQLite file and, when ``SKAT_TRAINER_TEST_PG_URL`` is set
(``scripts/test.sh`` sets it), on a fresh PostgreSQL schema as well."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from argon2 import PasswordHasher
from sqlalchemy import create_engine, make_url, text

from trainer.store import Store
from trainer.store.classes import ClassStore

PG_ENV = "SKAT_TRAINER_TEST_PG_URL"
CHEAP_HASHER = PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
"""Real argon2id, with tiny costs so the tests stay quick (the app uses :func:`default_hasher`)."""


def _postgres_schema() -> Iterator[str]:
    admin_url = os.environ.get(PG_ENV, "").strip()
    if not admin_url:
        pytest.skip(f"PostgreSQL variant skipped: {PG_ENV} is not set (scripts/test.sh sets it)")
    schema = f"skat_teacher_{uuid.uuid4().hex[:12]}"
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
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('classes') / 'progress.sqlite'}"
    else:
        yield from _postgres_schema()


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    s = Store(db_url)
    try:
        yield s
    finally:
        s.dispose()


@pytest.fixture
def classes(store: Store) -> ClassStore:
    return ClassStore(store, hasher=CHEAP_HASHER)
