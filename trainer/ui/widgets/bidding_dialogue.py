"""bidding_dialogue: the textbook's auction (forehand up to 46, middlehand 44, rearhand 48) one call at a
time; the learner says each next word before it is revealed. The engine's auction-only deal runs it."""

from __future__ import annotations

import streamlit as st

from trainer.calc import simulate_auction
from trainer.deal import Seat
from trainer.i18n import Translator
from trainer.rules import Bid, SkatGame
from trainer.rules.bidding import AuctionEvent
from trainer.ui.components import verdict
from trainer.ui.terms import seat_name
from trainer.ui.widgets.base import WidgetContext, whole_number

TEXTBOOK_LIMITS = (46, 44, 48)
"""Forehand could play Nul-ouvert (46), middlehand spades uden 3 (44), rearhand clubs med 3 (48)."""
HOLD = "hold"
PASS = "pass"


def said(event: AuctionEvent, t: Translator) -> str:
    if event.action == "bid":
        return str(event.value)
    return t("yes") if event.action == "hold" else t("pass")


def _answer(step_key: str, guess_key: str, correct: str, result_key: str) -> None:
    st.session_state[result_key] = st.session_state.get(guess_key) == correct
    st.session_state[step_key] = int(st.session_state.get(step_key, 0)) + 1
    st.session_state.pop(guess_key, None)


def _restart(step_key: str, result_key: str) -> None:
    st.session_state[step_key] = 0
    st.session_state.pop(result_key, None)


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    with st.expander(t("How far each player would go")):
        typed = [
            whole_number(ctx, seat_name(seat, t), key=f"limit{seat}", value=limit, minimum=0)
            for seat, limit in zip(Seat, TEXTBOOK_LIMITS, strict=True)
        ]
    limits = tuple(limit for limit in typed if limit is not None)
    if len(limits) < len(typed):
        return  # a limit that cannot be read: said at its field
    st.caption(
        t(
            "Forehand would go up to {fh}, middlehand to {mh} and rearhand to {rh}. Middlehand bids first.",
            fh=limits[Seat.FOREHAND],
            mh=limits[Seat.MIDDLEHAND],
            rh=limits[Seat.REARHAND],
        )
    )
    auction = simulate_auction(ctx.profile, limits)
    events = auction.view(Seat.FOREHAND).auction
    step_key = ctx.k("step")
    step = min(int(st.session_state.get(step_key, 0)), len(events))
    lines = [f"{i + 1}. {seat_name(e.seat, t)}: **{said(e, t)}**" for i, e in enumerate(events[:step])]
    if lines:
        st.markdown("\n".join(lines))
    result = st.session_state.get(ctx.k("result"))
    if step and result is not None:
        last = events[step - 1]
        verdict(
            bool(result),
            t("Right.")
            if result
            else t(
                "No: {seat} would go up to {limit}, so the word is “{word}” (the last line above).",
                seat=seat_name(last.seat, t),
                limit=limits[last.seat],
                word=said(last, t),
            ),
        )
    if step < len(events):
        so_far = SkatGame(ctx.profile).auction(event.move() for event in events[:step])
        seat = events[step].seat
        following = [move.value for move in so_far.legal_moves() if isinstance(move, Bid)]
        event = events[step]
        options = [str(following[0]), PASS] if following else [HOLD, PASS]
        correct = str(event.value) if event.action == "bid" else event.action
        st.segmented_control(
            t("What does {seat} say now?", seat=seat_name(seat, t)),
            options,
            key=ctx.k("guess"),
            format_func=lambda o: t("yes") if o == HOLD else (t("pass") if o == PASS else o),
        )
        st.button(
            t("Say it"),
            key=ctx.k("say"),
            type="primary",
            on_click=_answer,
            args=(step_key, ctx.k("guess"), correct, ctx.k("result")),
        )
    else:
        if auction.declarer is None:
            st.info(t("Everyone passed."))
        else:
            st.success(
                t(
                    "{seat} is the declarer at {bid}.",
                    seat=seat_name(auction.declarer, t).capitalize(),
                    bid=auction.bid,
                )
            )
    st.button(t("Start again"), key=ctx.k("restart"), on_click=_restart, args=(step_key, ctx.k("result")))
