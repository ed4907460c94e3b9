"""Real browser (issue 46, WCAG 2.1.1 Keyboard): a learner plays a whole deal on the Play page with the
keyboard alone — Tab and Shift+Tab to move the focus, Enter and Space to press a button or a card, the arrow
keys to open and choose in the game list — never the mouse. Deal, auction, skat (picked up, two cards laid
away, a game chosen and declared), the kontra/Spørge window and every trick are reached this way, so a
control that cannot take the focus or does not answer a key fails the test by name.

Each step waits on the page's published state (``data-phase``, ``data-turn``, ``data-move-count``,
``data-legal``; trainer/ui/views/page_state.py), like the clicking test (test_play_browser.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import State, above, act, new_page, one_of, open_app, run_app, settled, wait_state
from .hand import card_codes, offered

pytestmark = pytest.mark.browser

MAX_TURNS = 120
"""More learner turns than a deal can have (auction, skat, declaration, knock window, ten cards)."""
MAX_KEYS = 250
"""More Tab presses than the page has focusable controls: a control not reached within them cannot be
reached by keyboard."""
MOVE_BUTTONS = ("play_hold", "play_pass", "play_knock_0", "play_pickup", "play_throw", "play_window_0",
                "play_ramse_0")  # fmt: skip
"""What the learner presses when it is offered, in this order (after saying one bid, so a game is played)."""

_FOCUSED = "(el) => el === document.activeElement || el.contains(document.activeElement)"
_AFTER_FOCUS = """(el) => {
  const here = document.activeElement;
  if (!here || here === document.body) return true;
  return !!(here.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
}"""


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = Path(tmp_path_factory.mktemp("keys")) / "keys.sqlite"
    with run_app("streamlit-keyboard-e2e.log", {"SKAT_TRAINER_DB_URL": f"sqlite:///{db}"}) as url:
        yield url


def _focus(page, target, step: str) -> None:  # type: ignore[no-untyped-def]
    """Move the focus onto ``target`` (a locator of one control) with Tab, or Shift+Tab when it lies
    before the focused control; fails when it is not reached within :data:`MAX_KEYS` presses."""
    target = target.first
    key = "Tab" if target.evaluate(_AFTER_FOCUS) else "Shift+Tab"
    for _ in range(MAX_KEYS):
        if target.evaluate(_FOCUSED):
            return
        page.keyboard.press(key)
    raise AssertionError(f"step {step!r}: the control never took the focus in {MAX_KEYS} presses of {key}")


def _press(page, key: str, target: str, step: str, /, **expect: object) -> State:  # type: ignore[no-untyped-def]
    """Focus the button ``key`` (a Streamlit key) by keyboard and press ``target`` key on it (Enter or
    Space), then wait for ``expect``."""
    _focus(page, page.locator(f".st-key-{key} button"), step)
    return act(page, step, lambda: page.keyboard.press(target), **expect)  # type: ignore[arg-type]


def _coach_off(page, rules: str) -> None:  # type: ignore[no-untyped-def]
    """Open the table settings and choose no coach, by keyboard: the game list then opens on no game, so
    the learner chooses one with the arrow keys."""
    _focus(page, page.locator("[data-testid=stExpander] summary"), "the table settings")
    page.keyboard.press("Enter")
    group = page.locator(f".st-key-play_coach_{rules} [role=radiogroup]")
    group.wait_for(state="visible")
    checked = group.locator("[aria-checked=true]")
    _focus(page, checked, "the coach's choices")  # a radio group takes the focus on its chosen radio
    none = group.get_by_role("radio", name="none")
    for _ in range(group.locator("[role=radio]").count()):  # the arrow keys move the focus along the group
        if none.evaluate(_FOCUSED):
            break
        page.keyboard.press("ArrowRight")
    act(page, "no coach", lambda: page.keyboard.press("Enter"))
    assert checked.inner_text() == "none", "no coach was chosen by keyboard"


def _declare(page, key: str, step: str, moves: int) -> State:  # type: ignore[no-untyped-def]
    """Declare the game in the list ``key``: the coach's plan when it is already chosen, else the first game,
    chosen with the arrow key (the list opens) and Enter."""
    if not page.locator(f".st-key-{key}_go button").is_enabled():
        _focus(page, page.locator(f".st-key-{key} input"), f"{step}: the game list")
        act(
            page,
            f"{step}: choose a game",
            lambda: (page.keyboard.press("ArrowDown"), page.keyboard.press("Enter")),
        )
    assert page.locator(f".st-key-{key}_go button").is_enabled(), f"{step}: no game was chosen by keyboard"
    return _press(page, f"{key}_go", "Enter", f"{step}: declare", move_count=above(moves))


def _turn(page, state: State, said: list[bool]) -> State:  # type: ignore[no-untyped-def]
    moves = state.number("move-count")
    phase = state["phase"]
    step = f"move {moves + 1} ({phase})"
    if phase in ("discard", "ramse_exchange"):
        first, second = card_codes(page)[:2]
        _press(page, f"play_card-{first}", "Space", f"{step}: pick {first}", picked=first)
        picked = " ".join(code for code in card_codes(page) if code in (first, second))
        _press(page, f"play_card-{second}", "Space", f"{step}: pick {second}", picked=picked)
        return _press(page, "play_two", "Enter", step, move_count=above(moves))
    if phase == "play":
        card = state.words("legal")[0]
        return _press(page, f"play_card-{card}", "Enter", f"{step}: {card}", move_count=above(moves))
    if phase == "declare" or (phase == "pickup" and offered(page, "play_pickup") is None):
        return _declare(page, "play_declare" if phase == "declare" else "play_declare_hand", step, moves)
    if not said[0] and offered(page, "play_say") is not None:
        said[0] = True
        return _press(page, "play_say", "Enter", f"{step}: say a bid", move_count=above(moves))
    for key in MOVE_BUTTONS:
        if offered(page, key) is not None:
            return _press(page, key, "Enter", f"{step}: {key}", move_count=above(moves))
    raise AssertionError(f"{step}: the learner's turn offers none of {MOVE_BUTTONS}; the page showed {state}")


@pytest.mark.parametrize("rules", ["international", "danish"])
def test_a_whole_deal_by_keyboard_alone(app_url: str, browser, rules: str) -> None:  # type: ignore[no-untyped-def]
    page = new_page(browser, width=1280, height=1000)
    open_app(page, f"{app_url}/game?lang=en&rules={rules}", phase="none")
    settled(page, "the Play page drawn")
    _coach_off(page, rules)
    _press(page, "play_deal", "Enter", "deal the cards", deal=1)
    said = [False]
    phases: set[str] = set()
    for _ in range(MAX_TURNS):
        state = wait_state(page, "the learner's turn or the end", deal=1, turn=one_of("me", ""))
        assert page.locator("[data-testid=stException]").count() == 0
        if state["phase"] == "finished":
            break
        phases.add(state["phase"])
        _turn(page, state, said)
    else:
        pytest.fail(f"the deal did not end in {MAX_TURNS} turns of the learner")
    assert phases & {"auction", "slaa_40"}, phases
    assert page.get_by_text("Score sheet ·").count() >= 1
    page.context.close()
