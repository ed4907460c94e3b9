"""Streamlit building blocks for cards: a row of card pictures, a clickable hand, a trick view, verdicts.

Cards are drawn by :mod:`trainer.cardart` and embedded as ``data:`` URI images (Streamlit strips inline SVG).
Clicking uses ``st.pills`` so AppTest and a browser drive it the same way; a pill's value is the card's ISS
code (``CJ``), its label the suit symbol and rank in the suit's colour.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from html import escape
from typing import Any, Concatenate, ParamSpec

import streamlit as st

from trainer.cardart import CardState, card_back_svg, card_svg, svg_data_uri
from trainer.cards import Card, Suit, parse_card
from trainer.ui.context import rank_letters
from trainer.ui.terms import card_label, card_name

CARD_WIDTH_CSS = "clamp(50px, 14vw, 84px)"
"""Card width: about six cards per row on a 390 px phone, up to 84 px on a desktop."""

# Markdown colours for the pill labels; None = the normal (dark) text colour, as for black suits.
_PILL_COLOURS = {Suit.CLUBS: None, Suit.SPADES: None, Suit.HEARTS: "red", Suit.DIAMONDS: "red"}
_PILL_FOUR_COLOURS = {Suit.CLUBS: "green", Suit.SPADES: None, Suit.HEARTS: "red", Suit.DIAMONDS: "orange"}
_P = ParamSpec("_P")


@lru_cache(maxsize=512)
def card_uri(card: Card, four_colour: bool, state: CardState, lang: str) -> str:
    """A card face as a data URI (cached: the same 32 cards are drawn again on every rerun)."""
    letters = rank_letters(lang)
    title = card_name(card, lang)
    return svg_data_uri(card_svg(card, four_colour=four_colour, state=state, letters=letters, title=title))


@lru_cache(maxsize=8)
def _back_uri(state: CardState) -> str:
    return svg_data_uri(card_back_svg(state=state))


def card_figure_html(
    card: Card | None,
    *,
    lang: str,
    four_colour: bool = False,
    state: CardState = CardState.NORMAL,
    caption: str = "",
    hidden_label: str = "",
    width: str = CARD_WIDTH_CSS,
) -> str:
    """One card (``None`` = face down) as an ``<img>`` in a ``<figure>`` with an optional caption;
    ``width`` is a CSS width (the card size)."""
    if card is None:
        uri, alt, code = _back_uri(state), hidden_label, "back"
    else:
        alt = card_name(card, lang)
        uri, code = card_uri(card, four_colour, state, lang), card.iss
    caption_html = (
        # A caption may be a little wider than its card, so that a seat name such as "mellemhånd
        # (middlehand)" breaks between words on a phone instead of inside them.
        f'<figcaption lang="{lang}" style="font-size:0.72rem;line-height:1.15;margin-top:2px;'
        f"min-width:{width};max-width:calc({width} + 2.6em);"
        'overflow-wrap:break-word;hyphens:auto">'
        f"{escape(caption)}</figcaption>"
        if caption
        else ""
    )
    return (
        f'<figure style="margin:0;text-align:center" data-card="{code}" data-state="{state.value}">'
        f'<img src="{uri}" alt="{escape(alt)}" title="{escape(alt)}"'
        f' style="width:{width};height:auto;display:block;margin:0 auto"/>{caption_html}</figure>'
    )


def card_row_html(
    cards: Sequence[Card | None],
    *,
    lang: str,
    four_colour: bool = False,
    states: Mapping[Card, CardState] | Sequence[CardState] | None = None,
    captions: Sequence[str] | None = None,
    hidden_label: str = "",
) -> str:
    """A wrapping row of card pictures (``data-cards`` lists the ISS codes, for tests and screen readers)."""
    figures = []
    for i, card in enumerate(cards):
        if isinstance(states, Mapping):
            state = states.get(card, CardState.NORMAL) if card is not None else CardState.NORMAL
        elif states is not None:
            state = states[i]
        else:
            state = CardState.NORMAL
        figures.append(
            card_figure_html(
                card,
                lang=lang,
                four_colour=four_colour,
                state=state,
                caption=captions[i] if captions else "",
                hidden_label=hidden_label,
            )
        )
    codes = " ".join(card.iss if card else "back" for card in cards)
    return (
        f'<div class="card-row" data-cards="{codes}" style="display:flex;flex-wrap:wrap;gap:6px;'
        f'align-items:flex-start;margin:4px 0 10px 0">{"".join(figures)}</div>'
    )


def _drawn(
    html: Callable[Concatenate[Sequence[Card | None], _P], str],
) -> Callable[Concatenate[Sequence[Card | None], _P], None]:
    """The drawing twin of a function making the HTML of some cards, with the same options: it draws
    that HTML, and nothing at all when there are no cards."""

    def draw(cards: Sequence[Card | None], /, *args: _P.args, **kwargs: _P.kwargs) -> None:
        if cards:
            st.html(html(cards, *args, **kwargs))

    return draw


card_row = _drawn(card_row_html)
"""Draw a row of cards that wraps on narrow screens (options as :func:`card_row_html`)."""


def pill_label(card: Card, *, lang: str, four_colour: bool = False) -> str:
    """A card as a coloured Markdown label for a pill: ``:red[♥10]``."""
    colour = (_PILL_FOUR_COLOURS if four_colour else _PILL_COLOURS)[card.suit]
    label = card_label(card, lang)
    return f":{colour}[{label}]" if colour else label


def pick_card(
    label: str,
    cards: Sequence[Card],
    *,
    key: str,
    lang: str,
    four_colour: bool = False,
    on_change: Callable[..., None] | None = None,
    args: tuple[Any, ...] | None = None,
    disabled: bool = False,
) -> Card | None:
    """A clickable hand: one pill per card; returns the chosen card (or None)."""
    chosen = st.pills(
        label,
        [card.iss for card in cards],
        key=key,
        format_func=lambda code: pill_label(parse_card(code), lang=lang, four_colour=four_colour),
        on_change=on_change or "rerun",
        args=args,
        disabled=disabled,
    )
    return parse_card(chosen) if isinstance(chosen, str) else None


def pick_cards(
    label: str,
    cards: Sequence[Card],
    *,
    key: str,
    lang: str,
    four_colour: bool = False,
    disabled: bool = False,
) -> list[Card]:
    """Choose several cards (multi-select pills); returns them in hand order."""
    chosen = st.pills(
        label,
        [card.iss for card in cards],
        key=key,
        selection_mode="multi",
        format_func=lambda code: pill_label(parse_card(code), lang=lang, four_colour=four_colour),
        disabled=disabled,
    )
    picked = {parse_card(code) for code in chosen or ()}
    return [card for card in cards if card in picked]


def trick_view(
    trick: Sequence[Card],
    seat_labels: Sequence[str],
    *,
    lang: str,
    four_colour: bool = False,
    winner: int | None = None,
) -> None:
    """The cards of a trick in play order, each captioned with who played it; the winner highlighted."""
    states = [
        CardState.HIGHLIGHTED if winner is not None and i == winner else CardState.NORMAL
        for i in range(len(trick))
    ]
    card_row(trick, lang=lang, four_colour=four_colour, states=states, captions=list(seat_labels))


def verdict(correct: bool, text: str) -> None:
    """A right/wrong answer box."""
    if correct:
        st.success(text, icon=":material/check_circle:")
    else:
        st.error(text, icon=":material/cancel:")


def cards_text(cards: Sequence[Card], lang: str) -> str:
    """Cards as short text (♣J ♥10 …) for sentences."""
    return " ".join(card_label(card, lang) for card in cards)
