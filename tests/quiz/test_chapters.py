"""Chapter questions: every chapter's types generate for both profiles, and the chapter-only types give the
answers an independent reckoning gives (seats clockwise from the dealer, the cut from the right, the last
dealer on the first dealer's right, a thrown game on the bid, Slå 40 an on the ten cards, grand 20 vs 24)."""

from __future__ import annotations

import math

import pytest

from trainer.lessons import available_chapters
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.quiz import Question, check
from trainer.quiz import chapter_items as items
from trainer.quiz.chapter_items import rules_fact_topic
from trainer.quiz.chapters import (
    CHAPTER_KINDS,
    CHAPTER_POINTS,
    CUT,
    LAST_DEALER,
    RULES_COMPARE,
    SEATS,
    SLAA_40,
    STRONGEST,
    THROWN,
    chapter_question,
    question_of,
)
from trainer.quiz.positions import POSITIONS, TIP_POSITION, outcome

from .helpers import (
    JACK_ORDER,
    MIN_BID,
    NULLS,
    POINTS,
    SCHNEIDER,
    base,
    count_matadors,
    is_trump,
    iss,
    param,
    strength,
    trumps,
)

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
        if q.answer in items.PLAYERS:
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
            if profile is DANISH:  # 1 øre per point of the bid rounded up to tens, asked per defender
                assert "each defender" in q.prompt.template
                assert amount == -math.ceil(bid / 10) * 10
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
    international = question_of(SLAA_40, 1, INTERNATIONAL)  # Danish only: asked by the Danish rules, and said
    danish = question_of(SLAA_40, 1, DANISH)
    assert international.answer == danish.answer and international.profile_name == "international"
    assert len(international.explanation) == len(danish.explanation) + 1


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


# ---- every chapter's check covers its main points ----------------------------------------------------------


@pytest.mark.parametrize("slug", sorted(CHAPTER_KINDS))
def test_each_chapter_check_asks_about_each_of_its_points(slug: str) -> None:
    """Every main point of the chapter is asked by a type of its check, every type comes up as the seed
    goes round, and in both profiles every question shows a reason after the answer."""
    points = CHAPTER_POINTS[slug]
    kinds = CHAPTER_KINDS[slug]
    assert points, f"{slug} lists no main points"
    for point in points:
        assert set(point.kinds) & set(kinds), f"{slug}: nothing asks about '{point.point}'"
    for profile in PROFILES:
        drawn = set()
        for seed in range(4 * len(kinds)):
            question = chapter_question(slug, seed, profile)
            drawn.add(question.kind)
            assert question.explanation, (slug, question.kind, "no reason shown after the answer")
        assert drawn == set(kinds), (slug, profile.name)


def test_the_types_of_a_check_each_walk_through_their_variants() -> None:
    """The chapter seed picks the type and, with what is left of it, the variant: a two-type chapter still
    asks both of the end-of-evening questions."""
    answers = {chapter_question("20-customs", seed, DANISH).answer for seed in range(0, 16, 2)}
    assert "one_more_round" in answers and answers - {"one_more_round"}


def test_the_rule_facts_cover_every_topic() -> None:
    for kind, topics in items.RULES_FACT_TOPICS.items():
        assert {rules_fact_topic(kind, seed) for seed in range(20)} == set(topics)


# ---- the chapter-only types, each against an independent reckoning ----------------------------------------
RANKS_NULL = "789TJQKA"


def _names_of(text: object) -> list[str]:
    return str(text).split(", ")


def test_teams_the_declarer_alone_the_other_two_together() -> None:
    kinds = set()
    for seed in SEEDS:
        q = question_of(items.TEAMS, seed, DANISH)
        names = _names_of(param(q, "names"))
        declarer, asked = str(param(q, "declarer")), str(param(q, "player"))
        partner = [n for n in names if n not in (declarer, asked)]
        expected = "alone" if asked == declarer else partner[0]
        assert q.answer == expected
        kinds.add(expected == "alone")
    assert kinds == {True, False}


def test_win_points_61_of_120() -> None:
    for profile in PROFILES:
        for seed in SEEDS:
            q = question_of(items.WIN_POINTS, seed, profile)
            points = param(q, "points")
            assert isinstance(points, int)
            assert q.answer == ("yes" if points >= 61 else "no")


def test_the_next_dealer_is_on_the_left() -> None:
    for seed in SEEDS:
        q = question_of(items.NEXT_DEALER, seed, INTERNATIONAL)
        names = _names_of(param(q, "names"))
        assert q.answer == names[(names.index(str(param(q, "dealer"))) + 1) % len(names)]


def test_suit_values_and_the_grand() -> None:
    for profile in PROFILES:
        for seed in SEEDS:
            q = question_of(items.SUIT_VALUE, seed, profile)
            game = param(q, "game").value  # type: ignore[union-attr]
            assert int(q.answer) == base(game, profile.name)


def test_null_order_the_ten_below_the_jack() -> None:
    for seed in SEEDS:
        q = question_of(items.NULL_ORDER, seed, DANISH)
        cards = iss(q.shown[0].cards)
        assert len({c[0] for c in cards}) == 1
        assert q.answer == max(cards, key=lambda c: RANKS_NULL.index(c[1]))


def test_sort_order_jacks_then_clubs_spades_hearts_diamonds() -> None:
    def key(card: str) -> tuple[int, int, int]:
        if card[1] == "J":
            return (0, "CSHD".index(card[0]), 0)
        return (1, "CSHD".index(card[0]), "ATKQ987".index(card[1]))

    for seed in SEEDS:
        q = question_of(items.SORT_ORDER, seed, DANISH)
        assert q.answer == min(iss(q.shown[0].cards), key=key)


def test_packets_follow_the_pattern() -> None:
    patterns = {"danish": ([5, 2, 5], 1), "international": ([3, 2, 4, 3], 1)}
    for profile in PROFILES:
        sizes, skat = patterns[profile.name]
        order = []
        for i, _size in enumerate(sizes):
            order += ["skat"] if i == skat else ["0", "1", "2"]
        seen = set()
        for seed in SEEDS:
            q = question_of(items.PACKETS, seed, profile)
            dealt = len(param(q, "packets"))  # type: ignore[arg-type]
            assert q.answer == order[dealt]
            seen.add(q.answer)
        assert seen == {"0", "1", "2", "skat"}


def test_a_revoke_loses_for_its_side() -> None:
    for seed in range(4):
        q = question_of(items.REVOKE, seed, DANISH)
        by_declarer = q.prompt.template.startswith("The declarer")
        assert q.answer == ("declarer_loses" if by_declarer else "defenders_lose")


def test_which_trumps_jacks_and_the_trump_suit() -> None:
    for seed in SEEDS:
        q = question_of(items.WHICH_TRUMPS, seed, DANISH)
        game = param(q, "game").value  # type: ignore[union-attr]
        expected = sorted(c for c in iss(q.options) if is_trump(c, game))
        assert sorted(q.answer.split()) == expected


def test_the_null_games_of_each_profile() -> None:
    for profile in PROFILES:
        for seed in SEEDS:
            q = question_of(items.NULL_GAMES, seed, profile)
            game = param(q, "game")
            hand, ouvert = game.hand, game.ouvert  # type: ignore[union-attr]
            if q.mode == "number":
                assert int(q.answer) == NULLS[profile.name][(hand, ouvert)]
            elif {c.value for c in q.choices} == {"yes", "no"}:
                assert q.answer == ("no" if hand else "yes")
            else:
                late = profile.name == "danish" and not hand
                assert q.answer == ("after_declarers_first_card" if late else "before_first_lead")


def test_ramse_fewest_points_or_101_and_ramsch_most_points_lose() -> None:
    for profile in PROFILES:
        for seed in SEEDS:
            q = question_of(items.ALL_PASS, seed, profile)
            piles = {name: int(p) for name, p in (part.split() for part in _names_of(param(q, "piles")))}
            assert sum(piles.values()) == 120
            if profile is DANISH:
                big = [n for n, p in piles.items() if p >= 101]
                assert q.answer == (big[0] if big else min(piles, key=piles.__getitem__))
            else:
                assert q.answer == max(piles, key=piles.__getitem__)


def test_the_auction_order() -> None:
    expected = {
        "Middlehand bid up to 30": "rh_to_fh",
        "Middlehand bid 27 and forehand passed": "rh_to_mh",
        "Middlehand passed without bidding": "rh_to_fh",
        "Middlehand and rearhand both passed": "fh_opens",
    }
    for seed in range(4):
        q = question_of(items.AUCTION_ORDER, seed, DANISH)
        assert q.answer == next(a for start, a in expected.items() if q.prompt.template.startswith(start))


def test_the_ways_out_of_an_overbid() -> None:
    for seed in SEEDS:
        q = question_of(items.OVERBID_WAY, seed, DANISH)
        game = param(q, "game").value  # type: ignore[union-attr]
        ways = {"på bordet": 3, "Skrædder": 3, "Sort": 4}  # "with 1, game 2" plus the way's level(s)
        factor = next(f for word, f in ways.items() if word in q.prompt.template)
        bid = param(q, "bid")
        assert isinstance(bid, int)
        worth = factor * base(game, "danish")
        assert int(q.answer) == (worth if worth >= bid else bid)  # won on its worth, or lost on the bid
        q = question_of(items.OVERBID_WAY, seed, INTERNATIONAL)
        game, bid = param(q, "game").value, param(q, "bid")  # type: ignore[union-attr]
        assert isinstance(bid, int)
        assert int(q.answer) == math.ceil(bid / base(game, "international")) * base(game, "international")


def test_a_lost_overbid_game_danish_bid_international_next_multiple() -> None:
    for seed in SEEDS:
        for profile in PROFILES:
            q = question_of(items.OVERBID_VALUE, seed, profile)
            bid, game = param(q, "bid"), param(q, "game").value  # type: ignore[union-attr]
            assert isinstance(bid, int)
            b = base(game, profile.name)
            assert int(q.answer) == (bid if profile is DANISH else math.ceil(bid / b) * b)


def test_the_lead_rule_long_suit_or_short_suit() -> None:
    for seed in SEEDS:
        q = question_of(items.LEAD_RULE, seed, DANISH)
        game = param(q, "game").value  # type: ignore[union-attr]
        hand = [c for c in iss(q.shown[0].cards) if not is_trump(c, game)]
        lengths = {s: sum(c[0] == s for c in hand) for s in {c[0] for c in hand}}
        left = param(q, "declarer").name == "MIDDLEHAND"  # type: ignore[union-attr]
        chosen = (max if left else min)(lengths, key=lengths.__getitem__)
        assert q.answer[0] == chosen


def test_trumps_left_eleven_or_four() -> None:
    for seed in SEEDS:
        q = question_of(items.TRUMPS_LEFT, seed, DANISH)
        game = param(q, "game").value  # type: ignore[union-attr]
        held = [c for c in iss(q.shown[0].cards) if is_trump(c, game)]
        fallen = iss(q.shown[1].cards)
        assert int(q.answer) == len(trumps(game)) - len(held) - len(fallen)


def _points(cards: list[str]) -> int:
    return sum(POINTS.get(c[1], 0) for c in cards)


def test_the_declarer_counts_tricks_and_skat() -> None:
    for seed in SEEDS:
        q = question_of(items.DECLARER_COUNT, seed, DANISH)
        assert int(q.answer) == sum(_points(iss(row.cards)) for row in q.shown)
        q = question_of(items.OTHER_PILE, seed, DANISH)
        assert int(q.answer) == 120 - int(param(q, "points"))  # type: ignore[arg-type]


def test_null_gaps_the_seven_and_at_most_one_missing() -> None:
    answers = set()
    for seed in SEEDS:
        q = question_of(items.NULL_GAPS, seed, DANISH)
        ranks = {c[1] for c in iss(q.shown[0].cards)}
        top = max(RANKS_NULL.index(r) for r in ranks)
        missing = sum(1 for r in RANKS_NULL[:top] if r not in ranks)
        assert q.answer == ("yes" if "7" in ranks and missing <= 1 else "no")
        answers.add(q.answer)
    assert answers == {"yes", "no"}


def test_the_tip_positions_are_answered_by_the_solver() -> None:
    for seed in range(len(POSITIONS)):
        q = question_of(TIP_POSITION, seed, DANISH)
        found = outcome(POSITIONS[seed].id)
        assert set(q.answer.split()) == {c.iss for c in found.best}
        assert set(iss(q.options)) == {c.iss for c in found.values}


def test_danish_money_rounds_up_and_pays_half_or_whole() -> None:
    for profile in PROFILES:
        for seed in SEEDS:
            q = question_of(items.MONEY, seed, profile)
            rate = {"½": (0.5, 1), "5 and 10": (5, 10)}[
                "½" if "½" in param(q, "rates").template else "5 and 10"  # type: ignore[union-attr]
            ]
            amount = int(q.answer)
            if "throw" in q.prompt.template:  # lost, on the bid
                assert amount == -rate[1] * math.ceil(int(param(q, "bid")) / 10) * 10  # type: ignore[arg-type]
            else:  # whatever the game was worth, a multiple of ten times the rate
                rounded = abs(amount) / (rate[0] if amount > 0 else rate[1])
                assert rounded == int(rounded) and int(rounded) % 10 == 0


def test_musik_adds_one_or_two() -> None:
    for seed in SEEDS:
        q = question_of(items.MUSIK, seed, INTERNATIONAL)  # asked by the Danish rules whatever is chosen
        game = param(q, "game").value  # type: ignore[union-attr]
        matadors = param(q, "matadors")
        n = int(matadors.params["n"])  # type: ignore[union-attr]
        musik = param(q, "times")
        assert isinstance(musik, int)
        assert int(q.answer) == (n + 1 + musik) * base(game, "danish")


def test_spoerge_doubles_knocking_back_doubles_again_throwing_pays_normal() -> None:
    for seed in SEEDS:
        q = question_of(items.SPOERGE, seed, DANISH)
        answer = param(q, "answer").template  # type: ignore[union-attr]
        factor = {"plays on": 2, "knocks back": 4, "throws": 1}[
            next(k for k in ("plays on", "knocks back", "throws") if k in answer)
        ]
        assert int(q.answer) % factor == 0
        if factor == 1:
            assert int(q.answer) < 0


def test_the_help_table_reads_the_jacks() -> None:
    for profile in PROFILES:
        for seed in SEEDS:
            q = question_of(items.HELP_TABLE, seed, profile)
            declaration = param(q, "game")
            game = declaration.game.value  # type: ignore[union-attr]
            count = count_matadors(iss(q.shown[0].cards), game)
            levels = 1 + declaration.hand + declaration.ouvert  # type: ignore[union-attr]
            if profile is INTERNATIONAL and declaration.ouvert:  # type: ignore[union-attr]
                levels = 1 + 5 + 1  # hand, schneider, announced, schwarz, announced, ouvert
            assert int(q.answer) == (abs(count) + levels) * base(game, profile.name)


def test_the_fact_questions_have_their_answer_among_the_choices() -> None:
    for kind in (
        items.SKAT_RULES,
        items.LOSES_AT_ONCE,
        items.TABLE_MANNERS,
        items.CUSTOMS,
        items.DEAL_ORDER,
        items.RULES_FACTS,
        items.FIRST_NUMBERS,
    ):
        for profile in PROFILES:
            for seed in SEEDS:
                q = question_of(kind, seed, profile)
                if q.mode == "choice":
                    assert q.answer in {c.value for c in q.choices}


def test_the_rule_facts_follow_the_profiles() -> None:
    for profile in PROFILES:
        for seed in range(len(items.RULES_FACT_TOPICS[items.RULES_FACTS])):
            q = question_of(items.RULES_FACTS, seed, profile)
            topic = rules_fact_topic(items.RULES_FACTS, seed)
            expected = {
                "lowest_bid": str(MIN_BID[profile.name]),
                "grand_base": str(base("grand", profile.name)),
                "packets": {"danish": "5-2-5", "international": "3-2-4-3"}[profile.name],
                "schneider": str(SCHNEIDER[profile.name][0]),
                "nulls": str(len(NULLS[profile.name])),
                "all_pass": "ramse" if profile is DANISH else "again",
                "ouvert": "yes" if profile is DANISH else "no",
            }[topic]
            assert q.answer == expected, topic
