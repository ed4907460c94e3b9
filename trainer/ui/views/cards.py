"""Card pictures as HTML for the table: a row, a fanned column (a seat at the side of the table) and the
card sizes, which are a parameter of every view that draws cards.

A row of face-up cards carries ``data-cards`` (their ISS codes, ``back`` for a face-down one) so tests and
screen readers find them; a seat's hidden hand carries only ``data-backs`` (its count): its cards are
never in the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.cardart import CardState
from trainer.cards import Card
from trainer.ui.components import CARD_WIDTH_CSS, card_figure_html


@dataclass(frozen=True)
class CardSize:
    """CSS widths of the cards at the table (height follows at 7:5). The defaults fit a 390 px phone:
    ten cards of the hand in two rows, the side seats as narrow fans, the trick in the middle."""

    hand: str = "clamp(44px, 14.5vw, 60px)"
    trick: str = "clamp(40px, 12vw, 76px)"
    side: str = "clamp(30px, 9vw, 52px)"
    skat: str = "clamp(24px, 7vw, 40px)"

    @classmethod
    def large(cls) -> CardSize:
        """Projector cards: up to 150 px in the trick and 120 px in the hand."""
        return cls(
            hand="clamp(40px, 6.5vw, 110px)",
            trick="clamp(48px, 14vw, 150px)",
            side="clamp(30px, 6vw, 80px)",
            skat="clamp(24px, 5vw, 60px)",
        )


def card_row_html(
    cards: Sequence[Card | None],
    *,
    lang: str,
    four_colour: bool = False,
    captions: Sequence[str] | None = None,
    highlighted: Sequence[bool] | None = None,
    width: str = CARD_WIDTH_CSS,
    centred: bool = False,
    css_class: str = "card-row",
    hidden_label: str = "",
) -> str:
    """A wrapping row of cards (``None`` = a back), optionally captioned and with some highlighted."""
    figures = "".join(
        card_figure_html(
            card,
            lang=lang,
            four_colour=four_colour,
            state=CardState.HIGHLIGHTED if highlighted and highlighted[i] else CardState.NORMAL,
            caption=captions[i] if captions else "",
            hidden_label=hidden_label,
            width=width,
        )
        for i, card in enumerate(cards)
    )
    codes = " ".join(card.iss if card else "back" for card in cards)
    justify = "center" if centred else "flex-start"
    return (
        f'<div class="{css_class}" data-cards="{codes}" style="display:flex;flex-wrap:wrap;gap:6px;'
        f'justify-content:{justify};align-items:flex-start;margin:4px 0 8px 0">{figures}</div>'
    )


def card_column_html(
    cards: Sequence[Card | None], *, lang: str, four_colour: bool = False, size: str, hidden_label: str = ""
) -> str:
    """A seat's hand as a vertical fan: each card overlaps the one above it so that only its corner index
    shows (the last one whole). Face-down cards only say how many there are."""
    if not cards:
        return ""
    hidden = all(card is None for card in cards)
    overlap = f"calc(-1.4 * {size} * 0.{'80' if hidden else '60'})"
    figures = "".join(
        f'<div style="margin-top:{overlap if i else "0"};position:relative">'
        + card_figure_html(card, lang=lang, four_colour=four_colour, hidden_label=hidden_label, width=size)
        + "</div>"
        for i, card in enumerate(cards)
    )
    if hidden:
        data = f'data-backs="{len(cards)}"'
    else:
        data = 'data-cards="' + " ".join(card.iss if card else "back" for card in cards) + '"'
    return (
        f'<div class="card-column" {data} style="display:flex;flex-direction:column;align-items:center;'
        f'margin:0 auto 4px auto">{figures}</div>'
    )
