"""When the shared table's page reads the table again: every :data:`POLL_SECONDS` while the seat waits for
someone else (a move, a deal, a seat to be taken), and not at all on the seat's own turn (a redraw while the
player clicks would lose the click), except to let a computer take over an idle seat. No Streamlit here, so
the rule can be tested on its own."""

from __future__ import annotations

from trainer.store.tables import TableMoment

POLL_SECONDS = 0.5
"""How often a waiting seat reads the table again: a move shows at the other seats within about this."""


def waiting_for_others(now: TableMoment, place: int) -> bool:
    """Is the seat at ``place`` waiting for someone else (a move, a deal, a seat to be taken)? Then the page
    polls; on the seat's own turn it does not."""
    if now.stored is None or now.session.over:
        return True
    return now.turn is None or now.turn.place != place or now.table.seats[place].away


def poll_every(now: TableMoment, place: int) -> float | None:
    """Seconds between two reads of the table: :data:`POLL_SECONDS` while waiting; on the seat's own turn
    only once the idle limit would let a computer take over (None: the idle limit is off)."""
    if waiting_for_others(now, place):
        return POLL_SECONDS
    if now.turn is not None and now.turn.idle_left is not None:
        return max(POLL_SECONDS, now.turn.idle_left + 0.5)
    return None
