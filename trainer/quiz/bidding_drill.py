"""The drill "Would you bid? How high? Hand or pick up?", graded by the chance model (:mod:`trainer.chances`).

A hand is dealt to a seat (the auction not yet begun); the learner chooses among four answers: pass, or bid
up to a ceiling for a game, picking up the skat or playing hand. The right answer is the model's: the game
with the best expected score at the lowest bid among those worth bidding for, in the form (pickup or hand)
that pays best there, with the highest bid the hand is worth for it; or pass when no game is worth it. The
wrong answers are the tempting ones: the same game in the other form, the next game (often the longest
suit, or grand), a ceiling counted one step too high, or passing a hand worth bidding. The explanation gives
every game's chance and ceiling and the reason in a sentence.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from trainer.bidding import bid_ladder, next_bid
from trainer.cards import ALL_CARDS, HAND_SIZE, Card, sort_hand
from trainer.chances import GameChance, hand_chances
from trainer.chances.core import best_at
from trainer.deal import Seat
from trainer.games import Declaration
from trainer.play import sort_cards
from trainer.profiles import RuleProfile
from trainer.quiz.model import Choice, Question, Shown
from trainer.text import N_, Message

T = Message.of

BID_DRILL = "bid_drill"
TITLE = N_("Would you bid? How high? Hand or pick up?")
PASS = "pass"


def _percent(chance: float) -> int:
    return round(100 * chance)


def answer_key(chance: GameChance | None, ceiling: int | None = None) -> str:
    """The choice value: ``pass`` or ``<game>/<pickup|hand>[/ouvert][/schneider|schwarz]/<ceiling>``."""
    if chance is None:
        return PASS
    d = chance.declaration
    parts = [d.game.value, "hand" if d.hand else "pickup"]
    if d.ouvert:
        parts.append("ouvert")
    if d.schwarz_announced:
        parts.append("schwarz")
    elif d.schneider_announced:
        parts.append("schneider")
    parts.append(str(ceiling if ceiling is not None else chance.max_bid))
    return "/".join(parts)


def _label(chance: GameChance | None, ceiling: int | None = None) -> Message:
    if chance is None:
        return T(N_("Pass"))
    limit = ceiling if ceiling is not None else chance.max_bid
    if chance.declaration.hand:
        return T(N_("Bid up to {limit} for {game}, playing hand"), limit=limit, game=chance.declaration)
    return T(N_("Bid up to {limit} for {game}, picking up the skat"), limit=limit, game=chance.declaration)


def recommendation(chances: Sequence[GameChance], profile: RuleProfile) -> GameChance | None:
    """The model's answer at the lowest bid: the best expected score among the games worth bidding for."""
    return best_at(chances, profile, profile.min_bid)


def _distractors(
    chances: Sequence[GameChance], right: GameChance | None, profile: RuleProfile
) -> list[tuple[str, Message]]:
    """Tempting wrong answers, most tempting first."""
    found: list[tuple[str, Message]] = []
    plain = [c for c in chances if not c.declaration.ouvert and not c.declaration.schneider_announced]
    if right is not None:
        assert right.max_bid is not None
        other_form = next(
            (
                c
                for c in plain
                if c.declaration.game is right.declaration.game
                and c.declaration.hand != right.declaration.hand
            ),
            None,
        )
        if other_form is not None:
            ceiling = other_form.max_bid if other_form.max_bid is not None else other_form.value
            found.append((answer_key(other_form, ceiling), _label(other_form, ceiling)))
        if right.max_bid < bid_ladder(profile)[-1]:
            higher = next_bid(profile, max(right.max_bid, right.value))
            found.append((answer_key(right, higher), _label(right, higher)))
        found.append((PASS, _label(None)))
    ranked = sorted(
        (c for c in plain if right is None or c.declaration.game is not right.declaration.game),
        key=lambda c: (-(c.max_bid or 0), -c.win),
    )
    for chance in ranked:
        ceiling = chance.max_bid if chance.max_bid is not None else chance.value
        if ceiling < profile.min_bid:
            continue
        found.append((answer_key(chance, ceiling), _label(chance, ceiling)))
    return found


def _explanation(
    chances: Sequence[GameChance], right: GameChance | None, profile: RuleProfile
) -> list[Message]:
    steps: list[Message] = []
    plain = [c for c in chances if not c.declaration.schneider_announced and not c.declaration.ouvert]
    shown = sorted(plain, key=lambda c: (-(c.max_bid or 0), -c.win))[:4]
    for c in shown:
        if c.max_bid is None:
            steps.append(
                T(
                    N_("{game}: wins about {p} % (between {low} and {high} %), not worth bidding for."),
                    game=c.declaration,
                    p=_percent(c.win),
                    low=_percent(c.low),
                    high=_percent(c.high),
                )
            )
        else:
            steps.append(
                T(
                    N_("{game}: wins about {p} % (between {low} and {high} %), worth up to {limit}."),
                    game=c.declaration,
                    p=_percent(c.win),
                    low=_percent(c.low),
                    high=_percent(c.high),
                    limit=c.max_bid,
                )
            )
    if right is None:
        steps.append(
            T(N_("No game pays off on average at the lowest bid of {bid}: pass."), bid=profile.min_bid)
        )
    else:
        form = T(N_("play it hand")) if right.declaration.hand else T(N_("pick up the skat"))
        steps.append(
            T(
                N_(
                    "The best expected score is {game}: bid up to {limit}, then {form}. Above {limit} it "
                    "does worse on average than passing and defending: the ceiling, not a safe bid."
                ),
                game=right.declaration,
                limit=right.max_bid,
                form=form,
            )
        )
    steps.append(
        T(
            N_(
                "The chances are the chance model's: how often our expert computer players win such a hand "
                "when they play it out with hidden cards."
            )
        )
    )
    return steps


def build_bid_drill(
    profile: RuleProfile, hand: Sequence[Card], seat: Seat, *, seed: int = 0, source: str = "generated"
) -> Question:
    """The drill on a given hand and seat (generated or from a hand-made bank)."""
    chances = hand_chances(profile, hand, seat)
    right = recommendation(chances, profile)
    key = answer_key(right)
    options: dict[str, Message] = {key: _label(right)}
    for value, label in _distractors(chances, right, profile):
        if value not in options and len(options) < 4:
            options[value] = label
    if len(options) < 2:  # a hand with no game worth even the lowest bid: the tempting "just open"
        tempting = max(chances, key=lambda c: (c.win, c.value))
        options[answer_key(tempting, profile.min_bid)] = _label(tempting, profile.min_bid)
    ordered = sorted(options.items(), key=lambda item: (item[0] == PASS, item[0]))
    rng = random.Random(f"{BID_DRILL}/choices/{seed}/{key}")
    rng.shuffle(ordered)
    answer_text = _label(right)
    return Question(
        kind=BID_DRILL,
        seed=seed,
        profile_name=profile.name,
        prompt=T(
            N_("You are {seat} and nothing has been bid yet. Would you bid? How high? Hand or pick up?"),
            seat=seat,
        ),
        mode="choice",
        answer=key,
        answer_text=answer_text,
        explanation=tuple(_explanation(chances, right, profile)),
        shown=(Shown(T(N_("Your hand")), _sorted(hand, right)),),
        choices=tuple(Choice(value, label) for value, label in ordered),
        source=source,
    )


def _sorted(hand: Sequence[Card], right: GameChance | None) -> tuple[Card, ...]:
    if right is None:
        return tuple(sort_hand(hand))
    return tuple(sort_cards(hand, right.declaration.game))


def gen_bid_drill(seed: int, profile: RuleProfile) -> Question:
    """A drill question: a hand dealt at random, about two in three of them worth bidding for."""
    rng = random.Random(f"{BID_DRILL}/{seed}")
    want_bid = rng.random() < 0.65
    hand: list[Card] = []
    seat = Seat.FOREHAND
    for _ in range(40):
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        hand = deck[:HAND_SIZE]
        seat = Seat(rng.randrange(3))
        right = recommendation(hand_chances(profile, hand, seat), profile)
        if (right is not None) == want_bid:
            break
    return build_bid_drill(profile, hand, seat, seed=seed)


def declaration_of(key: str) -> Declaration | None:
    """The declaration a choice value stands for (None for a pass)."""
    if key == PASS:
        return None
    from trainer.games import GameType

    parts = key.split("/")
    return Declaration(
        GameType(parts[0]),
        hand=parts[1] == "hand",
        ouvert="ouvert" in parts,
        schneider_announced="schneider" in parts or "schwarz" in parts,
        schwarz_announced="schwarz" in parts,
    )
