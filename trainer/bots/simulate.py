"""The expert's bidding, pickup and declaration: simulate the game on layouts of the unseen cards.

For a game it has in mind, the expert deals the cards it cannot see at random (the skat and the other two
hands while bidding; the other two hands after the pickup), lays away as the rules of thumb say, and lets
the open-hand solver play each layout from the first lead. The share of layouts won is its estimate; it bids
for the most valuable game it wins often enough, and after the pickup declares the game (and discard) with
the best expected list score. The rules of thumb (:mod:`trainer.bots.hands`) choose which games are worth
simulating, and answer alone when the solver's kernel is not ready or the time is too short.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from trainer.bots import hands as rules
from trainer.bots.search import NODE_RATE, SEARCH_SHARE
from trainer.cards import ALL_CARDS, HAND_SIZE, TOTAL_CARD_POINTS, Card, card_points
from trainer.deal import Seat
from trainer.errors import DeclarationError
from trainer.games import Declaration
from trainer.profiles import RuleProfile
from trainer.solver import Analysis
from trainer.solver.core import Engine, jit_ready
from trainer.value import game_value, matadors

BID_WIN_SHARE = 0.6
"""The expert bids for a game it wins in at least this share of the simulated layouts."""
HAND_WIN_SHARE = 0.8
"""... and plays it without the skat when it wins this often without it."""
OPEN_WIN_SHARE = 0.95
"""... and lays the cards on the table (Danish på bordet) when it wins this often with open cards."""
MIN_LAYOUTS = 3
SIMULATED_GAMES = 2
"""While bidding, the expert simulates the two games the rules of thumb rate best (time is short)."""
DROP_WIN_SHARE = 0.2
"""A game the rules of thumb would bid is given up when the simulation wins less than this share of it."""

_PLAN_CACHE: dict[
    tuple[str, tuple[Card, ...], int, int], tuple[tuple[Card, ...], Declaration, float | None]
] = {}
"""The plan found for twelve cards at a bid: the declaration after the discard asks again, gets the same."""
_LIMIT_CACHE: dict[tuple[str, tuple[Card, ...], int], tuple[int, rules.Option | None, float | None]] = {}


@dataclass(frozen=True)
class _Estimate:
    wins: int
    layouts: int

    @property
    def share(self) -> float:
        return self.wins / self.layouts if self.layouts else 0.0


def _deadline(time_ms: int) -> float:
    return time.perf_counter() + SEARCH_SHARE * time_ms / 1000.0


def _solve_opening(
    profile: RuleProfile,
    declaration: Declaration,
    declarer: Seat,
    hands: list[list[Card]],
    skat: Sequence[Card],
    deadline: float,
    goal: str = "win",
) -> bool | None:
    """Does the declarer reach ``goal`` ("win", "schneider" or "schwarz") in this layout, with perfect play
    from the first lead (forehand leads)? None: out of time."""
    remaining = deadline - time.perf_counter()
    if remaining <= 0:
        return None
    compiled = jit_ready()
    limit = int(max(5_000, NODE_RATE.get(compiled) * remaining))
    pick = any if declarer is Seat.FOREHAND else all  # forehand leads: its choice decides
    began = time.perf_counter()
    if goal in ("win", "schneider") and not declaration.game.is_null:
        # a yes/no question per opening card (null-window probes) is far cheaper than exact values
        needed = (
            profile.win_min_points if goal == "win" else TOTAL_CARD_POINTS - profile.opponents_schneider_max
        )
        engine = Engine(declaration.game, int(declarer), hands, mode="points")
        legal = engine.legal_internal(hands, 0, ())
        target = needed - card_points(skat)
        probe = engine.exact_values(hands, 0, (), node_limit=limit, targets=dict.fromkeys(legal, target))
        NODE_RATE.update(compiled, probe.nodes, time.perf_counter() - began)
        if not probe.complete:
            return None
        return pick(lo >= target for lo, _hi in probe.bounds.values())
    analysis = Analysis(declaration.game, int(declarer), hands, skat)
    result = analysis.analyse(
        hands, 0, (), node_limit=limit, time_limit=remaining, with_schwarz=goal == "schwarz"
    )
    NODE_RATE.update(compiled, result.nodes, time.perf_counter() - began)
    if declaration.game.is_null:
        if not result.complete or not result.values:
            return None
        return pick(bool(v) for v in result.values.values())
    if not result.complete or result.value is None:
        return None
    if len(result.schwarz) < len(result.values):
        return None
    return pick(result.schwarz.values())


def _estimate(
    profile: RuleProfile,
    declaration: Declaration,
    declarer: Seat,
    ten: Sequence[Card],
    skat: Sequence[Card] | None,
    rng: random.Random,
    layouts: int,
    deadline: float,
    goal: str = "win",
) -> _Estimate:
    """Win share of ``declaration`` over random layouts of the cards ``declarer`` cannot see. ``skat`` None:
    the skat is unknown too (drawn, picked up and laid away by the rules of thumb unless a hand game)."""
    known = set(ten) | set(skat or ())
    unseen = [card for card in ALL_CARDS if card not in known]
    wins = done = 0
    for _ in range(layouts):
        cards = list(unseen)
        rng.shuffle(cards)
        drawn_skat = list(skat) if skat is not None else cards[:2]
        rest = cards if skat is not None else cards[2:]
        others = [rest[:HAND_SIZE], rest[HAND_SIZE : 2 * HAND_SIZE]]
        if declaration.hand:
            own = list(ten)
            counted = drawn_skat
        else:
            twelve = [*ten, *drawn_skat]
            pair = rules.discard_for(twelve, declaration.game)
            own = [card for card in twelve if card not in pair]
            counted = list(pair)
        hands: list[list[Card]] = [[], [], []]
        hands[int(declarer)] = own
        hands[int(declarer.next)] = others[0]
        hands[int(declarer.previous)] = others[1]
        won = _solve_opening(profile, declaration, declarer, hands, counted, deadline, goal)
        if won is None:  # this layout was too big for the time left; a smaller one may still fit
            if time.perf_counter() >= deadline:
                break
            continue
        wins += won
        done += 1
    return _Estimate(wins, done)


def expert_limit(
    profile: RuleProfile, ten: Sequence[Card], seat: Seat, rng: random.Random, time_ms: int
) -> tuple[int, rules.Option | None, float | None]:
    """The expert's bid limit: the most valuable game that wins often enough over simulated layouts.

    Computed once per hand and seat in a process (the auction asks several times)."""
    key = (profile.name, tuple(sorted(ten, key=lambda c: c.index)), int(seat))
    cached = _LIMIT_CACHE.get(key)
    if cached is not None:
        return cached
    forehand = seat is Seat.FOREHAND
    club_limit, club_option = rules.bid_limit(profile, ten, forehand=forehand)
    if not jit_ready():
        return club_limit, club_option, None
    deadline = _deadline(time_ms)
    candidates = [
        o
        for o in rules.options(profile, ten, forehand=forehand)
        if not o.declaration.game.is_null and o.score >= _line(o) - 1.5
    ]
    candidates.sort(key=lambda o: -(o.score - _line(o)))
    best: tuple[int, rules.Option | None, float | None] = (0, None, None)
    for rank, option in enumerate(candidates):
        share: float | None = None
        playable = option.playable
        if rank < SIMULATED_GAMES:
            d = replace(option.declaration, hand=False) if option.declaration.hand else option.declaration
            estimate = _estimate(profile, d, seat, ten, None, rng, 6, deadline)
            if estimate.layouts >= MIN_LAYOUTS:
                share = estimate.share
                # the open-hand defence is perfect, so the simulation is a pessimist: it adds games it wins
                # often, and drops the rules-of-thumb games only when it nearly never wins them
                playable = share >= BID_WIN_SHARE or (option.playable and share >= DROP_WIN_SHARE)
        if not playable:
            continue
        d = replace(option.declaration, hand=False) if option.declaration.hand else option.declaration
        value = game_value(profile, option.declaration, _bid_matadors(ten, d)).value
        if value > best[0]:
            best = (value, rules.Option(option.declaration, option.score, True, value), share)
    nulls = [o for o in rules.null_options(profile, ten) if o.playable]
    for option in nulls:
        if option.limit > best[0]:
            best = (option.limit, option, None)
    if len(_LIMIT_CACHE) > 512:
        _LIMIT_CACHE.clear()
    _LIMIT_CACHE[key] = best
    return best


def _line(option: rules.Option) -> float:
    return rules.PLAYABLE["grand" if option.declaration.game.is_grand else "suit"]


def _bid_matadors(cards: Sequence[Card], d: Declaration) -> int:
    count = matadors(cards, d.game)
    return count + 1 if count <= -2 else count


def expert_pickup(
    profile: RuleProfile,
    ten: Sequence[Card],
    seat: Seat,
    bid: int,
    rng: random.Random,
    time_ms: int,
    declarable: Sequence[Declaration],
) -> tuple[Declaration, float] | None:
    """A hand game the expert plays without the skat (it wins it often enough in simulation), or None."""
    plan = rules.wants_hand(profile, ten, bid)
    if plan is None or plan.declaration not in declarable or not jit_ready():
        return None
    deadline = _deadline(time_ms)
    estimate = _estimate(profile, plan.declaration, seat, ten, None, rng, 6, deadline)
    if estimate.layouts < MIN_LAYOUTS or estimate.share < HAND_WIN_SHARE:
        return None
    d = plan.declaration
    if not d.game.is_null and estimate.share == 1.0:
        # a sure hand: open it (international ouvert needs schwarz; Danish på bordet only the win), or
        # announce schneider when every layout reaches it
        open_goal = "schwarz" if profile.ouvert_implies_schwarz_announced else "win"
        for better, goal in (
            (replace(d, ouvert=True), open_goal),
            (replace(d, schneider_announced=True), "schneider"),
        ):
            try:
                better = profile.check_declaration(better)
            except DeclarationError:
                continue
            if better not in declarable:
                continue
            sure = _estimate(profile, better, seat, ten, None, rng, 6, deadline, goal)
            if sure.layouts >= MIN_LAYOUTS and sure.share == 1.0:
                return better, 1.0
    return d, estimate.share


def _expected_score(
    profile: RuleProfile, d: Declaration, seen: Sequence[Card], bid: int, share: float
) -> float:
    if d.game.is_null:
        value = profile.null_value(d.hand, d.ouvert) or 0
    else:
        value = game_value(profile, d, matadors(seen, d.game)).value
    if value < bid:
        value = bid  # lost as overbid anyway
        share = 0.0
    return share * value - (1.0 - share) * profile.lost_factor * value


def expert_plan(
    profile: RuleProfile, twelve: Sequence[Card], seat: Seat, bid: int, rng: random.Random, time_ms: int
) -> tuple[tuple[Card, ...], Declaration, float | None] | None:
    """The expert's discard and declaration after the pickup: the candidate with the best expected list
    score over simulated layouts of the opponents' hands (None: leave it to the rules of thumb)."""
    if not jit_ready():
        return None
    key = (profile.name, tuple(sorted(twelve, key=lambda c: c.index)), bid, int(seat))
    if key in _PLAN_CACHE:
        return _PLAN_CACHE[key]
    del rng  # the plan depends on the cards alone, so the declaration after the discard finds it again
    rng = random.Random(sum(card.bit for card in twelve) ^ (bid << 32) ^ int(seat))
    deadline = _deadline(time_ms)
    plans = [p for p in rules.plans_after_pickup(profile, twelve, bid) if p.reaches_bid][:3]
    if len(plans) <= 1:
        return None
    best: tuple[float, tuple[Card, ...], Declaration, float] | None = None
    for plan in plans:
        ten = [card for card in twelve if card not in plan.discards]
        estimate = _estimate(
            profile, replace(plan.declaration, hand=True), seat, ten, plan.discards, rng, 4, deadline
        )
        if estimate.layouts < 2:
            return None
        d = plan.declaration
        score = _expected_score(profile, d, twelve, bid, estimate.share)
        if profile.name == "danish" and not d.game.is_null and estimate.share >= OPEN_WIN_SHARE:
            try:
                open_d = profile.check_declaration(replace(d, ouvert=True))
                open_score = _expected_score(profile, open_d, twelve, bid, estimate.share)
                if open_score > score:
                    d, score = open_d, open_score
            except Exception:
                pass
        if best is None or score > best[0]:
            best = (score, tuple(plan.discards), d, estimate.share)
    if best is None:
        return None
    if len(_PLAN_CACHE) > 512:
        _PLAN_CACHE.clear()
    _PLAN_CACHE[key] = (best[1], best[2], best[3])
    return _PLAN_CACHE[key]
