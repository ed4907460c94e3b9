"""The bid chart: each game's expected score at each bid of the ladder, the score of passing, and the
ceiling where the best game falls below it (:class:`trainer.chances.plan.ScoreCurves`). Drawn in the
bidding drill's verdict and under the coach's bid hints."""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from trainer.chances.plan import ScoreCurves
from trainer.i18n import N_, Translator
from trainer.ui.context import PageContext
from trainer.ui.terms import declaration_name

UNITS = {
    "seeger_fabian": N_("Expected score (Seeger-Fabian points)"),
    "danish_money": N_("Expected score (øre)"),
    "list": N_("Expected score (points)"),
}
HEIGHT = 280


def bid_chart(curves: ScoreCurves, t: Translator) -> go.Figure:
    """The figure: a line per game that is worth bidding somewhere (else the best two), passing dashed,
    the ceiling marked."""
    worth = [line for line in curves.lines if line.ceiling is not None]
    lines = worth or sorted(curves.lines, key=lambda line: -max((s for _b, s in line.points), default=0))[:2]
    fig = go.Figure()
    for line in lines:
        fig.add_trace(
            go.Scatter(
                x=[bid for bid, _s in line.points],
                y=[round(score, 1) for _b, score in line.points],
                mode="lines+markers",
                marker={"size": 4},
                name=declaration_name(line.declaration, t),
            )
        )
    fig.add_hline(
        y=curves.passing,
        line_dash="dash",
        line_color="grey",
        annotation_text=t("passing"),
        annotation_position="bottom right",
    )
    if curves.ceiling is not None:
        fig.add_vline(
            x=curves.ceiling,
            line_dash="dot",
            line_color="firebrick",
            annotation_text=t("ceiling {bid}", bid=curves.ceiling),
            annotation_position="top left",
        )
    fig.update_layout(
        height=HEIGHT,
        margin={"l": 10, "r": 10, "t": 30, "b": 10},
        xaxis_title=t("Bid"),
        yaxis_title=t(UNITS.get(curves.scheme, UNITS["list"])),
        legend={"orientation": "h", "y": -0.3},
    )
    return fig


def draw_bid_chart(curves: ScoreCurves, ctx: PageContext, *, key: str) -> None:
    """The chart with its caption, at the width of its column (fits a phone)."""
    t = ctx.t
    st.plotly_chart(bid_chart(curves, t), key=key, config={"displayModeBar": False})
    st.caption(
        t(
            "The expected score of each game if the auction makes you go to that bid (the chance falls as "
            "the bid rises: an opponent who went that high holds strength). Above the ceiling no game "
            "beats passing and defending. The chances are for our expert declarer against our expert "
            "defenders, each seeing only its own cards."
        )
    )
