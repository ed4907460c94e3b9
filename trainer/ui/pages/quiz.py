"""Quiz and drills: practise one question type until 8 of the last 10 are right, review what the fsrs
schedule says is due, or race the clock in the bid-value sprint. Answers of a named learner go to the
progress store."""

from __future__ import annotations

import random
import time

import streamlit as st

from trainer.i18n import Translator
from trainer.quiz import GAME_VALUE, KINDS, SAFE_BID, VALID_BID, generate
from trainer.quiz.bank import bank_questions
from trainer.store import MASTERY_NEED, MASTERY_WINDOW
from trainer.ui.context import PageContext
from trainer.ui.pages.quiz_common import (
    KIND_KEY,
    Asker,
    due_text,
    kind_title,
    learner_box,
    question_id,
    session_last,
)
from trainer.ui.progress_state import get_store
from trainer.ui.terms import profile_name, t_message
from trainer.ui.views.page_state import note_state, run_page

MODE_KEY = "quiz_mode"
BANK_KEY = "quiz_bank"
# The current question's seed. Tests (and ``?seed=N`` links) set it to get a known question.
# (No bare strings at module level in page scripts: Streamlit's magic would print them.)
SEED_KEY = "quiz_seed"
SEED_PARAM = "seed"
KIND_PARAM = "kind"
REVIEW_KIND_KEY = "quiz_review_kind"
SPRINT_START_KEY = "sprint_start"
SPRINT_SCORE_KEY = "sprint_score"
SPRINT_COUNT_KEY = "sprint_count"
SPRINT_BEST_KEY = "sprint_best"
SPRINT_SCORED_KEY = "sprint_scored"
SPRINT_SECONDS = 60
# The sprint's questions, in turn (by seed): values of games, the highest bid a hand is worth, valid bids.
SPRINT_KINDS = (GAME_VALUE, SAFE_BID, VALID_BID)
MODES = ("practise", "review", "sprint")


def _seed() -> int:
    if SEED_KEY not in st.session_state:
        param = st.query_params.get(SEED_PARAM, "")
        readable = param.isascii() and param.isdigit()  # isdigit() takes "²" (int() refuses it) and "٣"
        st.session_state[SEED_KEY] = int(param) if readable else random.randrange(1, 1_000_000)
    return int(st.session_state[SEED_KEY])


def _next(asker: Asker, clear: tuple[str, ...] = ()) -> None:
    st.session_state[SEED_KEY] = _seed() + 1
    asker.forget()
    for key in clear:
        st.session_state.pop(key, None)


def _next_button(ctx: PageContext, asker: Asker, clear: tuple[str, ...] = ()) -> None:
    st.button(
        ctx.t("Next question"),
        key=f"{asker.prefix}_next",
        on_click=_next,
        args=(asker, clear),
        icon=":material/arrow_forward:",
    )


def _next_review(ctx: PageContext, learner: int | None, kind: str) -> None:
    """When the fsrs schedule brings this question type back."""
    if learner is None:
        return
    state = get_store().review_state(learner, kind)
    if state is not None:
        st.caption(ctx.t("Next review of this question type: {due}.", due=due_text(ctx, state.due)))


def practise(ctx: PageContext, learner: int | None) -> None:
    t = ctx.t
    if st.session_state.get(KIND_KEY) not in KINDS:
        linked = st.query_params.get(KIND_PARAM)
        st.session_state[KIND_KEY] = linked if linked in KINDS else KINDS[0]
    kind = st.selectbox(t("Question type"), KINDS, key=KIND_KEY, format_func=lambda k: kind_title(k, ctx))
    goal = st.empty()
    hand_made = st.toggle(
        t("Hand-made questions"),
        key=BANK_KEY,
        help=t("Worked examples written by hand (many from the textbook) instead of freshly dealt cards."),
    )
    question = generate(kind, _seed(), ctx.profile)
    if hand_made:
        bank = bank_questions(ctx.profile, kind)
        if bank:
            question = bank[_seed() % len(bank)]
        else:
            st.info(t("There are no hand-made questions of this type for these rules yet."))
    asker = Asker(ctx, "quiz")
    result = asker.ask(question, learner)
    if learner is not None:
        mastery = get_store().mastery(learner, kind)
        right, seen = mastery.correct, mastery.seen
    else:
        last = session_last(kind, MASTERY_WINDOW)
        right, seen = sum(last), len(last)
    goal.progress(
        min(right / MASTERY_NEED, 1.0),
        text=t(
            "{right} right of the last {seen} (goal: {need} of the last {window})",
            right=right,
            seen=seen,
            need=MASTERY_NEED,
            window=MASTERY_WINDOW,
        ),
    )
    if result is not None:
        _next_review(ctx, learner, kind)
        if right >= MASTERY_NEED:
            st.success(
                t(
                    "Goal reached: {need} of the last {window} are right. Try another question type.",
                    need=MASTERY_NEED,
                    window=MASTERY_WINDOW,
                ),
                icon="🏆",
            )
        _next_button(ctx, asker)


def review(ctx: PageContext, learner: int | None) -> None:
    t = ctx.t
    if learner is None:
        st.info(t("Sign in above: the review schedule is kept per account."))
        return
    store = get_store()
    kind = st.session_state.get(REVIEW_KIND_KEY)
    if kind not in KINDS:
        kind = store.next_due_question_type(learner, candidates=KINDS)
        if kind is None:
            states = store.review_states(learner)
            st.success(t("Nothing is due for review. Well done!"), icon=":material/event_available:")
            if states:
                st.caption(
                    t(
                        "Next: {kind}, due {due}.",
                        kind=kind_title(states[0].question_type, ctx),
                        due=due_text(ctx, states[0].due),
                    )
                )
            return
        st.session_state[REVIEW_KIND_KEY] = kind
    due = len(store.due_reviews(learner))
    if due:
        st.caption(t.ngettext("{n} question type is due.", "{n} question types are due.", due))
    else:
        # Nothing is due yet: the schedule offers a question type this learner has not tried.
        st.caption(t("Nothing is due yet, so here is a question type you have not tried."))
    st.header(kind_title(kind, ctx))
    asker = Asker(ctx, "review")
    result = asker.ask(generate(kind, _seed(), ctx.profile), learner)
    if result is not None:
        _next_review(ctx, learner, kind)
        _next_button(ctx, asker, clear=(REVIEW_KIND_KEY,))


def _start_sprint() -> None:
    st.session_state[SPRINT_START_KEY] = time.time()
    st.session_state[SPRINT_SCORE_KEY] = 0
    st.session_state[SPRINT_COUNT_KEY] = 0
    st.session_state[SPRINT_SCORED_KEY] = set()
    st.session_state.pop("sprint_verdict", None)
    st.session_state.pop("sprint_answer", None)


@st.fragment(run_every=1)
def _countdown(t: Translator, start: float) -> None:
    """The sprint's clock, redrawn every second on its own; when time runs out the whole page reruns to
    show the score."""
    left = SPRINT_SECONDS - (time.time() - start)
    if left <= 0:
        st.rerun(scope="app")
    st.caption(t("Seconds left: {left}", left=int(left)))


def sprint(ctx: PageContext, learner: int | None) -> None:
    t = ctx.t
    st.markdown(
        t(
            "Answer as many value and bid questions as you can in {seconds} seconds. Each right answer "
            "scores a point.",
            seconds=SPRINT_SECONDS,
        )
    )
    start = st.session_state.get(SPRINT_START_KEY)
    best = int(st.session_state.get(SPRINT_BEST_KEY, 0))
    if start is None:
        st.button(t("Start the sprint"), key="sprint_start_button", on_click=_start_sprint, type="primary")
        if best:
            st.caption(t("Best score this session: {best}", best=best))
        return
    score = int(st.session_state.get(SPRINT_SCORE_KEY, 0))
    count = int(st.session_state.get(SPRINT_COUNT_KEY, 0))
    left = SPRINT_SECONDS - (time.time() - float(start))
    if left <= 0:
        best = max(best, score)
        st.session_state[SPRINT_BEST_KEY] = best
        st.success(t("Time is up! Score: {score} of {count}.", score=score, count=count), icon="⏱️")
        st.caption(t("Best score this session: {best}", best=best))
        st.button(t("Start the sprint"), key="sprint_start_button", on_click=_start_sprint, type="primary")
        return
    board = st.empty()
    seed = _seed()
    kind = SPRINT_KINDS[seed % len(SPRINT_KINDS)]
    asker = Asker(ctx, "sprint")
    question = generate(kind, seed, ctx.profile)
    result = asker.ask(question, learner, explain=False)
    scored = st.session_state.setdefault(SPRINT_SCORED_KEY, set())
    if result is not None and question_id(question) not in scored:
        scored.add(question_id(question))
        score += int(result.correct)
        st.session_state[SPRINT_COUNT_KEY] = count + 1
        st.session_state[SPRINT_SCORE_KEY] = score
    board.metric(t("Score"), score, help=t("Seconds left: {left}", left=int(left)))
    _countdown(t, float(start))
    if result is not None:
        with st.expander(t("Why?")):
            st.markdown("\n".join("- " + t_message(step, t) for step in result.explanation))
        _next_button(ctx, asker)


def render_page(ctx: PageContext) -> None:
    t = ctx.t
    st.title(t("Quiz and drills"))
    learner = learner_box(ctx)
    if st.session_state.get(MODE_KEY) not in MODES:
        st.session_state[MODE_KEY] = MODES[0]
    labels = {
        "practise": t("Practise"),
        "review": t("Review due"),
        "sprint": t("Bid-value sprint"),
    }
    mode = st.segmented_control(
        t("Mode"), MODES, key=MODE_KEY, required=True, format_func=lambda m: labels[m]
    )
    # Values, bids and settlements differ between the rule sets: say which one the questions follow.
    st.caption(t("Rules used: {rules}", rules=profile_name(ctx.profile, t)))
    note_state(mode=mode)
    if mode == "review":
        review(ctx, learner)
    elif mode == "sprint":
        sprint(ctx, learner)
    else:
        practise(ctx, learner)


run_page("quiz", render_page)
