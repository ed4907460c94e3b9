"""A learner's play rating (Glicko-2, the ``glicko2`` package) from their answers to problems.

Every answer is kept as an attempt in the progress store under the question type ``problem:<id>``, which
also gives each problem its own fsrs review card: a missed problem comes back when fsrs says it is due.
The rating is replayed from those attempts in order (nothing else is stored), each answer a game against
the problem, whose rating is seeded from how often the beginner and the club player miss it.
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
class RatingPoint:
    """The learner's rating right after one answer."""

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


def rating_history(results: Iterable[Result], ratings: Mapping[str, float]) -> list[RatingPoint]:
    """The learner's Glicko-2 rating after each answer, in time order (unknown problems are skipped)."""
    player = glicko2.Player()
    points: list[RatingPoint] = []
    for result in sorted(results, key=lambda r: r.at):
        opponent = ratings.get(result.problem_id)
        if opponent is None:
            continue
        player.update_player([opponent], [PROBLEM_RD], [1.0 if result.correct else 0.0])
        points.append(
            RatingPoint(
                result.at, result.problem_id, result.correct, float(player.getRating()), float(player.getRd())
            )
        )
    return points


def current_rating(history: Sequence[RatingPoint]) -> float:
    return history[-1].rating if history else BASE_RATING


def near_level(problems: Sequence[Problem], rating: float, answered: Iterable[str]) -> list[Problem]:
    """The problems ordered for a learner at ``rating``: those not yet answered first, each group closest
    to the learner's level first."""
    seen = set(answered)
    return sorted(problems, key=lambda p: (p.id in seen, abs(seeded_rating(p) - rating), p.id))


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


#: How sure a learner's rating is taken to be when it rates a problem.
LEARNER_RD = 200.0


@dataclass(frozen=True)
class ProblemRating:
    """A problem's rating learned from its answers, starting at its seed."""

    rating: float
    deviation: float
    answers: int


def problem_rating(problem: Problem, answers: Iterable[tuple[datetime, bool, float]]) -> ProblemRating:
    """The problem's Glicko-2 rating after its answers: (when, right, the learner's rating then), each a
    game the problem wins when the learner misses."""
    player = glicko2.Player(seeded_rating(problem), PROBLEM_RD)
    count = 0
    for _at, correct, learner in sorted(answers, key=lambda a: a[0]):
        player.update_player([learner], [LEARNER_RD], [0.0 if correct else 1.0])
        count += 1
    return ProblemRating(float(player.getRating()), float(player.getRd()), count)


def rating_before(history: Sequence[RatingPoint], at: datetime) -> float:
    """The learner's rating just before an answer given at ``at``."""
    earlier = [point for point in history if point.at < at]
    return earlier[-1].rating if earlier else BASE_RATING
