"""Open-hand (double-dummy) analysis for the app and the command line: Card values in, Card values out.

The value of a card is what the declarer ends with when all three play perfectly after it: for suit and
grand games the card points of the remaining tricks (the current one included) plus the skat plus
``points_so_far``; for null games whether the declarer can still avoid every trick.

>>> from trainer.cards import parse_cards
>>> hands = [parse_cards("SA HT"), parse_cards("ST S7"), parse_cards("HA H7")]
>>> values = solve_position(GameType.GRAND, declarer=0, leader=0, hands=hands)
>>> sorted((card.iss, points) for card, points in values.items())
[('HT', 0), ('SA', 11)]
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from trainer.cards import HAND_SIZE, PLAYING_SEATS, Card, card_points, sort_hand
from trainer.errors import DealError, IllegalCardError
from trainer.games import GameType
from trainer.profiles import RuleProfile
from trainer.solver.core import Engine, jit_ready, layout_for

Hands = Sequence[Iterable[Card]]
SEAT_NAMES = ("forehand", "middlehand", "rearhand")


@dataclass(frozen=True)
class CardOutcome:
    """What perfect play after one card brings the declarer (suit and grand games)."""

    points: int
    """Card points the declarer ends with (skat and ``points_so_far`` included)."""
    wins: bool
    """At least the profile's winning points (61)."""
    schneider: bool
    """The opponents end at or below the profile's schneider line."""
    declarer_schneider: bool
    """The declarer ends at or below the profile's line for a schneider loss."""
    schwarz: bool | None
    """The declarer can take every remaining trick, the current one included (None when not asked for);
    schwarz also needs every earlier trick, which the caller knows."""


@dataclass(frozen=True)
class PositionAnalysis:
    """Values of the legal cards of the player to move.

    ``values`` holds the exact values found (all legal cards unless a node/time cap stopped the search;
    then ``complete`` is False and ``bounds`` says what is known of the others). For suit and grand the
    values are the declarer's final card points; for null, whether the declarer avoids every trick.
    """

    game: GameType
    declarer: int
    to_move: int
    values: Mapping[Card, int | bool]
    bounds: Mapping[Card, tuple[int, int]]
    """Suit/grand: (lowest, highest) final points still possible under perfect play; null: (0, 1) unknown,
    (1, 1) avoids every trick, (0, 0) cannot."""
    complete: bool
    nodes: int
    seconds: float
    schwarz: Mapping[Card, bool] = field(default_factory=dict)

    @property
    def legal_cards(self) -> list[Card]:
        return sort_hand(self.bounds)

    def best_cards(self) -> list[Card]:
        """The cards that keep the position's value for the player to move (among the exact ones)."""
        if not self.values:
            return []
        declarer_moves = self.to_move == self.declarer
        scores = {card: int(value) for card, value in self.values.items()}
        target = max(scores.values()) if declarer_moves else min(scores.values())
        return sort_hand(card for card, score in scores.items() if score == target)

    @property
    def value(self) -> int | bool | None:
        """The value of the position (the best card's value), or None when the search was cut short."""
        if not self.complete or not self.values:
            return None
        return self.values[self.best_cards()[0]]

    def outcome(self, card: Card, profile: RuleProfile) -> CardOutcome:
        """Whether the declarer wins / makes schneider / is schneider after ``card`` (suit and grand)."""
        if self.game.is_null:
            raise DealError("A null game has no card points to judge; its values already say won or lost.")
        if card not in self.values:
            raise DealError(
                f"{card.symbol} has no exact value here (not legal, or the search was cut short)."
            )
        points = int(self.values[card])
        return CardOutcome(
            points=points,
            wins=profile.wins_on_points(points),
            schneider=profile.opponents_schneider(points),
            declarer_schneider=profile.declarer_schneider(points),
            schwarz=self.schwarz.get(card),
        )


#: Positions with at most this many cards in hands use CPython when the compiled kernel isn't loaded yet.
_SMALL_POSITION = 12


def check_position(hands: Hands, leader: int, trick: Sequence[Card] = (), skat: Iterable[Card] = ()) -> None:
    """Refuse positions that cannot occur, with a message that says why (raises a SkatError)."""
    cards_by_seat = [list(hand) for hand in hands]
    skat = tuple(skat)
    if len(cards_by_seat) != 3:
        raise DealError(f"A position needs the hands of exactly three players, not {len(cards_by_seat)}.")
    if leader not in (0, 1, 2):
        raise DealError("The leader must be seat 0, 1 or 2 (forehand, middlehand, rearhand).")
    if len(trick) > 2:
        raise DealError("At most two cards can lie in the current trick before the next player moves.")
    seen: dict[Card, str] = {}
    places = [(SEAT_NAMES[seat], cards) for seat, cards in enumerate(cards_by_seat)]
    places += [("the current trick", list(trick)), ("the skat", list(skat))]
    for place, cards in places:
        for card in cards:
            if card in seen:
                raise DealError(
                    f"{card.symbol} appears twice ({seen[card]} and {place}); every card exists once."
                )
            seen[card] = place
    if len(list(skat)) > 2:
        raise DealError("The skat holds at most two cards.")
    size = [len(cards) for cards in cards_by_seat]
    played = {(leader + j) % PLAYING_SEATS for j in range(len(trick))}
    full = [size[s] + (1 if s in played else 0) for s in range(PLAYING_SEATS)]
    if len(set(full)) != 1:
        detail = ", ".join(f"{SEAT_NAMES[s]} {size[s]}" for s in range(PLAYING_SEATS))
        if trick:
            raise DealError(
                f"The hands don't fit a trick with {len(trick)} card(s) played: the players who already "
                f"played must hold one card fewer than the others ({detail})."
            )
        raise DealError(f"At the start of a trick every player holds the same number of cards ({detail}).")
    if full[0] > HAND_SIZE:
        raise DealError(f"A player holds at most {HAND_SIZE} cards.")
    if full[0] == 0:
        raise DealError("There are no cards left to play.")


def check_trick_legal(game: GameType, hands: Hands, leader: int, trick: Sequence[Card]) -> None:
    """Every card already in the trick followed suit if its player could (else IllegalCardError)."""
    lay = layout_for(game)
    if not trick:
        return
    led_group = lay.group[lay.to_internal[trick[0].index]]
    for j, card in enumerate(trick[1:], start=1):
        seat = (leader + j) % PLAYING_SEATS
        if lay.group[lay.to_internal[card.index]] == led_group:
            continue
        if any(lay.group[lay.to_internal[c.index]] == led_group for c in hands[seat]):
            raise IllegalCardError(
                f"{SEAT_NAMES[seat].capitalize()} played {card.symbol} but still holds a card of the led "
                f"suit ({trick[0].symbol} was led): that is a revoke."
            )


class Analysis:
    """Analysis of one deal that keeps its transposition tables between calls: ask for the opening lead,
    then for every later step of a replay (card by card, mid-trick included) and reuse the work.

    ``hands`` are the three hands of the deal (any stage), indexed by seat; ``skat`` the two cards that count
    for the declarer (the discard, or the untouched skat of a hand game). Backend "auto" uses the numba
    kernel when it is ready (see :func:`trainer.solver.warm_up`) and CPython otherwise.
    One object serves one caller at a time (a Streamlit session keeps its own); it is not thread-safe.
    """

    def __init__(
        self,
        game: GameType,
        declarer: int,
        hands: Hands,
        skat: Iterable[Card] = (),
        *,
        backend: str = "auto",
        tt_bits: int | None = None,
    ) -> None:
        if declarer not in (0, 1, 2):
            raise DealError("The declarer must be seat 0, 1 or 2 (forehand, middlehand, rearhand).")
        self.game = game
        self.declarer = declarer
        self.skat = tuple(skat)
        self._hands = [tuple(hand) for hand in hands]
        self._backend = backend
        self._tt_bits = tt_bits
        self._engines: dict[str, Engine] = {}

    def _engine(self, mode: str) -> Engine:
        engine = self._engines.get(mode)
        if engine is None:
            backend = self._backend
            if backend == "auto" and not jit_ready() and sum(len(h) for h in self._hands) <= _SMALL_POSITION:
                backend = "python"  # a small ending is solved before numba would even load its cache
            engine = Engine(
                self.game, self.declarer, self._hands, mode=mode, tt_bits=self._tt_bits, backend=backend
            )
            self._engines[mode] = engine
        return engine

    @property
    def compiled(self) -> bool:
        """Whether the numba kernel does the searching."""
        return self._engine("null" if self.game.is_null else "points").compiled

    def analyse(
        self,
        hands: Hands,
        leader: int,
        trick: Sequence[Card] = (),
        *,
        points_so_far: int = 0,
        with_schwarz: bool = False,
        node_limit: int | None = None,
        time_limit: float | None = None,
    ) -> PositionAnalysis:
        """Values of the legal cards of the player to move.

        ``hands``: the cards each seat still holds (cards already in the current ``trick`` not included);
        ``trick``: the cards played to the current trick, in order from ``leader``. ``points_so_far``: card
        points the declarer won in completed tricks (added to every value). ``with_schwarz`` also answers,
        per card, whether the declarer can take every remaining trick. A ``node_limit`` or ``time_limit``
        (seconds) returns what was found by then, flagged ``complete=False``.
        """
        start = time.perf_counter()
        hands_t = [tuple(hand) for hand in hands]
        trick_t = tuple(trick)
        check_position(hands_t, leader, trick_t, self.skat)
        check_trick_legal(self.game, hands_t, leader, trick_t)
        to_move = (leader + len(trick_t)) % PLAYING_SEATS
        lay = layout_for(self.game)
        schwarz: dict[Card, bool] = {}
        if self.game.is_null:
            engine = self._engine("null")
            tricks_left = engine.max_value(hands_t, trick_t)
            legal = engine.legal_internal(hands_t, leader, trick_t)
            res = engine.exact_values(
                hands_t,
                leader,
                trick_t,
                node_limit=node_limit,
                time_limit=time_limit,
                targets=dict.fromkeys(legal, tricks_left),
            )
            values: dict[Card, int | bool] = {}
            bounds: dict[Card, tuple[int, int]] = {}
            for i, (lo, hi) in res.bounds.items():
                card = lay.to_card[i]
                if lo >= tricks_left:
                    values[card], bounds[card] = True, (1, 1)
                elif hi < tricks_left:
                    values[card], bounds[card] = False, (0, 0)
                else:
                    bounds[card] = (0, 1)
            return PositionAnalysis(
                self.game, self.declarer, to_move, values, bounds, res.complete, res.nodes,
                time.perf_counter() - start,
            )  # fmt: skip
        engine = self._engine("points")
        offset = points_so_far + card_points(self.skat)
        res = engine.exact_values(hands_t, leader, trick_t, node_limit=node_limit, time_limit=time_limit)
        values = {lay.to_card[i]: v + offset for i, v in res.values.items()}
        bounds = {lay.to_card[i]: (lo + offset, hi + offset) for i, (lo, hi) in res.bounds.items()}
        nodes = res.nodes
        complete = res.complete
        if with_schwarz:
            remaining = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - start))
            left = None if node_limit is None else max(1, node_limit - nodes)
            tricks = self._engine("all_tricks")
            tricks_left = tricks.max_value(hands_t, trick_t)
            legal = tricks.legal_internal(hands_t, leader, trick_t)
            sres = tricks.exact_values(
                hands_t, leader, trick_t, node_limit=left, time_limit=remaining,
                targets=dict.fromkeys(legal, tricks_left),
            )  # fmt: skip
            nodes += sres.nodes
            complete = complete and sres.complete
            for i, (lo, hi) in sres.bounds.items():
                if lo >= tricks_left or hi < tricks_left:
                    schwarz[lay.to_card[i]] = lo >= tricks_left
        return PositionAnalysis(
            self.game,
            self.declarer,
            to_move,
            values,
            bounds,
            complete,
            nodes,
            time.perf_counter() - start,
            schwarz,
        )


def solve_position(
    game: GameType,
    declarer: int,
    leader: int,
    hands: Hands,
    skat: Iterable[Card] = (),
    trick_so_far: Sequence[Card] = (),
    *,
    backend: str = "auto",
) -> dict[Card, int | bool]:
    """Exact value of every legal card of the player to move (see :class:`Analysis` for the meaning)."""
    hands_t = [tuple(hand) for hand in hands]
    analysis = Analysis(game, declarer, hands_t, skat, backend=backend)
    return dict(analysis.analyse(hands_t, leader, trick_so_far).values)
