"""The chance model's hand features against independent counts of the same things."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.cards import ALL_CARDS, Card, Rank, card_points
from trainer.chances.features import (
    GRAND_NAMES,
    NULL_NAMES,
    SUIT_NAMES,
    Situation,
    grand_vector,
    indices,
    null_vector,
    suit_vector,
)
from trainer.chances.hands import null_gaps
from trainer.games import SUIT_GAMES, GameType
from trainer.rules.play import is_trump
from trainer.rules.value import matadors

HANDS = st.lists(st.sampled_from(ALL_CARDS), min_size=10, max_size=10, unique=True)
PLAIN = Situation("pickup", 0, False)


def named(names: tuple[str, ...], vector: list[float]) -> dict[str, float]:
    assert len(names) == len(vector)
    return dict(zip(names, vector, strict=True))


def plain_suits(hand: list[Card], game: GameType) -> dict[object, list[Card]]:
    suits: dict[object, list[Card]] = {}
    for card in hand:
        if not is_trump(card, game):
            suits.setdefault(card.suit, []).append(card)
    return suits


@settings(max_examples=200)
@given(HANDS, st.sampled_from(SUIT_GAMES))
def test_suit_features_count_what_a_player_counts(hand: list[Card], game: GameType) -> None:
    f = named(SUIT_NAMES, suit_vector(indices(hand), int(game.trump_suit), PLAIN))  # type: ignore[arg-type]
    assert f["trumps"] == sum(1 for card in hand if is_trump(card, game))
    assert f["club_jack"] == any(card.is_jack and card.suit.letter == "C" for card in hand)
    assert f["matadors"] == max(-4, min(4, matadors(hand, game)))
    assert f["points"] == card_points(hand) / 10
    sides = plain_suits(hand, game)
    assert f["voids"] == 3 - len(sides)
    assert f["side_aces"] == sum(1 for cards in sides.values() for c in cards if c.rank is Rank.ACE)
    assert f["longest_side"] == max((len(cards) for cards in sides.values()), default=0)
    assert f["trumps"] + sum(len(cards) for cards in sides.values()) == 10


@settings(max_examples=200)
@given(HANDS)
def test_grand_and_null_features(hand: list[Card]) -> None:
    g = named(GRAND_NAMES, grand_vector(indices(hand), PLAIN))
    assert g["jacks"] == sum(card.is_jack for card in hand)
    assert g["aces"] == sum(card.rank is Rank.ACE for card in hand)
    n = named(NULL_NAMES, null_vector(indices(hand), PLAIN))
    gaps = sorted(null_gaps(hand), reverse=True)
    assert [n["gap_1"], n["gap_2"], n["gap_3"], n["gap_4"]] == gaps
    assert n["unsafe_suits"] == sum(1 for gap in gaps if gap)
    assert n["voids"] == 4 - len({card.suit for card in hand})


def test_situation_is_part_of_every_vector() -> None:
    hand = indices(list(ALL_CARDS[:10]))
    before = suit_vector(hand, 3, Situation("pickup", 0, False))
    later = suit_vector(hand, 3, Situation("post", 2, True, 21, 36, 2, 1))
    assert before[: len(SUIT_NAMES) - 10] == later[: len(SUIT_NAMES) - 10]
    tail = named(SUIT_NAMES, later)
    assert (tail["mode_post"], tail["forehand"], tail["danish"], tail["skat_points"]) == (1.0, 0.0, 1.0, 2.1)
    assert (tail["others_high"], tail["others_bids"], tail["others_passed"]) == (3.6, 2.0, 1.0)


@given(HANDS, st.sampled_from((*SUIT_GAMES, GameType.GRAND, GameType.NULL)))
def test_the_vector_from_suit_masks_is_the_vector_from_the_cards(hand: list[Card], game: GameType) -> None:
    """After the pickup each discard is judged from the twelve cards' suit masks with two bits cleared
    (``vector_of_masks``): the same vector as from the ten cards kept."""
    from trainer.chances.features import kind_of, vector, vector_of_masks

    kept = indices(hand)
    masks = [0, 0, 0, 0]
    for i in kept:
        masks[i >> 3] |= 1 << (i & 7)
    kind = kind_of(game)
    assert vector_of_masks(kind, masks, game, PLAIN) == vector(kind, kept, game, PLAIN)
