"""The bot protocol (docs/bot-protocol.md): one JSON request line in, one JSON reply line out.

A request carries the rules, the asking seat, an optional thinking budget and the ISS move list as that seat
sees it (``??`` for every card it cannot see). :func:`view_from_moves` turns the move list into the seat's
:class:`~trainer.rules.game.SeatView`: the one ISS codec (:mod:`trainer.iss_codec`) reads the tokens into
the engine's moves, the hidden cards are filled with some layout consistent with everything shown (the cards
each seat played, the suits it showed void in, an open declarer's cards, a declaration that reaches the
bid), that deal is replayed through :class:`~trainer.rules.game.DealState` — so every rule is checked by the
same
code the app uses — and the seat's view is taken, which does not depend on the layout chosen. :func:`answer`
then asks :func:`trainer.bots.choose` and writes the move with the same codec. What a bot may declare and
what a request may hold is one rule: the engine's. Every problem is a :class:`ProtocolError` with a message
meant for the person who wrote the request.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from trainer import iss_codec
from trainer.bots.player import Decision, choose
from trainer.bots.sampling import SKAT, NoWorld, deal_unseen
from trainer.cards import ALL_CARDS, HAND_SIZE, PLAYING_SEATS, Card
from trainer.deal import Deal, Seat
from trainer.errors import DeclarationError, Message, SkatError, upper_first
from trainer.games import Declaration, GameType
from trainer.iss_codec import Discards, EarlyEnd, HiddenCard, OpenCards, SkatShown
from trainer.moves import Bid, Declare, Discard, Hold, Move, Pass, PickUp, PlayCard
from trainer.profiles import PROFILES, RuleProfile
from trainer.rules import DealState, Phase, SeatView, SkatGame
from trainer.rules.play import FollowClass, follow_class, trump_order
from trainer.rules.value import highest_possible_value

DEFAULT_TIME_MS = 1000
MAX_TIME_MS = 600_000
HIDDEN = iss_codec.HIDDEN
MAX_REQUEST_CHARS = 20_000
"""A whole deal's request is a few hundred characters; a longer line is refused before it is read."""
MAX_NESTING = 8
"""A request is one flat JSON object; deeper nesting than this is refused before it is read (the JSON
reader would otherwise recurse once per level)."""
REPLY_MS = 2
"""Kept back from ``time_ms`` for writing the reply."""
PROC_STAT_STARTTIME = 19
"""Where a process's start time (clock ticks since boot) stands in ``/proc/<pid>/stat`` after the command
name: field 22 of proc(5), counted from the state field."""

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


def _nesting(text: str) -> int:
    """How deep the JSON arrays and objects of ``text`` nest (brackets inside strings do not count)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def parse_request(line: str) -> Request:
    """Read one request line (JSON object with ``rules``, ``seat``, ``moves`` and optional ``time_ms``)."""
    if len(line) > MAX_REQUEST_CHARS:
        raise _error(
            "The request has {n} characters; a request is at most {top} (one deal's moves).",
            n=len(line),
            top=MAX_REQUEST_CHARS,
        )
    if _nesting(line) > MAX_NESTING:
        raise _error(
            "The request nests JSON deeper than {top} levels; a request is one flat JSON object.",
            top=MAX_NESTING,
        )
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        raise _error("The request is not JSON: {problem}.", problem=error.msg) from None
    except RecursionError:  # pragma: no cover - the nesting check above comes first
        raise _error("The request nests JSON too deeply; a request is one flat JSON object.") from None
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


@dataclass(frozen=True)
class _Declared:
    """The declaration of a move list: what it means under the profile, the discards as written (``??`` for
    a seat that may not see them) and an open game's cards."""

    seat: Seat
    declaration: Declaration
    discards: tuple[Card | None, ...]
    open_cards: tuple[Card, ...]


@dataclass
class _Parsed:
    """A request's move list: the deal as shown, the engine's moves in order (the declaration as a
    :class:`_Declared`, its discards being filled with the hidden cards) and the skat shown after a pickup."""

    deal: list[Card | None]
    moves: list[Move | _Declared] = field(default_factory=list)
    skat_shown: tuple[Card | None, ...] | None = None
    declaration: _Declared | None = None

    @property
    def picked_up(self) -> bool:
        return any(isinstance(move, PickUp) for move in self.moves)

    @property
    def cards_played(self) -> list[tuple[Seat, Card]]:
        return [(move.seat, move.card) for move in self.moves if isinstance(move, PlayCard)]


def parse_moves(text: str, profile: RuleProfile) -> _Parsed:
    """Read an ISS move list with the one ISS codec (:mod:`trainer.iss_codec`: ASCII digits only in
    bids and seats, every card checked) and what the protocol adds: a deal first, the skat shown right
    after the pickup, a declaration after a pickup with its two discards, an open game with the
    declarer's ten cards. The rules are checked by the replay."""
    words = text.split()
    if len(words) < 2 or words[0] != iss_codec.SERVER:
        raise _error("The move list must start with 'w' and the 32 cards of the deal.")
    try:
        deal, items = iss_codec.decode(text)
    except SkatError as error:
        raise _error("{problem}", problem=error) from None
    if deal is None:
        raise _error("The move list must start with 'w' and the 32 cards of the deal.")
    parsed = _Parsed(list(deal.cards))
    for number, token in enumerate(iss_codec.tokens(items), start=2):
        where = iss_codec.where_move(number, token.text).english
        group = items[token.start : token.end]
        first = group[0]
        if isinstance(first, SkatShown):
            if not parsed.moves or not isinstance(parsed.moves[-1], PickUp) or parsed.skat_shown is not None:
                raise _error("{where}: the dealer only shows the skat right after a pickup.", where=where)
            parsed.skat_shown = first.cards
        elif isinstance(first, EarlyEnd):
            raise _error("{where}: the game has ended early, so there is no move to make.", where=where)
        elif isinstance(first, HiddenCard):
            raise _error("{where}: a card played is named, never ??.", where=where)
        elif isinstance(first, PickUp) and parsed.picked_up:
            raise _error("{where}: the skat was already picked up.", where=where)
        elif isinstance(first, Discards) and len(group) == 1:
            raise _error(
                "{where}: after a pickup the declaration names the two discards (C.ST.H8 or C.??.??).",
                where=where,
            )
        elif isinstance(first, Declare | Discards):
            parsed.declaration = _declared(parsed, group, profile, where)
            parsed.moves.append(parsed.declaration)
        else:
            assert isinstance(first, Bid | Hold | Pass | PickUp | PlayCard)
            parsed.moves.append(first)
    return parsed


def _declared(
    parsed: _Parsed, group: Sequence[iss_codec.IssItem], profile: RuleProfile, where: str
) -> _Declared:
    if parsed.declaration is not None:
        raise _error("{where}: the game was already declared.", where=where)
    picked_up = parsed.picked_up
    if picked_up and parsed.skat_shown is None:
        raise _error("{where}: after a pickup the dealer shows the skat first (w X.Y).", where=where)
    declare = next(item for item in group if isinstance(item, Declare))
    discards = next((item.cards for item in group if isinstance(item, Discards)), ())
    shown = next((item.cards for item in group if isinstance(item, OpenCards)), ())
    if picked_up and not discards:
        raise _error(
            "{where}: after a pickup the declaration names the two discards (C.ST.H8 or C.??.??).",
            where=where,
        )
    if shown and (len(shown) != HAND_SIZE or any(card is None for card in shown)):
        raise _error(
            "{where}: an open game shows the declarer's ten cards after the declaration.", where=where
        )
    try:
        declaration = iss_codec.declared(declare.declaration, picked_up, profile)
    except DeclarationError as error:
        raise _error("{where}: {problem}", where=where, problem=error) from None
    return _Declared(declare.seat, declaration, discards, tuple(card for card in shown if card is not None))


# ---- a layout for the hidden cards, replayed ---------------------------------------------------------------


@dataclass(frozen=True)
class _Matadors:
    """What a layout must give the declarer for its declaration to reach the bid: every card of ``inside``
    among the cards the declarer is judged on, none of ``outside``."""

    inside: tuple[Card, ...] = ()
    outside: tuple[Card, ...] = ()


def _plans(profile: RuleProfile, parsed: _Parsed) -> list[_Matadors | None]:
    """The layouts to try: first a free one (``None``), then, when a declaration is to be checked that this
    seat cannot judge, one per count of matadors that reaches the bid ("with 1", "without 1", "with 2" …),
    so a declaration the declarer legally made always finds a layout that allows it."""
    plans: list[_Matadors | None] = [None, None, None, None]
    decl = parsed.declaration
    if decl is None or decl.declaration.game.is_null:
        return plans
    bid = _bid(profile, parsed)
    order = trump_order(decl.declaration.game)
    for count in range(1, len(order) + 1):
        if highest_possible_value(profile, decl.declaration, count) < bid:
            continue
        plans.append(_Matadors(inside=order[:count]))
        plans.append(_Matadors(outside=order[:count]))
    return plans


def _bid(profile: RuleProfile, parsed: _Parsed) -> int:
    auction = SkatGame(profile).auction()
    for move in parsed.moves:
        if isinstance(move, Bid | Hold | Pass) and auction.phase is Phase.AUCTION:
            try:
                auction.apply(move)
            except SkatError:
                break  # the replay reports it, with its number
    return auction.bid or auction.view(Seat.FOREHAND).standing_bid


def _fill(
    parsed: _Parsed, rng: random.Random, plan: _Matadors | None = None
) -> tuple[Deal, tuple[Card, ...]]:
    """A full deal consistent with the move list (and ``plan``), and the declarer's discards in it."""
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
    picked_up = parsed.picked_up
    forced: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
    game = decl.declaration.game if decl is not None else GameType.GRAND
    voids: dict[Seat, set[FollowClass]] = {seat: set() for seat in Seat}
    discards = [card for card in (decl.discards if decl is not None else ()) if card is not None]
    for card in discards:
        if card in where and declarer is not None and not _owned(where[card], declarer, picked_up):
            raise _error("The discard {card} was not in the declarer's cards.", card=card.iss)
    shown: list[tuple[Seat, Card]] = []
    if decl is not None:
        shown += [(decl.seat, card) for card in decl.open_cards]
    cards_played = parsed.cards_played
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
    hidden_slots[SKAT] = []
    for i, card in enumerate(deal):
        if card is None:
            hidden_slots[_holder(i)].append(i)
    taken = set(known)
    for seat in Seat:
        taken.update(forced[seat])
    free = [card for card in ALL_CARDS if card not in taken]
    capacity: dict[Seat | str, int] = {}
    fixed: dict[Seat | str, list[Card]] = {seat: list(forced[seat]) for seat in Seat}
    fixed[SKAT] = []
    if picked_up and declarer is not None:
        # the declarer's 12 (dealt hand and skat) hold its played and open cards and its two discards; with
        # the discards unknown, the dealt skat is taken to be the discards
        known_discards = [card for card in discards if card not in where]
        slots = len(hidden_slots[declarer]) + len(hidden_slots[SKAT])
        extra = fixed[declarer] + known_discards
        if len(extra) > slots:
            raise _error("The declarer plays more cards than it can hold.")
        fixed[declarer] = [card for card in extra if card not in known_discards]
        fixed[SKAT] = known_discards
        # move forced cards beyond the dealt-hand slots into the skat slots (a card picked up and played)
        while len(fixed[declarer]) > len(hidden_slots[declarer]):
            fixed[SKAT].append(fixed[declarer].pop())
        if len(fixed[SKAT]) > len(hidden_slots[SKAT]):
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
    if plan is not None and declarer is not None:
        _place(plan, declarer, picked_up, deal, where, fixed, capacity, forbidden, free)
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
    return Deal.from_cards(full), tuple(card for card in all_discards if card is not None)


class _NoPlan(Exception):
    """The cards already placed rule this plan out."""


def _place(
    plan: _Matadors,
    declarer: Seat,
    picked_up: bool,
    deal: Sequence[Card | None],
    where: Mapping[Card, int],
    fixed: dict[Seat | str, list[Card]],
    capacity: dict[Seat | str, int],
    forbidden: Mapping[Seat | str, Callable[[Card], bool]],
    free: list[Card],
) -> None:
    """Put the plan's cards where it wants them before the rest is dealt at random: ``inside`` into the
    declarer's hand (or, after a pickup, the skat it took), ``outside`` to another hidden holder (for a
    hand game the unseen skat counts as outside)."""
    mine: tuple[Seat | str, ...] = (declarer, SKAT) if picked_up else (declarer,)

    def holder_of(card: Card) -> Seat | str | None:
        if card in where:
            return _holder(where[card])
        return next((holder for holder, cards in fixed.items() if card in cards), None)

    for card in plan.inside:
        holder = holder_of(card)
        if holder is None:
            options = [h for h in mine if capacity[h] > 0 and not forbidden.get(h, _never)(card)]
            if not options:
                raise _NoPlan
            fixed[options[0]].append(card)
            capacity[options[0]] -= 1
            free.remove(card)
        elif holder not in mine:
            raise _NoPlan
    for card in plan.outside:
        holder = holder_of(card)
        if holder is None:
            options = [
                h
                for h in capacity
                if h not in mine and capacity[h] > 0 and not forbidden.get(h, _never)(card)
            ]
            if not options:
                raise _NoPlan
            choice = max(options, key=lambda h: capacity[h])
            fixed[choice].append(card)
            capacity[choice] -= 1
            free.remove(card)
        elif holder in mine:
            raise _NoPlan


def _never(_card: Card) -> bool:
    return False


def _holder(position: int) -> Seat | str:
    return SKAT if position >= _SKAT_AT else Seat(position // HAND_SIZE)


def _owned(position: int, seat: Seat, with_skat: bool) -> bool:
    holder = _holder(position)
    return holder is seat or (with_skat and holder == SKAT)


def _replay(profile: RuleProfile, parsed: _Parsed, deal: Deal, discards: tuple[Card, ...]) -> DealState:
    state = SkatGame(profile).new_deal(deal=deal)
    for number, entry in enumerate(parsed.moves, start=1):
        moves: list[Move]
        if isinstance(entry, _Declared):
            moves = [Declare(entry.seat, entry.declaration)]
            if state.phase is Phase.DISCARD:
                moves.insert(0, Discard(entry.seat, discards))
        else:
            moves = [entry]
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
    """A full deal consistent with what ``seat`` sees in the move list, replayed to the current position.

    A declaration this seat cannot judge (it does not see the declarer's cards) is never refused for the
    layout chosen: the layouts tried include one per count of matadors that reaches the bid (:func:`_plans`),
    so it is refused only when no layout at all allows it."""
    parsed = parse_moves(text, profile)
    own = parsed.deal[HAND_SIZE * int(seat) : HAND_SIZE * int(seat) + HAND_SIZE]
    if any(card is None for card in own):
        raise _error("The deal must show the asking seat's own ten cards.")
    rng = random.Random(seed)
    last: DeclarationError | None = None
    sees_declarer = parsed.declaration is None or parsed.declaration.seat is seat
    for plan in _plans(profile, parsed)[: 1 if sees_declarer else None]:
        try:
            deal, discards = _fill(parsed, rng, plan)
        except _NoPlan:
            continue
        try:
            return _replay(profile, parsed, deal, discards)
        except DeclarationError as error:
            last = error
    if last is None:  # pragma: no cover - the free layout is always tried first
        raise _error("No deal fits this move list.")
    if not sees_declarer and parsed.declaration is not None:
        raise _error(
            "The declaration breaks a rule: {game} cannot reach the bid of {bid} with any cards the "
            "declarer may hold.",
            game=parsed.declaration.declaration,
            bid=_bid(profile, parsed),
        )
    raise _error("The declaration breaks a rule: {problem}", problem=last)


def view_from_moves(profile: RuleProfile, seat: Seat, text: str, *, seed: int = 0) -> SeatView:
    """The :class:`SeatView` of ``seat`` after the move list (see the module docstring)."""
    return state_from_moves(profile, seat, text, seed=seed).view(seat)


# ---- answering --------------------------------------------------------------------------------------------


def declaration_token(declaration: Declaration, profile: RuleProfile) -> str:
    """A declaration in ISS notation, in the codec's one order: the game letter, then O (open), H (hand),
    S, Z (:func:`trainer.iss_codec.declaration_token`)."""
    return iss_codec.declaration_token(declaration, profile)


def move_token(move: Move | Sequence[Move], profile: RuleProfile) -> str:
    """One move (or the declarer's discard and what follows it) as the ISS token a reply carries
    (:func:`trainer.iss_codec.move_token`)."""
    try:
        return iss_codec.move_token(move, profile)
    except SkatError:
        name = type(move if not isinstance(move, Sequence) else move[0]).__name__
        raise _error("The bot protocol has no notation for this move ({move}).", move=name) from None


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
        # after the pickup the reply is the declaration (or the throw) with its two discards
        state.apply(decision.move)
        left = _time_left(request.time_ms, began)
        second = choose(state.view(request.seat), level, rng=rng, time_ms=left, allow_musik=False)
        token = move_token([decision.move, second.move], request.profile)
        return _reply(
            token, Decision(second.move, second.why, second.win if second.win is not None else decision.win)
        )
    return _reply(move_token(decision.move, request.profile), decision)


def _reply(token: str, decision: Decision) -> dict[str, object]:
    reply: dict[str, object] = {"move": token, "why": decision.why.english}
    if decision.win is not None:
        reply["win"] = round(float(decision.win), 3)
    return reply


def serve_line(line: str, level: str, seed: int = 0, *, began: float | None = None) -> dict[str, object]:
    """The reply to one input line: the answer, or ``{"error": ...}`` (never raises for bad input). The
    budget runs from ``began`` (a :func:`time.perf_counter` reading; default: now)."""
    began = time.perf_counter() if began is None else began
    try:
        return answer(parse_request(line), level, seed, began=began)
    except SkatError as error:
        return {"error": str(error)}


def process_started() -> float | None:
    """When this process started, as a :func:`time.perf_counter` reading (Linux: from ``/proc``, to the
    clock tick); None where that cannot be read. A request already waiting when the bot is ready to read it
    was sent after this moment, so a budget counted from here is kept whatever the start-up cost."""
    try:
        with open("/proc/self/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - int(fields[PROC_STAT_STARTTIME]) / ticks
    except (OSError, ValueError, IndexError, AttributeError):
        return None
    return time.perf_counter() - max(0.0, age)


def view_request(view: SeatView, time_ms: int = DEFAULT_TIME_MS) -> Mapping[str, object]:
    """The request a program would send for ``view`` (it carries only what that seat may see)."""
    return {"rules": view.profile.name, "seat": int(view.seat), "time_ms": time_ms, "moves": view.iss_moves()}
