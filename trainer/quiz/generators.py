"""Question generators: ``generate(kind, seed, profile)`` deals cards with a seeded random generator and
works the answer and its explanation out with the engine (value, bidding, play, settlement).

Every generator is a pure function of (seed, profile): the same seed gives the same question, which keeps
tests and shared links reproducible. Every number comes from the engine and the profile.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from trainer.cards import ALL_CARDS, HAND_SIZE, JACKS, SKAT_SIZE, TOTAL_CARD_POINTS, Card, Suit, card_points
from trainer.deal import Deal, Seat, random_deal
from trainer.errors import DeclarationError, SkatError
from trainer.games import SUIT_GAMES, Declaration, GameType
from trainer.i18n import N_
from trainer.profiles import AllPass, KnockCall, RuleProfile
from trainer.quiz import bidding_drill
from trainer.quiz.model import AnswerMode, Choice, Param, Question, Shown
from trainer.rules.bidding import bid_ladder, games_for_bid, hand_value, highest_safe_bid
from trainer.rules.extras import (
    DANISH_EXTRAS,
    MusikTrick,
    Spoerge,
    musik_cards,
    musik_fulfilled,
    ramse_result,
)
from trainer.rules.play import (
    TRUMP,
    follow_class,
    is_trump,
    legal_cards,
    random_playout,
    sort_cards,
    trick_winner,
)
from trainer.rules.settlement import (
    Settlement,
    danish_money,
    list_settlement,
    ramse_money,
    seeger_fabian,
)
from trainer.rules.value import (
    GameResult,
    ValueBreakdown,
    evaluate_game,
    game_value,
    matadors,
    max_matadors,
    overbid_value,
    trump_order,
)
from trainer.text import Message

T = Message.of

MATADORS = "matadors"
GAME_VALUE = "game_value"
SAFE_BID = "safe_bid"
VALID_BID = "valid_bid"
LEGAL_CARDS = "legal_cards"
TRICK_WINNER = "trick_winner"
COUNT_EYES = "count_eyes"
GAME_RESULT = "game_result"
OVERBID = "overbid"
SETTLE = "settle"
JACKS_FROM_BIDDING = "jacks_from_bidding"
BID_DRILL = bidding_drill.BID_DRILL

KINDS: tuple[str, ...] = (
    MATADORS,
    GAME_VALUE,
    SAFE_BID,
    VALID_BID,
    LEGAL_CARDS,
    TRICK_WINNER,
    COUNT_EYES,
    GAME_RESULT,
    OVERBID,
    SETTLE,
    JACKS_FROM_BIDDING,
    BID_DRILL,
)
"""Every question type, in teaching order. These strings are also the store's question types."""

KIND_TITLES: dict[str, str] = {
    MATADORS: N_("Matadors"),
    GAME_VALUE: N_("Value of a game"),
    SAFE_BID: N_("Highest bid the hand is worth"),
    VALID_BID: N_("Is it a bid?"),
    LEGAL_CARDS: N_("Following suit"),
    TRICK_WINNER: N_("Who wins the trick?"),
    COUNT_EYES: N_("Counting card points"),
    GAME_RESULT: N_("Won or lost, and how high?"),
    OVERBID: N_("Overbid after the skat?"),
    SETTLE: N_("Settle the game"),
    JACKS_FROM_BIDDING: N_("Jacks from the bidding"),
    BID_DRILL: bidding_drill.TITLE,
}
"""Each question type's title (msgid)."""

_TRUMP_GAMES: tuple[GameType, ...] = (*SUIT_GAMES, GameType.GRAND)

YES, NO = "yes", "no"
YES_NO = (Choice(YES, T(N_("Yes"))), Choice(NO, T(N_("No"))))


def yes_no(answer: bool) -> tuple[str, Message]:
    """The answer of a yes/no question and its label."""
    choice = YES_NO[0] if answer else YES_NO[1]
    return choice.value, choice.label


# ---- small text helpers ---------------------------------------------------------------------------------
def matadors_text(count: int) -> Message:
    """'with 2' / 'without 3' (Danish 'med 2' / 'uden 3')."""
    if count > 0:
        return T(N_("with {n}"), n=count)
    return T(N_("without {n}"), n=-count)


def _join(parts: Sequence[Message]) -> Message:
    """Sentences shown one after the other."""
    if len(parts) == 1:
        return parts[0]
    return T(N_("{a} {b}"), a=parts[0], b=_join(parts[1:]))


def _deck(rng: random.Random) -> list[Card]:
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    return deck


def _rng(kind: str, seed: int) -> random.Random:
    return random.Random(f"{kind}/{seed}")


def build_question(
    kind: str,
    seed: int,
    profile: RuleProfile,
    prompt: Message,
    answer: str,
    answer_text: Message,
    explanation: Sequence[Message],
    *,
    mode: AnswerMode = "number",
    choices: tuple[Choice, ...] = (),
    options: tuple[Card, ...] = (),
    shown: tuple[Shown, ...] = (),
    source: str = "generated",
    pitfalls: tuple[tuple[str, str], ...] = (),
    rules: tuple[str, ...] = (),
) -> Question:
    """One question with everything a page needs to ask and grade it (the one place a Question is built
    from a generator's parts; the chapter checks build theirs here too)."""
    return Question(
        kind=kind,
        seed=seed,
        profile_name=profile.name,
        prompt=prompt,
        mode=mode,
        answer=answer,
        answer_text=answer_text,
        explanation=tuple(explanation),
        shown=shown,
        choices=choices,
        options=options,
        source=source,
        pitfalls=pitfalls,
        rules=rules,
    )


SKAT_JACK = "forgot_skat_jack"
JACK_AS_SUIT = "jack_as_suit"
"""Mistake tags the generators recognise (besides the checker's own)."""


def _pitfall(answer: str, wrong: str, tag: str) -> tuple[tuple[str, str], ...]:
    return ((wrong, tag),) if wrong != answer else ()


def cards_answer(cards: Sequence[Card]) -> str:
    """Canonical form of a set of cards: ISS codes in card-index order, space separated ('' for none)."""
    return " ".join(card.iss for card in sorted(set(cards), key=lambda c: c.index))


# ---- matadors -------------------------------------------------------------------------------------------
def matadors_steps(cards: Sequence[Card], game: GameType) -> list[Message]:
    """How the matadors of ``cards`` (hand and skat) are counted, step by step."""
    count = matadors(cards, game)
    order = trump_order(game)
    held = set(cards)
    run = order[: abs(count)]
    steps = [T(N_("In this game the trumps from the top are {trumps}."), trumps=order[: min(len(order), 6)])]
    if count > 0:
        steps.append(
            T(
                N_("The top trump {top} is there, so you count 'with': {run} in an unbroken row."),
                top=(order[0],),
                run=run,
            )
        )
    else:
        steps.append(
            T(
                N_("The top trump {top} is missing, so you count 'without': {run} missing in a row."),
                top=(order[0],),
                run=run,
            )
        )
    if abs(count) < len(order):
        stop = order[abs(count)]
        key = (
            N_("{card} breaks the row (it is missing).")
            if count > 0
            else N_("{card} breaks the row (it is held).")
        )
        assert (stop in held) != (count > 0)
        steps.append(T(key, card=(stop,)))
    else:
        steps.append(T(N_("Every trump of the game is in the row.")))
    steps.append(T(N_("So it is {matadors}, game {m}."), matadors=matadors_text(count), m=abs(count) + 1))
    return steps


def gen_matadors(seed: int, profile: RuleProfile) -> Question:
    rng = _rng(MATADORS, seed)
    game = rng.choice(_TRUMP_GAMES)
    deck = _deck(rng)
    hand, skat = sort_cards(deck[:HAND_SIZE], game), tuple(deck[HAND_SIZE : HAND_SIZE + SKAT_SIZE])
    return build_matadors(profile, hand, skat, game, seed=seed)


def build_matadors(
    profile: RuleProfile,
    hand: Sequence[Card],
    skat: Sequence[Card],
    game: GameType,
    *,
    seed: int = 0,
    source: str = "generated",
) -> Question:
    """A matadors question on given cards/values (generated or from a hand-made bank)."""
    hand, skat = sort_cards(hand, game), tuple(skat)
    count = matadors((*hand, *skat), game)
    top = min(max_matadors(game), max(4, abs(count) + 1))
    choices = tuple(
        Choice(f"{n:+d}", matadors_text(n)) for n in (*range(1, top + 1), *range(-1, -top - 1, -1))
    )
    return build_question(
        MATADORS,
        seed,
        profile,
        T(N_("The declarer plays {game} with this hand and skat. Count the matadors."), game=game),
        f"{count:+d}",
        matadors_text(count),
        matadors_steps((*hand, *skat), game),
        mode="choice",
        choices=choices,
        pitfalls=_pitfall(f"{count:+d}", f"{matadors(hand, game):+d}", SKAT_JACK),
        shown=(Shown(T(N_("Hand")), tuple(hand)), Shown(T(N_("Skat")), skat)),
        source=source,
    )


# ---- value of a game ------------------------------------------------------------------------------------
def value_steps(profile: RuleProfile, breakdown: ValueBreakdown) -> list[Message]:
    """The multiplier counted aloud and the product (or a null game's fixed value)."""
    d = breakdown.declaration
    if breakdown.base is None or breakdown.multiplier is None:
        return [T(N_("{game} has a fixed value under these rules: {value}."), game=d, value=breakdown.value)]
    return [
        T(N_("The base value of {game} is {base}."), game=d.game, base=breakdown.base),
        T(N_("Counted aloud: {words}."), words=breakdown),
    ]


def _random_declaration(rng: random.Random, profile: RuleProfile, game: GameType) -> Declaration:
    """A declaration of ``game`` with a random mix of the levels the profile allows."""
    if game.is_null:
        hand, ouvert, _value = rng.choice(profile.null_values)
        return Declaration(game, hand=hand, ouvert=ouvert)
    hand = rng.random() < 0.35
    ouvert = rng.random() < 0.08
    schneider_a = hand and rng.random() < 0.25
    schwarz_a = schneider_a and rng.random() < 0.3
    for candidate in (
        Declaration(game, hand, ouvert, schneider_a, schwarz_a),
        Declaration(game, hand, ouvert),
        Declaration(game, hand),
        Declaration(game),
    ):
        try:
            return profile.check_declaration(candidate)
        except DeclarationError:
            continue
    return Declaration(game)  # pragma: no cover - the plain game is always allowed


def gen_game_value(seed: int, profile: RuleProfile) -> Question:
    rng = _rng(GAME_VALUE, seed)
    game = GameType.NULL if rng.random() < 0.12 else rng.choice(_TRUMP_GAMES)
    d = _random_declaration(rng, profile, game)
    deck = _deck(rng)
    hand, skat = sort_cards(deck[:HAND_SIZE], game), tuple(deck[HAND_SIZE : HAND_SIZE + SKAT_SIZE])
    schwarz = not game.is_null and rng.random() < 0.08
    schneider = not game.is_null and (schwarz or rng.random() < 0.25)
    return build_game_value(profile, d, hand, skat, schneider, schwarz, seed=seed)


def build_game_value(
    profile: RuleProfile,
    d: Declaration,
    hand: Sequence[Card],
    skat: Sequence[Card],
    schneider: bool,
    schwarz: bool,
    *,
    seed: int = 0,
    source: str = "generated",
) -> Question:
    """A game_value question on given cards/values (generated or from a hand-made bank)."""
    game = d.game
    hand, skat = sort_cards(hand, game), tuple(skat)
    count = matadors((*hand, *skat), game)
    breakdown = game_value(profile, d, count, schneider=schneider, schwarz=schwarz)
    prompt_parts: list[Message] = [T(N_("The declarer plays {game} with this hand and skat."), game=d)]
    if schwarz:
        prompt_parts.append(T(N_("One side took every trick (schwarz).")))
    elif schneider:
        prompt_parts.append(T(N_("The losing side ended schneider.")))
    prompt_parts.append(T(N_("What is the game worth?")))
    steps = [] if game.is_null else [T(N_("Matadors: {matadors}."), matadors=matadors_text(count))]
    steps += value_steps(profile, breakdown)
    pitfalls: tuple[tuple[str, str], ...] = ()
    if not game.is_null:
        hand_only = game_value(profile, d, matadors(hand, game), schneider=schneider, schwarz=schwarz).value
        pitfalls = _pitfall(str(breakdown.value), str(hand_only), SKAT_JACK)
    return build_question(
        GAME_VALUE,
        seed,
        profile,
        _join(prompt_parts),
        str(breakdown.value),
        T(N_("{value}"), value=breakdown.value),
        steps,
        shown=(Shown(T(N_("Hand")), tuple(hand)), Shown(T(N_("Skat")), skat)),
        source=source,
        pitfalls=pitfalls,
    )


# ---- the highest bid the hand is worth (a ceiling) -------------------------------------------------------
def _sensible(profile: RuleProfile, hand: Sequence[Card], game: GameType) -> bool:
    """A game a player would think of bidding for: a suit game with five trumps or more and not worse than
    "without 3", grand with two Jacks, a null with at most one suit above the staircase; and worth at least
    the opening bid."""
    if highest_safe_bid(profile, hand, game) < profile.min_bid:
        return False
    if game.is_null:
        from trainer.chances.hands import null_gaps

        return sum(1 for gap in null_gaps(hand) if gap) <= 1
    if game.is_grand:
        return sum(1 for card in hand if card.is_jack) >= 2
    trumps = sum(1 for card in hand if is_trump(card, game))
    return trumps >= 5 and matadors(hand, game) >= -3


def gen_safe_bid(seed: int, profile: RuleProfile) -> Question:
    rng = _rng(SAFE_BID, seed)
    game = GameType.NULL if rng.random() < 0.1 else rng.choice(_TRUMP_GAMES)
    for _ in range(400):
        hand = sort_cards(_deck(rng)[:HAND_SIZE], game)
        if _sensible(profile, hand, game):
            break
    return build_safe_bid(profile, hand, game, seed=seed)


def _chance_step(profile: RuleProfile, hand: Sequence[Card], game: GameType) -> Message | None:
    """The chance model's word on the game (as forehand, nothing bid yet): its chance and whether, and up to
    where, bidding for it pays off."""
    from trainer.chances import hand_chances

    wanted = hand_value(profile, hand, game).declaration
    chances = [c for c in hand_chances(profile, hand, Seat.FOREHAND) if c.declaration == wanted]
    if not chances:
        return None
    chance = chances[0]
    p = round(100 * chance.win)
    if chance.max_bid is None:
        return T(
            N_("With the chance: as forehand, {game} wins about {p} % — not worth bidding for at all."),
            game=chance.declaration,
            p=p,
        )
    return T(
        N_(
            "With the chance: as forehand, {game} wins about {p} %, and bidding for it pays off up to "
            "{limit}."
        ),
        game=chance.declaration,
        p=p,
        limit=chance.max_bid,
    )


def build_safe_bid(
    profile: RuleProfile, hand: Sequence[Card], game: GameType, *, seed: int = 0, source: str = "generated"
) -> Question:
    """A question on the highest bid a hand is worth for a game (its ceiling), on given cards (generated or
    from a hand-made bank): the count over the ten cards, and the chance."""
    hand = sort_cards(hand, game)
    value = highest_safe_bid(profile, hand, game)
    breakdown = hand_value(profile, hand, game)
    steps: list[Message] = []
    if game.is_null:
        steps.append(
            T(
                N_("A null game cannot be raised: its cheapest form, {game}, is worth {value}."),
                game=breakdown.declaration,
                value=value,
            )
        )
    else:
        steps.append(T(N_("You cannot see the skat, so count the matadors over your ten cards only.")))
        steps += matadors_steps(hand, game)[1:]
        steps += value_steps(profile, breakdown)
        steps.append(
            T(
                N_(
                    "That is a ceiling, not a safe bid: a Jack in the skat can still change the count after "
                    "the bidding (overbid), and the value says nothing about winning."
                )
            )
        )
    if value < profile.min_bid:
        steps.append(
            T(
                N_("That is below the lowest bid of {min_bid}: this game alone cannot open."),
                min_bid=profile.min_bid,
            )
        )
    chance = _chance_step(profile, hand, game)
    if chance is not None:
        steps.append(chance)
    return build_question(
        SAFE_BID,
        seed,
        profile,
        T(
            N_(
                "You want to play {game} with this hand, in its cheapest form. Up to which bid does that "
                "game carry you?"
            ),
            game=game,
        )
        if game.is_null
        else T(
            N_(
                "You want to play {game} with this hand, picking up the skat and keeping your cards in "
                "your hand (no extra level). What is the highest bid the hand is worth for it (its "
                "ceiling, without counting on schneider)?"
            ),
            game=game,
        ),
        str(value),
        T(N_("{value}"), value=value),
        steps,
        shown=(Shown(T(N_("Hand")), tuple(hand)),),
        source=source,
    )


# ---- is this a valid bid -------------------------------------------------------------------------------
def bid_options_text(profile: RuleProfile, value: int) -> tuple[Message, ...]:
    """The games worth exactly ``value``: 'clubs × 3', 'null ouvert' ..."""
    texts: list[Message] = []
    for option in games_for_bid(profile, value):
        if isinstance(option.kind, Declaration):
            texts.append(T(N_("{game}"), game=option.kind))
        else:
            texts.append(T(N_("{game} × {m}"), game=option.kind, m=option.multiplier or 0))
    return tuple(texts)


def valid_bid_steps(profile: RuleProfile, value: int) -> list[Message]:
    ladder = bid_ladder(profile)
    if value in ladder:
        return [
            T(
                N_("{value} is a bid: it is the value of {games}."),
                value=value,
                games=bid_options_text(profile, value),
            )
        ]
    if value < ladder[0]:
        return [T(N_("{value} is not a bid: bidding starts at {lowest}."), value=value, lowest=ladder[0])]
    if value > ladder[-1]:
        return [T(N_("{value} is not a bid: no game is worth more than {top}."), value=value, top=ladder[-1])]
    lower = max(v for v in ladder if v < value)
    following = tuple(v for v in ladder if v > lower)[:3]
    return [
        T(
            N_("{value} is not the value of any game. After {lower} the next bids are {following}."),
            value=value,
            lower=lower,
            following=", ".join(str(v) for v in following),
        )
    ]


def gen_valid_bid(seed: int, profile: RuleProfile) -> Question:
    rng = _rng(VALID_BID, seed)
    ladder = bid_ladder(profile)
    common = [v for v in ladder if v <= 100]
    if rng.random() < 0.5:
        value = rng.choice(common)
    else:
        value = rng.choice([v for v in range(ladder[0] - 4, common[-1] + 1) if v not in ladder])
    return build_valid_bid(profile, value, seed=seed)


def build_valid_bid(
    profile: RuleProfile, value: int, *, seed: int = 0, source: str = "generated"
) -> Question:
    """A valid_bid question on given cards/values (generated or from a hand-made bank)."""
    ladder = bid_ladder(profile)
    valid = value in ladder
    return build_question(
        VALID_BID,
        seed,
        profile,
        T(N_("Can a player say {value} in the bidding?"), value=value),
        *yes_no(valid),
        valid_bid_steps(profile, value),
        mode="choice",
        choices=YES_NO,
        source=source,
    )


# ---- following suit -------------------------------------------------------------------------------------
def led_text(lead: Card, game: GameType) -> Message:
    led = follow_class(lead, game)
    if led == TRUMP:
        return T(N_("{lead} is a trump in {game}, so trumps were led."), lead=(lead,), game=game)
    assert isinstance(led, Suit)
    return T(
        N_("{lead} was led, so the others must follow {suit}."), lead=(lead,), suit=GameType.for_suit(led)
    )


def follow_steps(hand: Sequence[Card], trick: Sequence[Card], game: GameType) -> list[Message]:
    lead = trick[0]
    led = follow_class(lead, game)
    same = [c for c in hand if follow_class(c, game) == led]
    steps = [led_text(lead, game)]
    if same:
        steps.append(T(N_("You hold {cards} of that kind, so you must play one of them."), cards=tuple(same)))
    else:
        steps.append(T(N_("You hold none of that kind, so you may play any card.")))
    if isinstance(led, Suit):
        jacks = tuple(c for c in hand if c.is_jack and c.suit is led)
        if jacks and game.has_trumps:
            steps.append(
                T(
                    N_("{jacks} counts as a trump in {game}, not as a card of its suit."),
                    jacks=jacks,
                    game=game,
                )
            )
        elif jacks:
            steps.append(T(N_("In a null game {jacks} is an ordinary card of its suit."), jacks=jacks))
    elif game.trump_suit is not None:
        plain = tuple(c for c in hand if c.suit is game.trump_suit and not c.is_jack)
        if plain:
            steps.append(T(N_("Your {cards} count as trumps too."), cards=plain))
    return steps


def gen_legal_cards(seed: int, profile: RuleProfile) -> Question:
    rng = _rng(LEGAL_CARDS, seed)
    game = GameType.NULL if rng.random() < 0.2 else rng.choice(_TRUMP_GAMES)
    deck = _deck(rng)
    size = rng.randint(5, 10)
    hand = tuple(sort_cards(deck[:size], game))
    trick = tuple(deck[size : size + rng.choice((1, 2))])
    return build_legal_cards(profile, hand, trick, game, seed=seed)


def build_legal_cards(
    profile: RuleProfile,
    hand: Sequence[Card],
    trick: Sequence[Card],
    game: GameType,
    *,
    seed: int = 0,
    source: str = "generated",
) -> Question:
    """A legal_cards question on given cards/values (generated or from a hand-made bank)."""
    hand, trick = tuple(sort_cards(hand, game)), tuple(trick)
    allowed = legal_cards(hand, trick, game)
    printed = tuple(c for c in hand if c.suit is trick[0].suit) or hand  # Jacks taken by their printed suit
    return build_question(
        LEGAL_CARDS,
        seed,
        profile,
        T(
            N_("The game is {game}. Which of your cards may you play to this trick? Select all of them."),
            game=game,
        ),
        cards_answer(allowed),
        T(N_("{cards}"), cards=tuple(sort_cards(allowed, game))),
        follow_steps(hand, trick, game),
        mode="cards",
        options=hand,
        shown=(Shown(T(N_("The trick so far")), trick), Shown(T(N_("Your hand")), hand)),
        source=source,
        pitfalls=_pitfall(cards_answer(allowed), cards_answer(printed), JACK_AS_SUIT),
    )


# ---- trick winner ---------------------------------------------------------------------------------------
def winner_steps(trick: Sequence[Card], seats: Sequence[Seat], game: GameType) -> list[Message]:
    winner = trick_winner(trick, game)
    steps = [led_text(trick[0], game)]
    trumps = tuple(c for c in trick if is_trump(c, game))
    if trumps:
        steps.append(T(N_("Trumps in the trick: {cards}. The highest trump wins."), cards=trumps))
    else:
        steps.append(T(N_("No trump was played, so the highest card of the led suit wins.")))
    steps.append(
        T(
            N_("{card} wins: {seat} takes the trick with {points} card points."),
            card=(trick[winner],),
            seat=seats[winner],
            points=card_points(trick),
        )
    )
    return steps


def gen_trick_winner(seed: int, profile: RuleProfile) -> Question:
    rng = _rng(TRICK_WINNER, seed)
    game = GameType.NULL if rng.random() < 0.15 else rng.choice(_TRUMP_GAMES)
    deck = _deck(rng)
    hands = [list(deck[i * 10 : i * 10 + 10]) for i in range(3)]
    leader = rng.choice(tuple(Seat))
    trick: list[Card] = [rng.choice(hands[0])]
    for hand in hands[1:]:
        trick.append(rng.choice(legal_cards(hand, trick, game)))
    return build_trick_winner(profile, trick, leader, game, seed=seed)


def build_trick_winner(
    profile: RuleProfile,
    trick: Sequence[Card],
    leader: Seat,
    game: GameType,
    *,
    seed: int = 0,
    source: str = "generated",
) -> Question:
    """A trick_winner question on given cards/values (generated or from a hand-made bank)."""
    seats = (leader, leader.next, leader.next.next)
    winner = trick_winner(trick, game)
    choices = tuple(
        Choice(str(i), T(N_("{seat}: {card}"), seat=seat, card=(card,)))
        for i, (seat, card) in enumerate(zip(seats, trick, strict=True))
    )
    return build_question(
        TRICK_WINNER,
        seed,
        profile,
        T(N_("The game is {game}. Who wins this trick?"), game=game),
        str(winner),
        T(N_("{card} ({seat})"), seat=seats[winner], card=(trick[winner],)),  # "Right: ♠J (middlehand)."
        winner_steps(trick, seats, game),
        mode="choice",
        choices=choices,
        shown=(
            Shown(
                T(N_("The trick, in the order played")),
                tuple(trick),
                tuple(T(N_("{seat}"), seat=s) for s in seats),
            ),
        ),
        source=source,
    )


# ---- counting card points -------------------------------------------------------------------------------
def eyes_steps(cards: Sequence[Card]) -> list[Message]:
    scoring = [c for c in cards if c.points]
    sum_text = " + ".join(str(c.points) for c in scoring) or "0"
    steps = [T(N_("Ace 11, ten 10, king 4, queen 3, jack 2; nines, eights and sevens count nothing."))]
    if scoring:
        steps.append(
            T(
                N_("The cards that count: {cards}: {sum} = {total}."),
                cards=tuple(scoring),
                sum=sum_text,
                total=card_points(cards),
            )
        )
    else:
        steps.append(T(N_("No card here counts, so the pile is worth 0.")))
    return steps


def gen_count_eyes(seed: int, profile: RuleProfile) -> Question:
    rng = _rng(COUNT_EYES, seed)
    deck = _deck(rng)
    pile = tuple(deck[: rng.randint(3, 9)])
    return build_count_eyes(profile, pile, seed=seed)


def build_count_eyes(
    profile: RuleProfile, pile: Sequence[Card], *, seed: int = 0, source: str = "generated"
) -> Question:
    """A count_eyes question on given cards/values (generated or from a hand-made bank)."""
    pile = tuple(pile)
    total = card_points(pile)
    return build_question(
        COUNT_EYES,
        seed,
        profile,
        T(N_("How many card points (eyes) are in this pile?")),
        str(total),
        T(N_("{value}"), value=total),
        eyes_steps(pile),
        shown=(Shown(T(N_("Pile")), pile),),
        source=source,
    )


# ---- won or lost, and at which level --------------------------------------------------------------------
OUTCOMES: tuple[str, ...] = ("won", "won_schneider", "won_schwarz", "lost", "lost_schneider", "lost_schwarz")
OUTCOME_TEXTS: dict[str, Message] = {
    "won": T(N_("Won")),
    "won_schneider": T(N_("Won, defenders schneider")),
    "won_schwarz": T(N_("Won, defenders schwarz")),
    "lost": T(N_("Lost")),
    "lost_schneider": T(N_("Lost, declarer schneider")),
    "lost_schwarz": T(N_("Lost, declarer schwarz")),
}


def outcome_of(result: GameResult) -> str:
    """One of :data:`OUTCOMES` for a suit or grand game result."""
    level = "_schwarz" if result.schwarz else ("_schneider" if result.schneider else "")
    return ("won" if result.won else "lost") + level


def boundary_points(profile: RuleProfile) -> tuple[int, ...]:
    """Card points next to which a result is most instructive, from the profile's thresholds: the declarer
    just schneider or not (30, 31), just lost or won (60, 61), the defenders just not, just, or well
    schneider (89, 90, 91)."""
    schneider = profile.declarer_schneider_max
    won = profile.win_min_points
    defenders = TOTAL_CARD_POINTS - profile.opponents_schneider_max
    return (schneider, schneider + 1, won - 1, won, defenders - 1, defenders, defenders + 1)


_TARGET_WEIGHTS: tuple[tuple[str, float], ...] = (
    ("won", 0.32),
    ("lost", 0.3),
    ("won_schneider", 0.12),
    ("lost_schneider", 0.12),
    ("won_schwarz", 0.08),
    ("lost_schwarz", 0.06),
)
"""How often each outcome is aimed at; a deal's playouts may not give every one, so this is a preference."""
_PLAYOUTS_PER_DEAL = 40


# ---- the special rules a result or settlement question can carry ------------------------------------------
RULE_OVERBID = "overbid"
RULE_OPEN = "open"
RULE_ANNOUNCED = "announced"
RULE_MUSIK = "musik"
RULE_SPOERGE = "spoerge"
RULE_SLAA_40 = "slaa_40_an"
RULE_RAMSE = "ramse"
RULE_KONTRA = "kontra_re"
RULES: tuple[str, ...] = (
    RULE_OVERBID,
    RULE_OPEN,
    RULE_ANNOUNCED,
    RULE_MUSIK,
    RULE_SPOERGE,
    RULE_SLAA_40,
    RULE_RAMSE,
    RULE_KONTRA,
)
"""The rules beyond a plain game that the lessons teach and the result and settlement questions draw."""

RULE_LESSONS: dict[str, str] = {
    RULE_OVERBID: "10-skat-exchange",
    RULE_OPEN: "10-skat-exchange",
    RULE_ANNOUNCED: "07-bidding",
    RULE_MUSIK: "18-dearer",
    RULE_SPOERGE: "18-dearer",
    RULE_SLAA_40: "18-dearer",
    RULE_RAMSE: "17-money",
    RULE_KONTRA: "18-dearer",
}
"""The lesson that teaches each rule: a chapter's check draws only the rules of its lesson and earlier."""


def taught(rules: Sequence[str], chapter: str | None) -> tuple[str, ...]:
    """The rules taught by ``chapter`` or an earlier lesson (all of them outside a chapter)."""
    return tuple(r for r in rules if chapter is None or RULE_LESSONS[r] <= chapter)


_PLAIN_RESULTS = 0.4
"""The share of result questions on a plain game; the rest are spread evenly over the profile's rules."""
_PLAIN_SETTLEMENTS = 0.3
"""The share of settlement questions on a plain game."""


def game_rules(profile: RuleProfile) -> tuple[str, ...]:
    """The rules a played game can carry under ``profile``: overbid, open, announced levels (where the
    profile allows announcing), Musik (where it has Musik)."""
    rules = [RULE_OVERBID, RULE_OPEN]
    if profile.announcements_allowed:
        rules.append(RULE_ANNOUNCED)
    if profile.max_musik:
        rules.append(RULE_MUSIK)
    return tuple(rules)


def settle_rules(profile: RuleProfile) -> tuple[str, ...]:
    """The rules a settlement question can carry under ``profile``: a played game's, the defenders'
    doubling call (Spørge or kontra/re), Slå 40 an and Ramse where the profile has them."""
    rules = list(game_rules(profile))
    rules.append(RULE_SPOERGE if profile.knock_call is KnockCall.SPOERGE else RULE_KONTRA)
    if profile.slaa_40_an:
        rules.append(RULE_SLAA_40)
    if profile.all_pass is AllPass.RAMSE:
        rules.append(RULE_RAMSE)
    return tuple(rules)


def _draw_rule(rng: random.Random, rules: Sequence[str], plain: float) -> str | None:
    """None (a plain game) with probability ``plain`` or when there is no rule, else one of ``rules``,
    evenly."""
    draw = rng.random()
    return None if draw < plain or not rules else rng.choice(tuple(rules))


def rules_of(result: GameResult) -> tuple[str, ...]:
    """The rules a game result shows: overbid, open, announced (named in the declaration), Musik."""
    d = result.declaration
    rules = []
    if result.overbid:
        rules.append(RULE_OVERBID)
    if d.ouvert:
        rules.append(RULE_OPEN)
    if not d.ouvert and (d.schneider_announced or d.schwarz_announced):
        rules.append(RULE_ANNOUNCED)
    if d.musik:
        rules.append(RULE_MUSIK)
    return tuple(rules)


@dataclass(frozen=True)
class PlayedGame:
    """A game really played to the end on a real deal: the cards, who declared what, every card in playing
    order (forehand leads the first trick) and the engine's result. Quiz results are drawn from these, so
    every points/tricks pair a question shows is one a real deal gives. ``musik_made``: the declarer won the
    Musik trick(s) with the Musik card(s) (True when no Musik was announced)."""

    deal: Deal
    declarer: Seat
    declaration: Declaration
    bid: int
    cards_played: tuple[Card, ...]
    result: GameResult
    musik_made: bool = True


def _declarer_seat(deal: Deal, *, weakest: bool = False) -> tuple[Seat, GameType]:
    """The seat with the most trumps in its longest game (the one most likely to have won the bidding), or
    with ``weakest`` the fewest (a declarer who may well end without a trick)."""

    def trumps(seat: Seat) -> int:
        hand = deal.hand(seat)
        return sum(is_trump(card, _longest_game(hand)) for card in hand)

    seat = (min if weakest else max)(Seat, key=trumps)
    return seat, _longest_game(deal.hand(seat))


def _schwarz_deal(rng: random.Random) -> tuple[Deal, GameType]:
    """A deal the declarer in forehand wins schwarz however anyone plays: in a grand all four Jacks and only
    unbroken top runs of side suits (Ace first); in a suit game the four Jacks and the six highest trumps.
    Leading every trick with cards nobody can beat, the declarer takes all ten."""
    if rng.random() < 0.5:
        game = GameType.GRAND
        own = list(JACKS)
        suits = list(Suit)
        rng.shuffle(suits)
        while len(own) < 10:
            for suit in suits:
                run = [c for c in sort_cards(ALL_CARDS, game) if c.suit is suit and not c.is_jack]
                take = min(rng.randint(0, 3), 10 - len(own))
                own += [c for c in run if c not in own][:take]
    else:
        game = rng.choice(SUIT_GAMES)
        own = list(trump_order(game)[:HAND_SIZE])
    rest = [c for c in ALL_CARDS if c not in own]
    rng.shuffle(rest)
    return Deal.from_cards((*own, *rest)), game


def _declaration_for(
    rng: random.Random, profile: RuleProfile, game: GameType, rule: str | None
) -> Declaration:
    """The declaration of a played game: plain (now and then a hand game), open, with announced levels or
    with Musik, as the profile allows them (an international open game is a hand game with both levels
    announced)."""
    if rule == RULE_OPEN:
        hand = profile.ouvert_requires_hand or rng.random() < 0.3
        return profile.check_declaration(Declaration(game, hand=hand, ouvert=True))
    if rule == RULE_ANNOUNCED:
        schwarz = rng.random() < 0.25
        return profile.check_declaration(
            Declaration(game, hand=True, schneider_announced=True, schwarz_announced=schwarz)
        )
    if rule == RULE_MUSIK:
        musik = rng.randint(1, profile.max_musik)
        return profile.check_declaration(Declaration(game, hand=rng.random() < 0.25, musik=musik))
    return Declaration(game, hand=rng.random() < 0.25)


def _musik_made(deal: Deal, declarer: Seat, d: Declaration, cards_played: Sequence[Card]) -> bool:
    """Did the declarer win the last trick(s) with the Musik card(s)? (True without Musik.)"""
    if not d.musik:
        return True
    owner = {card: seat for seat in Seat for card in deal.hand(seat)}
    tricks = []
    for start in range(0, len(cards_played), len(Seat)):
        trick = tuple(cards_played[start : start + len(Seat)])
        winner = owner[trick[trick_winner(trick, d.game)]]
        own = next(card for card in trick if owner[card] is declarer)
        tricks.append(MusikTrick(own, winner is declarer))
    return musik_fulfilled(d.game, d.musik, tricks)


def _bids_for(profile: RuleProfile, game: GameType, worth: int, rule: str | None) -> list[int]:
    """The bids a declarer of a game worth ``worth`` may have won the bidding at: within the worth, above
    it for an overbid game (up to two base values more), exactly Slå 40 an's 40 for a knock."""
    ladder = bid_ladder(profile)
    if rule == RULE_OVERBID:
        return [v for v in ladder if worth < v <= worth + 2 * profile.base_value(game)][:3]
    if rule == RULE_SLAA_40:
        return [v for v in ladder if v == DANISH_EXTRAS.slaa_40_an_value <= worth]
    return [v for v in ladder if v <= worth][-3:]


def random_played_game(
    rng: random.Random,
    profile: RuleProfile,
    rule: str | None = None,
    *,
    accept: Callable[[GameResult], bool] | None = None,
) -> PlayedGame:
    """A suit or grand game played out on a random deal with random legal cards. Without ``rule`` it is a
    plain game, not overbid: the outcome aimed at (won, lost, schneider, schwarz) is drawn first and the
    deal's playout nearest a win or schneider threshold is kept. ``rule`` makes it an overbid game, an open
    game, one with announced levels or Musik, or one bid at Slå 40 an's 40 (any outcome). ``accept``
    filters the results kept."""
    special = rule in (RULE_OVERBID, RULE_OPEN, RULE_ANNOUNCED, RULE_MUSIK)
    weights = [w for _, w in _TARGET_WEIGHTS]
    target = None if special else rng.choices([t for t, _ in _TARGET_WEIGHTS], weights=weights)[0]
    for attempt in range(300):
        sure_schwarz = target == "won_schwarz" or (special and rule != RULE_OVERBID and rng.random() < 0.3)
        if sure_schwarz:
            deal, game = _schwarz_deal(rng)
            declarer = Seat.FOREHAND
        else:
            deal = random_deal(rng.randrange(1 << 30), profile)
            declarer, game = _declarer_seat(deal, weakest=target == "lost_schwarz")
        count = matadors((*deal.hand(declarer), *deal.skat), game)
        d = _declaration_for(rng, profile, game, rule)
        if d.musik and not set(musik_cards(game, d.musik)) <= set(deal.hand(declarer)):
            continue  # Musik is only announced holding its trumps
        fitting = _bids_for(profile, game, game_value(profile, d, count).value, rule)
        if not fitting:
            continue
        bid = rng.choice(fitting)
        played: list[tuple[GameResult, tuple[Card, ...], bool]] = []
        for _playout in range(_PLAYOUTS_PER_DEAL):
            trace: list[Card] = []
            playout = random_playout(rng, profile, game, deal=deal, declarer=declarer, trace=trace)
            made = _musik_made(deal, declarer, d, trace)
            result = evaluate_game(
                profile,
                d,
                matadors=count,
                bid=bid,
                declarer_points=playout.declarer_points,
                declarer_tricks=playout.declarer_tricks,
                musik_fulfilled=made,
            )
            played.append((result, tuple(trace), made))
        # a rare outcome may not come up: after many deals, any outcome will do
        hits = [
            hit
            for hit in played
            if (target is None or outcome_of(hit[0]) == target or attempt >= 100)
            and (rule != RULE_OVERBID or hit[0].overbid)
            and (accept is None or accept(hit[0]))
        ]
        if not hits:
            continue
        near = rng.choice(boundary_points(profile))
        result, cards_played, made = min(hits, key=lambda hit: abs(hit[0].declarer_points - near))
        return PlayedGame(deal, declarer, d, bid, cards_played, result, made)
    raise SkatError("no game could be generated")  # pragma: no cover


def _random_result(rng: random.Random, profile: RuleProfile) -> GameResult:
    """The result of a plain game really played out (see :func:`random_played_game`)."""
    return random_played_game(rng, profile).result


def result_steps(profile: RuleProfile, result: GameResult) -> list[Message]:
    points = result.declarer_points
    steps = [
        T(
            N_(
                "The declarer needs at least {need} card points (the skat included) and has "
                "{points}: {verdict}."
            ),
            need=profile.win_min_points,
            points=points,
            verdict=T(N_("won")) if profile.wins_on_points(points) else T(N_("lost")),
        ),
        T(
            N_("Schneider: the defenders with at most {opp} card points, the declarer with at most {decl}."),
            opp=profile.opponents_schneider_max,
            decl=profile.declarer_schneider_max,
        ),
    ]
    tricks_total = profile.tricks_per_game
    if result.schwarz:
        steps.append(T(N_("One side took all {n} tricks: schwarz (and so schneider too)."), n=tricks_total))
    elif result.schneider:
        steps.append(
            T(
                N_("The defenders have {opp}, the declarer {decl}: schneider."),
                opp=TOTAL_CARD_POINTS - points,
                decl=points,
            )
        )
    else:
        steps.append(
            T(
                N_("The defenders have {opp}, the declarer {decl}: nobody is schneider."),
                opp=TOTAL_CARD_POINTS - points,
                decl=points,
            )
        )
    steps.append(T(N_("Counted aloud: {words}."), words=result.breakdown))
    return steps


def _result_prompt(result: GameResult, musik_made: bool = True) -> Message:
    """The game as the question tells it: the declaration, matadors, bid, tricks and card points, and
    whether an announced Musik was made."""
    played = T(
        N_(
            "The declarer played {game} {matadors}, bid {bid}, and took {tricks} tricks "
            "with {points} card points including the skat."
        ),
        game=result.declaration,
        matadors=matadors_text(result.breakdown.matadors),
        bid=result.bid,
        tricks=result.declarer_tricks,
        points=result.declarer_points,
    )
    d = result.declaration
    if not d.musik:
        return played
    cards = musik_cards(d.game, d.musik)
    made = {
        (1, True): N_("Musik: the declarer won the last trick with {cards}."),
        (1, False): N_("Musik: the declarer did not win the last trick with {cards}."),
        (2, True): N_("Musik: the declarer won the last two tricks with {cards}."),
        (2, False): N_("Musik: the declarer did not win the last two tricks with {cards}."),
    }[(d.musik, musik_made)]
    musik = T(made, cards=cards)
    return _join((played, musik))


def gen_game_result(seed: int, profile: RuleProfile, chapter: str | None = None) -> Question:
    """A played game: won or lost, and at which level? (``chapter``: only the rules taught so far.)"""
    rng = _rng(GAME_RESULT, seed)
    rule = _draw_rule(rng, taught(game_rules(profile), chapter), _PLAIN_RESULTS)
    played = random_played_game(rng, profile, rule, accept=lambda r: _has_outcome(profile, r))
    return build_game_result(profile, played.result, seed=seed, musik_made=played.musik_made)


def _has_outcome(profile: RuleProfile, result: GameResult) -> bool:
    """A result one of :data:`OUTCOMES` names: not a game lost (overbid, an announcement or Musik missed)
    with the defenders schneider, which no choice says."""
    return result.won or not profile.opponents_schneider(result.declarer_points)


def build_game_result(
    profile: RuleProfile,
    result: GameResult,
    *,
    seed: int = 0,
    source: str = "generated",
    musik_made: bool = True,
) -> Question:
    """A game_result question on given cards/values (generated or from a hand-made bank)."""
    outcome = outcome_of(result)
    steps = result_steps(profile, result)
    if result.reason not in ("won", "points"):
        steps.insert(1, T(N_("But the game is {reason}."), reason=result.reason_message))
    return build_question(
        GAME_RESULT,
        seed,
        profile,
        _join((_result_prompt(result, musik_made), T(N_("Did the declarer win, and at which level?")))),
        outcome,
        OUTCOME_TEXTS[outcome],
        steps,
        mode="choice",
        choices=tuple(Choice(o, OUTCOME_TEXTS[o]) for o in OUTCOMES),
        source=source,
        rules=rules_of(result),
    )


# ---- overbid after picking up the skat -----------------------------------------------------------------
def overbid_steps(
    profile: RuleProfile, hand: Sequence[Card], skat: Sequence[Card], d: Declaration, bid: int
) -> list[Message]:
    before = matadors(hand, d.game)
    after = matadors((*hand, *skat), d.game)
    breakdown = game_value(profile, d, after)
    steps = [
        T(
            N_("Before the pickup the hand is {matadors}: the bid of {bid} was within its value."),
            matadors=matadors_text(before),
            bid=bid,
        ),
        T(
            N_("With the skat {skat} it is {matadors}: {words}."),
            skat=tuple(skat),
            matadors=matadors_text(after),
            words=breakdown,
        ),
    ]
    if breakdown.value >= bid:
        steps.append(T(N_("{value} reaches the bid of {bid}: not overbid."), value=breakdown.value, bid=bid))
        return steps
    steps.append(
        T(
            N_(
                "{value} is below the bid of {bid}: overbid. Putting the Jack away again does not "
                "help; the skat counts."
            ),
            value=breakdown.value,
            bid=bid,
        )
    )
    ways: list[Message] = []
    if not profile.ouvert_requires_hand:  # an open game declared after the pickup (Danish på bordet)
        on_table = game_value(profile, replace(d, ouvert=True), after).value
        ways.append(_way(T(N_("cards on the table")), on_table, bid))
    schneider = game_value(profile, d, after, schneider=True).value
    schwarz = game_value(profile, d, after, schneider=True, schwarz=True).value
    ways.append(_way(T(N_("schneider")), schneider, bid))
    ways.append(_way(T(N_("schwarz")), schwarz, bid))
    steps.append(T(N_("The ways out, and what the game is then worth: {ways}."), ways=tuple(ways)))
    steps.append(
        T(
            N_("If the bid is not reached, the game is lost and counts {value}."),
            value=overbid_value(profile, d, bid),
        )
    )
    return steps


def _way(way: Message, value: int, bid: int) -> Message:
    verdict = T(N_("reaches the bid")) if value >= bid else T(N_("still too little"))
    return T(N_("{way} {value} ({verdict})"), way=way, value=value, verdict=verdict)


def _longest_game(hand: Sequence[Card]) -> GameType:
    jacks = sum(c.is_jack for c in hand)
    if jacks >= 3:
        return GameType.GRAND
    counts = {g: sum(1 for c in hand if not c.is_jack and c.suit is g.trump_suit) for g in SUIT_GAMES}
    return max(SUIT_GAMES, key=lambda g: (counts[g], g.trump_suit))


def gen_overbid(seed: int, profile: RuleProfile) -> Question:
    rng = _rng(OVERBID, seed)
    want_overbid = rng.random() < 0.5
    for _ in range(400):
        deck = _deck(rng)
        hand, skat = deck[:HAND_SIZE], tuple(deck[HAND_SIZE : HAND_SIZE + SKAT_SIZE])
        game = _longest_game(hand)
        d = Declaration(game)
        bid = highest_safe_bid(profile, hand, d)
        if bid < profile.min_bid or bid not in bid_ladder(profile):
            continue
        overbid = game_value(profile, d, matadors((*hand, *skat), game)).value < bid
        if overbid == want_overbid:
            break
    return build_overbid(profile, hand, skat, game, bid, seed=seed)


def build_overbid(
    profile: RuleProfile,
    hand: Sequence[Card],
    skat: Sequence[Card],
    game: GameType,
    bid: int,
    *,
    seed: int = 0,
    source: str = "generated",
) -> Question:
    """A overbid question on given cards/values (generated or from a hand-made bank)."""
    d = Declaration(game)
    skat = tuple(skat)
    hand = sort_cards(hand, game)
    value = game_value(profile, d, matadors((*hand, *skat), game)).value
    overbid = value < bid
    return build_question(
        OVERBID,
        seed,
        profile,
        T(
            N_("You won the bidding at {bid} and plan {game}. You pick up the skat. Is the game overbid?"),
            bid=bid,
            game=game,
        ),
        *yes_no(overbid),
        overbid_steps(profile, hand, skat, d, bid),
        mode="choice",
        choices=YES_NO,
        pitfalls=((NO, SKAT_JACK),) if overbid else (),
        shown=(Shown(T(N_("Your hand")), tuple(hand)), Shown(T(N_("Skat")), skat)),
        source=source,
    )


# ---- settlement ----------------------------------------------------------------------------------------
SCHEMES: tuple[str, ...] = ("list", "seeger_fabian", "danish_money")
SCHEME_TEXTS: dict[str, Message] = {
    "list": T(N_("the list (plain score sheet)")),
    "seeger_fabian": T(N_("Seeger-Fabian points")),
    "danish_money": T(N_("Danish money (½ and 1 øre per point)")),
}
SETTLE_ASKS: dict[str, str] = {
    "list": N_(
        "{a} Settle it with {scheme}: what does the declarer write in the list (a negative number if the "
        "declarer loses points)?"
    ),
    "seeger_fabian": N_(
        "{a} Settle it with {scheme}: what does the declarer score (a negative number if the declarer "
        "loses points)?"
    ),
    "danish_money": N_(
        "{a} Settle it with {scheme}: how many øre does the declarer get from each defender (a negative "
        "number if the declarer pays each defender)?"
    ),
}
"""What a settlement question asks, naming the unit of its answer: the declarer's entry in the list, the
declarer's Seeger-Fabian score, or the øre per defender (the textbook's "fra hver" / "til hver")."""


@dataclass(frozen=True)
class Calls:
    """What was said around a game that changes its settlement: the Danish Spørge (rates doubled, knocking
    back doubles again), Slå 40 an (a knock of 40 after five cards: rates doubled), kontra and re
    (international house option: the value doubled, re doubles again)."""

    spoerge: Spoerge = Spoerge.NONE
    slaa_40_an: bool = False
    kontra: bool = False
    re: bool = False

    @property
    def rules(self) -> tuple[str, ...]:
        rules = []
        if self.spoerge is not Spoerge.NONE:
            rules.append(RULE_SPOERGE)
        if self.slaa_40_an:
            rules.append(RULE_SLAA_40)
        if self.kontra:
            rules.append(RULE_KONTRA)
        return tuple(rules)


NO_CALLS = Calls()

_KNOCK_ANSWERS = {
    Spoerge.KNOCKED: N_("the declarer plays on"),
    Spoerge.KNOCKED_BACK: N_("the declarer knocks back (slå kontra)"),
}


def calls_text(calls: Calls) -> list[Message]:
    """The calls as the question tells them."""
    said: list[Message] = []
    if calls.slaa_40_an:
        said.append(
            T(
                N_("The declarer had knocked Slå {value} an after the first five cards, and the knock held."),
                value=DANISH_EXTRAS.slaa_40_an_value,
            )
        )
    if calls.spoerge is not Spoerge.NONE:
        said.append(
            T(
                N_("After the first lead a defender knocked (Spørge), and {answer}."),
                answer=T(_KNOCK_ANSWERS[calls.spoerge]),
            )
        )
    if calls.kontra:
        said.append(
            T(N_("A defender said kontra, and the declarer said re."))
            if calls.re
            else T(N_("A defender said kontra."))
        )
    return said


def _number(value: Decimal) -> str:
    return str(int(value)) if value == value.to_integral_value() else str(value.normalize())


def _signed(value: Decimal) -> str:
    """A score as the explanation writes it: a true minus sign (−72), like the formula beside it."""
    return ("−" + _number(-value)) if value < 0 else _number(value)


def settlement_of(
    profile: RuleProfile, result: GameResult, scheme: str, calls: Calls = NO_CALLS
) -> Settlement:
    """The engine's settlement of a game under ``scheme`` with the calls made."""
    if scheme == "list":
        return list_settlement(profile, result, kontra=calls.kontra, re=calls.re)
    if scheme == "seeger_fabian":
        return seeger_fabian(profile, result, kontra=calls.kontra, re=calls.re)
    return danish_money(result, spoerge=calls.spoerge, slaa_40_an=calls.slaa_40_an)


def settle_answer(settlement: Settlement) -> Decimal:
    """The amount a settlement question asks for: the declarer's entry (list, Seeger-Fabian) or, in Danish
    money, what the declarer gets from each defender (negative: pays each)."""
    if settlement.scheme == "danish_money":
        return -settlement.opponents[0]
    return settlement.declarer


def settle_steps(
    profile: RuleProfile, result: GameResult, scheme: str, calls: Calls = NO_CALLS
) -> tuple[list[Message], Decimal]:
    """The worked settlement (the engine's working lines) and the amount the question asks for."""
    settlement = settlement_of(profile, result, scheme, calls)
    amount = settle_answer(settlement)
    steps = [
        T(
            N_("The game is {verdict} and worth {value} ({words})."),
            verdict=T(N_("won")) if result.won else T(N_("lost")),
            value=result.value,
            words=result.breakdown,
        )
    ]
    if result.reason not in ("won", "points"):
        steps.append(T(N_("But the game is {reason}."), reason=result.reason_message))
    steps += settlement.working_parts
    if scheme == "danish_money":
        steps.append(
            T(N_("So the declarer gets {each} øre from each defender."), each=_number(amount))
            if amount >= 0
            else T(N_("So the declarer pays {each} øre to each defender."), each=_number(-amount))
        )
    elif scheme == "list":
        steps.append(T(N_("So the declarer writes {score} in the list."), score=_signed(amount)))
    else:
        steps.append(T(N_("So the declarer scores {score}."), score=_signed(amount)))
    return steps, amount


def gen_settle(seed: int, profile: RuleProfile, chapter: str | None = None) -> Question:
    """A game (or a Ramse) to settle. (``chapter``: only the rules taught so far.)"""
    rng = _rng(SETTLE, seed)
    rule = _draw_rule(rng, taught(settle_rules(profile), chapter), _PLAIN_SETTLEMENTS)
    if rule == RULE_RAMSE:
        return gen_ramse_settle(rng, seed, profile)
    played = random_played_game(rng, profile, rule if rule in (*game_rules(profile), RULE_SLAA_40) else None)
    calls = NO_CALLS
    scheme = rng.choice(SCHEMES)
    if rule == RULE_SPOERGE:
        calls, scheme = Calls(spoerge=rng.choice(tuple(_KNOCK_ANSWERS))), "danish_money"
    elif rule == RULE_SLAA_40:
        calls, scheme = Calls(slaa_40_an=True), "danish_money"
    elif rule == RULE_KONTRA:
        calls, scheme = Calls(kontra=True, re=rng.random() < 0.4), rng.choice(("list", "seeger_fabian"))
    return build_settle(profile, played.result, scheme, seed=seed, calls=calls, musik_made=played.musik_made)


def build_settle(
    profile: RuleProfile,
    result: GameResult,
    scheme: str,
    *,
    seed: int = 0,
    source: str = "generated",
    calls: Calls = NO_CALLS,
    musik_made: bool = True,
) -> Question:
    """A settle question on given cards/values (generated or from a hand-made bank)."""
    steps, amount = settle_steps(profile, result, scheme, calls)
    told = _join((_result_prompt(result, musik_made), *calls_text(calls)))
    return build_question(
        SETTLE,
        seed,
        profile,
        T(SETTLE_ASKS[scheme], a=told, scheme=SCHEME_TEXTS[scheme]),
        _number(amount),
        T(N_("{value}"), value=_signed(amount)),
        steps,
        source=source,
        rules=(*rules_of(result), *calls.rules),
    )


# ---- Ramse money -------------------------------------------------------------------------------------------
RAMSE_STAKE = 10
"""The agreed Ramse amount the questions use, in øre (the lesson: an amount agreed in advance)."""


def _ramse_piles(rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Three players' (card points, tricks) after a Ramse: the 30 trick cards dealt out in tricks, the two
    set-aside cards to one player who took a trick (the last trick's winner)."""
    deck = _deck(rng)
    tricks = [0, 0, 0]
    for _ in range(HAND_SIZE):  # ten tricks
        tricks[rng.randrange(len(Seat))] += 1
    points = []
    position = 0
    for count in tricks:
        pile = deck[position : position + len(Seat) * count]
        position += len(Seat) * count
        points.append(card_points(pile))
    last = rng.choice([i for i, count in enumerate(tricks) if count])
    points[last] += card_points(deck[position : position + SKAT_SIZE])
    return tuple(points), tuple(tricks)


def gen_ramse_settle(rng: random.Random, seed: int, profile: RuleProfile) -> Question:
    """Everyone passed and Ramse was played: what does one player get or pay in all?"""
    points, tricks = _ramse_piles(rng)
    result = ramse_result(points, tricks, profile=profile)
    seats = tuple(Seat)
    asked = rng.randrange(len(seats))
    amounts = ramse_money(result, Decimal(RAMSE_STAKE))
    amount = amounts[asked]
    piles = tuple(
        T(N_("{seat} {points}"), seat=seat, points=p) for seat, p in zip(seats, points, strict=True)
    )
    steps = [
        T(
            N_("Ramse: the fewest card points win, unless someone takes {n} or more."),
            n=DANISH_EXTRAS.ramse_take_all_points,
        ),
        T(
            N_(
                "The player with the most card points pays the agreed amount to each of the other two; a "
                "player with {n} or more is paid by each of the other two."
            ),
            n=DANISH_EXTRAS.ramse_take_all_points,
        ),
        T(N_("So {seat} gets {amount} øre in all."), seat=seats[asked], amount=_signed(amount)),
    ]
    return build_question(
        SETTLE,
        seed,
        profile,
        T(
            N_(
                "Everyone passed, and Ramse was played for {stake} øre. The card points: {piles}. How many "
                "øre does {seat} get in all, from the other two together (a negative number if {seat} pays)?"
            ),
            stake=RAMSE_STAKE,
            piles=piles,
            seat=seats[asked],
        ),
        _number(amount),
        T(N_("{value}"), value=_signed(amount)),
        steps,
        source="generated",
        rules=(RULE_RAMSE,),
    )


# ---- which Jacks can the declarer hold -----------------------------------------------------------------
def _best_run(declarer_jacks: frozenset[Card], defender: frozenset[Card], game: GameType) -> int:
    """The largest 'with'/'without' count the declarer can have when holding exactly ``declarer_jacks``
    of the Jacks (the rest of the unseen cards placed as favourably as possible)."""
    order = trump_order(game)
    holds_top = JACKS[0] in declarer_jacks
    run = 0
    for jack in JACKS:
        if (jack in declarer_jacks) != holds_top:
            return run
        run += 1
    for card in order[len(JACKS) :]:
        if holds_top and card in defender:
            break
        run += 1
    return run


def possible_jacks(defender_hand: Sequence[Card], game: GameType, need: int) -> tuple[Card, ...]:
    """The Jacks (not in the defender's hand) the declarer can hold if they bid no more than the hand was
    worth: they have 'with' or 'without' at least ``need`` matadors over their ten cards."""
    defender = frozenset(defender_hand)
    unseen = [j for j in JACKS if j not in defender]
    possible: set[Card] = set()
    for mask in range(1 << len(unseen)):
        held = frozenset(j for i, j in enumerate(unseen) if mask >> i & 1)
        if _best_run(held, defender, game) >= need:
            possible |= held
    return tuple(j for j in JACKS if j in possible)


def gen_jacks_from_bidding(seed: int, profile: RuleProfile) -> Question:
    rng = _rng(JACKS_FROM_BIDDING, seed)
    for _ in range(200):
        deck = _deck(rng)
        hand = deck[:HAND_SIZE]
        held = sum(j in hand for j in JACKS)
        if held == len(JACKS) or (held == 0 and rng.random() < 0.8):
            continue  # holding no Jack makes every Jack possible: a dull question, so mostly skip it
        game = rng.choice(_TRUMP_GAMES)
        base = profile.base_value(game)
        need = rng.randint(1, 4)
        fitting = [v for v in bid_ladder(profile) if need * base < v <= (need + 1) * base]
        if fitting:
            break
    bid = rng.choice(fitting)
    return build_jacks_from_bidding(profile, hand, game, bid, seed=seed)


def build_jacks_from_bidding(
    profile: RuleProfile,
    hand: Sequence[Card],
    game: GameType,
    bid: int,
    *,
    seed: int = 0,
    source: str = "generated",
) -> Question:
    """A jacks_from_bidding question on given cards/values (generated or from a hand-made bank)."""
    base = profile.base_value(game)
    multiplier = math.ceil(bid / base)
    need = multiplier - 1
    answer = possible_jacks(hand, game, need)
    top = JACKS[: min(need, len(JACKS))]
    own = tuple(j for j in JACKS if j in hand)
    steps = [
        T(
            N_(
                "{bid} ÷ {base} (the base value of {game}) needs a multiplier of at least {m}: "
                "the declarer has 'with' or 'without' at least {need} matadors (the game level "
                "adds one)."
            ),
            bid=bid,
            base=base,
            game=game,
            m=multiplier,
            need=need,
        ),
        T(
            N_("'With {need}' means holding {top}; 'without {need}' means holding none of them."),
            need=need,
            top=top,
        ),
    ]
    if own:
        steps.append(
            T(
                N_("You hold {own} yourself, which rules out every case that needs them with the declarer."),
                own=own,
            )
        )
    if answer:
        steps.append(T(N_("So the declarer can hold {jacks} (not necessarily all of them)."), jacks=answer))
    else:
        steps.append(T(N_("So the declarer holds none of the Jacks you cannot see.")))
    hand_sorted = sort_cards(hand, game)
    return build_question(
        JACKS_FROM_BIDDING,
        seed,
        profile,
        T(
            N_(
                "You are a defender. The declarer won the bidding at {bid}, picked up the skat and "
                "plays {game} with the cards in hand (not on the table). Assuming the declarer bid no "
                "more than the hand was worth, which Jacks can the declarer hold? Select every possible "
                "one (none is an answer too)."
            ),
            bid=bid,
            game=game,
        ),
        cards_answer(answer),
        T(N_("{cards}"), cards=answer) if answer else T(N_("none")),
        steps,
        mode="cards",
        options=tuple(j for j in JACKS if j not in hand),
        shown=(Shown(T(N_("Your hand")), tuple(hand_sorted)),),
        source=source,
    )


# ---- coverage of the rules ---------------------------------------------------------------------------------
COVERAGE_FLOOR = 0.03
"""Each rule a profile has: at least this share of its result and settlement questions."""


def rule_shares(profile: RuleProfile, count: int, first_seed: int = 0) -> dict[str, float]:
    """The share of ``count`` result plus ``count`` settlement questions (seeds from ``first_seed``) that
    exercise each rule the profile has."""
    seen = dict.fromkeys(settle_rules(profile), 0)
    for kind in (GAME_RESULT, SETTLE):
        for seed in range(first_seed, first_seed + count):
            for rule in GENERATORS[kind](seed, profile).rules:
                seen[rule] += 1
    return {rule: seen[rule] / (2 * count) for rule in RULES if rule in seen}


# ---- the entry point ------------------------------------------------------------------------------------
GENERATORS: dict[str, Callable[[int, RuleProfile], Question]] = {
    MATADORS: gen_matadors,
    GAME_VALUE: gen_game_value,
    SAFE_BID: gen_safe_bid,
    VALID_BID: gen_valid_bid,
    LEGAL_CARDS: gen_legal_cards,
    TRICK_WINNER: gen_trick_winner,
    COUNT_EYES: gen_count_eyes,
    GAME_RESULT: gen_game_result,
    OVERBID: gen_overbid,
    SETTLE: gen_settle,
    JACKS_FROM_BIDDING: gen_jacks_from_bidding,
    BID_DRILL: bidding_drill.gen_bid_drill,
}


def generate(kind: str, seed: int, profile: RuleProfile) -> Question:
    """A question of type ``kind`` for ``profile``; the same seed always gives the same question."""
    try:
        generator = GENERATORS[kind]
    except KeyError:
        raise SkatError(f"There is no question type '{kind}'. Choose one of: {', '.join(KINDS)}.") from None
    return generator(seed, profile)


__all__ = ["GENERATORS", "KINDS", "KIND_TITLES", "OUTCOMES", "RULES", "SCHEMES", "Param", "generate"]
