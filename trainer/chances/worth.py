"""When a game is worth declaring: its expected score at a bid, and the highest bid at which it is still
worth it.

"Worth it" means: declaring the game at that bid scores better on average, for the declarer under the scheme
the profile's players keep score in, than passing does. Passing is not free: the seat then usually defends
someone else's game, and a defender's score depends on it (:func:`passing_score`). International:
Seeger-Fabian (won: value + 50; lost: −2 × value − 50, and each defender +40); Danish: Danish money (won: each
opponent pays half an øre per game point rounded up to tens; lost: the declarer pays each a whole øre, the
lost factor 2) — so a Danish defender pays for every game the declarer wins, and passing costs money.
The game's value is a spread when the skat is still unseen: a Jack in the skat can shorten "without 2" to
"without 1" — the overbid risk — or lengthen "with 1" to "with 2". Below the bid, the game is lost as overbid
and scored on the profile's overbid valuation (the bid in Danish; the next multiple of the base value
international).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from trainer.games import Declaration
from trainer.profiles import AllPass, RuleProfile
from trainer.rules.bidding import bid_ladder
from trainer.rules.settlement import DANISH_MONEY, OPPONENTS, SEEGER_FABIAN, round_up
from trainer.rules.value import game_value, overbid_value

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


TYPICAL_DECLARER_WIN = 0.85
"""How often a declarer wins the game it declares, for :func:`passing_score`: what our experts win in
self-play (``benchmarks/chances.py``: suit 85 %, grand 88 %); people on a large Skat server win 77.5 % and
91 %."""


def defender_score(profile: RuleProfile, won: bool, value: int) -> float:
    """One defender's score for a game of ``value`` that the declarer won or lost, in the worth scheme."""
    scheme = scheme_for(profile)
    if scheme == "seeger_fabian":
        return 0.0 if won else float(SEEGER_FABIAN.opponent_bonus_for(OPPONENTS + 1))
    if scheme == "danish_money":
        rate_win, rate_loss = _DANISH_RATES
        rounded = round_up(value, DANISH_MONEY.rounding_unit)
        return (-rate_win if won else rate_loss) * rounded
    return 0.0


DEFENDED_VALUE_FACTOR = 2
"""The value of the game a seat defends after passing, as a multiple of the profile's lowest bid: the games
our experts declare are worth about twice the lowest bid on average (over 120 deals each, seeds 7000-7119:
44 international, lowest bid 18; 47 Danish, lowest bid 24), not the lowest bid itself."""


@functools.lru_cache(maxsize=8)
def passing_score(profile: RuleProfile) -> float:
    """What passing is worth on average: defending a game of a typical value (:data:`DEFENDED_VALUE_FACTOR`
    times the lowest bid) that the declarer wins :data:`TYPICAL_DECLARER_WIN` of the time. Danish money:
    about −14 øre (a defender pays half an øre per point of a won game: a Danish defender pays for the
    game's value, which is usually well above the lowest bid); Seeger-Fabian: +6 (a lost game pays each
    defender 40, whatever its value). The same for every bid, so the expected score still falls as the bid
    rises."""
    value = DEFENDED_VALUE_FACTOR * profile.min_bid
    w = TYPICAL_DECLARER_WIN
    return w * defender_score(profile, True, value) + (1 - w) * defender_score(profile, False, value)


def all_pass_score(all_pass: AllPass) -> float | None:
    """What a seat scores by passing when the other two have passed already: nothing where the deal is
    thrown in (so a game that scores above zero on average is worth declaring, though it is below
    :func:`passing_score`, which counts on defending someone else's game); None where a game follows
    (Ramse, Ramsch) that this module does not price."""
    return 0.0 if all_pass is AllPass.PASSED_IN else None


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
    profile: RuleProfile,
    declaration: Declaration,
    win: float | Callable[[int], float],
    spread: Spread,
) -> int | None:
    """The highest ladder bid at which declaring is worth it (its expected score beats
    :func:`passing_score`), or None when it is not worth it at any bid the game can reach. ``win``: the
    chance, or the chance at each bid (the auction that makes the seat go there tells against it,
    :func:`trainer.chances.auction.read_at`).

    A ceiling at or above the game's lowest possible value is one of its values (bidding 44 for a game
    worth 40 or 50 means bidding for 50): never a bid the game can never be worth."""
    chance_at = win if callable(win) else (lambda _bid: win)
    top = max((value for value, _p in spread), default=0)
    bids = _ladder_up_to(profile, top)
    # the expected score falls as the bid rises (more of the spread is overbid, an overbid costs more, and
    # the auction that drives the bid up lowers the chance)
    low, high = 0, len(bids)
    while low < high:
        middle = (low + high) // 2
        bid = bids[middle]
        if expected_score(profile, declaration, chance_at(bid), spread, bid) > passing_score(profile):
            low = middle + 1
        else:
            high = middle
    if not low:
        return None
    snapped = snap_to_values(bids[low - 1], spread)
    if snapped < bids[0]:
        return min((value for value, _p in spread if value >= bids[0]), default=bids[low - 1])
    return snapped


def snap_to_values(bid: int, spread: Spread) -> int:
    """``bid`` lowered to the highest value of ``spread`` not above it (unchanged below the lowest value)."""
    reachable = [value for value, _p in spread if value <= bid]
    return max(reachable) if reachable else bid


@functools.lru_cache(maxsize=1024)
def _ladder_up_to(profile: RuleProfile, top: int) -> tuple[int, ...]:
    return tuple(bid for bid in bid_ladder(profile) if bid <= top)


def break_even(profile: RuleProfile, value: int) -> float:
    """The chance at which declaring a game of ``value`` (certain) scores what passing does on average:
    worth it above."""
    won, lost = score(profile, True, value), score(profile, False, value)
    return (passing_score(profile) - lost) / (won - lost)
