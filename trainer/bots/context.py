"""What a computer player knows during the card play, in one small value the heuristics and the search read.

A :class:`PlayContext` is built from what ONE seat may see (its hand, the cards played, an open declarer's
cards, the skat or its own discards when it is the declarer) and nothing else, so a bot cannot cheat. From it
follow the facts a player reasons with: the cards still unseen, the suits each other seat has shown void in,
and the card points each side has taken so far.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property

from trainer.cards import ALL_CARDS, Card, card_points
from trainer.deal import PLAYING_SEATS, Seat
from trainer.games import Declaration, GameType
from trainer.profiles import RuleProfile
from trainer.rules.bidding import AuctionEvent
from trainer.rules.play import FollowClass, Trick, beats, follow_class, trump_order


@dataclass(frozen=True)
class PlayContext:
    """One seat's knowledge while a card is to be chosen (suit, grand or null game).

    ``hand`` is this seat's cards, ``legal`` the cards it may play now. ``trick`` is the unfinished trick
    (lead first, led by ``leader``); ``tricks`` the finished ones. ``open_hands`` holds the cards of other
    seats lying open right now (an ouvert declarer), ``known_skat`` the skat cards this seat knows (the
    declarer's own discards, or the skat it picked up), ``skat_unknown`` how many skat cards it does not know
    (2 for everyone in a hand game, 2 for the defenders after a pickup).
    """

    profile: RuleProfile
    declaration: Declaration
    declarer: Seat
    seat: Seat
    hand: tuple[Card, ...]
    legal: tuple[Card, ...]
    leader: Seat
    trick: tuple[Card, ...] = ()
    tricks: tuple[Trick, ...] = ()
    open_hands: Mapping[Seat, tuple[Card, ...]] = field(default_factory=dict)
    known_skat: tuple[Card, ...] = ()
    bid: int = 0
    auction: tuple[AuctionEvent, ...] = ()
    """What was said in the auction (everyone hears it): who bid or held what, who passed when."""

    # ---- plain facts ---------------------------------------------------------------------------------------
    @property
    def game(self) -> GameType:
        return self.declaration.game

    @property
    def is_declarer(self) -> bool:
        return self.seat is self.declarer

    @property
    def partner(self) -> Seat | None:
        """The other defender (None for the declarer)."""
        if self.is_declarer:
            return None
        return next(s for s in Seat if s not in (self.seat, self.declarer))

    @property
    def skat_unknown(self) -> int:
        return 2 - len(self.known_skat)

    def seat_of_position(self, position: int) -> Seat:
        """The seat that plays the ``position``-th card (0 = lead) of the current trick."""
        return Seat((int(self.leader) + position) % PLAYING_SEATS)

    @cached_property
    def played(self) -> frozenset[Card]:
        cards = [card for trick in self.tricks for card in trick.cards]
        return frozenset(cards + list(self.trick))

    @cached_property
    def unseen(self) -> frozenset[Card]:
        """Cards this seat cannot place: not its own, not played, not open, not in the skat it knows."""
        known = set(self.hand) | self.played | set(self.known_skat)
        for cards in self.open_hands.values():
            known |= set(cards)
        return frozenset(card for card in ALL_CARDS if card not in known)

    def cards_left(self, seat: Seat) -> int:
        """How many cards ``seat`` still holds."""
        played_now = sum(1 for p in range(len(self.trick)) if self.seat_of_position(p) is seat)
        return 10 - len(self.tricks) - played_now

    @cached_property
    def voids(self) -> Mapping[Seat, frozenset[FollowClass]]:
        """The classes (suits, or "trump") each seat has shown void in by not following."""
        found: dict[Seat, set[FollowClass]] = {seat: set() for seat in Seat}
        game = self.game
        for trick in self.tricks:
            led = follow_class(trick.cards[0], game)
            for seat, card in zip(trick.seats[1:], trick.cards[1:], strict=True):
                if follow_class(card, game) != led:
                    found[seat].add(led)
        if self.trick:
            led = follow_class(self.trick[0], game)
            for position in range(1, len(self.trick)):
                if follow_class(self.trick[position], game) != led:
                    found[self.seat_of_position(position)].add(led)
        return {seat: frozenset(classes) for seat, classes in found.items()}

    def points_won(self, seat: Seat) -> int:
        """Card points in the tricks ``seat`` has won."""
        return sum(trick.points for trick in self.tricks if trick.winner is seat)

    @property
    def declarer_trick_points(self) -> int:
        return self.points_won(self.declarer)

    @property
    def defender_trick_points(self) -> int:
        return sum(self.points_won(seat) for seat in Seat if seat is not self.declarer)

    def tricks_won(self, seat: Seat) -> int:
        return sum(1 for trick in self.tricks if trick.winner is seat)

    # ---- card power --------------------------------------------------------------------------------------
    def outstanding(self, cls: FollowClass) -> list[Card]:
        """Cards of a class still out there (unseen or open in another hand), strongest first."""
        found = self._outstanding.get(cls)
        if found is None:
            pool = set(self.unseen)
            for seat, cards in self.open_hands.items():
                if seat is not self.seat:
                    pool |= set(cards)
            found = [card for card in pool if follow_class(card, self.game) == cls]
            found.sort(key=lambda card: -strength(card, self.game))
            self._outstanding[cls] = found
        return list(found)

    @cached_property
    def _outstanding(self) -> dict[FollowClass, list[Card]]:
        """:meth:`outstanding` per class, worked out once (the rules of thumb ask it again and again)."""
        return {}

    def is_master(self, card: Card) -> bool:
        """No card of its class still out there beats it (trumps aside: a plain card can still be ruffed)."""
        cls = follow_class(card, self.game)
        return all(not beats(other, card, cls, self.game) for other in self.outstanding(cls))

    def current_winner(self) -> int:
        """Position in the current trick of the card winning it so far (the trick must not be empty)."""
        led = follow_class(self.trick[0], self.game)
        best = 0
        for position in range(1, len(self.trick)):
            if beats(self.trick[position], self.trick[best], led, self.game):
                best = position
        return best

    def wins_now(self, card: Card) -> bool:
        """Would ``card`` beat every card in the current trick?"""
        if not self.trick:
            return True
        led = follow_class(self.trick[0], self.game)
        return all(beats(card, other, led, self.game) for other in self.trick)

    def trumps_out(self) -> int:
        """Trumps the others may still hold (unseen or open)."""
        return len(self.outstanding("trump")) if self.game.has_trumps else 0

    def holds(self, seat: Seat, cards: Iterable[Card]) -> bool:
        return any(card in self.open_hands.get(seat, ()) for card in cards)


@cache
def strength(card: Card, game: GameType) -> int:
    """A sort key for a card's power in a game: trumps above plain cards, then the rank order."""
    order = trump_order(game)
    if card in order:
        return 100 - order.index(card)
    from trainer.rules.play import suit_order

    plain = suit_order(card.suit, game)
    return 50 - plain.index(card) if card in plain else 0


def trick_points(cards: Iterable[Card]) -> int:
    return card_points(cards)
