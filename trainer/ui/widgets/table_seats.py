"""table_seats: 3, 4 or 5 at the table; the engine's ``table_seats`` says who plays forehand, middlehand
and rearhand and who sits out. The learner answers "who leads the first trick?"."""

from __future__ import annotations

import streamlit as st

from trainer.deal import Seat, table_seats
from trainer.ui.components import verdict
from trainer.ui.terms import seat_name
from trainer.ui.widgets.base import WidgetContext

PLAYERS = ("Anna", "Bo", "Carl", "Dorte", "Erik")
"""Names for the players round the table, clockwise."""
TABLE_SIZES = (3, 4, 5)


def _clear(key: str) -> None:
    st.session_state.pop(key, None)


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    size_key, dealer_key, answer_key = ctx.k("size"), ctx.k("dealer"), ctx.k("answer")
    if size_key not in st.session_state:
        st.session_state[size_key] = TABLE_SIZES[0]
    size = int(
        st.segmented_control(
            t("Players at the table"),
            TABLE_SIZES,
            key=size_key,
            required=True,
            on_change=_clear,
            args=(answer_key,),
        )
        or TABLE_SIZES[0]
    )
    if st.session_state.get(dealer_key) not in range(size):
        st.session_state[dealer_key] = size - 1
    dealer = int(
        st.selectbox(
            t("Who deals?"),
            range(size),
            key=dealer_key,
            format_func=lambda i: PLAYERS[i],
            on_change=_clear,
            args=(answer_key,),
        )
    )
    seats = table_seats(size, dealer)
    rows = []
    for player in range(size):
        roles = []
        if player == dealer:
            roles.append(t("dealer"))
        if player in seats:
            roles.append(seat_name(seats[player], t))
        else:
            roles.append(t("sits out"))
        rows.append(f"| {PLAYERS[player]} | {', '.join(roles)} |")
    st.markdown(
        t("Clockwise round the table:")
        + "\n\n| "
        + t("Player")
        + " | "
        + t("This deal")
        + " |\n|---|---|\n"
        + "\n".join(rows)
    )
    forehand = next(player for player, seat in seats.items() if seat is Seat.FOREHAND)
    # the answer belongs to this table: another size or dealer is a new question with a fresh answer field
    answer = st.pills(
        t("Who leads to the first trick?"),
        range(size),
        key=f"{answer_key}{size}-{dealer}",
        format_func=lambda i: PLAYERS[i],
    )
    if answer is not None:
        verdict(
            answer == forehand,
            t("Right: {name} is forehand and leads.", name=PLAYERS[forehand])
            if answer == forehand
            else t("No: {name} is forehand, on the dealer's left, and leads.", name=PLAYERS[forehand]),
        )
