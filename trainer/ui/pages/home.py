"""Home: what the trainer is, and where a beginner, a teacher or a player who wants to drill should start."""

from __future__ import annotations

import streamlit as st

from trainer.cards import parse_cards
from trainer.lessons import available_chapters
from trainer.ui.components import card_row
from trainer.ui.context import PageContext
from trainer.ui.nav import LESSON_PAGE, LESSONS_PAGE, page_for, request_chapter
from trainer.ui.progress_state import done_chapters, last_chapter
from trainer.ui.terms import profile_name
from trainer.ui.views.page_state import run_page

TEACHER_PAGE = page_for("teacher").path
QUIZ_PAGE = page_for("quiz").path
CALCULATOR_PAGE = page_for("value").path


def render(ctx: PageContext) -> None:
    t = ctx.t
    st.title(t("Skat Trainer"))
    st.markdown(
        t(
            "Learn Skat, the three-player trick-taking card game, chapter by chapter: the rules of the "
            "Danish textbook and the international rules, with a live rules engine under every example."
        )
    )
    card_row(parse_cards("CJ SJ HJ DJ"), lang=ctx.lang, four_colour=ctx.four_colour)
    st.caption(
        t(
            "You are using the {rules}. Switch rules and language in the sidebar.",
            rules=profile_name(ctx.profile, t),
        )
    )

    chapters = available_chapters()
    first = chapters[0].slug if chapters else None
    resume = last_chapter()

    st.header(t("Where to start"))
    beginner, teacher, player = st.columns(3)
    with beginner, st.container(border=True):
        st.markdown("**" + t("New to Skat") + "**")
        st.markdown(
            t(
                "Start with the first chapter and go in order. Each chapter is short and ends with something "
                "to try: sort a hand, count a trick, follow suit."
            )
        )
        if first and st.button(
            t("Start the first chapter"),
            key="home_start",
            on_click=request_chapter,
            args=(first,),
            type="primary",
        ):
            st.switch_page(LESSON_PAGE)
    with teacher, st.container(border=True):
        st.markdown("**" + t("Teaching a group") + "**")
        st.markdown(
            t(
                "Set up a class on the Teacher page: learners join with a code, you hand out chapters and "
                "drills and follow the room on the dashboard. Every live element works with either rule set."
            )
        )
        if st.button(t("Set up a class"), key="home_teacher"):
            st.switch_page(TEACHER_PAGE)
        if st.button(t("See all chapters"), key="home_chapters"):
            st.switch_page(LESSONS_PAGE)
    with player, st.container(border=True):
        st.markdown("**" + t("Already playing") + "**")
        st.markdown(
            t(
                "Drill in the quiz: matadors, game values, the highest bid a hand is worth, trick winners "
                "and more, or race the clock in the bid sprint. The tools work out a game's value, the bid "
                "ladder and the settlement."
            )
        )
        if st.button(t("Start drilling"), key="home_drill"):
            st.switch_page(QUIZ_PAGE)
        if st.button(t("Open the calculator"), key="home_calc"):
            st.switch_page(CALCULATOR_PAGE)

    if resume:
        done = len(done_chapters())
        st.info(
            t.ngettext("You have finished {n} chapter.", "You have finished {n} chapters.", done),
            icon=":material/bookmark:",
        )
        if st.button(
            t("Resume where you left off"), key="home_resume", on_click=request_chapter, args=(resume,)
        ):
            st.switch_page(LESSON_PAGE)


run_page("home", render)
