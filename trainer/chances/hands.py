"""Judging a hand by the rules of thumb: how strong it is for each game, how high it may bid, which game
to declare and which two cards to lay away.

Suit game: count the trumps (Jacks and the trump suit), weigh the top Jacks, the side Aces and guarded
Tens, and the voids a trump hand can ruff in. Grand: the Jacks and the Aces with their Tens, and a long suit
that runs. Null: every suit must be low enough that the opponents have to go over it. The scores are in
"tricks-ish" units; a game is playable with the skat at :data:`PLAYABLE` and as a hand game at
:data:`HAND_GAME`. Bidding counts the matadors as the ten cards show them (the textbook's way), but a
"without 2" or more is bid one lower: a missing top Jack in the skat would overbid the game.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from trainer.cards import RANK_ORDER_NULL, Card, Rank, Suit
from trainer.games import SUIT_GAMES, Declaration, GameType
from trainer.profiles import RuleProfile
from trainer.rules.play import is_trump
from trainer.rules.value import game_value, matadors

PLAYABLE = {"suit": 8.25, "grand": 6.0, "null": 0.0}
"""Score from which a game is worth bidding for with a skat pickup (null: unsafe suits allowed, see below)."""
HAND_GAME = {"suit": 11.0, "grand": 8.5}
"""Score from which the club plays hand (without picking up)."""
_JACK_WEIGHT = {Suit.CLUBS: 1.0, Suit.SPADES: 0.8, Suit.HEARTS: 0.6, Suit.DIAMONDS: 0.5}


def _suit_cards(cards: Iterable[Card], suit: Suit) -> list[Card]:
    return [card for card in cards if card.suit is suit and not card.is_jack]


def suit_score(cards: Sequence[Card], game: GameType) -> float:
    """Strength of a hand for a suit game (10 cards; 12 before the discard)."""
    trump = game.trump_suit
    assert trump is not None
    trumps = [card for card in cards if is_trump(card, game)]
    score = float(len(trumps))
    for card in trumps:
        if card.is_jack:
            score += _JACK_WEIGHT[card.suit]
        elif card.rank is Rank.ACE:
            score += 0.5
        elif card.rank is Rank.TEN:
            score += 0.25
    for suit in Suit:
        if suit is trump:
            continue
        side = _suit_cards(cards, suit)
        ranks = {card.rank for card in side}
        if not side:
            score += 0.75 if len(trumps) >= 5 else 0.25
            continue
        if Rank.ACE in ranks:
            score += 1.0
            if Rank.TEN in ranks:
                score += 0.75
        elif Rank.TEN in ranks:
            score += 0.3 if len(side) >= 3 else -0.3
        if len(side) == 1 and Rank.ACE not in ranks:
            score += 0.25
    return score


def grand_score(cards: Sequence[Card], forehand: bool = False) -> float:
    """Strength of a hand for grand."""
    jacks = [card for card in cards if card.is_jack]
    score = sum(1.0 + _JACK_WEIGHT[card.suit] * 0.6 for card in jacks)
    for suit in Suit:
        side = _suit_cards(cards, suit)
        ranks = {card.rank for card in side}
        if Rank.ACE in ranks:
            score += 1.0
            if Rank.TEN in ranks:
                score += 0.9
                if Rank.KING in ranks:
                    score += 0.5
            if len(side) >= 4:
                score += 0.4 * (len(side) - 3)
        elif Rank.TEN in ranks:
            score += 0.4 if len(side) >= 2 else -0.2
        if not side:
            score += 0.3
    if forehand:
        score += 0.5
    if len(jacks) <= 1:
        score -= 1.5
    return score


def _null_position(card: Card) -> int:
    """0 for the 7 up to 7 for the Ace (the null rank order)."""
    return len(RANK_ORDER_NULL) - 1 - RANK_ORDER_NULL.index(card.rank)


def null_gaps(cards: Sequence[Card]) -> list[int]:
    """Per suit, how far its cards stand above the safe staircase (7; 9 as the second card; J third...):
    0 = the suit is safe, more = that many rungs too high."""
    gaps: list[int] = []
    for suit in Suit:
        positions = sorted(_null_position(card) for card in cards if card.suit is suit)
        gaps.append(max((p - 2 * k for k, p in enumerate(positions)), default=0) if positions else 0)
    return [max(gap, 0) for gap in gaps]


def null_score(cards: Sequence[Card]) -> float:
    """Null strength: 0 when every suit is safe; minus the rungs each suit stands too high."""
    return -float(sum(null_gaps(cards)))


@dataclass(frozen=True)
class Option:
    """A game the hand could play: its declaration, the rule-of-thumb score and whether it is playable."""

    declaration: Declaration
    score: float
    playable: bool
    limit: int
    """The highest bid this game justifies (0 when it is not playable)."""


def _bid_matadors(cards: Sequence[Card], game: GameType) -> int:
    count = matadors(cards, game)
    if count <= -2:
        count += 1
    return count


def options(profile: RuleProfile, cards: Sequence[Card], *, forehand: bool = False) -> list[Option]:
    """The games a ten-card hand could bid for, best score first (pickup games; hand and null variants
    where the rules of thumb call for them)."""
    found: list[Option] = []
    for game in SUIT_GAMES:
        score = suit_score(cards, game) + (0.3 if forehand else 0.0)
        hand = score >= HAND_GAME["suit"]
        d = profile.check_declaration(Declaration(game, hand=hand))
        value = game_value(profile, d, _bid_matadors(cards, game)).value
        playable = score >= PLAYABLE["suit"] and sum(1 for c in cards if is_trump(c, game)) >= 5
        found.append(Option(d, score, playable, value if playable else 0))
    score = grand_score(cards, forehand)
    hand = score >= HAND_GAME["grand"]
    d = profile.check_declaration(Declaration(GameType.GRAND, hand=hand))
    value = game_value(profile, d, _bid_matadors(cards, GameType.GRAND)).value
    playable = score >= PLAYABLE["grand"]
    found.append(Option(d, score, playable, value if playable else 0))
    found.extend(null_options(profile, cards))
    return sorted(found, key=lambda o: (-o.playable, -o.limit, -o.score))


def null_options(profile: RuleProfile, cards: Sequence[Card]) -> list[Option]:
    """The null games the profile has that this hand can play: all suits safe for a hand or open null,
    at most one suit a rung or two too high for a null with the skat (the skat may mend it)."""
    gaps = null_gaps(cards)
    unsafe = sum(1 for gap in gaps if gap)
    worst = max(gaps)
    found: list[Option] = []
    for hand, ouvert, value in profile.null_values:
        mendable = unsafe == 1 and worst <= (1 if ouvert else 2)
        playable = unsafe == 0 or (not hand and mendable)
        d = Declaration(GameType.NULL, hand=hand, ouvert=ouvert)
        score = null_score(cards)
        found.append(Option(d, score, playable, value if playable else 0))
    return found


def bid_limit(
    profile: RuleProfile, cards: Sequence[Card], *, forehand: bool = False
) -> tuple[int, Option | None]:
    """The highest bid the hand justifies, and the game it is for (0 and None: pass)."""
    playable = [o for o in options(profile, cards, forehand=forehand) if o.playable]
    if not playable:
        return 0, None
    best = max(playable, key=lambda o: (o.limit, o.score))
    return best.limit, best


# ---- the skat: discards and the declaration ---------------------------------------------------------------


def discard_for(cards: Sequence[Card], game: GameType) -> tuple[Card, Card]:
    """The two cards a rule-of-thumb declarer lays away from twelve for ``game``.

    Suit and grand: never a trump; first the blank Tens and Kings of short suits (their points count for the
    declarer and a void follows), then the lowest cards of the shortest suit without an Ace. Null: the two
    highest cards of the riskiest suits."""
    if game.is_null:
        best: tuple[Card, Card] | None = None
        best_key: tuple[float, int] | None = None
        for pair in itertools.combinations(cards, 2):
            rest = [card for card in cards if card not in pair]
            key = (null_score(rest), -sum(_null_position(c) for c in pair))
            if best_key is None or key > best_key:
                best, best_key = (pair[0], pair[1]), key
        assert best is not None
        return best

    def scorer(rest: Sequence[Card]) -> float:
        return grand_score(rest) if game.is_grand else suit_score(rest, game)

    plain = [card for card in cards if not is_trump(card, game)]
    pool = plain if len(plain) >= 2 else list(cards)
    best_pair: tuple[Card, Card] | None = None
    best_value: float | None = None
    for pair in itertools.combinations(pool, 2):
        rest = [card for card in cards if card not in pair]
        value = scorer(rest) + 0.05 * (pair[0].points + pair[1].points)
        if best_value is None or value > best_value:
            best_pair, best_value = (pair[0], pair[1]), value
    assert best_pair is not None
    return best_pair


@dataclass(frozen=True)
class Plan:
    """A declaration with its discards (empty for a hand game) and the score the rules of thumb give it."""

    declaration: Declaration
    discards: tuple[Card, ...]
    score: float
    reaches_bid: bool


def _reaches(profile: RuleProfile, d: Declaration, all_cards: Sequence[Card], bid: int) -> bool:
    if d.game.is_null:
        value = profile.null_value(d.hand, d.ouvert)
        return value is not None and value >= bid
    return game_value(profile, d, matadors(all_cards, d.game)).value >= bid


def _normalized_score(d: Declaration, rest: Sequence[Card]) -> float:
    """Scores on one scale: how far over its playable line a game stands."""
    if d.game.is_null:
        return null_score(rest) + 1.5 - (1.0 if d.ouvert else 0.0)
    if d.game.is_grand:
        return grand_score(rest) - PLAYABLE["grand"]
    return suit_score(rest, d.game) - PLAYABLE["suit"]


def plans_after_pickup(profile: RuleProfile, twelve: Sequence[Card], bid: int) -> list[Plan]:
    """Every pickup declaration the profile allows, each with its rule-of-thumb discard, best first (those
    that reach the bid before the others). Remembered per hand: the declaration after the discard asks too."""
    return list(_plans_after_pickup(profile, tuple(sorted(twelve, key=lambda c: c.index)), bid))


@functools.lru_cache(maxsize=256)
def _plans_after_pickup(profile: RuleProfile, twelve: tuple[Card, ...], bid: int) -> tuple[Plan, ...]:
    return tuple(_compute_plans(profile, twelve, bid))


def _compute_plans(profile: RuleProfile, twelve: Sequence[Card], bid: int) -> list[Plan]:
    plans: list[Plan] = []
    for game in (*SUIT_GAMES, GameType.GRAND):
        pair = discard_for(twelve, game)
        rest = [card for card in twelve if card not in pair]
        d = profile.check_declaration(Declaration(game))
        plans.append(Plan(d, pair, _normalized_score(d, rest), _reaches(profile, d, twelve, bid)))
    null_pair = discard_for(twelve, GameType.NULL)
    rest = [card for card in twelve if card not in null_pair]
    for hand, ouvert, _value in profile.null_values:
        if hand:
            continue
        d = Declaration(GameType.NULL, ouvert=ouvert)
        plans.append(Plan(d, null_pair, _normalized_score(d, rest), _reaches(profile, d, twelve, bid)))
    return _prefer_value(profile, sorted(plans, key=lambda p: (-p.reaches_bid, -p.score)), twelve)


SOLID = 1.0
"""Games this far over their playable line count as solid: among solid games the most valuable is declared."""


def _prefer_value(profile: RuleProfile, plans: list[Plan], cards: Sequence[Card]) -> list[Plan]:
    """Put the most valuable solid plan that reaches the bid first (the order is otherwise by score)."""
    solid = [p for p in plans if p.reaches_bid and p.score >= SOLID and not p.declaration.game.is_null]
    if not solid:
        return plans
    best = max(solid, key=lambda p: (plan_value(profile, p.declaration, cards), p.score))
    return [best, *(p for p in plans if p is not best)]


def plan_value(profile: RuleProfile, d: Declaration, cards: Sequence[Card]) -> int:
    """The declaration's value with the matadors of ``cards`` and no level beyond those declared."""
    if d.game.is_null:
        return profile.null_value(d.hand, d.ouvert) or 0
    return game_value(profile, d, matadors(cards, d.game)).value
