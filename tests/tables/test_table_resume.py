"""A shared table in the middle of a trick, seen again: a page reload (a new session with the browser's
cookie), a new sign-in and a server restart (a fresh store on the same database) each return the player
to the same table, trick, hand and turn without any action."""

from __future__ import annotations

from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.play.driver import card_keys
from tests.tables.helpers import HOST, PAGE, mid_trick, signed_in
from tests.ui.helpers import APP, html_rows, texts
from trainer.store import Store
from trainer.store.tables import TablePlay, TableStore
from trainer.ui import auth


def _reloaded(monkeypatch: pytest.MonkeyPatch, token: str) -> AppTest:
    """A reload: a new session whose browser sends the session cookie (AppTest has no cookies: the
    cookie the first session's page set is handed to the new one), opened on the table page's URL."""

    def cookie(name: str) -> str | None:
        return token if name == auth.LEARNER_COOKIE else None

    monkeypatch.setattr(auth, "browser_cookie", cookie)
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["rules"] = "international"
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    return at


def _picture(at: AppTest) -> dict[str, Any]:
    """What the player sees of the deal: every card row (trick, skat, side seats), the hand's buttons,
    and the texts, leaving out the idle countdown (it ticks)."""
    lines = [line for line in texts(at).splitlines() if "A computer plays for" not in line]
    return {"rows": html_rows(at), "cards": sorted(card_keys(at)), "texts": lines}


@pytest.mark.slow
def test_reload_sign_in_and_restart_return_to_the_same_trick(
    page_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    mid = mid_trick(page_db)
    trick = mid.moment.state.view(mid.moment.turn.seat).current_trick  # type: ignore[union-attr]
    hand = {c.iss for c in mid.moment.state.hand(mid.moment.turn.seat)}  # type: ignore[union-attr]

    anna = signed_in(page_db, HOST)  # a new sign-in: straight back to the table, no code typed, no click
    assert anna.session_state["table_id"] == mid.table_id
    assert anna.button(key="table_leave") is not None
    assert 'Leave this table for now"' not in texts(anna)  # no note of the page's code drawn by magic
    first = _picture(anna)
    assert {c.iss for _, c in trick} <= set().union(*first["rows"])  # the trick's cards lie there
    assert {key.rsplit("-", 1)[1] for key in first["cards"]} == hand  # Anna's turn: her hand as buttons

    token = anna.session_state[auth.LEARNER_TOKEN_KEY]
    again = _reloaded(monkeypatch, token)  # a reload: signed in by the cookie, back at the table
    assert again.session_state["table_id"] == mid.table_id
    assert _picture(again) == first

    restarted = TablePlay(TableStore(Store(page_db))).moment(mid.table_id)  # a server restart
    assert restarted.version == mid.moment.version
    assert restarted.turn is not None and restarted.turn.place == mid.moment.turn.place  # type: ignore[union-attr]
    assert restarted.state is not None and mid.moment.state is not None
    assert restarted.state.history == mid.moment.state.history
    seat = mid.moment.turn.seat  # type: ignore[union-attr]
    assert restarted.state.view(seat) == mid.moment.state.view(seat)
    assert _picture(_reloaded(monkeypatch, token)) == first  # the page after it too
