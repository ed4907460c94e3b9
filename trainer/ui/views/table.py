"""The card table: the viewer's hand at the bottom, the two other seats left and right, the trick in the
middle in play order, the skat and the bid on the table.

A page builds a :class:`TableView` from what ONE seat may see (:meth:`TableView.from_seat_view`, the seat's
:class:`~trainer.rules.game.SeatView` of a live or a replayed deal), or with every hand open for a replay
shown
to all (:meth:`TableView.from_frame`), and hands it to :func:`draw_table`. The table view holds
no card the viewer may not see: a hidden hand is only its card count, a hidden skat only its backs, so
nothing hidden can reach the page's HTML.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from html import escape

import streamlit as st

from trainer.cards import Card, card_points
from trainer.deal import SKAT_SIZE, Seat
from trainer.games import Declaration
from trainer.replay import Frame, GameRecord
from trainer.rules import PlayCard, SeatView
from trainer.safe_text import for_html, for_markdown, plain
from trainer.text import upper_first
from trainer.ui.context import PageContext
from trainer.ui.terms import seat_name, thinking
from trainer.ui.views.cards import CardSize, card_column_html, card_row_html
from trainer.ui.views.hand import draw_hand
from trainer.ui.views.texts import seat_title


@dataclass(frozen=True)
class SeatHand:
    """One seat at the table: its cards when the viewer may see them (``cards`` None: face down), and
    how many it holds either way."""

    seat: Seat
    count: int
    cards: tuple[Card, ...] | None = None


@dataclass(frozen=True)
class TableView:
    """What the viewer sees of the table.

    ``bottom`` is the seat drawn at the bottom (the viewer's own seat, or the seat chosen to sit at when
    every hand is shown); the seat on its left (next to play, clockwise) is drawn left, the other right.
    ``trick`` is the trick on the table in play order; ``trick_winner`` is set once it is complete.
    ``skat`` is what lies in the skat: cards face up when the viewer may see them, ``None`` for a back
    (an empty tuple: no skat on the table).
    """

    bottom: Seat
    hands: tuple[SeatHand, SeatHand, SeatHand]
    declarer: Seat | None = None
    declaration: Declaration | None = None
    bid: int | None = None
    trick: tuple[tuple[Seat, Card], ...] = ()
    trick_winner: Seat | None = None
    trick_number: int = 1
    to_move: Seat | None = None
    skat: tuple[Card | None, ...] = ()
    legal: frozenset[Card] = field(default_factory=frozenset)
    """The bottom seat's cards it may play now (empty when it is not its turn)."""
    names: tuple[str, str, str] | None = None
    """Who sits in each seat (a shared table's players, as typed: the view escapes them), by seat; None
    labels the seats by their names only."""
    thinking: str | None = None
    """Who is deciding the move of the seat to move (plain text, e.g. 'Left · middlehand'), shown in that
    seat's place as thinking while the page waits on a computer; None: nobody is shown thinking."""

    def hand(self, seat: Seat) -> SeatHand:
        return self.hands[int(seat)]

    @property
    def left(self) -> Seat:
        return self.bottom.next

    @property
    def right(self) -> Seat:
        return self.bottom.previous

    @property
    def trick_points(self) -> int:
        """Card points of the trick on the table (the engine's card values)."""
        return card_points(card for _, card in self.trick)

    @classmethod
    def from_frame(cls, frame: Frame, record: GameRecord) -> TableView:
        """The table of a replay frame with every hand open (the replay viewer's "All hands", a projector);
        the declarer at the bottom, the discards in the skat (a hand game's skat stays face down). One seat's
        table of a replay is :meth:`from_seat_view` of that seat's view."""
        hands = tuple(SeatHand(seat, len(frame.hands[int(seat)]), frame.hands[int(seat)]) for seat in Seat)
        if record.declaration.hand:
            skat: tuple[Card | None, ...] = (None,) * SKAT_SIZE
        else:
            skat = tuple(record.discards)
        return cls(
            bottom=record.declarer,
            hands=(hands[0], hands[1], hands[2]),
            declarer=record.declarer,
            declaration=record.declaration,
            bid=record.bid,
            trick=tuple(zip(frame.trick_seats, frame.trick, strict=True)),
            trick_winner=frame.trick_winner,
            trick_number=frame.trick_number,
            to_move=frame.to_move,
            skat=skat,
        )

    @classmethod
    def from_seat_view(
        cls,
        view: SeatView,
        *,
        last_trick: bool = False,
        names: tuple[str, str, str] | None = None,
        own_order: Sequence[Card] | None = None,
        thinking: str | None = None,
    ) -> TableView:
        """The table as ``view``'s seat sees it in a live deal (the play page): its own hand with the cards
        it may play now, the other hands as counts unless they lie open, the skat face down until the
        declarer's own discards lie there (the declarer sees them; nobody else does). ``last_trick``: with
        no card on the table yet, show the trick just completed with its winner. ``names``: who sits in
        each seat (by seat), for the seat labels. ``own_order``: the seat's own cards in the order to draw
        them (the Play page sorts them for the game); the view's order when None. ``thinking``: who is
        deciding the move of the seat to move (never the viewer's own seat). The one builder of a live
        table: the Play page and the shared table draw through it."""
        hands = tuple(
            SeatHand(
                seat,
                view.card_counts[int(seat)],
                (tuple(own_order) if own_order is not None else view.hand)
                if seat is view.seat
                else view.open_hand(seat),
            )
            for seat in Seat
        )
        trick = view.current_trick
        winner: Seat | None = None
        number = len(view.tricks) + 1
        if not trick and last_trick and view.tricks:
            done = view.tricks[-1]
            trick = tuple(zip(done.seats, done.cards, strict=True))
            winner = done.winner
            number = len(view.tricks)
        if view.discards:
            skat: tuple[Card | None, ...] = tuple(view.discards)
        elif view.skat:  # in the declarer's hand (or the cards passed in Ramse): nothing on the table
            skat = ()
        else:
            skat = (None,) * SKAT_SIZE
        return cls(
            bottom=view.seat,
            hands=(hands[0], hands[1], hands[2]),
            declarer=view.declarer,
            declaration=view.declaration,
            bid=view.bid,
            trick=trick,
            trick_winner=winner,
            trick_number=number,
            to_move=view.to_move,
            skat=skat,
            legal=frozenset(move.card for move in view.legal_moves if isinstance(move, PlayCard)),
            names=names,
            thinking=thinking if view.to_move is not None and view.to_move is not view.seat else None,
        )


def _seat_caption(table: TableView, seat: Seat, ctx: PageContext, *, html: bool) -> str:
    """A seat's label, escaped for HTML (``html``) or Markdown: its player's name when the table has
    names, the seat and its role, and a mark when it is to move."""
    t = ctx.t
    title = seat_title(seat, table.declarer, t) if table.declarer is not None else seat_name(seat, t)
    text = upper_first(title) + (" ◀" if seat is table.to_move else "")
    if html:
        text = escape(text)
    if table.names is None:
        return text
    name = table.names[int(seat)]
    return f"{for_html(name) if html else for_markdown(name)} · {text}"


def _side_html(table: TableView, seat: Seat, ctx: PageContext, size: CardSize) -> str:
    hand = table.hand(seat)
    t = ctx.t
    if hand.cards is not None:
        cards: list[Card | None] = list(hand.cards)
        count = ""
    else:
        cards = [None] * hand.count
        count = t.ngettext("{n} card, face down", "{n} cards, face down", hand.count)
    column = card_column_html(
        cards, lang=ctx.lang, four_colour=ctx.four_colour, size=size.side, hidden_label=t("face down")
    )
    return (
        f'<div class="skat-seat" data-seat="{seat.name}" style="min-width:0;text-align:center">'
        f'<div style="font-weight:600;font-size:0.8rem;line-height:1.2;margin-bottom:4px">'
        f"{_seat_caption(table, seat, ctx, html=True)}</div>{_thinking_html(table, seat, ctx)}{column}"
        f'<div style="font-size:0.72rem;opacity:0.75">{escape(count)}</div></div>'
    )


THINKING_STYLE = (
    "font-size:0.72rem;line-height:1.2;margin:0 auto 4px;padding:2px 3px;border-radius:6px;"
    "background:#fff3c4;color:#3d3000;overflow-wrap:break-word;max-width:100%"
)
"""The thinking marker: dark text on pale yellow (contrast well above WCAG AA's 4.5:1), wrapping in a
phone's narrow seat column."""


def _thinking_html(table: TableView, seat: Seat, ctx: PageContext) -> str:
    """In the place of the seat to move, while the page waits on it: who is thinking, as a status line a
    screen reader announces (``role=status``, polite); nothing for the other seats."""
    if table.thinking is None or seat is not table.to_move or seat is table.bottom:
        return ""
    text = escape(thinking(table.thinking, ctx.t))
    return (
        f'<div class="skat-thinking" data-seat="{seat.name}" role="status" aria-live="polite" '
        f'style="{THINKING_STYLE}">{text}</div>'
    )


TRICK_NAME = 12
"""Longest player's name under a card of the trick (longer ones are cut with "…")."""


def _short_seat(seat: Seat, ctx: PageContext, names: tuple[str, str, str] | None = None) -> str:
    """A card's caption in the trick (plain text; the card figure escapes it): the player, or the seat."""
    t = ctx.t
    if names is not None:
        return plain(names[int(seat)], TRICK_NAME)
    return {Seat.FOREHAND: t("fore"), Seat.MIDDLEHAND: t("middle"), Seat.REARHAND: t("rear")}[seat]


def _centre_html(table: TableView, ctx: PageContext, size: CardSize) -> str:
    t = ctx.t
    parts = []
    if table.trick:
        winner = table.trick_winner
        captions = [
            _short_seat(seat, ctx, table.names) + (" ★" if seat is table.declarer else "")
            for seat, _ in table.trick
        ]
        states = [seat is winner for seat, _ in table.trick]
        parts.append(
            card_row_html(
                [card for _, card in table.trick],
                lang=ctx.lang,
                four_colour=ctx.four_colour,
                captions=captions,
                highlighted=states,
                width=size.trick,
                centred=True,
                css_class="skat-trick",
            )
        )
    else:
        parts.append(
            f'<div class="skat-trick-empty" style="margin:6px auto;width:{size.trick};'
            f'aspect-ratio:5/7;border:2px dashed rgba(30,91,58,0.35);border-radius:8px"></div>'
        )
    info = []
    if table.skat:
        info.append(
            f'<div style="font-size:0.72rem;opacity:0.8">{escape(t("Skat"))}</div>'
            + card_row_html(
                list(table.skat),
                lang=ctx.lang,
                four_colour=ctx.four_colour,
                width=size.skat,
                centred=True,
                css_class="skat-skat",
                hidden_label=t("face down"),
            )
        )
    if table.bid is not None:
        info.append(
            f'<div class="skat-bid" style="font-size:0.8rem"><span style="opacity:0.8">{escape(t("Bid"))}'
            f"</span> <b>{table.bid}</b></div>"
        )
    if info:
        parts.append(
            '<div style="display:flex;gap:14px;justify-content:center;align-items:flex-end;flex-wrap:wrap">'
            + "".join(f"<div>{block}</div>" for block in info)
            + "</div>"
        )
    return f'<div class="skat-centre" style="min-width:0;text-align:center">{"".join(parts)}</div>'


def table_html(table: TableView, ctx: PageContext, size: CardSize) -> str:
    """The top of the table (left seat, the trick with skat and bid, right seat) as one HTML block."""
    return (
        f'<div class="skat-table" data-bottom="{table.bottom.name}" style="display:grid;'
        "grid-template-columns:minmax(0,1fr) minmax(0,2.6fr) minmax(0,1fr);gap:6px;align-items:start;"
        'background:rgba(30,91,58,0.08);border-radius:12px;padding:8px 4px">'
        f"{_side_html(table, table.left, ctx, size)}{_centre_html(table, ctx, size)}"
        f"{_side_html(table, table.right, ctx, size)}</div>"
    )


def draw_table(
    table: TableView,
    ctx: PageContext,
    *,
    key: str,
    size: CardSize | None = None,
    on_card: Callable[[Card], None] | None = None,
    clickable: Collection[Card] | None = None,
) -> None:
    """Draw the table; the bottom seat's hand as card images below it.

    With ``on_card`` the bottom hand is a row of buttons (keys ``f"{key}-{card.iss}"``), each drawn as
    its card's face: ``clickable`` names the cards that can be clicked (default: ``table.legal``; pass
    the whole hand to let the learner try any card and hear why it is refused). Without ``on_card`` the
    hand is a row of pictures (or backs, when the bottom seat's cards are hidden).
    """
    size = size or CardSize()
    t = ctx.t
    if table.trick:
        st.markdown(t("**Trick {n}**", n=table.trick_number))
    else:
        st.caption(t("Trick {n}: no card played yet.", n=table.trick_number))
    st.html(table_html(table, ctx, size))
    draw_trick_caption(table, ctx)
    bottom = table.hand(table.bottom)
    st.markdown(f"**{_seat_caption(table, table.bottom, ctx, html=False)}**")
    if bottom.cards is None:
        st.html(
            card_row_html([None] * bottom.count, lang=ctx.lang, width=size.side, hidden_label=t("face down"))
        )
        st.caption("🂠 " + t.ngettext("{n} card, face down", "{n} cards, face down", bottom.count))
        return
    draw_hand(
        bottom.cards,
        ctx,
        key=key,
        width=size.hand,
        on_card=on_card,
        clickable=table.legal if clickable is None else clickable,
    )


def draw_trick_caption(table: TableView, ctx: PageContext) -> None:
    """Who won the completed trick on the table, and its card points."""
    winner = table.trick_winner
    if winner is not None:
        who = (
            upper_first(seat_name(winner, ctx.t))
            if table.names is None
            else for_markdown(table.names[int(winner)])
        )
        points = table.trick_points
        st.caption(ctx.t("{winner} wins the trick ({points} card points).", winner=who, points=points))
