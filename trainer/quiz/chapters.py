"""Chapter questions: the graded check of understanding at the end of every lesson.

Each chapter lists the main points it teaches (:data:`CHAPTER_POINTS`) and the question types that ask
about them (:data:`CHAPTER_KINDS`; the check walks through them with the seed, so every point comes up).
Most are the quiz's own generated types (a chapter on counting asks ``count_eyes``); the others are written
for the chapters: seats at the table, the cut, the end of an evening, a thrown game, Slå 40 an and the two
rule sets side by side here, the rest in :mod:`trainer.quiz.chapter_items`. Every question is a pure
function of (seed, profile) like the quiz's, is worked out by the engine (predict, then see the verdict and
the reason) and is recorded in the progress store under its type, exactly like a quiz answer, so a teacher
sees it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from trainer.cards import ALL_CARDS, HAND_SIZE, SKAT_SIZE, card_points
from trainer.deal import Seat, table_seats
from trainer.games import SUIT_GAMES, Declaration, GameType
from trainer.profiles import DANISH, RuleProfile
from trainer.quiz.chapter_items import (
    ALL_PASS,
    AUCTION_ORDER,
    CUSTOMS,
    DEAL_ORDER,
    DECLARER_COUNT,
    FIRST_NUMBERS,
    HELP_TABLE,
    ITEM_GENERATORS,
    ITEM_TITLES,
    LEAD_RULE,
    LOSES_AT_ONCE,
    MONEY,
    MUSIK,
    NEXT_DEALER,
    NULL_GAMES,
    NULL_GAPS,
    NULL_ORDER,
    OTHER_PILE,
    OVERBID_VALUE,
    OVERBID_WAY,
    PACKETS,
    PLAYERS,
    REVOKE,
    RULES_FACTS,
    SKAT_RULES,
    SORT_ORDER,
    SPOERGE,
    SUIT_VALUE,
    TABLE_MANNERS,
    TEAMS,
    TRUMPS_LEFT,
    WHICH_TRUMPS,
    WIN_POINTS,
    clockwise,
    label_of,
    make_question,
    name_choices,
    other_profile,
    rng_for,
)
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
    YES_NO,
    gen_game_result,
    gen_settle,
    generate,
    matadors_text,
    yes_no,
)
from trainer.quiz.model import Choice, Question, Shown
from trainer.quiz.positions import TIP_POSITION
from trainer.rules.bidding import bid_ladder, hand_value
from trainer.rules.extras import DANISH_EXTRAS, longest_trump_suit, slaa_40_an_check
from trainer.rules.play import sort_cards, trump_order
from trainer.rules.settlement import DANISH_MONEY, danish_money, list_settlement
from trainer.rules.value import evaluate_game, game_value, matadors
from trainer.text import N_, Message

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
    **ITEM_TITLES,
}
"""Titles (msgids) of the question types only chapters ask."""

CHAPTER_KINDS: dict[str, tuple[str, ...]] = {
    "00-introduction": (TEAMS, WIN_POINTS, DEAL_ORDER, FIRST_NUMBERS),
    "01-participants": (SEATS, NEXT_DEALER, TEAMS),
    "02-cards-and-values": (COUNT_EYES, SUIT_VALUE),
    "03-card-order": (STRONGEST, NULL_ORDER, SORT_ORDER),
    "04-dealing": (CUT, PACKETS, NEXT_DEALER),
    "05-rules": (LEGAL_CARDS, TRICK_WINNER, REVOKE),
    "06-game-types": (WHICH_TRUMPS, NULL_GAMES, ALL_PASS),
    "07-bidding": (MATADORS, GAME_VALUE, BID_DRILL),
    "08-highest-bid": (SAFE_BID, BID_DRILL),
    "09-bidding-sequence": (VALID_BID, AUCTION_ORDER),
    "10-skat-exchange": (OVERBID, OVERBID_WAY, SKAT_RULES),
    "11-playing": (LEAD_RULE, TRUMPS_LEFT, DECLARER_COUNT),
    "12-counting": (COUNT_EYES, DECLARER_COUNT, OTHER_PILE),
    "13-winning": (GAME_RESULT,),
    "14-losing": (GAME_RESULT, LOSES_AT_ONCE),
    "15-quick-games": (THROWN, OVERBID_WAY),
    "16-tips": (JACKS_FROM_BIDDING, NULL_GAPS, TIP_POSITION),
    "17-money": (MONEY, ALL_PASS),
    "18-dearer": (MUSIK, SPOERGE, SLAA_40),
    "19-forbidden": (LEGAL_CARDS, REVOKE, TABLE_MANNERS),
    "20-customs": (LAST_DEALER, CUSTOMS),
    "21-help-tables": (HELP_TABLE, MATADORS),
    "22-danish-vs-international": (RULES_COMPARE, RULES_FACTS, OVERBID_VALUE, SETTLE),
}
"""For every chapter, the question types its check draws from: the seed walks through them in turn."""


@dataclass(frozen=True)
class ChapterPoint:
    """One main point of a chapter and the question types of its check that ask about it."""

    point: str
    kinds: tuple[str, ...]


def _points(*points: tuple[str, str | tuple[str, ...]]) -> tuple[ChapterPoint, ...]:
    return tuple(ChapterPoint(text, (kinds,) if isinstance(kinds, str) else kinds) for text, kinds in points)


CHAPTER_POINTS: dict[str, tuple[ChapterPoint, ...]] = {
    "00-introduction": _points(
        ("one declarer plays against two defenders", TEAMS),
        ("120 card points in the pack; the declarer needs 61", WIN_POINTS),
        ("a deal runs: deal, bid, skat, declare, ten tricks, count", DEAL_ORDER),
        ("two rule sets: the first bid and the grand differ", FIRST_NUMBERS),
    ),
    "01-participants": _points(
        ("the seats are named clockwise from the dealer", SEATS),
        ("four or five at the table: who sits out", SEATS),
        ("the deal moves one seat clockwise", NEXT_DEALER),
        ("the bidding, not the seat, makes the teams", TEAMS),
    ),
    "02-cards-and-values": _points(
        ("card points: A 11, 10 10, K 4, Q 3, J 2, 120 in all", COUNT_EYES),
        ("the base values of the suits and the grand", SUIT_VALUE),
    ),
    "03-card-order": _points(
        ("Jacks first, then the trump suit; grand: only the Jacks", STRONGEST),
        ("null games: no trumps, the 10 below the Jack", NULL_ORDER),
        ("sorting the hand the traditional way", SORT_ORDER),
    ),
    "04-dealing": _points(
        ("the deal passes clockwise", NEXT_DEALER),
        ("the cut: lift the top half or knock (Danish), at least 4 each way (international)", CUT),
        ("the packets: 5-2-5 or 3-2-4-3", PACKETS),
    ),
    "05-rules": _points(
        ("follow suit; the Jacks belong to the trumps", LEGAL_CARDS),
        ("the highest trump, else the highest card of the led suit, wins", TRICK_WINNER),
        ("a wrong card loses the game for its side", REVOKE),
    ),
    "06-game-types": _points(
        ("grand: 4 trumps; a suit game: 11", WHICH_TRUMPS),
        ("Nul-ouvert and Dækker (the international null games)", NULL_GAMES),
        ("all pass: Ramse (international: the deal is given again)", ALL_PASS),
    ),
    "07-bidding": _points(
        ("med and uden, counted over the hand and the skat", MATADORS),
        ("value = base value × factor, with the levels", GAME_VALUE),
        ("judging a hand: would you bid, how high, hand or pick up", BID_DRILL),
    ),
    "08-highest-bid": _points(
        ("the highest bid for each game", SAFE_BID),
        ("the highest bid the hand is worth: a ceiling, with the chance", BID_DRILL),
    ),
    "09-bidding-sequence": _points(
        ("only real game values may be bid, from 24 (18)", VALID_BID),
        ("who bids to whom, and what happens after a pass", AUCTION_ORDER),
    ),
    "10-skat-exchange": _points(
        ("a Jack in the skat can leave the game overbid", OVERBID),
        ("the ways out: on the table, Skrædder, throw (international: the overbid value)", OVERBID_WAY),
        ("exactly ten cards, the skat counts, the game cannot be changed", SKAT_RULES),
    ),
    "11-playing": _points(
        ("the defenders' first lead: long suit or short suit", LEAD_RULE),
        ("count the trumps", TRUMPS_LEFT),
        ("count the points, the skat included", DECLARER_COUNT),
    ),
    "12-counting": _points(
        ("the card values", COUNT_EYES),
        ("the skat belongs to the declarer", DECLARER_COUNT),
        ("the two piles make 120", OTHER_PILE),
    ),
    "13-winning": _points(
        ("61 wins; Skrædder and Sort raise the value", GAME_RESULT),
    ),
    "14-losing": _points(
        ("lost on points; the declarer Skrædder or Sort", GAME_RESULT),
        ("mistakes that lose whatever the points", LOSES_AT_ONCE),
    ),
    "15-quick-games": _points(
        ("a game thrown before the first lead is lost on the bid", THROWN),
        ("throwing, the last way out of an overbid", OVERBID_WAY),
    ),
    "16-tips": _points(
        ("read the bid: which Jacks the declarer holds", JACKS_FROM_BIDDING),
        ("cards for Nul-ouvert: at most one gap", NULL_GAPS),
        ("the play tips: draw and count trumps, vimle, no bare 10", TIP_POSITION),
    ),
    "17-money": _points(
        ("Danish money: round up to tens, ½ and 1 øre, thrown games on the bid", MONEY),
        ("Ramse: who wins and who pays", ALL_PASS),
    ),
    "18-dearer": _points(("Musik", MUSIK), ("Spørge", SPOERGE), ("Slå 40 an", SLAA_40)),
    "19-forbidden": _points(
        ("the Jacks are trumps: follow suit with them", LEGAL_CARDS),
        ("own up to a wrong card: that side loses", REVOKE),
        ("no table talk, no peeking, every open card shown", TABLE_MANNERS),
    ),
    "20-customs": _points(
        ("the last dealer, and one more round after a Grand af hånden", LAST_DEALER),
        ("the customs and sayings of the table", CUSTOMS),
    ),
    "21-help-tables": _points(
        ("from the highest Jack to the value", HELP_TABLE),
        ("the unbroken run from the ♣J", MATADORS),
    ),
    "22-danish-vs-international": _points(
        ("the same game under both rule sets", RULES_COMPARE),
        ("first bid, packets, schneider line, null games, all pass, ouvert", RULES_FACTS),
        ("the value of a lost overbid game", OVERBID_VALUE),
        ("the list, Seeger-Fabian and Danish money", SETTLE),
    ),
}
"""For every chapter, its main points and the question types of its check that ask about them."""

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
    # the rest of the seed chooses within the type, so that each type still walks through its variants
    return question_of(kind, seed // len(kinds), profile, chapter=slug)


def question_of(kind: str, seed: int, profile: RuleProfile, *, chapter: str | None = None) -> Question:
    """One question of any type a chapter may ask (a quiz type or one of this module's). In a ``chapter``'s
    check, results and settlements draw only the rules taught by that chapter and the ones before."""
    own = _GENERATORS.get(kind)
    if own:
        return own(seed, profile)
    if kind == GAME_RESULT:
        return gen_game_result(seed, profile, chapter)
    if kind == SETTLE:
        return gen_settle(seed, profile, chapter)
    return generate(kind, seed, profile)


# ---- the strongest card ------------------------------------------------------------------------------------
def gen_strongest(seed: int, profile: RuleProfile) -> Question:
    """Three cards, at least one a trump: which is the strongest? (The highest trump, whatever is led.)"""
    rng = rng_for(STRONGEST, seed)
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
    return make_question(
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
    rng = rng_for(SEATS, seed)
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
        clockwise(players),
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
                    "the dealer and the player two seats to the dealer's right sit out."
                )
            )
        )
    return make_question(
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
        label_of(choices, answer),
        steps,
        choices=choices,
    )


# ---- the cut ----------------------------------------------------------------------------------------------
def gen_cut(seed: int, profile: RuleProfile) -> Question:
    """Who cuts the shuffled pack: the dealer's right-hand neighbour (both rule sets)."""
    rng = rng_for(CUT, seed)
    size = rng.choice((3, 4))
    players = PLAYERS[:size]
    dealer = rng.randrange(size)
    cutter = (dealer - 1) % size
    return make_question(
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
            clockwise(players),
            T(
                N_(
                    "The pack is cut by the dealer's right-hand neighbour, the player before the dealer "
                    "going clockwise: {cutter}."
                ),
                cutter=players[cutter],
            ),
            T(
                N_(
                    "The player lifts off the top half of the pack and the dealer puts the lower half on "
                    "top; trusting the dealer, the player may knock on the pack instead."
                )
            )
            if profile.knock_instead_of_cut
            else T(N_("Cut: at least {n} cards lifted and at least {n} left."), n=profile.cut_min_cards),
        ],
        choices=name_choices(players),
    )


# ---- the end of an evening ------------------------------------------------------------------------------
_ENDS, _ONE_MORE_ROUND, _REPLAY = "ends", "one_more_round", "replay"


def gen_last_dealer(seed: int, profile: RuleProfile) -> Question:
    """Who deals the last round of an evening, or what follows a Grand af hånden in the last game."""
    rng = rng_for(LAST_DEALER, seed)
    size = rng.choice((3, 4))
    players = PLAYERS[:size]
    first = rng.randrange(size)
    last = (first - 1) % size
    if seed % 2 == 0:
        return make_question(
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
                clockwise(players),
                T(N_("The deal moves one place clockwise after every game.")),
                T(
                    N_(
                        "The evening ends when the player on the first dealer's right has dealt: {last}. "
                        "Then everybody has dealt equally often."
                    ),
                    last=players[last],
                ),
            ],
            choices=name_choices(players),
        )
    choices = (
        Choice(_ENDS, T(N_("The evening ends as planned."))),
        Choice(_ONE_MORE_ROUND, T(N_("The table plays one more round."))),
        Choice(_REPLAY, T(N_("The Grand af hånden is dealt and played again."))),
    )
    return make_question(
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
    rng = rng_for(THROWN, seed)
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
    if profile.thrown_on_bid:  # the textbook settles in money, on the bid
        money = danish_money(result, thrown_before_play=True)
        amount = -money.opponents[0]  # what the declarer gets from each defender (negative: pays each)
        rounded = math.ceil(bid / DANISH_MONEY.rounding_unit) * DANISH_MONEY.rounding_unit
        scheme = T(N_("Danish money (½ and 1 øre per point)"))
        ask = N_(
            "You won the bidding at {bid} for {game} {matadors}, picked up the skat and throw the cards "
            "before the first lead. Settled with {scheme}: how many øre does the declarer get from each "
            "defender (a negative number if the declarer pays each defender)?"
        )
        steps += [
            T(N_("There was no play, so it is settled on the bid, {bid}."), bid=bid),
            T(N_("{value} is rounded up to {rounded}."), value=bid, rounded=rounded),
            T(
                N_("The declarer pays {rate} × {rounded} = {each} øre to each defender: {total} øre in all."),
                rate=str(DANISH_MONEY.rates[1]),
                rounded=rounded,
                each=str(int(-amount)),
                total=str(int(-money.declarer)),
            ),
        ]
    else:
        amount = list_settlement(profile, result).declarer
        scheme = T(N_("the list (plain score sheet)"))
        ask = N_(
            "You won the bidding at {bid} for {game} {matadors}, picked up the skat and throw the cards "
            "before the first lead. Settled with {scheme}: what does the declarer write in the list (a "
            "negative number if the declarer loses points)?"
        )
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
    return make_question(
        THROWN,
        seed,
        profile,
        T(ask, bid=bid, game=game, matadors=matadors_text(count), scheme=scheme),
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
    """A knock of 40 after five cards; do all ten still carry the intended game to 40? Slå 40 an belongs to
    the textbook's Danish rules, so the question follows them whichever rules are chosen (and says so)."""
    chosen, profile = profile, DANISH
    rng = rng_for(SLAA_40, seed)
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
    if chosen.name != profile.name:
        steps.append(
            T(
                N_("Slå 40 an belongs to the textbook's Danish rules; {profile} have no such knock."),
                profile=chosen,
            )
        )
    return make_question(
        SLAA_40,
        seed,
        chosen,
        T(
            N_(
                "After your first five cards you knocked: Slå 40 an, meaning to play {game}. Here are all "
                "ten of your cards. Does the knock hold?"
            ),
            game=game,
        ),
        *yes_no(check.holds),
        steps,
        choices=YES_NO,
        shown=(
            Shown(T(N_("The first five cards")), tuple(sort_cards(first, game))),
            Shown(T(N_("All ten cards")), tuple(sort_cards(hand, game))),
        ),
    )


# ---- the same game under both rule sets --------------------------------------------------------------------
def gen_rules_compare(seed: int, profile: RuleProfile) -> Question:
    """A game's value under the chosen rules is given; what is it worth under the other rule set?"""
    rng = rng_for(RULES_COMPARE, seed)
    other = other_profile(profile)
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
    return make_question(
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
    **ITEM_GENERATORS,
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
    "CHAPTER_POINTS",
    "ChapterPoint",
    "chapter_kinds",
    "chapter_question",
    "practice_kinds",
    "question_of",
]
