"""Replay viewer: step through an example deal (or an uploaded ISS game) card by card or trick by trick,
with all hands open or only one seat's, the trick winner, running card points, the notes and the result.
A toggle adds the open-hand analysis of every legal card."""

from __future__ import annotations

import streamlit as st

from trainer.deal import Seat
from trainer.replay import Viewer, next_card, next_trick, previous_card, previous_trick
from trainer.ui.context import PageContext
from trainer.ui.pages.deals_common import pick_game, result_text
from trainer.ui.terms import seat_name, value_words
from trainer.ui.views.analysis import analysis_panel, costly_card_panel
from trainer.ui.views.game_header import draw_game_header, note_box, rules_caption
from trainer.ui.views.page_state import note_state, run_page
from trainer.ui.views.points import draw_points
from trainer.ui.views.table import TableView, draw_table

POSITION_KEY = "viewer_position"
VIEW_KEY = "viewer_view"
ANALYSIS_KEY = "viewer_analysis"
LAST_CHOICE_KEY = "viewer_last_choice"
ALL_OPEN = "all"


def _step(target: int) -> None:
    st.session_state[POSITION_KEY] = target


def _viewer_seat() -> Seat | None:
    """The seat chosen under "Show" (None: all hands), read before the switch is drawn."""
    value = st.session_state.get(VIEW_KEY)
    return Seat[value] if isinstance(value, str) and value in Seat.__members__ else None


def render(ctx: PageContext) -> None:
    t = ctx.t
    st.title(t("Replay a game"))
    st.caption(t("Step through a recorded game card by card or trick by trick, with the notes beside it."))
    choice = pick_game(ctx)
    record = choice.record
    last = st.session_state.get(LAST_CHOICE_KEY)
    st.session_state[LAST_CHOICE_KEY] = choice.key
    if last is not None and last != choice.key:  # another game: start from its beginning
        st.session_state[POSITION_KEY] = 0
    rules_caption(record, ctx)
    if choice.example is not None:
        note_box(choice.example.summary, ctx, icon=":material/menu_book:")
    draw_game_header(record, ctx, viewer=_viewer_seat())
    if choice.example is not None:
        note_box(choice.example.declaration_note, ctx)
    if record.ending:
        st.caption(t("The record stops early: {why}", why=record.ending))

    viewer = Viewer(record)
    total = viewer.total
    position = max(0, min(int(st.session_state.get(POSITION_KEY, 0)), total))
    st.session_state[POSITION_KEY] = position

    view_options = [ALL_OPEN, *(seat.name for seat in Seat)]
    if st.session_state.get(VIEW_KEY) not in view_options:
        st.session_state[VIEW_KEY] = ALL_OPEN
    view = st.segmented_control(
        t("Show"),
        view_options,
        key=VIEW_KEY,
        required=True,
        format_func=lambda v: t("All hands") if v == ALL_OPEN else seat_name(Seat[v], t),
    )
    viewer_seat = None if view in (None, ALL_OPEN) else Seat[str(view)]
    note_state(deal=choice.key, position=position, total=total, view=str(view))

    # One row of buttons that stays a row on a phone (columns would stack into four full-width rows).
    steps = st.container(horizontal=True, gap="small", key="viewer_steps")
    at_start, at_end = position == 0, position >= total
    for label, key, target, disabled in (
        (t("◀◀ Trick"), "viewer_back_trick", previous_trick(position), at_start),
        (t("◀ Card"), "viewer_back_card", previous_card(position), at_start),
        (t("Card ▶"), "viewer_next_card", next_card(position, total), at_end),
        (t("Trick ▶▶"), "viewer_next_trick", next_trick(position, total), at_end),
    ):
        steps.button(
            label,
            key=key,
            on_click=_step,
            args=(target,),
            disabled=disabled,
            type="primary" if key == "viewer_next_card" else "secondary",  # the step taken most
        )
    st.progress(position / total if total else 1.0, text=t("Card {n} of {total}", n=position, total=total))

    frame = viewer.frame(position)
    with st.container(border=True):
        table = (
            TableView.from_frame(frame, record)
            if viewer_seat is None
            else TableView.from_seat_view(viewer.seat_view(position, viewer_seat), last_trick=True)
        )
        draw_table(table, ctx, key="viewer_hand")
    if frame.at_end:
        if record.result is not None:
            box = st.success if record.result.won else st.error
            box(result_text(record.result, ctx), icon=":material/flag:")
        elif record.ending:
            st.warning(t("The record stops before the game was settled."))
    if frame.last_card is not None and frame.card_note is not None:
        note_box(frame.card_note, ctx, icon=":material/style:")
    note_box(frame.trick_note, ctx)
    draw_points(frame, ctx)
    if frame.to_move is not None and not frame.at_end:
        st.caption(t("Next to play: {seat}", seat=seat_name(frame.to_move, t)))
    if frame.at_end and record.result is not None:
        st.caption(value_words(record.result.breakdown, ctx.t))

    if st.toggle(t("Show each card's outcome (open-hand analysis)"), key=ANALYSIS_KEY):
        if frame.at_end:
            declarer_won = record.result is not None and record.result.won
            side = viewer_seat or (record.declarer.next if declarer_won else record.declarer)
            costly_card_panel(choice.key, record, record.moves, side, ctx)
        else:
            analysis_panel(choice.key, record, record.deal_state_at(position), ctx)


run_page("replay", render)
