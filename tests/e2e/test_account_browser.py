"""Real browser (headless Debian Chromium): a learner signs in once and stays signed in after a reload (F5),
in a second tab and after the server restarts, until signing out, which ends the session in every tab.
The teacher's projector opens in a second window on the same log-in.

Skipped only when /usr/bin/chromium is missing (scripts/test.sh installs it, so CI runs this).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import open_app, rerun, run_app, screenshot_all_content, settle, wait_for_app

pytestmark = pytest.mark.browser

PASSWORD = "nina's long password"
TEACHER_PASSWORD = "projector in room 12"
SIGNED_IN = "Signed in as"


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A store with the account Nina (three answers) and a class; yields the URL and the join code."""
    from trainer.store import Store
    from trainer.store.accounts import AccountStore
    from trainer.store.classes import ClassStore

    url = f"sqlite:///{Path(tmp_path_factory.mktemp('e2e-accounts')) / 'accounts.sqlite'}"
    store = Store(url)
    classes = ClassStore(store)
    nina = AccountStore(classes).sign_up("Nina Newcomer", PASSWORD, client="e2e").account
    for right in (True, False, True):
        store.record_attempt(nina.id, "matadors", right, "x", "x", "danish")
    made = classes.create_class("7B", TEACHER_PASSWORD)
    store.dispose()
    yield url, made.join_code


def _fill(page, key: str, value: str) -> None:  # type: ignore[no-untyped-def]
    page.locator(f".st-key-{key} input").fill(value)


def _see(page, text: str) -> None:  # type: ignore[no-untyped-def]
    """Wait until ``text`` is on the page (a sign-out reruns the page once more after the click)."""
    page.get_by_text(text).first.wait_for(state="visible", timeout=30_000)


def _cookie(page, name: str) -> str:  # type: ignore[no-untyped-def]
    return str(page.evaluate(f"document.cookie.split('; ').find(c => c.startsWith('{name}=')) || ''"))


def _answers_shown(page) -> str:  # type: ignore[no-untyped-def]
    return str(page.locator("[data-testid=stMetricValue]").first.inner_text(timeout=30_000))


def test_a_session_survives_reload_second_tab_and_restart_until_sign_out(
    browser, db: tuple[str, str]
) -> None:  # type: ignore[no-untyped-def]
    url, _ = db
    context = browser.new_context()
    with run_app("streamlit-accounts-1.log", {"SKAT_TRAINER_DB_URL": url}) as base:
        page = context.new_page()
        open_app(page, f"{base}/progress?learner=Nina+Newcomer")
        _see(page, "Sign in to see your progress"), ("a name in the URL opens nothing")
        assert page.locator("[data-testid=stMetricValue]").count() == 0
        _fill(page, "progress_signin_name", "Nina Newcomer")
        _fill(page, "progress_signin_secret", PASSWORD)
        rerun(page, lambda: page.locator(".st-key-progress_signin_submit button").click())
        wait_for_app(page)
        assert _answers_shown(page) == "3"
        page.wait_for_function("document.cookie.includes('skat_trainer_learner=')", timeout=30_000)
        token = _cookie(page, "skat_trainer_learner")

        page.reload()  # F5
        wait_for_app(page)
        _see(page, SIGNED_IN)
        assert _answers_shown(page) == "3"

        second = context.new_page()  # a second tab
        open_app(second, f"{base}/progress")
        assert _answers_shown(second) == "3"

    with run_app("streamlit-accounts-2.log", {"SKAT_TRAINER_DB_URL": url}) as base:  # a restarted server
        page.goto(f"{base}/progress")
        wait_for_app(page)
        assert _answers_shown(page) == "3" and _cookie(page, "skat_trainer_learner") == token

        second.goto(f"{base}/progress")
        wait_for_app(second)
        rerun(second, lambda: second.locator(".st-key-progress_signout button").click())
        _see(second, "Sign in to see your progress")
        second.wait_for_function("!document.cookie.includes('skat_trainer_learner=')", timeout=30_000)

        page.reload()  # the first tab: signed out too
        wait_for_app(page)
        _see(page, "Sign in to see your progress")
        assert page.locator("[data-testid=stMetricValue]").count() == 0
    context.close()


def test_the_projector_opens_in_a_second_window_without_logging_in_again(
    browser, db: tuple[str, str]
) -> None:  # type: ignore[no-untyped-def]
    url, code = db
    context = browser.new_context()
    with run_app("streamlit-accounts-3.log", {"SKAT_TRAINER_DB_URL": url}) as base:
        page = context.new_page()
        open_app(page, f"{base}/teacher")
        _fill(page, "teacher_login_code", code)
        _fill(page, "teacher_login_password", TEACHER_PASSWORD)
        rerun(page, lambda: page.locator(".st-key-teacher_login_submit button").click())
        wait_for_app(page)
        page.wait_for_function("document.cookie.includes('skat_trainer_teacher=')", timeout=30_000)
        projector = context.new_page()
        open_app(projector, f"{base}/projector")
        assert projector.get_by_text("Log in as the class's teacher first.").count() == 0
        rerun(page, lambda: page.locator(".st-key-teacher_logout button").click())
        projector.reload()
        wait_for_app(projector)
        _see(projector, "Log in as the class's teacher first.")
    context.close()


def test_the_progress_table_is_readable_on_a_phone(browser, db: tuple[str, str]) -> None:  # type: ignore[no-untyped-def]
    """At 390 px every column of the per-type table, and its last row, lies inside the screen, uncut."""
    from trainer.store import Store
    from trainer.store.accounts import AccountStore
    from trainer.store.classes import ClassStore

    url, _ = db
    store = Store(url)
    ole = AccountStore(ClassStore(store)).sign_up("Ole Phone", PASSWORD, client="e2e").account
    kinds = ("matadors", "count_eyes", "valid_bid", "game_value", "overbid")
    for n, kind in enumerate(kinds):
        for k in range(n + 1):
            store.record_attempt(ole.id, kind, k % 2 == 0, "x", "x", "danish")
    store.dispose()
    context = browser.new_context(viewport={"width": 390, "height": 844})
    with run_app("streamlit-accounts-phone.log", {"SKAT_TRAINER_DB_URL": url}) as base:
        page = context.new_page()
        open_app(page, f"{base}/progress?lang=en")
        _fill(page, "progress_signin_name", "Ole Phone")
        _fill(page, "progress_signin_secret", PASSWORD)
        rerun(page, lambda: page.locator(".st-key-progress_signin_submit button").click())
        rows = page.locator("[data-testid=stTable] tbody tr")
        rows.first.wait_for(timeout=30_000)
        assert rows.count() == len(kinds)
        last = rows.last
        last.scroll_into_view_if_needed()
        settle(page)
        box = last.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390 + 1, box
        cut = page.evaluate(
            "[...document.querySelectorAll('[data-testid=stTable] td, [data-testid=stTable] th')]"
            ".filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.textContent)"
        )
        assert cut == [], cut
        width = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        assert page.evaluate(width) <= 1
        screenshot_all_content(page, "progress-table-phone")
    context.close()
