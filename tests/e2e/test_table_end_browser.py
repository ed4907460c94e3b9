"""Real browser (headless Debian Chromium): what the three seats of a shared table see at the end of a deal
and while a player chooses (issue 24). The last trick is clicked card by card; every page then shows the
last trick, the result in a sentence, the settlement and the score sheet by itself, with no reload. A
declarer picks two cards to lay away one right after the other, the second while the page may still be
answering the first, and neither click is lost. Screenshots of every seat at the end, one of them at phone
width.

Each step waits on the page's published state (``data-turn``, ``data-move-count``, ``data-phase``,
``data-picked``; trainer/ui/views/page_state.py); the store says whose turn it is.
"""

from __future__ import annotations

import re

import pytest

from .conftest import (
    new_page,
    one_of,
    screenshot_all_content,
    seated_table,
    sign_in_at_table,
    table_app_fixture,
    wait_state,
)
from .hand import click_last_trick, near_the_end, store_deal

pytestmark = pytest.mark.browser

PASSWORD = "three at one table"
NAMES = ("Dagny", "Erik", "Frida")


table_app = table_app_fixture("e2e-table-end", NAMES, PASSWORD, "streamlit-table-end-e2e.log")


def _sign_in(page, base: str, name: str) -> None:  # type: ignore[no-untyped-def]
    sign_in_at_table(page, base, name, PASSWORD)


def _table(url: str, deals: int):  # type: ignore[no-untyped-def]
    """The three learners seated at a new table (Dagny hosts); the store's table play and the table id."""
    return seated_table(url, NAMES, PASSWORD, deals)


def _trick_cards(page) -> set[str]:  # type: ignore[no-untyped-def]
    codes: set[str] = set()
    for row in re.findall(r'class="skat-trick" data-cards="([^"]*)"', page.content()):
        codes |= set(row.split())
    return codes


def test_the_end_of_a_deal_shows_at_every_seat_without_a_reload(browser, table_app) -> None:  # type: ignore[no-untyped-def]
    base, url = table_app
    play, table_id = _table(url, deals=3)
    state = near_the_end(7)
    store_deal(play, table_id, state)
    pages = []
    for index, name in enumerate(NAMES):
        page = new_page(browser, width=390 if index == 2 else 1280, height=1000)
        _sign_in(page, base, name)
        wait_state(page, f"{name} sees deal 1", deal=1, phase="play")
        assert page.get_by_text("Deal 1 · you are").count() >= 1
        pages.append(page)
    last = click_last_trick(play, table_id, pages)
    final = play.moment(table_id)
    assert final.stored is not None and final.stored.finished
    for place, page in enumerate(pages):  # no reload: the pages get there by themselves
        wait_state(page, f"seat {place} sees the end of the deal", deal=1, phase="finished")
        for text in ("Deal 1 is over", "Score sheet ·", "wins the trick"):
            assert page.get_by_text(text).count() >= 1, f"seat {place} does not show {text!r}"
        assert page.get_by_text(re.compile(r"played .+ for \d+")).count() >= 1, f"seat {place}: no result"
        assert set(last) <= _trick_cards(page), f"seat {place} does not show the last trick"
        assert page.locator("[data-testid=stException]").count() == 0
        assert page.locator(".st-key-table_deal button").count() == 1  # "Next deal", once
        assert page.locator(".st-key-play_say button").count() == 0  # no auction buttons left over
        screenshot_all_content(page, f"table-end-seat{place}")
    for page in pages:
        page.context.close()


def test_two_quick_picks_to_lay_away_are_both_kept(browser, table_app) -> None:  # type: ignore[no-untyped-def]
    from trainer.deal import Seat, random_deal
    from trainer.profiles import INTERNATIONAL
    from trainer.rules import Bid, Hold, Pass, PickUp
    from trainer.table_session import table_game

    base, url = table_app
    play, table_id = _table(url, deals=3)
    state = table_game(INTERNATIONAL).new_deal(deal=random_deal(5, INTERNATIONAL))
    for move in (Bid(Seat.MIDDLEHAND, 18), Hold(Seat.FOREHAND), Pass(Seat.MIDDLEHAND), Pass(Seat.REARHAND)):
        state.apply(move)
    state.apply(PickUp(Seat.FOREHAND))
    store_deal(play, table_id, state)
    page = new_page(browser, width=1280, height=1000)
    _sign_in(page, base, NAMES[0])  # the host: place 0 plays forehand in deal 1, the declarer
    before = wait_state(page, "the declarer lays away", deal=1, phase="discard", turn="me", picked="")
    first, second = (card.iss for card in state.hand(Seat.FOREHAND)[:2])
    # The second pick right after the first, while the page may still be answering it: no wait between.
    page.locator(f".st-key-play_card-{first} button").click()
    page.locator(f".st-key-play_card-{second} button").click()
    after = wait_state(
        page, "both picks kept", since=before.run, picked=one_of(f"{first} {second}", f"{second} {first}")
    )
    assert after["phase"] == "discard" and after.number("move-count") == before.number("move-count")
    label = page.locator(".st-key-play_two button").inner_text()
    assert label.startswith("Lay away") and len(label.split()) == 4, label  # both cards picked
    screenshot_all_content(page, "table-discard-two-picks")
    page.context.close()
