"""Fixtures for the AppTest tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.store import ENV_DB_URL, Store
from trainer.store.classes import ClassStore

from .helpers import APP


@pytest.fixture
def app() -> AppTest:
    """The whole app, not yet run."""
    return AppTest.from_file(APP, default_timeout=30)


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A fresh SQLite file that the app under AppTest (it reads the URL from the environment) and the test
    share (page tests run on SQLite only; the store tests cover PostgreSQL)."""
    url = f"sqlite:///{tmp_path / 'progress.sqlite'}"
    monkeypatch.setenv(ENV_DB_URL, url)
    return url


@pytest.fixture
def classes(db_url: str) -> Iterator[ClassStore]:
    """Teacher mode on the app's store."""
    store = Store(db_url)
    yield ClassStore(store)
    store.dispose()
