"""What the chance model reads of a hand: a short vector of numbers per kind of game (suit, grand, null).

The numbers are the ones a player counts when judging a hand: trumps and which Jacks, the trump Ace and Ten,
side Aces with or without their Tens, unguarded Tens, voids and short suits, a loser count, card points;
for null how far each suit stands above the safe staircase. Around them the :class:`Situation`: the moment
(before the pickup, a hand game, or after the pickup with the discards known), the seat (forehand leads the
first trick), what the other two have said in the auction, and the rule profile.

Cards are handled as indices (``Card.index``: suit × 8 + the position of the rank in 7 8 9 Q K 10 A J) so a
vector is a few dozen integer operations: the chances of every game of a hand, and of every discard after
the pickup, stay well inside the model's time budget.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from trainer.cards import Card
from trainer.games import GameType

Mode = Literal["pickup", "hand", "post"]
"""``pickup``: ten cards before the pickup, the skat to be taken; ``hand``: ten cards, the skat stays down
(it counts for the declarer); ``post``: the ten cards kept after the pickup, the two discards known."""
Kind = Literal["suit", "grand", "null"]
KINDS: tuple[Kind, ...] = ("suit", "grand", "null")
MODES: tuple[Mode, ...] = ("pickup", "hand", "post")

# rank positions inside a suit's eight indices (trainer.cards.RANK_INDEX_ORDER: 7 8 9 Q K T A J)
_SEVEN, _EIGHT, _NINE, _QUEEN, _KING, _TEN, _ACE, _JACK = range(8)
_POINTS = (0, 0, 0, 3, 4, 10, 11, 2)
_NULL_POSITION = (0, 1, 2, 5, 6, 3, 7, 4)
"""Index position -> place in the null order from the 7 (0) up to the Ace (7): 7 8 9 10 J Q K A."""
_JACK_ORDER = (3, 2, 1, 0)
"""The Jacks' suits from the highest (clubs) down."""


@dataclass(frozen=True)
class Situation:
    """The moment a hand is judged at, apart from its cards.

    ``seat``: 0 forehand, 1 middlehand, 2 rearhand. ``skat_points``: the card points of the two discards
    (``post`` only; they count for the declarer). ``others_high``: the highest bid the other two have said or
    held so far (0: none); ``others_bids``: how many of them have said or held a bid; ``others_passed``: how
    many of them have passed."""

    mode: Mode
    seat: int
    danish: bool
    skat_points: int = 0
    others_high: int = 0
    others_bids: int = 0
    others_passed: int = 0

    @functools.cached_property
    def common(self) -> tuple[float, ...]:
        return (
            float(self.mode == "pickup"),
            float(self.mode == "hand"),
            float(self.mode == "post"),
            float(self.seat == 0),
            float(self.seat == 1),
            self.others_high / 10.0,
            float(self.others_bids),
            float(self.others_passed),
            float(self.danish),
            self.skat_points / 10.0,
        )


COMMON_NAMES = (
    "mode_pickup",
    "mode_hand",
    "mode_post",
    "forehand",
    "middlehand",
    "others_high",
    "others_bids",
    "others_passed",
    "danish",
    "skat_points",
)
SUIT_NAMES = (
    "trumps",
    "club_jack",
    "spade_jack",
    "heart_jack",
    "diamond_jack",
    "trump_ace",
    "trump_ten",
    "trump_king",
    "trump_low",
    "matadors",
    "side_aces",
    "side_ace_tens",
    "side_tens_without_ace",
    "side_tens_blank",
    "side_kings_without_ace",
    "voids",
    "singletons",
    "longest_side",
    "losers",
    "points",
    *COMMON_NAMES,
)
GRAND_NAMES = (
    "jacks",
    "club_jack",
    "spade_jack",
    "heart_jack",
    "diamond_jack",
    "aces",
    "ace_tens",
    "ace_ten_kings",
    "tens_without_ace",
    "kings_without_ace",
    "voids",
    "longest",
    "runner",
    "losers",
    "points",
    "singletons",
    *COMMON_NAMES,
)
NULL_NAMES = (
    "gap_1",
    "gap_2",
    "gap_3",
    "gap_4",
    "unsafe_suits",
    "voids",
    "low_cards",
    "high_cards",
    "longest",
    "high_singletons",
    "suits_with_seven",
    "highest_card",
    *COMMON_NAMES,
)
NAMES: dict[Kind, tuple[str, ...]] = {"suit": SUIT_NAMES, "grand": GRAND_NAMES, "null": NULL_NAMES}


def kind_of(game: GameType) -> Kind:
    if game.is_null:
        return "null"
    return "grand" if game.is_grand else "suit"


def indices(cards: Sequence[Card]) -> list[int]:
    return [card.index for card in cards]


def _masks(cards: Sequence[int]) -> list[int]:
    """Per suit, the eight-bit mask of the rank positions held (bit 7: the Jack)."""
    masks = [0, 0, 0, 0]
    for index in cards:
        masks[index >> 3] |= 1 << (index & 7)
    return masks


def _bits(mask: int) -> list[int]:
    return [r for r in range(8) if mask >> r & 1]


def _losers(ranks: Sequence[int]) -> int:
    """The first three cards of a plain suit, each a loser unless the Ace, Ten and King stand above it."""
    n = len(ranks)
    held = set(ranks)
    return (
        int(n >= 1 and _ACE not in held)
        + int(n >= 2 and _TEN not in held)
        + int(n >= 3 and _KING not in held)
    )


@dataclass(frozen=True)
class _Plain:
    """What a suit's non-Jack cards (a 7-bit mask) count for in a suit or grand game."""

    n: int
    ace: bool
    ten: bool
    king: bool
    losers: int
    low: int
    """Queens and lower (as trumps: the small trumps)."""
    run: tuple[bool, ...]
    """Held or not, from the Ace down (A 10 K Q 9 8 7): the trump suit's part of the matadors."""


@dataclass(frozen=True)
class _Null:
    """What a suit's cards (an 8-bit mask, the Jack a plain card) count for in null."""

    n: int
    gap: int
    low: int
    high: int
    seven: bool
    high_single: bool
    top: int


_TRUMP_SUIT_ORDER = (_ACE, _TEN, _KING, _QUEEN, _NINE, _EIGHT, _SEVEN)


def _plain_info(mask: int) -> _Plain:
    ranks = _bits(mask)
    return _Plain(
        n=len(ranks),
        ace=_ACE in ranks,
        ten=_TEN in ranks,
        king=_KING in ranks,
        losers=_losers(ranks),
        low=sum(1 for r in ranks if r in (_QUEEN, _NINE, _EIGHT, _SEVEN)),
        run=tuple(r in ranks for r in _TRUMP_SUIT_ORDER),
    )


def _null_info(mask: int) -> _Null:
    positions = sorted(_NULL_POSITION[r] for r in _bits(mask))
    n = len(positions)
    if not n:
        return _Null(0, 0, 0, 0, False, False, 0)
    return _Null(
        n=n,
        gap=max(0, max(p - 2 * k for k, p in enumerate(positions))),
        low=sum(1 for p in positions if p <= 2),
        high=sum(1 for p in positions if p >= 5),
        seven=positions[0] == 0,
        high_single=n == 1 and positions[0] >= 3,
        top=positions[-1] - 2 * (n - 1),
    )


_PLAIN = tuple(_plain_info(mask) for mask in range(128))
_NULL = tuple(_null_info(mask) for mask in range(256))
_POINTS_OF = tuple(sum(_POINTS[r] for r in _bits(mask)) for mask in range(256))
_JACK_BIT = 1 << _JACK
_PLAIN_MASK = _JACK_BIT - 1


def _jacks(masks: Sequence[int]) -> list[bool]:
    return [bool(masks[s] & _JACK_BIT) for s in _JACK_ORDER]


def _matadors(jacks: Sequence[bool], trump_run: Sequence[bool]) -> int:
    """Signed matadors over the cards given: the run from the club Jack down (trump suit after the Jacks)."""
    order = [*jacks, *trump_run]
    top = order[0]
    run = 0
    for held in order:
        if held != top:
            break
        run += 1
    return run if top else -run


def suit_vector(cards: Sequence[int], trump: int, situation: Situation) -> list[float]:
    """The suit-game vector for ``cards`` (ten indices) with ``trump`` (a suit number) as trumps."""
    return _suit_vector(_masks(cards), trump, situation)


def _suit_vector(masks: Sequence[int], trump: int, situation: Situation) -> list[float]:
    jacks = _jacks(masks)
    t = _PLAIN[masks[trump] & _PLAIN_MASK]
    n_trumps = sum(jacks) + t.n
    matadors = _matadors(jacks, t.run)
    side_aces = side_at = side_t = side_t_blank = side_k = voids = singles = longest = losers = 0
    for s in range(4):
        if s == trump:
            continue
        info = _PLAIN[masks[s] & _PLAIN_MASK]
        n = info.n
        if n > longest:
            longest = n
        if not n:
            voids += 1
            continue
        side_aces += info.ace
        if info.ten:
            if info.ace:
                side_at += 1
            else:
                side_t += 1
                side_t_blank += n <= 2
        if info.king and not info.ace:
            side_k += 1
        if n == 1 and not info.ace:
            singles += 1
        losers += info.losers
    points = sum(_POINTS_OF[mask] for mask in masks)
    return [
        float(n_trumps),
        *(float(j) for j in jacks),
        float(t.ace),
        float(t.ten),
        float(t.king),
        float(t.low),
        float(max(-4, min(4, matadors))),
        float(side_aces),
        float(side_at),
        float(side_t),
        float(side_t_blank),
        float(side_k),
        float(voids),
        float(singles),
        float(longest),
        float(losers),
        points / 10.0,
        *situation.common,
    ]


def grand_vector(cards: Sequence[int], situation: Situation) -> list[float]:
    """The grand vector for ``cards`` (ten indices)."""
    return _grand_vector(_masks(cards), situation)


def _grand_vector(masks: Sequence[int], situation: Situation) -> list[float]:
    jacks = _jacks(masks)
    aces = at = atk = t_only = k_only = voids = longest = runner = losers = singles = 0
    for s in range(4):
        info = _PLAIN[masks[s] & _PLAIN_MASK]
        n = info.n
        if n > longest:
            longest = n
        if not n:
            voids += 1
            continue
        aces += info.ace
        if info.ace and info.ten:
            at += 1
            runner = max(runner, n)
            atk += info.king
        elif info.ten:
            t_only += 1
        if info.king and not info.ace:
            k_only += 1
        if n == 1 and not info.ace:
            singles += 1
        losers += info.losers
    points = sum(_POINTS_OF[mask] for mask in masks)
    return [
        float(sum(jacks)),
        *(float(j) for j in jacks),
        float(aces),
        float(at),
        float(atk),
        float(t_only),
        float(k_only),
        float(voids),
        float(longest),
        float(runner),
        float(losers),
        points / 10.0,
        float(singles),
        *situation.common,
    ]


def null_vector(cards: Sequence[int], situation: Situation) -> list[float]:
    """The null vector for ``cards`` (ten indices): per suit the rungs above the safe staircase (the 7, then
    the 9 as the second card, the Jack third ...), sorted so that the suits' names do not matter."""
    return _null_vector(_masks(cards), situation)


def _null_vector(masks: Sequence[int], situation: Situation) -> list[float]:
    infos = [_NULL[mask] for mask in masks]
    gaps = sorted((info.gap for info in infos), reverse=True)
    present = [info for info in infos if info.n]
    return [
        *(float(g) for g in gaps),
        float(sum(1 for g in gaps if g)),
        float(4 - len(present)),
        float(sum(info.low for info in present)),
        float(sum(info.high for info in present)),
        float(max(info.n for info in infos)),
        float(sum(info.high_single for info in present)),
        float(sum(info.seven for info in present)),
        float(max((info.top for info in present), default=0)),
        *situation.common,
    ]


def vector(kind: Kind, cards: Sequence[int], game: GameType, situation: Situation) -> list[float]:
    """The vector of ``kind`` for a game (``game`` names the trump suit of a suit game)."""
    if kind == "suit":
        suit = game.trump_suit
        assert suit is not None
        return suit_vector(cards, int(suit), situation)
    if kind == "grand":
        return grand_vector(cards, situation)
    return null_vector(cards, situation)


def vector_of_masks(kind: Kind, masks: Sequence[int], game: GameType, situation: Situation) -> list[float]:
    """:func:`vector` from the four suit masks of the cards (bit ``index & 7`` of suit ``index >> 3``), for
    a caller that judges many hands differing in two cards (the discards after the pickup)."""
    if kind == "suit":
        suit = game.trump_suit
        assert suit is not None
        return _suit_vector(masks, int(suit), situation)
    if kind == "grand":
        return _grand_vector(masks, situation)
    return _null_vector(masks, situation)
