"""The coach's engine side: bid hints from the calculators, win-chance estimates and the memory check (the
evening's score sheet is tests/engine/test_scoring.py and tests/play/test_table_session.py)."""

from __future__ import annotations

import random

from trainer.bidding import highest_safe_bid
from trainer.cards import parse_cards
from trainer.coach import bidding_hints, estimate_win_chance, memory_check
from trainer.deal import Seat
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL

# The textbook's "uden 2, spil 3" hand: hearts holding the red Jacks.
HAND = parse_cards("HJ DJ HA HT HK HQ H9 SA ST C7")


def test_hints_are_the_calculators_values_highest_first() -> None:
    hints = bidding_hints(DANISH, HAND, Seat.FOREHAND)
    values = [hint.value for hint in hints]
    assert values == sorted(values, reverse=True)
    hearts = next(h for h in hints if h.declaration == Declaration(GameType.HEARTS))
    assert hearts.value == highest_safe_bid(DANISH, HAND, GameType.HEARTS) == 30
    assert hearts.breakdown.danish_words().startswith("uden 2, spil 3")
    assert all(hint.chance is None for hint in hints)


def test_a_strong_suit_hand_is_estimated_to_win_and_a_weak_one_not() -> None:
    strong = parse_cards("CJ SJ HJ DJ CA CT CK CQ SA HA")
    weak = parse_cards("C7 C8 S7 S8 S9 H7 H8 D7 D8 D9")
    rng = random.Random(4)
    good = estimate_win_chance(INTERNATIONAL, strong, Seat.FOREHAND, Declaration(GameType.CLUBS), rng=rng)
    bad = estimate_win_chance(INTERNATIONAL, weak, Seat.MIDDLEHAND, Declaration(GameType.CLUBS), rng=rng)
    assert good.samples > 0 and bad.samples > 0
    assert good.chance is not None and good.chance > 0.9
    assert bad.chance is not None and bad.chance < 0.1


def test_chances_are_estimated_for_the_best_game_of_each_kind_within_the_budget() -> None:
    hints = bidding_hints(
        INTERNATIONAL, HAND, Seat.REARHAND, rng=random.Random(1), chances=3, time_budget=1.5
    )
    estimated = [h for h in hints if h.chance is not None]
    assert len(estimated) == 3
    kinds = {("null" if h.declaration.game.is_null else h.declaration.game.value) for h in estimated}
    assert "grand" in kinds and "null" in kinds


def test_memory_check_counts_the_trumps_the_others_held() -> None:
    check = memory_check(GameType.HEARTS, HAND, 70, 50)
    assert check.trumps_held == 7 and check.trumps_out == 4
    assert memory_check(GameType.NULL, HAND, 0, 120).trumps_out is None


def test_memory_check_leaves_the_skats_trumps_out() -> None:
    """#24: the other two held 5 trumps when the sixth lay in the skat (the check said 6)."""
    skat = parse_cards("H8 C8")
    check = memory_check(GameType.HEARTS, HAND, 70, 50, skat=skat)
    assert check.trumps_out == 3 and check.trumps_held == 7
