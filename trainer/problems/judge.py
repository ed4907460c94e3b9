"""Judging a position: which card reaches the goal in how many of the layouts the seat cannot tell apart.

Every layout is solved open-handed (:mod:`trainer.solver`) after each legal card: the share of layouts in
which a card still reaches the goal, with every card open from then on, is that card's score. A position
is a problem when one card, or a set of cards that score alike, reaches the goal in at least
:data:`MARGIN` more of the layouts than every other card, or reaches it in every layout where any card
does (and still :data:`DOMINANT_MARGIN` more). The known limit: after the first card the solver plays each
layout as if it could see it (strategy fusion), so a share is "with the rest played open".
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from trainer.cards import TOTAL_CARD_POINTS, Card, card_points, sort_hand
from trainer.games import Declaration
from trainer.problems.position import Layout, LayoutSet, Position, layouts
from trainer.profiles import RuleProfile
from trainer.solver import Analysis
from trainer.solver.core import Engine, layout_for

#: The answer must reach the goal in at least this share of the layouts more than every other card ...
MARGIN = 0.25
#: ... or in every layout where any card does, and then in at least this share more than every other card.
DOMINANT_MARGIN = 0.10
#: Layouts tried first when generating: a position where every card scores alike on them is passed over.
PILOT_LAYOUTS = 12


class Goal(Enum):
    """What the seat to move plays for."""

    GAME = "game"
    """The declarer wins the game (61 card points; with schneider announced, schneider)."""
    DEFENCE = "defence"
    """The defenders beat the game (the declarer stays below 61, or below an announced schneider)."""
    SCHNEIDER = "schneider"
    """The declarer makes the defenders schneider."""
    SCHNEIDER_SAVED = "schneider_saved"
    """The defenders get out of schneider."""
    NULL = "null"
    """The null declarer takes no trick."""
    NULL_DEFENCE = "null_defence"
    """The defenders give the null declarer a trick."""

    @property
    def declarer_side(self) -> bool:
        return self in (Goal.GAME, Goal.SCHNEIDER, Goal.NULL)


def goals_for(position: Position) -> tuple[Goal, ...]:
    """The goals a problem from this position may name, the game's own first (none when schwarz is
    announced: the declarer then needs every trick, which no goal here says)."""
    if position.profile.normalize(position.declaration).schwarz_announced:
        return ()
    if position.declaration.game.is_null:
        return (Goal.NULL,) if position.is_declarer else (Goal.NULL_DEFENCE,)
    if position.is_declarer:
        return (Goal.GAME,) if position.declaration.schneider_announced else (Goal.GAME, Goal.SCHNEIDER)
    return (
        (Goal.DEFENCE,) if position.declaration.schneider_announced else (Goal.DEFENCE, Goal.SCHNEIDER_SAVED)
    )


def reaches(goal: Goal, value: int | bool, profile: RuleProfile, declaration: Declaration) -> bool:
    """Whether an open-hand value (declarer's final card points, or null: the declarer avoids every
    trick) reaches ``goal``."""
    if goal is Goal.NULL:
        return bool(value)
    if goal is Goal.NULL_DEFENCE:
        return not value
    points = int(value)
    if goal in (Goal.GAME, Goal.DEFENCE):
        made = (
            profile.opponents_schneider(points)
            if declaration.schneider_announced
            else profile.wins_on_points(points)
        )
        return made if goal is Goal.GAME else not made
    schneider = profile.opponents_schneider(points)
    return schneider if goal is Goal.SCHNEIDER else not schneider


def goal_line(goal: Goal, profile: RuleProfile, declaration: Declaration) -> int:
    """The declarer's final card points (skat included) from which a suit or grand goal is reached by the
    declarer's side (the defenders' goals are reached below it)."""
    schneider_line = TOTAL_CARD_POINTS - profile.opponents_schneider_max
    if goal in (Goal.GAME, Goal.DEFENCE) and not declaration.schneider_announced:
        return profile.win_min_points
    return schneider_line


Reach = dict[Goal, dict[Card, bool]]
"""Per goal, whether each legal card reaches it (one layout)."""


OpenLayout = tuple[tuple[tuple[Card, ...], ...], int, tuple[Card, ...]]
"""One layout as the solver takes it: the hands by seat, the leader of the trick and its cards so far."""


def open_layout(position: Position, layout: Layout) -> OpenLayout:
    """``layout`` of ``position`` as the solver takes it (hands, leader, the current trick)."""
    hands = tuple(tuple(hand) for hand in layout.hands)
    trick = tuple(card for _seat, card in position.current_trick)
    return hands, int(position.leader), trick


def solve_null(position: Position, layout: Layout) -> Reach:
    """A null game's layout: whether each legal card reaches each goal (the declarer stays clean, or the
    defenders give it a trick) with every card open from then on; the one null branch of both judges."""
    hands, leader, trick = open_layout(position, layout)
    analysis = Analysis(position.declaration.game, int(position.declarer), hands, layout.skat)
    values = analysis.analyse(hands, leader, trick).values
    return {
        goal: {card: reaches(goal, values[card], position.profile, position.declaration) for card in values}
        for goal in goals_for(position)
    }


def solve_layout(position: Position, layout: Layout) -> Reach:
    """Whether each legal card of the seat to move reaches each of its goals in one layout, every card
    open from then on (threshold searches of the solver: "does the declarer end with at least N?")."""
    game = position.declaration.game
    if game.is_null:
        return solve_null(position, layout)
    hands, leader, trick = open_layout(position, layout)
    goals = goals_for(position)
    engine = Engine(game, int(position.declarer), hands, mode="points")
    lay = layout_for(game)
    legal = engine.legal_internal(hands, leader, trick)
    top = engine.max_value(hands, trick)
    offset = position.points_taken()[0] + card_points(layout.skat)
    found: Reach = {}
    for goal in goals:
        target = goal_line(goal, position.profile, position.declaration) - offset
        if target <= 0:
            made = dict.fromkeys(legal, True)
        elif target > top:
            made = dict.fromkeys(legal, False)
        else:
            result = engine.exact_values(hands, leader, trick, targets=dict.fromkeys(legal, target))
            made = {i: result.bounds[i][0] >= target for i in legal}
        side = goal.declarer_side
        found[goal] = {lay.to_card[i]: made[i] if side else not made[i] for i in legal}
    return found


@dataclass(frozen=True)
class Verdict:
    """A position judged for one goal."""

    goal: Goal
    layout_set: LayoutSet
    reached: dict[Card, int]
    """Per legal card: in how many of the layouts it reaches the goal."""
    answer: tuple[Card, ...]
    dominant: bool
    """The answer reaches the goal in every layout where any card does."""
    margin: float
    rows: tuple[dict[Card, bool], ...]
    """Whether each card reaches the goal in each layout."""

    @property
    def count(self) -> int:
        return len(self.layout_set.layouts)

    def share(self, card: Card) -> float:
        return self.reached[card] / self.count

    def typical_layout(self) -> int:
        """The index of a layout that shows the point: the answer reaches the goal there and the most
        tempting wrong card (the best of the others) does not."""
        others = sorted((c for c in self.reached if c not in self.answer), key=lambda c: -self.reached[c])
        for index, row in enumerate(self.rows):
            if all(row[card] for card in self.answer) and others and not row[others[0]]:
                return index
        return 0


def select(
    reached: dict[Card, int], count: int, rows: Sequence[dict[Card, bool]], legal: Sequence[Card]
) -> tuple[tuple[Card, ...], bool, float] | None:
    """The answer (cards), whether it dominates and its margin, when the scores make a problem."""
    if count == 0 or len(legal) < 2:
        return None
    best = max(reached.values())
    if best == 0:
        return None
    answer = tuple(sort_hand(card for card in legal if reached[card] == best))
    rest = [reached[card] for card in legal if card not in answer]
    if not rest or len(answer) > math.ceil(len(legal) / 2):
        return None
    margin = (best - max(rest)) / count
    dominant = all(all(row[c] for c in answer) for row in rows if any(row.values()))
    if margin >= MARGIN or (dominant and margin >= DOMINANT_MARGIN):
        return answer, dominant, margin
    return None


def score(
    position: Position, goal: Goal, values: Sequence[Reach]
) -> tuple[dict[Card, int], list[dict[Card, bool]]]:
    """Per card, in how many layouts it reaches ``goal``; and the per-layout yes/no rows."""
    legal = position.legal_cards()
    rows = [{card: row[goal][card] for card in legal} for row in values]
    reached = {card: sum(1 for row in rows if row[card]) for card in legal}
    return reached, rows


def judge(position: Position, seed: int, *, pilot: bool = True) -> Verdict | None:
    """The position as a problem (the first of its goals that makes one), or None.

    ``seed`` fixes the layout sample. With ``pilot`` a few layouts are solved first and the position is
    passed over when every card scores alike on them for every goal (generation only; a check solves all)."""
    goals = goals_for(position)
    legal = position.legal_cards()
    if not goals or len(legal) < 2:
        return None
    layout_set = layouts(position, seed)
    if layout_set is None:
        return None
    solved: dict[int, Reach] = {}
    if pilot and len(layout_set.layouts) > PILOT_LAYOUTS:
        picks = random.Random(seed).sample(range(len(layout_set.layouts)), PILOT_LAYOUTS)
        for index in picks:
            solved[index] = solve_layout(position, layout_set.layouts[index])
        if not any(_splits(position, goal, [solved[i] for i in picks]) for goal in goals):
            return None
    values = []
    for index, layout in enumerate(layout_set.layouts):
        row = solved.get(index)
        if row is None:
            row = solve_layout(position, layout)
        values.append(row)
    for goal in goals:
        reached, rows = score(position, goal, values)
        chosen = select(reached, len(values), rows, legal)
        if chosen is not None:
            answer, dominant, margin = chosen
            return Verdict(goal, layout_set, reached, answer, dominant, margin, tuple(rows))
    return None


def _splits(position: Position, goal: Goal, values: Sequence[Reach]) -> bool:
    reached, _rows = score(position, goal, values)
    return len(set(reached.values())) > 1
