"""My progress: accuracy per question type, streaks, reviews due, weakest skills, chapters done, charts
and a CSV export of every answer, all read from the persistent progress store."""

from __future__ import annotations

from collections import Counter
from datetime import UTC

import plotly.graph_objects as go
import streamlit as st

from trainer.i18n import N_
from trainer.safe_text import file_name_part
from trainer.store import MASTERY_NEED, MASTERY_WINDOW
from trainer.ui.auth import current_learner, learner_download
from trainer.ui.context import PageContext
from trainer.ui.nav import page_for
from trainer.ui.pages.play_result import play_stats_panel
from trainer.ui.pages.quiz_common import due_text, kind_title
from trainer.ui.progress_state import get_store
from trainer.ui.views.account import sign_in_forms, signed_in_bar
from trainer.ui.views.page_state import note_state, run_page

QUIZ_PAGE = page_for("quiz").path
MISTAKES = {
    "with_without_swapped": N_("mixed up 'with' and 'without' matadors"),
    "missed_cards": N_("left out cards that belonged to the answer"),
    "extra_cards": N_("chose cards that did not belong to the answer"),
    "forgot_skat_jack": N_("forgot the Jack in the skat"),
    "jack_as_suit": N_("treated a Jack as a card of its printed suit"),
}


def _accuracy_chart(ctx: PageContext, names: list[str], shares: list[float], counts: list[int]) -> go.Figure:
    t = ctx.t
    figure = go.Figure(
        go.Bar(
            x=[round(100 * s) for s in shares],
            y=names,
            orientation="h",
            text=[f"{round(100 * s)} % ({n})" for s, n in zip(shares, counts, strict=True)],
            textposition="auto",
            marker_color="#2e7d32",
        )
    )
    figure.update_layout(
        title=t("Accuracy per question type"),
        xaxis={"title": t("% right"), "range": [0, 100]},
        yaxis={"autorange": "reversed"},
        height=80 + 34 * len(names),
        margin={"l": 10, "r": 10, "t": 40, "b": 30},
    )
    return figure


def _daily_chart(ctx: PageContext, right: Counter[str], wrong: Counter[str]) -> go.Figure:
    t = ctx.t
    days = sorted(set(right) | set(wrong))
    figure = go.Figure(
        [
            go.Bar(x=days, y=[right[d] for d in days], name=t("right"), marker_color="#2e7d32"),
            go.Bar(x=days, y=[wrong[d] for d in days], name=t("wrong"), marker_color="#c62828"),
        ]
    )
    figure.update_layout(
        title=t("Answers per day"),
        barmode="stack",
        xaxis={"type": "category"},
        height=300,
        margin={"l": 10, "r": 10, "t": 40, "b": 30},
        legend={"orientation": "h"},
    )
    return figure


def render(ctx: PageContext) -> None:
    t = ctx.t
    st.title(t("My progress"))
    account = current_learner()
    note_state(signed_in=account is not None)
    if account is None:
        st.info(t("Sign in to see your progress. Only you can open it."), icon=":material/lock:")
        sign_in_forms(ctx, key="progress")
        return
    signed_in_bar(ctx, account, key="progress")
    learner = account.id
    play_stats_panel(ctx, learner)
    store = get_store()
    summary = store.progress_summary(learner)
    lessons = store.lessons_done(learner)
    if not summary.total_attempts and not lessons:
        st.info(t("No answers yet. Try the quiz: your progress appears here."))
        if st.button(t("Go to the quiz"), key="progress_to_quiz"):
            st.switch_page(QUIZ_PAGE)
        return

    first, second, third = st.columns(3)
    first.metric(t("Answers"), summary.total_attempts)
    second.metric(
        t("Right in a row"),
        summary.streaks.current_run,
        help=t("Best run: {best}", best=summary.streaks.best_run),
    )
    third.metric(
        t("Days in a row"),
        summary.streaks.current_days,
        help=t("Best: {best} days", best=summary.streaks.best_days),
    )
    st.caption(
        t(
            "Best run of right answers: {run}. Most days in a row: {days}.",
            run=summary.streaks.best_run,
            days=summary.streaks.best_days,
        )
    )

    st.header(t("Reviews due"))
    if summary.due:
        st.markdown("\n".join(f"- {kind_title(s.question_type, ctx)}" for s in summary.due))
    else:
        upcoming = store.review_states(learner)
        if upcoming:
            st.markdown(
                t(
                    "Nothing is due. Next: {kind}, {due}.",
                    kind=kind_title(upcoming[0].question_type, ctx),
                    due=due_text(ctx, upcoming[0].due),
                )
            )
        else:
            st.markdown(t("Nothing is due."))

    st.header(t("Weakest skills"))
    if summary.weakest:
        st.markdown(
            "\n".join(
                "- "
                + t(
                    "{kind}: {right} of the last {seen} right",
                    kind=kind_title(w.question_type, ctx),
                    right=w.correct,
                    seen=w.attempts,
                )
                for w in summary.weakest
            )
        )
    else:
        st.markdown(t("Answer at least three questions of a type to see it here."))

    mistakes = store.mistake_counts(learner)[:3]
    if mistakes:
        st.header(t("Most common mistakes"))
        st.markdown(
            "\n".join(
                "- " + t("{mistake} ({n}×)", mistake=t(MISTAKES.get(tag, tag.replace("_", " "))), n=n)
                for tag, n in mistakes
            )
        )

    if summary.accuracy:
        mastery = {m.question_type: m for m in store.mastery_by_type(learner)}
        rows = sorted(summary.accuracy, key=lambda a: a.question_type)
        names = [kind_title(a.question_type, ctx) for a in rows]
        st.plotly_chart(
            _accuracy_chart(ctx, names, [a.accuracy for a in rows], [a.attempts for a in rows]),
            key="progress_accuracy_chart",
            config={"displayModeBar": False},
        )
        st.table(  # a static table wraps on a phone: every column and the last row stay readable
            {
                t("Question type"): names,
                t("Answers"): [a.attempts for a in rows],
                t("Right"): [a.correct for a in rows],
                t("% right"): [round(100 * a.accuracy) for a in rows],
                t("Goal {need} of {window}", need=MASTERY_NEED, window=MASTERY_WINDOW): [
                    "✅" if mastery.get(a.question_type) and mastery[a.question_type].mastered else ""
                    for a in rows
                ],
            },
            hide_index=True,
        )
        attempts = store.attempts(learner)
        right: Counter[str] = Counter()
        wrong: Counter[str] = Counter()
        for attempt in attempts:
            day = attempt.at.astimezone(UTC).date().isoformat()
            (right if attempt.correct else wrong)[day] += 1
        st.plotly_chart(
            _daily_chart(ctx, right, wrong), key="progress_daily_chart", config={"displayModeBar": False}
        )

    if lessons:
        st.header(t("Chapters done"))
        st.markdown(", ".join(lessons))

    name = str(st.session_state.get("learner_name", "learner"))
    st.download_button(
        t("Download all answers (CSV)"),
        data=learner_download(learner, lambda: store.attempts_csv(learner)),  # built on the click
        file_name=f"skat-progress-{file_name_part(name)}.csv",
        mime="text/csv",
        key="progress_csv",
        icon=":material/download:",
    )


run_page("progress", render)
