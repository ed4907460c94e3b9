"""The Play page's table: the learner's hand as card buttons at the bottom, the two opponents left and right
as backs with their card counts, the trick in the middle, the skat and the bid, and the controls of the
phase (auction, pickup, discard, declaration, knock window, Ramse). Drawn only from the learner's
:class:`~trainer.game.SeatView`; every click goes to a callback with the number of moves it was drawn from,
so a double click or a stale tab changes nothing (see ``play.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from html import escape
from typing import Any

import streamlit as st

from trainer.bidding import bid_ladder, hand_value
from trainer.cardart import CardState, RankLetters, card_svg, svg_data_uri
from trainer.cards import Card
from trainer.deal import Seat
from trainer.game import (
    Bid,
    Declare,
    Hold,
    Knock40,
    Kontra,
    Move,
    NoCall,
    Pass,
    Phase,
    PickUp,
    RamseCall,
    Re,
    SeatView,
    Spoerge,
    SpoergeCall,
)
from trainer.games import Declaration
from trainer.play import is_trump, sort_cards
from trainer.text import upper_first
from trainer.ui.components import card_row_html, pill_label
from trainer.ui.context import PageContext
from trainer.ui.terms import card_label, card_name, declaration_name, seat_name

Act = Callable[[Move], None]
"""What a control calls with the learner's move (the page binds deal id and move count)."""

CARD_KEY = "play_card_"
"""Key prefix of the card buttons (``play_card_CJ``); the CSS class ``.st-key-play_card_CJ`` styles them."""
BUTTON_WIDTH = "clamp(40px, 10.5vw, 66px)"


@lru_cache(maxsize=256)
def _face_uri(card: Card, four_colour: bool, lang: str, state: CardState) -> str:
    letters = RankLetters.DANISH if lang == "da" else RankLetters.INTERNATIONAL
    return svg_data_uri(
        card_svg(card, four_colour=four_colour, letters=letters, state=state, title=card_name(card, lang))
    )


def card_button_css(cards: Sequence[Card], ctx: PageContext, states: dict[Card, CardState]) -> str:
    """Style each card button with its face (the label stays for screen readers and tests)."""
    rules = [
        f"[class*='st-key-{CARD_KEY}'] button{{width:{BUTTON_WIDTH};min-width:0;aspect-ratio:5/7;height:auto;"
        "padding:0;border:none;background-color:transparent;background-size:contain;"
        "background-repeat:no-repeat;background-position:center;box-shadow:none}"
        f"[class*='st-key-{CARD_KEY}'] button p{{color:transparent;font-size:1px}}"
        f"[class*='st-key-{CARD_KEY}']{{width:auto!important;flex:0 0 auto}}"
    ]
    for card in cards:
        state = states.get(card, CardState.NORMAL)
        uri = _face_uri(card, ctx.four_colour, ctx.lang, state)
        rules.append(f".st-key-{CARD_KEY}{card.iss} button{{background-image:url({uri})}}")
        if state is CardState.DIMMED:
            rules.append(f".st-key-{CARD_KEY}{card.iss} button{{opacity:.6}}")
    return "<style>" + "".join(rules) + "</style>"


def hand_buttons(
    cards: Sequence[Card],
    ctx: PageContext,
    *,
    on_click: Callable[[Card], None],
    states: dict[Card, CardState] | None = None,
    disabled: bool = False,
) -> None:
    """The learner's hand: one keyed button per card, wrapping on a phone."""
    states = states or {}
    st.html(card_button_css(cards, ctx, states))
    row = st.container(horizontal=True, gap="small", key="play_hand")
    for card in cards:
        row.button(
            pill_label(card, lang=ctx.lang, four_colour=ctx.four_colour),
            key=f"{CARD_KEY}{card.iss}",
            on_click=on_click,
            args=(card,),
            disabled=disabled,
            help=card_name(card, ctx.lang),
        )


def _backs_html(count: int, label: str) -> str:
    """An opponent's cards: one back and the count beside it (compact on a phone)."""
    row = card_row_html([None], lang="en", hidden_label=label) if count else ""
    return (
        f'<div style="display:flex;align-items:center;gap:8px" data-count="{count}">{row}'
        f'<span style="font-size:0.9rem">{escape(label)}</span></div>'
    )


def opponent_name(seat: Seat, learner: Seat, t: Any) -> str:
    side = t("left") if seat is learner.next else t("right")
    return t("{side} · {seat}", side=upper_first(side), seat=seat_name(seat, t))


def draw_opponents(view: SeatView, ctx: PageContext, *, sorted_game: Any = None) -> None:
    """The two opponents: left (plays after the learner) and right, backs with counts or open cards."""
    t = ctx.t
    left, right = st.columns(2)
    for column, seat in ((left, view.seat.next), (right, view.seat.next.next)):
        with column:
            title = opponent_name(seat, view.seat, t)
            if seat is view.declarer:
                title += " ★"
            st.markdown(f"**{title}**")
            open_cards = view.open_hand(seat)
            count = view.card_counts[int(seat)]
            if open_cards is not None:
                st.html(card_row_html(list(open_cards), lang=ctx.lang, four_colour=ctx.four_colour))
            else:
                st.html(_backs_html(count, t.ngettext("{n} card", "{n} cards", count)))


def _short_seat(seat: Seat, view: SeatView, t: Any) -> str:
    if seat is view.seat:
        name = t("you")
    elif seat is view.seat.next:
        name = t("left")
    else:
        name = t("right")
    return name + (" ★" if seat is view.declarer else "")


def draw_trick(view: SeatView, ctx: PageContext) -> None:
    """The trick in the middle in play order; between tricks the last one, with who took it."""
    t = ctx.t
    if view.current_trick:
        cards = [card for _, card in view.current_trick]
        captions = [_short_seat(seat, view, t) for seat, _ in view.current_trick]
        st.markdown(t("**Trick {n}**", n=len(view.tricks) + 1))
        st.html(card_row_html(cards, lang=ctx.lang, four_colour=ctx.four_colour, captions=captions))
    elif view.tricks:
        last = view.tricks[-1]
        seats = last.seats
        captions = [_short_seat(seat, view, t) for seat in seats]
        states = [CardState.HIGHLIGHTED if seat is last.winner else CardState.NORMAL for seat in seats]
        st.markdown(
            t(
                "**Trick {n}** · {winner} took it ({points} card points)",
                n=len(view.tricks),
                winner=_short_seat(last.winner, view, t),
                points=last.points,
            )
        )
        st.html(
            card_row_html(
                list(last.cards), lang=ctx.lang, four_colour=ctx.four_colour, captions=captions, states=states
            )
        )


def draw_last_trick(view: SeatView, ctx: PageContext) -> None:
    """The last finished trick on request (while a new trick is on the table)."""
    t = ctx.t
    if not view.tricks or not view.current_trick:
        return
    with st.expander(t("Last trick")):
        last = view.tricks[-1]
        captions = [_short_seat(seat, view, t) for seat in last.seats]
        st.html(
            card_row_html(list(last.cards), lang=ctx.lang, four_colour=ctx.four_colour, captions=captions)
        )
        st.caption(
            t(
                "{winner} took it ({points} card points).",
                winner=upper_first(_short_seat(last.winner, view, t)),
                points=last.points,
            )
        )


def draw_status(view: SeatView, ctx: PageContext) -> None:
    """The bid, the game and the skat on the table, in one line."""
    t = ctx.t
    parts = []
    if view.declarer is not None and view.declaration is not None:
        who = t("you") if view.declarer is view.seat else _short_seat(view.declarer, view, t).rstrip(" ★")
        parts.append(
            t(
                "{who} play {game} for {bid}",
                who=upper_first(who),
                game=declaration_name(view.declaration, t),
                bid=view.bid,
            )
        )
    elif view.bid:
        parts.append(t("Bid: {bid}", bid=view.bid))
    if view.phase in (Phase.SLAA_40, Phase.AUCTION, Phase.PICKUP):
        parts.append(t("Skat: two cards face down"))
    if parts:
        st.caption(" · ".join(parts))


def counters(view: SeatView, ctx: PageContext) -> None:
    """Beginner coach: trumps still out and the card points each side has taken."""
    t = ctx.t
    if view.declaration is None or view.declarer is None:
        return
    game = view.declaration.game
    mine = view.seat is view.declarer
    taken = {True: 0, False: 0}
    for trick in view.tricks:
        taken[trick.winner is view.declarer] += trick.points
    row = st.container(horizontal=True, gap="medium", key="play_counters")
    if game.has_trumps:
        seen = {card for trick in view.tricks for card in trick.cards}
        seen |= {card for _, card in view.current_trick}
        seen |= set(view.hand)
        for _, cards in view.open_hands:
            seen |= set(cards)
        if mine:
            seen |= set(view.discards)
        total = sum(1 for c in _all_trumps(game))
        out = total - sum(1 for c in _all_trumps(game) if c in seen)
        row.metric(t("Trumps not seen yet"), out)
    row.metric(t("Declarer's tricks: points"), taken[True])
    row.metric(t("Defenders' tricks: points"), taken[False])


def _all_trumps(game: Any) -> list[Card]:
    from trainer.cards import ALL_CARDS

    return [card for card in ALL_CARDS if is_trump(card, game)]


def hand_order(view: SeatView) -> list[Card]:
    """The hand sorted for the game being played (trumps first), or by the default order before."""
    if view.declaration is not None:
        return sort_cards(view.hand, view.declaration.game)
    return list(view.hand)


# --- the phases' controls -----------------------------------------------------------------------------------


def auction_history(view: SeatView, ctx: PageContext) -> None:
    t = ctx.t
    words = {"bid": None, "hold": t("yes"), "pass": t("pass")}
    lines = []
    for event in view.auction:
        said = str(event.value) if event.action == "bid" else words.get(event.action, event.action)
        lines.append(f"{upper_first(_short_seat(event.seat, view, t))}: {said}")
    if view.knocker is not None:
        lines.insert(
            0, t("{who} knocked 40 (Slå 40 an)", who=upper_first(_short_seat(view.knocker, view, t)))
        )
    if lines:
        st.caption(" · ".join(lines))


def ladder_caption(view: SeatView, ctx: PageContext, highest: int | None = None) -> None:
    """The ladder around the current bid: the bids already passed, the current one and the next ones."""
    t = ctx.t
    ladder = bid_ladder(view.profile)
    current = max((e.value or 0 for e in view.auction if e.action == "bid"), default=0)
    after = [v for v in ladder if v > current][:6]
    shown = ([str(current)] if current else []) + [str(v) for v in after]
    text = t("Current bid: {bid}", bid=current) if current else t("No bid yet")
    st.caption(text + " · " + t("next bids: {bids}", bids=", ".join(shown[1:] if current else shown)))


def auction_controls(view: SeatView, ctx: PageContext, act: Act) -> None:
    t = ctx.t
    bids = [m for m in view.legal_moves if isinstance(m, Bid)]
    holds = [m for m in view.legal_moves if isinstance(m, Hold)]
    passes = [m for m in view.legal_moves if isinstance(m, Pass)]
    row = st.container(horizontal=True, gap="small", key="play_auction")
    if bids:
        row.button(
            t("Say {bid}", bid=bids[0].value), key="play_say", type="primary", on_click=act, args=(bids[0],)
        )
    for hold in holds:
        row.button(t("Yes (hold)"), key="play_hold", type="primary", on_click=act, args=(hold,))
    for move in passes:
        row.button(t("Pass"), key="play_pass", on_click=act, args=(move,))
    if len(bids) > 1:
        values = [m.value for m in bids]
        jump = st.selectbox(t("Or jump to"), values[1:], key="play_jump_value")
        st.button(
            t("Say {bid}", bid=jump),
            key="play_jump",
            on_click=act,
            args=(next(m for m in bids if m.value == jump),),
        )


def slaa_controls(view: SeatView, ctx: PageContext, act: Act) -> None:
    t = ctx.t
    st.caption(t("The first five cards are dealt. Slå 40 an: knocking now is a bid of 40 at once."))
    row = st.container(horizontal=True, gap="small", key="play_slaa")
    for move in view.legal_moves:
        if isinstance(move, Knock40):
            label = t("Knock (Slå 40 an)") if move.knock else t("Don't knock")
            row.button(label, key=f"play_knock_{int(move.knock)}", on_click=act, args=(move,))


def _value_of(view: SeatView, declaration: Declaration) -> int:
    skat = view.discards if view.discards else None
    return hand_value(view.profile, view.hand, declaration, skat).value


def declare_controls(view: SeatView, ctx: PageContext, act: Act, *, hand: bool) -> None:
    """Every game the profile and the bid allow, each with its value; the chosen one is declared."""
    t = ctx.t
    declares = [m for m in view.legal_moves if isinstance(m, Declare) and m.declaration.hand == hand]
    if not declares:
        if hand:
            return
        st.warning(t("No game reaches the bid with these cards."))
        return
    values = {m.declaration: _value_of(view, m.declaration) for m in declares}
    order = sorted(
        declares,
        key=lambda m: (
            m.declaration.game.is_null,
            m.declaration.ouvert,
            m.declaration.musik,
            -values[m.declaration],
        ),
    )
    labels = {
        i: t("{game} — worth {value}", game=declaration_name(m.declaration, t), value=values[m.declaration])
        for i, m in enumerate(order)
    }
    key = "play_declare_hand" if hand else "play_declare"
    label = t("Play a hand game (without the skat)") if hand else t("Your game")
    chosen = st.selectbox(label, list(labels), key=key, format_func=lambda i: labels[i])
    index = int(chosen or 0)
    st.button(
        t("Declare hand game") if hand else t("Declare"),
        key=f"{key}_go",
        type="secondary" if hand else "primary",
        on_click=act,
        args=(order[index],),
    )


def pickup_controls(view: SeatView, ctx: PageContext, act: Act) -> None:
    t = ctx.t
    pickups = [m for m in view.legal_moves if isinstance(m, PickUp)]
    st.markdown(t("You won the auction at **{bid}**. Pick up the skat, or play hand.", bid=view.bid))
    if pickups:
        st.button(t("Pick up the skat"), key="play_pickup", type="primary", on_click=act, args=(pickups[0],))
    declare_controls(view, ctx, act, hand=True)


def knock_controls(view: SeatView, ctx: PageContext, act: Act) -> None:
    t = ctx.t
    labels: dict[type, str] = {
        NoCall: t("Say nothing"),
        Kontra: t("Kontra (double)"),
        Re: t("Re (double again)"),
    }
    spoerge = {
        SpoergeCall.KNOCK: t("Spørge (knock: double rates)"),
        SpoergeCall.KNOCK_BACK: t("Knock back (double again)"),
        SpoergeCall.THROW: t("Throw the cards (lost at the normal rate)"),
    }
    if view.seat is view.declarer and view.spoerge.value != "none":
        st.info(t("A defender knocked (Spørge). Play on, knock back or throw your cards."))
    elif view.seat is view.declarer and view.kontra:
        st.info(t("A defender said kontra. Play on, or say re."))
    row = st.container(horizontal=True, gap="small", key="play_knock")
    for index, move in enumerate(view.legal_moves):
        label = (
            spoerge[move.call] if isinstance(move, Spoerge) else labels.get(type(move), type(move).__name__)
        )
        if isinstance(move, NoCall) and view.seat is view.declarer:
            label = t("Play on")
        row.button(label, key=f"play_window_{index}", on_click=act, args=(move,))


def ramse_choice_controls(view: SeatView, ctx: PageContext, act: Act) -> None:
    t = ctx.t
    st.markdown(t("Everyone passed: Ramse. Say Ramse (each for themselves, fewest points win) or Grand."))
    row = st.container(horizontal=True, gap="small", key="play_ramse")
    for move in view.legal_moves:
        if isinstance(move, RamseCall):
            label = t("Grand") if move.grand else t("Ramse")
            row.button(label, key=f"play_ramse_{int(move.grand)}", on_click=act, args=(move,))


def trump_states(view: SeatView, legal: set[Card] | None, beginner: bool) -> dict[Card, CardState]:
    """Beginner coach: legal cards highlighted, the others dimmed (they can still be clicked and are then
    refused with the rule)."""
    if not beginner or legal is None:
        return {}
    return {card: (CardState.HIGHLIGHTED if card in legal else CardState.DIMMED) for card in view.hand}


def card_text(card: Card, ctx: PageContext) -> str:
    return card_label(card, ctx.lang)
