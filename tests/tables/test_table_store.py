"""Shared tables in the store, on SQLite and PostgreSQL: codes, joining, seats, access, racing moves."""

from __future__ import annotations

import math
import threading
from datetime import UTC, datetime, timedelta

import pytest

from trainer.errors import ClassAccessError, StoreError, TooManyAttemptsError
from trainer.store import Store
from trainer.store.tables import (
    CODE_BITS,
    TABLE_CODE_LENGTH,
    SharedTable,
    TableFullError,
    TableStore,
    new_table_code,
)
from trainer.teacher import JOIN_CODE_ALPHABET

T0 = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


@pytest.fixture
def tables(store: Store) -> TableStore:
    return TableStore(store)


def _learner(store: Store, name: str) -> int:
    return store.get_or_create_learner(name).id


def _open(tables: TableStore, host: int) -> SharedTable:
    return tables.open_table(
        host_learner_id=host,
        host_name="Host",
        profile_name="danish",
        scheme="danish_money",
        deals_planned=6,
        bot_level="club",
        at=T0,
    )


def test_codes_are_not_guessable() -> None:
    assert CODE_BITS >= 40
    assert math.isclose(CODE_BITS, TABLE_CODE_LENGTH * math.log2(len(JOIN_CODE_ALPHABET)))
    codes = {new_table_code() for _ in range(200)}
    assert len(codes) == 200 and all(len(c) == TABLE_CODE_LENGTH for c in codes)


def test_open_join_and_fill_a_table(store: Store, tables: TableStore) -> None:
    host, anna, bo, cai = (_learner(store, n) for n in ("Host", "Anna", "Bo", "Cai"))
    table = _open(tables, host)
    assert [s.kind for s in table.seats] == ["human", "empty", "empty"]
    code = table.code
    joined, place = tables.join(code.lower(), learner_id=anna, name="Anna", client="1.2.3.4", at=T0)
    assert place == 1 and joined.seats[1].name == "Anna"
    again, place_again = tables.join(code, learner_id=anna, name="Anna", client="1.2.3.4", at=T0)
    assert place_again == 1 and [s.kind for s in again.seats] == ["human", "human", "empty"]
    filled = tables.fill_with_computer(joined.id, 2, by_learner_id=anna, scored=False)
    assert filled.seats[2].kind == "bot" and not filled.seats[2].scored and filled.full
    with pytest.raises(TableFullError):
        tables.join(code, learner_id=bo, name="Bo", client="1.2.3.4", at=T0)
    with pytest.raises(StoreError):
        tables.fill_with_computer(joined.id, 2, by_learner_id=anna)
    with pytest.raises(ClassAccessError):  # not seated: may not put a computer in
        tables.fill_with_computer(joined.id, 1, by_learner_id=cai)
    assert tables.tables_of_learner(anna)[0].id == joined.id
    assert tables.tables_of_learner(cai) == []


def test_nobody_reaches_a_table_without_its_code(store: Store, tables: TableStore) -> None:
    host, eve = _learner(store, "Host"), _learner(store, "Eve")
    table = _open(tables, host)
    with pytest.raises(ClassAccessError):
        tables.for_learner(table.id, eve)
    with pytest.raises(ClassAccessError):
        tables.join("AAAAAAAAA", learner_id=eve, name="Eve", client="9.9.9.9", at=T0)


def test_guessing_codes_is_rate_limited(store: Store, tables: TableStore) -> None:
    eve = _learner(store, "Eve")
    policy = tables.classes.policy
    for n in range(policy.free_per_client):
        with pytest.raises(ClassAccessError):
            tables.join(f"GUESS{n:04d}", learner_id=eve, name="Eve", client="6.6.6.6", at=T0)
    with pytest.raises(TooManyAttemptsError):
        soon = T0 + policy.client_delay / 2
        tables.join("GUESSMORE", learner_id=eve, name="Eve", client="6.6.6.6", at=soon)


def test_two_joins_racing_for_the_last_seat_get_different_places(store: Store, tables: TableStore) -> None:
    host = _learner(store, "Host")
    # three racers for the two free seats: a fourth try at the same code in flight at once would meet the
    # guessing delay (tries count as failed until they succeed, so parallel guesses all count)
    racers = [_learner(store, f"Racer {n}") for n in range(3)]
    table = _open(tables, host)
    places: list[int] = []
    full: list[int] = []

    def join(learner: int) -> None:
        try:
            places.append(tables.join(table.code, learner_id=learner, name="R", client=f"c{learner}")[1])
        except TableFullError:
            full.append(learner)

    threads = [threading.Thread(target=join, args=(learner,)) for learner in racers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(places) == [1, 2] and len(full) == 1
    seated = tables.get(table.id).seats
    assert len({s.learner_id for s in seated}) == 3


def test_racing_moves_on_one_deal_only_one_is_applied(store: Store, tables: TableStore) -> None:
    """Two browsers send a move computed from the same state: the compare-and-set lets exactly one in."""
    host = _learner(store, "Host")
    table = _open(tables, host)
    from trainer.profiles import INTERNATIONAL
    from trainer.records.deal_record import DealRecord
    from trainer.table_session import table_game

    record = DealRecord.of(table_game(INTERNATIONAL).new_deal(7))
    deal = tables.play.start_deal(table.evening_id, 1, record)
    wins: list[bool] = []
    barrier = threading.Barrier(4)
    states = [record.replay() for _ in range(4)]
    for n, state in enumerate(states):
        state.apply(state.legal_moves()[n])

    def move(n: int) -> None:
        barrier.wait()
        wins.append(tables.play.save_deal(deal.id, states[n], seen=0))

    threads = [threading.Thread(target=move, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(wins) == [False, False, False, True]
    assert tables.play.deal(deal.id).move_count == 1


def test_presence_and_away(store: Store, tables: TableStore) -> None:
    host = _learner(store, "Host")
    table = _open(tables, host)
    tables.seen(table.id, 0, at=T0 + timedelta(seconds=5))
    tables.set_away(table.id, 0, True)
    seat = tables.get(table.id).seats[0]
    assert seat.last_seen == T0 + timedelta(seconds=5) and seat.away
    tables.set_away(table.id, 0, False)
    assert not tables.get(table.id).seats[0].away
