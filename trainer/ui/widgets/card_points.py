"""card_points: a random trick or pile; the learner counts its card points (øjne) and the engine checks."""

from __future__ import annotations

import streamlit as st

from trainer.cards import TOTAL_CARD_POINTS, card_points
from trainer.deal import shuffled_deck
from trainer.ui.components import card_row, verdict
from trainer.ui.widgets.base import WidgetContext, new_deal_button, seed, whole_number

PILE_SIZES = (3, 5, 8)
"""A trick (3 cards) or a bigger pile, as at the end of a game when the tricks are counted."""


def _reset(checked_key: str) -> None:
    st.session_state[checked_key] = False


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    size_key = ctx.k("size")
    if size_key not in st.session_state:
        st.session_state[size_key] = PILE_SIZES[0]
    size = st.segmented_control(
        t("How many cards?"),
        PILE_SIZES,
        key=size_key,
        required=True,
        format_func=lambda n: t("A trick (3 cards)") if n == 3 else t("{n} cards", n=n),
        on_change=_reset,
        args=(ctx.k("checked"),),
    )
    pile = shuffled_deck(seed(ctx))[: int(size or PILE_SIZES[0])]
    total = card_points(pile)
    st.markdown("**" + t("How many card points (øjne) are in these cards?") + "**")
    card_row(pile, lang=ctx.lang, four_colour=ctx.four_colour)
    # the answer field belongs to these cards: new cards or another pile size give a fresh one
    answer = whole_number(
        ctx,
        t("Your count"),
        key=f"answer-{seed(ctx)}-{len(pile)}",
        value=None,
        minimum=0,
        maximum=TOTAL_CARD_POINTS,
        answer=True,
    )
    if st.button(t("Check"), key=ctx.k("check"), type="primary"):
        st.session_state[ctx.k("checked")] = True
    if st.session_state.get(ctx.k("checked")) and answer is not None:
        working = " + ".join(str(card.points) for card in pile) + f" = {total}"
        if answer == total:
            verdict(True, t("Right: {working} card points.", working=working))
        else:
            verdict(
                False,
                t("Not quite: {working} card points, not {answer}.", working=working, answer=answer),
            )
        st.caption(t("Ace 11, ten 10, king 4, queen 3, jack 2, nine, eight and seven 0."))
    new_deal_button(ctx, clear=("answer", "checked"))
