"""Terms fit to the experts' own games, added on the logit scale after the networks, their calibration lines,
the auction layer and the families (issue 41, point 7: "fix any family whose interval misses the diagonal").

The calibration lines were fit on a few hundred self-played games, of which only 29 were nulls; a kind with
few games is pulled towards the line of all kinds, so the null lines say what a suit game would. Where a
benchmark over enough games of one group puts its chances off the diagonal with a 95 % interval that
excludes 0, the group gets one shift here, fit by maximum likelihood
(:func:`trainer.chances.model.logit_shift`), with its figures beside it. The seat term of a suit game lives
with the auction layer (:data:`trainer.chances.auction.SUIT_SEAT`), fit the same way.
"""

from __future__ import annotations

from trainer.chances.model import Group
from trainer.games import Declaration

PLAIN_NULL_AFTER_PICKUP = 0.7
"""A plain null (not open, not hand) declared after the pickup. ``benchmarks/null_family.py`` forced it on
the seat whose null looked best, wherever its chance after the discard lay between 0.2 and 0.95, and the
experts played it out (seeds 9000-9599, ``benchmarks/results/null-family-seed9000.txt``): 302 nulls given
0.456 on average were won 0.606 of the time (95 % 0.550-0.659), more often than said in every band, and the
shift that matches is +0.71 (95 % +0.46 to +0.96). Fit beside the families' null features instead, a suit
without its 7 took +0.45 (-0.07 to +0.97) and a high card in a short suit -0.12 (-0.71 to +0.47), with a
level of +0.46: no better a fit (log-likelihood -171.1 against -173.1 for two more terms), so the families
stay as they are and the shift is one level. Before the pickup and for hand nulls nothing was measured, so
nothing is shifted; the Danish nulls are open only."""


def fitted_shift(declaration: Declaration, moment: Group) -> float:
    """The fitted logit shift for ``declaration`` at ``moment`` (``play`` after the pickup or for a hand
    game, ``pre`` before the pickup); 0 for every group no benchmark has put off the diagonal."""
    d = declaration
    if d.game.is_null and not d.ouvert and not d.hand and moment == "play":
        return PLAIN_NULL_AFTER_PICKUP
    return 0.0
