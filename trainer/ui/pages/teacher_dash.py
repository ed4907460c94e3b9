"""Class dashboard (the class's teachers only): per learner the work on assignments apart from free practice,
reviews due and assignments done; learners × assignments (not started / started n of m / done, with the
score) and who has not started; a heatmap of skills × learners; the most common mistakes; the games played at
the Play page; CSV files a spreadsheet of the page's language opens as columns; a print layout on one page
without the sidebar."""

from __future__ import annotations

from html import escape

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from trainer.errors import SkatError
from trainer.i18n import Translator
from trainer.moves import Dealt
from trainer.problems.themes import THEME_KEYS
from trainer.safe_text import file_name_part, for_plotly, plain
from trainer.store.classes import Assignment, ClassStore
from trainer.store.db import utc_now
from trainer.store.play_store import PlayStore
from trainer.store.tables import TableStore
from trainer.table_session import place_of_seat, seat_of_place
from trainer.teacher import (
    DANISH_EXCEL_CSV,
    DONE,
    NOT_STARTED,
    PLAIN_CSV,
    AssignmentCell,
    ClassDashboard,
    CsvFormat,
    ProgressGrid,
    csv_file,
    dashboard_csv,
    decimal_text,
    progress_csv,
)
from trainer.ui.context import PageContext, is_danish
from trainer.ui.pages.play_result import play_mistake_name, seat_name
from trainer.ui.pages.teacher_common import (
    assignment_title,
    class_store,
    kind_title,
    md,
    mistake_text,
    require_teacher,
)
from trainer.ui.progress_state import get_store
from trainer.ui.terms import declaration_name
from trainer.ui.views.cards import card_row_html
from trainer.ui.views.page_state import run_page
from trainer.ui.views.problem import theme_title

# The dashboard on paper: no sidebar, header or buttons, the whole width, scaled to one landscape page.
PRINT_CSS = """<style>@media print {
  [data-testid=stSidebar], [data-testid=stHeader], [data-testid=stToolbar], header, footer,
  .st-key-dashboard_actions, [data-testid=stDownloadButton], .stButton,
  [data-testid=stExpander] { display: none !important; }
  [data-testid=stMainBlockContainer] { max-width: 100% !important; padding: 0 !important; }
  [data-testid=stAppViewContainer], [data-testid=stMain] { margin: 0 !important; padding: 0 !important; }
  body { zoom: 0.7; }
  .stElementContainer { break-inside: avoid; }
  @page { size: A4 landscape; margin: 10mm; }
}</style>"""


def _percent(value: float | None) -> float | None:
    return None if value is None else round(100 * value)


def _percent_text(value: float | None) -> str:
    """'67 %', or a dash when nothing was answered (not 'None')."""
    return "–" if value is None else f"{round(100 * value)} %"


def csv_format(ctx: PageContext) -> CsvFormat:
    """What the page language's spreadsheet opens as columns: Danish Excel wants ';', ',' and a BOM."""
    return DANISH_EXCEL_CSV if is_danish(ctx.lang) else PLAIN_CSV


def csv_name(class_name: str, what: str, day: str) -> str:
    """'7B-assignments-2026-09-01.csv': the class's name, made safe for a file name."""
    return f"{file_name_part(class_name, 'class')}-{what}-{day}.csv"


def _table(dash: ClassDashboard, ctx: PageContext) -> None:
    t = ctx.t
    frame = pd.DataFrame(
        {
            t("Learner"): [plain(lr.name) for lr in dash.learners],
            t("Assignment answers"): [lr.assignment_attempts for lr in dash.learners],
            t("Right in assignments"): [_percent_text(lr.assignment_accuracy) for lr in dash.learners],
            t("Free practice answers"): [lr.practice_attempts for lr in dash.learners],
            t("Right in free practice"): [_percent_text(lr.practice_accuracy) for lr in dash.learners],
            t("Reviews due"): [lr.reviews_due for lr in dash.learners],
            t("Assignments done"): [lr.assignments_done for lr in dash.learners],
            t("Assignments started"): [lr.assignments_started for lr in dash.learners],
        }
    )
    st.caption(
        t(
            "Assignment answers are those given in the class's drills and problem sets; free practice is "
            "everything else (the quiz, chapter checks, reviews, other problems). {n} assignments in all.",
            n=dash.learners[0].assignments_total if dash.learners else 0,
        )
    )
    st.dataframe(frame, hide_index=True, width="stretch", key="dashboard_table")


def cell_text(cell: AssignmentCell, t: Translator) -> str:
    """How far a learner is with one assignment: 'not started', '3 of 5 · 67 %', 'done · 80 %', 'done'."""
    score = "" if cell.score is None else " · " + _percent_text(cell.score)
    if cell.state == NOT_STARTED:
        return t("not started")
    if cell.state == DONE:
        return t("done") + score
    if cell.count > 1:
        return t("{n} of {m}", n=cell.progress, m=cell.count) + score
    return t("started")


def _short_title(a: Assignment, ctx: PageContext) -> str:
    title = assignment_title(a, ctx)
    return title if len(title) <= 40 else title[:39] + "…"


def _progress(
    classes: ClassStore, class_id: int, dash: ClassDashboard, ctx: PageContext
) -> tuple[ProgressGrid, list[str]]:
    """Learners × assignments, sortable by any column; then who has not started what."""
    t = ctx.t
    st.header(t("Assignments per learner"))
    grid = classes.progress_grid(class_id)
    by_id = {a.id: a for a in classes.assignments(class_id)}
    titles = _distinct([_short_title(by_id[a], ctx) for a in grid.assignment_ids if a in by_id])
    if not grid.assignment_ids:
        st.caption(t("No assignments yet."))
        return grid, titles
    data: dict[str, list[object]] = {t("Learner"): [plain(name) for _, name in grid.learners]}
    data[t("Done")] = [
        sum(grid.cell(m, a).state == DONE for a in grid.assignment_ids) for m, _ in grid.learners
    ]
    for title, a in zip(titles, grid.assignment_ids, strict=True):
        data[title] = [cell_text(grid.cell(m, a), t) for m, _ in grid.learners]
    st.caption(t("Click a column's heading to sort by it."))
    st.dataframe(pd.DataFrame(data), hide_index=True, width="stretch", key="dashboard_progress")
    idle = grid.started_nothing()
    lines = []
    if idle:
        lines.append("- **" + t("Started nothing yet") + "**: " + ", ".join(md(n) for n in idle))
    for title, a in zip(titles, grid.assignment_ids, strict=True):
        waiting = grid.not_started(a)
        if waiting:
            lines.append(f"- {md(title)}: " + ", ".join(md(n) for n in waiting))
    with st.container(key="dashboard_not_started"):
        st.markdown("**" + t("Who hasn't started") + "**")
        st.markdown("\n".join(lines) if lines else t("Everyone has started every assignment."))
    return grid, titles


def _distinct(labels: list[str]) -> list[str]:
    """Chart labels made distinct (two long names cut to the same start would share one column)."""
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label} ({seen[label]})")
    return out


def _heatmap(dash: ClassDashboard, ctx: PageContext) -> None:
    t = ctx.t
    skills, names, rows = dash.heatmap()
    if not skills:
        st.caption(t("The heatmap appears once learners have answered questions."))
        return
    # Plotly reads a little HTML in labels: names are escaped so they show exactly as typed.
    x_labels = _distinct([for_plotly(name) for name in names])
    y_labels = [for_plotly(kind_title(skill, t), None) for skill in skills]
    z = [[_percent(v) for v in row] for row in rows]
    text = [["–" if v is None else f"{v} %" for v in row] for row in z]
    figure = go.Figure(
        go.Heatmap(
            z=z,
            x=x_labels,
            y=y_labels,
            text=text,
            texttemplate="%{text}",
            zmin=0,
            zmax=100,
            colorscale="RdYlGn",
            colorbar={"title": {"text": "%"}},
            hovertemplate=t("Learner")
            + ": %{x}<br>"
            + t("Skill")
            + ": %{y}<br>"
            + t("Right")
            + ": %{text}<extra></extra>",
            xgap=2,
            ygap=2,
        )
    )
    figure.update_layout(
        height=max(260, 44 * len(skills) + 120),
        margin={"l": 10, "r": 10, "t": 10, "b": 10},
        xaxis={"side": "top", "tickangle": -30},
        yaxis={"autorange": "reversed"},
    )
    st.plotly_chart(figure, width="stretch", key="dashboard_heatmap")


def theme_name(key: str, t: Translator) -> str:
    """A problem theme's name in the page's language (the key itself for a theme no longer known)."""
    return theme_title(key, t) if key in THEME_KEYS else key


def _problems(dash: ClassDashboard, ctx: PageContext) -> None:
    """Each learner's play problems by theme: solved and missed (each problem judged by its first answer,
    on the Problems page, in a class's set or in free practice)."""
    t = ctx.t
    st.header(t("Play problems by theme"))
    themes = sorted({r.theme for lr in dash.learners for r in lr.problem_themes})
    if not themes:
        st.caption(t("No play problems answered yet."))
        return
    st.caption(
        t(
            "Solved: the first card played was right; missed: it was not. A problem with two themes counts "
            "under both."
        )
    )
    data: dict[str, list[object]] = {t("Learner"): [plain(lr.name) for lr in dash.learners]}
    for key in themes:
        column: list[object] = []
        for lr in dash.learners:
            found = next((r for r in lr.problem_themes if r.theme == key), None)
            column.append(
                "–"
                if found is None
                else t("{solved} solved · {missed} missed", solved=found.solved, missed=found.missed)
            )
        data[theme_name(key, t)] = column
    st.dataframe(pd.DataFrame(data), hide_index=True, width="stretch", key="dashboard_problems")


def _one_learner(dash: ClassDashboard, ctx: PageContext) -> None:
    """Per skill for one learner: answers, share right, whether a review is due."""
    t = ctx.t
    names = {lr.member_id: lr for lr in dash.learners}
    member_id = st.selectbox(
        t("One learner"), list(names), format_func=lambda m: plain(names[m].name), key="dashboard_learner"
    )
    learner = names.get(member_id) if member_id is not None else None
    if learner is None or not learner.skills:
        st.caption(t("No answers yet."))
        return
    st.dataframe(
        pd.DataFrame(
            {
                t("Skill"): [kind_title(skill, t) for skill, _ in learner.skills],
                t("Answers"): [cell.attempts for _, cell in learner.skills],
                t("Right"): [_percent(cell.accuracy) for _, cell in learner.skills],
                t("Review due"): [skill in learner.due_skills for skill, _ in learner.skills],
            }
        ),
        hide_index=True,
        width="stretch",
        key="dashboard_learner_table",
        column_config={t("Right"): st.column_config.NumberColumn(format="%d %%")},
    )


def _mistakes(dash: ClassDashboard, ctx: PageContext) -> None:
    """Wrong answers by question type (what happened), then the typical mistakes among them."""
    t = ctx.t
    st.header(t("Most common mistakes"))
    wrong = dash.wrong_by_skill()
    if not wrong:
        st.caption(t("No wrong answers yet."))
        return
    with st.container(key="dashboard_wrong"):
        st.markdown("**" + t("Wrong answers by question type") + "**")
        st.markdown(
            "\n".join(
                "- " + t("{skill}: {wrong} of {n} wrong", skill=kind_title(skill, t), wrong=w, n=n)
                for skill, w, n in wrong[:8]
            )
        )
    with st.container(key="dashboard_mistakes"):
        if dash.mistakes:
            st.markdown("**" + t("Typical mistakes among them") + "**")
            lines = []
            for tag, n in dash.mistakes[:8]:
                times = t.ngettext("{n} time", "{n} times", n)
                lines.append(f"- {mistake_text(tag, t)}: {times}")
            st.markdown("\n".join(lines))
        else:
            st.caption(
                t(
                    "None of these wrong answers is a typical mistake the trainer recognises (such as a Jack "
                    "in the skat forgotten)."
                )
            )


def _games(class_id: int, dash: ClassDashboard, ctx: PageContext) -> None:
    """The class's games at the Play page, one row per member: deals played, as declarer and won, the
    average list score per deal and the most common mistake of the reviews; and as CSV."""
    t = ctx.t
    learner_of = {member.id: member.learner_id for member in class_store().members(dash.class_id)}
    stats = PlayStore(get_store()).stats_for(learner_of.values())
    st.header(t("Games played"))
    if not any(s.deals for s in stats.values()):
        st.caption(t("No deals played at the Play page yet."))
        return
    header = [
        t("Learner"),
        t("Deals"),
        t("As declarer"),
        t("Won as declarer"),
        t("Average score per deal (list)"),
        t("Most common mistake"),
    ]
    rows: list[list[object]] = []
    for learner in dash.learners:
        found = stats.get(learner_of.get(learner.member_id, -1))
        if found is None:
            continue
        average = None if found.average_score is None else round(found.average_score, 1)
        mistake = play_mistake_name(found.mistakes[0][0], t) if found.mistakes else ""
        rows.append(
            [plain(learner.name), found.deals, found.as_declarer, found.won_as_declarer, average, mistake]
        )
    st.dataframe(pd.DataFrame(rows, columns=header), hide_index=True, width="stretch", key="dashboard_games")
    fmt = csv_format(ctx)
    for row in rows:
        row[4] = decimal_text(row[4] if isinstance(row[4], float) else None, fmt, 1)
    st.download_button(
        t("Download the games as CSV"),
        csv_file(header, rows, fmt),
        file_name=csv_name(dash.class_name, t("games"), dash.at.date().isoformat()),
        mime="text/csv",
        key="dashboard_games_csv",
        icon=":material/download:",
    )


def _tables(class_id: int, ctx: PageContext) -> None:
    """The class's shared tables: who sits where, the deals played and, once a deal is over, all its
    cards (never during a deal)."""
    t = ctx.t
    store = TableStore(get_store())
    tables = store.class_tables(class_id)
    if not tables:
        return
    st.header(t("Tables"))
    for table in tables[:20]:
        deals = store.play.deals(table.evening_id)
        finished = [d for d in deals if d.finished]
        names = ", ".join(md(seat_name(s, t)) for s in table.seats)
        with st.expander(
            t("Table {code}", code=table.code)
            + f" · {names} · "
            + t.ngettext("{n} deal played", "{n} deals played", len(finished))
        ):
            for stored in finished:
                try:
                    dealt = stored.record().moves[0]
                    outcome = stored.outcome()
                except SkatError:
                    st.caption(t("Deal {n} could not be read from the store.", n=stored.number))
                    continue
                assert isinstance(dealt, Dealt)
                line = t("Deal {n}", n=stored.number)
                if outcome is not None and outcome.declaration is not None and outcome.declarer is not None:
                    who = table.seats[place_of_seat(outcome.declarer, stored.number)]
                    verdict = t("won") if outcome.won else t("lost")
                    name = md(seat_name(who, t))
                    line += f": {name} · {declaration_name(outcome.declaration, t)} · {verdict}"
                st.markdown(line)
                rows = []
                for place, seat in enumerate(table.seats):
                    hand = dealt.deal.hand(seat_of_place(place, stored.number))
                    label = escape(seat_name(seat, t))
                    rows.append(f"<div><b>{label}</b>{card_row_html(list(hand), lang=ctx.lang)}</div>")
                skat = card_row_html(list(dealt.deal.skat), lang=ctx.lang)
                rows.append(f"<div><b>{escape(t('Skat'))}</b>{skat}</div>")
                st.html("".join(rows))


def _guessing(class_id: int, ctx: PageContext) -> None:
    """Names in the class that are being guessed (wrong sign-ins since the last right one, within a
    day): the teacher sees them and can clear them, which ends the wait at once."""
    from trainer.ui.auth import account_store

    t = ctx.t
    guessed = account_store().guessed_names(class_id)
    if not guessed:
        return
    st.header(t("Sign-in trouble"))
    st.caption(
        t(
            "Someone keeps signing in with a wrong password or key under these names (the learner, or "
            "someone guessing). Each further try waits a few seconds; nobody is locked out."
        )
    )
    now = utc_now()
    for found in guessed:
        ago = max(0, int((now - found.last_at).total_seconds() // 60))
        line = t(
            "**{name}**: {n} wrong sign-ins, the last {m} min ago; each try now waits {s} s.",
            name=md(found.name),
            n=found.failures,
            m=ago,
            s=int(found.wait.total_seconds()),
        )
        left, right = st.columns([4, 1], vertical_alignment="center")
        left.markdown(line)
        if right.button(t("Clear"), key=f"dashboard_clear_{found.member_id}", icon=":material/lock_reset:"):
            account_store().clear_guesses(class_id, found.member_id)
            st.rerun()


def render(ctx: PageContext) -> None:
    t = ctx.t
    class_id = require_teacher(ctx, t("Class dashboard"))
    if class_id is None:
        return
    classes = class_store()
    dash = classes.dashboard(class_id)
    st.title(t("Dashboard: {name}", name=md(dash.class_name)))
    if not dash.learners:
        st.info(t("No learners have joined yet. Give them the join code from the teacher page."))
        return
    st.html(PRINT_CSS)
    with st.container(key="dashboard_actions", horizontal=True):
        st.button(t("Refresh"), key="dashboard_refresh", icon=":material/refresh:")
        st.caption(t("To print: your browser's Print (Ctrl+P) gives one page without the sidebar."))
    _guessing(class_id, ctx)
    st.header(t("Learners"))
    _table(dash, ctx)
    grid, titles = _progress(classes, class_id, dash, ctx)
    st.header(t("Skills × learners"))
    st.caption(t("Share of right answers per question type; a dash where a learner has not tried it yet."))
    _heatmap(dash, ctx)
    _one_learner(dash, ctx)
    _problems(dash, ctx)
    _mistakes(dash, ctx)
    _games(class_id, dash, ctx)
    _tables(class_id, ctx)
    fmt = csv_format(ctx)
    day = dash.at.date().isoformat()
    header = (
        t("Learner"),
        t("Skill"),
        t("Answers"),
        t("Right answers"),
        t("Share right"),
        t("Reviews due"),
        t("Assignments done"),
        t("Assignments"),
    )
    st.download_button(
        t("Download as CSV"),
        dashboard_csv(
            dash,
            header,
            fmt,
            lambda skill: kind_title(skill, t),
            lambda key: t("Play problems: {theme}", theme=theme_name(key, t)),
        ),
        file_name=csv_name(dash.class_name, t("skills"), day),
        mime="text/csv",
        key="dashboard_csv",
        icon=":material/download:",
    )
    if grid.assignment_ids:
        st.download_button(
            t("Download the assignments as CSV"),
            progress_csv(grid, titles, t("Learner"), lambda cell: cell_text(cell, t), fmt),
            file_name=csv_name(dash.class_name, t("assignments"), day),
            mime="text/csv",
            key="dashboard_progress_csv",
            icon=":material/download:",
        )


run_page("dashboard", render)
