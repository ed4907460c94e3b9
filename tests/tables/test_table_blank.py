"""Issue 44's last point, by its code paths: a seat whose card never became clickable at a shared table, and a
phone seat's page that was blank after a reload when its card was due. Each test drives one state the table
page's code can be in (found by reading trainer/ui/pages/table.py and its helpers) and checks that the seat
to move is offered its cards.

The one that failed before its fix: which table a tab is at lived only in the session (``table_id``), so a
reload (a new session) sent a learner who sits at two tables to the newest of them, where nothing is theirs
to play; the other table's seats waited for them ("Waiting for … (3403 s)": a one-hour idle limit less the
197 s since the turn came). The tab's table is now in its address too (``?code=…``), which a reload keeps.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.play.driver import card_keys
from tests.tables.helpers import HOST, PAGE, mid_trick, signed_in
from tests.ui.helpers import APP, make_account, sign_in_on_account_page
from trainer.store import Store
from trainer.store.tables import TableStore
from trainer.ui import auth
from trainer.ui.pages.table import CODE_PARAM, TABLE_KEY
from trainer.ui.views.page_state import parse_state


def _reload(monkeypatch: pytest.MonkeyPatch, at: AppTest) -> AppTest:
    """A reload of ``at``'s tab: a new session on the same address (its query string as the page left it),
    signed in by the cookie the page set (AppTest has no cookies: the token is handed over)."""
    token = at.session_state[auth.LEARNER_TOKEN_KEY]
    monkeypatch.setattr(auth, "browser_cookie", lambda name: token if name == auth.LEARNER_COOKIE else None)
    again = AppTest.from_file(APP, default_timeout=60)
    again.query_params.update(at.query_params)
    again.run()
    again.switch_page(PAGE).run()
    assert not again.exception, again.exception
    return again


def _state(at: AppTest) -> dict[str, str]:
    """The page's published state (the element the watchdog and the browser tests read)."""
    for element in at.html:
        found = parse_state(str(element.value))
        if found is not None and found.get("page") == "table":
            return found
    raise AssertionError("the table page published no state: a blank page to the watchdog")


def _offered_cards(at: AppTest) -> set[str]:
    return {key.rsplit("-", 1)[1] for key in card_keys(at) if not at.button(key=key).disabled}


def _second_table(url: str, learner: int) -> int:
    """A newer table the same learner opened (deals left, nothing to play yet): the one a guess by "newest"
    picks."""
    table = TableStore(Store(url)).open_table(
        host_learner_id=learner,
        host_name=HOST,
        profile_name="international",
        scheme="list",
        deals_planned=3,
        bot_level="beginner",
    )
    return table.id


@pytest.mark.slow
def test_a_reload_keeps_the_tab_at_its_table_when_the_learner_sits_at_two(
    page_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    mid = mid_trick(page_db)
    newer = _second_table(page_db, mid.learners[0])
    hand = {c.iss for c in mid.moment.state.hand(mid.moment.turn.seat)}  # type: ignore[union-attr]

    anna = signed_in(page_db, HOST)
    if anna.session_state[TABLE_KEY] != mid.table_id:  # a fresh sign-in goes to the newest: back to hers
        anna.button(key="table_leave").click().run()
        anna.button(key=f"table_go_{mid.table_id}").click().run()
    assert anna.session_state[TABLE_KEY] == mid.table_id
    assert _offered_cards(anna) == hand
    assert _state(anna)["turn"] == "me"

    again = _reload(monkeypatch, anna)
    assert again.session_state[TABLE_KEY] == mid.table_id, (
        f"the reload went to table {again.session_state.get(TABLE_KEY)} (the newer one is {newer})"
    )
    assert _offered_cards(again) == hand
    state = _state(again)
    assert state["turn"] == "me" and state["table"] == TableStore(Store(page_db)).get(mid.table_id).code


@pytest.mark.slow
def test_the_address_never_seats_a_learner_at_a_table_that_is_not_theirs(
    page_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    mid = mid_trick(page_db)
    code = TableStore(Store(page_db)).get(mid.table_id).code
    make_account(page_db, "Eve")
    eve = AppTest.from_file(APP, default_timeout=60)
    eve.query_params.update(rules="international", **{CODE_PARAM: code})  # another table's join link
    eve.run()
    sign_in_on_account_page(eve, "Eve", back_to=PAGE)
    assert not eve.exception, eve.exception
    assert TABLE_KEY not in eve.session_state
    assert eve.text_input(key="table_code").value == code
    assert TableStore(Store(page_db)).get(mid.table_id).place_of(eve.session_state["learner_id"]) is None
    assert eve.query_params[CODE_PARAM] == code  # the join link stays in the address
