"""A table session: the places round one table, who sits there (a person, a computer, nobody), the seat each
place plays as the deal passes left, the computer players, and the evening's deals with its score sheet.
The Play page (one learner and two computers) and a shared table (three people, or two and a computer) are
the same session; the store only persists it. No Streamlit here.

Places are 0, 1, 2 clockwise. The dealer moves one place to the left after every deal, so in deal ``n``
(from 1) forehand is place ``(n − 1) % 3`` and each place plays forehand, then rearhand, then middlehand.

>>> [int(seat_of_place(0, n)) for n in (1, 2, 3, 4)]
[0, 2, 1, 0]
>>> place_of_seat(seat_of_place(2, 7), 7)
2

Pages reach a deal through a :class:`SeatDoor`: the seat's :class:`~trainer.rules.game.SeatView`, its moves,
the
computers' reasons as that seat may read them, and, once the deal is over, :meth:`SeatDoor.reveal`. No page
needs the whole :class:`~trainer.rules.game.DealState`. "Play a seat" of a recorded deal is the same session
(:class:`RecordSeat`): a record and the cards played so far, the other seats played from the record, then
by the computers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.bots import LEVELS as BOT_LEVELS
from trainer.bots import Decision, choose
from trainer.calc import SchemeOptions
from trainer.cards import Card
from trainer.deal import PLAYING_SEATS, Seat
from trainer.errors import N_, IllegalCardError, SkatError
from trainer.moves import Move, seat_of
from trainer.profiles import RuleProfile
from trainer.reasons import reason_for
from trainer.records.deal_record import DealRecord
from trainer.replay import GameRecord
from trainer.rules import DealState, HouseOptions, Outcome, Phase, PlayCard, SeatView, SkatGame
from trainer.rules.play import RefusalDetails
from trainer.rules.settlement import BOCK
from trainer.scoring import NO_OPTIONS, ScoreSheet, SheetDeal
from trainer.text import Message

LEVELS: tuple[str, ...] = BOT_LEVELS
"""The computer players' strength: the bots' own list of levels (:data:`trainer.bots.player.LEVELS`)."""
SEAT_KINDS: tuple[str, ...] = ("human", "bot", "empty")
IDLE_SECONDS = 60
"""How long a person's seat may wait to move before a computer plays for it (until its player is back)."""
COMPUTER_TIME_MS = 400
"""The computer players' thinking budget per decision at a table."""


def seat_of_place(place: int, deal_number: int) -> Seat:
    """The seat the player at ``place`` plays in deal ``deal_number`` (1, 2, ...): the deal passes left."""
    return Seat((place - (deal_number - 1)) % PLAYING_SEATS)


def place_of_seat(seat: Seat, deal_number: int) -> int:
    """The place whose player plays ``seat`` in deal ``deal_number``."""
    return (int(seat) + deal_number - 1) % PLAYING_SEATS


def places_of_seats(deal_number: int) -> tuple[int, int, int]:
    """The place of each seat (forehand, middlehand, rearhand) in deal ``deal_number``."""
    first, second, third = (place_of_seat(seat, deal_number) for seat in Seat)
    return (first, second, third)


def table_game(profile: RuleProfile, house: HouseOptions | None = None) -> SkatGame:
    """What a table plays: ``house`` when the table agreed on house options, else the rules' usual ones
    (:meth:`~trainer.rules.game.HouseOptions.usual`: the Danish textbook's Spørge and Slå 40 an, the
    international
    kontra and re)."""
    return SkatGame(profile, HouseOptions.usual(profile) if house is None else house)


@dataclass(frozen=True)
class Place:
    """Who sits at one place: ``kind`` human, bot or empty; ``scored`` False for a duel's computer (left out
    of the score sheet); ``away`` a person a computer plays for until they are back."""

    kind: str
    scored: bool = True
    away: bool = False

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise SkatError.of(
                N_("A place is taken by a person, a computer or nobody, not '{kind}'."), kind=self.kind
            )

    @property
    def computer_plays(self) -> bool:
        return self.kind != "human" or self.away


@dataclass(frozen=True)
class Turn:
    """Whose move it is: the seat and place to move, whether a computer makes it (a computer's place, an away
    player, or a person idle for longer than the table allows), and the seconds left before an idle person is
    replaced (None when a computer moves anyway)."""

    seat: Seat
    place: int
    by_computer: bool
    idle_left: float | None


@dataclass(frozen=True)
class Revealed:
    """A finished deal opened for everyone (the result, the review): the whole state and its record."""

    state: DealState
    record: DealRecord
    outcome: Outcome


class TableSession:
    """One table's evening: what is played (``game``: what the next deal is dealt with; a deal already
    dealt keeps its own), who sits at each place, the computers' level, the outcomes of the deals before the
    current one, and the current deal (in progress, or over until the next is dealt).

    The session holds the one copy of the current deal's state on the server; pages see it only through
    :meth:`door`. ``number`` is the current deal's number, from 1 (0 before the first deal).
    """

    def __init__(
        self,
        game: SkatGame,
        places: Sequence[Place],
        *,
        level: str = "club",
        earlier: Sequence[tuple[int, Outcome]] = (),
        current: DealState | None = None,
        current_number: int | None = None,
        time_ms: int = COMPUTER_TIME_MS,
    ) -> None:
        if len(places) != PLAYING_SEATS:
            raise SkatError.of(N_("A table has {n} places, not {given}."), n=PLAYING_SEATS, given=len(places))
        if level not in LEVELS:
            raise SkatError.of(N_("Unknown computer players' level {level}."), level=level)
        self.game = game
        self.places = tuple(places)
        self.level = level
        self.earlier = tuple(earlier)
        self.current = current
        self._number = current_number
        self.time_ms = time_ms

    # -- where everyone sits ---------------------------------------------------------------------------------
    @property
    def number(self) -> int:
        """The current deal's number (0 before the first deal)."""
        if self.current is None:
            return self.earlier[-1][0] if self.earlier else 0
        if self._number is not None:
            return self._number
        return (self.earlier[-1][0] if self.earlier else 0) + 1

    @property
    def over(self) -> bool:
        """No deal is in progress (before the first, or the current one has ended)."""
        return self.current is None or self.current.phase is Phase.FINISHED

    @property
    def outcomes(self) -> tuple[tuple[int, Outcome], ...]:
        """Every finished deal's number and outcome, in order; where the table plays Bock rounds, each Bock
        deal's outcome counts double (:meth:`~trainer.rules.game.Outcome.in_bock`)."""
        last = self.current.outcome() if self.current is not None else None
        played = self.earlier if last is None else (*self.earlier, (self.number, last))
        return self._with_bock(played)[0]

    @property
    def bock_deals_owed(self) -> int:
        """How many of the coming deals are Bock deals (the current one first, while it is played)."""
        return self._with_bock(self.earlier)[1] if not self.over else self._with_bock(self.outcomes)[1]

    def _with_bock(
        self, played: Sequence[tuple[int, Outcome]]
    ) -> tuple[tuple[tuple[int, Outcome], ...], int]:
        """The outcomes with their Bock deals marked, and the Bock deals still owed after them. A deal that
        calls a Bock round (:attr:`~trainer.rules.game.Outcome.calls_bock`) adds a round of deals to those
        owed."""
        if not self.game.house.bock:
            return tuple(played), 0
        owed, marked = 0, []
        for number, outcome in played:
            if owed:
                outcome = outcome.in_bock()
                owed -= 1
            if outcome.calls_bock:
                owed += BOCK.deals_per_round
            marked.append((number, outcome))
        return tuple(marked), owed

    def seat_of(self, place: int) -> Seat:
        """The seat ``place`` plays in the current deal."""
        return seat_of_place(place, max(self.number, 1))

    def place_of(self, seat: Seat) -> int:
        """The place that plays ``seat`` in the current deal."""
        return place_of_seat(seat, max(self.number, 1))

    # -- the deal in progress --------------------------------------------------------------------------------
    def deal(self, seed: int | None = None) -> DealState:
        """Deal the next deal (a fresh shuffle, or ``seed`` for a fixed one)."""
        if not self.over:
            raise SkatError.of(N_("Finish this deal before the next one is dealt."))
        number = self.number + 1
        self.earlier = self.outcomes
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        self.current = self.game.new_deal(seed)
        self._number = number
        return self.current

    def _state(self) -> DealState:
        if self.current is None:
            raise SkatError.of(N_("No deal is being played at this table now."))
        return self.current

    def turn(self, *, idle_seconds: float = IDLE_SECONDS, waited: float = 0.0) -> Turn | None:
        """Who moves next in the current deal (None when none is in progress). ``waited``: seconds since the
        deal's last move (or its start)."""
        if self.current is None:
            return None
        seat = self.current.to_move
        if seat is None:
            return None
        place = self.place_of(seat)
        if self.places[place].computer_plays:
            return Turn(seat, place, True, None)
        left = max(0.0, float(idle_seconds) - float(waited))
        return Turn(seat, place, left <= 0, left)

    def computer_decision(self, *, time_ms: int | None = None) -> Decision:
        """The computer's move for the seat to move, from that seat's own view (the same players as
        ``skat-trainer bot``); the same for the same deal and moment."""
        state = self._state()
        seat = state.to_move
        if seat is None:
            raise SkatError.of(N_("The deal is over; nobody is to move."))
        rng = random.Random(f"{state.deal.all_cards}:{state.moves_made}")
        budget = self.time_ms if time_ms is None else time_ms
        return choose(state.view(seat), self.level, rng=rng, time_ms=budget)

    def computer_step(self, *, time_ms: int | None = None) -> Decision:
        """Let the computer make the move that is due; its decision (the reason is the bot's own: show it to a
        seat only through :meth:`SeatDoor.reason`)."""
        decision = self.computer_decision(time_ms=time_ms)
        self._state().apply(decision.move)
        return decision

    def act(self, place: int, move: Move) -> None:
        """A person's move for the seat ``place`` plays now (the engine's error when it is not theirs or
        breaks a rule; nothing changes then)."""
        mine = self.seat_of(place)
        if seat_of(move) is not mine:
            raise SkatError.of(N_("You play {seat} in this deal; that move is not yours to make."), seat=mine)
        self._state().apply(move)

    def door(self, place: int) -> SeatDoor:
        """What the person at ``place`` may see and do in the current deal."""
        return SeatDoor(self, place)

    # -- the evening -----------------------------------------------------------------------------------------
    def sheet(self, scheme: str, options: SchemeOptions = NO_OPTIONS) -> ScoreSheet:
        """The evening's score sheet per place, settled from each finished deal's outcome."""
        deals = tuple(
            SheetDeal(number, outcome, places_of_seats(number)) for number, outcome in self.outcomes
        )
        return ScoreSheet(scheme, deals, options)

    @property
    def scored_places(self) -> tuple[int, ...]:
        """The places the score sheet shows (a duel's computer is left out)."""
        return tuple(place for place, who in enumerate(self.places) if who.scored)


class SeatDoor:
    """One place's door onto the current deal: its seat's view, its moves and, after the end, the reveal."""

    def __init__(self, session: TableSession, place: int) -> None:
        self.session = session
        self.place = place

    @property
    def seat(self) -> Seat:
        return self.session.seat_of(self.place)

    def view(self) -> SeatView:
        return self.session._state().view(self.seat)

    def act(self, move: Move) -> None:
        self.session.act(self.place, move)

    def reason(self, decision: Decision) -> Message:
        """A computer's reason for its move as this seat may read it, from this seat's view after the move
        (:func:`trainer.reasons.reason_for`: never naming a card the seat cannot see — a discard or a Ramse
        pass between others is said without its cards)."""
        return reason_for(decision.why, decision.move, self.view())

    def reveal(self) -> Revealed | None:
        """The whole deal, once it is over (None while it is played)."""
        state = self.session._state()
        if state.outcome() is None:
            return None
        _number, outcome = self.session.outcomes[-1]  # with the Bock factor, where this is a Bock deal
        return Revealed(state, DealRecord.of(state), outcome)


# --- play a seat of a recorded deal -----------------------------------------------------------------------


class RecordSeat:
    """A learner plays ``seat`` of a recorded deal at a :class:`TableSession`: the learner's place is a
    person's, the other two are computers. While the deal follows the record, the other seats play the
    recorded cards; once it departs from it (the learner plays another card), the computers of ``level``
    play on, each from its own seat's view, as at the Play page.

    Its whole position is the record and ``cards`` (every card played so far, all of them on the table for
    everyone): a page keeps those and rebuilds the seat each run, never the deal itself; what it draws comes
    from :meth:`view`, the seat's own view."""

    def __init__(self, record: GameRecord, seat: Seat, played: Sequence[Card] = (), *, level: str = "club"):
        self.record = record
        self.seat = Seat(seat)
        places = [Place("human" if place == int(self.seat) else "bot") for place in range(PLAYING_SEATS)]
        # deal number 1: place n plays seat n
        self._session = TableSession(
            SkatGame(record.profile), places, level=level, current=record.deal_state(), current_number=1
        )
        self._door = self._session.door(int(self.seat))
        for card in played:
            mover = self._deal.to_move
            if mover is None:
                raise SkatError.of(N_("The deal is over; nobody is to move."))
            self._session.act(self._session.place_of(mover), PlayCard(mover, card))
        self._advance()

    @property
    def _deal(self) -> DealState:
        return self._session._state()

    def view(self) -> SeatView:
        """What the learner's seat sees now (the one visibility rule, :meth:`DealState.view`)."""
        return self._door.view()

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card played so far, in order: with the record, the seat's whole position."""
        return tuple(card for _seat, card in self._deal.cards_played)

    @property
    def departed_at(self) -> int | None:
        """Index of the first card that differed from the record (None while following it)."""
        recorded = self.record.moves
        return next(
            (i for i, card in enumerate(self.cards) if i >= len(recorded) or card != recorded[i]), None
        )

    @property
    def on_record(self) -> bool:
        return self.departed_at is None

    @property
    def finished(self) -> bool:
        return self._deal.phase is Phase.FINISHED

    @property
    def learner_to_move(self) -> bool:
        return self._deal.to_move is self.seat

    def recorded_card(self) -> Card | None:
        """What the record played at this point (None past its end or after a departure)."""
        index = len(self.cards)
        if not self.on_record or index >= len(self.record.moves):
            return None
        return self.record.moves[index]

    def play(self, card: Card) -> RefusalDetails | None:
        """Play ``card`` for the learner; return why not (and change nothing) when it is not allowed."""
        if not self.learner_to_move:
            raise IllegalCardError.of(N_("It is not your turn."))
        refusal = self._deal.refusal(card)
        if refusal is not None:
            return refusal
        self._door.act(PlayCard(self.seat, card))
        self._advance()
        return None

    def _advance(self) -> None:
        """The other seats play until it is the learner's turn or the deal is over."""
        while not self.finished and not self.learner_to_move:
            mover = self._deal.to_move
            assert mover is not None
            recorded = self.recorded_card()
            if recorded is not None:
                self._session.act(self._session.place_of(mover), PlayCard(mover, recorded))
            else:
                self._session.computer_step()

    def outcome(self) -> Outcome | None:
        """The learner's deal, scored (None until it is over)."""
        return self._deal.outcome()


__all__ = [
    "COMPUTER_TIME_MS",
    "IDLE_SECONDS",
    "LEVELS",
    "Place",
    "RecordSeat",
    "Revealed",
    "SeatDoor",
    "TableSession",
    "Turn",
    "place_of_seat",
    "places_of_seats",
    "seat_of_place",
    "table_game",
]
