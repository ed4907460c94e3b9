"""The rules each chapter teaches, as a small model written here from the lessons and docs/rules.md (not
from the generators' or the engine's formulas), one checker per question type a chapter check asks.

Each checker reads the question as the learner sees it (the English prompt, the cards shown, the choices)
and works out which answers the chapter's rules allow. For a choice question that is the set of choices the
rules allow, and it must be exactly the key (one defensible answer); for a number, the one number; for
cards, the one set of cards. A question type without a checker here fails ``test_chapter_keys``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from functools import cache

from trainer.profiles import RuleProfile
from trainer.quiz import Question

from .helpers import (
    NULLS,
    POINTS,
    count_matadors,
    follows_as,
    is_trump,
    iss,
    ladder,
    strength,
    trumps,
)
from .test_independent_keys import (
    BASE,
    Game,
    base_of,
    per_defender,
    result_key,
    score,
    settle_key,
)

Checker = Callable[[Question, RuleProfile], None]

SEAT_NAMES = ("forehand", "middlehand", "rearhand")
SUIT_SIGN = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
LOWEST_BID = {"danish": 24, "international": 18}
PACKETS = {"danish": (5, 2, 5), "international": (3, 2, 4, 3)}
"""The packets of the deal (lesson 04): every packet but the 2 goes to each seat in turn."""


def rules_of(text: str, profile: RuleProfile) -> str:
    """The rule set a prompt names ("Under the Danish textbook rules ..."), else the chosen one."""
    if "Danish textbook rules" in text:
        return "danish"
    if "international rules" in text:
        return "international"
    return profile.name


def card_words(code: str) -> str:
    """How a card reads in English (♣10, ♠A)."""
    rank = "10" if code[1] == "T" else code[1]
    return SUIT_SIGN[code[0]] + rank


def one_choice(q: Question, allowed: Callable[[str, str], bool]) -> None:
    """Exactly one choice is allowed by the rules, and it is the key. ``allowed(value, english label)``."""
    fits = {c.value for c in q.choices if allowed(c.value, c.label.english)}
    assert fits == {q.answer}, (q.prompt.english, [c.label.english for c in q.choices], fits, q.answer)


def yes_no(q: Question, truth: bool) -> None:
    assert {c.value for c in q.choices} == {"yes", "no"}
    assert q.answer == ("yes" if truth else "no"), q.prompt.english


def number(q: Question, expected: int) -> None:
    assert int(q.answer) == expected, (q.prompt.english, q.answer, expected)


def cards(q: Question, expected: set[str]) -> None:
    assert set(iss(q.answer_cards)) == expected, (q.prompt.english, q.answer, expected)
    assert expected <= set(iss(q.options)), "every right card can be selected"


def players(text: str) -> list[str]:
    found = re.search(r"(?:sit |: |^)([A-Z][a-z]+(?:, [A-Z][a-z]+)+)", text)
    assert found, text
    return found[1].split(", ")


def level_factor(words: list[str], rules: str, tricks_all: bool, schneider: bool) -> int:
    """The levels above the matadors (lesson 07, docs/rules.md): game 1, hand, ouvert (international: hand
    only, carrying both announcements), schneider and schwarz when made, each announcement one more."""
    hand = "hand" in words
    ouvert = "ouvert" in words
    schneider_ann = "schneider" in words or "schwarz" in words
    schwarz_ann = "schwarz" in words
    if ouvert and rules == "international":
        hand = schneider_ann = schwarz_ann = True
    made_schneider = schneider or tricks_all or schneider_ann
    made_schwarz = tricks_all or schwarz_ann
    return 1 + hand + ouvert + made_schneider + schneider_ann + made_schwarz + schwarz_ann


# ---- chapters 0 and 1 ------------------------------------------------------------------------------------
def check_teams(q: Question, profile: RuleProfile) -> None:
    """The declarer plays alone; the other two play together."""
    found = re.search(r"and (\w+) wins the bidding\. Who plays together with (\w+)\?", q.prompt.english)
    assert found
    declarer, asked = found[1], found[2]
    names = players(q.prompt.english)
    assert len(names) == 3

    def allowed(value: str, label: str) -> bool:
        if asked == declarer:
            return value == "alone"
        return value not in ("alone", declarer, asked)

    one_choice(q, allowed)


def check_win_points(q: Question, profile: RuleProfile) -> None:
    """61 of the 120 card points win; 60 is lost."""
    points = int(re.search(r"ends with (\d+) card points", q.prompt.english)[1])  # type: ignore[index]
    yes_no(q, points >= 61)


DEAL_STEPS = ("the deal", "the bidding", "the skat", "the declaration", "ten tricks", "the count")


def check_deal_order(q: Question, profile: RuleProfile) -> None:
    """A deal runs: deal, bidding, skat, declaration, ten tricks, count."""
    after = q.prompt.english.split("right after ")[1]
    index = next(i for i, step in enumerate(DEAL_STEPS) if after.startswith(step))
    one_choice(q, lambda value, label: label.startswith(DEAL_STEPS[index + 1]))


RULE_FACTS = {
    "danish": {"lowest bid": 24, "grand": 20, "packets": "5-2-5", "schneider": 29, "nulls": 2},
    "international": {"lowest bid": 18, "grand": 24, "packets": "3-2-4-3", "schneider": 30, "nulls": 4},
}
"""Lessons 00, 06 and 22: the facts that differ between the rule sets."""


def check_rules_fact(q: Question, profile: RuleProfile) -> None:
    text = q.prompt.english
    rules = rules_of(text, profile)
    facts = RULE_FACTS[rules]
    if "lowest bid" in text:
        number(q, int(facts["lowest bid"]))
    elif "base value of a grand" in text:
        number(q, int(facts["grand"]))
    elif "packets" in text:
        one_choice(q, lambda value, label: label == facts["packets"])
    elif "schneider" in text:
        number(q, int(facts["schneider"]))
    elif "how many null games" in text:
        number(q, int(facts["nulls"]))
    elif "all three pass" in text:
        one_choice(q, lambda value, label: ("Ramse" in label) == (rules == "danish"))
    else:
        assert "played open" in text and "after the skat was picked up" in text, text
        yes_no(q, rules == "danish")  # Danish på bordet after a pickup; international ouvert is hand only


def check_next_dealer(q: Question, profile: RuleProfile) -> None:
    """The deal moves one seat clockwise: the dealer's left-hand neighbour deals next."""
    names = players(q.prompt.english)
    dealer = re.search(r"(\w+) dealt this game", q.prompt.english)[1]  # type: ignore[index]
    following = names[(names.index(dealer) + 1) % len(names)]
    one_choice(q, lambda value, label: label == following)


def check_seats(q: Question, profile: RuleProfile) -> None:
    """Forehand on the dealer's left, then middlehand, then rearhand (lesson 01). At three the dealer is
    rearhand; at four the dealer sits out; at five the dealer and the player two to the dealer's right."""
    text = q.prompt.english
    names = players(text)
    dealer = names.index(re.search(r"(\w+) deals\.", text)[1])  # type: ignore[index]
    asked = names.index(re.search(r"Which seat does (\w+) have", text)[1])  # type: ignore[index]
    n = len(names)
    assert int(re.search(r"^(\d) players", text)[1]) == n  # type: ignore[index]
    seat_of = {
        (dealer + 1) % n: "forehand",
        (dealer + 2) % n: "middlehand",
        (dealer + 3 if n == 3 else dealer - 1) % n: "rearhand",
    }
    want = seat_of.get(asked, "sits out")
    assert len(seat_of) == 3
    one_choice(q, lambda value, label: label.startswith(want))


# ---- chapters 2 to 4 ------------------------------------------------------------------------------------
def check_count_eyes(q: Question, profile: RuleProfile) -> None:
    """A 11, 10 10, K 4, Q 3, J 2, the rest nothing."""
    number(q, sum(POINTS.get(c[1], 0) for c in iss(q.shown[0].cards)))


def check_suit_value(q: Question, profile: RuleProfile) -> None:
    text = q.prompt.english
    game = re.search(r"base value of (\w+)\?", text)[1]  # type: ignore[index]
    number(q, base_of(game, rules_of(text, profile)))


def game_of(text: str) -> str:
    found = re.search(r"\b(clubs|spades|hearts|diamonds|grand|null)\b", text)
    assert found, text
    return found[1]


def check_strongest(q: Question, profile: RuleProfile) -> None:
    """The highest trump wins whatever was led: the Jacks from ♣J down, then the trump suit A 10 K Q 9 8 7."""
    game = game_of(q.prompt.english)
    shown = iss(q.shown[0].cards)
    order = trumps(game)
    held = [c for c in shown if c in order]
    assert held, "at least one trump among the cards"
    best = min(held, key=order.index)
    one_choice(q, lambda value, label: value == best and label == card_words(best))


def check_null_order(q: Question, profile: RuleProfile) -> None:
    """Null: no trumps, A K Q J 10 9 8 7."""
    shown = iss(q.shown[0].cards)
    assert len({c[0] for c in shown}) == 1, "all of the suit led"
    best = max(shown, key=lambda c: strength(c, shown[0][0], "null"))
    one_choice(q, lambda value, label: value == best)


SORT_RANKS = "ATKQ987"


def sort_key(code: str) -> tuple[int, int]:
    """Lesson 03's traditional order: the Jacks ♣ ♠ ♥ ♦, then clubs, spades, hearts, diamonds, each
    A 10 K Q 9 8 7."""
    suits = "CSHD"
    if code[1] == "J":
        return (0, suits.index(code[0]))
    return (1 + suits.index(code[0]), SORT_RANKS.index(code[1]))


def check_sort_order(q: Question, profile: RuleProfile) -> None:
    first = min(iss(q.shown[0].cards), key=sort_key)
    one_choice(q, lambda value, label: value == first)


def check_cut(q: Question, profile: RuleProfile) -> None:
    """The dealer's right-hand neighbour cuts (both rule sets)."""
    names = players(q.prompt.english)
    dealer = re.search(r"(\w+) has shuffled", q.prompt.english)[1]  # type: ignore[index]
    cutter = names[(names.index(dealer) - 1) % len(names)]
    one_choice(q, lambda value, label: label == cutter)


def check_packets(q: Question, profile: RuleProfile) -> None:
    """Packets clockwise from forehand; the packet of 2 goes to the skat at its place in the pattern."""
    text = q.prompt.english
    rules = rules_of(text, profile)
    order: list[str] = []
    for size in PACKETS[rules]:
        order += ["the skat"] if size == 2 else list(SEAT_NAMES)
    assert f"packets of {'-'.join(map(str, PACKETS[rules]))}" in text
    so_far = text.split("So far: ")[1].split(". Where")[0].split(", ")
    assert [part.rsplit(" ", 1)[0] for part in so_far] == order[: len(so_far)]
    one_choice(q, lambda value, label: label == order[len(so_far)])


# ---- chapters 5, 6 and 19: playing a card ----------------------------------------------------------------
def check_legal_cards(q: Question, profile: RuleProfile) -> None:
    """Follow the led suit (the Jacks belong to the trumps); without it, any card."""
    game = game_of(q.prompt.english)
    trick, hand = (iss(s.cards) for s in q.shown)
    led = follows_as(trick[0], game)
    following = {c for c in hand if follows_as(c, game) == led}
    cards(q, following or set(hand))


def check_trick_winner(q: Question, profile: RuleProfile) -> None:
    """The highest trump wins, else the highest card of the suit led."""
    game = game_of(q.prompt.english)
    trick = iss(q.shown[0].cards)
    led = "?" if is_trump(trick[0], game) else trick[0][0]  # a trump led: only trumps can win
    best = max(trick, key=lambda c: strength(c, led, game))
    one_choice(q, lambda value, label: label.endswith(": " + card_words(best)))


def check_revoke(q: Question, profile: RuleProfile) -> None:
    """A wrong card loses the game for the side that played it."""
    by_declarer = q.prompt.english.startswith("The declarer")
    want = "The declarer has lost" if by_declarer else "The defenders have lost"
    one_choice(q, lambda value, label: label.startswith(want))


def check_which_trumps(q: Question, profile: RuleProfile) -> None:
    game = game_of(q.prompt.english)
    cards(q, {c for c in iss(q.shown[0].cards) if is_trump(c, game)})


def check_null_games(q: Question, profile: RuleProfile) -> None:
    """Lesson 06: the null games and their values; the skat only in a game not played hand; Danish
    Nul-ouvert shows its nine cards after the declarer's first card, every other open game before the lead."""
    text = q.prompt.english
    rules = rules_of(text, profile)
    found = re.search(r"(null(?: ouvert)?(?: hand)?)(?: worth| pick| \?|\?)", text)
    assert found, text
    words = found[1].split()
    hand, ouvert = "hand" in words, "ouvert" in words
    assert (hand, ouvert) in NULLS[rules], f"{found[1]} is not a null game of {rules}"
    if "worth" in text:
        number(q, NULLS[rules][(hand, ouvert)])
    elif "pick up the skat" in text:
        yes_no(q, not hand)
    else:
        assert ouvert
        after_first = rules == "danish" and not hand
        one_choice(q, lambda value, label: ("first card" in label) == after_first)


def check_all_pass(q: Question, profile: RuleProfile) -> None:
    """Ramse: the fewest card points win, unless someone takes 101 or more. Ramsch: the most points lose."""
    text = q.prompt.english
    piles = {n: int(p) for n, p in re.findall(r"(\w+) (\d+)(?:,|\.)", text.split("The card points: ")[1])}
    assert sum(piles.values()) == 120 and len(piles) == 3
    if "Ramse was played" in text:
        big = [n for n, p in piles.items() if p >= 101]
        winner = big[0] if big else min(piles, key=piles.__getitem__)
        assert list(piles.values()).count(piles[winner]) == 1
        one_choice(q, lambda value, label: label == winner)
    else:
        assert "Ramsch as a house rule" in text and "Who has lost" in text
        loser = max(piles, key=piles.__getitem__)
        assert list(piles.values()).count(piles[loser]) == 1
        one_choice(q, lambda value, label: label == loser)


# ---- chapters 7 to 10: bidding -------------------------------------------------------------------------
def check_matadors(q: Question, profile: RuleProfile) -> None:
    """With or without: the unbroken run from the ♣J, counted over the hand and the skat."""
    game = game_of(q.prompt.english)
    held = [c for s in q.shown for c in iss(s.cards)]
    m = count_matadors(held, game)
    want = f"{'with' if m > 0 else 'without'} {abs(m)}"
    one_choice(q, lambda value, label: label == want)


def check_game_value(q: Question, profile: RuleProfile) -> None:
    """Base value × (matadors + the levels); a null game has its fixed value."""
    text = q.prompt.english
    rules = rules_of(text, profile)
    decl = re.search(r"The declarer plays ([a-z ]+?) with this hand", text)[1].split()  # type: ignore[index]
    if decl[0] == "null":
        number(q, NULLS[rules][("hand" in decl, "ouvert" in decl)])
        return
    m = count_matadors([c for s in q.shown for c in iss(s.cards)], decl[0])
    factor = abs(m) + level_factor(decl[1:], rules, "(schwarz)" in text, "ended schneider" in text)
    number(q, factor * base_of(decl[0], rules))


def check_help_table(q: Question, profile: RuleProfile) -> None:
    """The row of the highest Jack (the shown top trumps), the column of the game's levels."""
    text = q.prompt.english
    rules = rules_of(text, profile)
    decl = re.search(r"You play ([a-z ]+)\. Read", text)[1].split()  # type: ignore[index]
    top = iss(q.shown[0].cards)
    m = count_matadors(top, decl[0])
    assert all(is_trump(c, decl[0]) for c in top)
    number(q, (abs(m) + level_factor(decl[1:], rules, False, False)) * base_of(decl[0], rules))


def check_valid_bid(q: Question, profile: RuleProfile) -> None:
    """Only a value some game can have may be bid, from 24 (18)."""
    value = int(re.search(r"say (\d+) in", q.prompt.english)[1])  # type: ignore[index]
    yes_no(q, value in ladder(profile.name))


def check_safe_bid(q: Question, profile: RuleProfile) -> None:
    """The ceiling: the value counted over the ten cards in hand (the skat unseen), no schneider; a null
    game in its cheapest form."""
    text = q.prompt.english
    game = game_of(text)
    if game == "null":
        number(q, min(NULLS[profile.name].values()))
        return
    # the prompt fixes the form: lesson 08 adds a level for each extra the player will play (hand, på
    # bordet), so without it "hand" or "på bordet" would be defensible too
    assert "picking up the skat and keeping your cards in your hand" in text, text
    m = count_matadors(iss(q.shown[0].cards), game)
    assert (abs(m) + 1) * base_of(game, profile.name) >= LOWEST_BID[profile.name], "a bid the rules allow"
    number(q, (abs(m) + 1) * base_of(game, profile.name))


def check_overbid(q: Question, profile: RuleProfile) -> None:
    """Overbid when the game, counted over the hand and the skat, is worth less than the bid."""
    found = re.search(r"at (\d+) and plan (\w+)\.", q.prompt.english)
    assert found
    m = count_matadors([c for s in q.shown for c in iss(s.cards)], found[2])
    yes_no(q, (abs(m) + 1) * base_of(found[2], profile.name) < int(found[1]))


AUCTION_RULES = (
    ("forehand said yes each time, then middlehand passed", "Rearhand bids to forehand"),
    ("and forehand passed", "Rearhand bids to middlehand"),
    ("Middlehand passed without bidding", "Rearhand bids to forehand"),
    ("Middlehand and rearhand both passed", "Forehand may open"),
)
"""Lesson 09: middlehand bids to forehand; rearhand bids to whoever is left; if both pass, forehand may
open at the lowest bid or pass."""


def check_auction_order(q: Question, profile: RuleProfile) -> None:
    text = q.prompt.english
    [want] = [w for situation, w in AUCTION_RULES if situation in text]
    one_choice(q, lambda value, label: label.startswith(want))
    if want == "Forehand may open":
        assert str(LOWEST_BID[profile.name]) in next(
            c.label.english for c in q.choices if c.value == q.answer
        )


def check_overbid_way(q: Question, profile: RuleProfile) -> None:
    """Lesson 10: 'uden N' bid to its limit, the ♣J in the skat makes it 'med 1'. Danish: the way out is
    settled on its value if it reaches the bid, else on the bid; international: the next multiple of the
    base value at or above the bid."""
    text = q.prompt.english
    found = re.search(r"at (\d+) on (\w+) without (\d)\. The skat holds the ♣J", text)
    assert found, text
    bid, game, missing = int(found[1]), found[2], int(found[3])
    assert (missing + 1) * BASE[game] == bid, "bid to the limit of 'uden N'"
    if "settled" in text:
        if "på bordet" in text:
            levels = 1  # på bordet, no Skrædder
        elif "(Sort)" in text:
            levels = 2  # Skrædder and Sort
        else:
            levels = 1  # Skrædder
        worth = (1 + 1 + levels) * BASE[game]
        number(q, worth if worth >= bid else bid)
    else:
        number(q, math.ceil(bid / BASE[game]) * BASE[game])


def check_overbid_value(q: Question, profile: RuleProfile) -> None:
    text = q.prompt.english
    rules = rules_of(text, profile)
    found = re.search(r"you bid (\d+) and play (\w+) (with|without) (\d) \(worth (\d+)\)", text)
    assert found, text
    bid, game = int(found[1]), found[2]
    assert (int(found[4]) + 1) * BASE[game] == int(found[5]) < bid, "the game is worth less than the bid"
    number(q, bid if rules == "danish" else math.ceil(bid / BASE[game]) * BASE[game])


def check_jacks_from_bidding(q: Question, profile: RuleProfile) -> None:
    """A Jack can be the declarer's when some holding with it is worth the bid: with a run from the ♣J
    (at most to the first trump in your own hand), or without as many as stand above it."""
    text = q.prompt.english
    found = re.search(r"at (\d+), picked up the skat and plays (\w+) with", text)
    assert found
    bid, game = int(found[1]), found[2]
    mine = set(iss(q.shown[0].cards))
    order = trumps(game)
    base = base_of(game, profile.name)

    def possible(jack: str) -> bool:
        best = 0
        if "CJ" not in mine:  # with: the run of trumps not in my hand, from the top
            run = 0
            while run < len(order) and order[run] not in mine:
                run += 1
            best = max(best, run)
        if jack != "CJ":  # without: every trump above the Jack with someone else
            best = max(best, order.index(jack))
        return (best + 1) * base >= bid

    jacks = {c for c in ("CJ", "SJ", "HJ", "DJ") if c not in mine}
    assert set(iss(q.options)) == jacks
    cards(q, {j for j in jacks if possible(j)})


def check_bid_drill(q: Question, profile: RuleProfile) -> None:
    """Lessons 07 and 08: a bid's ceiling is a value the game can have and never above what the hand is
    worth for it (the matadors of the ten cards, the skat unseen, and the levels of the form). An answer is a
    plan: one ``game/form.../ceiling`` step per game it would play as the bid rises, joined by ``+``; each
    step is checked. Which game and form pays best is the chance model's judgement (the drill grades by what
    an answer costs, so several answers may be right), which this file does not redo."""
    if q.answer == "pass":
        return
    hand = iss(q.shown[0].cards)
    for step in q.answer.split("+"):
        prefix, ceiling = step.rsplit("/", 1)
        assert int(ceiling) in ladder(profile.name), q.answer
        parts = prefix.split("/")
        game, words = parts[0], [w for w in parts[1:] if w != "pickup"]
        if game == "null":
            worth = NULLS[profile.name][("hand" in words, "ouvert" in words)]
        else:
            if "schneider" in words or "schwarz" in words:
                words.append("schneider")
            factor = abs(count_matadors(hand, game)) + level_factor(words, profile.name, False, False)
            worth = factor * base_of(game, profile.name)
        assert int(ceiling) <= worth, (q.answer, hand, worth)


# ---- chapters 11 and 12 ----------------------------------------------------------------------------------
def check_lead_rule(q: Question, profile: RuleProfile) -> None:
    """Declarer on the left: the long suit; on the right: the short suit; never leave a 10 alone."""
    text = q.prompt.english
    game = game_of(text)
    suits: dict[str, list[str]] = {}
    for c in iss(q.shown[0].cards):
        if not is_trump(c, game):
            suits.setdefault(c[0], []).append(c)
    left = "middlehand is the declarer" in text
    assert left or "rearhand is the declarer" in text
    lengths = {s: len(c) for s, c in suits.items()}
    want = max(lengths.values()) if left else min(lengths.values())

    def allowed(value: str, label: str) -> bool:
        suit = value[0]  # CLUBS, SPADES ...: the first letter is the card code's
        held = suits[suit]
        bare_ten = len(held) <= 2 and any(c[1] == "T" for c in held)
        return lengths[suit] == want and not bare_ten

    one_choice(q, allowed)


def check_trumps_left(q: Question, profile: RuleProfile) -> None:
    """11 trumps in a suit game, 4 in a grand, less yours and those fallen."""
    game = game_of(q.prompt.english)
    hand, fallen = (iss(s.cards) for s in q.shown)
    assert all(is_trump(c, game) for c in fallen)
    number(q, len(trumps(game)) - sum(is_trump(c, game) for c in hand) - len(fallen))


def check_declarer_count(q: Question, profile: RuleProfile) -> None:
    """The declarer's tricks and the skat laid away count."""
    assert q.shown[-1].label.english == "Laid away"
    number(q, sum(POINTS.get(c[1], 0) for s in q.shown for c in iss(s.cards)))


def check_other_pile(q: Question, profile: RuleProfile) -> None:
    """The two piles make 120."""
    number(q, 120 - int(re.search(r"counts (\d+) card points", q.prompt.english)[1]))  # type: ignore[index]


# ---- chapters 13 to 15, 17, 18, 22: results and money ------------------------------------------------
def check_game_result(q: Question, profile: RuleProfile) -> None:
    one_choice(q, lambda value, label: value == result_key(q.prompt.english, profile.name))


def check_settle(q: Question, profile: RuleProfile) -> None:
    number(q, settle_key(q.prompt.english, profile.name))


LOSING_RULES = (
    ("laid three cards away", True),  # the wrong number of cards loses
    ("the rest are mine", True),  # a false claim loses
    ("won only two tricks, with 64", False),  # card points decide, not tricks
    ("failed to follow suit", True),  # a wrong card loses
)


def check_loses_at_once(q: Question, profile: RuleProfile) -> None:
    [truth] = [t for words, t in LOSING_RULES if words in q.prompt.english]
    yes_no(q, truth)


def check_thrown(q: Question, profile: RuleProfile) -> None:
    """Thrown before the first lead: lost, settled on the bid (Danish money per defender); the list: the
    declared value, or the overbid value if that is below the bid, doubled."""
    text = q.prompt.english
    found = re.search(r"at (\d+) for (\w+) (with|without) (\d)", text)
    assert found, text
    bid, game = int(found[1]), found[2]
    if "from each defender" in text:
        number(q, per_defender(bid, False, text))
        return
    assert "in the list" in text
    value = (int(found[4]) + 1) * BASE[game]
    if value < bid:
        value = math.ceil(bid / BASE[game]) * BASE[game]
    number(q, -2 * value)


def check_money(q: Question, profile: RuleProfile) -> None:
    """Lesson 17: round up to tens, ½ øre a point won, 1 øre lost (5 and 10 raised), from or to each
    defender; a thrown game on the bid."""
    text = q.prompt.english
    assert "from each defender" in text
    if "throw the cards" in text:
        number(q, per_defender(int(re.search(r"at (\d+) on", text)[1]), False, text))  # type: ignore[index]
        return
    found = re.search(
        r"(?P<game>[a-z]+) (?P<ww>with|without) (?P<m>\d+), bid (?P<bid>\d+), and the declarer takes "
        r"(?P<points>\d+) card points",
        text,
    )
    assert found, text
    points, bid = int(found["points"]), int(found["bid"])
    m = int(found["m"]) * (1 if found["ww"] == "with" else -1)
    rules = rules_of(text, profile)  # Danish money on the values of the rule set the learner chose
    s = score(Game(found["game"], [], m, bid, max(1, min(9, points // 12)), points), rules)
    number(q, per_defender(bid if s.overbid else s.value, s.won, text))


def check_spoerge(q: Question, profile: RuleProfile) -> None:
    """A knock doubles the rates, knocking back doubles again, throwing pays the normal rate as lost."""
    text = q.prompt.english
    assert "from each defender" in text
    found = re.search(r"øre: (?P<game>[a-z]+) (?P<ww>with|without) (?P<m>\d+), bid (?P<bid>\d+)\.", text)
    assert found, text
    m = int(found["m"]) * (1 if found["ww"] == "with" else -1)
    bid = int(found["bid"])
    if "throws the cards" in text:
        value = (abs(m) + 1) * base_of(found["game"], "danish")
        number(q, per_defender(bid if value < bid else value, False, text))
        return
    points = int(re.search(r"takes (\d+) card points", text)[1])  # type: ignore[index]
    s = score(Game(found["game"], [], m, bid, max(1, min(9, points // 12)), points), "danish")
    factor = 4 if "knocks back" in text else 2
    number(q, per_defender(bid if s.overbid else s.value, s.won, text, factor))


def check_musik(q: Question, profile: RuleProfile) -> None:
    """Musik adds one level, two Musik two (the Danish rules, whatever is chosen)."""
    text = q.prompt.english
    found = re.search(r"you play (\w+) (with|without) (\d) and announce Musik (\d)\. How high", text)
    assert found and "Danish rules" in text, text
    number(q, (int(found[3]) + 1 + int(found[4])) * base_of(found[1], "danish"))


def check_slaa_40(q: Question, profile: RuleProfile) -> None:
    """The knocked game, valued plainly on the ten cards (the skat not counted), must still reach 40; the
    knock itself needed 40 on the first five."""
    game = game_of(q.prompt.english)
    first, ten = (iss(s.cards) for s in q.shown)
    assert set(first) <= set(ten) and len(ten) == 10
    assert (abs(count_matadors(first, game)) + 1) * base_of(game, "danish") >= 40, "the knock was worth 40"
    yes_no(q, (abs(count_matadors(ten, game)) + 1) * base_of(game, "danish") >= 40)


def check_rules_compare(q: Question, profile: RuleProfile) -> None:
    """The same game under the other rules: only the grand's base value differs."""
    text = q.prompt.english
    found = re.search(
        r"rules ([a-z ]+?) (with|without) (\d) is worth (\d+)\. .* under (the [A-Za-z ]+)\?", text
    )
    assert found, text
    words = found[1].split()
    other = rules_of(found[5], profile)
    here = "danish" if other == "international" else "international"
    factor = int(found[3]) + 1 + ("hand" in words)
    assert factor * base_of(words[0], here) == int(found[4])
    number(q, factor * base_of(words[0], other))


# ---- chapters 16, 19, 20: tips, the table, customs --------------------------------------------------------
def check_null_gaps(q: Question, profile: RuleProfile) -> None:
    """The 7, and at most one card missing below your highest (null order 7 8 9 10 J Q K A)."""
    order = "789TJQKA"
    held = {c[1] for c in iss(q.shown[0].cards)}
    top = max(order.index(r) for r in held)
    missing = sum(1 for r in order[:top] if r not in held)
    yes_no(q, "7" in held and missing <= 1)


Hands = tuple[tuple[str, ...], ...]


def _best_cards(
    game: str, declarer: int, hands: Hands, trick: tuple[str, ...], leader: int
) -> tuple[set[str], dict[str, int]]:
    """A small double-dummy search: the declarer's card points from here with perfect play by both sides,
    for each card the seat to move may play."""

    @cache
    def search(hands: tuple[frozenset[str], ...], trick: tuple[str, ...], leader: int) -> int:
        if not trick and not any(hands):
            return 0
        seat = (leader + len(trick)) % 3
        values = [after(hands, trick, leader, seat, c) for c in legal(hands[seat], trick)]
        return max(values) if seat == declarer else min(values)

    def legal(hand: frozenset[str], trick: tuple[str, ...]) -> list[str]:
        if not trick:
            return sorted(hand)
        led = follows_as(trick[0], game)
        same = sorted(c for c in hand if follows_as(c, game) == led)
        return same or sorted(hand)

    def after(
        hands: tuple[frozenset[str], ...], trick: tuple[str, ...], leader: int, seat: int, card: str
    ) -> int:
        rest = tuple(h - {card} if i == seat else h for i, h in enumerate(hands))
        now = (*trick, card)
        if len(now) < 3:
            return search(rest, now, leader)
        led = "?" if is_trump(now[0], game) else now[0][0]
        win = max(range(3), key=lambda i: strength(now[i], led, game))
        winner = (leader + win) % 3
        points = sum(POINTS.get(c[1], 0) for c in now) if winner == declarer else 0
        return points + search(rest, (), winner)

    start = tuple(frozenset(h) for h in hands)
    seat = (leader + len(trick)) % 3
    values = {c: after(start, trick, leader, seat, c) for c in legal(start[seat], trick)}
    best = max(values.values()) if seat == declarer else min(values.values())
    return {c for c, v in values.items() if v == best}, values


@cache
def _tip_answer(
    game: str, declarer: int, hands: Hands, trick: tuple[str, ...], leader: int
) -> frozenset[str]:
    return frozenset(_best_cards(game, declarer, hands, trick, leader)[0])


def check_tip_position(q: Question, profile: RuleProfile) -> None:
    """Every card that keeps the best result for the side to move, by this file's own search."""
    text = q.prompt.english
    found = re.search(r"^(\w+); (\w+) is the declarer\..* card (\w+) can play", text)
    assert found, text
    game, declarer, mover = found[1], SEAT_NAMES.index(found[2]), SEAT_NAMES.index(found[3])
    hands = tuple(tuple(iss(s.cards)) for s in q.shown[:3])
    assert [s.label.english for s in q.shown[:3]] == list(SEAT_NAMES)
    trick: tuple[str, ...] = ()
    leader = mover
    if len(q.shown) > 3:
        trick = tuple(iss(q.shown[3].cards))
        leader = SEAT_NAMES.index(re.search(r"led by (\w+)", q.shown[3].label.english)[1])  # type: ignore[index]
        assert (leader + len(trick)) % 3 == mover
    cards(q, set(_tip_answer(game, declarer, hands, trick, leader)))


TABLE_RULES = (
    ("'Lead a heart, partner!'", False),  # no talk about the play
    ("how many card points the defenders have", False),  # no telling the points
    ("silently, in their head", True),  # counting in your head is allowed
    ("keeps one card back", False),  # an open game shows every card
    ("you say so at once", True),  # own up at once
    ("peeks at the skat", False),  # only the declarer sees the skat
)


def check_table_manners(q: Question, profile: RuleProfile) -> None:
    [truth] = [t for words, t in TABLE_RULES if words in q.prompt.english]
    yes_no(q, truth)


SKAT_RULES = (
    ("laid only one card away", False),  # exactly two cards go back
    ("Does it still count for with and without", True),  # matadors count over hand and skat
    ("never touch the skat", True),  # the skat is always the declarer's
    ("May you change", False),  # the game cannot be changed
)


def check_skat_rules(q: Question, profile: RuleProfile) -> None:
    [truth] = [t for words, t in SKAT_RULES if words in q.prompt.english]
    yes_no(q, truth)


CUSTOM_RULES = (
    ("ends Skrædder", "stand up"),  # the defenders rise for a declarer left Skrædder
    ("which winnings do you take home", "after the coffee"),  # won before the coffee stays on the table
    ("should Skat not be played", "without an R"),  # May to August
    ("instead of cutting", "Knock on the pack"),
)


def check_customs(q: Question, profile: RuleProfile) -> None:
    [want] = [w for words, w in CUSTOM_RULES if words in q.prompt.english]
    one_choice(q, lambda value, label: want in label)


def check_last_dealer(q: Question, profile: RuleProfile) -> None:
    """The first dealer's right-hand neighbour deals the last game; an evening may not end on a Grand af
    hånden: one more round."""
    text = q.prompt.english
    if "Grand af hånden" in text:
        one_choice(q, lambda value, label: "one more round" in label)
        return
    names = players(text)
    first = re.search(r"and (\w+) deals the first game", text)[1]  # type: ignore[index]
    last = names[(names.index(first) - 1) % len(names)]
    one_choice(q, lambda value, label: label == last)


CHECKERS: dict[str, Checker] = {
    "teams": check_teams,
    "win_points": check_win_points,
    "deal_order": check_deal_order,
    "first_numbers": check_rules_fact,
    "rules_facts": check_rules_fact,
    "next_dealer": check_next_dealer,
    "seats": check_seats,
    "count_eyes": check_count_eyes,
    "suit_value": check_suit_value,
    "strongest_card": check_strongest,
    "null_order": check_null_order,
    "sort_order": check_sort_order,
    "cut": check_cut,
    "packets": check_packets,
    "legal_cards": check_legal_cards,
    "trick_winner": check_trick_winner,
    "revoke": check_revoke,
    "which_trumps": check_which_trumps,
    "null_games": check_null_games,
    "all_pass": check_all_pass,
    "matadors": check_matadors,
    "game_value": check_game_value,
    "bid_drill": check_bid_drill,
    "safe_bid": check_safe_bid,
    "valid_bid": check_valid_bid,
    "auction_order": check_auction_order,
    "overbid": check_overbid,
    "overbid_way": check_overbid_way,
    "skat_rules": check_skat_rules,
    "lead_rule": check_lead_rule,
    "trumps_left": check_trumps_left,
    "declarer_count": check_declarer_count,
    "other_pile": check_other_pile,
    "game_result": check_game_result,
    "loses_at_once": check_loses_at_once,
    "thrown": check_thrown,
    "jacks_from_bidding": check_jacks_from_bidding,
    "null_gaps": check_null_gaps,
    "tip_position": check_tip_position,
    "money": check_money,
    "musik": check_musik,
    "spoerge": check_spoerge,
    "slaa_40": check_slaa_40,
    "table_manners": check_table_manners,
    "last_dealer": check_last_dealer,
    "customs": check_customs,
    "help_table": check_help_table,
    "rules_compare": check_rules_compare,
    "overbid_value": check_overbid_value,
    "settle": check_settle,
}
"""Every chapter-check question type and the checker of its chapter's rules."""
