"""The bot protocol (docs/bot-protocol.md): one JSON request line in, one JSON reply line out.

A request carries the rules, the asking seat, an optional thinking budget and the ISS move list as that seat
sees it (``??`` for every card it cannot see). :func:`view_from_moves` turns the move list into the seat's
:class:`~trainer.game.SeatView`: it reads the tokens, fills the hidden cards with some layout consistent with
everything shown (the cards each seat played, the suits it showed void in, an open declarer's cards, a
declaration that must reach the bid), replays that deal through :class:`~trainer.game.DealState` — so every
rule is checked by the same code the app uses — and takes the seat's view, which does not depend on the
layout chosen. :func:`answer` then asks :func:`trainer.bots.choose` and writes the move as an ISS token.
Every problem is a :class:`ProtocolError` with a message meant for the person who wrote the request.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from trainer.bots.player import Decision, choose
from trainer.bots.sampling import NoWorld, deal_unseen
from trainer.cards import ALL_CARDS, HAND_SIZE, PLAYING_SEATS, Card, Rank, Suit
from trainer.deal import Deal, Seat
from trainer.errors import DeclarationError, Message, SkatError, upper_first
from trainer.game import (
    Bid,
    DealState,
    Declare,
    Discard,
    Hold,
    Move,
    Pass,
    Phase,
    PickUp,
    PlayCard,
    SeatView,
)
from trainer.games import Declaration, GameType
from trainer.play import FollowClass, follow_class
from trainer.profiles import PROFILES, RuleProfile

DEFAULT_TIME_MS = 1000
MAX_TIME_MS = 600_000
REPLY_MS = 2
"""Kept back from ``time_ms`` for writing the reply."""
HIDDEN = "??"
_CARD = re.compile(r"^[CSHD][789TJQKA]$")
_DECLARATION = re.compile(r"^([GCSHDN])([OHSZ]*)$")

_SKAT_AT = PLAYING_SEATS * HAND_SIZE
"""Where the skat stands in a deal in ISS order (after the three hands)."""


RAMSE_NOT_CARRIED = "All three passed: Ramse follows, which the bot protocol does not carry."


class ProtocolError(SkatError):
    """A request the bot cannot answer: its reply is ``{"error": str(error)}``. The protocol speaks English
    to programs, so these messages are not in the learner's catalogs."""


def _error(template: str, /, **params: object) -> ProtocolError:
    """A :class:`ProtocolError` with the English text of ``template`` and its parameters."""
    return ProtocolError(upper_first(Message(template, params).english))


@dataclass(frozen=True)
class Request:
    """One parsed request line."""

    profile: RuleProfile
    seat: Seat
    time_ms: int
    moves: str


def parse_request(line: str) -> Request:
    """Read one request line (JSON object with ``rules``, ``seat``, ``moves`` and optional ``time_ms``)."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        raise _error("The request is not JSON: {problem}.", problem=error.msg) from None
    if not isinstance(data, dict):
        raise _error("The request must be a JSON object with rules, seat and moves.")
    for name in ("rules", "seat", "moves"):
        if name not in data:
            raise _error("The request lacks the field '{name}'.", name=name)
    rules = data["rules"]
    if not isinstance(rules, str) or rules not in PROFILES:
        raise _error(
            ("Unknown rules {rules}: use one of {options}."),
            rules=json.dumps(rules),
            options=", ".join(sorted(PROFILES)),
        )
    seat = data["seat"]
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in (0, 1, 2):
        raise _error(
            ("The seat must be 0 (forehand), 1 (middlehand) or 2 (rearhand), not {seat}."),
            seat=json.dumps(seat),
        )
    time_ms = data.get("time_ms", DEFAULT_TIME_MS)
    if isinstance(time_ms, bool) or not isinstance(time_ms, int | float) or not 0 < time_ms <= MAX_TIME_MS:
        raise _error(
            ("time_ms must be a number of milliseconds between 1 and {top}, not {value}."),
            top=MAX_TIME_MS,
            value=json.dumps(time_ms),
        )
    moves = data["moves"]
    if not isinstance(moves, str):
        raise _error("moves must be a string (the ISS move list).")
    return Request(PROFILES[rules], Seat(seat), max(1, int(time_ms)), moves)


# ---- the move list --------------------------------------------------------------------------------------


@dataclass
class _Declaration:
    seat: Seat
    declaration: Declaration
    discards: list[Card | None]
    open_cards: list[Card]


@dataclass
class _Parsed:
    deal: list[Card | None]
    events: list[tuple[str, Seat, Any]] = field(default_factory=list)
    skat_shown: list[Card | None] | None = None
    declaration: _Declaration | None = None


def _card(token: str, where: str) -> Card | None:
    if token == HIDDEN:
        return None
    if not _CARD.match(token):
        raise _error(
            ("{where}: '{token}' is not a card in ISS notation (like CJ, HT, D7) or ??."),
            where=where,
            token=token,
        )
    return Card(Suit("DHSC".index(token[0])), Rank(token[1]))


def _cards(text: str, where: str) -> list[Card | None]:
    return [_card(token, where) for token in text.split(".")] if text else []


def _declaration(token: str, seat: Seat, picked_up: bool, profile: RuleProfile, where: str) -> _Declaration:
    head, _, rest = token.partition(".")
    match = _DECLARATION.match(head)
    if match is None:
        raise _error(
            ("{where}: '{token}' is not a declaration (like C, GH, CHS, NO, NOH or C.ST.H8)."),
            where=where,
            token=token,
        )
    game = GameType.from_iss_letter(match.group(1))
    mods = match.group(2)
    if len(set(mods)) != len(mods):
        raise _error("{where}: '{token}' repeats a level.", where=where, token=token)
    if "H" in mods and picked_up:
        raise _error("{where}: a hand game (H) cannot be declared after picking up the skat.", where=where)
    declaration = Declaration(
        game,
        hand=not picked_up,
        ouvert="O" in mods,
        schneider_announced="S" in mods or "Z" in mods,
        schwarz_announced="Z" in mods,
    )
    try:
        declaration = profile.check_declaration(declaration)
    except DeclarationError as error:
        raise _error("{where}: {problem}", where=where, problem=error) from None
    cards = _cards(rest, where)
    discards: list[Card | None] = []
    if picked_up:
        if len(cards) < 2:
            raise _error(
                ("{where}: after a pickup the declaration names the two discards (C.ST.H8 or C.??.??)."),
                where=where,
            )
        discards, cards = cards[:2], cards[2:]
    if cards and (len(cards) != 10 or any(card is None for card in cards)):
        raise _error(
            ("{where}: an open game shows the declarer's ten cards after the declaration."), where=where
        )
    if cards and not declaration.ouvert:
        raise _error("{where}: only an open game (O) shows the declarer's cards.", where=where)
    return _Declaration(seat, declaration, discards, [card for card in cards if card is not None])


def parse_moves(text: str, profile: RuleProfile) -> _Parsed:
    """Read the tokens of an ISS move list (the structure only; the rules are checked by the replay)."""
    tokens = text.split()
    if len(tokens) < 2 or tokens[0] != "w":
        raise _error("The move list must start with 'w' and the 32 cards of the deal.")
    deal = _cards(tokens[1].replace("|", "."), "the deal")
    if len(deal) != 32:
        raise _error("The deal has {n} cards; it needs 32 (?? for a hidden card).", n=len(deal))
    parsed = _Parsed(deal)
    rest = tokens[2:]
    if len(rest) % 2:
        raise _error("The move list ends with '{token}' without its move.", token=rest[-1])
    picked_up = False
    for index in range(0, len(rest), 2):
        actor, action = rest[index], rest[index + 1]
        where = f"move {index // 2 + 1} ({actor} {action})"
        if actor == "w":
            if not parsed.events or parsed.events[-1][0] != "pickup" or parsed.skat_shown is not None:
                raise _error("{where}: the dealer only shows the skat right after a pickup.", where=where)
            shown = _cards(action, where)
            if len(shown) != 2:
                raise _error("{where}: the skat has two cards.", where=where)
            parsed.skat_shown = shown
            continue
        if actor not in ("0", "1", "2"):
            raise _error("{where}: the actor must be w, 0, 1 or 2.", where=where)
        seat = Seat(int(actor))
        if action.isdigit():
            parsed.events.append(("bid", seat, int(action)))
        elif action == "y":
            parsed.events.append(("hold", seat, None))
        elif action == "p":
            parsed.events.append(("pass", seat, None))
        elif action == "s":
            if picked_up:
                raise _error("{where}: the skat was already picked up.", where=where)
            picked_up = True
            parsed.events.append(("pickup", seat, None))
        elif _CARD.match(action):
            card = _card(action, where)
            parsed.events.append(("card", seat, card))
        elif action in ("SC", "RE") or action.startswith(("TI.", "LE.")):
            raise _error("{where}: the game has ended early, so there is no move to make.", where=where)
        else:
            if parsed.declaration is not None:
                raise _error("{where}: the game was already declared.", where=where)
            if picked_up and parsed.skat_shown is None:
                raise _error(
                    ("{where}: after a pickup the dealer shows the skat first (w X.Y)."), where=where
                )
            parsed.declaration = _declaration(action, seat, picked_up, profile, where)
            parsed.events.append(("declare", seat, parsed.declaration))
    return parsed


# ---- a layout for the hidden cards, replayed ---------------------------------------------------------------


def _fill(parsed: _Parsed, rng: random.Random, jacks_to_declarer: bool) -> tuple[Deal, list[Card]]:
    """A full deal consistent with the move list, and the declarer's discards in it."""
    deal: list[Card | None] = list(parsed.deal)
    decl = parsed.declaration
    if parsed.skat_shown is not None:
        for offset, card in enumerate(parsed.skat_shown):
            if card is not None:
                if deal[_SKAT_AT + offset] not in (None, card):
                    raise _error("The skat shown after the pickup is not the skat in the deal.")
                deal[_SKAT_AT + offset] = card
    known = [card for card in deal if card is not None]
    if len(set(known)) != len(known):
        twice = next(card for card in known if known.count(card) > 1)
        raise _error("{card} appears twice in the deal.", card=twice.iss)
    where: dict[Card, int] = {card: i for i, card in enumerate(deal) if card is not None}
    declarer = decl.seat if decl is not None else None
    picked_up = any(kind == "pickup" for kind, _, _ in parsed.events)
    forced: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
    game = decl.declaration.game if decl is not None else GameType.GRAND
    voids: dict[Seat, set[FollowClass]] = {seat: set() for seat in Seat}
    discards = [card for card in (decl.discards if decl is not None else []) if card is not None]
    for card in discards:
        if card in where and declarer is not None and not _owned(where[card], declarer, picked_up):
            raise _error("The discard {card} was not in the declarer's cards.", card=card.iss)
    shown: list[tuple[Seat, Card]] = []
    if decl is not None:
        shown += [(decl.seat, card) for card in decl.open_cards]
    cards_played = [(seat, card) for kind, seat, card in parsed.events if kind == "card"]
    shown += cards_played
    for seat, card in shown:
        if card in where:
            if not _owned(where[card], seat, picked_up and seat is declarer):
                raise _error(
                    ("{seat} plays or shows {card}, which the deal gives to someone else."),
                    seat=seat,
                    card=card.iss,
                )
        elif card not in forced[seat]:
            forced[seat].append(card)
    if len(cards_played) != len(set(card for _, card in cards_played)):
        raise _error("A card is played twice.")
    # voids shown in the tricks (follow classes depend on the declared game)
    for start in range(0, len(cards_played), 3):
        trick = cards_played[start : start + 3]
        led = follow_class(trick[0][1], game)
        for seat, card in trick[1:]:
            if follow_class(card, game) != led:
                voids[seat].add(led)
    hidden_slots: dict[Seat | str, list[int]] = {seat: [] for seat in Seat}
    hidden_slots["skat"] = []
    for i, card in enumerate(deal):
        if card is None:
            hidden_slots[_holder(i)].append(i)
    taken = set(known)
    for seat in Seat:
        for card in forced[seat]:
            taken.add(card)
    free = [card for card in ALL_CARDS if card not in taken]
    capacity: dict[Seat | str, int] = {}
    fixed: dict[Seat | str, list[Card]] = {}
    for seat in Seat:
        fixed[seat] = list(forced[seat])
    fixed["skat"] = []
    if picked_up and declarer is not None:
        # the declarer's 12 (dealt hand and skat) hold its played and open cards and its two discards; with
        # the discards unknown, the dealt skat is taken to be the discards
        known_discards = [card for card in discards if card not in where]
        slots = len(hidden_slots[declarer]) + len(hidden_slots["skat"])
        extra = fixed[declarer] + known_discards
        if len(extra) > slots:
            raise _error("The declarer plays more cards than it can hold.")
        fixed[declarer] = [card for card in extra if card not in known_discards]
        fixed["skat"] = known_discards
        # move forced cards beyond the dealt-hand slots into the skat slots (a card picked up and played)
        while len(fixed[declarer]) > len(hidden_slots[declarer]):
            fixed["skat"].append(fixed[declarer].pop())
        if len(fixed["skat"]) > len(hidden_slots["skat"]):
            raise _error("The declarer plays more cards than it can hold.")
        free = [card for card in free if card not in known_discards]
    for holder, places in hidden_slots.items():
        need = len(places) - len(fixed[holder])
        if need < 0:
            raise _error("{seat} plays more cards than it holds.", seat=holder)
        capacity[holder] = need
    forbidden: dict[Seat | str, Callable[[Card], bool]] = {}
    for seat in Seat:
        if voids[seat]:
            forbidden[seat] = lambda card, v=frozenset(voids[seat]): follow_class(card, game) in v  # type: ignore[misc]
    if jacks_to_declarer and declarer is not None and capacity.get(declarer):
        jacks = [card for card in free if card.is_jack]
        rng.shuffle(jacks)
        for card in jacks[: capacity[declarer]]:
            if declarer in forbidden and forbidden[declarer](card):
                continue
            fixed[declarer].append(card)
            capacity[declarer] -= 1
            free.remove(card)
    try:
        dealt = deal_unseen(rng, free, capacity, forbidden)
    except NoWorld:
        raise _error(
            "No deal fits this move list: a seat plays a suit it has already shown it does not hold."
        ) from None
    for holder, places in hidden_slots.items():
        cards = fixed[holder] + dealt.get(holder, [])
        for place, card in zip(places, cards, strict=True):
            deal[place] = card
    full = [card for card in deal if card is not None]
    if len(full) != len(ALL_CARDS):  # pragma: no cover - the counts above make this impossible
        raise _error("The deal could not be completed.")
    all_discards = list(discards)
    if picked_up and declarer is not None and len(all_discards) < 2:
        all_discards = [card for card in deal[_SKAT_AT:] if card is not None]
    return Deal.from_cards(full), [card for card in all_discards if card is not None]


def _holder(position: int) -> Seat | str:
    return "skat" if position >= _SKAT_AT else Seat(position // HAND_SIZE)


def _owned(position: int, seat: Seat, with_skat: bool) -> bool:
    holder = _holder(position)
    return holder is seat or (with_skat and holder == "skat")


def _replay(profile: RuleProfile, parsed: _Parsed, deal: Deal, discards: list[Card]) -> DealState:
    state = DealState(profile, deal)
    for number, (kind, seat, value) in enumerate(parsed.events, start=1):
        moves: list[Move]
        if kind == "bid":
            moves = [Bid(seat, value)]
        elif kind == "hold":
            moves = [Hold(seat)]
        elif kind == "pass":
            moves = [Pass(seat)]
        elif kind == "pickup":
            moves = [PickUp(seat)]
        elif kind == "declare":
            moves = [Declare(seat, value.declaration)]
            if state.phase is Phase.DISCARD:
                moves.insert(0, Discard(seat, tuple(discards)))
        else:
            moves = [PlayCard(seat, value)]
        for move in moves:
            if state.phase in (Phase.RAMSE_EXCHANGE, Phase.RAMSE_CHOICE):
                raise _error(RAMSE_NOT_CARRIED)
            if state.phase is Phase.FINISHED:
                raise _error("Move {n}: the deal is already over.", n=number)
            try:
                state.apply(move)
            except DeclarationError:
                raise
            except SkatError as error:
                raise _error("Move {n} breaks a rule: {problem}", n=number, problem=error) from None
    return state


def state_from_moves(profile: RuleProfile, seat: Seat, text: str, *, seed: int = 0) -> DealState:
    """A full deal consistent with what ``seat`` sees in the move list, replayed to the current position."""
    parsed = parse_moves(text, profile)
    own = parsed.deal[10 * int(seat) : 10 * int(seat) + 10]
    if any(card is None for card in own):
        raise _error("The deal must show the asking seat's own ten cards.")
    rng = random.Random(seed)
    last: DeclarationError | None = None
    for attempt in range(24):
        deal, discards = _fill(parsed, rng, jacks_to_declarer=attempt >= 8)
        try:
            return _replay(profile, parsed, deal, discards)
        except DeclarationError as error:
            last = error
            if parsed.declaration is None or _seat_sees_declarer(parsed, seat):
                break
    assert last is not None
    raise _error("The declaration breaks a rule: {problem}", problem=last)


def _seat_sees_declarer(parsed: _Parsed, seat: Seat) -> bool:
    return parsed.declaration is not None and parsed.declaration.seat is seat


def view_from_moves(profile: RuleProfile, seat: Seat, text: str, *, seed: int = 0) -> SeatView:
    """The :class:`SeatView` of ``seat`` after the move list (see the module docstring)."""
    return state_from_moves(profile, seat, text, seed=seed).view(seat)


# ---- answering --------------------------------------------------------------------------------------------


def declaration_token(declaration: Declaration, profile: RuleProfile) -> str:
    """A declaration in ISS notation: the game letter, then O (open), H (hand), S, Z."""
    implied = declaration.ouvert and not declaration.game.is_null and profile.ouvert_implies_schwarz_announced
    mods = "O" if declaration.ouvert else ""
    if not implied:
        mods += "H" if declaration.hand else ""
        mods += "S" if declaration.schneider_announced and not declaration.schwarz_announced else ""
        mods += "SZ" if declaration.schwarz_announced else ""
    return declaration.game.iss_letter + mods


def move_token(move: Move, profile: RuleProfile) -> str:
    """One move as the ISS token a reply carries."""
    if isinstance(move, Bid):
        return str(move.value)
    if isinstance(move, Hold):
        return "y"
    if isinstance(move, Pass):
        return "p"
    if isinstance(move, PickUp):
        return "s"
    if isinstance(move, Declare):
        return declaration_token(move.declaration, profile)
    if isinstance(move, PlayCard):
        return move.card.iss
    raise _error("The bot protocol has no notation for this move ({move}).", move=type(move).__name__)


def _state_rng(seed: int, request: Request) -> random.Random:
    return random.Random(
        f"{seed}|{request.profile.name}|{int(request.seat)}|{request.time_ms}|{request.moves}"
    )


def _time_left(time_ms: int, began: float) -> int:
    """What is left of the request's budget after reading and replaying it (at least 1 ms)."""
    spent = 1000.0 * (time.perf_counter() - began)
    return max(1, int(time_ms - spent - REPLY_MS))


def answer(request: Request, level: str, seed: int = 0, *, began: float | None = None) -> dict[str, object]:
    """The reply object for one request (raises :class:`ProtocolError` for a bad one). The bot thinks
    for what is left of ``time_ms`` since ``began`` (default: now), so the reply as a whole keeps to it."""
    began = time.perf_counter() if began is None else began
    state = state_from_moves(request.profile, request.seat, request.moves, seed=seed)
    phase = state.phase
    if phase is Phase.FINISHED:
        raise _error("The deal is over; there is no move to make.")
    if phase in (Phase.RAMSE_EXCHANGE, Phase.RAMSE_CHOICE):
        raise _error(RAMSE_NOT_CARRIED)
    if state.to_move is not request.seat:
        raise _error("It is not {seat}'s turn: {other} is to move.", seat=request.seat, other=state.to_move)
    rng = _state_rng(seed, request)
    view = state.view(request.seat)
    decision = choose(view, level, rng=rng, time_ms=_time_left(request.time_ms, began), allow_musik=False)
    if isinstance(decision.move, Discard):
        # after the pickup the reply is the declaration with its two discards
        state.apply(decision.move)
        left = _time_left(request.time_ms, began)
        second = choose(state.view(request.seat), level, rng=rng, time_ms=left, allow_musik=False)
        if not isinstance(second.move, Declare):
            raise _error("No game can be declared with these cards at this bid.")
        token = ".".join(
            [
                declaration_token(second.move.declaration, request.profile),
                *(c.iss for c in decision.move.cards),
            ]
        )
        return _reply(
            token, Decision(second.move, second.why, second.win if second.win is not None else decision.win)
        )
    return _reply(move_token(decision.move, request.profile), decision)


def _reply(token: str, decision: Decision) -> dict[str, object]:
    reply: dict[str, object] = {"move": token, "why": decision.why.english}
    if decision.win is not None:
        reply["win"] = round(float(decision.win), 3)
    return reply


def serve_line(line: str, level: str, seed: int = 0) -> dict[str, object]:
    """The reply to one input line: the answer, or ``{"error": ...}`` (never raises for bad input)."""
    began = time.perf_counter()
    try:
        return answer(parse_request(line), level, seed, began=began)
    except SkatError as error:
        return {"error": str(error)}


def view_request(view: SeatView, time_ms: int = DEFAULT_TIME_MS) -> Mapping[str, object]:
    """The request a program would send for ``view`` (it carries only what that seat may see)."""
    return {"rules": view.profile.name, "seat": int(view.seat), "time_ms": time_ms, "moves": view.iss_moves()}
