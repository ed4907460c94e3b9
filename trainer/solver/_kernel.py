"""The bitmask search kernel: alpha-beta over single card plays with a transposition table.

Written in the subset of Python that numba compiles, so the same source runs as plain CPython (with
lists) or compiled (with numpy arrays); :mod:`trainer.solver.core` loads it both ways. Everything here
works on *internal* card indices (see :mod:`trainer.solver.core`): inside each follow-suit group a higher
index is a stronger card, and the trump group sits on the top bits, so "does x beat the current winner w"
is ``x > w and (x is a trump or x follows the led group)``.

A search value is what the maximising side (the declarer) scores from the current trick on: the card
points of the tricks it wins (``pts``) plus ``cfg[BONUS]`` per trick won. With ``cfg[INVERT]`` set the
declarer scores the tricks the opponents win instead (null: the declarer wants them to take every trick).
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
CFG_SIZE = 6

# Positions in the ``stats`` array.
NODES = 0
ABORTED = 1
STATS_SIZE = 2

#: Row width of the move-ordering scratch array (one row per number of cards still in hands).
ROW = 16
SCRATCH_SIZE = 31 * ROW

INF = 10_000
#: A table entry is one int64 (so threads sharing the table never see half an entry): bits 0-7 lower
#: bound, 8-15 upper bound, 16-21 best card + 1, 22-26 cards in hands, 27-60 the key (cards left | leader).
ENTRY_SHIFT = 27
_HASH_MUL = 0x9E3779B1
_LOW48 = 0xFFFFFFFFFFFF


def make_log_table() -> list[int]:
    """``table[(1 << i) % 37] == i`` for i in 0..31: the index of a single set bit without a loop."""
    table = [0] * 37
    for i in range(32):
        table[(1 << i) % 37] = i
    return table


def tt_slot(key: int, bits: int) -> int:
    """First slot of the two-entry bucket for a trick-boundary position."""
    mixed = (key ^ (key >> 17)) & 0xFFFFFFFFF
    return (((mixed * _HASH_MUL) & _LOW48) >> (48 - bits)) & ~1


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


def search(
    h0: int,
    h1: int,
    h2: int,
    n: int,
    rp: int,
    leader: int,
    nplayed: int,
    c0: int,
    c1: int,
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
) -> int:
    """Fail-soft alpha-beta value of a position (``n`` cards in hands holding ``rp`` points; ``nplayed``
    cards ``c0``, ``c1`` already on the table this trick, led by ``leader``)."""
    stats[NODES] += 1
    if stats[NODES] > cfg[CAP]:
        stats[ABORTED] = 1
        return 0
    decl = cfg[DECL]
    inv = cfg[INVERT]
    bonus = cfg[BONUS]
    tmask = cfg[TMASK]
    rem = h0 | h1 | h2
    a = alpha
    b = beta
    lo = 0
    hi = 0
    key = 0
    slot = -1
    ttmove = -1
    if nplayed == 0:
        if n == 0:
            return 0
        if n == 3:
            # Last trick: every card is forced.
            x0 = h0 if leader == 0 else (h1 if leader == 1 else h2)
            x1 = h1 if leader == 0 else (h2 if leader == 1 else h0)
            x2 = h2 if leader == 0 else (h0 if leader == 1 else h1)
            i0 = lg[x0 % 37]
            i1 = lg[x1 % 37]
            i2 = lg[x2 % 37]
            wpos = winner_of(i0, i1, i2, tmask, grp)
            if ((leader + wpos) % 3 == decl) != (inv == 1):
                return int(pts[i0] + pts[i1] + pts[i2] + bonus)
            return 0
        lo = 0
        hi = rp + bonus * (n // 3)
        key = rem | (leader << 32)
        slot = tt_slot(key, cfg[TBITS])
        packed: int = -1
        if tv[slot] >> ENTRY_SHIFT == key:
            packed = tv[slot]
        elif tv[slot + 1] >> ENTRY_SHIFT == key:
            packed = tv[slot + 1]
        if packed >= 0:
            elo = packed & 255
            ehi = (packed >> 8) & 255
            ttmove = ((packed >> 16) & 63) - 1
            if elo > lo:
                lo = elo
            if ehi < hi:
                hi = ehi
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        if lo > a:
            a = lo
        if hi < b:
            b = hi
    a_in = a
    b_in = b
    mover = (leader + nplayed) % 3
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
    allc = rem | table
    others = rem & ~h
    is_max = mover == decl
    base = n * ROW
    k = 0
    m = moves
    while m != 0:
        bit = m & -m
        i = lg[bit % 37]
        m ^= bit
        # Skip a card when the next stronger card still in play is our own, in the same group, with the
        # same points: the two are interchangeable for the rest of the deal.
        above = allc >> (i + 1)
        if above != 0:
            j = i + 1 + lg[(above & -above) % 37]
            if (h >> j) & 1 == 1 and grp[j] == grp[i] and pts[j] == pts[i]:
                continue
        if nplayed == 0:
            is_top = (gmask[grp[i]] & others) >> i == 0
            if i == ttmove:
                s = 250
            elif is_top != (inv == 1 and is_max):
                s = 150 + pts[i]
            else:
                s = 100 - pts[i]
        else:
            wins = i > w and (((tmask >> i) & 1) == 1 or grp[i] == grp[c0])
            taker = mover if wins else wp
            good_for_max = (taker == decl) != (inv == 1)
            s = 150 + pts[i] if good_for_max == is_max else 100 - pts[i]
        item = s * 64 + i
        p = base + k
        while p > base and scr[p - 1] < item:
            scr[p] = scr[p - 1]
            p -= 1
        scr[p] = item
        k += 1
    best = -INF if is_max else INF
    best_move = -1
    for t in range(k):
        i = scr[base + t] & 63
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
        nrp = rp - pts[i]
        if nplayed == 0:
            v = search(
                n0, n1, n2, n - 1, nrp, leader, 1, i, 0, a, b, pts, grp, gmask, cfg, stats, tv, scr, lg
            )
        elif nplayed == 1:
            v = search(
                n0, n1, n2, n - 1, nrp, leader, 2, c0, i, a, b, pts, grp, gmask, cfg, stats, tv, scr, lg
            )
        else:
            taker = wp
            if i > w and (((tmask >> i) & 1) == 1 or grp[i] == grp[c0]):
                taker = mover
            gain = 0
            if (taker == decl) != (inv == 1):
                gain = pts[c0] + pts[c1] + pts[i] + bonus
            v = gain + search(
                n0,
                n1,
                n2,
                n - 1,
                nrp,
                taker,
                0,
                0,
                0,
                a - gain,
                b - gain,
                pts,
                grp,
                gmask,
                cfg,
                stats,
                tv,
                scr,
                lg,
            )
        if stats[ABORTED] != 0:
            return 0
        if is_max:
            if v > best:
                best = v
                best_move = i
                if v > a:
                    a = v
                    if a >= b:
                        break
        elif v < best:
            best = v
            best_move = i
            if v < b:
                b = v
                if a >= b:
                    break
    if nplayed == 0:
        if best <= a_in:
            if best < hi:
                hi = best
        elif best >= b_in:
            if best > lo:
                lo = best
        else:
            lo = best
            hi = best
        if lo > hi:
            lo = hi
        entry = (key << ENTRY_SHIFT) | lo | (hi << 8) | ((best_move + 1) << 16) | (n << 22)
        first = tv[slot]
        if first >> ENTRY_SHIFT == key:
            tv[slot] = entry
        elif tv[slot + 1] >> ENTRY_SHIFT == key:
            tv[slot + 1] = entry
        elif first == 0 or ((first >> 22) & 31) <= n:
            # First entry: the bigger subtree; second: whatever is pushed out or new.
            if first != 0:
                tv[slot + 1] = first
            tv[slot] = entry
        else:
            tv[slot + 1] = entry
    return best


def play_card(
    h0: int,
    h1: int,
    h2: int,
    n: int,
    rp: int,
    leader: int,
    nplayed: int,
    c0: int,
    c1: int,
    card: int,
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
) -> int:
    """Value of the position after the player to move plays ``card`` (fail-soft in ``alpha``/``beta``)."""
    decl = cfg[DECL]
    inv = cfg[INVERT]
    tmask = cfg[TMASK]
    mover = (leader + nplayed) % 3
    bit = 1 << card
    n0 = h0
    n1 = h1
    n2 = h2
    if mover == 0:
        n0 = h0 ^ bit
    elif mover == 1:
        n1 = h1 ^ bit
    else:
        n2 = h2 ^ bit
    nrp = rp - pts[card]
    if nplayed == 0:
        return search(
            n0,
            n1,
            n2,
            n - 1,
            nrp,
            leader,
            1,
            card,
            0,
            alpha,
            beta,
            pts,
            grp,
            gmask,
            cfg,
            stats,
            tv,
            scr,
            lg,
        )
    if nplayed == 1:
        return search(
            n0,
            n1,
            n2,
            n - 1,
            nrp,
            leader,
            2,
            c0,
            card,
            alpha,
            beta,
            pts,
            grp,
            gmask,
            cfg,
            stats,
            tv,
            scr,
            lg,
        )
    taker = (leader + winner_of(c0, c1, card, tmask, grp)) % 3
    gain = 0
    if (taker == decl) != (inv == 1):
        gain = pts[c0] + pts[c1] + pts[card] + cfg[BONUS]
    return gain + search(
        n0,
        n1,
        n2,
        n - 1,
        nrp,
        taker,
        0,
        0,
        0,
        alpha - gain,
        beta - gain,
        pts,
        grp,
        gmask,
        cfg,
        stats,
        tv,
        scr,
        lg,
    )


# ---- the same search without recursion or calls (what numba compiles: its recursion breaks with caching) --

# Fields of one saved frame in ``fs`` (the explicit stack).
_F = 25
FRAME_STACK_SIZE = 32 * _F


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
    """:func:`search` with an explicit stack. With ``forced >= 0`` the root plays exactly that card (the
    value is then the card's value, as :func:`play_card` gives)."""
    decl = cfg[DECL]
    inv = cfg[INVERT]
    bonus = cfg[BONUS]
    tmask = cfg[TMASK]
    tbits = cfg[TBITS]
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
    mode = 0  # 0 enter a node, 1 next child, 2 return ``ret`` to the parent
    while True:
        if mode == 0:
            stats[NODES] += 1
            if stats[NODES] > cfg[CAP]:
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
                    i0 = lg[x0 % 37]
                    i1 = lg[x1 % 37]
                    i2 = lg[x2 % 37]
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
                    key = rem | (leader << 32)
                    mixed = (key ^ (key >> 17)) & 0xFFFFFFFFF
                    slot = (((mixed * _HASH_MUL) & _LOW48) >> (48 - tbits)) & ~1
                    packed = -1
                    if tv[slot] >> ENTRY_SHIFT == key:
                        packed = tv[slot]
                    elif tv[slot + 1] >> ENTRY_SHIFT == key:
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
                    elif hi <= a:
                        ret = hi
                        mode = 2
                    elif lo == hi:
                        ret = lo
                        mode = 2
                    else:
                        if lo > a:
                            a = lo
                        if hi < b:
                            b = hi
            if mode == 2:
                continue
            a_in = a
            b_in = b
            mover = (leader + nplayed) % 3
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
            base = d * ROW
            k = 0
            if at_root_forced:
                scr[base] = forced
                k = 1
            else:
                allc = rem | table
                others = rem & ~h
                m = moves
                while m != 0:
                    bit = m & -m
                    i = lg[bit % 37]
                    m ^= bit
                    above = allc >> (i + 1)
                    if above != 0:
                        j = i + 1 + lg[(above & -above) % 37]
                        if (h >> j) & 1 == 1 and grp[j] == grp[i] and pts[j] == pts[i]:
                            continue
                    if nplayed == 0:
                        is_top = (gmask[grp[i]] & others) >> i == 0
                        if i == ttmove:
                            s = 250
                        elif is_top != (inv == 1 and is_max):
                            s = 150 + pts[i]
                        else:
                            s = 100 - pts[i]
                    else:
                        wins = i > w and (((tmask >> i) & 1) == 1 or grp[i] == grp[c0])
                        taker = mover if wins else wp
                        good_for_max = (taker == decl) != (inv == 1)
                        s = 150 + pts[i] if good_for_max == is_max else 100 - pts[i]
                        if nplayed == 2 and n > 4:
                            # Enhanced transposition cut-off: this card ends the trick; if the table already
                            # knows enough about the next trick's position, the node is decided.
                            tgain = 0
                            if good_for_max:
                                tgain = pts[c0] + pts[c1] + pts[i] + bonus
                            ckey = (rem ^ (1 << i)) | (taker << 32)
                            cmix = (ckey ^ (ckey >> 17)) & 0xFFFFFFFFF
                            cslot = (((cmix * _HASH_MUL) & _LOW48) >> (48 - tbits)) & ~1
                            centry = -1
                            if tv[cslot] >> ENTRY_SHIFT == ckey:
                                centry = tv[cslot]
                            elif tv[cslot + 1] >> ENTRY_SHIFT == ckey:
                                centry = tv[cslot + 1]
                            if centry >= 0:
                                if is_max and tgain + (centry & 255) >= b:
                                    ret = tgain + (centry & 255)
                                    mode = 2
                                    break
                                if not is_max and tgain + ((centry >> 8) & 255) <= a:
                                    ret = tgain + ((centry >> 8) & 255)
                                    mode = 2
                                    break
                    item = s * 64 + i
                    p = base + k
                    while p > base and scr[p - 1] < item:
                        scr[p] = scr[p - 1]
                        p -= 1
                    scr[p] = item
                    k += 1
            if mode == 2:
                continue
            best = -INF if is_max else INF
            best_move = -1
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
                fs[f + 15] = key
                fs[f + 16] = slot
                fs[f + 17] = best
                fs[f + 18] = best_move * 64 + i
                fs[f + 19] = k
                fs[f + 20] = t
                fs[f + 21] = mover
                fs[f + 22] = w
                fs[f + 23] = wp
                fs[f + 24] = gain
                # become the child
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
                    entry = (key << ENTRY_SHIFT) | lo | (hi << 8) | ((best_move + 1) << 16) | (n << 22)
                    first = tv[slot]
                    if first >> ENTRY_SHIFT == key:
                        tv[slot] = entry
                    elif tv[slot + 1] >> ENTRY_SHIFT == key:
                        tv[slot + 1] = entry
                    elif first == 0 or ((first >> 22) & 31) <= n:
                        # First entry: the bigger subtree; second: whatever is pushed out or new.
                        if first != 0:
                            tv[slot + 1] = first
                        tv[slot] = entry
                    else:
                        tv[slot + 1] = entry
                ret = best
                mode = 2
        else:
            if d == 0:
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
            key = fs[f + 15]
            slot = fs[f + 16]
            best = fs[f + 17]
            bm = fs[f + 18]
            best_move = bm // 64
            i = bm % 64
            k = fs[f + 19]
            t = fs[f + 20]
            mover = fs[f + 21]
            w = fs[f + 22]
            wp = fs[f + 23]
            gain = fs[f + 24]
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
                t = k
            mode = 1
