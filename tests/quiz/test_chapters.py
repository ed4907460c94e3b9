"""Chapter questions: every chapter's types generate for both profiles, and the chapter-only types give the
answers an independent reckoning gives (seats clockwise from the dealer, the cut from the right, the last
dealer on the first dealer's right, a thrown game on the bid, Slå 40 an on the ten cards, grand 20 vs 24)."""

from __future__ import annotations

import math

import pytest

from trainer.lessons import available_chapters
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.quiz import Question, check
from trainer.quiz.chapters import (
    CHAPTER_KINDS,
    CUT,
    LAST_DEALER,
    PLAYERS,
    RULES_COMPARE,
    SEATS,
    SLAA_40,
    STRONGEST,
    THROWN,
    chapter_question,
    question_of,
)

from .helpers import JACK_ORDER, base, count_matadors, iss, param, strength

PROFILES = (DANISH, INTERNATIONAL)
SEEDS = range(40)


def test_every_chapter_has_question_types() -> None:
    assert {ref.slug for ref in available_chapters()} <= set(CHAPTER_KINDS)


@pytest.mark.parametrize("slug", sorted(CHAPTER_KINDS))
@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_chapter_questions_generate_and_check(slug: str, profile: RuleProfile) -> None:
    for seed in range(12):
        question = chapter_question(slug, seed, profile)
        assert question == chapter_question(slug, seed, profile), "the same seed gives the same question"
        assert question.explanation
        assert check(question, question.answer.replace("−", "-")).correct
        if question.mode == "choice":
            assert question.answer in {c.value for c in question.choices}


def _names(question: Question) -> list[str]:
    return str(param(question, "names")).split(", ")


def test_seats_clockwise_from_the_dealer() -> None:
    answers = set()
    for seed in SEEDS:
        q = question_of(SEATS, seed, DANISH)
        names = _names(q)
        dealer, asked = names.index(str(param(q, "dealer"))), names.index(str(param(q, "player")))
        n = len(names)
        playing = [1, 2, n - 1] if n == 5 else [1, 2, 3 % n]  # at three the dealer is rearhand
        offset = (asked - dealer) % n
        expected = str(playing.index(offset)) if offset in playing else "out"
        assert q.answer == expected
        answers.add(expected)
    assert answers == {"0", "1", "2", "out"}


def test_the_dealer_s_right_hand_neighbour_cuts() -> None:
    for seed in SEEDS:
        q = question_of(CUT, seed, INTERNATIONAL)
        names = _names(q)
        assert q.answer == names[(names.index(str(param(q, "dealer"))) - 1) % len(names)]


def test_the_last_round_and_the_grand_hand_round() -> None:
    kinds = set()
    for seed in SEEDS:
        q = question_of(LAST_DEALER, seed, DANISH)
        if q.answer in PLAYERS:
            names = _names(q)
            assert q.answer == names[(names.index(str(param(q, "first"))) - 1) % len(names)]
            kinds.add("last")
        else:
            assert q.answer == "one_more_round"
            kinds.add("grand")
    assert kinds == {"last", "grand"}


def test_a_thrown_game_is_settled_on_the_bid() -> None:
    for profile in PROFILES:
        for seed in SEEDS:
            q = question_of(THROWN, seed, profile)
            bid = param(q, "bid")
            assert isinstance(bid, int)
            amount = int(q.answer)
            if profile is DANISH:  # 1 øre per point of the bid rounded up to tens, to each of two defenders
                assert amount == -2 * math.ceil(bid / 10) * 10
            else:  # the list: lost, at least the bid, doubled
                assert amount < 0 and amount % 2 == 0 and -amount >= 2 * bid


def test_slaa_40_an_is_judged_on_the_ten_cards() -> None:
    answers = set()
    for seed in SEEDS:
        q = question_of(SLAA_40, seed, DANISH)
        game = param(q, "game")
        ten = iss(q.shown[1].cards)
        value = (abs(count_matadors(ten, game.value)) + 1) * base(game.value, "danish")  # type: ignore[union-attr]
        assert q.answer == ("yes" if value >= 40 else "no")
        answers.add(q.answer)
    assert answers == {"yes", "no"}
    assert question_of(SLAA_40, 1, INTERNATIONAL).kind == "game_value", (
        "no Slå 40 an outside the Danish rules"
    )


def test_strongest_card_is_the_highest_trump() -> None:
    for seed in SEEDS:
        q = question_of(STRONGEST, seed, DANISH)
        game = param(q, "game").value  # type: ignore[union-attr]
        cards = iss(q.shown[0].cards)
        assert q.answer == max(cards, key=lambda c: strength(c, "-", game))
        assert any(c in JACK_ORDER or c[0] == q.answer[0] for c in cards)


def test_rules_compare_differs_only_in_the_grand_base() -> None:
    for profile, other in ((DANISH, INTERNATIONAL), (INTERNATIONAL, DANISH)):
        for seed in SEEDS:
            q = question_of(RULES_COMPARE, seed, profile)
            here, there = param(q, "value"), int(q.answer)
            assert isinstance(here, int)
            if param(q, "declaration").game.value == "grand":  # type: ignore[union-attr]
                assert here * base("grand", other.name) == there * base("grand", profile.name)
            else:
                assert here == there
