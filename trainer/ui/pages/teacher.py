"""Teacher: sign in with your own account, see the classes you teach (or claim one made before accounts), open
one (typing its class password if it has one), set assignments and run the class: rename it, give it a new
join code, remove a learner or give them a new personal key, add co-teachers, archive or delete it. Every
destructive action asks first; each is recorded in the class's log with who did it and when."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import streamlit as st

from trainer.errors import SkatError
from trainer.lessons import available_chapters
from trainer.problems.themes import THEME_KEYS
from trainer.store.accounts import Account
from trainer.store.classes import ClassStore, SchoolClass, TaughtClass
from trainer.table_session import LEVELS
from trainer.teacher import (
    ANY_BAND,
    ASSIGNMENT_KINDS,
    DIFFICULTY_BANDS,
    DRILL,
    GAME,
    LESSON,
    MAX_DRILL_COUNT,
    MAX_PROBLEM_SET,
    OWNER,
    PROBLEMS,
    SEAT,
    format_code,
)
from trainer.ui.auth import client_key, current_learner, sign_in_teacher, sign_out_teacher
from trainer.ui.context import PageContext
from trainer.ui.number_field import whole_number
from trainer.ui.pages.teacher_common import (
    AUDIT_TEXTS,
    CLASS_PAGE,
    DASHBOARD_PAGE,
    KIND_NAMES,
    PROJECTOR_PAGE,
    SEATS,
    assignment_title,
    class_store,
    confirmed,
    deal_choices,
    drill_kinds,
    kind_title,
    level_name,
    md,
    rules_choice,
    signed_in_teacher,
)
from trainer.ui.terms import seat_name, t_error
from trainer.ui.views.account import sign_in_forms, signed_in_bar
from trainer.ui.views.page_state import note_state, run_page
from trainer.ui.views.problem import theme_title

NEW_CODE_KEY = "teacher_new_code"
ISSUED_KEY = "teacher_issued_key"  # (member name, personal key) just issued, shown once
DRILL_COUNT_USUAL = 10  # the questions a drill assignment asks for unless the teacher types another number


# ---- choosing a class ---------------------------------------------------------------------------------
def _open(classes: ClassStore, account: Account, taught: TaughtClass, ctx: PageContext) -> None:
    """One class in the list: open it (with its class password, when it has one)."""
    t = ctx.t
    c = taught.school_class
    with st.container(border=True, key=f"teacher_class_{c.id}"):
        role = t("owner") if taught.role == OWNER else t("co-teacher")
        archived = " · " + t("archived") if c.archived else ""
        st.markdown(f"**{md(c.name)}** · {role}{archived}")
        if c.has_password:
            with st.form(f"teacher_open_form_{c.id}"):
                password = st.text_input(t("Class password"), type="password", key=f"teacher_open_pw_{c.id}")
                go = st.form_submit_button(t("Open"), type="primary", key=f"teacher_open_{c.id}")
        else:
            password = ""
            go = st.button(t("Open"), type="primary", key=f"teacher_open_{c.id}", icon=":material/login:")
        if go:
            try:
                classes.check_class_password(c.id, account.id, password, client=client_key())
            except SkatError as error:
                st.error(t_error(error, t), icon=":material/lock:")
            else:
                sign_in_teacher(c.id, account.id)
                st.rerun()


def _create(classes: ClassStore, account: Account, ctx: PageContext) -> None:
    t = ctx.t
    with st.form("teacher_create"):
        name = st.text_input(t("Name of the class"), key="teacher_create_name", max_chars=60)
        password = st.text_input(
            t("Class password (optional)"),
            type="password",
            key="teacher_create_password",
            help=t(
                "If you set one, you and your co-teachers type it each time you open the class, after "
                "signing in. At least 8 characters; stored only as a salted hash."
            ),
        )
        again = st.text_input(t("Password again"), type="password", key="teacher_create_again")
        if st.form_submit_button(t("Create the class"), type="primary", key="teacher_create_submit"):
            if password != again:
                st.error(t("The two passwords are not the same."))
                return
            try:
                made = classes.create_class(name, password or None, owner=account.id)
            except SkatError as error:
                st.error(t_error(error, t))
            else:
                sign_in_teacher(made.id, account.id)
                st.session_state[NEW_CODE_KEY] = made.join_code
                st.rerun()


def _claim(classes: ClassStore, account: Account, ctx: PageContext) -> None:
    """A class made before teachers had accounts: its code and old password make this account its owner."""
    t = ctx.t
    st.caption(
        t(
            "Classes made before teachers had accounts have no owner yet. Type the class's join code and its "
            "old teacher password once: the class becomes yours, and the password stays as its class "
            "password until you turn it off."
        )
    )
    with st.form("teacher_claim"):
        code = st.text_input(t("Join code"), key="teacher_claim_code", max_chars=20)
        password = st.text_input(t("Class password"), type="password", key="teacher_claim_password")
        if st.form_submit_button(t("Make it my class"), type="primary", key="teacher_claim_submit"):
            try:
                claimed = classes.claim_class(account.id, code, password, client=client_key())
            except SkatError as error:
                st.error(t_error(error, t), icon=":material/lock:")
            else:
                sign_in_teacher(claimed.id, account.id)
                st.rerun()


def _choose(classes: ClassStore, account: Account, ctx: PageContext) -> None:
    t = ctx.t
    taught = classes.classes_of(account.id)
    mine, new, claim = st.tabs([t("Your classes"), t("Create a class"), t("Claim an older class")])
    with mine:
        if not taught:
            st.caption(
                t("You teach no class yet. Create one, or ask a class's owner to add you as a co-teacher.")
            )
        for each in taught:
            _open(classes, account, each, ctx)
    with new:
        _create(classes, account, ctx)
    with claim:
        _claim(classes, account, ctx)


# ---- assignments --------------------------------------------------------------------------------------
def _due_datetime(day: date | None) -> datetime | None:
    """The end of the chosen day (UTC)."""
    if day is None:
        return None
    return datetime.combine(day, time(23, 59), tzinfo=UTC)


def _assign(classes: ClassStore, class_id: int, teacher: int, ctx: PageContext) -> None:
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
    count: int | None = 1
    profile: str | None = None
    seat: int | None = None
    if kind == PROBLEMS:
        _assign_problems(classes, class_id, teacher, ctx)
        return
    if kind == LESSON:
        chapters = {ref.slug: ref.title(ctx.lang) for ref in available_chapters()}
        target = st.selectbox(
            t("Chapter"), list(chapters), format_func=chapters.__getitem__, key="assign_lesson"
        )
        st.caption(t("Done when the learner has opened the chapter and answered its check."))
    elif kind == DRILL:
        target = st.selectbox(
            t("Question type"), drill_kinds(), format_func=lambda k: kind_title(k, t), key="assign_drill"
        )
        left, right = st.columns(2)
        with left:
            count = whole_number(
                ctx,
                t("How many questions"),
                key="assign_count",
                value=DRILL_COUNT_USUAL,
                minimum=1,
                maximum=MAX_DRILL_COUNT,
            )
        profile = rules_choice(ctx, "assign_profile", right)
    elif kind == GAME:
        left, right = st.columns(2)
        target = left.selectbox(
            t("The computer plays as"), LEVELS, format_func=lambda lv: level_name(lv, t), key="assign_level"
        )
        profile = rules_choice(ctx, "assign_game_profile", right)
        st.caption(
            t("Done when the learner has played one deal to its end on the Play page with these settings.")
        )
    else:
        deals = deal_choices(ctx.lang, t)
        if not deals:
            st.info(t("There are no example deals to assign yet."))
            return
        target = st.selectbox(
            t("Example deal"), list(deals), format_func=deals.__getitem__, key="assign_deal"
        )
        if kind == SEAT:
            seat = int(
                st.radio(
                    t("Seat to play"),
                    [s.value for s in SEATS],
                    format_func=lambda v: seat_name(SEATS[v], t),
                    key="assign_seat",
                    horizontal=True,
                )
            )
    due = _due(ctx)
    assign = st.button(t("Assign"), type="primary", key="assign_add", icon=":material/add_task:")
    # A count that is not a whole number as typed has said so below its field; nothing is assigned then.
    if assign and count is not None:
        try:
            classes.add_assignment(
                class_id, str(kind), str(target), count, profile, due, seat=seat, by=teacher
            )
        except SkatError as error:
            st.error(t_error(error, t))
        else:
            st.toast(t("Assignment set."), icon=":material/check:")


def _due(ctx: PageContext) -> datetime | None:
    """The due date the teacher chose (the end of that day, UTC), or None without one."""
    t = ctx.t
    with_due = st.toggle(t("With a due date"), value=True, key="assign_with_due")
    if not with_due:
        return None
    day = st.date_input(
        t("Due"), value=datetime.now(UTC).date() + timedelta(days=7), key="assign_due", format="YYYY-MM-DD"
    )
    return _due_datetime(day if isinstance(day, date) else None)


def _assign_problems(classes: ClassStore, class_id: int, teacher: int, ctx: PageContext) -> None:
    """A set of play problems: themes (none: every theme), how many, the difficulty band and the rules. The
    problems are drawn once, so every learner gets the same set; they solve it on the Problems page."""
    t = ctx.t
    themes = st.multiselect(
        t("Themes (none: every theme)"),
        list(THEME_KEYS),
        format_func=lambda k: theme_title(k, t),
        key="assign_problem_themes",
    )
    left, middle, right = st.columns(3)
    with left:
        count = whole_number(
            ctx,
            t("How many problems"),
            key="assign_problem_count",
            value=10,
            minimum=1,
            maximum=MAX_PROBLEM_SET,
        )
    band = middle.selectbox(
        t("Difficulty"),
        [b.key for b in DIFFICULTY_BANDS],
        format_func=lambda k: t(next(b.name for b in DIFFICULTY_BANDS if b.key == k)),
        key="assign_problem_band",
    )
    profile = rules_choice(ctx, "assign_problem_profile", right)
    st.caption(
        t(
            "Every learner gets the same problems, easiest first. Done when each has been answered on the "
            "page 'Problems'; the score is the share right at the first answer."
        )
    )
    due = _due(ctx)
    assign = st.button(t("Assign"), type="primary", key="assign_add", icon=":material/add_task:")
    # A count that is not a whole number as typed has said so below its field; nothing is assigned then.
    if assign and count is not None:
        try:
            _, problem_set = classes.add_problem_set(
                class_id, profile, count, tuple(themes), str(band or ANY_BAND), due, by=teacher
            )
        except SkatError as error:
            st.error(t_error(error, t))
        else:
            if len(problem_set.problem_ids) < count:
                st.info(
                    t(
                        "Only {n} problems match these choices: the set has {n}.",
                        n=len(problem_set.problem_ids),
                    )
                )
            st.toast(t("Assignment set."), icon=":material/check:")


def _assignment_list(classes: ClassStore, class_id: int, teacher: int, ctx: PageContext) -> None:
    t = ctx.t
    st.header(t("Assignments"))
    assignments = classes.assignments(class_id)
    if not assignments:
        st.caption(t("No assignments yet."))
        return
    grid = classes.progress_grid(class_id)
    members = len(grid.learners)
    now = datetime.now(UTC)
    for a in assignments:
        with st.container(border=True, key=f"assignment_{a.id}"):
            st.markdown("**" + md(assignment_title(a, ctx)) + "**")
            due = a.due_at.date().isoformat() if a.due_at else t("no due date")
            late = " · " + t("overdue") if a.due_at and a.due_at < now else ""
            done = grid.done_by(a.id)
            st.caption(
                t("Due: {due}", due=due)
                + late
                + " · "
                + t("done by {done} of {members}", done=len(done), members=members)
            )
            waiting = grid.not_started(a.id)
            if done:
                st.caption(t("Done: {names}", names=", ".join(md(n) for n in done)))
            if waiting:
                st.caption(t("Not started: {names}", names=", ".join(md(n) for n in waiting)))
            if confirmed(
                f"assignment_remove_{a.id}",
                t("Remove"),
                t("Remove this assignment? The learners' answers stay theirs, but its progress is gone."),
                t,
                icon=":material/delete:",
            ):
                classes.remove_assignment(class_id, a.id, by=teacher)
                st.rerun()


# ---- managing the class -------------------------------------------------------------------------------
def _learners(classes: ClassStore, c: SchoolClass, teacher: int, ctx: PageContext) -> None:
    t = ctx.t
    issued = st.session_state.pop(ISSUED_KEY, None)
    if issued:
        with st.container(border=True, key="teacher_issued"):
            st.success(
                t(
                    "The new personal key for {name}. Give it to them now: it is shown only this once. Their "
                    "old password or key no longer works.",
                    name=md(issued[0]),
                ),
                icon=":material/key:",
            )
            st.code(issued[1], language=None)
    members = classes.members(c.id)
    if not members:
        st.caption(t("No learners have joined yet."))
        return
    for m in members:
        with st.container(border=True, key=f"teacher_member_{m.id}"):
            st.markdown(md(m.name))
            left, right = st.columns(2)
            with left:
                if confirmed(
                    f"teacher_remove_{m.id}",
                    t("Remove from the class"),
                    t(
                        "Remove {name} from the class? They keep their account and everything they did.",
                        name=md(m.name),
                    ),
                    t,
                    icon=":material/person_remove:",
                ):
                    classes.remove_member(c.id, teacher, m.id)
                    st.rerun()
            with right:
                if confirmed(
                    f"teacher_key_{m.id}",
                    t("New personal key"),
                    t(
                        "Give {name} a new personal key? Their old password or key stops working and they "
                        "are signed out everywhere.",
                        name=md(m.name),
                    ),
                    t,
                    icon=":material/key:",
                ):
                    st.session_state[ISSUED_KEY] = (m.name, classes.issue_key(c.id, teacher, m.id))
                    st.rerun()


def _teachers(classes: ClassStore, c: SchoolClass, teacher: int, role: str, ctx: PageContext) -> None:
    t = ctx.t
    for each in classes.teachers(c.id):
        left, right = st.columns([3, 2], vertical_alignment="center")
        left.markdown(md(each.name) + " · " + (t("owner") if each.role == OWNER else t("co-teacher")))
        if each.role != OWNER and (role == OWNER or each.learner_id == teacher):
            with right:
                if confirmed(
                    f"teacher_unteach_{each.learner_id}",
                    t("Remove"),
                    t("{name} will no longer teach this class. Go on?", name=md(each.name)),
                    t,
                ):
                    classes.remove_co_teacher(c.id, teacher, each.learner_id)
                    st.rerun()
    if role != OWNER:
        return
    with st.form("teacher_add_co"):
        name = st.text_input(
            t("Add a co-teacher (the name of their account)"), key="teacher_co_name", max_chars=40
        )
        if st.form_submit_button(t("Add"), key="teacher_co_submit"):
            try:
                classes.add_co_teacher(c.id, teacher, name)
            except SkatError as error:
                st.error(t_error(error, t))
            else:
                st.rerun()


def _class_settings(classes: ClassStore, c: SchoolClass, teacher: int, role: str, ctx: PageContext) -> None:
    t = ctx.t
    with st.form("teacher_rename"):
        name = st.text_input(t("Name of the class"), value=c.name, key="teacher_rename_name", max_chars=60)
        if st.form_submit_button(t("Rename"), key="teacher_rename_submit"):
            try:
                classes.rename_class(c.id, teacher, name)
            except SkatError as error:
                st.error(t_error(error, t))
            else:
                st.rerun()
    if confirmed(
        "teacher_reset_code",
        t("New join code"),
        t("Make a new join code? The old one stops working; everyone in the class stays in it."),
        t,
        icon=":material/autorenew:",
    ):
        classes.reset_join_code(c.id, teacher)
        st.rerun()
    if role != OWNER:
        return
    with st.form("teacher_password"):
        st.markdown(
            t("The class has a class password.") if c.has_password else t("The class has no class password.")
        )
        password = st.text_input(
            t("New class password (empty: none)"), type="password", key="teacher_password_new"
        )
        if st.form_submit_button(t("Save the class password"), key="teacher_password_submit"):
            try:
                classes.set_class_password(c.id, teacher, password or None)
            except SkatError as error:
                st.error(t_error(error, t))
            else:
                st.rerun()
    if c.archived:
        if st.button(t("Restore the class"), key="teacher_restore", icon=":material/unarchive:"):
            classes.archive_class(c.id, teacher, archived=False)
            st.rerun()
    elif st.button(t("Archive the class"), key="teacher_archive", icon=":material/archive:"):
        classes.archive_class(c.id, teacher)  # undone by "Restore the class"
        st.rerun()
    if confirmed(
        "teacher_delete",
        t("Delete the class"),
        t(
            "Delete {name} for good, with its assignments and its members' class answers? The learners keep "
            "their accounts and their own progress. Archiving keeps everything instead.",
            name=md(c.name),
        ),
        t,
        icon=":material/delete_forever:",
    ):
        classes.delete_class(c.id, teacher)
        sign_out_teacher()
        st.rerun()


# How many of the class log's latest entries the Teacher page lists.
AUDIT_SHOWN = 30


def _log(classes: ClassStore, class_id: int, teacher: int, ctx: PageContext) -> None:
    t = ctx.t
    entries = classes.audit(class_id, teacher, limit=AUDIT_SHOWN)
    if not entries:
        st.caption(t("Nothing recorded yet."))
        return
    lines = []
    for e in entries:
        what = t(AUDIT_TEXTS[e.action]) if e.action in AUDIT_TEXTS else e.action
        detail = f" ({md(e.detail)})" if e.detail else ""
        lines.append(f"- {e.at:%Y-%m-%d %H:%M} · {md(e.actor)} · {what}{detail}")
    st.markdown("\n".join(lines))


def _class_view(classes: ClassStore, class_id: int, teacher: int, account: Account, ctx: PageContext) -> None:
    t = ctx.t
    c = classes.get_class(class_id)
    role = classes.teacher_role(class_id, teacher) or ""
    signed_in_bar(ctx, account, key="teacher_account")
    st.title(t("Class {name}", name=md(c.name)))
    if c.archived:
        st.info(t("This class is archived: it takes no new learners."), icon=":material/archive:")
    code = format_code(c.join_code)
    if st.session_state.pop(NEW_CODE_KEY, None):
        st.success(
            t("The class is ready. Give your learners the join code {code}.", code=code),
            icon=":material/celebration:",
        )
    st.markdown("### " + t("Join code") + f": `{code}`")
    st.caption(
        t(
            "Learners sign in to their own account (or create one) on the page 'My class' and type this code "
            "there."
        )
    )
    links = st.columns(4)
    links[0].page_link(DASHBOARD_PAGE, label=t("Dashboard"), icon=":material/monitoring:")
    links[1].page_link(PROJECTOR_PAGE, label=t("Projector"), icon=":material/co_present:")
    links[2].page_link(CLASS_PAGE, label=t("My class"), icon=":material/groups:")
    if links[3].button(t("Your classes"), key="teacher_logout", icon=":material/list:"):
        sign_out_teacher()
        st.rerun()
    _assign(classes, class_id, teacher, ctx)
    _assignment_list(classes, class_id, teacher, ctx)
    st.header(t("Manage the class"))
    with st.expander(t("Learners"), icon=":material/group:"):
        _learners(classes, c, teacher, ctx)
    with st.expander(t("Teachers"), icon=":material/school:"):
        _teachers(classes, c, teacher, role, ctx)
    with st.expander(t("Class settings"), icon=":material/settings:"):
        _class_settings(classes, c, teacher, role, ctx)
    with st.expander(t("What was done, by whom"), icon=":material/history:"):
        _log(classes, class_id, teacher, ctx)


def render(ctx: PageContext) -> None:
    t = ctx.t
    classes = class_store()
    account = current_learner()
    found = signed_in_teacher()
    note_state(teacher=found is not None, signed_in=account is not None)
    if found is not None and account is not None:
        _class_view(classes, found[0], found[1], account, ctx)
        return
    st.title(t("Teacher"))
    if account is None:
        st.markdown(
            t(
                "Teachers sign in with an account of their own (the same kind learners have), then create "
                "classes, set chapters, drills and deals, and follow their learners' progress."
            )
        )
        sign_in_forms(ctx, key="teacher_account")
        return
    signed_in_bar(ctx, account, key="teacher_account")
    _choose(classes, account, ctx)


run_page("teacher", render)
