"""win_check: the declarer's card points and tricks in; won or lost, Skrædder (schneider) and Sort (schwarz)
out, under both profiles side by side (the schneider line differs: 90 or 91 points)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from trainer.cards import TOTAL_CARD_POINTS, other_side_points
from trainer.games import Declaration, GameType
from trainer.profiles import PROFILES
from trainer.ui.terms import profile_label, t_message
from trainer.ui.widgets.base import WidgetContext
from trainer.value import evaluate_game

EXAMPLE_GAME = Declaration(GameType.CLUBS)
"""A plain clubs game "with 1": worth at least the lowest bid under both profiles."""


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    points = int(
        st.number_input(
            t("Declarer's card points (skat included)"),
            min_value=0,
            max_value=TOTAL_CARD_POINTS,
            value=90,
            step=1,
            key=ctx.k("points"),
        )
    )
    tricks = int(
        st.number_input(
            t("Declarer's tricks"),
            min_value=0,
            max_value=ctx.profile.tricks_per_game,
            value=7,
            step=1,
            key=ctx.k("tricks"),
        )
    )
    rows = []
    for name, profile in PROFILES.items():
        result = evaluate_game(
            profile,
            EXAMPLE_GAME,
            matadors=1,
            bid=profile.min_bid,
            declarer_points=points,
            declarer_tricks=tricks,
        )
        rows.append(
            {
                t("Rules"): ("▶ " if name == ctx.profile.name else "") + profile_label(name, t),
                t("Result"): t_message(result.reason_message, t),
                t("Skrædder (schneider)"): t("yes") if result.schneider else t("no"),
                t("Sort (schwarz)"): t("yes") if result.schwarz else t("no"),
                t("Value"): result.value,
                t("List"): result.list_score,
            }
        )
    st.dataframe(pd.DataFrame(rows), hide_index=True)
    st.caption(
        t(
            "Clubs with 1, bid {bid}. The opponents have {other} card points.",
            bid=ctx.profile.min_bid,
            other=other_side_points(points),
        )
    )
