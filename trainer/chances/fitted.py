"""Terms fit to the experts' own games, added on the logit scale after the networks, their calibration lines,
the auction layer and the families (issue 41, point 7: "fix any family whose interval misses the diagonal").

All of them are applied in one function, :func:`recalibrated`, at the declaration (the plain null's also
before the pickup), except the open game's, which follows the open-hand check (:func:`open_checked`). Its
main step is a logit-linear recalibration of every suit and grand chance at the declaration: over 1,049
self-played games the final chance was too bold in the middle and too timid at the top, in both profiles,
in hand and pickup games, in suit and grand games alike.

The calibration lines were fit on a few hundred self-played games, of which only 29 were nulls; a kind with
few games is pulled towards the line of all kinds, so the null lines say what a suit game would. Where a
benchmark over enough games of one group puts its chances off the diagonal with a 95 % interval that
excludes 0, the group gets one shift here, fit by maximum likelihood
(:func:`trainer.chances.model.logit_shift`), with its figures beside it. The seat term of a suit game lives
with the auction layer (:data:`trainer.chances.auction.SUIT_SEAT`), fit the same way.
"""

from __future__ import annotations

from trainer.chances.auction import adjusted
from trainer.chances.model import CHANCE_CEILING, CHANCE_FLOOR, Group
from trainer.games import Declaration, GameType

PLAIN_NULL_AFTER_PICKUP = 0.7
"""A plain null (not open, not hand) declared after the pickup. ``benchmarks/null_family.py`` forced it on
the seat whose null looked best, wherever its chance after the discard lay between 0.2 and 0.95, and the
experts played it out (seeds 9000-9599, ``benchmarks/results/null-family-seed9000.txt``): 302 nulls given
0.456 on average were won 0.606 of the time (95 % 0.550-0.659), more often than said in every band, and the
shift that matches is +0.71 (95 % +0.46 to +0.96). Fit beside the families' null features instead, a suit
without its 7 took +0.45 (-0.07 to +0.97) and a high card in a short suit -0.12 (-0.71 to +0.47), with a
level of +0.46: no better a fit (log-likelihood -171.1 against -173.1 for two more terms), so the families
stay as they are and the shift is one level. Before the pickup the plain null has its own term
(:data:`PLAIN_NULL_BEFORE_PICKUP`); for hand nulls nothing was measured, so nothing is shifted; the Danish
nulls are open only."""


PLAIN_NULL_BEFORE_PICKUP = (0.65, 0.94, 1.54)
"""A plain null's chance before the pickup (the one the auction is bid on), by seat (forehand, middlehand,
rearhand): a shift on the logit scale. ``benchmarks/null_family.py --before-pickup`` let the seat whose
plain null looked best before the pickup win at the lowest bid wherever that chance lay between 0.2 and
0.95, pick up, lay away the model's discard and declare the null whatever the skat brought, and the experts
played it out (international, ``benchmarks/results/null-pre-international-*.jsonl``). Seeds 70000-70599,
without a term: 207 nulls given 0.338, won 0.507 (95 % 0.440-0.575), +0.76 (+0.47 to +1.04). Seeds
71000-71599 with that level as a trial: 423 nulls given 0.386, won 0.466, still +0.36 (+0.16 to +0.56),
least in forehand (+0.05) and most in rearhand (+0.75), as in the first run. Fit on all 630 on the chance
without the trial term: one level +1.00 (± 0.16, log-likelihood -419.3); a level with the seats, forehand
+0.65, middlehand +0.29 more, rearhand +0.89 more (± 0.40; -409.7, two terms for 9.6); the families' null
features counted on the ten before the pickup add little (+0.23 and +0.19, -406.6 with the seats, where a
suit without its 7 can still be laid away). The seats it is; held out on fresh seeds before it shipped
(docs/chances.md, "The s56 round"). The Danish nulls are open only, so it does not reach them."""
PLAIN_NULL_BEFORE_PICKUP_LEVEL = 1.0
"""The same shift where the seat is not known: the level over all seats."""


DECLARATION_LEVEL = -0.62
DECLARATION_SLOPE = 1.39
"""logit p' = level + slope * logit p for a suit or grand game's chance at the declaration (after the pickup,
or a hand game's). Fit by maximum likelihood (:func:`trainer.chances.model.logit_terms`) on the 1,049 suit
and grand games of the shipped code's two long runs (seeds 11000 and 13000,
``benchmarks/results/chances-seed11000.jsonl`` and ``-seed13000.jsonl``): level -0.62 (± 0.17), slope 1.39
(± 0.11). The 0.4-0.8 band, given 0.676 and won 0.599 (international 0.680 / 0.593, Danish 0.673 / 0.604),
becomes 0.603; above 0.8, given 0.906 and won 0.921, it becomes 0.920. The same fit on the two runs before
(seeds 5000 and 7000, other rearhand and null terms) gives -0.67 and 1.40; each profile alone, each of hand
and pickup games, and each of suit and grand give slopes 1.36-1.63. Nulls are left out: their own term
(:data:`PLAIN_NULL_AFTER_PICKUP`) was fit and held out on a benchmark of nulls alone."""


GRAND_AFTER_PICKUP = {"international": -0.41, "danish": -0.28}
"""A plain grand (not hand, not open) declared after the pickup, by profile: a shift on the logit scale after
the recalibration, where it was measured (issue 41, point 7). ``benchmarks/null_family.py --game grand``
forced such grands on the seat whose grand looked best wherever its chance lay between 0.4 and 0.99, and
the experts played them out (``benchmarks/results/grand-family-*.txt``).

International: fit on the forced grands of seeds 30000-30399 and 34000-34399 pooled (512 grands given 0.832,
won 0.779): -0.41 (95 % -0.65 to -0.18). The self-played grands of four other runs (seeds 15000, 17000,
36000, 38000; 279 plain grands after the pickup, given 0.920, won 0.878) give -0.56 (-0.96 to -0.17), so
the residual there is -0.15, inside its interval.

Danish: the 276 forced grands (seeds 32000-32399) alone give -0.17 (-0.49 to +0.14), the 229 self-played
ones -0.44 (-0.82 to -0.06); pooled, 505 grands given 0.826 and won 0.792: -0.28 (-0.52 to -0.03).

Both are checked on fresh seeds with the term in place: forced grands and a self-play pair (docs/chances.md,
"The s54 round")."""


GRAND_FOREHAND = -0.33
"""A grand (plain or hand, not open) declared in forehand, in both profiles: a shift on the logit scale after
the recalibration, beside :data:`GRAND_AFTER_PICKUP` (issue 41, points 4 and 7). The network already gives a
forehand grand more than a grand in the other seats (the opening lead: about +0.75 on the logit scale
before the pickup, of which :class:`trainer.chances.auction.Reading` ``no_lead`` is 0.25), and the experts'
forehand grands were won less often than that says. Fit with every grand term above in place (a run played
without one has it applied first) on 2,273 grands: the forced grands of seeds 30000, 34000 and 40000
(international) and 32000 and 46000 (Danish), and the self-played grands of seeds 15000, 17000, 36000,
38000, 42000 and 44000 (``benchmarks/results/``). Forehand: 956 grands given 0.822, won 0.782, -0.33
(95 % -0.51 to -0.15); middlehand and rearhand together: 1,317 given 0.822, won 0.830, +0.07 (-0.09 to
+0.23), so no term. By profile the forehand shift is -0.24 (-0.48 to -0.00) international and -0.44
(-0.71 to -0.17) Danish; as with the suit game's seat term, one number serves both. After it a forehand
grand still stands above the same twelve cards in the other seats, by about +0.5 on the logit scale on
average instead of +0.8 (the lead still counts, by less)."""


OPEN_GAME = {"danish": 1.15}
"""An open game (Danish på bordet, suit or grand, and Nul-ouvert) that the open-hand check advises, by
profile: a shift on the logit scale after the layouts' cap (:func:`open_checked`, issue 41, point 7). The
open game's chance is made cautious twice on purpose (the network's open-hand chance to the power
:data:`trainer.chances.core.OPEN_PENALTY`, then at most the share of layouts won with every card open), and
real defenders do not see each other's cards, so the experts won more of them than said, in every
self-play pair. Fit on the 328 Danish open games of ten self-played runs with the same open chance code
(seeds 15000-64000, ``benchmarks/results/chances-seed*.jsonl``): given 0.849, won 0.933, +1.15 (95 % +0.67
to +1.64); the six runs before s55 alone gave +1.03 (+0.37 to +1.69), the four after +1.29 (+0.58 to
+1.99). By kind: suit +1.05 (+0.49 to +1.61, 239 games), Nul-ouvert +1.22 (+0.24 to +2.20, 39), grand 50
of 50 won. The international open games are Nul-ouvert only (an international ouvert suit game or grand
must make schwarz, and none was declared): 16 given 0.746, won 0.812, +0.47 (-0.91 to +1.84), no term.
Only at the declaration, where it was fit (a pickup open game before the pickup is checked with the ten
cards held, a rougher guess). An open game the check rejects (won in half the layouts or fewer) keeps its
capped chance: it is not advised, so nothing was measured."""


def open_checked(chance: float, moment: Group, profile_name: str) -> float:
    """An advised open game's chance after the layouts' cap, through :data:`OPEN_GAME` at the declaration
    (``play``: after the pickup, or a hand game's), within the model's bounds. Before the pickup the check
    plays the ten cards held, not the ten that will be kept, and nothing was fit there: unchanged.

    >>> round(open_checked(0.85, "play", "danish"), 3), open_checked(0.85, "play", "international")
    (0.947, 0.85)
    >>> open_checked(1.0, "play", "danish"), open_checked(0.85, "pre", "danish")
    (0.99, 0.85)
    """
    term = OPEN_GAME.get(profile_name, 0.0) if moment == "play" else 0.0
    return min(CHANCE_CEILING, max(CHANCE_FLOOR, adjusted(chance, term)))


def recalibrated(
    chance: float, declaration: Declaration, moment: Group, profile_name: str = "", seat: int | None = None
) -> float:
    """``chance`` at the declaration (``play``: after the pickup, or a hand game's) through every term fit to
    the experts' games, in one place: a suit or grand game's recalibration (:data:`DECLARATION_SLOPE`), the
    plain grand's term where ``profile_name`` has one (:data:`GRAND_AFTER_PICKUP`), the forehand grand's
    where ``seat`` is 0 (:data:`GRAND_FOREHAND`) and the plain null's (:data:`PLAIN_NULL_AFTER_PICKUP`).
    Before the pickup only a plain null moves (:data:`PLAIN_NULL_BEFORE_PICKUP`); the other nulls are left
    as they are, where nothing was fit.

    >>> from trainer.games import GameType
    >>> grand, null = Declaration(GameType.GRAND), Declaration(GameType.NULL)
    >>> round(recalibrated(0.68, grand, "play"), 3), round(recalibrated(0.92, grand, "play"), 3)
    (0.605, 0.941)
    >>> [round(recalibrated(0.92, grand, "play", name), 3) for name in ("international", "danish")]
    [0.914, 0.924]
    >>> [round(recalibrated(0.92, grand, "play", "international", seat), 3) for seat in (0, 1)]
    [0.884, 0.914]
    >>> null_hand = Declaration(GameType.NULL, hand=True)
    >>> round(recalibrated(0.45, null, "play"), 3), recalibrated(0.45, null_hand, "play")
    (0.622, 0.45)
    >>> recalibrated(0.68, grand, "pre"), round(recalibrated(0.34, null, "pre"), 3)
    (0.68, 0.583)
    >>> [round(recalibrated(0.34, null, "pre", "international", seat), 3) for seat in (0, 1, 2)]
    [0.497, 0.569, 0.706]
    """
    d = declaration
    if moment != "play":
        if moment != "pre" or not d.game.is_null or d.ouvert or d.hand:
            return chance
        term = PLAIN_NULL_BEFORE_PICKUP_LEVEL if seat is None else PLAIN_NULL_BEFORE_PICKUP[seat]
        return adjusted(chance, term)
    if d.game.is_null:
        plain = not d.ouvert and not d.hand
        return adjusted(chance, PLAIN_NULL_AFTER_PICKUP) if plain else chance
    grand = d.game is GameType.GRAND and not d.ouvert
    term = GRAND_AFTER_PICKUP.get(profile_name, 0.0) if grand and not d.hand else 0.0
    if grand and seat == 0:
        term += GRAND_FOREHAND
    return adjusted(chance, DECLARATION_LEVEL + term, DECLARATION_SLOPE)
