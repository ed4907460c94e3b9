"""Projector (the class's teacher only): large cards for the whole room. Step through an example deal, or
put one quiz question on the screen and watch the class's answers come in from their own devices."""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from trainer.cards import parse_cards
from trainer.quiz import Question
from trainer.safe_text import for_plotly
from trainer.store.classes import ClassStore, Poll
from trainer.teacher import format_code
from trainer.ui.components import cards_text
from trainer.ui.context import PageContext
from trainer.ui.pages.teacher_common import (
    class_store,
    deal_choices,
    drill_kinds,
    example_deal,
    kind_title,
    md,
    new_seed,
    question_for,
    require_teacher,
    rules_choice,
)
from trainer.ui.terms import profile_label, t_message
from trainer.ui.views.bidding_stepper import bidding_stepper
from trainer.ui.views.deal_stepper import deal_stepper
from trainer.ui.views.page_state import note_state, run_page
from trainer.ui.views.question import draw_question

MODE_KEY = "projector_mode"
RIGHT_COLOUR = "#2e7d32"
OTHER_COLOUR = "#9e9e9e"
QUESTION = "question"
DEAL = "deal"
BIDDING = "bidding"
PLAY = "play"
TALLY_REFRESH_S = 2


def _answer_label(question: Question, answer: str, ctx: PageContext) -> str:
    """A canonical answer as the learners saw it: the choice's words, or the cards as symbols."""
    for choice in question.choices:
        if choice.value == answer:
            return t_message(choice.label, ctx.t)
    if question.mode == "cards":
        return cards_text(parse_cards(answer), ctx.lang) if answer else ctx.t("no cards")
    return answer


@st.fragment(run_every=TALLY_REFRESH_S)
def _tally(classes: ClassStore, class_id: int, poll: Poll, question: Question, ctx: PageContext) -> None:
    """The count of answers, refreshed every two seconds; the spread of answers once revealed."""
    t = ctx.t
    tally = classes.poll_tally(class_id, poll.id)
    st.metric(t("Answers"), f"{tally.answers} / {tally.members}")
    revealed = classes.current_poll(class_id)
    if revealed is not None and revealed.id == poll.id and revealed.revealed_at is not None and tally.answers:
        st.metric(t("Right"), f"{round(100 * tally.correct / tally.answers)} %")
        right = [answer in tally.right_answers for answer, _ in tally.by_answer]
        labels = [
            ("✓ " if ok else "") + for_plotly(_answer_label(question, answer, ctx))
            for (answer, _), ok in zip(tally.by_answer, right, strict=True)
        ]
        figure = go.Figure(
            go.Bar(
                x=[n for _, n in tally.by_answer],
                y=labels,
                orientation="h",
                marker_color=[RIGHT_COLOUR if ok else OTHER_COLOUR for ok in right],
                text=[n for _, n in tally.by_answer],
                textposition="auto",
                hovertemplate="%{y}: %{x}<extra></extra>",
            )
        )
        figure.update_layout(
            height=max(160, 48 * len(labels) + 60),
            margin={"l": 10, "r": 10, "t": 10, "b": 10},
            yaxis={"autorange": "reversed"},
            xaxis={"title": {"text": t("Learners")}, "dtick": 1},
        )
        st.plotly_chart(figure, width="stretch", key=f"projector_chart_{poll.id}")
        st.caption(t("✓ marks the right answer."))


def _question(classes: ClassStore, class_id: int, ctx: PageContext) -> None:
    t = ctx.t
    with st.expander(t("Choose the question"), expanded=classes.current_poll(class_id) is None):
        kind = st.selectbox(
            t("Question type"), drill_kinds(), format_func=lambda k: kind_title(k, t), key="projector_kind"
        )
        rules = rules_choice(ctx, "projector_rules", horizontal=True)
        if st.button(
            t("Put a new question on the screen"),
            type="primary",
            key="projector_open",
            icon=":material/cast:",
        ):
            classes.open_poll(class_id, str(kind), new_seed(), str(rules))
            st.rerun()
    poll = classes.current_poll(class_id)
    if poll is None:
        st.info(t("No question on the screen. Choose one above; learners answer it on the page 'My class'."))
        return
    question = question_for(poll.question_type, poll.seed, poll.profile_name)
    st.caption(kind_title(poll.question_type, t) + " · " + profile_label(poll.profile_name, t))
    draw_question(question, ctx, big=True)
    if question.mode == "choice":
        columns = st.columns(min(4, len(question.choices)))
        for i, choice in enumerate(question.choices):
            columns[i % len(columns)].markdown(f"### {t_message(choice.label, t)}")
    _tally(classes, class_id, poll, question, ctx)
    left, right = st.columns(2)
    if poll.revealed_at is None and left.button(
        t("Reveal the answer"), key="projector_reveal", icon=":material/visibility:"
    ):
        classes.reveal_poll(class_id, poll.id)  # kept in the store: a reopened projector still shows it
        st.rerun()
    if right.button(t("Close the question"), key="projector_close", icon=":material/stop_circle:"):
        classes.close_poll(class_id, poll.id)
        st.rerun()
    if poll.revealed_at is not None:
        st.success(t("Answer: {answer}", answer=t_message(question.answer_text, t)))
        for step in question.explanation:
            st.markdown("- " + t_message(step, t))


def _deal(ctx: PageContext) -> None:
    """An example deal for the room: its auction bid by bid (a bidding lesson such as "Three limits: 46, 44
    and 48" is about that), then its play card by card."""
    t = ctx.t
    deals = deal_choices(ctx.lang, t)
    if not deals:
        st.info(t("There are no example deals to show yet."))
        return
    deal_id = st.selectbox(
        t("Example deal"), list(deals), format_func=deals.__getitem__, key="projector_deal"
    )
    example = example_deal(str(deal_id))
    part = PLAY
    if example is not None and example.bidding:
        part = st.segmented_control(
            t("Part"),
            (BIDDING, PLAY),
            default=BIDDING,
            required=True,
            key=f"projector_part_{deal_id}",
            format_func=lambda p: t("The bidding") if p == BIDDING else t("The play"),
        )
    note_state(part=part)
    if example is not None and part == BIDDING:
        if bidding_stepper(example, ctx, key=f"projector_bidding_{deal_id}", big=True):
            st.caption(t("Switch to 'The play' to follow the cards."))
    else:
        deal_stepper(str(deal_id), ctx, key=f"projector_deal_{deal_id}", big=True)


def render(ctx: PageContext) -> None:
    t = ctx.t
    class_id = require_teacher(ctx, t("Projector"))
    if class_id is None:
        return
    # The whole width of the screen for the room (this page only).
    st.html("<style>[data-testid=stMainBlockContainer]{max-width:min(1800px, 100%)}</style>")
    classes = class_store()
    school_class = classes.get_class(class_id)
    st.title(t("Projector: {name}", name=md(school_class.name)))
    st.markdown(
        "## " + t("Join code") + f": `{format_code(school_class.join_code)}`",
        help=t("Learners sign in on 'My class' and type this code."),
    )
    mode = st.segmented_control(
        t("Show"),
        (QUESTION, DEAL),
        default=QUESTION,
        required=True,
        key=MODE_KEY,
        format_func=lambda m: t("A question for the class") if m == QUESTION else t("An example deal"),
    )
    note_state(mode=mode)
    if mode == DEAL:
        _deal(ctx)
    else:
        _question(classes, class_id, ctx)


run_page("projector", render)
