"""Real browser (headless Debian Chromium): a learner plays a whole deal on the Play page by clicking, at
desktop and phone width — deal, auction, skat (when the learner becomes declarer), card play, the result
and the review of the learner's decisions — with screenshots of each stage kept as test artefacts.

Each step waits on the page's published state (``data-phase``, ``data-turn``, ``data-move-count``,
``data-legal``; see trainer/ui/views/page_state.py): the learner acts only on its turn and each act must
raise the move count. The computers move without a pause (``SKAT_TRAINER_PLAY_PACE=0``, set for every
test server). What a deal settles to, refusals and the review's judgements are checked without a browser
(tests/play/). Skipped only when /usr/bin/chromium is missing (scripts/test.sh installs it, so CI runs
this).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import State, click, new_page, open_app, run_app, screenshot_all_content, sideways_overflow
from .moves import learner_move, play_deal

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = Path(tmp_path_factory.mktemp("play")) / "play.sqlite"
    with run_app("streamlit-play-e2e.log", {"SKAT_TRAINER_DB_URL": f"sqlite:///{db}"}) as url:
        yield url


SCREENSHOTS = {"auction": "auction", "skat": "skat", "play": "cards"}
"""The stages of a deal shot once each (a stage's name in the screenshot's file name)."""


def _turn(page, state: State, shots: set[str], label: str, said: list[bool]) -> State:  # type: ignore[no-untyped-def]
    """One learner move from ``state`` (the learner's turn), with a screenshot of each stage the first time
    it is on screen (``shots`` remembers them); returns the state after it."""

    def seen(stage: str) -> None:
        if stage not in shots:
            screenshot_all_content(page, f"play-{SCREENSHOTS[stage]}-{label}")
            shots.add(stage)

    return learner_move(page, state, said, seen=seen)


@pytest.mark.parametrize(("width", "label"), [(1280, "desktop"), (390, "phone")])
def test_a_whole_deal_by_clicking(app_url: str, browser, width: int, label: str) -> None:  # type: ignore[no-untyped-def]
    page = new_page(browser, width=width, height=1000)
    open_app(page, f"{app_url}/game?lang=en&rules=international", phase="none")
    assert page.locator("h1").first.inner_text() == "Play"
    click(page, page.locator(".st-key-play_deal button"), "deal the cards", deal=1)
    shots: set[str] = set()
    said = [False]

    def move(state: State) -> None:
        assert page.locator("[data-testid=stException]").count() == 0
        _turn(page, state, shots, label, said)

    play_deal(page, 1, move)
    assert page.locator("[data-testid=stException]").count() == 0
    assert "auction" in shots
    assert page.get_by_text("Score sheet ·").count() >= 1
    if width < 500:
        assert sideways_overflow(page) <= 1
    screenshot_all_content(page, f"play-result-{label}")
    decide = page.locator(".st-key-play_decisions button")
    if decide.count():  # a played game (not a passed-in deal): the review judges the learner's decisions
        click(page, decide.first, "judge my decisions")
        first = page.locator(".st-key-play_decisions_panel li").first
        assert first.inner_text().startswith("Bid:")
        screenshot_all_content(page, f"play-decisions-{label}")
    page.context.close()
