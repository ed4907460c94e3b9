"""The learner's own mistakes in a played deal, judged by the collection's test.

After a deal, every card a seat played with a choice is judged from that seat's view at that moment (its
cards, every card played before, the skat only when it picked it up, hands lying open): the layouts of the
cards it could not see are listed or sampled exactly as for the collection
(:func:`trainer.problems.position.layouts`: all of them up to
:data:`~trainer.problems.position.EXHAUSTIVE_LIMIT`, else a uniform sample of
:data:`~trainer.problems.position.SAMPLE_SIZE`), and every layout is solved open-handed after each legal
card. A played card is a mistake when

- **it lost the goal**: for one of the seat's goals (the game or the defence first, then schneider or
  schneider saved) the position makes a problem by the collection's rule
  (:func:`trainer.problems.judge.select`: an answer that reaches the goal in at least
  :data:`~trainer.problems.judge.MARGIN` more of the layouts than every other card, or in every layout
  where any card does) and the played card is not in the answer; or
- **it gave away card points**: another card keeps, on average over the first (pilot) layouts, at least
  :data:`POINTS_MARGIN` card points more for the seat's side (suit and grand games only).

Each mistake becomes a :class:`~trainer.problems.model.Problem` (the collection's type, so the Problems
page's view draws it). The judging runs after the deal, within :data:`TIME_BUDGET` seconds; a deal whose
judging runs out of time says how many cards were left unjudged.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from trainer.cards import TOTAL_CARD_POINTS, Card, card_points, sort_hand
from trainer.deal import Seat
from trainer.game import DealState, Phase, PlayCard
from trainer.moves import RamsePass
from trainer.problems.generate import bidding_of, position_of, problem_of
from trainer.problems.judge import (
    PILOT_LAYOUTS,
    Goal,
    Reach,
    Verdict,
    goals_for,
    reaches,
    select,
    solve_layout,
)
from trainer.problems.model import Problem
from trainer.problems.position import Layout, LayoutSet, Position, layouts
from trainer.solver import Analysis
from trainer.solver.core import Engine, layout_for

#: A card that keeps, on average over the judged layouts, at least this many card points more for the
#: seat's side than the card played makes the played card a mistake (a trick's worth: a Ten).
POINTS_MARGIN = 10
#: Seconds the judging of one deal may take at most (the cards after it are left unjudged, and said so).
TIME_BUDGET = 30.0
#: The id prefix of a personal problem (the collection's ids begin with the profile's letter).
PERSONAL_PREFIX = "mine-"


@dataclass(frozen=True)
class Mistake:
    """One card the seat should not have played, as a problem, and by how much it was worse."""

    problem: Problem
    played: Card
    """The card the learner played (never in ``problem.answer``)."""
    kind: str
    """``goal`` (it lost the goal against a clearly better card) or ``points`` (it gave away points)."""
    points_lost: float
    """Card points the best card keeps for the seat's side on average more than the played card."""


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
    hands = tuple(tuple(hand) for hand in layout.hands)
    trick = tuple(card for _seat, card in position.current_trick)
    leader = int(position.leader)
    goals = goals_for(position)
    if game.is_null:
        analysis = Analysis(game, int(position.declarer), hands, layout.skat)
        values = analysis.analyse(hands, leader, trick).values
        reach = {
            goal: {
                card: reaches(goal, values[card], position.profile, position.declaration) for card in values
            }
            for goal in goals
        }
        return CardValues(reach, None)
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
        for goal in goals
    }
    return CardValues(reach, final)


class OutOfTime(Exception):
    """The deal's time budget ran out while a card was being judged."""


def judge_card(
    position: Position, card: Card, seed: int, ident: str, *, deadline: float | None = None
) -> Mistake | None:
    """Whether playing ``card`` from ``position`` was a mistake (see the module docstring).

    As in generation, :data:`~trainer.problems.judge.PILOT_LAYOUTS` layouts (seeded) are solved first,
    exactly; they alone decide the points test, and the goal test goes on to every layout only when the
    cards score differently on them. Raises :class:`OutOfTime` once ``time.monotonic()`` passes
    ``deadline``."""
    legal = position.legal_cards()
    goals = goals_for(position)
    if card not in legal:
        raise ValueError(f"{card.symbol} is not a legal card here.")
    if len(legal) < 2 or not goals:
        return None
    layout_set = layouts(position, seed)
    if layout_set is None:
        return None
    count = len(layout_set.layouts)
    picks = list(range(count))
    if count > PILOT_LAYOUTS:
        picks = random.Random(seed).sample(range(count), PILOT_LAYOUTS)
    pilot: dict[int, CardValues] = {}
    for index in picks:
        _check(deadline)
        pilot[index] = solve_exact(position, layout_set.layouts[index])
    split = any(len({sum(pilot[i].reach[goal][c] for i in picks) for c in legal}) > 1 for goal in goals)
    lost = _points_lost(position, [pilot[i] for i in picks], card, legal)
    if split:
        reach_rows: list[Reach] = []
        for index, layout in enumerate(layout_set.layouts):
            if index in pilot:
                reach_rows.append(pilot[index].reach)
            else:
                _check(deadline)
                reach_rows.append(solve_layout(position, layout))
        for goal in goals:
            rows = [{c: reach[goal][c] for c in legal} for reach in reach_rows]
            reached = {c: sum(1 for row in rows if row[c]) for c in legal}
            chosen = select(reached, count, rows, legal)
            if chosen is None:
                continue
            answer, dominant, _margin = chosen
            if card in answer:
                return None  # the card did what the clearest test asks; no smaller margin overrides it
            problem = _problem(ident, position, goal, answer, dominant, reached, layout_set, rows)
            return Mistake(problem, card, "goal", lost)
    if lost < POINTS_MARGIN:
        return None
    # A points mistake: the problem is the pilot layouts, its answer the card(s) keeping the most points.
    solved = [pilot[i] for i in picks]
    means = _side_means(position, solved, legal)
    best = max(means.values())
    answer = tuple(sort_hand(c for c in legal if means[c] == best))
    goal = goals[0]
    rows = [{c: values.reach[goal][c] for c in legal} for values in solved]
    reached = {c: sum(1 for row in rows if row[c]) for c in legal}
    dominant = all(all(row[c] for c in answer) for row in rows if any(row.values()))
    pilot_set = LayoutSet(tuple(layout_set.layouts[i] for i in picks), layout_set.total, True, seed)
    if len(picks) == count:
        pilot_set = layout_set
    problem = _problem(ident, position, goal, answer, dominant, reached, pilot_set, rows)
    return Mistake(problem, card, "points", lost)


def _check(deadline: float | None) -> None:
    if deadline is not None and time.monotonic() > deadline:
        raise OutOfTime


def _side_means(position: Position, solved: list[CardValues], legal: list[Card]) -> dict[Card, float]:
    """Per legal card, the card points the seat's side ends with on average over the layouts."""
    means = {}
    for c in legal:
        total = 0
        for values in solved:
            assert values.points is not None
            declarer = values.points[c]
            total += declarer if position.is_declarer else TOTAL_CARD_POINTS - declarer
        means[c] = total / len(solved)
    return means


def _points_lost(position: Position, solved: list[CardValues], card: Card, legal: list[Card]) -> float:
    if solved[0].points is None:
        return 0.0
    means = _side_means(position, solved, legal)
    return max(means.values()) - means[card]


def _problem(
    ident: str,
    position: Position,
    goal: Goal,
    answer: tuple[Card, ...],
    dominant: bool,
    reached: dict[Card, int],
    layout_set: LayoutSet,
    rows: list[dict[Card, bool]],
) -> Problem:
    verdict = Verdict(goal, layout_set, reached, answer, dominant, margin=0.0, rows=tuple(rows))
    return problem_of(ident, position, verdict)


def judge_deal(
    state: DealState,
    seat: Seat,
    *,
    name: str,
    seed: int = 0,
    budget: float = TIME_BUDGET,
    progress: Callable[[int, int], None] | None = None,
) -> DealJudgement:
    """Judge every card ``seat`` played with a choice in the finished (or abandoned) deal ``state``.

    The deal is replayed from its moves so each card is judged from the view the seat had just before
    it. ``name`` makes the problems' ids (``mine-<name>-<cards played before>``); ``seed`` seeds the
    layout samples (with the card's number); ``progress(done, total)`` is called after each card."""
    if any(isinstance(move, RamsePass) for move in state.history):
        # a Grand after Ramse's skat round: the seats know passed cards a view leaves out
        return DealJudgement((), 0, 0)
    replay = DealState(state.skat_game, state.deal)
    chances: list[tuple[Position, Card]] = []
    for move in state.history[1:]:
        if (
            isinstance(move, PlayCard)
            and replay.phase is Phase.PLAY
            and replay.to_move == seat
            and replay.declarer is not None
            and len(replay.legal_cards()) > 1
        ):
            chances.append((position_of(replay, replay.view(seat)), move.card))
        replay.apply(move)
    deadline = time.monotonic() + budget
    found: list[Mistake] = []
    judged = 0
    # The last cards first: they are quick to judge (few unseen cards), the opening leads are the dearest.
    for position, card in reversed(chances):
        ply = len(position.played)
        try:
            mistake = judge_card(
                position, card, seed * 100 + ply, f"{PERSONAL_PREFIX}{name}-{ply}", deadline=deadline
            )
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
