"""What a seat may read of another seat's reason for a move.

A computer player explains its move in a :class:`~trainer.text.Message` built from its own view: a
discard names the two cards it lays away, a Ramse pass the two cards it passes on, a card play the card
(and once in a while another), a bid or a declaration its game and its chance. Shown to anyone else, such
a line tells what the reader may not know.

:func:`reason_for` is the one door a reason passes through on its way to a page: the mover's own seat
reads the message unchanged (every card in it — searched through every parameter, nested messages, tuples
and strings — is one that seat knows, :meth:`~trainer.rules.game.SeatView.known_cards`); every other seat
reads a
public wording of the same move that names no card the reader cannot see ("Lays away two cards."). Pages
keep and show only what it returns, so a reason in the session state or on the screen names only cards of
the reader's own view.

Another seat reads only the move itself, whatever it is ("Says 18.", "Declares grand.", "Plays ♠K."): a
computer's reason is worked out from its hidden hand (a bid's game and chance, a declaration's "winning
about 97 %" — which tells that it holds the Jacks —, a knock's Jacks among the first five cards, a card's
plan for its remaining cards), and a real player at the table would never say it: table talk, which the
rules forbid. Only the seat that moved reads its own reason (issue 41).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Mapping
from enum import Enum

from trainer import moves
from trainer.cards import ALL_CARDS, Card
from trainer.errors import SkatError
from trainer.rules import SeatView
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


def public_reason(move: moves.Move, viewer: SeatView) -> Message:
    """The move said as everyone at the table may hear it: what kind of move, and a card only when the
    viewer knows it (a card played lies on the table)."""
    if isinstance(move, moves.Discard):
        return Message(N_("Lays away two cards."))
    if isinstance(move, moves.RamsePass):
        if set(move.cards) <= viewer.known_cards():  # the seat they were passed to
            return Message(N_("Passes on {cards}."), {"cards": move.cards})
        return Message(N_("Passes on two cards."))
    if isinstance(move, moves.PlayCard):
        if move.card in viewer.known_cards():
            return Message(N_("Plays {card}."), {"card": move.card})
        return Message(N_("Plays a card."))
    if isinstance(move, moves.Declare):
        return Message(N_("Declares {game}."), {"game": move.declaration})
    if isinstance(move, moves.Bid):
        return Message(N_("Says {bid}."), {"bid": move.value})
    if isinstance(move, moves.Knock40):
        return Message(N_("Knocks 40 (Slå 40 an).") if move.knock else N_("Does not knock."))
    if isinstance(move, moves.Spoerge):
        if move.call is moves.SpoergeCall.THROW:
            return Message(N_("Throws the cards."))
        return Message(N_("Knocks back.") if move.call is moves.SpoergeCall.KNOCK_BACK else N_("Knocks."))
    if isinstance(move, moves.RamseCall):
        return Message(N_("Says Grand.") if move.grand else N_("Says Ramse."))
    return Message(_SAID.get(type(move), N_("Makes its move.")))


_SAID: dict[type[moves.Move], str] = {
    moves.Hold: N_("Holds."),
    moves.Pass: N_("Passes."),
    moves.PickUp: N_("Picks up the skat."),
    moves.Kontra: N_("Says kontra."),
    moves.Re: N_("Says re."),
    moves.NoCall: N_("Says nothing."),
    moves.Throw: N_("Throws the cards."),
}
"""The moves that say the same whoever makes them and whatever the seat sees."""


AUCTION_MOVES = (moves.Bid, moves.Hold, moves.Pass, moves.Knock40, moves.PickUp)
"""The calls of the auction (their reasons speak of the mover's game, its chance, its Jacks)."""


def reason_for(why: Message, move: moves.Move, viewer: SeatView) -> Message:
    """The reason for ``move`` as the seat of ``viewer`` may read it: the mover's own seat reads ``why``
    itself (it names only cards that seat knows); every other seat the move alone (:func:`public_reason`:
    no chance, no plan, nothing of the mover's hidden hand). ``viewer`` is that seat's view after the
    move."""
    own = getattr(move, "seat", None) is viewer.seat
    if own and names_only_known(why, viewer):
        return why
    public = public_reason(move, viewer)
    assert names_only_known(public, viewer)
    return public


__all__ = ["AUCTION_MOVES", "cards_named", "names_only_known", "public_reason", "reason_for"]
