"""30 learners answering a drill and a problem set at the same moment against one store (threads sharing one
Store, as the sessions of one app server do): every attempt is recorded exactly once, on SQLite and
PostgreSQL.
The full figures come from ``benchmarks/load_classroom.py``; this is the same run, smaller."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "load_classroom.py"


def _load_benchmark():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("load_classroom", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_thirty_learners_at_once_lose_nothing(db_url: str) -> None:
    figures = _load_benchmark().run(db_url, learners=30, answers=6, problems=4)
    assert figures.errors == ()
    assert figures.problems_each == 4
    assert len(figures.latencies_ms) == 30 * (6 + 4)
