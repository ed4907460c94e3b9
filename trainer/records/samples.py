"""The ISS sample records shipped with the package (11 real ISS games, Apache-2.0 data; see
``trainer/records/data/README.md``): the deals pages load them on request and the tests replay them.

>>> len(iss_sample_lines())
11
>>> iss_sample_lines()[0].startswith("(;GM[Skat]")
True
"""

from __future__ import annotations

from importlib.resources import files


def iss_sample_text() -> str:
    """The whole sample file as text."""
    return files("trainer.records").joinpath("data", "iss-sample.sgf").read_text(encoding="utf-8")


def iss_sample_lines() -> list[str]:
    """The sample's non-empty lines, one game record each."""
    return [line.strip() for line in iss_sample_text().splitlines() if line.strip()]
