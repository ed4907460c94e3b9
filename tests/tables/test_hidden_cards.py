"""Hidden cards stay hidden at a shared table: whatever a seat's page is built from and draws holds no card
of another hand, of the skat or of the discards unless the rules open it (an open game's declarer's hand;
the declarer's own discards and the skat they picked up; cards a seat passed on in Ramse), and no text a
page shows names one — the computers' reasons included (issue 19: "Lays away ♠K ♣Q for grand").

The property plays random legal moves at a table through :class:`~trainer.store.tables.TablePlay` (random
deals, both rule profiles, random stopping points) and after every move checks, for each seat, its
:class:`~trainer.rules.game.SeatView`, both table views built from it (the page's and
:meth:`TableView.from_seat_view`), the table's HTML, every text the table page and the Play page draw from
the view (recorded from their drawing functions) and the computer's reason for the move due, as each other
seat reads it right after the move. The page itself (its HTML, buttons, texts and
session state) is checked in AppTest for a few positions in the middle of a trick."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from tests.play.driver import card_keys
from tests.tables.helpers import GUEST, HOST, mid_trick, signed_in
from tests.ui.helpers import html_rows, texts
from trainer.bots import choose as bot_choice
from trainer.cards import ALL_CARDS, Card
from trainer.deal import Seat
from trainer.i18n import get_translator
from trainer.profiles import get_profile
from trainer.rules import (
    Bid,
    DealState,
    Discard,
    Hold,
    Move,
    Pass,
    Phase,
    PickUp,
    PlayCard,
    RamsePass,
    SeatView,
    Throw,
)
from trainer.store import Store
from trainer.store.tables import TablePlay, TableStore
from trainer.table_session import place_of_seat, seat_of_place
from trainer.ui.context import PageContext
from trainer.ui.pages.play_table import table_from_view
from trainer.ui.terms import card_label, card_name
from trainer.ui.views.cards import CardSize
from trainer.ui.views.table import TableView, table_html

CODE = re.compile(r"\b[CSHD][789TJQKA]\b")
NAMES = ("P0", "P1", "P2")
MOVES_AT_MOST = 90
"""More moves than any deal has: a stopping point this high plays the deal to its end."""


def cards_in(value: Any) -> Iterator[Card]:
    """Every card inside a value: a card, or one in a tuple, list or dataclass field (moves, tricks)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            yield from cards_in(getattr(value, item.name))


def known(state: DealState, seat: Seat) -> set[Card]:
    """What ``seat`` may know, worked out from the whole deal (not from any view): its own hand, the
    cards played, the hands the rules open, its own discards and the skat it picked up, the cards it
    passed on in Ramse."""
    mine = set(state.hand(seat))
    for open_seat in state.open_seats():
        mine |= set(state.hand(open_seat))
    for move in state.history[1:]:
        if isinstance(move, PlayCard):
            mine.add(move.card)
        elif move.seat is seat and isinstance(move, Discard | RamsePass):
            mine |= set(move.cards)
        elif move.seat is seat and isinstance(move, PickUp):
            mine |= set(state.deal.skat)
    return mine


def shown_by_view(view: SeatView) -> set[Card]:
    """Every card a seat's view holds (the page is built from it; the deal's outcome is not drawn)."""
    fields = (
        view.hand,
        view.skat,
        view.discards,
        view.open_hands,
        view.current_trick,
        view.tricks,
        view.history,
        view.legal_moves,
    )
    cards = set(cards_in(fields))
    by_code = {card.iss: card for card in ALL_CARDS}
    return cards | {by_code[code] for code in CODE.findall(view.iss)}


def shown_by_table(table: TableView) -> set[Card]:
    cards = {card for hand in table.hands for card in hand.cards or ()}
    return cards | {card for _, card in table.trick} | {card for card in table.skat if card is not None}


def page_texts(view: SeatView, ctx: PageContext, reason: str | None) -> str:
    """Every text the table page and the Play page draw for this seat's view: the status line, the
    auction, the ladder, the last trick, the table with the hand or the controls of the phase, the
    beginner coach's counters and ``reason``, the computer's reason line as the Play page shows it (all
    recorded from the page's own drawing functions, :mod:`tests.ui.recorder`)."""
    from tests.ui.recorder import recording
    from trainer.ui.pages import play_table
    from trainer.ui.views import hand, table

    def act(_move: Move) -> None:
        return None

    with recording(play_table, table, hand) as page:
        for names, beginner in (((NAMES[0], NAMES[1], NAMES[2]), False), (None, True)):
            play_table.draw_status(view, ctx, names)
            play_table.auction_history(view, ctx, names)
            play_table.ladder_caption(view, ctx)
            play_table.draw_last_trick(view, ctx, names)
            if beginner:
                play_table.counters(view, ctx)
            if view.my_turn:
                play_table.seat_controls(view, ctx, act, beginner=beginner, picked_key="picked", names=names)
            else:
                play_table.draw(view, ctx, names=names)
        return page.text() + "\n" + (reason or "")


def text_leaks(text: str, hidden: set[Card], lang: str) -> list[str]:
    """Hidden cards a page's text names: by name, by label (♣J, Danish ♣B), as a card button's key or in
    a row of card pictures."""
    found = [card_name(card, lang) for card in hidden if card_name(card, lang) in text]
    found += [card_label(card, lang) for card in hidden if re.search(rf"{card_label(card, lang)}(?!0)", text)]
    codes = {card.iss for card in hidden}
    drawn = set(re.findall(r"play_card-([CSHD][789TJQKA])", text))
    drawn |= set(re.findall(r'data-card="([^"]*)"', text))
    for row in re.findall(r'data-cards="([^"]*)"', text):
        drawn |= set(row.split())
    return found + sorted(drawn & codes)


def check_after_computer_move(state: DealState, ctx: PageContext, level: str) -> None:
    """Let the computer make the move due now and check every seat right after it, the computer's reason
    included as the Play page's reason line shows it to each other seat (kept through
    :func:`trainer.reasons.reason_for`, as the page keeps it); then take the move back."""
    from trainer.reasons import reason_for
    from trainer.ui.pages.play_table import reason_line

    mover = state.to_move
    if mover is None or not state.legal_moves():
        return
    decision = bot_choice(state.view(mover), level, seed=len(state.history), time_ms=20)
    state.apply(decision.move)
    try:
        for reader in Seat:
            view = state.view(reader)
            line = reason_line(mover, reason_for(decision.why, decision.move, view), view, ctx.t)
            assert reader is not mover or line is None
            check_seat(state, reader, ctx, texts=True, reason=line)
    finally:
        state.undo()


def check_seat(
    state: DealState, seat: Seat, ctx: PageContext, *, texts: bool = False, reason: str | None = None
) -> None:
    """The seat's view, its table views and their HTML hold no hidden card; with ``texts`` also every
    text the pages draw from the view (and ``reason``, the reason line shown to it)."""
    hidden = set(ALL_CARDS) - known(state, seat)
    view = state.view(seat)
    assert view.known_cards() == frozenset(known(state, seat))
    assert not shown_by_view(view) & hidden, "the seat's view holds a hidden card"
    if texts:
        shown = page_texts(view, ctx, reason)
        assert not text_leaks(shown, hidden, ctx.lang), ("a page's text names a hidden card", shown)
        assert not view.hand or text_leaks(shown, set(view.hand), ctx.lang), "the check sees no card"
    names = (NAMES[0], NAMES[1], NAMES[2])
    for table in (
        table_from_view(view, names),
        TableView.from_seat_view(view),
        TableView.from_seat_view(view, last_trick=True),
    ):
        assert not shown_by_table(table) & hidden, "the table view holds a hidden card"
        html = table_html(table, ctx, CardSize())
        drawn = set(re.findall(r'data-card="([^"]*)"', html))
        for row in re.findall(r'data-cards="([^"]*)"', html):
            drawn |= set(row.split())
        assert not drawn & {card.iss for card in hidden}, "the table's HTML draws a hidden card"
        assert not [card for card in hidden if card_name(card, ctx.lang) in html]


@pytest.fixture(scope="module")
def table_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TableStore, tuple[int, ...]]]:
    store = Store(f"sqlite:///{Path(tmp_path_factory.mktemp('hidden')) / 'hidden.sqlite'}")
    learners = tuple(store.get_or_create_learner(name).id for name in NAMES)
    yield TableStore(store), learners
    store.dispose()


@pytest.mark.parametrize("profile", ["danish", "international"])
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**31 - 1),
    choices=st.randoms(use_true_random=False),
    stop=st.integers(0, MOVES_AT_MOST),
    lang=st.sampled_from(["en", "da"]),
)
def test_no_seat_sees_a_hidden_card(
    table_store: tuple[TableStore, tuple[int, ...]],
    profile: str,
    seed: int,
    choices: random.Random,
    stop: int,
    lang: str,
) -> None:
    tables, learners = table_store
    table = tables.open_table(
        host_learner_id=learners[0],
        host_name=NAMES[0],
        profile_name=profile,
        scheme="list",
        deals_planned=1,
        bot_level="beginner",
        idle_seconds=3600,
    )
    for place in (1, 2):
        client = f"hidden{table.code}{place}"
        tables.join(table.code, learner_id=learners[place], name=NAMES[place], client=client)
    play = TablePlay(tables)
    play.start_next_deal(table.id, seed=seed)
    ctx = PageContext(lang, get_profile(profile), get_translator(lang))
    played = opened = False
    for _ in range(stop):
        now = play.moment(table.id)
        assert now.state is not None
        for seat in Seat:
            check_seat(now.state, seat, ctx)
        check_after_computer_move(now.state, ctx, "beginner")
        if now.turn is None:
            break
        move = choose(list(now.state.legal_moves()), choices)
        assert play.move(table.id, learners[now.turn.place], move, seen=now.version)
        if now.state.phase is Phase.PLAY:
            played = True
        opened = opened or bool(now.state.open_seats())
    now = play.moment(table.id)
    assert now.state is not None
    for seat in Seat:
        check_seat(now.state, seat, ctx, texts=True)
    event(f"stopped in {now.state.phase.name}")
    event("cards were played" if played else "no card played")
    if opened:
        event("a hand lay open")
    if any(isinstance(m, Discard) for m in now.state.history):
        event("the declarer laid cards away")


def choose(legal: list[Move], rng: random.Random) -> Move:
    """A random player who gets a game played often: bids the lowest bid or holds more often than it
    passes, mostly picks up the skat, rarely throws its cards, else picks any legal move (every
    declaration, ouvert too)."""
    bids = [m for m in legal if isinstance(m, Bid)]
    holds = [m for m in legal if isinstance(m, Hold)]
    if (bids or holds) and rng.random() < 0.6:
        return holds[0] if holds else min(bids, key=lambda m: m.value)
    if any(isinstance(m, Bid | Hold) for m in legal):
        return next(m for m in legal if isinstance(m, Pass))
    pickups = [m for m in legal if isinstance(m, PickUp)]
    if pickups and rng.random() < 0.7:  # else one of the many hand games
        return pickups[0]
    rest = [m for m in legal if not isinstance(m, Throw)]
    return rng.choice(rest if rest and rng.random() < 0.95 else legal)


def _leaks(at: AppTest, hidden: set[Card], lang: str) -> list[str]:
    """Hidden cards anywhere in what a page run drew or keeps: card rows, card buttons, texts (card names
    and codes), and the session state (cards, views, deals, card codes)."""
    codes = {card.iss for card in hidden}
    found = [code for row in html_rows(at) for code in row if code in codes]
    found += [key for key in card_keys(at) if key.rsplit("-", 1)[1] in codes]
    shown = texts(at) + "".join(str(e.value) for e in at.html)
    found += [card_name(card, lang) for card in hidden if card_name(card, lang) in shown]
    for key, value in at.session_state.items():
        if isinstance(value, DealState | SeatView) or set(cards_in(value)) & hidden:
            found.append(f"session state {key}")
        if set(CODE.findall(str(value))) & codes:
            found.append(f"session state {key}: {value!r}")
    return found


@pytest.mark.slow
@pytest.mark.parametrize("profile", ["danish", "international"])
def test_the_page_draws_and_keeps_no_hidden_card(page_db: str, profile: str) -> None:
    mid = mid_trick(page_db, profile)
    state = mid.moment.state
    assert state is not None
    for place, name in ((0, HOST), (1, GUEST)):
        seat = seat_of_place(place, mid.moment.number)
        assert place_of_seat(seat, mid.moment.number) == place
        at = signed_in(page_db, name)
        assert at.session_state["table_id"] == mid.table_id
        hidden = set(ALL_CARDS) - known(state, seat)
        assert hidden and not _leaks(at, hidden, "en")
        assert {card.iss for card in state.hand(seat)} <= {code for row in html_rows(at) for code in row} | {
            key.rsplit("-", 1)[1] for key in card_keys(at)
        }  # the check sees the seat's own cards: the page does draw cards
