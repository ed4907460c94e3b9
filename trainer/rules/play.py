"""Trick play (RULES.md §1, §5, §7): trumps, following suit, trick winners, and the game state.

The public functions take and return :class:`~trainer.cards.Card` values; underneath, every card is an
index (0..31) and a set of cards is a bitmask, looked up in small per-game tables. That keeps random
playouts (see :func:`random_playout`) fast without exposing the bit tricks.

>>> from trainer.cards import parse_card as c, parse_cards
>>> is_trump(c("HJ"), GameType.HEARTS), follow_class(c("HJ"), GameType.HEARTS)
(True, 'trump')
>>> follow_class(c("HJ"), GameType.NULL) is Suit.HEARTS
True
>>> legal_cards(parse_cards("HJ HA S7"), [c("HK")], GameType.GRAND)
(Card(HA),)
>>> trick_winner(parse_cards("HA DJ HT"), GameType.GRAND)
1
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final, Literal, NamedTuple

from trainer.cards import (
    ALL_CARDS,
    JACKS,
    RANK_ORDER_NULL,
    RANK_ORDER_TRUMP_GAMES,
    Card,
    Suit,
    card_points,
    parse_card,
)
from trainer.cards import TRICKS_PER_GAME as TRICKS_PER_GAME
from trainer.deal import PLAYING_SEATS, Deal, Seat, deal_packets
from trainer.errors import N_, IllegalCardError, Message, SkatExchangeError
from trainer.games import Declaration, GameType
from trainer.moves import card_pair
from trainer.profiles import OuvertReveal, RuleProfile

TRUMP: Final = "trump"
FollowClass = Suit | Literal["trump"]
"""What a card counts as when following: the trump 'suit', or one of the four suits."""


# ---- per-game tables (card index -> class / strength) ---------------------------------------------------

_TRUMP_CLASS = 4
"""Class id of trumps; suits use int(Suit) 0..3."""
_TRUMP_BONUS = 100
"""Added to a trump's strength so that every trump beats every plain card."""


def _trump_cards(game: GameType) -> tuple[Card, ...]:
    if not game.has_trumps:
        return ()
    suit = game.trump_suit
    if suit is None:
        return JACKS
    return JACKS + tuple(Card(suit, rank) for rank in RANK_ORDER_TRUMP_GAMES)


def _plain_cards(suit: Suit, game: GameType) -> tuple[Card, ...]:
    if not game.has_trumps:
        return tuple(Card(suit, rank) for rank in RANK_ORDER_NULL)
    if suit is game.trump_suit:
        return ()
    return tuple(Card(suit, rank) for rank in RANK_ORDER_TRUMP_GAMES)


@dataclass(frozen=True)
class _Table:
    """Lookup tables of one game type, indexed by card index."""

    cls: tuple[int, ...]
    strength: tuple[int, ...]
    class_mask: tuple[int, ...]
    """Bitmask of all cards of each class (0..3 suits, 4 trump)."""
    trumps: tuple[Card, ...]
    follow: tuple[FollowClass, ...]
    """Each card's class for following ("trump" or its suit), looked up rather than rebuilt."""


def _build_table(game: GameType) -> _Table:
    cls = [0] * len(ALL_CARDS)
    strength = [0] * len(ALL_CARDS)
    class_mask = [0] * (_TRUMP_CLASS + 1)
    trumps = _trump_cards(game)
    for position, card in enumerate(reversed(trumps)):
        cls[card.index] = _TRUMP_CLASS
        strength[card.index] = _TRUMP_BONUS + position
        class_mask[_TRUMP_CLASS] |= card.bit
    for suit in Suit:
        for position, card in enumerate(reversed(_plain_cards(suit, game))):
            cls[card.index] = int(suit)
            strength[card.index] = position
            class_mask[int(suit)] |= card.bit
    follow: tuple[FollowClass, ...] = tuple(TRUMP if value == _TRUMP_CLASS else Suit(value) for value in cls)
    return _Table(tuple(cls), tuple(strength), tuple(class_mask), trumps, follow)


_TABLES: dict[GameType, _Table] = {game: _build_table(game) for game in GameType}
_POINTS: tuple[int, ...] = tuple(card.points for card in ALL_CARDS)
_SUIT_DISPLAY = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)


def _display_order(game: GameType) -> tuple[Card, ...]:
    return trump_order(game) + tuple(card for suit in _SUIT_DISPLAY for card in _plain_cards(suit, game))


_INDEXED: dict[int, tuple[Sequence[Card], tuple[tuple[int, Card], ...]]] = {}


def _cards_of(mask: int, order: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of a bitmask in the given display order (each order's card indices are looked up once)."""
    entry = _INDEXED.get(id(order))
    if entry is None or entry[0] is not order:
        entry = _INDEXED[id(order)] = (order, tuple((card.index, card) for card in order))
    return tuple(card for index, card in entry[1] if mask >> index & 1)


def _mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


# ---- card order and following -------------------------------------------------------------------------


def is_trump(card: Card, game: GameType) -> bool:
    """Jacks and the trump suit in a suit game; only Jacks in grand; nothing in null."""
    return _TABLES[game].cls[card.index] == _TRUMP_CLASS


def trump_order(game: GameType) -> tuple[Card, ...]:
    """The trumps of a game, highest first (empty for null)."""
    return _TABLES[game].trumps


def suit_order(suit: Suit, game: GameType) -> tuple[Card, ...]:
    """That suit's cards that are not trumps, highest first. Null: A K Q J 10 9 8 7; suit and grand:
    A 10 K Q 9 8 7 without the Jack (empty for the trump suit of a suit game)."""
    return _plain_cards(suit, game)


def sort_cards(cards: Iterable[Card], game: GameType) -> list[Card]:
    """Sort cards as a player holds them in this game: trumps highest first, then the other suits
    (♣ ♠ ♥ ♦), each highest first. In null the Jacks sit in their suits between queen and ten."""
    position = _DISPLAY_POSITION[game]
    return sorted(cards, key=lambda card: position[card.index])


def follow_class(card: Card, game: GameType) -> FollowClass:
    """What the card counts as for following: ``"trump"`` or its suit. A Jack is a trump in suit and
    grand games (never a card of its printed suit) and a plain card in null."""
    return _TABLES[game].follow[card.index]


def legal_mask(hand_mask: int, lead: Card | None, game: GameType) -> int:
    """Bitmask form of :func:`legal_cards` (for searches): the cards of ``hand_mask`` that may be played
    when ``lead`` was led (None = this player leads)."""
    if lead is None:
        return hand_mask
    table = _TABLES[game]
    matching = hand_mask & table.class_mask[table.cls[lead.index]]
    return matching or hand_mask


def legal_cards(hand: Sequence[Card], trick: Sequence[Card], game: GameType) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (cards already played, lead first), in the
    hand's order. With cards of the led class in hand, only those; otherwise any card."""
    if not trick:
        return tuple(hand)
    table = _TABLES[game]
    led = table.cls[trick[0].index]
    matching = tuple(card for card in hand if table.cls[card.index] == led)
    return matching or tuple(hand)


RefusalCode = Literal["not_in_hand", "must_follow_suit", "must_follow_trump"]
RefusalNote = Literal["jack_is_trump", "jacks_are_trumps", "jack_is_plain"]


@dataclass(frozen=True)
class RefusalDetails:
    """Why a card may not be played, as data, so any language can phrase it.

    ``code``: ``not_in_hand`` / ``must_follow_suit`` / ``must_follow_trump``. ``led``: the class that was
    led (None when the player leads). ``examples``: cards in hand that could follow. ``note``: the
    Jack pitfall behind the mistake, if any: ``jack_is_trump`` (the refused card is a Jack of the led
    suit, but a trump here), ``jacks_are_trumps`` (trump led; the hand's Jacks are trumps that must
    follow), ``jack_is_plain`` (null: the Jack in hand is an ordinary card of the led suit).
    """

    code: RefusalCode
    led: FollowClass | None
    card: Card
    examples: tuple[Card, ...]
    note: RefusalNote | None = None

    def message(self, game: GameType) -> str:
        """The refusal in plain English, built from the parts above."""
        return self.as_message(game).english

    def as_message(self, game: GameType) -> Message:
        """The refusal as a translatable message (template and parameters)."""
        if self.code == "not_in_hand":
            return Message(N_("That card is not in your hand."))
        shown = self.examples  # "♣J ♥J"; ♣B in Danish
        text: Message
        if self.code == "must_follow_trump":
            text = Message(
                N_("Trump was led, so you must play a trump: you still hold {cards}."), {"cards": shown}
            )
        else:
            assert isinstance(self.led, Suit)
            text = Message(
                N_("You must follow {suit}: you still hold {cards}."), {"suit": self.led, "cards": shown}
            )
        if self.note == "jack_is_trump":
            assert isinstance(self.led, Suit)
            return Message(
                N_("{refusal} The {card} is a trump in {game}, not a {suit_card}."),
                {
                    "refusal": text,
                    "card": self.card,
                    "game": game,
                    "suit_card": _singular(self.led),
                },
            )
        if self.note == "jacks_are_trumps":
            return Message(N_("{refusal} The Jacks are trumps in {game}."), {"refusal": text, "game": game})
        if self.note == "jack_is_plain":
            return Message(
                N_("{refusal} In a null game the Jacks are ordinary cards of their suit."), {"refusal": text}
            )
        return text


_SINGULAR = {
    Suit.CLUBS: N_("club"),
    Suit.SPADES: N_("spade"),
    Suit.HEARTS: N_("heart"),
    Suit.DIAMONDS: N_("diamond"),
}


def _singular(suit: Suit) -> Message:
    return Message(_SINGULAR[suit])


def refusal_details(
    card: Card, hand: Sequence[Card], trick: Sequence[Card], game: GameType
) -> RefusalDetails | None:
    """None when ``card`` may be played from ``hand`` to ``trick``; otherwise why not."""
    if card not in hand:
        led = follow_class(trick[0], game) if trick else None
        return RefusalDetails("not_in_hand", led, card, ())
    allowed = legal_cards(hand, trick, game)
    if card in allowed:
        return None
    led = follow_class(trick[0], game)
    note: RefusalNote | None = None
    if led == TRUMP:
        if any(c.is_jack for c in allowed):
            note = "jacks_are_trumps"
        return RefusalDetails("must_follow_trump", led, card, allowed, note)
    if card.is_jack and game.has_trumps and card.suit is led:
        note = "jack_is_trump"
    elif not game.has_trumps and any(c.is_jack for c in allowed):
        note = "jack_is_plain"
    return RefusalDetails("must_follow_suit", led, card, allowed, note)


def beats(a: Card, b: Card, led: FollowClass, game: GameType) -> bool:
    """Does ``a`` beat ``b`` in a trick where ``led`` was led? A trump beats every non-trump; otherwise
    only a higher card of the led class wins. (Neither beats the other when both are off-suit.)"""
    return _power(a.index, led, _TABLES[game]) > _power(b.index, led, _TABLES[game])


def _power(index: int, led: FollowClass, table: _Table) -> int:
    led_id = _TRUMP_CLASS if led == TRUMP else int(led)
    cls = table.cls[index]
    return table.strength[index] if cls in (led_id, _TRUMP_CLASS) else -1


def _winner_position(indices: Sequence[int], table: _Table) -> int:
    led = table.cls[indices[0]]
    best, best_power = 0, table.strength[indices[0]]
    for position in range(1, len(indices)):
        index = indices[position]
        cls = table.cls[index]
        if cls in (led, _TRUMP_CLASS):
            power = table.strength[index]
            if power > best_power:
                best, best_power = position, power
    return best


def trick_winner(trick: Sequence[Card], game: GameType) -> int:
    """Position (0..2, in play order) of the card that wins the trick: the highest trump, else the highest
    card of the led suit."""
    if len(trick) != PLAYING_SEATS:
        raise IllegalCardError.of(N_("A trick has three cards, not {n}."), n=len(trick))
    return _winner_position([card.index for card in trick], _TABLES[game])


_DISPLAY_ORDERS: dict[GameType, tuple[Card, ...]] = {game: _display_order(game) for game in GameType}
_DISPLAY_POSITION: dict[GameType, tuple[int, ...]] = {
    game: tuple(order.index(card) for card in ALL_CARDS) for game, order in _DISPLAY_ORDERS.items()
}

# ---- the game state -------------------------------------------------------------------------------------


class Phase(Enum):
    """Where a game stands: waiting for the skat pickup, for the two discards, in play, or over."""

    PICKUP = "pickup"
    DISCARD = "discard"
    PLAY = "play"
    FINISHED = "finished"


@dataclass(frozen=True)
class Trick:
    """A completed trick: who led, the three cards in play order, who won it."""

    leader: Seat
    cards: tuple[Card, Card, Card]
    winner: Seat

    @property
    def seats(self) -> tuple[Seat, Seat, Seat]:
        """The seat that played each card, in play order."""
        return (self.leader, self.leader.next, self.leader.next.next)

    @property
    def points(self) -> int:
        return card_points(self.cards)

    @property
    def winner_index(self) -> int:
        return self.seats.index(self.winner)

    def card_of(self, seat: Seat) -> Card:
        return self.cards[self.seats.index(seat)]


class GameState:
    """One game from the skat exchange to the last trick, with play/undo (``pop``) like a
    chess board.

    Created after the declaration: a hand game starts in play; otherwise the declarer first calls
    :meth:`pick_up_skat` and :meth:`discard` (or passes ``discards=`` to do both at once). Forehand leads
    the first trick. The skat (or the two discards) counts for the declarer.
    """

    def __init__(
        self,
        profile: RuleProfile,
        deal: Deal,
        declarer: Seat,
        declaration: Declaration,
        *,
        discards: Sequence[Card] | None = None,
    ) -> None:
        self.profile = profile
        self.deal = deal
        self.declarer = Seat(declarer)
        self.declaration = profile.check_declaration(declaration)
        self.game = self.declaration.game
        self._table = _TABLES[self.game]
        self._order = _DISPLAY_ORDERS[self.game]
        self._hands = [_mask(deal.hand(seat)) for seat in Seat]
        self._skat: tuple[Card, ...] = deal.skat
        self._phase = Phase.PLAY if self.declaration.hand else Phase.PICKUP
        self._leader = Seat.FOREHAND
        self._trick: list[int] = []
        self._tricks: list[Trick] = []
        self._trick_points = [0, 0, 0]
        self._tricks_won = [0, 0, 0]
        self._declarer_has_played = False
        if discards is not None:
            if self.declaration.hand:
                raise SkatExchangeError.of(
                    N_("In a hand game the skat stays face down; there is nothing to discard.")
                )
            self.pick_up_skat()
            self.discard(discards)

    # ---- skat exchange --------------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self._phase

    def pick_up_skat(self) -> tuple[Card, ...]:
        """The declarer takes the two skat cards into hand (12 cards) and must then discard two."""
        if self.declaration.hand:
            raise SkatExchangeError.of(
                N_("This is a hand game: the declarer plays without picking up the skat.")
            )
        if self._phase is not Phase.PICKUP:
            raise SkatExchangeError.of(N_("The skat has already been picked up."))
        self._hands[self.declarer] |= _mask(self._skat)
        picked = self._skat
        self._skat = ()
        self._phase = Phase.DISCARD
        return picked

    def discard(self, cards: Sequence[Card]) -> None:
        """The declarer lays exactly two cards face down as the new skat; they count for the declarer."""
        if self._phase is Phase.PICKUP:
            raise SkatExchangeError.of(N_("Pick up the skat before discarding."))
        if self._phase is not Phase.DISCARD:
            raise SkatExchangeError.of(N_("The discard has already been made."))
        cards = tuple(cards)
        card_pair(cards)  # two different cards, or the rule's error
        hand = self._hands[self.declarer]
        for card in cards:
            if not hand >> card.index & 1:
                raise SkatExchangeError.of(
                    N_("{card} is not in the declarer's hand and cannot be discarded."), card=card
                )
        self._hands[self.declarer] = hand & ~_mask(cards)
        self._skat = cards
        self._phase = Phase.PLAY

    @property
    def skat(self) -> tuple[Card, ...]:
        """The cards lying in the skat: the dealt skat, or after the exchange the two discards (empty in
        between). They count for the declarer."""
        return self._skat

    # ---- whose turn, what may be played -----------------------------------------------------------------
    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards this seat still holds, sorted for the game (see :func:`sort_cards`)."""
        return _cards_of(self._hands[seat], self._order)

    @property
    def to_move(self) -> Seat | None:
        """The seat to play the next card, or None outside the play phase."""
        if self._phase is not Phase.PLAY:
            return None
        return Seat((self._leader + len(self._trick)) % PLAYING_SEATS)

    @property
    def leader(self) -> Seat:
        """The seat that led (or will lead) the current trick."""
        return self._leader

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """Cards played to the unfinished trick, lead first."""
        return tuple(ALL_CARDS[i] for i in self._trick)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return tuple(self._tricks)

    def legal_cards(self) -> tuple[Card, ...]:
        """What the player to move may play (empty when nobody is to move)."""
        seat = self.to_move
        if seat is None:
            return ()
        hand = self._hands[seat]
        if self._trick:
            matching = hand & self._table.class_mask[self._table.cls[self._trick[0]]]
            hand = matching or hand
        return _cards_of(hand, self._order)

    def refusal(self, card: Card) -> RefusalDetails | None:
        """Why the player to move may not play this card (None if they may)."""
        seat = self.to_move
        hand = self.hand(seat) if seat is not None else ()
        return refusal_details(card, hand, self.current_trick, self.game)

    def play(self, card: Card | str) -> Trick | None:
        """The player to move plays ``card``. Returns the trick if this card completed one.

        Raises :class:`IllegalCardError` with a learner-readable reason for a card that may not be played.
        """
        if isinstance(card, str):
            card = parse_card(card)
        seat = self.to_move
        if seat is None:
            if self._phase is Phase.FINISHED:
                raise IllegalCardError.of(N_("The game is over; no more cards are played."))
            raise IllegalCardError.of(
                N_("Play starts after the declarer has picked up the skat and discarded two cards.")
            )
        details = self.refusal(card)
        if details is not None:
            raise IllegalCardError.from_message(details.as_message(self.game))
        index = card.index
        self._hands[seat] &= ~(1 << index)
        self._trick.append(index)
        if seat is self.declarer:
            self._declarer_has_played = True
        if len(self._trick) < PLAYING_SEATS:
            return None
        winner = Seat((self._leader + _winner_position(self._trick, self._table)) % PLAYING_SEATS)
        a, b, c = (ALL_CARDS[i] for i in self._trick)
        trick = Trick(self._leader, (a, b, c), winner)
        self._tricks.append(trick)
        self._trick_points[winner] += sum(_POINTS[i] for i in self._trick)
        self._tricks_won[winner] += 1
        self._trick = []
        self._leader = winner
        if len(self._tricks) == TRICKS_PER_GAME or (self.game.is_null and winner is self.declarer):
            self._phase = Phase.FINISHED
        return trick

    def undo(self) -> Card:
        """Take back the last card played (across trick boundaries too) and return it."""
        if not self._trick:
            if not self._tricks:
                raise IllegalCardError.of(
                    N_("No card has been played yet, so there is nothing to take back.")
                )
            trick = self._tricks.pop()
            self._trick_points[trick.winner] -= trick.points
            self._tricks_won[trick.winner] -= 1
            self._leader = trick.leader
            self._trick = [card.index for card in trick.cards]
            self._phase = Phase.PLAY
        seat = Seat((self._leader + len(self._trick) - 1) % PLAYING_SEATS)
        index = self._trick.pop()
        self._hands[seat] |= 1 << index
        if seat is self.declarer:
            self._declarer_has_played = any(s is self.declarer for s, _ in self.moves)
        return ALL_CARDS[index]

    pop = undo

    @property
    def moves(self) -> tuple[tuple[Seat, Card], ...]:
        """Every card played so far with the seat that played it, in order."""
        played: list[tuple[Seat, Card]] = []
        for trick in self._tricks:
            played.extend(zip(trick.seats, trick.cards, strict=True))
        for offset, index in enumerate(self._trick):
            played.append((Seat((self._leader + offset) % PLAYING_SEATS), ALL_CARDS[index]))
        return tuple(played)

    @property
    def is_finished(self) -> bool:
        """Ten tricks played, or a null game the declarer has lost by taking a trick."""
        return self._phase is Phase.FINISHED

    # ---- points and tricks --------------------------------------------------------------------------------
    def trick_points(self, seat: Seat) -> int:
        """Card points in the tricks this seat has won (without the skat)."""
        return self._trick_points[seat]

    def points(self, seat: Seat) -> int:
        """Card points this seat has so far; for the declarer this includes the skat (or the discards)."""
        extra = card_points(self._skat) if seat is self.declarer else 0
        return self._trick_points[seat] + extra

    @property
    def declarer_points(self) -> int:
        return self.points(self.declarer)

    @property
    def defenders(self) -> tuple[Seat, Seat]:
        return (self.declarer.next, self.declarer.previous)

    @property
    def defender_points(self) -> int:
        return sum(self._trick_points[seat] for seat in self.defenders)

    def tricks_won(self, seat: Seat) -> int:
        return self._tricks_won[seat]

    @property
    def declarer_tricks(self) -> int:
        return self._tricks_won[self.declarer]

    @property
    def defender_tricks(self) -> int:
        return sum(self._tricks_won[seat] for seat in self.defenders)

    # ---- open cards --------------------------------------------------------------------------------------
    def _reveal_rule(self) -> OuvertReveal | None:
        d = self.declaration
        if not d.ouvert:
            return None
        if d.game.is_null and not d.hand:
            return self.profile.null_ouvert_reveal
        return self.profile.open_reveal

    def open_seats(self) -> frozenset[Seat]:
        """Seats whose cards lie open on the table for everyone right now.

        Open games show the declarer's cards: before the first lead (international ouvert, Dækker,
        på bordet), or, for the Danish Nul-ouvert, right after the declarer's own first card.
        """
        rule = self._reveal_rule()
        if rule is None or self._phase in (Phase.PICKUP, Phase.DISCARD):
            return frozenset()
        if rule is OuvertReveal.AFTER_DECLARERS_FIRST_CARD and not self._declarer_has_played:
            return frozenset()
        return frozenset({self.declarer})

    def copy(self) -> GameState:
        """An independent copy (for searching or trying a line of play)."""
        other = object.__new__(GameState)
        other.__dict__.update(self.__dict__)
        other._hands = list(self._hands)
        other._trick = list(self._trick)
        other._tricks = list(self._tricks)
        other._trick_points = list(self._trick_points)
        other._tricks_won = list(self._tricks_won)
        return other

    def __repr__(self) -> str:
        return (
            f"GameState({self.declaration.describe()}, declarer={self.declarer.english}, "
            f"phase={self._phase.value}, tricks={len(self._tricks)}, trick={self.current_trick})"
        )


# ---- fast random playouts ---------------------------------------------------------------------------------


class PlayoutResult(NamedTuple):
    """Outcome of one random playout: the declarer's card points (with the skat), the defenders' card
    points, and the tricks each side took."""

    declarer: Seat
    declarer_points: int
    defender_points: int
    declarer_tricks: int
    defender_tricks: int


_CARD_BITS: tuple[int, ...] = tuple(card.bit for card in ALL_CARDS)
_NEXT_SEAT: tuple[int, ...] = tuple((seat + 1) % PLAYING_SEATS for seat in range(PLAYING_SEATS))
_SLOTS_CACHE: dict[tuple[int, ...], tuple[int, ...]] = {}


def _deal_slots(profile: RuleProfile) -> tuple[int, ...]:
    """For each deck position, who receives the card (0..2 a seat, 3 the skat), by the profile's packets."""
    key = (*profile.deal_packets, profile.skat_packet)
    slots = _SLOTS_CACHE.get(key)
    if slots is None:
        steps = deal_packets(ALL_CARDS, profile)
        slots = tuple(
            PLAYING_SEATS if step.recipient is None else int(step.recipient)
            for step in steps
            for _ in step.cards
        )
        _SLOTS_CACHE[key] = slots
    return slots


def random_playout(
    rng: random.Random,
    profile: RuleProfile,
    game: GameType,
    *,
    deal: Deal | None = None,
    declarer: Seat | None = None,
    trace: list[Card] | None = None,
) -> PlayoutResult:
    """Deal at random by the profile (or use ``deal``), pick a random declarer (or use ``declarer``)
    playing ``game`` from the hand (the skat counts for the declarer), and play random legal cards to the
    end (a null game ends at the declarer's first trick). ``trace`` receives the cards played, in order.
    Built on bitmasks and unrolled for speed; see benchmarks/playouts.py."""
    table = _TABLES[game]
    cls = table.cls
    strength = table.strength
    class_mask = table.class_mask
    trump_mask = class_mask[_TRUMP_CLASS]
    points = _POINTS
    rand = rng.random
    if deal is None:
        deck = list(_CARD_BITS)
        rng.shuffle(deck)
        hands = [0, 0, 0, 0]
        for position, slot in enumerate(_deal_slots(profile)):
            hands[slot] |= deck[position]
    else:
        hands = [*(_mask(deal.hand(seat)) for seat in Seat), _mask(deal.skat)]
    skat = hands[PLAYING_SEATS]
    declarer_seat = int(rand() * PLAYING_SEATS) if declarer is None else int(declarer)
    null = game.is_null
    won_points = [0, 0, 0]
    won_tricks = [0, 0, 0]
    leader = 0
    for _ in range(TRICKS_PER_GAME):
        # lead: any card; a random set bit is found by dropping a random number of low bits
        seat0 = leader
        options = hands[seat0]
        for _skip in range(int(rand() * options.bit_count())):
            options &= options - 1
        bit0 = options & -options
        hands[seat0] ^= bit0
        card0 = bit0.bit_length() - 1
        follow = class_mask[cls[card0]]
        # second and third card: the led class if held, else anything
        seat1 = _NEXT_SEAT[seat0]
        hand = hands[seat1]
        options = hand & follow or hand
        for _skip in range(int(rand() * options.bit_count())):
            options &= options - 1
        bit1 = options & -options
        hands[seat1] = hand ^ bit1
        seat2 = _NEXT_SEAT[seat1]
        hand = hands[seat2]
        options = hand & follow or hand
        for _skip in range(int(rand() * options.bit_count())):
            options &= options - 1
        bit2 = options & -options
        hands[seat2] = hand ^ bit2
        card1 = bit1.bit_length() - 1
        card2 = bit2.bit_length() - 1
        # winner: only cards of the led class or trumps can beat the best so far
        contenders = follow | trump_mask
        winner, best = seat0, strength[card0]
        if bit1 & contenders and strength[card1] > best:
            winner, best = seat1, strength[card1]
        if bit2 & contenders and strength[card2] > best:
            winner = seat2
        won_points[winner] += points[card0] + points[card1] + points[card2]
        won_tricks[winner] += 1
        leader = winner
        if trace is not None:
            trace.extend((ALL_CARDS[card0], ALL_CARDS[card1], ALL_CARDS[card2]))
        if null and winner == declarer_seat:
            break
    skat_points = 0
    while skat:
        low = skat & -skat
        skat_points += points[low.bit_length() - 1]
        skat ^= low
    declarer_points = won_points[declarer_seat] + skat_points
    declarer_tricks = won_tricks[declarer_seat]
    return PlayoutResult(
        Seat(declarer_seat),
        declarer_points,
        sum(won_points) - won_points[declarer_seat],
        declarer_tricks,
        sum(won_tricks) - declarer_tricks,
    )
