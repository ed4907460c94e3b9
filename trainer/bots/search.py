"""The expert's card play: sample the worlds the seat cannot rule out, solve each with the open-hand solver,
and play the card that does best over the samples (perfect-information Monte Carlo).

Worlds come from :class:`trainer.bots.sampling.Sampler`: every hard fact kept, resampled by how well they fit
the auction, the skat and the play so far. The search asks two questions, the cheap one first:

1. In many worlds: after each card, does the declarer still win (a null: stay clean)? One null-window
   probe of the solver per card. Cards that win clearly less often (for a defender: that let the declarer
   win clearly more often) drop out.
2. For the cards still level, in further worlds: the declarer's final card points under perfect play, to
   within :data:`TOLERANCE` (a bound only for a card far behind in that world), and exactly on which side
   of the win and schneider lines they fall.

A card's score is :data:`WIN_BONUS` times its share of won worlds plus its average points and the
schneider terms, so the search plays to win (or beat) the game first, to make or avoid schneider next and
for points last. The declarer maximises it, the defenders minimise it; both defenders reason from the same
facts, so they hold the same picture of each other's hands.

Time: the search runs until ``time_ms`` less a reserve for the reply, reading the clock between short slices
of the solver; a world the clock cuts short still counts for the cards it settled. A benchmark may give it a
number of solver nodes instead (``nodes``): the card then does not depend on the machine's load, so two runs
of the same code agree and a change can be measured on its own. While the solver's
compiled kernel is not ready, a large position waits for it for half the time left if it is being loaded (a
fresh process's first fifth of a second), and is otherwise played by the club's rules of thumb (a machine
without the ahead-of-time build, while the JIT compiles), and the reason is then the club's.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.bots.cardplay import club_card, playable
from trainer.bots.context import PlayContext
from trainer.bots.sampling import NoWorld, Sampler, World
from trainer.cards import TOTAL_CARD_POINTS, Card, card_points
from trainer.deal import Seat
from trainer.errors import N_, Message
from trainer.solver.core import Engine, wait_ready

WIN_BONUS = 80
"""Score bonus for a world where the declarer reaches the winning points (a search weight, not a rule)."""
SCHNEIDER_BONUS = 12
"""Score bonus (declarer schneiders) or malus (declarer is schneider) for the schneider lines."""
TOLERANCE = 2
"""A card's points in a world are searched to within this many (its win and schneider sides exactly)."""
WINDOW = 5
"""... and only to a bound when that world already has a card better by more than this."""
WIN_SHARE = 0.6
"""Share of the search time, and of the :data:`MAX_WORLDS` cap, for the win question before the points are
looked at (late in a deal the cap comes first: without its own share the win question would take every
world and leave the points, which decide between the cards that win alike, none)."""
MIN_WIN_WORLDS = 8
"""... unless fewer worlds than this were searched by then (the points would rest on too few)."""
PRUNE_WINS = 2
PRUNE_SHARE = 0.12
"""A card dropped by the win question trails the best by at least this many worlds (and this share)."""
LEVEL_SHARE = 0.06
"""Cards within this share of the best win count are level: the points decide between them."""
PYTHON_CARDS = 12
"""Positions with at most this many cards in hands are searched even without the compiled kernel."""
WAIT_SHARE = 0.5
"""Share of the time left a large position waits for a compiled kernel that is being loaded."""
NODES_WAIT_SECONDS = 60.0
"""... and how long it waits on a node budget (a benchmark: the card must not depend on the start-up)."""
RESERVE_SHARE = 0.1
RESERVE_SECONDS = 0.006
"""Card play searches ``time_ms`` less this share and these seconds (the reply's margin)."""
SLICE_NODES = 20_000
"""The solver reads the clock after this many nodes (a few milliseconds; a fixed count, so the card found
does not depend on where a slice happened to end)."""
PRUNE_AFTER = 6
PRUNE_MARGIN = 18.0
"""After this many worlds a card whose score trails the best by more than the margin is dropped."""
UNANIMOUS_WORLDS = 8
"""After this many worlds in which every card still in play won alike (all won, or all lost) the win
question has nothing left to tell apart: the points question takes the rest of the time, and its worlds
still count each card's wins."""
MAX_WORLDS = 160
"""Enough worlds: late in a deal they are quickly solved, and the card no longer depends on the clock."""


class _NodeRate:
    """How many solver nodes per second this process manages (a running estimate), used to size the
    solver's slices between reads of the clock (and the bidding simulation's node limits)."""

    def __init__(self) -> None:
        self.compiled = 4_000_000.0
        self.python = 60_000.0

    def get(self, compiled: bool) -> float:
        """A cautious rate (half the running estimate): a slower moment must not overrun the budget."""
        return 0.5 * (self.compiled if compiled else self.python)

    def update(self, compiled: bool, nodes: int, seconds: float) -> None:
        if seconds < 0.002 or nodes < 5_000:
            return
        rate = nodes / seconds
        if compiled:
            self.compiled = 0.7 * self.compiled + 0.3 * rate
        else:
            self.python = 0.7 * self.python + 0.3 * rate


NODE_RATE = _NodeRate()


class _Budget:
    """What the search may still spend: seconds of the clock, or (``nodes`` given) solver nodes, so that a
    run repeats exactly whatever else the machine is doing."""

    def __init__(self, start: float, end: float, nodes: int | None) -> None:
        self.start = start
        self.end = end
        self.nodes = nodes
        self.spent = 0

    def left(self) -> float:
        """The share of the budget still to spend (at most 1; 0 or less when it is spent)."""
        if self.nodes is not None:
            return 1.0 - self.spent / max(1, self.nodes)
        return (self.end - time.perf_counter()) / max(1e-9, self.end - self.start)

    def node_limit(self) -> int | None:
        """The solver's stop for one call in nodes (None: it stops by the clock)."""
        return None if self.nodes is None else max(1, self.nodes - self.spent)

    def time_limit(self) -> float | None:
        """... and in seconds (None: it stops after a number of nodes)."""
        return None if self.nodes is not None else max(0.0, self.end - time.perf_counter())

    def charge(self, nodes: int) -> None:
        self.spent += nodes


@dataclass(frozen=True)
class CardRecord:
    """What the sampled worlds said of one card: in each world asked (by its number), whether the declarer
    wins after it (a null: stays clean) and, where the points were searched, on which side of the schneider
    lines the declarer ends (``None`` where only the win was asked)."""

    card: Card
    outcomes: tuple[tuple[int, bool, tuple[bool, bool] | None], ...]

    @property
    def wins(self) -> int:
        return sum(1 for _world, won, _lines in self.outcomes if won)

    @property
    def seen(self) -> int:
        return len(self.outcomes)


@dataclass(frozen=True)
class SearchResult:
    """The chosen card, why, the share of sampled worlds the declarer wins after it, and the work done.
    ``records``: what the worlds said of every card asked (the evaluation the coach and its review read);
    ``decided``: the game was won or lost whatever is played (no world needed for the win)."""

    card: Card
    why: Message
    win: float | None
    worlds: int
    nodes: int = 0
    records: tuple[CardRecord, ...] = ()
    decided: bool = False


def search_seconds(time_ms: int) -> float:
    """How long card play searches within ``time_ms``."""
    return max(0.001, time_ms / 1000.0 * (1.0 - RESERVE_SHARE) - RESERVE_SECONDS)


@dataclass(frozen=True)
class _Lines:
    """The declarer's points where the score jumps: winning, schneider made, out of schneider."""

    win: int
    schneider: int
    free: int

    @classmethod
    def of(cls, ctx: PlayContext) -> _Lines:
        profile = ctx.profile
        points = range(TOTAL_CARD_POINTS + 1)
        return cls(
            win=profile.win_min_points,
            schneider=next(p for p in points if profile.opponents_schneider(p)),
            free=next(p for p in points if not profile.declarer_schneider(p)),
        )

    def all(self) -> tuple[int, int, int]:
        return (self.win, self.schneider, self.free)


def _score(lines: _Lines, lo: int, hi: int, maximising: bool = True) -> float:
    """A card's score in one world from the bounds on the declarer's final points (settled on every line).
    Bounds wider than the tolerance belong to a card cut off far behind the best: it counts at its bound
    (the side the player to move cares about), not at the middle of everything still possible."""
    score = (lo + hi) / 2.0 if hi - lo <= TOLERANCE else float(hi if maximising else lo)
    if lo >= lines.win:
        score += WIN_BONUS
    if lo >= lines.schneider:
        score += SCHNEIDER_BONUS
    if hi < lines.free:
        score -= SCHNEIDER_BONUS
    return score


def expert_card(
    ctx: PlayContext,
    rng: random.Random,
    time_ms: int,
    *,
    max_worlds: int | None = None,
    deadline: float | None = None,
    nodes: int | None = None,
) -> SearchResult:
    """The expert's card within ``time_ms`` (searching until ``deadline`` when given, or for ``nodes``
    solver nodes whatever the clock says).

    First the cheap question in many worlds: after each card, does the declarer still win (a null: stay
    clean)? Cards that win clearly less often (the defenders: more often) drop out. Then, for the cards
    still level, the dearer one in fresh worlds: the card points to within :data:`TOLERANCE`, and the
    schneider lines. A card's final score is :data:`WIN_BONUS` times its win share plus its points. A world
    the clock cuts short still counts for the cards it settled (the club's card is asked first)."""
    start = time.perf_counter()
    if max_worlds is None:
        max_worlds = MAX_WORLDS  # read at the call, so that a benchmark's --set of it takes effect
    end = deadline if deadline is not None else start + search_seconds(time_ms)
    candidates = playable(ctx)
    if len(candidates) == 1:
        card, why = club_card(ctx)
        return SearchResult(card, why, None, 0)
    cards_in_play = sum(ctx.cards_left(seat) for seat in Seat)
    # a kernel being loaded is worth half of what is left: the compiled search does far more in the rest
    wait = NODES_WAIT_SECONDS if nodes is not None else WAIT_SHARE * (end - time.perf_counter())
    if cards_in_play > PYTHON_CARDS and not wait_ready(wait):
        card, why = club_card(ctx)
        return SearchResult(card, why, None, 0)
    try:
        worlds = Sampler(ctx, rng).worlds()
    except NoWorld:
        card, why = club_card(ctx)
        return SearchResult(card, why, None, 0)
    rule_of_thumb, rule_why = club_card(ctx)
    lines = _Lines.of(ctx)
    tally = _Tally(candidates, 1 if ctx.is_declarer else -1)
    alive = list(candidates)
    budget = _Budget(start, end, nodes)
    full = 0
    # a null has no points question: the win question may take every world; a game already decided
    # needs none (every world would answer it alike): the points question takes them all
    win_worlds = max_worlds if ctx.game.is_null else max(MIN_WIN_WORLDS, round(WIN_SHARE * max_worlds))
    if _decided(ctx, lines):
        win_worlds = 0
    # ---- stage 1: who wins, over many worlds
    while tally.worlds < win_worlds and len(alive) > 1:
        left = budget.left()
        if left <= 0 or (left <= 1 - WIN_SHARE and full >= MIN_WIN_WORLDS and not ctx.game.is_null):
            break
        try:
            world = next(worlds)
        except NoWorld:
            break
        order = sorted(alive, key=lambda c: (tally.seen[c], c != rule_of_thumb, -c.points))
        bits, complete = _win_bits(ctx, world, order, budget, lines)
        tally.add_wins(bits)
        if not complete:
            break
        full += 1
        if full >= PRUNE_AFTER:
            alive = tally.keep(alive, PRUNE_SHARE, PRUNE_WINS)
        if full >= UNANIMOUS_WORLDS and tally.unanimous(alive):
            break
    known = [c for c in alive if tally.seen[c]] if win_worlds else alive
    if not known:
        return SearchResult(rule_of_thumb, rule_why, None, 0)
    alive = tally.keep(known, LEVEL_SHARE, 1) if full else known
    # ---- stage 2: card points (and schneider) for the cards still level
    while len(alive) > 1 and not ctx.game.is_null and tally.worlds < max_worlds:
        if budget.left() <= 0:
            break
        try:
            world = next(worlds)
        except NoWorld:
            break
        order = sorted(alive, key=lambda c: -tally.sign * tally.score(c))
        outcome = _evaluate(ctx, world, order, budget, lines)
        if outcome is None:
            break
        tally.add_points(outcome)
        if tally.pointed >= PRUNE_AFTER:
            best = max(tally.sign * tally.score(c) for c in alive)
            alive = [c for c in alive if best - tally.sign * tally.score(c) <= PRUNE_MARGIN]

    if not tally.worlds:
        return SearchResult(rule_of_thumb, rule_why, None, 0, budget.spent)

    def key(card: Card) -> tuple[float, bool, int]:
        return (tally.sign * tally.score(card), card == rule_of_thumb, -tally.sign * card.points)

    chosen = max(alive, key=key)
    win = tally.win_share(chosen)
    return SearchResult(
        chosen, layouts_reason(ctx, tally.wins[chosen], tally.seen[chosen], _decided(ctx, lines)), win,
        tally.worlds, budget.spent, tally.records(), decided=_decided(ctx, lines),
    )  # fmt: skip


def more_outcomes(
    ctx: PlayContext, rng: random.Random, cards: Sequence[Card], worlds: int, nodes: int
) -> tuple[CardRecord, ...]:
    """Whether the declarer wins after each of ``cards`` in up to ``worlds`` further sampled worlds, within
    ``nodes`` solver nodes (numbered from 0 in each record). The expert stops asking once its card stands
    out; the coach asks on, so that the chance it shows rests on enough worlds for an interval."""
    tally = _Tally(cards, 1 if ctx.is_declarer else -1)
    if not cards or worlds <= 0:
        return tally.records()
    lines = _Lines.of(ctx)
    budget = _Budget(time.perf_counter(), time.perf_counter(), nodes)
    try:
        sampled = Sampler(ctx, rng).worlds()
        while tally.worlds < worlds and budget.left() > 0:
            bits, complete = _win_bits(ctx, next(sampled), cards, budget, lines)
            if not complete:
                break
            tally.add_wins(bits)
    except NoWorld:
        pass
    return tally.records()


def _decided(ctx: PlayContext, lines: _Lines) -> bool:
    """Whether the game is won or lost whatever is played (a suit game or a grand): the declarer's tricks
    and the skat it knows already hold the winning points, or the points not in the defenders' tricks can
    no longer make them."""
    if ctx.game.is_null:
        return False
    taken = ctx.declarer_trick_points + card_points(ctx.known_skat)
    return taken >= lines.win or TOTAL_CARD_POINTS - ctx.defender_trick_points < lines.win


class _Tally:
    """What the worlds said of each card: wins and worlds asked (every card its own count, as a world cut
    short answers for some cards only), and the points of the worlds where those were searched."""

    def __init__(self, cards: Sequence[Card], sign: int) -> None:
        self.sign = sign
        self.wins = dict.fromkeys(cards, 0)
        self.seen = dict.fromkeys(cards, 0)
        self.points = dict.fromkeys(cards, 0.0)
        self.pointed = 0
        self.worlds = 0
        self.outcomes: dict[Card, list[tuple[int, bool, tuple[bool, bool] | None]]] = {c: [] for c in cards}

    def add_wins(self, bits: dict[Card, bool]) -> None:
        for card, won in bits.items():
            self.wins[card] += won
            self.seen[card] += 1
            self.outcomes[card].append((self.worlds, won, None))
        if bits:
            self.worlds += 1

    def add_points(self, outcome: dict[Card, tuple[float, bool, tuple[bool, bool]]]) -> None:
        for card, (score, won, schneider) in outcome.items():
            self.points[card] += score - (WIN_BONUS if won else 0)
            self.wins[card] += won
            self.seen[card] += 1
            self.outcomes[card].append((self.worlds, won, schneider))
        self.pointed += 1
        self.worlds += 1

    def records(self) -> tuple[CardRecord, ...]:
        """Every card's answers, world by world (read by the coach; the choice does not depend on them)."""
        return tuple(CardRecord(card, tuple(found)) for card, found in self.outcomes.items())

    def unanimous(self, cards: Sequence[Card]) -> bool:
        """Every world asked said the same of every one of ``cards``: all won, or all lost."""
        return (
            all(self.wins[c] in (0, self.seen[c]) for c in cards)
            and len({self.wins[c] == 0 for c in cards if self.seen[c]}) <= 1
        )

    def win_share(self, card: Card) -> float:
        return self.wins[card] / max(1, self.seen[card])

    def score(self, card: Card) -> float:
        """The win bonus times the win share over every world, plus the average points (and schneider
        terms) over the worlds where those were searched."""
        return WIN_BONUS * self.win_share(card) + (self.points[card] / self.pointed if self.pointed else 0.0)

    def keep(self, cards: Sequence[Card], share: float, worlds: int) -> list[Card]:
        """The cards whose win share is within ``share`` (and ``worlds`` of its own worlds) of the best."""
        top = max(self.sign * self.win_share(c) for c in cards if self.seen[c])
        return [
            c
            for c in cards
            if not self.seen[c]
            or top - self.sign * self.win_share(c) < max(share, worlds / self.seen[c]) + 1e-9
        ]


def _win_bits(
    ctx: PlayContext, world: World, cards: Sequence[Card], budget: _Budget, lines: _Lines
) -> tuple[dict[Card, bool], bool]:
    """Whether the declarer wins (a null: stays clean) after each of ``cards`` (in this order) in one
    world, and whether every card was settled before the budget ran out."""
    game = ctx.game
    engine = Engine(game, int(ctx.declarer), world.hands, mode="null" if game.is_null else "points")
    lay = engine.layout
    internal = {card: lay.to_internal[card.index] for card in cards}
    if game.is_null:
        line = engine.max_value(world.hands, ctx.trick)
    else:
        line = lines.win - ctx.declarer_trick_points - card_points(world.skat)
        if line <= 0:
            return dict.fromkeys(cards, True), True
        if line > engine.max_value(world.hands, ctx.trick):
            return dict.fromkeys(cards, False), True
    compiled = engine.compiled
    began = time.perf_counter()
    result = engine.exact_values(
        world.hands, int(ctx.leader), ctx.trick, parallel=False,
        chunk=SLICE_NODES if compiled else SLICE_NODES // 10, order=list(internal.values()),
        targets=dict.fromkeys(internal.values(), line), cards=list(internal.values()),
        node_limit=budget.node_limit(), time_limit=budget.time_limit(),
    )  # fmt: skip
    budget.charge(result.nodes)
    NODE_RATE.update(compiled, result.nodes, time.perf_counter() - began)
    bits = {}
    for card, i in internal.items():
        lo, hi = result.bounds[i]
        if lo >= line or hi < line:
            bits[card] = lo >= line
    return bits, result.complete


def _evaluate(
    ctx: PlayContext, world: World, cards: Sequence[Card], budget: _Budget, lines: _Lines
) -> dict[Card, tuple[float, bool, tuple[bool, bool]]] | None:
    """Score and win of each of ``cards`` (likely best first) in one world, and the schneider lines (made,
    declarer out of schneider); None when the budget ran out."""
    game = ctx.game
    engine = Engine(game, int(ctx.declarer), world.hands, mode="points")
    lay = engine.layout
    internal = {card: lay.to_internal[card.index] for card in cards}
    compiled = engine.compiled
    offset = ctx.declarer_trick_points + card_points(world.skat)
    began = time.perf_counter()
    result = engine.exact_values(
        world.hands, int(ctx.leader), ctx.trick, parallel=False,
        chunk=SLICE_NODES if compiled else SLICE_NODES // 10, tolerance=TOLERANCE, window=WINDOW,
        decide=[line - offset for line in lines.all()], cards=list(internal.values()),
        order=list(internal.values()), node_limit=budget.node_limit(), time_limit=budget.time_limit(),
    )  # fmt: skip
    budget.charge(result.nodes)
    NODE_RATE.update(compiled, result.nodes, time.perf_counter() - began)
    if not result.complete:
        return None
    outcome: dict[Card, tuple[float, bool, tuple[bool, bool]]] = {}
    for card, i in internal.items():
        lo, hi = result.bounds[i]
        score = _score(lines, lo + offset, hi + offset, ctx.is_declarer)
        schneider = (lo + offset >= lines.schneider, lo + offset >= lines.free)
        outcome[card] = (score, lo + offset >= lines.win, schneider)
    return outcome


MIN_LAYOUTS = 20
"""The fewest sampled layouts a chance is stated from (with its 95 % interval); with fewer the card is a
guess and says so."""
INTERVAL_Z = 1.96
"""The normal quantile of the intervals shown (95 %)."""


def wilson(wins: int, layouts: int, z: float = INTERVAL_Z) -> tuple[float, float]:
    """The Wilson score interval of a share of ``wins`` in ``layouts`` (the 95 % interval by default)."""
    if layouts <= 0:
        return (0.0, 1.0)
    share = wins / layouts
    denominator = 1 + z * z / layouts
    centre = (share + z * z / (2 * layouts)) / denominator
    half = z * ((share * (1 - share) / layouts + z * z / (4 * layouts * layouts)) ** 0.5) / denominator
    return (min(share, max(0.0, centre - half)), max(share, min(1.0, centre + half)))


def _percent_of(wins: int, layouts: int) -> dict[str, int]:
    low, high = wilson(wins, layouts)
    return {
        "n": layouts,
        "p": round(100 * wins / layouts),
        "low": round(100 * low),
        "high": round(100 * high),
    }


def layouts_reason(ctx: PlayContext, wins: int, layouts: int, certain: bool) -> Message:
    """What the search says of its card (the expert's reason, and the coach's): the declarer's share of
    ``wins`` in ``layouts`` with its 95 % interval, stated only from :data:`MIN_LAYOUTS` layouts; else that
    the card is a guess; or that the outcome is settled whatever is played (``certain``)."""
    null = ctx.game.is_null
    if certain and layouts:
        won = wins * 2 >= layouts
        if null:
            if won:
                return Message(N_("The null is safe whatever is played now."))
            return Message(N_("The null is lost whatever is played now."))
        if won:
            return Message(N_("The game is already won for the declarer whatever is played now."))
        return Message(N_("The game is already lost for the declarer whatever is played now."))
    if certain:
        return Message(N_("The only card that may be played."))
    if layouts == 0:
        return Message(
            N_("A rule of thumb: no layout of the hidden cards could be tried, so no chance can be stated.")
        )
    if layouts < MIN_LAYOUTS:
        return Message(
            N_(
                "A guess: too few layouts of the hidden cards could be tried ({n}; at least {least} are "
                "needed) to say how likely it is to work."
            ),
            {"n": layouts, "least": MIN_LAYOUTS},
        )
    params = _percent_of(wins, layouts)
    if null:
        if ctx.is_declarer:
            return Message(
                N_(
                    "Best over likely layouts of the hidden cards ({n} tried): the null stays safe in {p} % "
                    "of them (95 % interval {low}–{high} %)."
                ),
                params,
            )
        return Message(
            N_(
                "Best over likely layouts of the hidden cards ({n} tried): the declarer escapes in {p} % of "
                "them (95 % interval {low}–{high} %)."
            ),
            params,
        )
    if ctx.is_declarer:
        return Message(
            N_(
                "Best over likely layouts of the hidden cards ({n} tried): the game is won in {p} % of them "
                "(95 % interval {low}–{high} %)."
            ),
            params,
        )
    return Message(
        N_(
            "Best over likely layouts of the hidden cards ({n} tried): the declarer wins in only {p} % of "
            "them (95 % interval {low}–{high} %)."
        ),
        params,
    )
