"""The one codec between the engine's moves (:mod:`trainer.moves`) and ISS notation.

An ISS move list is ``w`` and the 32 dealt cards, then ``<actor> <action>`` pairs (``docs/iss-notation.md``;
in short: a number bids, ``y`` holds, ``p`` passes, ``s`` picks up the skat, which the server shows as
``w X.Y``; a declaration is a game letter with its level letters and, after a pickup, the two cards laid
away; then the cards). Everything that reads or writes those tokens goes through this module: the ISS
record reader and writer (:mod:`trainer.records.iss`), a seat's view
(:meth:`trainer.rules.game.SeatView.iss_moves`)
and the bot protocol (:mod:`trainer.bots.protocol`).

Reading gives the engine's own moves wherever ISS writes one (:class:`~trainer.moves.Bid`,
:class:`~trainer.moves.Hold`, :class:`~trainer.moves.Pass`, :class:`~trainer.moves.PickUp`,
:class:`~trainer.moves.Declare`, :class:`~trainer.moves.PlayCard`) and a few notation items for what is not
a move of its own: the skat the server shows (:class:`SkatShown`), the laid-away cards as written
(:class:`Discards`: order kept, ``??`` allowed), an open game's cards (:class:`OpenCards`), a card the list
hides (:class:`HiddenCard`) and the early endings (:class:`EarlyEnd`). A :class:`~trainer.moves.Declare` that
was read holds the letters as written (``GO`` is ouvert without H); :func:`declared` says what they mean
under a profile.

One order for the level letters, whoever writes: the game letter, then ``O`` (open), ``H`` (hand), ``S``
(schneider announced), ``Z`` (schwarz announced); schwarz announced is written ``SZ``, and an international
suit or grand ouvert is written ``O`` alone (it carries hand, schneider and schwarz announced).

The declarer throwing the cards (:class:`~trainer.moves.Throw`) is written with ISS's nearest token,
``RE`` (resign): after the pickup the two laid-away cards follow it as they follow a declaration
(``1 RE.ST.H8``), during play it stands alone (``1 RE``).

>>> from trainer.deal import Seat
>>> from trainer.games import Declaration, GameType
>>> from trainer.moves import Discard
>>> from trainer.cards import parse_cards
>>> from trainer.profiles import INTERNATIONAL
>>> declaration_token(Declaration(GameType.CLUBS, hand=True, schwarz_announced=True), INTERNATIONAL)
'CHSZ'
>>> move_token([Discard(Seat.REARHAND, parse_cards("ST H8")),
...             Declare(Seat.REARHAND, Declaration(GameType.DIAMONDS))], INTERNATIONAL)
'D.H8.ST'
>>> deal, items = decode("w " + ".".join(["??"] * 32) + " 1 18 0 y 1 p 2 p 0 GH 0 CJ")
>>> items[0], items[-1]
(Bid(seat=<Seat.MIDDLEHAND: 1>, value=18), PlayCard(seat=<Seat.FOREHAND: 0>, card=Card(CJ)))
>>> write(deal, items) == "w " + ".".join(["??"] * 32) + " 1 18 0 y 1 p 2 p 0 GH 0 CJ"
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from trainer.cards import ALL_CARDS, HAND_SIZE, PLAYING_SEATS, SKAT_SIZE, Card
from trainer.deal import Deal, Seat
from trainer.errors import N_, DeclarationError, Message, RecordError
from trainer.games import Declaration, GameType
from trainer.moves import (
    Bid,
    Dealt,
    Declare,
    Discard,
    Hold,
    Move,
    Pass,
    PickUp,
    PlayCard,
    Spoerge,
    SpoergeCall,
    Throw,
)
from trainer.profiles import RuleProfile
from trainer.text import shown

SEATS = PLAYING_SEATS
DECK_SIZE = SEATS * HAND_SIZE + SKAT_SIZE
SEAT_NAMES = ("forehand", "middlehand", "rearhand")
HIDDEN = "??"
SERVER = "w"
LEVEL_LETTERS = "OHSZ"
"""The level letters in the one order they are written: open, hand, schneider, schwarz announced."""
BID_DIGITS = 4
"""No bid has more digits than this (the highest, 264, has three): a longer number is refused before it is
read, so a 5,000-digit "bid" costs nothing."""

_ISS_CARDS: dict[str, Card] = {card.iss: card for card in ALL_CARDS}
_GAME_LETTERS = {game.iss_letter: game for game in GameType}


# --- what is not a move of its own ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IssDeal:
    """The 32 dealt cards: forehand's, middlehand's and rearhand's 10, then the skat. ``None`` = hidden.

    ``separator`` is how the list wrote the borders between packets (``.`` or ``|``), kept for writing back.
    """

    hands: tuple[tuple[Card | None, ...], ...]
    skat: tuple[Card | None, ...]
    separator: str = "."

    @property
    def cards(self) -> tuple[Card | None, ...]:
        """All 32 positions in ISS order."""
        return (*self.hands[0], *self.hands[1], *self.hands[2], *self.skat)

    @property
    def hidden(self) -> bool:
        """True when any card is hidden (``??``)."""
        return any(card is None for card in self.cards)

    def known_hands(self) -> tuple[tuple[Card, ...], ...]:
        """The three hands; raises :class:`RecordError` if a card is hidden."""
        return tuple(known(hand, Message(N_("The deal"))) for hand in self.hands)

    def known_skat(self) -> tuple[Card, ...]:
        return known(self.skat, Message(N_("The skat")))

    def known_deal(self) -> Deal:
        """The deal as the engine holds it; raises :class:`RecordError` if a card is hidden."""
        hands, skat = self.known_hands(), self.known_skat()
        return Deal(hands=(hands[0], hands[1], hands[2]), skat=(skat[0], skat[1]))

    @classmethod
    def from_cards(cls, cards: Sequence[Card | None], separator: str = ".") -> IssDeal:
        """The deal of 32 positions in ISS order."""
        hands = tuple(tuple(cards[s * HAND_SIZE : (s + 1) * HAND_SIZE]) for s in range(SEATS))
        return cls(hands=hands, skat=tuple(cards[SEATS * HAND_SIZE :]), separator=separator)


def known(cards: Sequence[Card | None], what: Message) -> tuple[Card, ...]:
    """``cards`` when none is hidden; else a :class:`RecordError` saying ``what`` cannot be replayed."""
    shown_cards = tuple(card for card in cards if card is not None)
    if len(shown_cards) != len(cards):
        raise RecordError.of(
            N_("{what} contains hidden cards (??), so the game cannot be replayed."), what=what
        )
    return shown_cards


@dataclass(frozen=True, slots=True)
class SkatShown:
    """``w C1.C2``: the server shows the picked-up skat (``??`` to the seats that may not see it)."""

    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class Discards:
    """The two cards the declarer lays away, as written: inside the declaration (``2 D.ST.H8``) or, in old
    records, as a move of their own after it (``2 D 2 D9.DQ``). The order is kept and ``None`` is a hidden
    card; replaying makes them a :class:`~trainer.moves.Discard`."""

    seat: Seat
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class OpenCards:
    """The cards an open game's declaration shows after the game (and after the discards)."""

    seat: Seat
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class HiddenCard:
    """``<seat> ??``: a card played that the list does not show."""

    seat: Seat


class EndKind(Enum):
    """Ways a record can stop before the last trick."""

    SHOW_CARDS = "SC"
    """The declarer lays the cards down and claims the rest."""
    RESIGN = "RE"
    """A seat gives up; the declarer resigning is how a throw of the cards is written."""
    TIMEOUT = "TI"
    LEFT = "LE"

    @property
    def by_server(self) -> bool:
        """TI and LE are written by the server (``w TI.<seat>``), SC and RE by the seat itself."""
        return self in (EndKind.TIMEOUT, EndKind.LEFT)

    @property
    def description(self) -> str:
        return _END_WORDS[self]


_END_WORDS = {
    EndKind.SHOW_CARDS: "showed the cards and claimed the rest",
    EndKind.RESIGN: "resigned",
    EndKind.TIMEOUT: "ran out of time",
    EndKind.LEFT: "left the table",
}


@dataclass(frozen=True, slots=True)
class EarlyEnd:
    """``<seat> SC`` / ``<seat> RE`` / ``w TI.<seat>`` / ``w LE.<seat>``: the game stopped early.

    ``cards`` holds any cards written after SC/RE (``1 SC.CJ.SJ``; a throw after the pickup carries the
    two laid-away cards, ``1 RE.ST.H8``)."""

    kind: EndKind
    seat: Seat
    cards: tuple[Card | None, ...] = ()


IssItem = (
    Bid | Hold | Pass | PickUp | Declare | PlayCard | SkatShown | Discards | OpenCards | HiddenCard | EarlyEnd
)
"""One thing an ISS move list says, in order: an engine move, or one of the notation items above."""


# --- tokens -----------------------------------------------------------------------------------------------


def card_token(card: Card | None) -> str:
    return HIDDEN if card is None else card.iss


def cards_token(cards: Sequence[Card | None]) -> str:
    return ".".join(card_token(card) for card in cards)


def where_move(number: int, move: str) -> Message:
    """Where in the moves something went wrong, e.g. "Move 4 ('1 CJ')" (the deal is move 1)."""
    return Message(N_("Move {number} ('{move}')"), {"number": number, "move": shown(move)})


def read_card(token: str, where: Message) -> Card | None:
    """A card token, or None for ``??``."""
    if token == HIDDEN:
        return None
    if token == "":
        raise RecordError.of(
            N_(
                "{where}: a '.' stands where a card should be (two dots in a row, or a dot at the start or "
                "end of the cards)."
            ),
            where=where,
        )
    card = _ISS_CARDS.get(token)
    if card is None:
        raise RecordError.of(
            N_(
                "{where}: '{token}' is not a card "
                "(ISS cards are a suit C, S, H, D and a rank 7 8 9 T J Q K A)."
            ),
            where=where,
            token=shown(token),
        )
    return card


def read_cards(text: str, where: Message) -> tuple[Card | None, ...]:
    """Cards separated by ``.`` (or ``|``, as live server messages write a deal)."""
    if text == "":
        return ()
    return tuple(read_card(token, where) for token in re.split(r"[.|]", text))


def read_seat(token: str, where: Message) -> Seat:
    """An actor: exactly one of the ASCII digits 0, 1, 2."""
    if token in ("0", "1", "2"):
        return Seat(int(token))
    raise RecordError.of(N_("{where}: '{token}' is not a seat (0, 1 or 2)."), where=where, token=shown(token))


def is_bid_token(action: str) -> bool:
    """Is ``action`` written as a number (any digits: :func:`read_bid` then refuses what is not 0-9)?"""
    return action.isdigit()


def read_bid(action: str, where: Message) -> int:
    """A bid token: ASCII digits only (``str.isdigit`` also accepts ², ١٨ and full-width digits)."""
    if not action.isascii() or not action.isdigit():
        raise RecordError.of(
            N_("{where}: '{action}' is not a bid: bids are written with the digits 0-9."),
            where=where,
            action=shown(action),
        )
    if len(action) > BID_DIGITS:
        raise RecordError.of(N_("{where}: a bid of {n} digits is not a bid."), where=where, n=len(action))
    return int(action)


def read_deal(action: str, where: Message) -> IssDeal:
    """The deal's action text: 32 cards, none twice (hidden ones as ``??``)."""
    separator = "|" if "|" in action else "."
    cards = read_cards(action, where)
    if len(cards) != DECK_SIZE:
        raise RecordError.of(
            N_("{where}: the deal has {n} cards; it must have {size}."),
            where=where,
            n=len(cards),
            size=DECK_SIZE,
        )
    seen: set[Card] = set()
    for card in cards:
        if card is not None:
            if card in seen:
                raise RecordError.of(
                    N_("{where}: {card} is dealt twice; every card exists only once."),
                    where=where,
                    card=card.iss,
                )
            seen.add(card)
    return IssDeal.from_cards(cards, separator)


def deal_token(deal: IssDeal) -> str:
    """The deal's action text (``|`` between packets when the list read used it)."""
    return deal.separator.join(cards_token(packet) for packet in (*deal.hands, deal.skat))


# --- declarations -----------------------------------------------------------------------------------------


def letters(declaration: Declaration) -> str:
    """The level letters of a declaration as written, in the one order: O, H, S, Z."""
    flags = (
        declaration.ouvert,
        declaration.hand,
        declaration.schneider_announced,
        declaration.schwarz_announced,
    )
    return "".join(letter for letter, on in zip(LEVEL_LETTERS, flags, strict=True) if on)


def written(declaration: Declaration, profile: RuleProfile) -> Declaration:
    """How a declaration the engine holds is written: schwarz announced with schneider announced; an
    international suit or grand ouvert as ouvert alone (the profile implies the rest); Musik has no letter
    and is left out (the caller says so)."""
    d = profile.normalize(declaration)
    if d.ouvert and not d.game.is_null and profile.ouvert_implies_schwarz_announced:
        return Declaration(d.game, ouvert=True)
    return Declaration(d.game, d.hand, d.ouvert, d.schneider_announced, d.schwarz_announced)


def declaration_token(declaration: Declaration, profile: RuleProfile) -> str:
    """A declaration in ISS notation (game letter and level letters, no cards)."""
    d = written(declaration, profile)
    return d.game.iss_letter + letters(d)


def _read_declaration(seat: Seat, action: str, picked_up: bool, where: Message) -> list[IssItem]:
    head, _, rest = action.partition(".")
    game = _GAME_LETTERS[head[0]]
    mods = head[1:]
    for letter in mods:
        if letter not in LEVEL_LETTERS:
            raise RecordError.of(
                N_("{where}: '{letter}' is not a declaration letter (H, S, Z or O)."),
                where=where,
                letter=letter,
            )
        if mods.count(letter) > 1:
            raise RecordError.of(
                N_("{where}: the declaration letter '{letter}' is written twice."), where=where, letter=letter
            )
    cards = read_cards(rest, where)
    discards: tuple[Card | None, ...] = ()
    if picked_up and cards:
        if len(cards) < SKAT_SIZE:
            raise RecordError.of(
                N_("{where}: exactly 2 cards go back into the skat, not {n}."), where=where, n=len(cards)
            )
        discards, cards = cards[:SKAT_SIZE], cards[SKAT_SIZE:]
    if cards and "O" not in mods:
        raise RecordError.of(
            N_(
                "{where}: only an open game shows the declarer's cards after the declaration; "
                "this game is not open, so the {n} cards after {what} do not belong there."
            ),
            where=where,
            n=len(cards),
            what=Message(N_("the discards")) if discards else Message(N_("the game")),
        )
    as_written = Declaration(
        game,
        hand="H" in mods,
        ouvert="O" in mods,
        schneider_announced="S" in mods,
        schwarz_announced="Z" in mods,
    )
    items: list[IssItem] = [Discards(seat, discards)] if discards else []
    items.append(Declare(seat, as_written))
    if cards:
        items.append(OpenCards(seat, cards))
    return items


def declared(as_written: Declaration, picked_up: bool, profile: RuleProfile) -> Declaration:
    """What a declaration read from ISS means under ``profile``: no pickup before it makes it a hand game
    (whether H is written or not), Z carries S, and the profile fills in the rest
    (:meth:`~trainer.profiles.RuleProfile.check_declaration`, which refuses what the profile lacks)."""
    if as_written.hand and picked_up:
        raise DeclarationError.of(N_("A hand game (H) cannot be declared after picking up the skat."))
    d = profile.check_declaration(
        Declaration(
            as_written.game,
            hand=not picked_up,
            ouvert=as_written.ouvert,
            schneider_announced=as_written.schneider_announced or as_written.schwarz_announced,
            schwarz_announced=as_written.schwarz_announced,
        )
    )
    if d.hand and picked_up:
        raise DeclarationError.of(
            N_("{game} must be played from the hand, but the declarer picked up the skat."), game=d
        )
    return d


# --- reading a move list ----------------------------------------------------------------------------------


def decode(text: str) -> tuple[IssDeal | None, tuple[IssItem, ...]]:
    """Read an ISS move list (the text inside ``MV[...]``, or a bot request's ``moves``): the deal (None when
    the list does not start with it) and what follows. Only the notation is checked (cards, seats, counts,
    tokens); the rules are the replay's. A :class:`RecordError` names the move, the deal being move 1."""
    tokens = text.split()
    if len(tokens) % 2:
        raise RecordError.of(
            N_(
                "Move {number} ('{move}'): every move is an actor and an action, "
                "but the last one has no action."
            ),
            number=len(tokens) // 2 + 1,
            move=shown(tokens[-1]),
        )
    deal: IssDeal | None = None
    items: list[IssItem] = []
    picked_up = False
    skat_shown = False
    discards_pending = False
    for number, i in enumerate(range(0, len(tokens), 2), start=1):
        actor, action = tokens[i], tokens[i + 1]
        where = where_move(number, f"{actor} {action}")
        if actor == SERVER:
            if action.startswith(("TI.", "LE.")):
                items.append(EarlyEnd(EndKind(action[:2]), read_seat(action[3:], where)))
            elif number == 1:
                deal = read_deal(action, Message(N_("Move 1 (the deal)")))
            elif picked_up and not skat_shown:
                cards = read_cards(action, where)
                if len(cards) != SKAT_SIZE:
                    raise RecordError.of(
                        N_("{where}: the skat shown after the pickup must be 2 cards."), where=where
                    )
                items.append(SkatShown(cards))
                skat_shown = True
            else:
                raise RecordError.of(
                    N_("{where}: the server's move '{action}' is not understood here."),
                    where=where,
                    action=shown(action),
                )
            continue
        seat = read_seat(actor, where)
        if is_bid_token(action):
            items.append(Bid(seat, read_bid(action, where)))
        elif action == "y":
            items.append(Hold(seat))
        elif action == "p":
            items.append(Pass(seat))
        elif action == "s":
            items.append(PickUp(seat))
            picked_up = True
        elif action[:2] in ("SC", "RE") and (len(action) == 2 or action[2] == "."):
            items.append(EarlyEnd(EndKind(action[:2]), seat, read_cards(action[3:], where)))
        elif action in _ISS_CARDS:
            card = read_card(action, where)
            assert card is not None
            items.append(PlayCard(seat, card))
        elif action == HIDDEN:
            items.append(HiddenCard(seat))
        elif action[0] in _GAME_LETTERS and (len(action) == 1 or action[1] in LEVEL_LETTERS + "."):
            declaration = _read_declaration(seat, action, picked_up, where)
            items += declaration
            discards_pending = picked_up and not isinstance(declaration[0], Discards)
        elif discards_pending and "." in action:
            cards = read_cards(action, where)
            if len(cards) != SKAT_SIZE:
                raise RecordError.of(
                    N_("{where}: exactly 2 cards go back into the skat, not {n}."), where=where, n=len(cards)
                )
            items.append(Discards(seat, cards))
            discards_pending = False
        else:
            raise RecordError.of(
                N_("{where}: '{action}' is neither a bid, a declaration nor a card."),
                where=where,
                action=shown(action),
            )
    return deal, tuple(items)


# --- writing ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Token:
    """One ``<actor> <action>`` pair and the items it writes (``items[start:end]``)."""

    actor: str
    action: str
    start: int
    end: int

    @property
    def text(self) -> str:
        return f"{self.actor} {self.action}"


def tokens(items: Sequence[IssItem]) -> list[Token]:
    """The pairs that write ``items`` (:func:`decode` reads them back): laid-away cards just before a
    declaration, and an open game's cards just after it, are written inside the declaration's token."""
    out: list[Token] = []
    index = 0
    while index < len(items):
        start = index
        item = items[index]
        index += 1
        declare: Declare | None = None
        cards: tuple[Card | None, ...] = ()
        if isinstance(item, Discards) and index < len(items) and isinstance(items[index], Declare):
            declare = items[index]  # type: ignore[assignment]
            cards = item.cards
            index += 1
        elif isinstance(item, Declare):
            declare = item
        if declare is None:
            actor, action = _pair(item)
            out.append(Token(actor, action, start, index))
            continue
        if index < len(items) and isinstance(items[index], OpenCards):
            cards += items[index].cards  # type: ignore[union-attr]
            index += 1
        action = _declare_action(declare) + "".join("." + card_token(card) for card in cards)
        out.append(Token(str(int(declare.seat)), action, start, index))
    return out


def pairs(items: Sequence[IssItem]) -> list[tuple[str, str]]:
    """The ``(actor, action)`` pairs that write ``items`` (see :func:`tokens`)."""
    return [(token.actor, token.action) for token in tokens(items)]


def _declare_action(move: Declare) -> str:
    d = move.declaration
    return d.game.iss_letter + letters(d)


def _pair(item: IssItem) -> tuple[str, str]:
    if isinstance(item, SkatShown):
        return (SERVER, cards_token(item.cards))
    if isinstance(item, EarlyEnd):
        if item.kind.by_server:
            return (SERVER, f"{item.kind.value}.{int(item.seat)}")
        cards = "".join("." + card_token(card) for card in item.cards)
        return (str(int(item.seat)), item.kind.value + cards)
    actor = str(int(item.seat))
    if isinstance(item, Bid):
        return (actor, str(item.value))
    if isinstance(item, Hold):
        return (actor, "y")
    if isinstance(item, Pass):
        return (actor, "p")
    if isinstance(item, PickUp):
        return (actor, "s")
    if isinstance(item, PlayCard):
        return (actor, item.card.iss)
    if isinstance(item, HiddenCard):
        return (actor, HIDDEN)
    if isinstance(item, Discards):
        return (actor, cards_token(item.cards))
    raise RecordError.of(N_("Open cards are written only inside the declaration."))  # OpenCards alone


def write(deal: IssDeal | None, items: Sequence[IssItem]) -> str:
    """The move list: ``w`` and the deal, then every pair (the text inside ``MV[...]``)."""
    words = [f"{SERVER} {deal_token(deal)}"] if deal is not None else []
    words += [f"{actor} {action}" for actor, action in pairs(items)]
    return " ".join(words)


# --- engine moves as ISS ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seen:
    """What the writer may show of a deal: the 32 positions (``None`` hidden), the skat after the pickup,
    whether the declarer's laid-away cards show, and an open declarer's ten cards (None: not shown)."""

    deal: tuple[Card | None, ...]
    skat: tuple[Card | None, ...] = (None, None)
    discards: bool = False
    open_hand: tuple[Card, ...] | None = None


def items_of(
    moves: Sequence[Move], profile: RuleProfile, seen: Seen, *, declared_before: bool = False
) -> tuple[tuple[IssItem, ...], tuple[Move, ...]]:
    """A deal's moves (the history of a :class:`~trainer.rules.game.DealState`, the deal itself left out) as
    ISS
    items, and the moves ISS cannot hold (Slå 40 an knocks, kontra and re, Spørge, Ramse, a contract without
    its auction; the cards of a game played without a declaration, i.e. Ramse or Ramsch; ``declared_before``:
    the moves continue a declared game). A Spørge throw is the declarer's ``RE``."""
    items: list[IssItem] = []
    left_out: list[Move] = []
    declared_game = declared_before
    pending: Discard | None = None
    for move in moves:
        if isinstance(move, Bid | Hold | Pass):
            items.append(move)
        elif isinstance(move, PickUp):
            items += [move, SkatShown(seen.skat)]
        elif isinstance(move, Discard):
            pending = move
        elif isinstance(move, Declare):
            if pending is not None:
                items.append(Discards(move.seat, _discards(pending, seen)))
                pending = None
            items.append(Declare(move.seat, written(move.declaration, profile)))
            if move.declaration.musik:
                left_out.append(move)
            if seen.open_hand is not None:
                items.append(OpenCards(move.seat, seen.open_hand))
            declared_game = True
        elif isinstance(move, Throw):
            cards = _discards(pending, seen) if pending is not None else ()
            items.append(EarlyEnd(EndKind.RESIGN, move.seat, cards))
            pending = None
        elif isinstance(move, Spoerge) and move.call is SpoergeCall.THROW:
            items.append(EarlyEnd(EndKind.RESIGN, move.seat))
            left_out.append(move)
        elif isinstance(move, PlayCard) and declared_game:
            items.append(move)
        elif not isinstance(move, Dealt):
            left_out.append(move)
    return tuple(items), tuple(left_out)


def _discards(move: Discard, seen: Seen) -> tuple[Card | None, ...]:
    return tuple(move.cards) if seen.discards else (None,) * SKAT_SIZE


def move_token(moves: Move | Sequence[Move], profile: RuleProfile) -> str:
    """The action token of one seat's move as a reply carries it: ``18``, ``y``, ``p``, ``s``, ``CJ``, a
    hand declaration ``GH``; after the pickup the discard and what follows it in one token (``C.ST.H8``,
    or ``RE.ST.H8`` for a throw). A move ISS has no notation for is a :class:`RecordError`."""
    group = [moves] if not isinstance(moves, Sequence) else list(moves)
    seen = Seen(deal=(None,) * DECK_SIZE, discards=True)
    items, left_out = items_of(group, profile, seen, declared_before=True)
    items = tuple(item for item in items if not isinstance(item, SkatShown))  # the server's, not the seat's
    if left_out or len(pairs(items)) != 1:
        name = type(left_out[0] if left_out else group[0]).__name__
        raise RecordError.of(N_("ISS notation has no token for this move ({move})."), move=name)
    return pairs(items)[0][1]


__all__ = [
    "BID_DIGITS",
    "DECK_SIZE",
    "HIDDEN",
    "LEVEL_LETTERS",
    "SEAT_NAMES",
    "SERVER",
    "Discards",
    "EarlyEnd",
    "EndKind",
    "HiddenCard",
    "IssDeal",
    "IssItem",
    "OpenCards",
    "Seen",
    "SkatShown",
    "Token",
    "card_token",
    "cards_token",
    "deal_token",
    "declaration_token",
    "declared",
    "decode",
    "is_bid_token",
    "items_of",
    "known",
    "letters",
    "move_token",
    "pairs",
    "read_bid",
    "read_card",
    "read_cards",
    "read_deal",
    "read_seat",
    "tokens",
    "where_move",
    "write",
    "written",
]
