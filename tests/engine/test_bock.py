"""Bock rounds, the worked house rule of docs/architecture.md: a deal split 60–60 or a kontra the defenders
won calls a round of Bock deals (one per seat) that count double, in the value, the list and every scheme."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.records.deal_record import outcome_from_json, outcome_to_json
from trainer.rules import HouseOptions, Outcome, Phase, SkatGame
from trainer.rules.settlement import BOCK, calls_bock
from trainer.scoring import SCHEMES, settle
from trainer.table_session import Place, TableSession, table_game

PLACES = (Place("human"), Place("bot"), Place("bot"))


def played_outcome(profile: RuleProfile, house: HouseOptions | None = None) -> Outcome:
    """A real deal of this profile played to its end by always taking the last legal move (a game with a
    declarer: the seed is chosen so that someone wins the auction)."""
    for seed in range(50):
        state = SkatGame(profile, house or HouseOptions()).new_deal(seed)
        while state.phase is not Phase.FINISHED:
            moves = state.legal_moves()
            playing = [m for m in moves if type(m).__name__ not in {"Throw", "Pass"}]
            state.apply((playing or list(moves))[-1])
        outcome = state.outcome()
        if outcome is not None and outcome.result is not None and not outcome.declaration.game.is_null:
            return outcome
    raise AssertionError("no played suit or grand game in 50 seeds")  # pragma: no cover


def with_points(outcome: Outcome, declarer_points: int, *, kontra: bool = False) -> Outcome:
    assert outcome.declarer is not None
    points = [0, 0, 0]
    points[outcome.declarer] = declarer_points
    points[outcome.declarer.next] = 120 - declarer_points
    return dataclasses.replace(outcome, points=(points[0], points[1], points[2]), kontra=kontra)


def test_what_calls_a_bock_round() -> None:
    assert calls_bock(60, null=False, kontra=False, declarer_won=False)
    assert not calls_bock(61, null=False, kontra=False, declarer_won=True)
    assert not calls_bock(60, null=True, kontra=False, declarer_won=False)  # a null game has no split
    assert calls_bock(90, null=False, kontra=True, declarer_won=False)  # the defenders' kontra won
    assert not calls_bock(90, null=False, kontra=True, declarer_won=True)
    assert not calls_bock(None, null=False, kontra=False, declarer_won=None)  # passed in, Ramse


@pytest.mark.parametrize("profile", [INTERNATIONAL, DANISH], ids=lambda p: p.name)
def test_a_bock_deal_counts_double_in_the_list_and_every_scheme(profile: RuleProfile) -> None:
    plain = played_outcome(profile)
    bock = plain.in_bock()
    assert bock.bock and not plain.bock and bock.in_bock() == bock
    assert plain.scored_value is not None and plain.list_score is not None
    assert bock.scored_value == BOCK.factor * plain.scored_value
    assert bock.list_score == BOCK.factor * plain.list_score
    for scheme in SCHEMES:
        once, twice = settle(plain, scheme), settle(bock, scheme)
        assert once is not None and twice is not None
        assert twice.by_seat == tuple(Decimal(BOCK.factor) * amount for amount in once.by_seat)
        assert any("Bock" in line for line in twice.working) and not any(
            "Bock" in line for line in once.working
        )


@pytest.mark.parametrize("profile", [INTERNATIONAL, DANISH], ids=lambda p: p.name)
def test_a_bock_outcome_and_the_option_are_stored_and_read_back(profile: RuleProfile) -> None:
    plain = played_outcome(profile)
    assert "bock" not in outcome_to_json(plain)  # outcomes stored before Bock rounds stay byte for byte
    assert outcome_from_json(outcome_to_json(plain.in_bock())) == plain.in_bock()
    house = dataclasses.replace(HouseOptions.usual(profile), bock=True)
    assert HouseOptions.from_json(house.to_json()) == house
    assert "bock" not in HouseOptions.usual(profile).to_json()


def _session(bock: bool, profile: RuleProfile, calls: list[bool]) -> TableSession:
    """A table whose finished deals call a Bock round where ``calls`` says so (60–60), else not (61)."""
    base = played_outcome(profile)
    earlier = [(n, with_points(base, 60 if call else 61)) for n, call in enumerate(calls, start=1)]
    house = dataclasses.replace(HouseOptions.usual(profile), bock=bock)
    return TableSession(table_game(profile, house), PLACES, earlier=earlier)


def test_the_table_session_counts_the_bock_deals_owed() -> None:
    session = _session(True, INTERNATIONAL, [False, True, False, False, False, False])
    marked = [outcome.bock for _n, outcome in session.outcomes]
    assert marked == [False, False, True, True, True, False]  # one round: a deal dealt by each seat
    assert session.bock_deals_owed == 0
    owed = _session(True, INTERNATIONAL, [True, False])
    assert owed.bock_deals_owed == BOCK.deals_per_round - 1
    off = _session(False, INTERNATIONAL, [False, True, False, False])
    assert not any(outcome.bock for _n, outcome in off.outcomes) and off.bock_deals_owed == 0


@given(calls=st.lists(st.booleans(), max_size=12))
def test_bock_rounds_called_during_a_round_are_added_not_multiplied(calls: list[bool]) -> None:
    session = _session(True, INTERNATIONAL, calls)
    marked = [outcome.bock for _n, outcome in session.outcomes]
    owed = 0
    for call, is_bock in zip(calls, marked, strict=True):
        assert is_bock == (owed > 0)
        owed = max(owed - 1, 0) + (BOCK.deals_per_round if call else 0)
    assert session.bock_deals_owed == owed
    factors = {outcome.bock_factor for _n, outcome in session.outcomes}
    assert factors <= {1, BOCK.factor}


def test_a_won_kontra_calls_a_round_too() -> None:
    base = played_outcome(INTERNATIONAL, HouseOptions(kontra=True))
    lost = dataclasses.replace(base, result=dataclasses.replace(base.result, won=False), kontra=True)
    assert lost.won is False and lost.calls_bock
    assert not dataclasses.replace(lost, kontra=False).calls_bock  # the same loss without kontra calls none


def test_the_door_reveals_a_bock_deal_as_scored_and_the_value_line_names_it() -> None:
    from trainer.ui.context import context_from_state
    from trainer.ui.views.deal_end import value_lines

    house = dataclasses.replace(HouseOptions.usual(INTERNATIONAL), bock=True)
    game = table_game(INTERNATIONAL, house)
    base = played_outcome(INTERNATIONAL, house)
    for seed in range(50):  # a deal played to its end with a declarer, after a deal that split 60-60
        state = game.new_deal(seed)
        while state.phase is not Phase.FINISHED:
            moves = state.legal_moves()
            state.apply(([m for m in moves if type(m).__name__ not in {"Throw", "Pass"}] or list(moves))[-1])
        finished = state.outcome()
        if finished is not None and finished.result is not None:
            break
    session = TableSession(
        game, PLACES, earlier=[(1, with_points(base, 60))], current=state, current_number=2
    )
    revealed = session.door(0).reveal()
    assert revealed is not None and revealed.outcome.bock and revealed.outcome == finished.in_bock()
    ctx = context_from_state({"lang": "en", "rules": "international"})
    lines = value_lines(revealed.outcome, ("a", "b", "c"), ctx)
    assert any(line.startswith("Bock deal:") for line in lines)
    assert not any("Bock" in line for line in value_lines(finished, ("a", "b", "c"), ctx))
