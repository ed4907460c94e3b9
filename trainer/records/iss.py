"""International Skat Server (ISS) game records: read one line into typed values, write it back, replay it.

A record is one line ``(;GM[Skat]...ID[..]P0[..]P1[..]P2[..]MV[moves]R[result] ;)``; the format is described
in the project's ISS notes. Reading checks the notation only (cards, counts, tokens); :func:`replay` then
plays the record through the rules engine under a :class:`~trainer.profiles.RuleProfile`, so an invalid bid,
a revoke or a declaration the profile does not allow becomes a :class:`~trainer.errors.RecordError` that names
the move.

>>> hidden_deal = ".".join(["??"] * 32)
>>> rec = parse_record(f"(;GM[Skat]ID[7]P0[a]P1[b]P2[c]MV[w {hidden_deal} 1 p 2 p 0 p ]R[passed] ;)")
>>> rec.id, rec.players, rec.result.passed, len(rec.moves)
('7', ('a', 'b', 'c'), True, 3)
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from enum import Enum

from trainer import game
from trainer.bidding import Auction
from trainer.cards import ALL_CARDS, HAND_SIZE, PLAYING_SEATS, SKAT_SIZE, TOTAL_CARD_POINTS, Card
from trainer.deal import Deal, Seat
from trainer.errors import N_, IllegalCardError, Message, RecordError, SkatError
from trainer.game import DealState, HouseOptions, SkatGame
from trainer.game import Phase as GamePhase
from trainer.games import Declaration, GameType
from trainer.play import TRICKS_PER_GAME, GameState
from trainer.profiles import AllPass, RuleProfile
from trainer.text import shown
from trainer.value import GameResult, matadors

#: Number of players at the table of an ISS record, and cards per hand / in the skat (from cards.py).
SEATS = PLAYING_SEATS
DECK_SIZE = SEATS * HAND_SIZE + SKAT_SIZE

SEAT_NAMES = ("forehand", "middlehand", "rearhand")
HIDDEN = "??"
SERVER = "w"

_ISS_CARDS: dict[str, Card] = {card.iss: card for card in ALL_CARDS}
_GAME_LETTERS = {game.iss_letter: game for game in GameType}
_MODIFIERS = "HSZO"


# --- value types ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IssDeal:
    """The 32 dealt cards: forehand's, middlehand's and rearhand's 10, then the skat. ``None`` = hidden.

    ``separator`` is how the record wrote the borders between packets (``.`` or ``|``), kept for writing back.
    """

    hands: tuple[tuple[Card | None, ...], ...]
    skat: tuple[Card | None, ...]
    separator: str = "."

    @property
    def cards(self) -> tuple[Card | None, ...]:
        """All 32 positions in record order."""
        return (*self.hands[0], *self.hands[1], *self.hands[2], *self.skat)

    @property
    def hidden(self) -> bool:
        """True when any card is hidden (``??``)."""
        return any(card is None for card in self.cards)

    def known_hands(self) -> tuple[tuple[Card, ...], ...]:
        """The three hands; raises :class:`RecordError` if a card is hidden."""
        return tuple(_known(hand, Message(N_("The deal"))) for hand in self.hands)

    def known_skat(self) -> tuple[Card, ...]:
        return _known(self.skat, Message(N_("The skat")))

    @classmethod
    def from_cards(
        cls, hands: tuple[tuple[Card, ...], ...] | list[list[Card]], skat: tuple[Card, ...] | list[Card]
    ) -> IssDeal:
        return cls(hands=tuple(tuple(hand) for hand in hands), skat=tuple(skat))


def _known(cards: tuple[Card | None, ...], what: Message) -> tuple[Card, ...]:
    known = tuple(card for card in cards if card is not None)
    if len(known) != len(cards):
        raise RecordError.of(
            N_("{what} contains hidden cards (??), so the game cannot be replayed."), what=what
        )
    return known


@dataclass(frozen=True, slots=True)
class Bid:
    """``<seat> <n>``: the seat says a bid of n."""

    seat: int
    value: int


@dataclass(frozen=True, slots=True)
class Hold:
    """``<seat> y``: the seat holds (says yes to) the last bid."""

    seat: int


@dataclass(frozen=True, slots=True)
class Pass:
    """``<seat> p``: the seat passes."""

    seat: int


@dataclass(frozen=True, slots=True)
class PickUp:
    """``<seat> s``: the declarer picks up the skat."""

    seat: int


@dataclass(frozen=True, slots=True)
class SkatShown:
    """``w C1.C2``: the server shows the picked-up skat to the declarer."""

    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class Declare:
    """``<seat> <type><mods>[.cards]``: the declaration.

    The flags are the letters as written: ``hand`` (H), ``schneider`` (S), ``schwarz`` (Z), ``ouvert`` (O).
    Whether the game really is a hand game follows from the pickup (no ``s`` move = hand); international
    ouvert implies hand, schneider and schwarz (see :meth:`RuleProfile.normalize`). ``discards`` are the two
    cards put away after a pickup when written in the same token; ``open_cards`` any cards shown after them.
    """

    seat: int
    game: GameType
    hand: bool = False
    schneider: bool = False
    schwarz: bool = False
    ouvert: bool = False
    discards: tuple[Card | None, ...] = ()
    open_cards: tuple[Card | None, ...] = ()


@dataclass(frozen=True, slots=True)
class Discard:
    """``<seat> C1.C2`` after a declaration without discards: old records put the skat away separately."""

    seat: int
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class PlayCard:
    """``<seat> <card>``: a card played to the trick (``None`` = hidden ``??``)."""

    seat: int
    card: Card | None


class EndKind(Enum):
    """Ways a record can stop before the last trick."""

    SHOW_CARDS = "SC"
    """The declarer lays the cards down and claims the rest."""
    RESIGN = "RE"
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

    ``cards`` holds any cards written after SC/RE (``1 SC.CJ.SJ``), kept for writing back."""

    kind: EndKind
    seat: int
    cards: tuple[Card | None, ...] = ()


Move = Bid | Hold | Pass | PickUp | SkatShown | Declare | Discard | PlayCard | EarlyEnd


@dataclass(frozen=True, slots=True)
class IssResult:
    """The ``R[...]`` field as the server wrote it (not recomputed).

    ``outcome`` is ``win``, ``loss`` or ``penalty``; ``value`` the signed list score (``v:``); ``matadors``
    the signed matadors (``m:``); ``overbid`` from ``bidok``/``overbid``; ``points`` the declarer's card
    points including the skat (``p:``); ``tricks`` (``t:``); ``schneider``/``schwarz`` (``s:``/``z:``).
    Any other tokens (``p0:0 l:-1 to:-1 r:0`` ...) are kept verbatim in ``extras``.
    """

    passed: bool = False
    declarer: int | None = None
    outcome: str | None = None
    value: int | None = None
    matadors: int | None = None
    overbid: bool | None = None
    points: int | None = None
    tricks: int | None = None
    schneider: bool | None = None
    schwarz: bool | None = None
    extras: tuple[str, ...] = ()

    @property
    def won(self) -> bool | None:
        return None if self.outcome is None else self.outcome == "win"


#: Property order of records written by the server; other properties are written before MV.
_PROPERTY_ORDER = ("GM", "PC", "CO", "SE", "ID", "DT", "P0", "P1", "P2", "R0", "R1", "R2")
_OWN_KEYS = ("ID", "P0", "P1", "P2", "MV", "R")
_DEFAULT_PROPERTIES = (("GM", "Skat"), ("PC", "International Skat Server"))


@dataclass(frozen=True, slots=True)
class IssRecord:
    """One ISS game record.

    ``properties`` holds every header property other than ID, P0-P2, MV and R (GM, PC, SE, DT, R0 ...),
    in the order read, so that :func:`write_record` gives the line back. ``deal`` is None when the moves do
    not start with the deal. ``moves`` are the moves after the deal, in order; the move numbers in error
    messages count the deal as move 1.
    """

    id: str
    players: tuple[str, str, str]
    deal: IssDeal | None
    moves: tuple[Move, ...]
    result: IssResult | None = None
    properties: tuple[tuple[str, str], ...] = field(default=_DEFAULT_PROPERTIES)

    def move_number(self, index: int) -> int:
        """The 1-based number (as in error messages) of ``moves[index]``."""
        return index + (2 if self.deal is not None else 1)


# --- reading ------------------------------------------------------------------------------------------------

_PROPERTY = re.compile(r"\s*([A-Za-z][A-Za-z0-9]*)\[((?:[^\]\\]|\\.)*)\]", re.DOTALL)
_ESCAPE = re.compile(r"\\(.)", re.DOTALL)


def parse_record(line: str) -> IssRecord:
    """Read one ISS record line; raises :class:`RecordError` saying what is wrong and where."""
    text = line.lstrip("\ufeff").strip()
    if not (text.startswith("(;") and text.endswith(")")):
        raise RecordError.of(
            N_("This is not an ISS game record: a record starts with '(;' and ends with ';)'.")
        )
    body = text[2:-1].rstrip()
    body = body.removesuffix(";")
    properties: list[tuple[str, str]] = []
    pos = 0
    while pos < len(body):
        if body[pos:].strip() == "":
            break
        match = _PROPERTY.match(body, pos)
        if match is None:
            snippet = body[pos : pos + 20].strip()
            raise RecordError.of(
                N_("The record cannot be read near '{snippet}': expected a property like ID[..]."),
                snippet=snippet,
            )
        properties.append((match.group(1), _ESCAPE.sub(r"\1", match.group(2))))
        pos = match.end()
    values: dict[str, str] = {}
    for key, value in properties:
        if key in values and key in _OWN_KEYS:
            raise RecordError.of(N_("The record has the property {key}[...] twice."), key=key)
        values[key] = value
    if "MV" not in values:
        raise RecordError.of(N_("The record has no moves (MV[...])."))
    deal, moves = _parse_moves(values["MV"])
    result = _parse_result(values["R"]) if "R" in values else None
    return IssRecord(
        id=values.get("ID", ""),
        players=(values.get("P0", ""), values.get("P1", ""), values.get("P2", "")),
        deal=deal,
        moves=tuple(moves),
        result=result,
        properties=tuple((k, v) for k, v in properties if k not in _OWN_KEYS),
    )


def record_id_guess(line: str) -> str:
    """The ``ID[...]`` of a line that may not parse (for error reports); empty when there is none."""
    match = re.search(r"ID\[([^\]]*)\]", line)
    return match.group(1) if match else ""


def _move_where(number: int, move: str) -> Message:
    """Where in the moves something went wrong, e.g. "Move 4 ('1 CJ')"."""
    return Message(N_("Move {number} ('{move}')"), {"number": number, "move": shown(move)})


def _card(token: str, where: Message) -> Card | None:
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


def _cards(text: str, where: Message) -> tuple[Card | None, ...]:
    if text == "":
        return ()
    return tuple(_card(token, where) for token in re.split(r"[.|]", text))


def _seat(token: str, where: Message) -> int:
    if token in ("0", "1", "2"):
        return int(token)
    raise RecordError.of(N_("{where}: '{token}' is not a seat (0, 1 or 2)."), where=where, token=shown(token))


def _parse_moves(text: str) -> tuple[IssDeal | None, list[Move]]:
    tokens = text.split()
    if len(tokens) % 2:
        raise RecordError.of(
            N_(
                "Move {number} ('{move}'): every move is an actor and an action, "
                "but the last one has no action."
            ),
            number=len(tokens) // 2 + 1,
            move=tokens[-1],
        )
    deal: IssDeal | None = None
    moves: list[Move] = []
    picked_up = False
    discards_pending = False
    for number, i in enumerate(range(0, len(tokens), 2), start=1):
        actor, action = tokens[i], tokens[i + 1]
        where = _move_where(number, f"{actor} {action}")
        if actor == SERVER:
            if number == 1 and not action.startswith(("TI.", "LE.")):
                deal = _parse_deal(action, Message(N_("Move 1 (the deal)")))
                continue
            if action.startswith(("TI.", "LE.")):
                kind = EndKind(action[:2])
                moves.append(EarlyEnd(kind, _seat(action[3:], where)))
                continue
            if picked_up and not any(isinstance(m, SkatShown) for m in moves):
                cards = _cards(action, where)
                if len(cards) != SKAT_SIZE:
                    raise RecordError.of(
                        N_("{where}: the skat shown after the pickup must be 2 cards."), where=where
                    )
                moves.append(SkatShown(cards))
                continue
            raise RecordError.of(
                N_("{where}: the server's move '{action}' is not understood here."),
                where=where,
                action=shown(action),
            )
        seat = _seat(actor, where)
        move: Move
        if action.isdigit():
            move = Bid(seat, _bid(action, where))
        elif action == "y":
            move = Hold(seat)
        elif action == "p":
            move = Pass(seat)
        elif action == "s":
            move = PickUp(seat)
            picked_up = True
        elif action[:2] in ("SC", "RE") and (len(action) == 2 or action[2] == "."):
            move = EarlyEnd(EndKind(action[:2]), seat, _cards(action[3:], where))
        elif action == HIDDEN or action in _ISS_CARDS:
            move = PlayCard(seat, _card(action, where))
        elif action[0] in _GAME_LETTERS and (len(action) == 1 or action[1] in _MODIFIERS + "."):
            move = _parse_declaration(seat, action, picked_up, where)
            discards_pending = picked_up and not move.discards
        elif discards_pending and "." in action:
            cards = _cards(action, where)
            if len(cards) != SKAT_SIZE:
                raise RecordError.of(
                    N_("{where}: exactly 2 cards go back into the skat, not {n}."), where=where, n=len(cards)
                )
            move = Discard(seat, cards)
            discards_pending = False
        else:
            raise RecordError.of(
                N_("{where}: '{action}' is neither a bid, a declaration nor a card."),
                where=where,
                action=shown(action),
            )
        moves.append(move)
    return deal, moves


BID_DIGITS = 4
"""No bid has more digits than this (the highest, 264, has three): a longer number is refused before it is
read, so a 5,000-digit "bid" costs nothing."""


def _bid(action: str, where: Message) -> int:
    """A bid token: ASCII digits only (``str.isdigit`` also accepts ², ١٨ and full-width digits)."""
    if not action.isascii():
        raise RecordError.of(
            N_("{where}: '{action}' is not a bid: bids are written with the digits 0-9."),
            where=where,
            action=shown(action),
        )
    if len(action) > BID_DIGITS:
        raise RecordError.of(N_("{where}: a bid of {n} digits is not a bid."), where=where, n=len(action))
    return int(action)


def _parse_deal(action: str, where: Message) -> IssDeal:
    separator = "|" if "|" in action else "."
    cards = _cards(action, where)
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
    hands = tuple(cards[s * HAND_SIZE : (s + 1) * HAND_SIZE] for s in range(SEATS))
    return IssDeal(hands=hands, skat=cards[SEATS * HAND_SIZE :], separator=separator)


def _parse_declaration(seat: int, action: str, picked_up: bool, where: Message) -> Declare:
    head, _, rest = action.partition(".")
    game = _GAME_LETTERS[head[0]]
    mods = head[1:]
    for letter in mods:
        if letter not in _MODIFIERS:
            raise RecordError.of(
                N_("{where}: '{letter}' is not a declaration letter (H, S, Z or O)."),
                where=where,
                letter=letter,
            )
        if mods.count(letter) > 1:
            raise RecordError.of(
                N_("{where}: the declaration letter '{letter}' is written twice."), where=where, letter=letter
            )
    cards = _cards(rest, where)
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
    return Declare(
        seat=seat,
        game=game,
        hand="H" in mods,
        schneider="S" in mods,
        schwarz="Z" in mods,
        ouvert="O" in mods,
        discards=discards,
        open_cards=cards,
    )


def _int_field(token: str, where: Message) -> int:
    try:
        return int(token.partition(":")[2])
    except ValueError:
        raise RecordError.of(
            N_("{where}: '{token}' should end in a whole number."), where=where, token=token
        ) from None


def _parse_result(text: str) -> IssResult:
    tokens = text.split()
    if tokens == ["passed"]:
        return IssResult(passed=True)
    where = Message(N_("Result R[...]"))
    values: dict[str, object] = {}
    extras: list[str] = []
    for token in tokens:
        key = token.partition(":")[0] if ":" in token else token
        if token in ("win", "loss", "penalty") and "outcome" not in values:
            values["outcome"] = token
        elif token in ("bidok", "overbid") and "overbid" not in values:
            values["overbid"] = token == "overbid"
        elif key in _RESULT_INTS and ":" in token and _RESULT_INTS[key] not in values:
            name = _RESULT_INTS[key]
            number = _int_field(token, where)
            values[name] = bool(number) if name in ("schneider", "schwarz") else number
        else:
            extras.append(token)
    return IssResult(
        passed=False,
        declarer=_opt_int(values.get("declarer")),
        outcome=_opt_str(values.get("outcome")),
        value=_opt_int(values.get("value")),
        matadors=_opt_int(values.get("matadors")),
        overbid=_opt_bool(values.get("overbid")),
        points=_opt_int(values.get("points")),
        tricks=_opt_int(values.get("tricks")),
        schneider=_opt_bool(values.get("schneider")),
        schwarz=_opt_bool(values.get("schwarz")),
        extras=tuple(extras),
    )


_RESULT_INTS = {
    "d": "declarer",
    "v": "value",
    "m": "matadors",
    "p": "points",
    "t": "tricks",
    "s": "schneider",
    "z": "schwarz",
}


def _opt_int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _opt_bool(value: object) -> bool | None:
    return value if isinstance(value, bool) else None


def _opt_str(value: object) -> str | None:
    return value if isinstance(value, str) else None


# --- writing ------------------------------------------------------------------------------------------------


def _card_text(card: Card | None) -> str:
    return HIDDEN if card is None else card.iss


def _cards_text(cards: tuple[Card | None, ...]) -> str:
    return ".".join(_card_text(card) for card in cards)


def write_deal(deal: IssDeal) -> str:
    """The deal's action text: 32 cards, ``.`` between cards (``|`` between packets if the record used it)."""
    packets = [*deal.hands, deal.skat]
    return deal.separator.join(_cards_text(packet) for packet in packets)


def write_move(move: Move) -> str:
    """One move as ``<actor> <action>``."""
    if isinstance(move, Bid):
        return f"{move.seat} {move.value}"
    if isinstance(move, Hold):
        return f"{move.seat} y"
    if isinstance(move, Pass):
        return f"{move.seat} p"
    if isinstance(move, PickUp):
        return f"{move.seat} s"
    if isinstance(move, SkatShown):
        return f"{SERVER} {_cards_text(move.cards)}"
    if isinstance(move, Declare):
        flags = (("H", move.hand), ("S", move.schneider), ("Z", move.schwarz), ("O", move.ouvert))
        mods = "".join(letter for letter, on in flags if on)
        cards = "".join("." + _card_text(card) for card in (*move.discards, *move.open_cards))
        return f"{move.seat} {move.game.iss_letter}{mods}{cards}"
    if isinstance(move, Discard):
        return f"{move.seat} {_cards_text(move.cards)}"
    if isinstance(move, PlayCard):
        return f"{move.seat} {_card_text(move.card)}"
    if move.kind.by_server:
        return f"{SERVER} {move.kind.value}.{move.seat}"
    cards = "".join("." + _card_text(card) for card in move.cards)
    return f"{move.seat} {move.kind.value}{cards}"


def write_result(result: IssResult) -> str:
    """The text inside ``R[...]``."""
    if result.passed:
        return "passed"
    parts: list[str] = []
    if result.declarer is not None:
        parts.append(f"d:{result.declarer}")
    if result.outcome is not None:
        parts.append(result.outcome)
    if result.value is not None:
        parts.append(f"v:{result.value}")
    if result.matadors is not None:
        parts.append(f"m:{result.matadors}")
    if result.overbid is not None:
        parts.append("overbid" if result.overbid else "bidok")
    for key, number in (("p", result.points), ("t", result.tricks)):
        if number is not None:
            parts.append(f"{key}:{number}")
    for key, flag in (("s", result.schneider), ("z", result.schwarz)):
        if flag is not None:
            parts.append(f"{key}:{int(flag)}")
    parts.extend(result.extras)
    return " ".join(parts)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def write_record(record: IssRecord) -> str:
    """The record as one ISS line; :func:`parse_record` reads it back to an equal record."""
    values: dict[str, str] = dict(record.properties)
    values["ID"] = record.id
    values["P0"], values["P1"], values["P2"] = record.players
    order = [key for key in _PROPERTY_ORDER if key in values]
    order += [key for key, _ in record.properties if key not in _PROPERTY_ORDER]
    moves = [f"{SERVER} {write_deal(record.deal)}"] if record.deal is not None else []
    moves += [write_move(move) for move in record.moves]
    text = "(;" + "".join(f"{key}[{_escape(values[key])}]" for key in order)
    text += f"MV[{' '.join(moves)} ]"
    if record.result is not None:
        text += f"R[{write_result(record.result)}]"
    return text + " ;)"


# --- replaying ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReplayResult:
    """What replaying a record under a profile found.

    ``passed``: everyone passed. ``complete``: the record was played to the end (ten tricks, or a null game
    the declarer lost on a trick); False when it stopped early (SC/RE/TI/LE, a hidden card, or the moves
    simply end). ``declaration`` is normalized by the profile (international ouvert carries hand and the
    announcements). ``declarer_points`` includes the skat; ``outcome`` is the scored game, or None when the
    record stopped early and its ending decides nothing.

    A record that stopped early is still scored when the ending settles it, the way the server does: both
    defenders resigning (also after the declarer showed the cards) or a defender leaving or running out of
    time gives the declarer every trick not yet played; the declarer resigning loses the game (the rest to
    the defenders). ``endings`` lists the early endings in record order.
    """

    id: str
    passed: bool = False
    complete: bool = True
    declarer: Seat | None = None
    declaration: Declaration | None = None
    bid: int | None = None
    matadors: int | None = None
    declarer_points: int | None = None
    declarer_tricks: int | None = None
    outcome: GameResult | None = None
    endings: tuple[EarlyEnd, ...] = ()
    note: str = ""
    state: DealState | None = field(default=None, compare=False, repr=False)
    """The whole-deal state the record was replayed in (read it, do not change it)."""

    def as_json(self) -> dict[str, object]:
        """The JSON object ``skat-trainer replay`` prints for this record."""
        if self.passed:
            return {"id": self.id, "passed": True}
        d = self.declaration
        o = self.outcome
        return {
            "id": self.id,
            "passed": False,
            "declarer": None if self.declarer is None else int(self.declarer),
            "game": None if d is None else d.game.value,
            "hand": None if d is None else d.hand,
            "ouvert": None if d is None else d.ouvert,
            "schneider_announced": None if d is None else d.schneider_announced,
            "schwarz_announced": None if d is None else d.schwarz_announced,
            "bid": self.bid,
            "matadors": self.matadors,
            "declarer_points": self.declarer_points,
            "declarer_tricks": self.declarer_tricks,
            "schneider": None if o is None else o.schneider,
            "schwarz": None if o is None else o.schwarz,
            "overbid": None if o is None else o.overbid,
            "won": None if o is None else o.won,
            "value": None if o is None else o.list_score,
            "complete": self.complete,
        }

    def to_iss_result(self) -> IssResult:
        """The ``R[...]`` fields as the server writes them, from this replay (for writing records)."""
        if self.passed:
            return IssResult(passed=True)
        o = self.outcome
        return IssResult(
            declarer=-1 if self.declarer is None else int(self.declarer),
            outcome=None if o is None else ("win" if o.won else "loss"),
            value=None if o is None else o.list_score,
            matadors=self.matadors,
            overbid=None if o is None else o.overbid,
            points=self.declarer_points,
            tricks=self.declarer_tricks,
            schneider=None if o is None else o.schneider,
            schwarz=None if o is None else o.schwarz,
        )


def replay(record: IssRecord, profile: RuleProfile) -> ReplayResult:
    """Play a record through the engine under ``profile`` and score it.

    The record is walked through one :class:`~trainer.game.DealState` (the whole-deal state: the auction,
    the pickup, the discards, the declaration and every card are checked there, and the game is scored
    there); this function adds what belongs to the ISS notation: who may write which token, the skat the
    server shows, the open cards written in the declaration, and the early endings. A broken rule raises
    :class:`RecordError` naming the move and its token. A hand game overbid by a Jack in the unseen skat
    is played and lost as overbid, as the rules say.
    """
    return _Replayer(record, profile).run()


class _Replayer:
    """One replay: the deal state plus the ISS bookkeeping; :meth:`run` walks the moves."""

    def __init__(self, record: IssRecord, profile: RuleProfile) -> None:
        self.record = record
        self.profile = profile
        self.skat_shown = False
        self.pending: Declaration | None = None
        """A declaration written before its discards (old records: ``2 D 2 D9.DQ``)."""
        self.endings: list[EarlyEnd] = []
        self.stopped = ""
        if record.deal is None:
            raise RecordError.of(
                N_("The record has no deal: the moves must start with 'w' and the 32 cards.")
            )
        try:
            hands = record.deal.known_hands()
            self.deal = Deal(hands=(hands[0], hands[1], hands[2]), skat=_pair(record.deal.known_skat()))
        except SkatError as error:
            raise RecordError.of(N_("Move 1 (the deal): {error}"), error=error) from error
        # ISS records report an all-pass deal as passed, also under the Danish rules (no Ramse is recorded)
        self.state = SkatGame(profile, HouseOptions(all_pass=AllPass.PASSED_IN)).new_deal(deal=self.deal)

    # -- driver ------------------------------------------------------------------------------------------
    def run(self) -> ReplayResult:
        for index, move in enumerate(self.record.moves):
            try:
                self.step(move)
            except SkatError as error:
                where = _move_where(self.record.move_number(index), write_move(move))
                raise RecordError.of(N_("{where}: {error}"), where=where, error=error) from None
        return self.result()

    def step(self, move: Move) -> None:
        if isinstance(move, EarlyEnd):
            if not self.finished:
                self.endings.append(move)
                self.stopped = self.stopped or f"{SEAT_NAMES[move.seat]} {move.kind.description}"
            return
        if self.stopped:
            return  # moves after an early ending are not part of the game any more
        if self.finished:
            declaration = self.state.declaration
            if isinstance(move, PlayCard) and declaration is not None and declaration.game.is_null:
                return  # the declarer's first trick ended the null game; a server may still list the rest
            raise RecordError.of(N_("The game is already over; no further moves can follow."))
        if isinstance(move, Bid | Hold | Pass):
            self.bidding(move)
        elif isinstance(move, PickUp):
            self.pick_up(move)
        elif isinstance(move, SkatShown):
            self.show_skat(move)
        elif isinstance(move, Declare):
            self.declare(move)
        elif isinstance(move, Discard):
            self.discard(move.seat, move.cards)
        else:
            self.play(move)

    @property
    def finished(self) -> bool:
        return self.state.phase is GamePhase.FINISHED

    @property
    def picked_up(self) -> bool:
        return any(isinstance(move, game.PickUp) for move in self.state.history)

    # -- bidding and the skat -------------------------------------------------------------------------------
    def bidding(self, move: Bid | Hold | Pass) -> None:
        if self.state.phase is not GamePhase.AUCTION:
            raise RecordError.of(N_("The bidding is already over."))
        seat = Seat(move.seat)
        if isinstance(move, Bid):
            self.state.apply(game.Bid(seat, move.value))
        elif isinstance(move, Hold):
            self.state.apply(game.Hold(seat))
        else:
            self.state.apply(game.Pass(seat))

    def declarer_seat(self, seat: int, doing: Message) -> Seat:
        declarer = self.state.declarer
        if declarer is None:
            raise RecordError.of(N_("Nobody can {doing} before the bidding has a declarer."), doing=doing)
        if seat != declarer:
            raise RecordError.of(
                N_("Only the declarer ({declarer}) can {doing}, not {seat}."),
                declarer=declarer,
                doing=doing,
                seat=Seat(seat),
            )
        return declarer

    def pick_up(self, move: PickUp) -> None:
        declarer = self.declarer_seat(move.seat, Message(N_("pick up the skat")))
        if self.state.phase is not GamePhase.PICKUP:
            raise RecordError.of(N_("The skat can only be picked up once, before the declaration."))
        self.state.apply(game.PickUp(declarer))

    def show_skat(self, move: SkatShown) -> None:
        if not self.picked_up or self.skat_shown:
            raise RecordError.of(N_("The server shows the skat only once, right after the pickup."))
        self.skat_shown = True
        shown = {card for card in move.cards if card is not None}
        if not shown <= set(self.deal.skat):
            raise RecordError.of(
                N_("The skat shown ({shown}) is not the skat that was dealt ({dealt})."),
                shown=_cards_text(move.cards),
                dealt=_cards_text(self.deal.skat),
            )

    def declare(self, move: Declare) -> None:
        declarer = self.declarer_seat(move.seat, Message(N_("declare the game")))
        if self.state.declaration is not None or self.pending is not None:
            raise RecordError.of(N_("The game has already been declared; a declaration cannot be changed."))
        picked_up = self.picked_up
        if move.hand and picked_up:
            raise RecordError.of(N_("A hand game (H) cannot be declared after picking up the skat."))
        declaration = self.profile.check_declaration(
            Declaration(
                move.game,
                hand=not picked_up,
                ouvert=move.ouvert,
                schneider_announced=move.schneider or move.schwarz,
                schwarz_announced=move.schwarz,
            )
        )
        if declaration.hand and picked_up:
            raise RecordError.of(
                N_("{game} must be played from the hand, but the declarer picked up the skat."),
                game=declaration,
            )
        if not picked_up:
            self.state.apply(game.Declare(declarer, declaration))
        else:
            self.state.check_declaration(declaration)  # refused here, at the declaration, not at the discard
            self.pending = declaration
            if move.discards:
                self.discard(move.seat, move.discards)
        self.check_open_cards(move.open_cards)

    def discard(self, seat: int, cards: tuple[Card | None, ...]) -> None:
        declarer = self.declarer_seat(seat, Message(N_("discard")))
        if self.pending is None or self.state.phase is not GamePhase.DISCARD:
            raise RecordError.of(N_("There is nothing to discard now."))
        known = _known(cards, Message(N_("The discard")))
        self.state.apply(game.Discard(declarer, known))
        self.state.apply(game.Declare(declarer, self.pending))
        self.pending = None

    def check_open_cards(self, cards: tuple[Card | None, ...]) -> None:
        declarer = self.state.declarer
        assert declarer is not None
        holding = set(self.state.hand(declarer))
        if self.pending is not None:  # the discards are still to come: they are among the twelve
            holding = set(self.deal.hand(declarer)) | set(self.deal.skat)
        for card in cards:
            if card is not None and card not in holding:
                raise RecordError.of(
                    N_("The declarer shows {card}, which is not in the declarer's hand."), card=card.iss
                )

    # -- card play -------------------------------------------------------------------------------------------
    def play(self, move: PlayCard) -> None:
        state = self.state
        if state.declaration is None and self.pending is None:
            raise RecordError.of(N_("Cards are played only after the declaration."))
        if state.phase is not GamePhase.PLAY:
            raise RecordError.of(N_("The declarer must discard two cards before the first lead."))
        to_move = state.to_move
        assert to_move is not None
        if move.seat != to_move:
            raise RecordError.of(
                N_("It is {expected}'s turn to play, not {seat}'s."), expected=to_move, seat=Seat(move.seat)
            )
        if move.card is None:
            self.stopped = "a hidden card (??) was played"
            return
        try:
            state.apply(game.PlayCard(to_move, move.card))
        except IllegalCardError as error:
            if move.card not in state.hand(to_move):
                raise RecordError.of(
                    N_("{card} is not in {seat}'s hand."), card=move.card.iss, seat=to_move
                ) from None
            raise RecordError.of(
                N_("{seat} may not play {card}: {error}"), seat=to_move, card=move.card.iss, error=error
            ) from None

    # -- the result ----------------------------------------------------------------------------------------
    def result(self) -> ReplayResult:
        rid = self.record.id
        state = self.state
        outcome = state.outcome()
        if outcome is not None and outcome.passed_in:
            return ReplayResult(id=rid, passed=True, state=state)
        declaration = state.declaration or self.pending
        count = state.matadors
        if count is None and self.pending is not None and state.declarer is not None:
            count = matadors((*self.deal.hand(state.declarer), *self.deal.skat), self.pending.game)
        base = ReplayResult(
            id=rid,
            complete=False,
            declarer=state.declarer,
            declaration=declaration,
            bid=state.bid,
            matadors=count,
            endings=tuple(self.endings),
            state=state,
        )
        play = state.game
        if play is None or state.declaration is None:
            note = self.stopped or "the record ends before the game was played"
            return _replace(base, note=note)
        points, tricks = play.declarer_points, play.declarer_tricks
        if outcome is not None:
            return _replace(
                base, complete=True, declarer_points=points, declarer_tricks=tricks, outcome=outcome.result
            )
        note = self.stopped or "the record ends before the last trick"
        conceded = self.conceded_to_declarer()
        if conceded is None:
            return _replace(base, declarer_points=points, declarer_tricks=tricks, note=note)
        if conceded and not state.declaration.game.is_null:
            # The declarer takes every card not yet won by the defenders, and every trick not yet finished.
            points = TOTAL_CARD_POINTS - play.defender_points
            tricks += TRICKS_PER_GAME - len(play.tricks)
        result = state.score(declarer_points=points, declarer_tricks=tricks, thrown=not conceded)
        return _replace(base, declarer_points=points, declarer_tricks=tricks, outcome=result, note=note)

    def conceded_to_declarer(self) -> bool | None:
        """True when the ending gives the rest to the declarer, False when the declarer gave up, None when
        the ending settles nothing."""
        declarer = self.state.declarer
        resigned: set[int] = set()
        for end in self.endings:
            if end.seat == declarer:
                if end.kind is EndKind.RESIGN:
                    return False
                continue
            if end.kind in (EndKind.LEFT, EndKind.TIMEOUT):
                return True
            if end.kind is EndKind.RESIGN:
                resigned.add(end.seat)
        if len(resigned) == SEATS - 1:
            return True
        return None


def _replace(result: ReplayResult, **changes: object) -> ReplayResult:
    return dataclasses.replace(result, **changes)  # type: ignore[arg-type]


def _pair(cards: tuple[Card, ...]) -> tuple[Card, Card]:
    if len(cards) != SKAT_SIZE:
        raise RecordError.of(N_("The skat must be {size} cards, not {n}."), size=SKAT_SIZE, n=len(cards))
    return (cards[0], cards[1])


def record_from_game(
    auction: Auction,
    deal: Deal,
    state: GameState | None = None,
    *,
    record_id: str = "",
    players: tuple[str, str, str] = ("", "", ""),
    result: IssResult | None = None,
) -> IssRecord:
    """Write a game played with the engine as an ISS record: the deal, the auction's history, the pickup
    and declaration (discards in the same token) and every card played so far (``state`` None: the bidding
    only, e.g. everyone passed). Musik cannot be written in ISS notation and is refused."""
    moves: list[Move] = []
    for event in auction.history:
        seat = int(event.seat)
        if event.action == "bid":
            assert event.value is not None
            moves.append(Bid(seat, event.value))
        elif event.action == "hold":
            moves.append(Hold(seat))
        else:
            moves.append(Pass(seat))
    if state is not None:
        d = state.declaration
        if d.musik:
            raise RecordError.of(
                N_("Musik has no letter in ISS records, so this game cannot be written as one.")
            )
        declarer = int(state.declarer)
        discards: tuple[Card, ...] = ()
        if not d.hand:
            moves += [PickUp(declarer), SkatShown(tuple(deal.skat))]
            discards = state.skat
        moves.append(
            Declare(
                declarer,
                d.game,
                hand=d.hand,
                schneider=d.schneider_announced,
                schwarz=d.schwarz_announced,
                ouvert=d.ouvert,
                discards=discards,
            )
        )
        moves += [PlayCard(int(seat), card) for seat, card in state.moves]
    return IssRecord(
        id=record_id,
        players=players,
        deal=IssDeal(hands=deal.hands, skat=tuple(deal.skat)),
        moves=tuple(moves),
        result=result,
    )


def iss_line(state: DealState) -> str | None:
    """A finished deal as one ISS record line, which ``skat-trainer replay`` reads back (None when ISS
    notation cannot hold it: Ramse, Musik, a failed Slå 40 an, cards thrown by the declarer)."""
    outcome = state.outcome()
    if outcome is None or outcome.ramse is not None or outcome.slaa_40_an or outcome.thrown:
        return None  # ISS notation has no knock (Slå 40 an changes the auction), no Ramse, no throw
    try:
        record = record_from_game(
            state.auction,
            state.deal,
            state.game if outcome.declarer is not None else None,
            players=("forehand", "middlehand", "rearhand"),
        )
        return write_record(record)
    except SkatError:
        return None
