"""Play problems: one position at a time from the shipped collection, as the seat to move sees it. The
learner plays a card and hears at once whether it was right, then why: each card's share of the layouts
that reach the goal, the themes, and one layout with every hand open. Filters: theme, side, rules."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from trainer.cards import Card, parse_card
from trainer.problems.collection import by_id as collection_by_id
from trainer.problems.collection import collection, select
from trainer.problems.model import Problem
from trainer.problems.rating import (
    RatingPoint,
    Result,
    current_rating,
    near_level,
    problem_id_of,
    results_by_theme,
    results_from_attempts,
    seeded_rating,
)
from trainer.problems.state import playback
from trainer.problems.themes import THEME_KEYS
from trainer.profiles import PROFILES
from trainer.rules import DealState
from trainer.store.play_ratings import PlayRatings
from trainer.ui.context import PageContext
from trainer.ui.pages import problems_mine
from trainer.ui.pages.class_problems import assigned_problems
from trainer.ui.pages.quiz_common import learner_box
from trainer.ui.progress_state import get_store
from trainer.ui.terms import profile_label
from trainer.ui.views.page_state import note_state, run_page
from trainer.ui.views.problem import (
    THEME_PARAM,
    draw_play_out,
    draw_position,
    draw_verdict,
    keep_first_click,
    record_answer,
    role_label,
    serve_next,
    theme_sentence,
    theme_title,
)

KEY = "problems_"
ANY = "any"
# (No bare strings at module level in page scripts: Streamlit's magic would print them.)
ID_KEY = KEY + "id"
PICK_KEY = KEY + "pick"
HINT_KEY = KEY + "hint"
SEEN_KEY = KEY + "seen"
RECORDED_KEY = KEY + "recorded"
ID_PARAM = "problem"


def _choose(card: Card) -> None:
    keep_first_click(PICK_KEY, card)


def _next(ids: list[str]) -> None:
    serve_next(ids, ID_KEY, SEEN_KEY, (PICK_KEY, HINT_KEY))


def _filters(page: PageContext) -> tuple[str, str, str]:
    t = page.t
    with st.expander(t("Choose problems"), expanded=False):
        st.session_state.setdefault(KEY + "rules", page.profile.name)
        rules = st.segmented_control(
            t("Rules"),
            list(PROFILES),
            key=KEY + "rules",
            required=True,
            format_func=lambda n: profile_label(n, t),
        )
        role = st.segmented_control(
            t("Side"),
            [ANY, "declarer", "defender"],
            key=KEY + "role",
            default=ANY,
            required=True,
            format_func=lambda r: t("Both sides") if r == ANY else role_label(r, t),
        )
        wanted = st.query_params.get(THEME_PARAM, "")
        # a link to one theme's problems (a chapter's, say) sets the filter once: each new link again
        if wanted in THEME_KEYS and st.session_state.get(KEY + "theme_param") != wanted:
            st.session_state[KEY + "theme_param"] = wanted
            st.session_state[KEY + "theme"] = wanted
        theme = st.selectbox(
            t("Theme"),
            [ANY, *THEME_KEYS],
            key=KEY + "theme",
            format_func=lambda k: t("Every theme") if k == ANY else theme_title(k, t),
        )
    return str(rules or page.profile.name), str(role or ANY), str(theme or ANY)


def _current(ids: list[str], by_id: dict[str, Problem]) -> Problem:
    wanted = st.query_params.get(ID_PARAM, "")
    if wanted in by_id and st.session_state.get(KEY + "param") != wanted:
        st.session_state[KEY + "param"] = wanted
        st.session_state[ID_KEY] = wanted
        st.session_state.pop(PICK_KEY, None)
    if st.session_state.get(ID_KEY) not in ids and st.session_state.get(ID_KEY) not in by_id:
        st.session_state[ID_KEY] = ids[0]
    return by_id[st.session_state[ID_KEY]]


@dataclass(frozen=True)
class Learning:
    """What the store says of a signed-in learner's problems: the rating after each rated (first) answer,
    every answer, and the problems the fsrs schedule brings back now."""

    history: list[RatingPoint]
    results: list[Result]
    due: list[str]

    @property
    def rating(self) -> float:
        return current_rating(self.history)


def _learning(learner: int | None, by_id: dict[str, Problem]) -> Learning | None:
    if learner is None:
        return None
    store = get_store()
    results = [r for r in results_from_attempts(store.attempts(learner)) if r.problem_id in by_id]
    due = [problem_id_of(s.question_type) for s in store.due_reviews(learner)]
    history = PlayRatings(store).history(learner)
    return Learning(history, results, [i for i in due if i in by_id])


def _record(learner: int | None, problem: Problem, card: Card) -> None:
    if learner is not None:
        record_answer(learner, problem, card, RECORDED_KEY, rated=True)


def _order(chosen: list[Problem], learning: Learning | None) -> list[str]:
    """Serving order: problems due for review first, then those nearest the learner's level by each
    problem's learned rating (its seed while unanswered); anonymous: easiest first."""
    if learning is None:
        return [p.id for p in sorted(chosen, key=lambda p: (p.difficulty, p.id))]
    due = [i for i in learning.due if any(p.id == i for p in chosen)]
    answered = {r.problem_id for r in learning.results}
    learned = {ident: r.rating.rating for ident, r in PlayRatings(get_store()).problems().items()}
    rest = [p.id for p in near_level(chosen, learning.rating, answered, learned) if p.id not in due]
    return due + rest


def _rating_box(page: PageContext, learning: Learning, by_id: dict[str, Problem]) -> None:
    t = page.t
    if learning.history:
        last = learning.history[-1]
        st.markdown(
            t.ngettext(
                "Your play rating: **{rating}** (± {rd}) after {n} answer.",
                "Your play rating: **{rating}** (± {rd}) after {n} answers.",
                len(learning.history),
                rating=round(last.rating),
                rd=round(last.deviation),
            )
        )
    else:
        st.caption(t("Your play rating starts with your first answer."))
    if learning.due:
        st.caption(
            t.ngettext(
                "{n} problem is due for review.", "{n} problems are due for review.", len(learning.due)
            )
        )
    if not learning.history:
        return
    with st.expander(t("Your rating and your themes"), expanded=False):
        st.line_chart([round(p.rating) for p in learning.history], height=180)
        rows = results_by_theme(learning.results, by_id)
        if rows:
            table = "\n".join(
                f"| {theme_title(key, t)} | {tries} | {right} |"
                for key, (tries, right) in sorted(rows.items())
            )
            header = " | ".join((t("Theme"), t("Answers"), t("Right")))
            st.markdown(f"| {header} |\n|---|---|---|\n{table}")


@st.cache_resource(show_spinner=False, max_entries=256)
def _played_back(problem_id: str, card: str) -> DealState:
    problem = next(p for p in collection() if p.id == problem_id)
    return playback(problem, parse_card(card))


def _play_out(problem: Problem, card: Card, page: PageContext) -> None:
    draw_play_out(problem, card, page.keyed(KEY), KEY, lambda p, c: _played_back(p.id, c.iss))


def render(page: PageContext) -> None:
    t = page.t
    ctx = page.keyed(KEY)
    st.title(t("Play problems"))
    st.caption(t("Which card now? Play it and see how often each card reaches the goal."))
    learner = learner_box(page)
    if problems_mine.mine_mode(page, learner):  # "Learn from your mistakes": the learner's own problems
        return
    by_id = collection_by_id()
    pick = st.session_state.get(PICK_KEY)
    current = by_id.get(st.session_state.get(ID_KEY, ""))
    if pick and current is not None:
        _record(learner, current, parse_card(pick))
    learning = _learning(learner, by_id)
    if learning is not None:
        _rating_box(page, learning, by_id)
    assigned = assigned_problems(page, learner)  # a class's problem set opened from 'My class'
    if assigned is not None:
        chosen = [by_id[i] for i in assigned if i in by_id]
    else:
        rules, role, theme = _filters(page)
        chosen = select(
            rules=rules, role=None if role == ANY else role, theme=None if theme == ANY else theme
        )
    if not chosen:
        st.info(t("No problem matches these choices yet."))
        note_state(problems=0)
        return
    ids = [p.id for p in chosen] if assigned is not None else _order(chosen, learning)
    problem = _current(ids, by_id)
    if problem.id not in ids:
        _next(ids)
        problem = _current(ids, by_id)
    card = parse_card(pick) if pick else None
    if learning is not None and problem.id in learning.due and card is None:
        answers = [result.correct for result in learning.results if result.problem_id == problem.id]
        if answers and answers[-1]:  # fsrs brings a right answer back too, later: it was not missed
            st.info(t("Review: you solved this problem before; see it again."), icon=":material/replay:")
        else:
            st.warning(t("Review: you missed this problem before."), icon=":material/replay:")
    st.caption(
        t(
            "Problem {n} of {total} · difficulty {d} %",
            n=ids.index(problem.id) + 1,
            total=len(ids),
            d=round(100 * problem.difficulty),
        )
    )
    draw_position(problem, ctx, KEY, card is not None, _choose)
    if card is None:
        if st.button(t("Hint"), key=KEY + "hint_button", icon=":material/lightbulb:"):
            st.session_state[HINT_KEY] = True
        if st.session_state.get(HINT_KEY):
            if problem.themes:
                for key in problem.themes:
                    st.info(f"{theme_title(key, t)}: {theme_sentence(key, t)}")
            else:
                st.info(t("No theme is named for this one: count the points and the cards still out."))
    else:
        draw_verdict(problem, card, ctx)
        learned = PlayRatings(get_store()).problem(problem.id)  # learners' first answers, this one's too
        if learned is not None:
            st.caption(
                t.ngettext(
                    "This problem's rating: {rating} after {n} answer (it started at {seed}).",
                    "This problem's rating: {rating} after {n} answers (it started at {seed}).",
                    learned.answers,
                    rating=round(learned.rating.rating),
                    seed=round(seeded_rating(problem)),
                )
            )
        if problem.example is not None:
            st.fragment(_play_out)(problem, card, page)
    st.button(
        t("Next problem"),
        key=KEY + "next",
        on_click=_next,
        args=(ids,),
        icon=":material/arrow_forward:",
    )
    note_state(
        problem=problem.id, answered=card is not None, right=card is not None and card in problem.answer
    )


run_page("problems", render)
