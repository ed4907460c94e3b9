"""The solver's exact reductions and root options against the plain reference minimax.

* Unequal-card reduction: positions dealt in runs of neighbouring cards (A-10-K-Q of a suit in one hand)
  are where it prunes; the values must still be the reference's.
* ``tolerance`` / ``decide`` / ``cards``: the bounds always hold the exact value, are at most the tolerance
  apart, never straddle a line to decide, and cover exactly the cards asked for.
* Reused tables: an engine on a table another deal used (the pool hands tables on, each deal takes a new
  generation) gets the same values as on a fresh one, also across the generation counter's wrap-around.
* The ahead-of-time build, when this machine has one, answers as the CPython kernel does.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.cards import Card, Rank, Suit
from trainer.games import GameType
from trainer.solver import _kernel, aot, numba_available
from trainer.solver.core import _POOL, Engine, layout_for

from .reference import card_values, is_trump, legal, random_ending

BACKENDS = [
    "python",
    pytest.param("numba", marks=pytest.mark.skipif(not numba_available(), reason="no numba")),
]
RANK_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)


def run_ending(
    rng: random.Random, size: int, game: GameType
) -> tuple[int, int, list[list[Card]], tuple[Card, ...]]:
    """A position dealt in runs: each suit in rank order (and the Jacks) cut into blocks of 1-3 neighbouring
    cards, each block to one player with room, so players hold connected cards of unequal points."""
    suits = list(Suit)
    rng.shuffle(suits)
    pool = [Card(suit, rank) for suit in suits for rank in RANK_ORDER] + [Card(s, Rank.JACK) for s in Suit]
    blocks: list[list[Card]] = []
    i = 0
    while i < len(pool):
        n = rng.randint(1, 3)
        blocks.append(pool[i : i + n])
        i += n
    rng.shuffle(blocks)
    hands: list[list[Card]] = [[], [], []]
    for block in blocks:
        room = [s for s in range(3) if len(hands[s]) < size]
        if not room:
            break
        seat = rng.choice(room)
        for card in block:
            if len(hands[seat]) < size:
                hands[seat].append(card)
    declarer = rng.randrange(3)
    leader = rng.randrange(3)
    trick: list[Card] = []
    for j in range(rng.choice((0, 1, 2))):
        seat = (leader + j) % 3
        card = rng.choice(legal(frozenset(hands[seat]), tuple(trick), game))
        hands[seat].remove(card)
        trick.append(card)
    return declarer, leader, hands, tuple(trick)


def _values(engine: Engine, hands: list[list[Card]], leader: int, trick: tuple[Card, ...]) -> dict[Card, int]:
    lay = engine.layout
    result = engine.exact_values(hands, leader, trick)
    assert result.complete
    return {lay.to_card[i]: v for i, v in result.values.items()}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("game", [GameType.GRAND, GameType.HEARTS, GameType.CLUBS])
def test_runs_of_unequal_cards_keep_the_reference_values(backend: str, game: GameType) -> None:
    rng = random.Random(f"runs-{game.value}")
    for _ in range(25):
        declarer, leader, hands, trick = run_ending(rng, rng.choice((4, 5)), game)
        engine = Engine(game, declarer, hands, backend=backend)
        assert _values(engine, hands, leader, trick) == card_values(
            game, declarer, hands, leader, trick, "points"
        )


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    ("mode", "reference_mode"),
    [("points", "points"), ("all_tricks", "declarer_tricks"), ("null", "opponent_tricks")],
)
def test_sure_tricks_keep_the_reference_values(backend: str, mode: str, reference_mode: str) -> None:
    """The sure-tricks bound (the top trump's holder wins a trick with each of his top trumps; a leader with
    every trump left may cash his top plain cards) on endings where the leader holds every trump left, so
    both parts apply from the root on: the values are the reference's and the bound decided nodes. In null
    (exact trick counts) nobody wants tricks, so cashing is no bound there: the values must still match."""
    rng = random.Random(f"sure-{mode}")
    games = (GameType.NULL,) if mode == "null" else tuple(g for g in GameType if not g.is_null)
    found = 0
    cuts = 0
    while found < 20:
        game, declarer, leader, hands, _trick, _skat = random_ending(
            rng, rng.choice((4, 5)), games, mid_trick=False
        )
        others = hands[(leader + 1) % 3] + hands[(leader + 2) % 3]
        if mode != "null" and (
            any(is_trump(card, game) for card in others) or not any(is_trump(c, game) for c in hands[leader])
        ):
            continue
        found += 1
        engine = Engine(game, declarer, hands, mode=mode, backend=backend)
        assert _values(engine, hands, leader, ()) == card_values(
            game, declarer, hands, leader, (), reference_mode
        )
        cuts += int(engine.a["stats"][_kernel.SURE_CUTS])
    assert cuts > 0 or mode == "null"


@pytest.mark.parametrize("backend", BACKENDS)
def test_tolerance_and_lines_bound_the_exact_value(backend: str) -> None:
    rng = random.Random(2202)
    games = tuple(g for g in GameType if not g.is_null)
    for _ in range(30):
        game, declarer, leader, hands, trick, _skat = random_ending(rng, 5, games)
        exact = card_values(game, declarer, hands, leader, trick, "points")
        tolerance = rng.choice((1, 2, 5))
        lines = sorted(rng.sample(range(1, 60), 2))
        engine = Engine(game, declarer, hands, backend=backend)
        lay = layout_for(game)
        result = engine.exact_values(hands, leader, trick, tolerance=tolerance, decide=lines)
        assert result.complete
        assert {lay.to_card[i] for i in result.bounds} == set(exact)
        for i, (lo, hi) in result.bounds.items():
            value = exact[lay.to_card[i]]
            assert lo <= value <= hi
            assert hi - lo <= tolerance
            assert not any(lo < line <= hi for line in lines)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_subset_of_cards_gets_the_same_values(backend: str) -> None:
    rng = random.Random(77)
    for _ in range(15):
        game, declarer, leader, hands, trick, _skat = random_ending(rng, 4, (GameType.GRAND, GameType.SPADES))
        engine = Engine(game, declarer, hands, backend=backend)
        lay = layout_for(game)
        legal_cards = engine.legal_internal(hands, leader, trick)
        subset = legal_cards[: max(1, len(legal_cards) // 2)]
        part = engine.exact_values(hands, leader, trick, cards=subset)
        assert set(part.bounds) == set(subset)
        exact = card_values(game, declarer, hands, leader, trick, "points")
        assert {lay.to_card[i]: v for i, v in part.values.items()} == {
            lay.to_card[i]: exact[lay.to_card[i]] for i in subset
        }


@given(st.integers(0, 10_000))
@settings(max_examples=25, deadline=None)
def test_a_table_reused_by_another_deal_gives_the_reference_values(seed: int) -> None:
    """Consecutive engines on the pool's tables (python backend): each deal's values are the reference's,
    whatever the previous deal left in the table."""
    rng = random.Random(seed)
    for _ in range(2):
        game, declarer, leader, hands, trick, _skat = random_ending(rng, 4)
        engine = Engine(game, declarer, hands, backend="python", mode="null" if game.is_null else "points")
        got = engine.exact_values(hands, leader, trick)
        assert got.complete
        mode = "opponent_tricks" if game.is_null else "points"
        lay = layout_for(game)
        assert {lay.to_card[i]: v for i, v in got.values.items()} == card_values(
            game, declarer, hands, leader, trick, mode
        )
        del engine


def test_the_generation_wraps_around_to_an_empty_table() -> None:
    table = _POOL.lease(_kernel.MIN_TBITS, False)
    table.data[5] = 12345
    table.gen = _kernel.GEN_LIMIT - 1
    assert table.next_generation() == 1
    assert not any(table.data)
    _POOL.release(table)


def test_a_new_generation_clears_the_occupancy_filter() -> None:
    """The filter behind the entries says "stored in this generation": a solve sets bits, the next generation
    (another deal on the table) starts with none, and the solve there still gives the reference values."""
    rng = random.Random(11)
    game, declarer, leader, hands, trick, _skat = random_ending(rng, 5, (GameType.GRAND,))
    engine = Engine(game, declarer, hands, backend="python")
    engine.exact_values(hands, leader, trick)
    data = engine.a["tv"]
    start = 1 << engine.tt_bits
    assert len(data) == _kernel.table_size(engine.tt_bits) == start + _kernel.filter_words(engine.tt_bits)
    assert any(data[start:])
    engine.clear()
    assert not any(data[start:])
    got = engine.exact_values(hands, leader, trick)
    lay = layout_for(game)
    assert {lay.to_card[i]: v for i, v in got.values.items()} == card_values(
        game, declarer, hands, leader, trick, "points"
    )


def test_the_kernel_counts_what_it_does() -> None:
    rng = random.Random(5)
    game, declarer, leader, hands, trick, _skat = random_ending(rng, 5, (GameType.GRAND,))
    engine = Engine(game, declarer, hands, backend="python")
    engine.exact_values(hands, leader, trick)
    stats = engine.a["stats"]
    assert stats[_kernel.NODES] > 0
    assert stats[_kernel.EXPANDED] >= stats[_kernel.CUT_FIRST] + stats[_kernel.CUT_LATER] > 0


def test_the_built_kernel_answers_as_cpython() -> None:
    """Runs where this machine has built the ahead-of-time module (skat-trainer builds it on first use)."""
    module = aot.load()
    if module is None:
        pytest.skip("the ahead-of-time kernel is not built on this machine")
    import types

    kernel = types.SimpleNamespace(search_iter=module.search_iter, nogil=False, kind="aot")
    rng = random.Random(404)
    for _ in range(20):
        game, declarer, leader, hands, trick, _skat = random_ending(rng, 4)
        mode = "null" if game.is_null else "points"
        fast = Engine(game, declarer, hands, mode=mode, backend_kernel=kernel)
        slow = Engine(game, declarer, hands, mode=mode, backend="python")
        assert (
            fast.exact_values(hands, leader, trick).values == slow.exact_values(hands, leader, trick).values
        )


def test_the_built_kernel_lets_other_threads_run_and_splits_alike() -> None:
    """The ahead-of-time module lets go of the GIL while it searches: with the interpreter told not to
    switch threads on its own for two seconds, another Python thread still counts during an opening's
    search (a module holding the GIL leaves it at 0), and the root split over two threads finds the values
    one thread finds."""
    import sys
    import threading
    import time

    from trainer.deal import Seat, random_deal
    from trainer.profiles import INTERNATIONAL
    from trainer.solver.core import _load_aot_kernel

    kernel = _load_aot_kernel()  # the kernel as the engine loads it
    if kernel is None:
        pytest.skip("the ahead-of-time kernel is not built on this machine")
    deal = random_deal(5, INTERNATIONAL)
    hands = [tuple(deal.hand(seat)) for seat in Seat]
    engine = Engine(GameType.GRAND, 0, hands, mode="points", backend_kernel=kernel)
    count = [0]
    done = threading.Event()

    def spin() -> None:
        while not done.is_set():
            count[0] += 1
            time.sleep(0)  # hands the GIL back at once when the search wants it

    interval = sys.getswitchinterval()
    sys.setswitchinterval(2.0)
    spinner = threading.Thread(target=spin, daemon=True)
    try:
        spinner.start()
        time.sleep(0.01)
        before = count[0]
        engine.exact_values(hands, 0, (), parallel=False, node_limit=300_000)
        during = count[0] - before
    finally:
        done.set()
        spinner.join()
        sys.setswitchinterval(interval)
    assert during > 0
    alone = Engine(GameType.GRAND, 0, hands, mode="points", backend_kernel=kernel)
    split = Engine(GameType.GRAND, 0, hands, mode="points", backend_kernel=kernel)
    assert split.exact_values(hands, 0, ()).values == alone.exact_values(hands, 0, (), parallel=False).values


def test_the_built_module_is_named_by_the_kernel_source(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    before = aot.module_name()
    changed = tmp_path / "_kernel.py"
    changed.write_text(aot._SOURCE.read_text() + "\n# changed\n")
    monkeypatch.setattr(aot, "_SOURCE", changed)
    aot.tag.cache_clear()
    try:
        assert aot.module_name() != before
    finally:
        monkeypatch.undo()
        aot.tag.cache_clear()
    assert aot.module_name() == before
