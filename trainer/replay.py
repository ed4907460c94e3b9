"""Replays of recorded games: a viewer model and open-hand analysis of positions (a learner plays a seat
of one at a table session: :class:`trainer.table_session.RecordSeat`).

* :class:`GameRecord` is one game as recorded (an example deal from ``exercises/deals`` or an ISS record):
  profile, deal, declarer, declaration, bid, discards, the cards played and the notes.
* :class:`Viewer` turns a position (number of cards played) into a :class:`Frame`: hands, the trick on the
  table with its winner, running card points for both sides, the notes and, at the end, the result.
  Positions are plain integers, so stepping by card or by trick is arithmetic (:func:`next_trick` ...).
* :class:`Analyzer` gives each legal card's outcome with perfect play by everyone (open hands), using the
  open-hand solver of :mod:`trainer.solver` with a node/time cap per card; :func:`first_costly_card` finds
  the first card of one side that turned a won game into a lost one ("could I have won?").
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from trainer.cards import PLAYING_SEATS, TOTAL_CARD_POINTS, Card, card_points
from trainer.deal import Deal, Seat
from trainer.errors import N_, IllegalCardError, RecordError, SkatError
from trainer.games import Declaration
from trainer.iss_codec import Discards
from trainer.profiles import RuleProfile
from trainer.records.deals import ExampleDeal, Note
from trainer.rules import DealState, Phase, PlayCard, SeatView, SkatGame
from trainer.rules.play import TRICKS_PER_GAME
from trainer.rules.value import GameResult, evaluate_game, possible_declarer_points

SEATS_PER_TRICK = PLAYING_SEATS


# --- the record -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameRecord:
    """A recorded game ready to replay. ``moves`` are the cards in play order; ``result`` is the scored
    outcome of the record (None when an ISS record stops early without settling the game). ``card_notes``
    and ``trick_notes`` are indexed by card and trick (None where there is no note)."""

    profile: RuleProfile
    deal: Deal
    declarer: Seat
    declaration: Declaration
    bid: int
    matadors: int
    discards: tuple[Card, ...]
    moves: tuple[Card, ...]
    result: GameResult | None
    title: str = ""
    thrown: bool = False
    ending: str = ""
    """Why the record stops before the end (ISS: resigned, timeout ...); empty otherwise."""
    card_notes: tuple[Note | None, ...] = ()
    trick_notes: tuple[Note | None, ...] = ()
    example: ExampleDeal | None = field(default=None, compare=False)

    def deal_state(self) -> DealState:
        """The whole-deal state of this record's contract right after the declaration."""
        return SkatGame(self.profile).with_contract(
            self.deal, self.declarer, self.declaration, bid=self.bid, discards=self.discards
        )

    def deal_state_at(self, position: int) -> DealState:
        """The whole-deal state after the first ``position`` recorded cards."""
        state = self.deal_state()
        for card in self.moves[: max(0, min(position, len(self.moves)))]:
            seat = state.to_move
            assert seat is not None
            state.apply(PlayCard(seat, card))
        return state

    @classmethod
    def from_example(cls, example: ExampleDeal) -> GameRecord:
        card_notes = tuple(example.card_note(i) for i in range(len(example.moves)))
        return cls(
            profile=example.profile,
            deal=example.deal,
            declarer=example.declarer,
            declaration=example.declaration,
            bid=example.bid,
            matadors=example.matadors,
            discards=example.discards,
            moves=example.moves,
            result=example.result,
            title=example.title.en,
            thrown=example.thrown,
            card_notes=card_notes,
            trick_notes=tuple(trick.note for trick in example.tricks),
            example=example,
        )

    @classmethod
    def from_iss_line(cls, line: str, profile: RuleProfile) -> GameRecord:
        """Read, replay (every move checked) and convert one ISS record line; :class:`RecordError` otherwise.
        A passed-in deal has no card play to show and is refused here (:func:`load_iss_text` lists it)."""
        record = _from_iss_line(line, profile)
        if record is None:
            raise RecordError.of(N_("Everyone passed in this game, so there is no card play to replay."))
        return record


def _from_iss_line(line: str, profile: RuleProfile) -> GameRecord | None:
    """:meth:`GameRecord.from_iss_line`, but None for a deal everyone passed (not an error)."""
    from trainer.records import iss

    record = iss.parse_record(line)
    replayed = iss.replay(record, profile)
    if replayed.passed:
        return None
    if replayed.declarer is None or replayed.declaration is None or replayed.bid is None:
        raise RecordError.of(N_("The record ends before the game was declared."))
    assert replayed.state is not None
    state = replayed.state.copy()
    deal = state.deal
    discards: tuple[Card, ...] = ()  # in the record's order (the state keeps them sorted)
    cards: list[Card] = []
    for move in record.moves:
        if isinstance(move, Discards):
            discards = tuple(c for c in move.cards if c is not None)
        elif isinstance(move, PlayCard):
            cards.append(move.card)
    # The viewer shows every card the record lists, also after an early ending (SC/RE), up to the end of
    # the game: a server may list cards after a lost null game, which the game never had.
    for card in cards[len(state.cards_played) :]:
        seat = state.to_move
        if state.phase is not Phase.PLAY or seat is None:
            break
        state.apply(PlayCard(seat, card))
    kept = tuple(card for _seat, card in state.cards_played)
    return GameRecord(
        profile=profile,
        deal=deal,
        declarer=replayed.declarer,
        declaration=replayed.declaration,
        bid=replayed.bid,
        matadors=replayed.matadors or 0,
        discards=discards,
        moves=kept,
        result=replayed.outcome,
        title=f"ISS {record.id}" if record.id else "ISS",
        thrown=replayed.outcome is not None and replayed.outcome.reason == "thrown",
        ending=replayed.note,
    )


@dataclass(frozen=True)
class RecordLoad:
    """One line of an uploaded ISS file: the game, a deal everyone passed (``passed_in``: no game, no
    card play, and no error either), or the reason it could not be used (``error``)."""

    line_number: int
    record: GameRecord | None
    error: str = ""
    record_id: str = ""
    problem: SkatError | None = field(default=None, compare=False)
    """The error itself, so the UI can show it in the learner's language (``error`` is its English text)."""
    passed_in: bool = False

    @property
    def failed(self) -> bool:
        """The line could not be used (neither a game nor a passed-in deal)."""
        return self.record is None and not self.passed_in


@dataclass(frozen=True)
class UploadLimits:
    """How much an uploaded or pasted ISS file may hold, checked before any line is read, and how long
    reading it may take (issue 44: a 400 KB file of 20,000 broken lines held the server for 209 s, and a
    200,000-line one grew it by 500 MB). A good record takes a few milliseconds to replay, a broken one far
    less; ``max_lines`` good ones fit in ``seconds`` on a modest server, and the clock stops the rest."""

    max_bytes: int = 512 * 1024
    """An ISS record is at most about 1 KB: room for ``max_lines`` of them."""
    max_lines: int = 500
    seconds: float = 3.0
    """Reading stops after this long; the lines not read yet are counted, not guessed at."""
    named: int = 5
    """Problems named one by one (line, game id, error); the rest are counted."""
    listed: int = 20
    """Games loaded named one by one; the rest are counted."""


UPLOAD_LIMITS = UploadLimits()


def _text(data: bytes | str) -> str:
    return data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data


def check_size(size: int, limits: UploadLimits = UPLOAD_LIMITS) -> None:
    """Refuse an upload of ``size`` bytes above the cap (:class:`RecordError`)."""
    if size > limits.max_bytes:
        raise RecordError.of(
            N_("The file is too large: {size} KB, at most {most} KB. Split it into smaller files."),
            size=-(-size // 1024),
            most=limits.max_bytes // 1024,
        )


def check_upload(data: bytes | str, limits: UploadLimits = UPLOAD_LIMITS) -> None:
    """Refuse an upload above the stated caps before any of it is parsed (:class:`RecordError`, saying
    the cap and what the file has): its size in bytes (UTF-8) first, then its lines as the reader splits
    them (any line break, ``\\r`` alone too)."""
    check_size(len(data) if isinstance(data, bytes) else len(data.encode("utf-8", errors="replace")), limits)
    lines = len(_text(data).splitlines())
    if lines > limits.max_lines:
        raise RecordError.of(
            N_("The file has too many lines: {lines}, at most {most} (one game per line). Split it into "
               "smaller files."),
            lines=lines,
            most=limits.max_lines,
        )  # fmt: skip


@dataclass(frozen=True)
class UploadReport:
    """What reading an upload gave: every line read (:class:`RecordLoad`) and how many non-empty lines
    were left unread because the time ran out."""

    loads: tuple[RecordLoad, ...]
    unread: int = 0

    @property
    def games(self) -> tuple[RecordLoad, ...]:
        return tuple(load for load in self.loads if load.record is not None)

    @property
    def passed(self) -> tuple[RecordLoad, ...]:
        return tuple(load for load in self.loads if load.passed_in)

    @property
    def failures(self) -> tuple[RecordLoad, ...]:
        return tuple(load for load in self.loads if load.failed)


def load_upload(
    data: bytes | str,
    profile: RuleProfile,
    limits: UploadLimits = UPLOAD_LIMITS,
    clock: Callable[[], float] = time.monotonic,
) -> UploadReport:
    """An uploaded or pasted ISS file read within ``limits``: refused whole when too large
    (:func:`check_upload`, :class:`RecordError`), else each line loaded on its own until the time is up."""
    check_upload(data, limits)
    text = _text(data)
    deadline = clock() + limits.seconds
    loads: list[RecordLoad] = []
    lines = text.lstrip("\ufeff").splitlines()
    for load in _loads(lines, profile):
        loads.append(load)
        if clock() > deadline:
            unread = sum(1 for line in lines[load.line_number :] if line.strip())
            return UploadReport(tuple(loads), unread)
    return UploadReport(tuple(loads))


def load_iss_text(text: str, profile: RuleProfile) -> list[RecordLoad]:
    """Every non-empty line of an ISS file (one game per line), each loaded on its own: a broken record
    reports its error, a deal everyone passed is marked ``passed_in``, and the good ones still load. No
    limits: an upload goes through :func:`load_upload`."""
    return list(_loads(text.lstrip("\ufeff").splitlines(), profile))


def _loads(lines: Sequence[str], profile: RuleProfile) -> Iterator[RecordLoad]:
    from trainer.records.iss import record_id_guess

    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        rid = record_id_guess(line)
        try:
            record = _from_iss_line(line, profile)
        except SkatError as error:
            yield RecordLoad(number, None, str(error), rid, problem=error)
        else:
            yield RecordLoad(number, record, record_id=rid, passed_in=record is None)


# --- stepping ---------------------------------------------------------------------------------------------


def next_card(position: int, total: int) -> int:
    return min(position + 1, total)


def previous_card(position: int) -> int:
    return max(position - 1, 0)


def next_trick(position: int, total: int) -> int:
    """The position after the next complete trick (or the end of the record)."""
    return min((position // SEATS_PER_TRICK + 1) * SEATS_PER_TRICK, total)


def trick_number(index: int) -> int:
    """The trick (1-based) in which the card with play index ``index`` (0-based) falls."""
    return index // SEATS_PER_TRICK + 1


def previous_trick(position: int) -> int:
    """The position at the previous trick boundary."""
    if position <= 0:
        return 0
    return ((position - 1) // SEATS_PER_TRICK) * SEATS_PER_TRICK


# --- the viewer -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """What the table looks like after ``position`` cards.

    ``trick`` is the trick on the table: the cards of the unfinished trick, or, right after a trick was
    completed, that trick with its ``trick_winner``. Points are card points from tricks; ``skat_points``
    count for the declarer on top. ``result`` is set at the end of the record.
    """

    position: int
    total: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    trick: tuple[Card, ...]
    trick_seats: tuple[Seat, ...]
    trick_winner: Seat | None
    trick_number: int
    to_move: Seat | None
    declarer_points: int
    defender_points: int
    skat_points: int
    declarer_tricks: int
    defender_tricks: int
    last_card: tuple[Seat, Card] | None
    card_note: Note | None
    trick_note: Note | None
    result: GameResult | None

    @property
    def at_end(self) -> bool:
        return self.position >= self.total


class Viewer:
    """Frames of one record, by position (0 = before the first lead, ``total`` = all cards played), with
    every hand; what one seat sees at a position is that deal's :meth:`seat_view` (the engine's one rule)."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.total = len(record.moves)

    def seat_view(self, position: int, seat: Seat) -> SeatView:
        """What ``seat`` sees after ``position`` cards: its hand, the hands lying open, the cards played."""
        return self.record.deal_state_at(max(0, min(position, self.total))).view(seat)

    def frame(self, position: int) -> Frame:
        position = max(0, min(position, self.total))
        record = self.record
        state = record.deal_state_at(position)
        declarer = record.declarer
        tricks = state.tricks
        completed = position > 0 and position % SEATS_PER_TRICK == 0 and tricks
        if completed:
            last = tricks[-1]
            trick: tuple[Card, ...] = last.cards
            seats: tuple[Seat, ...] = last.seats
            winner: Seat | None = last.winner
            number = len(tricks)
        else:
            trick = tuple(card for _seat, card in state.current_trick)
            seats = tuple(seat for seat, _card in state.current_trick)
            winner = None
            number = len(tricks) + 1
        played = state.cards_played
        last_card = played[-1] if position > 0 else None
        card_note = record.card_notes[position - 1] if 0 < position <= len(record.card_notes) else None
        trick_note = None
        if (completed and number - 1 < len(record.trick_notes)) or (
            position == self.total and position % SEATS_PER_TRICK and number - 1 < len(record.trick_notes)
        ):
            trick_note = record.trick_notes[number - 1]
        defenders = [seat for seat in Seat if seat is not declarer]
        return Frame(
            position=position,
            total=self.total,
            hands=(state.hand(Seat.FOREHAND), state.hand(Seat.MIDDLEHAND), state.hand(Seat.REARHAND)),
            trick=trick,
            trick_seats=seats,
            trick_winner=winner,
            trick_number=number,
            to_move=state.to_move,
            declarer_points=state.trick_points(declarer),
            defender_points=sum(state.trick_points(seat) for seat in defenders),
            skat_points=card_points(state.skat),
            declarer_tricks=state.tricks_won(declarer),
            defender_tricks=sum(state.tricks_won(seat) for seat in defenders),
            last_card=last_card,
            card_note=card_note,
            trick_note=trick_note,
            result=record.result if position >= self.total else None,
        )


# --- open-hand analysis -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardOutcome:
    """What one legal card leads to with perfect play by everyone afterwards (all hands open).

    Suit and grand: ``declarer_points`` is the declarer's final total (skat included); when the cap stopped
    the search it is None and ``bounds`` gives what is known. ``declarer_wins`` is the game's real verdict
    (:func:`trainer.rules.value.evaluate_game` with the bid): enough points can still be lost as overbid, and
    where only schwarz reaches the bid the solver's schwarz answer decides. Null: ``declarer_points`` is
    None and ``declarer_wins`` says whether the declarer can still avoid every trick. ``declarer_wins`` is
    None when the cap left it open. Musik (Danish) is not looked ahead: it is judged at the end only.
    """

    card: Card
    declarer_points: int | None
    bounds: tuple[int, int]
    declarer_wins: bool | None
    exact: bool
    nodes: int = 0


def _declarer_wins_with(record: GameRecord, final_points: int, schwarz: bool | None = None) -> bool | None:
    """Is a final total of ``final_points`` (perfect play for points) a won game for this record, judged by
    the game's real evaluation (bid, overbid, announced levels)? ``schwarz``: whether the declarer can also
    take every trick; it is only needed when nothing but schwarz reaches the bid (or an announced schwarz),
    and None there (not asked, or left open by the cap) gives None.

    Winning is monotone in the points when the declarer leaves the defenders a trick, so the points value
    decides it; otherwise only all tricks win, and taking them all is exactly the schwarz question."""
    tricks = TRICKS_PER_GAME

    def won(points: int, declarer_tricks: int) -> bool:
        return evaluate_game(
            record.profile,
            record.declaration,
            matadors=record.matadors,
            bid=record.bid,
            declarer_points=points,
            declarer_tricks=declarer_tricks,
        ).won

    # Some but not all tricks (no schwarz in the value): any trick count those points can go with.
    possible = (t for t in range(1, tricks) if final_points in possible_declarer_points(record.profile, t))
    some = next(possible, None)
    if some is not None and won(final_points, some):
        return True
    if not won(TOTAL_CARD_POINTS, tricks):  # not even schwarz would win
        return False
    return schwarz


class Analyzer:
    """Open-hand analysis of one record's positions. Keeps one solver engine (and so its transposition
    table) across positions, so stepping through a replay reuses earlier work.

    ``backend``: the solver backend ("auto" uses the compiled kernel once it is ready, "python" never
    compiles). Without the solver package a small exhaustive search is used (fine for short endings).
    """

    def __init__(self, record: GameRecord, *, backend: str = "auto") -> None:
        self.record = record
        self.backend = backend
        self._engine: object | None = None
        self._compiled = False

    def _solve(
        self,
        state: DealState,
        node_limit: int | None,
        time_limit: float | None,
        *,
        with_schwarz: bool = False,
    ) -> tuple[int, int, int, bool | None]:
        """(lower, upper, nodes, schwarz) of the value of ``state`` for the side to move, from the open-hand
        solver (:class:`trainer.solver.Analysis`): the declarer's final card points, or for null 1 when the
        declarer can still avoid every trick and 0 when not. ``schwarz`` (asked only ``with_schwarz``,
        else None; None also when the cap left it open): whether the declarer can take every trick still
        to come (earlier tricks are the caller's concern)."""
        record = self.record
        null = record.declaration.game.is_null
        try:
            from trainer.solver import Analysis
        except ImportError:  # pragma: no cover - the solver ships with the app
            value = _minimax(state.copy(), null, record.declarer)
            if null:
                value = int(
                    value == TRICKS_PER_GAME - len(state.tricks) and not state.tricks_won(record.declarer)
                )
            return (value, value, 0, None)
        if self._engine is not None and self.backend == "auto" and not self._compiled:
            from trainer.solver import warm_up

            if warm_up(block=False):  # the fast kernel became ready: start a table on it
                self._engine = None
        if self._engine is None:
            skat = record.deal.skat if record.declaration.hand else record.discards
            hands = [record.deal.hand(seat) for seat in Seat]
            self._engine = Analysis(
                record.declaration.game, int(record.declarer), hands, skat, backend=self.backend
            )
        analysis = self._engine
        assert isinstance(analysis, Analysis)
        self._compiled = analysis.compiled
        on_table = state.current_trick
        leader = on_table[0][0] if on_table else state.to_move
        assert leader is not None
        result = analysis.analyse(
            [state.hand(seat) for seat in Seat],
            int(leader),
            tuple(card for _seat, card in on_table),
            points_so_far=state.trick_points(record.declarer),
            with_schwarz=with_schwarz,
            node_limit=node_limit,
            time_limit=time_limit,
        )
        declarer_moves = state.to_move is record.declarer
        pick = max if declarer_moves else min
        lo = pick(low for low, _ in result.bounds.values())
        hi = pick(high for _, high in result.bounds.values())
        schwarz: bool | None = None
        if with_schwarz:
            # The declarer needs one card that keeps every trick; against the defenders, every card must.
            known = [result.schwarz.get(card) for card in result.bounds]
            if declarer_moves:
                schwarz = True if True in known else (False if None not in known else None)
            else:
                schwarz = False if False in known else (True if None not in known else None)
        return (lo, hi, result.nodes, schwarz)

    def outcome(
        self,
        state: DealState,
        card: Card,
        *,
        node_limit: int | None = 2_000_000,
        time_limit: float | None = 3.0,
    ) -> CardOutcome:
        """One legal card's outcome with perfect play afterwards (see :class:`CardOutcome`)."""
        seat = state.to_move
        if seat is None:
            raise IllegalCardError.of(N_("Nobody is to play a card now."))
        child = state.copy()
        child.apply(PlayCard(seat, card))
        record = self.record
        declarer = record.declarer
        finished = child.outcome()
        if record.declaration.game.is_null:
            if finished is not None:
                wins = child.tricks_won(declarer) == 0
                return CardOutcome(card, None, (0, 0), wins, True)
            lo, hi, nodes, _ = self._solve(child, node_limit, time_limit)
            null_wins: bool | None = True if lo >= 1 else (False if hi < 1 else None)
            return CardOutcome(card, None, (lo, hi), null_wins, null_wins is not None, nodes)
        if finished is not None:
            assert finished.result is not None and finished.declarer_points is not None
            final = finished.declarer_points
            return CardOutcome(card, final, (final, final), finished.result.won, True)
        low, high, nodes, _ = self._solve(child, node_limit, time_limit)
        win_low = _declarer_wins_with(record, low)
        win_high = _declarer_wins_with(record, high)
        if win_high is None:  # only schwarz can win: can the declarer still take every trick?
            if any(trick.winner is not declarer for trick in child.tricks):
                win_high = False
            else:
                _, _, more, schwarz = self._solve(child, node_limit, time_limit, with_schwarz=True)
                nodes += more
                win_high = _declarer_wins_with(record, high, schwarz)
                if win_low is None:
                    win_low = win_high
        if low == high:
            return CardOutcome(card, low, (low, high), win_high, True, nodes)
        return CardOutcome(card, None, (low, high), win_low if win_low == win_high else None, False, nodes)

    def outcomes(
        self,
        state: DealState,
        *,
        node_limit: int | None = 2_000_000,
        time_limit: float | None = 3.0,
    ) -> Iterator[CardOutcome]:
        """Each legal card's outcome, one at a time (a page shows them as they come). Every card has its
        own node/time cap; a capped card comes back with ``exact`` False and the bounds known so far."""
        if state.phase is not Phase.PLAY:
            return
        for card in state.legal_cards():
            yield self.outcome(state, card, node_limit=node_limit, time_limit=time_limit)


def _minimax(state: DealState, null: bool, declarer: Seat) -> int:  # pragma: no cover - no solver
    """Exhaustive search (small endings only): the declarer's final points, or for null the number of
    tricks the defenders take from here."""
    finished = state.outcome()
    if finished is not None:
        return 0 if null else finished.declarer_points or 0
    seat = state.to_move
    assert seat is not None
    options = []
    for card in state.legal_cards():
        before = len(state.tricks)
        state.apply(PlayCard(seat, card))
        gained = 0
        if null and len(state.tricks) > before and state.tricks[-1].winner is not declarer:
            gained = 1
        options.append(gained + _minimax(state, null, declarer))
        state.undo()
    return max(options) if seat is declarer else min(options)


def best_outcome(outcomes: Sequence[CardOutcome], declarer_to_move: bool) -> CardOutcome | None:
    """The best card for the side to move among exact outcomes (declarer: most points / a win; defenders:
    fewest points / a loss for the declarer)."""
    exact = [o for o in outcomes if o.exact]
    if not exact:
        return None

    def score(o: CardOutcome) -> tuple[int, int]:
        win = 1 if o.declarer_wins else 0
        points = o.declarer_points if o.declarer_points is not None else 0
        return (win, points) if declarer_to_move else (-win, -points)

    return max(exact, key=score)


def result_changers(outcomes: Sequence[CardOutcome], declarer_to_move: bool) -> frozenset[Card]:
    """The cards whose win/loss differs from the best card's: playing them changes the result."""
    best = best_outcome(outcomes, declarer_to_move)
    if best is None or best.declarer_wins is None:
        return frozenset()
    return frozenset(
        o.card for o in outcomes if o.declarer_wins is not None and o.declarer_wins != best.declarer_wins
    )


@dataclass(frozen=True)
class CostlyCard:
    """The first card of a side that turned a winnable game into a lost one."""

    index: int
    seat: Seat
    card: Card
    better: tuple[Card, ...]
    """Cards that would have kept the game won for that side."""
    excused: bool = False
    """The card lost the game only with every hand open: from what its player could see it was as good as
    the best (the coach stood behind it), so it is not blamed."""


def first_costly_card(
    record: GameRecord,
    moves: Sequence[Card],
    side: Seat,
    *,
    node_limit: int | None = 2_000_000,
    time_limit: float | None = 3.0,
    progress: Callable[[int, int], None] | None = None,
    analyzer: Analyzer | None = None,
    start: int = 0,
    excused: Callable[[DealState, Card], bool] | None = None,
) -> CostlyCard | None:
    """Walk through ``moves`` and return the first card played by ``side``'s team (the declarer alone, or
    the two defenders) after which that team could no longer win, though another card would have kept the
    win. None when no such card exists (or the cap left every question open). ``start`` skips the first
    cards (they are played without analysis). ``excused(state, card)``: whether the player of ``card`` in
    ``state`` could not have known better (the coach's evaluation from its own view stood behind it); such
    a card comes back marked :attr:`CostlyCard.excused`."""
    analyzer = analyzer or Analyzer(record)
    state = record.deal_state()
    for card in moves[:start]:
        state.apply(PlayCard(state.to_move, card))  # type: ignore[arg-type]
    declarer = record.declarer
    defenders = frozenset(seat for seat in Seat if seat is not declarer)
    team = {declarer} if side is declarer else set(defenders)
    wants_declarer_win = side is declarer
    total = len(moves)
    for index, card in enumerate(moves):
        if index < start:
            continue
        if progress is not None:
            progress(index, total)
        seat = state.to_move
        if seat is None:
            break
        if seat in team and len(state.legal_cards()) > 1:
            outcomes = list(analyzer.outcomes(state, node_limit=node_limit, time_limit=time_limit))
            played = next((o for o in outcomes if o.card == card), None)
            good = [o.card for o in outcomes if o.declarer_wins is wants_declarer_win]
            if played is not None and played.declarer_wins is (not wants_declarer_win) and good:
                excuse = excused is not None and excused(state, card)
                return CostlyCard(index, seat, card, tuple(good), excuse)
        try:
            state.apply(PlayCard(seat, card))
        except SkatError:
            break
        if state.phase is Phase.FINISHED:
            break
    return None
