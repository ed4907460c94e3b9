"""evaluate_game refuses card points and tricks that cannot happen together (issue 12).

With t tricks the declarer holds 3t + 2 cards (the skat counts for the declarer). The possible totals are
worked out here independently of the engine: once by choosing how many cards of each point value the
declarer holds (a brute force over the pack's real counts: 4 aces, 4 tens, 4 kings, 4 queens, 4 Jacks,
12 blanks), and, where it is small enough, by summing every real set of cards with itertools.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.cards import ALL_CARDS
from trainer.errors import DeclarationError
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.rules.value import check_points_and_tricks, evaluate_game, possible_declarer_points

BOTH = [DANISH, INTERNATIONAL]
CLUBS = Declaration(GameType.CLUBS)

# the pack by point value: 4 aces (11), 4 tens (10), 4 kings (4), 4 queens (3), 4 Jacks (2), 12 blanks (0)
PACK_BY_VALUE = {11: 4, 10: 4, 4: 4, 3: 4, 2: 4, 0: 12}


def brute_force_totals(cards: int) -> set[int]:
    """Every total of exactly ``cards`` cards, by trying every count of each point value."""
    values = list(PACK_BY_VALUE)
    totals: set[int] = set()
    for counts in itertools.product(*(range(PACK_BY_VALUE[v] + 1) for v in values)):
        if sum(counts) == cards:
            totals.add(sum(v * n for v, n in zip(values, counts, strict=True)))
    return totals


def test_the_pack_has_the_counts_the_brute_force_assumes() -> None:
    counted: dict[int, int] = {}
    for card in ALL_CARDS:
        counted[card.points] = counted.get(card.points, 0) + 1
    assert counted == PACK_BY_VALUE


@pytest.mark.parametrize("tricks", range(11))
def test_possible_points_match_a_brute_force_over_the_pack(tricks: int) -> None:
    expected = brute_force_totals(3 * tricks + 2)
    for profile in BOTH:
        assert possible_declarer_points(profile, tricks) == expected


@pytest.mark.parametrize(("tricks", "declarer_side"), [(0, True), (1, True), (9, False), (8, False)])
def test_possible_points_match_every_real_set_of_cards(tricks: int, declarer_side: bool) -> None:
    """0 and 1 tricks: every real 2- and 5-card set the declarer can hold; 9 and 8 tricks: every real 3-
    and 6-card set the defenders can hold (the declarer has the other 120 − x)."""
    size = 3 * tricks + 2 if declarer_side else 32 - (3 * tricks + 2)
    sums = {sum(card.points for card in combo) for combo in itertools.combinations(ALL_CARDS, size)}
    expected = sums if declarer_side else {120 - s for s in sums}
    assert possible_declarer_points(INTERNATIONAL, tricks) == expected


def test_the_bounds_in_words() -> None:
    possible = {t: possible_declarer_points(INTERNATIONAL, t) for t in range(11)}
    # 0 tricks: only the skat, at most A + A = 22, and 1, 9, 16..19 cannot be made from two cards
    assert min(possible[0]) == 0 and max(possible[0]) == 22
    assert not {1, 9, 16, 17, 18, 19} & possible[0]
    # 10 tricks: every card, so the defenders have 0 points
    assert possible[10] == {120}
    # 4 tricks = 14 cards: at least 2 points once the 12 blanks are used up (+ 2 Jacks = 4)
    assert min(possible[4]) == 4
    # 9 tricks: the defenders hold 3 cards, at most A + A + A = 33
    assert min(possible[9]) == 87
    # nobody can have 1 point or 119 with a trick to the other side: no card is worth 1
    assert all(1 not in possible[t] and 119 not in possible[t] for t in range(10))


@pytest.mark.parametrize("profile", BOTH, ids=lambda p: p.name)
@pytest.mark.parametrize(
    ("points", "tricks"),
    [(100, 0), (61, 10), (0, 10), (23, 0), (60, 8), (55, 1), (1, 5), (119, 6), (3, 4), (86, 9)],
)
def test_impossible_pairs_are_refused(profile: RuleProfile, points: int, tricks: int) -> None:
    with pytest.raises(DeclarationError) as caught:
        evaluate_game(profile, CLUBS, matadors=1, bid=18, declarer_points=points, declarer_tricks=tricks)
    message = str(caught.value)
    assert str(points) in message and "card" in message


def test_the_messages_say_what_is_possible() -> None:
    with pytest.raises(DeclarationError, match=r"only the skat \(2 cards\): 0 to 22 card points, never 100"):
        check_points_and_tricks(INTERNATIONAL, 100, 0)
    with pytest.raises(DeclarationError, match=r"every card: 120 card points, not 61"):
        check_points_and_tricks(INTERNATIONAL, 61, 10)
    with pytest.raises(DeclarationError, match=r"8 tricks and the skat are 26 cards.*nearest: 58 / 62"):
        check_points_and_tricks(INTERNATIONAL, 60, 8)
    with pytest.raises(DeclarationError, match="between 0 and 120, not 121"):
        check_points_and_tricks(INTERNATIONAL, 121, 5)
    with pytest.raises(DeclarationError, match="between 0 and 10 tricks, not -1"):
        check_points_and_tricks(INTERNATIONAL, 60, -1)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 10))
def test_every_real_deal_split_is_accepted(seed: int, tricks: int) -> None:
    """Whatever real cards the declarer ends with (3t + 2 of a shuffled pack), the result is scored."""
    pack = list(ALL_CARDS)
    random.Random(seed).shuffle(pack)
    points = sum(card.points for card in pack[: 3 * tricks + 2])
    result = evaluate_game(
        INTERNATIONAL, CLUBS, matadors=1, bid=18, declarer_points=points, declarer_tricks=tricks
    )
    assert result.declarer_points == points and result.declarer_tricks == tricks


@pytest.mark.parametrize("profile", BOTH, ids=lambda p: p.name)
def test_every_pair_is_refused_exactly_when_no_cards_make_it(profile: RuleProfile) -> None:
    for tricks in range(11):
        possible = brute_force_totals(3 * tricks + 2)
        for points in range(121):
            if points in possible:
                evaluate_game(
                    profile, CLUBS, matadors=1, bid=18, declarer_points=points, declarer_tricks=tricks
                )
            else:
                with pytest.raises(DeclarationError):
                    evaluate_game(
                        profile, CLUBS, matadors=1, bid=18, declarer_points=points, declarer_tricks=tricks
                    )


def test_a_null_game_checks_only_the_ranges() -> None:
    """Card points do not count in a null game; out-of-range numbers are still refused."""
    null = Declaration(GameType.NULL)
    lost = evaluate_game(INTERNATIONAL, null, matadors=0, bid=23, declarer_points=0, declarer_tricks=5)
    assert not lost.won
    with pytest.raises(DeclarationError):
        evaluate_game(INTERNATIONAL, null, matadors=0, bid=23, declarer_points=0, declarer_tricks=11)
    with pytest.raises(DeclarationError):
        evaluate_game(INTERNATIONAL, null, matadors=0, bid=23, declarer_points=500, declarer_tricks=0)
