"""The end of a deal with everything open, so a learner can recount the result: every seat's cards as
dealt, the skat as found and as laid away (or passed round in Ramse), both sides' card points and tricks,
the working of the game's value (the matadors counted with the skat, each level reached, kontra and re),
and the card play stepped trick by trick with every hand open.

Only a finished deal is drawn (the state a seat's door reveals once the deal is over:
:meth:`trainer.table_session.SeatDoor.reveal`), so nothing hidden reaches the page while it is played. The
Play page and the shared table both draw it. Every number comes from the engine (the deal's state and its
outcome); this module only lays them out.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import streamlit as st

from trainer.cards import Card, card_points, sort_hand
from trainer.deal import Seat
from trainer.errors import N_, SkatError
from trainer.rules import DealState, Outcome, PlayCard, RamsePass
from trainer.rules.play import sort_cards
from trainer.safe_text import for_html, for_markdown
from trainer.table_session import place_of_seat
from trainer.text import upper_first
from trainer.ui.context import PageContext
from trainer.ui.terms import card_label, seat_name, value_words
from trainer.ui.views.cards import card_row_html
from trainer.ui.views.table import SeatHand, TableView, draw_table
from trainer.ui.views.texts import seat_title

Names = tuple[str, str, str]
"""Who played each seat (by seat), plain text as typed: the view escapes it."""


def names_by_seat(by_place: Sequence[str], number: int) -> Names:
    """The players' names (by place) by the seat each played in deal ``number``."""
    first, second, third = (by_place[place_of_seat(seat, number)] for seat in Seat)
    return (first, second, third)


def ordered(cards: Sequence[Card], state: DealState) -> list[Card]:
    """Cards in the order of the game played (trumps first), or the usual order without a game."""
    if state.declaration is not None:
        return sort_cards(cards, state.declaration.game)
    return sort_hand(cards)


def state_after_tricks(state: DealState, tricks: int) -> DealState:
    """The finished deal as it stood when ``tricks`` tricks had been played (0: right before the first
    lead, the calls of the knock window after it included from the first trick on), replayed from its
    moves."""
    moves = state.history
    cut = len(moves)
    played = 0
    for index, move in enumerate(moves):
        if isinstance(move, PlayCard):
            if played == 3 * tricks:
                cut = index
                break
            played += 1
    return state.skat_game.replay(moves[:cut])


def _who(seat: Seat, names: Names, state: DealState, ctx: PageContext, *, html: bool) -> str:
    """A seat's player with its seat and role ('You · forehand · declarer'), escaped for HTML or Markdown."""
    t = ctx.t
    role = seat_title(seat, state.declarer, t) if state.declarer is not None else seat_name(seat, t)
    name = for_html(names[int(seat)]) if html else for_markdown(names[int(seat)])
    return f"{name} · {escape(role) if html else role}"


def _row(label: str, cards: Sequence[Card | None], ctx: PageContext, css_class: str, seat: str = "") -> str:
    attribute = f' data-seat="{seat}"' if seat else ""
    return (
        f'<div class="{css_class}"{attribute} style="margin:4px 0">'
        f'<div style="font-size:0.85rem;font-weight:600">{label}</div>'
        + card_row_html(list(cards), lang=ctx.lang, four_colour=ctx.four_colour, width="44px")
        + "</div>"
    )


def dealt_html(state: DealState, names: Names, ctx: PageContext) -> str:
    """Every seat's ten cards as dealt, the skat as found and, after a pickup, the two cards laid away."""
    t = ctx.t
    rows = [
        _row(
            _who(seat, names, state, ctx, html=True),
            ordered(state.deal.hand(seat), state),
            ctx,
            "skat-dealt",
            seat.name,
        )
        for seat in Seat
    ]
    found = tuple(state.deal.skat)
    rows.append(
        _row(
            escape(t("Skat as found ({points} card points)", points=card_points(found))),
            ordered(found, state),
            ctx,
            "skat-found",
        )
    )
    if state.picked_up and state.declarer is not None:
        laid = state.discards
        rows.append(
            _row(
                escape(
                    t(
                        "Laid away by {who} ({points} card points)",
                        who=names[int(state.declarer)],
                        points=card_points(laid),
                    )
                ),
                ordered(laid, state),
                ctx,
                "skat-laid",
            )
        )
    return '<div class="skat-deal-end">' + "".join(rows) + "</div>"


def skat_words(state: DealState, names: Names, ctx: PageContext) -> list[str]:
    """What became of the skat, in sentences (Markdown): played hand, or passed round in Ramse."""
    t = ctx.t
    lines = []
    declaration = state.declaration
    if declaration is not None and declaration.hand and state.declarer is not None:
        lines.append(
            t(
                "{who} played hand: the skat stayed face down and its {points} card points count for the "
                "declarer.",
                who=for_markdown(names[int(state.declarer)]),
                points=card_points(state.deal.skat),
            )
        )
    for move in state.history:
        if isinstance(move, RamsePass):
            lines.append(
                t(
                    "{who} passed on {cards}.",
                    who=for_markdown(names[int(move.seat)]),
                    cards=" ".join(card_label(c, ctx.lang) for c in move.cards),
                )
            )
    return lines


def points_words(outcome: Outcome, names: Names, ctx: PageContext) -> str | None:
    """Both sides' card points and tricks at the end (the skat counted where it belongs), or each seat's in
    Ramse; None when no card was played."""
    t = ctx.t
    if outcome.cards_played == 0:
        return None
    if outcome.declarer is None:
        return " · ".join(
            t(
                "{who}: **{points}** card points in {tricks} tricks",
                who=for_markdown(names[int(seat)]),
                points=outcome.points[int(seat)],
                tricks=outcome.tricks[int(seat)],
            )
            for seat in Seat
        )
    declarer = outcome.declarer
    defenders = [seat for seat in Seat if seat is not declarer]
    return t(
        "Declarer ({who}): **{points}** card points in {tricks} tricks, the skat included · defenders: "
        "**{other}** card points in {other_tricks} tricks.",
        who=for_markdown(names[int(declarer)]),
        points=outcome.points[int(declarer)],
        tricks=outcome.tricks[int(declarer)],
        other=sum(outcome.points[int(seat)] for seat in defenders),
        other_tricks=sum(outcome.tricks[int(seat)] for seat in defenders),
    )


def value_lines(outcome: Outcome, names: Names, ctx: PageContext) -> list[str]:
    """How the result's value is counted, so it can be recounted: the matadors (over the declarer's ten
    cards and the skat as found), each level reached and the product; an overbid's valuation; kontra/re."""
    t = ctx.t
    result = outcome.result
    if result is None or outcome.declarer is None:
        return []
    breakdown = result.breakdown
    lines = [t("**The value counted:** {count}.", count=value_words(breakdown, t))]
    if not breakdown.is_null:
        lines.append(
            t("The matadors are counted over the declarer's ten cards as dealt and the skat as found.")
        )
    if result.overbid:
        lines.append(
            t(
                "That is below the bid {bid}: the game is lost and counts the lowest multiple of its base "
                "value that reaches the bid, {value}.",
                bid=outcome.bid,
                value=result.value,
            )
        )
    factor = outcome.kontra_factor
    if factor != 1:
        lines.append(
            t(
                "Kontra/re: {value} × {factor} = {total}.",
                value=result.value,
                factor=factor,
                total=result.value * factor,
            )
        )
    if outcome.bock:
        lines.append(
            t(
                "Bock deal: {value} × {factor} = {total}.",
                value=result.value * factor,
                factor=outcome.bock_factor,
                total=outcome.scored_value,
            )
        )
    return lines


def table_at(state: DealState, tricks: int, bottom: Seat, names: Names) -> TableView:
    """The table with every hand open after ``tricks`` tricks, the last of them on the table with its
    winner, the skat as it lies at the end."""
    now = state_after_tricks(state, tricks)
    hands = tuple(SeatHand(seat, len(now.hand(seat)), tuple(ordered(now.hand(seat), state))) for seat in Seat)
    trick: tuple[tuple[Seat, Card], ...] = ()
    winner = None
    if tricks:
        done = state.tricks[tricks - 1]
        trick = tuple(zip(done.seats, done.cards, strict=True))
        winner = done.winner
    return TableView(
        bottom=bottom,
        hands=(hands[0], hands[1], hands[2]),
        declarer=state.declarer,
        declaration=state.declaration,
        bid=state.bid,
        trick=trick,
        trick_winner=winner,
        trick_number=max(tricks, 1),
        skat=tuple(state.skat),
        names=names,
    )


def trick_stepper(state: DealState, bottom: Seat, names: Names, ctx: PageContext, key: str) -> None:
    """The card play again, trick by trick, every hand open (from before the first lead to the last
    trick), with both sides' card points from tricks so far."""
    t = ctx.t
    total = len(state.tricks)
    if total == 0:
        return
    position_key = f"{key}_trick"
    position = min(max(int(st.session_state.get(position_key, total)), 0), total)
    steps = (
        (t("Before the first lead"), ":material/first_page:", 0),
        (t("Previous trick"), ":material/chevron_left:", max(position - 1, 0)),
        (t("Next trick"), ":material/chevron_right:", min(position + 1, total)),
        (t("Last trick"), ":material/last_page:", total),
    )
    row = st.container(horizontal=True, gap="small", key=f"{key}_steps")
    for label, icon, target in steps:
        if row.button(label, key=f"{key}_{icon.split('/')[-1].rstrip(':')}", icon=icon):
            position = target
    st.session_state[position_key] = position
    declarer = state.declarer
    done = state.tricks[:position]
    if declarer is None:
        so_far = " · ".join(
            f"{for_markdown(names[int(seat)])} {sum(tr.points for tr in done if tr.winner is seat)}"
            for seat in Seat
        )
    else:
        so_far = t(
            "declarer {d}, defenders {o}",
            d=sum(tr.points for tr in done if tr.winner is declarer),
            o=sum(tr.points for tr in done if tr.winner is not declarer),
        )
    st.caption(
        t(
            "After trick {n} of {total} · card points from tricks so far: {points}",
            n=position,
            total=total,
            points=so_far,
        )
    )
    draw_table(table_at(state, position, bottom, names), ctx, key=f"{key}_table")


def draw_deal_end(
    state: DealState,
    ctx: PageContext,
    *,
    key: str,
    bottom: Seat,
    names: Names,
    outcome: Outcome | None = None,
) -> None:
    """Everything about the finished deal ``state``, open (see the module's docstring); ``bottom``: the
    viewer's seat, drawn at the bottom of the stepped table; ``names``: who played each seat, by seat;
    ``outcome``: the deal's outcome as the table scored it (a Bock deal's factor included), else its own."""
    t = ctx.t
    outcome = outcome or state.outcome()
    if outcome is None:
        raise SkatError.of(N_("The whole deal is shown only once it is over."))
    if outcome.passed_in and not state.tricks:
        label = t("The cards as dealt")
    else:
        label = t("The whole deal: every hand, the skat, each trick")
    with st.expander(label, expanded=True, icon=":material/visibility:"):
        st.html(dealt_html(state, names, ctx))
        lines = skat_words(state, names, ctx)
        points = points_words(outcome, names, ctx)
        if points is not None:
            lines.append(points)
        lines.extend(value_lines(outcome, names, ctx))
        for line in lines:
            st.markdown(upper_first(line))
        trick_stepper(state, bottom, names, ctx, key)
