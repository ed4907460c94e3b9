"""Playing at a shared table through the store (the code path a browser's click takes), on SQLite and
PostgreSQL: only the seat to move may move, racing clicks apply once, computers fill seats and idle players,
and every finished deal's record replays to the same result."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest

from tests.tables.helpers import modest
from trainer.errors import ClassAccessError, SkatError
from trainer.profiles import get_profile
from trainer.records.iss import parse_record, replay
from trainer.rules import PlayCard
from trainer.store import Store
from trainer.store.tables import TablePlay, TableStore
from trainer.table_session import place_of_seat

T0 = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
SEED = 20261201


def _table(store: Store, humans: int, profile: str = "international") -> tuple[TablePlay, int, list[int]]:
    tables = TableStore(store)
    learners = [store.get_or_create_learner(f"Player {n}").id for n in range(humans)]
    table = tables.open_table(
        host_learner_id=learners[0], host_name="P0", profile_name=profile, scheme="list", deals_planned=3,
        bot_level="club", idle_seconds=60, at=T0,
    )  # fmt: skip
    for n, learner in enumerate(learners[1:], start=1):
        tables.join(table.code, learner_id=learner, name=f"P{n}", client=f"c{n}", at=T0)
    for place in range(humans, 3):
        tables.fill_with_computer(table.id, place, by_learner_id=learners[0])
    return TablePlay(tables), table.id, learners


def _play_out(play: TablePlay, table_id: int, learners: list[int], at: datetime) -> None:
    """Humans play their first legal move (never throwing the cards), computers theirs, until the deal is
    over."""
    for _ in range(200):
        now = play.moment(table_id, at)
        assert now.stored is not None and now.state is not None
        if now.stored.finished:
            return
        assert now.turn is not None
        if now.turn.by_computer:
            assert play.computer_step(table_id, at=at, time_ms=50)
            continue
        learner = learners[now.turn.place]
        move = modest(now.state.view(now.turn.seat))
        assert play.move(table_id, learner, move, seen=now.version, at=at)
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("profile", ["international", "danish"])
def test_a_whole_deal_with_two_players_and_a_computer(store: Store, profile: str) -> None:
    play, table_id, learners = _table(store, 2, profile)
    play.start_next_deal(table_id, at=T0, seed=SEED)
    _play_out(play, table_id, learners, T0)
    now = play.moment(table_id, T0)
    assert now.stored is not None and now.stored.finished and now.state is not None
    outcome = now.state.outcome()
    assert outcome is not None
    assert now.stored.outcome() == outcome and outcome.profile.name == profile
    if now.stored.iss is not None:  # ISS notation holds it: it replays to the same result
        result = replay(parse_record(now.stored.iss), get_profile(profile))
        assert result.outcome is not None and outcome.result is not None
        assert (result.outcome.won, result.outcome.value) == (outcome.result.won, outcome.result.value)
    nxt = play.start_next_deal(table_id, at=T0, seed=SEED)
    assert nxt.number == 2 and nxt.turn is not None


def test_only_the_seat_to_move_may_move_and_nobody_else(store: Store) -> None:
    play, table_id, learners = _table(store, 3)
    now = play.start_next_deal(table_id, at=T0, seed=SEED)
    assert now.state is not None and now.turn is not None and not now.turn.by_computer
    mover = learners[now.turn.place]
    other = learners[(now.turn.place + 1) % 3]
    move = now.state.view(now.turn.seat).legal_moves[0]
    with pytest.raises(SkatError):  # another player may not make the mover's move
        play.move(table_id, other, move, seen=now.version, at=T0)
    stranger = store.get_or_create_learner("Stranger").id
    with pytest.raises(ClassAccessError):
        play.move(table_id, stranger, move, seen=now.version, at=T0)
    assert play.move(table_id, mover, move, seen=now.version, at=T0)
    assert not play.move(table_id, mover, move, seen=now.version, at=T0)  # stale: the table moved on


def test_racing_clicks_from_two_browsers_apply_once(store: Store) -> None:
    play, table_id, learners = _table(store, 3)
    now = play.start_next_deal(table_id, at=T0, seed=SEED)
    assert now.state is not None and now.turn is not None
    mover = learners[now.turn.place]
    move = now.state.view(now.turn.seat).legal_moves[0]
    results: list[bool] = []
    barrier = threading.Barrier(3)

    def click() -> None:
        barrier.wait()
        results.append(play.move(table_id, mover, move, seen=now.version, at=T0))

    threads = [threading.Thread(target=click) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False, False, True]
    assert play.moment(table_id, T0).version == (1, 1)


def test_an_idle_player_is_played_for_until_back(store: Store) -> None:
    play, table_id, learners = _table(store, 3)
    now = play.start_next_deal(table_id, at=T0, seed=SEED)
    assert now.turn is not None and not now.turn.by_computer and now.turn.idle_left == 60
    assert not play.computer_step(table_id, at=T0 + timedelta(seconds=30))
    later = T0 + timedelta(seconds=61)
    idle_place = now.turn.place
    assert play.moment(table_id, later).turn.by_computer  # type: ignore[union-attr]
    assert play.computer_step(table_id, at=later)
    assert play.tables.get(table_id).seats[idle_place].away
    # while away, the computer plays the seat at once whenever it is to move; back, the player moves again
    assert _play_until(play, table_id, learners, later, idle_place)  # (the seeded deal comes back to it)
    assert play.moment(table_id, later).turn.by_computer  # type: ignore[union-attr]
    play.tables.set_away(table_id, idle_place, False)  # "I'm back"
    again = play.moment(table_id, later)
    assert again.turn is not None and again.turn.place == idle_place and not again.turn.by_computer


def _play_until(play: TablePlay, table_id: int, learners: list[int], at: datetime, place: int) -> bool:
    """Others move (at once, so nobody else idles) until ``place`` is to move (True) or the deal ends."""
    for _ in range(100):
        now = play.moment(table_id, at)
        if now.turn is None or now.state is None:
            return False
        if now.turn.place == place:
            return True
        move = modest(now.state.view(now.turn.seat))
        assert play.move(table_id, learners[now.turn.place], move, seen=now.version, at=now.changed_at)
    return False


def test_cards_are_checked_by_the_engine(store: Store) -> None:
    play, table_id, learners = _table(store, 3)
    now = play.start_next_deal(table_id, at=T0, seed=SEED)
    assert now.turn is not None
    seat = now.turn.seat
    assert place_of_seat(seat, 1) == now.turn.place
    with pytest.raises(SkatError):  # no card may be played during the auction
        play.move(
            table_id, learners[now.turn.place], PlayCard(seat, now.state.hand(seat)[0]), seen=now.version
        )  # type: ignore[union-attr]
