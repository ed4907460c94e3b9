"""The one judge of a card at the table: the coach's hint, the chance it shows, the review after the deal and
"Find my mistakes" all read this evaluation (issue 41).

:func:`judge_card` is the expert's search from the seat's own view (sampled layouts of the hidden cards,
each solved with open hands), on a fixed number of solver nodes and seeded by the position, so that asking
again from the same view gives the same answer: the hint shows its card, the review and the mistakes ask
it again after the deal. :func:`card_mistake` is the one verdict on a played card built on it: a card the
evaluation stands behind (not a guess, and ending like the coach's card in every layout asked) is never a
mistake, and a card is a points mistake only where the coach's own card would have kept the points
(:func:`keep_points`), so the coach's suggestion is never named by the review or by the mistakes.

It lives with the players (below the coach and the problems, which both ask it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainer.bots.context import strength
from trainer.bots.search import MIN_LAYOUTS, CardRecord, layouts_reason, wilson
from trainer.cards import Card
from trainer.deal import PLAYING_SEATS, Seat
from trainer.rules.play import beats, follow_class, is_trump
from trainer.text import N_, Message

if TYPE_CHECKING:
    from trainer.bots.context import PlayContext
    from trainer.rules import SeatView

COACH_NODES = 3_000_000
"""Solver nodes the coach spends on one card: a fixed count, not the clock, so that the review after the
deal asks the same question from the same view and gets the same answer (well under a second)."""
COACH_PYTHON_NODES = 40_000
"""... and without the compiled solver kernel (the pure-Python solver is about sixty times slower)."""
WORSE_SHARE = 0.25
"""A card is clearly worse than the coach's when it ends worse in this share of the layouts more than it
ends better (the margin the problem collection asks of an answer) ..."""
DOMINATED_SHARE = 0.10
"""... or never better and worse in at least this share."""


def coach_nodes() -> int:
    """The coach's node budget for one card with the solver kernel this process runs."""
    from trainer.solver.core import kernel_kind, numba_available

    compiled = numba_available() and kernel_kind() != "python"
    return COACH_NODES if compiled else COACH_PYTHON_NODES


@dataclass(frozen=True)
class CardAdvice:
    """The coach's card and the evaluation behind it (sampled layouts of the hidden cards, each solved with
    open hands): ``expert`` is the search's own card, ``card`` the one the coach shows (the same, or one
    of the same outcome that keeps card points: :func:`keep_points`); ``wins`` of ``layouts`` is how often the
    declarer wins after it (a null: stays clean); ``level`` the cards whose outcome the layouts cannot tell
    from the coach's (the same in every layout asked); ``certain``: the outcome is settled whatever is
    played (or only one card is legal); ``reason`` what the coach says."""

    card: Card
    expert: Card
    wins: int
    layouts: int
    level: tuple[Card, ...]
    certain: bool
    reason: Message
    records: tuple[CardRecord, ...] = ()
    """What the layouts said of every card asked, layout by layout (what :meth:`worse` compares)."""
    declarer_side: bool = True
    """The seat plays for the declarer (a defender's card is better the fewer layouts the declarer wins)."""

    @property
    def guess(self) -> bool:
        """Too few layouts to state a chance: the card is the coach's guess and says so."""
        return not self.certain and self.layouts < MIN_LAYOUTS

    @property
    def chance(self) -> float | None:
        """The declarer's share of won layouts after the card (None: a guess, or no layout asked)."""
        if self.layouts == 0 or self.guess:
            return None
        return self.wins / self.layouts

    @property
    def interval(self) -> tuple[float, float] | None:
        """The 95 % interval of :attr:`chance` (None when no chance is stated)."""
        return None if self.chance is None else wilson(self.wins, self.layouts)

    def endorses(self, card: Card) -> bool:
        """The evaluation stands behind ``card``'s outcome: not a guess, and not clearly worse than the
        coach's own card (:meth:`worse`); the review does not blame such a card for the game."""
        return not self.guess and not self.worse(card)

    def worse(self, card: Card) -> bool:
        """``card`` ends clearly worse for the seat's side than the coach's card in the layouts asked about
        both: worse in at least :data:`WORSE_SHARE` of them more than better, or never better and worse in
        at least :data:`DOMINATED_SHARE` (won or lost first, then schneider made or saved where both were
        searched for points: the goals a problem names; the declarer's own schneider is not weighed). A
        card of the coach's level never is; a card the search did not ask (a Musik trump played before its
        trick) is."""
        if card in self.level:
            return False
        mine, best = self.record(card), self.record(self.expert)
        if mine is None or best is None:
            return True
        sign = 1 if self.declarer_side else -1
        theirs = {world: (won, lines) for world, won, lines in mine.outcomes}
        common = better = lost = 0
        for world, won, lines in best.outcomes:
            found = theirs.get(world)
            if found is None:
                continue
            common += 1
            both = lines is not None and found[1] is not None
            ours = (won, lines[0]) if lines is not None and both else (won,)
            other = (found[0], found[1][0]) if found[1] is not None and both else (found[0],)
            if ours != other:
                if (ours > other) == (sign > 0):
                    lost += 1
                else:
                    better += 1
        if common == 0:
            return True
        return lost - better >= WORSE_SHARE * common or (better == 0 and lost >= DOMINATED_SHARE * common)

    def record(self, card: Card) -> CardRecord | None:
        return next((r for r in self.records if r.card == card), None)


def position_key(view: SeatView) -> int:
    """The cards played so far in the deal of ``view``: the coach's layouts are seeded by it, and the
    review finds the coach's advice by it (a deal replayed from its ISS record lacks moves ISS cannot
    write, such as Spørge or kontra, so the length of the history would not do)."""
    return len(view.tricks) * PLAYING_SEATS + len(view.current_trick)


def judge_card(view: SeatView, *, nodes: int | None = None) -> CardAdvice:
    """The coach's card for the learner's own view in the card play: the expert's search over sampled
    layouts (seeded by the position, within ``nodes`` solver nodes, so the same view gets the same answer),
    with its chance stated only from enough layouts for an interval, and a card of the same outcome that
    keeps card points when the trick is settled (:func:`keep_points`). The review after the deal asks this
    same function (:func:`card_verdicts`)."""
    from trainer.bots.cardplay import playable
    from trainer.bots.player import play_context
    from trainer.bots.search import expert_card

    ctx = play_context(view)
    budget = coach_nodes() if nodes is None else nodes
    result = expert_card(ctx, random.Random(position_key(view)), 1000, nodes=budget)
    records = {record.card: record for record in result.records}
    mine = records.get(result.card)
    forced = len(playable(ctx)) == 1
    if mine is None or mine.seen == 0:
        certain = forced
        alone: tuple[Card, ...] = (result.card,)
        why = layouts_reason(ctx, 0, 0, certain)
        return CardAdvice(
            result.card, result.card, 0, 0, alone, certain, why, result.records, ctx.is_declarer
        )
    certain = forced or result.decided
    if not certain and mine.seen < MIN_LAYOUTS:  # the search stopped early: ask on for the chance
        records = _asked_on(ctx, records, result.card, budget // 2)
        mine = records[result.card]
    level = tuple(
        card for card, record in records.items() if card == result.card or _same_outcome(mine, record)
    )
    card = keep_points(ctx, result.card, level)
    reason = layouts_reason(ctx, mine.wins, mine.seen, certain)
    if card != result.card:
        reason = Message(
            N_("{reason} {points}"), {"reason": reason, "points": _points_reason(ctx, card, result.card)}
        )
    asked = tuple(records.values())
    return CardAdvice(card, result.card, mine.wins, mine.seen, level, certain, reason, asked, ctx.is_declarer)


def _asked_on(
    ctx: PlayContext, records: dict[Card, CardRecord], card: Card, nodes: int
) -> dict[Card, CardRecord]:
    """``records`` with further layouts for ``card`` and for the cards that ended like it so far, until
    ``card`` has :data:`MIN_LAYOUTS` of them (or ``nodes`` are spent)."""
    from trainer.bots.search import more_outcomes

    mine = records[card]
    alike = [card, *(c for c, r in records.items() if c != card and _same_outcome(mine, r, at_least=1))]
    first = 1 + max((world for r in records.values() for world, _won, _lines in r.outcomes), default=-1)
    rng = random.Random(first * 7919 + len(ctx.played))
    found = more_outcomes(ctx, rng, alike, MIN_LAYOUTS - mine.seen, nodes)
    merged = dict(records)
    for record in found:
        extra = tuple((first + world, won, lines) for world, won, lines in record.outcomes)
        merged[record.card] = CardRecord(record.card, merged[record.card].outcomes + extra)
    return merged


def _same_outcome(mine: CardRecord, other: CardRecord, *, at_least: int | None = None) -> bool:
    """Whether ``other`` ended like ``mine`` in every layout both were asked in (won or lost, and the
    schneider lines where both were searched for points), over enough layouts to say so."""
    theirs = {world: (won, lines) for world, won, lines in other.outcomes}
    common = 0
    for world, won, lines in mine.outcomes:
        found = theirs.get(world)
        if found is None:
            continue
        common += 1
        if found[0] != won or (lines is not None and found[1] is not None and found[1] != lines):
            return False
    return common >= (min(mine.seen, MIN_LAYOUTS) if at_least is None else at_least)


def trick_taker(ctx: PlayContext, card: Card) -> Seat | None:
    """Who takes the current trick if ``card`` is played now, when nothing still to come can change it
    (no card the others may hold beats the best card then on the table); None when it is still open."""
    game = ctx.game
    trick = (*ctx.trick, card)
    led = follow_class(trick[0], game)
    best = 0
    for position in range(1, len(trick)):
        if beats(trick[position], trick[best], led, game):
            best = position
    if len(trick) < PLAYING_SEATS:
        pool = set(ctx.unseen)
        for seat, cards in ctx.open_hands.items():
            if seat is not ctx.seat:
                pool.update(cards)
        if any(beats(other, trick[best], led, game) for other in pool):
            return None
    return ctx.seat_of_position(best)


def keep_points(ctx: PlayContext, card: Card, level: Sequence[Card]) -> Card:
    """The card among ``level`` (cards of the same outcome as ``card`` in every layout) that keeps card
    points in a trick whose taker is already settled: the fewest points onto a trick the other side takes;
    for a defender, the most points (a full card: Ace or Ten) onto a trick the partner is sure to take. A
    trump is not played instead of a plain card for its points. When the trick is open, or the card would
    take it itself, ``card`` stays."""
    if not ctx.trick or ctx.game.is_null:
        return card
    taker = trick_taker(ctx, card)
    if taker is None or taker is ctx.seat:
        return card
    ours = (taker is ctx.declarer) is ctx.is_declarer
    trump = is_trump(card, ctx.game)  # a trump is worth more than its points: never given for a plain card
    same = [c for c in level if trick_taker(ctx, c) is taker and (trump or not is_trump(c, ctx.game))]
    if not same:
        return card
    if not ours:
        fewest = min(c.points for c in same)
        if card.points <= fewest:
            return card
        return min((c for c in same if c.points == fewest), key=lambda c: strength(c, ctx.game))
    most = max(c.points for c in same)
    if card.points >= most or most < FULL_CARD_POINTS:
        return card
    return min((c for c in same if c.points == most), key=lambda c: strength(c, ctx.game))


FULL_CARD_POINTS = 10
"""A full card (a Ten or an Ace): what a defender smears onto the partner's sure trick."""


def _points_reason(ctx: PlayContext, card: Card, instead: Card) -> Message:
    params = {"card": card, "other": instead}
    taker = trick_taker(ctx, card)
    if taker is not None and (taker is ctx.declarer) is ctx.is_declarer:
        return Message(
            N_(
                "{card} ends the same as {other} in every layout and puts more points on your "
                "partner's trick."
            ),
            params,
        )
    return Message(
        N_("{card} ends the same as {other} in every layout and gives the other side fewer points."), params
    )


# --- the one verdict on a played card ---------------------------------------------------------------------

POINTS_MARGIN = 10
"""A card of the coach's outcome is still a mistake when, in a trick whose taker is settled, the coach's card
would have kept at least this many card points more for the seat's side (a full card: a Ten or an Ace)."""
GOAL = "goal"
POINTS = "points"


@dataclass(frozen=True)
class CardMistake:
    """The one judge's word that a played card was a mistake, and which card was better.

    ``kind`` :data:`GOAL`: the evaluation (not a guess) shows the played card clearly worse than the
    coach's (:meth:`CardAdvice.worse`; or it broke the Musik), ``better`` the coach's level; :data:`POINTS`:
    the same outcome, but in a trick whose taker is settled ``better`` keeps at least
    :data:`POINTS_MARGIN` card points more for the seat's side (``points_lost``)."""

    card: Card
    kind: str
    better: tuple[Card, ...]
    advice: CardAdvice
    points_lost: int = 0

    def shares(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """(won, asked) for the seat's side after the played card and after the coach's card, over the
        layouts the evaluation asked for each (None when the played card was not asked)."""
        played = self.advice.record(self.card)
        best = self.advice.record(self.advice.expert)
        if played is None or best is None:
            return None
        return (played.wins, played.seen), (best.wins, best.seen)


def card_mistake(
    view: SeatView, card: Card, *, advice: CardAdvice | None = None, nodes: int | None = None
) -> CardMistake | None:
    """Whether ``card``, played from ``view``, was a mistake, by the coach's own evaluation of that view
    (``advice``: :func:`judge_card`'s answer for ``view``, asked here with ``nodes`` when not given).

    The one verdict of the table: the hint's card is never a mistake (it is in its own level and keeps
    points by :func:`keep_points`); the review blames only a card that is not endorsed (a goal mistake, or
    a guess); "Find my mistakes" makes a problem of exactly the cards this names. When the evaluation is a
    guess (too few layouts to say anything from the seat's view) it names no card. A card of another
    outcome that is not clearly worse (:meth:`CardAdvice.worse`) is no mistake: its points are not
    weighed (the coach's points rule holds within its own level only)."""
    from trainer.bots.player import play_context

    found = judge_card(view, nodes=nodes) if advice is None else advice
    if found.guess:
        return None
    if found.worse(card):
        return CardMistake(card, GOAL, found.level, found)
    if card not in found.level:
        return None
    ctx = play_context(view)
    kept = keep_points(ctx, card, found.level)
    if kept == card:
        return None
    lost = abs(kept.points - card.points)
    if lost < POINTS_MARGIN:
        return None
    return CardMistake(card, POINTS, (kept,), found, lost)
