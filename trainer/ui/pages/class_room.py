"""My class (learners): signed in to their account, learners join a class with its code, see and do the
assignments, answer the question on the projector, and see their own results (only their own)."""

from __future__ import annotations

import time
from datetime import UTC, datetime

import pandas as pd
import streamlit as st

from trainer.errors import SkatError
from trainer.problems.rating import problem_id_of
from trainer.store.classes import AssignmentStatus, ClassStore, Member
from trainer.teacher import DEAL, DRILL, GAME, LESSON, PROBLEMS, SEAT
from trainer.ui.auth import account_store, client_key, current_learner, sign_in_learner
from trainer.ui.context import PageContext
from trainer.ui.nav import LESSON_PAGE, page_for, request_chapter
from trainer.ui.pages.class_problems import open_problem_set
from trainer.ui.pages.teacher_common import (
    SEAT_ASSIGNMENT_KEY,
    SEATS,
    assignment_title,
    class_store,
    confirmed,
    kind_title,
    level_name,
    md,
    new_seed,
    question_for,
    signed_in_member,
)
from trainer.ui.terms import profile_label, t_error
from trainer.ui.views.account import sign_in_forms, signed_in_bar
from trainer.ui.views.deal_stepper import deal_stepper
from trainer.ui.views.page_state import note_state, run_page
from trainer.ui.views.question import answer_form, check_answer, draw_question, draw_verdict

ACTIVE_KEY = "class_active_assignment"
SCROLLED_KEY = "class_active_scrolled"  # the assignment last scrolled into view (phones)
SEEN_POLL_KEY = "class_seen_poll"  # the projector question the whole page was last drawn with
POLL_REFRESH_S = 5


def _join(ctx: PageContext) -> None:
    """Signed in but in no class yet: join one with the teacher's code (under the account's name)."""
    t = ctx.t
    account = current_learner()
    if account is None:
        return
    with st.form("class_join"):
        code = st.text_input(t("Join code"), key="class_join_code", max_chars=20)
        if st.form_submit_button(t("Join"), type="primary", key="class_join_submit"):
            try:
                account_store().join_class(account.id, code, client=client_key())
            except SkatError as error:
                st.error(t_error(error, t))
            else:
                st.rerun()


def _come_back(classes: ClassStore, ctx: PageContext) -> None:
    """Members who joined before accounts existed come back with the join code, name and personal key."""
    t = ctx.t
    with (
        st.expander(t("Joined a class before accounts? Come back with your personal key")),
        st.form("class_rejoin"),
    ):
        code = st.text_input(t("Join code"), key="class_rejoin_code", max_chars=20)
        name = st.text_input(t("Your name"), key="class_rejoin_name", max_chars=40)
        key = st.text_input(t("Your personal key"), key="class_rejoin_key", max_chars=12, type="password")
        if st.form_submit_button(t("Come back"), type="primary", key="class_rejoin_submit"):
            try:
                member = classes.rejoin_class(code, name, key, client=client_key())
            except SkatError as error:
                st.error(t_error(error, t))
            else:
                sign_in_learner(member.learner_id)
                st.rerun()


@st.fragment(run_every=POLL_REFRESH_S)
def _poll(classes: ClassStore, member: Member, ctx: PageContext) -> None:
    """The question on the projector, if the teacher has put one up (checked every few seconds)."""
    t = ctx.t
    poll = classes.current_poll(member.class_id)
    shown = poll.id if poll is not None else None
    if st.session_state.get(SEEN_POLL_KEY, shown) != shown:
        # a question went up or down since the page was drawn: redraw all of it, so an open drill makes
        # way for it (one "Check" button at a time) and comes back afterwards
        st.session_state[SEEN_POLL_KEY] = shown
        st.rerun()
    st.session_state[SEEN_POLL_KEY] = shown
    if poll is None:
        return
    with st.container(border=True, key="class_poll"):
        st.header(t("Question on the big screen"))
        question = question_for(poll.question_type, poll.seed, poll.profile_name)
        draw_question(question, ctx)
        answered = classes.my_poll_answer(member.id, poll.id) is not None
        if not answered:
            response = answer_form(question, ctx, key=f"poll_{poll.id}")
            verdict = check_answer(question, response, ctx) if response is not None else None
            if verdict is not None:
                classes.answer_poll(member.id, poll.id, verdict.given, verdict.correct)
                st.rerun()  # the whole page: a drill waiting for this answer comes back
        if answered:
            st.success(
                t("Your answer is in. Look at the big screen for the result."), icon=":material/how_to_vote:"
            )


def _status_text(status: AssignmentStatus, ctx: PageContext) -> str:
    t = ctx.t
    a = status.assignment
    parts = []
    if status.done:
        parts.append("✅ " + t("done"))
    elif a.kind in (DRILL, PROBLEMS):
        parts.append(t("{done} of {total} answered", done=status.progress, total=a.count))
    elif a.kind == LESSON:
        parts.append(t("not done yet: open the chapter and answer its check"))
    else:
        parts.append(t("not done yet"))
    if a.due_at is not None:
        parts.append(t("due {date}", date=a.due_at.date().isoformat()))
        if status.overdue(datetime.now(UTC)):
            parts.append("⚠️ " + t("overdue"))
    return " · ".join(parts)


def _assignments(classes: ClassStore, member: Member, ctx: PageContext) -> None:
    t = ctx.t
    st.header(t("Your assignments"))
    statuses = classes.assignment_status(member.id)
    if not statuses:
        st.caption(t("Nothing assigned yet."))
        return
    for status in statuses:
        a = status.assignment
        with st.container(border=True, key=f"class_assignment_{a.id}"):
            st.markdown("**" + md(assignment_title(a, ctx)) + "**")
            st.caption(_status_text(status, ctx))
            buttons = st.columns(2)
            if a.kind == LESSON:
                if buttons[0].button(
                    t("Open the chapter"),
                    key=f"class_open_{a.id}",
                    on_click=request_chapter,
                    args=(a.target,),
                    icon=":material/menu_book:",
                ):
                    st.switch_page(LESSON_PAGE)
                if not status.done and buttons[1].button(
                    t("I have read it"), key=f"class_read_{a.id}", icon=":material/done:"
                ):
                    classes.mark_done(member.id, a.id)
                    st.rerun()
            elif a.kind == GAME:
                st.caption(
                    t(
                        "Play one deal to its end on the page 'Play a game' with the computer as {level} and "
                        "these rules; it counts by itself.",
                        level=level_name(a.target, t),
                    )
                )
                buttons[0].page_link(
                    page_for("game").path, label=t("Play a game"), icon=":material/playing_cards:"
                )
            elif a.kind == PROBLEMS:
                st.caption(
                    t(
                        "Solve the set on the page 'Problems': a problem counts once you have played a "
                        "card, and your first card is the one that counts."
                    )
                )
                if buttons[0].button(
                    t("Practise"),
                    key=f"class_problems_{a.id}",
                    type="primary" if not status.done else "secondary",
                    icon=":material/extension:",
                ):
                    open_problem_set(a.id)
            elif a.kind == SEAT:
                st.caption(
                    t("Play the seat to the end of the deal on the page 'Play a seat'; it counts by itself.")
                )
                if buttons[0].button(t("Play the seat"), key=f"class_seat_{a.id}", icon=":material/style:"):
                    _open_seat(a.id, a.target, a.seat)
            else:
                if buttons[0].button(
                    t("Practise") if a.kind == DRILL else t("Step through"),
                    key=f"class_start_{a.id}",
                    type="primary" if not status.done else "secondary",
                    icon=":material/play_arrow:",
                ):
                    st.session_state[ACTIVE_KEY] = a.id
                    st.rerun()
                if st.session_state.get(ACTIVE_KEY) == a.id:
                    # opened right under its own button, so a phone shows it where the learner tapped
                    _active(classes, member, ctx)


def _open_seat(assignment_id: int, deal_id: str, seat: int | None) -> None:
    """Open the page 'Play a seat' on this example deal and seat; finishing it there marks the assignment."""
    from trainer.ui.pages.deals_common import OPEN_KEY, SEAT_KEY, SESSION_KEY

    if seat is None or not 0 <= seat < len(SEATS):
        return
    st.session_state[OPEN_KEY] = f"ex:{deal_id}"
    st.session_state[SEAT_KEY] = SEATS[seat].name
    st.session_state.pop(SESSION_KEY, None)
    st.session_state[SEAT_ASSIGNMENT_KEY] = (assignment_id, f"ex:{deal_id}", SEATS[seat].name)
    st.switch_page(page_for("play").path)


def _active(classes: ClassStore, member: Member, ctx: PageContext) -> None:
    """The drill or deal the learner opened."""
    t = ctx.t
    active = st.session_state.get(ACTIVE_KEY)
    status = next((s for s in classes.assignment_status(member.id) if s.assignment.id == active), None)
    if status is None:
        return
    a = status.assignment
    with st.container(border=True, key="class_active"):
        st.header(md(assignment_title(a, ctx)))
        if st.session_state.get(SCROLLED_KEY) != a.id:  # scrolled into view once, when opened
            st.session_state[SCROLLED_KEY] = a.id
            st.html(
                "<script>setTimeout(function(){document.querySelector('.st-key-class_active')"
                "?.scrollIntoView({behavior:'smooth',block:'start'});},100);</script>",
                unsafe_allow_javascript=True,
            )
        poll = classes.current_poll(member.class_id)
        if a.kind == DRILL and poll is not None and classes.my_poll_answer(member.id, poll.id) is None:
            # one question at a time: the big screen's comes first (and only one "Check" button shows)
            st.info(t("Answer the question on the big screen first; your drill waits here."))
        elif a.kind == DRILL:
            _drill(classes, member, status, ctx)
        elif a.kind == DEAL:
            at_end = deal_stepper(a.target, ctx, key=f"class_deal_{a.id}")
            if not status.done:
                if at_end:
                    classes.mark_done(member.id, a.id)
                    st.success(t("Deal finished: marked as done."))
                elif at_end is None and st.button(t("Mark as done"), key=f"class_deal_done_{a.id}"):
                    classes.mark_done(member.id, a.id)
                    st.rerun()
        if st.button(t("Close"), key="class_active_close", icon=":material/close:"):
            del st.session_state[ACTIVE_KEY]
            st.session_state.pop(SCROLLED_KEY, None)
            st.rerun()


def _drill(classes: ClassStore, member: Member, status: AssignmentStatus, ctx: PageContext) -> None:
    t = ctx.t
    a = status.assignment
    profile = a.profile_name or ctx.profile.name
    st.caption(
        t("{done} of {total} answered", done=status.progress, total=a.count)
        + " · "
        + t("Rules for this drill: {rules}", rules=profile_label(profile, t))
    )
    seed_key = f"class_drill_{a.id}_seed"
    verdict_key = f"class_drill_{a.id}_verdict"
    finished = status.progress >= a.count
    if finished and verdict_key not in st.session_state:
        st.success(
            t("Drill finished: all {total} questions answered.", total=a.count), icon=":material/done_all:"
        )
        return
    if seed_key not in st.session_state:
        st.session_state[seed_key] = new_seed()
    shown_key = f"class_drill_{a.id}_shown_{st.session_state[seed_key]}"
    st.session_state.setdefault(shown_key, time.monotonic())
    question = question_for(a.target, int(st.session_state[seed_key]), profile)
    draw_question(question, ctx)
    verdict = st.session_state.get(verdict_key)
    if verdict is None:
        response = answer_form(question, ctx, key=f"class_drill_{a.id}_{st.session_state[seed_key]}")
        if response is not None:
            verdict = check_answer(question, response, ctx)
            if verdict is not None:
                elapsed_ms = int((time.monotonic() - st.session_state.pop(shown_key)) * 1000)
                classes.record_drill_answer(
                    member.id,
                    a.id,
                    verdict.correct,
                    verdict.given,
                    verdict.expected,
                    verdict.mistake_tag,
                    elapsed_ms=elapsed_ms,
                )
                st.session_state[verdict_key] = verdict
                st.rerun()
        return
    draw_verdict(verdict, ctx, folded=True)
    if finished:  # that was the last question: no further one
        st.success(
            t("Drill finished: all {total} questions answered.", total=a.count), icon=":material/done_all:"
        )
        return
    if st.button(
        t("Next question"), key=f"class_drill_{a.id}_next", type="primary", icon=":material/skip_next:"
    ):
        st.session_state[seed_key] = new_seed()
        del st.session_state[verdict_key]
        st.rerun()


def _my_results(classes: ClassStore, member: Member, ctx: PageContext) -> None:
    t = ctx.t
    every = classes.store.accuracy_by_type(member.learner_id)
    st.header(t("Your results"))
    if not every:
        st.caption(t("No answers yet."))
        return
    # the play problems as one line, not one per problem (the Problems page shows them by theme)
    accuracy = [a for a in every if problem_id_of(a.question_type) is None]
    problems = [a for a in every if problem_id_of(a.question_type) is not None]
    titles = [kind_title(a.question_type, t) for a in accuracy]
    answers = [a.attempts for a in accuracy]
    right = [a.correct for a in accuracy]
    if problems:
        titles.append(t("Play problems"))
        answers.append(sum(a.attempts for a in problems))
        right.append(sum(a.correct for a in problems))
    st.dataframe(
        pd.DataFrame(
            {
                t("Question type"): titles,
                t("Answers"): answers,
                t("Right"): [round(100 * c / n) for c, n in zip(right, answers, strict=True)],
            }
        ),
        hide_index=True,
        width="stretch",
        key="class_my_results",
        column_config={t("Right"): st.column_config.NumberColumn(format="%d %%")},
    )


def render(ctx: PageContext) -> None:
    t = ctx.t
    classes = class_store()
    member = signed_in_member()
    note_state(signed_in=current_learner() is not None, member=member is not None)
    if member is None:
        st.title(t("My class"))
        account = current_learner()
        if account is None:
            st.markdown(
                t(
                    "Sign in to your account (or create one), then type the join code your teacher gives "
                    "you to see your assignments."
                )
            )
            sign_in_forms(ctx, key="class_account")
            _come_back(classes, ctx)
            return
        signed_in_bar(ctx, account, key="class_account")
        st.markdown(t("Type the join code your teacher gives you to see your assignments."))
        _join(ctx)
        return
    school_class = classes.get_class(member.class_id)
    st.title(t("My class: {name}", name=md(school_class.name)))
    account = current_learner()
    if account is not None:
        signed_in_bar(ctx, account, key="class_account")
    _poll(classes, member, ctx)
    _assignments(classes, member, ctx)
    _my_results(classes, member, ctx)
    st.divider()
    if confirmed(
        "class_leave",
        t("Leave the class"),
        t("Leave {name}? You keep your account and everything you did.", name=md(school_class.name)),
        t,
        icon=":material/logout:",
    ):
        classes.leave_class(member.id)
        st.session_state.pop(ACTIVE_KEY, None)
        st.rerun()


run_page("class", render)
