"""Our own SVG card faces, drawn in Python: French suits, corner indices, pips, a card back.

Pure text in, text out (no Streamlit, no third-party card art), so the pictures can be tested and reused.
The UI embeds them as ``data:`` URIs in ``<img>`` tags because Streamlit's HTML sanitiser strips inline SVG.

>>> from trainer.cards import parse_card
>>> svg = card_svg(parse_card("HT"))
>>> svg.startswith("<svg") and ">10<" in svg
True
"""

from __future__ import annotations

import base64
from enum import Enum
from html import escape

from trainer.cards import Card, Rank, Suit

WIDTH = 200
HEIGHT = 280
"""Drawing units of a card (ratio 5:7, the usual card proportion)."""


class CardState(Enum):
    """How a card is shown: normal, highlighted (e.g. legal, trump, the winner) or dimmed (e.g. illegal)."""

    NORMAL = "normal"
    HIGHLIGHTED = "highlighted"
    DIMMED = "dimmed"


class RankLetters(Enum):
    """Which letters the corner index uses for the picture cards and the ace."""

    INTERNATIONAL = "international"  # A K Q J
    DANISH = "danish"  # E K D B (Es, Konge, Dame, Bonde)


CLASSIC_COLOURS: dict[Suit, str] = {
    Suit.CLUBS: "#1b1b1b",
    Suit.SPADES: "#1b1b1b",
    Suit.HEARTS: "#c8102e",
    Suit.DIAMONDS: "#c8102e",
}
FOUR_COLOURS: dict[Suit, str] = {
    Suit.CLUBS: "#1f7a34",
    Suit.SPADES: "#1b1b1b",
    Suit.HEARTS: "#c8102e",
    Suit.DIAMONDS: "#e08a00",
}
"""Four-colour deck: clubs green, spades black, hearts red, diamonds orange (as in tournament decks)."""

# Suit symbols as paths in a 100 x 100 box (drawn, so no font needs to have the glyphs).
_SUIT_SHAPES: dict[Suit, str] = {
    Suit.HEARTS: (
        '<path d="M50 90 C20 68 4 52 6 31 C8 15 22 7 34 9 C42 10 48 16 50 23 '
        'C52 16 58 10 66 9 C78 7 92 15 94 31 C96 52 80 68 50 90 Z"/>'
    ),
    Suit.DIAMONDS: '<path d="M50 4 L84 50 L50 96 L16 50 Z"/>',
    Suit.SPADES: (
        '<path d="M50 5 C62 25 92 41 92 61 C92 75 80 83 68 81 C61 80 56 76 53 71 '
        "C54 81 58 89 66 95 L34 95 C42 89 46 81 47 71 C44 76 39 80 32 81 C20 83 8 75 8 61 "
        'C8 41 38 25 50 5 Z"/>'
    ),
    Suit.CLUBS: (
        '<circle cx="50" cy="28" r="20"/><circle cx="27" cy="58" r="20"/><circle cx="73" cy="58" r="20"/>'
        '<circle cx="50" cy="52" r="12"/>'
        '<path d="M46 50 L54 50 C54 73 58 85 68 95 L32 95 C42 85 46 73 46 50 Z"/>'
    ),
}

# Pip centres for the number cards (x, y); pips below the middle are drawn upside down.
_LEFT, _MID, _RIGHT = 68, 100, 132
_PIP_LAYOUT: dict[Rank, tuple[tuple[int, int], ...]] = {
    Rank.SEVEN: (
        (_LEFT, 72), (_RIGHT, 72), (_MID, 106), (_LEFT, 140), (_RIGHT, 140), (_LEFT, 208), (_RIGHT, 208),
    ),
    Rank.EIGHT: (
        (_LEFT, 72), (_RIGHT, 72), (_MID, 106), (_LEFT, 140), (_RIGHT, 140), (_MID, 174), (_LEFT, 208),
        (_RIGHT, 208),
    ),
    Rank.NINE: (
        (_LEFT, 66), (_RIGHT, 66), (_LEFT, 114), (_RIGHT, 114), (_MID, 140), (_LEFT, 166), (_RIGHT, 166),
        (_LEFT, 214), (_RIGHT, 214),
    ),
    Rank.TEN: (
        (_LEFT, 66), (_RIGHT, 66), (_MID, 92), (_LEFT, 114), (_RIGHT, 114), (_LEFT, 166), (_RIGHT, 166),
        (_MID, 188), (_LEFT, 214), (_RIGHT, 214),
    ),
}  # fmt: skip

_FONT = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"
_FACE_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING)


def suit_colour(suit: Suit, *, four_colour: bool = False) -> str:
    """The ink colour of a suit in the classic two-colour or the four-colour deck."""
    return (FOUR_COLOURS if four_colour else CLASSIC_COLOURS)[suit]


def rank_label(rank: Rank, letters: RankLetters = RankLetters.INTERNATIONAL) -> str:
    """The corner index: 10 for the ten; A K Q J, or the Danish E K D B."""
    return rank.danish_short if letters is RankLetters.DANISH else rank.short


def _pip(suit: Suit, cx: float, cy: float, size: float, *, flip: bool = False) -> str:
    scale = size / 100
    rotate = " rotate(180 50 50)" if flip else ""
    return (
        f'<g transform="translate({cx - size / 2:g} {cy - size / 2:g}) scale({scale:g}){rotate}">'
        f"{_SUIT_SHAPES[suit]}</g>"
    )


def _corner(label: str, suit: Suit) -> str:
    size = 40 if len(label) > 1 else 50
    spacing = ' letter-spacing="-3"' if len(label) > 1 else ""
    return (
        f'<text x="27" y="52" font-size="{size}" font-weight="bold" text-anchor="middle"'
        f' font-family="{_FONT}"{spacing}>{escape(label)}</text>' + _pip(suit, 27, 78, 32)
    )


def _centre(card: Card, label: str, colour: str) -> str:
    if card.rank is Rank.ACE:
        return _pip(card.suit, WIDTH / 2, HEIGHT / 2, 96)
    if card.rank in _PIP_LAYOUT:
        return "".join(_pip(card.suit, x, y, 38, flip=y > HEIGHT / 2) for x, y in _PIP_LAYOUT[card.rank])
    # Picture cards: a framed panel with the big letter and a pip at either end.
    tint = "#fff4d6" if card.rank is Rank.JACK else "#f7f3ea"
    return (
        f'<rect x="46" y="40" width="108" height="200" rx="10" fill="{tint}" stroke="{colour}"'
        ' stroke-width="3"/>'
        + _pip(card.suit, 100, 78, 40)
        + f'<text x="100" y="172" font-size="84" font-weight="bold" text-anchor="middle"'
        f' font-family="{_FONT}">{escape(label)}</text>' + _pip(card.suit, 100, 206, 40, flip=True)
    )


def _frame(body: str, *, state: CardState, fill: str = "#ffffff", title: str = "") -> str:
    stroke, stroke_width = ("#d4a017", 10) if state is CardState.HIGHLIGHTED else ("#8a8a8a", 3)
    face = "#fffbe6" if state is CardState.HIGHLIGHTED and fill == "#ffffff" else fill
    veil = (
        f'<rect x="2" y="2" width="{WIDTH - 4}" height="{HEIGHT - 4}" rx="16" fill="#ffffff" opacity="0.6"/>'
        if state is CardState.DIMMED
        else ""
    )
    title_tag = f"<title>{escape(title)}</title>" if title else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}"'
        f' height="{HEIGHT}" role="img">{title_tag}'
        f'<rect x="{stroke_width / 2:g}" y="{stroke_width / 2:g}" width="{WIDTH - stroke_width:g}"'
        f' height="{HEIGHT - stroke_width:g}" rx="16" fill="{face}" stroke="{stroke}"'
        f' stroke-width="{stroke_width}"/>{body}{veil}</svg>'
    )


def card_svg(
    card: Card,
    *,
    four_colour: bool = False,
    state: CardState = CardState.NORMAL,
    letters: RankLetters = RankLetters.INTERNATIONAL,
    title: str = "",
) -> str:
    """One card face as a standalone SVG document.

    ``four_colour`` switches to the four-colour deck; ``state`` highlights or dims the card; ``letters``
    picks the corner letters (A K Q J or the Danish E K D B); ``title`` becomes the SVG's tooltip.
    """
    colour = suit_colour(card.suit, four_colour=four_colour)
    label = rank_label(card.rank, letters)
    corners = _corner(label, card.suit)
    body = (
        f'<g fill="{colour}">{corners}'
        f'<g transform="rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g})">{corners}</g>'
        f"{_centre(card, label, colour)}</g>"
    )
    return _frame(body, state=state, title=title)


def card_back_svg(*, state: CardState = CardState.NORMAL, title: str = "") -> str:
    """The back of a card: a green lattice (face-down cards, the skat before it is picked up)."""
    pattern = (
        '<defs><pattern id="lattice" width="20" height="20" patternUnits="userSpaceOnUse"'
        ' patternTransform="rotate(45)"><rect width="20" height="20" fill="#1e5b3a"/>'
        '<path d="M0 10 H20 M10 0 V20" stroke="#7fb996" stroke-width="2.5"/></pattern></defs>'
    )
    body = (
        f'{pattern}<rect x="16" y="16" width="{WIDTH - 32}" height="{HEIGHT - 32}" rx="10"'
        ' fill="url(#lattice)" stroke="#d8c690" stroke-width="4"/>'
    )
    return _frame(body, state=state, fill="#f4efe1", title=title)


def svg_data_uri(svg: str) -> str:
    """An SVG document as a ``data:image/svg+xml;base64,...`` URI for an ``<img src>``."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
