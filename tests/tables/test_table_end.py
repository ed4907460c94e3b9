"""What a shared table shows (issue 24): the end of a deal at every seat at once (the last trick, the result
in a sentence, the settlement and the score sheet, no reload needed), a duel's computer without a column in
the sheet or a line in the chart, the idle countdown not counting the time the server was down, and no
polling on a seat's own turn (a redraw would lose the click)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import update

from tests.tables.helpers import HOST, modest, signed_in
from tests.ui.helpers import make_account, texts
from trainer.rules import Phase
from trainer.scoring import settle
from trainer.store import Store
from trainer.store.play_models import PlayDealRow
from trainer.store.tables import TableMoment, TablePlay, TableStore
from trainer.ui.context import context_from_state
from trainer.ui.pages.table_poll import POLL_SECONDS, poll_every, waiting_for_others
from trainer.ui.terms import t_message

GUEST = "Bo"


def _table(url: str, *, duel: bool = False, deals: int = 3) -> tuple[TablePlay, int, tuple[int, int]]:
    """Anna (place 0), Bo (place 1) and a computer at place 2 (left out of the score in a duel)."""
    anna, bo = make_account(url, HOST), make_account(url, GUEST)
    store = TableStore(Store(url))
    table = store.open_table(
        host_learner_id=anna, host_name=HOST, profile_name="international", scheme="list",
        deals_planned=deals, bot_level="beginner", idle_seconds=3600,
    )  # fmt: skip
    store.join(table.code, learner_id=bo, name=GUEST, client="bo")
    store.fill_with_computer(table.id, 2, by_learner_id=anna, scored=not duel)
    return TablePlay(store), table.id, (anna, bo)


def _play_deal(play: TablePlay, table_id: int, learners: tuple[int, int], seed: int) -> TableMoment:
    """Deal with ``seed`` and play it out through the store (the path a click takes)."""
    play.start_next_deal(table_id, seed=seed)
    for _ in range(300):
        now = play.moment(table_id)
        assert now.state is not None and now.stored is not None
        if now.stored.finished:
            return now
        assert now.turn is not None
        if now.turn.by_computer:
            assert play.computer_step(table_id, time_ms=30)
            continue
        move = modest(now.state.view(now.turn.seat))
        assert play.move(table_id, learners[now.turn.place], move, seen=now.version)
    raise AssertionError("the deal did not end")


def _played_deal(play: TablePlay, table_id: int, learners: tuple[int, int]) -> TableMoment:
    """The first deal that is played to its last trick (a passed-in deal has none to show)."""
    for seed in range(1, 30):
        now = _play_deal(play, table_id, learners, seed)
        outcome = now.state.outcome() if now.state is not None else None
        if outcome is not None and outcome.result is not None and outcome.cards_played == 30:
            return now
    raise AssertionError("no deal was played to the end")


@pytest.mark.slow
def test_the_end_of_a_deal_shows_at_every_seat_at_once(page_db: str) -> None:
    play, table_id, learners = _table(page_db, deals=30)
    anna = signed_in(page_db, HOST)  # both at the table before the deal ends
    bo = signed_in(page_db, GUEST)
    now = _played_deal(play, table_id, learners)
    assert now.state is not None and now.state.tricks
    outcome = now.state.outcome()
    assert outcome is not None and outcome.result is not None
    last = now.state.tricks[-1]
    ctx = context_from_state({"lang": "en", "rules": "international"})
    settled = settle(outcome, "list")
    assert settled is not None
    working = " · ".join(t_message(line, ctx.t) for line in settled.working_parts)
    for at in (anna, bo):
        at.run()  # what the polling fragment's rerun draws when the deal is over
        assert not at.exception, at.exception
        shown = texts(at)
        assert f"Deal {now.number} is over" in shown
        assert "wins the trick" in shown
        rows = [row for element in at.html for row in _rows(element.value)]
        assert [card.iss for card in last.cards] in rows  # the last trick lies on the table
        assert " played **" in shown and ("Result: " in shown)  # the result in a sentence
        assert working in shown  # the settlement
        assert any(c.value.startswith("Bidding: ") for c in at.caption)
        assert len(at.dataframe) == 1 and len(at.dataframe[0].value) == now.number  # the sheet, at once
        assert any(b.proto.label == "Download the sheet (CSV)" for b in at.get("download_button"))


def _chart_lines(at) -> dict[str, list[int]]:  # type: ignore[no-untyped-def]
    """The score sheet's chart as drawn: each line's name and the deal numbers along its x axis."""
    import pyarrow as pa

    (chart,) = at.get("vega_lite_chart")
    lines: dict[str, list[int]] = {}
    for dataset in chart.proto.datasets:
        frame = pa.ipc.open_stream(dataset.data.data).read_all().to_pandas()
        name = next(c for c in frame.columns if c.startswith("color"))
        for player, rows in frame.groupby(name):
            lines[str(player)] = sorted(int(n) for n in rows["Deal"])
    return lines


def _rows(html: str) -> list[list[str]]:
    import re

    return [codes.split() for codes in re.findall(r'data-cards="([^"]*)"', html)]


@pytest.mark.slow
def test_a_duels_computer_has_no_column_and_no_line(page_db: str) -> None:
    play, table_id, learners = _table(page_db, duel=True, deals=4)
    for seed in (1, 2):
        _play_deal(play, table_id, learners, seed)
    anna = signed_in(page_db, HOST)
    (sheet,) = anna.dataframe
    columns = list(sheet.value.columns)
    assert HOST in columns and GUEST in columns
    assert not [c for c in columns if "Computer" in c]
    lines = _chart_lines(anna)
    assert set(lines) == {HOST, GUEST}  # no line for the computer
    assert all(deals == [1, 2] for deals in lines.values())  # the x axis runs over the deal numbers
    csv = next(b for b in anna.get("download_button") if b.proto.label == "Download the sheet (CSV)")
    assert csv is not None


def test_the_idle_countdown_does_not_count_the_time_the_server_was_down(
    page_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deal left for two hours while the server was down: right after the restart the seat to move has
    its full time again, so no computer takes over at once."""
    import trainer.store.tables as tables_module

    play, table_id, _ = _table(page_db)
    store = TableStore(Store(page_db))
    now = play.start_next_deal(table_id, seed=3)
    assert now.stored is not None and now.turn is not None
    two_hours_ago = datetime.now(UTC) - timedelta(hours=2)
    with store.store._write() as session:
        session.execute(
            update(PlayDealRow).where(PlayDealRow.id == now.stored.id).values(updated_at=two_hours_ago)
        )
    table = store.get(table_id)
    idle = table.idle_seconds
    monkeypatch.setattr(tables_module, "SERVER_STARTED", datetime.now(UTC))  # the server just started
    after = play.moment(table_id)
    assert after.turn is not None and not after.turn.by_computer
    assert after.turn.idle_left is not None and after.turn.idle_left > idle - 5
    monkeypatch.setattr(tables_module, "SERVER_STARTED", two_hours_ago - timedelta(minutes=1))
    running = play.moment(table_id)  # the same deal had the server been up all along
    assert running.turn is not None and running.turn.idle_left == 0 and running.turn.by_computer


def test_the_page_polls_only_while_waiting(page_db: str) -> None:
    play, table_id, _ = _table(page_db)
    before = play.moment(table_id)
    assert waiting_for_others(before, 0) and poll_every(before, 0) == POLL_SECONDS  # before the deal
    now = play.start_next_deal(table_id, seed=4)
    for _ in range(50):
        if now.turn is not None and not now.turn.by_computer:
            break
        play.computer_step(table_id, time_ms=30)
        now = play.moment(table_id)
    assert now.turn is not None and not now.turn.by_computer
    mover = now.turn.place
    other = 1 - mover if mover in (0, 1) else 0
    assert not waiting_for_others(now, mover)
    # on its own turn the seat is read again only when a computer could take over (an hour here)
    assert poll_every(now, mover) == pytest.approx(now.turn.idle_left + 0.5)  # type: ignore[operator]
    assert (poll_every(now, mover) or 0) > 60
    assert waiting_for_others(now, other) and poll_every(now, other) == POLL_SECONDS
    assert now.state is not None and now.state.phase in (Phase.AUCTION, Phase.PLAY, Phase.PICKUP)


def test_the_table_marker_follows_moves_and_seats_but_not_presence(page_db: str) -> None:
    """The marker a server watches for its waiting seats: read cheaply, it equals the moment's, and it
    changes with a deal, a move and a seat's away flag, but not when a seat is merely seen."""
    play, table_id, learners = _table(page_db)
    tables = play.tables
    before = play.moment(table_id)
    assert tables.marker(table_id) == before.marker
    now = play.start_next_deal(table_id, seed=4)
    assert tables.marker(table_id) == now.marker != before.marker
    tables.seen(table_id, 0)
    assert tables.marker(table_id) == now.marker  # presence is not a change to draw
    for _ in range(50):
        if now.turn is not None and not now.turn.by_computer:
            break
        play.computer_step(table_id, time_ms=30)
        now = play.moment(table_id)
    assert now.turn is not None and now.state is not None
    moved = now.marker
    move = modest(now.state.view(now.turn.seat))
    assert play.move(table_id, learners[now.turn.place], move, seen=now.version)
    after = play.moment(table_id)
    assert tables.marker(table_id) == after.marker and after.marker[0] > moved[0]
    tables.set_away(table_id, 1, True)
    assert tables.marker(table_id) != after.marker and tables.marker(table_id) == play.moment(table_id).marker
