"""Question types that only the chapters' graded checks ask: one small generator per point a chapter teaches
that the quiz's own types do not cover (who plays together, the steps of a deal, where the next packet goes,
a revoke, the null games, a Ramse, the defenders' first lead, Danish money, Musik, Spørge ...).

Like the quiz's generators, each is a pure function of (seed, profile): it deals or picks with a seeded
random generator, takes every number from the engine and the rule profile, and explains its answer in steps
shown after the learner has answered. Facts the engine has no function for (the textbook's customs, what
is forbidden at the table) are small tables of statements, each with the reason that goes with it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from trainer.cards import (
    ALL_CARDS,
    HAND_SIZE,
    JACKS,
    TOTAL_CARD_POINTS,
    Card,
    Rank,
    Suit,
    card_points,
    sort_hand,
)
from trainer.deal import Seat
from trainer.games import SUIT_GAMES, Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL, AllPass, OuvertReveal, OverbidValuation, RuleProfile
from trainer.quiz.generators import YES_NO, build_question, cards_answer, matadors_text, value_steps, yes_no
from trainer.quiz.model import AnswerMode, Choice, Question, Shown
from trainer.quiz.positions import POSITIONS, TIP_POSITION, outcome
from trainer.rules.bidding import bid_ladder
from trainer.rules.extras import DANISH_EXTRAS, Spoerge, ramsch_result, ramse_result
from trainer.rules.play import sort_cards, trick_winner, trump_order
from trainer.rules.settlement import danish_money
from trainer.rules.value import evaluate_game, game_value, lowest_trumps, matadors, overbid_value
from trainer.text import N_, Message

T = Message.of

PLAYERS = ("Anna", "Bo", "Carl", "Dorte", "Erik")
"""Names for the players around the table, clockwise (names are the same in every language)."""

TEAMS = "teams"
WIN_POINTS = "win_points"
DEAL_ORDER = "deal_order"
FIRST_NUMBERS = "first_numbers"
RULES_FACTS = "rules_facts"
NEXT_DEALER = "next_dealer"
SUIT_VALUE = "suit_value"
NULL_ORDER = "null_order"
SORT_ORDER = "sort_order"
PACKETS = "packets"
REVOKE = "revoke"
WHICH_TRUMPS = "which_trumps"
NULL_GAMES = "null_games"
ALL_PASS = "all_pass"
AUCTION_ORDER = "auction_order"
OVERBID_WAY = "overbid_way"
SKAT_RULES = "skat_rules"
LEAD_RULE = "lead_rule"
TRUMPS_LEFT = "trumps_left"
DECLARER_COUNT = "declarer_count"
OTHER_PILE = "other_pile"
LOSES_AT_ONCE = "loses_at_once"
NULL_GAPS = "null_gaps"
MONEY = "money"
MUSIK = "musik"
SPOERGE = "spoerge"
TABLE_MANNERS = "table_manners"
CUSTOMS = "customs"
HELP_TABLE = "help_table"
OVERBID_VALUE = "overbid_value"

ITEM_TITLES: dict[str, str] = {
    TEAMS: N_("Who plays together"),
    WIN_POINTS: N_("Enough card points to win?"),
    DEAL_ORDER: N_("The steps of a deal"),
    FIRST_NUMBERS: N_("The first bid and the grand"),
    RULES_FACTS: N_("Danish and international rules"),
    NEXT_DEALER: N_("Who deals next"),
    SUIT_VALUE: N_("Base values"),
    NULL_ORDER: N_("Card order in a null game"),
    SORT_ORDER: N_("Sorting the hand"),
    PACKETS: N_("The packets of the deal"),
    REVOKE: N_("A card played wrongly"),
    WHICH_TRUMPS: N_("Which cards are trumps"),
    NULL_GAMES: N_("The null games"),
    ALL_PASS: N_("When everyone passes"),
    AUCTION_ORDER: N_("Who bids to whom"),
    OVERBID_WAY: N_("Overbid: the way out"),
    SKAT_RULES: N_("The skat and the declaration"),
    LEAD_RULE: N_("The defenders' first lead"),
    TRUMPS_LEFT: N_("Counting trumps"),
    DECLARER_COUNT: N_("The declarer's count"),
    OTHER_PILE: N_("The other pile"),
    LOSES_AT_ONCE: N_("Lost whatever the points"),
    NULL_GAPS: N_("Gaps for Nul-ouvert"),
    TIP_POSITION: N_("A position from the tips"),
    MONEY: N_("Playing for money"),
    MUSIK: N_("Musik"),
    SPOERGE: N_("Spørge"),
    TABLE_MANNERS: N_("Allowed at the table?"),
    CUSTOMS: N_("Customs of a Skat evening"),
    HELP_TABLE: N_("Reading the help table"),
    OVERBID_VALUE: N_("A lost overbid game"),
}
"""Titles (msgids) of the question types in this module."""


def rng_for(kind: str, seed: int) -> random.Random:
    """The seeded random generator of one chapter question (the same seed gives the same question)."""
    return random.Random(f"chapter/{kind}/{seed}")


def make_question(
    kind: str,
    seed: int,
    profile: RuleProfile,
    prompt: Message,
    answer: str,
    answer_text: Message,
    explanation: Sequence[Message],
    *,
    choices: tuple[Choice, ...] = (),
    shown: tuple[Shown, ...] = (),
    options: tuple[Card, ...] = (),
) -> Question:
    """A chapter question: answered by choice when there are choices, by cards with ``options``, else by
    a number."""
    mode: AnswerMode = "choice" if choices else ("cards" if options else "number")
    return build_question(
        kind, seed, profile, prompt, answer, answer_text, explanation,
        mode=mode, choices=choices, shown=shown, options=options,
    )  # fmt: skip


def label_of(choices: Sequence[Choice], value: str) -> Message:
    return next(choice.label for choice in choices if choice.value == value)


def name_choices(players: Sequence[str]) -> tuple[Choice, ...]:
    return tuple(Choice(name, T(N_("{value}"), value=name)) for name in players)


def clockwise(players: Sequence[str]) -> Message:
    return T(N_("Clockwise around the table: {names}."), names=", ".join(players))


def other_profile(profile: RuleProfile) -> RuleProfile:
    return INTERNATIONAL if profile.name == DANISH.name else DANISH


def card_choices(cards: Sequence[Card]) -> tuple[Choice, ...]:
    return tuple(Choice(card.iss, T(N_("{cards}"), cards=(card,))) for card in cards)


@dataclass(frozen=True)
class Statement:
    """One yes/no statement of a fact table: the question, the right answer and why."""

    prompt: str
    answer: bool
    why: str


def statement_question(kind: str, seed: int, profile: RuleProfile, table: Sequence[Statement]) -> Question:
    """A yes/no question drawn from a table of statements (the seed chooses which)."""
    item = table[seed % len(table)]
    value, text = yes_no(item.answer)
    return make_question(kind, seed, profile, T(item.prompt), value, text, [T(item.why)], choices=YES_NO)


# ---- chapter 0 and 1: one against two, 61 of 120, the steps of a deal, the deal moves on ----
def gen_teams(seed: int, profile: RuleProfile) -> Question:
    """Three play; one wins the bidding: who plays together with a given player?"""
    rng = rng_for(TEAMS, seed)
    players = PLAYERS[:3]
    declarer = rng.randrange(3)
    asked = rng.randrange(3)
    defenders = [p for i, p in enumerate(players) if i != declarer]
    alone = Choice("alone", T(N_("Nobody: {player} plays alone"), player=players[asked]))
    choices = (*name_choices([p for i, p in enumerate(players) if i != asked]), alone)
    answer = "alone" if asked == declarer else next(p for p in defenders if p != players[asked])
    return make_question(
        TEAMS,
        seed,
        profile,
        T(
            N_("{names} play this deal, and {declarer} wins the bidding. Who plays together with {player}?"),
            names=", ".join(players),
            declarer=players[declarer],
            player=players[asked],
        ),
        answer,
        label_of(choices, answer),
        [
            T(
                N_("{declarer} won the bidding, so {declarer} is the declarer and plays alone."),
                declarer=players[declarer],
            ),
            T(
                N_("The other two, {a} and {b}, are the defenders: partners for this one deal only."),
                a=defenders[0],
                b=defenders[1],
            ),
        ],
        choices=choices,
    )


def gen_win_points(seed: int, profile: RuleProfile) -> Question:
    """The declarer's card points in a suit game or grand: won or not?"""
    rng = rng_for(WIN_POINTS, seed)
    need = profile.win_min_points
    points = rng.choice((need - 1, need, TOTAL_CARD_POINTS // 2, rng.randint(need - 15, need + 15)))
    won = profile.wins_on_points(points)
    value, text = yes_no(won)
    steps = [
        T(
            N_("The pack holds {total} card points; the declarer needs {need} of them, the skat included."),
            total=TOTAL_CARD_POINTS,
            need=need,
        ),
        T(N_("{points} is enough: the game is won."), points=points)
        if won
        else T(
            N_("{points} is not enough: the defenders have {other}, and the game is lost."),
            points=points,
            other=TOTAL_CARD_POINTS - points,
        ),
    ]
    if points * 2 == TOTAL_CARD_POINTS:
        steps.append(T(N_("60 against 60 is no draw: the declarer loses.")))
    return make_question(
        WIN_POINTS,
        seed,
        profile,
        T(
            N_(
                "A suit game: the declarer ends with {points} card points, the skat "
                "included. Has the declarer won?"
            ),
            points=points,
        ),
        value,
        text,
        steps,
        choices=YES_NO,
    )


_STEPS = (
    N_("the deal"),
    N_("the bidding"),
    N_("the skat (picked up, or a hand game)"),
    N_("the declaration of the game"),
    N_("ten tricks"),
    N_("the count"),
)


def gen_deal_order(seed: int, profile: RuleProfile) -> Question:
    """What comes right after one step of a deal?"""
    position = seed % (len(_STEPS) - 1)
    choices = tuple(Choice(str(i), T(step)) for i, step in enumerate(_STEPS))
    answer = str(position + 1)
    return make_question(
        DEAL_ORDER,
        seed,
        profile,
        T(N_("In one deal, what comes right after {step}?"), step=T(_STEPS[position])),
        answer,
        label_of(choices, answer),
        [
            T(N_("A deal runs: {steps}."), steps=tuple(T(step) for step in _STEPS)),
            T(N_("Each step has its own chapter.")),
        ],
        choices=choices,
    )


@dataclass(frozen=True)
class _ComparedFact:
    """A fact that is one value under each rule set: asked as ``prompt``, explained by ``compare`` with this
    profile's value ``{a}`` against the other's ``{b}`` (and ``note``); ``offer`` shows both values as
    the choices."""

    prompt: str
    compare: str
    read: Callable[[RuleProfile], int | str]
    note: str | None = None
    offer: bool = False


_COMPARED_FACTS: dict[str, _ComparedFact] = {
    "lowest_bid": _ComparedFact(
        N_("Under {profile}, what is the lowest bid?"),
        N_("Under {profile} the bidding starts at {a}; under {other} at {b}."),
        lambda profile: bid_ladder(profile)[0],
    ),
    "grand_base": _ComparedFact(
        N_("Under {profile}, what is the base value of a grand?"),
        N_("A grand's base value is {a} under {profile} and {b} under {other}."),
        lambda profile: profile.grand_base,
        note=N_("The suits are the same under both: clubs 12, spades 11, hearts 10, diamonds 9."),
    ),
    "packets": _ComparedFact(
        N_("Under {profile}, in which packets are the cards dealt?"),
        N_("{profile}: packets of {a}; {other}: {b}."),
        lambda profile: profile.deal_pattern_text,
        offer=True,
    ),
    "schneider": _ComparedFact(
        N_("Under {profile}, with at most how many card points are the defenders schneider?"),
        N_("{profile}: the defenders are schneider with {a} or fewer; {other}: with {b} or fewer."),
        lambda profile: profile.opponents_schneider_max,
    ),
    "nulls": _ComparedFact(
        N_("Under {profile}, how many null games are there?"),
        N_("{profile} know {a} null games, {other} {b}."),
        lambda profile: len(profile.null_values),
    ),
}


def _rules_fact(
    topic: str, profile: RuleProfile
) -> tuple[Message, str, Message, tuple[Choice, ...], list[Message]]:
    """One fact that differs between the rule sets: (prompt, answer, answer text, choices, explanation)."""
    other = other_profile(profile)
    fact = _COMPARED_FACTS.get(topic)
    if fact is not None:
        here, there = fact.read(profile), fact.read(other)
        offered = sorted({str(here), str(there)}) if fact.offer else []
        return (
            T(fact.prompt, profile=profile),
            str(here),
            T(N_("{value}"), value=here),
            tuple(Choice(value, T(N_("{value}"), value=value)) for value in offered),
            [
                T(fact.compare, profile=profile, a=here, other=other, b=there),
                *([T(fact.note)] if fact.note else []),
            ],
        )
    if topic == "all_pass":
        choices = (
            Choice("ramse", T(N_("Ramse is played"))),
            Choice("again", T(N_("The deal is given again by the next dealer"))),
        )
        answer = "ramse" if profile.all_pass is AllPass.RAMSE else "again"
        return (
            T(N_("Under {profile}, what happens when all three pass?"), profile=profile),
            answer,
            label_of(choices, answer),
            choices,
            [
                T(
                    N_(
                        "The Danish textbook plays Ramse; the international rules give the deal "
                        "again (Ramsch is only a house option)."
                    )
                )
            ],
        )
    # ouvert after a pickup
    allowed = not profile.ouvert_requires_hand
    value, text = yes_no(allowed)
    return (
        T(
            N_("Under {profile}, may a suit game be played open (på bordet) after the skat was picked up?"),
            profile=profile,
        ),
        value,
        text,
        YES_NO,
        [
            T(
                N_(
                    "The Danish textbook allows på bordet after a pickup; under the "
                    "international rules an open suit game or grand is always a hand game."
                )
            )
        ],
    )


_FIRST_TOPICS = ("lowest_bid", "grand_base")
_ALL_TOPICS = ("lowest_bid", "grand_base", "packets", "schneider", "nulls", "all_pass", "ouvert")
RULES_FACT_TOPICS: dict[str, tuple[str, ...]] = {FIRST_NUMBERS: _FIRST_TOPICS, RULES_FACTS: _ALL_TOPICS}
"""The facts each of the two rule-set question types asks about, in the order the seed walks through them."""


def rules_fact_topic(kind: str, seed: int) -> str:
    topics = RULES_FACT_TOPICS[kind]
    return topics[seed % len(topics)]


def _gen_rules_fact(kind: str) -> Callable[[int, RuleProfile], Question]:
    def generate(seed: int, profile: RuleProfile) -> Question:
        prompt, answer, text, choices, steps = _rules_fact(rules_fact_topic(kind, seed), profile)
        return make_question(kind, seed, profile, prompt, answer, text, steps, choices=choices)

    return generate


def gen_next_dealer(seed: int, profile: RuleProfile) -> Question:
    """Who deals the next game: the dealer's left-hand neighbour."""
    rng = rng_for(NEXT_DEALER, seed)
    size = rng.choice((3, 3, 4))
    players = PLAYERS[:size]
    dealer = rng.randrange(size)
    following = players[(dealer + 1) % size]
    return make_question(
        NEXT_DEALER,
        seed,
        profile,
        T(
            N_("Clockwise around the table sit {names}. {dealer} dealt this game. Who deals the next one?"),
            names=", ".join(players),
            dealer=players[dealer],
        ),
        following,
        T(N_("{value}"), value=following),
        [
            clockwise(players),
            T(N_("The deal moves one place clockwise after every game.")),
            T(
                N_(
                    "So the dealer's left-hand neighbour deals next: {player}, who was forehand in this game."
                ),
                player=following,
            ),
        ],
        choices=name_choices(players),
    )


# ---- chapter 2 and 3: base values, null order, sorting ----
def gen_suit_value(seed: int, profile: RuleProfile) -> Question:
    """The base value of a suit game or a grand under the chosen rules."""
    rng = rng_for(SUIT_VALUE, seed)
    game = rng.choice((*SUIT_GAMES, GameType.GRAND, GameType.GRAND))
    base = profile.base_value(game)
    return make_question(
        SUIT_VALUE,
        seed,
        profile,
        T(N_("Under {profile}, what is the base value of {game}?"), profile=profile, game=game),
        str(base),
        T(N_("{value}"), value=base),
        [
            T(N_("The base value of {game} is {base}."), game=game, base=base),
            T(
                N_(
                    "Clubs 12, spades 11, hearts 10, diamonds 9 under both rule sets; a "
                    "grand is {a} under {profile} and {b} under {other}."
                ),
                a=profile.grand_base,
                profile=profile,
                b=other_profile(profile).grand_base,
                other=other_profile(profile),
            ),
        ],
    )


def gen_null_order(seed: int, profile: RuleProfile) -> Question:
    """Three cards of the led suit in a null game: which is highest? (The 10 sits below the Jack.)"""
    rng = rng_for(NULL_ORDER, seed)
    suit = rng.choice(tuple(Suit))
    pool = [c for c in ALL_CARDS if c.suit is suit]
    while True:
        cards = rng.sample(pool, 3)
        if any(c.rank in (Rank.TEN, Rank.JACK) for c in cards):
            break
    best = cards[trick_winner(cards, GameType.NULL)]
    choices = card_choices(cards)
    return make_question(
        NULL_ORDER,
        seed,
        profile,
        T(N_("A null game, and all three cards are of the suit led. Which of them takes the trick?")),
        best.iss,
        T(N_("{cards}"), cards=(best,)),
        [
            T(
                N_(
                    "A null game has no trumps, and every suit runs Ace, King, Queen, Jack, "
                    "10, 9, 8, 7: the 10 sits between the Jack and the 9."
                )
            ),
            T(N_("{card} is the highest of them."), card=best),
        ],
        choices=choices,
        shown=(Shown(T(N_("The cards")), tuple(cards)),),
    )


def gen_sort_order(seed: int, profile: RuleProfile) -> Question:
    """Sorted the traditional way, which card of a few stands furthest left?"""
    rng = rng_for(SORT_ORDER, seed)
    cards = rng.sample(ALL_CARDS, 4)
    first = sort_hand(cards)[0]
    return make_question(
        SORT_ORDER,
        seed,
        profile,
        T(
            N_(
                "You sort your hand the traditional way. Which of these four cards "
                "stands furthest to the left?"
            )
        ),
        first.iss,
        T(N_("{cards}"), cards=(first,)),
        [
            T(
                N_(
                    "The traditional order: the Jacks first (♣J ♠J ♥J ♦J), then clubs, "
                    "spades, hearts and diamonds, each from the Ace down."
                )
            ),
            T(N_("Sorted: {cards}."), cards=tuple(sort_hand(cards))),
        ],
        choices=card_choices(cards),
        shown=(Shown(T(N_("The cards")), tuple(cards)),),
    )


# ---- chapter 4: the packets ----
_SKAT = "skat"


def _packet_order(profile: RuleProfile) -> list[tuple[str, int]]:
    """(receiver, size) of every packet in dealing order: seats from forehand, the skat at its place."""
    order: list[tuple[str, int]] = []
    for index, size in enumerate(profile.deal_packets):
        if index == profile.skat_packet:
            order.append((_SKAT, size))
        else:
            order += [(str(int(seat)), size) for seat in Seat]
    return order


def _receiver(value: str) -> Message:
    return T(N_("the skat")) if value == _SKAT else T(N_("{seat}"), seat=Seat(int(value)))


def gen_packets(seed: int, profile: RuleProfile) -> Question:
    """Some packets are out: where does the next one go (a seat or the skat)?"""
    order = _packet_order(profile)
    dealt = 1 + seed % (len(order) - 1)
    receiver, size = order[dealt]
    choices = (
        *(Choice(str(int(s)), T(N_("{seat}"), seat=s)) for s in Seat),
        Choice(_SKAT, T(N_("the skat"))),
    )
    so_far = tuple(T(N_("{who} {n}"), who=_receiver(r), n=n) for r, n in order[:dealt])
    return make_question(
        PACKETS,
        seed,
        profile,
        T(
            N_(
                "Dealing by {profile}: packets of {pattern}. So far: {packets}. "
                "Where does the next packet go?"
            ),
            profile=profile,
            pattern=profile.deal_pattern_text,
            packets=so_far,
        ),
        receiver,
        label_of(choices, receiver),
        [
            T(
                N_(
                    "The packets go out clockwise, forehand first; the packet of {n} for "
                    "the skat comes at its place in the pattern."
                ),
                n=profile.deal_packets[profile.skat_packet],
            ),
            T(
                N_("The whole deal: {packets}."),
                packets=tuple(T(N_("{who} {n}"), who=_receiver(r), n=n) for r, n in order),
            ),
            T(N_("Next: {n} cards to {who}."), n=size, who=_receiver(receiver)),
        ],
        choices=choices,
    )


# ---- chapter 5 and 19: a card played wrongly ----
_DECLARER_LOSES, _DEFENDERS_LOSE, _TAKEN_BACK = "declarer_loses", "defenders_lose", "taken_back"


def gen_revoke(seed: int, profile: RuleProfile) -> Question:
    """A player did not follow suit though they could: what happens?"""
    by_declarer = seed % 2 == 0
    choices = (
        Choice(_DECLARER_LOSES, T(N_("The declarer has lost the game"))),
        Choice(_DEFENDERS_LOSE, T(N_("The defenders have lost: the declarer wins"))),
        Choice(_TAKEN_BACK, T(N_("The card is taken back and play goes on"))),
    )
    answer = _DECLARER_LOSES if by_declarer else _DEFENDERS_LOSE
    prompt = (
        N_("The declarer could have followed suit but played another card, and it is noticed. What happens?")
        if by_declarer
        else N_(
            "A defender could have followed suit but played another card, and it is noticed. What happens?"
        )
    )
    return make_question(
        REVOKE,
        seed,
        profile,
        T(prompt),
        answer,
        label_of(choices, answer),
        [
            T(
                N_(
                    "A wrong card (not following suit when you could) loses the game for "
                    "the side that played it."
                )
            ),
            T(N_("The points are counted as they stand when it is noticed; own up at once if it was you.")),
        ],
        choices=choices,
    )


# ---- chapter 6: trumps, the null games, everyone passes ----
def gen_which_trumps(seed: int, profile: RuleProfile) -> Question:
    """Select the trumps among some cards in a suit game, a grand or a null game."""
    rng = rng_for(WHICH_TRUMPS, seed)
    game = rng.choice((*SUIT_GAMES, GameType.GRAND, GameType.GRAND, GameType.NULL))
    while True:
        cards = tuple(sort_hand(rng.sample(ALL_CARDS, 7)))
        if game.is_null or any(c.is_jack for c in cards):
            break
    order = trump_order(game)
    trumps = tuple(c for c in cards if c in order)
    steps = (
        [T(N_("No trumps in this game: every suit stands on its own, and a Jack is an ordinary card."))]
        if game.is_null
        else [T(N_("In this game the trumps from the top are {trumps}."), trumps=order)]
    )
    if trumps:
        steps.append(T(N_("Your trumps here: {cards}."), cards=trumps))
    return make_question(
        WHICH_TRUMPS,
        seed,
        profile,
        T(N_("Which of these cards are trumps in {game}?"), game=game),
        cards_answer(trumps),
        T(N_("{cards}"), cards=trumps) if trumps else T(N_("none")),
        steps,
        options=cards,
        shown=(Shown(T(N_("Your hand")), cards),),
    )


def _null_name(profile: RuleProfile, hand: bool, ouvert: bool) -> Declaration:
    return profile.check_declaration(Declaration(GameType.NULL, hand=hand, ouvert=ouvert))


def gen_null_games(seed: int, profile: RuleProfile) -> Question:
    """A null game of the profile: its value, whether the skat may be taken, when the cards are shown."""
    rng = rng_for(NULL_GAMES, seed)
    hand, ouvert, value = rng.choice(profile.null_values)
    d = _null_name(profile, hand, ouvert)
    facts = [
        T(N_("{game}: {value}."), game=_null_name(profile, h, o), value=v) for h, o, v in profile.null_values
    ]
    asks = ("value", "skat", "shown") if ouvert else ("value", "skat")  # a closed null has no showing
    question = seed % len(asks)
    if question == 0:
        return make_question(
            NULL_GAMES,
            seed,
            profile,
            T(N_("Under {profile}, what is {game} worth?"), profile=profile, game=d),
            str(value),
            T(N_("{value}"), value=value),
            [T(N_("A null game has a fixed value, whatever the cards.")), *facts],
        )
    if question == 1:
        answer, text = yes_no(not hand)
        return make_question(
            NULL_GAMES,
            seed,
            profile,
            T(N_("Under {profile}, may the declarer of {game} pick up the skat?"), profile=profile, game=d),
            answer,
            text,
            [
                T(N_("{game} is played from the hand: the skat stays face down."), game=d)
                if hand
                else T(N_("{game} may be played with the skat picked up and two cards laid away."), game=d),
                *facts,
            ],
            choices=YES_NO,
        )
    reveal = profile.open_reveal if hand else profile.null_ouvert_reveal
    choices = (
        Choice(OuvertReveal.BEFORE_FIRST_LEAD.value, T(N_("before the first lead"))),
        Choice(OuvertReveal.AFTER_DECLARERS_FIRST_CARD.value, T(N_("after the declarer's first card"))),
    )
    return make_question(
        NULL_GAMES,
        seed,
        profile,
        T(N_("Under {profile}, when do the declarer's cards go face up in {game}?"), profile=profile, game=d),
        reveal.value,
        label_of(choices, reveal.value),
        [
            T(
                N_("In {game} the declarer's cards go face up {when}."),
                game=d,
                when=label_of(choices, reveal.value),
            )
        ],
        choices=choices,
    )


def _ramse_points(rng: random.Random) -> tuple[int, int, int]:
    """Three players' card points after an all-pass game (120 together), now and then one with 101 or more."""
    while True:
        if rng.random() < 0.25:
            big = rng.randint(DANISH_EXTRAS.ramse_take_all_points, TOTAL_CARD_POINTS)
            rest = TOTAL_CARD_POINTS - big
            a = rng.randint(0, rest)
            points = [big, a, rest - a]
        else:
            a, b = sorted(rng.sample(range(4, 116), 2))
            points = [a, b - a, TOTAL_CARD_POINTS - b]
        rng.shuffle(points)
        if len(set(points)) == 3 and all(p != 0 for p in points):
            return points[0], points[1], points[2]


def gen_all_pass(seed: int, profile: RuleProfile) -> Question:
    """Everyone passed: the Danish Ramse (who won?), or the international rules (the deal is given again;
    the house Ramsch: who loses?)."""
    rng = rng_for(ALL_PASS, seed)
    players = PLAYERS[:3]
    points = _ramse_points(rng)
    tricks = (1, 1, 8)  # every player with points took a trick; only the points decide
    piles = ", ".join(f"{name} {p}" for name, p in zip(players, points, strict=True))
    if profile.all_pass is AllPass.RAMSE:
        result = ramse_result(points, tricks, profile=profile)
        winner = players[result.winners[0]]
        losers = ", ".join(players[i] for i in result.losers)
        return make_question(
            ALL_PASS,
            seed,
            profile,
            T(
                N_("Everyone passed, and Ramse was played. The card points: {piles}. Who has won?"),
                piles=piles,
            ),
            winner,
            T(N_("{value}"), value=winner),
            [
                T(
                    N_("Ramse: the fewest card points win, unless someone takes {n} or more."),
                    n=DANISH_EXTRAS.ramse_take_all_points,
                ),
                T(N_("{winner} has won; {losers} pays each of the others."), winner=winner, losers=losers)
                if result.reason == "fewest"
                else T(
                    N_("{winner} took {n} or more and wins; each of the others pays {winner}."),
                    winner=winner,
                    n=DANISH_EXTRAS.ramse_take_all_points,
                ),
            ],
            choices=name_choices(players),
        )
    result = ramsch_result(points, tricks, profile=profile)
    loser = players[result.losers[0]]
    return make_question(
        ALL_PASS,
        seed,
        profile,
        T(
            N_(
                "Everyone passed, and the table plays Ramsch as a house rule. The card "
                "points: {piles}. Who has lost?"
            ),
            piles=piles,
        ),
        loser,
        T(N_("{value}"), value=loser),
        [
            T(N_("These rules throw the deal in; Ramsch is a house option: the most card points lose.")),
            T(N_("{loser} has the most card points and loses."), loser=loser),
        ],
        choices=name_choices(players),
    )


# ---- chapter 9: who bids to whom ----
_AUCTIONS = (
    (
        N_("Middlehand bid up to 30, forehand said yes each time, then middlehand passed. Who speaks next?"),
        "rh_to_fh",
    ),
    (N_("Middlehand bid 27 and forehand passed. Who speaks next?"), "rh_to_mh"),
    (N_("Middlehand passed without bidding. Who speaks next?"), "rh_to_fh"),
    (N_("Middlehand and rearhand both passed without a bid. What may forehand do?"), "fh_opens"),
)


def gen_auction_order(seed: int, profile: RuleProfile) -> Question:
    """The order of the auction: who bids to whom after a pass."""
    prompt, answer = _AUCTIONS[seed % len(_AUCTIONS)]
    lowest = bid_ladder(profile)[0]
    choices = (
        Choice("rh_to_fh", T(N_("Rearhand bids to forehand"))),
        Choice("rh_to_mh", T(N_("Rearhand bids to middlehand"))),
        Choice("fh_opens", T(N_("Forehand may open at {lowest} or pass"), lowest=lowest)),
        Choice("over", T(N_("The bidding is over"))),
    )
    return make_question(
        AUCTION_ORDER,
        seed,
        profile,
        T(prompt),
        answer,
        label_of(choices, answer),
        [
            T(
                N_(
                    "Middlehand bids to forehand, who answers yes or pass; then rearhand "
                    "bids to whoever is still in."
                )
            ),
            T(
                N_(
                    "If middlehand passes without bidding, rearhand bids to forehand; if "
                    "rearhand passes too, forehand may open at the lowest bid, {lowest}, or "
                    "pass."
                ),
                lowest=lowest,
            ),
        ],
        choices=choices,
    )


# ---- chapter 10, 15 and 22: overbid ----
_OUVERT, _SCHNEIDER, _SCHWARZ = "ouvert", "schneider", "schwarz"


def gen_overbid_way(seed: int, profile: RuleProfile) -> Question:
    """The textbook's case: 'uden N' bid to its limit, the ♣J in the skat. Danish: what does one way out make
    the game worth? International: what is the lost game valued at?"""
    rng = rng_for(OVERBID_WAY, seed)
    while True:  # a bid the rules allow: Danish bidding starts at 24, so diamonds "uden 1" (18) cannot be bid
        game = rng.choice(SUIT_GAMES)
        missing = rng.choice((1, 2, 3))
        before = game_value(profile, Declaration(game), -missing)
        if before.value in bid_ladder(profile):
            break
    bid = before.value
    now = game_value(profile, Declaration(game), 1)
    steps = [
        T(
            N_("Before the skat: {game} {before} = {value}, and the bidding went to {bid}."),
            game=game,
            before=matadors_text(-missing),
            value=bid,
            bid=bid,
        ),
        T(N_("The ♣J lies in the skat and counts: now it is {words}, below the bid."), words=now),
    ]
    setup = T(
        N_("You won the bidding at {bid} on {game} {before}. The skat holds the ♣J."),
        bid=bid,
        game=game,
        before=matadors_text(-missing),
    )
    if profile.overbid_valuation is OverbidValuation.BID and not profile.ouvert_requires_hand:
        ways = (_OUVERT, _SCHNEIDER, _SCHWARZ)
        way = ways[seed % len(ways)]
        d = Declaration(game, ouvert=way == _OUVERT)
        reached = game_value(profile, d, 1, schneider=way != _OUVERT, schwarz=way == _SCHWARZ)
        prompt = {
            _OUVERT: N_(
                "{setup} You lay your cards on the table (på bordet) and take 61 or more card points, but "
                "no Skrædder. On what value is the game settled, won or lost?"
            ),
            _SCHNEIDER: N_(
                "{setup} You play on and make the defenders Skrædder, but not Sort. On what value is the "
                "game settled, won or lost?"
            ),
            _SCHWARZ: N_(
                "{setup} You play on and take every trick (Sort). On what value is the game settled, won "
                "or lost?"
            ),
        }[way]
        reaches = reached.value >= bid
        steps.append(
            T(
                N_("{words}: {verdict}."),
                words=reached,
                verdict=T(N_("reaches the bid")) if reaches else T(N_("still too little")),
            )
        )
        settled = reached.value if reaches else overbid_value(profile, d, bid)
        steps.append(
            T(N_("Won, and settled on what it is worth: {value}."), value=settled)
            if reaches
            else T(N_("Lost as overbid, it is settled on the bid, {bid}."), bid=bid)
        )
        return make_question(
            OVERBID_WAY,
            seed,
            profile,
            T(prompt, setup=setup),
            str(settled),
            T(N_("{value}"), value=settled),
            steps,
        )
    value = overbid_value(profile, Declaration(game), bid)
    steps.append(_lost_as_overbid(profile, value))
    return make_question(
        OVERBID_WAY,
        seed,
        profile,
        T(
            N_(
                "{setup} No schneider comes, and the game is lost as overbid. At what "
                "value is it written (before doubling)?"
            ),
            setup=setup,
        ),
        str(value),
        T(N_("{value}"), value=value),
        steps,
    )


def _lost_as_overbid(profile: RuleProfile, value: int) -> Message:
    """How a lost overbid game of ``value`` is written: on the bid, or the next multiple of its base value."""
    if profile.overbid_valuation is OverbidValuation.BID:
        template = N_(
            "Lost as overbid, the game is settled on the bid ({value}); in the list that is {score}."
        )
    else:
        template = N_(
            "Lost as overbid, the game is valued at the next multiple of its base "
            "value at or above the bid ({value}), and the loss is doubled: {score}."
        )
    return T(template, value=value, score=f"−{profile.lost_factor * value}")


def gen_overbid_value(seed: int, profile: RuleProfile) -> Question:
    """A lost overbid game: the Danish bid, or the international next multiple of the base value."""
    rng = rng_for(OVERBID_VALUE, seed)
    for _ in range(100):
        game = rng.choice(SUIT_GAMES)
        count = rng.choice((1, 2, 3))
        worth = game_value(profile, Declaration(game), count).value
        above = [b for b in bid_ladder(profile) if worth < b <= worth + 2 * profile.base_value(game)]
        if above:
            break
    bid = rng.choice(above)
    value = overbid_value(profile, Declaration(game), bid)
    steps = [
        T(
            N_("{game} {matadors} is worth {worth}, below the bid of {bid}: overbid, and lost."),
            game=game,
            matadors=matadors_text(count),
            worth=worth,
            bid=bid,
        ),
        _lost_as_overbid(profile, value),
    ]
    return make_question(
        OVERBID_VALUE,
        seed,
        profile,
        T(
            N_(
                "Under {profile}: you bid {bid} and play {game} {matadors} (worth "
                "{worth}), and no schneider comes. At what value is the lost game "
                "written, before it counts double?"
            ),
            profile=profile,
            bid=bid,
            game=game,
            matadors=matadors_text(count),
            worth=worth,
        ),
        str(value),
        T(N_("{value}"), value=value),
        steps,
    )


_SKAT_FACTS = (
    Statement(
        N_("You picked up the skat but laid only one card away, and play with eleven. Can you still win?"),
        False,
        N_("Exactly two cards go back: eleven cards in play (or nine) lose the game, however the tricks go."),
    ),
    Statement(
        N_("The ♣J was in the skat and you lay it away again. Does it still count for with and without?"),
        True,
        N_("Matadors are counted over your hand and the skat: a Jack laid away still counts."),
    ),
    Statement(
        N_("You play a hand game and never touch the skat. Do its card points count for you at the end?"),
        True,
        N_(
            "The skat is always the declarer's: after a hand game it is turned over and added to your points."
        ),
    ),
    Statement(
        N_(
            "You declared hearts, and after the first trick you see that clubs "
            "would be better. May you change?"
        ),
        False,
        N_("Once declared, the game cannot be changed."),
    ),
)


# ---- chapter 11 and 12: the lead, counting trumps and points ----
def leaves_bare_ten(suit: Sequence[Card]) -> bool:
    """Would leading this suit leave a 10 alone, or throw a lone 10 away? (A 10 with one other card, or a
    10 on its own: the chapter's rule forbids both.)"""
    return len(suit) <= 2 and any(card.rank is Rank.TEN for card in suit)


def gen_lead_rule(seed: int, profile: RuleProfile) -> Question:
    """You are forehand and lead as a defender: the textbook's rule of thumb picks the long or short suit."""
    rng = rng_for(LEAD_RULE, seed)
    left = seed % 2 == 0  # the declarer is middlehand (on forehand's left) or rearhand (on the right)
    for _ in range(500):
        game = rng.choice(SUIT_GAMES)
        hand = rng.sample(ALL_CARDS, HAND_SIZE)
        order = trump_order(game)
        suits: dict[Suit, list[Card]] = {}
        for card in hand:
            if card not in order:
                suits.setdefault(card.suit, []).append(card)
        lengths = sorted(len(cards) for cards in suits.values())
        if len(suits) < 2 or not (lengths[-1] > lengths[-2] if left else lengths[0] < lengths[1]):
            continue
        chosen = (max if left else min)(suits, key=lambda s: len(suits[s]))
        if not leaves_bare_ten(suits[chosen]):
            break
    ordered = sorted(suits, key=lambda s: -len(suits[s]))
    choices = tuple(
        Choice(s.name, T(N_("{cards}"), cards=tuple(sort_cards(suits[s], game)))) for s in ordered
    )
    declarer = Seat.MIDDLEHAND if left else Seat.REARHAND
    return make_question(
        LEAD_RULE,
        seed,
        profile,
        T(
            N_(
                "The game is {game}, and {declarer} is the declarer. You are forehand "
                "and lead the first trick. By the textbook's rule of thumb, which suit "
                "do you lead?"
            ),
            game=game,
            declarer=declarer,
        ),
        chosen.name,
        label_of(choices, chosen.name),
        [
            T(
                N_(
                    "The declarer sits on your left and plays straight after you, the short "
                    "way: lead your long suit."
                )
            )
            if left
            else T(
                N_(
                    "The declarer sits on your right and plays last, the long way: lead a "
                    "short suit, so that your partner, in between, can take the trick."
                )
            ),
            T(N_("Trumps are the declarer's strength: don't lead them without a weighty reason.")),
            T(N_("And never lead so that a 10 is left alone in your hand: a bare 10 is easy prey.")),
        ],
        choices=choices,
        shown=(Shown(T(N_("Your hand")), tuple(sort_cards(hand, game))),),
    )


def gen_trumps_left(seed: int, profile: RuleProfile) -> Question:
    """You hold some trumps and some have fallen: how many are still out against you?"""
    rng = rng_for(TRUMPS_LEFT, seed)
    game = rng.choice((*SUIT_GAMES, GameType.GRAND))
    order = trump_order(game)
    while True:
        hand = rng.sample(ALL_CARDS, HAND_SIZE)
        held = [c for c in hand if c in order]
        others = [c for c in order if c not in hand]
        if held and others:
            break
    fallen = rng.sample(others, rng.randint(0, len(others) - 1 if len(others) > 1 else 0))
    left = len(order) - len(held) - len(fallen)
    return make_question(
        TRUMPS_LEFT,
        seed,
        profile,
        T(
            N_(
                "You are the declarer in {game}. The defenders have played these trumps "
                "so far. How many trumps are still out against you?"
            ),
            game=game,
        ),
        str(left),
        T(N_("{value}"), value=left),
        [
            T(N_("{game} has {n} trumps: {trumps}."), game=game, n=len(order), trumps=order),
            T(
                N_("{total} − {held} in your hand − {fallen} fallen = {left} still out."),
                total=len(order),
                held=len(held),
                fallen=len(fallen),
                left=left,
            ),
        ],
        shown=(
            Shown(T(N_("Your hand")), tuple(sort_cards(hand, game))),
            Shown(T(N_("Trumps the defenders played")), tuple(sort_cards(fallen, game))),
        ),
    )


def gen_declarer_count(seed: int, profile: RuleProfile) -> Question:
    """The declarer's tricks and discards so far: how many card points, the skat included?"""
    rng = rng_for(DECLARER_COUNT, seed)
    deck = rng.sample(ALL_CARDS, 14)
    tricks = [tuple(deck[i : i + 3]) for i in range(0, 3 * rng.randint(2, 4), 3)]
    skat = (deck[12], deck[13])
    in_tricks = sum(card_points(t) for t in tricks)
    total = in_tricks + card_points(skat)
    verdict = (
        T(N_("{total} reaches {need}: the game is already won."), total=total, need=profile.win_min_points)
        if profile.wins_on_points(total)
        else T(N_("{total} is not yet {need}: keep counting."), total=total, need=profile.win_min_points)
    )
    return make_question(
        DECLARER_COUNT,
        seed,
        profile,
        T(
            N_(
                "You are the declarer. Your tricks so far and the two cards you laid "
                "away are shown. How many card points do you have, the skat included?"
            )
        ),
        str(total),
        T(N_("{value}"), value=total),
        [
            T(
                N_("The tricks: {points}."),
                points=" + ".join(str(card_points(t)) for t in tricks) + f" = {in_tricks}",
            ),
            T(
                N_("The skat belongs to the declarer: {cards} = {points}."),
                cards=skat,
                points=card_points(skat),
            ),
            verdict,
        ],
        shown=(
            *(Shown(T(N_("Trick {n}"), n=i + 1), trick) for i, trick in enumerate(tricks)),
            Shown(T(N_("Laid away")), skat),
        ),
    )


def gen_other_pile(seed: int, profile: RuleProfile) -> Question:
    """The declarer's pile is counted: how many card points must the defenders have?"""
    rng = rng_for(OTHER_PILE, seed)
    points = rng.randint(20, 110)
    rest = TOTAL_CARD_POINTS - points
    return make_question(
        OTHER_PILE,
        seed,
        profile,
        T(
            N_(
                "After the tenth trick the declarer counts {points} card points, the "
                "skat included. How many must the defenders have?"
            ),
            points=points,
        ),
        str(rest),
        T(N_("{value}"), value=rest),
        [
            T(
                N_("The pack holds {total} card points: {total} − {points} = {rest}."),
                total=TOTAL_CARD_POINTS,
                points=points,
                rest=rest,
            ),
            T(
                N_(
                    "If the defenders count anything else, somebody slipped: count again "
                    "before the cards are shuffled."
                )
            ),
        ],
    )


# ---- chapter 14: lost whatever the points ----
_LOSING_FACTS = (
    Statement(
        N_("The declarer laid three cards away by mistake and took 75 points. Is the game lost?"),
        True,
        N_("The wrong number of cards loses the game, whatever the points."),
    ),
    Statement(
        N_(
            "The declarer put the cards down saying 'the rest are mine', but the "
            "defenders could still take a trick. Is the game lost?"
        ),
        True,
        N_("A false claim loses the game; the points already in the tricks are counted."),
    ),
    Statement(
        N_(
            "The declarer won only two tricks, with 64 card points in them, the "
            "skat included. Is the game lost?"
        ),
        False,
        N_("Card points decide, not tricks: 64 wins."),
    ),
    Statement(
        N_(
            "The declarer failed to follow suit while holding a card of the suit "
            "led, and it is noticed. Is the game lost?"
        ),
        True,
        N_("A wrong card loses the game for the side that played it."),
    ),
)


# ---- chapter 16: gaps for Nul-ouvert, and the tip positions ----
_NULL_RANKS = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
"""A suit in a null game from the lowest card up."""


def null_missing(cards: Sequence[Card]) -> int | None:
    """How many ranks are missing below the highest card of a suit held for Nul-ouvert, counting from the 7;
    None when the 7 itself is missing (then even one lead of the 7 catches the suit)."""
    ranks = {c.rank for c in cards}
    if Rank.SEVEN not in ranks:
        return None
    top = max(_NULL_RANKS.index(r) for r in ranks)
    return sum(1 for r in _NULL_RANKS[:top] if r not in ranks)


def gen_null_gaps(seed: int, profile: RuleProfile) -> Question:
    """One suit for Nul-ouvert: fine by the rule of thumb (the 7 and at most one gap), or riskier?"""
    rng = rng_for(NULL_GAPS, seed)
    suit = rng.choice(tuple(Suit))
    want_fine = seed % 2 == 0
    for _ in range(500):
        size = rng.randint(1, 4)
        low = [c for c in ALL_CARDS if c.suit is suit and _NULL_RANKS.index(c.rank) < 6]
        cards = sorted(rng.sample(low, size), key=lambda c: _NULL_RANKS.index(c.rank))
        missing = null_missing(cards)
        fine = missing is not None and missing <= 1
        if fine == want_fine:
            break
    answer, text = yes_no(fine)
    reason = (
        T(N_("The 7 is missing: a lead of the 7 makes you take the trick."))
        if missing is None
        else T(N_("Below the highest card {n} are missing."), n=missing)
    )
    return make_question(
        NULL_GAPS,
        seed,
        profile,
        T(
            N_(
                "For Nul-ouvert you hold these cards in one suit. By the textbook's "
                "rule of thumb (the 7, and at most one gap), is the suit fine?"
            )
        ),
        answer,
        text,
        [
            T(
                N_(
                    "In null games the order is Ace, King, Queen, Jack, 10, 9, 8, 7: your "
                    "cards must stay under the others."
                )
            ),
            reason,
            T(
                N_(
                    "Fine: the 7 and at most one card missing below your highest. Anything "
                    "else is riskier, though people do play it."
                )
            ),
        ],
        choices=YES_NO,
        shown=(Shown(T(N_("The cards")), tuple(cards)),),
    )


def gen_tip_position(seed: int, profile: RuleProfile) -> Question:
    """One of the tips chapter's end positions: select every card that keeps the best result."""
    position = POSITIONS[seed % len(POSITIONS)]
    found = outcome(position.id)
    legal = tuple(sorted(found.values, key=lambda c: c.index))
    steps = [position.tip, position.note]
    steps += [T(N_("{card} → declarer {points}"), card=card, points=found.values[card]) for card in legal]
    shown = tuple(Shown(T(N_("{seat}"), seat=seat), position.hands[int(seat)]) for seat in Seat)
    if position.trick:
        shown += (Shown(T(N_("The trick so far (led by {seat})"), seat=position.leader), position.trick),)
    return make_question(
        TIP_POSITION,
        seed,
        profile,
        T(
            N_(
                "{game}; {declarer} is the declarer. All cards are open. Select every "
                "card {seat} can play that keeps the best result with perfect play."
            ),
            game=position.game,
            declarer=position.declarer,
            seat=position.to_move,
        ),
        cards_answer(found.best),
        T(N_("{cards}"), cards=found.best),
        steps,
        options=legal,
        shown=shown,
    )


# ---- chapter 17 and 18: money, Musik, Spørge ----
_RATES: tuple[tuple[tuple[Decimal, Decimal], str], ...] = (
    ((Decimal("0.5"), Decimal(1)), N_("½ and 1 øre per point")),
    ((Decimal(5), Decimal(10)), N_("5 and 10 øre per point")),
)
"""The textbook's rates (win, loss) and how they are said: the beginners' "½ og hel øres" and the raised
"5 og 10 øres"."""


def _money_result(
    rng: random.Random, profile: RuleProfile, *, thrown: bool = False
) -> tuple[Declaration, int, int, int, int]:
    """(declaration, matadors, bid, declarer points, tricks) of a played (or thrown) suit game or grand."""
    while True:  # a game the hand may bid: worth at least the lowest bid
        game = rng.choice((*SUIT_GAMES, GameType.GRAND))
        count = rng.choice([n for n in range(-3, 4) if n != 0])
        d = Declaration(game)
        worth = game_value(profile, d, count).value
        bids = [b for b in bid_ladder(profile) if b <= worth]
        if bids:
            break
    bid = rng.choice(bids[-3:])
    points = 0 if thrown else rng.randint(35, 100)
    tricks = 0 if thrown else max(1, min(9, points // 12))
    return d, count, bid, points, tricks


def gen_money(seed: int, profile: RuleProfile) -> Question:
    """Danish money (the textbook's settlement): what the declarer gets from, or pays to, each defender."""
    rng = rng_for(MONEY, seed)
    rates, rate_name = _RATES[seed % len(_RATES)]
    thrown = seed % 4 == 3
    d, count, bid, points, tricks = _money_result(rng, profile, thrown=thrown)
    result = evaluate_game(
        profile, d, matadors=count, bid=bid, declarer_points=points, declarer_tricks=tricks, thrown=thrown
    )
    money = danish_money(result, rates=rates, thrown_before_play=thrown)
    each = -money.opponents[0]  # what one defender pays the declarer (negative: the declarer pays)
    rate_text = T(rate_name)
    prompt = (
        T(
            N_(
                "Playing for money at {rates}: you won the bidding at {bid} on {game} "
                "{matadors} and throw the cards before the first lead. What do you get "
                "from each defender, in øre (negative if you pay)?"
            ),
            rates=rate_text,
            bid=bid,
            game=d,
            matadors=matadors_text(count),
        )
        if thrown
        else T(
            N_(
                "Playing for money at {rates}: {game} {matadors}, bid {bid}, and the "
                "declarer takes {points} card points. What does the declarer get from "
                "each defender, in øre (negative if the declarer pays)?"
            ),
            rates=rate_text,
            game=d,
            matadors=matadors_text(count),
            bid=bid,
            points=points,
        )
    )
    steps: list[Message] = []
    if thrown:
        steps.append(
            T(
                N_(
                    "Cards thrown before the first lead: the game is lost, and it is "
                    "settled on the bid, {bid}, not on what the game was worth."
                ),
                bid=bid,
            )
        )
    else:
        steps.append(
            T(
                N_("The game is {verdict} and worth {value} ({words})."),
                verdict=T(N_("won")) if result.won else T(N_("lost")),
                value=result.value,
                words=result.breakdown,
            )
        )
        if result.overbid:
            steps.append(T(N_("Lost as overbid, it is settled on the bid, {bid}."), bid=bid))
    steps += list(money.working_parts)
    steps.append(
        T(N_("A win brings the lower rate from each defender; a loss costs the higher rate to each."))
    )
    return make_question(
        MONEY, seed, profile, prompt, str(int(each)), T(N_("{value}"), value=_signed(int(each))), steps
    )


def _signed(number: int) -> str:
    """A number with a true minus sign (−80), as the lessons write it."""
    return f"−{-number}" if number < 0 else str(number)


def gen_musik(seed: int, profile: RuleProfile) -> Question:
    """What a game with one or two Musik may be bid to (the textbook's Danish rules), and which card it
    needs."""
    rng = rng_for(MUSIK, seed)
    rules = DANISH
    game = rng.choice((*SUIT_GAMES, GameType.GRAND))
    count = rng.choice([n for n in range(-3, 4) if n != 0])
    times = rng.choice((1, 1, 2))
    d = Declaration(game, musik=times)
    words = game_value(rules, d, count)
    cards = lowest_trumps(game, times)
    steps = [
        *value_steps(rules, words),
        T(
            N_("Musik: the last trick must be won with {cards}; fail, and the game is lost at this value."),
            cards=cards,
        ),
    ]
    if profile.name != rules.name:
        steps.append(
            T(N_("Musik belongs to the textbook's Danish rules; {profile} have no Musik."), profile=profile)
        )
    return make_question(
        MUSIK,
        seed,
        profile,
        T(
            N_(
                "By the textbook's Danish rules you play {game} {matadors} and announce "
                "Musik {times}. How high may you bid?"
            ),
            game=game,
            matadors=matadors_text(count),
            times=times,
        ),
        str(words.value),
        T(N_("{value}"), value=words.value),
        steps,
    )


_KNOCKS = (Spoerge.KNOCKED, Spoerge.KNOCKED_BACK, Spoerge.THROWN)
_KNOCK_TEXTS = {
    Spoerge.KNOCKED: N_("the declarer plays on"),
    Spoerge.KNOCKED_BACK: N_("the declarer knocks back (slå kontra)"),
    Spoerge.THROWN: N_("the declarer throws the cards"),
}


def gen_spoerge(seed: int, profile: RuleProfile) -> Question:
    """A defender knocked (Spørge): what does the declarer get or pay per defender, at ½ and 1 øre (the
    textbook's Danish rules)?"""
    rng = rng_for(SPOERGE, seed)
    rules = DANISH
    knock = _KNOCKS[seed % len(_KNOCKS)]
    d, count, bid, points, tricks = _money_result(rng, rules)
    if knock is Spoerge.THROWN:
        points, tricks = 0, 0
    result = evaluate_game(
        rules,
        d,
        matadors=count,
        bid=bid,
        declarer_points=points,
        declarer_tricks=tricks,
        thrown=knock is Spoerge.THROWN,
    )
    money = danish_money(result, spoerge=knock)
    each = -money.opponents[0]
    outcome_text = (
        T(N_("and the declarer takes {points} card points"), points=points)
        if knock is not Spoerge.THROWN
        else T(N_("before the game is played out"))
    )
    steps = [
        T(
            N_(
                "A knock doubles the rates; knocking back doubles them again; throwing "
                "after a knock pays the normal rate, as a lost game."
            )
        ),
        T(
            N_("The game is {verdict} and worth {value} ({words})."),
            verdict=T(N_("won")) if result.won else T(N_("lost")),
            value=result.value,
            words=result.breakdown,
        ),
        *money.working_parts,
    ]
    if profile.name != rules.name:
        steps.append(
            T(
                N_("Spørge belongs to the textbook's Danish rules; {profile} use kontra and re instead."),
                profile=profile,
            )
        )
    return make_question(
        SPOERGE,
        seed,
        profile,
        T(
            N_(
                "By the textbook's Danish rules, at ½ and 1 øre: {game} {matadors}, bid "
                "{bid}. A defender knocks (Spørge), {answer}, {outcome}. What does the "
                "declarer get from each defender, in øre (negative if the declarer "
                "pays)?"
            ),
            game=d,
            matadors=matadors_text(count),
            bid=bid,
            answer=T(_KNOCK_TEXTS[knock]),
            outcome=outcome_text,
        ),
        str(int(each)),
        T(N_("{value}"), value=_signed(int(each))),
        steps,
    )


# ---- chapter 19 and 20: the table's rules and customs ----
_TABLE_FACTS = (
    Statement(
        N_("During the play a defender says: 'Lead a heart, partner!' Is that allowed?"),
        False,
        N_("Nobody may talk about how the cards should be played."),
    ),
    Statement(
        N_("A defender tells the table how many card points the defenders have so far. Is that allowed?"),
        False,
        N_("Nobody may say how many card points a side has taken."),
    ),
    Statement(
        N_("A defender keeps count of the card points silently, in their head. Is that allowed?"),
        True,
        N_("Counting in your head is allowed, and good play; only talking about it is not."),
    ),
    Statement(
        N_("In a game på bordet the declarer keeps one card back in the hand. Is that allowed?"),
        False,
        N_("In an open game every card of the declarer must lie face up for all to see."),
    ),
    Statement(
        N_("You notice that you did not follow suit a trick ago, and you say so at once. Is that right?"),
        True,
        N_("Own up at once: the side that played the wrong card loses, and hiding it only makes it worse."),
    ),
    Statement(
        N_("Before the bidding, a player peeks at the skat. Is that allowed?"),
        False,
        N_("Outside Ramse only the declarer sees the skat, and only when picking it up."),
    ),
)

_CUSTOMS = (
    (
        N_("A declarer ends Skrædder in a lost game. What do the defenders do, by the old custom?"),
        (
            N_("They stand up for the declarer"),
            N_("They pay the declarer a round"),
            N_("They deal the next game"),
        ),
        N_(
            "When the declarer ends Skrædder, the defenders rise from their chairs: "
            "a little mockery, a little respect."
        ),
    ),
    (
        N_("By the old saying at a money table, which winnings do you take home?"),
        (
            N_("What you win after the coffee"),
            N_("What you win before the coffee"),
            N_("Only what you win with a Grand"),
        ),
        N_("What you win before the coffee stays on the table; what you win after it goes home."),
    ),
    (
        N_("By an old tradition, in which months should Skat not be played?"),
        (N_("The months without an R: May to August"), N_("The months with an R"), N_("December")),
        N_("Cards belong to the months with an R in their names; May, June, July and August have none."),
    ),
    (
        N_("The player on the dealer's right trusts the dealer. What may they do instead of cutting?"),
        (N_("Knock on the pack"), N_("Shuffle again"), N_("Deal the cards themselves")),
        N_("In the Danish custom the cut may be replaced by a knock on the pack: a sign of trust."),
    ),
)


def gen_customs(seed: int, profile: RuleProfile) -> Question:
    """One of the textbook's customs of a Skat evening (the first choice is the right one; shown shuffled)."""
    prompt, options, why = _CUSTOMS[seed % len(_CUSTOMS)]
    choices = [Choice(str(i), T(text)) for i, text in enumerate(options)]
    rng_for(CUSTOMS, seed).shuffle(choices)
    return make_question(
        CUSTOMS, seed, profile, T(prompt), "0", T(options[0]), [T(why)], choices=tuple(choices)
    )


# ---- chapter 21: the help table ----
_HELP_COLUMNS = ("spil", "ouvert", "hand", "both")


def gen_help_table(seed: int, profile: RuleProfile) -> Question:
    """The Jacks held (skat included) give the row, the game and the column give the value."""
    rng = rng_for(HELP_TABLE, seed)
    game = rng.choice((*SUIT_GAMES, GameType.GRAND, GameType.GRAND))
    held = tuple(j for j in JACKS if rng.random() < 0.5)
    top = held
    if not held and game is not GameType.GRAND:  # without a Jack the trump Ace ends the run: "uden 4"
        top = (trump_order(game)[len(JACKS)],)
    count = matadors(top, game)
    column = _HELP_COLUMNS[seed % len(_HELP_COLUMNS)]
    d = Declaration(game, ouvert=column in ("ouvert", "both"), hand=column in ("hand", "both"))
    if profile.ouvert_requires_hand and d.ouvert and not d.hand:
        d = Declaration(game, hand=True)
    d = profile.normalize(d)
    words = game_value(profile, d, count)
    steps = [
        T(N_("The row of the highest Jack: {matadors}."), matadors=matadors_text(count)),
        *value_steps(profile, words),
    ]
    return make_question(
        HELP_TABLE,
        seed,
        profile,
        T(
            N_(
                "Your top trumps, skat included, are shown, and you hold no other trump "
                "above a 9. You play {game}. Read the help table: what is the game "
                "worth?"
            ),
            game=d,
        ),
        str(words.value),
        T(N_("{value}"), value=words.value),
        steps,
        shown=(Shown(T(N_("Your top trumps")), tuple(top)),),
    )


ITEM_GENERATORS: dict[str, Callable[[int, RuleProfile], Question]] = {
    TEAMS: gen_teams,
    WIN_POINTS: gen_win_points,
    DEAL_ORDER: gen_deal_order,
    FIRST_NUMBERS: _gen_rules_fact(FIRST_NUMBERS),
    RULES_FACTS: _gen_rules_fact(RULES_FACTS),
    NEXT_DEALER: gen_next_dealer,
    SUIT_VALUE: gen_suit_value,
    NULL_ORDER: gen_null_order,
    SORT_ORDER: gen_sort_order,
    PACKETS: gen_packets,
    REVOKE: gen_revoke,
    WHICH_TRUMPS: gen_which_trumps,
    NULL_GAMES: gen_null_games,
    ALL_PASS: gen_all_pass,
    AUCTION_ORDER: gen_auction_order,
    OVERBID_WAY: gen_overbid_way,
    SKAT_RULES: lambda seed, profile: statement_question(SKAT_RULES, seed, profile, _SKAT_FACTS),
    LEAD_RULE: gen_lead_rule,
    TRUMPS_LEFT: gen_trumps_left,
    DECLARER_COUNT: gen_declarer_count,
    OTHER_PILE: gen_other_pile,
    LOSES_AT_ONCE: lambda seed, profile: statement_question(LOSES_AT_ONCE, seed, profile, _LOSING_FACTS),
    NULL_GAPS: gen_null_gaps,
    TIP_POSITION: gen_tip_position,
    MONEY: gen_money,
    MUSIK: gen_musik,
    SPOERGE: gen_spoerge,
    TABLE_MANNERS: lambda seed, profile: statement_question(TABLE_MANNERS, seed, profile, _TABLE_FACTS),
    CUSTOMS: gen_customs,
    HELP_TABLE: gen_help_table,
    OVERBID_VALUE: gen_overbid_value,
}
"""Every question type of this module, by name."""

__all__ = ["ITEM_GENERATORS", "ITEM_TITLES", "RULES_FACT_TOPICS", "null_missing", "rules_fact_topic"]
