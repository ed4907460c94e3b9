"""Bitmask core of the open-hand solver: card layouts per game, the kernel backends and the root driver.

The kernel function (:func:`trainer.solver._kernel.search_iter`) runs as ordinary CPython code on lists, or
compiled on numpy arrays: ahead of time (an extension module built once per machine by
:mod:`trainer.solver.aot`, loaded in a millisecond) or by numba's JIT (``cache=True``; importing numba and
loading its cache takes a second or two). :func:`warm_up` loads or builds the compiled form, in the
background if asked, while :class:`Engine` keeps answering with the CPython backend.

Internal card layout (per game): every follow-suit group is a run of bits ordered from weakest to strongest,
the trump group on the top bits. Grand: four plain suits of 7 (7 8 9 Q K 10 A) on bits 0..27, Jacks on
28..31 (♦J ♥J ♠J ♣J). Suit game: the three plain suits on 0..20, the trump suit's 7 cards on 21..27 and
the Jacks on 28..31. Null: four suits of 8 in the order 7 8 9 10 J Q K A, no trumps.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import threading
import time
import types
import weakref
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from trainer.cards import ALL_CARDS, PLAYING_SEATS, Card, Rank, Suit
from trainer.games import GameType
from trainer.solver import _kernel as py_kernel

_PLAIN_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)
_NULL_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
_LOG37 = py_kernel.make_log_table()
#: Positions with at least this many cards in hands split the root over two threads (compiled kernel).
_PARALLEL_MIN_CARDS = 15
COMPILED_TT_BITS = 19
"""Default table size of the compiled kernel: 2**19 entries (4 MB). Measured (opening, all cards exact,
40 deals): 2**21 entries take 6% fewer nodes, but the median deal takes 15% longer, as most reads of a
16 MB table miss the cache; 2**18 entries cost 12% more nodes than 2**19 and save no time."""
PYTHON_TT_BITS = 16
"""Default table size of the CPython kernel (it searches small endings only)."""


@dataclass(frozen=True)
class Layout:
    """How one game maps the 32 cards onto internal bits, and which bits group together."""

    game: GameType
    to_internal: tuple[int, ...]
    """Card.index -> internal index."""
    to_card: tuple[Card, ...]
    """internal index -> Card."""
    group: tuple[int, ...]
    """internal index -> follow-suit group."""
    group_mask: tuple[int, ...]
    trump_mask: int
    points: tuple[int, ...]
    """internal index -> card points."""

    def mask(self, cards: tuple[Card, ...] | list[Card] | frozenset[Card]) -> int:
        m = 0
        for card in cards:
            m |= 1 << self.to_internal[card.index]
        return m

    def cards(self, mask: int) -> list[Card]:
        return [self.to_card[i] for i in range(32) if mask >> i & 1]


def _build_layout(game: GameType) -> Layout:
    slots: list[tuple[Card, int]] = []  # (card, group) in internal order
    if game.is_null:
        for g, suit in enumerate(Suit):
            slots.extend((Card(suit, rank), g) for rank in _NULL_ORDER)
    else:
        trump = game.trump_suit
        plain = [s for s in Suit if s is not trump]
        for g, suit in enumerate(plain):
            slots.extend((Card(suit, rank), g) for rank in _PLAIN_ORDER)
        tg = len(plain)
        if trump is not None:
            slots.extend((Card(trump, rank), tg) for rank in _PLAIN_ORDER)
        slots.extend((Card(suit, Rank.JACK), tg) for suit in Suit)
    assert len(slots) == 32
    to_internal = [0] * 32
    for i, (card, _) in enumerate(slots):
        to_internal[card.index] = i
    groups = tuple(g for _, g in slots)
    group_mask = [0] * 8
    for i, g in enumerate(groups):
        group_mask[g] |= 1 << i
    trump_mask = 0 if game.is_null else group_mask[groups[31]]
    return Layout(
        game=game,
        to_internal=tuple(to_internal),
        to_card=tuple(card for card, _ in slots),
        group=groups,
        group_mask=tuple(group_mask),
        trump_mask=trump_mask,
        points=tuple(card.points for card, _ in slots),
    )


_LAYOUTS = {game: _build_layout(game) for game in GameType}
assert all(
    sum(1 << bin(m).count("1") for m in lay.group_mask if m) <= py_kernel.CANON_WORDS
    for lay in _LAYOUTS.values()
), "the kernel's canonical forms need more scratch"


def layout_for(game: GameType) -> Layout:
    return _LAYOUTS[game]


def trick_winner_position(game: GameType, trick: tuple[Card, ...] | list[Card]) -> int:
    """Position (0..2 in play order) of the card that wins a complete trick, by the kernel's own rule."""
    lay = _LAYOUTS[game]
    i0, i1, i2 = (lay.to_internal[card.index] for card in trick)
    return py_kernel.winner_of(i0, i1, i2, lay.trump_mask, lay.group)


# ---- backends -----------------------------------------------------------------------------------------
#
# The same kernel function runs three ways: CPython on lists (always there, slow), compiled ahead of time
# (an extension module built once per machine, see :mod:`trainer.solver.aot`; loads in a millisecond) and
# compiled by numba's JIT (cached on disk; importing numba and loading the cache takes a second or two).
# "fast" below is whichever compiled form this process has.

_jit_lock = threading.Lock()
_fast_kernel: Any = None
_fast_ready = threading.Event()
_jit_failed: str | None = None
_warm_thread: threading.Thread | None = None
_compile_seconds: float | None = None
_AOT_POLL_SECONDS = 0.25


def numba_available() -> bool:
    return _numba_installed() and os.environ.get("SKAT_SOLVER_BACKEND") != "python"


@functools.cache
def _numba_installed() -> bool:
    """Whether numba can be imported, looked up once: the search asks before every position, and a module
    look-up walks the import path (half a millisecond)."""
    return importlib.util.find_spec("numba") is not None


def _load_jit_kernel() -> Any:
    """The kernel with ``search_iter`` compiled by numba's JIT (cached on disk next to the source)."""
    import numba

    i64 = numba.int64
    arr = numba.int64[::1]
    signature = i64(*([i64] * 12), *([arr] * 9))
    compiled = numba.njit(signature, cache=True, nogil=True)(py_kernel.search_iter)
    return types.SimpleNamespace(search_iter=compiled, nogil=True, kind="jit")


def _load_aot_kernel() -> Any:
    """The ahead-of-time module's kernel, or None when it is not built."""
    if os.environ.get("SKAT_TRAINER_NO_AOT"):
        return None
    from trainer.solver import aot

    module = aot.load()
    if module is None:
        return None
    return types.SimpleNamespace(search_iter=module.search_iter, nogil=aot.RELEASES_GIL, kind="aot")


def _check(kernel: Any) -> None:
    """One tiny solve, so a kernel that loads but cannot run is caught here."""
    engine = Engine(GameType.GRAND, 0, _tiny_hands(), tt_bits=py_kernel.MIN_TBITS, backend_kernel=kernel)
    engine.exact_values(_tiny_hands(), leader=0)


def _install(kernel: Any, start: float) -> Any:
    global _fast_kernel, _compile_seconds
    _check(kernel)
    _compile_seconds = time.perf_counter() - start
    _fast_kernel = kernel
    _fast_ready.set()
    return kernel


def _try_aot() -> Any:
    """Load the ahead-of-time kernel if it is built (thread-safe); None otherwise."""
    with _jit_lock:
        if _fast_kernel is not None:
            return _fast_kernel
        start = time.perf_counter()
        kernel = _load_aot_kernel()
        if kernel is None:
            return None
        try:
            return _install(kernel, start)
        except Exception:  # pragma: no cover - a broken build: the JIT still works
            return None


def _compile() -> Any:
    """The compiled kernel, made ready once (thread-safe): the ahead-of-time module when it is built, else
    numba's JIT; None if neither can be had."""
    global _jit_failed
    kernel = _try_aot()
    if kernel is not None:
        return kernel
    with _jit_lock:
        if _fast_kernel is not None or _jit_failed is not None:
            return _fast_kernel
        start = time.perf_counter()
        try:
            return _install(_load_jit_kernel(), start)
        except Exception as exc:  # pragma: no cover - depends on the machine
            _jit_failed = f"{type(exc).__name__}: {exc}"
            return None


def _background() -> None:
    """Warm-up thread: load the ahead-of-time kernel (numpy's import is most of a fresh process's start-up,
    so it happens here, not before the first request is read); else start building it and wait for the build
    (another process compiles it, leaving this one responsive); else compile with the JIT here."""
    from trainer.solver import aot

    if _try_aot() is not None:
        return
    aot.start_build()
    while aot.building() and _try_aot() is None:
        time.sleep(_AOT_POLL_SECONDS)
    _compile()


def _tiny_hands() -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    return (ALL_CARDS[0:2], ALL_CARDS[8:10], ALL_CARDS[16:18])


def warm_up(block: bool = True) -> bool:
    """Make the compiled kernel ready: load the ahead-of-time module when it is built (about 0.2 s, most of
    it numpy's import), else start building it in a separate process and compile with numba's JIT meanwhile.
    ``block=False`` returns at once and does all of that in a thread (until the kernel is ready,
    ``backend="auto"`` uses CPython); ``block=True`` waits.
    Returns whether the compiled kernel is ready."""
    global _warm_thread
    if not numba_available():
        return False
    if _fast_ready.is_set():
        return True
    if block:
        from trainer.solver import aot

        if _try_aot() is not None:
            return True
        aot.start_build()
        return _compile() is not None
    with _jit_lock:
        if _warm_thread is None and not _fast_ready.is_set():
            _warm_thread = threading.Thread(target=_background, name="solver-warm-up", daemon=True)
            _warm_thread.start()
    return _fast_ready.is_set()


def jit_ready() -> bool:
    """Whether a compiled kernel (ahead of time or JIT) is loaded in this process."""
    return _fast_ready.is_set()


def wait_ready(seconds: float) -> bool:
    """Whether the compiled kernel is ready, waiting up to ``seconds`` for a warm-up under way (a fresh
    process loads the ahead-of-time module in about 0.2 s); no wait when nothing is making it ready."""
    if _fast_ready.is_set():
        return True
    thread = _warm_thread
    if thread is None or not thread.is_alive() or seconds <= 0:
        return False
    return _fast_ready.wait(seconds)


def kernel_kind() -> str:
    """ "aot", "jit" or "python": what backend="auto" runs right now."""
    return str(_fast_kernel.kind) if _fast_ready.is_set() else "python"


def compile_seconds() -> float | None:
    """Seconds the compiled kernel took to become ready in this process (module load or JIT compile)."""
    return _compile_seconds


def choose_kernel(backend: str) -> tuple[Any, bool]:
    """The kernel for ``backend`` ("auto", "numba" or "python") and whether it is compiled."""
    if backend == "python" or not numba_available():
        return _PY_KERNEL, False
    if _fast_ready.is_set():
        return _fast_kernel, True
    if backend == "auto" and _warm_thread is not None:
        return _PY_KERNEL, False  # compiling in the background: don't block the caller
    kernel = _compile()
    if kernel is None:
        if backend == "numba":
            raise RuntimeError(f"numba kernel unavailable: {_jit_failed}")
        return _PY_KERNEL, False
    return kernel, True


_PY_KERNEL = types.SimpleNamespace(search_iter=py_kernel.search_iter, nogil=False, kind="python")


# ---- transposition tables -----------------------------------------------------------------------------


_PAD_WORDS = 16
"""Free words on either side of a thread's small arrays (two 64-byte cache lines): what one thread writes
while it searches (counters, scratch, its stack) never shares a cache line with what the other thread's
core uses, which would bounce the line between the cores (small arrays are otherwise allocated side by
side)."""


def _padded(values: Any) -> Any:
    """A copy of the numpy array ``values`` in memory of its own (a view into a larger, padded buffer)."""
    import numpy as np

    buffer = np.zeros(len(values) + 2 * _PAD_WORDS, dtype=np.int64)
    view = buffer[_PAD_WORDS : _PAD_WORDS + len(values)]
    view[:] = values
    return view


class _Table:
    """One transposition table and its generation: a new deal on the table takes the next generation, so
    the old entries simply stop matching (no clearing of megabytes per sampled world)."""

    def __init__(self, bits: int, compiled: bool) -> None:
        self.bits = bits
        self.compiled = compiled
        self.gen = 0
        if compiled:
            import numpy as np

            self.data: Any = np.zeros(py_kernel.table_size(bits), dtype=np.int64)
        else:
            self.data = [0] * py_kernel.table_size(bits)

    def next_generation(self) -> int:
        """The next generation's number, with the occupancy filter cleared (its bits say "stored in this
        generation")."""
        self.gen += 1
        if self.gen >= py_kernel.GEN_LIMIT:
            if self.compiled:
                self.data.fill(0)
            else:
                self.data[:] = [0] * len(self.data)
            self.gen = 1
        start = 1 << self.bits
        if self.compiled:
            self.data[start:] = 0
        else:
            self.data[start:] = [0] * (len(self.data) - start)
        return self.gen


class _TablePool:
    """Tables handed to one engine at a time and taken back when it is gone (kept up to a few per size)."""

    KEEP = 3

    def __init__(self) -> None:
        self._free: dict[tuple[int, bool], list[_Table]] = {}
        self._lock = threading.Lock()

    def lease(self, bits: int, compiled: bool) -> _Table:
        with self._lock:
            free = self._free.get((bits, compiled))
            if free:
                return free.pop()
        return _Table(bits, compiled)

    def release(self, table: _Table) -> None:
        with self._lock:
            free = self._free.setdefault((table.bits, table.compiled), [])
            if len(free) < self.KEEP:
                free.append(table)


_POOL = _TablePool()


# ---- the engine -----------------------------------------------------------------------------------------


@dataclass
class RootResult:
    """Outcome of a root search: exact values and, for cards not finished, known bounds."""

    values: dict[int, int]
    """internal card -> exact value (search units: points, or tricks in trick modes)."""
    bounds: dict[int, tuple[int, int]]
    """internal card -> (lower, upper) for every legal card, exact ones included (lower == upper)."""
    complete: bool
    nodes: int


class Engine:
    """One deal's search state for one scoring mode: the card ownership, the layout and a transposition
    table that survives across calls (other cards at the root, later replay steps).

    ``mode``: "points" (declarer's card points), "all_tricks" (tricks the declarer wins) or "null"
    (tricks the opponents win: the declarer avoids every trick when that equals the tricks left).
    """

    def __init__(
        self,
        game: GameType,
        declarer: int,
        hands: tuple[tuple[Card, ...], ...] | list[list[Card]] | Any,
        *,
        mode: str | None = None,
        tt_bits: int | None = None,
        backend: str = "auto",
        backend_kernel: Any = None,
    ) -> None:
        self.game = game
        self.declarer = declarer
        self.layout = layout_for(game)
        self.mode = mode or ("null" if game.is_null else "points")
        if backend_kernel is not None:
            self.kernel, self.compiled = backend_kernel, bool(backend_kernel.kind != "python")
        else:
            self.kernel, self.compiled = choose_kernel(backend)
        self.owner: dict[Card, int] = {}
        self._set_owner(hands)
        bits = tt_bits if tt_bits is not None else (COMPILED_TT_BITS if self.compiled else PYTHON_TT_BITS)
        bits = max(bits, py_kernel.MIN_TBITS)
        self.tt_bits = bits
        pts = list(self.layout.points) if self.mode == "points" else [0] * 32
        bonus = 0 if self.mode == "points" else 1
        invert = 1 if self.mode == "null" else 0
        self._table = _POOL.lease(bits, self.compiled)
        weakref.finalize(self, _POOL.release, self._table)
        cfg = [0] * py_kernel.CFG_SIZE
        cfg[py_kernel.DECL] = declarer
        cfg[py_kernel.INVERT] = invert
        cfg[py_kernel.BONUS] = bonus
        cfg[py_kernel.TMASK] = self.layout.trump_mask
        cfg[py_kernel.CAP] = 1 << 62
        cfg[py_kernel.TBITS] = bits
        cfg[py_kernel.GEN] = self._table.next_generation()
        cfg[py_kernel.UMR] = 1 if self.mode == "points" else 0
        cfg[py_kernel.ETC_MIN] = py_kernel.ETC_MIN_CARDS
        self.pts = pts
        self.bonus = bonus
        small: dict[str, list[int]] = {
            "pts": pts,
            "grp": list(self.layout.group),
            "gmask": list(self.layout.group_mask),
            "cfg": cfg,
            "stats": [0] * py_kernel.STATS_SIZE,
            "scr": [0] * py_kernel.SCRATCH_SIZE,
            "lg": list(_LOG37),
            "fs": [0] * py_kernel.FRAME_STACK_SIZE,
        }
        arrays: dict[str, Any]
        if self.compiled:
            import numpy as np

            arrays = {name: _padded(np.array(value, dtype=np.int64)) for name, value in small.items()}
        else:
            arrays = dict(small)
        arrays["tv"] = self._table.data
        self.a = arrays
        self.workers: list[dict[str, Any]] = [arrays]
        self._publish_owner()

    def _set_owner(self, hands: Any) -> None:
        self.owner = {card: seat for seat, hand in enumerate(hands) for card in hand}

    def _publish_owner(self) -> None:
        """Tell the kernel who holds each card (its canonical table keys depend on it)."""
        seats = [py_kernel.NO_OWNER] * 32
        for card, seat in self.owner.items():
            seats[self.layout.to_internal[card.index]] = seat
        for worker in self.workers:
            cfg = worker["cfg"]
            cfg[py_kernel.OWN : py_kernel.OWN + 32] = seats
            cfg[py_kernel.CANON_STAMP] += 1

    def clear(self) -> None:
        """Forget the transposition table (needed when the card ownership changes)."""
        gen = self._table.next_generation()
        for worker in self.workers:
            worker["cfg"][py_kernel.GEN] = gen

    def adopt(self, hands: Any) -> None:
        """Record who holds each card of ``hands``. Table entries stay valid while no card changes seat
        (cards new to the engine are simply added); a card that moved means another deal: start afresh."""
        added = False
        for seat, hand in enumerate(hands):
            for card in hand:
                known = self.owner.get(card)
                if known is None:
                    self.owner[card] = seat
                    added = True
                elif known != seat:
                    self._set_owner(hands)
                    self._publish_owner()
                    self.clear()
                    return
        if added:
            self._publish_owner()

    # ---- one root -------------------------------------------------------------------------------------
    def _args(self, hands: Any, leader: int, trick: tuple[Card, ...]) -> tuple[int, ...]:
        lay = self.layout
        h = [lay.mask(tuple(hand)) for hand in hands]
        n = sum(len(hand) for hand in hands)
        rp = sum(self.pts[i] for i in range(32) if (h[0] | h[1] | h[2]) >> i & 1)
        c = [lay.to_internal[card.index] for card in trick] + [0, 0]
        return (h[0], h[1], h[2], n, rp, leader, len(trick), c[0], c[1])

    def legal_internal(self, hands: Any, leader: int, trick: tuple[Card, ...]) -> list[int]:
        """Internal indices of the legal cards of the player to move."""
        lay = self.layout
        mover = (leader + len(trick)) % PLAYING_SEATS
        hand = lay.mask(tuple(hands[mover]))
        if trick:
            follow = hand & lay.group_mask[lay.group[lay.to_internal[trick[0].index]]]
            if follow:
                hand = follow
        return [i for i in range(32) if hand >> i & 1]

    def max_value(self, hands: Any, trick: tuple[Card, ...]) -> int:
        """The largest value any line can reach from here (all remaining points and tricks)."""
        lay = self.layout
        cards = [card for hand in hands for card in hand] + list(trick)
        total: int = sum(self.pts[lay.to_internal[c.index]] for c in cards)
        return total + self.bonus * (len(cards) // PLAYING_SEATS)

    def exact_values(
        self,
        hands: Any,
        leader: int,
        trick: tuple[Card, ...] = (),
        *,
        node_limit: int | None = None,
        time_limit: float | None = None,
        targets: dict[int, int] | None = None,
        tolerance: int = 0,
        decide: Sequence[int] = (),
        cards: Collection[int] | None = None,
        chunk: int | None = None,
        parallel: bool = True,
        window: int | None = None,
        order: Sequence[int] | None = None,
        guess: int | None = None,
    ) -> RootResult:
        """Exact value of every legal card of the player to move (MTD(f) per card, sharing the table).

        With ``targets`` (card -> threshold) only answers "value >= threshold?" per card, which is what
        the yes/no questions (null, schwarz) need; the returned bounds then settle that question.
        ``tolerance``: stop a card once its bounds are that close (the last probes next to the value are the
        dearest); ``decide``: values every card's bounds must not straddle (a win line, say) even then.
        ``cards``: only these legal cards (internal indices). Stops early at ``node_limit`` nodes or
        ``time_limit`` seconds, returning what is known; the clock is read between slices of ``chunk``
        nodes. ``parallel=False`` keeps to one thread (the answer then never depends on thread timing).
        ``window``: a card worse for the player to move than the best card found so far by more than this
        only gets a bound on that side (it is out of the running anyway); ``order``: the cards to solve
        first (likely best first makes the window cut most); ``guess``: where the first card's search
        starts.
        """
        self.adopt(hands)
        args = self._args(hands, leader, trick)
        deadline = None if time_limit is None else time.perf_counter() + time_limit
        # Without limits a probe runs to the end; with them it runs in slices (an interrupted slice keeps
        # the table entries of every finished subtree, so resuming loses little).
        if chunk is None:
            chunk = 1 << 60
            if node_limit is not None or time_limit is not None:
                chunk = 250_000 if self.compiled else 20_000
        top = self.max_value(hands, trick)
        legal = self.legal_internal(hands, leader, trick)
        if cards is not None:
            wanted = set(cards)
            legal = [i for i in legal if i in wanted]
        rep = self._representatives(args, legal, trick)
        todo = sorted(set(rep.values()), key=lambda c: -self.pts[c])
        if order is not None:
            rank = {rep.get(c, c): k for k, c in reversed(list(enumerate(order)))}
            todo.sort(key=lambda c: rank.get(c, len(rank)))
        bounds: dict[int, tuple[int, int]] = {i: (0, top) for i in legal}
        lines = tuple(t for t in decide if 0 < t <= top)
        maximising = (leader + len(trick)) % PLAYING_SEATS == self.declarer
        cut: list[int | None] = [None]  # the window's edge, from the best card solved so far

        def out_of_window(lo: int, hi: int, edge: int | None) -> bool:
            return edge is not None and (hi < edge if maximising else lo > edge)

        def settled(card: int, lo: int, hi: int, edge: int | None = None) -> bool:
            if targets is not None:
                return not lo < targets[card] <= hi
            near = hi - lo <= tolerance or out_of_window(lo, hi, edge)
            return near and not any(lo < t <= hi for t in lines)

        lock = threading.Lock()
        stopped = threading.Event()
        # Split the root over two cores when the compiled kernel runs (it releases the GIL); both threads
        # share the transposition table, whose entries are single words.
        parallel = parallel and self.compiled and bool(getattr(self.kernel, "nogil", False))
        n_workers = 2 if (parallel and args[3] >= _PARALLEL_MIN_CARDS and len(todo) > 1) else 1
        budget = None if node_limit is None else max(1, node_limit // n_workers)
        nodes = [0] * n_workers

        def run(w: int) -> None:
            worker = self._worker(w)
            stats = worker["stats"]
            start_nodes = int(stats[py_kernel.NODES])
            budget_end = None if budget is None else start_nodes + budget
            start = top // 2 if guess is None else min(max(guess, 0), top)
            wide = guess is None
            try:
                while not stopped.is_set():
                    with lock:
                        if not todo:
                            return
                        card = todo.pop(0)
                        edge = cut[0]
                    lo, hi = self._solve_card(
                        worker, args, card, top, start, chunk, budget_end, deadline,
                        None if targets is None else targets[card], tolerance, lines,
                        edge, maximising, wide,
                    )  # fmt: skip
                    wide = False
                    bounds[card] = (lo, hi)
                    if not settled(card, lo, hi, edge):
                        stopped.set()
                    elif targets is None and not out_of_window(lo, hi, edge):
                        start = (lo + hi) // 2
                        if window is not None:
                            with lock:
                                mid = start - window if maximising else start + window
                                if cut[0] is None or (mid > cut[0] if maximising else mid < cut[0]):
                                    cut[0] = mid
            finally:
                worker["cfg"][py_kernel.CAP] = 1 << 62
                nodes[w] = int(stats[py_kernel.NODES]) - start_nodes

        helpers = [threading.Thread(target=run, args=(w,), daemon=True) for w in range(1, n_workers)]
        for thread in helpers:
            thread.start()
        run(0)
        for thread in helpers:
            thread.join()
        for i in legal:
            bounds[i] = bounds[rep[i]]
        total = sum(nodes)
        values = {i: lo for i, (lo, hi) in bounds.items() if lo == hi}
        complete = all(settled(rep[i], lo, hi, cut[0]) for i, (lo, hi) in bounds.items())
        return RootResult(values=values, bounds=bounds, complete=complete, nodes=total)

    def _representatives(
        self, args: tuple[int, ...], legal: list[int], trick: tuple[Card, ...]
    ) -> dict[int, int]:
        """Interchangeable legal cards (same group, same points, nothing in play between them) share one
        search: card -> the strongest card of its run."""
        in_play = args[0] | args[1] | args[2]
        for card in trick:
            in_play |= 1 << self.layout.to_internal[card.index]
        legal_mask = 0
        for i in legal:
            legal_mask |= 1 << i
        rep: dict[int, int] = {}
        for i in sorted(legal, reverse=True):
            j = i + 1
            while j < 32 and not (in_play >> j & 1):
                j += 1
            same = j < 32 and self.layout.group[j] == self.layout.group[i] and self.pts[j] == self.pts[i]
            rep[i] = rep[j] if same and legal_mask >> j & 1 else i
        return rep

    def _worker(self, w: int) -> dict[str, Any]:
        """Per-thread arrays (counters, limits, scratch, stack) over the shared tables."""
        while len(self.workers) <= w:
            base = self.workers[0]
            clone = dict(base)
            for name in ("cfg", "stats", "scr", "fs"):
                clone[name] = _padded(base[name]) if self.compiled else base[name].copy()
            clone["stats"][:] = [0] * len(clone["stats"])
            self.workers.append(clone)
        return self.workers[w]

    def _solve_card(
        self,
        worker: dict[str, Any],
        args: tuple[int, ...],
        card: int,
        top: int,
        guess: int,
        chunk: int,
        budget_end: int | None,
        deadline: float | None,
        target: int | None,
        tolerance: int = 0,
        lines: tuple[int, ...] = (),
        edge: int | None = None,
        maximising: bool = True,
        wide: bool = False,
    ) -> tuple[int, int]:
        """Bounds (lo, hi) on one card's value: at most ``tolerance`` apart and on one side of every value
        in ``lines``, unless a cap stopped the search. With ``target`` a single probe: does the value reach
        it? With ``edge`` a card beyond it (below for the maximising side, above for the other) stops at
        that bound. ``wide``: no guess to start from, so an exact value starts with one full-window search."""
        stats = worker["stats"]
        cfg = worker["cfg"]
        arrays = (worker["pts"], worker["grp"], worker["gmask"], cfg, stats, worker["tv"], worker["scr"])
        kernel = self.kernel

        def probe(beta: int, low: int | None = None) -> int | None:
            """Null-window test around ``beta`` (or the window ``low``, ``beta``); None when the node/time
            cap stopped it."""
            if low is None:
                low = beta - 1
            while True:
                if deadline is not None and time.perf_counter() >= deadline:
                    return None
                cap = stats[py_kernel.NODES] + chunk
                if budget_end is not None:
                    cap = min(budget_end, cap)
                cfg[py_kernel.CAP] = cap
                stats[py_kernel.ABORTED] = 0
                value = int(kernel.search_iter(*args, card, low, beta, *arrays, worker["lg"], worker["fs"]))
                if not stats[py_kernel.ABORTED]:
                    return value
                if budget_end is not None and stats[py_kernel.NODES] >= budget_end:
                    return None

        lo, hi = 0, top
        if target is not None:
            got = probe(target)
            if got is None:
                return lo, hi
            return (got, hi) if got >= target else (lo, got)
        # MTD(f) with a growing step: a run of probes that fail the same way doubles the step, so a poor
        # first guess costs a few probes instead of one per point; once probes have failed both ways the
        # value is bracketed and each probe halves the interval (measured: 3% fewer nodes than stepping on).
        if edge is not None and 0 <= edge < top:
            got = probe(edge if maximising else edge + 1)
            if got is None:
                return lo, hi
            if got >= (edge if maximising else edge + 1):
                lo = got
            else:
                hi = got
        if wide and tolerance == 0 and edge is None:
            # measured: one full-window search of the first card takes fewer nodes than its null-window
            # probes from a blind guess (all cards exact at the opening: 5% fewer nodes)
            got = probe(top + 1, -1)
            if got is None:
                return lo, hi
            return got, got
        beta = min(max(guess, lo + 1), hi)
        step = 1
        last = 0
        turned = False
        while hi - lo > tolerance and not (edge is not None and (hi < edge if maximising else lo > edge)):
            got = probe(beta)
            if got is None:
                return lo, hi
            direction = 1 if got >= beta else -1
            if direction > 0:
                lo = got
            else:
                hi = got
            turned = turned or (last != 0 and direction != last)
            step = step * 2 if direction == last else 1
            last = direction
            # once bracketed, halve what is left
            beta = (lo + hi + 1) // 2 if turned else (lo + step if direction > 0 else hi + 1 - step)
            beta = min(max(beta, lo + 1), hi)
        for line in lines:
            if lo < line <= hi:
                got = probe(line)
                if got is None:
                    return lo, hi
                if got >= line:
                    lo = got
                else:
                    hi = got
        return lo, hi
