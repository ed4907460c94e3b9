"""The bitmask search kernel: alpha-beta over single card plays with a transposition table.

Written in the subset of Python that numba compiles (no calls, no recursion: an explicit stack), so the one
function :func:`search_iter` runs as plain CPython (with lists), compiled by numba at run time, or compiled
ahead of time into an extension module (see :mod:`trainer.solver.core`). Everything here works on *internal*
card indices: inside each follow-suit group a higher index is a stronger card, and the trump group sits on
the top bits, so "does x beat the current winner w" is ``x > w and (x is a trump or x follows the led
group)``.

A search value is what the maximising side (the declarer) scores from the current trick on: the card
points of the tricks it wins (``pts``) plus ``cfg[BONUS]`` per trick won. With ``cfg[INVERT]`` set the
declarer scores the tricks the opponents win instead (null: the declarer wants them to take every trick).

Exact reductions of the moves (they never change a value):

* Equal cards: of a run of one player's cards with nothing else in play between them (a "run"), cards with
  the same points are interchangeable; only the strongest is searched.
* Unequal cards (points modes): when every way the rest of the trick can go gives the trick to the same
  side, the run's card with the most points is played if that side is the mover's, the one with the fewest
  otherwise. The run's cards keep the same power for the rest of the deal, so putting the points where they
  surely land is never worse.

Sure tricks bound every trick boundary before the table is asked: the player holding the top trump wins a
trick with each trump of his run of top trumps, whoever leads and whatever the others play (forced, so a
bound in every mode); a leader holding every trump left (or facing none, or whose run of top trumps is as
long as every other hand's trumps, so leading it draws them all) can also cash his run of top cards in each
plain suit, as nobody can ruff (a strategy, so a bound only where his side wants tricks: not in null). The
cards' points (and the bonus per trick) go to that side's score.

Canonical table keys: positions that differ only in which of some like cards are left have the same value,
as the game only sees, per group, the order of the cards left with their holders and points. So the table
key is a canonical form of the cards left: per group, each card left (weakest first) moves down to the
weakest card of the deal not yet used with the same holder and points. Per group and subset of its cards
the form is one scratch word, built once per deal; the kernel keeps the form of the cards in hands up to
date card by card (one look-up a card played). Measured (opening, all cards exact, 40 deals): 20% fewer
nodes in all, 7% fewer in the median deal.

The transposition table holds positions at trick boundaries (that key and the leader), one int64 per
entry so threads sharing a table never see half an entry: bits 0-7 lower bound, 8-15 upper bound, 16-21
best card + 1, 22-26 cards in hands, 27-45 the part of the key's hash the slot does not already say, 46-61
the table's generation (a new deal on a reused table bumps it instead of clearing the table).

Behind the table's ``2**tbits`` entries sits an occupancy filter, one bit per slot pair: set when an entry
of the current generation is stored in the pair, cleared (by the caller) with every new generation. A
look-up whose bit is clear knows the pair holds nothing of this deal without reading it: half the look-ups
find nothing, and the filter (1/64 of the table) stays in the cache where the table does not. Skipping a
read can only lose a cut-off, never change a value, so two threads racing on a filter word are harmless.
"""

from __future__ import annotations

from typing import Any

# Positions in the ``cfg`` array.
DECL = 0
INVERT = 1
BONUS = 2
TMASK = 3
CAP = 4
TBITS = 5
GEN = 6
UMR = 7
ETC_MIN = 8
CANON_STAMP = 9
"""Bumped by the caller whenever the owners below change: the kernel then rebuilds its canonical forms."""
OWN = 10
"""``cfg[OWN + c]``: the seat holding internal card ``c`` in this deal (``NO_OWNER`` for the skat's)."""
NO_OWNER = 3
CFG_SIZE = OWN + 32
MAX_GROUPS = 8
"""Length of the group-mask array (the layouts use 4 or 5 follow-suit groups; the rest are empty)."""
ETC_MIN_CARDS = 4
"""The enhanced transposition cut-off looks ahead only with more than this many cards in hands (each look
is a table read that likely misses the cache; measured: it still pays down to the last tricks)."""

# Positions in the ``stats`` array (counters for profiling the search, besides the node count).
NODES = 0
ABORTED = 1
EXPANDED = 2
"""Nodes whose moves were searched (not decided by the table or the last trick)."""
CUT_FIRST = 3
"""... of them cut off by their first move."""
CUT_LATER = 4
"""... cut off by a later move."""
TT_CUTS = 5
"""Nodes decided by the transposition table on entry."""
ETC_CUTS = 6
"""Nodes decided by the enhanced transposition cut-off."""
SURE_CUTS = 7
"""Nodes the table could not decide that the sure tricks' bound decides (see the module docstring)."""
ETC_SKIPS = 8
"""Last cards of a trick not searched, as the table decides the position after them (enhanced transposition
cut-off short of a cut)."""
STATS_SIZE = 9

#: Row width of the move-ordering scratch array (one row per search depth).
ROW = 16
KILLER = 31 * ROW
"""Where the scratch array keeps one killer move per depth."""
C_STAMP = KILLER + 32
"""Scratch: the ``cfg[CANON_STAMP]`` the canonical forms below were built for."""
C_OFF = C_STAMP + 1
"""Scratch: per group, where its canonical forms start (``C_OFF + g``)."""
C_SHIFT = C_OFF + MAX_GROUPS
"""Scratch: per group, its lowest internal card."""
C_CARD = C_SHIFT + MAX_GROUPS
"""Scratch: per card, its group's mask | its lowest card << ``CARD_SHIFT_POS`` | where the group's canonical
forms start << ``CARD_OFF_POS`` (one load finds a card's canonical forms)."""
CARD_SHIFT_POS = 32
CARD_OFF_POS = 40
C_BUILT = C_CARD + 32
"""Scratch: per group, the cards whose every subset has its canonical form built (group-relative bits)."""
CANON = C_BUILT + MAX_GROUPS
"""Scratch: the canonical forms, per group one word per subset of its cards (see the module docstring)."""
CANON_WORDS = 3 * (1 << 7) + (1 << 11)
"""Room for the largest layout's subsets: a suit game's three plain suits of 7 and its 11 trumps."""
SCRATCH_SIZE = CANON + CANON_WORDS

INF = 10_000
#: Transposition entry layout (see the module docstring).
RES_SHIFT = 27
GEN_SHIFT = 46
GEN_LIMIT = 1 << 16
TAG_BITS = ((1 << 62) - 1) ^ ((1 << RES_SHIFT) - 1)
MIN_TBITS = 16
"""Fewer slot bits would leave the stored hash part too short to tell keys apart."""
KEY_BITS = 34
_KEY_MASK = (1 << KEY_BITS) - 1
FILTER_SHIFT = 5
"""Slot pairs per occupancy-filter word: 2**5 = 32 (not 64, so no word ever needs its sign bit)."""
FILTER_MASK = (1 << FILTER_SHIFT) - 1
_DEBRUIJN = 0x077CB531
"""A de Bruijn sequence for 32 bits: bits 27-31 of ``(1 << i) * _DEBRUIJN`` differ for every i in 0..31."""
_DEBRUIJN_SHIFT = 27
"""Where those five bits start (32 - 5)."""
_LOW32 = (1 << 32) - 1
_OFF_MASK = (1 << 16) - 1
"""The bits of a scratch offset in a ``C_CARD`` word (masks keep the compiled indices provably >= 0)."""
_MUL1 = 0x1B873593
_MUL2 = 0x19E3779B

# Fields of one saved frame in ``fs`` (the explicit stack).
_F = 26
FRAME_STACK_SIZE = 32 * _F


def make_log_table() -> list[int]:
    """``table[bit_slot(1 << i)] == i`` for i in 0..31: the index of a single set bit without a loop."""
    table = [0] * 32
    for i in range(32):
        table[bit_slot(1 << i)] = i
    return table


def bit_slot(bit: int) -> int:
    """Where :func:`make_log_table` keeps the index of the single set bit ``bit`` (a de Bruijn sequence:
    a multiply and a shift, where the signed ``% 37`` it replaced compiled to twice as many instructions).
    The kernel writes this expression out inline."""
    return ((bit * _DEBRUIJN) >> _DEBRUIJN_SHIFT) & 31


def table_size(tbits: int) -> int:
    """Words of a table with ``2**tbits`` entries: the entries, then the occupancy filter."""
    return (1 << tbits) + filter_words(tbits)


def filter_words(tbits: int) -> int:
    """Words of the occupancy filter behind a table of ``2**tbits`` entries (one bit per slot pair)."""
    return max(1, (1 << (tbits - 1)) >> FILTER_SHIFT)


def key_hash(key: int) -> int:
    """The bijective 34-bit mix of a position key (cards left | leader << 32) the table uses: its top bits
    pick the slot, the rest is stored, so a match of both means the same key."""
    x = (key * _MUL1) & _KEY_MASK
    x ^= x >> 17
    return (x * _MUL2) & _KEY_MASK


def winner_of(c0: int, c1: int, c2: int, tmask: int, grp: Any) -> int:
    """Which of the three cards of a complete trick (0, 1 or 2 after the leader) wins it."""
    w = c0
    pos = 0
    if c1 > w and (((tmask >> c1) & 1) == 1 or grp[c1] == grp[c0]):
        w = c1
        pos = 1
    if c2 > w and (((tmask >> c2) & 1) == 1 or grp[c2] == grp[c0]):
        pos = 2
    return pos


def search_iter(
    h0: int,
    h1: int,
    h2: int,
    n: int,
    rp: int,
    leader: int,
    nplayed: int,
    c0: int,
    c1: int,
    forced: int,
    alpha: int,
    beta: int,
    pts: Any,
    grp: Any,
    gmask: Any,
    cfg: Any,
    stats: Any,
    tv: Any,
    scr: Any,
    lg: Any,
    fs: Any,
) -> int:
    """Fail-soft alpha-beta value of a position (``n`` cards in hands holding ``rp`` points; ``nplayed``
    cards ``c0``, ``c1`` already on the table this trick, led by ``leader``). With ``forced >= 0`` the root
    plays exactly that card (the value is then that card's value)."""
    decl = cfg[DECL]
    inv = cfg[INVERT]
    bonus = cfg[BONUS]
    tmask = cfg[TMASK]
    tbits = cfg[TBITS]
    umr = cfg[UMR]
    etc_min = cfg[ETC_MIN]
    gen_tag = cfg[GEN] << GEN_SHIFT
    sbits = KEY_BITS - (tbits - 1)
    fbase = 1 << tbits
    rmask = (1 << sbits) - 1
    d = 0
    a = alpha
    b = beta
    a_in = a
    b_in = b
    lo = 0
    hi = 0
    key = 0
    slot = 0
    best = 0
    best_move = -1
    k = 0
    t = 0
    mover = 0
    w = -1
    wp = -1
    gain = 0
    ret = 0
    tag = 0
    # Canonical forms: built once per deal (and worker) for every subset of the cards in hands now, as
    # every later position holds a subset of them.
    if scr[C_STAMP] != cfg[CANON_STAMP]:
        scr[C_STAMP] = cfg[CANON_STAMP]
        for g in range(MAX_GROUPS):
            scr[C_BUILT + g] = 0
    rem = h0 | h1 | h2
    ngroups = 0
    coff = CANON
    while ngroups < MAX_GROUPS and gmask[ngroups] != 0:
        gm = gmask[ngroups]
        sh = lg[(((gm & -gm) * _DEBRUIJN) >> _DEBRUIJN_SHIFT) & 31]
        scr[C_OFF + ngroups] = coff
        scr[C_SHIFT + ngroups] = sh
        for c in range(32):
            if (gm >> c) & 1 == 1:
                scr[C_CARD + c] = gm | (sh << CARD_SHIFT_POS) | (coff << CARD_OFF_POS)
        need = (rem & gm) >> sh
        if need & ~scr[C_BUILT + ngroups] != 0:
            sub = need
            while True:
                # greedy: each card of the subset, weakest first, moves down to the weakest card not yet
                # used that has the same holder and points (the first such card is never above it)
                cv = 0
                pos = sh
                ss = sub
                while ss != 0:
                    lb = ss & -ss
                    ss ^= lb
                    j = sh + lg[((lb * _DEBRUIJN) >> _DEBRUIJN_SHIFT) & 31]
                    while cfg[OWN + pos] != cfg[OWN + j] or pts[pos] != pts[j]:
                        pos += 1
                    cv |= 1 << pos
                    pos += 1
                scr[coff + sub] = cv
                if sub == 0:
                    break
                sub = (sub - 1) & need
            scr[C_BUILT + ngroups] = need
        coff += (gm >> sh) + 1
        ngroups += 1
    ck = 0  # the canonical form of the cards in hands, kept up to date card by card
    for g in range(ngroups):
        ck |= scr[scr[C_OFF + g] + ((rem & gmask[g]) >> scr[C_SHIFT + g])]
    # the node counter and its cap in locals (written back on return): no memory round trip per node
    nodes = stats[NODES]
    cap = cfg[CAP]
    mode = 0  # 0 enter a node, 1 next child, 2 return ``ret`` to the parent
    while True:
        if mode == 0:
            nodes += 1
            if nodes > cap:
                stats[NODES] = nodes
                stats[ABORTED] = 1
                return 0
            rem = h0 | h1 | h2
            at_root_forced = d == 0 and forced >= 0
            ttmove = -1
            mode = 1
            if nplayed == 0 and not at_root_forced:
                if n == 0:
                    ret = 0
                    mode = 2
                elif n == 3:
                    x0 = h0 if leader == 0 else (h1 if leader == 1 else h2)
                    x1 = h1 if leader == 0 else (h2 if leader == 1 else h0)
                    x2 = h2 if leader == 0 else (h0 if leader == 1 else h1)
                    i0 = lg[((x0 * _DEBRUIJN) >> _DEBRUIJN_SHIFT) & 31]
                    i1 = lg[((x1 * _DEBRUIJN) >> _DEBRUIJN_SHIFT) & 31]
                    i2 = lg[((x2 * _DEBRUIJN) >> _DEBRUIJN_SHIFT) & 31]
                    wi = i0
                    wl = leader
                    if i1 > wi and (((tmask >> i1) & 1) == 1 or grp[i1] == grp[i0]):
                        wi = i1
                        wl = (leader + 1) % 3
                    if i2 > wi and (((tmask >> i2) & 1) == 1 or grp[i2] == grp[i0]):
                        wl = (leader + 2) % 3
                    ret = 0
                    if (wl == decl) != (inv == 1):
                        ret = pts[i0] + pts[i1] + pts[i2] + bonus
                    mode = 2
                else:
                    lo = 0
                    hi = rp + bonus * (n // 3)
                    key = ck | (leader << 32)
                    x = (key * _MUL1) & _KEY_MASK
                    x ^= x >> 17
                    x = (x * _MUL2) & _KEY_MASK
                    slot = (x >> sbits) << 1
                    tag = gen_tag | ((x & rmask) << RES_SHIFT)
                    packed = -1
                    if (tv[fbase + (slot >> (FILTER_SHIFT + 1))] >> ((slot >> 1) & FILTER_MASK)) & 1 == 1:
                        if tv[slot] & TAG_BITS == tag:
                            packed = tv[slot]
                        elif tv[slot + 1] & TAG_BITS == tag:
                            packed = tv[slot + 1]
                    if packed >= 0:
                        elo = packed & 255
                        ehi = (packed >> 8) & 255
                        ttmove = ((packed >> 16) & 63) - 1
                        if elo > lo:
                            lo = elo
                        if ehi < hi:
                            hi = ehi
                    if lo >= b:
                        ret = lo
                        mode = 2
                        stats[TT_CUTS] += 1
                    elif hi <= a:
                        ret = hi
                        mode = 2
                        stats[TT_CUTS] += 1
                    elif lo == hi:
                        ret = lo
                        mode = 2
                        stats[TT_CUTS] += 1
                    else:
                        tr = rem & tmask
                        qp = 0
                        owner = leader
                        runlen = 0
                        if tr != 0:
                            # Sure tricks (the table could not decide): the top trump's holder wins a trick
                            # with each trump of his run of top trumps (nothing left beats them).
                            sm = tr
                            sm |= sm >> 1
                            sm |= sm >> 2
                            sm |= sm >> 4
                            sm |= sm >> 8
                            sm |= sm >> 16
                            top = sm ^ (sm >> 1)
                            owner = 0 if h0 & top != 0 else (1 if h1 & top != 0 else 2)
                            hl = h0 if owner == 0 else (h1 if owner == 1 else h2)
                            sm = tr & ~hl  # everybody else's trumps, smeared downwards
                            sm |= sm >> 1
                            sm |= sm >> 2
                            sm |= sm >> 4
                            sm |= sm >> 8
                            sm |= sm >> 16
                            run = tr & hl & ~sm
                            while run != 0:
                                qb = run & -run
                                run ^= qb
                                runlen += 1
                                qp += pts[lg[((qb * _DEBRUIJN) >> _DEBRUIJN_SHIFT) & 31]] + bonus
                        hd = h0 if leader == 0 else (h1 if leader == 1 else h2)
                        cash = tr & ~hd == 0
                        if inv == 0 and not cash and owner == leader:
                            # The leader's top trumps draw every other trump (each lead takes one trump
                            # from each other hand that holds one): after them nobody can ruff either.
                            cash = True
                            for other in range(3):
                                if other != leader:
                                    ho = h0 if other == 0 else (h1 if other == 1 else h2)
                                    to = tr & ho
                                    cnt = 0
                                    while to != 0:
                                        to &= to - 1
                                        cnt += 1
                                    if cnt > runlen:
                                        cash = False
                        if inv == 0 and cash:
                            # The leader holds every trump left (or none are left, or draws them all):
                            # nobody can ruff, so after its trumps it can cash its run of top cards in every
                            # plain suit (a strategy, not forced: a bound only where its side wants tricks,
                            # not in null).
                            owner = leader
                            g = 0
                            while g < MAX_GROUPS and gmask[g] != 0:
                                gm = gmask[g]
                                if gm & tmask == 0:
                                    sg = rem & gm
                                    sm = sg & ~hd
                                    sm |= sm >> 1
                                    sm |= sm >> 2
                                    sm |= sm >> 4
                                    sm |= sm >> 8
                                    sm |= sm >> 16
                                    run = sg & hd & ~sm
                                    while run != 0:
                                        qb = run & -run
                                        run ^= qb
                                        qp += pts[lg[((qb * _DEBRUIJN) >> _DEBRUIJN_SHIFT) & 31]] + bonus
                                g += 1
                        if qp > 0:
                            if (owner == decl) != (inv == 1):
                                if qp > lo:
                                    lo = qp
                            elif rp + bonus * (n // 3) - qp < hi:
                                hi = rp + bonus * (n // 3) - qp
                        if lo >= b:
                            ret = lo
                            mode = 2
                            stats[SURE_CUTS] += 1
                        elif hi <= a:
                            ret = hi
                            mode = 2
                            stats[SURE_CUTS] += 1
                        elif lo == hi:
                            ret = lo
                            mode = 2
                            stats[SURE_CUTS] += 1
                        else:
                            if lo > a:
                                a = lo
                            if hi < b:
                                b = hi
            if mode == 2:
                continue
            a_in = a
            b_in = b
            mover = leader + nplayed
            if mover >= 3:
                mover -= 3
            h = h0 if mover == 0 else (h1 if mover == 1 else h2)
            moves = h
            table = 0
            w = -1
            wp = -1
            if nplayed >= 1:
                follow = h & gmask[grp[c0]]
                if follow != 0:
                    moves = follow
                table = 1 << c0
                w = c0
                wp = leader
                if nplayed == 2:
                    table |= 1 << c1
                    if c1 > c0 and (((tmask >> c1) & 1) == 1 or grp[c1] == grp[c0]):
                        w = c1
                        wp = (leader + 1) % 3
            is_max = mover == decl
            best = -INF if is_max else INF
            best_move = -1
            base = d * ROW
            k = 0
            if at_root_forced:
                scr[base] = forced
                k = 1
            else:
                allc = rem | table
                others = rem & ~h
                mover_side = 1 if mover == decl else 0
                # -- pass 1: the cards worth searching (one per run and point value; one per run when the
                # trick's side is sure)
                keep = 0
                run = 0
                m = moves
                while m != 0:
                    bit = m & -m
                    i = lg[((bit * _DEBRUIJN) >> _DEBRUIJN_SHIFT) & 31]
                    m ^= bit
                    run |= bit
                    above = allc >> (i + 1)
                    if above != 0:
                        j = i + 1 + lg[(((above & -above) * _DEBRUIJN) >> _DEBRUIJN_SHIFT) & 31]
                        if (h >> j) & 1 == 1 and grp[j] == grp[i]:
                            continue  # the run goes on upwards
                    # ``i`` tops the run ``run``
                    sure = 0
                    if umr == 1 and run != bit:
                        # points differ within the run? (else the equal-card rule below already keeps one)
                        pmin = 1000
                        pmax = -1
                        rr = run
                        while rr != 0:
                            b2 = rr & -rr
                            rr ^= b2
                            pc = pts[lg[((b2 * _DEBRUIJN) >> _DEBRUIJN_SHIFT) & 31]]
                            if pc < pmin:
                                pmin = pc
                            if pc > pmax:
                                pmax = pc
                        if pmin != pmax:
                            sides = 0  # bit 0: the declarer's side can take the trick, bit 1: the defenders'
                            if nplayed == 2:
                                tk = wp
                                if i > w and (((tmask >> i) & 1) == 1 or grp[i] == grp[c0]):
                                    tk = mover
                                sides = 1 if tk == decl else 2
                            elif nplayed == 1:
                                p3 = (leader + 2) % 3
                                hz = h0 if p3 == 0 else (h1 if p3 == 1 else h2)
                                lz = hz & gmask[grp[c0]]
                                if lz == 0:
                                    lz = hz
                                wc = c0
                                ws = leader
                                if i > c0 and (((tmask >> i) & 1) == 1 or grp[i] == grp[c0]):
                                    wc = i
                                    ws = mover
                                beats = ((lz >> (wc + 1)) << (wc + 1)) & (tmask | gmask[grp[c0]])
                                if beats != 0:
                                    sides |= 1 if p3 == decl else 2
                                if lz & ~beats != 0:
                                    sides |= 1 if ws == decl else 2
                            else:
                                p2 = (leader + 1) % 3
                                p3 = (leader + 2) % 3
                                hy = h0 if p2 == 0 else (h1 if p2 == 1 else h2)
                                hz = h0 if p3 == 0 else (h1 if p3 == 1 else h2)
                                ly = hy & gmask[grp[i]]
                                if ly == 0:
                                    ly = hy
                                lz = hz & gmask[grp[i]]
                                if lz == 0:
                                    lz = hz
                                follow_mask = tmask | gmask[grp[i]]
                                yy = ly
                                while yy != 0 and sides != 3:
                                    by = yy & -yy
                                    yy ^= by
                                    y = lg[((by * _DEBRUIJN) >> _DEBRUIJN_SHIFT) & 31]
                                    wc = i
                                    ws = leader
                                    if y > i and ((follow_mask >> y) & 1) == 1:
                                        wc = y
                                        ws = p2
                                    beats = ((lz >> (wc + 1)) << (wc + 1)) & follow_mask
                                    if beats != 0:
                                        sides |= 1 if p3 == decl else 2
                                    if lz & ~beats != 0:
                                        sides |= 1 if ws == decl else 2
                            if sides == 1 or sides == 2:
                                sure = 1 if (sides == 1) == (mover_side == 1) else -1
                    if sure != 0:
                        pick = -1
                        pv = 0
                        rr = run
                        while rr != 0:
                            b2 = rr & -rr
                            rr ^= b2
                            c = lg[((b2 * _DEBRUIJN) >> _DEBRUIJN_SHIFT) & 31]
                            pc = pts[c]
                            if pick < 0 or (sure > 0 and pc >= pv) or (sure < 0 and pc < pv):
                                pick = c
                                pv = pc
                        keep |= 1 << pick
                    else:
                        rr = run
                        while rr != 0:
                            b2 = rr & -rr
                            rr ^= b2
                            c = lg[((b2 * _DEBRUIJN) >> _DEBRUIJN_SHIFT) & 31]
                            if rr != 0:
                                nxt = lg[(((rr & -rr) * _DEBRUIJN) >> _DEBRUIJN_SHIFT) & 31]
                                if pts[nxt] == pts[c]:
                                    continue
                            keep |= b2
                    run = 0
                # -- pass 2: order the kept cards (and the enhanced transposition cut-off on the last card)
                m = keep
                while m != 0:
                    bit = m & -m
                    i = lg[((bit * _DEBRUIJN) >> _DEBRUIJN_SHIFT) & 31]
                    m ^= bit
                    if nplayed == 0:
                        is_top = (gmask[grp[i]] & others) >> i == 0
                        if i == ttmove:
                            s = 250
                        elif i + 1 == scr[KILLER + d]:
                            s = 240
                        elif is_top != (inv == 1 and is_max):
                            s = 150 + pts[i]
                        else:
                            s = 100 - pts[i]
                    else:
                        wins = i > w and (((tmask >> i) & 1) == 1 or grp[i] == grp[c0])
                        taker = mover if wins else wp
                        good_for_max = (taker == decl) != (inv == 1)
                        likely = good_for_max
                        if nplayed == 1:
                            # the third player takes the trick if it can beat the card on top
                            wc3 = i if wins else c0
                            p3 = (leader + 2) % 3
                            hz = h0 if p3 == 0 else (h1 if p3 == 1 else h2)
                            lz = hz & gmask[grp[c0]]
                            if lz == 0:
                                lz = hz
                            if ((lz >> (wc3 + 1)) << (wc3 + 1)) & (tmask | gmask[grp[c0]]) != 0:
                                likely = (p3 == decl) != (inv == 1)
                        s = 150 + pts[i] if likely == is_max else 100 - pts[i]
                        if nplayed == 2 and n > etc_min:
                            # Enhanced transposition cut-off: this card ends the trick; if the table already
                            # knows enough about the next trick's position, the node is decided.
                            tgain = 0
                            if good_for_max:
                                tgain = pts[c0] + pts[c1] + pts[i] + bonus
                            cw = scr[C_CARD + i]
                            gm = cw & _LOW32
                            ckey = (
                                (ck & ~gm)
                                | scr[
                                    ((cw >> CARD_OFF_POS) & _OFF_MASK)
                                    + (((rem ^ (1 << i)) & gm) >> ((cw >> CARD_SHIFT_POS) & 31))
                                ]
                                | (taker << 32)
                            )
                            cx = (ckey * _MUL1) & _KEY_MASK
                            cx ^= cx >> 17
                            cx = (cx * _MUL2) & _KEY_MASK
                            cslot = (cx >> sbits) << 1
                            ctag = gen_tag | ((cx & rmask) << RES_SHIFT)
                            centry = -1
                            cfw = tv[fbase + (cslot >> (FILTER_SHIFT + 1))]
                            if (cfw >> ((cslot >> 1) & FILTER_MASK)) & 1 == 1:
                                if tv[cslot] & TAG_BITS == ctag:
                                    centry = tv[cslot]
                                elif tv[cslot + 1] & TAG_BITS == ctag:
                                    centry = tv[cslot + 1]
                            if centry >= 0:
                                # what the child would answer from the table on entry: then it is not
                                # searched at all (its value counts here), and a cut-off ends this node
                                clo = centry & 255
                                chi = (centry >> 8) & 255
                                cv = -1
                                if clo >= b - tgain:
                                    cv = clo
                                elif chi <= a - tgain:
                                    cv = chi
                                elif clo == chi:
                                    cv = clo
                                if cv >= 0:
                                    v = tgain + cv
                                    if is_max:
                                        if v > best:
                                            best = v
                                            best_move = i
                                        if v > a:
                                            a = v
                                    else:
                                        if v < best:
                                            best = v
                                            best_move = i
                                        if v < b:
                                            b = v
                                    if a >= b:
                                        ret = best
                                        mode = 2
                                        stats[ETC_CUTS] += 1
                                        break
                                    stats[ETC_SKIPS] += 1
                                    continue
                    # equal scores: the weaker card first (it keeps the stronger ones; measured: 5% fewer
                    # nodes than the stronger first)
                    item = (s * 32 + 31 - i) * 64 + i
                    p = base + k
                    while p > base and scr[p - 1] < item:
                        scr[p] = scr[p - 1]
                        p -= 1
                    scr[p] = item
                    k += 1
            if mode == 2:
                continue
            stats[EXPANDED] += 1
            t = 0
        elif mode == 1:
            if t < k:
                i = scr[d * ROW + t] & 63
                t += 1
                bit = 1 << i
                n0 = h0
                n1 = h1
                n2 = h2
                if mover == 0:
                    n0 = h0 ^ bit
                elif mover == 1:
                    n1 = h1 ^ bit
                else:
                    n2 = h2 ^ bit
                gain = 0
                nleader = leader
                nnp = nplayed + 1
                nc0 = c0
                nc1 = c1
                if nplayed == 0:
                    nc0 = i
                elif nplayed == 1:
                    nc1 = i
                else:
                    nleader = wp
                    if i > w and (((tmask >> i) & 1) == 1 or grp[i] == grp[c0]):
                        nleader = mover
                    if (nleader == decl) != (inv == 1):
                        gain = pts[c0] + pts[c1] + pts[i] + bonus
                    nnp = 0
                    nc0 = 0
                    nc1 = 0
                # save this frame
                f = d * _F
                fs[f] = h0
                fs[f + 1] = h1
                fs[f + 2] = h2
                fs[f + 3] = n
                fs[f + 4] = rp
                fs[f + 5] = leader
                fs[f + 6] = nplayed
                fs[f + 7] = c0
                fs[f + 8] = c1
                fs[f + 9] = a
                fs[f + 10] = b
                fs[f + 11] = a_in
                fs[f + 12] = b_in
                fs[f + 13] = lo
                fs[f + 14] = hi
                fs[f + 15] = tag
                fs[f + 16] = slot
                fs[f + 17] = best
                fs[f + 18] = (best_move << 6) | i
                fs[f + 19] = k
                fs[f + 20] = t
                fs[f + 21] = mover
                fs[f + 22] = w
                fs[f + 23] = wp
                fs[f + 24] = gain
                fs[f + 25] = ck
                # become the child
                cw = scr[C_CARD + i]
                gm = cw & _LOW32
                ck = (ck & ~gm) | scr[
                    ((cw >> CARD_OFF_POS) & _OFF_MASK)
                    + (((n0 | n1 | n2) & gm) >> ((cw >> CARD_SHIFT_POS) & 31))
                ]
                h0 = n0
                h1 = n1
                h2 = n2
                n = n - 1
                rp = rp - pts[i]
                leader = nleader
                nplayed = nnp
                c0 = nc0
                c1 = nc1
                a = a - gain
                b = b - gain
                d += 1
                mode = 0
            else:
                if nplayed == 0 and not (d == 0 and forced >= 0):
                    if best <= a_in:
                        if best < hi:
                            hi = best
                    elif best >= b_in:
                        if best > lo:
                            lo = best
                    else:
                        lo = best
                        hi = best
                    entry = tag | lo | (hi << 8) | ((best_move + 1) << 16) | (n << 22)
                    fidx = fbase + (slot >> (FILTER_SHIFT + 1))
                    fbit = 1 << ((slot >> 1) & FILTER_MASK)
                    if tv[fidx] & fbit == 0:
                        # written only when new: a write would take the word's cache line away from the
                        # other thread's core even when the bit is set already
                        tv[fidx] |= fbit
                    first = tv[slot]
                    if first & TAG_BITS == tag:
                        tv[slot] = entry
                    elif tv[slot + 1] & TAG_BITS == tag:
                        tv[slot + 1] = entry
                    elif (first >> GEN_SHIFT) << GEN_SHIFT != gen_tag:
                        tv[slot] = entry  # an entry of an earlier deal on this table: free
                    elif ((first >> 22) & 31) <= n:
                        # First entry: the bigger subtree; second: whatever is pushed out or new.
                        tv[slot + 1] = first
                        tv[slot] = entry
                    else:
                        tv[slot + 1] = entry
                ret = best
                mode = 2
        else:
            if d == 0:
                stats[NODES] = nodes
                return ret
            d -= 1
            f = d * _F
            h0 = fs[f]
            h1 = fs[f + 1]
            h2 = fs[f + 2]
            n = fs[f + 3]
            rp = fs[f + 4]
            leader = fs[f + 5]
            nplayed = fs[f + 6]
            c0 = fs[f + 7]
            c1 = fs[f + 8]
            a = fs[f + 9]
            b = fs[f + 10]
            a_in = fs[f + 11]
            b_in = fs[f + 12]
            lo = fs[f + 13]
            hi = fs[f + 14]
            tag = fs[f + 15]
            slot = fs[f + 16]
            best = fs[f + 17]
            bm = fs[f + 18]
            best_move = bm >> 6  # shifts, not // and %: no sign fix-ups (best_move may be -1)
            i = bm & 63
            k = fs[f + 19]
            t = fs[f + 20]
            mover = fs[f + 21]
            w = fs[f + 22]
            wp = fs[f + 23]
            gain = fs[f + 24]
            ck = fs[f + 25]
            v = ret + gain
            if mover == decl:
                if v > best:
                    best = v
                    best_move = i
                    if v > a:
                        a = v
            elif v < best:
                best = v
                best_move = i
                if v < b:
                    b = v
            if a >= b:
                if t == 1:
                    stats[CUT_FIRST] += 1
                else:
                    stats[CUT_LATER] += 1
                    scr[KILLER + d] = i + 1
                t = k
            mode = 1
