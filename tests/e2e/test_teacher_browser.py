"""Real browser (headless Debian Chromium): a teacher logs in and opens the class dashboard, on a desktop and
at phone width; learners' names that look like HTML must show as text and run nothing. Screenshots go to
test-artifacts/screenshots/ (teacher-*, dashboard-*, projector-*, class-*).

Skipped only when /usr/bin/chromium is missing (scripts/test.sh installs it, so CI runs this).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from .conftest import (
    click,
    drawn,
    join_class,
    new_page,
    open_app,
    run_app,
    screenshot_all_content,
    settle,
    sideways_overflow,
    teacher_class,
    teacher_opens_class,
    watched_page,
)

pytestmark = pytest.mark.browser

PASSWORD = "projector in room 12"
XSS_NAMES = ("<script>alert(1)</script>", "<img src=x onerror=alert(1)>")


@pytest.fixture(scope="module")
def join_code(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A class with four learners (two with HTML-like names), a drill and some answers; yields the
    database URL and the class's join code."""
    from trainer.quiz import COUNT_EYES, GAME_VALUE, MATADORS, TRICK_WINNER
    from trainer.store import Store
    from trainer.store.classes import ClassStore
    from trainer.teacher import DRILL, LESSON

    url = f"sqlite:///{tmp_path_factory.mktemp('e2e-classes') / 'classes.sqlite'}"
    store = Store(url)
    classes = ClassStore(store)
    made = teacher_class(classes, "7B Tuesday", PASSWORD)
    classes.add_assignment(made.id, DRILL, GAME_VALUE, 5, "danish", datetime.now(UTC) + timedelta(days=3))
    classes.add_assignment(made.id, LESSON, "03-card-order")
    at = datetime.now(UTC) - timedelta(days=2)
    pattern = {
        GAME_VALUE: (1, 1, 0, 1, 1),
        MATADORS: (0, 1, 0),
        TRICK_WINNER: (1, 1, 1, 1),
        COUNT_EYES: (1, 0),
    }
    for k, name in enumerate(("Anna", "Bo", *XSS_NAMES)):
        member = classes.join_class(made.join_code, name, client=f"e2e-{k}").member
        for skill, results in pattern.items():
            for i, right in enumerate(results[: 2 + (k + len(skill)) % 4]):
                tag = None if right else ("forgot_skat_jack" if skill == MATADORS else "ten_trumps")
                store.record_attempt(
                    member.learner_id, skill, bool(right), "x", "y", "danish", mistake_tag=tag,
                    at=at + timedelta(minutes=i),
                )  # fmt: skip
    store.dispose()
    yield url, made.join_code


@pytest.fixture(scope="module")
def app_url(join_code: tuple[str, str]) -> Iterator[str]:
    """This module's own app server, on the class database built by ``join_code``."""
    with run_app("streamlit-teacher-e2e.log", {"SKAT_TRAINER_DB_URL": join_code[0]}) as url:
        yield url


def _log_in(page, app_url: str, code: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    """The teacher signs in with their account and opens the class (its class password as second factor)."""
    teacher_opens_class(page, app_url, PASSWORD, lang)
    assert "7B Tuesday" in page.locator("h1").first.inner_text()


@pytest.mark.parametrize(
    ("width", "height", "label", "lang"), [(1280, 900, "desktop", "en"), (390, 844, "phone", "da")]
)
def test_teacher_logs_in_and_opens_the_dashboard(  # type: ignore[no-untyped-def]
    app_url: str, browser, join_code: tuple[str, str], width: int, height: int, label: str, lang: str
) -> None:
    page, dialogs = watched_page(browser, width=width, height=height)
    _log_in(page, app_url, join_code[1], lang)
    assert page.locator("[data-testid=stException]").count() == 0
    screenshot_all_content(page, f"teacher-{label}")

    # Client-side navigation keeps the session (a new URL would start a new, logged-out session).
    link = page.locator("[data-testid=stPageLink] a").filter(
        has_text="Oversigt" if lang == "da" else "Dashboard"
    )
    click(page, link.first, "open the dashboard", page="dashboard", teacher=True)
    assert "7B Tuesday" in page.locator("h1").first.inner_text()
    drawn(page.locator(".js-plotly-plot g.xtick text"))
    assert page.locator("[data-testid=stException]").count() == 0
    assert page.locator("[data-testid=stDataFrame]").count() == 3  # the class, its assignments, one learner
    # The names appear as typed on the heatmap's axis and nothing they contain became a live element.
    labels = page.eval_on_selector_all(".js-plotly-plot .xtick text", "els => els.map(e => e.textContent)")
    assert {label.strip("\u2068\u2069") for label in labels} == {"Anna", "Bo", *XSS_NAMES}
    assert page.locator("img[src='x']").count() == 0
    assert page.locator("script:text('alert(1)')").count() == 0
    settle(page)  # an injected script would have run by now (and opened a dialog)
    assert dialogs == []
    if width < 500:  # nothing wider than the phone's screen
        assert sideways_overflow(page) <= 1
    screenshot_all_content(page, f"dashboard-{label}")
    page.context.close()


def test_projector_and_learner_pages_look_right(  # type: ignore[no-untyped-def]
    app_url: str, browser, join_code: tuple[str, str]
) -> None:
    page = new_page(browser, width=1280, height=900)
    _log_in(page, app_url, join_code[1], "en")
    projector = page.locator("[data-testid=stPageLink] a").filter(has_text="Projector").first
    click(page, projector, "open the projector", page="projector", mode="question")
    click(page, page.locator(".st-key-projector_open button"), "put up a question")
    assert page.locator(".card-row.big").count() >= 1
    assert page.locator("[data-testid=stException]").count() == 0
    screenshot_all_content(page, "projector-desktop")
    # An example deal, stepped a trick and a card forward.
    deal_mode = page.locator(".st-key-projector_mode button").filter(has_text="An example deal")
    state = click(page, deal_mode, "show an example deal", mode="deal")
    if state.get("part") == "bidding":  # a deal with an auction shows it first, bid by bid
        bidding = page.locator("[class*='st-key-projector_bidding_'][class*='_next'] button").first
        for step in range(3):
            click(page, bidding, f"the auction, step {step + 1}")
        assert page.locator("[data-testid=stException]").count() == 0
        screenshot_all_content(page, "projector-bidding-desktop")
        play = page.locator("[class*='st-key-projector_part_'] button").filter(has_text="The play")
        click(page, play.first, "show the play", part="play")
    stepper = page.locator("[class*='st-key-projector_deal_'] button")
    click(page, stepper.filter(has_text="Next trick").first, "next trick")
    click(page, stepper.filter(has_text="Next card").first, "next card")
    assert page.locator("[data-testid=stException]").count() == 0
    # the card table: two side seats and the bottom hand open, the trick in the middle
    assert page.locator(".skat-table .card-column").count() == 2
    assert page.locator(".card-row.skat-hand").count() == 1
    assert page.locator(".skat-table .skat-trick figure").count() == 1
    screenshot_all_content(page, "projector-deal-desktop")
    phone = new_page(browser, width=390, height=844)
    open_app(phone, f"{app_url}/class", member=False)
    join_class(phone, join_code[1], "Eva")
    assert phone.locator(".st-key-class_poll").count() == 1  # the question the projector put up
    assert phone.locator("[data-testid=stException]").count() == 0
    screenshot_all_content(phone, "class-phone")
    click(phone, phone.locator("[class*='st-key-class_start_'] button").first, "start the drill")
    assert phone.locator(".st-key-class_active").count() == 1
    assert phone.locator("[data-testid=stException]").count() == 0
    screenshot_all_content(phone, "class-drill-phone")
    phone.context.close()
    # The projector at phone width, in Danish (a teacher checking it from a phone).
    small = new_page(browser, width=390, height=844)
    _log_in(small, app_url, join_code[1], "da")
    projektor = small.locator("[data-testid=stPageLink] a").filter(has_text="Projektor").first
    click(small, projektor, "open the projector", page="projector", mode="question")
    assert small.locator(".card-row.big").count() >= 1
    assert small.locator("[data-testid=stException]").count() == 0
    assert sideways_overflow(small) <= 1
    screenshot_all_content(small, "projector-phone")
    small.context.close()
    page.context.close()
