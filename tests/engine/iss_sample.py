"""The ISS sample records shipped in the package (trainer/records/data), for the ISS parser and CLI tests."""

from __future__ import annotations

from pathlib import Path

import trainer.records
from trainer.records.samples import iss_sample_lines

SAMPLE = Path(trainer.records.__file__).parent / "data" / "iss-sample.sgf"
"""The sample file itself, for the CLI tests that read a path."""


def sample_lines() -> list[str]:
    """The sample's non-empty lines, one game record each."""
    return iss_sample_lines()


def by_id(ident: str) -> str:
    """The sample record whose ``ID[...]`` is ``ident``."""
    for line in sample_lines():
        if f"ID[{ident}]" in line:
            return line
    raise AssertionError(f"sample {ident} missing")
