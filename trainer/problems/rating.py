"""Play ratings (Glicko-2, the ``glicko2`` package): each learner's and each collection problem's.

Every answer is kept as an attempt in the progress store under the question type ``problem:<id>``, which
also gives each problem its own fsrs review card: a missed problem comes back when fsrs says it is due.
A learner's FIRST answer to a collection problem is also one rated game between the two (:func:`rate_pair`):
the learner wins when right, the problem when missed, and both ratings move at once, each from the other's
rating before the game. A problem starts at a seed taken from how often the beginner and the club player
miss it (:func:`problem_seed`); the store keeps both ratings (``trainer/store/play_ratings.py``). Answers
given again in review move neither: the review queue is for practice, and a problem seen twice is easier.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

import glicko2

from trainer.problems.model import Problem

KIND_PREFIX = "problem:"
#: A problem's seeded rating: the middle of the scale, plus this much per unit of difficulty above 0.5.
BASE_RATING = 1500.0
DIFFICULTY_SPREAD = 800.0
#: How sure the seeded problem ratings are taken to be (Glicko rating deviation).
PROBLEM_RD = 120.0
#: A new learner: the middle of the scale, as unsure as Glicko-2 starts anyone, its usual volatility.
LEARNER_RD = 350.0
VOLATILITY = 0.06


def kind_of(problem_id: str) -> str:
    """The store's question type for one problem."""
    return KIND_PREFIX + problem_id


def problem_id_of(kind: str) -> str | None:
    """The problem a question type names, or None when it is not a problem's."""
    return kind[len(KIND_PREFIX) :] if kind.startswith(KIND_PREFIX) else None


def seeded_rating(problem: Problem) -> float:
    """The problem's rating before anyone has tried it: its seeded difficulty on the rating scale."""
    return BASE_RATING + DIFFICULTY_SPREAD * (problem.difficulty - 0.5)


@dataclass(frozen=True)
class Glicko:
    """One player's Glicko-2 state: rating, rating deviation (how unsure), volatility."""

    rating: float
    deviation: float
    volatility: float = VOLATILITY


NEW_LEARNER = Glicko(BASE_RATING, LEARNER_RD)


def problem_seed(problem: Problem) -> Glicko:
    """A problem's rating before anyone has answered it."""
    return Glicko(seeded_rating(problem), PROBLEM_RD)


def _played(player: Glicko, opponent: Glicko, score: float) -> Glicko:
    updated = glicko2.Player(player.rating, player.deviation, player.volatility)
    updated.update_player([opponent.rating], [opponent.deviation], [score])
    return Glicko(float(updated.getRating()), float(updated.getRd()), float(updated.vol))


def rate_pair(learner: Glicko, problem: Glicko, solved: bool) -> tuple[Glicko, Glicko]:
    """One answer as one Glicko-2 game: the learner's and the problem's ratings after it, each computed
    from both ratings before (so neither update sees the other's result)."""
    score = 1.0 if solved else 0.0
    return _played(learner, problem, score), _played(problem, learner, 1.0 - score)


@dataclass(frozen=True)
class RatingPoint:
    """The learner's rating right after one rated answer."""

    at: datetime
    problem_id: str
    correct: bool
    rating: float
    deviation: float


@dataclass(frozen=True)
class Result:
    """One answer to a problem: when, which, right or not."""

    at: datetime
    problem_id: str
    correct: bool


def current_rating(history: Sequence[RatingPoint]) -> float:
    return history[-1].rating if history else BASE_RATING


def near_level(
    problems: Sequence[Problem],
    rating: float,
    answered: Iterable[str],
    learned: Mapping[str, float] | None = None,
) -> list[Problem]:
    """The problems ordered for a learner at ``rating``: those not yet answered first, each group closest
    to the learner's level first, by each problem's ``learned`` rating (its seed while nobody has answered
    it)."""
    seen = set(answered)
    known = learned or {}

    def level(problem: Problem) -> float:
        found = known.get(problem.id)
        return seeded_rating(problem) if found is None else found

    return sorted(problems, key=lambda p: (p.id in seen, abs(level(p) - rating), p.id))


def results_by_theme(
    results: Iterable[Result], problems: Mapping[str, Problem]
) -> dict[str, tuple[int, int]]:
    """Per theme: (answers, right answers)."""
    table: dict[str, tuple[int, int]] = {}
    for result in results:
        problem = problems.get(result.problem_id)
        if problem is None:
            continue
        for key in problem.themes:
            tries, right = table.get(key, (0, 0))
            table[key] = (tries + 1, right + result.correct)
    return table


class AnsweredQuestion(Protocol):
    """What the rating reads of one stored answer (the store's ``Attempt`` has it; the problems sit below
    the store, so they name only these fields)."""

    @property
    def question_type(self) -> str: ...
    @property
    def correct(self) -> bool: ...
    @property
    def at(self) -> datetime: ...


def results_from_attempts(attempts: Iterable[AnsweredQuestion]) -> list[Result]:
    """The problem answers among a learner's stored attempts."""
    found = []
    for attempt in attempts:
        ident = problem_id_of(attempt.question_type)
        if ident is not None:
            found.append(Result(attempt.at, ident, attempt.correct))
    return found
