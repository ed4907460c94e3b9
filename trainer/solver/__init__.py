"""Open-hand Skat solver: exact values of every legal card when all three players see all cards.

Public API: :func:`solve_position` (one position), :class:`Analysis` (one deal, keeps its transposition
tables across the steps of a replay, mid-trick positions included, with node/time caps) and
:func:`warm_up` (compile the numba kernel, optionally in the background). The search itself lives in
:mod:`trainer.solver.core` (bitmasks) and :mod:`trainer.solver._kernel`.
"""

from trainer.solver.analysis import (
    Analysis,
    CardOutcome,
    PositionAnalysis,
    check_position,
    solve_position,
)
from trainer.solver.core import compile_seconds, numba_available, warm_up

__all__ = [
    "Analysis",
    "CardOutcome",
    "PositionAnalysis",
    "check_position",
    "compile_seconds",
    "numba_available",
    "solve_position",
    "warm_up",
]
