"""The expert's card play: sample the worlds the seat cannot rule out, solve each with the open-hand solver,
and play the card that does best over the samples (perfect-information Monte Carlo).

A card's score in one world is the declarer's final card points under perfect play after it, plus a bonus
for winning the game (61) and for schneider either way, so that the search plays to win first and for points
second; a null game scores 1 when the declarer avoids every trick. The declarer maximises the average, the
defenders minimise it. The work stops at the time budget; while the solver's compiled kernel is not ready
(the first seconds of a process) large positions are played by the club's rules of thumb instead.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from trainer.bots.cardplay import club_card, playable
from trainer.bots.context import PlayContext
from trainer.bots.sampling import NoWorld, World, iter_worlds
from trainer.cards import Card
from trainer.deal import Seat
from trainer.errors import N_, Message
from trainer.solver import Analysis
from trainer.solver.core import jit_ready

WIN_BONUS = 30
"""Score bonus for a world where the declarer reaches the winning points."""
SCHNEIDER_BONUS = 10
"""Score bonus (declarer) or malus (declarer schneider) for the schneider lines."""
PYTHON_CARDS = 12
"""Positions with at most this many cards in hands are searched even without the compiled kernel."""
SEARCH_SHARE = 0.4
"""Share of ``time_ms`` the search may use; the rest is margin for a loaded machine and the reply."""


class _NodeRate:
    """How many solver nodes per second this process manages (a running estimate): the solver checks its
    clock only between slices, so the budget is handed to it as a node limit."""

    def __init__(self) -> None:
        self.compiled = 4_000_000.0
        self.python = 60_000.0

    def get(self, compiled: bool) -> float:
        """A cautious rate (half the running estimate): a slower moment must not overrun the budget."""
        return 0.5 * (self.compiled if compiled else self.python)

    def update(self, compiled: bool, nodes: int, seconds: float) -> None:
        if seconds < 0.005 or nodes < 10_000:
            return
        rate = nodes / seconds
        if compiled:
            self.compiled = 0.7 * self.compiled + 0.3 * rate
        else:
            self.python = 0.7 * self.python + 0.3 * rate


NODE_RATE = _NodeRate()


@dataclass(frozen=True)
class SearchResult:
    """The chosen card, why, the share of sampled worlds the declarer wins after it, and the work done."""

    card: Card
    why: Message
    win: float | None
    worlds: int


def _score(ctx: PlayContext, value: int | bool) -> float:
    if ctx.game.is_null:
        return 1.0 if value else 0.0
    points = int(value)
    profile = ctx.profile
    score = float(points)
    if profile.wins_on_points(points):
        score += WIN_BONUS
    if profile.opponents_schneider(points):
        score += SCHNEIDER_BONUS
    if profile.declarer_schneider(points):
        score -= SCHNEIDER_BONUS
    return score


def _wins(ctx: PlayContext, value: int | bool) -> bool:
    if ctx.game.is_null:
        return bool(value)
    return int(value) >= ctx.profile.win_min_points


def expert_card(
    ctx: PlayContext, rng: random.Random, time_ms: int, *, max_worlds: int = 40, node_limit: int = 3_000_000
) -> SearchResult:
    """The expert's card within about ``time_ms`` (the search uses at most ~60 % of it)."""
    start = time.perf_counter()
    deadline = start + SEARCH_SHARE * time_ms / 1000.0
    candidates = playable(ctx)
    if len(candidates) == 1:
        card, why = club_card(ctx)
        return SearchResult(card, why, None, 0)
    cards_in_play = sum(ctx.cards_left(seat) for seat in Seat)
    if not jit_ready() and cards_in_play > PYTHON_CARDS:
        card, why = club_card(ctx)
        return SearchResult(card, why, None, 0)
    totals = dict.fromkeys(candidates, 0.0)
    wins = dict.fromkeys(candidates, 0)
    solved = 0
    worlds = iter_worlds(ctx, rng)
    for _ in range(max_worlds):
        try:
            world = next(worlds)
        except NoWorld:
            break
        remaining = deadline - time.perf_counter()
        if solved and remaining <= 0:
            break
        values = _solve(ctx, world, max(remaining, 0.01), node_limit)
        if values is None:
            break
        if not all(card in values for card in candidates):
            if solved:
                break
            continue
        for card in candidates:
            totals[card] += _score(ctx, values[card])
            wins[card] += _wins(ctx, values[card])
        solved += 1
    if not solved:
        card, why = club_card(ctx)
        return SearchResult(card, why, None, 0)
    if ctx.is_declarer:
        best = max(candidates, key=lambda c: (totals[c], -c.points, -c.index))
    else:
        best = min(candidates, key=lambda c: (totals[c], -c.points, c.index))
    win = wins[best] / solved
    return SearchResult(best, _why(ctx, best, win, solved), win, solved)


def _solve(ctx: PlayContext, world: World, seconds: float, node_limit: int) -> dict[Card, int | bool] | None:
    analysis = Analysis(ctx.game, int(ctx.declarer), world.hands, world.skat)
    compiled = jit_ready()
    limit = int(min(node_limit, max(5_000, NODE_RATE.get(compiled) * seconds)))
    began = time.perf_counter()
    result = analysis.analyse(
        world.hands,
        int(ctx.leader),
        ctx.trick,
        points_so_far=ctx.declarer_trick_points,
        node_limit=limit,
        time_limit=seconds,
    )
    NODE_RATE.update(compiled, result.nodes, time.perf_counter() - began)
    if not result.values:
        return None
    return dict(result.values)


def _why(ctx: PlayContext, card: Card, win: float, worlds: int) -> Message:
    percent = round(100 * win)
    if ctx.game.is_null:
        if ctx.is_declarer:
            return Message(
                N_(
                    "Best over likely layouts of the hidden cards ({n} tried): "
                    "the null is safe in {p} % of them."
                ),
                {"n": worlds, "p": percent},
            )
        return Message(
            N_(
                "Best over likely layouts of the hidden cards ({n} tried): "
                "the declarer escapes in {p} % of them."
            ),
            {"n": worlds, "p": percent},
        )
    if ctx.is_declarer:
        return Message(
            N_("Best over likely layouts of the hidden cards ({n} tried): the game is won in {p} % of them."),
            {"n": worlds, "p": percent},
        )
    return Message(
        N_(
            "Best over likely layouts of the hidden cards ({n} tried): "
            "the declarer wins in only {p} % of them."
        ),
        {"n": worlds, "p": percent},
    )
