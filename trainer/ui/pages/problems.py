"""Play problems: one position at a time from the shipped collection, as the seat to move sees it. The
learner plays a card and hears at once whether it was right, then why: each card's share of the layouts
that reach the goal, the themes, and one layout with every hand open. Filters: theme, side, rules."""

from __future__ import annotations

import streamlit as st

from trainer.cards import Card, parse_card
from trainer.problems.collection import collection, select
from trainer.problems.model import Problem
from trainer.problems.themes import THEME_KEYS
from trainer.profiles import PROFILES
from trainer.ui.context import PageContext
from trainer.ui.terms import profile_label
from trainer.ui.views.page_state import note_state, run_page
from trainer.ui.views.problem import (
    draw_verdict,
    example_table,
    problem_table,
    role_label,
    situation_lines,
    theme_sentence,
    theme_title,
    trick_lines,
)
from trainer.ui.views.table import draw_table

KEY = "problems_"
ANY = "any"
# (No bare strings at module level in page scripts: Streamlit's magic would print them.)
ID_KEY = KEY + "id"
PICK_KEY = KEY + "pick"
HINT_KEY = KEY + "hint"
STEP_KEY = KEY + "step"
ID_PARAM = "problem"


def _choose(card: Card) -> None:
    """A card was clicked: the first click is the answer."""
    st.session_state.setdefault(PICK_KEY, card.iss)


def _next(ids: list[str]) -> None:
    current = st.session_state.get(ID_KEY)
    step = ids.index(current) + 1 if current in ids else 0
    st.session_state[ID_KEY] = ids[step % len(ids)]
    st.session_state.pop(PICK_KEY, None)
    st.session_state.pop(HINT_KEY, None)


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


def render(page: PageContext) -> None:
    t = page.t
    ctx = page.keyed(KEY)
    st.title(t("Play problems"))
    st.caption(t("Which card now? Play it and see how often each card reaches the goal."))
    rules, role, theme = _filters(page)
    chosen = select(rules=rules, role=None if role == ANY else role, theme=None if theme == ANY else theme)
    chosen.sort(key=lambda p: (p.difficulty, p.id))  # easiest first: the collection rises in difficulty
    if not chosen:
        st.info(t("No problem matches these choices yet."))
        note_state(problems=0)
        return
    ids = [p.id for p in chosen]
    problem = _current(ids, {p.id: p for p in collection()})
    if problem.id not in ids:
        _next(ids)
        problem = _current(ids, {p.id: p for p in collection()})
    pick = st.session_state.get(PICK_KEY)
    card = parse_card(pick) if pick else None
    number = ids.index(problem.id) + 1
    st.caption(
        t(
            "Problem {n} of {total} · difficulty {d} %",
            n=number,
            total=len(ids),
            d=round(100 * problem.difficulty),
        )
    )
    for line in situation_lines(problem, ctx):
        st.markdown(line)
    table = problem_table(problem)
    draw_table(table, ctx, key=KEY + "hand", on_card=_choose, clickable=() if card else table.legal)
    tricks = trick_lines(problem, ctx)
    if tricks:
        with st.expander(t("The tricks so far"), expanded=False):
            for line in tricks:
                st.markdown(line)
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
        example = example_table(problem)
        if example is not None:
            with st.expander(t("One layout where it matters (all hands open)"), expanded=False):
                st.caption(
                    t("In this layout the right card reaches the goal and the best other card does not.")
                )
                draw_table(example, ctx, key=KEY + "example")
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
