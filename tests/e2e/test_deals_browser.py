"""Real browser (headless Debian Chromium): click through one example deal to its result and have one
illegal card refused in play-a-seat at phone width, and upload a real .sgf file through the ISS page's
file input and open it in the viewer, saving screenshots as test artefacts.

What the viewer shows at each step, the refusal's wording and what an upload reports are checked without
a browser (tests/ui/test_deals_pages.py). Skipped only when /usr/bin/chromium is missing (scripts/test.sh
installs it, so CI runs this).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.helpers import upload_text

from .conftest import (
    above,
    act,
    click,
    new_page,
    open_app,
    screenshot,
    screenshot_all_content,
    settle,
    sideways_overflow,
)

pytestmark = pytest.mark.browser

PHONE = 390


def test_click_through_a_deal_to_its_result_on_a_phone(app_url: str, browser) -> None:  # type: ignore[no-untyped-def]
    page = new_page(browser, width=PHONE, height=1400)
    state = open_app(page, f"{app_url}/replay?deal=textbook-bidding&lang=en", deal="ex:textbook-bidding")
    assert page.locator("h1").first.inner_text() == "Replay a game"
    # The four step buttons stay one row on a phone (columns would stack them).
    tops = {
        round(box["y"])
        for box in (b.bounding_box() for b in page.locator(".st-key-viewer_steps button").all())
        if box
    }
    assert len(tops) == 1, tops
    next_trick = page.locator(".st-key-viewer_next_trick button")
    state = click(page, next_trick, "next trick", position=above(state["position"]))
    assert page.get_by_text("Rearhand wins the trick (13 card points).").count() >= 1
    assert sideways_overflow(page) <= 1
    screenshot(page, "deals-viewer-trick1-phone", full_page=True)
    while state["position"] != state["total"]:
        state = click(
            page, next_trick, f"next trick from {state['position']}", position=above(state["position"])
        )
    result = page.locator("[data-testid=stAlertContentSuccess]").filter(has_text="Result: won.")
    assert result.count() == 1 and "Value 60" in result.inner_text()
    assert page.locator("[data-testid=stException]").count() == 0
    screenshot(page, "deals-viewer-result-phone", full_page=True)
    page.context.close()


def test_a_refused_card_in_play_a_seat_on_a_phone(app_url: str, browser) -> None:  # type: ignore[no-untyped-def]
    page = new_page(browser, width=PHONE, height=1400)
    open_app(page, f"{app_url}/play?deal=defence-caught-in-the-middle&lang=en")
    seats = page.locator(".st-key-play_seat")
    state = click(page, seats.get_by_text("rearhand", exact=False).first, "sit in rearhand", seat="REARHAND")
    # The hand is card pictures that are buttons: one keyed button per card (``play_hand-SJ``).
    state = click(page, page.locator(".st-key-play_hand-SJ button"), "play the jack of spades", refused="SJ")
    error = page.locator("[data-testid=stAlertContentError]").filter(has_text="cannot be played")
    text = error.inner_text()
    assert "You must follow spades" in text and "not a spade" in text, text
    assert sideways_overflow(page) <= 1
    error.scroll_into_view_if_needed()
    settle(page)
    screenshot(page, "deals-play-refusal-phone", full_page=True)
    # A legal card is played and the game goes on.
    click(page, page.locator(".st-key-play_hand-S9 button"), "play the nine of spades", refused="",
          played=above(state["played"]))  # fmt: skip
    assert page.locator("[data-testid=stAlertContentError]").filter(has_text="cannot be played").count() == 0
    assert page.locator(".st-key-play_hand-S9").count() == 0  # the ♠9 left the hand
    page.context.close()


def upload_file(tmp_path: Path) -> Path:
    """A learner's .sgf file: two good records, one with a card dealt twice, one passed in."""
    path = tmp_path / "my-games.sgf"
    path.write_text(upload_text())
    return path


def test_upload_a_real_sgf_file_and_open_a_game(app_url: str, browser, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The file input itself (AppTest cannot drive st.file_uploader): the file's games load (what the
    report says of each record is checked in AppTest), and they open in the viewer under the session's
    rules."""
    path = upload_file(tmp_path)
    page = new_page(browser, width=1280, height=1400)
    open_app(page, f"{app_url}/iss?lang=en&rules=international", rules="international")
    assert page.locator("h1").first.inner_text() == "Real games (ISS records)"
    chooser = page.locator(".st-key-upload_file input[type=file]")
    act(page, "choose the file", lambda: chooser.set_input_files(str(path)), file="my-games.sgf")
    click(
        page, page.locator(".st-key-upload_load_file button"), "load the file", loaded=2, failed=1, passed=1
    )
    body = page.locator("[data-testid=stMain]").inner_text()
    assert "2 games loaded." in body and "1 record could not be used" in body, body
    assert "Line 2 (727): Move 1 (the deal): HJ is dealt twice" in body, body
    assert page.locator("[data-testid=stException]").count() == 0
    screenshot_all_content(page, "deals-upload-file")

    # A link (client-side navigation keeps the session): the viewer opens on the first uploaded game.
    state = click(page, page.locator(".st-key-upload_open a"), "open the viewer", page="replay", deal="iss:0",
                  rules="international")  # fmt: skip
    rules = page.locator("[data-testid=stSidebar] input[type=radio]:checked").first
    assert rules.evaluate("e => e.closest('label').innerText") == "International (ISkO)"
    page.locator(".st-key-deals_choice").click()  # opens the list (choosing nothing runs nothing)
    options = page.get_by_role("option").filter(has_text="Uploaded: ISS")
    options.first.wait_for()
    assert options.count() == 2
    page.keyboard.press("Escape")
    # Record 541932: rearhand plays diamonds; forehand leads ♠A, middlehand ♠7 and rearhand trumps with
    # ♦A: 11 + 0 + 11 = 22 card points for rearhand.
    click(page, page.locator(".st-key-viewer_next_trick button"), "next trick", deal="iss:0",
          position=above(state["position"]))  # fmt: skip
    assert page.get_by_text("Rearhand wins the trick (22 card points).").count() >= 1
    assert page.locator("[data-testid=stException]").count() == 0
    assert page.get_by_text("replayed under its own rules").count() == 0
    screenshot(page, "deals-upload-file-viewer", full_page=True)
    page.context.close()
