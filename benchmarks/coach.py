"""The coach at the table (issue 41's goals; a benchmark, not a test).

Self-played deals in both profiles (alternating, seeded): one seat (forehand, middlehand, rearhand in turn)
follows every hint of the coach — its bids and game by the chance model, every card by the coach's judge
(:func:`trainer.coach.judge_card`) — and the two others are experts (card play on ``--nodes`` solver
nodes, so a run repeats exactly). After each deal the review judges the seat's cards
(:func:`trainer.coach.card_verdicts`, with every hand open and the coach's advice kept during the play).

Goals, each with its 95 % interval (Wilson):

1. Reviews that blame a card the coach suggested as sure (a stated chance, not a guess): 0.
2. Hints that lose card points for nothing (suit and grand games; a null counts no points): the trick's
   taker is already settled, and another legal card of the same outcome would have given the other side
   fewer points (or the partner's sure trick more, a full card; a trump kept instead of a plain card does
   not count: it may take a trick later): 0. "Same outcome" by the coach's own
   judge (the layouts it asked: every layout ended alike), and as a second look by the open-hand solver on
   the real layout (won or lost alike with every hand open).
3. In-play chances shown without an interval (a percentage in a hint without its 95 % interval, or from
   fewer than :data:`trainer.coach.MIN_LAYOUTS` layouts): 0.
4. "Find my mistakes" (:func:`trainer.problems.mistakes.judge_deal`, the same judge: the advice kept during
   the play, which the same view and node budget give again — one position a deal is asked again to show
   it) naming a card the coach suggested as sure: 0.

Also: how often the old review would have blamed the coach's own card (the open-hand verdict alone), the
share of hints that are guesses, and the time a hint takes (p50/p95).

    .venv/bin/python benchmarks/coach.py                      # 200 deals
    .venv/bin/python benchmarks/coach.py --deals 40 --seed 7  # a shorter run
    .venv/bin/python benchmarks/coach.py --deals 100 --json a.json   # halves in parallel, then
    .venv/bin/python benchmarks/coach.py --merge a.json b.json        # the figures of both
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer.bots import choose
from trainer.bots.player import play_context
from trainer.bots.search import expert_card, wilson
from trainer.cards import Card
from trainer.coach import (
    FULL_CARD_POINTS,
    MIN_LAYOUTS,
    CardAdvice,
    card_verdicts,
    coach_suggestion,
    judge_card,
    position_key,
    trick_taker,
)
from trainer.deal import Seat
from trainer.errors import SkatError
from trainer.games import GameType
from trainer.problems.mistakes import judge_deal
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.records.iss import export
from trainer.replay import Analyzer, GameRecord
from trainer.rules import DealState, Phase, PlayCard
from trainer.rules.play import is_trump
from trainer.solver import warm_up
from trainer.table_session import table_game
from trainer.text import Message

OPPONENT_NODES = 400_000
VERDICT_SECONDS = 1.0


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} / {five:.1f} / {fifteen:.1f} on {os.cpu_count()} cores"


def share(k: int, n: int) -> str:
    if not n:
        return "n/a (0 cases)"
    low, high = wilson(k, n)
    return f"{k}/{n} = {100 * k / n:.1f} % (95 % {100 * low:.1f}-{100 * high:.1f} %)"


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Tally:
    deals: int = 0
    played: int = 0
    hints: int = 0
    guesses: int = 0
    certain: int = 0
    chances_shown: int = 0
    chances_without_interval: int = 0
    reviewed: int = 0
    blamed_sure: int = 0
    old_blamed_sure: int = 0
    unlucky: int = 0
    settled: int = 0
    points_for_nothing: int = 0
    points_for_nothing_open: int = 0
    kept_points: int = 0
    mistake_deals: int = 0
    mistakes_found: int = 0
    mistakes_points: int = 0
    mistakes_named_sure: int = 0
    mistakes_named_guess: int = 0
    mistakes_unjudged: int = 0
    asked_again: int = 0
    asked_again_differs: int = 0
    seconds: list[float] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)


def chance_violations(why: Message) -> tuple[int, int]:
    """(chances stated, chances stated without an interval or from too few layouts) in a reason."""
    shown = bad = 0
    params = why.params
    if "p" in params:
        shown = 1
        if "low" not in params or "high" not in params or int(params.get("n", 0)) < MIN_LAYOUTS:
            bad = 1
    for value in params.values():
        if isinstance(value, Message):
            more, worse = chance_violations(value)
            shown += more
            bad += worse
    return shown, bad


def trick_loss(card: Card, taker: Seat, mover: Seat, declarer: Seat) -> int:
    """Card points ``card`` gives away in a trick ``taker`` takes (negative: it banks them for the mover's
    side, the more the better)."""
    ours = (taker is declarer) is (mover is declarer)
    return -card.points if ours else card.points


def better_in_trick(
    card: Card, other: Card, taker: Seat, mover: Seat, declarer: Seat, game: GameType
) -> bool:
    """``other`` keeps more card points than ``card`` in a trick ``taker`` takes either way (a smear only
    with a full card, and no trump instead of a plain card, as the coach's rule says)."""
    if trick_loss(other, taker, mover, declarer) >= trick_loss(card, taker, mover, declarer):
        return False
    if is_trump(other, game) and not is_trump(card, game):
        return False  # a trump kept is not points given away for nothing (it may take a trick later)
    ours = (taker is declarer) is (mover is declarer)
    return not ours or other.points >= FULL_CARD_POINTS


def play(profile_index: int, seed: int, learner: Seat, nodes: int, tally: Tally) -> None:
    profile = (INTERNATIONAL, DANISH)[profile_index]
    state = table_game(profile).new_deal(seed)
    rng = random.Random(seed)
    advice: dict[int, CardAdvice] = {}
    while state.phase is not Phase.FINISHED:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        in_play = view.phase is Phase.PLAY and view.declaration is not None
        if seat is learner and in_play:
            began = time.perf_counter()
            found = judge_card(view)
            tally.seconds.append(time.perf_counter() - began)
            advice[position_key(view)] = found
            state.apply(PlayCard(seat, found.card))
        elif seat is learner:
            state.apply(coach_suggestion(view, time_ms=50).move)
        elif in_play:
            result = expert_card(play_context(view), random.Random(rng.random()), 1000, nodes=nodes)
            state.apply(PlayCard(seat, result.card))
        else:
            state.apply(choose(view, "expert", rng=rng, time_ms=50).move)
    tally.deals += 1
    if not advice or state.declarer is None:
        return
    tally.played += 1
    review(state, learner, advice, tally, profile.name, seed)
    find_mistakes(state, learner, advice, tally, profile.name, seed)


def find_mistakes(
    state: DealState, learner: Seat, advice: dict[int, CardAdvice], tally: Tally, name: str, seed: int
) -> None:
    """ "Find my mistakes" on the deal, judged by the advice kept during the play; one position (the middle
    one) asked again from scratch, to show that the same view gives the same advice."""
    keys = sorted(advice)
    middle = keys[len(keys) // 2]
    replay = state.skat_game.new_deal(deal=state.deal)
    for move in state.history[1:]:
        if replay.phase is Phase.PLAY and replay.to_move is learner and len(replay.cards_played) == middle:
            again = judge_card(replay.view(learner))
            tally.asked_again += 1
            kept = advice[middle]
            if (again.card, again.level, again.wins, again.layouts) != (
                kept.card, kept.level, kept.wins, kept.layouts,
            ):  # fmt: skip
                tally.asked_again_differs += 1
                tally.examples.append(f"asked again, other advice: {name} seed {seed} card {middle}")
            break
        replay.apply(move)
    found = judge_deal(
        state, learner, name=str(seed), seed=seed, budget=120.0, judge=lambda view: advice[position_key(view)]
    )
    tally.mistake_deals += 1
    tally.mistakes_unjudged += found.unjudged
    for mistake in found.mistakes:
        tally.mistakes_found += 1
        tally.mistakes_points += mistake.kind == "points"
        coach = advice.get(len(mistake.problem.played))
        if coach is None or coach.card != mistake.played:
            continue
        if coach.guess:
            tally.mistakes_named_guess += 1
        else:
            tally.mistakes_named_sure += 1
            tally.examples.append(f"mistake named: {name} seed {seed} card {mistake.played.iss}")


def review(
    state: DealState, learner: Seat, advice: dict[int, CardAdvice], tally: Tally, name: str, seed: int
) -> None:
    declarer = state.declarer
    assert declarer is not None
    for found in advice.values():
        tally.hints += 1
        tally.guesses += found.guess
        tally.certain += found.certain
        tally.kept_points += found.card != found.expert
        shown, bad = chance_violations(found.reason)
        tally.chances_shown += shown
        tally.chances_without_interval += bad
    line = export(state).line
    if line is None:
        return
    try:
        record = GameRecord.from_iss_line(line, state.profile)
    except SkatError:
        return
    moves = [card for _seat, card in state.cards_played]
    verdicts = card_verdicts(
        record, moves, learner, time_limit=VERDICT_SECONDS, judge=lambda view: advice[position_key(view)]
    )
    for v in verdicts:
        coach = advice.get(v.index)
        if coach is None:
            continue
        tally.reviewed += 1
        sure = v.card == coach.card and not coach.guess
        if sure and v.costly:
            tally.blamed_sure += 1
            tally.examples.append(f"blamed: {name} seed {seed} card {v.index} {v.card.iss}")
        if sure and v.lost_it:
            tally.old_blamed_sure += 1
        tally.unlucky += v.unlucky
    # points for nothing: each hint in a trick whose taker was settled
    analyzer = Analyzer(record)
    replay = record.deal_state()
    for index, card in enumerate(moves):
        mover = replay.to_move
        assert mover is not None
        coach = advice.get(index)
        if coach is not None and mover is learner and len(replay.legal_cards()) > 1:
            ctx = play_context(replay.view(learner))
            taker = trick_taker(ctx, coach.card)
            if taker is not None and taker is not learner and ctx.trick and not ctx.game.is_null:
                tally.settled += 1
                rivals = [
                    c for c in ctx.legal
                    if c != coach.card and trick_taker(ctx, c) is taker
                    and better_in_trick(coach.card, c, taker, learner, declarer, ctx.game)
                ]  # fmt: skip
                if any(c in coach.level for c in rivals):
                    tally.points_for_nothing += 1
                    tally.examples.append(f"points (judge): {name} seed {seed} card {index} {coach.card.iss}")
                if rivals:
                    outcomes = {
                        o.card: o.declarer_wins
                        for o in analyzer.outcomes(replay, node_limit=None, time_limit=VERDICT_SECONDS)
                    }
                    mine = outcomes.get(coach.card)
                    if mine is not None and any(outcomes.get(c) is mine for c in rivals):
                        tally.points_for_nothing_open += 1
                        tally.examples.append(
                            f"points (open hands): {name} seed {seed} card {index} {coach.card.iss} vs "
                            + " ".join(c.iss for c in rivals if outcomes.get(c) is mine)
                        )
        replay.apply(PlayCard(mover, card))
        if replay.phase is Phase.FINISHED:
            break


def report(title: str, t: Tally) -> None:
    print(f"\n== {title}: {t.deals} deals, {t.played} with a card play, {t.hints} card hints")
    print(
        f"1. reviews blaming a card the coach suggested as sure: {share(t.blamed_sure, t.reviewed)}  (goal 0)"
    )
    print(
        f"   (the open-hand review alone would have blamed: {share(t.old_blamed_sure, t.reviewed)}; now said"
    )
    print(f"   to be the layout's fault: {t.unlucky})")
    print(
        "2. hints losing card points for nothing, by the judge: "
        f"{share(t.points_for_nothing, t.settled)}  (goal 0)"
    )
    print(f"   ... by the open-hand solver on the real layout: {share(t.points_for_nothing_open, t.settled)}")
    print(
        f"   (hints in a settled trick: {t.settled}; the coach moved the expert's card to keep points: "
        f"{t.kept_points})"
    )
    print(
        f"3. in-play chances shown without an interval: {share(t.chances_without_interval, t.chances_shown)}"
        "  (goal 0)"
    )
    print(
        f"   guesses (too few layouts, no chance stated): {share(t.guesses, t.hints)}; settled: {t.certain}"
    )
    print(
        f"   time per hint: p50 {percentile(t.seconds, 0.5):.2f} s, p95 {percentile(t.seconds, 0.95):.2f} s"
    )
    print(
        '4. "Find my mistakes" naming a card the coach suggested as sure: '
        f"{share(t.mistakes_named_sure, t.reviewed)}  (goal 0)"
    )
    print(
        f"   (deals judged: {t.mistake_deals}; mistakes found: {t.mistakes_found}, of them points: "
        f"{t.mistakes_points}; naming the coach's guess: {t.mistakes_named_guess}; cards left unjudged: "
        f"{t.mistakes_unjudged})"
    )
    print(
        f"   the same view asked again gave other advice: {share(t.asked_again_differs, t.asked_again)}"
        "  (goal 0)"
    )


def pooled(tallies: dict[str, Tally]) -> Tally:
    total = Tally()
    for t in tallies.values():
        for key, value in vars(t).items():
            setattr(total, key, getattr(total, key) + value)
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--deals", type=int, default=200, help="self-played deals, both profiles (default 200)"
    )
    parser.add_argument("--seed", type=int, default=41000, help="first deal seed (default 41000)")
    parser.add_argument(
        "--nodes", type=int, default=OPPONENT_NODES, help="the opponents' solver nodes per card"
    )
    parser.add_argument("--json", type=Path, help="also write the tallies to this file (for --merge)")
    parser.add_argument("--merge", type=Path, nargs="+", help="report the tallies of these files together")
    args = parser.parse_args(argv)
    if args.merge:
        parts = [json.loads(path.read_text()) for path in args.merge]
        print(f"benchmarks/coach.py --merge {' '.join(str(p) for p in args.merge)}")
        for part in parts:
            print(f"  {part['command']}: {part['seconds']:.0f} s")
        merged = {
            name: pooled({str(i): Tally(**part["tallies"][name]) for i, part in enumerate(parts)})
            for name in ("international", "danish")
        }
        finish(merged, sum(part["seconds"] for part in parts))
        return 0
    warm_up(block=True)
    print(f"benchmarks/coach.py --deals {args.deals} --seed {args.seed} --nodes {args.nodes}; {load()}")
    began = time.perf_counter()
    tallies = {"international": Tally(), "danish": Tally()}
    for number in range(args.deals):
        seed = args.seed + number
        index = number % 2
        name = ("international", "danish")[index]
        learner = Seat(number // 2 % 3)
        play(index, seed, learner, args.nodes, tallies[name])
        if args.json is not None:  # after every deal: a run stopped by its time bound still counts
            save(args, tallies, time.perf_counter() - began, number + 1)
        if (number + 1) % 10 == 0:
            print(f"  {number + 1} deals in {time.perf_counter() - began:.0f} s; {load()}", flush=True)
        if (number + 1) % 50 == 0 and number + 1 < args.deals:
            print(f"\n-- interim figures after {number + 1} deals --")
            report("both profiles", pooled(tallies))
    finish(tallies, time.perf_counter() - began)
    return 0


def save(args: argparse.Namespace, tallies: dict[str, Tally], seconds: float, done: int) -> None:
    """The tallies so far as JSON (for --merge): the deals done of those asked, and the time taken."""
    command = f"--deals {args.deals} --seed {args.seed} --nodes {args.nodes} (done: {done})"
    data = {"command": command, "seconds": seconds, "tallies": {k: vars(t) for k, t in tallies.items()}}
    args.json.write_text(json.dumps(data))


def finish(tallies: dict[str, Tally], seconds: float) -> None:
    total = pooled(tallies)
    for name, t in tallies.items():
        report(name, t)
    report("both profiles", total)
    if total.examples:
        print("\nexamples:")
        for line in Counter(total.examples):
            print("  " + line)
    print(f"\n{seconds:.0f} s; {load()}")


if __name__ == "__main__":
    raise SystemExit(main())
