"""The play rating: Glicko-2 over a learner's answers, problems seeded by their difficulty, served near the
learner's level."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from trainer.problems.collection import collection
from trainer.problems.rating import (
    BASE_RATING,
    Result,
    near_level,
    problem_id_of,
    rating_history,
    results_by_theme,
    seeded_rating,
)

START = datetime(2026, 1, 1, tzinfo=UTC)


def test_right_answers_raise_the_rating_and_misses_lower_it() -> None:
    ratings = {"easy": 1200.0, "hard": 1800.0}
    up = rating_history([Result(START, "hard", True)], ratings)
    down = rating_history([Result(START, "easy", False)], ratings)
    assert up[-1].rating > BASE_RATING > down[-1].rating
    # beating a hard problem is worth more than beating an easy one
    easy_win = rating_history([Result(START, "easy", True)], ratings)
    assert up[-1].rating > easy_win[-1].rating > BASE_RATING
    # the deviation shrinks as answers come in, and answers count in time order
    many = rating_history(
        [Result(START + timedelta(minutes=k), "hard", k % 2 == 0) for k in range(6)][::-1], ratings
    )
    assert [p.at for p in many] == sorted(p.at for p in many)
    assert many[-1].deviation < many[0].deviation


def test_problems_are_served_near_the_level_unanswered_first() -> None:
    problems = list(collection())
    assert len(problems) > 3
    spread = [replace(p, difficulty=d) for p, d in zip(problems, (0.0, 0.5, 1.0, 0.25), strict=False)]
    order = near_level(spread, seeded_rating(spread[2]), answered=[spread[2].id])
    assert order[-1].id == spread[2].id  # answered: last
    assert order[0].id == spread[1].id  # nearest to the level among the others (0.5 next to 1.0)
    assert problem_id_of("problem:" + spread[0].id) == spread[0].id and problem_id_of("game_value") is None


def test_results_by_theme_count_answers_and_right_ones() -> None:
    problem = next(p for p in collection() if p.themes)
    table = results_by_theme(
        [Result(START, problem.id, True), Result(START, problem.id, False), Result(START, "gone", True)],
        {problem.id: problem},
    )
    assert table == {key: (2, 1) for key in problem.themes}
