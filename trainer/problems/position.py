"""A card-play position as ONE seat knows it, and the layouts of the cards it cannot see.

A :class:`Position` holds exactly what the seat to move may know: the rules, the declaration and declarer,
its own cards, every card played so far with the seat that played it, the skat when this seat is the
declarer who picked it up, and any hand lying open. Everything else — who holds the unseen cards and what
lies in an unknown skat — is a *layout*. :func:`layouts` lists the layouts consistent with the position
(the voids play has shown rule some out; trumps count as one suit), every one when they are few and a
uniform seeded sample when they are many.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from trainer.cards import ALL_CARDS, HAND_SIZE, PLAYING_SEATS, Card, card_points
from trainer.deal import SKAT_SIZE, Seat
from trainer.errors import DealError
from trainer.games import Declaration
from trainer.profiles import RuleProfile
from trainer.rules.play import FollowClass, follow_class, trick_winner

#: At most this many consistent layouts are solved one by one; above it a uniform sample is drawn.
EXHAUSTIVE_LIMIT = 120
#: The size of that sample.
SAMPLE_SIZE = 60
#: Below this many unconstrained splits the layouts are listed and filtered; above it they are drawn by
#: rejection (a uniform deal of the unseen cards, redrawn while it breaks a shown void).
LISTING_LIMIT = 20_000
#: Redraws allowed for one sampled layout before the position is given up as too constrained to sample.
MAX_REDRAWS = 2_000


@dataclass(frozen=True)
class Layout:
    """Where every card not yet played lies: the three hands (by seat) and the skat."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    skat: tuple[Card, ...]


@dataclass(frozen=True)
class LayoutSet:
    """The layouts a position is judged on; ``sampled`` says whether they are a sample of ``total``."""

    layouts: tuple[Layout, ...]
    total: int
    """Consistent layouts in all (exact when enumerated; the unconstrained count when sampled)."""
    sampled: bool
    seed: int


@dataclass(frozen=True)
class Position:
    """A decision in the card play, as the seat to move may know it."""

    profile: RuleProfile
    declaration: Declaration
    declarer: Seat
    seat: Seat
    hand: tuple[Card, ...]
    """The cards the seat to move still holds."""
    played: tuple[tuple[Seat, Card], ...]
    """Every card played so far, in order, with the seat that played it."""
    skat: tuple[Card, ...] | None
    """The skat when the seat knows it (the declarer who picked it up: the cards laid away), else None."""
    open_hands: tuple[tuple[Seat, tuple[Card, ...]], ...] = ()
    """Hands lying open (an ouvert declarer's), as the cards they still hold."""

    def __post_init__(self) -> None:
        seen: set[Card] = set()
        for card in (*self.hand, *(c for _s, c in self.played), *(self.skat or ())):
            if card in seen:
                raise DealError(f"{card.symbol} appears twice in the position; every card exists once.")
            seen.add(card)
        if len(self.hand) != self.cards_left(self.seat):
            raise DealError(
                f"The seat to move holds {len(self.hand)} cards but has played "
                f"{HAND_SIZE - self.cards_left(self.seat)} of ten."
            )
        if self.to_move != self.seat:
            raise DealError("The seat to move is not the seat whose turn it is after the cards played.")

    # ---- the play so far ---------------------------------------------------------------------------
    def tricks(self) -> list[tuple[Seat, tuple[Card, ...], Seat]]:
        """The completed tricks as (leader, cards, winner)."""
        done = []
        for start in range(0, len(self.played) - len(self.played) % PLAYING_SEATS, PLAYING_SEATS):
            trick = self.played[start : start + 3]
            cards = tuple(card for _seat, card in trick)
            winner = trick[trick_winner(cards, self.declaration.game)][0]
            done.append((trick[0][0], cards, winner))
        return done

    @property
    def current_trick(self) -> tuple[tuple[Seat, Card], ...]:
        return self.played[len(self.played) - len(self.played) % PLAYING_SEATS :]

    @property
    def leader(self) -> Seat:
        """Who led (or leads) the trick on the table."""
        current = self.current_trick
        if current:
            return current[0][0]
        tricks = self.tricks()
        return tricks[-1][2] if tricks else Seat.FOREHAND

    @property
    def to_move(self) -> Seat:
        return Seat((self.leader + len(self.current_trick)) % PLAYING_SEATS)

    @property
    def trick_number(self) -> int:
        """1 for the first trick."""
        return len(self.played) // PLAYING_SEATS + 1

    def cards_left(self, seat: Seat) -> int:
        return HAND_SIZE - sum(1 for s, _c in self.played if s == seat)

    def points_taken(self) -> tuple[int, int]:
        """Card points in the tricks won so far: (declarer, defenders); the skat not counted."""
        declarer = defenders = 0
        for _leader, cards, winner in self.tricks():
            if winner == self.declarer:
                declarer += card_points(cards)
            else:
                defenders += card_points(cards)
        return declarer, defenders

    @property
    def is_declarer(self) -> bool:
        return self.seat == self.declarer

    def partner(self) -> Seat | None:
        """The other defender (None for the declarer)."""
        if self.is_declarer:
            return None
        return next(s for s in Seat if s not in (self.seat, self.declarer))

    def voids(self) -> dict[Seat, set[FollowClass]]:
        """The suits (follow classes, trumps one class) each seat has shown it no longer holds."""
        game = self.declaration.game
        shown: dict[Seat, set[FollowClass]] = {seat: set() for seat in Seat}
        for start in range(0, len(self.played), PLAYING_SEATS):
            trick = self.played[start : start + 3]
            led = follow_class(trick[0][1], game)
            for seat, card in trick[1:]:
                if follow_class(card, game) != led:
                    shown[seat].add(led)
        return shown

    def legal_cards(self) -> list[Card]:
        """The seat's cards it may play now (follow the led class when it can)."""
        current = self.current_trick
        if not current:
            return list(self.hand)
        led = follow_class(current[0][1], self.declaration.game)
        matching = [card for card in self.hand if follow_class(card, self.declaration.game) == led]
        return matching or list(self.hand)

    # ---- what the seat cannot see ------------------------------------------------------------------
    def fixed(self) -> dict[Seat, tuple[Card, ...]]:
        """The hands the seat can see: its own and those lying open."""
        known = {self.seat: self.hand}
        for seat, cards in self.open_hands:
            if seat != self.seat:
                known[seat] = cards
        return known

    def unseen(self) -> list[Card]:
        """The cards whose place the seat does not know, in card order."""
        known = {*self.hand, *(c for _s, c in self.played), *(self.skat or ())}
        for _seat, cards in self.open_hands:
            known.update(cards)
        return [card for card in ALL_CARDS if card not in known]

    def slots(self) -> list[tuple[Seat | None, int]]:
        """Where the unseen cards go: (seat, how many) for each hidden hand, (None, 2) for an unknown skat."""
        fixed = self.fixed()
        places: list[tuple[Seat | None, int]] = [(s, self.cards_left(s)) for s in Seat if s not in fixed]
        if self.skat is None:
            places.append((None, SKAT_SIZE))
        return places


def _fits(cards: Sequence[Card], void: set[FollowClass], position: Position) -> bool:
    game = position.declaration.game
    return not any(follow_class(card, game) in void for card in cards)


def _build(
    position: Position, parts: Sequence[Sequence[Card]], places: Sequence[tuple[Seat | None, int]]
) -> Layout:
    hands: dict[Seat, tuple[Card, ...]] = dict(position.fixed())
    skat: tuple[Card, ...] = position.skat or ()
    for (seat, _count), cards in zip(places, parts, strict=True):
        if seat is None:
            skat = tuple(cards)
        else:
            hands[seat] = tuple(cards)
    return Layout((hands[Seat(0)], hands[Seat(1)], hands[Seat(2)]), skat)


def split_count(position: Position) -> int:
    """How many ways the unseen cards split over their places, before the voids are applied."""
    left = len(position.unseen())
    total = 1
    for _seat, count in position.slots():
        total *= math.comb(left, count)
        left -= count
    return total


def _all_consistent(position: Position) -> Iterator[Layout]:
    unseen = position.unseen()
    places = position.slots()
    voids = position.voids()

    def place(index: int, pool: list[Card], parts: list[tuple[Card, ...]]) -> Iterator[Layout]:
        if index == len(places):
            yield _build(position, parts, places)
            return
        seat, count = places[index]
        void = voids[seat] if seat is not None else set()
        for chosen in itertools.combinations(pool, count):
            if seat is not None and not _fits(chosen, void, position):
                continue
            rest = [card for card in pool if card not in chosen]
            yield from place(index + 1, rest, [*parts, chosen])

    yield from place(0, unseen, [])


def _draw(position: Position, rng: random.Random) -> Layout | None:
    unseen = position.unseen()
    places = position.slots()
    voids = position.voids()
    for _ in range(MAX_REDRAWS):
        pool = list(unseen)
        rng.shuffle(pool)
        parts: list[list[Card]] = []
        start = 0
        ok = True
        for seat, count in places:
            chosen = pool[start : start + count]
            start += count
            if seat is not None and not _fits(chosen, voids[seat], position):
                ok = False
                break
            parts.append(sorted(chosen, key=lambda c: c.index))
        if ok:
            return _build(position, parts, places)
    return None


def layouts(position: Position, seed: int) -> LayoutSet | None:
    """The layouts the position is judged on: every consistent one when there are at most
    :data:`EXHAUSTIVE_LIMIT`, else :data:`SAMPLE_SIZE` drawn uniformly from them with ``seed`` (the same
    seed, the same sample). None when the shown voids leave too few ways to draw a sample."""
    rng = random.Random(seed)
    if split_count(position) <= LISTING_LIMIT:
        every = list(_all_consistent(position))
        if not every:
            return None
        if len(every) <= EXHAUSTIVE_LIMIT:
            return LayoutSet(tuple(every), len(every), False, seed)
        return LayoutSet(tuple(rng.sample(every, SAMPLE_SIZE)), len(every), True, seed)
    drawn: list[Layout] = []
    for _ in range(SAMPLE_SIZE):
        layout = _draw(position, rng)
        if layout is None:
            return None
        drawn.append(layout)
    return LayoutSet(tuple(drawn), split_count(position), True, seed)
