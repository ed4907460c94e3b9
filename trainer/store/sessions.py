"""A table session from the store and back: the evening's deal rows become a
:class:`~trainer.table_session.TableSession` (the earlier deals' outcomes and the last deal replayed from its
record), and a changed session is written back with the compare-and-set of
:meth:`~trainer.store.play_store.PlayStore.save_deal`. The store holds no game loop; this module only
loads and saves.

A row that cannot be read (a damaged record or outcome) is reported in ``problems`` and left out; the rest of
the evening is kept.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from trainer.errors import SkatError
from trainer.records.deal_record import DealRecord
from trainer.rules import DealState, Outcome, SkatGame
from trainer.store.play_store import Evening, PlayStore, StoredDeal
from trainer.table_session import Place, TableSession

_CACHE_SIZE = 64
_states: OrderedDict[str, DealState] = OrderedDict()
"""Replayed deals by their record's text, on the server only (never in a page's session state)."""


def replayed(record_json: str) -> DealState:
    """The deal a record holds, replayed (cached per process: a page redrawing the same deal does not replay
    it again). Each call gets its own copy."""
    found = _states.get(record_json)
    if found is None:
        found = DealRecord.from_json(record_json).replay()
        _states[record_json] = found
        while len(_states) > _CACHE_SIZE:
            _states.popitem(last=False)
    else:
        _states.move_to_end(record_json)
    return found.copy()


@dataclass
class LoadedSession:
    """A session as the store has it: the session, the row of its last deal (None before the first) and the
    rows that could not be read."""

    session: TableSession
    evening: Evening
    last: StoredDeal | None
    problems: tuple[tuple[int, SkatError], ...] = field(default=())

    @property
    def seen(self) -> int:
        """The number of moves the last deal had when it was read (for the compare-and-set)."""
        return self.last.move_count if self.last is not None else 0


def load_session(
    play: PlayStore,
    evening: Evening,
    game: SkatGame,
    places: Sequence[Place],
    *,
    level: str | None = None,
    time_ms: int | None = None,
) -> LoadedSession:
    """The evening's session: ``game`` is what a new deal is dealt with (each stored deal replays by its own
    record), ``places`` who sits where."""
    rows = play.deals(evening.id)
    earlier: list[tuple[int, Outcome]] = []
    problems: list[tuple[int, SkatError]] = []
    last = rows[-1] if rows else None
    for row in rows[:-1]:
        try:
            outcome = row.outcome()
        except SkatError as error:
            problems.append((row.number, error))
            continue
        if outcome is not None:
            earlier.append((row.number, outcome))
    current: DealState | None = None
    if last is not None:
        try:
            if last.deal_record is None:
                last.record()  # raises the row's error
            else:
                current = replayed(last.deal_record)
        except SkatError as error:
            problems.append((last.number, error))
            last = None
    options: dict[str, object] = {}
    if time_ms is not None:
        options["time_ms"] = time_ms
    session = TableSession(
        game,
        places,
        level=level or evening.level,
        earlier=earlier,
        current=current,
        current_number=last.number if last is not None and current is not None else None,
        **options,  # type: ignore[arg-type]
    )
    return LoadedSession(session, evening, last, tuple(problems))


def deal_next(
    play: PlayStore, loaded: LoadedSession, *, seed: int | None = None, at: datetime | None = None
) -> StoredDeal:
    """Deal the session's next deal and store it (idempotent per number: two tabs get one deal)."""
    session = loaded.session
    state = session.deal(seed)
    return play.start_deal(loaded.evening.id, session.number, DealRecord.of(state), at=at)


def save_session(
    play: PlayStore,
    loaded: LoadedSession,
    *,
    iss_of: Callable[[DealState], str | None] | None = None,
    at: datetime | None = None,
) -> bool:
    """Write the session's current deal back if nobody changed it since it was read (compare-and-set on the
    move count); a finished deal is stored with its outcome and its ISS line. False when another tab or
    player got there first."""
    state = loaded.session.current
    if state is None or loaded.last is None:
        return False
    iss = iss_of(state) if iss_of is not None and state.outcome() is not None else None
    saved = play.save_deal(loaded.last.id, state, seen=loaded.seen, iss=iss, at=at)
    if saved:  # the next read of this deal finds it without replaying every move again
        remember(DealRecord.of(state).to_json(), state)
    return saved


def remember(record_json: str, state: DealState) -> None:
    """Keep ``state`` as the replay of ``record_json`` (a copy: the caller may go on changing its own)."""
    _states[record_json] = state.copy()
    _states.move_to_end(record_json)
    while len(_states) > _CACHE_SIZE:
        _states.popitem(last=False)


__all__ = ["LoadedSession", "deal_next", "load_session", "remember", "replayed", "save_session"]
