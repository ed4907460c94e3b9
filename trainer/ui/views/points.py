"""The running card points of both sides (and their tricks), side by side even on a phone."""

from __future__ import annotations

import streamlit as st

from trainer.replay import Frame
from trainer.ui.context import PageContext


def draw_points(frame: Frame, ctx: PageContext) -> None:
    """Declarer's and defenders' card points from tricks as two metrics; the skat and tricks below."""
    t = ctx.t
    row = st.container(horizontal=True, gap="large", key=f"points-{frame.position}")
    row.metric(
        t("Declarer"),
        frame.declarer_points,
        help=t(
            "Card points in the declarer's tricks; the skat ({skat}) counts on top.", skat=frame.skat_points
        ),
    )
    row.metric(t("Defenders"), frame.defender_points)
    st.caption(
        t(
            "Skat +{skat} for the declarer. Tricks: declarer {declarer}, defenders {defenders}.",
            skat=frame.skat_points,
            declarer=frame.declarer_tricks,
            defenders=frame.defender_tricks,
        )
    )
