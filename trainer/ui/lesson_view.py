"""Draw one parsed lesson: Markdown sections, card rows and the live elements named in it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

import streamlit as st

from trainer.errors import SkatError
from trainer.lessons import CardsBlock, Lesson, MarkdownBlock, WidgetBlock
from trainer.ui.components import card_row
from trainer.ui.context import PageContext
from trainer.ui.terms import profile_name, t_error
from trainer.ui.widgets.base import WidgetContext, widget_key


def _profile_note(lesson: Lesson, ctx: PageContext) -> None:
    t = ctx.t
    if lesson.profile == "both":
        st.caption(
            t(
                "This chapter covers both rule sets; the live elements follow the rules chosen in "
                "the sidebar ({chosen}).",
                chosen=profile_name(ctx.profile, t),
            )
        )
    elif lesson.profile != ctx.profile.name:
        st.info(
            t(
                "The numbers in this chapter's text follow the {text_rules}; the live elements follow your "
                "choice in the sidebar ({chosen}).",
                text_rules=profile_name_for(lesson.profile, ctx),
                chosen=profile_name(ctx.profile, t),
            ),
            icon=":material/info:",
        )


def profile_name_for(name: str, ctx: PageContext) -> str:
    from trainer.profiles import get_profile

    return profile_name(get_profile(name), ctx.t)


def _terms(lesson: Lesson, ctx: PageContext) -> None:
    if not lesson.terms or ctx.is_danish:  # the chips pair Danish and English: an aid for the English UI
        return
    chips = " ".join(f":green-badge[{term.da} = {term.en}]" for term in lesson.terms)
    st.markdown(ctx.t("Terms in this chapter:") + " " + chips)


PLAY_PRACTICE: dict[str, str] = {}
"""Hook for "play a deal that practises this": chapter slug -> a preset the play page understands (none
yet). The link to the play page is shown for every chapter; once the play page can start a deal that fits a
chapter (a hand strong enough for a grand, a Nul-ouvert hand ...), map the slug here and pass it on."""


def _practice(lesson: Lesson, ctx: PageContext) -> None:
    """The chapter's closing links: the quiz types that drill it, the example deals that show it, a game."""
    from trainer.lessons import chapter_problem_themes
    from trainer.quiz.chapters import practice_kinds
    from trainer.ui.nav import page_for
    from trainer.ui.pages.deals_common import CHOICE_KEY, example_deals
    from trainer.ui.pages.quiz_common import KIND_KEY, kind_title
    from trainer.ui.views.problem import draw_theme_links

    t = ctx.t
    kinds = practice_kinds(lesson.slug)
    deals = [deal for deal in example_deals() if lesson.slug in deal.chapters]
    with st.container(key="practise-links"):
        st.markdown("### " + t("Practise this chapter"))
        for kind in kinds:
            if st.button(
                t("Quiz: {kind}", kind=kind_title(kind, ctx)),
                key=f"practise-quiz-{kind}",
                icon=":material/quiz:",
            ):
                st.session_state[KIND_KEY] = kind
                st.switch_page(page_for("quiz").path)
        for deal in deals:
            if st.button(
                t("Example deal: {title}", title=deal.title.text(ctx.lang)),
                key=f"practise-deal-{deal.id}",
                icon=":material/replay:",
            ):
                st.session_state[CHOICE_KEY] = f"ex:{deal.id}"
                st.switch_page(page_for("replay").path)
        st.page_link(
            page_for("game").path,
            label=t("Play a whole game against the computer"),
            icon=":material/playing_cards:",
        )
        draw_theme_links(chapter_problem_themes(lesson.slug), ctx)


def render_lesson(
    lesson: Lesson, ctx: PageContext, widgets: Mapping[str, Callable[[WidgetContext], None]]
) -> None:
    """The chapter's title, summary, terms and body, with each ``{{widget: NAME}}`` drawn live."""
    t = ctx.t
    st.title(lesson.title)
    st.markdown(f"*{lesson.summary}*")
    _profile_note(lesson, ctx)
    _terms(lesson, ctx)
    for block in lesson.blocks:
        if isinstance(block, MarkdownBlock):
            st.markdown(block.text)  # sections are h2 under the title, drawn small (config.toml)
        elif isinstance(block, CardsBlock):
            card_row(block.cards, lang=ctx.lang, four_colour=ctx.four_colour)
        elif isinstance(block, WidgetBlock):
            widget = widgets.get(block.name)
            with st.container(border=True, key=f"live-{block.name}"):
                if widget is None:
                    st.warning(t("This live element is not built yet: {name}", name=block.name))
                    continue
                wctx = replace(ctx.keyed(widget_key(lesson.slug, block.name)), chapter=lesson.slug)
                try:
                    widget(wctx)
                except SkatError as error:
                    st.error(t_error(error, t))
    _practice(lesson, ctx)
