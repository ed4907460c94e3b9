"""Chapters: the list of lessons with done marks and "resume where you left off"."""

from __future__ import annotations

import streamlit as st

from trainer.errors import LessonError
from trainer.lessons import available_chapters, lesson_languages, load_lesson
from trainer.ui.context import PageContext
from trainer.ui.nav import LESSON_PAGE, request_chapter
from trainer.ui.progress_state import done_chapters, is_done, last_chapter
from trainer.ui.terms import t_error
from trainer.ui.views.page_state import run_page


def render(ctx: PageContext) -> None:
    t = ctx.t
    st.title(t("Chapters"))
    chapters = available_chapters()
    if not chapters:
        st.warning(t("No chapters are written yet."))
        return
    done = done_chapters()
    st.progress(
        len(done & {c.slug for c in chapters}) / len(chapters),
        text=t(
            "{done} of {total} chapters done",
            done=len(done & {c.slug for c in chapters}),
            total=len(chapters),
        ),
    )
    resume = last_chapter()
    if resume and any(c.slug == resume for c in chapters):
        title = next(c.title(ctx.lang) for c in chapters if c.slug == resume)
        if st.button(
            t("Resume where you left off: {title}", title=title),
            key="lessons_resume",
            type="primary",
            on_click=request_chapter,
            args=(resume,),
        ):
            st.switch_page(LESSON_PAGE)

    for number, chapter in enumerate(chapters, start=1):
        lang = ctx.lang if ctx.lang in lesson_languages(chapter.slug) else lesson_languages(chapter.slug)[0]
        try:
            summary = load_lesson(chapter.slug, lang).summary
        except LessonError as error:
            summary = t_error(error, ctx.t)
        with st.container(border=True):
            text, action = st.columns([5, 1], vertical_alignment="center")
            mark = "✅ " if is_done(chapter.slug) else ""
            text.markdown(f"{mark}**{number}. {chapter.title(ctx.lang)}**  \n{summary}")
            if action.button(
                t("Open"), key=f"open_{chapter.slug}", on_click=request_chapter, args=(chapter.slug,)
            ):
                st.switch_page(LESSON_PAGE)


run_page("lessons", render)
