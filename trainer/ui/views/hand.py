"""The viewer's own hand: card pictures, or card pictures that are themselves the buttons.

Each clickable card is a keyed ``st.button`` (key ``f"{key}-{card.iss}"``, labelled with the card's name in
words for screen readers: "Queen of spades", not "♠Q") styled with its SVG face through the
``.st-key-<key>`` class Streamlit adds to keyed widgets, so AppTest clicks it like any button
(``at.button(key="play_hand-SJ").click()``) and a browser shows a card.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

import streamlit as st

from trainer.cardart import CardState
from trainer.cards import Card
from trainer.ui.components import card_uri
from trainer.ui.context import PageContext
from trainer.ui.terms import card_name
from trainer.ui.views.cards import card_row_html


def card_button_key(key: str, card: Card) -> str:
    """The widget key of ``card``'s button in the hand ``key``."""
    return f"{key}-{card.iss}"


def _hand_css(cards: Sequence[Card], ctx: PageContext, key: str, width: str) -> str:
    rules = [
        f".st-key-{key} {{ flex-wrap: wrap; gap: 6px; }}",
        f".st-key-{key} button {{ width: {width}; min-width: {width}; height: calc({width} * 1.4);"
        " min-height: 0; padding: 0; border: 1px solid transparent; border-radius: 7px;"
        " background-color: #fff; background-position: center; background-size: 100% 100%;"
        " background-repeat: no-repeat; color: transparent; transition: transform 80ms; }",
        f".st-key-{key} button p {{ color: transparent; font-size: 1px; }}",
        f".st-key-{key} button:not(:disabled):hover {{ transform: translateY(-5px);"
        " box-shadow: 0 3px 8px rgba(0,0,0,0.25); border-color: #d4a017; }",
        f".st-key-{key} button:not(:disabled):focus-visible {{ outline: 3px solid #d4a017; }}",
        f".st-key-{key} button:disabled {{ opacity: 0.45; cursor: default; }}",
    ]
    for card in cards:
        uri = card_uri(card, ctx.four_colour, CardState.NORMAL, ctx.lang)
        rules.append(f'.st-key-{card_button_key(key, card)} button {{ background-image: url("{uri}"); }}')
    return "<style>" + "\n".join(rules) + "</style>"


def draw_hand(
    cards: Sequence[Card],
    ctx: PageContext,
    *,
    key: str,
    width: str,
    on_card: Callable[[Card], None] | None = None,
    clickable: Collection[Card] = (),
) -> None:
    """The hand as pictures; with ``on_card``, as card buttons of which ``clickable`` can be pressed
    (``on_card(card)`` runs as the click's callback, before the page reruns)."""
    if on_card is None:
        st.html(
            card_row_html(
                list(cards),
                lang=ctx.lang,
                four_colour=ctx.four_colour,
                width=width,
                css_class="card-row skat-hand",
            )
        )
        return
    st.html(_hand_css(cards, ctx, key, width))
    row = st.container(horizontal=True, gap="small", key=key)
    for card in cards:
        row.button(  # the card in words ("Queen of spades", "Spar Dame"): what a screen reader says
            card_name(card, ctx.lang),
            key=card_button_key(key, card),
            on_click=on_card,
            args=(card,),
            disabled=card not in clickable,
        )
