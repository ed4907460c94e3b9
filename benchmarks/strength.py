"""Card-play strength in duplicate and decision times (issue 22's goals; a benchmark, not a test).

1. Duplicate card play, both profiles. Every seeded deal gets a fixed contract: each seat's limit is what
   the club level's rules of thumb bid with its hand (``--contracts count``: a simple hand count instead), a
   real auction is run on those limits (so the bidding says to the players what it would at a table), and
   the winner picks up the skat and declares and lays away as the club's rules say. The same deal is then
   played with the yardstick (``benchmarks/yardstick.py``, a plain rule-of-thumb player) in every seat,
   and again with a bot level in the declarer's seat or in both defenders' seats (seats swapped). Margins
   are paired over the same deals, with 95 % t-intervals:

   - declarer: the share of games the level wins more than the yardstick (percentage points), and the
     card points it takes more (suit and grand games);
   - defence: the share of games the level's defenders beat more, and the points they hold the yardstick
     declarer lower.

   Goals: the expert at ``time_ms`` 300 >= 12 pp and >= 6 points in both roles; the club level >= 0.
   Each contract is also solved with every card open: a game lost so is won only where a defender errs
   (each level's share of both kinds is printed with its table). ``--levels expert,club,oracle`` adds the
   oracle, a bound rather than a player: it sees every card and plays the card best with all cards open,
   so its margins say how much of each goal card play can reach at all on these contracts.
2. Decision times of ``skat-trainer bot --level expert`` replies (the whole request: parse, replay, search,
   reply) at ``time_ms`` 100, 300 and 1000 over card-play positions: p50, p95, p99 and the share over
   1.2 x time_ms; and the first reply of a fresh bot process at ``time_ms`` 300 (sent at once, and sent
   after the process has started).

    .venv/bin/python benchmarks/strength.py                 # 120 deals per profile, all timings
    .venv/bin/python benchmarks/strength.py --quick         # a small look while developing
    .venv/bin/python benchmarks/strength.py --deals 40 --levels expert --skip-timing
    .venv/bin/python benchmarks/strength.py --pool run1.txt run2.txt   # runs on other --seed values, together

The machine's load average is printed with the figures: the search stops by the clock, so a loaded
machine searches fewer layouts and the expert's margins shrink. ``--expert-nodes N`` stops it after N solver
nodes a card instead: slower, but the same code then gives the same result on every run (to compare two
versions of the expert on the same deals; the goals are for ``time_ms`` 300).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's trainer, not an installed one
sys.path.insert(0, str(ROOT / "benchmarks"))

from yardstick import yardstick_card  # noqa: E402

from trainer.bots.cardplay import beginner_card, club_card  # noqa: E402
from trainer.bots.context import PlayContext  # noqa: E402
from trainer.bots.player import play_context  # noqa: E402
from trainer.bots.search import expert_card  # noqa: E402
from trainer.cards import Card, Rank, Suit  # noqa: E402
from trainer.deal import Seat  # noqa: E402
from trainer.games import SUIT_GAMES, Declaration, GameType  # noqa: E402
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile  # noqa: E402
from trainer.rules import Bid, DealState, Declare, Discard, Hold, Pass, Phase, PickUp, PlayCard, SkatGame  # noqa: E402
from trainer.rules.bidding import AuctionEvent  # noqa: E402
from trainer.rules.play import is_trump, suit_order  # noqa: E402
from trainer.rules.value import game_value, matadors  # noqa: E402
from trainer.solver import warm_up  # noqa: E402
from trainer.solver.analysis import Analysis  # noqa: E402

EXPERT_MS = 300
TIMING_MS = (100, 300, 1000)


# ---- contracts ------------------------------------------------------------------------------------------


def _suit_score(cards: Sequence[Card], game: GameType) -> float:
    trumps = [c for c in cards if is_trump(c, game)]
    jacks = {c.suit for c in cards if c.is_jack}
    score = len(trumps) + 0.5 * len(jacks) + (1.0 if Suit.CLUBS in jacks else 0.0)
    score += 0.5 if Suit.SPADES in jacks else 0.0
    for suit in Suit:
        if game.trump_suit is suit:
            continue
        side = [c for c in cards if c.suit is suit and not c.is_jack]
        ranks = {c.rank for c in side}
        score += 1.0 if Rank.ACE in ranks else 0.0
        score += 0.5 if Rank.TEN in ranks and (Rank.ACE in ranks or len(side) >= 3) else 0.0
        score += 0.4 if not side else 0.0
    return score


def _grand_score(cards: Sequence[Card]) -> float:
    jacks = {c.suit for c in cards if c.is_jack}
    score = 1.5 * len(jacks) + (1.0 if Suit.CLUBS in jacks else 0.0)
    for suit in Suit:
        side = [c for c in cards if c.suit is suit and not c.is_jack]
        ranks = {c.rank for c in side}
        score += 1.2 if Rank.ACE in ranks else 0.0
        score += 0.8 if Rank.TEN in ranks and Rank.ACE in ranks else 0.0
        score += 0.3 * max(0, len(side) - 3) if Rank.ACE in ranks else 0.0
    return score if len(jacks) >= 2 else 0.0


def _null_safe(cards: Sequence[Card]) -> bool:
    order = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
    for suit in Suit:
        ranks = sorted(order.index(c.rank) for c in cards if c.suit is suit)
        if any(rank > 2 * j + 2 for j, rank in enumerate(ranks)):
            return False
    return True


SUIT_PLAYABLE = 6.5
GRAND_PLAYABLE = 6.5
GRAND_PREFERENCE = 2.0
"""A playable grand is preferred to a suit game that rates up to this much better (it is worth more)."""


def best_game(profile: RuleProfile, cards: Sequence[Card]) -> tuple[Declaration, int] | None:
    """The game a simple count rates playable with these cards (10 before the pickup) and its value."""
    options: list[tuple[float, Declaration]] = []
    for game in SUIT_GAMES:
        score = _suit_score(cards, game)
        if score >= SUIT_PLAYABLE:
            options.append((score - SUIT_PLAYABLE, Declaration(game)))
    grand = _grand_score(cards)
    if grand >= GRAND_PLAYABLE:
        options.append((grand - GRAND_PLAYABLE + GRAND_PREFERENCE, Declaration(GameType.GRAND)))
    if not options and _null_safe(cards):
        options.append((0.0, Declaration(GameType.NULL)))
    if not options:
        return None
    declaration = max(options, key=lambda item: item[0])[1]
    return declaration, _value(profile, declaration, cards)


def _value(profile: RuleProfile, declaration: Declaration, cards: Sequence[Card]) -> int:
    if declaration.game.is_null:
        return profile.null_value(False, False) or 0
    return int(game_value(profile, declaration, matadors(cards, declaration.game)).value)


def _discards(cards: Sequence[Card], game: GameType) -> tuple[Card, Card]:
    """Two cards to lay away: null, the highest cards of the most dangerous suits; otherwise a bare Ten
    or King (points into the skat) or the low cards of the shortest side suit (a void to ruff in)."""
    if game.is_null:
        order = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
        ranked = sorted(cards, key=lambda c: (-order.index(c.rank), c.index))
        return ranked[0], ranked[1]
    side = [c for c in cards if not is_trump(c, game) and c.rank is not Rank.ACE]
    if len(side) < 2:
        side = sorted((c for c in cards if not is_trump(c, game)), key=lambda c: -c.points) + sorted(
            (c for c in cards if is_trump(c, game)),
            key=lambda c: suit_order(c.suit, game).index(c) if c in suit_order(c.suit, game) else 0,
        )
    length = {s: sum(1 for c in cards if c.suit is s and not is_trump(c, game)) for s in Suit}

    def rank(card: Card) -> tuple[int, int, int]:
        has_ace = any(c.suit is card.suit and c.rank is Rank.ACE for c in cards)
        bare = length[card.suit] <= 2 and not has_ace
        return (0 if bare and card.points >= 4 else 1, length[card.suit], -card.points)

    ranked = sorted(dict.fromkeys(side), key=rank)
    return ranked[0], ranked[1]


@dataclass(frozen=True)
class Contract:
    profile: RuleProfile
    seed: int
    state: DealState
    """The deal before the first lead (no house options: no kontra, Spørge or Slå 40 an)."""
    declarer: Seat
    bid: int
    auction: tuple[AuctionEvent, ...]

    @property
    def declaration(self) -> Declaration:
        assert self.state.declaration is not None
        return self.state.declaration


def contract(profile: RuleProfile, seed: int, source: str = "club") -> Contract | None:
    """The deal of ``seed`` with its fixed contract (None when every seat passes). ``source`` "club": the
    seats' limits and the declarer's game and discard are the club level's rules of thumb (as the app's
    opponents bid); "count": the simple count of :func:`best_game` and the plain discard rule. The auction,
    the pickup and the declaration are moves of a :class:`~trainer.rules.game.DealState`, as at the app's
    table."""
    state = SkatGame(profile).new_deal(seed)
    deal = state.deal
    if source == "club":
        from trainer.chances import hands as rules

        club = {s: rules.bid_limit(profile, deal.hand(s), forehand=s is Seat.FOREHAND) for s in Seat}
        limits = {s: (limit if option is not None else 0) for s, (limit, option) in club.items()}
    else:
        plans = {seat: best_game(profile, deal.hand(seat)) for seat in Seat}
        limits = {seat: (plan[1] if plan else 0) for seat, plan in plans.items()}
    while state.phase is Phase.AUCTION:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_moves()
        bids = sorted(move.value for move in legal if isinstance(move, Bid))
        if any(isinstance(move, Hold) for move in legal):
            standing = state.view(seat).standing_bid
            state.apply(Hold(seat) if standing <= limits[seat] else Pass(seat))
        elif bids and bids[0] <= limits[seat]:
            state.apply(Bid(seat, bids[0]))
        else:
            state.apply(Pass(seat))
    declarer = state.declarer
    if declarer is None or state.phase is not Phase.PICKUP:
        return None
    bid = state.bid or 0
    auction = state.view(declarer).auction
    twelve = (*deal.hand(declarer), *deal.skat)
    if source == "club":
        found = next(iter(p for p in rules.plans_after_pickup(profile, twelve, bid) if p.reaches_bid), None)
        if found is None:
            return None
        declaration, discards = found.declaration, tuple(found.discards)
    else:
        plan = plans[declarer]
        assert plan is not None
        declaration = plan[0]
        discards = _discards(twelve, declaration.game)
    state.apply(PickUp(declarer))
    state.apply(Discard(declarer, discards))
    state.apply(Declare(declarer, declaration))
    return Contract(profile, seed, state, declarer, bid, auction)


def contracts(profile: RuleProfile, first_seed: int, deals: int, source: str = "club") -> Iterator[Contract]:
    """The first ``deals`` contracts after ``first_seed`` (a deal every seat passes is skipped)."""
    seed, found = first_seed, 0
    while found < deals:
        seed += 1
        deal = contract(profile, seed, source)
        if deal is not None:
            found += 1
            yield deal


def open_values(state: DealState) -> dict[Card, int]:
    """The declarer's final card points after each legal card, everything open, all playing perfectly."""
    assert state.declaration is not None and state.declarer is not None and state.leader is not None
    hands = [tuple(state.hand(seat)) for seat in Seat]
    analysis = Analysis(state.declaration.game, int(state.declarer), hands, state.skat)
    trick = tuple(card for _seat, card in state.current_trick)
    found = analysis.analyse(
        hands, int(state.leader), trick, points_so_far=state.trick_points(state.declarer)
    )
    return {card: int(value) for card, value in found.values.items()}


def won_open(deal: Contract) -> bool:
    """Whether the contract is won with every card open and perfect play on both sides (a game lost so
    is won only when a defender errs; a null's values say won already)."""
    state = deal.state
    values = open_values(state)
    best = max(values.values()) if state.to_move is deal.declarer else min(values.values())
    return bool(best) if deal.declaration.game.is_null else deal.profile.wins_on_points(best)


# ---- players ------------------------------------------------------------------------------------------


@dataclass
class Clock:
    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)


Player = Callable[[PlayContext, random.Random, DealState], Card]
"""A card for the seat of the context; the whole deal's state is passed for the oracle alone."""


def oracle_card(ctx: PlayContext, state: DealState) -> Card:
    """A bound, not a player: every card open, the card whose perfect-play value is best for the seat (the
    club's card among equals). What it wins more than the yardstick is what knowing the hidden cards is
    worth, so it shows how much of a goal card play alone can reach on these contracts."""
    values = open_values(state)
    rule = club_card(ctx)[0]
    sign = 1 if ctx.is_declarer else -1
    return max(values, key=lambda card: (sign * values[card], card == rule))


def player(level: str, time_ms: int, clock: Clock, nodes: int | None = None) -> Player:
    def play(ctx: PlayContext, rng: random.Random, state: DealState) -> Card:
        if level == "yardstick":
            return yardstick_card(ctx)
        if level == "oracle":
            return oracle_card(ctx, state)
        if level == "club":
            return club_card(ctx)[0]
        if level == "beginner":
            return beginner_card(ctx, rng)[0]
        began, cpu = time.perf_counter(), time.process_time()
        card = expert_card(ctx, rng, time_ms, nodes=nodes).card
        clock.times.append(time.perf_counter() - began)
        clock.cpu.append(time.process_time() - cpu)
        return card

    return play


@dataclass(frozen=True)
class Result:
    points: int
    won: bool


def play_out(deal: Contract, declarer: Player, defenders: Player, rng: random.Random) -> Result:
    """The contract played to its end, each seat choosing from its own
    :class:`~trainer.rules.game.SeatView`."""
    state = deal.state.copy()
    while state.phase is Phase.PLAY:
        seat = state.to_move
        assert seat is not None
        ctx = play_context(state.view(seat))
        chooser = declarer if seat is deal.declarer else defenders
        card = chooser(ctx, rng, state) if len(ctx.legal) > 1 else ctx.legal[0]
        state.apply(PlayCard(seat, card))
    outcome = state.outcome()
    assert outcome is not None and outcome.declarer_points is not None and outcome.declarer_tricks is not None
    points = outcome.declarer_points
    if deal.declaration.game.is_null:
        return Result(points, outcome.declarer_tricks == 0)
    return Result(points, deal.profile.wins_on_points(points))


# ---- statistics --------------------------------------------------------------------------------------------


def t_quantile(df: int) -> float:
    """The 97.5 % quantile of Student's t (Cornish-Fisher expansion; exact enough for an interval)."""
    z = 1.959964
    if df <= 0:
        return float("inf")
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def interval(diffs: Sequence[float]) -> tuple[float, float]:
    """Mean of paired differences and the half-width of its 95 % t-interval."""
    n = len(diffs)
    if n == 0:
        return 0.0, float("nan")
    mean = statistics.fmean(diffs)
    if n == 1:
        return mean, float("inf")
    return mean, t_quantile(n - 1) * statistics.stdev(diffs) / math.sqrt(n)


@dataclass
class Margins:
    """Paired per-deal differences for one level against the yardstick."""

    declarer_won: list[float] = field(default_factory=list)
    declarer_points: list[float] = field(default_factory=list)
    defence_won: list[float] = field(default_factory=list)
    defence_points: list[float] = field(default_factory=list)
    games: list[tuple[bool, bool, bool]] = field(default_factory=list)
    """Per contract: won with every card open, won by the yardstick declarer, won by this level's."""

    def add(self, base: Result, as_declarer: Result, as_defence: Result, null: bool, open_won: bool) -> None:
        self.games.append((open_won, base.won, as_declarer.won))
        self.declarer_won.append(100.0 * (as_declarer.won - base.won))
        self.defence_won.append(100.0 * (base.won - as_defence.won))
        if not null:
            self.declarer_points.append(float(as_declarer.points - base.points))
            self.defence_points.append(float(base.points - as_defence.points))

    def extend(self, other: Margins) -> None:
        for name in ("declarer_won", "declarer_points", "defence_won", "defence_points", "games"):
            getattr(self, name).extend(getattr(other, name))


GOALS = {
    "expert": {"declarer_won": 12.0, "declarer_points": 6.0, "defence_won": 12.0, "defence_points": 6.0},
    "club": dict.fromkeys(("declarer_won", "declarer_points", "defence_won", "defence_points"), 0.0),
}
"""The goals per level (the oracle has none: it is the bound, ``--levels expert,club,oracle``)."""
LABELS = {
    "declarer_won": "declarer: games won more (pp)",
    "declarer_points": "declarer: card points more",
    "defence_won": "defence: games beaten more (pp)",
    "defence_points": "defence: declarer held lower (points)",
}


def duplicate(
    profile: RuleProfile,
    deals: int,
    levels: Sequence[str],
    expert_ms: int,
    clock: Clock,
    first_seed: int,
    source: str = "club",
    nodes: int | None = None,
) -> tuple[dict[str, Margins], dict[str, float]]:
    margins = {level: Margins() for level in levels}
    base_games = {"won": 0.0, "deals": 0.0, "null": 0.0}
    yard = player("yardstick", expert_ms, clock)
    began = time.perf_counter()
    for found, deal in enumerate(contracts(profile, first_seed, deals, source), start=1):
        seed = deal.seed
        null = deal.declaration.game.is_null
        open_won = won_open(deal)
        base = play_out(deal, yard, yard, random.Random(seed))
        base_games["won"] += base.won
        base_games["deals"] += 1
        base_games["null"] += null
        played: dict[str, tuple[Result, Result]] = {}
        for level in levels:
            bot = player(level, expert_ms, clock, nodes)
            as_declarer = play_out(deal, bot, yard, random.Random(seed))
            as_defence = play_out(deal, yard, bot, random.Random(seed))
            margins[level].add(base, as_declarer, as_defence, null, open_won)
            played[level] = (as_declarer, as_defence)
        head = f"{profile.name} deal {found:3d} seed {seed} {deal.declaration.describe():8s}"
        print(deal_line(head, base, played, time.perf_counter() - began), flush=True)
    return margins, base_games


def deal_line(head: str, base: Result, played: dict[str, tuple[Result, Result]], seconds: float) -> str:
    """One deal of the duplicate run as printed (and read back by ``--pool``): the yardstick's result, then
    each level's as declarer and as defence (W/L: whether the declarer won)."""
    parts = [head, f"yardstick {base.points:3d} {'W' if base.won else 'L'}"]
    for level, (as_declarer, as_defence) in played.items():
        marks = ("W" if as_declarer.won else "L") + ("W" if as_defence.won else "L")
        parts.append(f"{level} decl {as_declarer.points:3d} def {as_defence.points:3d} {marks}")
    parts.append(f"({seconds:.0f} s)")
    return " | ".join(parts)


_LINE = re.compile(r"(?P<profile>\w+) deal +\d+ seed (?P<seed>\d+) ")
_BASE = re.compile(r"yardstick +(?P<points>\d+) (?P<won>[WL])$")
_LEVEL = re.compile(r"(?P<level>\w+) decl +(?P<decl>\d+) def +(?P<def>\d+) (?P<dw>[WL])(?P<fw>[WL])$")


def parse_deal_line(line: str) -> tuple[str, int, Result, dict[str, tuple[Result, Result]]] | None:
    """Profile name, seed, the yardstick's result and each level's results of a line :func:`deal_line`
    printed (None for any other line of a run's output)."""
    head = _LINE.match(line)
    if head is None:
        return None
    parts = [part.strip() for part in line.split("|")]
    base_m = _BASE.match(parts[1]) if len(parts) > 1 else None
    if base_m is None:
        return None
    base = Result(int(base_m["points"]), base_m["won"] == "W")
    played: dict[str, tuple[Result, Result]] = {}
    for part in parts[2:]:
        found = _LEVEL.match(part)
        if found is not None:
            played[found["level"]] = (
                Result(int(found["decl"]), found["dw"] == "W"),
                Result(int(found["def"]), found["fw"] == "W"),
            )
    return head["profile"], int(head["seed"]), base, played


def pool(paths: Sequence[str], source: str = "club") -> list[str]:
    """The margins of several runs' logs taken together (runs on other seeds, of the same code): each deal
    counts once; its contract, and whether it is won with every card open, are worked out again from its
    seed."""
    profiles = {p.name: p for p in (INTERNATIONAL, DANISH)}
    seen: set[tuple[str, int]] = set()
    found: dict[str, dict[str, Margins]] = {}
    base_games: dict[str, dict[str, float]] = {}
    levels: list[str] = []
    for path in paths:
        with open(path, encoding="utf-8") as log:
            for line in log:
                parsed = parse_deal_line(line.rstrip("\n"))
                if parsed is None:
                    continue
                name, seed, base, played = parsed
                if (name, seed) in seen:
                    print(f"{path}: {name} seed {seed} again, counted once", file=sys.stderr)
                    continue
                seen.add((name, seed))
                deal = contract(profiles[name], seed, source)
                if deal is None:
                    raise SystemExit(f"{path}: {name} seed {seed} has no contract here: another --contracts?")
                null = deal.declaration.game.is_null
                open_won = won_open(deal)
                games = base_games.setdefault(name, {"won": 0.0, "deals": 0.0, "null": 0.0})
                games["won"] += base.won
                games["deals"] += 1
                games["null"] += null
                for level, (as_declarer, as_defence) in played.items():
                    if level not in levels:
                        levels.append(level)
                    found.setdefault(name, {}).setdefault(level, Margins()).add(
                        base, as_declarer, as_defence, null, open_won
                    )
    report: list[str] = []
    pooled = {level: Margins() for level in levels}
    for name, margins in found.items():
        for level in levels:
            pooled[level].extend(margins.get(level, Margins()))
        runs = f"{len(paths)} run{'s' if len(paths) > 1 else ''} pooled"
        report += table(_profile_title(name, base_games[name], runs), margins)
    if len(found) > 1:
        report += table("both profiles:", pooled)
    return report


def _profile_title(name: str, base: dict[str, float], how: str) -> str:
    return (
        f"{name}: {int(base['deals'])} fixed contracts ({int(base['null'])} null); the yardstick declarer "
        f"wins {100 * base['won'] / max(1, base['deals']):.0f} %; margins against the yardstick ({how}):"
    )


def table(title: str, margins: dict[str, Margins]) -> list[str]:
    lines = [title]
    for level, found in margins.items():
        for name, label in LABELS.items():
            values = getattr(found, name)
            mean, half = interval(values)
            goal = GOALS.get(level, {}).get(name)
            verdict = ""
            if goal is not None:
                verdict = f"goal >= {goal:g}: {'met' if mean >= goal else 'NOT met'}"
                if mean >= goal and mean - half < goal:
                    verdict += " (interval reaches below)"
            lines.append(
                f"  {level:9s} {label:38s} {mean:+6.1f} ± {half:4.1f}  (n {len(values):3d})  {verdict}"
            )
        lines.append(f"  {level:9s} {_open_line(found.games)}")
    return lines


def _open_line(games: Sequence[tuple[bool, bool, bool]]) -> str:
    """What the declarers won of the contracts won and lost with every card open (a game lost open is won
    only where a defender errs)."""
    won = [g for g in games if g[0]]
    lost = [g for g in games if not g[0]]

    def share(rows: Sequence[tuple[bool, bool, bool]], i: int) -> str:
        return f"{100 * sum(g[i] for g in rows) / max(1, len(rows)):.0f} %"

    return (
        f"declarer games: {len(won)} won open (yardstick wins {share(won, 1)}, this level {share(won, 2)}), "
        f"{len(lost)} lost open (yardstick wins {share(lost, 1)}, this level {share(lost, 2)})"
    )


# ---- decision times ----------------------------------------------------------------------------------------


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def _new_deal(profile: RuleProfile, seed: int) -> Any:
    """A shuffled whole deal."""
    from trainer.rules import SkatGame

    return SkatGame(profile).new_deal(seed)


def card_positions(count: int, seed: int) -> list[str]:
    """Bot-protocol request lines for card-play positions with a choice (club-level deals, both profiles)."""
    from trainer.bots.player import choose
    from trainer.bots.protocol import serve_line, view_request
    from trainer.rules import Phase

    lines: list[str] = []
    rng = random.Random(seed)
    index = 0
    while len(lines) < count:
        profile = (INTERNATIONAL, DANISH)[index % 2]
        state = _new_deal(profile, seed + index)
        index += 1
        while state.phase is not Phase.FINISHED and len(lines) < count:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            if state.phase is Phase.PLAY and len(view.legal_moves) > 1 and rng.random() < 0.5:
                line = json.dumps(view_request(view))
                if "move" in serve_line(line, "club"):  # the protocol carries it (Ramse it does not)
                    lines.append(line)
            state.apply(choose(view, "club", rng=rng).move)
    return lines


def reply_times(lines: Sequence[str], time_ms: int) -> list[float]:
    from trainer.bots.protocol import serve_line

    times = []
    for line in lines:
        request = json.loads(line)
        request["time_ms"] = time_ms
        began = time.perf_counter()
        reply = serve_line(json.dumps(request), "expert")
        times.append(time.perf_counter() - began)
        assert "move" in reply, reply
    return times


def fresh_process(line: str, time_ms: int, wait: float) -> tuple[float, float, bool]:
    """(seconds from starting ``skat-trainer bot --level expert`` to its first reply, seconds from writing
    the request to the reply, whether the reply was searched — not the rules of thumb of a bot whose kernel
    is not loaded yet, or whose budget the start-up used); the request is written ``wait`` seconds after the
    start."""
    request = json.loads(line)
    request["time_ms"] = time_ms
    began = time.perf_counter()
    bot = subprocess.Popen(
        [sys.executable, "-m", "trainer.cli", "bot", "--level", "expert"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert bot.stdin is not None and bot.stdout is not None
    if wait:
        time.sleep(wait)
    sent = time.perf_counter()
    bot.stdin.write(json.dumps(request) + "\n")
    bot.stdin.flush()
    reply = json.loads(bot.stdout.readline())
    done = time.perf_counter()
    bot.stdin.close()
    bot.wait(timeout=30)
    assert "move" in reply, reply
    return done - began, done - sent, "win" in reply


def timing(positions: int, quick: bool) -> list[str]:
    lines = []
    requests = card_positions(positions, 90_000)
    for time_ms in TIMING_MS:
        count = len(requests) if time_ms < 1000 else max(10, len(requests) // 3)
        times = reply_times(requests[:count], time_ms)
        over = sum(1 for t in times if t > 1.2 * time_ms / 1000)
        p99 = percentile(times, 0.99)
        verdict = "met" if p99 <= 1.2 * time_ms / 1000 else "NOT met"
        lines.append(
            f"  time_ms {time_ms:4d}: {len(times)} replies, p50 {1000 * percentile(times, 0.5):5.0f} ms, "
            f"p95 {1000 * percentile(times, 0.95):5.0f} ms, p99 {1000 * p99:5.0f} ms, "
            f"max {1000 * max(times):5.0f} ms; over 1.2 x time_ms: {over} "
            f"(goal p99 <= {1.2 * time_ms:.0f} ms: {verdict}); load {os.getloadavg()[0]:.1f}"
        )
        print(lines[-1], flush=True)
    for wait in (0.0, 3.0):
        runs = [fresh_process(requests[i], EXPERT_MS, wait) for i in range(1 if quick else 5)]
        total = [r[0] for r in runs]
        answer = [r[1] for r in runs]
        searched = sum(1 for r in runs if r[2])
        when = "sent at once" if not wait else f"sent {wait:g} s after the start"
        lines.append(
            f"  fresh process, time_ms {EXPERT_MS}, request {when}: reply "
            f"{1000 * statistics.median(answer):.0f} ms after the request (max {1000 * max(answer):.0f}), "
            f"{1000 * statistics.median(total):.0f} ms after the start (goal <= 400 ms after the request); "
            f"searched in {searched} of {len(runs)} (else rules of thumb); load {os.getloadavg()[0]:.1f}"
        )
        print(lines[-1], flush=True)
    return lines


# ---- main --------------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=120, help="duplicate deals per profile (default 120)")
    parser.add_argument("--quick", action="store_true", help="12 deals per profile, fewer timings")
    parser.add_argument("--levels", default="expert,club", help="levels to compare (default expert,club)")
    parser.add_argument("--expert-ms", type=int, default=EXPERT_MS, help="the expert's time_ms (default 300)")
    parser.add_argument(
        "--expert-nodes",
        type=int,
        default=None,
        help="give the expert this many solver nodes a card instead of time_ms: the run then repeats exactly "
        "whatever the load (2,000,000 is about what time_ms 300 searches at the opening lead here)",
    )
    parser.add_argument("--profiles", default="international,danish")
    parser.add_argument("--seed", type=int, default=220_000, help="first deal seed")
    parser.add_argument("--skip-timing", action="store_true")
    parser.add_argument("--skip-duplicate", action="store_true")
    parser.add_argument(
        "--contracts",
        choices=("club", "count"),
        default="club",
        help="who fixes the contracts: the club's bidding rules (default) or a simple hand count",
    )
    parser.add_argument(
        "--pool",
        nargs="+",
        metavar="LOG",
        help="print the margins of earlier runs' output taken together (runs on other --seed values, of the "
        "same code) instead of playing: more deals, a narrower interval",
    )
    args = parser.parse_args(argv)
    if args.pool:
        print("\n".join(pool(args.pool, args.contracts)))
        return 0
    deals = 12 if args.quick and args.deals == 120 else args.deals
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    profiles = [p for p in (INTERNATIONAL, DANISH) if p.name in args.profiles.split(",")]
    began = time.perf_counter()
    warm_up(block=True)
    print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    report: list[str] = []
    clock = Clock()
    budget = f"time_ms {args.expert_ms}"
    if args.expert_nodes is not None:
        budget = f"{args.expert_nodes:,} nodes a card"
    if not args.skip_duplicate:
        pooled = {level: Margins() for level in levels}
        for profile in profiles:
            found, base = duplicate(
                profile, deals, levels, args.expert_ms, clock, args.seed, args.contracts, args.expert_nodes
            )
            for level in levels:
                pooled[level].extend(found[level])
            found_table = table(_profile_title(profile.name, base, f"expert at {budget}"), found)
            print("\n".join(found_table), flush=True)  # at once: a later failure must not lose it
            report += found_table
        if len(profiles) > 1:
            report += table("both profiles:", pooled)
        if clock.times:
            report.append(
                f"  expert card decisions in the duplicate runs: {len(clock.times)}, p50 "
                f"{1000 * percentile(clock.times, 0.5):.0f} ms, "
                f"p99 {1000 * percentile(clock.times, 0.99):.0f} ms; the process had "
                f"{100 * sum(clock.cpu) / max(1e-9, sum(clock.times)):.0f} % of a core while deciding "
                f"(a quiet machine gives it 100 %)"
            )
    if not args.skip_timing:
        print("decision times of bot replies (card play):", flush=True)
        report.append("decision times of skat-trainer bot --level expert replies (card play):")
        report += timing(30 if args.quick else 90, args.quick)
    report.append(
        f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}; "
        f"{time.perf_counter() - began:.0f} s in all"
    )
    print()
    for line in report:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
