"""Generated questions: reproducible, answerable, and right by independent reckoning (tests/quiz/helpers.py
implements the rules from RULES.md separately from the engine)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer import quiz
from trainer.deal import Seat
from trainer.errors import SkatError
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.quiz import Question, check, generate

from .helpers import (
    JACK_ORDER,
    NULLS,
    POINTS,
    SCHNEIDER,
    base,
    count_matadors,
    follows_as,
    iss,
    keys,
    ladder,
    param,
    strength,
)

PROFILES = (DANISH, INTERNATIONAL)
SEEDS = range(40)


def _questions(kind: str) -> list[tuple[RuleProfile, Question]]:
    return [(p, generate(kind, seed, p)) for p in PROFILES for seed in SEEDS]


def _wrong(question: Question) -> object:
    """Some response that is not the answer."""
    if question.mode == "number":
        return int(question.answer) + 1
    if question.mode == "choice":
        costs = dict(question.costs)  # graded by cost: a choice beyond the tolerance
        return next(
            c.value
            for c in question.choices
            if c.value != question.answer and costs.get(c.value, float("inf")) > question.tolerance
        )
    chosen = set(question.answer_cards)
    first = question.options[0]
    return tuple(chosen ^ {first})


@pytest.mark.parametrize("kind", quiz.KINDS)
@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_same_seed_same_question_and_right_answer_checks(kind: str, profile: RuleProfile) -> None:
    for seed in range(25):
        question = generate(kind, seed, profile)
        assert question == generate(kind, seed, profile)
        assert question.kind == kind and question.profile_name == profile.name
        assert question.explanation
        assert check(question, question.answer).correct
        verdict = check(question, _wrong(question))  # type: ignore[arg-type]
        assert not verdict.correct
        assert verdict.explanation == question.explanation
        if question.mode == "choice":
            assert question.answer in {c.value for c in question.choices}


@pytest.mark.parametrize("kind", quiz.KINDS)
def test_seeds_give_different_questions(kind: str) -> None:
    questions = {generate(kind, seed, DANISH) for seed in range(30)}
    assert len(questions) > 10


@given(st.integers(min_value=0, max_value=10**9), st.sampled_from(quiz.KINDS), st.sampled_from(PROFILES))
def test_any_seed_works(seed: int, kind: str, profile: RuleProfile) -> None:
    question = generate(kind, seed, profile)
    assert check(question, question.answer).correct


def test_unknown_kind_is_refused_in_words() -> None:
    with pytest.raises(SkatError, match="no question type"):
        generate("poker", 1, DANISH)


def test_unreadable_responses_are_refused() -> None:
    number = generate(quiz.COUNT_EYES, 1, DANISH)
    with pytest.raises(SkatError, match="whole number"):
        check(number, "many")
    choice = generate(quiz.VALID_BID, 1, DANISH)
    with pytest.raises(SkatError, match="not one of the choices"):
        check(choice, "perhaps")
    cards = generate(quiz.LEGAL_CARDS, 1, DANISH)
    with pytest.raises(SkatError):
        check(cards, "XX")


def test_number_answers_accept_text_and_the_minus_sign() -> None:
    question = generate(quiz.COUNT_EYES, 3, DANISH)
    assert check(question, f" {question.answer} ").correct
    settle = next(q for s in range(200) if (q := generate(quiz.SETTLE, s, DANISH)).answer.startswith("-"))
    assert check(settle, settle.answer.replace("-", "−")).correct


# ---- independent answers per question type ---------------------------------------------------------------
def test_count_eyes() -> None:
    for _profile, q in _questions(quiz.COUNT_EYES):
        pile = iss(q.shown[0].cards)
        assert int(q.answer) == sum(POINTS.get(c[1], 0) for c in pile)


def test_matadors() -> None:
    for _profile, q in _questions(quiz.MATADORS):
        game = param(q, "game")
        assert isinstance(game, GameType)
        cards = iss(q.shown[0].cards) + iss(q.shown[1].cards)
        assert len(set(cards)) == 12
        assert int(q.answer) == count_matadors(cards, game.value)


def test_matadors_mistake_tag_for_with_and_without_swapped() -> None:
    q = generate(quiz.MATADORS, 0, DANISH)
    swapped = ("-" if q.answer[0] == "+" else "+") + q.answer[1:]
    if swapped in {c.value for c in q.choices}:
        assert check(q, swapped).mistake_tag == "with_without_swapped"


def test_legal_cards() -> None:
    for _profile, q in _questions(quiz.LEGAL_CARDS):
        game = param(q, "game")
        assert isinstance(game, GameType)
        trick, hand = iss(q.shown[0].cards), iss(q.shown[1].cards)
        led = follows_as(trick[0], game.value)
        same = [c for c in hand if follows_as(c, game.value) == led]
        assert set(q.answer.split()) == set(same or hand)
        assert set(iss(q.options)) == set(hand)


def test_trick_winner() -> None:
    for _profile, q in _questions(quiz.TRICK_WINNER):
        game = param(q, "game")
        assert isinstance(game, GameType)
        trick = iss(q.shown[0].cards)
        led = follows_as(trick[0], game.value)
        led_suit = trick[0][0] if led != "trump" else "-"
        powers = [strength(c, led_suit, game.value) for c in trick]
        assert int(q.answer) == powers.index(max(powers))


def test_valid_bid() -> None:
    for profile, q in _questions(quiz.VALID_BID):
        value = param(q, "value")
        assert isinstance(value, int)
        assert (q.answer == "yes") == (value in ladder(profile.name))


def test_safe_bid() -> None:
    for profile, q in _questions(quiz.SAFE_BID):
        game = param(q, "game")
        assert isinstance(game, GameType)
        hand = iss(q.shown[0].cards)
        assert len(hand) == 10
        if game.is_null:
            expected = min(NULLS[profile.name].values())
        else:
            expected = (abs(count_matadors(hand, game.value)) + 1) * base(game.value, profile.name)
        assert int(q.answer) == expected


def test_game_value() -> None:
    for profile, q in _questions(quiz.GAME_VALUE):
        d = param(q, "game")
        assert isinstance(d, Declaration)
        texts = keys(q.prompt)
        if d.game.is_null:
            assert int(q.answer) == NULLS[profile.name][(d.hand, d.ouvert)]
            continue
        schwarz = "One side took every trick (schwarz)." in texts
        schneider = schwarz or "The losing side ended schneider." in texts
        cards = iss(q.shown[0].cards) + iss(q.shown[1].cards)
        announced_s, announced_sw, hand = d.schneider_announced, d.schwarz_announced, d.hand
        if d.ouvert and profile.name == "international":
            hand = announced_s = announced_sw = True
        if d.ouvert:
            assert profile.name == "danish" or d.hand
        announced_s = announced_s or announced_sw
        levels = 1 + hand + (schneider or announced_s) + announced_s + (schwarz or announced_sw)
        levels += announced_sw + d.ouvert
        multiplier = abs(count_matadors(cards, d.game.value)) + levels
        assert int(q.answer) == multiplier * base(d.game.value, profile.name)


def _result_inputs(q: Question) -> tuple[int, int, int, int]:
    points, tricks, bid = param(q, "points"), param(q, "tricks"), param(q, "bid")
    assert isinstance(points, int) and isinstance(tricks, int) and isinstance(bid, int)
    return points, tricks, bid, 120 - points


def test_game_result() -> None:
    seen = set()
    for profile, q in _questions(quiz.GAME_RESULT) + [
        (p, generate(quiz.GAME_RESULT, s, p)) for p in PROFILES for s in range(40, 200)
    ]:
        if q.rules:  # an overbid game, an open game, announcements, Musik: see test_independent_keys
            continue
        points, tricks, _bid, defenders = _result_inputs(q)
        opp_max, decl_max = SCHNEIDER[profile.name]
        won = points >= 61
        schwarz = tricks in (0, 10)
        schneider = schwarz or defenders <= opp_max or points <= decl_max
        expected = ("won" if won else "lost") + ("_schwarz" if schwarz else "_schneider" if schneider else "")
        assert q.answer == expected
        seen.add(expected)
    assert seen == {"won", "won_schneider", "won_schwarz", "lost", "lost_schneider", "lost_schwarz"}


def test_danish_defenders_on_thirty_are_not_schneider_but_international_are() -> None:
    from trainer.quiz.generators import build_game_result
    from trainer.rules.value import evaluate_game

    def outcome(profile: RuleProfile) -> str:
        result = evaluate_game(
            profile, Declaration(GameType.CLUBS), matadors=1, bid=24, declarer_points=90, declarer_tricks=8
        )
        return build_game_result(profile, result).answer

    assert outcome(DANISH) == "won"
    assert outcome(INTERNATIONAL) == "won_schneider"


def test_settle_list_scheme_sign_and_factor() -> None:
    found = 0
    for profile in PROFILES:
        for seed in range(150):
            q = generate(quiz.SETTLE, seed, profile)
            if q.rules:  # the special rules: see test_independent_keys
                continue
            scheme = param(q, "scheme")
            if not isinstance(scheme, type(q.prompt)) or "the list" not in scheme.template:
                continue
            points, _tricks, _bid, _def = _result_inputs(q)
            amount = int(q.answer)
            if points >= 61:
                assert amount > 0
            else:
                assert amount < 0 and amount % 2 == 0
            found += 1
    assert found > 20


def test_overbid() -> None:
    answers = set()
    for profile, q in _questions(quiz.OVERBID):
        game, bid = param(q, "game"), param(q, "bid")
        assert isinstance(game, GameType) and isinstance(bid, int)
        hand, skat = iss(q.shown[0].cards), iss(q.shown[1].cards)
        b = base(game.value, profile.name)
        assert bid == (abs(count_matadors(hand, game.value)) + 1) * b
        after = (abs(count_matadors(hand + skat, game.value)) + 1) * b
        assert q.answer == ("yes" if after < bid else "no")
        answers.add(q.answer)
    assert answers == {"yes", "no"}


def test_jacks_from_bidding() -> None:
    for profile, q in _questions(quiz.JACKS_FROM_BIDDING):
        game, bid = param(q, "game"), param(q, "bid")
        assert isinstance(game, GameType) and isinstance(bid, int)
        defender = set(iss(q.shown[0].cards))
        b = base(game.value, profile.name)
        need = -(-bid // b) - 1
        unseen = [j for j in JACK_ORDER if j not in defender]
        top = JACK_ORDER[:need]
        possible = set()
        for r in range(len(unseen) + 1):
            for held in itertools.combinations(unseen, r):
                s = set(held)
                with_case = "CJ" in s and set(top) <= s
                without_case = "CJ" not in s and not (set(top) & s)
                if with_case or without_case:
                    possible |= s
        assert set(q.answer.split()) == possible
        assert set(iss(q.options)) == set(unseen)


def test_trick_winner_choices_name_seats_in_play_order() -> None:
    q = generate(quiz.TRICK_WINNER, 4, DANISH)
    seats = [dict(c.label.params)["seat"] for c in q.choices]
    assert all(isinstance(s, Seat) for s in seats)
    assert seats[1] == seats[0].next and seats[2] == seats[1].next  # type: ignore[union-attr]


def test_typical_mistakes_are_tagged() -> None:
    from trainer.quiz.bank import build, load_bank

    by_id = {e.id: e for e in load_bank()}
    matadors_q = build(by_id["club-jack-found-in-skat"], DANISH)  # without 2 on the hand, with 1 counted
    assert check(matadors_q, "-2").mistake_tag == "forgot_skat_jack"
    assert check(matadors_q, "+2").mistake_tag is None
    follow = build(by_id["club-jack-is-a-trump"], DANISH)  # spades; ♣K led; hand ♣J ♣A ♣7 ♠A ♥7
    assert check(follow, "CJ CA C7").mistake_tag == "jack_as_suit"
    assert check(follow, "CA").mistake_tag == "missed_cards"
    overbid = build(by_id["bonde-in-the-skat"], INTERNATIONAL)
    assert check(overbid, "no").mistake_tag == "forgot_skat_jack"
    assert check(overbid, "yes").mistake_tag is None


# ---- every generated game result is one a real deal gives -------------------------------------------------
def _reachable_points(cards: int) -> set[int]:
    """Every card-point total some set of exactly ``cards`` of the 32 cards can hold (independent of the
    engine: a subset-sum over the deck's 8 Aces/10s/Kings/Queens/Jacks/9s/8s/7s, four of each rank)."""
    deck = [11, 10, 4, 3, 2, 0, 0, 0] * 4
    sums: list[set[int]] = [set() for _ in range(cards + 1)]
    sums[0].add(0)
    for value in deck:
        for size in range(cards, 0, -1):
            sums[size] |= {s + value for s in sums[size - 1]}
    return sums[cards]


REACHABLE = {tricks: _reachable_points(3 * tricks + 2) for tricks in range(11)}
"""The declarer's pile after t tricks is 3t cards plus the 2 of the skat."""


@pytest.mark.parametrize("kind", [quiz.GAME_RESULT, quiz.SETTLE])
def test_generated_results_are_possible(kind: str) -> None:
    """The old generator gave 2 tricks with 90 points or 9 tricks with 18: no deal gives those."""
    for profile in PROFILES:
        for seed in range(150):
            q = generate(kind, seed, profile)
            if "ramse" in q.rules:  # three players' piles, see test_independent_keys
                continue
            points, tricks, _bid, _defenders = _result_inputs(q)
            assert points in REACHABLE[tricks], (kind, profile.name, seed, points, tricks)


def test_played_games_replay_legally_to_their_result() -> None:
    """Each result comes with a real deal and every card played: replayed with the independent helpers
    (follow suit, trick winner, card points) it gives the same points and tricks."""
    import random

    from trainer.quiz.generators import random_played_game

    outcomes = set()
    for profile in PROFILES:
        for seed in range(60):
            played = random_played_game(random.Random(seed), profile)
            game = played.declaration.game.value
            hands = {seat: set(iss(played.deal.hand(seat))) for seat in Seat}
            cards = iss(played.cards_played)
            leader, points, tricks = Seat.FOREHAND, _points_of(iss(played.deal.skat)), 0
            for start in range(0, len(cards), 3):
                trick = cards[start : start + 3]
                seats = [Seat((int(leader) + i) % 3) for i in range(3)]
                for seat, card in zip(seats, trick, strict=True):
                    assert card in hands[seat]
                    if card != trick[0]:
                        led = follows_as(trick[0], game)
                        assert follows_as(card, game) == led or all(
                            follows_as(other, game) != led for other in hands[seat]
                        ), (card, trick, hands[seat])
                    hands[seat].discard(card)
                winner = max(range(3), key=lambda i: strength(trick[i], trick[0][0], game))
                leader = seats[winner]
                if leader == played.declarer:
                    points += _points_of(trick)
                    tricks += 1
            assert not any(hands.values()), "all ten tricks are played"
            assert (points, tricks) == (played.result.declarer_points, played.result.declarer_tricks)
            outcomes.add(played.result.won)
    assert outcomes == {True, False}


def _points_of(cards: list[str]) -> int:
    return sum(POINTS.get(card[1], 0) for card in cards)
