"""Real browser (headless Debian Chromium): three learners in three browser contexts sit at one shared
table — one opens it, two join with its code — and play by clicking; each page shows only its own hand
(nothing of another seat's cards is in its HTML at the start of the deal). Screenshots from every seat,
one of them at phone width. Skipped only when /usr/bin/chromium is missing (scripts/test.sh installs it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import IDLE, open_app, run_app, screenshot_all_content

pytestmark = pytest.mark.browser

PASSWORD = "three at one table"
NAMES = ("Astrid", "Bjørn", "Carla")
ENOUGH_MOVES = 20
"""Moves after which the test has seen the auction, the skat and several tricks go round the three pages."""
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


@pytest.fixture(scope="module")
def table_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    from trainer.store import Store
    from trainer.store.accounts import AccountStore
    from trainer.store.classes import ClassStore

    url = f"sqlite:///{Path(tmp_path_factory.mktemp('e2e-tables')) / 'tables.sqlite'}"
    store = Store(url)
    accounts = AccountStore(ClassStore(store))
    for name in NAMES:
        accounts.sign_up(name, PASSWORD, client="e2e")
    store.dispose()
    with run_app("streamlit-tables-e2e.log", {"SKAT_TRAINER_DB_URL": url}) as base:
        yield base, url


def _idle(page) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_selector(IDLE, timeout=60_000)


def _click(page, locator) -> bool:  # type: ignore[no-untyped-def]
    """Click if it is there (the table's fragment redraws every second, so an element may be replaced)."""
    try:
        if not locator.count() or not locator.first.is_enabled():
            return False
        locator.first.scroll_into_view_if_needed(timeout=5_000)
        locator.first.click(timeout=5_000)
    except Exception:
        return False
    _idle(page)
    return True


def _sign_in(page, base: str, name: str) -> None:  # type: ignore[no-untyped-def]
    open_app(page, f"{base}/table?lang=en&rules=international")
    page.locator(".st-key-table_account_signin_name input").fill(name)
    page.locator(".st-key-table_account_signin_secret input").fill(PASSWORD)
    page.locator(".st-key-table_account_signin_submit button").click()
    page.locator(".st-key-table_open_submit button").wait_for(timeout=60_000)


def _shown_cards(page) -> set[str]:  # type: ignore[no-untyped-def]
    """Every card code the page's HTML names face up (card rows and card buttons)."""
    html = page.content()
    codes = set(re.findall(r"st-key-play_card-([CSHD][789TJQKA])", html))
    for row in re.findall(r'data-cards="([^"]*)"', html):
        codes |= {code for code in row.split() if code != "back"}
    return codes


def test_three_learners_play_at_one_table(browser, table_app: tuple[str, str]) -> None:  # type: ignore[no-untyped-def]
    from sqlalchemy import select

    from trainer.store import Store
    from trainer.store.table_models import SharedTableRow
    from trainer.store.tables import TablePlay, TableStore
    from trainer.table_session import seat_of_place

    base, url = table_app
    pages = []
    for index, name in enumerate(NAMES):
        width = 390 if index == 2 else 1280
        page = browser.new_context(viewport={"width": width, "height": 1000}).new_page()
        _sign_in(page, base, name)
        pages.append(page)
    host, *guests = pages
    assert _click(host, host.locator(".st-key-table_open_submit button"))
    host.locator(".st-key-table_leave button").wait_for(timeout=30_000)
    code = re.search(r"Table code ([A-Z0-9]{9})", host.inner_text("body"))
    assert code, host.inner_text("body")
    for guest in guests:
        guest.locator(".st-key-table_code input").fill(code.group(1))
        assert _click(guest, guest.locator(".st-key-table_join_submit button"))
    host.locator(".st-key-table_deal button").wait_for(timeout=30_000)

    store = Store(url)
    play = TablePlay(TableStore(store))
    with store.engine.connect() as conn:
        found = select(SharedTableRow.id).where(SharedTableRow.code == code.group(1))
        table_id = conn.execute(found).scalar_one()
    table = TableStore(store).get(table_id)
    for _ in range(20):  # the table's fragment redraws each second: click "Deal" until the deal exists
        now = play.moment(table.id)
        if now.state is not None:
            break
        _click(host, host.locator(".st-key-table_deal button"))
    assert now.state is not None
    hands = {place: {c.iss for c in now.state.hand(seat_of_place(place, 1))} for place in range(3)}
    for place, page in enumerate(pages):
        page.get_by_text("Deal 1 · you are").first.wait_for(timeout=30_000)
        _idle(page)
        others = set().union(*(hands[p] for p in range(3) if p != place)) | {
            c.iss for c in now.state.deal.skat
        }
        assert hands[place] <= _shown_cards(page), f"seat {place} does not see its own hand"
        assert not _shown_cards(page) & others, f"seat {place} sees another seat's card"
        screenshot_all_content(page, f"table-start-seat{place}")

    said = False
    for _ in range(300):
        moment = play.moment(table.id)
        assert moment.stored is not None
        if moment.stored.finished or moment.stored.move_count >= ENOUGH_MOVES or moment.turn is None:
            break
        page = pages[moment.turn.place]
        assert page.locator("[data-testid=stException]").count() == 0
        if not said and _click(page, page.locator(".st-key-play_say button")):  # one bid, so a game is played
            said = True
            continue
        for key in PLAY_ORDER:
            if _click(page, page.locator(f".st-key-{key} button")):
                break
        else:
            cards = page.locator("[class*='st-key-play_card-'] button:enabled")
            if page.locator(".st-key-play_two").count():
                _click(page, cards.nth(0))
                _click(page, page.locator("[class*='st-key-play_card-'] button:enabled").nth(1))
                _click(page, page.locator(".st-key-play_two button"))
            else:
                for index in range(cards.count()):
                    if (
                        _click(page, cards.nth(index))
                        and not page.locator("[data-testid=stAlertContentError]").count()
                    ):
                        break
                _idle(page)
    else:
        pytest.fail("the table did not get through the auction and into the tricks")
    final = play.moment(table.id)
    assert final.stored is not None and (final.stored.finished or final.stored.move_count >= ENOUGH_MOVES)
    for place, page in enumerate(pages):
        screenshot_all_content(page, f"table-play-seat{place}")
    store.dispose()
