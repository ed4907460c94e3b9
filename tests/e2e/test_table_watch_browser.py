"""Real browser: a shared-table seat at phone width whose page goes blank, or whose connection silently
stalls while it waits, says "Reconnecting…" and comes back by itself at the same deal, trick and turn
(issue 44: a seat's page went blank mid-deal under load, and after a reload when its card was due; the
cause found, a reload taking a learner to another of her tables, is tested in test_table_reload_browser.py;
for anything else the page's watchdog, ``trainer/ui/pages/table_watch.py``, guarantees the recovery, and
this test forces both failures it is there for).

* blank: on the seat's own turn everything in the page's main block is taken away (as if the browser had
  dropped the table's elements); no poll runs on the seat's own turn, so nothing else would ever redraw it;
* stalled: while the seat waits, its websocket stops carrying messages either way without closing (a
  half-dead connection: Streamlit still says "connected", the server's wake-ups and the page's own polls
  are lost), and another seat moves meanwhile.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import new_page, run_app, seated_table, sign_in_at_table, table_accounts, table_env, wait_state
from .hand import grand_hand_at_first_lead, store_deal

pytestmark = pytest.mark.browser

PASSWORD = "the page went quiet"
NAMES = ("Jens", "Kirsten", "Lone")
BLANK_SECONDS = 3
BANNER = "#skat-table-reconnecting"
EMPTY_MAIN = """() => {
  window.__before = true;  // gone after a reload
  for (const box of document.querySelectorAll('.stMain [data-testid=stElementContainer]')) box.remove();
  return document.querySelectorAll('.skat-page-state').length;
}"""


def test_a_blank_or_stalled_seat_page_reconnects_by_itself(browser, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from trainer.rules import NoCall, PlayCard

    url = f"sqlite:///{tmp_path / 'watch.sqlite'}"
    ids = table_accounts(url, NAMES, PASSWORD)
    env = {**table_env(url), "SKAT_TRAINER_TABLE_BLANK": str(BLANK_SECONDS)}
    with run_app("streamlit-table-watch.log", env) as base:
        play, table_id = seated_table(url, NAMES, PASSWORD, 2)
        store_deal(play, table_id, grand_hand_at_first_lead(5))
        moment = play.moment(table_id)
        assert moment.turn is not None
        leader = moment.table.seats[moment.turn.place].name  # the seat to lead: the phone in this test
        page = new_page(browser, width=390, height=900)
        stalled: list[Any] = []  # the websocket connections that carry nothing any more
        live: list[Any] = []

        def route(ws: Any) -> None:
            server = ws.connect_to_server()
            ws.on_message(lambda message: None if ws in stalled else server.send(message))
            server.on_message(lambda message: None if ws in stalled else ws.send(message))
            live.append(ws)

        page.route_web_socket("**/_stcore/stream", route)
        sign_in_at_table(page, base, leader, PASSWORD)
        state = wait_state(page, f"{leader} is to lead", deal=1, phase="play", turn="me")
        moves = state.number("move-count")

        # 1. blank on the seat's own turn
        assert page.evaluate(EMPTY_MAIN) == 0
        page.locator(BANNER).wait_for(timeout=30_000)
        assert page.locator(BANNER).inner_text() == "Reconnecting…"
        state = wait_state(page, f"{leader}'s page is back after a blank", deal=1, phase="play", turn="me")
        assert page.evaluate("() => window.__before === undefined"), "the page came back by loading again"
        assert state.number("move-count") == moves and state.words("legal")
        assert page.locator(BANNER).count() == 0
        card = state.words("legal")[0]
        page.locator(f".st-key-play_card-{card} button").click()
        state = wait_state(page, f"{leader} has led {card}", move_count=moves + 1, turn="other")

        # 2. the connection stalls while the seat waits, and the next seat moves meanwhile
        stalled.append(live[-1])
        after = play.moment(table_id)
        assert after.turn is not None and after.state is not None
        view = after.state.view(after.turn.seat)
        cards = [m for m in view.legal_moves if isinstance(m, PlayCard)]
        follow = cards[0] if cards else next(m for m in view.legal_moves if isinstance(m, NoCall))
        mover = ids[after.table.seats[after.turn.place].name]
        assert play.move(table_id, mover, follow, seen=after.version)
        page.locator(BANNER).wait_for(timeout=60_000)
        state = wait_state(page, f"{leader}'s page shows the follow after the stall", move_count=moves + 2)
        assert page.locator(BANNER).count() == 0
        if isinstance(follow, PlayCard):
            trick = page.locator(".skat-trick[data-cards]").first.get_attribute("data-cards") or ""
            assert follow.card.iss in trick.split()
        page.context.close()
