"""Chapter questions: the graded check of understanding at the end of every lesson.

Each chapter names the question types that test what it teaches (:data:`CHAPTER_KINDS`). Most are the quiz's
own generated types (a chapter on counting asks ``count_eyes``); the rest are written here for chapters whose
subject the quiz does not cover: seats at the table, the cut, the end of an evening, a thrown game, Slå 40 an
and the two rule sets side by side. Every question is a pure function of (seed, profile) like the quiz's, is
worked out by the engine (predict, then see the verdict and the explanation) and is recorded in the progress
store under its type, exactly like a quiz answer, so a teacher sees it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from trainer.bidding import bid_ladder, hand_value
from trainer.cards import ALL_CARDS, HAND_SIZE, SKAT_SIZE, card_points
from trainer.deal import Seat, table_seats
from trainer.extras import DANISH_EXTRAS, longest_trump_suit, slaa_40_an_check
from trainer.games import SUIT_GAMES, Declaration, GameType
from trainer.play import sort_cards, trump_order
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.quiz.generators import (
    BID_DRILL,
    COUNT_EYES,
    GAME_RESULT,
    GAME_VALUE,
    JACKS_FROM_BIDDING,
    KIND_TITLES,
    KINDS,
    LEGAL_CARDS,
    MATADORS,
    OVERBID,
    SAFE_BID,
    SETTLE,
    TRICK_WINNER,
    VALID_BID,
    generate,
    matadors_text,
)
from trainer.quiz.model import Choice, Question, Shown
from trainer.settlement import DANISH_MONEY, danish_money, list_settlement
from trainer.text import N_, Message
from trainer.value import evaluate_game, game_value, matadors

T = Message.of

STRONGEST = "strongest_card"
SEATS = "seats"
CUT = "cut"
LAST_DEALER = "last_dealer"
THROWN = "thrown"
SLAA_40 = "slaa_40"
RULES_COMPARE = "rules_compare"

CHAPTER_KIND_TITLES: dict[str, str] = {
    STRONGEST: N_("The strongest card"),
    SEATS: N_("Seats at the table"),
    CUT: N_("Who cuts"),
    LAST_DEALER: N_("The end of an evening"),
    THROWN: N_("A thrown game"),
    SLAA_40: N_("Slå 40 an"),
    RULES_COMPARE: N_("Danish and international values"),
}
"""Titles (msgids) of the question types only chapters ask."""

CHAPTER_KINDS: dict[str, tuple[str, ...]] = {
    "00-introduction": (COUNT_EYES,),
    "01-participants": (SEATS,),
    "02-cards-and-values": (COUNT_EYES,),
    "03-card-order": (STRONGEST,),
    "04-dealing": (CUT, SEATS),
    "05-rules": (LEGAL_CARDS, TRICK_WINNER),
    "06-game-types": (TRICK_WINNER,),
    "07-bidding": (MATADORS, GAME_VALUE, BID_DRILL),
    "08-highest-bid": (SAFE_BID, BID_DRILL),
    "09-bidding-sequence": (VALID_BID,),
    "10-skat-exchange": (OVERBID,),
    "11-playing": (LEGAL_CARDS, TRICK_WINNER),
    "12-counting": (COUNT_EYES,),
    "13-winning": (GAME_RESULT,),
    "14-losing": (GAME_RESULT,),
    "15-quick-games": (THROWN,),
    "16-tips": (JACKS_FROM_BIDDING,),
    "17-money": (SETTLE,),
    "18-dearer": (SLAA_40,),
    "19-forbidden": (LEGAL_CARDS,),
    "20-customs": (LAST_DEALER,),
    "21-help-tables": (SAFE_BID,),
    "22-danish-vs-international": (RULES_COMPARE,),
}
"""For every chapter, the question types its check draws from (the first one most often)."""

_EXTRA_PRACTICE: dict[str, tuple[str, ...]] = {
    "03-card-order": (TRICK_WINNER,),
    "06-game-types": (LEGAL_CARDS,),
    "10-skat-exchange": (GAME_RESULT,),
    "14-losing": (SETTLE,),
    "15-quick-games": (OVERBID, SETTLE),
    "16-tips": (SAFE_BID, LEGAL_CARDS),
    "17-money": (GAME_RESULT,),
    "18-dearer": (GAME_VALUE, SETTLE),
    "21-help-tables": (MATADORS, GAME_VALUE),
    "22-danish-vs-international": (VALID_BID, GAME_VALUE, GAME_RESULT),
}


def practice_kinds(slug: str) -> tuple[str, ...]:
    """The quiz types (the quiz page's, so they can be drilled there) that practise a chapter: its own
    check's quiz types first, then related ones."""
    kinds = [k for k in (*CHAPTER_KINDS.get(slug, ()), *_EXTRA_PRACTICE.get(slug, ())) if k in KINDS]
    return tuple(dict.fromkeys(kinds))


PLAYERS = ("Anna", "Bo", "Carl", "Dorte", "Erik")
"""Names for the players around the table, clockwise (names are the same in every language)."""

_YES_NO = (Choice("yes", T(N_("Yes"))), Choice("no", T(N_("No"))))


def kind_title(kind: str) -> str:
    """The msgid naming a question type, quiz or chapter."""
    return CHAPTER_KIND_TITLES.get(kind) or KIND_TITLES.get(kind, kind)


def chapter_kinds(slug: str) -> tuple[str, ...]:
    """The question types of a chapter's check (empty for a chapter without one)."""
    return CHAPTER_KINDS.get(slug, ())


def chapter_question(slug: str, seed: int, profile: RuleProfile) -> Question:
    """The chapter's question for ``seed``: the same seed gives the same question."""
    kinds = chapter_kinds(slug)
    if not kinds:
        from trainer.errors import SkatError

        raise SkatError.of(N_("The chapter {slug} has no question yet."), slug=slug)
    kind = kinds[seed % len(kinds)]
    return question_of(kind, seed, profile)


def question_of(kind: str, seed: int, profile: RuleProfile) -> Question:
    """One question of any type a chapter may ask (a quiz type or one of this module's)."""
    own = _GENERATORS.get(kind)
    return own(seed, profile) if own else generate(kind, seed, profile)


def _rng(kind: str, seed: int) -> random.Random:
    return random.Random(f"chapter/{kind}/{seed}")


def _question(
    kind: str,
    seed: int,
    profile: RuleProfile,
    prompt: Message,
    answer: str,
    answer_text: Message,
    explanation: list[Message],
    *,
    choices: tuple[Choice, ...] = (),
    shown: tuple[Shown, ...] = (),
) -> Question:
    return Question(
        kind=kind,
        seed=seed,
        profile_name=profile.name,
        prompt=prompt,
        mode="choice" if choices else "number",
        answer=answer,
        answer_text=answer_text,
        explanation=tuple(explanation),
        shown=shown,
        choices=choices,
    )


def _name_choices(players: tuple[str, ...]) -> tuple[Choice, ...]:
    return tuple(Choice(name, T(N_("{value}"), value=name)) for name in players)


def _clockwise(players: tuple[str, ...]) -> Message:
    return T(N_("Clockwise around the table: {names}."), names=", ".join(players))


# ---- the strongest card ------------------------------------------------------------------------------------
def gen_strongest(seed: int, profile: RuleProfile) -> Question:
    """Three cards, at least one a trump: which is the strongest? (The highest trump, whatever is led.)"""
    rng = _rng(STRONGEST, seed)
    game = rng.choice((*SUIT_GAMES, GameType.GRAND))
    order = trump_order(game)
    while True:
        cards = rng.sample(ALL_CARDS, 3)
        trumps = [c for c in cards if c in order]
        if trumps and (len(trumps) < 3 or rng.random() < 0.2):
            break
    best = min(trumps, key=order.index)
    others = tuple(c for c in cards if c not in order)
    steps = [T(N_("In this game the trumps from the top are {trumps}."), trumps=order)]
    if others:
        steps.append(T(N_("{cards}: not trumps here."), cards=others))
    steps.append(
        T(N_("{card} is the highest trump among them, so it beats the others whatever was led."), card=best)
    )
    choices = tuple(Choice(c.iss, T(N_("{cards}"), cards=(c,))) for c in cards)
    return _question(
        STRONGEST,
        seed,
        profile,
        T(N_("The game is {game}. Which of these three cards is the strongest?"), game=game),
        best.iss,
        T(N_("{cards}"), cards=(best,)),
        steps,
        choices=choices,
        shown=(Shown(T(N_("The cards")), tuple(cards)),),
    )


# ---- seats: forehand, middlehand, rearhand ----------------------------------------------------------------
_SITS_OUT = "out"


def gen_seats(seed: int, profile: RuleProfile) -> Question:
    """Who plays which seat when a given player deals, at a table of 3, 4 or 5."""
    rng = _rng(SEATS, seed)
    size = rng.choice((3, 3, 4, 5))
    players = PLAYERS[:size]
    dealer = rng.randrange(size)
    seats = table_seats(size, dealer)
    asked = rng.randrange(size)
    seat = seats.get(asked)
    answer = _SITS_OUT if seat is None else str(int(seat))
    choices = (
        *(Choice(str(int(s)), T(N_("{seat}"), seat=s)) for s in Seat),
        *((Choice(_SITS_OUT, T(N_("sits out this game"))),) if size > 3 else ()),
    )
    steps = [
        _clockwise(players),
        T(
            N_("{dealer} deals. Forehand sits on the dealer's left, then middlehand, then rearhand."),
            dealer=players[dealer],
        ),
    ]
    for player, s in sorted(seats.items(), key=lambda item: int(item[1])):
        steps.append(T(N_("{player}: {seat}."), player=players[player], seat=s))
    if size == 4:
        steps.append(T(N_("At four, the dealer sits out and the other three play.")))
    elif size == 5:
        steps.append(
            T(
                N_(
                    "At five, the dealer's two left-hand neighbours and right-hand neighbour play; "
                    "the dealer and the player opposite sit out."
                )
            )
        )
    return _question(
        SEATS,
        seed,
        profile,
        T(
            N_(
                "{size} players sit at the table, clockwise: {names}. {dealer} deals. Which seat does "
                "{player} have in this game?"
            ),
            size=size,
            names=", ".join(players),
            dealer=players[dealer],
            player=players[asked],
        ),
        answer,
        choices[[c.value for c in choices].index(answer)].label,
        steps,
        choices=choices,
    )


# ---- the cut ----------------------------------------------------------------------------------------------
def gen_cut(seed: int, profile: RuleProfile) -> Question:
    """Who cuts the shuffled pack: the dealer's right-hand neighbour (both rule sets)."""
    rng = _rng(CUT, seed)
    size = rng.choice((3, 4))
    players = PLAYERS[:size]
    dealer = rng.randrange(size)
    cutter = (dealer - 1) % size
    return _question(
        CUT,
        seed,
        profile,
        T(
            N_("Clockwise around the table sit {names}. {dealer} has shuffled. Who cuts?"),
            names=", ".join(players),
            dealer=players[dealer],
        ),
        players[cutter],
        T(N_("{value}"), value=players[cutter]),
        [
            _clockwise(players),
            T(
                N_(
                    "The pack is cut by the dealer's right-hand neighbour, the player before the dealer "
                    "going clockwise: {cutter}."
                ),
                cutter=players[cutter],
            ),
            T(
                N_("Cut: at least {n} cards lifted and at least {n} left."),
                n=profile.cut_min_cards,
            ),
        ],
        choices=_name_choices(players),
    )


# ---- the end of an evening ------------------------------------------------------------------------------
_ENDS, _ONE_MORE_ROUND, _REPLAY = "ends", "one_more_round", "replay"


def gen_last_dealer(seed: int, profile: RuleProfile) -> Question:
    """Who deals the last round of an evening, or what follows a Grand af hånden in the last game."""
    rng = _rng(LAST_DEALER, seed)
    size = rng.choice((3, 4))
    players = PLAYERS[:size]
    first = rng.randrange(size)
    last = (first - 1) % size
    if seed % 2 == 0:
        return _question(
            LAST_DEALER,
            seed,
            profile,
            T(
                N_(
                    "An evening of Skat: clockwise around the table sit {names}, and {first} deals the first "
                    "game. Who deals the last game of the evening?"
                ),
                names=", ".join(players),
                first=players[first],
            ),
            players[last],
            T(N_("{value}"), value=players[last]),
            [
                _clockwise(players),
                T(N_("The deal moves one place clockwise after every game.")),
                T(
                    N_(
                        "The evening ends when the player on the first dealer's right has dealt: {last}. "
                        "Then everybody has dealt equally often."
                    ),
                    last=players[last],
                ),
            ],
            choices=_name_choices(players),
        )
    choices = (
        Choice(_ENDS, T(N_("The evening ends as planned."))),
        Choice(_ONE_MORE_ROUND, T(N_("The table plays one more round."))),
        Choice(_REPLAY, T(N_("The Grand af hånden is dealt and played again."))),
    )
    return _question(
        LAST_DEALER,
        seed,
        profile,
        T(
            N_(
                "{last} deals what should be the last game of the evening, and it is a Grand af hånden "
                "(a hand grand). What happens next, by the Danish custom?"
            ),
            last=players[last],
        ),
        _ONE_MORE_ROUND,
        choices[1].label,
        [
            T(N_("An evening may not end on a Grand af hånden.")),
            T(
                N_(
                    "So one more round is played: every player deals once more, and the evening ends after "
                    "that round."
                )
            ),
        ],
        choices=choices,
    )


# ---- a thrown game ---------------------------------------------------------------------------------------
def gen_thrown(seed: int, profile: RuleProfile) -> Question:
    """Cards thrown before the first lead: what the declarer pays (Danish money) or writes (the list)."""
    rng = _rng(THROWN, seed)
    ladder = [v for v in bid_ladder(profile) if v <= 60]
    for _ in range(200):
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        hand, skat = deck[:HAND_SIZE], deck[HAND_SIZE : HAND_SIZE + SKAT_SIZE]
        game = rng.choice(SUIT_GAMES)
        count = matadors((*hand, *skat), game)
        d = Declaration(game)
        value = game_value(profile, d, count).value
        # a bid the declarer would say for this game: a multiple of its base value, not above its worth
        fitting = [v for v in ladder if v % profile.base_value(game) == 0 and v <= value]
        if fitting:
            bid = rng.choice(fitting)
            break
    result = evaluate_game(
        profile,
        d,
        matadors=count,
        bid=bid,
        declarer_points=card_points(skat),
        declarer_tricks=0,
        thrown=True,
    )
    steps = [T(N_("Cards thrown before the first lead: the game is lost."))]
    if profile.name == DANISH.name:  # the textbook settles in money
        money = danish_money(result, thrown_before_play=True)
        amount = money.declarer
        rounded = math.ceil(bid / DANISH_MONEY.rounding_unit) * DANISH_MONEY.rounding_unit
        each = abs(money.opponents[0])
        scheme = T(N_("Danish money (½ and 1 øre per point)"))
        steps += [
            T(N_("There was no play, so it is settled on the bid, {bid}."), bid=bid),
            T(N_("{value} is rounded up to {rounded}."), value=bid, rounded=rounded),
            T(
                N_("The declarer pays {rate} × {rounded} = {each} øre to each defender: {total} øre in all."),
                rate=str(DANISH_MONEY.rates[1]),
                rounded=rounded,
                each=str(int(each)),
                total=str(int(abs(amount))),
            ),
        ]
    else:
        amount = list_settlement(profile, result).declarer
        scheme = T(N_("the list (plain score sheet)"))
        steps += [
            T(
                N_(
                    "It counts as declared, {words}, and if that is below the bid as the overbid value: "
                    "{value}."
                ),
                words=result.breakdown,
                value=result.value,
            ),
            T(
                N_("Lost: −{factor} × {value} = {score}."),
                factor=profile.lost_factor,
                value=result.value,
                score=_minus(int(amount)),
            ),
        ]
    return _question(
        THROWN,
        seed,
        profile,
        T(
            N_(
                "You won the bidding at {bid} for {game} {matadors}, picked up the skat and throw the cards "
                "before the first lead. Settled with {scheme}: what does the declarer get (negative if the "
                "declarer pays)?"
            ),
            bid=bid,
            game=game,
            matadors=matadors_text(count),
            scheme=scheme,
        ),
        str(int(amount)),
        T(N_("{value}"), value=_minus(int(amount))),
        steps,
        shown=(Shown(T(N_("Your hand")), tuple(sort_cards(hand, game))),),
    )


def _minus(number: int) -> str:
    """A number as the lessons write it, with a true minus sign (−80, not -80)."""
    return f"−{-number}" if number < 0 else str(number)


# ---- Slå 40 an --------------------------------------------------------------------------------------------
def gen_slaa_40(seed: int, profile: RuleProfile) -> Question:
    """Danish: a knock of 40 after five cards; do all ten still carry the intended game to 40? Other rule
    sets have no Slå 40 an, so they get the chapter's other subject, a game's value with its levels."""
    if profile.name != DANISH.name:
        return generate(GAME_VALUE, seed, profile)
    rng = _rng(SLAA_40, seed)
    want_hold = rng.random() < 0.5
    needed = DANISH_EXTRAS.slaa_40_an_value
    for _ in range(2000):
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        first, hand = deck[:5], deck[:HAND_SIZE]
        game = longest_trump_suit(first)
        if hand_value(profile, first, game).value < needed:
            continue
        check = slaa_40_an_check(profile, hand, game)
        if check.holds == want_hold:
            break
    before = hand_value(profile, first, game)
    words = check.breakdown
    steps = [
        T(
            N_("After five cards {game} is {words}: worth the knock of {needed}."),
            game=game,
            words=before,
            needed=needed,
        ),
        T(N_("With all ten cards (the skat not counted) {game} is {words}."), game=game, words=words),
        T(
            N_("{value} reaches {needed}: the knock holds, and the game is played at double rate."),
            value=words.value,
            needed=needed,
        )
        if check.holds
        else T(
            N_(
                "{value} is below {needed}: the knocker has lost without play, settled at {needed} at "
                "double rate. Switching to another game does not help."
            ),
            value=words.value,
            needed=needed,
        ),
    ]
    return _question(
        SLAA_40,
        seed,
        profile,
        T(
            N_(
                "After your first five cards you knocked: Slå 40 an, meaning to play {game}. Here are all "
                "ten of your cards. Does the knock hold?"
            ),
            game=game,
        ),
        "yes" if check.holds else "no",
        T(N_("Yes")) if check.holds else T(N_("No")),
        steps,
        choices=_YES_NO,
        shown=(
            Shown(T(N_("The first five cards")), tuple(sort_cards(first, game))),
            Shown(T(N_("All ten cards")), tuple(sort_cards(hand, game))),
        ),
    )


# ---- the same game under both rule sets --------------------------------------------------------------------
def gen_rules_compare(seed: int, profile: RuleProfile) -> Question:
    """A game's value under the chosen rules is given; what is it worth under the other rule set?"""
    rng = _rng(RULES_COMPARE, seed)
    other = INTERNATIONAL if profile.name == DANISH.name else DANISH
    game = GameType.GRAND if rng.random() < 0.7 else rng.choice(SUIT_GAMES)
    d = Declaration(game, hand=rng.random() < 0.4)
    top = 4 if game is GameType.GRAND else 5
    count = rng.choice([n for n in range(-top, top + 1) if n != 0])
    here = game_value(profile, d, count)
    there = game_value(other, d, count)
    steps = [
        T(N_("Under {profile}: {words}."), profile=profile, words=here),
        T(N_("Under {profile}: {words}."), profile=other, words=there),
    ]
    if game is GameType.GRAND:
        steps.append(
            T(
                N_("Only the grand's base value differs: {a} under {pa}, {b} under {pb}."),
                a=profile.grand_base,
                pa=profile,
                b=other.grand_base,
                pb=other,
            )
        )
    else:
        steps.append(T(N_("A suit game has the same base value and the same levels under both rule sets.")))
    return _question(
        RULES_COMPARE,
        seed,
        profile,
        T(
            N_(
                "Under {profile} {declaration} {matadors} is worth {value}. What is the same game worth "
                "under {other}?"
            ),
            profile=profile,
            declaration=d,
            matadors=matadors_text(count),
            value=here.value,
            other=other,
        ),
        str(there.value),
        T(N_("{value}"), value=there.value),
        steps,
    )


_GENERATORS: dict[str, Callable[[int, RuleProfile], Question]] = {
    STRONGEST: gen_strongest,
    SEATS: gen_seats,
    CUT: gen_cut,
    LAST_DEALER: gen_last_dealer,
    THROWN: gen_thrown,
    SLAA_40: gen_slaa_40,
    RULES_COMPARE: gen_rules_compare,
}

__all__ = [
    "CHAPTER_KINDS",
    "CHAPTER_KIND_TITLES",
    "chapter_kinds",
    "chapter_question",
    "practice_kinds",
    "question_of",
]
