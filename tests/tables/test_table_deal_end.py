"""At a shared table every seat sees the whole deal once it is over (issue 46): every hand as dealt, the
skat as found and as laid away, both sides' points and the tricks stepped one by one; while the deal is
played, none of it (the hidden-card tests hold that)."""

from __future__ import annotations

import re

import pytest

from tests.tables.helpers import HOST, signed_in
from tests.tables.test_table_end import GUEST, _played_deal, _table
from tests.ui.helpers import texts
from trainer.cards import parse_cards
from trainer.deal import Seat


def _dealt(at) -> dict[Seat, set[object]]:  # type: ignore[no-untyped-def]
    found = {}
    for element in at.html:
        for seat, codes in re.findall(
            r'<div class="skat-dealt" data-seat="(\w+)"[^>]*>.*?data-cards="([^"]*)"', element.value
        ):
            found[Seat[seat]] = set(parse_cards(codes))
    return found


@pytest.mark.slow
def test_every_seat_sees_the_whole_deal_once_it_is_over(page_db: str) -> None:
    play, table_id, learners = _table(page_db, deals=30)
    anna = signed_in(page_db, HOST)
    bo = signed_in(page_db, GUEST)
    now = _played_deal(play, table_id, learners)
    state = now.state
    assert state is not None
    outcome = state.outcome()
    assert outcome is not None and outcome.declarer is not None
    for at in (anna, bo):
        at.run()
        assert not at.exception, at.exception
        assert _dealt(at) == {seat: set(state.deal.hand(seat)) for seat in Seat}
        skat = [m for e in at.html for m in re.findall(r'class="skat-found".*?data-cards="([^"]*)"', e.value)]
        assert [set(parse_cards(codes)) for codes in skat] == [set(state.deal.skat)]
        declarer = outcome.points[outcome.declarer]
        assert f"**{declarer}** card points" in texts(at) and f"**{120 - declarer}** card points" in texts(at)
        steps = [b for b in at.button if b.key and b.key.startswith("table_end_")]
        assert len(steps) == 4  # the tricks can be stepped through
