"""Real browser (headless Debian Chromium): three learners in three browser contexts sit at one shared
table — one opens it, two join with its code — and play by clicking; each page shows only its own hand
(nothing of another seat's cards is in its HTML at the start of the deal). Screenshots from every seat,
one of them at phone width.

The table's fragment redraws itself whenever the table changes, so a step never waits for "a run": it
waits until the page's published state (``data-table``, ``data-full``, ``data-turn``, ``data-move-count``,
``data-picked``) shows what the act changes. The store says whose turn it is; that seat's page must show
it. Skipped only when /usr/bin/chromium is missing (scripts/test.sh installs it).
"""

from __future__ import annotations

import re

import pytest

from .conftest import (
    above,
    choose_first,
    click,
    new_context,
    not_,
    screenshot_all_content,
    sign_in_at_table,
    table_app_fixture,
    wait_state,
)
from .hand import card_codes, offered

pytestmark = pytest.mark.browser

PASSWORD = "three at one table"
NAMES = ("Astrid", "Bjørn", "Carla")
ENOUGH_MOVES = 20
"""Moves after which the test has seen the auction, the skat and several tricks go round the three pages."""
IDLE_LIMIT = 3600
"""The table's idle limit in this test: no computer takes over a seat whose test is merely slow."""
PLAY_ORDER = (
    "play_hold",
    "play_pass",
    "play_pickup",
    "play_declare_go",
    "play_window_0",
    "play_ramse_0",
    "play_throw",
)
"""What a modest player clicks when it is offered (holds, then passes; picks up; declares the suggestion)."""


table_app = table_app_fixture("e2e-tables", NAMES, PASSWORD, "streamlit-tables-e2e.log")


def _sign_in(page, base: str, name: str) -> None:  # type: ignore[no-untyped-def]
    sign_in_at_table(page, base, name, PASSWORD)


def _shown_cards(page) -> set[str]:  # type: ignore[no-untyped-def]
    """Every card code the page's HTML names face up (card rows and card buttons)."""
    html = page.content()
    codes = set(re.findall(r"st-key-play_card-([CSHD][789TJQKA])", html))
    for row in re.findall(r'data-cards="([^"]*)"', html):
        codes |= {code for code in row.split() if code != "back"}
    return codes


def _move(page, place: int, moves: int, said: list[bool]) -> None:  # type: ignore[no-untyped-def]
    """The seat at ``place`` makes one move on its page (its turn, ``moves`` made so far)."""
    state = wait_state(
        page, f"seat {place} sees its turn at move {moves}", turn="me", away=False, move_count=moves
    )
    phase = state["phase"]
    step = f"seat {place}, move {moves + 1} ({phase})"
    if phase in ("discard", "ramse_exchange"):
        first, second = card_codes(page)[:2]
        click(page, page.locator(f".st-key-play_card-{first} button"), f"{step}: pick {first}", picked=first)
        picked = " ".join(code for code in card_codes(page) if code in (first, second))
        click(
            page, page.locator(f".st-key-play_card-{second} button"), f"{step}: pick {second}", picked=picked
        )
        click(page, page.locator(".st-key-play_two button"), step, move_count=above(moves))
        return
    if phase == "play":
        card = state.words("legal")[0]
        click(
            page, page.locator(f".st-key-play_card-{card} button"), f"{step}: {card}", move_count=above(moves)
        )
        return
    if not said[0] and (button := offered(page, "play_say")) is not None:  # one bid, so a game is played
        said[0] = True
        click(page, button, f"{step}: say a bid", move_count=above(moves))
        return
    if (
        phase == "declare"
        and page.locator(".st-key-play_declare").count()
        and offered(page, "play_declare_go") is None
    ):
        # no game is chosen yet for the seat (a seat whose games all stay below the bid throws instead)
        choose_first(page, "play_declare", f"{step}: choose a game")
    for key in PLAY_ORDER:
        if (button := offered(page, key)) is not None:
            click(page, button, f"{step}: {key}", move_count=above(moves))
            return
    raise AssertionError(f"{step}: the seat's turn offers none of {PLAY_ORDER}; the page showed {state}")


def test_three_learners_play_at_one_table(browser, table_app: tuple[str, str]) -> None:  # type: ignore[no-untyped-def]
    from trainer.store import Store
    from trainer.store.tables import TablePlay, TableStore
    from trainer.table_session import seat_of_place

    base, url = table_app
    contexts = [new_context(browser, width=390 if index == 2 else 1280, height=1000) for index in range(3)]
    pages = [context.new_page() for context in contexts]
    for page, name in zip(pages, NAMES, strict=True):
        _sign_in(page, base, name)
    host, *guests = pages
    host.locator(".st-key-table_idle input").fill(str(IDLE_LIMIT))
    state = click(host, host.locator(".st-key-table_open_submit button"), "open a table", table=not_(""))
    code = state["table"]
    for place, guest in enumerate(guests, start=1):
        guest.locator(".st-key-table_code input").fill(code)
        click(guest, guest.locator(".st-key-table_join_submit button"), f"seat {place} joins", table=code)
    wait_state(host, "the table is full", table=code, full=True)
    click(host, host.locator(".st-key-table_deal button"), "deal the cards", deal=1, phase=not_("none"))

    store = Store(url)
    tables = TableStore(store)
    play = TablePlay(tables)
    table_id = _table_id(store, code)
    assert tables.get(table_id).idle_seconds == IDLE_LIMIT
    now = play.moment(table_id)
    assert now.state is not None
    hands = {place: {c.iss for c in now.state.hand(seat_of_place(place, 1))} for place in range(3)}
    for place, page in enumerate(pages):
        wait_state(page, f"seat {place} sees deal 1", deal=1, phase=not_("none"))
        assert page.get_by_text("Deal 1 · you are").count() >= 1
        others = set().union(*(hands[p] for p in range(3) if p != place)) | {
            c.iss for c in now.state.deal.skat
        }
        assert hands[place] <= _shown_cards(page), f"seat {place} does not see its own hand"
        assert not _shown_cards(page) & others, f"seat {place} sees another seat's card"
        screenshot_all_content(page, f"table-start-seat{place}")

    said = [False]
    for _ in range(ENOUGH_MOVES + 5):
        moment = play.moment(table_id)
        assert moment.stored is not None
        if moment.stored.finished or moment.stored.move_count >= ENOUGH_MOVES or moment.turn is None:
            break
        assert not moment.turn.by_computer, "a computer took over a seat of this test"
        page = pages[moment.turn.place]
        assert page.locator("[data-testid=stException]").count() == 0
        _move(page, moment.turn.place, moment.stored.move_count, said)
    else:
        pytest.fail("the table did not get through the auction and into the tricks")
    final = play.moment(table_id)
    assert final.stored is not None and (final.stored.finished or final.stored.move_count >= ENOUGH_MOVES)
    for place, page in enumerate(pages):
        wait_state(page, f"seat {place} shows the last move", move_count=final.stored.move_count)
        screenshot_all_content(page, f"table-play-seat{place}")
    store.dispose()
    for context in contexts:
        context.close()


def _table_id(store, code: str) -> int:  # type: ignore[no-untyped-def]
    from sqlalchemy import select

    from trainer.store.table_models import SharedTableRow

    with store.engine.connect() as conn:
        return int(conn.execute(select(SharedTableRow.id).where(SharedTableRow.code == code)).scalar_one())
