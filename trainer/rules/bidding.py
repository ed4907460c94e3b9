"""Bidding: the bid ladder derived from the profile, what each bid stands for, the auction, and the
textbook's "highest bid" working for a hand.

The ladder is not typed in: it is every value :func:`trainer.rules.value.game_value` can produce under the
profile (all declarations the profile allows × all matadors × schneider/schwarz), from the minimum bid up.

>>> from trainer.profiles import DANISH, INTERNATIONAL
>>> bid_ladder(INTERNATIONAL)[:8], bid_ladder(INTERNATIONAL)[-1]
((18, 20, 22, 23, 24, 27, 30, 33), 264)
>>> bid_ladder(DANISH)[:4], bid_ladder(DANISH)[-1]
((24, 27, 30, 33), 220)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, NamedTuple

from trainer.cards import Card
from trainer.deal import Seat
from trainer.errors import N_, BidError, DeclarationError
from trainer.games import Declaration, GameType
from trainer.moves import Bid, Hold, Pass
from trainer.profiles import RuleProfile
from trainer.rules.value import ValueBreakdown, game_value, matadors, max_matadors
from trainer.text import shown

Role = Literal["bid", "answer"]
Action = Literal["bid", "hold", "pass"]

_NON_NULL_GAMES: tuple[GameType, ...] = (
    GameType.CLUBS,
    GameType.SPADES,
    GameType.HEARTS,
    GameType.DIAMONDS,
    GameType.GRAND,
)
"""Suit games from the highest base value down, then grand: the order options are listed in."""


# --- the ladder ---------------------------------------------------------------------------------------
def allowed_declarations(profile: RuleProfile) -> tuple[Declaration, ...]:
    """Every distinct declaration the profile allows (normalized), suit/grand variants then null kinds."""
    found: dict[Declaration, None] = {}
    for game in _NON_NULL_GAMES:
        for hand, ouvert, schneider_a, schwarz_a in itertools.product((False, True), repeat=4):
            for musik in range(profile.max_musik + 1):
                candidate = Declaration(game, hand, ouvert, schneider_a, schwarz_a, musik)
                try:
                    found[profile.check_declaration(candidate)] = None
                except DeclarationError:
                    continue
    for hand, ouvert, _value in profile.null_values:
        found[Declaration(GameType.NULL, hand=hand, ouvert=ouvert)] = None
    return tuple(found)


@functools.lru_cache(maxsize=16)
def _multipliers(profile: RuleProfile) -> dict[GameType, frozenset[int]]:
    """Every multiplier each suit/grand game can reach under the profile."""
    reach: dict[GameType, set[int]] = {game: set() for game in _NON_NULL_GAMES}
    for d in allowed_declarations(profile):
        if d.game.is_null:
            continue
        top = max_matadors(d.game)
        for count in itertools.chain(range(1, top + 1), range(-top, 0)):
            for schneider, schwarz in ((False, False), (True, False), (True, True)):
                breakdown = game_value(profile, d, count, schneider=schneider, schwarz=schwarz)
                assert breakdown.multiplier is not None
                reach[d.game].add(breakdown.multiplier)
    return {game: frozenset(values) for game, values in reach.items()}


@functools.lru_cache(maxsize=16)
def bid_ladder(profile: RuleProfile) -> tuple[int, ...]:
    """Every value some game can have under the profile, from ``min_bid`` up, ascending."""
    values: set[int] = set()
    for game, multipliers in _multipliers(profile).items():
        base = profile.base_value(game)
        values.update(base * m for m in multipliers)
    values.update(value for _hand, _ouvert, value in profile.null_values)
    return tuple(sorted(v for v in values if v >= profile.min_bid))


def is_valid_bid(profile: RuleProfile, value: int) -> bool:
    """True when ``value`` is on the profile's bid ladder."""
    return value in bid_ladder(profile)


def next_bids(profile: RuleProfile, after: int | None, count: int = 3) -> tuple[int, ...]:
    """The next ``count`` ladder values above ``after`` (from the start of the ladder when None)."""
    floor = -1 if after is None else after
    return tuple(v for v in bid_ladder(profile) if v > floor)[:count]


def next_bid(profile: RuleProfile, current: int | None) -> int:
    """The smallest bid above ``current`` (the minimum bid when nothing has been said)."""
    following = next_bids(profile, current, 1)
    if not following:
        raise BidError.of(N_("No bid is higher than {bid}: it is the top of the ladder."), bid=current)
    return following[0]


class BidOption(NamedTuple):
    """One way to make a bid value: a suit/grand game and its multiplier, or a null kind (multiplier None)."""

    kind: GameType | Declaration
    multiplier: int | None

    @property
    def label(self) -> str:
        if isinstance(self.kind, Declaration):
            return self.kind.describe()
        return f"{self.kind.value} × {self.multiplier}"


def games_for_bid(profile: RuleProfile, value: int) -> list[BidOption]:
    """Every game that is worth exactly ``value`` (36 = clubs × 3 = diamonds × 4)."""
    options: list[BidOption] = []
    for game, multipliers in _multipliers(profile).items():
        base = profile.base_value(game)
        if value % base == 0 and value // base in multipliers:
            options.append(BidOption(game, value // base))
    for hand, ouvert, fixed in profile.null_values:
        if fixed == value:
            options.append(BidOption(Declaration(GameType.NULL, hand=hand, ouvert=ouvert), None))
    return options


def check_bid_value(profile: RuleProfile, value: int) -> None:
    """Raise :class:`BidError` in words when ``value`` is not on the ladder (or not a whole number)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BidError.of(
            N_("A bid is a whole number such as {lowest}, not '{value}'."),
            lowest=bid_ladder(profile)[0],
            value=shown(str(value)),
        )
    ladder = bid_ladder(profile)
    if value in ladder:
        return
    if value < ladder[0]:
        raise BidError.of(
            N_("{bid} is not a bid: bidding starts at {lowest} under {profile}."),
            bid=value,
            lowest=ladder[0],
            profile=profile,
        )
    if value > ladder[-1]:
        raise BidError.of(
            N_("{bid} is not a bid: no game is worth more than {highest}."), bid=value, highest=ladder[-1]
        )
    lower = max(v for v in ladder if v < value)
    following = ", ".join(str(v) for v in next_bids(profile, lower))
    raise BidError.of(
        N_("{bid} is not a bid: the next bids after {last} are {options}."),
        bid=value,
        last=lower,
        options=following,
    )


# --- the auction ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class AuctionEvent:
    """One thing said in the auction as the :class:`Auction` keeps it: the engine's move
    (:meth:`move`: :class:`~trainer.moves.Bid`, :class:`~trainer.moves.Hold` or :class:`~trainer.moves.Pass`)
    with the value it stood for. ``value``: the bid said, or the value held; None for a pass. The one other
    shape of an auction step is the move itself; views (:attr:`trainer.rules.game.SeatView.auction`) and
    example
    deals read these."""

    seat: Seat
    action: Action
    value: int | None

    def move(self) -> Bid | Hold | Pass:
        """The engine's move this was (:mod:`trainer.moves`)."""
        if self.action == "bid":
            assert self.value is not None
            return Bid(self.seat, self.value)
        return Hold(self.seat) if self.action == "hold" else Pass(self.seat)


class Auction:
    """The bidding of one deal, as a small mutable state machine (one object per deal).

    Middlehand bids to forehand, who holds or passes; rearhand then bids to the survivor. If middlehand and
    rearhand both pass without a bid, forehand may open at the minimum bid or pass. Call :meth:`expected`
    to see who acts and how ('bid': bid or pass; 'answer': hold or pass), then :meth:`bid`, :meth:`hold`
    or :meth:`pass_`. Anything out of order or off the ladder raises :class:`BidError` in words.
    """

    def __init__(self, profile: RuleProfile, *, knock: tuple[Seat, int] | None = None) -> None:
        self.profile = profile
        self.knock = knock
        self._history: list[AuctionEvent] = []
        self._bid_value: int | None = None
        self._bidder: Seat = Seat.MIDDLEHAND
        self._answerer: Seat = Seat.FOREHAND
        self._stage: Literal["first", "second", "open", "done"] = "first"
        self._to_act: tuple[Seat, Role] = (Seat.MIDDLEHAND, "bid")
        self._declarer: Seat | None = None
        if knock is not None:
            # Slå 40 an: the knocker has said 40 before anyone bids; every bid must go higher, and in the
            # knocker's own duel the 40 stands as its bid, so the other answers it (hold or pass).
            self._bid_value = knock[1]
            self._knock_said()

    # -- read-only view --------------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self._stage == "done"

    @property
    def declarer(self) -> Seat | None:
        """The player who won the auction (None while running or when everyone passed)."""
        return self._declarer

    @property
    def bid_value(self) -> int | None:
        """The highest value said or held so far (None before the first bid)."""
        return self._bid_value

    @property
    def all_passed(self) -> bool:
        """Everyone passed: international deals are thrown in, Danish ones become Ramse (profile.all_pass)."""
        return self.finished and self._declarer is None

    @property
    def history(self) -> list[AuctionEvent]:
        return list(self._history)

    def expected(self) -> tuple[Seat, Role]:
        """Who acts now, and whether they 'bid' (bid or pass) or 'answer' (hold or pass)."""
        if self.finished:
            raise self._over_error()
        return self._to_act

    def legal_bids(self) -> tuple[int, ...]:
        """The values the player to act may bid now (empty when they must answer). Forehand opening after
        two passes may say any ladder value."""
        if self.finished or self._to_act[1] != "bid":
            return ()
        return next_bids(self.profile, self._bid_value, len(bid_ladder(self.profile)))

    # -- actions ---------------------------------------------------------------------------------------
    def bid(self, seat: Seat, value: int) -> None:
        """``seat`` says ``value``."""
        self._check_turn(seat, "bid")
        check_bid_value(self.profile, value)
        if self._stage == "open":
            # Middlehand and rearhand passed without a bid: forehand's opening ends the auction.
            self._history.append(AuctionEvent(seat, "bid", value))
            self._bid_value = value
            self._finish(seat)
            return
        if self._bid_value is not None and value <= self._bid_value:
            following = ", ".join(str(v) for v in next_bids(self.profile, self._bid_value))
            if following:
                raise BidError.of(
                    N_("{bid} is not higher than the {last} already said: the next bids are {options}."),
                    bid=value,
                    last=self._bid_value,
                    options=following,
                )
            raise BidError.of(
                N_("{bid} is not higher than the {last} already said: no higher bid exists."),
                bid=value,
                last=self._bid_value,
            )
        self._history.append(AuctionEvent(seat, "bid", value))
        self._bid_value = value
        self._to_act = (self._answerer, "answer")

    def hold(self, seat: Seat) -> None:
        """``seat`` answers "yes": it can also play for the value just bid."""
        self._check_turn(seat, "answer")
        self._history.append(AuctionEvent(seat, "hold", self._bid_value))
        self._to_act = (self._bidder, "bid")

    def pass_(self, seat: Seat) -> None:
        """``seat`` passes, as bidder or as answerer; a pass is final."""
        self._check_turn(seat, None)
        self._history.append(AuctionEvent(seat, "pass", None))
        if self._stage == "open":
            self._finish(None)
            return
        survivor = self._bidder if seat == self._answerer else self._answerer
        if self._stage == "first":
            self._stage = "second"
            self._bidder, self._answerer = Seat.REARHAND, survivor
            self._to_act = (Seat.REARHAND, "bid")
            self._knock_said()
            return
        # second stage: the last duel is decided
        if seat == self._answerer:
            self._finish(self._bidder)
        elif self._bid_value is not None:
            self._finish(survivor)
        else:
            self._stage = "open"
            self._bidder = self._answerer = Seat.FOREHAND
            self._to_act = (Seat.FOREHAND, "bid")

    def apply(self, move: Bid | Hold | Pass) -> None:
        """Apply one of the engine's auction moves (:mod:`trainer.moves`)."""
        if isinstance(move, Bid):
            self.bid(move.seat, move.value)
        elif isinstance(move, Hold):
            self.hold(move.seat)
        else:
            self.pass_(move.seat)

    @classmethod
    def replay(
        cls,
        profile: RuleProfile,
        moves: Iterable[Bid | Hold | Pass],
        *,
        knock: tuple[Seat, int] | None = None,
    ) -> Auction:
        """An auction with the given moves applied in order (``knock``: a Slå 40 an knock before it)."""
        auction = cls(profile, knock=knock)
        for move in moves:
            auction.apply(move)
        return auction

    # -- internals -------------------------------------------------------------------------------------
    def _knock_said(self) -> None:
        """When the knocker is the one to bid in its duel and nobody has gone above the knock yet, its 40
        stands as said: the other answers it."""
        if self.knock is None:
            return
        knocker, value = self.knock
        if self._to_act == (knocker, "bid") and self._bid_value == value:
            self._to_act = (self._answerer, "answer")

    def _finish(self, declarer: Seat | None) -> None:
        self._stage = "done"
        self._declarer = declarer

    def _over_error(self) -> BidError:
        if self._declarer is None:
            return BidError.of(N_("The bidding is over: everyone passed."))
        return BidError.of(
            N_("The bidding is over: {declarer} won it at {bid}."),
            declarer=self._declarer,
            bid=self._bid_value,
        )

    def _check_turn(self, seat: Seat, action_role: Role | None) -> None:
        if self.finished:
            raise self._over_error()
        expected_seat, role = self._to_act
        if seat != expected_seat:
            if role == "bid":
                raise BidError.of(
                    N_("It is {expected}'s turn to bid, not {seat}'s."), expected=expected_seat, seat=seat
                )
            raise BidError.of(
                N_("It is {expected}'s turn to answer, not {seat}'s."), expected=expected_seat, seat=seat
            )
        if action_role is None or action_role == role:
            return
        if role == "answer":
            raise BidError.of(
                N_("{seat} answers the bid of {bid}: hold (yes) or pass. Only {bidder} bids now."),
                seat=seat,
                bid=self._bid_value,
                bidder=self._bidder,
            )
        if self._bid_value is None:
            raise BidError.of(
                N_("Nobody has bid yet, so there is nothing to hold: {seat} bids (from {lowest}) or passes."),
                seat=seat,
                lowest=bid_ladder(self.profile)[0],
            )
        raise BidError.of(
            N_(
                "{seat} is the one bidding here: say a bid higher than {bid} or pass. "
                "Holding is the answer to someone else's bid."
            ),
            seat=seat,
            bid=self._bid_value,
        )


# --- the textbook's "highest bid" working ------------------------------------------------------------------
def _as_declaration(profile: RuleProfile, game: GameType | Declaration) -> Declaration:
    if isinstance(game, Declaration):
        return game
    if game.is_null:
        lowest = min(profile.null_values, key=lambda entry: (entry[2], entry[0]))
        return Declaration(GameType.NULL, hand=lowest[0], ouvert=lowest[1])
    return Declaration(game)


def hand_value(
    profile: RuleProfile,
    hand10: Iterable[Card],
    game: GameType | Declaration,
    skat: Iterable[Card] | None = None,
) -> ValueBreakdown:
    """The value a hand can bid for a game, levels as declared and no schneider counted.

    Matadors are counted over the hand and, when given, the skat. Without the skat the method of the
    textbook applies: the unseen skat is assumed to hold nothing that changes the run of matadors (a Jack
    there can still lower "with"/"without" later — the overbid case). A bare GameType means the plain game
    with skat pickup (for NULL: the profile's cheapest null game).
    """
    d = _as_declaration(profile, game)
    cards = list(hand10) + (list(skat) if skat is not None else [])
    return game_value(profile, d, matadors(cards, d.game))


def highest_safe_bid(
    profile: RuleProfile,
    hand10: Iterable[Card],
    game: GameType | Declaration,
    skat: Iterable[Card] | None = None,
) -> int:
    """The highest bid a hand is worth for a game without counting on schneider (see :func:`hand_value`): a
    ceiling, not a safe bid (a Jack in the skat can lower "without"; the value says nothing about winning —
    :mod:`trainer.chances` gives the chance)."""
    return hand_value(profile, hand10, game, skat).value


@dataclass(frozen=True)
class GameBid:
    """One row of a hand's bid table: a declaration, its matadors and its value (the highest bid it is
    worth)."""

    declaration: Declaration
    breakdown: ValueBreakdown

    @property
    def value(self) -> int:
        return self.breakdown.value

    @property
    def matadors(self) -> int:
        return self.breakdown.matadors


def bid_table(
    profile: RuleProfile,
    hand10: Iterable[Card],
    skat: Iterable[Card] | None = None,
    *,
    with_variants: bool = True,
) -> list[GameBid]:
    """Every declarable game for a hand with its value (= the highest bid it is worth), highest first.

    ``with_variants``: include hand and ouvert/på bordet forms; announcements and Musik are left out (they
    are a bet on the play, not a property of the cards). Without variants: the plain pickup games and the
    profile's null games.
    """
    cards = list(hand10)
    rows: list[GameBid] = []
    for d in allowed_declarations(profile):
        if d.musik or (d.schneider_announced and not d.ouvert):
            continue
        if not d.game.is_null and not with_variants and (d.hand or d.ouvert):
            continue
        rows.append(GameBid(d, hand_value(profile, cards, d, skat)))
    return sorted(rows, key=lambda row: -row.value)
