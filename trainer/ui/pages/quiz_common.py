"""Shared parts of the quiz and progress pages: who answers (the signed-in account), asking one question,
recording the answer in the progress store (attempt + fsrs review) and showing the worked explanation."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from datetime import UTC, datetime

import streamlit as st

from trainer.cards import parse_cards
from trainer.errors import TypedNumberError
from trainer.problems.rating import KIND_PREFIX as PROBLEM_KIND_PREFIX
from trainer.quiz import KIND_TITLES, Question, Response, Verdict, check
from trainer.quiz.chapters import CHAPTER_KIND_TITLES
from trainer.typed_numbers import read_whole
from trainer.ui.auth import current_learner
from trainer.ui.components import pick_cards
from trainer.ui.context import PageContext
from trainer.ui.number_field import show_refusal
from trainer.ui.progress_state import get_store
from trainer.ui.terms import t_message
from trainer.ui.views.account import signed_in_caption
from trainer.ui.views.page_state import note_state
from trainer.ui.views.question import draw_question, draw_verdict

KIND_KEY = "quiz_kind"
"""Session key of the quiz page's chosen question type (a chapter's practice links set it)."""
HISTORY_KEY = "quiz_history"
"""Session list of (question type, right) for learners who are not signed in."""


def learner_box(ctx: PageContext) -> int | None:
    """Who answers: the signed-in learner's id (the account), else None with a link to sign in. There is
    no name box: a typed name or a URL parameter never opens anyone's progress."""
    account = current_learner()
    signed_in_caption(ctx, account)
    return account.id if account is not None else None


def kind_title(kind: str, ctx: PageContext) -> str:
    """A question type's title, the quiz's, a chapter check's or a play problem's (the raw name if none
    knows it)."""
    if kind.startswith(PROBLEM_KIND_PREFIX):
        return ctx.t("Play problem {name}", name=kind[len(PROBLEM_KIND_PREFIX) :])
    return ctx.t(KIND_TITLES.get(kind) or CHAPTER_KIND_TITLES.get(kind, kind))


def question_id(question: Question) -> str:
    return f"{question.kind}/{question.seed}/{question.profile_name}/{question.source}"


def answer_widget(ctx: PageContext, question: Question, key: str, disabled: bool = False) -> object:
    """The input that fits the question: a number (typed text, read as typed when checked), one choice,
    or a set of cards."""
    t, lang = ctx.t, ctx.lang
    if question.mode == "number":
        return st.text_input(t("Your answer"), key=key, disabled=disabled)
    if question.mode == "choice":
        labels = {c.value: t_message(c.label, t) for c in question.choices}
        return st.radio(
            t("Your answer"),
            [c.value for c in question.choices],
            index=None,
            key=key,
            format_func=lambda v: labels[v],
            disabled=disabled,
        )
    return pick_cards(
        t("Your answer (select the cards; none is an answer too)"),
        question.options,
        key=key,
        lang=lang,
        four_colour=ctx.four_colour,
        disabled=disabled,
    )


def record(
    ctx: PageContext, learner: int | None, question: Question, result: Verdict, elapsed_ms: int | None
) -> None:
    """Keep the answer: in the store (attempt and fsrs review) when signed in, else in the session."""
    if learner is not None:
        get_store().record_attempt(
            learner,
            question.kind,
            result.correct,
            result.given,
            result.expected,
            ctx.profile.name,
            elapsed_ms=elapsed_ms,
            mistake_tag=result.mistake_tag,
        )
    else:
        history = list(st.session_state.get(HISTORY_KEY, []))
        history.append((question.kind, result.correct))
        st.session_state[HISTORY_KEY] = history


def session_last(kind: str, window: int) -> list[bool]:
    """The session's latest answers of one question type (newest last), for learners without a name."""
    return [ok for k, ok in st.session_state.get(HISTORY_KEY, []) if k == kind][-window:]


def _response(value: object) -> Response:
    """A widget's value as a checker response (pills give lists)."""
    if isinstance(value, int | str):
        return value
    if isinstance(value, list | tuple):
        return tuple(value)
    return str(value)


class Asker:
    """One question on screen with keys under ``prefix``: the answer widget, a Check button and, once
    answered, the verdict (kept for this question only)."""

    def __init__(self, ctx: PageContext, prefix: str) -> None:
        self.ctx = ctx
        self.prefix = prefix
        self.answer_key = f"{prefix}_answer"
        self.check_key = f"{prefix}_check"
        self.verdict_key = f"{prefix}_verdict"
        self.shown_key = f"{prefix}_shown"
        self.missing_key = f"{prefix}_missing"
        self.refused_key = f"{prefix}_refused"
        self.form_key = f"{prefix}_form"

    def _on_check(self, question: Question, learner: int | None) -> None:
        """Check button callback: grade, record and keep the verdict before the page is drawn again. A
        typed number is read exactly as typed; one that is not a whole number is refused at the field
        (naming it and the text) and nothing is graded or recorded."""
        response = st.session_state.get(self.answer_key)
        st.session_state.pop(self.refused_key, None)
        if response is None or (isinstance(response, str) and not response.strip()):
            st.session_state[self.missing_key] = True
            return
        answer: Response
        if question.mode == "number":
            try:
                answer = read_whole(str(response), self.ctx.t("Your answer"))
            except TypedNumberError as error:
                st.session_state[self.refused_key] = (str(response), error)
                return
            # Answered, the field leaves the form (a new widget to Streamlit): it shows the text as typed.
            st.session_state[self.answer_key] = str(response)
        elif question.mode == "cards":
            answer = parse_cards(" ".join(response)) if response else ()
        else:
            answer = _response(response)
        result = check(question, answer)
        started = float(st.session_state[self.shown_key][1])
        elapsed = max(0, int((time.time() - started) * 1000))
        record(self.ctx, learner, question, result, elapsed)
        st.session_state[self.verdict_key] = (question_id(question), result)

    def forget(self) -> None:
        """Clear the answer and verdict (before the next question)."""
        for key in (self.answer_key, self.verdict_key, self.shown_key, self.refused_key):
            st.session_state.pop(key, None)

    def verdict_for(self, question: Question) -> Verdict | None:
        stored = st.session_state.get(self.verdict_key)
        if stored and stored[0] == question_id(question):
            return stored[1]  # type: ignore[no-any-return]
        return None

    def _check_button(self, button: Callable[..., object], question: Question, learner: int | None) -> None:
        """The primary "Check" button: ``button`` is ``st.button``, or ``st.form_submit_button`` in a form."""
        button(
            self.ctx.t("Check"),
            key=self.check_key,
            type="primary",
            on_click=self._on_check,
            args=(question, learner),
        )

    def ask(self, question: Question, learner: int | None, *, explain: bool = True) -> Verdict | None:
        """Draw the question; on Check, grade it, record it and return the verdict (also on later runs)."""
        qid = question_id(question)
        shown = st.session_state.get(self.shown_key)
        if not shown or shown[0] != qid:
            st.session_state[self.shown_key] = (qid, time.time())
            st.session_state.pop(self.answer_key, None)
        draw_question(question, self.ctx)
        done = self.verdict_for(question)
        note_state(question_id=qid, result="" if done is None else ("right" if done.correct else "wrong"))
        if done is None and question.mode == "number":
            # A typed answer and its Check button in one form: Enter in the field checks the answer.
            with st.form(self.form_key, border=False):
                answer_widget(self.ctx, question, self.answer_key)
                self._check_button(st.form_submit_button, question, learner)
        else:
            answer_widget(self.ctx, question, self.answer_key, disabled=done is not None)
            if done is None:
                self._check_button(st.button, question, learner)
        if done is None:
            refused = st.session_state.get(self.refused_key)
            if refused is not None and refused[0] == st.session_state.get(self.answer_key):
                show_refusal(refused[1], self.ctx)
            if st.session_state.pop(self.missing_key, False):
                st.warning(self.ctx.t("Choose or type an answer first."))
        if done is not None:
            draw_verdict(done, self.ctx, explain=explain)
        return done


def due_text(ctx: PageContext, due: datetime, now: datetime | None = None) -> str:
    """'now' or how long until the review ("in 10 minutes", "in 3 days"): relative, so no time zone is
    needed (the server does not know the learner's)."""
    now = now or datetime.now(UTC)
    if due <= now:
        return ctx.t("now")
    minutes = math.ceil((due - now).total_seconds() / 60)
    if minutes < 60:
        return ctx.t.ngettext("in {n} minute", "in {n} minutes", minutes)
    hours = round(minutes / 60)
    if hours < 48:
        return ctx.t.ngettext("in {n} hour", "in {n} hours", hours)
    return ctx.t.ngettext("in {n} day", "in {n} days", round(hours / 24))
