"""Real browser (headless Debian Chromium): a learner signs in once and stays signed in after a reload (F5),
in a second tab and after the server restarts, until signing out, which ends the session in every tab.
The teacher's projector opens in a second window on the same log-in. The progress table fits a phone.

Skipped only when /usr/bin/chromium is missing (scripts/test.sh installs it, so CI runs this).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from .conftest import (
    LEARNER_COOKIE,
    click,
    drawn,
    new_context,
    open_app,
    run_app,
    screenshot_all_content,
    settle,
    sideways_overflow,
    teacher_class,
    teacher_opens_class,
    wait_cookie,
    wait_state,
)

pytestmark = pytest.mark.browser

PASSWORD = "nina's long password"
TEACHER_PASSWORD = "projector in room 12"
SIGNED_IN = "Signed in as"
TEACHER_COOKIE = "skat_trainer_teacher="
NEED_TEACHER = "Sign in on the Teacher page and open one of your classes first."


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
    made = teacher_class(classes, "7B", TEACHER_PASSWORD)
    store.dispose()
    yield url, made.join_code


@pytest.fixture
def context(browser):  # type: ignore[no-untyped-def]
    """A browser context of the test's own (its tabs and windows share cookies), closed after the test."""
    made = new_context(browser)
    yield made
    made.close()


def _sign_in(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """Sign in as ``name`` on the Progress page's sign-in form (the page is open, signed out)."""
    page.locator(".st-key-progress_signin_name input").fill(name)
    page.locator(".st-key-progress_signin_secret input").fill(PASSWORD)
    click(page, page.locator(".st-key-progress_signin_submit button"), "sign in", signed_in=True)


@contextmanager
def _app(url: str, run: str) -> Iterator[str]:
    """The app on the store at ``url``, its log named after ``run``; yields its base URL."""
    with run_app(f"streamlit-accounts-{run}.log", {"SKAT_TRAINER_DB_URL": url}) as base:
        yield base


def _cookie(page, name: str) -> str:  # type: ignore[no-untyped-def]
    return str(page.evaluate(f"document.cookie.split('; ').find(c => c.startsWith('{name}')) || ''"))


def _answers_shown(page) -> str:  # type: ignore[no-untyped-def]
    return str(page.locator("[data-testid=stMetricValue]").first.inner_text())


def test_a_session_survives_reload_second_tab_and_restart_until_sign_out(
    context, db: tuple[str, str]
) -> None:  # type: ignore[no-untyped-def]
    url, _ = db
    with _app(url, "1") as base:
        page = context.new_page()
        open_app(page, f"{base}/progress?learner=Nina+Newcomer", signed_in=False)  # a name opens nothing
        assert page.get_by_text("Sign in to see your progress").count() >= 1
        assert page.locator("[data-testid=stMetricValue]").count() == 0
        _sign_in(page, "Nina Newcomer")
        assert _answers_shown(page) == "3"
        wait_cookie(page, LEARNER_COOKIE, present=True)
        token = _cookie(page, LEARNER_COOKIE)

        page.reload()  # F5
        wait_state(page, "reload", page="progress", signed_in=True)
        assert page.get_by_text(SIGNED_IN).count() >= 1 and _answers_shown(page) == "3"

        second = context.new_page()  # a second tab
        open_app(second, f"{base}/progress", signed_in=True)
        assert _answers_shown(second) == "3"

    with _app(url, "2") as base:  # a restarted server
        open_app(page, f"{base}/progress", signed_in=True)
        assert _answers_shown(page) == "3" and _cookie(page, LEARNER_COOKIE) == token

        open_app(second, f"{base}/progress", signed_in=True)
        click(second, second.locator(".st-key-progress_signout button"), "sign out", signed_in=False)
        assert second.get_by_text("Sign in to see your progress").count() >= 1
        wait_cookie(second, LEARNER_COOKIE, present=False)

        page.reload()  # the first tab: signed out too
        wait_state(page, "reload after signing out", page="progress", signed_in=False)
        assert page.get_by_text("Sign in to see your progress").count() >= 1
        assert page.locator("[data-testid=stMetricValue]").count() == 0


def test_the_projector_opens_in_a_second_window_without_logging_in_again(
    context, db: tuple[str, str]
) -> None:  # type: ignore[no-untyped-def]
    with _app(db[0], "3") as base:
        page = context.new_page()
        teacher_opens_class(page, base, TEACHER_PASSWORD)
        wait_cookie(page, TEACHER_COOKIE, present=True)
        projector = context.new_page()
        open_app(projector, f"{base}/projector", teacher=True)
        assert projector.get_by_text(NEED_TEACHER).count() == 0
        click(page, page.locator(".st-key-teacher_logout button"), "teacher logs out", teacher=False)
        projector.reload()
        wait_state(projector, "projector reloaded", page="projector", teacher=False)
        assert projector.get_by_text(NEED_TEACHER).count() >= 1


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
    context = new_context(browser, width=390, height=844)
    with _app(url, "phone") as base:
        page = context.new_page()
        open_app(page, f"{base}/progress?lang=en", signed_in=False)
        _sign_in(page, "Ole Phone")
        rows = page.locator("[data-testid=stTable] tbody tr")
        drawn(rows)
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
        assert sideways_overflow(page) <= 1
        screenshot_all_content(page, "progress-table-phone")
    context.close()
