"""When a game is worth declaring: its expected score at a bid, and the highest bid at which it is still
worth it.

"Worth it" means: declaring the game at that bid has a positive expected score for the declarer under the
scheme the profile's players keep score in, counted against passing (which scores nothing). International:
Seeger-Fabian (won: value + 50; lost: −2 × value − 50); Danish: Danish money (won: each opponent pays half
an øre per game point rounded up to tens; lost: the declarer pays each a whole øre, the lost factor 2).
The game's value is a spread when the skat is still unseen: a Jack in the skat can shorten "without 2" to
"without 1" — the overbid risk — or lengthen "with 1" to "with 2". Below the bid, the game is lost as overbid
and scored on the profile's overbid valuation (the bid in Danish; the next multiple of the base value
international).
"""

from __future__ import annotations

import functools

from trainer.bidding import bid_ladder
from trainer.games import Declaration
from trainer.profiles import RuleProfile
from trainer.settlement import DANISH_MONEY, OPPONENTS, SEEGER_FABIAN, round_up
from trainer.value import game_value, overbid_value

Spread = tuple[tuple[int, float], ...]
"""A game's possible values with their probabilities (they add up to 1)."""

WORTH_SCHEMES = {"international": "seeger_fabian", "danish": "danish_money"}
"""The scheme each profile's "worth it" is counted in (the way its players usually keep score)."""


_DANISH_RATES = (float(DANISH_MONEY.rates[0]), float(DANISH_MONEY.rates[1]))


def scheme_for(profile: RuleProfile) -> str:
    return WORTH_SCHEMES.get(profile.name, "list")


def score(profile: RuleProfile, won: bool, value: int) -> float:
    """The declarer's score for a game of ``value`` won or lost, in the profile's worth scheme."""
    scheme = scheme_for(profile)
    if scheme == "seeger_fabian":
        if won:
            return float(value + SEEGER_FABIAN.won_bonus)
        return float(-profile.lost_factor * value - SEEGER_FABIAN.lost_penalty)
    if scheme == "danish_money":
        rate_win, rate_loss = _DANISH_RATES
        rounded = round_up(value, DANISH_MONEY.rounding_unit)
        return OPPONENTS * (rate_win if won else -rate_loss) * rounded
    return float(profile.list_score(won, value))


@functools.lru_cache(maxsize=4096)
def value_of(profile: RuleProfile, declaration: Declaration, matadors: int) -> int:
    """The declaration's value with ``matadors`` (null: its fixed value), no level beyond those declared."""
    return game_value(profile, declaration, matadors).value


def expected_score(
    profile: RuleProfile, declaration: Declaration, win: float, spread: Spread, bid: int
) -> float:
    """The expected score of declaring at ``bid``: won with chance ``win`` where the value reaches the bid,
    lost as overbid where it does not."""
    total = 0.0
    for value, probability in spread:
        if value >= bid:
            total += probability * (
                win * score(profile, True, value) + (1 - win) * score(profile, False, value)
            )
        else:
            total += probability * score(profile, False, overbid_value(profile, declaration, bid))
    return total


def highest_worth_bid(
    profile: RuleProfile, declaration: Declaration, win: float, spread: Spread
) -> int | None:
    """The highest ladder bid at which declaring is worth it (positive expected score), or None when it is
    not worth it at any bid the game can reach."""
    top = max((value for value, _p in spread), default=0)
    bids = _ladder_up_to(profile, top)
    # the expected score falls as the bid rises (more of the spread is overbid, and an overbid costs more)
    low, high = 0, len(bids)
    while low < high:
        middle = (low + high) // 2
        if expected_score(profile, declaration, win, spread, bids[middle]) > 0:
            low = middle + 1
        else:
            high = middle
    return bids[low - 1] if low else None


@functools.lru_cache(maxsize=1024)
def _ladder_up_to(profile: RuleProfile, top: int) -> tuple[int, ...]:
    return tuple(bid for bid in bid_ladder(profile) if bid <= top)


def break_even(profile: RuleProfile, value: int) -> float:
    """The chance at which a game of ``value`` (certain) scores nothing on average: worth it above."""
    won, lost = score(profile, True, value), score(profile, False, value)
    return -lost / (won - lost)
