"""Fixtures of the shared-table tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def page_db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """A fresh SQLite store for the app under AppTest (the page reads it from SKAT_TRAINER_DB_URL), with
    the pure-Python solver (no numba compile in a test); yields its URL."""
    url = f"sqlite:///{tmp_path / 'tables.sqlite'}"
    monkeypatch.setenv("SKAT_TRAINER_DB_URL", url)
    monkeypatch.setenv("SKAT_SOLVER_BACKEND", "python")
    return url
