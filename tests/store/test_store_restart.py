"""Nothing is lost on a restart: a new Store (new engine, new pool) on the same URL sees everything."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from trainer.store import Store

T0 = datetime(2026, 2, 2, 18, 30, tzinfo=UTC)


def test_everything_survives_a_restart(db_url: str) -> None:
    first = Store(db_url)
    anna = first.get_or_create_learner("Anna")
    outcomes = [True, True, False, True]
    ids = [
        first.record_attempt(
            anna.id,
            "game_value",
            ok,
            "36",
            "36" if ok else "40",
            "danish",
            6000,
            None if ok else "jacks",
            T0 + timedelta(minutes=i),
        )
        for i, ok in enumerate(outcomes)
    ]
    first.mark_lesson_opened(anna.id, "02-bidding", T0)
    first.mark_lesson_done(anna.id, "01-cards", T0 - timedelta(days=1))
    before_review = first.review_state(anna.id, "game_value")
    before_csv = first.attempts_csv(anna.id)
    first.dispose()

    second = Store(db_url)
    assert second.find_learner("anna") == anna
    assert [a.id for a in second.attempts(anna.id)] == ids
    assert [a.correct for a in second.attempts(anna.id)] == outcomes
    assert second.review_state(anna.id, "game_value") == before_review
    assert second.attempts_csv(anna.id) == before_csv
    assert second.lessons_done(anna.id) == ["01-cards"]
    assert second.last_lesson(anna.id) == "02-bidding"
    # The schedule carries on from the stored fsrs card rather than starting over.
    second.record_attempt(anna.id, "game_value", True, "36", "36", "danish", at=T0 + timedelta(hours=1))
    after = second.review_state(anna.id, "game_value")
    assert after is not None and before_review is not None
    assert after.reviews == before_review.reviews + 1
    second.dispose()
