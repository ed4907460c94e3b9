"""Learned play ratings in the store: a first answer moves the learner's and the problem's Glicko-2 ratings
as one pair, a repeated answer moves neither, and answers given at the same moment lose no update."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.at_once import at_once
from tests.sql_rows import insert_row
from trainer.problems.rating import NEW_LEARNER, PROBLEM_RD, Glicko, kind_of, rate_pair
from trainer.store import Store
from trainer.store.play_ratings import PlayRatings

T0 = datetime(2026, 6, 1, 8, 0, tzinfo=UTC)
SEED = Glicko(1700.0, PROBLEM_RD)


def _t(rating: Glicko | None) -> tuple[float, ...]:
    assert rating is not None
    return (rating.rating, rating.deviation, rating.volatility)


def _answer(ratings: PlayRatings, learner: int, problem: str, right: bool, at: datetime) -> None:
    ratings.record(learner, problem, SEED, right, answer="HA", expected="HA", profile_name="danish", at=at)


def test_a_first_answer_moves_both_ratings_as_one_pair(store: Store) -> None:
    ratings = PlayRatings(store)
    ann = store.get_or_create_learner("Ann").id
    assert ratings.problem("p1") is None and ratings.learner(ann) == NEW_LEARNER
    done = ratings.record(ann, "p1", SEED, True, answer="HA", expected="HA", profile_name="danish", at=T0)
    learner, problem = rate_pair(NEW_LEARNER, SEED, True)
    assert _t(done.learner) == pytest.approx(_t(learner))
    assert _t(ratings.learner(ann)) == pytest.approx(_t(learner))
    stored = ratings.problem("p1")
    assert stored is not None and stored.answers == 1 and _t(stored.rating) == pytest.approx(_t(problem))
    assert stored.rating.rating < SEED.rating  # solved: the problem looks easier than its seed
    assert ratings.learner(ann).rating > NEW_LEARNER.rating
    # the attempt is an ordinary one (it schedules the review) and the history has the one point
    assert [a.question_type for a in store.attempts(ann)] == [kind_of("p1")]
    assert [(p.problem_id, p.correct, round(p.rating, 6)) for p in ratings.history(ann)] == [
        ("p1", True, round(learner.rating, 6))
    ]


def test_an_answer_given_again_is_kept_but_moves_no_rating(store: Store) -> None:
    ratings = PlayRatings(store)
    ann = store.get_or_create_learner("Ann").id
    _answer(ratings, ann, "p1", False, T0)
    before = (ratings.learner(ann), ratings.problem("p1"))
    again = ratings.record(
        ann, "p1", SEED, True, answer="HA", expected="HA", profile_name="danish", at=T0 + timedelta(days=2)
    )
    assert again.learner is None and again.problem is None
    assert (ratings.learner(ann), ratings.problem("p1")) == before
    assert len(store.attempts(ann)) == 2 and len(ratings.history(ann)) == 1
    review = store.review_state(ann, kind_of("p1"))
    assert review is not None and review.reviews == 2


def test_a_problem_missed_by_learners_rises_and_the_next_learner_meets_the_learned_rating(
    store: Store,
) -> None:
    ratings = PlayRatings(store)
    for k in range(5):
        learner = store.get_or_create_learner(f"L{k}").id
        _answer(ratings, learner, "hard", False, T0 + timedelta(minutes=k))
    learned = ratings.problem("hard")
    assert learned is not None and learned.answers == 5 and learned.rating.rating > SEED.rating
    assert learned.rating.deviation < SEED.deviation
    newcomer = store.get_or_create_learner("New").id
    _answer(ratings, newcomer, "hard", True, T0 + timedelta(hours=1))
    expected, _ = rate_pair(NEW_LEARNER, learned.rating, True)
    assert _t(ratings.learner(newcomer)) == pytest.approx(_t(expected))  # played against the learned rating
    assert set(ratings.problems()) == {"hard"} and set(ratings.problems(["other"])) == set()


THREADS = 6
PROBLEMS = 4


def test_learners_answering_the_same_problems_at_once_lose_no_update(store: Store) -> None:
    """Six learners answer the same four problems at the same moment, each in its own thread. Every first
    answer counts once, and each problem's stored rating is exactly what its answers give one after another
    in the order the store took them (a lost update would break the chain)."""
    ratings = PlayRatings(store)
    learners = [store.get_or_create_learner(f"Tab {k}").id for k in range(THREADS)]

    def tab(index: int) -> None:
        for p in range(PROBLEMS):
            _answer(ratings, learners[index], f"p{p}", (index + p) % 3 != 0, T0 + timedelta(seconds=p))

    at_once(tab, THREADS)
    learned = ratings.problems()
    assert {ident: r.answers for ident, r in learned.items()} == {f"p{p}": THREADS for p in range(PROBLEMS)}
    # replay every rated answer in the store's order: each pair starts from both sides' previous results
    from sqlalchemy import select

    from trainer.store.play_ratings import RatedAnswerRow

    with store._read() as session:
        rows = session.execute(
            select(
                RatedAnswerRow.learner_id,
                RatedAnswerRow.problem_id,
                RatedAnswerRow.correct,
                RatedAnswerRow.rating,
                RatedAnswerRow.problem_rating,
            ).order_by(RatedAnswerRow.id)
        ).all()
    assert len(rows) == THREADS * PROBLEMS
    problem_now = {f"p{p}": SEED for p in range(PROBLEMS)}
    learner_now = dict.fromkeys(learners, NEW_LEARNER)
    for row in rows:
        learner, problem = rate_pair(learner_now[row.learner_id], problem_now[row.problem_id], row.correct)
        assert (row.rating, row.problem_rating) == pytest.approx((learner.rating, problem.rating))
        learner_now[row.learner_id], problem_now[row.problem_id] = learner, problem
    for ident, rating in learned.items():
        assert _t(rating.rating) == pytest.approx(_t(problem_now[ident]))
    for learner_id in learners:
        assert _t(ratings.learner(learner_id)) == pytest.approx(_t(learner_now[learner_id]))


def test_0012_replays_earlier_first_answers_into_both_ratings(db_url: str) -> None:
    """Answers to collection problems given before the learned ratings existed carry over: first answers
    in time order, each a rated pair from the problem's seed; repeats and unknown problems are not rated."""

    from trainer.problems.collection import collection
    from trainer.problems.rating import problem_seed
    from trainer.store import make_engine, migrate

    first, second = collection()[:2]
    engine = make_engine(db_url)
    try:
        migrate(engine, "0011_problem_assignments")
        answers = [  # (learner, problem id, right, minutes after T0)
            (1, first.id, False, 0),
            (2, first.id, True, 1),
            (1, second.id, True, 2),
            (1, first.id, True, 3),  # a review: not rated again
            (2, "gone-problem", True, 4),  # no longer shipped: not rated
        ]
        with engine.begin() as conn:
            for learner in (1, 2):
                insert_row(
                    conn, "learners", id=learner, name=f"l{learner}", name_key=f"l{learner}", created_at=T0
                )
            for number, (learner, ident, right, minutes) in enumerate(answers, start=1):
                insert_row(
                    conn,
                    "attempts",
                    id=number,
                    learner_id=learner,
                    question_type=kind_of(ident),
                    profile_name="danish",
                    correct=right,
                    answer="x",
                    expected="y",
                    rating=3,
                    at=T0 + timedelta(minutes=minutes),
                )
        migrate(engine)
    finally:
        engine.dispose()
    store = Store(db_url)
    try:
        ratings = PlayRatings(store)
        one, first_p = rate_pair(NEW_LEARNER, problem_seed(first), False)
        two, first_p = rate_pair(NEW_LEARNER, first_p, True)
        one, second_p = rate_pair(one, problem_seed(second), True)
        assert _t(ratings.learner(1)) == pytest.approx(_t(one))
        assert _t(ratings.learner(2)) == pytest.approx(_t(two))
        learned = ratings.problems()
        assert set(learned) == {first.id, second.id}
        assert learned[first.id].answers == 2 and _t(learned[first.id].rating) == pytest.approx(_t(first_p))
        assert _t(learned[second.id].rating) == pytest.approx(_t(second_p))
        assert [p.problem_id for p in ratings.history(1)] == [first.id, second.id]
    finally:
        store.dispose()
