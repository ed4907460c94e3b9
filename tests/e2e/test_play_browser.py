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

from .conftest import (
    State,
    above,
    click,
    new_page,
    one_of,
    open_app,
    run_app,
    screenshot_all_content,
    sideways_overflow,
    wait_state,
)
from .hand import card_codes, offered

pytestmark = pytest.mark.browser

MAX_TURNS = 120
"""More learner turns than a deal can have (auction, skat, declaration, knock window, ten cards)."""
MOVE_BUTTONS = ("play_hold", "play_pass", "play_knock_0", "play_pickup", "play_declare_go", "play_throw",
                "play_window_0", "play_ramse_0")  # fmt: skip
"""What the learner presses when it is offered, in this order (after saying one bid, so a game is played)."""


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = Path(tmp_path_factory.mktemp("play")) / "play.sqlite"
    with run_app("streamlit-play-e2e.log", {"SKAT_TRAINER_DB_URL": f"sqlite:///{db}"}) as url:
        yield url


def _turn(page, state: State, shots: set[str], label: str, said: list[bool]) -> State:  # type: ignore[no-untyped-def]
    """One learner move from ``state`` (the learner's turn); returns the state after it."""
    moves = state.number("move-count")
    phase = state["phase"]
    step = f"move {moves + 1} ({phase})"
    if phase in ("auction", "slaa_40") and "auction" not in shots:
        screenshot_all_content(page, f"play-auction-{label}")
        shots.add("auction")
    if phase in ("discard", "ramse_exchange"):
        first, second = card_codes(page)[:2]
        card = page.locator(f".st-key-play_card-{first} button")
        click(page, card, f"{step}: pick {first}", picked=first)
        card = page.locator(f".st-key-play_card-{second} button")
        picked = " ".join(code for code in card_codes(page) if code in (first, second))
        click(page, card, f"{step}: pick {second}", picked=picked)
        if "skat" not in shots:
            screenshot_all_content(page, f"play-skat-{label}")
            shots.add("skat")
        return click(page, page.locator(".st-key-play_two button"), step, move_count=above(moves))
    if phase == "play":
        if "play" not in shots:
            screenshot_all_content(page, f"play-cards-{label}")
            shots.add("play")
        card = state.words("legal")[0]
        return click(
            page, page.locator(f".st-key-play_card-{card} button"), f"{step}: {card}", move_count=above(moves)
        )
    if not said[0] and (button := offered(page, "play_say")) is not None:
        said[0] = True
        return click(page, button, f"{step}: say a bid", move_count=above(moves))
    for key in MOVE_BUTTONS:
        if (button := offered(page, key)) is not None:
            return click(page, button, f"{step}: {key}", move_count=above(moves))
    raise AssertionError(f"{step}: the learner's turn offers none of {MOVE_BUTTONS}; the page showed {state}")


@pytest.mark.parametrize(("width", "label"), [(1280, "desktop"), (390, "phone")])
def test_a_whole_deal_by_clicking(app_url: str, browser, width: int, label: str) -> None:  # type: ignore[no-untyped-def]
    page = new_page(browser, width=width, height=1000)
    open_app(page, f"{app_url}/game?lang=en&rules=international", phase="none")
    assert page.locator("h1").first.inner_text() == "Play"
    click(page, page.locator(".st-key-play_deal button"), "deal the cards", deal=1)
    shots: set[str] = set()
    said = [False]
    for _ in range(MAX_TURNS):
        # The computers move on their own (the page redraws itself); wait for the learner's turn or the end.
        state = wait_state(page, "the learner's turn or the end", deal=1, turn=one_of("me", ""))
        assert page.locator("[data-testid=stException]").count() == 0
        if state["phase"] == "finished":
            break
        _turn(page, state, shots, label, said)
    else:
        pytest.fail(f"the deal did not end in {MAX_TURNS} turns of the learner")
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
