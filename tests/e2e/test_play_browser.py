"""Real browser (headless Debian Chromium): a learner plays a whole deal on the Play page by clicking, at
desktop and phone width — deal, auction, skat (when the learner becomes declarer), card play and the result
— with screenshots of each stage kept as test artefacts.

The app runs with its own SQLite file and a quicker pace for the computer opponents. Skipped only when
/usr/bin/chromium is missing (scripts/test.sh installs it, so CI runs this).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import IDLE, open_app, rerun, run_app, screenshot_all_content

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = Path(tmp_path_factory.mktemp("play")) / "play.sqlite"
    env = {"SKAT_TRAINER_DB_URL": f"sqlite:///{db}", "SKAT_TRAINER_PLAY_PACE": "0.3"}
    with run_app("streamlit-play-e2e.log", env) as url:
        yield url


def _idle(page) -> None:  # type: ignore[no-untyped-def]
    """Wait until the app is idle. While the opponents' fragment ticks the app is idle only between ticks, so
    a miss is not an error: the loop looks at the page again either way."""
    try:
        page.wait_for_selector(IDLE, timeout=10_000)
    except Exception:
        return


def _enabled(page, key: str):  # type: ignore[no-untyped-def]
    button = page.locator(f".st-key-{key} button")
    if button.count() and button.first.is_visible() and button.first.is_enabled():
        return button.first
    return None


def _click(page, locator) -> None:  # type: ignore[no-untyped-def]
    """Click and wait until the app has run for it (a click on a button that went away does nothing)."""
    try:
        locator.scroll_into_view_if_needed(timeout=5_000)
        rerun(page, lambda: locator.click(timeout=5_000), timeout=20_000)
    except Exception:
        pass
    _idle(page)


@pytest.mark.parametrize(("width", "label"), [(1280, "desktop"), (390, "phone")])
def test_a_whole_deal_by_clicking(app_url: str, browser, width: int, label: str) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page(viewport={"width": width, "height": 1000})
    open_app(page, f"{app_url}/game?lang=en&rules=international")
    assert page.locator("h1").first.inner_text() == "Play"
    _click(page, page.locator(".st-key-play_deal button"))
    shots: set[str] = set()
    said = False
    for _ in range(400):
        assert page.locator("[data-testid=stException]").count() == 0
        deal_button = page.locator(".st-key-play_deal button")
        if deal_button.count() and "Next deal" in deal_button.first.inner_text():
            break
        if "auction" not in shots and (_enabled(page, "play_pass") or _enabled(page, "play_hold")):
            screenshot_all_content(page, f"play-auction-{label}")
            shots.add("auction")
        if (button := _enabled(page, "play_hold")) is not None:
            _click(page, button)
            continue
        if not said and (button := _enabled(page, "play_say")) is not None:
            said = True
            _click(page, button)
            continue
        if (button := _enabled(page, "play_pass")) is not None:
            _click(page, button)
            continue
        if (button := _enabled(page, "play_pickup")) is not None:
            _click(page, button)
            continue
        if page.locator(".st-key-play_two").count():
            cards = page.locator("[class*='st-key-play_card-'] button")
            for index in range(2):
                _click(page, cards.nth(index))
            if "skat" not in shots:
                screenshot_all_content(page, f"play-skat-{label}")
                shots.add("skat")
            if (button := _enabled(page, "play_two")) is not None:
                _click(page, button)
            continue
        for key in ("play_declare_go", "play_window_0", "play_ramse_0"):
            if (button := _enabled(page, key)) is not None:
                _click(page, button)
                break
        else:
            cards = page.locator("[class*='st-key-play_card-'] button:enabled")
            if cards.count():
                if "play" not in shots:
                    screenshot_all_content(page, f"play-cards-{label}")
                    shots.add("play")
                for index in range(cards.count()):
                    _click(page, cards.nth(index))
                    if not page.locator("[data-testid=stAlertContentError]").count():
                        break
            else:
                try:  # the opponents' fragment ticks: wait for its next run, not for a fixed time
                    rerun(page, lambda: None, timeout=10_000)
                except Exception:
                    _idle(page)
    else:
        pytest.fail("the deal did not end")
    page.get_by_text("Score sheet ·").first.wait_for(timeout=30_000)
    screenshot_all_content(page, f"play-result-{label}")
    assert "auction" in shots
    decide = page.locator(".st-key-play_decisions button")
    if decide.count():  # a played game (not a passed-in deal): the review judges the learner's decisions
        _click(page, decide.first)
        first = page.locator(".st-key-play_decisions_panel li").first
        first.wait_for(timeout=60_000)
        assert first.inner_text().startswith("Bid:")
        screenshot_all_content(page, f"play-decisions-{label}")
    page.close()
