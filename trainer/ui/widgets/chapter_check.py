"""chapter_check: the chapter's graded question. The learner answers first (predict), then sees the verdict
and the engine's worked explanation (reveal). A fresh question on every visit and on "Another question";
the answer is recorded in the progress store like a quiz answer when the learner is signed in."""

from __future__ import annotations

import random

import streamlit as st

from trainer.quiz.chapters import chapter_kinds, chapter_question
from trainer.ui.pages.quiz_common import Asker
from trainer.ui.progress_state import LEARNER_ID_KEY
from trainer.ui.widgets.base import WidgetContext, new_deal_button

QUESTION_PREFIX = "q"
"""Keys of the question's parts: ``<element key>q_answer`` (the input), ``q_check`` (the button) ..."""


def current_learner() -> int | None:
    """The signed-in learner whose answers are kept, or None (answers then stay in this session)."""
    learner = st.session_state.get(LEARNER_ID_KEY)
    return learner if isinstance(learner, int) else None


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    kinds = chapter_kinds(ctx.chapter)
    if not kinds:
        st.info(t("This chapter has no question yet."))
        return
    key = ctx.k("seed")
    if key not in st.session_state:  # fresh on every visit; tests and links may preset it
        st.session_state[key] = random.randrange(1, 1_000_000)
    question = chapter_question(ctx.chapter, int(st.session_state[key]), ctx.profile)
    st.markdown("**" + t("Check your understanding: answer first, then see why.") + "**")
    asker = Asker(ctx, ctx.k(QUESTION_PREFIX))
    asker.ask(question, current_learner())
    new_deal_button(
        ctx,
        t("Another question"),
        clear=tuple(f"{QUESTION_PREFIX}_{part}" for part in ("answer", "verdict", "shown", "missing")),
    )
