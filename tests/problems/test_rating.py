"""The play ratings: a learner's first answer to a problem is one Glicko-2 game that moves both ratings,
problems are seeded by their difficulty and served near the learner's level by their learned rating."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from trainer.problems.collection import collection
from trainer.problems.rating import (
    BASE_RATING,
    NEW_LEARNER,
    PROBLEM_RD,
    Glicko,
    Result,
    near_level,
    problem_id_of,
    problem_seed,
    rate_pair,
    results_by_theme,
    seeded_rating,
)

START = datetime(2026, 1, 1, tzinfo=UTC)


def test_a_right_answer_raises_the_learner_and_lowers_the_problem_and_a_miss_the_reverse() -> None:
    easy, hard = Glicko(1200.0, PROBLEM_RD), Glicko(1800.0, PROBLEM_RD)
    up, hard_after = rate_pair(NEW_LEARNER, hard, True)
    down, easy_after = rate_pair(NEW_LEARNER, easy, False)
    assert up.rating > BASE_RATING > down.rating
    assert hard_after.rating < hard.rating and easy_after.rating > easy.rating
    # beating a hard problem is worth more than beating an easy one
    easy_win, _ = rate_pair(NEW_LEARNER, easy, True)
    assert up.rating > easy_win.rating > BASE_RATING
    # the deviation shrinks as answers come in
    learner = NEW_LEARNER
    for k in range(6):
        learner, _ = rate_pair(learner, hard, k % 2 == 0)
    assert learner.deviation < up.deviation < NEW_LEARNER.deviation


@given(
    st.floats(800, 2200),
    st.floats(40, 350),
    st.floats(800, 2200),
    st.floats(40, 350),
    st.booleans(),
)
def test_a_rated_pair_moves_the_two_ratings_opposite_ways(
    learner_rating: float, learner_rd: float, problem_rating: float, problem_rd: float, solved: bool
) -> None:
    """Whatever the ratings before: the winner of the game rises and the loser falls."""
    learner, problem = Glicko(learner_rating, learner_rd), Glicko(problem_rating, problem_rd)
    learner_after, problem_after = rate_pair(learner, problem, solved)
    assert (learner_after.rating > learner.rating) is solved
    assert (problem_after.rating < problem.rating) is solved


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
    problem = collection()[0]
    seed = problem_seed(problem)
    assert seed.rating == seeded_rating(problem)
    missed = solved = seed
    for _ in range(3):
        _, missed = rate_pair(Glicko(1900.0, 100.0), missed, False)
        _, solved = rate_pair(Glicko(1100.0, 100.0), solved, True)
    assert missed.rating > seed.rating > solved.rating


def test_the_learned_rating_decides_the_serving_order_once_a_problem_has_one() -> None:
    problems = [replace(p, difficulty=0.5) for p in collection()[:3]]
    level = seeded_rating(problems[0])
    assert [p.id for p in near_level(problems, level, [])] == sorted(p.id for p in problems)
    far = near_level(problems, level, [], {problems[0].id: level + 900, problems[2].id: level + 10})
    assert far[-1].id == problems[0].id and far[0].id == problems[1].id


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
