"""The one vocabulary of moves in a deal, and how a move is written as JSON.

Every change to a :class:`~trainer.rules.game.DealState` is one of these small frozen values, the deal itself
included: :class:`Dealt` (the chance move that gives out the cards) is the first move of every history, so a
list of moves replays a deal with no seed and no defaults. A move checks its own shape when it is made
(``Bid(seat, "18")`` is refused with a sentence, not a bare ``TypeError``); whether it is *allowed* is the
state's business (:meth:`~trainer.rules.game.DealState.check`).

:func:`move_to_json` / :func:`move_from_json` are the project's own notation (the deal record, the store);
ISS notation is :mod:`trainer.iss_codec`.

>>> move_to_json(Bid(Seat.MIDDLEHAND, 18))
{'type': 'Bid', 'seat': 1, 'value': 18}
>>> move_from_json({"type": "Pass", "seat": 2})
Pass(seat=<Seat.REARHAND: 2>)
>>> Bid(Seat.MIDDLEHAND, "18")
Traceback (most recent call last):
...
trainer.errors.SkatError: A bid is a whole number such as 18, not '18'.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, cast, get_args

from trainer.cards import Card, parse_card
from trainer.deal import SKAT_SIZE, Deal, Seat
from trainer.errors import N_, SkatError, SkatExchangeError
from trainer.games import Declaration, GameType
from trainer.text import shown


def _seat(value: object) -> Seat:
    """A seat from a Seat or a plain 0..2 (never a bool, a string or None)."""
    if isinstance(value, Seat):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Seat(value)
    raise SkatError.of(
        N_("'{value}' is not a seat: 0 is forehand, 1 middlehand, 2 rearhand."), value=shown(repr(value))
    )


def _card(value: object) -> Card:
    if isinstance(value, Card):
        return value
    raise SkatError.of(N_("'{value}' is not a card."), value=shown(repr(value)))


def card_pair(value: object) -> tuple[Card, ...]:
    """Two different cards (a discard, a Ramse pass), in card-index order; the rule's error otherwise."""
    if not isinstance(value, tuple | list):
        raise SkatExchangeError.of(N_("'{value}' is not a list of cards."), value=shown(repr(value)))
    cards = tuple(_card(item) for item in value)
    if len(cards) != SKAT_SIZE or len(set(cards)) != SKAT_SIZE:
        raise SkatExchangeError.of(
            N_(
                "Exactly two different cards must be discarded, not {n}. "
                "Keeping eleven cards or discarding three loses the game."
            ),
            n=len(set(cards)),
        )
    return tuple(sorted(cards, key=lambda card: card.index))


def _flag(value: object, what: str) -> bool:
    if isinstance(value, bool):
        return value
    raise SkatError.of(N_("'{value}' is not yes or no ({what})."), value=shown(repr(value)), what=what)


# --- the moves ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Dealt:
    """The chance move: the cards as dealt (the first move of every deal's history)."""

    deal: Deal

    def __post_init__(self) -> None:
        if not isinstance(self.deal, Deal):
            raise SkatError.of(N_("'{value}' is not a deal of 32 cards."), value=shown(repr(self.deal)))


@dataclass(frozen=True, slots=True)
class SeatMove:
    """What every player's move has: the ``seat`` that makes it (checked, as each move checks its own
    values in :meth:`_check`, when it is made, so a bad move is refused with a readable error)."""

    seat: Seat

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", _seat(self.seat))
        self._check()

    def _check(self) -> None:
        """The move's own values (none by default)."""


@dataclass(frozen=True, slots=True)
class Contract(SeatMove):
    """A deal that starts after its auction: ``seat`` won it at ``bid`` (example deals and records whose
    auction is not given; fixed-contract benchmarks). Allowed only right after :class:`Dealt`."""

    bid: int

    def _check(self) -> None:
        if not isinstance(self.bid, int) or isinstance(self.bid, bool):
            raise SkatError.of(
                N_("A bid is a whole number such as 18, not '{value}'."), value=shown(repr(self.bid))
            )


@dataclass(frozen=True, slots=True)
class Bid(SeatMove):
    """``seat`` says ``value`` in the auction."""

    value: int

    def _check(self) -> None:
        if not isinstance(self.value, int) or isinstance(self.value, bool):
            raise SkatError.of(
                N_("A bid is a whole number such as 18, not '{value}'."), value=shown(str(self.value))
            )


@dataclass(frozen=True, slots=True)
class Hold(SeatMove):
    """``seat`` holds (says yes to) the bid just made."""


@dataclass(frozen=True, slots=True)
class Pass(SeatMove):
    """``seat`` passes in the auction."""


@dataclass(frozen=True, slots=True)
class Knock40(SeatMove):
    """Slå 40 an: after the first packet ``seat`` knocks (a bid of 40) or not. ``game``: the game the knocker
    means to play, judged when the auction is won at 40 (None: the suit with the most trumps)."""

    knock: bool
    game: GameType | None = None

    def _check(self) -> None:
        _flag(self.knock, "knock")
        if self.game is not None and not isinstance(self.game, GameType):
            raise SkatError.of(N_("'{value}' is not a game."), value=shown(repr(self.game)))
        if self.game is not None and not self.knock:
            raise SkatError.of(N_("Only a player who knocks names the game they mean to play."))


@dataclass(frozen=True, slots=True)
class PickUp(SeatMove):
    """The declarer picks up the skat."""


@dataclass(frozen=True, slots=True)
class Declare(SeatMove):
    """The declarer names the game: a hand declaration instead of the pickup, or after discarding."""

    declaration: Declaration

    def _check(self) -> None:
        if not isinstance(self.declaration, Declaration) or not isinstance(self.declaration.game, GameType):
            raise SkatError.of(
                N_(
                    "A declaration names a game (clubs, spades, hearts, diamonds, grand or null), "
                    "not '{value}'."
                ),
                value=shown(repr(self.declaration)),
            )


@dataclass(frozen=True, slots=True)
class Discard(SeatMove):
    """The declarer lays two cards away (kept in card-index order, so equal discards compare equal)."""

    cards: tuple[Card, ...]

    def _check(self) -> None:
        object.__setattr__(self, "cards", card_pair(self.cards))


@dataclass(frozen=True, slots=True)
class Throw(SeatMove):
    """The declarer throws the cards: after seeing the skat instead of declaring (lost without play, settled
    on the bid; listed among the legal moves, the way out when no game reaches the bid), or on the
    declarer's turn during play (always allowed, so the legal moves list only the cards)."""


@dataclass(frozen=True, slots=True)
class PlayCard(SeatMove):
    """``seat`` plays ``card`` to the trick."""

    card: Card

    def _check(self) -> None:
        _card(self.card)


class SpoergeCall(Enum):
    """What can be said in a Spørge: a defender knocks; the declarer knocks back or throws the cards
    (playing on after a knock is :class:`NoCall`)."""

    KNOCK = "knock"
    KNOCK_BACK = "knock_back"
    THROW = "throw"


@dataclass(frozen=True, slots=True)
class Spoerge(SeatMove):
    """Danish Spørge: a defender's knock, or the declarer's knock back / throw."""

    call: SpoergeCall

    def _check(self) -> None:
        if not isinstance(self.call, SpoergeCall):
            raise SkatError.of(N_("'{value}' is not a Spørge call."), value=shown(repr(self.call)))


@dataclass(frozen=True, slots=True)
class Kontra(SeatMove):
    """International house option: a defender doubles."""


@dataclass(frozen=True, slots=True)
class Re(SeatMove):
    """The declarer's answer to kontra: doubles again."""


@dataclass(frozen=True, slots=True)
class NoCall(SeatMove):
    """Saying nothing in the knock window (a defender not knocking, the declarer playing on)."""


@dataclass(frozen=True, slots=True)
class RamsePass(SeatMove):
    """Ramse's skat round: ``seat`` passes two of its twelve cards on (card-index order)."""

    cards: tuple[Card, ...]

    def _check(self) -> None:
        object.__setattr__(self, "cards", card_pair(self.cards))


@dataclass(frozen=True, slots=True)
class RamseCall(SeatMove):
    """After the skat round: ``seat`` says Grand (``grand``) or Ramse."""

    grand: bool

    def _check(self) -> None:
        _flag(self.grand, "grand")


PlayerMove = (
    Contract
    | Bid
    | Hold
    | Pass
    | Knock40
    | PickUp
    | Declare
    | Discard
    | Throw
    | PlayCard
    | Spoerge
    | Kontra
    | Re
    | NoCall
    | RamsePass
    | RamseCall
)
"""A move some seat makes (every move but the deal)."""

Move = Dealt | PlayerMove
"""Every move of a deal (the chance move :class:`Dealt` included)."""

MOVE_TYPES: tuple[type[Any], ...] = get_args(Move)
_BY_NAME: dict[str, type[Any]] = {cls.__name__: cls for cls in MOVE_TYPES}


def check_move(move: object) -> Move:
    """``move`` if it is one of the moves, else a :class:`SkatError` saying what it is not."""
    if isinstance(move, MOVE_TYPES):
        return cast(Move, move)
    raise SkatError.of(
        N_("'{value}' is not a move: play a card, bid, hold, pass or declare."), value=shown(repr(move))
    )


def seat_of(move: Move) -> Seat | None:
    """The seat that makes ``move`` (None for the deal)."""
    return None if isinstance(move, Dealt) else move.seat


# --- JSON ---------------------------------------------------------------------------------------------------

_DECLARATION_FIELDS = {f.name: f.type for f in dataclasses.fields(Declaration)}


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return value.iss
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Declaration):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Deal):
        return {"hands": [[c.iss for c in hand] for hand in value.hands], "skat": [c.iss for c in value.skat]}
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def move_to_json(move: Move) -> dict[str, Any]:
    """A move as a JSON-able dict: ``{"type": "PlayCard", "seat": 0, "card": "CJ"}``; the deal as
    ``{"type": "Dealt", "deal": {"hands": [[...], [...], [...]], "skat": [..]}}``."""
    data: dict[str, Any] = {"type": type(move).__name__}
    for f in dataclasses.fields(move):
        data[f.name] = _plain(getattr(move, f.name))
    return data


def _read_card(value: object) -> Card:
    if not isinstance(value, str):
        raise SkatError.of(N_("'{value}' is not a card."), value=shown(repr(value)))
    return parse_card(value)


def _read_cards(value: object) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise SkatError.of(N_("'{value}' is not a list of cards."), value=shown(repr(value)))
    return tuple(_read_card(item) for item in value)


def _read_deal(value: object) -> Deal:
    if not isinstance(value, Mapping) or set(value) != {"hands", "skat"}:
        raise SkatError.of(N_("'{value}' is not a deal of 32 cards."), value=shown(repr(value)))
    hands = value["hands"]
    if not isinstance(hands, list) or len(hands) != len(Seat):
        raise SkatError.of(N_("'{value}' is not a deal of 32 cards."), value=shown(repr(value)))
    first, second, third = (_read_cards(hand) for hand in hands)
    skat = _read_cards(value["skat"])
    if len(skat) != SKAT_SIZE:
        raise SkatError.of(N_("The skat holds {size} cards, not {n}."), size=SKAT_SIZE, n=len(skat))
    return Deal(hands=(first, second, third), skat=(skat[0], skat[1]))


def _read_declaration(value: object) -> Declaration:
    if not isinstance(value, Mapping) or "game" not in value or not set(value) <= set(_DECLARATION_FIELDS):
        raise SkatError.of(N_("'{value}' is not a declaration."), value=shown(repr(value)))
    game = _read_game(value["game"])
    flags: dict[str, Any] = {}
    for name in ("hand", "ouvert", "schneider_announced", "schwarz_announced"):
        if name in value:
            flags[name] = _flag(value[name], name)
    musik = value.get("musik", 0)
    if not isinstance(musik, int) or isinstance(musik, bool) or not 0 <= musik <= 2:
        raise SkatError.of(N_("'{value}' is not a number of Musik (0, 1 or 2)."), value=shown(repr(musik)))
    return Declaration(game, musik=musik, **flags)


def _read_game(value: object) -> GameType:
    try:
        return GameType(value)
    except ValueError:
        raise SkatError.of(N_("'{value}' is not a game."), value=shown(repr(value))) from None


def _read_int(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise SkatError.of(N_("A bid is a whole number such as 18, not '{value}'."), value=shown(repr(value)))


_READERS: dict[str, Any] = {
    "seat": _seat,
    "value": _read_int,
    "bid": _read_int,
    "card": _read_card,
    "cards": _read_cards,
    "declaration": _read_declaration,
    "deal": _read_deal,
    "knock": lambda v: _flag(v, "knock"),
    "grand": lambda v: _flag(v, "grand"),
    "game": lambda v: None if v is None else _read_game(v),
}


def move_from_json(data: object) -> Move:
    """The move :func:`move_to_json` wrote; anything else — an unknown type, a missing or extra field, a
    value of the wrong kind — is a :class:`SkatError` naming the entry."""
    try:
        if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
            raise SkatError.of(N_("'{value}' is not a move."), value=shown(repr(data)))
        cls = _BY_NAME.get(data["type"])
        if cls is None:
            raise SkatError.of(N_("'{value}' is not a kind of move."), value=shown(str(data["type"])))
        names = {f.name for f in dataclasses.fields(cls)}
        given = set(data) - {"type"}
        required = {f.name for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING}
        if not required <= given <= names:
            raise SkatError.of(N_("'{value}' is not a move."), value=shown(repr(dict(data))))
        fields: dict[str, Any] = {}
        for name in given:
            if name == "call":
                try:
                    fields[name] = SpoergeCall(data[name])
                except ValueError:
                    raise SkatError.of(
                        N_("'{value}' is not a Spørge call."), value=shown(repr(data[name]))
                    ) from None
            else:
                fields[name] = _READERS[name](data[name])
        move: Move = cls(**fields)
        return move
    except SkatError as error:
        raise SkatError.of(
            N_("A stored move could not be read ({reason}): {move}."),
            reason=error.message,
            move=shown(repr(data)),
        ) from error


def moves_to_json(moves: Sequence[Move]) -> list[dict[str, Any]]:
    return [move_to_json(move) for move in moves]


def moves_from_json(data: object) -> list[Move]:
    if not isinstance(data, list):
        raise SkatError.of(N_("'{value}' is not a list of moves."), value=shown(repr(data)))
    return [move_from_json(item) for item in data]


__all__ = [
    "MOVE_TYPES",
    "Bid",
    "Contract",
    "Dealt",
    "Declare",
    "Discard",
    "Hold",
    "Knock40",
    "Kontra",
    "Move",
    "NoCall",
    "Pass",
    "PickUp",
    "PlayCard",
    "PlayerMove",
    "RamseCall",
    "RamsePass",
    "Re",
    "Spoerge",
    "SpoergeCall",
    "Throw",
    "card_pair",
    "check_move",
    "move_from_json",
    "move_to_json",
    "moves_from_json",
    "moves_to_json",
    "seat_of",
]
