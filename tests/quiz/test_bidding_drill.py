"""The drill "Would you bid? How high? Hand or pick up?": its right answer is the chance model's best
expected score at the lowest bid (or a pass when nothing pays), among distinct tempting choices."""

from __future__ import annotations

import pytest

from trainer.chances import hand_chances
from trainer.deal import Seat
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.quiz import BID_DRILL, KINDS, check, generate
from trainer.quiz.bidding_drill import PASS, answer_key, build_bid_drill, declaration_of
from trainer.quiz.chapters import CHAPTER_KINDS


@pytest.mark.parametrize("profile", [DANISH, INTERNATIONAL], ids=lambda p: p.name)
def test_the_answer_is_the_best_expected_score_at_the_lowest_bid(profile: RuleProfile) -> None:
    passes = bids = 0
    for seed in range(20):
        q = generate(BID_DRILL, seed, profile)
        hand = q.shown[0].cards
        seat = next(s for s in Seat if s.english in q.prompt.english)
        chances = hand_chances(profile, hand, seat)
        at = profile.min_bid
        worth = [c for c in chances if c.max_bid is not None and c.max_bid >= at]
        if q.answer == PASS:
            passes += 1
            assert not worth
            continue
        bids += 1
        best = max(worth, key=lambda c: c.expected_at(profile, at))
        chosen = next(c for c in chances if answer_key(c) == q.answer)
        assert chosen.expected_at(profile, at) == pytest.approx(best.expected_at(profile, at))
        assert declaration_of(q.answer) == chosen.declaration
    assert passes and bids


def test_choices_are_distinct_and_the_wrong_ones_are_graded_wrong() -> None:
    for seed in range(15):
        q = generate(BID_DRILL, seed, INTERNATIONAL)
        values = [c.value for c in q.choices]
        assert 2 <= len(values) <= 4 and len(set(values)) == len(values) and q.answer in values
        assert check(q, q.answer).correct
        for value in values:
            if value != q.answer:
                assert not check(q, value).correct
        assert any("ceiling" in step.english or "pays off" in step.english for step in q.explanation)


def test_the_drill_is_a_quiz_type_and_in_the_bidding_chapters() -> None:
    assert BID_DRILL in KINDS
    assert BID_DRILL in CHAPTER_KINDS["07-bidding"] and BID_DRILL in CHAPTER_KINDS["08-highest-bid"]


def test_a_hopeless_hand_is_a_pass() -> None:
    from trainer.cards import parse_cards

    q = build_bid_drill(INTERNATIONAL, parse_cards("CK CQ ST S9 HK HQ H8 DK DQ D8"), Seat.MIDDLEHAND)
    assert q.answer == PASS
