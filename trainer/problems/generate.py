"""Making problems from self-played deals, reproducibly from a seed.

Deal ``seed`` is dealt by the profile ``PROFILE_CYCLE[seed % 2]`` and played by three club players (their
choices seeded by the deal's seed; a Danish deal that goes to Ramse's skat round is passed over). Before
every card the seat to move has a choice of, its position is judged
(:func:`trainer.problems.judge.judge`, layouts seeded by the deal's seed and the card's number); of
the positions that make problems at most :data:`MAX_PER_DEAL` are kept, the clearest first. Each problem's
difficulty is the share of :data:`TRIES` seeded tries each of the beginner and the club player miss.

:func:`run` appends to a JSON Lines file and notes every finished seed beside it (``FILE.seeds``), so a run
that stops resumes where it stopped, and the same seeds give the same lines.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from multiprocessing import get_context
from pathlib import Path
from typing import Any, TextIO

from trainer.bots import choose
from trainer.cards import Card, Rank
from trainer.deal import Seat
from trainer.games import Declaration, GameType
from trainer.moves import Knock40, RamsePass
from trainer.problems.judge import Verdict, judge
from trainer.problems.model import NULL_SEEDS_FROM, Bidding, CardScore, Problem, dumps
from trainer.problems.position import Position
from trainer.problems.themes import tag
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.rules import DealState, Phase, SeatView, SkatGame
from trainer.rules import PlayCard as PlayCard

PROFILE_CYCLE: tuple[RuleProfile, RuleProfile] = (DANISH, INTERNATIONAL)
#: The players of the self-played deals.
PLAYER_LEVEL = "club"
#: The players whose misses seed a problem's difficulty, and how many seeded tries each gets.
DIFFICULTY_LEVELS = ("beginner", "club")
TRIES = 4
#: Problems kept from one deal at most (one per seat; variety: a deal's positions are alike).
MAX_PER_DEAL = 3


def position_of(state: DealState, view: SeatView) -> Position:
    """The position of the seat to move as its view shows it."""
    assert state.declaration is not None and state.declarer is not None
    knows_skat = view.seat == state.declarer and state.picked_up
    return Position(
        state.profile,
        state.declaration,
        state.declarer,
        view.seat,
        view.hand,
        state.cards_played,
        tuple(view.discards) if knows_skat else None,
        view.open_hands,
    )


def bidding_of(view: SeatView) -> Bidding | None:
    """The auction as ``view``'s seat heard it (None when the deal was set without one: no bid said)."""
    if view.bid is None or (not view.auction and view.knocker is None):
        return None
    meant = None
    for move in view.history:
        if isinstance(move, Knock40) and move.knock and move.seat is view.seat:
            meant = move.game
    return Bidding(view.auction, view.bid, view.knocker, meant)


def misses(view: SeatView, answer: tuple[Card, ...], seed: int) -> dict[str, float]:
    """Per level, the share of its seeded tries that pick a card outside the answer."""
    rates = {}
    for level in DIFFICULTY_LEVELS:
        wrong = 0
        for k in range(TRIES):
            move = choose(view, level, seed=seed * TRIES + k).move
            if not isinstance(move, PlayCard) or move.card not in answer:
                wrong += 1
        rates[level] = wrong / TRIES
    return rates


def make_problem(
    ident: str, position: Position, verdict: Verdict, view: SeatView, seed: int, deal_seed: int | None = None
) -> Problem:
    """The problem of a judged position; ``seed`` seeds the bots' tries that set its difficulty."""
    rates = misses(view, verdict.answer, seed)
    return problem_of(
        ident,
        position,
        verdict,
        difficulty=sum(rates.values()) / len(rates),
        misses=rates,
        deal_seed=deal_seed,
        auction=bidding_of(view),
    )


def problem_of(ident: str, position: Position, verdict: Verdict, **extra: Any) -> Problem:
    """A judged position as a problem, tagged with its themes: the one shape of every problem, the
    collection's and a learner's own mistakes'. Its example is the verdict's typical layout; ``extra`` sets
    what only some have (difficulty, the bots' misses, the deal seed, the auction)."""
    example = verdict.layout_set.layouts[verdict.typical_layout()]
    problem = Problem(
        id=ident,
        profile=position.profile.name,
        declaration=position.declaration,
        declarer=position.declarer,
        seat=position.seat,
        hand=position.hand,
        played=position.played,
        skat=position.skat,
        open_hands=position.open_hands,
        goal=verdict.goal,
        answer=verdict.answer,
        scores=tuple(CardScore(card, verdict.reached[card]) for card in position.legal_cards()),
        layouts=verdict.count,
        total_layouts=verdict.layout_set.total,
        sampled=verdict.layout_set.sampled,
        sample_seed=verdict.layout_set.seed,
        dominant=verdict.dominant,
        example=(example.hands, example.skat),
        **extra,
    )
    return _with_themes(problem)


def _with_themes(problem: Problem) -> Problem:
    from dataclasses import replace

    return replace(problem, themes=tag(problem))


def layout_seed(deal_seed: int, cards_played: int) -> int:
    """The seed of a position's layout sample: the deal's seed and how many cards lie played."""
    return deal_seed * 100 + cards_played


def problems_from_deal(seed: int) -> list[Problem]:
    """The problems one self-played deal yields (see the module docstring)."""
    profile = PROFILE_CYCLE[seed % len(PROFILE_CYCLE)]
    if seed >= NULL_SEEDS_FROM:
        null = null_deal(seed)
        if null is None:
            return []
        state = null
    else:
        state = SkatGame(profile).new_deal(seed)
    rng = random.Random(seed)
    found: list[tuple[float, int, Problem]] = []
    while state.phase is not Phase.FINISHED:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        if state.phase is Phase.PLAY and state.declarer is not None and len(state.legal_cards()) > 1:
            position = position_of(state, view)
            ply = len(state.cards_played)
            verdict = judge(position, layout_seed(seed, ply))
            if verdict is not None:
                ident = f"{profile.name[0]}{seed}-{ply}"
                found.append(
                    (
                        verdict.margin,
                        ply,
                        make_problem(ident, position, verdict, view, layout_seed(seed, ply), seed),
                    )
                )
        move = choose(view, PLAYER_LEVEL, rng=rng).move
        if isinstance(move, RamsePass):
            return []  # a Grand called after Ramse's skat round: the seats know passed cards a view omits
        state.apply(move)
    return _pick(found)


def _pick(found: list[tuple[float, int, Problem]]) -> list[Problem]:
    kept: list[Problem] = []
    seen: set[Seat] = set()
    for _margin, _ply, problem in sorted(found, key=lambda item: (-item[0], item[1])):
        if problem.seat in seen:  # one problem per seat: a seat's positions in one deal are alike
            continue
        seen.add(problem.seat)
        kept.append(problem)
        if len(kept) == MAX_PER_DEAL:
            break
    return sorted(kept, key=lambda p: p.trick_number)


def _done_seeds(path: Path) -> set[int]:
    done_file = path.with_name(path.name + ".seeds")
    if not done_file.exists():
        return set()
    return {int(line) for line in done_file.read_text().split() if line.strip()}


def _worker(seed: int) -> tuple[int, list[str]]:
    from trainer.solver import warm_up

    warm_up(True)
    return seed, [dumps(problem) for problem in problems_from_deal(seed)]


def run(
    out: Path,
    seed: int,
    count: int,
    *,
    workers: int = 1,
    progress: TextIO | None = sys.stderr,
    deal_problems: Callable[[int], tuple[int, list[str]]] = _worker,
) -> int:
    """Play deals ``seed`` .. ``seed + count - 1`` and append their problems to ``out``, skipping seeds
    already done; returns how many problems were added."""
    done = _done_seeds(out)
    todo = [s for s in range(seed, seed + count) if s not in done]
    done_file = out.with_name(out.name + ".seeds")
    added = 0
    start = time.monotonic()
    results: Iterable[tuple[int, list[str]]]
    pool = None
    if workers > 1:
        pool = get_context("spawn").Pool(workers)
        results = pool.imap(deal_problems, todo)
    else:
        results = map(deal_problems, todo)
    try:
        with out.open("a", encoding="utf-8") as sink, done_file.open("a", encoding="utf-8") as seeds:
            for number, (deal_seed, lines) in enumerate(results, start=1):
                for line in lines:
                    sink.write(line + "\n")
                sink.flush()
                seeds.write(f"{deal_seed}\n")
                seeds.flush()
                added += len(lines)
                if progress is not None:
                    hours = (time.monotonic() - start) / 3600
                    rate = added / hours if hours > 0 else 0.0
                    bar = _bar(number, len(todo))
                    progress.write(
                        f"\r{bar} deal {number}/{len(todo)} (seed {deal_seed}) · {added} problems · "
                        f"{rate:.0f}/hour "
                    )
                    progress.flush()
    finally:
        if pool is not None:
            pool.terminate()
    if progress is not None:
        progress.write("\n")
    return added


def _bar(done: int, total: int, width: int = 20) -> str:
    filled = width * done // max(total, 1)
    return "[" + "#" * filled + "." * (width - filled) + "]"


def iter_seeds(start: int, count: int) -> Iterator[int]:
    return iter(range(start, start + count))


def refresh(problem: Problem) -> Problem:
    """The problem with its themes tagged by today's tagger and its deal seed read from its layout seed
    (lines from before either changed come out as a run today makes them)."""
    from dataclasses import replace

    return replace(tag_again(problem), deal_seed=problem.sample_seed // 100)


def tag_again(problem: Problem) -> Problem:
    return _with_themes(problem)


_NULL_RANKS = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)


def _null_danger(cards: Iterable[Card]) -> int:
    """How dangerous cards are in null: the sum of their places in the null order (7 lowest)."""
    return sum(_NULL_RANKS.index(card.rank) for card in cards)


#: A null deal is played only when its declarer's ten cards (after the discard) are at most this dangerous.
NULL_MAX_DANGER = 18


def null_deal(seed: int) -> DealState | None:
    """Deal ``seed`` played as null by the seat whose hand is safest in null (picking up the skat and laying
    away its two most dangerous cards; the Danish form is Nul-ouvert), ready for the first lead; None when
    even that hand is too dangerous to make a null worth playing (most deals)."""
    profile = PROFILE_CYCLE[seed % len(PROFILE_CYCLE)]
    game = SkatGame(profile)
    deal = game.new_deal(seed).deal

    def kept(seat: Seat) -> list[Card]:
        twelve = [*deal.hand(seat), *deal.skat]
        return sorted(twelve, key=lambda c: (_NULL_RANKS.index(c.rank), c.index))

    declarer = min(Seat, key=lambda seat: (_null_danger(kept(seat)[:-2]), int(seat)))
    if _null_danger(kept(declarer)[:-2]) > NULL_MAX_DANGER:
        return None
    discards = tuple(kept(declarer)[-2:])
    value = profile.null_value(hand=False, ouvert=False)
    declaration = Declaration(GameType.NULL, ouvert=value is None)
    return game.with_contract(deal, declarer, declaration, bid=profile.min_bid, discards=discards)


def bid_deal(seed: int) -> DealState | None:
    """Deal ``seed`` bid, picked up and declared by the same players with the same seeded choices as in
    :func:`problems_from_deal`, standing where the play begins; None for a null deal (set without bidding)
    or one that goes to Ramse's skat round (neither has an auction a problem shows)."""
    if seed >= NULL_SEEDS_FROM:
        return None
    profile = PROFILE_CYCLE[seed % len(PROFILE_CYCLE)]
    state = SkatGame(profile).new_deal(seed)
    rng = random.Random(seed)
    while state.phase not in (Phase.PLAY, Phase.FINISHED):
        seat = state.to_move
        assert seat is not None
        move = choose(state.view(seat), PLAYER_LEVEL, rng=rng).move
        if isinstance(move, RamsePass):
            return None
        state.apply(move)
    return state


def goes_to_ramse(seed: int) -> bool:
    """Whether deal ``seed``, bid by the same players as :func:`problems_from_deal`, goes to Ramse's skat
    round (such deals make no problems)."""
    return seed < NULL_SEEDS_FROM and bid_deal(seed) is None


def replayed_auction(problem: Problem, state: DealState | None = None) -> Bidding | None:
    """The auction of a problem's deal, bid again from its deal seed (``state``: :func:`bid_deal` of it,
    when already at hand), for lines generated before problems carried their auction. Kept only when the
    replay agrees with everything the line stores: the same declarer and declaration, the seat's cards and
    every card played dealt to the seat that played it (the skat counted with the declarer's cards). None
    when it cannot be recovered: a null deal, or bots that now bid the deal otherwise."""
    if problem.auction is not None:
        return problem.auction
    if problem.deal_seed is None:
        return None
    if state is None:
        state = bid_deal(problem.deal_seed)
    if state is None or state.phase is not Phase.PLAY:
        return None
    if state.declarer != problem.declarer or state.declaration != problem.declaration:
        return None
    deal = state.deal
    for seat, card in problem.played:
        if card not in deal.hand(seat) and not (seat == problem.declarer and card in deal.skat):
            return None
    dealt = set(deal.hand(problem.seat))
    held = {*problem.hand, *(card for seat, card in problem.played if seat == problem.seat)}
    if problem.seat == problem.declarer and not problem.declaration.hand:
        dealt |= set(deal.skat)
        held |= set(problem.skat or ())
    if held != dealt:
        return None
    return bidding_of(state.view(problem.seat))
