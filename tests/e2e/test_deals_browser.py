"""Real browser (headless Debian Chromium): click through one example deal to its result and have one
illegal card refused in play-a-seat, at desktop and phone width, and upload a real .sgf file through the
ISS page's file input, saving screenshots as test artefacts.

Skipped only when /usr/bin/chromium is missing (scripts/test.sh installs it, so CI runs this).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trainer.records.samples import iss_sample_text

from .conftest import IDLE, open_app, rerun, screenshot, screenshot_all_content, settle

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("width", "label"), [(1280, "desktop"), (390, "phone")])
def test_click_through_a_deal_to_its_result(app_url: str, browser, width: int, label: str) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page(viewport={"width": width, "height": 1400})
    open_app(page, f"{app_url}/replay?deal=textbook-bidding&lang=en")
    assert page.locator("h1").first.inner_text() == "Replay a game"
    next_trick = page.locator(".st-key-viewer_next_trick button")
    rerun(page, next_trick.click)
    page.get_by_text("Rearhand wins the trick (13 card points).").first.wait_for(timeout=30_000)
    screenshot(page, f"deals-viewer-trick1-{label}", full_page=True)
    for _ in range(9):
        rerun(page, next_trick.click)
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
    rerun(page, seats.get_by_text("rearhand", exact=False).first.click)
    # The hand is card pictures that are buttons: one keyed button per card (``play_hand-SJ``).
    jack = page.locator(".st-key-play_hand-SJ button")
    jack.wait_for(state="visible", timeout=60_000)
    jack.scroll_into_view_if_needed()
    rerun(page, jack.click)
    error = page.locator("[data-testid=stAlertContentError]").filter(has_text="cannot be played")
    error.first.wait_for(timeout=60_000)
    text = error.first.inner_text()
    assert "You must follow spades" in text and "not a spade" in text, text
    error.first.scroll_into_view_if_needed()
    settle(page)
    screenshot(page, f"deals-play-refusal-{label}", full_page=True)
    # A legal card is played and the game goes on.
    rerun(page, page.locator(".st-key-play_hand-S9 button").click)
    refusal = page.locator("[data-testid=stAlertContentError]").filter(has_text="cannot be played")
    refusal.first.wait_for(state="detached", timeout=60_000)
    page.locator(".st-key-play_hand-S9").wait_for(state="detached", timeout=60_000)  # the ♠9 left the hand
    page.close()


def _upload_file(tmp_path: Path) -> tuple[Path, list[str]]:
    """Two good sample records (IDs 541932, 684159), between them record 727 with its second dealt card
    replaced by its first (♥J dealt twice), then the sample's all-pass record 756788."""
    lines = [line for line in iss_sample_text().splitlines() if line.strip()]
    by_id = {re.search(r"ID\[(\d+)\]", line).group(1): line for line in lines}  # type: ignore[union-attr]
    broken = by_id["727"]
    dealt = re.search(r"MV\[w ([^ ]+)", broken).group(1)  # type: ignore[union-attr]
    cards = dealt.split(".")
    assert cards[0] == "HJ" and cards[1] != "HJ"
    broken = broken.replace(dealt, ".".join([cards[0], cards[0], *cards[2:]]), 1)
    ids = ["541932", "727", "684159", "756788"]
    path = tmp_path / "my-games.sgf"
    path.write_text("\n".join([by_id["541932"], broken, by_id["684159"], by_id["756788"]]) + "\n")
    return path, ids


def test_upload_a_real_sgf_file_and_open_a_game(app_url: str, browser, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The file input itself (AppTest cannot drive st.file_uploader): the duplicate card is reported with
    its line, the passed-in deal is listed apart, and the two good games open in the viewer."""
    path, _ = _upload_file(tmp_path)
    page = browser.new_page(viewport={"width": 1280, "height": 1400})
    open_app(page, f"{app_url}/iss?lang=en&rules=international")
    assert page.locator("h1").first.inner_text() == "Real games (ISS records)"
    rerun(page, lambda: page.locator(".st-key-upload_file input[type=file]").set_input_files(str(path)))
    load = page.locator(".st-key-upload_load_file button")
    load.wait_for(timeout=30_000)
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    loaded = page.get_by_text("2 games loaded.").first
    for _ in range(3):  # a click on the button while it is drawn again is lost: click until it has loaded
        page.wait_for_selector(IDLE, timeout=60_000)
        load.click()
        try:
            loaded.wait_for(timeout=20_000)
            break
        except PlaywrightTimeout:
            continue
    loaded.wait_for(timeout=60_000)
    page.wait_for_selector(IDLE, timeout=60_000)
    error = page.locator("[data-testid=stAlertContentError]").filter(has_text="1 record could not be used")
    assert error.count() == 1
    body = page.locator("[data-testid=stMain]").inner_text()
    assert "Line 2 (727): Move 1 (the deal): HJ is dealt twice" in body, body
    assert "Line 1: game 541932" in body and "Line 3: game 684159" in body
    assert "Line 4: game 756788: everyone passed, so the deal is thrown in." in body
    assert "Line 4 (756788)" not in body  # not among the errors
    assert page.locator("[data-testid=stException]").count() == 0
    screenshot_all_content(page, "deals-upload-file")

    rerun(page, page.locator(".st-key-upload_open a").click)
    page.locator("h1").filter(has_text="Replay a game").first.wait_for(timeout=30_000)
    # The session's rules survive the move (the uploaded game then needs no "own rules" notice).
    rules = page.locator("[data-testid=stSidebar] input[type=radio]:checked").first
    assert rules.evaluate("e => e.closest('label').innerText") == "International (ISkO)"
    page.locator(".st-key-deals_choice").click()
    options = page.get_by_role("option")
    options.filter(has_text="Uploaded: ISS").first.wait_for(timeout=30_000)  # the list opens after the click
    assert options.filter(has_text="Uploaded: ISS").count() == 2
    # The viewer opens on the first uploaded game (541932) already: choosing it again runs nothing.
    options.filter(has_text="Uploaded: ISS 541932").first.click()
    settle(page)
    # Record 541932: rearhand plays diamonds; forehand leads ♠A, middlehand ♠7 and rearhand trumps with
    # ♦A: 11 + 0 + 11 = 22 card points for rearhand.
    rerun(page, page.locator(".st-key-viewer_next_trick button").click)
    page.get_by_text("Rearhand wins the trick (22 card points).").first.wait_for(timeout=30_000)
    assert page.locator("[data-testid=stException]").count() == 0
    assert page.get_by_text("replayed under its own rules").count() == 0
    screenshot(page, "deals-upload-file-viewer", full_page=True)
    page.close()
