"""ramse: three players' card points after a Ramse (Danish) or Ramsch (international house option); the
learner decides who has won, the engine checks and shows who pays whom."""

from __future__ import annotations

from decimal import Decimal

import streamlit as st

from trainer.cards import TOTAL_CARD_POINTS
from trainer.errors import SkatError
from trainer.profiles import AllPass
from trainer.rules.extras import DANISH_EXTRAS, ramsch_result, ramse_result
from trainer.rules.play import TRICKS_PER_GAME
from trainer.rules.settlement import ramse_money
from trainer.ui.components import verdict
from trainer.ui.terms import t_error
from trainer.ui.widgets.base import WidgetContext, whole_number
from trainer.ui.widgets.settlement import money

PLAYERS = 3
DEFAULT_POINTS = (35, 50, 35)
DEFAULT_TRICKS = (3, 4, 3)


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    ramse = ctx.profile.all_pass is AllPass.RAMSE
    if ramse:
        st.caption(
            t(
                "Ramse: the fewest card points win, unless someone takes {n} or more.",
                n=DANISH_EXTRAS.ramse_take_all_points,
            )
        )
    else:
        st.caption(t("These rules throw the deal in; Ramsch is a house option: the most card points lose."))
    names = [t("Player {n}", n=i + 1) for i in range(PLAYERS)]
    typed_points = [
        whole_number(
            ctx,
            t("{player}: card points", player=names[i]),
            key=f"p{i}",
            value=DEFAULT_POINTS[i],
            minimum=0,
            maximum=TOTAL_CARD_POINTS,
        )
        for i in range(PLAYERS)
    ]
    typed_tricks = [
        whole_number(
            ctx,
            t("{player}: tricks", player=names[i]),
            key=f"t{i}",
            value=DEFAULT_TRICKS[i],
            minimum=0,
            maximum=TRICKS_PER_GAME,
        )
        for i in range(PLAYERS)
    ]
    points = [p for p in typed_points if p is not None]
    tricks = [n for n in typed_tricks if n is not None]
    guess = st.pills(
        t("Who has won?"),
        list(range(PLAYERS)),
        key=ctx.k("guess"),
        selection_mode="multi",
        format_func=lambda i: names[i],
    )
    if not st.button(t("Check"), key=ctx.k("check"), type="primary"):
        return
    if len(points) < PLAYERS or len(tricks) < PLAYERS:
        return  # a number that cannot be read: said at its field, nothing checked
    try:
        result = (ramse_result if ramse else ramsch_result)(points, tricks, profile=ctx.profile)
    except SkatError as error:
        st.error(t_error(error, t), icon=":material/error:")
        return
    winners = ", ".join(names[i] for i in result.winners) or t("nobody")
    verdict(set(guess or ()) == set(result.winners), t("Winners: {names}.", names=winners))
    stake = Decimal(1)
    amounts = ramse_money(result, stake)
    st.caption(
        t("With a stake of 1 each loser pays each player who did not lose:")
        + " "
        + ", ".join(f"{names[i]} {money(a, lang=ctx.lang)}" for i, a in enumerate(amounts))
    )
