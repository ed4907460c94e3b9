"""Bid ladder and help tables: the ladder of either profile with the games behind each value, the textbook's
help tables generated from the engine (CSV and a printable page), and value against matadors as a chart."""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from trainer.games import Declaration, GameType
from trainer.i18n import Translator
from trainer.profiles import PROFILES, RuleProfile, get_profile
from trainer.rules.value import game_value, max_matadors
from trainer.safe_text import csv_text
from trainer.ui.context import PageContext
from trainer.ui.terms import game_name, game_word, profile_label
from trainer.ui.views.page_state import run_page
from trainer.ui.widgets.bid_ladder import game_filter, ladder_frame
from trainer.ui.widgets.help_table import HELP_GAMES, grid_frame, help_frame, printable_html

KEY = "calc-ladder-"


def value_chart(profile: RuleProfile, t: Translator) -> go.Figure:
    """Value of each plain game (with pickup) against the matadors, 'without' on the left."""
    figure = go.Figure()
    for game in HELP_GAMES:
        top = max_matadors(game)
        counts = [*range(-top, 0), *range(1, top + 1)]
        figure.add_trace(
            go.Scatter(
                x=counts,
                y=[game_value(profile, Declaration(game), c).value for c in counts],
                mode="lines+markers",
                name=game_word(game, t),
            )
        )
    figure.add_hline(y=profile.min_bid, line_dash="dot", annotation_text=t("lowest bid"))
    figure.update_layout(
        xaxis_title=t("Matadors (negative = without)"),
        yaxis_title=t("Value"),
        height=360,
        margin={"l": 10, "r": 10, "t": 30, "b": 10},
        legend={"orientation": "h", "y": -0.25},
    )
    return figure


def render(page: PageContext) -> None:
    t = page.t
    ctx = page.keyed(KEY)
    st.title(t("Bid ladder and help tables"))
    st.session_state.setdefault(ctx.k("rules"), page.profile.name)
    name = st.segmented_control(
        t("Ladder of"),
        list(PROFILES),
        key=ctx.k("rules"),
        required=True,
        format_func=lambda n: profile_label(n, t),
    )
    profile = get_profile(str(name or page.profile.name))
    st.header(t("The bid ladder"))
    game = game_filter(ctx)
    st.dataframe(ladder_frame(profile, game, t), hide_index=True, height=320, width="stretch")

    st.header(t("Help tables"))
    st.caption(t("Find the highest trump you hold (hand and skat) and read the multiplier of your game."))
    help_game = GameType(
        st.selectbox(
            t("Game"),
            [g.value for g in HELP_GAMES],
            key=ctx.k("help_game"),
            format_func=lambda v: game_name(GameType(v), t),
        )
        or GameType.CLUBS.value
    )
    full = st.toggle(t("Whole run of trumps (not only the Jacks)"), key=ctx.k("full"))
    st.dataframe(
        help_frame(profile, help_game, t, page.lang, max_run=None if full else 4),
        hide_index=True,
        width="stretch",
    )
    st.markdown("**" + t("Multiplier × base value") + "**")
    st.dataframe(grid_frame(profile, t), hide_index=True, width="stretch")
    numbers = help_frame(profile, help_game, t, page.lang, numeric=True)
    csv = csv_text(numbers.columns, numbers.itertuples(index=False))
    st.download_button(
        t("Download this table (CSV)"),
        csv,
        file_name=f"help-table-{profile.name}-{help_game.value}.csv",
        mime="text/csv",
        key=ctx.k("csv"),
        icon=":material/download:",
    )
    title = t("Help tables — {rules}", rules=profile_label(profile.name, t))
    st.download_button(
        t("Download all help tables as a printable page (HTML)"),
        printable_html(profile, t, page.lang, title),
        file_name=f"help-tables-{profile.name}.html",
        mime="text/html",
        key=ctx.k("html"),
        icon=":material/print:",
    )

    st.header(t("Value against matadors"))
    st.plotly_chart(value_chart(profile, t), key=ctx.k("chart"))


run_page("ladder", render)
