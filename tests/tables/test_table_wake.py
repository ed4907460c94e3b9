"""The wake-up registry of waiting seats (trainer/ui/pages/table_wake.py) outside a Streamlit server: a
change wakes each waiting seat once, a seat that has drawn the change is not woken, and without a server
nothing is sent and nothing fails (the page's poll remains). The wake-up itself, in a real server and
browser, is tests/e2e/test_table_wake_browser.py."""

from __future__ import annotations

import pytest

from trainer.ui.pages import table_wake


@pytest.fixture(autouse=True)
def _empty_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_wake, "_waiting", {})
    monkeypatch.setattr(table_wake, "_readers", {})


def _seat(table_id: int, session_id: str, drawn: object) -> None:
    seat = table_wake._Seat(f"fragment-{session_id}", drawn)
    table_wake._waiting.setdefault(table_id, {})[session_id] = seat


def test_a_change_wakes_each_waiting_seat_once() -> None:
    _seat(7, "a", (1, 4))
    _seat(7, "b", (1, 5))
    _seat(8, "c", (1, 4))
    assert table_wake.changed_seats(7, (1, 5)) == [("a", "fragment-a")]  # b has drawn it already
    assert table_wake.changed_seats(7, (1, 5)) == []  # and a is not woken twice for one change
    assert sorted(table_wake.changed_seats(7, (1, 6))) == [("a", "fragment-a"), ("b", "fragment-b")]
    assert table_wake.listening(7) == {"a", "b"} and table_wake.listening(8) == {"c"}


def test_outside_a_server_nothing_is_sent() -> None:
    _seat(7, "a", (1, 4))
    table_wake._readers[7] = lambda table_id: (1, 5)
    table_wake.listen(7, (1, 4), lambda table_id: (1, 4))  # no script run: not noted
    assert table_wake.listening(7) == {"a"}
    assert table_wake.wake(7) == 0  # no Streamlit runtime in this process: no wake-up, no error
    table_wake.stop_listening()
    assert table_wake.listening(7) == {"a"}


def test_the_seats_of_ended_sessions_are_forgotten(monkeypatch: pytest.MonkeyPatch) -> None:
    from streamlit import runtime

    class Sessions:
        def get_active_session_info(self, session_id: str) -> object | None:
            return object() if session_id == "open" else None

    class Runtime:
        _session_mgr = Sessions()

    _seat(7, "open", (1, 4))
    _seat(7, "closed", (1, 4))
    monkeypatch.setattr(runtime, "get_instance", lambda: Runtime())
    table_wake._prune()
    assert table_wake.listening(7) == {"open"}
