"""Real browser (headless Debian Chromium): what the three seats of a shared table see at the end of a deal
and while a player chooses (issue 24). The last trick is clicked card by card; every page then shows the
last trick, the result in a sentence, the settlement and the score sheet by itself, with no reload. A
declarer picks two cards to lay away half a second apart and neither click is lost (the page does not
redraw on its player's turn). Screenshots of every seat at the end, one of them at phone width.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import IDLE, open_app, run_app, screenshot_all_content

pytestmark = pytest.mark.browser

PASSWORD = "three at one table"
NAMES = ("Dagny", "Erik", "Frida")


@pytest.fixture(scope="module")
def table_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    from trainer.store import Store
    from trainer.store.accounts import AccountStore
    from trainer.store.classes import ClassStore

    url = f"sqlite:///{Path(tmp_path_factory.mktemp('e2e-table-end')) / 'tables.sqlite'}"
    store = Store(url)
    accounts = AccountStore(ClassStore(store))
    for name in NAMES:
        accounts.sign_up(name, PASSWORD, client="e2e")
    store.dispose()
    with run_app("streamlit-table-end-e2e.log", {"SKAT_TRAINER_DB_URL": url}) as base:
        yield base, url


def _sign_in(page, base: str, name: str) -> None:  # type: ignore[no-untyped-def]
    open_app(page, f"{base}/table?lang=en&rules=international")
    page.locator(".st-key-table_account_signin_name input").fill(name)
    page.locator(".st-key-table_account_signin_secret input").fill(PASSWORD)
    page.locator(".st-key-table_account_signin_submit button").click()


def _table(url: str, deals: int):  # type: ignore[no-untyped-def]
    """The three learners seated at a new table (Dagny hosts); the store's table play and the table id."""
    from trainer.store import Store
    from trainer.store.accounts import AccountStore
    from trainer.store.classes import ClassStore
    from trainer.store.tables import TablePlay, TableStore

    store = Store(url)
    accounts = AccountStore(ClassStore(store))
    ids = [accounts.sign_in(name, PASSWORD, client="e2e-setup").id for name in NAMES]
    tables = TableStore(store)
    table = tables.open_table(
        host_learner_id=ids[0], host_name=NAMES[0], profile_name="international", scheme="list",
        deals_planned=deals, bot_level="club", idle_seconds=3600,
    )  # fmt: skip
    for place in (1, 2):
        tables.join(table.code, learner_id=ids[place], name=NAMES[place], client=f"e2e{place}")
    return TablePlay(tables), table.id


def _store_deal(play, table_id: int, state) -> None:  # type: ignore[no-untyped-def]
    """Make ``state`` the table's next deal (as if played so far)."""
    now = play.start_next_deal(table_id, seed=1)
    assert play.play.save_deal(now.stored.id, state, seen=now.stored.move_count)


def _near_the_end(seed: int):  # type: ignore[no-untyped-def]
    """An international grand hand (forehand, bid 18) played by the computers' rules to the last trick."""
    import random

    from trainer.bots import choose
    from trainer.deal import Seat, random_deal
    from trainer.game import NoCall, Phase
    from trainer.games import Declaration, GameType
    from trainer.profiles import INTERNATIONAL
    from trainer.table_session import table_game

    grand = Declaration(GameType.GRAND, hand=True)
    state = table_game(INTERNATIONAL).with_contract(
        random_deal(seed, INTERNATIONAL), Seat.FOREHAND, grand, bid=18
    )
    rng = random.Random(seed)
    while state.game is None or len(state.game.tricks) < 9 or state.game.current_trick:
        seat = state.to_move
        assert seat is not None and state.phase is not Phase.FINISHED
        move = (
            NoCall(seat) if state.phase is Phase.KNOCK else choose(state.view(seat), "beginner", rng=rng).move
        )
        state.apply(move)
    return state


def _trick_cards(page) -> set[str]:  # type: ignore[no-untyped-def]
    codes: set[str] = set()
    for row in re.findall(r'class="skat-trick" data-cards="([^"]*)"', page.content()):
        codes |= set(row.split())
    return codes


def test_the_end_of_a_deal_shows_at_every_seat_without_a_reload(browser, table_app) -> None:  # type: ignore[no-untyped-def]
    from trainer.game import PlayCard
    from trainer.table_session import place_of_seat

    base, url = table_app
    play, table_id = _table(url, deals=3)
    state = _near_the_end(7)
    _store_deal(play, table_id, state)
    pages = []
    for index, name in enumerate(NAMES):
        page = browser.new_context(viewport={"width": 390 if index == 2 else 1280, "height": 1000}).new_page()
        _sign_in(page, base, name)
        page.get_by_text("Deal 1 · you are").first.wait_for(timeout=60_000)
        pages.append(page)
    last: list[str] = []
    for _ in range(3):  # the last trick, clicked card by card on each player's page
        now = play.moment(table_id)
        assert now.state is not None and now.turn is not None
        card = next(m.card for m in now.state.view(now.turn.seat).legal_moves if isinstance(m, PlayCard))
        page = pages[place_of_seat(now.turn.seat, 1)]
        button = page.locator(f".st-key-play_card-{card.iss} button")
        button.wait_for(timeout=60_000)
        page.wait_for_selector(IDLE, timeout=60_000)
        button.click()
        last.append(card.iss)
        for _ in range(200):
            if play.moment(table_id).version != now.version:
                break
            page.wait_for_timeout(100)
    final = play.moment(table_id)
    assert final.stored is not None and final.stored.finished
    for place, page in enumerate(pages):  # no reload: the pages get there by themselves
        page.get_by_text("Deal 1 is over").first.wait_for(timeout=30_000)
        page.get_by_text("Score sheet ·").first.wait_for(timeout=30_000)
        page.get_by_text(re.compile(r"played \S+ for")).first.wait_for(timeout=30_000)
        page.get_by_text("wins the trick").first.wait_for(timeout=30_000)
        assert set(last) <= _trick_cards(page), f"seat {place} does not show the last trick"
        assert page.locator("[data-testid=stException]").count() == 0
        assert page.locator(".st-key-table_deal button").count() == 1  # "Next deal", once
        assert page.locator(".st-key-play_say button").count() == 0  # no auction buttons left over
        screenshot_all_content(page, f"table-end-seat{place}")
    for page in pages:
        page.context.close()


def test_two_quick_picks_to_lay_away_are_both_kept(browser, table_app) -> None:  # type: ignore[no-untyped-def]
    from trainer.deal import Seat, random_deal
    from trainer.game import Bid, Hold, Pass, PickUp
    from trainer.profiles import INTERNATIONAL
    from trainer.table_session import table_game

    base, url = table_app
    play, table_id = _table(url, deals=3)
    state = table_game(INTERNATIONAL).new_deal(deal=random_deal(5, INTERNATIONAL))
    for move in (Bid(Seat.MIDDLEHAND, 18), Hold(Seat.FOREHAND), Pass(Seat.MIDDLEHAND), Pass(Seat.REARHAND)):
        state.apply(move)
    state.apply(PickUp(Seat.FOREHAND))
    _store_deal(play, table_id, state)
    page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    _sign_in(page, base, NAMES[0])  # the host: place 0 plays forehand in deal 1, the declarer
    page.locator(".st-key-play_two").wait_for(timeout=60_000)
    page.wait_for_selector(IDLE, timeout=60_000)
    first, second = (card.iss for card in state.hand(Seat.FOREHAND)[:2])
    page.locator(f".st-key-play_card-{first} button").click()
    page.wait_for_timeout(500)  # the second pick half a second later, while the page may still be drawing
    page.locator(f".st-key-play_card-{second} button").click()
    page.wait_for_selector(IDLE, timeout=60_000)
    page.wait_for_timeout(1_500)  # a poll would have redrawn by now
    page.wait_for_selector(IDLE, timeout=60_000)
    label = page.locator(".st-key-play_two button").inner_text()
    assert label.startswith("Lay away") and len(label.split()) == 4, label  # both cards picked
    screenshot_all_content(page, "table-discard-two-picks")
    page.context.close()
