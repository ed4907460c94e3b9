"""Drive the Play page in AppTest like a learner who follows the coach: click what the table offers."""

from __future__ import annotations

from typing import Any

from streamlit.testing.v1 import AppTest

from tests.ui.helpers import APP

PAGE = "trainer/ui/pages/play.py"
RUN_TIMEOUT_S = 180
"""AppTest's limit for one script run. One run of the Play page can hold the computers' whole card play and
the coach's search (pure-Python solver in these tests); on two cores busy with the rest of the suite that
once took over 60 s (a fresh-clone run), while alone it takes a few seconds. The tests check what the page
does, not its speed: benchmarks/play_turns.py times the turns."""


def open_play(lang: str = "en", rules: str = "danish", *, evening: str = "", **state: Any) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=RUN_TIMEOUT_S)
    at.query_params["lang"] = lang
    at.query_params["rules"] = rules
    if evening:
        at.query_params["evening"] = evening
    at.run()
    for key, value in state.items():
        at.session_state[key] = value
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    return at


def button(at: AppTest, key: str) -> Any | None:
    for b in at.button:
        if b.key == key:
            return b
    return None


def keys(at: AppTest) -> list[str]:
    return [b.key for b in at.button if b.key and not b.disabled]


def card_keys(at: AppTest) -> list[str]:
    return [k for k in keys(at) if k.startswith("play_card-")]


def step(at: AppTest, prefer_pass: bool = True) -> str:
    """One learner action (or one wait for the opponents); returns what was done."""
    k = keys(at)
    for choice in ("play_deal",):
        if choice in k:
            button(at, choice).click().run()
            return choice
    if "play_pass" in k and prefer_pass:
        button(at, "play_pass").click().run()
        return "pass"
    for choice in (
        "play_hold",
        "play_say",
        "play_knock_0",
        "play_pickup",
        "play_declare_go",
        "play_window_0",
        "play_ramse_0",
        "play_throw",
    ):
        if choice in k:
            button(at, choice).click().run()
            return choice
    for box in at.selectbox:
        if box.key in ("play_declare", "play_declare_hand") and box.value is None and "play_pickup" not in k:
            box.select_index(0).run()  # nothing is declared until a game is chosen
            return "choose"
    cards = card_keys(at)
    if cards and button(at, "play_two") is not None:
        for key in cards[:2]:
            card = button(at, key)
            if card is not None:
                card.click().run()
        button(at, "play_two").click().run()
        return "two"
    if cards:
        button(at, cards[0]).click().run()  # refused when illegal: play_deal then tries the others
        return "card:" + cards[0]
    if "play_pass" in k:  # the bid has reached the top of the ladder: passing is all that is left
        button(at, "play_pass").click().run()
        return "pass"
    at.run()
    return "wait"


def play_deal(at: AppTest, *, limit: int = 400, prefer_pass: bool = True) -> list[str]:
    """Click through one deal until the 'Next deal' button shows."""
    done = []
    for _ in range(limit):
        assert not at.exception, at.exception
        if button(at, "play_deal") is not None and done:
            return done
        action = step(at, prefer_pass)
        if action.startswith("card:") and at.error:
            # refused: play the first highlighted legal card instead
            for key in card_keys(at):
                card = button(at, key)
                if card is None or card.disabled:
                    break  # the table moved on: a card was accepted
                card.click().run()
                if not at.error:
                    break
        done.append(action)
    raise AssertionError(f"the deal did not end: {done[-20:]}")
