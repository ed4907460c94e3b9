"""The strength benchmark's open values (its oracle and its "won open" split) are the declarer's real final
points: a deal played out ends on the points its open value promised."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from trainer.bots.cardplay import club_card
from trainer.bots.context import context_from_state
from trainer.deal import Seat
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import strength


@pytest.mark.parametrize("profile", [INTERNATIONAL, DANISH], ids=lambda p: p.name)
@pytest.mark.parametrize("seed", [220118, 220008])
def test_open_value_is_the_final_points(profile: RuleProfile, seed: int) -> None:
    deal = strength.contract(profile, seed)
    assert deal is not None and not deal.state.game.is_null
    state = deal.state.copy()
    # play by the club's rules down to the last two tricks, then perfectly: the points must be the promise
    while sum(len(state.hand(seat)) for seat in Seat) > 6:
        state.play(club_card(context_from_state(state, bid=deal.bid))[0])
    values = strength.open_values(state)
    to_move_is_declarer = state.to_move is deal.declarer
    promised = max(values.values()) if to_move_is_declarer else min(values.values())
    while not state.is_finished:
        values = strength.open_values(state)
        pick = max if state.to_move is deal.declarer else min
        state.play(pick(values, key=lambda card: values[card]))
    assert state.declarer_points == promised
