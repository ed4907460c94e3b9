"""highest_bid: a dealt hand; the learner guesses the highest bid it is worth (a ceiling), then sees every
game with its value and the chance model's word on the best one.
Also the hand entry (typed, clicked, dealt) and the bid table the value calculator uses."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from trainer.calc import (
    best_safe_bid,
    random_hand_and_skat,
    read_hand_text,
    read_skat_text,
    safe_bid_distribution,
)
from trainer.cards import ALL_CARDS, Card, format_cards, parse_card, sort_hand
from trainer.deal import Seat
from trainer.errors import SkatError
from trainer.i18n import Translator
from trainer.profiles import RuleProfile, get_profile
from trainer.rules.bidding import bid_table
from trainer.rules.value import trump_order
from trainer.text import upper_first
from trainer.ui.components import card_row, cards_text, pill_label, verdict
from trainer.ui.terms import declaration_name, t_error, t_message, value_words
from trainer.ui.widgets.base import WidgetContext, new_deal_button, seed, whole_number

SAMPLE_HANDS = 400
"""Random hands behind the 'how does this hand compare' chart."""


def matadors_words(count: int, t: Translator) -> str:
    """'with 2' / 'med 2'; null games have none."""
    if count == 0:
        return "—"
    return t("with {n}", n=count) if count > 0 else t("without {n}", n=-count)


def _deal(ctx: WidgetContext, seed_key: str) -> None:
    seed = int(st.session_state.get(seed_key, 0)) + 1
    st.session_state[seed_key] = seed
    hand, skat = random_hand_and_skat(seed * 7919, ctx.profile)
    st.session_state[ctx.k("hand_text")] = format_cards(sort_hand(hand), "iss")
    st.session_state[ctx.k("skat_text")] = format_cards(skat, "iss")


def _picked(ctx: WidgetContext, which: str) -> None:
    codes = st.session_state.get(ctx.k(f"pick_{which}")) or []
    ordered = [card.iss for card in sort_hand(parse_card(code) for code in codes)]
    st.session_state[ctx.k(f"{which}_text")] = " ".join(ordered)


def hand_inputs(
    ctx: WidgetContext, *, with_skat: bool = True
) -> tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]:
    """Typed, clicked or dealt: the hand (None when unreadable, with the reason shown at the field) and the
    skat (None when left empty or unreadable)."""
    t = ctx.t
    st.text_input(
        t("Hand: 10 cards"),
        key=ctx.k("hand_text"),
        placeholder="CJ HJ CA CT CK SA ST H7 H8 D7",
        help=t("ISS (CJ HT), symbols (♣J ♥10) or Danish names (Klør Bonde, Hjerter 10'er)."),
    )
    hand: tuple[Card, ...] | None = None
    text = st.session_state.get(ctx.k("hand_text"), "")
    if text.strip():
        try:
            hand = read_hand_text(text)
        except SkatError as error:
            st.error(t_error(error, t), icon=":material/error:")
    skat: tuple[Card, ...] | None = None
    if with_skat:
        st.text_input(t("Skat: 2 cards (optional)"), key=ctx.k("skat_text"), placeholder="SJ D7")
        try:
            skat = read_skat_text(st.session_state.get(ctx.k("skat_text"), ""))
        except SkatError as error:
            st.error(t_error(error, t), icon=":material/error:")
        if hand is not None and skat is not None and set(hand) & set(skat):
            both = sorted(set(hand) & set(skat), key=lambda c: c.index)
            st.error(
                t("{cards} cannot be both in the hand and in the skat.", cards=format_cards(both)),
                icon=":material/error:",
            )
            skat = None
    st.button(
        t("Deal at random"),
        key=ctx.k("deal"),
        on_click=_deal,
        args=(ctx, ctx.k("seed")),
        icon=":material/shuffle:",
    )
    with st.expander(t("Pick the cards by clicking")):
        for which, label in (("hand", t("Hand")), ("skat", t("Skat"))):
            if which == "skat" and not with_skat:
                continue
            st.pills(
                label,
                [card.iss for card in sort_hand(ALL_CARDS)],
                key=ctx.k(f"pick_{which}"),
                selection_mode="multi",
                format_func=lambda code: pill_label(
                    parse_card(code), lang=ctx.lang, four_colour=ctx.four_colour
                ),
                on_change=_picked,
                args=(ctx, which),
            )
    return hand, skat


def bid_table_frame(
    profile: RuleProfile,
    hand: Sequence[Card],
    skat: Sequence[Card] | None,
    t: Translator,
    *,
    with_variants: bool = True,
) -> pd.DataFrame:
    """Every game the hand could declare, best first: matadors, the count and the highest bid it is worth."""
    rows = bid_table(profile, hand, skat, with_variants=with_variants)
    return pd.DataFrame(
        {
            t("Value"): [row.value for row in rows],
            t("Game"): [upper_first(declaration_name(row.declaration, t)) for row in rows],
            t("Matadors"): [matadors_words(row.matadors, t) for row in rows],
            t("Count"): [value_words(row.breakdown, t) for row in rows],
        }
    )


@st.cache_data(show_spinner=False)
def _distribution(profile_name: str, hands: int) -> dict[int, int]:
    return dict(safe_bid_distribution(get_profile(profile_name), hands))


def distribution_chart(profile: RuleProfile, mark: int | None, t: Translator) -> go.Figure:
    """How often each highest bid a hand is worth occurs over random hands (plain suit games and grand)."""
    counts = _distribution(profile.name, SAMPLE_HANDS)
    values = sorted(counts)
    figure = go.Figure(go.Bar(x=[str(v) for v in values], y=[counts[v] for v in values], name=t("Hands")))
    if mark is not None and mark in counts:
        figure.add_annotation(x=str(mark), y=counts[mark], text=t("this hand"), showarrow=True)
    figure.update_layout(
        xaxis_title=t("Highest bid the hand is worth"),
        yaxis_title=t("Hands out of {n}", n=SAMPLE_HANDS),
        xaxis_type="category",
        height=320,
        margin={"l": 10, "r": 10, "t": 30, "b": 10},
    )
    return figure


def ceiling_note(ctx: WidgetContext, hand: Sequence[Card], best: int) -> None:
    """When the best game counts "without" matadors, its value is a ceiling, not a safe bid: any of the
    missing top trumps found in the skat shortens the run and lowers the value below it."""
    t = ctx.t
    rows = [
        row
        for row in bid_table(ctx.profile, hand, with_variants=False)
        if not row.declaration.game.is_null and row.value == best
    ]
    if not rows or any(row.matadors > 0 for row in rows):  # "with": the skat cannot lower it
        return
    row = rows[0]
    missing = trump_order(row.declaration.game)[: -row.matadors]
    st.warning(
        t(
            "{best} is a ceiling, not a safe bid: {game} counts 'without {n}' only while the skat holds "
            "none of the missing top trumps ({cards}). Any one of them in the skat lowers the count, and "
            "a bid of {best} is then overbid.",
            best=best,
            game=declaration_name(row.declaration, t),
            n=-row.matadors,
            cards=cards_text(missing, ctx.lang),
        ),
        icon=":material/warning:",
    )


def chance_note(ctx: WidgetContext, hand: Sequence[Card]) -> None:
    """The chance model's word on the hand (as forehand, nothing bid yet): the game it is worth bidding
    highest for, its chance and that ceiling; or that no game is worth bidding for."""
    from trainer.coach import bidding_advice, bidding_hints

    hints = bidding_hints(ctx.profile, hand, Seat.FOREHAND)
    st.markdown(t_message(bidding_advice(hints), ctx.t))


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    hand, _skat = random_hand_and_skat(seed(ctx), ctx.profile)
    st.markdown("**" + t("How high can this hand bid without being overbid?") + "**")
    card_row(sort_hand(hand), lang=ctx.lang, four_colour=ctx.four_colour)
    guess = whole_number(ctx, t("Your estimate"), key="guess", value=None, minimum=0, answer=True)
    if st.button(t("Show the engine's answer"), key=ctx.k("show"), type="primary"):
        st.session_state[ctx.k("shown")] = True
    if st.session_state.get(ctx.k("shown")):
        best = best_safe_bid(ctx.profile, hand)
        if guess is not None:
            verdict(
                guess == best,
                t(
                    "The highest bid the hand is worth is {best}, a ceiling (your estimate: {guess}).",
                    best=best,
                    guess=guess,
                ),
            )
        else:
            st.info(t("The highest bid the hand is worth is {best}, a ceiling.", best=best))
        ceiling_note(ctx, hand, best)
        chance_note(ctx, hand)
        st.table(bid_table_frame(ctx.profile, hand, None, t, with_variants=False))
        st.caption(
            t(
                "The value of the hand's dearest suit game or grand, counted without the skat: the "
                "textbook's highest possible bid. It tells you how far you may bid without being overbid, "
                "not whether you will win. Null games have fixed values and say nothing about the cards."
            )
        )
    new_deal_button(ctx, clear=("guess", "shown"))
