"""The Play page's "Your decisions" review in AppTest on fixed finished deals: the bid, pickup, discard and
game judged with open cards match the engine's verdicts (trainer.coach.decision_verdicts), and "could I have
won?" names what cost the game. Uses the compiled solver (whole deals from the first lead)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.play.helpers import Finished, review_deal, store_finished
from tests.ui.helpers import texts
from trainer.solver import numba_available

from .driver import button, open_play

pytestmark = pytest.mark.skipif(not numba_available(), reason="the review solves whole deals")


@pytest.fixture(autouse=True)
def _store(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'review.sqlite'}"
    monkeypatch.setenv("SKAT_TRAINER_DB_URL", url)
    monkeypatch.setenv("SKAT_TRAINER_PLAY_PACE", "0")
    monkeypatch.delenv("SKAT_SOLVER_BACKEND", raising=False)
    return url


def _finished_evening(url: str, token: str, name: str) -> Finished:
    """An evening whose last deal is the recorded deal ``name`` (tests/play/data/review_deals.json)."""
    deal = review_deal(name)
    store_finished(url, token, deal)
    return deal


def _judge(token: str) -> str:
    at = open_play("en", "international", evening=token)
    decide = button(at, "play_decisions")
    assert decide is not None, texts(at)
    decide.click().run()
    assert not at.exception, at.exception
    first = texts(at)
    at.run()
    assert button(at, "play_decisions") is None  # judged once, kept for the deal
    assert texts(at) == first
    return first


def test_the_declarers_decisions_are_judged(_store: str) -> None:
    deal = _finished_evening(_store, "reviewdeclarer", "declarer")
    state = deal.state
    assert state.declarer is deal.learner and state.declaration is not None and not state.declaration.hand
    shown = _judge("reviewdeclarer")
    assert "Your decisions" in shown
    # The engine's verdicts of this deal (tests/play/test_decisions.py): clubs won at 18, worth 36;
    # clubs played hand would have been lost; grand would have been won, worth 72.
    assert "- Bid: ✓ you won the auction at 18; your game with open cards: won (worth 36)." in shown
    assert (
        "- Pickup: ✓ you picked up; clubs hand would have been lost (worth 48) (yours: won (worth 36))."
        in shown
    )
    assert "- Discard: ✓ your ♦7 ♦Q: won (worth 36); the best of the " in shown
    assert "- Game: · your clubs: won (worth 36). Grand would have been won (worth 72); " in shown
    assert "null would have been lost (worth 23)." in shown
    assert "Could you have won?" not in shown  # the learner won


def test_a_defenders_pass_is_judged_and_could_i_have_won_looks_at_the_cards(_store: str) -> None:
    deal = _finished_evening(_store, "reviewdefender", "defender")
    outcome = deal.state.outcome()
    assert deal.state.declarer is not deal.learner and outcome is not None and outcome.won
    shown = _judge("reviewdefender")
    # No game of the learner's hand wins at 18 with open cards (which one is named depends on how many
    # discards the time budget let the coach try).
    assert "- Bid: ✓ you passed at 18; with the skat known, " in shown
    assert "would have been lost (worth " in shown
    assert "Could you have won? None of your decisions before the play cost the game" in shown


def test_could_i_have_won_names_the_first_costly_decision(_store: str) -> None:
    deal = _finished_evening(_store, "reviewcostly", "costly")
    outcome = deal.state.outcome()
    assert deal.state.declarer is deal.learner and outcome is not None and outcome.won is False
    shown = _judge("reviewcostly")
    # With open cards the learner's game was lost, and another game at the bid (or, when the time budget
    # reaches it, another discard) would have been won: the review names the earliest such decision.
    names = {
        "Bid": "the bid",
        "Pickup": "picking up or playing hand",
        "Discard": "the discard",
        "Game": "the game",
    }
    costly = [
        line[2:].split(":")[0] for line in shown.splitlines() if line.startswith("- ") and ": ✗ " in line
    ]
    assert costly and set(costly) <= {"Discard", "Game"}
    assert f"Could you have won? The first decision that cost the game: {names[costly[0]]}." in shown


def test_could_i_have_won_says_when_no_choice_would_have_won(_store: str) -> None:
    deal = _finished_evening(_store, "reviewhopeless", "hopeless")
    outcome = deal.state.outcome()
    assert deal.state.declarer is deal.learner and outcome is not None and outcome.won is False
    shown = _judge("reviewhopeless")
    assert "your game with open cards: lost" in shown
    assert not [line for line in shown.splitlines() if line.startswith("- ") and ": ✗ " in line]
    assert "Could you have won? Not with these cards" in shown
