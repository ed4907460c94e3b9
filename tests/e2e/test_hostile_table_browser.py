"""Real browser: a shared-table deal played out with a hostile name at every seat (issue 44). The name
``![p](http://127.0.0.1:8619/p.png)[L](htt`` won the auction and, at the end of the deal, both seats'
pages carried ``<img src="http://127.0.0.1:8619/p.png">`` and fetched it. Here three such names play the
last trick by clicks; every page then shows the result line with the names as typed, and no page has an
image, a link or an element a name made, nor asked the network for anything a name points at."""

from __future__ import annotations

import re

import pytest

from .conftest import new_page, seated_table, sign_in_at_table, table_app_fixture, wait_state
from .hand import click_last_trick, near_the_end, store_deal

pytestmark = pytest.mark.browser

PASSWORD = "names are only text"
NAMES = (
    "![p](http://127.0.0.1:8619/p.png)[L](htt",
    "[Prize](http://x.test/)h1 <b>B</b>",
    "<img src=//127.0.0.1:8619/q.png>a@b.test",  # names have at most 40 characters
)
POINTED_AT = ("127.0.0.1:8619", "x.test", "b.test")


table_app = table_app_fixture("e2e-hostile-table", NAMES, PASSWORD, "streamlit-hostile-table.log")


def test_a_deal_played_out_with_hostile_names_links_and_loads_nothing(browser, table_app) -> None:  # type: ignore[no-untyped-def]
    from trainer.table_session import place_of_seat

    base, url = table_app
    play, table_id = seated_table(url, NAMES, PASSWORD, 3)
    state = near_the_end(7)
    store_deal(play, table_id, state)
    fetched: list[str] = []
    pages = []
    for index, name in enumerate(NAMES):
        page = new_page(browser, width=390 if index == 2 else 1280, height=1000)
        page.on("request", lambda request: fetched.append(request.url))
        sign_in_at_table(page, base, name, PASSWORD)
        wait_state(page, f"seat {index} sees deal 1", deal=1, phase="play")
        pages.append(page)
    click_last_trick(play, table_id, pages)
    declarer = NAMES[place_of_seat(state.declarer, 1)] if state.declarer is not None else ""
    for place, page in enumerate(pages):
        wait_state(page, f"seat {place} sees the end of the deal", deal=1, phase="finished")
        main = page.locator("[data-testid=stMain]")
        line = main.get_by_text(re.compile(r"played .+ for \d+")).first
        shown = line.inner_text().translate(str.maketrans("", "", "\u2068\u2069\u2060"))
        assert declarer in shown, (declarer, shown)  # the name as typed, whole
        assert page.locator("[data-testid=stMain] img[src*='8619']").count() == 0
        hrefs = page.eval_on_selector_all("[data-testid=stMain] a[href]", "els => els.map(e => e.href)")
        assert not [h for h in hrefs if any(part in h for part in POINTED_AT)], hrefs
        bold = page.eval_on_selector_all("[data-testid=stMain] b", "els => els.map(e => e.textContent)")
        assert "B" not in bold
        assert page.locator("[data-testid=stException]").count() == 0
    assert not [u for u in fetched if any(part in u for part in POINTED_AT)], fetched
    for page in pages:
        page.context.close()
