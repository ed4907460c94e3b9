"""A quiz question and its verdict: the prompt with the cards it shows, the answer form of a class, and
right or wrong with the worked explanation. Shared by the quiz, the class room and the teacher's projector
(``big``: a heading and projector-sized cards).
"""

from __future__ import annotations

import streamlit as st

from trainer.cards import parse_card
from trainer.errors import SkatError, TypedNumberError
from trainer.quiz import Question, Verdict, check
from trainer.typed_numbers import read_whole
from trainer.ui.components import card_row, pill_label, verdict
from trainer.ui.context import PageContext
from trainer.ui.number_field import show_refusal
from trainer.ui.terms import t_error, t_message
from trainer.ui.views.cards import CardSize, card_row_html


def draw_question(question: Question, ctx: PageContext, *, big: bool = False) -> None:
    """The prompt and the cards the question shows (``big``: for a projector)."""
    t = ctx.t
    prompt = t_message(question.prompt, t)
    if big:
        st.header(prompt)
    else:
        st.markdown(f"**{prompt}**")
    for shown in question.shown:
        st.caption(t_message(shown.label, t))
        if big:
            st.html(
                card_row_html(
                    list(shown.cards),
                    lang=ctx.lang,
                    four_colour=ctx.four_colour,
                    width=CardSize.large().trick,
                    css_class="card-row big",
                )
            )
        else:
            captions = [t_message(c, t) for c in shown.captions] if shown.captions else None
            card_row(shown.cards, lang=ctx.lang, four_colour=ctx.four_colour, captions=captions)


def draw_verdict(result: Verdict, ctx: PageContext, *, explain: bool = True, folded: bool = False) -> None:
    """Right or wrong, and the worked explanation (``folded``: in a "Why?" expander, open when wrong)."""
    t = ctx.t
    verdict(result.correct, t_message(result.headline, t))
    if not explain or not result.explanation:
        return
    steps = "\n".join("- " + t_message(step, t) for step in result.explanation)
    if folded:
        with st.expander(t("Why?"), expanded=not result.correct):
            st.markdown(steps)
            _chart(result, ctx)
    else:
        st.markdown(steps)
        _chart(result, ctx)


def _chart(result: Verdict, ctx: PageContext) -> None:
    if result.curves is not None:
        from trainer.ui.views.bid_chart import draw_bid_chart

        draw_bid_chart(result.curves, ctx, key=f"bid_chart_{result.given}_{id(result)}")


def answer_form(question: Question, ctx: PageContext, key: str) -> str | None:
    """The answer widgets in a form; returns the learner's response (as text) once submitted. A typed
    number is read exactly as typed (Enter submits); one that is not a whole number is refused below the
    form, naming the field and the text, and nothing is returned."""
    t, lang = ctx.t, ctx.lang
    typed: str | None = None
    with st.form(key, border=True):
        response: str | None = None
        if question.mode == "number":
            typed = str(st.text_input(t("Your answer"), key=f"{key}_number") or "")
            response = typed if typed.strip() else None
        elif question.mode == "choice":
            labels = {c.value: t_message(c.label, t) for c in question.choices}
            picked = st.radio(
                t("Your answer"),
                list(labels),
                index=None,
                format_func=labels.__getitem__,
                key=f"{key}_choice",
            )
            response = None if picked is None else str(picked)
        else:
            chosen = st.pills(
                t("Your answer (pick the cards)"),
                [card.iss for card in question.options],
                selection_mode="multi",
                format_func=lambda code: pill_label(parse_card(code), lang=lang, four_colour=ctx.four_colour),
                key=f"{key}_cards",
            )
            response = " ".join(chosen or ())
        submitted = st.form_submit_button(t("Check"), type="primary", key=f"{key}_submit")
    if not submitted:
        return None
    if response is None:
        st.warning(t("Give an answer first."))
        return None
    if typed is not None:
        try:
            return str(read_whole(typed, t("Your answer")))
        except TypedNumberError as error:
            show_refusal(error, ctx)
            return None
    return response


def check_answer(question: Question, response: str, ctx: PageContext) -> Verdict | None:
    """The verdict, or None (with a readable message) when the response cannot be read."""
    try:
        return check(question, response)
    except SkatError as error:
        st.warning(t_error(error, ctx.t))
        return None
