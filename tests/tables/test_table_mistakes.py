"""At a shared table, once a deal is over, a signed-in seat's own cards are judged by themselves (in the
background judge, as on the Play page) and the mistakes kept as its personal problems."""

from __future__ import annotations

import time

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
    assert not [b for b in anna.button if b.key and b.key.startswith("mine_judge")]  # nothing to press
    said = ("saved — learn from your mistakes", "none of your cards was clearly worse")
    deadline = time.monotonic() + 180
    while not any(w in texts(anna) for w in said):
        assert time.monotonic() < deadline, f"the end screen never said what the judging found: {texts(anna)}"
        time.sleep(0.5)
        anna.run(timeout=120)
        assert not anna.exception, anna.exception
    words = texts(anna)
    store = Store(page_db)
    try:
        kept = PersonalProblems(store).of(learners[0])
    finally:
        store.dispose()
    assert all(p.source == SOURCE_TABLE and p.problem.id.startswith(f"mine-{now.stored.id}-") for p in kept)
    assert ("saved — learn from your mistakes" in words) == bool(kept)
    for personal in kept:  # the problem is the seat's own: Anna's seat, Anna's view
        assert personal.played not in personal.problem.answer
