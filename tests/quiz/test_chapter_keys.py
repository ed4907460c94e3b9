"""Every chapter check, drawn 400 times (200 seeds under each rule set): each key has exactly one
defensible answer and obeys every rule its chapter states, and the check asks only what its chapter and the
ones before it taught.

The keys of money and value questions are recomputed by the small independent model of
``test_independent_keys``; the lead rule is checked against chapter 11's three rules (declarer on the left:
the long suit; on the right: the short suit; never leave a 10 alone).
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from trainer.cards import card_points, parse_cards
from trainer.games import GameType
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.quiz import BID_DRILL, COUNT_EYES, GAME_RESULT, SETTLE, Message, Question
from trainer.quiz.chapter_items import (
    DECLARER_COUNT,
    LEAD_RULE,
    MONEY,
    OTHER_PILE,
    OVERBID_WAY,
    SPOERGE,
    TRUMPS_LEFT,
)
from trainer.quiz.chapters import CHAPTER_KINDS, THROWN, chapter_question
from trainer.rules.play import trump_order

from .chapter_rules import CHECKERS
from .helpers import ladder
from .test_independent_keys import (
    BASE,
    per_defender,
    result_key,
    settle_key,
)

SEEDS_PER_PROFILE = 200
"""400 draws of every check: 200 under each rule set."""

SLOW = {"07-bidding", "08-highest-bid", "13-winning", "14-losing"}
"""Checks whose questions ask the chance model or play games out (a few seconds per hundred)."""

LATER_WORDS: dict[str, tuple[str, ...]] = {
    "musik": ("18-dearer",),
    "Musik": ("18-dearer",),
    "Spørge": ("18-dearer",),
    "Slå 40 an": ("18-dearer",),
    "kontra": ("18-dearer",),
    "Ramse was played for": ("17-money",),
    "ouvert": ("06-game-types",),
}
"""Words of a rule and the lesson that teaches it: a check before that lesson may not use them."""


def _kind_of(slug: str, seed: int) -> str:
    kinds = CHAPTER_KINDS[slug]
    return kinds[seed % len(kinds)]


def _one_defensible_answer(q: Question) -> None:
    assert q.answer != "" or q.mode == "cards"
    if q.mode == "choice":
        values = [c.value for c in q.choices]
        assert len(values) == len(set(values)), "two choices with the same value"
        assert q.answer in values
        labels = [c.label.english for c in q.choices]
        assert len(labels) == len(set(labels)), f"two choices read the same: {labels}"
    elif q.mode == "number":
        int(q.answer)
    else:
        assert set(q.answer_cards) <= set(q.options)
    assert q.explanation, "every key is explained"


def _lead_rule(q: Question) -> None:
    text = q.prompt.english
    game = GameType(next(g for g in BASE if f"The game is {g}" in text))
    hand = q.shown[0].cards
    trumps = set(trump_order(game))
    suits: dict[str, list[str]] = {}
    for card in hand:
        if card not in trumps:
            suits.setdefault(card.suit.name, []).append(card.iss)
    left = "middlehand is the declarer" in text
    length = {s: len(c) for s, c in suits.items()}
    want = max(length.values()) if left else min(length.values())
    assert [s for s in suits if length[s] == want] == [q.answer], "the long or short suit, and only one"
    chosen = suits[q.answer]
    bare_ten = len(chosen) <= 2 and any(code[1] == "T" for code in chosen)
    assert not bare_ten, f"leading {chosen} leaves a 10 alone (chapter 11)"


POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
"""Card points by rank (chapter 2); nines, eights and sevens count nothing."""


def _points(codes: list[str]) -> int:
    return sum(POINTS.get(code[1], 0) for code in codes)


def _is_trump(code: str, game: str) -> bool:
    """Chapter 3: the Jacks are trumps, and in a suit game the cards of the trump suit."""
    return code[1] == "J" or (game != "grand" and code[0] == game[0].upper())


def _key_rules(slug: str, kind: str, q: Question, profile: RuleProfile) -> None:
    text = q.prompt.english
    if kind == TRUMPS_LEFT:  # chapter 11: 11 trumps in a suit game, 4 in a grand, less yours and the fallen
        game = re.search(r"declarer in (\w+)\.", text)[1]  # type: ignore[index]
        hand, fallen = ([c.iss for c in shown.cards] for shown in q.shown)
        total = 4 if game == "grand" else 11
        mine = sum(_is_trump(c, game) for c in hand)
        assert all(_is_trump(c, game) for c in fallen)
        assert int(q.answer) == total - mine - len(fallen), text
    elif kind == DECLARER_COUNT:  # chapters 11 and 12: the tricks and the skat laid away
        assert int(q.answer) == _points([c.iss for shown in q.shown for c in shown.cards])
    elif kind == OTHER_PILE:  # chapter 12: the two piles make 120
        assert int(q.answer) == 120 - int(re.search(r"counts (\d+) card points", text)[1])  # type: ignore[index]
    elif kind == LEAD_RULE:
        _lead_rule(q)
    elif kind == GAME_RESULT:
        assert q.answer == result_key(text, profile.name), text
    elif kind == SETTLE:
        assert int(q.answer) == settle_key(text, profile.name), text
    elif kind == COUNT_EYES:
        assert int(q.answer) == card_points(q.shown[0].cards)
    elif kind in (THROWN, MONEY) and "throw the cards" in text:
        assert "from each defender" in text or "in the list" in text, "the prompt names the unit"
        found = re.search(r"at (\d+) (?:for|on) ", text)
        assert found, text
        if "from each defender" in text:  # thrown before play: lost on the bid (chapters 15, 17)
            assert int(q.answer) == per_defender(int(found[1]), False, text)
    elif kind == SPOERGE:
        assert "from each defender" in text
    elif kind == OVERBID_WAY and "settled" in text:
        assert int(q.answer) >= int(text.split("bidding at ")[1].split()[0]), "never below the bid"


def _taught_so_far(slug: str, q: Question) -> None:
    text = q.prompt.english
    for word, lessons in LATER_WORDS.items():
        if word in text:
            assert min(lessons) <= slug, f"{slug} asks about {word!r}, taught in {min(lessons)}"


def _check_chapter(slug: str) -> None:
    for profile in (DANISH, INTERNATIONAL):
        for seed in range(SEEDS_PER_PROFILE):
            q = chapter_question(slug, seed, profile)
            kind = _kind_of(slug, seed)
            assert q.kind == kind
            _one_defensible_answer(q)
            _key_rules(slug, kind, q, profile)
            CHECKERS[kind](q, profile)
            _taught_so_far(slug, q)


def test_every_question_type_of_a_chapter_check_has_a_rule_checker() -> None:
    """A new question type in a chapter check needs its chapter's rules written down in chapter_rules."""
    kinds = {kind for kinds in CHAPTER_KINDS.values() for kind in kinds}
    assert kinds == set(CHECKERS), (kinds - set(CHECKERS), set(CHECKERS) - kinds)


@pytest.mark.parametrize("slug", [s for s in CHAPTER_KINDS if s not in SLOW])
def test_every_chapter_check_has_one_defensible_key(slug: str) -> None:
    _check_chapter(slug)


@pytest.mark.slow
@pytest.mark.parametrize("slug", sorted(SLOW))
def test_every_slow_chapter_check_has_one_defensible_key(slug: str) -> None:
    _check_chapter(slug)


def test_the_bare_ten_rule_is_checked() -> None:
    """The lead check's test fails on a lead that leaves a 10 alone (the rule the old key broke): hearts are
    trumps, the declarer sits on the right, and the only short suit is ♦10 ♦7."""
    q = chapter_question("11-playing", 0, DANISH)
    assert q.kind == LEAD_RULE
    hand = parse_cards("CJ HA H9 H8 DT D7 SA SK SQ S9")
    bad = dataclasses.replace(
        q,
        prompt=Message("The game is hearts, and rearhand is the declarer."),
        answer="DIAMONDS",
        shown=(dataclasses.replace(q.shown[0], cards=hand),),
    )
    with pytest.raises(AssertionError, match="10 alone"):
        _lead_rule(bad)


def _wrong_key(q: Question) -> Question | None:
    """The same question with a wrong key: another choice, the number one higher, or one card more or less."""
    if q.kind == BID_DRILL:  # the checkable wrong answer: the plan's first game bid above any hand's worth
        if q.answer == "pass":
            return None
        first, *rest = q.answer.split("+")
        prefix = first.rsplit("/", 1)[0]
        top = max(ladder(q.profile_name))
        return dataclasses.replace(q, answer="+".join([f"{prefix}/{top}", *rest]))
    if q.mode == "choice":
        other = next(c.value for c in q.choices if c.value != q.answer)
        return dataclasses.replace(q, answer=other)
    if q.mode == "number":
        return dataclasses.replace(q, answer=str(int(q.answer) + 1))
    right = set(q.answer_cards)
    toggled = right ^ {q.options[0]}
    return dataclasses.replace(q, answer=" ".join(c.iss for c in toggled))


@pytest.mark.parametrize("kind", sorted(CHECKERS))
def test_each_rule_checker_rejects_a_wrong_key(kind: str) -> None:
    """Each checker can fail: on a few questions of its type with the key changed, it objects."""
    slug = next(s for s, kinds in CHAPTER_KINDS.items() if kind in kinds)
    tried = 0
    for profile in (DANISH, INTERNATIONAL):
        for seed in range(len(CHAPTER_KINDS[slug]) * 6):
            if _kind_of(slug, seed) != kind:
                continue
            q = chapter_question(slug, seed, profile)
            CHECKERS[kind](q, profile)
            wrong = _wrong_key(q)
            if wrong is None:
                continue
            with pytest.raises(AssertionError):
                CHECKERS[kind](wrong, profile)
            tried += 1
    assert tried >= 3
