"""Shared set-up for the real-browser tests (headless Debian Chromium through Playwright).

One app server, started the way ``make run`` does, serves every browser test that does not need its own
database; a test module that does (the teacher dashboard) overrides ``app_url`` with :func:`run_app`.
Every browser test is skipped only when /usr/bin/chromium is missing (scripts/test.sh installs it).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
SHOTS = ARTIFACTS / "screenshots"
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
NOTHING_SENT_MS = 15_000
"""How long an action may show no run before the page is asked whether it sent the server anything."""
START_SECONDS = 90
"""How long the app may take to answer its health check before the test session gives up."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def run_app(log_name: str, env: dict[str, str] | None = None) -> Iterator[str]:
    """Start ``streamlit run streamlit_app.py`` headless (as ``make run`` does) on a free port with ``env``
    added to the environment, wait until /_stcore/health answers, yield the base URL and stop the server
    afterwards. The server's output goes to test-artifacts/``log_name``."""
    port = _free_port()
    log = ARTIFACTS / log_name
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
            env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
        )
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + START_SECONDS
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


@pytest.fixture(scope="session", autouse=True)
def _chromium_installed() -> None:
    """Skip every browser test (before any server starts) when Chromium is missing."""
    if not Path(CHROMIUM).exists():
        pytest.skip(
            "Chromium is not installed at /usr/bin/chromium "
            "(apt-get install chromium; scripts/test.sh does it)"
        )


@pytest.fixture(scope="session")
def app_url() -> Iterator[str]:
    """Base URL of the app started like `make run`, shared by the whole browser session."""
    with run_app("streamlit-e2e.log") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """A headless Chromium per test module (each test opens and closes its own pages). Not per session:
    Playwright's sync API allows one running instance per thread, and a module may start its own."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def wait_for_app(page) -> None:  # type: ignore[no-untyped-def]
    """Wait until the page is connected to the app and its script has finished running."""
    page.wait_for_selector(READY, timeout=60_000)
    page.wait_for_selector(IDLE, timeout=60_000)


_COUNT_RUNS = """() => {
  if (!window.__skatRuns) {
    const runs = {n: 0, sent: 0};
    window.__skatRuns = runs;
    new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.target.getAttribute('data-test-script-state') === 'running') runs.n += 1;
      }
    }).observe(document.body, {attributes: true, subtree: true, attributeFilter: ['data-test-script-state']});
    // The messages the page sends the server: enter_text() tells "Enter sent nothing" from "a slow run".
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
      runs.sent += 1;
      return send.call(this, data);
    };
  }
  return {n: window.__skatRuns.n, sent: window.__skatRuns.sent};
}"""
_RAN_SINCE = """(since) => {
  const runs = window.__skatRuns;
  return runs !== undefined && runs.n > since.n
    && document.querySelector('[data-testid=stApp][data-test-script-state=notRunning]') !== null;
}"""


def rerun(page, action: Callable[[], object], *, timeout: float = 60_000) -> None:  # type: ignore[no-untyped-def]
    """Do ``action`` (a click, an Enter, a file chosen) and wait until the app has run its script for it
    and is idle again. A condition, not a pause: an observer counts the runs the app starts, so a fast
    run is not missed and a slow one is waited for. It starts from an idle app (an action taken during a
    run restarts it without the state ever leaving "running"), and when no run came and the page sent the
    server nothing (the click met a button being drawn again), the action is done once more."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.wait_for_selector(IDLE, timeout=timeout)
    since = page.evaluate(_COUNT_RUNS)
    action()
    try:
        page.wait_for_function(_RAN_SINCE, arg=since, timeout=min(timeout, NOTHING_SENT_MS))
        return
    except PlaywrightTimeout:
        if _sent_since(page, since):
            page.wait_for_function(_RAN_SINCE, arg=since, timeout=2 * timeout)  # sent: a slow run
            return
    page.wait_for_selector(IDLE, timeout=timeout)
    since = page.evaluate(_COUNT_RUNS)
    action()
    page.wait_for_function(_RAN_SINCE, arg=since, timeout=timeout)


def _sent_since(page, since: dict[str, int]) -> bool:  # type: ignore[no-untyped-def]
    return bool(page.evaluate("(since) => window.__skatRuns.sent > since.sent", since))


def enter_text(page, box, text: str, *, tries: int = 3) -> None:  # type: ignore[no-untyped-def]
    """Type ``text`` into the text field ``box``, press Enter and wait for the app's run. When the field
    was drawn again before Enter (a run still on its way under load), what was typed is lost and Enter
    sends nothing: then it is typed again. Fails when it never reaches the app."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(tries):
        page.wait_for_selector(IDLE, timeout=60_000)
        box.fill(text)
        since = page.evaluate(_COUNT_RUNS)
        box.press("Enter")
        try:
            page.wait_for_function(_RAN_SINCE, arg=since, timeout=NOTHING_SENT_MS)
            return
        except PlaywrightTimeout:
            if _sent_since(page, since):
                page.wait_for_function(_RAN_SINCE, arg=since, timeout=120_000)  # sent: a slow run
                return
    raise AssertionError(f"typing {text!r} and Enter never reached the app")


def settle(page) -> None:  # type: ignore[no-untyped-def]
    """Wait until the app is idle and the page is painted: every image loaded, two animation frames
    drawn (after a scroll or a resize, before a screenshot)."""
    page.wait_for_selector(IDLE, timeout=60_000)
    page.wait_for_function("() => [...document.images].every((image) => image.complete)", timeout=30_000)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def open_app(page, url: str) -> None:  # type: ignore[no-untyped-def]
    """Go to ``url`` and wait until the app has rendered it."""
    page.goto(url)
    wait_for_app(page)


def screenshot(page, name: str, *, full_page: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Save test-artifacts/screenshots/``name``.png (the window, or Playwright's full page)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def screenshot_all_content(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """A screenshot of everything on the page: Streamlit scrolls inside its main block, so the window is
    made tall enough for everything first (and put back afterwards)."""
    size = page.viewport_size
    content = page.evaluate(
        "Math.max(...[...document.querySelectorAll('[data-testid=stMain], [data-testid=stAppViewContainer]')]"
        ".map(e => e.scrollHeight), document.body.scrollHeight)"
    )
    page.set_viewport_size({"width": size["width"], "height": min(max(int(content), size["height"]), 6000)})
    settle(page)
    screenshot(page, name)
    page.set_viewport_size(size)


def join_class(page, code: str, name: str) -> None:  # type: ignore[no-untyped-def]
    """On "My class" (English UI): create an account under ``name`` (the app makes the key), then join the
    class with ``code``, as a new learner does."""
    page.get_by_role("tab", name="Create an account").click()
    page.locator(".st-key-class_account_create_name input").fill(name)
    page.locator(".st-key-class_account_create_submit button").click()
    page.locator(".st-key-class_join_code input").wait_for(timeout=60_000)
    wait_for_app(page)
    page.locator(".st-key-class_join_code input").fill(code)
    page.locator(".st-key-class_join_submit button").click()


BROWSER_RERUNS = 2
"""A browser test that fails is run again (at most this often) before it counts as failed: on a loaded
two-core machine Chromium, the app server and pytest compete, and a wait can still miss; a failure that
comes back every time is a real one. The reruns are reported in the summary (`R`), not hidden."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(pytest.mark.flaky(reruns=BROWSER_RERUNS))
