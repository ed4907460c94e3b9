"""tip_positions: the tips chapter's strategy positions. Every card is open; the learner picks the card to
play, then the open-hand solver shows what each legal card brings with perfect play on all sides. Answers
are recorded like quiz answers (question type ``tip_position``)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from trainer.cards import parse_card
from trainer.deal import Seat
from trainer.quiz.positions import POSITIONS, TIP_POSITION, outcome
from trainer.ui.components import card_row, pick_card, verdict
from trainer.ui.pages.quiz_common import HISTORY_KEY
from trainer.ui.progress_state import get_store
from trainer.ui.terms import game_name, seat_name, t_message
from trainer.ui.widgets.base import WidgetContext
from trainer.ui.widgets.chapter_check import current_learner


def _record(ctx: WidgetContext, correct: bool, given: str, expected: str) -> None:
    learner = current_learner()
    if learner is not None:
        get_store().record_attempt(learner, TIP_POSITION, correct, given, expected, ctx.profile.name)
    else:
        history = list(st.session_state.get(HISTORY_KEY, []))
        history.append((TIP_POSITION, correct))
        st.session_state[HISTORY_KEY] = history


def _on_check(ctx: WidgetContext, position_id: str) -> None:
    chosen = st.session_state.get(ctx.k(f"pick-{position_id}"))
    if not chosen:
        st.session_state[ctx.k("missing")] = True
        return
    found = outcome(position_id)
    card = parse_card(str(chosen))
    correct = card in found.best
    _record(ctx, correct, card.iss, " ".join(c.iss for c in found.best))
    st.session_state[ctx.k(f"done-{position_id}")] = card.iss


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    ids = [p.id for p in POSITIONS]
    by_id = {p.id: p for p in POSITIONS}
    chosen_id = st.radio(
        t("Position"),
        ids,
        key=ctx.k("position"),
        format_func=lambda i: f"{ids.index(i) + 1}. {t_message(by_id[i].tip, t)}",
    )
    position = by_id[str(chosen_id)]
    st.markdown(
        "**"
        + t(
            "{game}; {declarer} is the declarer. All cards are open. Which card should {seat} play?",
            game=game_name(position.game, t),
            declarer=seat_name(position.declarer, t),
            seat=seat_name(position.to_move, t),
        )
        + "**"
    )
    for seat in Seat:
        label = seat_name(seat, t) + (" — " + t("declarer") if seat == position.declarer else "")
        st.caption(label)
        card_row(position.hands[int(seat)], lang=ctx.lang, four_colour=ctx.four_colour)
    if position.trick:
        st.caption(t("The trick so far (led by {seat})", seat=seat_name(position.leader, t)))
        card_row(position.trick, lang=ctx.lang, four_colour=ctx.four_colour)
    found = outcome(position.id)
    done = st.session_state.get(ctx.k(f"done-{position.id}"))
    pick_card(
        t("Your card"),
        sorted(found.values, key=lambda c: c.index),
        key=ctx.k(f"pick-{position.id}"),
        lang=ctx.lang,
        four_colour=ctx.four_colour,
        disabled=done is not None,
    )
    if done is None:
        st.button(t("Check"), key=ctx.k("check"), type="primary", on_click=_on_check, args=(ctx, position.id))
        if st.session_state.pop(ctx.k("missing"), False):
            st.warning(t("Choose or type an answer first."))
        return
    card = parse_card(str(done))
    best = ", ".join(c.symbol for c in found.best)
    verdict(card in found.best, t("Best with perfect play: {cards}.", cards=best))
    in_play = position.points_in_play
    cards = sorted(found.values, key=lambda c: c.index)
    st.dataframe(
        pd.DataFrame(
            {
                t("Card"): [c.symbol for c in cards],
                t("Declarer's card points"): [
                    found.values[c] for c in sorted(found.values, key=lambda c: c.index)
                ],
                t("Defenders' card points"): [in_play - found.values[c] for c in cards],
            }
        ),
        hide_index=True,
    )
    st.caption(t("Points counted from the cards still in play ({n}) and the skat.", n=in_play))
    st.markdown(t_message(position.note, t))
    if st.button(t("Try again"), key=ctx.k("again")):
        st.session_state.pop(ctx.k(f"done-{position.id}"), None)
        st.session_state.pop(ctx.k(f"pick-{position.id}"), None)
        st.rerun()
