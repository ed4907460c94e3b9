"""Play a seat: the learner plays one seat of an example deal (or an uploaded game); the other seats follow
the record, and once the learner departs from it the computer players (the Play page's club level) carry on,
each from its own seat's view. Illegal cards
are refused with the rule in words; at the end the learner's result stands next to the recorded one.

The seat is played at a table session (:class:`trainer.table_session.RecordSeat`); the page keeps only which
game, which seat and the cards played so far (all on the table), never the deal, and draws the seat's own
view."""

from __future__ import annotations

import dataclasses

import streamlit as st

from trainer.cards import Card
from trainer.deal import Seat
from trainer.replay import GameRecord, Viewer
from trainer.rules.play import RefusalDetails
from trainer.table_session import RecordSeat
from trainer.ui.components import card_row
from trainer.ui.context import PageContext
from trainer.ui.pages.deals_common import SEAT_KEY, SESSION_KEY, Choice, pick_game, result_text
from trainer.ui.terms import card_label, seat_name, t_message
from trainer.ui.views.analysis import analysis_panel, costly_card_panel
from trainer.ui.views.game_header import draw_game_header, rules_caption
from trainer.ui.views.page_state import note_state, run_page
from trainer.ui.views.points import draw_points
from trainer.ui.views.table import TableView, draw_table
from trainer.ui.views.texts import seat_title

REFUSAL_KEY = "play_refusal"
HAND_KEY = "play_hand"  # the learner's hand: each card is the button play_hand-<ISS code> (play_hand-SJ)
ANALYSIS_KEY = "play_analysis"


def _session(choice: Choice, seat: Seat) -> RecordSeat:
    """The seat at its position: session state keeps ``((game, seat), cards played)``, nothing more."""
    stored = st.session_state.get(SESSION_KEY)
    if not isinstance(stored, tuple) or stored[0] != (choice.key, seat.name):
        st.session_state.pop(REFUSAL_KEY, None)
        stored = ((choice.key, seat.name), ())
    session = RecordSeat(choice.record, seat, stored[1])
    st.session_state[SESSION_KEY] = (stored[0], session.cards)
    return session


def _restart() -> None:
    st.session_state.pop(SESSION_KEY, None)
    st.session_state.pop(REFUSAL_KEY, None)


def _on_card(choice: Choice, seat: Seat, card: Card) -> None:
    session = _session(choice, seat)
    if session.finished or not session.learner_to_move:
        return
    refusal = session.play(card)
    if refusal is None:
        st.session_state[SESSION_KEY] = ((choice.key, seat.name), session.cards)
        st.session_state.pop(REFUSAL_KEY, None)
    else:
        st.session_state[REFUSAL_KEY] = refusal


def _as_played(session: RecordSeat) -> GameRecord:
    """The record with the cards this seat's deal has played (for the points, the analysis and the review:
    the cards on the table so far, which every seat has seen)."""
    return dataclasses.replace(session.record, moves=session.cards)


def render(ctx: PageContext) -> None:
    t = ctx.t
    st.title(t("Play a seat"))
    st.caption(
        t(
            "Take one seat of a recorded game. The others play what was recorded; if you play something "
            "else, the computer players carry on from there."
        )
    )
    choice = pick_game(ctx)
    record = choice.record
    rules_caption(record, ctx)
    if st.session_state.get(SEAT_KEY) not in [s.name for s in Seat]:
        st.session_state[SEAT_KEY] = record.declarer.name
    # Only what the learner's seat knows: a defender is not told the declarer's discards.
    draw_game_header(record, ctx, viewer=Seat[str(st.session_state[SEAT_KEY])])
    seat_choice = st.segmented_control(
        t("Your seat"),
        [s.name for s in Seat],
        key=SEAT_KEY,
        required=True,
        format_func=lambda name: seat_title(Seat[name], record.declarer, t),
        on_change=_restart,
    )
    seat = Seat[str(seat_choice or record.declarer.name)]
    session = _session(choice, seat)
    st.button(t("Start again"), key="play_restart", on_click=_restart, icon=":material/restart_alt:")

    if session.on_record:
        st.caption(t("So far the game follows the record."))
    else:
        assert session.departed_at is not None
        st.caption(
            t(
                "The game left the record at card {n}; the computer players now play the other seats.",
                n=session.departed_at + 1,
            )
        )
    played = _as_played(session)
    frame = Viewer(played).frame(len(session.cards))
    view = session.view()
    playing = not session.finished and session.learner_to_move
    if playing:
        st.caption(t("Your cards ({seat}): click one to play it", seat=seat_name(seat, t)))
    with st.container(border=True):
        # Every card of the hand can be clicked: a card the rules forbid is refused with the rule.
        draw_table(
            TableView.from_seat_view(view, last_trick=True),
            ctx,
            key=HAND_KEY,
            on_card=(lambda card: _on_card(choice, seat, card)) if playing else None,
            clickable=view.hand,
        )

    refusal: RefusalDetails | None = st.session_state.get(REFUSAL_KEY)
    refused = refusal.card.iss if refusal is not None else ""
    note_state(
        deal=choice.key,
        seat=seat.name,
        played=len(session.cards),
        finished=session.finished,
        refused=refused,
    )
    if refusal is not None:
        st.error(
            t("{card} cannot be played.", card=card_label(refusal.card, ctx.lang))
            + " "
            + t_message(refusal.as_message(record.declaration.game), t),
            icon=":material/block:",
        )
    draw_points(frame, ctx)

    if not session.finished:
        if st.toggle(t("Show each card's outcome (open-hand analysis)"), key=ANALYSIS_KEY):
            analysis_panel(f"play-{choice.key}", played, played.deal_state_at(len(session.cards)), ctx)
        return

    outcome = session.outcome()
    mine = None if outcome is None else outcome.result
    st.header(t("Result"))
    from trainer.ui.pages.teacher_common import finish_seat_assignment

    if finish_seat_assignment(choice.key, seat.name):
        st.success(t("Your class's assignment is done."), icon=":material/done_all:")
    left, right = st.columns(2)
    with left:
        st.markdown("**" + t("Your game") + "**")
        if mine is not None:
            (st.success if mine.won else st.error)(result_text(mine, ctx))
    with right:
        st.markdown("**" + t("The recorded game") + "**")
        if record.result is not None:
            (st.success if record.result.won else st.error)(result_text(record.result, ctx))
        else:
            st.caption(t("The record stops before the game was settled."))
    with st.expander(t("All tricks")):
        for number, trick in enumerate(view.tricks, start=1):
            st.markdown(t("Trick {n} · {winner} wins", n=number, winner=seat_name(trick.winner, t)))
            card_row(list(trick.cards), lang=ctx.lang, four_colour=ctx.four_colour)
    if st.toggle(t("Could I have won?"), key=ANALYSIS_KEY):
        costly_card_panel(f"play-{choice.key}", record, session.cards, seat, ctx)


run_page("play", render)
