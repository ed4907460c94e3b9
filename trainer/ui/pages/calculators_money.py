"""Settlement: one result in, every scheme's figures out; and a score sheet for an evening at a table of 3
or 4 (totals per scheme, the scores over time as a chart, CSV export)."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from trainer.calc import SCHEMES, SchemeOptions, ScoreSheet
from trainer.errors import SkatError
from trainer.i18n import Translator
from trainer.profiles import RuleProfile
from trainer.safe_text import csv_text, for_markdown, for_plotly, plain
from trainer.text import upper_first
from trainer.ui.context import PageContext
from trainer.ui.terms import declaration_name, profile_name, scheme_name, t_error, t_message
from trainer.ui.views.page_state import note_state, run_page
from trainer.ui.widgets.base import WidgetContext
from trainer.ui.widgets.settlement import (
    money,
    options_inputs,
    result_inputs,
    schemes_view,
)

KEY = "calc-money-"
SHEET_KEY = "calc-sheet-"
DEFAULT_PLAYERS = "Anna, Bo, Carl"


def _sheet(ctx: WidgetContext) -> ScoreSheet | None:
    """The sheet for the names typed (a new sheet when the table changes), or None with the reason shown."""
    t = ctx.t
    typed = plain(st.session_state.get(ctx.k("players"), ""))
    names = tuple(n.strip() for n in typed.split(",") if n.strip())
    try:
        fresh = ScoreSheet(names)
    except SkatError as error:
        st.error(t_error(error, t), icon=":material/error:")
        return None
    sheet = st.session_state.get(ctx.k("sheet"))
    if not isinstance(sheet, ScoreSheet) or len(sheet.players) != len(names):
        sheet = fresh
    elif sheet.players != names:
        sheet = ScoreSheet(names, sheet.entries)
    st.session_state[ctx.k("sheet")] = sheet
    if not sheet.entries:
        st.caption(t("No games yet. Enter the first game below."))
    return sheet


def sheet_frame(
    sheet: ScoreSheet,
    profile: RuleProfile,
    scheme: str,
    options: SchemeOptions,
    t: Translator,
    lang: str = "en",
) -> pd.DataFrame:
    """One row per game: each player's amount under the scheme first (what a phone shows), then who declared
    what, the result and the dealer."""
    amounts = sheet.amounts(profile, scheme, options)
    data: dict[str, list[object]] = {t("Game no."): list(range(1, len(sheet.entries) + 1))}
    for i, name in enumerate(sheet.players):
        data[name] = [money(row[i], scheme, lang) for row in amounts]
    data[t("Declarer")] = [sheet.players[e.declarer] for e in sheet.entries]
    data[t("Result")] = [f"{t_message(e.result.reason_message, t)} ({e.result.value})" for e in sheet.entries]
    data[t("Game")] = [upper_first(declaration_name(e.result.declaration, t)) for e in sheet.entries]
    data[t("Dealer")] = [sheet.players[e.dealer] for e in sheet.entries]
    return pd.DataFrame(data)


def running_chart(
    sheet: ScoreSheet, profile: RuleProfile, scheme: str, options: SchemeOptions, t: Translator
) -> go.Figure:
    running = sheet.running(profile, scheme, options)
    figure = go.Figure()
    games = list(range(len(running) + 1))
    for i, name in enumerate(sheet.players):
        figure.add_trace(
            go.Scatter(
                x=games,
                y=[0.0] + [float(row[i]) for row in running],
                mode="lines+markers",
                name=for_plotly(name),
            )
        )
    figure.update_layout(
        xaxis_title=t("Games played"),
        yaxis_title=scheme_name(scheme, t),
        height=340,
        margin={"l": 10, "r": 10, "t": 30, "b": 10},
        legend={"orientation": "h", "y": -0.25},
    )
    return figure


def _add(ctx: WidgetContext, result_key: str) -> None:
    sheet = st.session_state.get(ctx.k("sheet"))
    result = st.session_state.get(result_key)
    declarer = st.session_state.get(ctx.k("declarer"))
    if not isinstance(sheet, ScoreSheet) or result is None or declarer is None:
        return
    try:
        st.session_state[ctx.k("sheet")] = sheet.add(int(declarer), result)
    except SkatError as error:
        st.session_state[ctx.k("add_error")] = t_error(error, ctx.t)


def _undo(ctx: WidgetContext) -> None:
    sheet = st.session_state.get(ctx.k("sheet"))
    if isinstance(sheet, ScoreSheet):
        st.session_state[ctx.k("sheet")] = sheet.without_last()


def score_sheet(page: PageContext, options: SchemeOptions | None) -> None:
    t = page.t
    if options is None:  # a stake typed that cannot be read: no sheet priced at an old one
        st.info(t("Type the stakes under One game so they can be read; the sheet uses them."))
        return
    ctx = page.keyed(SHEET_KEY)
    st.session_state.setdefault(ctx.k("players"), DEFAULT_PLAYERS)
    st.text_input(t("Players (3 or 4 names, separated by commas)"), key=ctx.k("players"))
    sheet = _sheet(ctx)
    note_state(players=len(sheet.players) if sheet else 0, games=len(sheet.entries) if sheet else 0)
    if sheet is None:
        return
    dealer = sheet.next_dealer
    players = sheet.players
    st.markdown(
        t("Game {n}: {dealer} deals.", n=len(sheet.entries) + 1, dealer=for_markdown(players[dealer]))
    )
    playing: list[int] = list(sheet.playing(dealer))
    st.selectbox(t("Declarer"), playing, key=ctx.k("declarer"), format_func=lambda i: players[i])
    result = result_inputs(ctx)
    st.session_state[ctx.k("result")] = result
    add, undo = st.columns(2)
    add.button(
        t("Add this game"),
        key=ctx.k("add"),
        type="primary",
        on_click=_add,
        args=(ctx, ctx.k("result")),
        disabled=result is None,
        icon=":material/add:",
    )
    undo.button(
        t("Remove the last game"),
        key=ctx.k("undo"),
        on_click=_undo,
        args=(ctx,),
        disabled=not sheet.entries,
        icon=":material/undo:",
    )
    error = st.session_state.pop(ctx.k("add_error"), None)
    if error:
        st.error(error, icon=":material/error:")
    sheet = st.session_state[ctx.k("sheet")]
    if not sheet.entries:
        return
    opts = SchemeOptions(len(sheet.players), options.rates, options.stake, options.commission_rate)
    totals = pd.DataFrame(
        {t("Scheme"): [scheme_name(s, t) for s in SCHEMES]}
        | {
            name: [money(sheet.totals(page.profile, s, opts)[i], s, page.lang) for s in SCHEMES]
            for i, name in enumerate(sheet.players)
        }
    )
    st.markdown("**" + t("Totals") + "**")
    st.dataframe(totals, hide_index=True, width="stretch")
    scheme = st.segmented_control(
        t("Scheme"),
        SCHEMES,
        key=ctx.k("scheme"),
        default="list",
        required=True,
        format_func=lambda s: scheme_name(s, t),
    )
    scheme = str(scheme or "list")
    frame = sheet_frame(sheet, page.profile, scheme, opts, t, page.lang)
    st.dataframe(frame, hide_index=True, width="stretch")
    st.plotly_chart(running_chart(sheet, page.profile, scheme, opts, t), key=ctx.k("chart"))
    st.download_button(
        t("Download the sheet (CSV)"),
        csv_text(frame.columns, frame.itertuples(index=False)),
        file_name=f"score-sheet-{scheme}.csv",
        mime="text/csv",
        key=ctx.k("csv"),
        icon=":material/download:",
    )


def render(page: PageContext) -> None:
    t = page.t
    ctx = page.keyed(KEY)
    st.title(t("Settlement"))
    # Values, the overbid rule and the schneider line differ between the rule sets.
    st.caption(t("Rules used: {rules}", rules=profile_name(page.profile, t)))
    single, evening = st.tabs([t("One game"), t("Score sheet")])
    with single:
        result = result_inputs(ctx)
        options = options_inputs(ctx)
        if result is not None and options is not None:
            schemes_view(ctx, result, options)
    with evening:
        score_sheet(page, options)


run_page("settle", render)
