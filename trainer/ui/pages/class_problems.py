"""A class's problem-set assignment on the Problems page (a module, not a page): 'Practise' on 'My class'
opens the Problems page limited to the set; this module draws what the learner sees of the assignment
there and gives the page the set's problems in serving order. Which problems, and who may open them, the
store decides (:meth:`trainer.store.classes.ClassStore.assigned_problems`): only a signed-in learner of the
assignment's class gets the set."""

from __future__ import annotations

import streamlit as st

from trainer.store.classes import AssignedProblems
from trainer.ui.context import PageContext
from trainer.ui.nav import page_for
from trainer.ui.pages.teacher_common import assignment_title, class_store, md

ASSIGNMENT_KEY = "problems_assignment"
"""Session key: the id of the problem-set assignment the learner opened from 'My class'."""
ORDER_KEY = "problems_assignment_order"
"""Session key: (assignment id, its problems in the order served since it was opened)."""
ASSIGNMENT_PARAM = "assignment"
"""The same as a query-string parameter (a link to the set)."""


def open_problem_set(assignment_id: int) -> None:
    """'Practise' on 'My class': the Problems page, limited to this set."""
    st.session_state[ASSIGNMENT_KEY] = assignment_id
    st.session_state.pop(ORDER_KEY, None)
    st.switch_page(page_for("problems").path, query_params={ASSIGNMENT_PARAM: str(assignment_id)})


def _leave() -> None:
    st.session_state.pop(ASSIGNMENT_KEY, None)
    st.session_state.pop(ORDER_KEY, None)
    st.query_params.pop(ASSIGNMENT_PARAM, None)


def _wanted() -> int | None:
    raw = st.query_params.get(ASSIGNMENT_PARAM) or st.session_state.get(ASSIGNMENT_KEY)
    try:
        return int(raw) if raw is not None else None
    except (TypeError, ValueError):
        return None


def assigned_problems(page: PageContext, learner: int | None) -> list[str] | None:
    """The opened problem set's problems (those not answered yet first), with a box saying how far the
    learner is; None when no set is open (or it is not the learner's own), so the page serves as usual."""
    wanted = _wanted()
    if wanted is None or learner is None:
        return None
    found = class_store().assigned_problems(learner, wanted)
    if found is None:
        _leave()
        return None
    st.session_state[ASSIGNMENT_KEY] = wanted
    _box(found, page)
    # the order is fixed when the set is opened (unanswered first), so answering does not renumber it
    order = st.session_state.get(ORDER_KEY)
    if not isinstance(order, tuple) or order[0] != wanted:
        order = (wanted, found.serving_order())
        st.session_state[ORDER_KEY] = order
    return list(order[1])


def _box(found: AssignedProblems, page: PageContext) -> None:
    t = page.t
    total = len(found.problem_set.problem_ids)
    with st.container(border=True, key="problems_assignment_box"):
        st.markdown(
            "**" + t("Your class's assignment") + "**: " + md(assignment_title(found.assignment, page))
        )
        if found.done:
            st.success(
                t("All {total} answered, {right} right at the first try.", total=total, right=found.solved),
                icon=":material/done_all:",
            )
        else:
            st.caption(
                t("{done} of {total} answered", done=found.answered, total=total)
                + " · "
                + t("right at the first try: {right}", right=found.solved)
            )
        left, right = st.columns(2)
        left.page_link(page_for("class").path, label=t("Back to my class"), icon=":material/school:")
        right.button(
            t("All problems"), key="problems_assignment_leave", on_click=_leave, icon=":material/close:"
        )
