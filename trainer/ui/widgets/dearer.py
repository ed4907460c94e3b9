"""dearer: Musik, Spørge and Slå 40 an applied to one game — the value and the Danish money change."""

from __future__ import annotations

import streamlit as st

from trainer.errors import SkatError
from trainer.games import Declaration, GameType
from trainer.rules.bidding import next_bids
from trainer.rules.extras import DANISH_EXTRAS, Spoerge
from trainer.rules.settlement import danish_money, slaa_40_an_forfeit
from trainer.rules.value import evaluate_game, game_value
from trainer.ui.terms import t_error, t_message
from trainer.ui.widgets.base import WidgetContext, game_picker, whole_number
from trainer.ui.widgets.game_value import matadors_input, show_value
from trainer.ui.widgets.settlement import money

WON_POINTS, LOST_POINTS = 70, 50
"""Card points used for 'won' and 'lost' (neither schneider)."""


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    game = game_picker(ctx, default=GameType.CLUBS, include_null=False)
    count = matadors_input(ctx, game, default=2)
    musik = whole_number(ctx, t("Musik"), key="musik", value=0, minimum=0, maximum=ctx.profile.max_musik or 2)
    if count is None or musik is None:
        return
    spoerge = Spoerge(
        st.radio(
            t("Spørge (an opponent knocks)"),
            [s.value for s in Spoerge],
            key=ctx.k("spoerge"),
            format_func=lambda v: {
                "none": t("no knock"),
                "knocked": t("knocked, the declarer plays on"),
                "knocked_back": t("knocked and knocked back"),
                "thrown": t("knocked, the declarer throws the cards"),
            }[v],
        )
    )
    slaa = st.checkbox(t("Slå 40 an (knocked 40 after five cards)"), key=ctx.k("slaa"))
    won = spoerge is not Spoerge.THROWN and st.toggle(t("The declarer wins"), value=True, key=ctx.k("won"))
    declaration = Declaration(game, musik=musik)
    try:
        breakdown = game_value(ctx.profile, declaration, count)
        bid = next_bids(ctx.profile, breakdown.value - 1, 1)[0]
        knocked = DANISH_EXTRAS.slaa_40_an_value
        if slaa and breakdown.value < knocked:
            # the knock is a bid of 40: a game worth less can no longer be bid to it — lost without play
            forfeit = slaa_40_an_forfeit()
            show_value(ctx, breakdown)
            st.markdown(
                "**"
                + t(
                    "Lost without play: the knock was a bid of {knocked}, and this game is worth only "
                    "{value}.",
                    knocked=knocked,
                    value=breakdown.value,
                )
                + "** — "
                + t(
                    "the declarer pays each opponent {amount} øre",
                    amount=money(forfeit.opponents[0], lang=ctx.lang),
                )
            )
            st.caption("  \n".join(t_message(line, t) for line in forfeit.working_parts))
            return
        if slaa:
            bid = max(bid, knocked)
        result = evaluate_game(
            ctx.profile,
            declaration,
            matadors=count,
            bid=bid,
            declarer_points=WON_POINTS if won else LOST_POINTS,
            declarer_tricks=6 if won else 4,
            thrown=spoerge is Spoerge.THROWN,
        )
        settlement = danish_money(result, spoerge=spoerge, slaa_40_an=slaa)
    except SkatError as error:
        st.error(t_error(error, t), icon=":material/error:")
        return
    show_value(ctx, breakdown)
    each = settlement.opponents[0]
    st.markdown(
        f"**{t_message(result.reason_message, t)}** — "
        + (
            t("each opponent pays {amount} øre", amount=money(-each, lang=ctx.lang))
            if each < 0
            else t("the declarer pays each opponent {amount} øre", amount=money(each, lang=ctx.lang))
        )
    )
    st.caption("  \n".join(t_message(line, t) for line in settlement.working_parts))
