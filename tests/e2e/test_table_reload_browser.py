"""Real browser, phone width: a learner who sits at two shared tables reloads the tab of the older one just
as her card is due, and is back at that table with her cards to click (issue 44: a reload sent her to the
newer table, and the turn waiting at the older one was never offered; the tab's table is now in its address,
``?code=…``, which a reload keeps)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import click, new_page, seated_table, sign_in_at_table, table_server, wait_state
from .hand import grand_hand_at_first_lead

pytestmark = pytest.mark.browser

PASSWORD = "two tables, one tab"
NAMES = ("Mette", "Niels", "Ole")


def test_a_reload_keeps_the_tab_at_its_table(browser, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    with table_server(tmp_path, NAMES, PASSWORD, "streamlit-table-reload.log") as (base, url):
        play, older = seated_table(url, NAMES, PASSWORD, 2)
        now = play.start_next_deal(older, seed=1)
        assert now.stored is not None
        assert play.play.save_deal(now.stored.id, grand_hand_at_first_lead(5), seen=now.stored.move_count)
        moment = play.moment(older)
        assert moment.turn is not None and moment.turn.place == 0  # deal 1: place 0 is forehand and leads
        code = moment.table.code
        host = moment.table.seats[0].learner_id
        assert host is not None
        newer = play.tables.open_table(
            host_learner_id=host, host_name=NAMES[0], profile_name="international", scheme="list",
            deals_planned=2, bot_level="club", idle_seconds=3600,
        )  # fmt: skip

        page = new_page(browser, width=390, height=900)
        sign_in_at_table(page, base, NAMES[0], PASSWORD)
        wait_state(page, "signed in: at her newest table", table=newer.code)
        click(page, page.locator(".st-key-table_leave button"), "she leaves it for now", table="")
        click(
            page,
            page.locator(f".st-key-table_go_{older} button"),
            "she goes to the older table, where her card is due",
            table=code,
            turn="me",
        )

        page.reload()
        state = wait_state(page, "reloaded: the same table, her turn", table=code, turn="me")
        assert f"code={code}" in page.url
        legal = state.words("legal")
        assert legal, state
        card = page.locator(f".st-key-play_card-{legal[0]} button")
        assert card.is_enabled()
        moves = int(state["move-count"])
        click(page, card, f"she plays {legal[0]}", table=code, move_count=str(moves + 1))
        assert play.moment(older).version == (1, moves + 1)
