"""The table page labels every seat, and says who plays what, with the players' names (escaped: a
hostile name shows as typed), not the Play page's "left" and "right"."""

from __future__ import annotations

import pytest

from tests.tables.helpers import GUEST, HOST, mid_trick, signed_in
from tests.ui.helpers import texts
from trainer.i18n import get_translator
from trainer.safe_text import for_html, for_markdown
from trainer.table_session import place_of_seat
from trainer.ui.terms import declaration_name


@pytest.mark.slow
def test_seats_and_status_name_the_players(page_db: str) -> None:
    mid = mid_trick(page_db)
    assert mid.moment.state is not None and mid.moment.turn is not None
    view = mid.moment.state.view(mid.moment.turn.seat)
    assert view.declarer is not None and view.declaration is not None
    number = mid.moment.number
    names = {0: HOST, 1: GUEST, 2: "Computer"}
    anna = signed_in(page_db, HOST)
    shown = texts(anna)
    html = "".join(str(e.value) for e in anna.html)
    for place in (1, 2):  # the side seats: their players' names in the table's HTML, escaped
        assert for_html(names[place]) in html
    assert "<i>Bo</i>" not in html and "<i>Bo</i>" not in shown
    assert f"**{for_markdown(HOST)} · " in shown  # Anna's own hand is labelled with her name
    t = get_translator("en")
    game = declaration_name(view.declaration, t)
    declarer = place_of_seat(view.declarer, number)
    if declarer == 0:
        status = t("{who} play {game} for {bid}", who="You", game=game, bid=view.bid)
    else:
        who = for_markdown(names[declarer])
        status = t("{who} plays {game} for {bid}", who=who, game=game, bid=view.bid)
    assert status in shown, shown
    for word in ("Left", "Right", "left ·", "right ·"):
        assert word not in shown
    anna.button(key="table_leave").click().run()  # her tables, listed by the others' names, escaped
    (go,) = [b for b in anna.button if b.key == f"table_go_{mid.table_id}"]
    assert go.label.endswith(" · " + for_markdown(GUEST))
