"""One whole deal as a state: the deal, the auction, pickup or hand, discard and declaration, ten tricks
and the outcome, in either profile, with push/pop (:meth:`DealState.apply` / :meth:`DealState.undo`).

What is being played is a :class:`SkatGame`: a rule profile and the table's :class:`HouseOptions` (kontra,
Spørge, Slå 40 an, what happens when all pass). It makes the states: :meth:`SkatGame.new_deal` shuffles or
takes the cards, and the deal itself is the first move of every history (:class:`~trainer.moves.Dealt`, the
chance move), so a list of moves replays a deal with no seed and no defaults (:meth:`SkatGame.replay`).

The state reuses the engine's pieces instead of copying them: the bidding is a
:class:`~trainer.rules.bidding.Auction`, the card play a :class:`~trainer.rules.play.GameState`, declarations
are checked
by :meth:`~trainer.profiles.RuleProfile.check_declaration` and :func:`~trainer.rules.value.check_reachable`,
and the
verdict comes from :func:`~trainer.rules.value.evaluate_game`. What one seat may see is a frozen
:class:`SeatView`
(no other hand, no unseen skat, no foreign discards); :meth:`SeatView.iss_moves` writes it in the bot
protocol's ISS notation. :meth:`DealState.outcome` is the one verdict every score, sheet and sentence reads.

>>> from trainer.profiles import INTERNATIONAL
>>> state = SkatGame(INTERNATIONAL).new_deal(1)
>>> state.phase, state.to_move
(<Phase.AUCTION: 'auction'>, <Seat.MIDDLEHAND: 1>)
>>> for move in (Pass(Seat.MIDDLEHAND), Pass(Seat.REARHAND), Pass(Seat.FOREHAND)):
...     state.apply(move)
>>> state.phase, state.outcome().passed_in
(<Phase.FINISHED: 'finished'>, True)
>>> state.undo()
Pass(seat=<Seat.FOREHAND: 0>)
>>> state.view(Seat.FOREHAND).legal_moves[:2]
(Bid(seat=<Seat.FOREHAND: 0>, value=18), Bid(seat=<Seat.FOREHAND: 0>, value=20))
>>> type(state.history[0]).__name__, len(state.history)
('Dealt', 3)
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from trainer import iss_codec
from trainer.cards import ALL_CARDS, Card, card_points, sort_hand
from trainer.deal import SKAT_SIZE, Deal, Seat, random_deal
from trainer.errors import (
    N_,
    DeclarationError,
    IllegalCardError,
    Message,
    SkatError,
    SkatExchangeError,
)
from trainer.games import Declaration, GameType
from trainer.moves import (
    Bid,
    Contract,
    Dealt,
    Declare,
    Discard,
    Hold,
    Knock40,
    Kontra,
    Move,
    NoCall,
    Pass,
    PickUp,
    PlayCard,
    RamseCall,
    RamsePass,
    Re,
    Spoerge,
    SpoergeCall,
    Throw,
    card_pair,
    check_move,
)
from trainer.profiles import AllPass, KnockCall, RuleProfile, get_profile
from trainer.rules.bidding import Auction, AuctionEvent, allowed_declarations
from trainer.rules.extras import (
    DANISH_EXTRAS,
    DanishExtras,
    MusikTrick,
    RamseResult,
    check_musik_hand,
    check_ramse_grand,
    may_knock,
    musik_cards,
    musik_fulfilled,
    ramsch_result,
    ramse_result,
    ramse_skat_round,
    rate_factor,
    slaa_40_an_check,
)
from trainer.rules.extras import Spoerge as SpoergeLevel
from trainer.rules.play import GameState, RefusalDetails, Trick, sort_cards
from trainer.rules.settlement import BOCK, calls_bock, kontra_allowed, kontra_factor, thrown_on_the_bid
from trainer.rules.value import (
    GameResult,
    ValueBreakdown,
    check_reachable,
    evaluate_game,
    highest_possible_value,
    matadors,
)
from trainer.text import shown


class Phase(Enum):
    """Where a deal stands (the contract other modules code against)."""

    SLAA_40 = "slaa_40"
    """Danish house option: after the first packet each seat in turn may knock (a bid of 40)."""
    AUCTION = "auction"
    PICKUP = "pickup"
    """The declarer picks up the skat or declares a hand game."""
    DISCARD = "discard"
    """The declarer holds 12 cards and lays two away."""
    DECLARE = "declare"
    """After discarding: the declarer names the game."""
    KNOCK = "knock"
    """Right after the first lead: the defenders' Spørge / kontra and the declarer's answer."""
    PLAY = "play"
    RAMSE_EXCHANGE = "ramse_exchange"
    """Danish all-pass: the skat goes round, each takes it and passes two on."""
    RAMSE_CHOICE = "ramse_choice"
    """Danish all-pass: each says Ramse or Grand in turn."""
    FINISHED = "finished"


# --- what is being played -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class HouseOptions:
    """What a table agrees on top of the rule profile: kontra and re (international), Spørge and Slå 40 an
    (Danish), what happens when all three pass (None: the profile's rule — international deals are thrown
    in, Danish ones become Ramse; or :class:`~trainer.profiles.AllPass` ``RAMSCH``, the international house
    option) and the Danish extras' agreed numbers. ``bock``: Bock rounds
    (:class:`~trainer.rules.settlement.BockConfig`; the table session counts the Bock deals owed and
    :meth:`Outcome.in_bock` makes one count double)."""

    kontra: bool = False
    spoerge: bool = False
    slaa_40_an: bool = False
    all_pass: AllPass | None = None
    extras: DanishExtras = DANISH_EXTRAS
    bock: bool = False

    def __post_init__(self) -> None:
        for name in ("kontra", "spoerge", "slaa_40_an", "bock"):
            if not isinstance(getattr(self, name), bool):
                raise SkatError.of(
                    N_("'{value}' is not yes or no ({what})."),
                    value=shown(repr(getattr(self, name))),
                    what=name,
                )
        if self.all_pass is not None and not isinstance(self.all_pass, AllPass):
            raise SkatError.of(
                N_("'{value}' is not a way to play an all-pass deal."), value=shown(repr(self.all_pass))
            )
        if self.spoerge and self.kontra:
            raise SkatError.of(N_("Spørge and kontra are two versions of the same knock; choose one."))

    def to_json(self) -> dict[str, Any]:
        data = {
            "kontra": self.kontra,
            "spoerge": self.spoerge,
            "slaa_40_an": self.slaa_40_an,
            "all_pass": None if self.all_pass is None else self.all_pass.value,
            "extras": dataclasses.asdict(self.extras),
        }
        if self.bock:  # written only when on, so records from before Bock rounds stay as they were
            data["bock"] = True
        return data

    @classmethod
    def chosen(
        cls,
        profile: RuleProfile,
        *,
        call: KnockCall | None,
        slaa_40_an: bool,
        all_pass: AllPass,
        bock: bool = False,
    ) -> HouseOptions:
        """The options a table agreed on: the defenders' call (None: no call at all), Slå 40 an, what an
        all-pass deal becomes (kept as None when it is the profile's own rule) and Bock rounds."""
        return cls(
            kontra=call is KnockCall.KONTRA,
            spoerge=call is KnockCall.SPOERGE,
            slaa_40_an=slaa_40_an,
            all_pass=None if all_pass is profile.all_pass else all_pass,
            bock=bock,
        )

    @classmethod
    def usual(cls, profile: RuleProfile) -> HouseOptions:
        """The options a table plays under these rules unless it agrees on others: the profile's knock call
        (:attr:`~trainer.profiles.RuleProfile.knock_call`: Spørge or kontra) and Slå 40 an where the rules
        have it; an all-pass deal as the profile says."""
        return cls.chosen(
            profile, call=profile.knock_call, slaa_40_an=profile.slaa_40_an, all_pass=profile.all_pass
        )

    @property
    def call(self) -> KnockCall | None:
        """The defenders' call these options play (None: none)."""
        if self.spoerge:
            return KnockCall.SPOERGE
        return KnockCall.KONTRA if self.kontra else None

    @classmethod
    def from_json(cls, data: object) -> HouseOptions:
        """The options :meth:`to_json` wrote (a :class:`SkatError` for anything else)."""
        names = {"kontra", "spoerge", "slaa_40_an", "all_pass", "extras", "bock"}
        if not isinstance(data, Mapping) or not set(data) <= names:
            raise SkatError.of(N_("'{value}' are not house options."), value=shown(repr(data)))
        extras = DANISH_EXTRAS
        raw_extras = data.get("extras")
        if raw_extras is not None:
            fields = {f.name for f in dataclasses.fields(DanishExtras)}
            if (
                not isinstance(raw_extras, Mapping)
                or not set(raw_extras) <= fields
                or not all(
                    isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in raw_extras.values()
                )
            ):
                raise SkatError.of(N_("'{value}' are not house options."), value=shown(repr(data)))
            extras = DanishExtras(**raw_extras)
        all_pass = data.get("all_pass")
        try:
            rule = None if all_pass is None else AllPass(all_pass)
        except ValueError:
            raise SkatError.of(
                N_("'{value}' is not a way to play an all-pass deal."), value=shown(repr(all_pass))
            ) from None
        return cls(
            kontra=data.get("kontra", False),
            spoerge=data.get("spoerge", False),
            slaa_40_an=data.get("slaa_40_an", False),
            all_pass=rule,
            extras=extras,
            bock=data.get("bock", False),
        )


@dataclass(frozen=True)
class SkatGame:
    """What is being played — a rule profile and the house options — and the maker of its deals
    (OpenSpiel's game/state split: this is the game, :class:`DealState` the state)."""

    profile: RuleProfile
    house: HouseOptions = HouseOptions()

    @property
    def all_pass(self) -> AllPass:
        """What follows when all three pass: the house option, else the profile's rule."""
        return self.house.all_pass or self.profile.all_pass

    def new_deal(self, seed: int | None = None, *, deal: Deal | None = None) -> DealState:
        """A deal from ``seed`` (shuffled, cut and dealt by the profile; reproducible), or of these cards."""
        if deal is None:
            deal = random_deal(seed, self.profile)
        return DealState(self, deal)

    def replay(self, moves: Iterable[Move]) -> DealState:
        """The deal after ``moves``, whose first is the :class:`~trainer.moves.Dealt` chance move; every move
        is checked again as it is replayed (a :class:`SkatError` names the first that breaks a rule)."""
        it = iter(moves)
        first = next(it, None)
        if not isinstance(first, Dealt):
            raise SkatError.of(N_("A deal's moves begin with the cards as dealt."))
        state = DealState(self, first.deal)
        for move in it:
            state.apply(move)
        return state

    def auction(self, moves: Iterable[Bid | Hold | Pass] = ()) -> DealState:
        """An auction on its own (calculators, the bidding drill, the bot protocol's bid): a deal whose cards
        nobody reads, since no bid depends on them, with ``moves`` made and checked. Its ``to_move``,
        ``legal_moves()``, ``view(seat).auction`` and ``bid`` are the auction's; Slå 40 an is not played.

        >>> from trainer.profiles import INTERNATIONAL
        >>> said = [Bid(Seat.MIDDLEHAND, 18), Hold(Seat.FOREHAND), Pass(Seat.MIDDLEHAND)]
        >>> state = SkatGame(INTERNATIONAL).auction(said)
        >>> state.to_move, state.view(Seat.REARHAND).standing_bid
        (<Seat.REARHAND: 2>, 18)
        """
        plain = dataclasses.replace(self, house=dataclasses.replace(self.house, slaa_40_an=False))
        state = plain.new_deal(0)
        for move in moves:
            state.apply(move)
        return state

    def with_contract(
        self,
        deal: Deal,
        declarer: Seat,
        declaration: Declaration,
        *,
        bid: int,
        discards: Sequence[Card] = (),
    ) -> DealState:
        """A deal that starts after its auction (:class:`~trainer.moves.Contract`): ``declarer`` won it at
        ``bid``; the pickup, the discards and the declaration are applied and checked, so the state stands
        before the first lead. For recorded games without their auction and fixed-contract benchmarks.

        >>> from trainer.profiles import INTERNATIONAL
        >>> state = SkatGame(INTERNATIONAL).with_contract(random_deal(3, INTERNATIONAL), Seat.FOREHAND,
        ...                                                Declaration(GameType.GRAND, hand=True), bid=18)
        >>> state.phase, state.to_move, [type(m).__name__ for m in state.history]
        (<Phase.PLAY: 'play'>, <Seat.FOREHAND: 0>, ['Dealt', 'Contract', 'Declare'])
        """
        state = self.new_deal(deal=deal)
        state.apply(Contract(Seat(declarer), bid))
        if not self.profile.normalize(declaration).hand:
            state.apply(PickUp(declarer))
            state.apply(Discard(declarer, tuple(discards)))
        state.apply(Declare(declarer, declaration))
        return state

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.profile.name, "house": self.house.to_json()}

    @classmethod
    def from_json(cls, data: object) -> SkatGame:
        if not isinstance(data, Mapping) or not isinstance(data.get("rules"), str):
            raise SkatError.of(N_("'{value}' does not say which rules are played."), value=shown(repr(data)))
        return cls(get_profile(data["rules"]), HouseOptions.from_json(data.get("house", {})))


# --- the outcome --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """How a deal ended, with what every settlement scheme needs.

    ``passed_in``: everyone passed and the deal is thrown in. ``result`` is the game's verdict from
    :func:`~trainer.rules.value.evaluate_game` (None for a passed-in deal, a Ramse and a failed Slå 40 an).
    ``slaa_40_failed``: the knocker's ten cards did not make 40 in the intended game: lost without play at
    40. ``ramse``: the winners and losers of a Ramse (each for themselves). ``points`` / ``tricks``: card
    points and tricks per seat at the end (the declarer's points include the skat; in Ramse the set-aside
    cards count for the last trick's winner).
    """

    profile: RuleProfile
    house: HouseOptions = HouseOptions()
    passed_in: bool = False
    declarer: Seat | None = None
    declaration: Declaration | None = None
    bid: int | None = None
    matadors: int | None = None
    result: GameResult | None = None
    thrown: bool = False
    spoerge: SpoergeLevel = SpoergeLevel.NONE
    slaa_40_an: bool = False
    """Someone knocked 40 in this deal: the rates are doubled."""
    slaa_40_failed: bool = False
    list_score: int | None = None
    """The declarer's signed entry in the list (None without a declarer)."""
    kontra: bool = False
    re: bool = False
    ramse: RamseResult | None = None
    """The winners and losers of a Ramse, or of an international Ramsch (``ramsch``)."""
    ramsch: bool = False
    """The all-pass deal was played as the international Ramsch (most points lose), not the Danish Ramse."""
    ramse_grand: bool = False
    """The game was a Grand called after Ramse's skat round."""
    points: tuple[int, int, int] = (0, 0, 0)
    tricks: tuple[int, int, int] = (0, 0, 0)
    cards_played: int = 0
    """Cards played to tricks before the end (0: the deal ended before the first lead)."""
    bock: bool = False
    """A Bock deal: it counts :attr:`bock_factor` times (set by the table session, :meth:`in_bock`)."""

    @property
    def extras(self) -> DanishExtras:
        return self.house.extras

    @property
    def thrown_before_play(self) -> bool:
        """The declarer threw the cards before the first lead: after the skat instead of declaring (then
        ``result`` is None and ``value`` is the bid), or before a card was played. Danish money settles it on
        the bid."""
        return self.thrown and self.cards_played == 0

    @property
    def won(self) -> bool | None:
        """Did the declarer win? None without a declarer (passed in, Ramse)."""
        if self.result is not None:
            return self.result.won
        return False if self.declarer is not None else None

    @property
    def value(self) -> int | None:
        """The positive value the game is scored on (overbid: the overbid valuation; Slå 40 an failed: 40;
        cards thrown before the declaration: the bid)."""
        if self.result is not None:
            return self.result.value
        return self.bid if self.declarer is not None else None

    @property
    def overbid(self) -> bool:
        return self.result is not None and self.result.overbid

    @property
    def breakdown(self) -> ValueBreakdown | None:
        """The levels reached, counted aloud (:class:`~trainer.rules.value.ValueBreakdown`)."""
        return None if self.result is None else self.result.breakdown

    @property
    def declarer_points(self) -> int | None:
        return None if self.declarer is None or self.result is None else self.points[self.declarer]

    @property
    def declarer_tricks(self) -> int | None:
        return None if self.declarer is None or self.result is None else self.tricks[self.declarer]

    @property
    def kontra_factor(self) -> int:
        """1, 2 after kontra, 4 after kontra and re (multiplies the value)."""
        return kontra_factor(self.kontra, self.re)

    @property
    def bock_factor(self) -> int:
        """How many times a Bock deal counts (:data:`~trainer.rules.settlement.BOCK`); 1 for any other
        deal."""
        return BOCK.factor if self.bock else 1

    @property
    def scored_value(self) -> int | None:
        """The value the list writes (and :attr:`list_score` counts from): :attr:`value` with kontra and re,
        and in a Bock deal the Bock factor (None without a declarer)."""
        return None if self.value is None else self.value * self.kontra_factor * self.bock_factor

    @property
    def calls_bock(self) -> bool:
        """This deal calls a Bock round where the table plays them
        (:func:`~trainer.rules.settlement.calls_bock`:
        60–60, or a kontra the defenders won)."""
        null = self.declaration is not None and self.declaration.game.is_null
        points = None if self.declarer is None else self.points[self.declarer]
        return calls_bock(points, null=null, kontra=self.kontra, declarer_won=self.won)

    def in_bock(self) -> Outcome:
        """This outcome as a Bock deal: the value and the list entry count the Bock factor more (once; a Bock
        deal stays as it is)."""
        if self.bock:
            return self
        entry = None if self.list_score is None else self.list_score * BOCK.factor
        return dataclasses.replace(self, bock=True, list_score=entry)

    @property
    def rate_factor(self) -> int:
        """How many times the agreed rates are paid: Spørge, knocking back and Slå 40 an each double."""
        return rate_factor(self.spoerge, slaa_40_an=self.slaa_40_an, config=self.extras)


# --- the view -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatView:
    """Everything ONE seat may see of a deal, and nothing more.

    ``hand``: the seat's own cards (during Slå 40 an only the first packet). ``skat``: the skat cards this
    seat has taken into its hand (the declarer after the pickup; in Ramse's round the two it received), else
    empty. ``discards``: the declarer's own discards, for the declarer only. ``open_hands``: hands lying open
    by the profile's rule. ``history``: the moves this seat may see (others' discards and Ramse passes left
    out). ``legal_moves`` is empty when it is not this seat's turn.
    """

    profile: RuleProfile
    seat: Seat
    phase: Phase
    to_move: Seat | None
    hand: tuple[Card, ...]
    legal_moves: tuple[Move, ...]
    auction: tuple[AuctionEvent, ...]
    bid: int | None
    declarer: Seat | None
    declaration: Declaration | None
    skat: tuple[Card, ...]
    discards: tuple[Card, ...]
    open_hands: tuple[tuple[Seat, tuple[Card, ...]], ...]
    current_trick: tuple[tuple[Seat, Card], ...]
    tricks: tuple[Trick, ...]
    card_counts: tuple[int, int, int]
    history: tuple[Move, ...]
    knocker: Seat | None = None
    spoerge: SpoergeLevel = SpoergeLevel.NONE
    kontra: bool = False
    re: bool = False
    outcome: Outcome | None = None
    iss: str = field(default="", repr=False)
    house: HouseOptions = field(default=HouseOptions(), repr=False)

    @property
    def my_turn(self) -> bool:
        return self.to_move is self.seat

    @property
    def standing_bid(self) -> int:
        """The value standing in the auction now: the highest said or held, or a Slå 40 an knock, which
        stands as a bid of its value before anyone has said a word (0: nothing said yet)."""
        knocked = self.house.extras.slaa_40_an_value if self.knocker is not None else 0
        return max([knocked, *(event.value or 0 for event in self.auction)])

    def open_hand(self, seat: Seat) -> tuple[Card, ...] | None:
        """The cards of ``seat`` if they lie open, else None."""
        for open_seat, cards in self.open_hands:
            if open_seat is seat:
                return cards
        return None

    def known_cards(self) -> frozenset[Card]:
        """Every card this seat may know the whereabouts of: its own hand (with the skat it took up, or the
        cards passed to it in Ramse), its own discards and Ramse passes, the hands lying open and every card
        played. A text shown to this seat names no other card (:mod:`trainer.reasons`)."""
        known = {*self.hand, *self.skat, *self.discards, *(card for _seat, card in self.current_trick)}
        for _seat, cards in self.open_hands:
            known.update(cards)
        for trick in self.tricks:
            known.update(trick.cards)
        for move in self.history:
            if isinstance(move, PlayCard):
                known.add(move.card)
            elif isinstance(move, Discard | RamsePass) and move.seat is self.seat:
                known.update(move.cards)
        return frozenset(known)

    def iss_moves(self) -> str:
        """The move list as the bot protocol's request ``moves`` wants it: ``w`` and the deal with ``??`` for
        every card this seat cannot see, the auction, the pickup (``w X.Y`` or ``w ??.??``), the declaration
        (discards shown to the declarer only; an open game carries the declarer's cards once they are open),
        the cards played and a throw as the declarer's ``RE``, all written by the one ISS codec
        (:mod:`trainer.iss_codec`). Moves ISS has no notation for (Slå 40 an, Spørge, kontra,
        Ramse) are left out."""
        return self.iss


# --- the state ----------------------------------------------------------------------------------------------

_DECLARING = (Phase.PICKUP, Phase.DISCARD, Phase.DECLARE)
_DECLARATIONS: dict[str, tuple[Declaration, ...]] = {}


def _cards_played(game: GameState) -> int:
    """Cards played so far (cheaper than ``len(game.moves)``)."""
    return len(game.tricks) * len(Seat) + len(game.current_trick)


def _declarations(profile: RuleProfile) -> tuple[Declaration, ...]:
    """The profile's declarations (cached: :func:`~trainer.rules.bidding.allowed_declarations` tries them
    all)."""
    key = repr(profile)
    if key not in _DECLARATIONS:
        _DECLARATIONS[key] = allowed_declarations(profile)
    return _DECLARATIONS[key]


@functools.lru_cache(maxsize=4096)
def hand_game_matadors(ten: frozenset[Card], game: GameType) -> int:
    """The most matadors (signed like :func:`~trainer.rules.value.matadors`, negative for "without") a hand
    game
    in ``game`` can have with these ten cards, over every two cards the
    unseen skat could hold (RULES §5: the skat can lengthen "with", or turn "without" into "with"; the
    declarer has not seen it, so the check takes the best case and never tells what lies there).

    >>> from trainer.cards import parse_cards
    >>> hand_game_matadors(frozenset(parse_cards("CJ SJ HJ DJ CK CQ SA SK HA DA")), GameType.CLUBS)
    8
    >>> hand_game_matadors(frozenset(parse_cards("SJ HJ DJ SA HA HK HQ DA DK DQ")), GameType.SPADES)
    6
    """
    unseen = [card for card in ALL_CARDS if card not in ten]
    counts = {matadors((*ten, a, b), game) for a, b in itertools.combinations(unseen, SKAT_SIZE)}
    return max(counts, key=lambda count: (abs(count), count))  # "with" and "without" count alike


class DealState:
    """One deal from the cards as dealt to the outcome, made by a :class:`SkatGame`.

    ``history`` begins with the :class:`~trainer.moves.Dealt` chance move; every later move is checked
    (:meth:`check` raises a :class:`~trainer.errors.SkatError` naming the rule) and applied with
    :meth:`apply`; :meth:`undo` takes the last one back. Spørge is Danish, kontra/re international; both
    open a :data:`Phase.KNOCK` window right after the first lead.
    """

    def __init__(self, skat_game: SkatGame, deal: Deal) -> None:
        if not isinstance(skat_game, SkatGame):
            raise SkatError.of(N_("A deal is made by a Skat game (rules and house options)."))
        if not isinstance(deal, Deal):
            raise SkatError.of(N_("'{value}' is not a deal of 32 cards."), value=shown(repr(deal)))
        self.skat_game = skat_game
        self.profile = skat_game.profile
        self.house = skat_game.house
        self.deal = deal
        self.extras = skat_game.house.extras
        self._dealt = Dealt(deal)
        self._reset()

    def _reset(self) -> None:
        self._moves: list[Move] = [self._dealt]
        self._phase = Phase.SLAA_40 if self.house.slaa_40_an else Phase.AUCTION
        self._auction = Auction(self.profile)
        self._slaa_spoken = 0
        self._knocker: Seat | None = None
        self._knock_game: GameType | None = None
        self._slaa_failed = False
        self._declarer: Seat | None = None
        self._bid: int | None = None
        self._picked_up = False
        self._discards: tuple[Card, ...] = ()
        self._declaration: Declaration | None = None
        self._game: GameState | None = None
        self._window: list[Seat] = []
        self._spoerge = SpoergeLevel.NONE
        self._kontra = False
        self._re = False
        self._thrown = False
        self._passed_in = False
        self._ramse_hands: list[tuple[Card, ...]] = [self.deal.hand(seat) for seat in Seat]
        self._ramse_incoming: tuple[Card, ...] = tuple(self.deal.skat)
        self._ramse_turn = 0
        self._ramse_passes: tuple[tuple[Card, ...], ...] = ()
        self._ramse_calls = 0
        self._ramse_play = False
        self._ramsch = False
        self._set_aside: tuple[Card, ...] = ()

    # ---- reading ----------------------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def history(self) -> tuple[Move, ...]:
        """Every move so far, the deal first."""
        return tuple(self._moves)

    @property
    def moves_made(self) -> int:
        """How many moves the players have made (the deal not counted)."""
        return len(self._moves) - 1

    @property
    def declarer(self) -> Seat | None:
        return self._declarer

    @property
    def bid(self) -> int | None:
        """The bid the declarer won (a knocked 40 counts), None before the auction ends."""
        return self._bid

    @property
    def declaration(self) -> Declaration | None:
        return self._declaration

    @property
    def knocker(self) -> Seat | None:
        """Who knocked 40 (Slå 40 an), if anyone."""
        return self._knocker

    @property
    def skat(self) -> tuple[Card, ...]:
        """The cards lying in the skat now: the dealt skat, the discards, or Ramse's set-aside cards."""
        if self._ramse_play or self._phase is Phase.RAMSE_CHOICE:
            return self._set_aside
        if self._picked_up:
            return self._discards
        return tuple(self.deal.skat)

    @property
    def discards(self) -> tuple[Card, ...]:
        return self._discards

    @property
    def picked_up(self) -> bool:
        """The declarer took the skat into the hand."""
        return self._picked_up

    @property
    def all_passed(self) -> bool:
        """Every seat passed in the auction (Ramse, Ramsch or a passed-in deal follows, by the house)."""
        return self._auction.all_passed

    @property
    def is_ramse(self) -> bool:
        """The deal is played as Ramse or Ramsch (each for themselves)."""
        return self._ramse_play and self._declarer is None

    @property
    def to_move(self) -> Seat | None:
        phase = self._phase
        if phase is Phase.SLAA_40:
            return Seat(self._slaa_spoken)
        if phase is Phase.AUCTION:
            return self._auction.expected()[0]
        if phase in (Phase.PICKUP, Phase.DISCARD, Phase.DECLARE):
            return self._declarer
        if phase is Phase.KNOCK:
            return self._window[0]
        if phase is Phase.PLAY:
            assert self._game is not None
            return self._game.to_move
        if phase is Phase.RAMSE_EXCHANGE:
            return Seat(self._ramse_turn)
        if phase is Phase.RAMSE_CHOICE:
            return Seat(self._ramse_calls)
        return None

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` holds now (the declarer holds 12 between pickup and discard; in Ramse's round
        the seat exchanging holds 12; during Slå 40 an only the first packet has been dealt)."""
        seat = Seat(seat)
        phase = self._phase
        if self._game is not None:
            return self._game.hand(seat)
        if phase in (Phase.RAMSE_EXCHANGE, Phase.RAMSE_CHOICE):
            held = self._ramse_hands[seat]
            if phase is Phase.RAMSE_EXCHANGE and seat == self._ramse_turn:
                held = held + self._ramse_incoming
            return tuple(sort_hand(held))
        dealt = self.deal.hand(seat)
        if phase is Phase.SLAA_40:
            return dealt[: self.profile.deal_packets[0]]
        if seat is self._declarer and self._picked_up:
            kept = [card for card in (*dealt, *self.deal.skat) if card not in self._discards]
            return tuple(sort_hand(kept))
        return dealt

    # ---- the card play, read-only -------------------------------------------------------------------------
    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The tricks played so far (cards, seats, winner, points); empty before the play."""
        return () if self._game is None else self._game.tricks

    @property
    def current_trick(self) -> tuple[tuple[Seat, Card], ...]:
        """The cards of the trick on the table, with the seat that played each."""
        return () if self._game is None else self._current_trick(self._game)

    @property
    def leader(self) -> Seat | None:
        """Who leads (or led) the trick on the table; None before the play."""
        return None if self._game is None else self._game.leader

    @property
    def cards_played(self) -> tuple[tuple[Seat, Card], ...]:
        """Every card played so far, with its seat, in play order."""
        return () if self._game is None else self._game.moves

    def trick_points(self, seat: Seat) -> int:
        """The card points in the tricks ``seat`` has won so far (the skat not counted)."""
        return 0 if self._game is None else self._game.trick_points(Seat(seat))

    def tricks_won(self, seat: Seat) -> int:
        return 0 if self._game is None else self._game.tricks_won(Seat(seat))

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the seat to move may play now (empty outside the card play)."""
        return tuple(move.card for move in self.legal_moves() if isinstance(move, PlayCard))

    def refusal(self, card: Card) -> RefusalDetails | None:
        """Why the seat to move may not play ``card`` now, as data (the rule, the cards it had to play); None
        when it may, or when it is not the card play."""
        if self._phase is not Phase.PLAY or self._game is None:
            return None
        return self._game.refusal(card)

    # ---- legal moves -------------------------------------------------------------------------------------
    def legal_moves(self) -> tuple[Move, ...]:
        """Every move allowed now (empty when the deal is over). DISCARD lists the 66 pairs."""
        phase = self._phase
        seat = self.to_move
        if seat is None:
            return ()
        if phase is Phase.SLAA_40:
            return (Knock40(seat, True), Knock40(seat, False))
        if phase is Phase.AUCTION:
            _, role = self._auction.expected()
            if role == "answer":
                return (Hold(seat), Pass(seat))
            bids = tuple(Bid(seat, v) for v in self._auction.legal_bids())
            return (*bids, Pass(seat))
        if phase is Phase.PICKUP:
            return (PickUp(seat), *(Declare(seat, d) for d in self._declarable(hand=True)))
        if phase is Phase.DISCARD:
            held = sorted(self.hand(seat), key=lambda card: card.index)
            return tuple(Discard(seat, pair) for pair in itertools.combinations(held, SKAT_SIZE))
        if phase is Phase.DECLARE:
            return (*(Declare(seat, d) for d in self._declarable(hand=False)), Throw(seat))
        if phase is Phase.KNOCK:
            return self._window_moves(seat)
        if phase is Phase.PLAY:
            assert self._game is not None
            return tuple(PlayCard(seat, card) for card in self._game.legal_cards())
        if phase is Phase.RAMSE_EXCHANGE:
            held = sorted(self.hand(seat), key=lambda card: card.index)
            return tuple(RamsePass(seat, pair) for pair in itertools.combinations(held, SKAT_SIZE))
        if phase is Phase.RAMSE_CHOICE:
            return (RamseCall(seat, False), RamseCall(seat, True))
        return ()  # pragma: no cover - FINISHED has no seat to move

    def _declaring_matadors(self, game: GameType, *, hand: bool) -> int:
        """The matadors a declaration is judged on: after the pickup over the twelve cards the declarer has
        seen; for a hand game the best case over every unseen skat (:func:`hand_game_matadors`)."""
        assert self._declarer is not None
        ten = self.hand(self._declarer)
        if hand:
            return hand_game_matadors(frozenset(ten), game)
        return matadors((*ten, *self._discards), game)

    def _declarable(self, *, hand: bool) -> tuple[Declaration, ...]:
        """The declarations allowed now: the profile's, able to reach the bid, with Musik's trumps in hand:
        the rules of :meth:`check_declaration`, not raising."""
        assert self._declarer is not None and self._bid is not None
        held = set(self.hand(self._declarer))
        counts: dict[GameType, int] = {}
        found: list[Declaration] = []
        for d in _declarations(self.profile):
            if d.hand != hand:
                continue
            if d.game not in counts:
                counts[d.game] = self._declaring_matadors(d.game, hand=hand)
            if highest_possible_value(self.profile, d, counts[d.game]) < self._bid:
                continue
            if d.musik and not all(card in held for card in musik_cards(d.game, d.musik)):
                continue
            found.append(d)
        return tuple(found)

    def _window_moves(self, seat: Seat) -> tuple[Move, ...]:
        if seat is self._declarer:
            if self.house.spoerge:
                return (
                    NoCall(seat),
                    Spoerge(seat, SpoergeCall.KNOCK_BACK),
                    Spoerge(seat, SpoergeCall.THROW),
                )
            return (NoCall(seat), Re(seat))
        if self.house.spoerge:
            return (NoCall(seat), Spoerge(seat, SpoergeCall.KNOCK))
        return (NoCall(seat), Kontra(seat))

    # ---- checking -----------------------------------------------------------------------------------------
    def check(self, move: Move) -> None:
        """Raise a :class:`~trainer.errors.SkatError` subclass saying which rule ``move`` breaks; return
        quietly when it is allowed now. Anything that is not a move is refused in words too."""
        move = check_move(move)
        if isinstance(move, Dealt):
            raise SkatError.of(N_("The cards are dealt once, at the start of the deal."))
        phase = self._phase
        expected = self.to_move
        if expected is None:
            raise SkatError.of(N_("The deal is over; no more moves can be made."))
        if isinstance(move, Contract):
            self._check_contract(move)
            return
        if isinstance(move, Bid | Hold | Pass) and (phase is Phase.AUCTION or self._auction.finished):
            self._check_auction(move)  # the auction words its own errors (turn, ladder, bidding over)
            return
        if Seat(move.seat) is not expected:
            if phase is Phase.PLAY:
                raise IllegalCardError.of(
                    N_("It is {expected}'s turn to play, not {seat}'s."),
                    expected=expected,
                    seat=Seat(move.seat),
                )
            raise SkatError.of(
                N_("It is {expected}'s turn, not {seat}'s."), expected=expected, seat=Seat(move.seat)
            )
        if phase is Phase.SLAA_40 and isinstance(move, Knock40):
            return
        if phase is Phase.PICKUP and isinstance(move, Declare):
            self._require_hand(move.declaration, hand=True)
            self.check_declaration(move.declaration)
            return
        if phase is Phase.DECLARE and isinstance(move, Declare):
            self._require_hand(move.declaration, hand=False)
            self.check_declaration(move.declaration)
            return
        if phase is Phase.DISCARD and isinstance(move, Discard):
            self._check_pair(move.cards, self.hand(expected))
            return
        if phase is Phase.RAMSE_EXCHANGE and isinstance(move, RamsePass):
            self._check_pair(move.cards, self.hand(expected))
            return
        if phase is Phase.PLAY and isinstance(move, PlayCard):
            assert self._game is not None
            if move.card in self._game.legal_cards():
                return
            details = self._game.refusal(move.card)  # the same refusal GameState.play would raise
            if details is not None:
                raise IllegalCardError.from_message(details.as_message(self._game.game))
            return
        if phase is Phase.PLAY and isinstance(move, Throw) and expected is self._declarer:
            if self._ramse_play:
                raise SkatError.of(N_("A Grand called in Ramse is played to the end."))
            return  # the declarer may throw the cards during play (not listed among the legal moves)
        if move in self.legal_moves():
            return
        raise self._wrong_kind(phase)

    def _check_contract(self, move: Contract) -> None:
        if len(self._moves) != 1 or self._knocker is not None:
            raise SkatError.of(N_("A contract replaces the auction, so it comes right after the deal."))
        from trainer.rules.bidding import check_bid_value

        check_bid_value(self.profile, move.bid)

    def _check_auction(self, move: Bid | Hold | Pass) -> None:
        scratch = self._auction_copy()
        if isinstance(move, Bid):
            scratch.bid(move.seat, move.value)
        elif isinstance(move, Hold):
            scratch.hold(move.seat)
        else:
            scratch.pass_(move.seat)

    def _require_hand(self, declaration: Declaration, *, hand: bool) -> None:
        normal = self.profile.normalize(declaration)
        if hand and not normal.hand:
            raise DeclarationError.of(
                N_("Pick up the skat first, or declare a hand game (played without the skat).")
            )
        if not hand and normal.hand:
            raise DeclarationError.of(N_("A hand game (H) cannot be declared after picking up the skat."))

    def check_declaration(self, declaration: Declaration) -> Declaration:
        """The normalized declaration, or the refusal: the profile's rules, the bid (a hand game in the best
        case over every unseen skat; after the pickup over the declarer's twelve cards) and Musik's trumps.
        Usable from the pickup on (a replayer checks a declaration written before the discards)."""
        if self._declarer is None or self._bid is None or self._phase not in _DECLARING:
            raise DeclarationError.of(N_("The game can only be declared after the bidding, before play."))
        d = self.profile.check_declaration(declaration)
        count = self._declaring_matadors(d.game, hand=d.hand) if not d.game.is_null else 0
        check_reachable(self.profile, d, count, self._bid)
        check_musik_hand(self.profile, d, self.hand(self._declarer))
        return d

    @staticmethod
    def _check_pair(cards: tuple[Card, ...], held: tuple[Card, ...]) -> None:
        card_pair(cards)  # two different cards, or the rule's error
        for card in cards:
            if card not in held:
                raise SkatExchangeError.of(
                    N_("{card} is not in the declarer's hand and cannot be discarded."), card=card
                )

    def _wrong_kind(self, phase: Phase) -> SkatError:
        wanted = {
            Phase.SLAA_40: N_("knock 40 or not"),
            Phase.AUCTION: N_("bid, hold or pass"),
            Phase.PICKUP: N_("pick up the skat or declare a hand game"),
            Phase.DISCARD: N_("discard two cards"),
            Phase.DECLARE: N_("declare the game"),
            Phase.KNOCK: N_("knock or say nothing"),
            Phase.PLAY: N_("play a card"),
            Phase.RAMSE_EXCHANGE: N_("pass two cards on"),
            Phase.RAMSE_CHOICE: N_("say Ramse or Grand"),
            Phase.FINISHED: N_("nothing"),
        }[phase]
        return SkatError.of(
            N_("That move does not fit here: now is the time to {what}."), what=Message(wanted)
        )

    def _auction_copy(self) -> Auction:
        return Auction.replay(
            self.profile, (event.move() for event in self._auction.history), knock=self._auction.knock
        )

    # ---- applying -----------------------------------------------------------------------------------------
    def apply(self, move: Move) -> None:
        """Make ``move`` (checked first: a bad move raises and changes nothing)."""
        self.check(move)
        self._apply(move)
        self._moves.append(move)

    def _apply(self, move: Move) -> None:
        phase = self._phase
        if isinstance(move, Contract):
            self._declarer, self._bid = move.seat, move.bid
            self._phase = Phase.PICKUP
        elif phase is Phase.SLAA_40:
            assert isinstance(move, Knock40)
            self._slaa(move)
        elif phase is Phase.AUCTION:
            assert isinstance(move, Bid | Hold | Pass)
            if isinstance(move, Bid):
                self._auction.bid(move.seat, move.value)
            elif isinstance(move, Hold):
                self._auction.hold(move.seat)
            else:
                self._auction.pass_(move.seat)
            if self._auction.finished:
                self._auction_over()
        elif phase is Phase.PICKUP:
            if isinstance(move, PickUp):
                self._picked_up = True
                self._phase = Phase.DISCARD
            else:
                assert isinstance(move, Declare)
                self._declare(move.declaration)
        elif phase is Phase.DISCARD:
            assert isinstance(move, Discard)
            self._discards = move.cards
            self._phase = Phase.DECLARE
        elif phase is Phase.DECLARE and isinstance(move, Throw):
            self._thrown = True
            self._phase = Phase.FINISHED
        elif phase is Phase.DECLARE:
            assert isinstance(move, Declare)
            self._declare(move.declaration)
        elif phase is Phase.KNOCK:
            self._knock(move)
        elif phase is Phase.PLAY and isinstance(move, Throw):
            self._thrown = True
            self._phase = Phase.FINISHED
        elif phase is Phase.PLAY:
            assert isinstance(move, PlayCard) and self._game is not None
            self._game.play(move.card)
            if self._game.is_finished:
                self._phase = Phase.FINISHED
            elif self._window_due():
                self._open_window()
        elif phase is Phase.RAMSE_EXCHANGE:
            assert isinstance(move, RamsePass)
            self._ramse_pass(move)
        elif phase is Phase.RAMSE_CHOICE:
            assert isinstance(move, RamseCall)
            self._ramse_call(move)

    def _slaa(self, move: Knock40) -> None:
        """Slå 40 an: the first to knock has said 40 (the game it means stays its own); the last five cards
        come and the auction runs as usual above the knock. The knock is judged when the auction ends."""
        self._slaa_spoken += 1
        if move.knock:
            self._knocker = move.seat
            self._knock_game = move.game
            self._auction = Auction(self.profile, knock=(move.seat, self.extras.slaa_40_an_value))
            self._phase = Phase.AUCTION
        elif self._slaa_spoken == len(Seat):
            self._phase = Phase.AUCTION

    def _auction_over(self) -> None:
        declarer = self._auction.declarer
        bid = self._auction.bid_value
        if declarer is not None:
            assert bid is not None
            self._declarer, self._bid = declarer, bid
            knock = self._auction.knock
            if knock is not None and declarer is knock[0] and bid == knock[1]:
                # nobody went above the knock: now, with the ten cards in, the knock is judged
                check = slaa_40_an_check(
                    self.profile, self.deal.hand(declarer), self._knock_game, config=self.extras
                )
                if not check.holds:
                    self._slaa_failed = True
                    self._phase = Phase.FINISHED
                    return
            self._phase = Phase.PICKUP
            return
        rule = self.skat_game.all_pass
        if rule is AllPass.RAMSE:
            self._phase = Phase.RAMSE_EXCHANGE
        elif rule is AllPass.RAMSCH:
            self._set_aside = tuple(self.deal.skat)
            self._ramsch = True
            self._start_ramse_play(Seat.FOREHAND, declarer=None)
        else:
            self._passed_in = True
            self._phase = Phase.FINISHED

    def _declare(self, declaration: Declaration) -> None:
        d = self.check_declaration(declaration)
        assert self._declarer is not None
        self._declaration = d
        discards = self._discards if self._picked_up else None
        self._game = GameState(self.profile, self.deal, self._declarer, d, discards=discards)
        self._phase = Phase.PLAY

    def _call_allowed(self, cards_played: int) -> bool:
        """May the defenders' call the house plays still be said with this many cards played: Spørge
        (:func:`~trainer.rules.extras.may_knock`), kontra (:func:`~trainer.rules.settlement.kontra_allowed`),
        or none."""
        if self.house.spoerge:
            return may_knock(cards_played, self.extras)
        if self.house.kontra:
            return kontra_allowed(cards_played)
        return False

    def _window_due(self) -> bool:
        """The knock window opens after the last card with which the call is still allowed (with the
        rules' numbers: right after the first lead). A Grand called in Ramse has no window."""
        assert self._game is not None
        played = _cards_played(self._game)
        return not self._ramse_play and self._call_allowed(played) and not self._call_allowed(played + 1)

    def _open_window(self) -> None:
        assert self._game is not None and self._declarer is not None
        first = self._game.to_move
        assert first is not None
        order = [first, first.next, first.next.next]
        self._window = [seat for seat in order if seat is not self._declarer]
        self._phase = Phase.KNOCK

    def _knock(self, move: Move) -> None:
        seat = self._window.pop(0)
        if isinstance(move, Spoerge) and move.call is SpoergeCall.KNOCK:
            self._spoerge = SpoergeLevel.KNOCKED
            assert self._declarer is not None
            self._window = [self._declarer]
        elif isinstance(move, Kontra):
            self._kontra = True
            assert self._declarer is not None
            self._window = [self._declarer]
        elif isinstance(move, Spoerge) and move.call is SpoergeCall.KNOCK_BACK:
            self._spoerge = SpoergeLevel.KNOCKED_BACK
            self._window = []
        elif isinstance(move, Spoerge) and move.call is SpoergeCall.THROW:
            self._spoerge = SpoergeLevel.THROWN
            self._thrown = True
            self._window = []
            self._phase = Phase.FINISHED
            return
        elif isinstance(move, Re):
            self._re = True
            self._window = []
        elif seat is self._declarer:
            self._window = []
        if not self._window:
            self._phase = Phase.PLAY

    def _ramse_pass(self, move: RamsePass) -> None:
        """One pass of Ramse's skat round, by the round's rule (:func:`~trainer.rules.extras.ramse_skat_round`
        over the passes so far: the hands of those who passed, and the two cards coming to the next)."""
        self._ramse_passes = (*self._ramse_passes, move.cards)
        done = len(self._ramse_passes)
        exchange = ramse_skat_round(
            self.deal.hands[:done], self.deal.skat, self._ramse_passes, config=self.extras
        )
        self._ramse_hands[:done] = exchange.hands
        self._ramse_incoming = exchange.set_aside
        self._ramse_turn = done
        if done == len(Seat):
            self._set_aside = exchange.set_aside
            self._phase = Phase.RAMSE_CHOICE

    def _ramse_deal(self) -> Deal:
        hands = self._ramse_hands
        return Deal(hands=(hands[0], hands[1], hands[2]), skat=(self._set_aside[0], self._set_aside[1]))

    def _start_ramse_play(self, leader_or_declarer: Seat, *, declarer: Seat | None) -> None:
        # The set-aside cards go to the last trick's winner, so the game runs as a "hand" game internally (the
        # skat is never picked up); the outcome counts them for the last trick and the value as no hand.
        self._declarer = declarer
        if declarer is not None:
            self._declaration = check_ramse_grand(Declaration(GameType.GRAND))
        self._game = GameState(
            self.profile, self._ramse_deal(), leader_or_declarer, Declaration(GameType.GRAND, hand=True)
        )
        self._ramse_play = True
        self._phase = Phase.PLAY

    def _ramse_call(self, move: RamseCall) -> None:
        self._ramse_calls += 1
        if move.grand:
            self._start_ramse_play(move.seat, declarer=move.seat)
        elif self._ramse_calls == len(Seat):
            self._start_ramse_play(Seat.FOREHAND, declarer=None)

    # ---- undo and copy -------------------------------------------------------------------------------------
    def undo(self) -> Move:
        """Take the last move back and return it; the state is exactly as before that move. The deal
        itself cannot be taken back."""
        if len(self._moves) <= 1:
            raise SkatError.of(N_("Nothing has been played yet, so there is nothing to take back."))
        last = self._moves[-1]
        game = self._game
        if (
            isinstance(last, PlayCard)
            and game is not None
            and _cards_played(game) > 1
            and not self._thrown
            and self._phase in (Phase.PLAY, Phase.FINISHED)
        ):
            game.undo()
            self._phase = Phase.PLAY
            self._moves.pop()
            return last
        moves = self._moves[1:-1]
        self._reset()
        for move in moves:
            self._apply(move)
            self._moves.append(move)
        return last

    def copy(self) -> DealState:
        """An independent copy (for searching or trying a line)."""
        other = object.__new__(DealState)
        other.__dict__.update(self.__dict__)
        other._moves = list(self._moves)
        other._auction = self._auction_copy()
        other._game = None if self._game is None else self._game.copy()
        other._window = list(self._window)
        other._ramse_hands = list(self._ramse_hands)
        return other

    # ---- the outcome --------------------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """How the deal ended; None while it is still running."""
        if self._phase is not Phase.FINISHED:
            return None
        base = Outcome(
            profile=self.profile,
            house=self.house,
            spoerge=self._spoerge,
            slaa_40_an=self._knocker is not None,
            kontra=self._kontra,
            re=self._re,
        )
        if self._passed_in:
            return dataclasses.replace(base, passed_in=True)
        if self._slaa_failed or self._game is None:
            assert self._bid is not None
            return dataclasses.replace(
                base,
                declarer=self._declarer,
                bid=self._bid,
                slaa_40_failed=self._slaa_failed,
                thrown=not self._slaa_failed,
                list_score=-self.profile.lost_factor * self._bid,
            )
        points, tricks = self._points_and_tricks()
        played = _cards_played(self._game)
        if self.is_ramse:
            if self._ramsch:
                verdict = ramsch_result(points, tricks, profile=self.profile)
            else:
                verdict = ramse_result(points, tricks, profile=self.profile, config=self.extras)
            return dataclasses.replace(
                base, ramse=verdict, ramsch=self._ramsch, points=points, tricks=tricks, cards_played=played
            )
        result = self.score(points=points, tricks=tricks, thrown=self._thrown)
        if self._thrown and played == 0:  # thrown before the first lead: on the bid where the profile says so
            result = thrown_on_the_bid(self.profile, result)
        return dataclasses.replace(
            base,
            declarer=self._declarer,
            declaration=self._declaration,
            bid=self._bid,
            matadors=self.matadors,
            result=result,
            list_score=result.list_score * base.kontra_factor,  # kontra and re multiply the entry too
            thrown=self._thrown,
            ramse_grand=self._ramse_play,
            points=points,
            tricks=tricks,
            cards_played=played,
        )

    @property
    def matadors(self) -> int | None:
        """The declarer's matadors over the ten dealt cards and the skat (None before the declaration)."""
        if self._declaration is None or self._declarer is None:
            return None
        if self._ramse_play:
            cards = (*self._ramse_hands[self._declarer], *self._set_aside)
        else:
            cards = (*self.deal.hand(self._declarer), *self.deal.skat)
        return matadors(cards, self._declaration.game)

    def _skat_owner(self) -> Seat | None:
        """Who the skat's card points count for: the declarer, or in Ramse/Ramsch (and a Ramse Grand) the
        winner of the last trick (None before it is played)."""
        game = self._game
        assert game is not None
        if self._ramse_play:
            return game.tricks[-1].winner if len(game.tricks) == self.profile.tricks_per_game else None
        return self._declarer

    def _points_and_tricks(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        game = self._game
        assert game is not None
        points = [game.trick_points(seat) for seat in Seat]
        tricks = [game.tricks_won(seat) for seat in Seat]
        owner = self._skat_owner()
        if owner is not None:
            points[owner] += card_points(self._set_aside if self._ramse_play else game.skat)
        return (points[0], points[1], points[2]), (tricks[0], tricks[1], tricks[2])

    def score(
        self,
        *,
        points: Sequence[int] | None = None,
        tricks: Sequence[int] | None = None,
        declarer_points: int | None = None,
        declarer_tricks: int | None = None,
        thrown: bool = False,
    ) -> GameResult:
        """The declarer's verdict (:func:`~trainer.rules.value.evaluate_game`) for given card points and
        tricks —
        by default the ones taken so far. Replayers use it to score a record that stops early."""
        declaration, declarer, game = self._declaration, self._declarer, self._game
        if declaration is None or declarer is None or game is None:
            raise DeclarationError.of(N_("The game has not been declared yet, so it cannot be scored."))
        if points is None or tricks is None:
            points, tricks = self._points_and_tricks()
        d_points = points[declarer] if declarer_points is None else declarer_points
        d_tricks = tricks[declarer] if declarer_tricks is None else declarer_tricks
        musik = True
        if declaration.musik:
            last = game.tricks[-declaration.musik :] if len(game.tricks) >= declaration.musik else ()
            musik = len(last) == declaration.musik and musik_fulfilled(
                declaration.game,
                declaration.musik,
                [MusikTrick(trick.card_of(declarer), trick.winner is declarer) for trick in last],
            )
        with_skat = not self._ramse_play or self._skat_owner() is declarer
        return evaluate_game(
            self.profile,
            declaration,
            matadors=self.matadors or 0,
            bid=self._bid or 0,
            declarer_points=d_points,
            declarer_tricks=d_tricks,
            musik_fulfilled=musik,
            thrown=thrown,
            with_skat=with_skat,
        )

    # ---- what one seat sees ------------------------------------------------------------------------------
    def open_seats(self) -> frozenset[Seat]:
        """Seats whose cards lie open for everyone now (the profile's open rule)."""
        if self._game is None or self._ramse_play:
            return frozenset()
        return self._game.open_seats()

    def view(self, seat: Seat) -> SeatView:
        """What ``seat`` may see, frozen."""
        seat = Seat(seat)
        to_move = self.to_move
        declarer = self._declarer
        game = self._game
        open_hands = tuple((s, self.hand(s)) for s in sorted(self.open_seats()) if s is not seat)
        skat_seen: tuple[Card, ...] = ()
        if self._picked_up and seat is declarer:
            skat_seen = tuple(self.deal.skat)
        elif self._phase is Phase.RAMSE_EXCHANGE and seat == self._ramse_turn:
            skat_seen = self._ramse_incoming
        if game is not None:
            counts = tuple(len(game.hand(s)) for s in Seat)
        else:
            counts = tuple(len(self.hand(s)) for s in Seat)
        return SeatView(
            profile=self.profile,
            seat=seat,
            phase=self._phase,
            to_move=to_move,
            hand=self.hand(seat),
            legal_moves=self.legal_moves() if to_move is seat else (),
            auction=tuple(self._auction.history),
            bid=self._bid,
            declarer=declarer,
            declaration=self._declaration,
            skat=skat_seen,
            discards=self._discards if seat is declarer else (),
            open_hands=open_hands,
            current_trick=() if game is None else self._current_trick(game),
            tricks=() if game is None else game.tricks,
            card_counts=(counts[0], counts[1], counts[2]),
            history=tuple(self._seen_move(m, seat) for m in self._moves if self._visible_move(m, seat)),
            knocker=self._knocker,
            spoerge=self._spoerge,
            kontra=self._kontra,
            re=self._re,
            outcome=self.outcome(),
            iss=self._iss_moves(seat),
            house=self.house,
        )

    @staticmethod
    def _current_trick(game: GameState) -> tuple[tuple[Seat, Card], ...]:
        leader = game.leader
        seats = (leader, leader.next, leader.next.next)
        return tuple(zip(seats, game.current_trick, strict=False))

    @staticmethod
    def _seen_move(move: Move, seat: Seat) -> Move:
        """The move as ``seat`` saw it: a knock is heard, the game the knocker has in mind is not."""
        if isinstance(move, Knock40) and move.seat is not seat and move.game is not None:
            return Knock40(move.seat, move.knock)
        return move

    @staticmethod
    def _visible_move(move: Move, seat: Seat) -> bool:
        if isinstance(move, Dealt):
            return False  # the seat's own cards are its hand; the deal holds everyone's
        if isinstance(move, Discard | RamsePass):
            return move.seat is seat
        return True

    def _iss_moves(self, seat: Seat) -> str:
        """The ISS move list as ``seat`` sees it (see :meth:`SeatView.iss_moves`), written by the one ISS
        codec (:mod:`trainer.iss_codec`)."""
        declarer = self._declarer
        own = set(self.hand(seat)) if self._phase is Phase.SLAA_40 else set(self.deal.hand(seat))
        seen_skat = self._picked_up and seat is declarer
        if seen_skat:
            own |= set(self.deal.skat)
        open_hand = None
        declaration = self._declaration
        if declaration is not None and declaration.ouvert and declarer in self.open_seats():
            open_hand = self.declared_hand()
        seen = iss_codec.Seen(
            deal=tuple(card if card in own else None for card in self.deal.all_cards),
            skat=tuple(self.deal.skat) if seen_skat else (None, None),
            discards=seat is declarer,
            open_hand=open_hand,
        )
        items, _left_out = iss_codec.items_of(self._moves[1:], self.profile, seen)
        return iss_codec.write(iss_codec.IssDeal.from_cards(seen.deal), items)

    def declared_hand(self) -> tuple[Card, ...]:
        """The declarer's ten cards as they were at the declaration (what an open game shows), in the
        game's order."""
        assert self._declarer is not None and self._declaration is not None
        dealt = (*self.deal.hand(self._declarer), *(self.deal.skat if self._picked_up else ()))
        ten = [card for card in dealt if card not in self._discards]
        return tuple(sort_cards(ten, self._declaration.game))

    def __repr__(self) -> str:
        return f"DealState({self.profile.name}, phase={self._phase.value}, moves={self.moves_made})"


__all__ = [
    "Bid",
    "Contract",
    "DealState",
    "Dealt",
    "Declare",
    "Discard",
    "Hold",
    "HouseOptions",
    "Knock40",
    "Kontra",
    "Move",
    "NoCall",
    "Outcome",
    "Pass",
    "Phase",
    "PickUp",
    "PlayCard",
    "RamseCall",
    "RamsePass",
    "Re",
    "SeatView",
    "SkatGame",
    "Spoerge",
    "SpoergeCall",
    "SpoergeLevel",
    "Throw",
    "hand_game_matadors",
]
