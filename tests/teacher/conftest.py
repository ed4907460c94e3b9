"""Teacher-mode store tests run on the shared ``store`` fixture (tests/conftest.py): a fresh SQLite file and,
when ``SKAT_TRAINER_TEST_PG_URL`` is set (``scripts/test.sh`` sets it), a fresh PostgreSQL schema as well."""

from __future__ import annotations

import pytest
from argon2 import PasswordHasher

from trainer.store import Store
from trainer.store.classes import ClassStore

CHEAP_HASHER = PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
"""Real argon2id, with tiny costs so the tests stay quick (the app uses :func:`default_hasher`)."""


@pytest.fixture
def classes(store: Store) -> ClassStore:
    return ClassStore(store, hasher=CHEAP_HASHER)
