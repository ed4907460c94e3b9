"""An independent, deliberately plain open-hand minimax over Card objects (RULES.md §1), used as the oracle
for the bitmask solver. It shares nothing with trainer.solver: its own trump test, card order, follow-suit
rule and trick winner. Memoised only to keep 5-6-card endings quick.
"""

from __future__ import annotations

import random
from functools import cache

from trainer.cards import ALL_CARDS, Card, Rank, Suit
from trainer.games import GameType

PLAIN_ORDER = "789QKTA"  # weakest to strongest, suit and grand games
NULL_ORDER = "789TJQKA"  # null games
JACK_ORDER = (Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, Suit.CLUBS)

Hand = frozenset[Card]
State = tuple[Hand, Hand, Hand]


def is_trump(card: Card, game: GameType) -> bool:
    if game is GameType.NULL:
        return False
    return card.rank is Rank.JACK or card.suit is game.trump_suit


def suit_class(card: Card, game: GameType) -> str:
    return "trump" if is_trump(card, game) else card.suit.name


def legal(hand: Hand, trick: tuple[Card, ...], game: GameType) -> list[Card]:
    if not trick:
        return sorted(hand, key=lambda c: c.index)
    led = suit_class(trick[0], game)
    same = [c for c in hand if suit_class(c, game) == led]
    return sorted(same or hand, key=lambda c: c.index)


def power(card: Card, led: Card, game: GameType) -> int:
    """Higher wins; -1 for a card that cannot win (neither trump nor the led suit)."""
    if is_trump(card, game):
        if card.rank is Rank.JACK:
            return 200 + JACK_ORDER.index(card.suit)
        return 100 + PLAIN_ORDER.index(card.rank.value)
    if suit_class(card, game) != suit_class(led, game):
        return -1
    order = NULL_ORDER if game is GameType.NULL else PLAIN_ORDER
    return order.index(card.rank.value)


def winner(trick: tuple[Card, ...], game: GameType) -> int:
    powers = [power(card, trick[0], game) for card in trick]
    return powers.index(max(powers))


def _score(trick: tuple[Card, ...], winner_seat: int, declarer: int, mode: str) -> int:
    if mode == "points":
        return sum(c.points for c in trick) if winner_seat == declarer else 0
    if mode == "declarer_tricks":
        return 1 if winner_seat == declarer else 0
    return 1 if winner_seat != declarer else 0  # "opponent_tricks"


def make_solver(game: GameType, declarer: int, mode: str):  # type: ignore[no-untyped-def]
    """value(hands, leader, trick): what the declarer scores from here (max for the declarer, min for
    the opponents). ``mode``: points, declarer_tricks or opponent_tricks."""

    @cache
    def value(hands: State, leader: int, trick: tuple[Card, ...]) -> int:
        if not trick and not any(hands):
            return 0
        mover = (leader + len(trick)) % 3
        results = [after(hands, leader, trick, card) for card in legal(hands[mover], trick, game)]
        return max(results) if mover == declarer else min(results)

    def after(hands: State, leader: int, trick: tuple[Card, ...], card: Card) -> int:
        mover = (leader + len(trick)) % 3
        new_hands = tuple(hand - {card} if seat == mover else hand for seat, hand in enumerate(hands))
        new_trick = (*trick, card)
        if len(new_trick) < 3:
            return value(new_hands, leader, new_trick)  # type: ignore[arg-type]
        seat = (leader + winner(new_trick, game)) % 3
        return _score(new_trick, seat, declarer, mode) + value(new_hands, seat, ())  # type: ignore[arg-type]

    return value, after


def card_values(
    game: GameType, declarer: int, hands: list[list[Card]], leader: int, trick: tuple[Card, ...], mode: str
) -> dict[Card, int]:
    """The reference value of each legal card of the player to move."""
    _, after = make_solver(game, declarer, mode)
    state: State = (frozenset(hands[0]), frozenset(hands[1]), frozenset(hands[2]))
    mover = (leader + len(trick)) % 3
    return {card: after(state, leader, trick, card) for card in legal(state[mover], trick, game)}


def random_ending(
    rng: random.Random, size: int, games: tuple[GameType, ...] = tuple(GameType), mid_trick: bool = True
) -> tuple[GameType, int, int, list[list[Card]], tuple[Card, ...], tuple[Card, ...]]:
    """A random position: game, declarer, leader, hands (after the trick cards), trick so far, skat."""
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    hands = [cards[0:size], cards[size : 2 * size], cards[2 * size : 3 * size]]
    skat = tuple(cards[3 * size : 3 * size + 2])
    game = rng.choice(games)
    declarer = rng.randrange(3)
    leader = rng.randrange(3)
    trick: list[Card] = []
    for j in range(rng.choice((0, 0, 1, 2)) if mid_trick else 0):
        seat = (leader + j) % 3
        card = rng.choice(legal(frozenset(hands[seat]), tuple(trick), game))
        hands[seat].remove(card)
        trick.append(card)
    return game, declarer, leader, hands, tuple(trick), skat
