"""The Play page tests' own store: a fresh SQLite file, computers that answer at once and the pure-Python
solver (the same answers on every machine). A module asks for it with
``pytestmark = pytest.mark.usefixtures("play_db")``, or names ``play_db`` to read the store's URL."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def play_db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'play.sqlite'}"
    monkeypatch.setenv("SKAT_TRAINER_DB_URL", url)
    monkeypatch.setenv("SKAT_TRAINER_PLAY_PACE", "0")
    monkeypatch.setenv("SKAT_SOLVER_BACKEND", "python")
    return url
