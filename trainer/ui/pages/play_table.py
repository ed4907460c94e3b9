"""The Play page's table: the learner's hand as card buttons at the bottom, the two opponents left and right
as backs with their card counts, the trick in the middle, the skat and the bid, and the controls of the
phase (auction, pickup, discard, declaration, knock window, Ramse). Drawn only from the learner's
:class:`~trainer.rules.game.SeatView`; every click goes to a callback with the number of moves it was drawn
from,
so a double click or a stale tab changes nothing (see ``play.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from trainer import moves
from trainer.cards import Card, sort_hand
from trainer.deal import Seat
from trainer.games import Declaration, GameType
from trainer.i18n import Translator
from trainer.reasons import names_only_known
from trainer.rules import Phase, SeatView
from trainer.rules.bidding import bid_ladder, hand_value
from trainer.rules.extras import longest_trump_suit
from trainer.rules.play import is_trump, sort_cards
from trainer.safe_text import for_markdown, plain
from trainer.text import Message
from trainer.ui.context import PageContext
from trainer.ui.terms import (
    card_label,
    declaration_name,
    game_name,
    game_word,
    seat_name,
    side_name,
    side_of,
    t_message,
)
from trainer.ui.views.auction import auction_said, draw_auction
from trainer.ui.views.cards import card_row_html
from trainer.ui.views.hand import card_button_key
from trainer.ui.views.page_state import note_state
from trainer.ui.views.table import TRICK_NAME, TableView, draw_table

Act = Callable[[moves.Move], None]
"""What a control calls with the learner's move (the page binds deal id and move count)."""

HAND_KEY = "play_card"
"""Key of the learner's hand: the card buttons are ``play_card-CJ`` (see :mod:`trainer.ui.views.hand`)."""


Names = tuple[str, str, str] | None
"""Who sits in each seat, by seat (a shared table's players, plain text as typed), or None: the Play page's
"you", "left" and "right"."""


def table_from_view(view: SeatView, names: Names = None, thinking: str | None = None) -> TableView:
    """The table as the learner's :class:`~trainer.rules.game.SeatView` shows it (nothing else goes in): the
    own
    hand sorted (:func:`hand_order`), between tricks the last one with its winner, ``names`` on the seats,
    ``thinking``: who is deciding the move of the seat to move; the rest as
    :meth:`TableView.from_seat_view` draws every live table."""
    return TableView.from_seat_view(
        view, last_trick=True, names=names, own_order=hand_order(view), thinking=thinking
    )


MARKS: dict[str, str] = {
    "legal": "box-shadow:0 0 0 3px #2e7d32;",
    "dim": "opacity:0.6;",
    "picked": "box-shadow:0 0 0 3px #d4a017;transform:translateY(-8px);",
    "skat": "outline:3px dashed #1565c0;outline-offset:2px;",
}
"""The marks a card button of the hand can carry: ``legal`` (a green ring, the beginner coach), ``dim`` (a
card that is not legal now; it can still be clicked and is then refused with the rule), ``picked`` (chosen
to lay away or pass on), ``skat`` (a blue dashed frame: the card came from the skat)."""


def marks_css(marked: dict[Card, str]) -> str:
    """Extra marks on the hand's card buttons: each card's marks (names of :data:`MARKS`, space-separated)."""
    rules = [
        f".st-key-{card_button_key(HAND_KEY, card)} button{{{''.join(MARKS[m] for m in marks.split())}}}"
        for card, marks in marked.items()
    ]
    return "<style>" + "".join(rules) + "</style>"


def draw(
    view: SeatView,
    ctx: PageContext,
    *,
    on_card: Callable[[Card], None] | None = None,
    marked: dict[Card, str] | None = None,
    names: Names = None,
    thinking: bool = False,
) -> None:
    """The table; with ``on_card`` every card of the learner's hand is a button. ``thinking``: the page is
    waiting on the computer to move, and the table says so in that seat's place."""
    table = table_from_view(view, names, thinker(view, ctx.t, names) if thinking else None)
    if marked:
        st.html(marks_css(marked))
    draw_table(table, ctx, key=HAND_KEY, on_card=on_card, clickable=view.hand if on_card else ())


def opponent_name(seat: Seat, learner: Seat, t: Translator) -> str:
    """A computer opponent on the Play page: its side and seat ('Left · middlehand' / 'Venstre · ...')."""
    return t(
        "{side} · {seat}", side=side_name(side_of(seat, learner), t, capital=True), seat=seat_name(seat, t)
    )


def thinker(view: SeatView, t: Translator, names: Names = None) -> str | None:
    """Who is deciding the move of the seat to move, as the viewer calls them: a shared table's player's
    name, or the Play page's 'Left · middlehand'; None on the viewer's own turn or when nobody moves."""
    seat = view.to_move
    if seat is None or seat is view.seat:
        return None
    return names[int(seat)] if names is not None else opponent_name(seat, view.seat, t)


def reason_line(who: Seat, why: Message, view: SeatView, t: Translator) -> str | None:
    """The computer ``who``'s reason for its last move as the beginner coach shows it to the seat of
    ``view``: None for the viewer's own seat, and None when the reason names a card that seat may not
    see (a reason reaches a page only through :func:`trainer.reasons.reason_for`; this is the check at the
    door, for a line kept from an earlier state)."""
    if who is view.seat or not names_only_known(why, view):
        return None
    return t("{who}: {why}", who=opponent_name(who, view.seat, t), why=t_message(why, t))


def _short_seat(seat: Seat, view: SeatView, t: Translator, names: Names = None) -> str:
    """Who plays ``seat`` as the viewer calls them (plain text): "you", the player's name at a shared
    table, else "left" / "right"; a star for the declarer."""
    if names is not None and seat is not view.seat:
        name = names[int(seat)]
    else:
        name = side_name(side_of(seat, view.seat), t)
    return name + (" ★" if seat is view.declarer else "")


def _said(seat: Seat, view: SeatView, t: Translator, names: Names = None) -> str:
    """Who plays ``seat``, for Markdown at the start of a sentence: 'You', 'Left', 'Right' ('Du', 'Venstre',
    'Højre'), or a shared table's player's name escaped and shown as typed."""
    if names is not None and seat is not view.seat:
        return for_markdown(names[int(seat)])
    return side_name(side_of(seat, view.seat), t, capital=True)


def draw_last_trick(view: SeatView, ctx: PageContext, names: Names = None) -> None:
    """The last finished trick on request (while a new trick is on the table)."""
    t = ctx.t
    if not view.tricks or not view.current_trick:
        return
    with st.expander(t("Last trick")):
        last = view.tricks[-1]
        captions = [plain(_short_seat(seat, view, t, names), TRICK_NAME) for seat in last.seats]
        st.html(
            card_row_html(list(last.cards), lang=ctx.lang, four_colour=ctx.four_colour, captions=captions)
        )
        st.caption(
            t(
                "{winner} took it ({points} card points).",
                winner=_said(last.winner, view, t, names),
                points=last.points,
            )
        )


def calls_said(view: SeatView, ctx: PageContext, names: Names = None) -> list[str]:
    """Every call made in the knock window so far, as every seat heard it: kontra and re (international),
    Spørge, knocking back and throwing the cards (Danish), each with what it does to the score."""
    t = ctx.t
    said = []
    for move in view.history:
        if isinstance(move, moves.Kontra):
            said.append(t("{who}: kontra (the game counts double)", who=_said(move.seat, view, t, names)))
        elif isinstance(move, moves.Re):
            said.append(t("{who}: re (the game counts four times)", who=_said(move.seat, view, t, names)))
        elif isinstance(move, moves.Spoerge):
            who = _said(move.seat, view, t, names)
            said.append(
                {
                    moves.SpoergeCall.KNOCK: t("{who} knocked (Spørge): double rates", who=who),
                    moves.SpoergeCall.KNOCK_BACK: t("{who} knocked back: the rates double again", who=who),
                    moves.SpoergeCall.THROW: t("{who} threw the cards", who=who),
                }[move.call]
            )
    return said


def draw_status(view: SeatView, ctx: PageContext, names: Names = None) -> None:
    """The bid, the game, every kontra/re or Spørge call and the skat on the table, in one line (the same
    at every seat); ``names``: who is who at a shared table."""
    t = ctx.t
    parts = []
    if view.declarer is not None and view.declaration is not None:
        game = declaration_name(view.declaration, t)
        who = _said(view.declarer, view, t, names)
        if view.declarer is view.seat:
            parts.append(t("{who} play {game} for {bid}", who=who, game=game, bid=view.bid))
        else:
            parts.append(t("{who} plays {game} for {bid}", who=who, game=game, bid=view.bid))
    elif view.bid:
        parts.append(t("Bid: {bid}", bid=view.bid))
    parts += [f"**{call}**" for call in calls_said(view, ctx, names)]
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
    parts = []
    if game.has_trumps:
        seen = {card for trick in view.tricks for card in trick.cards}
        seen |= {card for _, card in view.current_trick}
        seen |= set(view.hand)
        for _, cards in view.open_hands:
            seen |= set(cards)
        if mine:
            seen |= set(view.discards)
        out = sum(1 for card in _all_trumps(game) if card not in seen)
        parts.append(t("Trumps not seen yet: **{n}**", n=out))
    parts.append(t("Card points taken: declarer **{d}**, defenders **{o}**", d=taken[True], o=taken[False]))
    st.markdown(
        " · ".join(parts), help=t("The beginner coach counts for you; try to keep count yourself too.")
    )


def _all_trumps(game: Any) -> list[Card]:
    from trainer.cards import ALL_CARDS

    return [card for card in ALL_CARDS if is_trump(card, game)]


def hand_order(view: SeatView) -> list[Card]:
    """The hand sorted for the game being played (trumps first), or the traditional way before (Jacks, then
    clubs, spades, hearts, diamonds), the auction included."""
    if view.declaration is not None:
        return sort_cards(view.hand, view.declaration.game)
    return sort_hand(view.hand)


# --- the phases' controls -----------------------------------------------------------------------------------


def knock_game(view: SeatView) -> GameType | None:
    """The game this seat named when it knocked 40 (Slå 40 an), from its own history (None: it did not knock,
    or named none). Only the knocker's own view holds it."""
    for move in view.history:
        if isinstance(move, moves.Knock40) and move.knock and move.seat is view.seat:
            return move.game
    return None


def auction_line(view: SeatView, ctx: PageContext, names: Names = None) -> str:
    """The bidding so far in one line (:mod:`trainer.ui.views.auction`): the knocker hears the game it
    named."""
    t = ctx.t
    meant = knock_game(view) if view.knocker is view.seat else None
    return auction_said(
        view.auction, lambda seat: _said(seat, view, t, names), t, knocker=view.knocker, knock_game=meant
    )


def auction_history(view: SeatView, ctx: PageContext, names: Names = None) -> None:
    """The bidding, kept on the table for the whole deal."""
    draw_auction(auction_line(view, ctx, names), ctx.t)


def ladder_caption(view: SeatView, ctx: PageContext, highest: int | None = None) -> None:
    """The ladder around the current bid: the bids already passed, the current one and the next ones. A
    Slå 40 an knock is a standing bid of its value: the next bids go above it."""
    t = ctx.t
    ladder = bid_ladder(view.profile)
    current = view.standing_bid
    after = [v for v in ladder if v > current][:6]
    shown = ([str(current)] if current else []) + [str(v) for v in after]
    text = t("Current bid: {bid}", bid=current) if current else t("No bid yet")
    st.caption(text + " · " + t("next bids: {bids}", bids=", ".join(shown[1:] if current else shown)))


def auction_controls(view: SeatView, ctx: PageContext, act: Act) -> None:
    t = ctx.t
    bids = [m for m in view.legal_moves if isinstance(m, moves.Bid)]
    holds = [m for m in view.legal_moves if isinstance(m, moves.Hold)]
    passes = [m for m in view.legal_moves if isinstance(m, moves.Pass)]
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


KNOCK_GAMES: tuple[GameType, ...] = (
    GameType.CLUBS,
    GameType.SPADES,
    GameType.HEARTS,
    GameType.DIAMONDS,
    GameType.GRAND,
)
"""The games a Slå 40 an knocker may name (a null game has no matadors to count: never judged by them)."""
KNOCK_GAME_KEY = "play_knock_game"


def slaa_controls(view: SeatView, ctx: PageContext, act: Act) -> None:
    """Slå 40 an: knock (naming the game meant, judged with all ten cards if the auction is won at 40) or
    not. The suggested game is the first five cards' longest suit."""
    t = ctx.t
    st.caption(
        t(
            "The first five cards are dealt. Slå 40 an: knocking now is a bid of 40; the last five cards "
            "come and the others may bid higher. If you win the auction at 40, the game you name must be "
            "worth 40 with your ten cards (the skat not counted), or it is lost without play."
        )
    )
    knocks = [m for m in view.legal_moves if isinstance(m, moves.Knock40) and m.knock]
    game: GameType | None = None
    if knocks:
        default = KNOCK_GAMES.index(longest_trump_suit(view.hand))
        game = st.selectbox(
            t("The game you mean to play"),
            KNOCK_GAMES,
            index=default,
            key=KNOCK_GAME_KEY,
            format_func=lambda g: game_name(g, t),
        )
    row = st.container(horizontal=True, gap="small", key="play_slaa")
    for move in view.legal_moves:
        if not isinstance(move, moves.Knock40):
            continue
        if move.knock:
            chosen = game if game is not None else longest_trump_suit(view.hand)
            label = t("Knock 40 (Slå 40 an) for {game}", game=game_word(chosen, t))
            row.button(
                label,
                key="play_knock_1",
                type="primary",
                on_click=act,
                args=(moves.Knock40(move.seat, True, chosen),),
            )
        else:
            row.button(t("Don't knock"), key="play_knock_0", on_click=act, args=(move,))


def _value_of(view: SeatView, declaration: Declaration) -> int:
    skat = view.discards if view.discards else None
    return hand_value(view.profile, view.hand, declaration, skat).value


def declare_controls(
    view: SeatView, ctx: PageContext, act: Act, *, hand: bool, suggested: Declaration | None = None
) -> None:
    """Every game the profile and the bid allow, each with its value; the chosen one is declared."""
    t = ctx.t
    declares = [m for m in view.legal_moves if isinstance(m, moves.Declare) and m.declaration.hand == hand]
    if not declares:
        if hand:
            return
        st.warning(t("No game reaches the bid with these cards."))
        throws = [m for m in view.legal_moves if isinstance(m, moves.Throw)]
        if throws:  # the only way out: a lost game, settled on the bid
            st.button(
                t("Throw the cards (lost)"), key="play_throw", type="primary", on_click=act, args=(throws[0],)
            )
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
    bid = view.bid or 0
    labels = {
        i: (
            t("{game} — worth {value}", game=declaration_name(m.declaration, t), value=values[m.declaration])
            if values[m.declaration] >= bid
            else t(
                "{game} — worth {value}, below the bid",
                game=declaration_name(m.declaration, t),
                value=values[m.declaration],
            )
        )
        for i, m in enumerate(order)
    }
    key = "play_declare_hand" if hand else "play_declare"
    label = t("Play a hand game (without the skat)") if hand else t("Your game")
    # No silent default: the coach's game when the coach's plan is shown, else nothing until one is chosen.
    default = next((i for i, m in enumerate(order) if m.declaration == suggested), None)
    chosen = st.selectbox(
        label,
        list(labels),
        index=default,
        key=key,
        format_func=lambda i: labels[i],
        placeholder=t("Choose a game"),
    )
    move = order[int(chosen)] if chosen is not None else None
    if move is not None and values[move.declaration] < bid:
        below_bid_warning(move.declaration, values[move.declaration], bid, t)
    st.button(
        t("Declare hand game") if hand else t("Declare"),
        key=f"{key}_go",
        type="secondary" if hand else "primary",
        disabled=move is None,
        on_click=act if move is not None else None,
        args=(move,) if move is not None else None,
    )


def below_bid_warning(declaration: Declaration, value: int, bid: int, t: Translator) -> None:
    """Before a game below the bid is declared: it is lost as overbid (a suit or grand game only unless
    schneider or schwarz raise its value in the play)."""
    game = declaration_name(declaration, t)
    if declaration.game.is_null:
        text = t(
            "{game} is worth {value}, below the bid {bid}: declared, it is lost (overbid).",
            game=game,
            value=value,
            bid=bid,
        )
    else:
        text = t(
            "{game} is worth {value} with these cards, below the bid {bid}: declared, it is lost (overbid) "
            "unless schneider or schwarz raise its value.",
            game=game,
            value=value,
            bid=bid,
        )
    st.warning(text, icon=":material/warning:")


def pickup_controls(view: SeatView, ctx: PageContext, act: Act) -> None:
    t = ctx.t
    pickups = [m for m in view.legal_moves if isinstance(m, moves.PickUp)]
    st.markdown(t("You won the auction at **{bid}**. Pick up the skat, or play hand.", bid=view.bid))
    if pickups:
        st.button(t("Pick up the skat"), key="play_pickup", type="primary", on_click=act, args=(pickups[0],))
    declare_controls(view, ctx, act, hand=True)


def knock_controls(view: SeatView, ctx: PageContext, act: Act) -> None:
    t = ctx.t
    labels: dict[type, str] = {
        moves.NoCall: t("Say nothing"),
        moves.Kontra: t("Kontra (double)"),
        moves.Re: t("Re (double again)"),
    }
    spoerge = {
        moves.SpoergeCall.KNOCK: t("Spørge (knock: double rates)"),
        moves.SpoergeCall.KNOCK_BACK: t("Knock back (double again)"),
        moves.SpoergeCall.THROW: t("Throw the cards (lost at the normal rate)"),
    }
    if view.seat is view.declarer and view.spoerge.value != "none":
        st.info(t("A defender knocked (Spørge). Play on, knock back or throw your cards."))
    elif view.seat is view.declarer and view.kontra:
        st.info(t("A defender said kontra. Play on, or say re."))
    row = st.container(horizontal=True, gap="small", key="play_knock")
    for index, move in enumerate(view.legal_moves):
        label = (
            spoerge[move.call]
            if isinstance(move, moves.Spoerge)
            else labels.get(type(move), type(move).__name__)
        )
        if isinstance(move, moves.NoCall) and view.seat is view.declarer:
            label = t("Play on")
        row.button(label, key=f"play_window_{index}", on_click=act, args=(move,))


def ramse_choice_controls(view: SeatView, ctx: PageContext, act: Act) -> None:
    t = ctx.t
    st.markdown(t("Everyone passed: Ramse. Say Ramse (each for themselves, fewest points win) or Grand."))
    row = st.container(horizontal=True, gap="small", key="play_ramse")
    for move in view.legal_moves:
        if isinstance(move, moves.RamseCall):
            label = t("Grand") if move.grand else t("Ramse")
            row.button(label, key=f"play_ramse_{int(move.grand)}", on_click=act, args=(move,))


def legal_marks(view: SeatView, legal: set[Card], beginner: bool) -> dict[Card, str]:
    """Beginner coach: legal cards ringed, the others dimmed (they can still be clicked and are then
    refused with the rule)."""
    if not beginner:
        return {}
    return {card: ("legal" if card in legal else "dim") for card in view.hand}


def card_text(card: Card, ctx: PageContext) -> str:
    return card_label(card, ctx.lang)


def toggle_pick(card: Card, picked_key: str) -> None:
    """Discard / Ramse pass: a card button marks the card (two at most), kept under ``picked_key``."""
    picked: list[str] = list(st.session_state.get(picked_key, []))
    if card.iss in picked:
        picked.remove(card.iss)
    else:
        picked = [*picked, card.iss][-2:]
    st.session_state[picked_key] = picked


def seat_controls(
    view: SeatView,
    ctx: PageContext,
    act: Act,
    *,
    beginner: bool,
    picked_key: str,
    suggested: Declaration | None = None,
    names: Names = None,
) -> None:
    """The table for the seat to move and what it can do now (cards to click, bids, declarations, the
    knock window, Ramse), from its own view only; ``act`` makes the chosen move. The Play page and the
    shared tables (with the players' ``names``) both draw with it."""
    t = ctx.t
    phase = view.phase
    cards = hand_order(view)
    if phase is Phase.PLAY:
        legal = {m.card for m in view.legal_moves if isinstance(m, moves.PlayCard)}
        draw(
            view,
            ctx,
            on_card=lambda card: act(moves.PlayCard(view.seat, card)),
            marked=legal_marks(view, legal, beginner),
            names=names,
        )
        st.caption(t("**Your turn:** click a card to play it."))
        return
    if phase in (Phase.DISCARD, Phase.RAMSE_EXCHANGE):
        picked = [c for c in cards if c.iss in st.session_state.get(picked_key, [])]
        note_state(picked=[c.iss for c in picked])
        if phase is Phase.DISCARD:
            st.markdown(
                t("**Lay away two cards:** click two cards, then press the button. They count for you.")
            )
        else:
            st.markdown(t("**Pass two cards on:** click two cards, then press the button."))
        taken = [c for c in cards if c in view.skat]
        if taken:
            what = (
                t("From the skat (framed in blue): {cards}", cards=" ".join(card_text(c, ctx) for c in taken))
                if phase is Phase.DISCARD
                else t(
                    "Passed to you (framed in blue): {cards}",
                    cards=" ".join(card_text(c, ctx) for c in taken),
                )
            )
            st.caption(what)
        marked = dict.fromkeys(taken, "skat")
        for card in picked:
            marked[card] = (marked.get(card, "") + " picked").strip()
        draw(view, ctx, on_card=lambda card: toggle_pick(card, picked_key), marked=marked, names=names)
        shown = " ".join(card_text(c, ctx) for c in picked)
        move: moves.Move | None = None
        if phase is Phase.DISCARD:
            label = t("Lay away {cards}", cards=shown)
            if len(picked) == 2:
                move = moves.Discard(view.seat, tuple(picked))
        else:
            label = t("Pass on {cards}", cards=shown)
            if len(picked) == 2:
                move = moves.RamsePass(view.seat, tuple(picked))
        st.button(
            label if move is not None else t("Choose two cards"),
            key="play_two",
            type="primary",
            disabled=move is None,
            on_click=act if move is not None else None,
            args=(move,) if move is not None else None,
        )
        return
    draw(view, ctx, names=names)
    if phase is Phase.SLAA_40:
        slaa_controls(view, ctx, act)
    elif phase is Phase.AUCTION:
        auction_controls(view, ctx, act)
    elif phase is Phase.PICKUP:
        pickup_controls(view, ctx, act)
    elif phase is Phase.DECLARE:
        declare_controls(view, ctx, act, hand=False, suggested=suggested)
    elif phase is Phase.KNOCK:
        knock_controls(view, ctx, act)
    elif phase is Phase.RAMSE_CHOICE:
        ramse_choice_controls(view, ctx, act)
