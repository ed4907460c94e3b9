"""Teacher: create a class (password + join code) or log into one, then set assignments (chapters, drills,
example deals) with due dates and see who has done them."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import streamlit as st

from trainer.errors import SkatError
from trainer.lessons import available_chapters
from trainer.profiles import PROFILES
from trainer.store.classes import ClassStore
from trainer.teacher import ASSIGNMENT_KINDS, DRILL, LESSON, MAX_DRILL_COUNT, format_code
from trainer.ui.auth import client_key, sign_in_teacher, sign_out_teacher
from trainer.ui.context import PageContext
from trainer.ui.pages.teacher_common import (
    CLASS_PAGE,
    DASHBOARD_PAGE,
    KIND_NAMES,
    PROJECTOR_PAGE,
    assignment_title,
    class_store,
    deal_choices,
    drill_kinds,
    kind_title,
    md,
    signed_in_class,
)
from trainer.ui.terms import profile_label, t_error
from trainer.ui.views.page_state import note_state, run_page

NEW_CODE_KEY = "teacher_new_code"


def _log_in(classes: ClassStore, ctx: PageContext) -> None:
    t = ctx.t
    with st.form("teacher_login"):
        code = st.text_input(t("Join code"), key="teacher_login_code", max_chars=20)
        password = st.text_input(t("Teacher password"), type="password", key="teacher_login_password")
        if st.form_submit_button(t("Log in"), type="primary", key="teacher_login_submit"):
            try:
                found = classes.teacher_login(code, password, client=client_key())
            except SkatError as error:
                st.error(t_error(error, t), icon=":material/lock:")
            else:
                sign_in_teacher(found.id)
                st.rerun()


def _create(classes: ClassStore, ctx: PageContext) -> None:
    t = ctx.t
    with st.form("teacher_create"):
        name = st.text_input(t("Name of the class"), key="teacher_create_name", max_chars=60)
        password = st.text_input(
            t("Teacher password"),
            type="password",
            key="teacher_create_password",
            help=t("At least 8 characters. It is stored only as a salted hash."),
        )
        again = st.text_input(t("Password again"), type="password", key="teacher_create_again")
        if st.form_submit_button(t("Create the class"), type="primary", key="teacher_create_submit"):
            if password != again:
                st.error(t("The two passwords are not the same."))
                return
            try:
                made = classes.create_class(name, password)
            except SkatError as error:
                st.error(t_error(error, t))
            else:
                sign_in_teacher(made.id)
                st.session_state[NEW_CODE_KEY] = made.join_code
                st.rerun()


def _due_datetime(day: date | None) -> datetime | None:
    """The end of the chosen day (UTC)."""
    if day is None:
        return None
    return datetime.combine(day, time(23, 59), tzinfo=UTC)


def _assign(classes: ClassStore, class_id: int, ctx: PageContext) -> None:
    t = ctx.t
    st.header(t("Set an assignment"))
    kind = st.segmented_control(
        t("What to assign"),
        ASSIGNMENT_KINDS,
        default=DRILL,
        key="assign_kind",
        required=True,
        format_func=lambda k: t(KIND_NAMES[k]),
    )
    count = 1
    profile: str | None = None
    if kind == LESSON:
        chapters = {ref.slug: ref.title(ctx.lang) for ref in available_chapters()}
        target = st.selectbox(
            t("Chapter"), list(chapters), format_func=chapters.__getitem__, key="assign_lesson"
        )
    elif kind == DRILL:
        target = st.selectbox(
            t("Question type"), drill_kinds(), format_func=lambda k: kind_title(k, t), key="assign_drill"
        )
        left, right = st.columns(2)
        count = int(
            left.number_input(
                t("How many questions"), min_value=1, max_value=MAX_DRILL_COUNT, value=10, key="assign_count"
            )
        )
        names = list(PROFILES)
        profile = right.radio(
            t("Rules"),
            names,
            index=names.index(ctx.profile.name),
            format_func=lambda n: profile_label(n, t),
            key="assign_profile",
        )
    else:
        deals = deal_choices(ctx.lang)
        if not deals:
            st.info(t("There are no example deals to assign yet."))
            return
        target = st.selectbox(
            t("Example deal"), list(deals), format_func=deals.__getitem__, key="assign_deal"
        )
    with_due = st.toggle(t("With a due date"), value=True, key="assign_with_due")
    due = (
        st.date_input(
            t("Due"),
            value=datetime.now(UTC).date() + timedelta(days=7),
            key="assign_due",
            format="YYYY-MM-DD",
        )
        if with_due
        else None
    )
    if st.button(t("Assign"), type="primary", key="assign_add", icon=":material/add_task:"):
        try:
            classes.add_assignment(
                class_id,
                str(kind),
                str(target),
                count,
                profile,
                _due_datetime(due if isinstance(due, date) else None),
            )
        except SkatError as error:
            st.error(t_error(error, t))
        else:
            st.toast(t("Assignment set."), icon=":material/check:")


def _assignment_list(classes: ClassStore, class_id: int, ctx: PageContext) -> None:
    t = ctx.t
    st.header(t("Assignments"))
    assignments = classes.assignments(class_id)
    if not assignments:
        st.caption(t("No assignments yet."))
        return
    members = len(classes.members(class_id))
    done_by = classes.assignment_completion(class_id)
    now = datetime.now(UTC)
    for a in assignments:
        with st.container(border=True, key=f"assignment_{a.id}"):
            left, right = st.columns([5, 1], vertical_alignment="center")
            left.markdown("**" + md(assignment_title(a, ctx)) + "**")
            due = a.due_at.date().isoformat() if a.due_at else t("no due date")
            late = " · " + t("overdue") if a.due_at and a.due_at < now else ""
            left.caption(
                t("Due: {due}", due=due)
                + late
                + " · "
                + t("done by {done} of {members}", done=done_by.get(a.id, 0), members=members)
            )
            if right.button(t("Remove"), key=f"assignment_remove_{a.id}", icon=":material/delete:"):
                classes.remove_assignment(class_id, a.id)
                st.rerun()


def _class_view(classes: ClassStore, class_id: int, ctx: PageContext) -> None:
    t = ctx.t
    school_class = classes.get_class(class_id)
    st.title(t("Class {name}", name=md(school_class.name)))
    code = format_code(school_class.join_code)
    if st.session_state.pop(NEW_CODE_KEY, None):
        st.success(
            t(
                "The class is ready. Give your learners the join code {code}; you log in with it too.",
                code=code,
            ),
            icon=":material/celebration:",
        )
    st.markdown("### " + t("Join code") + f": `{code}`")
    st.caption(t("Learners open the page 'My class' and type this code and their name."))
    links = st.columns(3)
    links[0].page_link(DASHBOARD_PAGE, label=t("Dashboard"), icon=":material/monitoring:")
    links[1].page_link(PROJECTOR_PAGE, label=t("Projector"), icon=":material/co_present:")
    links[2].page_link(CLASS_PAGE, label=t("My class"), icon=":material/groups:")
    _assign(classes, class_id, ctx)
    _assignment_list(classes, class_id, ctx)
    st.divider()
    if st.button(t("Log out"), key="teacher_logout", icon=":material/logout:"):
        sign_out_teacher()
        st.rerun()


def render(ctx: PageContext) -> None:
    t = ctx.t
    classes = class_store()
    class_id = signed_in_class()
    note_state(teacher=class_id is not None)
    if class_id is not None:
        _class_view(classes, class_id, ctx)
        return
    st.title(t("Teacher"))
    st.markdown(
        t(
            "Create a class to set chapters, drills and example deals for your learners and follow their "
            "progress; or log in to a class you made before."
        )
    )
    log_in, create = st.tabs([t("Log in"), t("Create a class")])
    with log_in:
        _log_in(classes, ctx)
    with create:
        _create(classes, ctx)


run_page("teacher", render)
