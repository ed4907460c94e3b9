"""The ISS sample records in ../shared/data beside the clone, for the ISS parser and CLI tests (a test that
needs them is skipped when they are not there)."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"
SAMPLE = SHARED / "data" / "iss-sample.sgf"


def sample_lines() -> list[str]:
    """The sample's non-empty lines, one game record each."""
    if not SAMPLE.exists():
        pytest.skip(f"shared data not found at {SAMPLE} (expected beside the clone)")
    return [line.strip() for line in SAMPLE.read_text(encoding="utf-8").splitlines() if line.strip()]


def by_id(ident: str) -> str:
    """The sample record whose ``ID[...]`` is ``ident``."""
    for line in sample_lines():
        if f"ID[{ident}]" in line:
            return line
    raise AssertionError(f"sample {ident} missing")
