"""Your own mistakes as problems: judging a finished deal's cards (the Play page's and a shared table's end
screens start it) and "Learn from your mistakes" on the Problems page, which replays them one at a time
with the collection's verdict. Not a page of its own: :func:`offer` and :func:`mine_mode` are hooks.

The judging (:func:`trainer.problems.mistakes.judge_deal`) starts by itself when a signed-in learner's deal
ends and runs in the process's background judge (:class:`~trainer.store.mistake_judge.MistakeJudge`), off
the page's script: the end screen only looks at its progress every second until it is done, then says how
many mistakes were saved. What it finds is kept in the store
(:class:`~trainer.store.personal_problems.PersonalProblems`) even when the learner has left the page. An
answer is an ordinary problem attempt, so a missed mistake comes back in the learner's fsrs reviews.
"""

from __future__ import annotations

import streamlit as st

from trainer.cards import Card, parse_card
from trainer.deal import Seat
from trainer.problems.mistakes import POINTS_MARGIN
from trainer.problems.model import Problem
from trainer.problems.rating import problem_id_of
from trainer.problems.state import playback
from trainer.rules import DealState
from trainer.store.mistake_judge import JudgingStatus, MistakeJudge, Stage
from trainer.store.personal_problems import PersonalProblem, PersonalProblems
from trainer.ui.context import PageContext
from trainer.ui.nav import page_for
from trainer.ui.progress_state import get_store
from trainer.ui.terms import card_label
from trainer.ui.views.page_state import note_state
from trainer.ui.views.problem import (
    POINTS_GOAL,
    draw_play_out,
    draw_points_verdict,
    draw_position,
    draw_verdict,
    keep_first_click,
    record_answer,
    serve_next,
)

KEY = "mine_"
MODE_KEY = KEY + "mode"
ID_KEY = KEY + "id"
PICK_KEY = KEY + "pick"
SEEN_KEY = KEY + "seen"
RECORDED_KEY = KEY + "recorded"
PLAYED_KEY = KEY + "played_back"
MINE_PARAM = "mine"
COLLECTION = "collection"
MINE = "mine"


def _store() -> PersonalProblems:
    return PersonalProblems(get_store())


# ---- the end of a deal -----------------------------------------------------------------------------------
POLL_S = 1.0
"""How often the end screen looks at the background judging until it is done."""


@st.cache_resource(show_spinner=False)
def _judge_for(url: str) -> MistakeJudge:
    from trainer.solver import warm_up

    return MistakeJudge(_store(), warm_up=lambda: warm_up(block=True))


def mistake_judge() -> MistakeJudge:
    """The process's background judge (one per database)."""
    from trainer.store import database_url

    return _judge_for(database_url())


def offer(
    ctx: PageContext, learner: int | None, state: DealState, seat: Seat, *, name: str, source: str
) -> None:
    """At the end of a deal: have the learner's cards judged in the background (once per deal, however
    often this screen is drawn), show the judging's progress, then how many mistakes were saved with the
    link to them. ``name`` names the deal (unique in the store: its row id), ``source`` is ``play`` or
    ``table``."""
    if learner is None or state.declarer is None:
        return
    judge = mistake_judge()
    status = judge.status(learner, name=name, source=source)
    if status is None:
        status = judge.submit(learner, state, seat, name=name, source=source)
    if status is not None and status.finished:
        _judged(ctx, status)
        return
    st.fragment(run_every=POLL_S)(_judging)(ctx, learner, state, seat, name, source)


def _judging(ctx: PageContext, learner: int, state: DealState, seat: Seat, name: str, source: str) -> None:
    """The judging's progress, looked at every :data:`POLL_S` seconds; the whole page once it is done."""
    t = ctx.t
    judge = mistake_judge()
    status = judge.status(learner, name=name, source=source) or judge.submit(
        learner, state, seat, name=name, source=source
    )
    if status is None:  # the queue is full: asked again at the next look
        st.caption(t("Many deals are waiting to be judged; yours joins them in a moment."))
        return
    if status.finished:
        st.rerun()
    if status.stage is Stage.QUEUED or not status.total:
        st.progress(0.0, text=t("Your cards will be judged in a moment…"))
        return
    st.progress(
        min(1.0, status.done / status.total),
        text=t("Judging your cards… {done} of {total}", done=status.done, total=status.total),
    )


def _judged(ctx: PageContext, status: JudgingStatus) -> None:
    """What the judging found: the mistakes saved and the link to them, or why there is nothing."""
    t = ctx.t
    if status.stage is Stage.FAILED:
        st.caption(t("Your cards could not be judged this time."))
        return
    if status.mistakes:
        st.warning(
            t.ngettext(
                "{n} mistake saved — learn from your mistakes.",
                "{n} mistakes saved — learn from your mistakes.",
                status.mistakes,
            ),
            icon=":material/school:",
        )
        link_to_mine(ctx)
    elif status.judged:
        st.success(t("From what you could see, none of your cards was clearly worse than another."))
    else:
        st.caption(t("You had no real choice in this deal: each time only one card was legal."))
    if status.unjudged:
        st.caption(
            t.ngettext(
                "{n} early card was not judged: the time ran out.",
                "{n} early cards were not judged: the time ran out.",
                status.unjudged,
            )
        )


def link_to_mine(ctx: PageContext) -> None:
    """The link to "Learn from your mistakes" on the Problems page."""
    st.page_link(
        page_for("problems").path,
        label=ctx.t("Learn from your mistakes"),
        icon=":material/extension:",
        query_params={MINE_PARAM: "1"},
    )


# ---- the Problems page -----------------------------------------------------------------------------------
def mine_mode(ctx: PageContext, learner: int | None) -> bool:
    """The switch between the collection and "Learn from your mistakes" (signed-in learners only); draws
    the learner's own problems and returns True when they are chosen."""
    t = ctx.t
    if learner is None:
        return False
    if st.query_params.get(MINE_PARAM) == "1":  # the end screen's link: taken once, so the switch stays free
        del st.query_params[MINE_PARAM]
        st.session_state[MODE_KEY] = MINE
    st.session_state.setdefault(MODE_KEY, COLLECTION)
    mode = st.segmented_control(
        t("Problems"),
        [COLLECTION, MINE],
        key=MODE_KEY,
        required=True,
        format_func=lambda m: t("The collection") if m == COLLECTION else t("Learn from your mistakes"),
        label_visibility="collapsed",
    )
    if mode != MINE:
        return False
    _render_mine(ctx, learner)
    return True


def _played_back(problem: Problem, card: Card) -> DealState:
    """The example layout played out after ``card``, kept for the session (a learner's own problems are
    not in the shipped collection the Problems page caches by id)."""
    memo: dict[tuple[str, str], DealState] = st.session_state.setdefault(PLAYED_KEY, {})
    if (problem.id, card.iss) not in memo:
        memo[(problem.id, card.iss)] = playback(problem, card)
    return memo[(problem.id, card.iss)]


def _play_out(problem: Problem, card: Card, ctx: PageContext) -> None:
    draw_play_out(problem, card, ctx, KEY, _played_back)


def _choose(card: Card) -> None:
    keep_first_click(PICK_KEY, card)


def _next(ids: list[str]) -> None:
    serve_next(ids, ID_KEY, SEEN_KEY, (PICK_KEY,))


def _order(kept: list[PersonalProblem], due: list[str], answered: set[str]) -> list[str]:
    """Due for review first, then the ones never answered (newest first), then the rest."""
    ids = [p.problem.id for p in kept]
    fresh = [i for i in reversed(ids) if i not in answered and i not in due]
    rest = [i for i in ids if i in answered and i not in due]
    return [i for i in due if i in ids] + fresh + rest


def _record(learner: int, problem: Problem, card: Card) -> None:
    record_answer(learner, problem, card, RECORDED_KEY)


def _render_mine(ctx: PageContext, learner: int) -> None:
    t = ctx.t
    store = get_store()
    kept = _store().of(learner)
    if not kept:
        st.info(
            t(
                "No mistakes kept yet. After a deal on the Play page (or at a shared table), ask for your "
                "mistakes to be found: each card that was clearly worse becomes a problem here."
            )
        )
        note_state(mine=0)
        return
    by_id = {p.problem.id: p for p in kept}
    pick = st.session_state.get(PICK_KEY)
    current = by_id.get(st.session_state.get(ID_KEY, ""))
    if pick and current is not None:
        _record(learner, current.problem, parse_card(pick))
    due = [i for s in store.due_reviews(learner) if (i := problem_id_of(s.question_type)) in by_id]
    answered = {i for a in store.attempts(learner) if (i := problem_id_of(a.question_type)) in by_id}
    ids = _order(kept, due, answered)
    if st.session_state.get(ID_KEY) not in by_id:
        st.session_state[ID_KEY] = ids[0]
        st.session_state.pop(PICK_KEY, None)
        pick = None
    mine = by_id[st.session_state[ID_KEY]]
    problem = mine.problem
    card = parse_card(pick) if pick else None
    st.caption(
        t.ngettext(
            "{n} mistake of yours kept as a problem · {due} due for review",
            "{n} mistakes of yours kept as problems · {due} due for review",
            len(kept),
            due=len(due),
        )
    )
    if problem.id in due and card is None:
        st.warning(t("Review: you missed this problem before."), icon=":material/replay:")
    st.caption(
        t("From your deal: trick {n}. Which card now?", n=problem.trick_number)
        if card is None
        else t(
            "From your deal: trick {n}. You played {card} in the deal.",
            n=problem.trick_number,
            card=card_label(mine.played, ctx.lang),
        )
    )
    kctx = ctx.keyed(KEY)
    points = mine.kind == "points"
    draw_position(problem, kctx, KEY, card is not None, _choose, goal=POINTS_GOAL if points else None)
    if card is not None:
        (draw_points_verdict if points else draw_verdict)(problem, card, kctx)
        if points:
            st.info(
                t(
                    "In the deal, {card} kept on average {n} card points fewer for your side than {best} "
                    "(a mistake from {margin} on).",
                    card=card_label(mine.played, ctx.lang),
                    n=round(mine.points_lost),
                    best=" ".join(card_label(c, ctx.lang) for c in problem.answer),
                    margin=POINTS_MARGIN,
                )
            )
        if problem.example is not None:
            st.fragment(_play_out)(problem, card, kctx)
    st.button(
        t("Next mistake"), key=KEY + "next", on_click=_next, args=(ids,), icon=":material/arrow_forward:"
    )
    note_state(
        mine=len(kept),
        mine_problem=problem.id,
        answered=card is not None,
        right=card is not None and card in problem.answer,
    )
