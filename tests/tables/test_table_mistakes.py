"""At a shared table, once a deal is over, a signed-in seat may have its own cards judged and the mistakes
kept as its personal problems (the table's end screen carries the same offer as the Play page's)."""

from __future__ import annotations

import pytest

from tests.tables.helpers import HOST, signed_in
from tests.tables.test_table_end import _played_deal, _table
from tests.ui.helpers import texts
from trainer.store import Store
from trainer.store.personal_problems import SOURCE_TABLE, PersonalProblems


@pytest.mark.slow
def test_a_seat_at_a_shared_table_can_keep_its_mistakes(page_db: str) -> None:
    play, table_id, learners = _table(page_db, deals=30)
    anna = signed_in(page_db, HOST)
    now = _played_deal(play, table_id, learners)
    assert now.stored is not None
    anna.run()
    assert not anna.exception, anna.exception
    key = f"mine_judge_table-{now.stored.id}"
    assert [b for b in anna.button if b.key == key]
    anna.button(key=key).click().run(timeout=120)
    assert not anna.exception, anna.exception
    words = texts(anna)
    assert "could have been better" in words or "none of your cards was clearly worse" in words
    store = Store(page_db)
    try:
        kept = PersonalProblems(store).of(learners[0])
    finally:
        store.dispose()
    assert all(p.source == SOURCE_TABLE and p.problem.id.startswith(f"mine-{now.stored.id}-") for p in kept)
    assert ("could have been better" in words) == bool(kept)
    for personal in kept:  # the problem is the seat's own: Anna's seat, Anna's view
        assert personal.played not in personal.problem.answer
