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

import re
from datetime import UTC, datetime, timedelta

import pytest
from streamlit.testing.v1 import AppTest

from tests.play.driver import card_keys
from tests.tables.helpers import GUEST, HOST, PAGE, mid_trick, signed_in
from tests.ui.helpers import APP, make_account, sign_in_on_account_page
from trainer.i18n import get_translator
from trainer.profiles import INTERNATIONAL
from trainer.store import Store
from trainer.store.tables import SharedTable, TableMoment, TablePlay, TableStore
from trainer.ui import auth
from trainer.ui.context import PageContext
from trainer.ui.pages.table import CODE_PARAM, TABLE_KEY, idle_countdown
from trainer.ui.views.page_state import parse_state

T0 = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


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


def _open_table(
    url: str, learner: int, *, idle_seconds: int = 3600, at: datetime | None = None
) -> SharedTable:
    """A new one-deal table hosted by ``learner`` (the other places empty)."""
    return TableStore(Store(url)).open_table(
        host_learner_id=learner,
        host_name=HOST,
        profile_name="international",
        scheme="list",
        deals_planned=1,
        bot_level="beginner",
        idle_seconds=idle_seconds,
        at=at,
    )


@pytest.mark.slow
def test_a_reload_keeps_the_tab_at_its_table_when_the_learner_sits_at_two(
    page_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    mid = mid_trick(page_db)
    newer = _open_table(page_db, mid.learners[0]).id  # newer: the one a guess by "newest" picks
    hand = {c.iss for c in mid.moment.state.hand(mid.moment.turn.seat)}  # type: ignore[union-attr]

    store = TableStore(Store(page_db))
    anna = signed_in(page_db, HOST)
    assert anna.session_state[TABLE_KEY] == newer  # a fresh sign-in goes to her newest table
    assert anna.query_params[CODE_PARAM] == store.get(newer).code
    anna.button(key="table_leave").click().run()
    assert CODE_PARAM not in anna.query_params  # left: a reload is not to take her back there
    anna.button(key=f"table_go_{mid.table_id}").click().run()  # "Your tables": the one with her turn
    assert anna.session_state[TABLE_KEY] == mid.table_id
    assert anna.query_params[CODE_PARAM] == store.get(mid.table_id).code
    assert _offered_cards(anna) == hand
    assert _state(anna)["turn"] == "me"

    again = _reload(monkeypatch, anna)
    assert again.session_state[TABLE_KEY] == mid.table_id, (
        f"the reload went to table {again.session_state.get(TABLE_KEY)} (the newer one is {newer})"
    )
    assert _offered_cards(again) == hand
    state = _state(again)
    assert state["turn"] == "me" and state["table"] == store.get(mid.table_id).code


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


@pytest.mark.parametrize(("limit", "waited"), [(3600, 197), (3600, 0), (60, 59), (10, 10), (60, 61)])
def test_the_wait_clock_counts_from_the_move_that_gave_the_turn(
    page_db: str, limit: int, waited: int
) -> None:
    """'Waiting for … (3403 s)' is the idle limit less the seconds since the deal's last saved move (the one
    that made it this seat's turn), never more than the limit: 3403 s comes only from a limit of at least
    3403 s (the form allows up to an hour, the harnesses use an hour) and a turn some 197 s old, not from a
    clock an hour out."""
    store = TableStore(Store(page_db))
    host = make_account(page_db, HOST)
    table = _open_table(page_db, host, idle_seconds=limit, at=T0)
    store.fill_with_computer(table.id, 1, by_learner_id=host)
    store.fill_with_computer(table.id, 2, by_learner_id=host)
    play = TablePlay(store)
    started = play.start_next_deal(table.id, at=T0, seed=1)
    assert started.changed_at == T0
    for _ in range(60):  # the computers move (at T0) until the host is to move
        now = play.moment(table.id, T0)
        assert now.turn is not None
        if now.turn.place == 0:
            break
        assert play.computer_step(table.id, time_ms=20, at=T0)
    later = play.moment(table.id, T0 + timedelta(seconds=waited))
    assert later.turn is not None and later.turn.place == 0
    assert later.turn.idle_left == max(0, limit - waited) <= limit
    assert later.turn.by_computer is (waited >= limit)


def _computer_before_anna(now: TableMoment) -> bool:
    """The computer (place 2) is to play a card with Anna (place 0) after it in the same trick: Anna's page
    makes that move itself when it runs (a due computer move), and it is then her turn."""
    assert now.state is not None and now.turn is not None
    return now.turn.place == 2 and len(now.state.view(now.turn.seat).current_trick) < 2


@pytest.mark.slow
def test_a_turn_that_comes_during_the_seats_own_run_is_offered(page_db: str) -> None:
    """The page's run reads the table (the computer to move), its table part then lets the computer move
    (Anna's turn now): the run's picture is out of date, the page runs again and offers her cards."""
    before = mid_trick(page_db, until=_computer_before_anna)
    anna = signed_in(page_db, HOST)
    assert not anna.exception, anna.exception
    now = TablePlay(TableStore(Store(page_db))).moment(before.table_id)
    assert now.version != before.moment.version and now.turn is not None and now.turn.place == 0
    hand = {c.iss for c in now.state.hand(now.turn.seat)}  # type: ignore[union-attr]
    assert _offered_cards(anna) == hand
    assert _state(anna)["turn"] == "me"


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize(
    ("left", "number", "unit"),
    [(3403.0, 57, "minute"), (119.2, 2, "minute"), (118.6, 119, "second"), (1.0, 1, "second"),
     (0.0, 0, "second"), (3600.0, 60, "minute")],
)  # fmt: skip
def test_the_idle_clock_is_said_as_a_countdown_to_the_computer(
    lang: str, left: float, number: int, unit: str
) -> None:
    """Issue 44's "Waiting for … (3403 s)" read as 3403 s waited; it was the time left before a computer
    plays for the seat to move. The caption now says so, in seconds under two minutes, else whole minutes
    rounded up (an hour's limit less 197 s is 57 minutes), at the waiting seats and at the seat to move."""
    ctx = PageContext(lang, INTERNATIONAL, get_translator(lang))
    words = {
        "en": {"second": "second", "minute": "minute", "computer": "A computer plays for"},
        "da": {"second": "sekund", "minute": "minut", "computer": "spiller en computer for"},
    }[lang]
    theirs = idle_countdown(left, ctx, who="**Bo**")
    mine = idle_countdown(left, ctx)
    for said in (theirs, mine):
        assert words["computer"] in said
        assert re.search(rf"\b{number} {words[unit]}", said), said
        assert str(int(left)) not in said or int(left) == number  # never the raw count of seconds
    assert "**Bo**" in theirs and "**Bo**" not in mine


@pytest.mark.slow
def test_a_waiting_seat_reads_how_long_until_a_computer_plays_for_the_seat_to_move(page_db: str) -> None:
    mid = mid_trick(page_db)  # Anna to move at a table that waits an hour
    bo = signed_in(page_db, GUEST)
    captions = [c.value for c in bo.caption]
    waiting = [c for c in captions if "A computer plays for them" in c]
    assert len(waiting) == 1, captions
    assert HOST in waiting[0] and re.search(r"in (59|60) minutes\.", waiting[0]), waiting[0]
    assert TablePlay(TableStore(Store(page_db))).moment(mid.table_id).turn.place == 0  # type: ignore[union-attr]
