"""The drill "Would you bid? How high? Hand or pick up?", graded by the chance model (:mod:`trainer.chances`).

A hand is dealt to a seat (the auction not yet begun); the learner chooses among four answers: pass, or bid
up to a ceiling for a game, picking up the skat or playing hand. The best answer is the model's plan
(:func:`trainer.chances.plan.bid_plan`): the game with the best expected score at the lowest bid, the games
it turns to as the bid rises, and the ceiling — the highest any game of the hand is worth, so the
explanation never lists a game worth more than the advice. Every answer is priced by its expected score
over where the auction may end (:func:`trainer.chances.plan.answer_value`); one within :data:`TOLERANCES`
of the best is right (several may be), and the feedback says what the learner's answer costs a deal on
average. The wrong answers are the tempting ones: the same game in the other form, the first game alone at
its own ceiling, a ceiling one value too high, the next game, or passing. The explanation names every game
of the plan with its own chance and ceiling, and the verdict draws the bid chart.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from trainer.cards import ALL_CARDS, HAND_SIZE, Card, sort_hand
from trainer.chances import GameChance, hand_chances
from trainer.chances.open_check import checked_open
from trainer.chances.plan import BidPlan, answer_value, bid_plan, score_curves
from trainer.chances.worth import scheme_for, snap_to_values
from trainer.deal import Seat
from trainer.games import Declaration
from trainer.profiles import RuleProfile
from trainer.quiz.model import Choice, Question, Shown
from trainer.rules.play import sort_cards
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


TOLERANCES = {"seeger_fabian": 5.0, "danish_money": 5.0, "list": 3.0}
"""**[choice]** An answer whose expected score is within this of the best answer's is right (Seeger-Fabian
points, øre, list points a deal): a few points a deal is less than the model's own uncertainty."""

UNITS = {"seeger_fabian": N_("points"), "danish_money": N_("øre"), "list": N_("points")}


def recommendation(chances: Sequence[GameChance], profile: RuleProfile) -> GameChance | None:
    """The game the plan plays at the lowest bid (None: pass), :func:`trainer.chances.plan.bid_plan`."""
    return bid_plan(chances, profile).lead


def plan_key(plan: BidPlan) -> str:
    """The choice value of the plan: its games from the lowest bid up, each with its own ceiling (the last
    one's is the plan's)."""
    if plan.lead is None:
        return PASS
    return "+".join(answer_key(step.chance) for step in plan.steps)


def _form(chance: GameChance) -> Message:
    return T(N_("playing hand")) if chance.declaration.hand else T(N_("picking up the skat"))


def plan_label(plan: BidPlan) -> Message:
    """The plan in words: "Bid up to 72 for clubs, picking up the skat; from 40 grand, picking up"."""
    lead = plan.lead
    if lead is None:
        return _label(None)
    if len(plan.steps) == 1:
        return _label(lead, plan.ceiling)
    later = tuple(
        T(
            N_("from {bid}: {game}, {form}"),
            bid=step.low,
            game=step.chance.declaration,
            form=_form(step.chance),
        )
        for step in plan.steps[1:]
    )
    return T(
        N_("Bid up to {limit}: {game}, {form}; {later}"),
        limit=plan.ceiling,
        game=lead.declaration,
        form=_form(lead),
        later=later,
    )


def _values(chance: GameChance) -> list[int]:
    return sorted(value for value, _p in chance.spread)


def _too_high(chance: GameChance, ceiling: int) -> int | None:
    """A ceiling one step too high: the game's next value above ``ceiling`` (never a bid it cannot be
    worth)."""
    return next((value for value in _values(chance) if value > ceiling), None)


def _distractors(
    chances: Sequence[GameChance], plan: BidPlan, profile: RuleProfile
) -> list[tuple[str, Message, int | None, GameChance | None]]:
    """Tempting other answers, most tempting first: (value, label, ceiling, game)."""
    found: list[tuple[str, Message, int | None, GameChance | None]] = []
    plain = [c for c in chances if not c.declaration.ouvert and not c.declaration.schneider_announced]

    def add(chance: GameChance, ceiling: int | None) -> None:
        if ceiling is not None:
            ceiling = snap_to_values(ceiling, chance.spread)
        if ceiling is not None and ceiling >= profile.min_bid:
            found.append((answer_key(chance, ceiling), _label(chance, ceiling), ceiling, chance))

    right = plan.lead
    if right is not None:
        assert right.max_bid is not None and plan.ceiling is not None
        if len(plan.steps) > 1:
            add(right, right.max_bid)  # the first game alone, at its own ceiling
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
            add(other_form, other_form.max_bid if other_form.max_bid is not None else right.max_bid)
        add(right, _too_high(right, right.max_bid))
        found.append((PASS, _label(None), None, None))
    ranked = sorted(
        (c for c in plain if right is None or c.declaration.game is not right.declaration.game),
        key=lambda c: (-(c.max_bid or 0), -c.win),
    )
    for chance in ranked:
        add(chance, chance.max_bid if chance.max_bid is not None else min(_values(chance)))
    if right is None:  # a hand worth nothing: the tempting "just open"
        tempting = max(chances, key=lambda c: (c.win, c.value))
        add(tempting, profile.min_bid)
    return found


def _overreach(
    chances: Sequence[GameChance], profile: RuleProfile
) -> list[tuple[str, Message, int | None, GameChance | None]]:
    """The last resort of a tempting wrong answer: a game bid to the full value the skat could make it,
    whatever its chance."""
    found: list[tuple[str, Message, int | None, GameChance | None]] = []
    plain = [c for c in chances if not c.declaration.ouvert and not c.declaration.schneider_announced]
    for chance in sorted(plain, key=lambda c: -c.win):
        top = max(_values(chance))
        if top >= profile.min_bid and top != chance.max_bid:
            found.append((answer_key(chance, top), _label(chance, top), top, chance))
    return found


def shown_games(chances: Sequence[GameChance], plan: BidPlan, count: int = 4) -> list[GameChance]:
    """The games the explanation names: every game of the plan, then the others with the highest ceilings
    and chances (plain declarations; an announced or open game only when the plan plays it)."""
    plain = [c for c in chances if not c.declaration.schneider_announced and not c.declaration.ouvert]
    named: list[GameChance] = []
    for step in plan.steps:
        if step.chance not in named:
            named.append(step.chance)
    for chance in sorted(plain, key=lambda c: (-(c.max_bid or 0), -c.win)):
        if len(named) >= max(count, len(plan.steps)):
            break
        if chance not in named:
            named.append(chance)
    return sorted(named, key=lambda c: (-(c.max_bid or 0), -c.win))


def _explanation(
    chances: Sequence[GameChance], plan: BidPlan, profile: RuleProfile, shown: Sequence[GameChance]
) -> list[Message]:
    steps: list[Message] = []
    for c in shown:
        params = {
            "game": c.declaration,
            "p": _percent(c.win),
            "low": _percent(c.low),
            "high": _percent(c.high),
        }
        if c.max_bid is None:
            steps.append(
                T(
                    N_("{game}: wins about {p} % (between {low} and {high} %), not worth bidding for."),
                    **params,
                )
            )
        else:
            steps.append(
                T(
                    N_("{game}: wins about {p} % (between {low} and {high} %), worth up to {limit}."),
                    **params,
                    limit=c.max_bid,
                )
            )
    right = plan.lead
    if right is None:
        steps.append(
            T(N_("No game pays off on average at the lowest bid of {bid}: pass."), bid=profile.min_bid)
        )
    elif len(plan.steps) == 1:
        steps.append(
            T(
                N_(
                    "The best expected score is {game}: bid up to {limit}, then {form}. Above {limit} no "
                    "game of this hand does better on average than passing and defending: the ceiling, "
                    "not a safe bid."
                ),
                game=right.declaration,
                limit=plan.ceiling,
                form=T(N_("play it hand")) if right.declaration.hand else T(N_("pick up the skat")),
            )
        )
    else:
        later = tuple(
            T(N_("from {bid}: {game}"), bid=step.low, game=step.chance.declaration) for step in plan.steps[1:]
        )
        steps.append(
            T(
                N_(
                    "Bid up to {limit}. At the lowest bid the best expected score is {game}; as the bid "
                    "rises the best is {later}. Above {limit} no game of this hand does better on average "
                    "than passing and defending: the ceiling, not a safe bid."
                ),
                game=right.declaration,
                limit=plan.ceiling,
                later=later,
            )
        )
    steps.append(
        T(
            N_(
                "Each ceiling counts what the auction to that bid tells: an opponent who went that high "
                "holds strength against you, so a doubtful game's ceiling comes before a sure one's."
            )
        )
    )
    steps.append(
        T(
            N_(
                "The chances are the chance model's: how often our expert computer player wins such a hand "
                "as declarer against our expert computer defenders, each seeing only its own cards (not "
                "open-hand play, and not people)."
            )
        )
    )
    return steps


def build_bid_drill(
    profile: RuleProfile, hand: Sequence[Card], seat: Seat, *, seed: int = 0, source: str = "generated"
) -> Question:
    """The drill on a given hand and seat (generated or from a hand-made bank)."""
    chances = checked_open(hand_chances(profile, hand, seat), profile, hand, seat)
    plan = bid_plan(chances, profile)
    key = plan_key(plan)
    answer_text = plan_label(plan)
    scheme = scheme_for(profile)
    tolerance = TOLERANCES[scheme]
    best = answer_value(profile, seat, plan.ceiling, plan)
    candidates: dict[str, tuple[Message, float]] = {}
    for value, label, ceiling, game in [*_distractors(chances, plan, profile), *_overreach(chances, profile)]:
        if value != key and value not in candidates:
            candidates[value] = (label, answer_value(profile, seat, ceiling, game))
    best = max(best, *(v for _l, v in candidates.values()))
    chosen = list(candidates)[:3]
    # a drill needs a wrong answer: keep one whose cost is above the tolerance, when there is one
    if all(best - candidates[value][1] <= tolerance for value in chosen):
        wrong = next((v for v in candidates if best - candidates[v][1] > tolerance), None)
        if wrong is not None:
            chosen = [*chosen[:2], wrong]
    options: dict[str, tuple[Message, float]] = {
        key: (answer_text, answer_value(profile, seat, plan.ceiling, plan))
    }
    options.update({value: candidates[value] for value in chosen})
    costs = tuple((value, round(max(0.0, best - v), 2)) for value, (_l, v) in options.items())
    ordered = sorted(
        ((value, label) for value, (label, _v) in options.items()), key=lambda i: (i[0] == PASS, i[0])
    )
    rng = random.Random(f"{BID_DRILL}/choices/{seed}/{key}")
    rng.shuffle(ordered)
    shown = shown_games(chances, plan)
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
        explanation=tuple(_explanation(chances, plan, profile, shown)),
        shown=(Shown(T(N_("Your hand")), _sorted(hand, plan.lead)),),
        choices=tuple(Choice(value, label) for value, label in ordered),
        source=source,
        costs=costs,
        tolerance=tolerance,
        cost_unit=T(UNITS[scheme]),
        curves=score_curves(shown, profile),
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
    """The declaration a choice value stands for (a plan: its first game; None for a pass)."""
    if key == PASS:
        return None
    from trainer.games import GameType

    parts = key.split("+")[0].split("/")
    return Declaration(
        GameType(parts[0]),
        hand=parts[1] == "hand",
        ouvert="ouvert" in parts,
        schneider_announced="schneider" in parts or "schwarz" in parts,
        schwarz_announced="schwarz" in parts,
    )
