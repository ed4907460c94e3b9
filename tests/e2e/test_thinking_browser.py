"""Real browser (headless Debian Chromium), phone width: after the learner says nothing in the kontra /
Spørge window, the table names the computer it waits on in that seat's place, as a status line a screen
reader announces, in both languages, and nothing pushes the page sideways. The computer's card is held
back by a one-minute pace, so the page stays waiting on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.play.helpers import store_state
from tests.play.test_thinking import _at_the_window
from trainer.deal import Seat

from .conftest import above, click, new_page, open_app, run_app, screenshot, sideways_overflow

pytestmark = pytest.mark.browser

CASES = (
    ("international", "en", "Left · middlehand is thinking…"),
    ("danish", "da", "Venstre · mellemhånd tænker…"),
)


@pytest.fixture(scope="module")
def db_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{Path(tmp_path_factory.mktemp('thinking')) / 'play.sqlite'}"


@pytest.fixture(scope="module")
def app_url(db_url: str) -> Iterator[str]:
    env = {"SKAT_TRAINER_DB_URL": db_url, "SKAT_TRAINER_PLAY_PACE": "60"}
    with run_app("streamlit-thinking-e2e.log", env) as url:
        yield url


@pytest.mark.parametrize(("rules", "lang", "said"), CASES)
def test_the_table_says_who_is_thinking_at_phone_width(
    browser, app_url: str, db_url: str, rules: str, lang: str, said: str
) -> None:  # type: ignore[no-untyped-def]
    token = f"thinking{lang}"
    state = _at_the_window(rules, Seat.MIDDLEHAND)
    store_state(db_url, token, state, Seat.FOREHAND, coach="none")
    page = new_page(browser, width=390, height=900)
    try:
        before = open_app(page, f"{app_url}/game?lang={lang}&rules={rules}&evening={token}", turn="me")
        assert page.locator(".skat-thinking").count() == 0
        click(
            page,
            page.locator(".st-key-play_window_0 button"),
            "say nothing",
            move_count=above(before.number("move-count")),
            turn="other",
        )
        marker = page.locator(".skat-thinking")
        assert marker.count() == 1
        assert marker.inner_text().split() == said.split()
        assert (marker.get_attribute("role"), marker.get_attribute("aria-live")) == ("status", "polite")
        assert marker.get_attribute("data-seat") == "MIDDLEHAND"
        assert sideways_overflow(page) == 0
        screenshot(page, f"play-thinking-{lang}-phone")
    finally:
        page.context.close()
