"""The open-hand analysis of a replayed position: each legal card's outcome with best play from everyone
(computed card by card, every card capped in nodes and time), and "could I have won?" after the game — the
first card of one side that turned a winnable game into a lost one. All numbers come from
:mod:`trainer.replay`; this module only draws them."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

from trainer.cards import Card
from trainer.deal import Seat
from trainer.replay import (
    Analyzer,
    CardOutcome,
    CostlyCard,
    GameRecord,
    best_outcome,
    first_costly_card,
    result_changers,
    trick_number,
)
from trainer.rules import DealState, Phase
from trainer.ui.components import cards_text
from trainer.ui.context import PageContext
from trainer.ui.terms import card_label, seat_name

ANALYSIS_CACHE_KEY = "deals_analysis_cache"
ANALYZERS_KEY = "deals_analyzers"
NODE_CAP: int | None = None
"""Search nodes per card before the analysis gives up on that card (None: only the time cap applies)."""
TIME_CAP = 2.5
"""Seconds per card before the analysis shows that card's bounds instead of its value (no stuck page)."""


def analyzer_for(key: str, record: GameRecord) -> Analyzer:
    """One analyzer (and so one transposition table) per game in the session."""
    from trainer.solver import warm_up

    warm_up(block=False)  # compile the fast kernel in the background; answers come meanwhile
    store = st.session_state.setdefault(ANALYZERS_KEY, {})
    if key not in store:
        store[key] = Analyzer(record)
    analyzer: Analyzer = store[key]
    return analyzer


def outcome_text(outcome: CardOutcome, ctx: PageContext) -> str:
    t = ctx.t
    card = card_label(outcome.card, ctx.lang)
    if outcome.declarer_points is None and outcome.bounds and outcome.declarer_wins is None:
        low, high = outcome.bounds
        return t(
            "{card} → not settled within the time limit (declarer {low}–{high})",
            card=card,
            low=low,
            high=high,
        )
    verdict = t("wins") if outcome.declarer_wins else t("loses")
    if outcome.declarer_points is None:
        return t("{card} → declarer {verdict}", card=card, verdict=verdict)
    points = outcome.declarer_points
    return t("{card} → declarer {points}, {verdict}", card=card, points=points, verdict=verdict)


def analysis_panel(key: str, record: GameRecord, state: DealState, ctx: PageContext) -> None:
    """Each legal card's outcome with open hands and best play, computed card by card with a progress bar
    (results appear as they are found; every card has a node/time cap)."""
    t = ctx.t
    if state.phase is not Phase.PLAY or state.to_move is None:
        return
    seat = state.to_move
    st.markdown(
        t(
            "**Open-hand analysis** for {seat}: every card, with best play from everyone after it.",
            seat=seat_name(seat, t),
        )
    )
    cache: dict[tuple[str, int, tuple[str, ...]], list[CardOutcome]] = st.session_state.setdefault(
        ANALYSIS_CACHE_KEY, {}
    )
    played = state.cards_played
    cache_key = (key, len(played), tuple(card.iss for _, card in played))
    legal = state.legal_cards()
    outcomes = cache.get(cache_key)
    area = st.container(key=f"{key}-analysis")
    if outcomes is None:
        analyzer = analyzer_for(key, record)
        bar = st.progress(0.0, text=t("Analysing… {done} of {total} cards", done=0, total=len(legal)))
        found: list[CardOutcome] = []
        lines = area.empty()
        for index, card in enumerate(legal):
            found.append(analyzer.outcome(state, card, node_limit=NODE_CAP, time_limit=TIME_CAP))
            lines.markdown("\n".join(f"- {outcome_text(o, ctx)}" for o in found))
            bar.progress(
                (index + 1) / len(legal),
                text=t("Analysing… {done} of {total} cards", done=index + 1, total=len(legal)),
            )
        bar.empty()
        lines.empty()
        outcomes = found
        cache[cache_key] = outcomes
    declarer_moves = seat is state.declarer
    best = best_outcome(outcomes, declarer_moves)
    changers = result_changers(outcomes, declarer_moves)
    rows = []
    for outcome in outcomes:
        marks = []
        if best is not None and outcome.card == best.card:
            marks.append("★ " + t("best"))
        if outcome.card in changers:
            marks.append("⚠ " + t("changes the result"))
        suffix = f" — {', '.join(marks)}" if marks else ""
        rows.append(f"- {outcome_text(outcome, ctx)}{suffix}")
    area.markdown("\n".join(rows))
    if best is not None:
        area.caption(t("Best card here: {card}", card=card_label(best.card, ctx.lang)))
    if any(not o.exact for o in outcomes):
        area.caption(t("Some cards hit the time limit; their range is shown instead of an exact number."))


def costly_card_text(found: CostlyCard | None, ctx: PageContext) -> str:
    t = ctx.t
    if found is not None and found.excused:
        return t(
            "With every hand open, the game slipped away in trick {trick} with {card} by {seat}; but from "
            "what that player could see it was as good as the coach's own card, so it is not to blame: "
            "{better} would have kept it, which only someone who saw every hand could know.",
            card=card_label(found.card, ctx.lang),
            seat=seat_name(found.seat, t),
            trick=trick_number(found.index),
            better=cards_text(found.better, ctx.lang),
        )
    if found is None:
        return t(
            "No single card of this side turned a winnable game into a lost one: with best play the result "
            "was already decided, or the analysis could not settle it within the time limit."
        )
    return t(
        "The first card that cost the game: {card} by {seat} in trick {trick}. {better} would have kept "
        "it winnable.",
        card=card_label(found.card, ctx.lang),
        seat=seat_name(found.seat, t),
        trick=trick_number(found.index),
        better=cards_text(found.better, ctx.lang),
    )


def costly_card_panel(
    key: str,
    record: GameRecord,
    moves: Sequence[Card],
    side: Seat,
    ctx: PageContext,
    *,
    excused: Callable[[DealState, Card], bool] | None = None,
) -> None:
    """The "could I have won?" button and its answer (cached per game, moves and side). ``excused``: a
    card its player could not have known to be wrong (the Play page: the coach's evaluation stood behind
    the learner's card), said as such instead of blamed."""
    t = ctx.t
    cache = st.session_state.setdefault(f"{key}-costly", {})
    cache_key = (tuple(card.iss for card in moves), int(side))
    team = t("the declarer") if side is record.declarer else t("the defenders")
    if cache_key not in cache:
        if not st.button(
            t("Could {team} have won? Find the first card that cost the game", team=team),
            key=f"{key}-costly-button",
            icon=":material/travel_explore:",
        ):
            return
        bar = st.progress(0.0, text=t("Checking every card…"))
        analyzer = analyzer_for(key, record)

        def progress(done: int, total: int) -> None:
            text = t("Checking card {done} of {total}…", done=done + 1, total=total)
            bar.progress(min(1.0, done / max(total, 1)), text=text)

        cache[cache_key] = first_costly_card(
            record,
            moves,
            side,
            node_limit=NODE_CAP,
            time_limit=TIME_CAP,
            progress=progress,
            analyzer=analyzer,
            excused=excused,
        )
        bar.empty()
    st.info(costly_card_text(cache[cache_key], ctx), icon=":material/travel_explore:")
