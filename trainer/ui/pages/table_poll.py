"""When the shared table's page reads the table again by itself: every :data:`POLL_SECONDS` while the seat
waits for someone else (a move, a deal, a seat to be taken), and not at all on the seat's own turn (a redraw
while the player clicks would lose the click), except to let a computer take over an idle seat. A change to
the table wakes a waiting seat at once (:mod:`trainer.ui.pages.table_wake`), so this poll is the fallback:
for the idle countdown, and for a server where the wake-up does not work. No Streamlit here, so the rule can
be tested on its own."""

from __future__ import annotations

import os

from trainer.store.tables import TableMoment

POLL_SECONDS = 2.0
"""How often a waiting seat reads the table again by itself (every poll costs the browser a redraw, and a
change wakes the seat anyway)."""
POLL_ENV = "SKAT_TRAINER_TABLE_POLL"
"""Environment variable that sets another poll interval in seconds (the browser tests look every 2 s, so a
loaded test machine keeps the pages idle between looks); at least :data:`MIN_POLL_SECONDS`."""
MIN_POLL_SECONDS = 0.2


def poll_seconds() -> float:
    """The poll interval: :data:`POLL_SECONDS`, or the one set in :data:`POLL_ENV`."""
    try:
        return max(MIN_POLL_SECONDS, float(os.environ.get(POLL_ENV, POLL_SECONDS)))
    except ValueError:
        return POLL_SECONDS


def waiting_for_others(now: TableMoment, place: int) -> bool:
    """Is the seat at ``place`` waiting for someone else (a move, a deal, a seat to be taken)? Then the page
    polls; on the seat's own turn it does not."""
    if now.stored is None or now.session.over:
        return True
    return now.turn is None or now.turn.place != place or now.table.seats[place].away


def poll_every(now: TableMoment, place: int) -> float | None:
    """Seconds between two reads of the table: :func:`poll_seconds` while waiting; on the seat's own turn
    only once the idle limit would let a computer take over (None: the idle limit is off)."""
    every = poll_seconds()
    if waiting_for_others(now, place):
        return every
    if now.turn is not None and now.turn.idle_left is not None:
        return max(every, now.turn.idle_left + 0.5)
    return None
