"""Declaring has no silent default (issue 46): the game list opens on the coach's plan while the coach's
plan is shown, and otherwise on no game at all, so pressing Declare without choosing declares nothing; a
game worth less than the bid says so before it is declared."""

from __future__ import annotations

import random

import pytest

from tests.play.helpers import last_deal, store_state
from tests.ui.helpers import texts
from trainer.bots import choose
from trainer.coach import coach_suggestion
from trainer.deal import Seat
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.rules import Contract, DealState, Declare, Discard, Phase, PickUp
from trainer.rules.bidding import hand_value
from trainer.table_session import table_game

from .driver import button, open_play

pytestmark = pytest.mark.usefixtures("play_db")


def _to_declare(profile: RuleProfile, learner: Seat = Seat.FOREHAND) -> DealState:
    """A deal stopped where ``learner`` has picked up and laid away and is to declare."""
    for seed in range(1, 80):
        state = table_game(profile).new_deal(seed)
        rng = random.Random(seed)
        while state.phase not in (Phase.FINISHED, Phase.PLAY):
            seat = state.to_move
            assert seat is not None
            if state.phase is Phase.DECLARE and seat is learner:
                return state
            view = state.view(seat)
            move = coach_suggestion(view, time_ms=30).move if seat is learner else None
            state.apply(move if move is not None else choose(view, "beginner", rng=rng, time_ms=20).move)
    raise AssertionError("no deal reached the learner's declaration")


def _declare_box(at):  # type: ignore[no-untyped-def]
    return next(box for box in at.selectbox if box.key == "play_declare")


@pytest.mark.parametrize("profile", [INTERNATIONAL, DANISH], ids=lambda p: p.name)
def test_without_the_coach_nothing_is_chosen_and_declare_waits(play_db: str, profile: RuleProfile) -> None:
    state = _to_declare(profile)
    store_state(play_db, "declarenone", state, Seat.FOREHAND, coach="none")
    at = open_play("en", profile.name, evening="declarenone")
    assert _declare_box(at).value is None
    go = button(at, "play_declare_go")
    assert go is not None and go.disabled  # pressing it declares nothing: there is nothing chosen
    _declare_box(at).select_index(0).run()
    go = button(at, "play_declare_go")
    assert go is not None and not go.disabled


@pytest.mark.parametrize("profile", [INTERNATIONAL, DANISH], ids=lambda p: p.name)
def test_the_beginner_coach_opens_the_list_on_its_game(play_db: str, profile: RuleProfile) -> None:
    state = _to_declare(profile)
    store_state(play_db, "declarecoach", state, Seat.FOREHAND, coach="beginner")
    at = open_play("en", profile.name, evening="declarecoach")
    planned = coach_suggestion(state.view(Seat.FOREHAND), time_ms=400).move
    assert isinstance(planned, Declare)
    box = _declare_box(at)
    assert box.value is not None
    go = button(at, "play_declare_go")
    assert go is not None and not go.disabled
    from trainer.ui.context import context_from_state
    from trainer.ui.terms import declaration_name

    t = context_from_state({"lang": "en", "rules": profile.name}).t
    assert box.format_func(box.value).startswith(declaration_name(planned.declaration, t) + " — ")


def _high_contract(bid: int) -> DealState:
    """Forehand has won the auction at ``bid`` (a fixed contract), picked up and laid away two cards."""
    state = table_game(INTERNATIONAL).new_deal(7)
    state.apply(Contract(Seat.FOREHAND, bid))
    state.apply(PickUp(Seat.FOREHAND))
    state.apply(Discard(Seat.FOREHAND, state.hand(Seat.FOREHAND)[-2:]))
    assert state.phase is Phase.DECLARE
    return state


def test_a_game_below_the_bid_says_so_before_it_is_declared(play_db: str) -> None:
    state = _high_contract(46)
    view = state.view(Seat.FOREHAND)
    declares = [m for m in view.legal_moves if isinstance(m, Declare) and not m.declaration.hand]
    values = [hand_value(view.profile, view.hand, m.declaration, view.discards).value for m in declares]
    below = sum(value < 46 for value in values)
    assert 0 < below < len(values)  # the deal has both kinds
    store_state(play_db, "declarebelow", state, Seat.FOREHAND, coach="none")
    at = open_play("en", "international", evening="declarebelow")
    box = _declare_box(at)
    labels = list(box.options)  # as shown
    assert sum(label.endswith(", below the bid") for label in labels) == below
    index = next(i for i, label in enumerate(labels) if label.endswith(", below the bid"))
    box.select_index(index).run()
    assert "below the bid 46: declared, it is lost (overbid)" in texts(at)
    other = next(i for i, label in enumerate(labels) if not label.endswith(", below the bid"))
    box.select_index(other).run()
    assert "below the bid 46" not in texts(at)
    _, stored = last_deal(play_db, "declarebelow")
    assert stored.phase is Phase.DECLARE  # choosing alone declares nothing
