"""The shipped collection (``trainer/problems/data/problems.jsonl``), read once and filtered."""

from __future__ import annotations

import functools
from importlib import resources

from trainer.problems.model import Problem, read_lines

DATA_FILE = "problems.jsonl"


@functools.cache
def collection() -> tuple[Problem, ...]:
    """Every shipped problem, in file order (empty when none is shipped yet)."""
    source = resources.files("trainer.problems") / "data" / DATA_FILE
    if not source.is_file():
        return ()
    return tuple(read_lines(source.read_text(encoding="utf-8").splitlines()))


@functools.cache
def by_id() -> dict[str, Problem]:
    """Every shipped problem by its id (made once; do not change it)."""
    return {problem.id: problem for problem in collection()}


def select(
    problems: tuple[Problem, ...] | None = None,
    *,
    rules: str | None = None,
    theme: str | None = None,
    role: str | None = None,
) -> list[Problem]:
    """The problems of one rule profile / theme / role (None: any)."""
    chosen = collection() if problems is None else problems
    return [
        p
        for p in chosen
        if (rules is None or p.profile == rules)
        and (theme is None or theme in p.themes)
        and (role is None or p.role == role)
    ]
