"""The learner's own mistakes in a played deal ("Find my mistakes"), named by the table's one judge.

After a deal, every card a seat played with a choice is judged from that seat's view at that moment (its
cards, every card played before, the skat only when it picked it up, hands lying open) by the same
evaluation as the coach's hint and the review (:func:`trainer.bots.card_judge.card_mistake` over
:func:`trainer.bots.card_judge.judge_card`, the same node budget, so asking again gives the same answer).
A card is a mistake exactly when that verdict names it:

- **goal**: the evaluation (not a guess) stands behind other cards and the played card ended differently
  from them in the layouts it asked; or
- **points**: the same outcome, but in a trick whose taker was settled the coach's card would have kept at
  least :data:`POINTS_MARGIN` card points more for the seat's side.

So a card the coach suggested as sure is never a mistake, and a card the review blames (it lost the game
with open hands and the coach did not stand behind it) is one this finds.

Each mistake becomes a :class:`~trainer.problems.model.Problem` (the collection's type, so the Problems
page's view draws it): its answer is the judge's better card(s), and its table the collection's layouts of
the position (:func:`trainer.problems.position.layouts`, every one solved open-handed after each legal card;
a points mistake on :data:`~trainer.problems.judge.PILOT_LAYOUTS` of them), with the goal they tell apart.
The judging runs after the deal, within :data:`TIME_BUDGET` seconds; a deal whose judging runs out of time
says how many cards were left unjudged.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from trainer.bots.card_judge import GOAL, CardAdvice, card_mistake
from trainer.bots.card_judge import POINTS_MARGIN as POINTS_MARGIN  # the page's sentence names it
from trainer.bots.card_judge import judge_card as coach_judge
from trainer.cards import TOTAL_CARD_POINTS, Card, card_points, sort_hand
from trainer.deal import Seat
from trainer.moves import RamsePass
from trainer.problems.generate import bidding_of, position_of, problem_of
from trainer.problems.judge import (
    PILOT_LAYOUTS,
    Goal,
    Reach,
    Verdict,
    goals_for,
    open_layout,
    reaches,
    solve_null,
)
from trainer.problems.model import Problem
from trainer.problems.position import Layout, LayoutSet, Position, layouts
from trainer.problems.state import position_state
from trainer.rules import DealState, Phase, PlayCard, SeatView
from trainer.solver.core import Engine, layout_for

#: Seconds the judging of one deal may take at most (the cards after it are left unjudged, and said so).
TIME_BUDGET = 30.0
#: The id prefix of a personal problem (the collection's ids begin with the profile's letter).
PERSONAL_PREFIX = "mine-"

Judge = Callable[[SeatView], CardAdvice]
"""The table's evaluation of a view (:func:`trainer.bots.card_judge.judge_card`; a caller that kept the
coach's advice during the deal may hand it back, as asking again gives the same answer)."""


@dataclass(frozen=True)
class Mistake:
    """One card the seat should not have played, as a problem, and by how much it was worse."""

    problem: Problem
    played: Card
    """The card the learner played (never in ``problem.answer``)."""
    kind: str
    """``goal`` (the judge stands behind another card's outcome) or ``points`` (it gave away points)."""
    points_lost: float
    """Card points the better card keeps for the seat's side more than the played card (a points mistake:
    in the trick; a goal mistake: on average over the layouts solved)."""


@dataclass(frozen=True)
class DealJudgement:
    """What judging one deal's cards of one seat found."""

    mistakes: tuple[Mistake, ...]
    judged: int
    """Cards with a choice that were judged."""
    unjudged: int
    """Cards with a choice left unjudged because the time ran out."""


@dataclass(frozen=True)
class CardValues:
    """One layout, every legal card: whether it reaches each goal, and the declarer's final card points
    (None in null, where points do not count)."""

    reach: Reach
    points: dict[Card, int] | None


def solve_exact(position: Position, layout: Layout) -> CardValues:
    """Every legal card's exact open-hand value in one layout (declarer's final card points, skat
    included; in null whether the declarer stays clean), and from it which goals each card reaches."""
    game = position.declaration.game
    if game.is_null:
        return CardValues(solve_null(position, layout), None)
    hands, leader, trick = open_layout(position, layout)
    engine = Engine(game, int(position.declarer), hands, mode="points")
    lay = layout_for(game)
    offset = position.points_taken()[0] + card_points(layout.skat)
    result = engine.exact_values(hands, leader, trick, parallel=False)
    final = {lay.to_card[i]: lo + offset for i, (lo, _hi) in result.bounds.items()}
    reach = {
        goal: {
            card: reaches(goal, value, position.profile, position.declaration)
            for card, value in final.items()
        }
        for goal in goals_for(position)
    }
    return CardValues(reach, final)


class OutOfTime(Exception):
    """The deal's time budget ran out while a card was being judged."""


def seat_view(position: Position, seed: int) -> SeatView | None:
    """The seat's view of ``position`` without its deal (one layout it cannot tell from the real one,
    dealt and played to the position, no auction heard); None when no layout fits the position."""
    layout_set = layouts(position, seed)
    if layout_set is None:
        return None
    layout = layout_set.layouts[0]
    return position_state(position, layout.hands, layout.skat).view(position.seat)


def judge_card(
    position: Position,
    card: Card,
    seed: int,
    ident: str,
    *,
    view: SeatView | None = None,
    judge: Judge | None = None,
    deadline: float | None = None,
) -> Mistake | None:
    """Whether playing ``card`` from ``position`` was a mistake, by the table's one verdict
    (:func:`trainer.bots.card_judge.card_mistake` on ``judge(view)``, default the coach's own judge) from
    the seat's ``view`` (default: :func:`seat_view`, without the auction); the mistake as a problem.

    The problem's layouts are the collection's (seeded by ``seed``), each solved exactly: all of them for
    a goal mistake, :data:`~trainer.problems.judge.PILOT_LAYOUTS` for a points mistake. Raises
    :class:`OutOfTime` once ``time.monotonic()`` passes ``deadline``."""
    legal = position.legal_cards()
    goals = goals_for(position)
    if card not in legal:
        raise ValueError(f"{card.symbol} is not a legal card here.")
    if len(legal) < 2 or not goals:
        return None
    seen = view if view is not None else seat_view(position, seed)
    if seen is None:
        return None
    _check(deadline)
    fault = card_mistake(seen, card, advice=(judge or coach_judge)(seen))
    if fault is None:
        return None
    layout_set = layouts(position, seed)
    if layout_set is None:
        return None
    answer = tuple(sort_hand(c for c in fault.better if c in legal))
    count = len(layout_set.layouts)
    picks = list(range(count))
    if fault.kind != GOAL and count > PILOT_LAYOUTS:
        picks = sorted(random.Random(seed).sample(range(count), PILOT_LAYOUTS))
    solved: list[CardValues] = []
    for index in picks:
        _check(deadline)
        solved.append(solve_exact(position, layout_set.layouts[index]))
    shown = layout_set
    if len(picks) < count:
        shown = LayoutSet(tuple(layout_set.layouts[i] for i in picks), layout_set.total, True, seed)
    goal = _goal_shown(goals, solved, answer, card)
    rows = [{c: values.reach[goal][c] for c in legal} for values in solved]
    reached = {c: sum(1 for row in rows if row[c]) for c in legal}
    dominant = all(all(row[c] for c in answer) for row in rows if any(row.values()))
    verdict = Verdict(goal, shown, reached, answer, dominant, margin=0.0, rows=tuple(rows))
    lost = float(fault.points_lost) if fault.kind != GOAL else _points_lost(position, solved, card, answer)
    return Mistake(problem_of(ident, position, verdict), card, fault.kind, lost)


def _goal_shown(
    goals: tuple[Goal, ...], solved: list[CardValues], answer: tuple[Card, ...], card: Card
) -> Goal:
    """The goal the problem names: the first of the seat's goals on which the answer reaches more layouts
    than the played card (the game's own when none does)."""
    for goal in goals:
        played = sum(1 for values in solved if values.reach[goal][card])
        if all(sum(1 for values in solved if values.reach[goal][c]) > played for c in answer):
            return goal
    return goals[0]


def _check(deadline: float | None) -> None:
    if deadline is not None and time.monotonic() > deadline:
        raise OutOfTime


def _side_means(position: Position, solved: list[CardValues], cards: list[Card]) -> dict[Card, float]:
    """Per card, the card points the seat's side ends with on average over the layouts."""
    means = {}
    for c in cards:
        total = 0
        for values in solved:
            assert values.points is not None
            declarer = values.points[c]
            total += declarer if position.is_declarer else TOTAL_CARD_POINTS - declarer
        means[c] = total / len(solved)
    return means


def _points_lost(position: Position, solved: list[CardValues], card: Card, answer: tuple[Card, ...]) -> float:
    """Card points the answer keeps for the seat's side on average more than ``card`` (0 in null)."""
    if not solved or solved[0].points is None or not answer:
        return 0.0
    means = _side_means(position, solved, [card, *answer])
    return max(means[c] for c in answer) - means[card]


def judge_deal(
    state: DealState,
    seat: Seat,
    *,
    name: str,
    seed: int = 0,
    budget: float = TIME_BUDGET,
    progress: Callable[[int, int], None] | None = None,
    judge: Judge | None = None,
) -> DealJudgement:
    """Judge every card ``seat`` played with a choice in the finished (or abandoned) deal ``state``.

    The deal is replayed from its moves so each card is judged from the view the seat had just before
    it. ``name`` makes the problems' ids (``mine-<name>-<cards played before>``); ``seed`` seeds the
    layout samples (with the card's number); ``progress(done, total)`` is called after each card; ``judge``:
    the table's evaluation of a view (default the coach's own, asked again)."""
    if any(isinstance(move, RamsePass) for move in state.history):
        # a Grand after Ramse's skat round: the seats know passed cards a view leaves out
        return DealJudgement((), 0, 0)
    replay = DealState(state.skat_game, state.deal)
    chances: list[tuple[Position, SeatView, Card]] = []
    for move in state.history[1:]:
        if (
            isinstance(move, PlayCard)
            and replay.phase is Phase.PLAY
            and replay.to_move == seat
            and replay.declarer is not None
            and len(replay.legal_cards()) > 1
        ):
            view = replay.view(seat)
            chances.append((position_of(replay, view), view, move.card))
        replay.apply(move)
    deadline = time.monotonic() + budget
    found: list[Mistake] = []
    judged = 0
    # The last cards first: they are quick to judge (few unseen cards), the opening leads are the dearest.
    for position, view, card in reversed(chances):
        ply = len(position.played)
        try:
            mistake = judge_card(
                position, card, seed * 100 + ply, f"{PERSONAL_PREFIX}{name}-{ply}", view=view, judge=judge,
                deadline=deadline,
            )  # fmt: skip
        except OutOfTime:
            break
        judged += 1
        if mistake is not None:
            found.append(mistake)
        if progress is not None:
            progress(judged, len(chances))
    heard = bidding_of(replay.view(seat))  # the auction as the seat heard it, shown with each problem
    found = [replace(m, problem=replace(m.problem, auction=heard)) for m in found]
    found.sort(key=lambda m: len(m.problem.played))
    return DealJudgement(tuple(found), judged, len(chances) - judged)
