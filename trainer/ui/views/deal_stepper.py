"""An example deal stepped card by card or trick by trick with every hand open, on the card table (the
class room's deal assignment and the teacher's projector, ``big`` for projector-sized cards)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from trainer.errors import SkatError
from trainer.text import upper_first
from trainer.ui.context import PageContext
from trainer.ui.terms import declaration_name, seat_name
from trainer.ui.views.cards import CardSize
from trainer.ui.views.table import TableView, draw_table


@st.cache_resource(show_spinner=False)
def _example(deal_id: str) -> Any:
    """The example deal with this id as a replayable record (None when it is not there)."""
    try:
        from trainer.records.deals import load_all
        from trainer.replay import GameRecord
    except ImportError:  # pragma: no cover - the replay module is optional
        return None
    try:
        for deal in load_all():
            if deal.id == deal_id:
                return GameRecord.from_example(deal)
    except (SkatError, OSError):
        return None
    return None


def deal_stepper(deal_id: str, ctx: PageContext, key: str, *, big: bool = False) -> bool | None:
    """Step through an example deal card by card or trick by trick, all hands open. Returns whether the
    last card has been reached (None when the deal cannot be shown)."""
    t, lang = ctx.t, ctx.lang
    record = _example(deal_id)
    if record is None:
        st.warning(t("This example deal cannot be shown."))
        return None
    from trainer.replay import Viewer, next_card, next_trick, previous_card

    viewer = Viewer(record)
    example = record.example
    if example is not None and example.summary is not None:
        st.markdown(example.summary.text(lang))
    st.markdown(
        "**"
        + t(
            "{seat} plays {game} (bid {bid}).",
            seat=upper_first(seat_name(record.declarer, t)),
            game=declaration_name(record.declaration, t),
            bid=record.bid,
        )
        + "**"
    )
    position_key = f"{key}_position"
    position = int(st.session_state.get(position_key, 0))
    moves: tuple[tuple[str, str, Callable[[int], int]], ...] = (
        (t("Start"), ":material/first_page:", lambda p: 0),
        (t("Back"), ":material/chevron_left:", previous_card),
        (t("Next card"), ":material/chevron_right:", lambda p: next_card(p, viewer.total)),
        (t("Next trick"), ":material/last_page:", lambda p: next_trick(p, viewer.total)),
    )
    for column, (label, icon, step) in zip(st.columns(4), moves, strict=True):
        if column.button(label, key=f"{key}_{icon}", icon=icon, width="stretch"):
            position = step(position)
    st.session_state[position_key] = position
    frame = viewer.frame(position)
    st.caption(
        t(
            "Card {position} of {total} · trick {trick}",
            position=frame.position,
            total=frame.total,
            trick=frame.trick_number,
        )
    )
    table = TableView.from_frame(frame, record)
    draw_table(table, ctx, key=f"{key}_table", size=CardSize.large() if big else None)
    for note in (frame.card_note, frame.trick_note):
        if note is not None:
            st.info(note.text(lang), icon=":material/lightbulb:")
    st.caption(
        t(
            "Declarer {declarer} points, defenders {defenders} points; the skat's {skat} count for the "
            "declarer.",
            declarer=frame.declarer_points,
            defenders=frame.defender_points,
            skat=frame.skat_points,
        )
    )
    if frame.result is not None:
        points = frame.result.declarer_points
        if frame.result.won:
            st.success(t("The declarer wins with {points} points.", points=points))
        else:
            st.error(t("The declarer loses with {points} points.", points=points))
    return bool(frame.at_end)
