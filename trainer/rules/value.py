"""Game values: matadors, the multiplier's levels, the value of a declaration, overbid and the list score.

A suit or grand game is worth ``base × multiplier``; the multiplier is counted aloud level by level in the
order the profile uses ("med 2, spil 3, på bordet 4" / "with 2, game 3, hand 4"). Null games have fixed
values. Every number comes from the :class:`~trainer.profiles.RuleProfile`.

>>> from trainer.profiles import INTERNATIONAL
>>> game_value(INTERNATIONAL, Declaration(GameType.SPADES), 2).english_words()
'with 2, game 3 — 3 × 11 = 33'
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from trainer.cards import ALL_CARDS, TOTAL_CARD_POINTS, Card
from trainer.errors import N_, DeclarationError
from trainer.games import Declaration, GameType
from trainer.profiles import LEVEL_CODES, OverbidValuation, RuleProfile
from trainer.rules.play import trump_order
from trainer.text import Message, english

_ENGLISH_LEVEL = {
    "game": "game",
    "hand": "hand",
    "schneider": "schneider",
    "schneider_announced": "schneider announced",
    "schwarz": "schwarz",
    "schwarz_announced": "schwarz announced",
    "ouvert": "ouvert",
    "musik": "musik",
}
_DANISH_LEVEL = {
    "game": "spil",
    "hand": "af hånden",
    "schneider": "Skrædder",
    "schneider_announced": "Skrædder meldt",
    "schwarz": "Sort",
    "schwarz_announced": "Sort meldt",
    "ouvert": "på bordet",
    "musik": "Musik",
}


def max_matadors(game: GameType) -> int:
    """Most matadors a game can have: every trump (11 in a suit game, 4 in grand, 0 in null)."""
    return len(trump_order(game))


def matadors(cards: Iterable[Card], game: GameType) -> int:
    """Matadors over the declarer's 10 cards plus the 2 skat cards: ``+n`` "with n", ``-n`` "without n".

    The run of top trumps is counted from ♣J down. Null games have none (0).
    """
    order = trump_order(game)
    if not order:
        return 0
    held = set(cards)
    with_top = order[0] in held
    run = 0
    for card in order:
        if (card in held) != with_top:
            break
        run += 1
    return run if with_top else -run


@dataclass(frozen=True)
class ValueBreakdown:
    """A game value with its working: the levels counted aloud and the product.

    ``levels`` holds ``(level_code, running_total)`` pairs in the profile's order, e.g.
    ``(("matadors", 2), ("game", 3), ("hand", 4))``; the last running total is the ``multiplier``.
    Null games have no levels and ``multiplier`` / ``base`` None: ``value`` is their fixed value.
    """

    declaration: Declaration
    matadors: int
    levels: tuple[tuple[str, int], ...]
    multiplier: int | None
    base: int | None
    value: int

    @property
    def is_null(self) -> bool:
        return self.multiplier is None

    def level_total(self, code: str) -> int:
        """How much one level adds to the multiplier (0 when absent)."""
        previous = 0
        for level, total in self.levels:
            if level == code:
                return total - previous
            previous = total
        return 0

    def _count(self, names: dict[str, str], with_word: str, without_word: str) -> str:
        """The levels counted aloud in one language's words (not for a null game)."""
        return ", ".join(
            f"{with_word if self.matadors > 0 else without_word} {abs(self.matadors)}"
            if code == "matadors"
            else f"{names[code]} {total}"
            for code, total in self.levels
        )

    def english_count(self) -> str:
        """The levels counted aloud without the product: ``with 2, game 3, hand 4`` (null: its name)."""
        if self.multiplier is None:
            return self.declaration.describe()
        return self._count(_ENGLISH_LEVEL, "with", "without")

    def danish_count(self) -> str:
        """The same count in the Danish textbook's terms: ``med 2, spil 3, af hånden 4`` (null: Dækker)."""
        if self.multiplier is None:
            return danish_null_name(self.declaration)
        return self._count(_DANISH_LEVEL, "med", "uden")

    def english_words(self) -> str:
        """E.g. ``with 2, game 3, hand 4 — 4 × 12 = 48``."""
        if self.multiplier is None or self.base is None:
            return f"{self.english_count()} — fixed value {self.value}"
        return f"{self.english_count()} — {self.multiplier} × {self.base} = {self.value}"

    def danish_words(self) -> str:
        """The same working in Danish terms: med/uden N, then spil, på bordet, af hånden, ..."""
        if self.multiplier is None or self.base is None:
            return f"{self.danish_count()} — {self.value}"
        return f"{self.danish_count()} — {self.multiplier} × {self.base} = {self.value}"


Multiplier = ValueBreakdown
"""Alias: the breakdown is the multiplier together with its base and value."""


def danish_null_name(declaration: Declaration) -> str:
    """Danish name of a null game: Nul-ouvert (skat may be taken) or Dækker (open, from the hand)."""
    if declaration.ouvert:
        return "Dækker" if declaration.hand else "Nul-ouvert"
    return "Nul af hånden" if declaration.hand else "Nul"


def _check_matadors(declaration: Declaration, count: int) -> None:
    if declaration.game.is_null:
        return
    top = max_matadors(declaration.game)
    if count == 0 or abs(count) > top:
        raise DeclarationError.of(
            N_(
                "A {game} game has between 'with 1' and 'with {top}' (or 'without 1' to 'without {top}') "
                "matadors; {count} is not possible."
            ),
            game=declaration.game,
            top=top,
            count=count,
        )


def game_value(
    profile: RuleProfile,
    declaration: Declaration,
    matadors: int,
    *,
    schneider: bool = False,
    schwarz: bool = False,
) -> ValueBreakdown:
    """The value of a declaration with the given matadors and the levels reached.

    ``schneider``/``schwarz`` mean *reached* (by either side); schwarz implies schneider. Announced levels
    always count, reached or not (ISkO 5.2.5): schneider announced brings schneider, schwarz announced
    brings schneider and schwarz. Null games get their fixed value from the profile.
    """
    d = profile.check_declaration(declaration)
    if d.game.is_null:
        fixed = profile.null_value(d.hand, d.ouvert)
        if fixed is None:  # pragma: no cover - check_declaration refuses these
            raise DeclarationError.of(N_("{game} is not a game in {profile}."), game=d, profile=profile)
        return ValueBreakdown(d, 0, (), None, None, fixed)
    _check_matadors(d, matadors)
    schwarz_counts = schwarz or d.schwarz_announced
    schneider_counts = schneider or schwarz_counts or d.schneider_announced
    steps = {
        "matadors": abs(matadors),
        "game": 1,
        "hand": int(d.hand),
        "schneider": int(schneider_counts),
        "schneider_announced": int(d.schneider_announced),
        "schwarz": int(schwarz_counts),
        "schwarz_announced": int(d.schwarz_announced),
        "ouvert": int(d.ouvert),
        "musik": d.musik,
    }
    levels: list[tuple[str, int]] = []
    total = 0
    for code in profile.level_order:
        step = steps.get(code, 0)
        if step:
            total += step
            levels.append((code, total))
    missing = [code for code, step in steps.items() if step and code not in profile.level_order]
    if missing:
        raise DeclarationError.of(
            N_("{profile} have no level {levels}."), profile=profile, levels=", ".join(missing)
        )
    base = profile.base_value(d.game)
    return ValueBreakdown(d, matadors, tuple(levels), total, base, total * base)


def highest_possible_value(profile: RuleProfile, declaration: Declaration, matadors: int) -> int:
    """The most a declaration can be worth: schneider and schwarz reached on top of what is declared."""
    return game_value(profile, declaration, matadors, schneider=True, schwarz=True).value


def check_reachable(profile: RuleProfile, declaration: Declaration, matadors: int, bid: int) -> None:
    """Refuse a declaration that can never reach the bid, with the reason in words.

    A null game has only its fixed value, so a null below the bid is always refused. A suit or grand game
    that reaches the bid only with schneider or schwarz may be declared (the overbid rescue).
    """
    d = profile.check_declaration(declaration)
    if d.game.is_null:
        value = game_value(profile, d, 0).value
        if value < bid:
            raise DeclarationError.of(
                N_(
                    "{game} is always worth {value}, which is below the bid of {bid}. "
                    "A null game cannot be raised, so it cannot be declared here."
                ),
                game=d,
                value=value,
                bid=bid,
            )
        return
    best = game_value(profile, d, matadors, schneider=True, schwarz=True)
    if best.value < bid:
        raise DeclarationError.of(
            N_(
                "{game} can be worth at most {value} even with schneider and schwarz ({working}), which is "
                "below the bid of {bid}. Choose a game that can reach {bid}."
            ),
            game=d,
            value=best.value,
            working=best,
            bid=bid,
        )


def overbid_value(profile: RuleProfile, declaration: Declaration, bid: int) -> int:
    """The value a lost overbid game is settled on: the bid (Danish) or the smallest multiple of the
    declared game's base value that is at least the bid (international: bid 30 in diamonds → 36)."""
    if profile.overbid_valuation is OverbidValuation.BID or declaration.game.is_null:
        return bid
    base = profile.base_value(declaration.game)
    return math.ceil(bid / base) * base


def declarer_cards_held(profile: RuleProfile, tricks: int, *, with_skat: bool = True) -> int:
    """Cards the declarer ends with after taking ``tricks`` tricks: one card per seat in each trick plus
    the skat, which counts for the declarer (3 × tricks + 2). ``with_skat`` False: a Ramse Grand lost the
    last trick, so the set-aside skat went to its winner (3 × tricks)."""
    skat = profile.deal_packets[profile.skat_packet]
    per_trick = (len(ALL_CARDS) - skat) // profile.tricks_per_game
    return per_trick * tricks + (skat if with_skat else 0)


@cache
def _card_point_sums(count: int) -> frozenset[int]:
    """Every total that exactly ``count`` cards of the pack can add up to (a subset sum over the real
    card values of :data:`trainer.cards.ALL_CARDS`, so gaps such as 1 or 119 are excluded)."""
    sums: list[set[int]] = [set() for _ in range(count + 1)]
    sums[0].add(0)
    for card in ALL_CARDS:
        for taken in range(count, 0, -1):
            sums[taken] |= {total + card.points for total in sums[taken - 1]}
    return frozenset(sums[count])


def possible_declarer_points(profile: RuleProfile, tricks: int, *, with_skat: bool = True) -> frozenset[int]:
    """The declarer's card points (skat included) that can go with ``tricks`` tricks: sums of exactly
    ``3 × tricks + 2`` real cards. 0 tricks: only the skat (0..22, not every value); 10 tricks: all 120.
    ``with_skat`` False: the skat is not the declarer's (a Ramse Grand whose last trick went elsewhere)."""
    if not 0 <= tricks <= profile.tricks_per_game:
        return frozenset()
    return _card_point_sums(declarer_cards_held(profile, tricks, with_skat=with_skat))


def _check_ranges(profile: RuleProfile, points: int, tricks: int) -> None:
    """Card points 0..120 and tricks 0..10, each on its own."""
    check_card_points(points)
    check_tricks(profile, tricks)


def check_card_points(points: int) -> None:
    """Refuse a declarer's card points outside 0..120 (the whole pack has 120)."""
    if not 0 <= points <= TOTAL_CARD_POINTS:
        raise DeclarationError.of(
            N_("Card points must be between 0 and {total}, not {points}."),
            total=TOTAL_CARD_POINTS,
            points=points,
        )


def check_tricks(profile: RuleProfile, tricks: int) -> None:
    """Refuse a declarer's tricks outside 0..10."""
    total_tricks = profile.tricks_per_game
    if not 0 <= tricks <= total_tricks:
        raise DeclarationError.of(
            N_("A declarer takes between 0 and {tricks} tricks, not {taken}."),
            tricks=total_tricks,
            taken=tricks,
        )


def check_points_and_tricks(
    profile: RuleProfile, points: int, tricks: int, *, with_skat: bool = True
) -> None:
    """Refuse card points and tricks that cannot happen together (a :class:`DeclarationError` a learner
    can read): each out of range on its own, or ``points`` that ``3 × tricks + 2`` cards cannot make
    (``3 × tricks`` when the skat is not the declarer's, ``with_skat`` False)."""
    _check_ranges(profile, points, tricks)
    possible = possible_declarer_points(profile, tricks, with_skat=with_skat)
    if points in possible:
        return
    total_tricks = profile.tricks_per_game
    cards = declarer_cards_held(profile, tricks, with_skat=with_skat)
    if tricks == 0:
        raise DeclarationError.of(
            N_(
                "With 0 tricks the declarer has only the skat ({cards} cards): {lowest} to {highest} card "
                "points, never {points}."
            ),
            cards=cards,
            lowest=min(possible),
            highest=max(possible),
            points=points,
        )
    if tricks == total_tricks and with_skat:
        raise DeclarationError.of(
            N_("With all {tricks} tricks the declarer has every card: {total} card points, not {points}."),
            tricks=tricks,
            total=TOTAL_CARD_POINTS,
            points=points,
        )
    below = max((p for p in possible if p < points), default=None)
    above = min((p for p in possible if p > points), default=None)
    nearest = [p for p in (below, above) if p is not None]
    raise DeclarationError.of(
        N_(
            "{tricks} tricks and the skat are {cards} cards: they cannot hold {points} card points "
            "(possible: {lowest} to {highest}; nearest: {nearest})."
        ),
        tricks=tricks,
        cards=cards,
        points=points,
        lowest=min(possible),
        highest=max(possible),
        nearest=" / ".join(str(p) for p in nearest),
    )


def list_score(profile: RuleProfile, won: bool, value: int) -> int:
    """The declarer's entry in the list (:meth:`RuleProfile.list_score`)."""
    return profile.list_score(won, value)


@dataclass(frozen=True)
class GameResult:
    """The outcome of one game for the declarer.

    ``value`` is the positive game value the result is scored on (for a lost overbid game: the overbid
    valuation); ``list_score`` is signed. ``schneider``/``schwarz`` are the levels reached by either side.
    ``reason`` says why: ``won``, or for a lost game ``points``, ``overbid``, ``announced_schneider_missed``,
    ``announced_schwarz_missed``, ``musik_failed``, ``null_trick``, ``thrown``.
    """

    won: bool
    value: int
    list_score: int
    schneider: bool
    schwarz: bool
    overbid: bool
    breakdown: ValueBreakdown
    reason: str
    bid: int = 0
    declarer_points: int = 0
    declarer_tricks: int = 0

    @property
    def declaration(self) -> Declaration:
        return self.breakdown.declaration

    @property
    def reason_message(self) -> Message:
        """Why the game was won or lost, in words (the one phrasing every page shows)."""
        return Message(RESULT_REASONS.get(self.reason, self.reason))


RESULT_REASONS: dict[str, str] = {
    "won": N_("won"),
    "points": N_("lost: too few card points"),
    "overbid": N_("lost: overbid (the game is worth less than the bid)"),
    "announced_schneider_missed": N_("lost: the announced schneider was not reached"),
    "announced_schwarz_missed": N_("lost: the announced schwarz was not reached"),
    "musik_failed": N_("lost: the Musik was not made"),
    "null_trick": N_("lost: the declarer took a trick"),
    "thrown": N_("lost: the cards were thrown"),
}
"""A :attr:`GameResult.reason` code in words (English msgids, translated by the UI)."""


def evaluate_game(
    profile: RuleProfile,
    declaration: Declaration,
    *,
    matadors: int,
    bid: int,
    declarer_points: int,
    declarer_tricks: int,
    musik_fulfilled: bool = True,
    thrown: bool = False,
    with_skat: bool = True,
) -> GameResult:
    """Score a finished game from the declarer's card points (skat included) and tricks (0..10).

    Won needs ``win_min_points``, every announced level reached and Musik made. Schneider and schwarz
    reached by either side count in the value, won or lost (the declarer's own schneider counts once, never
    on top of an announced schneider). If the value with the levels reached is below the bid, the game is
    lost and valued per the profile's overbid rule. A null game is lost on the declarer's first trick.
    ``thrown``: the declarer threw the cards: lost with the declared levels only (schneider/schwarz are not
    counted; **[choice]**), still valued as overbid when below the bid. A null game below the bid is a
    :class:`DeclarationError` (it can never be declared). ``with_skat`` False: the skat is not the
    declarer's (a Ramse Grand whose last trick another player won took the set-aside cards).
    """
    d = profile.check_declaration(declaration)
    tricks = profile.tricks_per_game
    if d.game.is_null:  # card points do not count in a null game: each number is only checked for range
        _check_ranges(profile, declarer_points, declarer_tricks)
    else:
        check_points_and_tricks(profile, declarer_points, declarer_tricks, with_skat=with_skat)
    if d.game.is_null:
        check_reachable(profile, d, 0, bid)
        breakdown = game_value(profile, d, 0)
        won = declarer_tricks == 0 and not thrown
        reason = "won" if won else ("thrown" if thrown else "null_trick")
        return GameResult(
            won,
            breakdown.value,
            list_score(profile, won, breakdown.value),
            False,
            False,
            False,
            breakdown,
            reason,
            bid,
            declarer_points,
            declarer_tricks,
        )
    opponents_schneider = profile.opponents_schneider(declarer_points)
    # thrown cards: only the declared levels count (the play never finished) [choice]
    schwarz = not thrown and declarer_tricks in (0, tricks)
    schneider = not thrown and (schwarz or profile.is_schneider(declarer_points))
    breakdown = game_value(profile, d, matadors, schneider=schneider, schwarz=schwarz)
    overbid = breakdown.value < bid
    if thrown:
        reason = "thrown"
    elif overbid:
        reason = "overbid"
    elif not profile.wins_on_points(declarer_points):
        reason = "points"
    elif d.schwarz_announced and declarer_tricks != tricks:
        reason = "announced_schwarz_missed"
    elif d.schneider_announced and not opponents_schneider:
        reason = "announced_schneider_missed"
    elif not musik_fulfilled and d.musik:
        reason = "musik_failed"
    else:
        reason = "won"
    won = reason == "won"
    value = overbid_value(profile, d, bid) if overbid else breakdown.value
    return GameResult(
        won,
        value,
        list_score(profile, won, value),
        schneider,
        schwarz,
        overbid,
        breakdown,
        reason,
        bid,
        declarer_points,
        declarer_tricks,
    )


def lowest_trumps(game: GameType, count: int) -> tuple[Card, ...]:
    """The ``count`` lowest trumps of a suit or grand game, lowest first (Musik needs them)."""
    order = trump_order(game)
    return tuple(reversed(order[-count:])) if count else ()


__all__ = [
    "LEVEL_CODES",
    "GameResult",
    "Multiplier",
    "ValueBreakdown",
    "check_card_points",
    "check_points_and_tricks",
    "check_reachable",
    "check_tricks",
    "danish_null_name",
    "declarer_cards_held",
    "evaluate_game",
    "game_value",
    "highest_possible_value",
    "list_score",
    "lowest_trumps",
    "matadors",
    "max_matadors",
    "overbid_value",
    "possible_declarer_points",
    "trump_order",
]


@english.register(ValueBreakdown)
def _english_breakdown(breakdown: ValueBreakdown) -> str:
    return breakdown.english_words()
