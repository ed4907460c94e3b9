"""Real browser (headless Debian Chromium): click through one example deal to its result and have one
illegal card refused in play-a-seat, at desktop and phone width, saving screenshots as test artefacts.

Skipped only when /usr/bin/chromium is missing (scripts/test.sh installs it, so CI runs this).
"""

from __future__ import annotations

import pytest

from .conftest import IDLE, open_app, screenshot

pytestmark = pytest.mark.browser


def _idle(page) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_timeout(150)
    page.wait_for_selector(IDLE, timeout=60_000)


@pytest.mark.parametrize(("width", "label"), [(1280, "desktop"), (390, "phone")])
def test_click_through_a_deal_to_its_result(app_url: str, browser, width: int, label: str) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page(viewport={"width": width, "height": 1400})
    open_app(page, f"{app_url}/replay?deal=textbook-bidding&lang=en")
    assert page.locator("h1").first.inner_text() == "Replay a game"
    next_trick = page.locator(".st-key-viewer_next_trick button")
    next_trick.click()
    _idle(page)
    page.get_by_text("Rearhand wins the trick (13 card points).").first.wait_for(timeout=30_000)
    screenshot(page, f"deals-viewer-trick1-{label}", full_page=True)
    for _ in range(9):
        next_trick.click()
        _idle(page)
    result = page.locator("[data-testid=stAlertContentSuccess]").filter(has_text="Result: won.")
    result.first.wait_for(timeout=30_000)
    assert "Value 60" in result.first.inner_text()
    assert page.locator("[data-testid=stException]").count() == 0
    screenshot(page, f"deals-viewer-result-{label}", full_page=True)
    page.close()


@pytest.mark.parametrize(("width", "label"), [(1280, "desktop"), (390, "phone")])
def test_a_refused_card_in_play_a_seat(app_url: str, browser, width: int, label: str) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page(viewport={"width": width, "height": 1400})
    open_app(page, f"{app_url}/play?deal=defence-caught-in-the-middle&lang=en")
    seats = page.locator(".st-key-play_seat")
    seats.get_by_text("rearhand", exact=False).first.click()
    _idle(page)
    hand = page.locator(".st-key-play_hand")
    hand.scroll_into_view_if_needed()
    hand.get_by_role("radio", name="♠J", exact=True).click()
    error = page.locator("[data-testid=stAlertContentError]").filter(has_text="cannot be played")
    error.first.wait_for(timeout=30_000)
    text = error.first.inner_text()
    assert "You must follow spades" in text and "not one of the spades" in text, text
    error.first.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    screenshot(page, f"deals-play-refusal-{label}", full_page=True)
    # A legal card is played and the game goes on.
    hand.get_by_role("radio", name="♠9", exact=True).click()
    _idle(page)
    assert page.locator("[data-testid=stAlertContentError]").filter(has_text="cannot be played").count() == 0
    page.close()
