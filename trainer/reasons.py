"""What a seat may read of another seat's reason for a move.

A computer player explains its move in a :class:`~trainer.text.Message` built from its own view: a
discard names the two cards it lays away, a Ramse pass the two cards it passes on, a card play the card
(and once in a while another). Shown to anyone else, such a line tells cards the reader may not see.

:func:`reason_for` is the one door a reason passes through on its way to a page: it returns the message
unchanged when every card in it (searched through every parameter, nested messages, tuples and strings)
is one the reader knows (:meth:`~trainer.game.SeatView.known_cards`), else a public wording of the same
move that names no card the reader cannot see ("Lays away two cards."). Pages keep and show only what it
returns, so a reason in the session state or on the screen names only cards of the reader's own view.

The auction is stricter: a bid's reason tells the game and its chance, a knock's the Jacks among the first
five cards; at a table that would be table talk, which the rules forbid. Another seat reads only the call
itself ("Says 18.", "Passes.").
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Mapping
from enum import Enum

from trainer.cards import ALL_CARDS, Card
from trainer.errors import SkatError
from trainer.game import (
    Bid,
    Declare,
    Discard,
    Hold,
    Knock40,
    Move,
    Pass,
    PickUp,
    PlayCard,
    RamsePass,
    SeatView,
)
from trainer.text import N_, Message

_BY_TEXT: dict[str, Card] = {}
for _card in ALL_CARDS:
    _BY_TEXT[_card.iss] = _card
    _BY_TEXT[_card.symbol] = _card
_CARD_TEXT = re.compile(
    "|".join(sorted((re.escape(text) for text in _BY_TEXT), key=len, reverse=True)).join(
        (r"(?<![A-Za-z0-9])(?:", r")(?![A-Za-z0-9])")
    )
)
"""A card written out inside a string parameter (``CJ`` or ``♣J``): such a string names that card."""


def cards_named(value: object) -> Iterator[Card]:
    """Every card a message (or any value inside one) names: cards, cards in tuples, lists, sets and
    mappings, in nested messages and errors, in dataclass fields, and cards written out in strings."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, Message):
        for item in value.params.values():
            yield from cards_named(item)
    elif isinstance(value, SkatError):
        yield from cards_named(value.message)
    elif isinstance(value, str):
        for found in _CARD_TEXT.findall(value):
            yield _BY_TEXT[found]
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from cards_named(key)
            yield from cards_named(item)
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            yield from cards_named(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type) and not isinstance(value, Enum):
        for f in dataclasses.fields(value):
            yield from cards_named(getattr(value, f.name))


def names_only_known(why: Message, viewer: SeatView) -> bool:
    """Whether every card ``why`` names is one the viewer's seat may know."""
    known = viewer.known_cards()
    return all(card in known for card in cards_named(why))


def public_reason(move: Move, viewer: SeatView) -> Message:
    """The move said as everyone at the table may hear it: what kind of move, and a card only when the
    viewer knows it (a card played lies on the table)."""
    if isinstance(move, Discard):
        return Message(N_("Lays away two cards."))
    if isinstance(move, RamsePass):
        return Message(N_("Passes on two cards."))
    if isinstance(move, PlayCard):
        if move.card in viewer.known_cards():
            return Message(N_("Plays {card}."), {"card": move.card})
        return Message(N_("Plays a card."))
    if isinstance(move, Declare):
        return Message(N_("Declares {game}."), {"game": move.declaration})
    if isinstance(move, Bid):
        return Message(N_("Says {bid}."), {"bid": move.value})
    if isinstance(move, Hold):
        return Message(N_("Holds."))
    if isinstance(move, Pass):
        return Message(N_("Passes."))
    if isinstance(move, Knock40):
        return Message(N_("Knocks 40 (Slå 40 an).") if move.knock else N_("Does not knock."))
    if isinstance(move, PickUp):
        return Message(N_("Picks up the skat."))
    return Message(N_("Makes its move."))


AUCTION_MOVES = (Bid, Hold, Pass, Knock40, PickUp)
"""Moves whose reasons speak of the mover's hand (its game, its chance, its Jacks): others hear only the
call (:func:`public_reason`)."""


def reason_for(why: Message, move: Move, viewer: SeatView) -> Message:
    """The reason for ``move`` as the seat of ``viewer`` may read it: ``why`` itself when it names only
    cards that seat knows, else :func:`public_reason`; for another seat's call in the auction always the
    public wording. ``viewer`` is that seat's view after the move."""
    own = getattr(move, "seat", None) is viewer.seat
    if names_only_known(why, viewer) and (own or not isinstance(move, AUCTION_MOVES)):
        return why
    public = public_reason(move, viewer)
    assert names_only_known(public, viewer)
    return public


__all__ = ["AUCTION_MOVES", "cards_named", "names_only_known", "public_reason", "reason_for"]
