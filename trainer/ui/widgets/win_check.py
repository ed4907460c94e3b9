"""win_check: the declarer's card points and tricks in; won or lost, Skrædder (schneider) and Sort (schwarz)
out, under both profiles side by side (the schneider line differs: 90 or 91 points)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from trainer.cards import other_side_points
from trainer.errors import SkatError
from trainer.games import Declaration, GameType
from trainer.profiles import PROFILES
from trainer.rules.value import check_card_points, check_tricks, evaluate_game
from trainer.ui.terms import profile_label, t_error, t_message
from trainer.ui.widgets.base import WidgetContext, checked_number

EXAMPLE_GAME = Declaration(GameType.CLUBS)
"""A plain clubs game "with 1": worth at least the lowest bid under both profiles."""


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    points = checked_number(
        ctx, t("Declarer's card points (skat included)"), key="points", value=90, check=check_card_points
    )
    tricks = checked_number(
        ctx, t("Declarer's tricks"), key="tricks", value=7, check=lambda v: check_tricks(ctx.profile, v)
    )
    if points is None or tricks is None:
        return
    columns: dict[str, list[object]] = {
        "": [t("Result"), t("Skrædder (schneider)"), t("Sort (schwarz)"), t("Value"), t("List")]
    }
    try:
        for name, profile in PROFILES.items():
            result = evaluate_game(
                profile,
                EXAMPLE_GAME,
                matadors=1,
                bid=profile.min_bid,
                declarer_points=points,
                declarer_tricks=tricks,
            )
            label = ("▶ " if name == ctx.profile.name else "") + profile_label(name, t)
            columns[label] = [
                t_message(result.reason_message, t),
                t("yes") if result.schneider else t("no"),
                t("yes") if result.schwarz else t("no"),
                str(result.value),
                str(result.list_score),
            ]
    except SkatError as error:  # points and tricks that cannot happen together
        st.error(t_error(error, t), icon=":material/error:")
        return
    # one column per rule set and the words wrapping inside it: readable on a phone, nothing cut off
    st.table(pd.DataFrame(columns).set_index(""))
    st.caption(
        t(
            "Clubs with 1, bid {bid}. The opponents have {other} card points.",
            bid=ctx.profile.min_bid,
            other=other_side_points(points),
        )
    )
