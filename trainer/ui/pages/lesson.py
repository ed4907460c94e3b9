"""Read a chapter: the lesson text with card pictures and live elements, prev/next and "mark as done"."""

from __future__ import annotations

import streamlit as st

from trainer.errors import LessonError
from trainer.lessons import ChapterRef, available_chapters, lesson_languages, load_lesson
from trainer.ui.context import PageContext
from trainer.ui.lesson_view import render_lesson
from trainer.ui.nav import GOTO_KEY, request_chapter
from trainer.ui.progress_state import is_done, last_chapter, mark_done, set_last
from trainer.ui.terms import t_error
from trainer.ui.views.page_state import note_state, run_page
from trainer.ui.widgets import WIDGETS

# Query parameter naming the chapter (/lesson?chapter=04-dealing), so a chapter can be linked.
# (No bare strings at module level in page scripts: Streamlit's magic would print them.)
CHAPTER_PARAM = "chapter"
SELECT_KEY = "chapter_select"
DONE_KEY = "chapter_done"


def _on_select() -> None:
    request_chapter(st.session_state[SELECT_KEY])


def _on_done(slug: str) -> None:
    mark_done(slug, bool(st.session_state[DONE_KEY]))


def current_chapter(slugs: list[str]) -> str:
    """Which chapter to show: a button's request, else the URL, else where the learner left off, else the
    first chapter."""
    requested = st.session_state.pop(GOTO_KEY, None)
    for candidate in (requested, st.query_params.get(CHAPTER_PARAM), last_chapter()):
        if candidate in slugs:
            return str(candidate)
    return slugs[0]


def _chapter_nav(chapters: tuple[ChapterRef, ...], index: int, ctx: PageContext, where: str) -> None:
    t = ctx.t
    previous, _, following = st.columns([2, 1, 2])
    if index > 0:
        previous.button(
            "← " + chapters[index - 1].title(ctx.lang),
            key=f"prev_{where}",
            on_click=request_chapter,
            args=(chapters[index - 1].slug,),
            help=t("Previous chapter"),
            width="stretch",
        )
    if index + 1 < len(chapters):
        following.button(
            chapters[index + 1].title(ctx.lang) + " →",
            key=f"next_{where}",
            on_click=request_chapter,
            args=(chapters[index + 1].slug,),
            help=t("Next chapter"),
            width="stretch",
        )


def render(ctx: PageContext) -> None:
    t = ctx.t
    chapters = available_chapters()
    if not chapters:
        st.warning(t("No chapters are written yet."))
        return
    slugs = [c.slug for c in chapters]
    slug = current_chapter(slugs)
    index = slugs.index(slug)
    set_last(slug)
    st.query_params[CHAPTER_PARAM] = slug

    st.session_state[SELECT_KEY] = slug
    st.selectbox(
        t("Chapter"),
        slugs,
        key=SELECT_KEY,
        format_func=lambda s: ("✅ " if is_done(s) else "") + chapters[slugs.index(s)].title(ctx.lang),
        on_change=_on_select,
    )

    languages = lesson_languages(slug)
    lang = ctx.lang if ctx.lang in languages else languages[0]
    note_state(chapter=slug, shown=lang)
    if lang != ctx.lang:
        st.info(t("This chapter is not translated yet; it is shown in another language."))
    try:
        lesson = load_lesson(slug, lang)
    except LessonError as error:
        st.error(t_error(error, t))
        _chapter_nav(chapters, index, ctx, "error")
        return
    render_lesson(lesson, ctx, WIDGETS)

    st.divider()
    st.session_state[DONE_KEY] = is_done(slug)
    st.toggle(t("Mark chapter as done"), key=DONE_KEY, on_change=_on_done, args=(slug,))
    _chapter_nav(chapters, index, ctx, "bottom")


run_page("lesson", render)
