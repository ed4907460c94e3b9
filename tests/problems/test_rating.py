"""The play rating: Glicko-2 over a learner's answers, problems seeded by their difficulty, served near the
learner's level."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

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


def test_a_problem_missed_by_strong_learners_rises_and_one_solved_by_weak_ones_falls() -> None:
    from trainer.problems.rating import problem_rating

    problem = collection()[0]
    seed = seeded_rating(problem)
    missed = problem_rating(problem, [(START + timedelta(minutes=k), False, 1900.0) for k in range(3)])
    solved = problem_rating(problem, [(START + timedelta(minutes=k), True, 1100.0) for k in range(3)])
    assert missed.rating > seed > solved.rating
    assert missed.answers == solved.answers == 3
    assert problem_rating(problem, []).rating == seed


def test_the_store_gives_every_learners_answers_to_one_problem(tmp_path: Path) -> None:
    from trainer.problems.rating import kind_of
    from trainer.store import Store

    store = Store(f"sqlite:///{tmp_path / 'p.sqlite'}")
    try:
        a = store.get_or_create_learner("Ann").id
        b = store.get_or_create_learner("Bob").id
        kind = kind_of("d2-9")
        store.record_attempt(a, kind, True, "HA", "HA", "danish", at=START)
        store.record_attempt(b, kind, False, "H9", "HA", "danish", at=START + timedelta(minutes=1))
        store.record_attempt(b, kind_of("other"), True, "SA", "SA", "danish", at=START)
        answers = store.attempts_of_type(kind)
        assert [(x.learner_id, x.correct) for x in answers] == [(a, True), (b, False)]
    finally:
        store.dispose()
