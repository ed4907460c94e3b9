"""settlement: one game's result in, every scheme's figures out (list, Seeger-Fabian, Danish money with rate
pairs, online stakes with commission), each with its working. The settlement page reuses these parts."""

from __future__ import annotations

from decimal import Decimal

import pandas as pd
import streamlit as st

from trainer.calc import SCHEMES, SchemeOptions, settle_all
from trainer.errors import SkatError
from trainer.i18n import Translator
from trainer.rules.bidding import check_bid_value
from trainer.rules.settlement import Settlement
from trainer.rules.value import GameResult, check_card_points, check_tricks, evaluate_game
from trainer.ui.context import is_danish
from trainer.ui.terms import scheme_name, t_error, t_message
from trainer.ui.widgets.base import WidgetContext, checked_number, decimal_number
from trainer.ui.widgets.game_value import declaration_inputs, matadors_input

MONEY_PLACES = 2
"""Decimals a rate, a stake or a commission takes (øre and cents: a third decimal is refused, not rounded)."""
TEXTBOOK_EXAMPLE = {"points": 70, "tricks": 6, "bid": 36, "matadors": 2}
"""Clubs with 2 (36), bid 36, won with 70 card points: the textbook's money example."""


def money(amount: Decimal, scheme: str = "", lang: str = "en") -> str:
    """An amount as people write it: whole points and øre without decimals (200, -72, 0.5), online money
    with cents (3.12, -3.60); a decimal comma in Danish (0,5 and 3,60)."""
    shown = amount.quantize(Decimal("0.01")) if scheme == "online_stakes" else amount.normalize()
    text = f"{shown:f}"
    return text.replace(".", ",") if is_danish(lang) else text


def unit_name(unit: str, t: Translator) -> str:
    """The settlement's unit in words: points, øre or money."""
    return {"points": t("points"), "øre": "øre", "money": t("money")}.get(unit, unit)


def result_inputs(ctx: WidgetContext) -> GameResult | None:
    """Game, matadors, bid, the declarer's card points and tricks (or thrown): the scored result, or None with
    the reason shown at the field."""
    t = ctx.t
    declaration = declaration_inputs(ctx)
    if declaration is None:
        return None
    count: int | None = 0
    if not declaration.game.is_null:
        count = matadors_input(ctx, declaration.game, default=TEXTBOOK_EXAMPLE["matadors"])
    profile = ctx.profile
    bid = checked_number(
        ctx, t("Bid"), key="bid", value=TEXTBOOK_EXAMPLE["bid"], check=lambda v: check_bid_value(profile, v)
    )
    thrown = st.checkbox(t("The declarer threw the cards"), key=ctx.k("thrown"))
    points: int | None = 0
    tricks: int | None = 0
    if not thrown:
        if not declaration.game.is_null:  # card points do not count in a null game
            points = checked_number(
                ctx,
                t("Declarer's card points (skat included)"),
                key="points",
                value=TEXTBOOK_EXAMPLE["points"],
                check=check_card_points,
            )
        tricks = checked_number(
            ctx,
            t("Declarer's tricks"),
            key="tricks",
            value=TEXTBOOK_EXAMPLE["tricks"] if not declaration.game.is_null else 0,
            check=lambda v: check_tricks(profile, v),
        )
    if bid is None or points is None or tricks is None or count is None:
        return None
    try:
        return evaluate_game(
            profile,
            declaration,
            matadors=count,
            bid=bid,
            declarer_points=points,
            declarer_tricks=tricks,
            thrown=thrown,
        )
    except SkatError as error:
        st.error(t_error(error, t), icon=":material/error:")
        return None


def options_inputs(ctx: WidgetContext) -> SchemeOptions | None:
    """Table size, the Danish rate pair and the online stake and commission (each read exactly as typed,
    a point or a comma; None: one of them cannot be read, said at the field)."""
    t = ctx.t

    def amount(label: str, key: str, value: Decimal, maximum: Decimal | None = None) -> Decimal | None:
        return decimal_number(
            ctx, label, key=key, value=value, places=MONEY_PLACES, minimum=Decimal(0), maximum=maximum
        )

    with st.expander(t("Table and stakes")):
        size = st.segmented_control(
            t("Players at the table"), (3, 4), key=ctx.k("size"), default=3, required=True
        )
        win = amount(t("Danish rate when won (øre per point)"), "rate_win", Decimal("0.5"))
        loss = amount(t("Danish rate when lost (øre per point)"), "rate_loss", Decimal(1))
        stake = amount(t("Online stake per point"), "stake", Decimal("0.10"))
        kontra = st.checkbox(t("Kontra (house option: list and Seeger-Fabian × 2)"), key=ctx.k("kontra"))
        re = st.checkbox(t("Re (× 2 again)"), key=ctx.k("re"))
        commission = amount(t("Commission (%)"), "commission", Decimal(9), maximum=Decimal(100))
    if win is None or loss is None or stake is None or commission is None:
        return None
    return SchemeOptions(
        table_size=int(size or 3),
        rates=(win, loss),
        stake=stake,
        commission_rate=commission / 100,
        kontra=kontra,
        re=re,
    )


def amounts_frame(settlement: Settlement, t: Translator, lang: str = "en") -> pd.DataFrame:
    """Declarer, the two opponents (and the dealer sitting out) with their amounts."""
    who = [t("Declarer"), t("Opponent 1"), t("Opponent 2")] + [t("Dealer (sits out)")] * len(
        settlement.sitting_out
    )
    return pd.DataFrame(
        {t("Player"): who, t("Amount"): [money(a, settlement.scheme, lang) for a in settlement.amounts]}
    )


def schemes_view(ctx: WidgetContext, result: GameResult, options: SchemeOptions) -> dict[str, Settlement]:
    """Every scheme's figures with the working shown."""
    t = ctx.t
    st.markdown(
        f"**{t_message(result.reason_message, t)}** — "
        + t("value {value}, list score {score}", value=result.value, score=result.list_score)
    )
    try:
        settlements = settle_all(ctx.profile, result, options)
    except SkatError as error:
        st.error(t_error(error, t), icon=":material/error:")
        return {}
    for scheme in SCHEMES:
        s = settlements[scheme]
        with st.container(border=True, key=ctx.k(f"scheme-{scheme}")):
            st.markdown(
                t(
                    "**{scheme}** — declarer: **{amount}** ({unit})",
                    scheme=scheme_name(scheme, t),
                    amount=money(s.declarer, scheme, ctx.lang),
                    unit=unit_name(s.unit, t),
                )
            )
            st.caption("  \n".join(t_message(line, t) for line in s.working_parts))
            st.dataframe(amounts_frame(s, t, ctx.lang), hide_index=True)
    return settlements


def render(ctx: WidgetContext) -> None:
    result = result_inputs(ctx)
    options = options_inputs(ctx)
    if result is not None and options is not None:
        schemes_view(ctx, result, options)
