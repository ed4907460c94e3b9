"""Seats, shuffling, cutting and dealing (RULES.md §2).

The deck is a list of cards with the top card first. Cutting lifts cards off the top and puts them
underneath; dealing hands out packets from the top, forehand first, following the profile's pattern
(Danish 5-2-5, international 3-2-4-3).

>>> from trainer.profiles import INTERNATIONAL
>>> deal = random_deal(7, INTERNATIONAL)
>>> [len(deal.hand(seat)) for seat in Seat], len(deal.skat)
([10, 10, 10], 2)
>>> Seat.FOREHAND.next is Seat.MIDDLEHAND, Seat.REARHAND.danish
(True, 'baghånd')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from trainer.cards import ALL_CARDS, Card
from trainer.cards import HAND_SIZE as HAND_SIZE
from trainer.cards import PLAYING_SEATS as PLAYING_SEATS
from trainer.cards import SKAT_SIZE as SKAT_SIZE
from trainer.errors import N_, DealError
from trainer.profiles import RuleProfile
from trainer.text import english, shown

DECK_SIZE = len(ALL_CARDS)


class Seat(IntEnum):
    """The three playing seats, clockwise from the dealer's left. Forehand leads the first trick."""

    FOREHAND = 0
    MIDDLEHAND = 1
    REARHAND = 2

    @classmethod
    def _missing_(cls, value: object) -> Seat:
        """``Seat(5)`` says which seats exist instead of a bare ValueError."""
        raise DealError.of(
            N_("'{value}' is not a seat: 0 is forehand, 1 middlehand, 2 rearhand."), value=shown(str(value))
        )

    @property
    def english(self) -> str:
        return ("forehand", "middlehand", "rearhand")[self.value]

    @property
    def danish(self) -> str:
        return ("forhånd", "mellemhånd", "baghånd")[self.value]

    @property
    def next(self) -> Seat:
        """The seat on this seat's left (the next to play, clockwise)."""
        return Seat((self.value + 1) % PLAYING_SEATS)

    @property
    def previous(self) -> Seat:
        """The seat on this seat's right."""
        return Seat((self.value - 1) % PLAYING_SEATS)


@dataclass(frozen=True)
class Deal:
    """Three hands of ten (indexed by :class:`Seat`) and the two skat cards: all 32 cards, each once."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    skat: tuple[Card, Card]

    def __post_init__(self) -> None:
        if len(self.hands) != PLAYING_SEATS:
            raise DealError.of(N_("A deal has three hands, not {n}."), n=len(self.hands))
        for seat, hand in zip(Seat, self.hands, strict=True):
            if len(hand) != HAND_SIZE:
                raise DealError.of(
                    N_("{seat} must hold {size} cards, not {n}."), seat=seat, size=HAND_SIZE, n=len(hand)
                )
        if len(self.skat) != SKAT_SIZE:
            raise DealError.of(N_("The skat holds {size} cards, not {n}."), size=SKAT_SIZE, n=len(self.skat))
        seen: set[Card] = set()
        for card in self.all_cards:
            if not isinstance(card, Card):
                raise DealError.of(N_("{thing} is not a card."), thing=repr(card))
            if card in seen:
                raise DealError.of(
                    N_("{card} appears twice in the deal; every card exists only once."), card=card
                )
            seen.add(card)

    @property
    def all_cards(self) -> tuple[Card, ...]:
        """The 32 cards in ISS order: forehand, middlehand, rearhand, skat."""
        return self.hands[0] + self.hands[1] + self.hands[2] + tuple(self.skat)

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        return self.hands[int(seat)]

    def seat_of(self, card: Card) -> Seat | None:
        """The seat dealt this card, or None when it lies in the skat."""
        for seat in Seat:
            if card in self.hands[seat]:
                return seat
        return None

    @classmethod
    def from_cards(cls, cards: Sequence[Card]) -> Deal:
        """Build a deal from 32 cards in ISS order (forehand's 10, middlehand's 10, rearhand's 10, skat)."""
        if len(cards) != DECK_SIZE:
            raise DealError.of(N_("A deal needs all {size} cards, got {n}."), size=DECK_SIZE, n=len(cards))
        cards = tuple(cards)
        n = HAND_SIZE
        skat = PLAYING_SEATS * n
        return cls(
            hands=(cards[:n], cards[n : 2 * n], cards[2 * n : skat]), skat=(cards[skat], cards[skat + 1])
        )


@dataclass(frozen=True)
class DealStep:
    """One packet of the deal: who receives it (None = the skat) and which cards."""

    recipient: Seat | None
    cards: tuple[Card, ...]

    @property
    def to_skat(self) -> bool:
        return self.recipient is None


def shuffled_deck(seed: int | None) -> list[Card]:
    """All 32 cards in a random order (top card first); the same seed gives the same order."""
    deck = list(ALL_CARDS)
    random.Random(seed).shuffle(deck)
    return deck


def _check_deck(deck: Sequence[Card]) -> None:
    if len(deck) != DECK_SIZE or len(set(deck)) != DECK_SIZE:
        raise DealError.of(
            N_("A deck is the {size} different cards; this one has {n} different."),
            size=DECK_SIZE,
            n=len(set(deck)),
        )


def cut_deck(deck: Sequence[Card], lifted: int, profile: RuleProfile) -> list[Card]:
    """Cut: lift ``lifted`` cards off the top and put them underneath.

    The profile sets the smallest packet: at least ``cut_min_cards`` must be lifted and as many left.
    """
    _check_deck(deck)
    least = profile.cut_min_cards
    if lifted < least or len(deck) - lifted < least:
        raise DealError.of(
            N_(
                "A cut must lift at least {least} cards and leave at least {least}; "
                "lifting {lifted} of {n} does not."
            ),
            least=least,
            lifted=lifted,
            n=len(deck),
        )
    return list(deck[lifted:]) + list(deck[:lifted])


def deal_packets(deck: Sequence[Card], profile: RuleProfile) -> list[DealStep]:
    """The deal step by step, as the dealer hands it out: each packet goes to forehand, middlehand and
    rearhand in turn, except the profile's skat packet, which goes face down to the skat."""
    _check_deck(deck)
    packets = profile.deal_packets
    if not 0 <= profile.skat_packet < len(packets) or packets[profile.skat_packet] != SKAT_SIZE:
        raise DealError.of(
            N_("The deal pattern {pattern} has no packet of two for the skat."),
            pattern=profile.deal_pattern_text,
        )
    if sum(packets) - SKAT_SIZE != HAND_SIZE:
        raise DealError.of(
            N_("The deal pattern {pattern} does not give ten cards each."), pattern=profile.deal_pattern_text
        )
    steps: list[DealStep] = []
    position = 0
    for number, size in enumerate(packets):
        recipients: tuple[Seat | None, ...] = (None,) if number == profile.skat_packet else tuple(Seat)
        for recipient in recipients:
            steps.append(DealStep(recipient, tuple(deck[position : position + size])))
            position += size
    return steps


def deal_from_deck(deck: Sequence[Card], profile: RuleProfile) -> Deal:
    """Deal a (cut) deck by the profile's packets."""
    hands: tuple[list[Card], list[Card], list[Card]] = ([], [], [])
    skat: list[Card] = []
    for step in deal_packets(deck, profile):
        (skat if step.recipient is None else hands[step.recipient]).extend(step.cards)
    return Deal(hands=(tuple(hands[0]), tuple(hands[1]), tuple(hands[2])), skat=(skat[0], skat[1]))


def random_deal(seed: int | None, profile: RuleProfile) -> Deal:
    """Shuffle (seeded), cut at a seeded legal point, deal by the profile. Reproducible for a seed."""
    rng = random.Random(seed)
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    lifted = rng.randint(profile.cut_min_cards, DECK_SIZE - profile.cut_min_cards)
    return deal_from_deck(cut_deck(deck, lifted, profile), profile)


def table_seats(table_size: int, dealer: int) -> dict[int, Seat]:
    """Which players play which seat. Players are numbered 0..n-1 clockwise; ``dealer`` deals.

    Three at the table: the dealer is rearhand. Four: the dealer sits out. Five: the dealer's two
    left-hand neighbours and the right-hand neighbour play; the dealer and the player opposite sit out.
    """
    if table_size not in (3, 4, 5):
        raise DealError.of(N_("Skat is played with 3, 4 or 5 at the table, not {n}."), n=table_size)
    if not 0 <= dealer < table_size:
        raise DealError.of(
            N_("The dealer must be one of players 0 to {last}, not {dealer}."),
            last=table_size - 1,
            dealer=dealer,
        )
    offsets = (1, 2, table_size - 1) if table_size == 5 else (1, 2, 3)
    return {(dealer + offset) % table_size: seat for offset, seat in zip(offsets, Seat, strict=True)}


@english.register(Seat)
def _english_seat(seat: Seat) -> str:
    return seat.english
