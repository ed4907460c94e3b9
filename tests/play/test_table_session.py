"""One table session for the Play page and shared tables (issue 20): the deal passes left in both, the
computers move through the bots, a seat's door shows only that seat and reveals the deal only at the end,
and every score-sheet entry is the settlement of the deal's one Outcome."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.calc import SCHEMES
from trainer.deal import Seat
from trainer.errors import SkatError
from trainer.profiles import DANISH, INTERNATIONAL, AllPass
from trainer.rules import HouseOptions, Phase, SkatGame
from trainer.scoring import settle
from trainer.table_session import (
    Place,
    TableSession,
    place_of_seat,
    places_of_seats,
    seat_of_place,
    table_game,
)

BOTS = (Place("bot"), Place("bot"), Place("bot"))


def test_the_deal_passes_left() -> None:
    """The dealer moves one place to the left (clockwise) each deal, so forehand does too: place 0 plays
    forehand, rearhand (it deals), middlehand, forehand … — for the Play page and a shared table alike."""
    assert [seat_of_place(0, n) for n in (1, 2, 3, 4)] == [
        Seat.FOREHAND,
        Seat.REARHAND,
        Seat.MIDDLEHAND,
        Seat.FOREHAND,
    ]
    for number in range(1, 8):
        forehand = place_of_seat(Seat.FOREHAND, number)
        assert forehand == (number - 1) % 3  # forehand sits on the dealer's left, the dealer moved left
        assert sorted(places_of_seats(number)) == [0, 1, 2]
        for place in range(3):
            assert place_of_seat(seat_of_place(place, number), number) == place


def test_the_play_page_and_a_shared_table_seat_the_learner_alike() -> None:
    """Both pages' code seats the learner through the session (the issue: the Play page turned the other
    way in the second deal)."""
    from trainer.ui.pages.play import LEARNER, PLACES

    session = TableSession(table_game(INTERNATIONAL), PLACES)
    for number in (1, 2, 3):
        session.deal(seed=number)
        assert session.number == number
        assert session.seat_of(LEARNER) is seat_of_place(LEARNER, number)
        while not session.over:
            turn = session.turn()
            assert turn is not None
            if turn.place == LEARNER:
                door = session.door(LEARNER)
                door.act(door.view().legal_moves[0])
            else:
                session.computer_step(time_ms=10)


def _play_out(session: TableSession) -> None:
    while not session.over:
        session.computer_step(time_ms=10)


def test_a_door_shows_one_seat_and_reveals_the_deal_only_at_the_end() -> None:
    session = TableSession(table_game(DANISH), BOTS, level="beginner")
    session.deal(seed=3)
    door = session.door(1)
    view = door.view()
    assert view.seat is seat_of_place(1, 1) and len(view.hand) in (5, 10)
    assert door.reveal() is None
    with pytest.raises(SkatError, match="not yours"):
        other = session.door(0)
        legal = other.view().legal_moves or session.door(2).view().legal_moves
        door.act(legal[0])
    _play_out(session)
    revealed = door.reveal()
    assert revealed is not None and revealed.outcome == revealed.state.outcome()
    assert revealed.record.replay().history == revealed.state.history


def test_the_next_deal_waits_for_this_one() -> None:
    session = TableSession(table_game(INTERNATIONAL), BOTS, level="beginner")
    session.deal(seed=1)
    with pytest.raises(SkatError, match="Finish this deal"):
        session.deal(seed=2)


@given(
    st.integers(0, 2**31 - 1),
    st.sampled_from([DANISH, INTERNATIONAL]),
    st.fixed_dictionaries({k: st.booleans() for k in ("kontra", "spoerge", "slaa", "ramsch")}),
    st.integers(1, 4),
)
@settings(max_examples=12, deadline=None)
def test_every_sheet_entry_is_the_settlement_of_its_outcome(
    seed: int, profile: object, options: dict[str, bool], deals: int
) -> None:
    assert profile in (DANISH, INTERNATIONAL)
    house = HouseOptions(
        kontra=options["kontra"] and profile is INTERNATIONAL,
        spoerge=options["spoerge"] and profile is DANISH,
        slaa_40_an=options["slaa"] and profile is DANISH,
        all_pass=AllPass.RAMSCH if options["ramsch"] and profile is INTERNATIONAL else None,
    )
    session = TableSession(SkatGame(profile, house), BOTS, level="beginner")  # type: ignore[arg-type]
    rng = random.Random(seed)
    for _ in range(deals):
        session.deal(seed=rng.randrange(2**31))
        _play_out(session)
    outcomes = dict(session.outcomes)
    assert sorted(outcomes) == list(range(1, deals + 1))
    for scheme in SCHEMES:
        rows = session.sheet(scheme).rows()
        assert [row.number for row in rows] == list(range(1, deals + 1))
        for row in rows:
            settled = settle(outcomes[row.number], scheme)
            if settled is None:
                assert row.amounts is None
                continue
            assert row.amounts is not None
            for seat in Seat:
                assert row.amounts[place_of_seat(seat, row.number)] == settled.by_seat[seat]


def test_a_duels_computer_is_left_out_of_the_sheet() -> None:
    session = TableSession(
        table_game(INTERNATIONAL), (Place("human"), Place("human"), Place("bot", scored=False))
    )
    assert session.scored_places == (0, 1)


def test_a_computer_plays_for_an_away_player_and_for_an_idle_one() -> None:
    session = TableSession(
        table_game(INTERNATIONAL), (Place("human"), Place("human", away=True), Place("bot"))
    )
    session.deal(seed=5)
    while not session.over:
        turn = session.turn(idle_seconds=60, waited=0)
        assert turn is not None
        if turn.place == 0:
            assert not turn.by_computer and turn.idle_left == 60
            assert session.turn(idle_seconds=60, waited=61).by_computer  # type: ignore[union-attr]
            session.computer_step(time_ms=10)
        else:
            assert turn.by_computer
            session.computer_step(time_ms=10)
    assert session.current is not None and session.current.phase is Phase.FINISHED
