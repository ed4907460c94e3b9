"""The tips chapter's solver positions: each one's tip card is among the solver's best, and in the app a
right and a wrong pick give the verdict, the table of every card's outcome and the note."""

from __future__ import annotations

import pytest

from trainer.quiz.positions import POSITIONS, outcome

from .helpers import WIDGET_KEY, texts, widget_app

TIP_CARDS = {
    "draw-trumps": "CJ",
    "count-trumps": "SJ",
    "bare-ten": "DK",
    "smear": "HT",
    "second-hand": "S7",
}
"""The card each tip recommends; the solver must agree, and the worst card must cost points."""


def test_at_least_five_positions_and_the_solver_backs_each_tip() -> None:
    assert len(POSITIONS) >= 5
    for position in POSITIONS:
        found = outcome(position.id)
        assert TIP_CARDS[position.id] in {c.iss for c in found.best}, position.id
        assert len(set(found.values.values())) > 1, "some card must be worse, or there is nothing to learn"


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("right", [True, False])
def test_pick_a_card_and_see_every_outcome(lang: str, right: bool) -> None:
    position = POSITIONS[4]
    found = outcome(position.id)
    best = {c.iss for c in found.best}
    card = TIP_CARDS[position.id] if right else next(c.iss for c in found.values if c.iss not in best)
    at = widget_app("tip_positions", lang=lang, chapter="16-tips")
    at.radio(key=WIDGET_KEY + "position").set_value(position.id).run()
    at.pills(key=WIDGET_KEY + f"pick-{position.id}").set_value(card).run()
    at.button(key=WIDGET_KEY + "check").click().run()
    assert not at.exception
    assert bool(at.success) == right and bool(at.error) != right
    assert at.dataframe and len(at.dataframe[0].value) == len(found.values)
    assert at.session_state["quiz_history"][-1] == ("tip_position", right)
    assert "♥10" in texts(at)  # the note
