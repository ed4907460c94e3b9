"""The learner's move on the Play page in the browser tests: one copy of what the Play, new-learner,
deal-end and accessibility tests press when it is the learner's turn (the Play and new-learner tests each
had their own)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .conftest import State, above, click, one_of, wait_state
from .hand import card_codes, offered

MAX_TURNS = 120
"""More learner turns than a deal can have (auction, skat, declaration, knock window, ten cards)."""

MOVE_BUTTONS = ("play_hold", "play_pass", "play_knock_0", "play_pickup", "play_declare_go", "play_throw",
                "play_window_0", "play_ramse_0")  # fmt: skip
"""What the learner presses when it is offered, in this order (after saying one bid, so a game is played)."""


def _unseen(stage: str) -> None:
    """No screenshot of ``stage``."""


def learner_move(  # type: ignore[no-untyped-def]
    page,
    state: State,
    said: list[bool],
    *,
    card: str | None = None,
    prefix: str = "",
    seen: Callable[[str], None] = _unseen,
) -> State:
    """One learner move from ``state`` (the learner's turn); returns the state after it. With the skat the
    first two cards of the hand go away; in card play ``card`` is played (None: the first legal card); in the
    auction one bid is said once (``said[0]`` remembers it), else the first of MOVE_BUTTONS offered is
    pressed. ``seen(stage)`` is called while "auction", "skat" (two cards picked) or "play" is on screen, so
    a test can take its screenshots; ``prefix`` starts the step's name in the step log."""
    moves = state.number("move-count")
    phase = state["phase"]
    step = f"{prefix}move {moves + 1} ({phase})"
    if phase in ("auction", "slaa_40"):
        seen("auction")
    if phase in ("discard", "ramse_exchange"):
        first, second = card_codes(page)[:2]
        button = page.locator(f".st-key-play_card-{first} button")
        click(page, button, f"{step}: pick {first}", picked=first)
        button = page.locator(f".st-key-play_card-{second} button")
        picked = " ".join(code for code in card_codes(page) if code in (first, second))
        click(page, button, f"{step}: pick {second}", picked=picked)
        seen("skat")
        return click(page, page.locator(".st-key-play_two button"), step, move_count=above(moves))
    if phase == "play":
        seen("play")
        card = card or state.words("legal")[0]
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


def play_deal(page, deal: int, move: Callable[[State], object]) -> None:  # type: ignore[no-untyped-def]
    """Play deal number ``deal`` to its end: the computers move on their own (the page redraws itself), and
    on each of the learner's turns ``move(state)`` makes the learner's move."""
    for _ in range(MAX_TURNS):
        state = wait_state(page, "the learner's turn or the end", deal=deal, turn=one_of("me", ""))
        if state["phase"] == "finished":
            return
        move(state)
    pytest.fail(f"deal {deal} did not end in {MAX_TURNS} turns of the learner")
