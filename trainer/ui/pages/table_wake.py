"""Wake the waiting seats of a shared table the moment the table changes, instead of at their next poll.

A waiting seat's page used to poll the table twice a second: a move reached the others after a quarter of
a second on average and after almost half a second at worst, and on a busy two-core machine the polls
themselves were most of the work (every fragment run costs the browser some 30-60 ms of script, whether
anything changed or not). Now the server does the looking:

* while a seat waits, its table fragment notes itself here with the :data:`~trainer.store.tables.TableMarker`
  it has drawn (:func:`listen`);
* a session that saves a move, a new deal or a seat wakes the table's other waiting seats at once
  (:func:`wake`);
* one thread per server process reads the marker of every table with a waiting seat every
  :data:`WATCH_SECONDS` (a small query, no deal loaded) and wakes each seat whose drawn marker is no longer
  the table's: this brings moves saved by another server process, or by a computer moving for another seat.

The page's own poll (:mod:`trainer.ui.pages.table_poll`) stays as the fallback, slower now.

Streamlit has no public call to rerun another session's fragment, so a wake-up uses its runtime's session
manager on the server's event loop. It is a shortcut only: where that runtime is missing (an AppTest, a bare
script), has changed, or the session is busy, nothing happens and the poll still brings the change. A seat
is woken only while it waits (never on its own turn, where a redraw could lose a click) and only while its
page is idle (a run in progress reads the table itself; a redraw in the middle of a full page run would cut
it short). A wake-up carries no widget values, so no button is pressed again and nothing typed is lost.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

LOG = logging.getLogger(__name__)

WATCH_SECONDS = 0.2
"""How often the server reads the markers of the tables its waiting seats sit at."""
PRUNE_SECONDS = 30.0
"""How often the watcher forgets the seats of sessions that have ended (a closed tab while waiting)."""
RETRY_SECONDS = 0.05
"""How long a wake-up waits for a busy page before it tries again ..."""
RETRIES = 8
"""... and how many times (the watcher or the page's own poll come soon after that anyway)."""

Marker = Hashable
MarkerReader = Callable[[int], Marker]


@dataclass
class _Seat:
    """A waiting session at a table: the fragment to run and the marker it has drawn."""

    fragment_id: str
    drawn: Marker


_lock = threading.Lock()
_waiting: dict[int, dict[str, _Seat]] = {}
"""Table id -> {session id: its waiting seat} on this server process."""
_readers: dict[int, MarkerReader] = {}
_watcher: threading.Thread | None = None


def _here() -> tuple[str, str | None] | None:
    """This run's session id and the fragment it is running (None outside a Streamlit server run)."""
    try:
        from streamlit.runtime.scriptrunner_utils.script_run_context import ThreadState, get_script_run_ctx

        ctx = get_script_run_ctx()
        if ctx is None:
            return None
        return ctx.session_id, ThreadState.get().fragment_id
    except Exception:  # a missing or changed runtime only turns the shortcut off
        return None


def _drop(session_id: str) -> None:
    for seats in _waiting.values():  # a session sits at one table at a time
        seats.pop(session_id, None)


def listen(table_id: int, drawn: Marker, read: MarkerReader) -> None:
    """Called by the table fragment while its seat waits, with the marker of what it has drawn and how to
    read the table's marker: wake this session when the table changes."""
    here = _here()
    if here is None:
        return
    session_id, fragment_id = here
    if fragment_id is None:
        return
    global _watcher
    with _lock:
        _drop(session_id)
        _waiting.setdefault(table_id, {})[session_id] = _Seat(fragment_id, drawn)
        _readers[table_id] = read
        if _watcher is None or not _watcher.is_alive():
            _watcher = threading.Thread(target=_watch, name="table-watcher", daemon=True)
            _watcher.start()


def stop_listening() -> None:
    """This session no longer waits (its own turn, another table, no table)."""
    here = _here()
    if here is None:
        return
    with _lock:
        _drop(here[0])


def listening(table_id: int) -> frozenset[str]:
    """The sessions waiting at this table on this server process."""
    with _lock:
        return frozenset(_waiting.get(table_id, {}))


def wake(table_id: int) -> int:
    """This session has just saved a change to the table: run the other waiting seats' table fragments now.
    Returns how many wake-ups were handed to the server's event loop (0 outside a server)."""
    here = _here()
    with _lock:
        read = _readers.get(table_id)
    if read is None:
        return 0
    return _wake_changed(table_id, read, skip=here[0] if here is not None else None)


def _wake_changed(table_id: int, read: MarkerReader, *, skip: str | None = None) -> int:
    """Read the table's marker and wake the waiting seats (but ``skip``) that have not drawn it; how many."""
    try:
        marker = read(table_id)
    except Exception:  # a table gone or a store hiccup: the pages' polls remain
        LOG.debug("no marker for table %s", table_id, exc_info=True)
        return 0
    targets = [target for target in changed_seats(table_id, marker) if target[0] != skip]
    loop = _loop() if targets else None
    if loop is None:
        return 0
    for session_id, fragment_id in targets:
        loop.call_soon_threadsafe(_rerun, table_id, session_id, fragment_id, RETRIES)
    return len(targets)


def _loop() -> Any:
    """The server's event loop, or None outside a server (an AppTest, a bare script)."""
    try:
        from streamlit import runtime

        if runtime.exists():
            return runtime.get_instance()._get_async_objs().eventloop
    except Exception:  # see the module's docstring: the poll remains
        LOG.debug("no event loop", exc_info=True)
    return None


def changed_seats(table_id: int, marker: Marker) -> list[tuple[str, str]]:
    """The waiting sessions at this table whose drawn marker is not ``marker`` (each is then counted as
    having it, so one change wakes a seat once)."""
    with _lock:
        found = []
        for session_id, seat in _waiting.get(table_id, {}).items():
            if seat.drawn != marker:
                seat.drawn = marker
                found.append((session_id, seat.fragment_id))
        return found


def _watch() -> None:
    """The server's watcher: every :data:`WATCH_SECONDS`, wake the seats whose table has changed."""
    pruned = time.monotonic()
    while True:
        time.sleep(WATCH_SECONDS)
        if time.monotonic() - pruned >= PRUNE_SECONDS:
            pruned = time.monotonic()
            _on_loop(_prune)
        with _lock:
            for table_id in [t for t, seats in _waiting.items() if not seats]:
                del _waiting[table_id]
                _readers.pop(table_id, None)
            watched = list(_readers.items())
        for table_id, read in watched:
            _wake_changed(table_id, read)


def _on_loop(call: Callable[[], None]) -> None:
    """Run ``call`` on the server's event loop (nothing outside a server)."""
    loop = _loop()
    if loop is not None:
        loop.call_soon_threadsafe(call)


def _prune() -> None:
    """On the server's event loop: forget the waiting seats whose sessions have ended."""
    try:
        from streamlit import runtime

        manager: Any = runtime.get_instance()._session_mgr
        with _lock:
            ended = [
                (table_id, session_id)
                for table_id, seats in _waiting.items()
                for session_id in seats
                if manager.get_active_session_info(session_id) is None
            ]
        for table_id, session_id in ended:
            _forget(table_id, session_id)
    except Exception:  # see the module's docstring
        LOG.debug("no pruning", exc_info=True)


def _forget(table_id: int, session_id: str) -> None:
    with _lock:
        _waiting.get(table_id, {}).pop(session_id, None)


def _rerun(table_id: int, session_id: str, fragment_id: str, tries: int) -> None:
    """On the server's event loop: rerun the fragment of an idle waiting session (a little later while it
    runs)."""
    try:
        from streamlit import runtime
        from streamlit.proto.ClientState_pb2 import ClientState

        instance: Any = runtime.get_instance()
        info = instance._session_mgr.get_active_session_info(session_id)
        if info is None:
            _forget(table_id, session_id)
            return
        with _lock:
            seat = _waiting.get(table_id, {}).get(session_id)
        if seat is None or seat.fragment_id != fragment_id:
            return  # no longer waiting there
        session = info.session
        if session._scriptrunner is not None:  # a run in progress
            if tries > 0:
                _loop().call_later(RETRY_SECONDS, _rerun, table_id, session_id, fragment_id, tries - 1)
            return
        if not session.has_fragment(fragment_id):
            _forget(table_id, session_id)
            return
        last = session._client_state
        session.request_rerun(
            ClientState(
                query_string=last.query_string,
                page_script_hash=last.page_script_hash,
                page_name=last.page_name,
                fragment_id=fragment_id,
                is_auto_rerun=True,
            )
        )
    except Exception:  # see the module's docstring: the poll remains
        LOG.debug("no wake-up for session %s", session_id, exc_info=True)
