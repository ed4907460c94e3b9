"""bonde_in_skat: the textbook's overbid — clubs "uden 2" bid at 36, then a Jack turns up in the skat. Also
the overbid and skat-risk views the overbid detector page draws."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pandas as pd
import streamlit as st

from trainer.calc import chance_in_skat, overbid_report, run_cards, skat_risk
from trainer.cards import Card, parse_cards, sort_hand
from trainer.errors import SkatError
from trainer.games import Declaration, GameType
from trainer.profiles import OverbidValuation
from trainer.text import upper_first
from trainer.ui.components import card_row, cards_text
from trainer.ui.context import is_danish
from trainer.ui.terms import declaration_name, t_error, value_words, value_words_beside
from trainer.ui.widgets.base import WidgetContext

EXAMPLE_HAND = "HJ DJ CA CT CK CQ C9 SA ST H7"
"""The textbook's hand: clubs holding ♥J ♦J, "uden 2, spil 3" = 36."""
EXAMPLE_BID = 36
EXAMPLE_SKATS = ("CJ D7", "SJ D7", "CJ SJ", "D7 D8")


def percent(chance: Fraction, lang: str) -> str:
    """A chance in per cent with one decimal, with a decimal comma in Danish (17,7)."""
    text = f"{float(chance) * 100:.1f}"
    return text.replace(".", ",") if is_danish(lang) else text


def _way_label(kind: str, ctx: WidgetContext) -> str:
    t = ctx.t
    return {
        "ouvert": t("Lay the cards on the table (på bordet)"),
        "schneider": t("Play on for schneider (Skrædder) without saying so"),
        "schwarz": t("Play on for schwarz (Sort)"),
        "throw": t("Throw the cards"),
    }[kind]


def overbid_view(
    ctx: WidgetContext, hand: Sequence[Card], skat: Sequence[Card], declaration: Declaration, bid: int
) -> None:
    """Before and after the skat, overbid or not, and every way out with its value."""
    t = ctx.t
    try:
        report = overbid_report(ctx.profile, hand, skat, declaration, bid)
    except SkatError as error:
        st.error(t_error(error, t), icon=":material/error:")
        return
    st.markdown(
        t("**Before the skat** (hand only): {count}", count=value_words(report.before, t))
        + "  \n"
        + t("**With the skat**: {count}", count=value_words(report.after, t))
    )
    st.caption(f"{value_words_beside(report.before, t)} → {value_words_beside(report.after, t)}")
    if not report.overbid:
        st.success(
            t("Still covered: {value} ≥ the bid of {bid}.", value=report.after.value, bid=bid),
            icon=":material/check_circle:",
        )
        return
    st.error(
        t(
            "Overbid: the game is now worth {value}, less than the bid of {bid}. Discarding the Jack does "
            "not help — the skat counts.",
            value=report.after.value,
            bid=bid,
        ),
        icon=":material/warning:",
    )
    st.markdown("**" + t("The ways out") + "**")
    for way in report.ways_out:
        if way.kind == "throw" and way.result is not None:
            text = t(
                "lost, scored at {value}: {score} in the list",
                value=way.result.value,
                score=way.result.list_score,
            )
        elif way.reaches_bid:
            text = t("{count} — reaches the bid", count=value_words(way.breakdown, t))
        else:
            text = t("{count} — still below the bid", count=value_words(way.breakdown, t))
        mark = ":green[:material/check_circle:]" if way.reaches_bid else ":red[:material/cancel:]"
        st.markdown(f"- {mark} **{_way_label(way.kind, ctx)}**: {text}")
    if ctx.profile.overbid_valuation is OverbidValuation.NEXT_MULTIPLE_OF_BASE:
        rule = t(
            "Lost as overbid, the game is valued at the next multiple of its base value at or above the bid "
            "({value}), and the loss is doubled: {score}.",
            value=report.lost.value,
            score=report.lost.list_score,
        )
    else:
        rule = t(
            "Lost as overbid, the game is settled on the bid ({value}); in the list that is {score}.",
            value=report.lost.value,
            score=report.lost.list_score,
        )
    st.info(rule, icon=":material/info:")
    if report.alternatives:
        # one line per game (a game's own name may hold a comma: "Grand (Jacks only trumps), ouvert")
        with st.container(key=ctx.k("alternatives")):
            st.caption(t("Other games these twelve cards could still declare at this bid:"))
            st.markdown(
                "\n".join(
                    "- "
                    + t(
                        "{game}: worth {value}",
                        game=upper_first(declaration_name(b.declaration, t)),
                        value=b.value,
                    )
                    for b in report.alternatives[:4]
                )
            )


def risk_view(ctx: WidgetContext, hand: Sequence[Card], declaration: Declaration, bid: int | None) -> None:
    """The reverse view: what the unseen skat can do to this hand's count (every possible skat)."""
    t = ctx.t
    try:
        risk = skat_risk(ctx.profile, hand, declaration)
    except SkatError as error:
        st.error(t_error(error, t), icon=":material/error:")
        return
    alone = risk.hand_alone
    if alone.matadors < 0:
        _held, missing = run_cards(declaration.game, alone.matadors)
        chance = chance_in_skat(risk.unseen, len(missing))
        st.markdown(
            t(
                'This hand is "uden {n}": {cards} are missing. Each lies in the skat with a chance of 2 in '
                "{unseen}; at least one of them is there with a chance of {percent} %.",
                n=-alone.matadors,
                cards=cards_text(missing, ctx.lang),
                unseen=risk.unseen,
                percent=percent(chance, ctx.lang),
            )
        )
    else:
        st.markdown(
            t(
                'This hand is "med {n}": the skat can only lengthen the run, never shorten it.',
                n=alone.matadors,
            )
        )
    limit = bid if bid is not None else alone.value
    frame = pd.DataFrame(
        {
            t("Count with the skat"): [value_words(o.breakdown, t, count_only=True) for o in risk.outcomes],
            t("Skats"): [f"{o.skats} / {risk.total_skats}" for o in risk.outcomes],
            t("Chance"): [f"{percent(o.probability, ctx.lang)} %" for o in risk.outcomes],
            t("Value"): [o.breakdown.value for o in risk.outcomes],
            t("Bid {bid} covered", bid=limit): [
                t("yes") if o.breakdown.value >= limit else t("no") for o in risk.outcomes
            ],
        }
    )
    st.table(frame, hide_index=True)  # wraps, so every column fits a phone
    st.caption(
        t(
            "Chance the skat lowers the value below {value}: {percent} %.",
            value=alone.value,
            percent=percent(risk.chance_lower, ctx.lang),
        )
    )


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    hand = parse_cards(EXAMPLE_HAND)
    declaration = Declaration(GameType.CLUBS)
    st.markdown(
        "**"
        + t(
            'You hold ♥J ♦J and plenty of clubs: clubs "uden 2, spil 3" = 36. You win the bidding at {bid}.',
            bid=EXAMPLE_BID,
        )
        + "**"
    )
    card_row(sort_hand(hand), lang=ctx.lang, four_colour=ctx.four_colour)
    choice = st.segmented_control(
        t("The skat holds"),
        EXAMPLE_SKATS,
        key=ctx.k("skat"),
        default=EXAMPLE_SKATS[0],
        required=True,
        format_func=lambda text: cards_text(parse_cards(text), ctx.lang),
    )
    if st.toggle(t("Turn the skat over"), key=ctx.k("shown")):
        skat = parse_cards(str(choice or EXAMPLE_SKATS[0]))
        card_row(list(skat), lang=ctx.lang, four_colour=ctx.four_colour)
        overbid_view(ctx, hand, skat, declaration, EXAMPLE_BID)
