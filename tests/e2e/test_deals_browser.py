"""Real browser (headless Debian Chromium): click through one example deal to its result and have one
illegal card refused in play-a-seat, at desktop and phone width, saving screenshots as test artefacts.

Skipped only when /usr/bin/chromium is missing (scripts/test.sh installs it, so CI runs this).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
REPO = Path(__file__).resolve().parents[2]
SHOTS = REPO / "test-artifacts" / "screenshots"
STREAMLIT = Path(sys.executable).parent / "streamlit"
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
READY = "[data-testid=stApp][data-test-connection-state=CONNECTED]"
IDLE = "[data-testid=stApp][data-test-script-state=notRunning]"

if not Path(CHROMIUM).exists():
    pytest.skip(
        "Chromium is not installed at /usr/bin/chromium (apt-get install chromium; scripts/test.sh does it)",
        allow_module_level=True,
    )


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def app_url() -> Iterator[str]:
    """The app started like `make run`, headless, on a free port."""
    port = _free_port()
    log = REPO / "test-artifacts" / "streamlit-deals-e2e.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("w") as out:
        process = subprocess.Popen(
            [
                str(STREAMLIT),
                "run",
                "streamlit_app.py",
                "--server.headless",
                "true",
                "--client.toolbarMode",
                "viewer",
                "--server.port",
                str(port),
                "--browser.gatherUsageStats",
                "false",
            ],
            cwd=REPO,
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 90
            while True:
                try:
                    with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                        if response.read().strip() == b"ok":
                            break
                except OSError:
                    pass
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"the app did not start; see {log}")
                time.sleep(0.3)
            yield url
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def _open(page, url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(url)
    page.wait_for_selector(READY, timeout=60_000)
    page.wait_for_selector(IDLE, timeout=60_000)


def _idle(page) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_timeout(150)
    page.wait_for_selector(IDLE, timeout=60_000)


def _shot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize(("width", "label"), [(1280, "desktop"), (390, "phone")])
def test_click_through_a_deal_to_its_result(app_url: str, browser, width: int, label: str) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page(viewport={"width": width, "height": 1400})
    _open(page, f"{app_url}/replay?deal=textbook-bidding&lang=en")
    assert page.locator("h1").first.inner_text() == "Replay a game"
    next_trick = page.locator(".st-key-viewer_next_trick button")
    next_trick.click()
    _idle(page)
    page.get_by_text("Rearhand wins the trick (13 card points).").first.wait_for(timeout=30_000)
    _shot(page, f"deals-viewer-trick1-{label}")
    for _ in range(9):
        next_trick.click()
        _idle(page)
    result = page.locator("[data-testid=stAlertContentSuccess]").filter(has_text="Result: won.")
    result.first.wait_for(timeout=30_000)
    assert "Value 60" in result.first.inner_text()
    assert page.locator("[data-testid=stException]").count() == 0
    _shot(page, f"deals-viewer-result-{label}")
    page.close()


@pytest.mark.parametrize(("width", "label"), [(1280, "desktop"), (390, "phone")])
def test_a_refused_card_in_play_a_seat(app_url: str, browser, width: int, label: str) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page(viewport={"width": width, "height": 1400})
    _open(page, f"{app_url}/play?deal=defence-caught-in-the-middle&lang=en")
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
    _shot(page, f"deals-play-refusal-{label}")
    # A legal card is played and the game goes on.
    hand.get_by_role("radio", name="♠9", exact=True).click()
    _idle(page)
    assert page.locator("[data-testid=stAlertContentError]").filter(has_text="cannot be played").count() == 0
    page.close()
