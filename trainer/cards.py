"""Cards, suits and ranks as small immutable values, with ISS, symbol and Danish notation.

>>> card = parse_card("CJ")
>>> card.symbol, card.danish, card.points
('♣J', 'Klør Bonde', 2)
>>> parse_card("♥10") == parse_card("HT") == parse_card("Hjerter 10'er")
True
>>> [c.iss for c in parse_cards("CJ ♠A, ruder 7")]
['CJ', 'SA', 'D7']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum, IntEnum

from trainer.errors import N_, CardParseError
from trainer.text import english, list_separator, shown


class Suit(IntEnum):
    """The four suits, ordered by their base value (diamonds lowest, clubs highest)."""

    DIAMONDS = 0
    HEARTS = 1
    SPADES = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """ISS letter: C, S, H or D."""
        return "DHSC"[self.value]

    @property
    def symbol(self) -> str:
        return "♦♥♠♣"[self.value]

    @property
    def english(self) -> str:
        return ("diamonds", "hearts", "spades", "clubs")[self.value]

    @property
    def danish(self) -> str:
        return ("Ruder", "Hjerter", "Spar", "Klør")[self.value]


class Rank(Enum):
    """The eight ranks. ``points`` is the card's value in card points (øjne)."""

    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def points(self) -> int:
        return _RANK_POINTS[self]

    @property
    def short(self) -> str:
        """Display form: 10 for the ten, else the ISS letter (A, K, Q, J, 9, 8, 7)."""
        return "10" if self is Rank.TEN else self.value

    @property
    def english(self) -> str:
        return _RANK_ENGLISH[self]

    @property
    def danish(self) -> str:
        return _RANK_DANISH[self]

    @property
    def danish_short(self) -> str:
        """Danish card letters: E (Es), K, D (Dame), B (Bonde), 10, 9, 8, 7."""
        return _RANK_DANISH_SHORT[self]


_RANK_POINTS = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.JACK: 2,
    Rank.NINE: 0,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}
_RANK_ENGLISH = {
    Rank.ACE: "Ace",
    Rank.TEN: "Ten",
    Rank.KING: "King",
    Rank.QUEEN: "Queen",
    Rank.JACK: "Jack",
    Rank.NINE: "Nine",
    Rank.EIGHT: "Eight",
    Rank.SEVEN: "Seven",
}
_RANK_DANISH = {
    Rank.ACE: "Es",
    Rank.TEN: "10'er",
    Rank.KING: "Konge",
    Rank.QUEEN: "Dame",
    Rank.JACK: "Bonde",
    Rank.NINE: "9'er",
    Rank.EIGHT: "8'er",
    Rank.SEVEN: "7'er",
}
_RANK_DANISH_SHORT = {
    Rank.ACE: "E",
    Rank.TEN: "10",
    Rank.KING: "K",
    Rank.QUEEN: "D",
    Rank.JACK: "B",
    Rank.NINE: "9",
    Rank.EIGHT: "8",
    Rank.SEVEN: "7",
}

#: Ranks in the order used for card indices (and OpenSpiel): 7 8 9 Q K T A J.
RANK_INDEX_ORDER: tuple[Rank, ...] = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.QUEEN,
    Rank.KING,
    Rank.TEN,
    Rank.ACE,
    Rank.JACK,
)
_RANK_INDEX = {rank: i for i, rank in enumerate(RANK_INDEX_ORDER)}

#: Rank order of the non-Jack cards of a suit in suit and grand games, highest first: A 10 K Q 9 8 7.
RANK_ORDER_TRUMP_GAMES: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)
#: Rank order of a suit in null games, highest first: A K Q J 10 9 8 7 (the Jack is an ordinary card).
RANK_ORDER_NULL: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.TEN,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)


@dataclass(frozen=True, slots=True)
class Card:
    """One of the 32 cards. Immutable and hashable; ``index`` (0..31) is suit * 8 + rank position."""

    suit: Suit
    rank: Rank
    index: int = field(init=False, repr=False, compare=False)
    """0..31, worked out once: searches and samplers read it (and hash by it) millions of times."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", int(self.suit) * 8 + _RANK_INDEX[self.rank])

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self.index == other.index
        return NotImplemented

    @property
    def bit(self) -> int:
        """The card as a one-bit mask (for fast sets of cards)."""
        return 1 << self.index

    @property
    def points(self) -> int:
        return self.rank.points

    @property
    def is_jack(self) -> bool:
        return self.rank is Rank.JACK

    @property
    def iss(self) -> str:
        """ISS notation, e.g. ``CJ``, ``HT``."""
        return self.suit.letter + self.rank.letter

    @property
    def symbol(self) -> str:
        """Symbol notation, e.g. ``♣J``, ``♥10``."""
        return self.suit.symbol + self.rank.short

    @property
    def danish(self) -> str:
        """Danish name, e.g. ``Klør Bonde``, ``Hjerter 10'er``."""
        return f"{self.suit.danish} {self.rank.danish}"

    @property
    def english(self) -> str:
        """English name, e.g. ``Jack of clubs``."""
        return f"{self.rank.english} of {self.suit.english}"

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Card({self.iss})"


#: All 32 cards in index order.
ALL_CARDS: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in RANK_INDEX_ORDER)
assert all(card.index == i for i, card in enumerate(ALL_CARDS))
JACKS: tuple[Card, ...] = tuple(
    Card(suit, Rank.JACK) for suit in (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
)
"""The four Jacks in trump order: ♣J > ♠J > ♥J > ♦J."""

TOTAL_CARD_POINTS = sum(card.points for card in ALL_CARDS)
PLAYING_SEATS = 3
"""Three players take part in a deal (at a table of four the dealer sits out)."""
SKAT_SIZE = 2
HAND_SIZE = (len(ALL_CARDS) - SKAT_SIZE) // PLAYING_SEATS
"""Ten cards each: the deck less the skat, shared by the playing seats."""
TRICKS_PER_GAME = HAND_SIZE
"""Every card of a hand goes to one trick: the one source of "ten tricks"."""
assert TOTAL_CARD_POINTS == 120


def card_points(cards: Iterable[Card]) -> int:
    """Sum of the card points (øjne) of some cards."""
    return sum(card.points for card in cards)


def other_side_points(points: int) -> int:
    """The card points the other side has when one side has ``points`` of the deck's 120.

    >>> other_side_points(61)
    59
    """
    return TOTAL_CARD_POINTS - points


# --- parsing ---------------------------------------------------------------------------------------

_SUIT_WORDS: dict[str, Suit] = {}
_words: tuple[str, ...]
for _suit, _words in (
    (Suit.CLUBS, ("c", "♣", "♧", "clubs", "club", "klør", "kløver", "klöver", "kreuz", "klor")),
    (Suit.SPADES, ("s", "♠", "♤", "spades", "spade", "spar", "spader", "pik")),
    (Suit.HEARTS, ("h", "♥", "♡", "hearts", "heart", "hjerter", "hjärter", "herz")),
    (Suit.DIAMONDS, ("d", "♦", "♢", "diamonds", "diamond", "ruder", "ruter", "karo")),
):
    for _word in _words:
        _SUIT_WORDS[_word] = _suit

_RANK_WORDS: dict[str, Rank] = {}
for _rank, _words in (
    (Rank.ACE, ("a", "e", "ace", "es", "ess", "ass")),
    (Rank.TEN, ("t", "10", "10'er", "10er", "ten", "tier", "tia", "ti", "zehn")),
    (Rank.KING, ("k", "king", "konge", "kung", "könig")),
    (Rank.QUEEN, ("q", "d", "queen", "dame", "dam")),
    (Rank.JACK, ("j", "b", "jack", "bonde", "knekt", "bube", "kn")),
    (Rank.NINE, ("9", "9'er", "9er", "nine")),
    (Rank.EIGHT, ("8", "8'er", "8er", "eight")),
    (Rank.SEVEN, ("7", "7'er", "7er", "seven")),
):
    for _word in _words:
        _RANK_WORDS[_word] = _rank

_COMPACT = re.compile(r"^([cshd♣♠♥♦♧♤♡♢])(10|[akqjt9875bde])$", re.IGNORECASE)


def parse_card(text: str) -> Card:
    """Read one card in ISS (``CJ``, ``HT``), symbol (``♣J``, ``♥10``) or Danish/English words.

    Danish: ``Klør Bonde``, ``Hjerter 10'er``, ``Spar Es``, ``Ruder Dame``. English: ``Jack of clubs``.
    Raises :class:`CardParseError` with a readable message for anything else.
    """
    if not isinstance(text, str):
        raise CardParseError.of(N_("A card is written as text, like CJ or ♣J (Jack of clubs)."))
    raw = text.strip()
    if not raw:
        raise CardParseError.of(N_("An empty card name was given."))
    compact = _COMPACT.match(raw.replace(" ", ""))
    if compact:
        suit = _SUIT_WORDS[compact.group(1).lower()]
        rank_token = compact.group(2).lower()
        # 'D' as a rank means Dame (queen), 'B' Bonde (jack), 'E' Es (ace) — the Danish letters.
        return Card(suit, _RANK_WORDS[rank_token])
    words = [w for w in re.split(r"[\s\-]+", raw.lower()) if w and w != "of"]
    if len(words) == 2:
        first, second = words
        if first in _SUIT_WORDS and second in _RANK_WORDS:
            return Card(_SUIT_WORDS[first], _RANK_WORDS[second])
        if first in _RANK_WORDS and second in _SUIT_WORDS:
            return Card(_SUIT_WORDS[second], _RANK_WORDS[first])
    raise CardParseError.of(
        N_(
            "'{token}' is not a card. Write it like CJ or ♣J (Jack of clubs), HT or ♥10 (ten of hearts), "
            "or in Danish like 'Klør Bonde'."
        ),
        token=shown(raw),
    )


def _split_tokens(text: str) -> list[str]:
    """Split a list of cards: commas, dots, semicolons or whitespace between compact cards;
    two-word names (``Klør Bonde``) are kept together."""
    parts = [p for p in re.split(r"[,;.|\s]+", text.strip()) if p]
    tokens: list[str] = []
    i = 0
    while i < len(parts):
        part = parts[i]
        low = part.lower()
        if _COMPACT.match(part):
            tokens.append(part)
            i += 1
            continue
        if i + 1 < len(parts):
            nxt = parts[i + 1].lower()
            if (low in _SUIT_WORDS and nxt in _RANK_WORDS) or (low in _RANK_WORDS and nxt in _SUIT_WORDS):
                tokens.append(part + " " + parts[i + 1])
                i += 2
                continue
            if low in _RANK_WORDS and nxt == "of" and i + 2 < len(parts):
                tokens.append(f"{part} {parts[i + 2]}")
                i += 3
                continue
        tokens.append(part)
        i += 1
    return tokens


def parse_cards(text: str, *, count: int | None = None, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Read a list of cards (any notation :func:`parse_card` reads), in the order given.

    With ``count`` the number of cards must match. Duplicates are refused unless allowed.
    """
    if not isinstance(text, str):
        raise CardParseError.of(N_("Cards are written as text, like CJ SJ HA or ♣J ♠J ♥A."))
    cards = tuple(parse_card(token) for token in _split_tokens(text))
    if not allow_duplicates:
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise CardParseError.of(
                    N_("{card} is written twice; every card exists only once."), card=card
                )
            seen.add(card)
    if count is not None and len(cards) != count:
        raise CardParseError.of(N_("Expected {count} cards but read {read}."), count=count, read=len(cards))
    return cards


def format_cards(cards: Iterable[Card], style: str = "symbol") -> str:
    """Cards as text: style ``symbol`` (♣J ♥10), ``iss`` (CJ HT) or ``danish`` (Klør Bonde, ...)."""
    if style == "iss":
        return " ".join(c.iss for c in cards)
    if style == "danish":
        return ", ".join(c.danish for c in cards)
    if style == "symbol":
        return " ".join(c.symbol for c in cards)
    raise ValueError(f"unknown card style {style!r}")


#: Traditional sort: Jacks first (♣♠♥♦), then clubs, spades, hearts, diamonds, each A 10 K Q 9 8 7.
_SORT_SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    """Sort a hand the traditional way: Bønder (Jacks) on the left, then clubs, spades, hearts, diamonds,
    each suit from Ace down to 7 (the ten after the ace)."""

    def key(card: Card) -> tuple[int, int, int]:
        if card.is_jack:
            return (0, _SORT_SUITS.index(card.suit), 0)
        return (1, _SORT_SUITS.index(card.suit), RANK_ORDER_TRUMP_GAMES.index(card.rank))

    return sorted(cards, key=key)


@english.register(Suit)
@english.register(Rank)
def _english_name(value: Suit | Rank) -> str:
    return value.english


@english.register(Card)
def _english_card(card: Card) -> str:
    return card.symbol


@list_separator.register(Card)
def _cards_side_by_side(_card: Card) -> str:
    return " "
