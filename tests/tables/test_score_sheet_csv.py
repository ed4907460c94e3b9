"""The score sheet's CSV download (shared tables and the Play page draw the same sheet): one row per
finished deal with the deal number, the game, each player's amount and running total as numbers, and the
players' typed names neutralised for spreadsheets."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage
from streamlit.testing.v1 import AppTest

from tests.ui.helpers import APP, make_account, sign_in_on_account_page
from trainer.scoring import ScoreSheet, SheetDeal
from trainer.store import Store
from trainer.store.tables import TablePlay, TableStore
from trainer.table_session import places_of_seats

PAGE = "trainer/ui/pages/table.py"
HOSTILE = "=1+1"
T0 = datetime(2026, 5, 4, 19, 0, tzinfo=UTC)


@pytest.fixture
def downloads(monkeypatch: pytest.MonkeyPatch) -> dict[str, bytes]:
    """Every download's bytes by file name, as the app hands them to Streamlit's media store."""
    seen: dict[str, bytes] = {}
    original = MemoryMediaFileStorage.load_and_get_id

    def load(self: Any, path_or_data: Any, mimetype: str, kind: Any, filename: str | None = None) -> str:
        if filename is not None and isinstance(path_or_data, bytes | str):
            seen[filename] = path_or_data.encode() if isinstance(path_or_data, str) else path_or_data
        return original(self, path_or_data, mimetype, kind, filename)

    monkeypatch.setattr(MemoryMediaFileStorage, "load_and_get_id", load)
    return seen


def _play_deals(url: str, host: int, deals: int) -> int:
    """A table of the host and two computers; every deal played to its end (the idle host is replaced by
    a computer after the table's limit). Returns the table id."""
    store = TableStore(Store(url))
    table = store.open_table(
        host_learner_id=host,
        host_name=HOSTILE,
        profile_name="international",
        scheme="list",
        deals_planned=deals,
        bot_level="beginner",
        idle_seconds=10,
        at=T0,
    )
    for place in (1, 2):
        store.fill_with_computer(table.id, place, by_learner_id=host)
    play = TablePlay(store)
    at = T0
    for number in range(1, deals + 1):
        play.start_next_deal(table.id, at, seed=100 + number)
        for _ in range(200):
            at += timedelta(seconds=30)
            if not play.computer_step(table.id, time_ms=50, at=at):
                break
        store.set_away(table.id, 0, False)
        assert play.moment(table.id, at).stored.finished  # type: ignore[union-attr]
    return table.id


def test_table_sheet_downloads_as_csv_with_numbers_and_safe_names(
    page_db: str, downloads: dict[str, bytes]
) -> None:
    host = make_account(page_db, HOSTILE)
    table_id = _play_deals(page_db, host, deals=2)
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["rules"] = "international"
    at.run()
    sign_in_on_account_page(at, HOSTILE)
    at.session_state["table_id"] = table_id
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    assert [b.proto.label for b in at.get("download_button")][:1] == ["Download the sheet (CSV)"]
    (name,) = [n for n in downloads if n.endswith(".csv")]
    rows = list(csv.reader(io.StringIO(downloads[name].decode())))
    header, body = rows[0], rows[1:]
    assert header == [
        "Deal",
        "Game",
        "'" + HOSTILE,
        "'" + HOSTILE + ": running total",
        "Computer (2)",
        "Computer (2): running total",
        "Computer (3)",
        "Computer (3): running total",
    ]
    assert [row[0] for row in body] == ["1", "2"]
    assert any(row[1].startswith("'" + HOSTILE + ":") for row in body)  # the host declared
    for row in body:  # a game the host declared names them: neutralised too
        assert not row[1].startswith(HOSTILE)
    totals = [Decimal(0)] * 3
    for row in body:
        for p in range(3):
            amount, total = row[2 + 2 * p], row[3 + 2 * p]
            totals[p] += Decimal(amount) if amount else Decimal(0)
            assert Decimal(total) == totals[p]
    store = TableStore(Store(page_db))
    stored = store.play.deals(store.get(table_id).evening_id)
    deals = [
        SheetDeal(d.number, o, places_of_seats(d.number)) for d in stored if (o := d.outcome()) is not None
    ]
    assert tuple(totals) == ScoreSheet("list", tuple(deals)).totals()
