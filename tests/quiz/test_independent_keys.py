"""Every money-and-value question's key, recomputed from the prompt's own English words by a small model
written here from the rules (not the engine's or the generator's formulas).

The prompt must name the unit its key is in (the list entry, the Seeger-Fabian score, øre from each
defender, øre in all); the model reads the unit from the words and works the number out. A key the prompt
does not determine, or one in another unit than the prompt names, fails here.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import pytest

from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.quiz import GAME_RESULT, SETTLE, Question, generate
from trainer.quiz.chapter_items import MONEY, OVERBID_VALUE, OVERBID_WAY, SPOERGE
from trainer.quiz.chapters import THROWN, question_of

SEEDS = range(200)

# ---- the rules, as the model knows them (RULES §2-§10) ----
BASE = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12}
GRAND = {"danish": 20, "international": 24}
DEFENDERS_SCHNEIDER = {"danish": 29, "international": 30}  # Danish "under 30", international "30 or fewer"
DECLARER_SCHNEIDER = 30


def base_of(game: str, rules: str) -> int:
    return GRAND[rules] if game == "grand" else BASE[game]


@dataclass
class Game:
    """A played game as the prompt tells it."""

    game: str
    words: list[str]
    matadors: int
    bid: int
    tricks: int
    points: int
    musik: int = 0
    musik_made: bool = True


GAME_RE = re.compile(
    r"The declarer played (?P<decl>[a-z0-9 ]+?) (?P<ww>with|without) (?P<m>\d+), bid (?P<bid>\d+), and took "
    r"(?P<tricks>\d+) tricks with (?P<points>\d+) card points including the skat\."
)


def read_game(text: str) -> Game:
    found = GAME_RE.search(text)
    assert found, text
    words = found["decl"].split()
    musik = int(words[words.index("musik") + 1]) if "musik" in words else 0
    made = "did not win the last" not in text
    if musik:
        assert "Musik: the declarer" in text, "an announced Musik must say whether it was made"
    m = int(found["m"]) * (1 if found["ww"] == "with" else -1)
    return Game(
        words[0], words[1:], m, int(found["bid"]), int(found["tricks"]), int(found["points"]), musik, made
    )


@dataclass
class Scored:
    won: bool
    value: int
    overbid: bool
    schneider: bool
    schwarz: bool


def score(g: Game, rules: str) -> Scored:
    """Won or lost and the value scored on (RULES §6, §7)."""
    hand = "hand" in g.words
    ouvert = "ouvert" in g.words
    schneider_ann = "schneider" in g.words
    schwarz_ann = "schwarz" in g.words
    schneider_ann = schneider_ann or schwarz_ann  # announcing schwarz announces schneider too
    if ouvert and rules == "international":  # an open game carries hand and both announcements
        hand = schneider_ann = schwarz_ann = True
    defenders = 120 - g.points
    schwarz = g.tricks in (0, 10)
    schneider = schwarz or defenders <= DEFENDERS_SCHNEIDER[rules] or g.points <= DECLARER_SCHNEIDER
    factor = abs(g.matadors) + 1 + hand + ouvert + g.musik
    factor += (schneider or schneider_ann or schwarz_ann) + schneider_ann
    factor += (schwarz or schwarz_ann) + schwarz_ann
    base = base_of(g.game, rules)
    value = factor * base
    overbid = value < g.bid
    won = (
        not overbid
        and g.points >= 61
        and (not schneider_ann or defenders <= DEFENDERS_SCHNEIDER[rules])
        and (not schwarz_ann or g.tricks == 10)
        and g.musik_made
    )
    if overbid:
        value = g.bid if rules == "danish" else math.ceil(g.bid / base) * base
    return Scored(won, value, overbid, schneider, schwarz)


def per_defender(value: int, won: bool, text: str, factor: int = 1) -> int:
    """Danish money: the value rounded up to tens, ½ øre (won) or 1 øre (lost) per point, from or to each
    defender; the raised rates are 5 and 10."""
    rounded = math.ceil(value / 10) * 10
    win_rate, loss_rate = (5, 10) if "5 and 10 øre" in text else (0.5, 1)
    amount = (win_rate if won else loss_rate) * rounded * factor
    assert amount == int(amount)
    return int(amount) if won else -int(amount)


def settle_key(text: str, rules: str) -> int:
    if "Ramse was played" in text:
        return ramse_key(text)
    g = read_game(text)
    s = score(g, rules)
    if "from each defender" in text:
        factor = 1
        if "knocked (Spørge)" in text:
            factor *= 4 if "knocks back" in text else 2
        if "Slå 40 an" in text:
            factor *= 2
        return per_defender(g.bid if s.overbid else s.value, s.won, text, factor)
    value = s.value * (4 if "said re" in text else 2 if "said kontra" in text else 1)
    if "in the list" in text:
        return value if s.won else -2 * value
    assert "Seeger-Fabian" in text and "score" in text, text
    return value + 50 if s.won else -2 * value - 50


RAMSE_RE = re.compile(
    r"Ramse was played for (?P<stake>\d+) øre\. The card points: forehand (?P<f>\d+), middlehand (?P<m>\d+), "
    r"rearhand (?P<r>\d+)\. How many øre does (?P<seat>\w+) get in all"
)


def ramse_key(text: str) -> int:
    """Ramse (RULES §9): 101 or more wins and is paid by each other player; else the most points pay each
    of the other two (two tied on the most both pay the third; a three-way tie pays nothing)."""
    found = RAMSE_RE.search(text)
    assert found, text
    stake = int(found["stake"])
    points = {"forehand": int(found["f"]), "middlehand": int(found["m"]), "rearhand": int(found["r"])}
    assert sum(points.values()) == 120
    seat = found["seat"]
    big = [s for s, p in points.items() if p >= 101]
    if big:
        return 2 * stake if seat in big else -stake
    most = max(points.values())
    losers = [s for s, p in points.items() if p == most]
    if len(losers) == 3:
        return 0
    if seat in losers:
        return -stake * (3 - len(losers))
    return stake * len(losers)


def result_key(text: str, rules: str) -> str:
    s = score(read_game(text), rules)
    level = "_schwarz" if s.schwarz else "_schneider" if s.schneider else ""
    return ("won" if s.won else "lost") + level


PROFILES = (DANISH, INTERNATIONAL)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_settlement_keys_follow_the_prompt(profile: RuleProfile) -> None:
    units = set()
    for seed in SEEDS:
        q = generate(SETTLE, seed, profile)
        text = q.prompt.english
        units |= {u for u in ("in the list", "Seeger-Fabian", "from each defender", "in all") if u in text}
        assert int(q.answer) == settle_key(text, profile.name), (seed, text, q.answer)
    assert units >= {"in the list", "Seeger-Fabian", "from each defender"}


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_result_keys_follow_the_prompt(profile: RuleProfile) -> None:
    for seed in SEEDS:
        q = generate(GAME_RESULT, seed, profile)
        assert q.answer == result_key(q.prompt.english, profile.name), (seed, q.prompt.english)


def _question(kind: str, seed: int, profile: RuleProfile) -> Question:
    return question_of(kind, seed, profile)


def test_thrown_game_keys_follow_the_prompt() -> None:
    """Chapter 15: a game thrown before the first lead is lost on the bid (RULES §10); Danish money asks
    per defender, the list asks for the declarer's entry."""
    for profile in PROFILES:
        for seed in SEEDS:
            q = _question(THROWN, seed, profile)
            text = q.prompt.english
            bid = int(re.search(r"at (\d+) for", text)[1])  # type: ignore[index]
            if "from each defender" in text:
                assert int(q.answer) == per_defender(bid, False, text), text
            else:
                assert "in the list" in text
                game = re.search(r"for (\w+) with", text)[1]  # type: ignore[index]
                ww = re.search(r"(with|without) (\d+)", text)
                assert ww
                factor = int(ww[2]) + 1
                value = factor * BASE[game]
                if value < bid:
                    value = math.ceil(bid / BASE[game]) * BASE[game]
                assert int(q.answer) == -2 * value, text


MONEY_RE = re.compile(
    r"(?P<game>[a-z]+) (?P<ww>with|without) (?P<m>\d+), bid (?P<bid>\d+), and the declarer takes "
    r"(?P<points>\d+) card points"
)


def test_money_keys_follow_the_prompt() -> None:
    """Chapter 17: what the declarer gets from each defender."""
    for seed in SEEDS:
        q = _question(MONEY, seed, DANISH)
        text = q.prompt.english
        assert "from each defender" in text
        if "throw the cards" in text:
            bid = int(re.search(r"at (\d+) on", text)[1])  # type: ignore[index]
            assert int(q.answer) == per_defender(bid, False, text), text
            continue
        found = MONEY_RE.search(text)
        assert found, text
        points = int(found["points"])
        tricks = max(1, min(9, points // 12))  # the prompt gives no tricks: no schwarz is possible here
        m = int(found["m"]) * (1 if found["ww"] == "with" else -1)
        s = score(Game(found["game"], [], m, int(found["bid"]), tricks, points), "danish")
        assert int(q.answer) == per_defender(int(found["bid"]) if s.overbid else s.value, s.won, text)


def test_spoerge_keys_follow_the_prompt() -> None:
    """Chapter 18: a knock doubles the rates, knocking back doubles again, throwing pays the normal rate; the
    model is the chapter checks' own (chapter_rules.check_spoerge, built on this module's), on 200 seeds."""
    from .chapter_rules import check_spoerge  # it imports this module's model

    for seed in SEEDS:
        check_spoerge(_question(SPOERGE, seed, DANISH), DANISH)


def test_overbid_keys_follow_the_prompt() -> None:
    """Chapters 10 and 22: the value a way out of an overbid is settled on; the lost overbid game's value."""
    for profile in PROFILES:
        for seed in SEEDS:
            q = _question(OVERBID_WAY, seed, profile)
            text = q.prompt.english
            found = re.search(r"at (\d+) on (\w+) without", text)
            assert found, text
            bid, game = int(found[1]), found[2]
            if "settled" in text:  # Danish: ♣J in the skat makes it "with 1, game 2" plus the way's levels
                levels = 2 if "(Sort)" in text else 1
                worth = (2 + levels) * BASE[game]
                assert int(q.answer) == (worth if worth >= bid else bid), text
            else:
                assert int(q.answer) == math.ceil(bid / BASE[game]) * BASE[game], text
            q = _question(OVERBID_VALUE, seed, profile)
            text = q.prompt.english
            found = re.search(r"you bid (\d+) and play (\w+)", text)
            assert found, text
            bid, game = int(found[1]), found[2]
            danish = profile is DANISH
            assert int(q.answer) == (bid if danish else math.ceil(bid / BASE[game]) * BASE[game]), text


def test_musik_made_is_what_the_last_tricks_show() -> None:
    """A Musik question says the Musik was made exactly when the replayed game shows the declarer winning the
    last trick with the lowest trump (and, for two Musik, the trick before with the next-lowest): the 7 and 8
    of trumps in a suit game, ♦J and ♥J in a grand (RULES §8)."""
    import random

    from trainer.deal import Seat
    from trainer.quiz.generators import RULE_MUSIK, random_played_game

    from .helpers import iss, strength, trumps

    seen = set()
    for seed in range(40):
        played = random_played_game(random.Random(seed), DANISH, RULE_MUSIK)
        game = played.declaration.game.value
        owner = {card: seat for seat in Seat for card in iss(played.deal.hand(seat))}
        cards = iss(played.cards_played)
        tricks = [cards[i : i + 3] for i in range(0, len(cards), 3)]
        lowest = trumps(game)[::-1]  # lowest first
        made = True
        for back in range(played.declaration.musik):
            trick = tricks[-1 - back]
            winner = max(trick, key=lambda c: strength(c, trick[0][0], game))
            mine = next(c for c in trick if owner[c] is played.declarer)
            made = made and owner[winner] is played.declarer and mine == lowest[back]
        assert played.musik_made == made, (seed, tricks[-2:], lowest[:2])
        seen.add(made)
    assert seen == {True, False}
