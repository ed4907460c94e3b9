"""International Skat Server (ISS) game records: read one line, write it back, replay it through the engine.

A record is one line ``(;GM[Skat]...ID[..]P0[..]P1[..]P2[..]MV[moves]R[result] ;)``; the format is described
in ``docs/iss-notation.md``. The moves are read and written by the one ISS codec
(:mod:`trainer.iss_codec`) into the engine's own moves and a few notation items; :func:`replay`
then plays them through one :class:`~trainer.rules.game.DealState` under a
:class:`~trainer.profiles.RuleProfile`,
so an invalid bid, a revoke or a declaration the profile does not allow becomes a
:class:`~trainer.errors.RecordError` that names the move. :func:`export` writes a finished deal of the app
as a record line, with what ISS notation cannot hold.

>>> hidden_deal = ".".join(["??"] * 32)
>>> rec = parse_record(f"(;GM[Skat]ID[7]P0[a]P1[b]P2[c]MV[w {hidden_deal} 1 p 2 p 0 p ]R[passed] ;)")
>>> rec.id, rec.players, rec.result.passed, len(rec.moves)
('7', ('a', 'b', 'c'), True, 3)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from trainer.cards import SKAT_SIZE, TOTAL_CARD_POINTS, Card, card_points
from trainer.deal import Seat
from trainer.errors import N_, IllegalCardError, Message, RecordError, SkatError
from trainer.games import Declaration
from trainer.iss_codec import (
    SEAT_NAMES,
    SEATS,
    Discards,
    EarlyEnd,
    EndKind,
    HiddenCard,
    IssDeal,
    IssItem,
    OpenCards,
    Seen,
    SkatShown,
    Token,
    cards_token,
    declared,
    decode,
    items_of,
    known,
    tokens,
    where_move,
    write,
)
from trainer.moves import (
    Bid,
    Contract,
    Declare,
    Discard,
    Hold,
    Knock40,
    Kontra,
    Move,
    Pass,
    PickUp,
    PlayCard,
    RamseCall,
    RamsePass,
    Re,
    Spoerge,
    Throw,
)
from trainer.profiles import AllPass, RuleProfile
from trainer.rules import DealState, HouseOptions, Outcome, Phase, SkatGame
from trainer.rules.play import TRICKS_PER_GAME
from trainer.rules.value import GameResult, matadors

__all__ = [
    "IssExport",
    "IssRecord",
    "IssResult",
    "ReplayResult",
    "export",
    "parse_record",
    "record_from_game",
    "record_id_guess",
    "replay",
    "result_of",
    "write_move",
    "write_record",
    "write_result",
]


# --- the record ---------------------------------------------------------------------------------------------


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
    not start with the deal. ``moves`` are what follows the deal, as the codec reads them (engine moves and
    notation items, :data:`~trainer.iss_codec.IssItem`); the move numbers in error messages count
    the tokens, the deal as move 1.
    """

    id: str
    players: tuple[str, str, str]
    deal: IssDeal | None
    moves: tuple[IssItem, ...]
    result: IssResult | None = None
    properties: tuple[tuple[str, str], ...] = field(default=_DEFAULT_PROPERTIES)

    def tokens(self) -> list[Token]:
        """The ``<actor> <action>`` pairs after the deal, each with the items it writes."""
        return tokens(self.moves)

    def move_number(self, token_index: int) -> int:
        """The 1-based number (as in error messages) of the ``token_index``-th pair after the deal."""
        return token_index + (2 if self.deal is not None else 1)


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
    deal, moves = decode(values["MV"])
    result = _parse_result(values["R"]) if "R" in values else None
    return IssRecord(
        id=values.get("ID", ""),
        players=(values.get("P0", ""), values.get("P1", ""), values.get("P2", "")),
        deal=deal,
        moves=moves,
        result=result,
        properties=tuple((k, v) for k, v in properties if k not in _OWN_KEYS),
    )


def record_id_guess(line: str) -> str:
    """The ``ID[...]`` of a line that may not parse (for error reports); empty when there is none."""
    match = re.search(r"ID\[([^\]]*)\]", line)
    return match.group(1) if match else ""


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


def write_move(item: IssItem) -> str:
    """One item as ``<actor> <action>`` (a declaration without the cards written inside its token)."""
    token = tokens([item])[0] if not isinstance(item, OpenCards) else None
    return token.text if token is not None else cards_token(item.cards)  # type: ignore[union-attr]


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
    text = "(;" + "".join(f"{key}[{_escape(values[key])}]" for key in order)
    text += f"MV[{write(record.deal, record.moves)} ]"
    if record.result is not None:
        text += f"R[{write_result(record.result)}]"
    return text + " ;)"


# --- replaying ----------------------------------------------------------------------------------------------


def declaration_json(d: Declaration | None) -> dict[str, object]:
    """A declaration's fields in ``skat-trainer replay``'s JSON (each None when nothing was declared)."""
    return {
        "game": None if d is None else d.game.value,
        "hand": None if d is None else d.hand,
        "ouvert": None if d is None else d.ouvert,
        "schneider_announced": None if d is None else d.schneider_announced,
        "schwarz_announced": None if d is None else d.schwarz_announced,
    }


@dataclass(frozen=True)
class ReplayResult:
    """What replaying a record under a profile found.

    ``passed``: everyone passed. ``complete``: the record was played to the end (ten tricks, a null game
    the declarer lost on a trick, or the cards thrown); False when it stopped early (SC/RE/TI/LE, a hidden
    card, or the moves simply end). ``declaration`` is normalized by the profile (international ouvert
    carries hand and the announcements). ``declarer_points`` includes the skat; ``outcome`` is the scored
    game, or None when the record stopped early and its ending decides nothing (or no game was played).

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

    @property
    def thrown(self) -> bool:
        """The declarer threw the cards after the pickup (``RE`` before the declaration): lost on the bid."""
        final = None if self.state is None else self.state.outcome()
        return final is not None and final.thrown and final.result is None

    def as_json(self) -> dict[str, object]:
        """The JSON object ``skat-trainer replay`` prints for this record."""
        if self.passed:
            return {"id": self.id, "passed": True}
        d = self.declaration
        o = self.outcome
        thrown = self.thrown
        value = o.list_score if o is not None else None
        if thrown and self.bid is not None and self.state is not None:
            value = -self.state.profile.lost_factor * self.bid
        return {
            "id": self.id,
            "passed": False,
            "declarer": None if self.declarer is None else int(self.declarer),
            **declaration_json(d),
            "bid": self.bid,
            "matadors": self.matadors,
            "declarer_points": self.declarer_points,
            "declarer_tricks": self.declarer_tricks,
            "schneider": None if o is None else o.schneider,
            "schwarz": None if o is None else o.schwarz,
            "overbid": None if o is None else o.overbid,
            "won": False if thrown else (None if o is None else o.won),
            "value": value,
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

    def deal_outcome(self) -> Outcome | None:
        """The deal's :class:`~trainer.rules.game.Outcome`, for the settlement schemes: the engine's own when
        the
        deal ended in the replay, else built from the scored result of a record that stopped early (None when
        nothing was settled)."""
        state = self.state
        if state is None:
            return None
        final = state.outcome()
        if final is not None:
            return final
        if self.outcome is None or self.declarer is None or self.declaration is None:
            return None
        return Outcome(
            profile=state.profile,
            house=state.house,
            declarer=self.declarer,
            declaration=self.declaration,
            bid=self.bid,
            matadors=self.matadors,
            result=self.outcome,
            thrown=self.outcome.reason == "thrown",
            list_score=self.outcome.list_score,
            cards_played=len(state.cards_played),
        )


@dataclass
class _Walk:
    """The ISS bookkeeping of one replay beside its :class:`DealState`: the skat shown, a declaration written
    before its discards (old records: ``2 D 2 D9.DQ``), the early endings."""

    state: DealState
    profile: RuleProfile
    skat_shown: bool = False
    pending: Declaration | None = None
    endings: list[EarlyEnd] = field(default_factory=list)
    stopped: str = ""


def replay(record: IssRecord, profile: RuleProfile) -> ReplayResult:
    """Play a record through the engine under ``profile`` and score it.

    The codec's moves are applied to one :class:`~trainer.rules.game.DealState` (the auction, the pickup, the
    discards, the declaration and every card are checked there, and the game is scored there); what this
    function adds belongs to the ISS notation: who may write which token, the skat the server shows, the
    open cards written in the declaration, hidden cards and the early endings. An all-pass deal is passed
    in (ISS records no Ramse), under either profile. A broken rule raises :class:`RecordError` naming the
    move and its token. A hand game overbid by a Jack in the unseen skat is played and lost as overbid, as
    the rules say.
    """
    if record.deal is None:
        raise RecordError.of(N_("The record has no deal: the moves must start with 'w' and the 32 cards."))
    try:
        deal = record.deal.known_deal()
    except SkatError as error:
        raise RecordError.of(N_("Move 1 (the deal): {error}"), error=error) from error
    state = SkatGame(profile, HouseOptions(all_pass=AllPass.PASSED_IN)).new_deal(deal=deal)
    walk = _Walk(state, profile)
    for index, token in enumerate(record.tokens()):
        try:
            _step(walk, record.moves[token.start : token.end])
        except SkatError as error:
            where = where_move(record.move_number(index), token.text)
            raise RecordError.of(N_("{where}: {error}"), where=where, error=error) from None
    return _result(record, walk)


def _step(walk: _Walk, items: Sequence[IssItem]) -> None:
    """The items of one token (a declaration carries its discards and open cards)."""
    first = items[0]
    state = walk.state
    if isinstance(first, EarlyEnd):
        _early_end(walk, first)
        return
    if walk.stopped:
        return  # moves after an early ending are not part of the game any more
    if state.phase is Phase.FINISHED:
        declaration = state.declaration
        if isinstance(first, PlayCard) and declaration is not None and declaration.game.is_null:
            return  # the declarer's first trick ended the null game; a server may still list the rest
        raise RecordError.of(N_("The game is already over; no further moves can follow."))
    if isinstance(first, Bid | Hold | Pass):
        if state.phase is not Phase.AUCTION:
            raise RecordError.of(N_("The bidding is already over."))
        state.apply(first)
    elif isinstance(first, PickUp):
        declarer = _declarer(state, first.seat, Message(N_("pick up the skat")))
        if state.phase is not Phase.PICKUP:
            raise RecordError.of(N_("The skat can only be picked up once, before the declaration."))
        state.apply(PickUp(declarer))
    elif isinstance(first, SkatShown):
        _show_skat(walk, first)
    elif isinstance(first, Declare) or (isinstance(first, Discards) and len(items) > 1):
        declare = next(item for item in items if isinstance(item, Declare))
        discards = next((item for item in items if isinstance(item, Discards)), None)
        opened = next((item for item in items if isinstance(item, OpenCards)), None)
        _declare(walk, declare, discards)
        _check_open_cards(walk, () if opened is None else opened.cards)
    elif isinstance(first, Discards):
        _discard(walk, first.seat, first.cards)
    else:
        assert isinstance(first, PlayCard | HiddenCard)
        _play(walk, first)


def _declarer(state: DealState, seat: Seat, doing: Message) -> Seat:
    declarer = state.declarer
    if declarer is None:
        raise RecordError.of(N_("Nobody can {doing} before the bidding has a declarer."), doing=doing)
    if seat is not declarer:
        raise RecordError.of(
            N_("Only the declarer ({declarer}) can {doing}, not {seat}."),
            declarer=declarer,
            doing=doing,
            seat=seat,
        )
    return declarer


def _show_skat(walk: _Walk, move: SkatShown) -> None:
    if not walk.state.picked_up or walk.skat_shown:
        raise RecordError.of(N_("The server shows the skat only once, right after the pickup."))
    walk.skat_shown = True
    dealt = walk.state.deal.skat
    if not {card for card in move.cards if card is not None} <= set(dealt):
        raise RecordError.of(
            N_("The skat shown ({shown}) is not the skat that was dealt ({dealt})."),
            shown=cards_token(move.cards),
            dealt=cards_token(dealt),
        )


def _declare(walk: _Walk, move: Declare, discards: Discards | None) -> None:
    state = walk.state
    declarer = _declarer(state, move.seat, Message(N_("declare the game")))
    if state.declaration is not None or walk.pending is not None:
        raise RecordError.of(N_("The game has already been declared; a declaration cannot be changed."))
    picked_up = state.picked_up
    declaration = declared(move.declaration, picked_up, walk.profile)
    if not picked_up:
        state.apply(Declare(declarer, declaration))
        return
    state.check_declaration(declaration)  # refused here, at the declaration, not at the discard
    walk.pending = declaration
    if discards is not None:
        _discard(walk, discards.seat, discards.cards)


def _discard(walk: _Walk, seat: Seat, cards: Sequence[Card | None]) -> None:
    state = walk.state
    declarer = _declarer(state, seat, Message(N_("discard")))
    if walk.pending is None or state.phase is not Phase.DISCARD:
        raise RecordError.of(N_("There is nothing to discard now."))
    state.apply(Discard(declarer, known(cards, Message(N_("The discard")))))
    state.apply(Declare(declarer, walk.pending))
    walk.pending = None


def _check_open_cards(walk: _Walk, cards: Sequence[Card | None]) -> None:
    state = walk.state
    declarer = state.declarer
    assert declarer is not None
    holding = set(state.hand(declarer))
    if walk.pending is not None:  # the discards are still to come: they are among the twelve
        holding = set(state.deal.hand(declarer)) | set(state.deal.skat)
    for card in cards:
        if card is not None and card not in holding:
            raise RecordError.of(
                N_("The declarer shows {card}, which is not in the declarer's hand."), card=card.iss
            )


def _play(walk: _Walk, move: PlayCard | HiddenCard) -> None:
    state = walk.state
    if state.declaration is None and walk.pending is None:
        raise RecordError.of(N_("Cards are played only after the declaration."))
    if state.phase is not Phase.PLAY:
        raise RecordError.of(N_("The declarer must discard two cards before the first lead."))
    to_move = state.to_move
    assert to_move is not None
    if move.seat is not to_move:
        raise RecordError.of(
            N_("It is {expected}'s turn to play, not {seat}'s."), expected=to_move, seat=move.seat
        )
    if isinstance(move, HiddenCard):
        walk.stopped = "a hidden card (??) was played"
        return
    try:
        state.apply(PlayCard(to_move, move.card))
    except IllegalCardError as error:
        if move.card not in state.hand(to_move):
            raise RecordError.of(
                N_("{card} is not in {seat}'s hand."), card=move.card.iss, seat=to_move
            ) from None
        raise RecordError.of(
            N_("{seat} may not play {card}: {error}"), seat=to_move, card=move.card.iss, error=error
        ) from None


def _early_end(walk: _Walk, end: EarlyEnd) -> None:
    state = walk.state
    if state.phase is Phase.FINISHED:
        return
    if (
        end.kind is EndKind.RESIGN
        and not walk.stopped
        and state.phase is Phase.DISCARD
        and walk.pending is None
        and end.seat is state.declarer
    ):
        # the declarer throws the cards after the pickup (RE, with the two cards laid away when written)
        known = tuple(card for card in end.cards if card is not None)
        laid_away = known if len(known) == SKAT_SIZE else tuple(state.deal.skat)
        state.apply(Discard(end.seat, laid_away))
        state.apply(Throw(end.seat))
        return
    walk.endings.append(end)
    walk.stopped = walk.stopped or f"{SEAT_NAMES[end.seat]} {end.kind.description}"


def _result(record: IssRecord, walk: _Walk) -> ReplayResult:
    rid = record.id
    state = walk.state
    outcome = state.outcome()
    if outcome is not None and outcome.passed_in:
        return ReplayResult(id=rid, passed=True, state=state)
    pending = walk.pending
    declaration = state.declaration or pending
    count = state.matadors
    if count is None and pending is not None and state.declarer is not None:
        count = matadors((*state.deal.hand(state.declarer), *state.deal.skat), pending.game)
    base = ReplayResult(
        id=rid,
        complete=False,
        declarer=state.declarer,
        declaration=declaration,
        bid=state.bid,
        matadors=count,
        endings=tuple(walk.endings),
        state=state,
    )
    if outcome is not None and outcome.result is None and outcome.thrown:
        return dataclasses.replace(base, complete=True, note="the declarer threw the cards after the pickup")
    declarer = state.declarer
    if declarer is None or state.declaration is None:
        return dataclasses.replace(base, note=walk.stopped or "the record ends before the game was played")
    points = state.trick_points(declarer) + card_points(state.skat)
    tricks = state.tricks_won(declarer)
    if outcome is not None:
        return dataclasses.replace(
            base, complete=True, declarer_points=points, declarer_tricks=tricks, outcome=outcome.result
        )
    note = walk.stopped or "the record ends before the last trick"
    conceded = _conceded_to_declarer(state.declarer, walk.endings)
    if conceded is None:
        return dataclasses.replace(base, declarer_points=points, declarer_tricks=tricks, note=note)
    if conceded and not state.declaration.game.is_null:
        # The declarer takes every card not yet won by the defenders, and every trick not yet finished.
        points = TOTAL_CARD_POINTS - sum(state.trick_points(seat) for seat in Seat if seat is not declarer)
        tricks += TRICKS_PER_GAME - len(state.tricks)
    result = state.score(declarer_points=points, declarer_tricks=tricks, thrown=not conceded)
    return dataclasses.replace(
        base, declarer_points=points, declarer_tricks=tricks, outcome=result, note=note
    )


def _conceded_to_declarer(declarer: Seat | None, endings: Sequence[EarlyEnd]) -> bool | None:
    """True when the endings give the rest to the declarer, False when the declarer gave up, None when they
    settle nothing."""
    resigned: set[Seat] = set()
    for end in endings:
        if end.seat is declarer:
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


# --- a finished deal as a record ----------------------------------------------------------------------------


@dataclass(frozen=True)
class IssExport:
    """A deal of the app as an ISS record: the ``line`` (None when ISS cannot hold the deal at all) and
    what the line leaves out, in words for the learner (``omitted``)."""

    line: str | None
    omitted: tuple[Message, ...] = ()


def result_of(outcome: Outcome) -> IssResult:
    """The ``R[...]`` fields of a finished deal as the server writes them: the declarer, win or loss, the
    signed list score (kontra and re included, as the app settled it), matadors, overbid, the declarer's card
    points and tricks, schneider and schwarz; ``passed`` when no game was played, and after a Ramse (its
    Grand included), which the line ends before."""
    if outcome.declarer is None or outcome.ramse_grand:
        return IssResult(passed=True)  # passed in, or Ramse/Ramsch after the passes (the line ends there)
    result = outcome.result
    return IssResult(
        declarer=int(outcome.declarer),
        outcome="win" if outcome.won else "loss",
        value=outcome.list_score,
        matadors=outcome.matadors or 0,
        overbid=None if result is None else result.overbid,
        points=None if result is None else result.declarer_points,
        tricks=None if result is None else result.declarer_tricks,
        schneider=None if result is None else result.schneider,
        schwarz=None if result is None else result.schwarz,
    )


_RAMSE_LEFT_OUT = N_(
    "What followed the three passes (Ramse or Ramsch) is not in the line: it ends with the passes."
)
_CANNOT = N_("ISS notation cannot hold this deal, so there is no ISS line for it.")


def _omission(move: Move) -> str | None:
    """What the line says it leaves out for a move ISS cannot hold (None: nothing is lost)."""
    if isinstance(move, Knock40):
        return N_("Slå 40 an: ISS notation has no knock of 40.") if move.knock else None
    if isinstance(move, Kontra | Re):
        return N_("Kontra and re are not in the line; the result field counts them.")
    if isinstance(move, Spoerge):
        return N_("Spørge (the knock after the first lead) is not in the line; the result field counts it.")
    if isinstance(move, RamsePass | RamseCall | PlayCard):
        return _RAMSE_LEFT_OUT
    if isinstance(move, Declare):
        return N_("Musik has no ISS letter: the line declares the game without it.")
    if isinstance(move, Contract):
        return N_("The deal starts after its auction, which ISS notation cannot leave out.")
    return None  # NoCall: saying nothing loses nothing


def export(
    state: DealState, *, record_id: str = "", players: tuple[str, str, str] = ("", "", "")
) -> IssExport:
    """A finished (or running) deal as one ISS record line with everything it shows (the deal, the auction,
    the skat, the declaration with its discards, every card, a throw as the declarer's ``RE``) and the
    result field from the deal's :class:`~trainer.rules.game.Outcome`; ``omitted`` lists what ISS notation has
    no room for (a Slå 40 an knock, kontra and re, Spørge, Musik, Ramse). ``line`` is None when the line
    could not be read back to the same deal (e.g. the auction after a Slå 40 an knock), with the reason.

    >>> from trainer.deal import Seat
    >>> from trainer.rules.game import Pass, SkatGame
    >>> from trainer.profiles import INTERNATIONAL
    >>> deal = SkatGame(INTERNATIONAL).new_deal(1)
    >>> for seat in (Seat.MIDDLEHAND, Seat.REARHAND, Seat.FOREHAND):
    ...     deal.apply(Pass(seat))
    >>> export(deal).line.endswith("1 p 2 p 0 p ]R[passed] ;)")
    True
    """
    declaration = state.declaration
    open_hand = None
    if declaration is not None and declaration.ouvert:
        open_hand = state.declared_hand()
    seen = Seen(deal=state.deal.all_cards, skat=tuple(state.deal.skat), discards=True, open_hand=open_hand)
    items, left_out = items_of(state.history[1:], state.profile, seen)
    omitted: list[Message] = []
    for move in left_out:
        text = _omission(move)
        if text is not None and Message(text) not in omitted:
            omitted.append(Message(text))
    outcome = state.outcome()
    record = IssRecord(
        id=record_id,
        players=players,
        deal=IssDeal.from_cards(state.deal.all_cards),
        moves=items,
        result=None if outcome is None else result_of(outcome),
    )
    line = write_record(record)
    if any(isinstance(move, Contract) or (isinstance(move, Knock40) and move.knock) for move in left_out):
        return IssExport(None, (Message(_CANNOT), *omitted))
    try:
        replay(parse_record(line), state.profile)  # what cannot be read back is not offered
    except SkatError:
        return IssExport(None, (Message(_CANNOT), *omitted))
    return IssExport(line, tuple(omitted))


def record_from_game(
    state: DealState,
    *,
    record_id: str = "",
    players: tuple[str, str, str] = ("", "", ""),
    result: IssResult | None = None,
) -> IssRecord:
    """Every move of a deal, discards included, as an ISS record with the given ``result`` field (or none):
    for tests and tools that write the result field themselves; the app's deals use :func:`export`, which
    reports what ISS cannot hold. Musik cannot be written and is refused."""
    declaration = state.declaration
    if declaration is not None and declaration.musik:
        raise RecordError.of(N_("Musik has no letter in ISS records, so this game cannot be written as one."))
    seen = Seen(deal=state.deal.all_cards, skat=tuple(state.deal.skat), discards=True)
    items, _ = items_of(state.history[1:], state.profile, seen)
    return IssRecord(
        id=record_id,
        players=players,
        deal=IssDeal.from_cards(state.deal.all_cards),
        moves=items,
        result=result,
    )


def iss_line(state: DealState) -> str | None:
    """The ISS line of a finished deal (:func:`export`), what a table stores for its .sgf download; None when
    ISS cannot hold it, and for a Ramse, whose line would show only the passes."""
    outcome = state.outcome()
    if outcome is not None and outcome.ramse is not None:
        return None
    return export(state, players=("forehand", "middlehand", "rearhand")).line
