"""Settlement schemes (RULES §10): what each player wins or pays for one game.

Each scheme is one function returning a :class:`Settlement` — amounts for the declarer, the two opponents
and (at a 4-player table) the dealer sitting out, plus ``working`` lines that explain the sums. Money uses
:class:`~decimal.Decimal`. The schemes' agreed numbers are frozen config dataclasses with the sources'
values as defaults.

>>> from trainer.games import Declaration, GameType
>>> from trainer.profiles import DANISH
>>> from trainer.rules.value import evaluate_game
>>> won = evaluate_game(DANISH, Declaration(GameType.CLUBS), matadors=2, bid=36,
...                     declarer_points=70, declarer_tricks=6)
>>> danish_money(won, config=DanishMoneyConfig(rates=(Decimal(5), Decimal(10)))).opponents
(Decimal('-200'), Decimal('-200'))
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal

from trainer.cards import PLAYING_SEATS, TOTAL_CARD_POINTS
from trainer.errors import N_, Message, SkatError
from trainer.games import Declaration, GameType
from trainer.profiles import RuleProfile
from trainer.rules.extras import DANISH_EXTRAS, DanishExtras, RamseResult, Spoerge, rate_factor
from trainer.rules.value import GameResult
from trainer.text import shown

OPPONENTS = 2
"""Two opponents play against the declarer at every table size."""


@dataclass(frozen=True)
class Settlement:
    """Per-player amounts for one game. Positive = receives / scores, negative = pays / loses.

    ``opponents`` are the two defenders (seat order); ``sitting_out`` is the dealer at a 4-player table
    (always 0 here) and empty at 3. ``unit`` is 'points', 'øre' or 'money'. ``working_parts``: the lines
    that explain the sums as translatable messages; ``working`` has them as English text.
    """

    scheme: str
    unit: str
    declarer: Decimal
    opponents: tuple[Decimal, Decimal]
    sitting_out: tuple[Decimal, ...] = ()
    working_parts: tuple[Message, ...] = field(default=())

    @property
    def working(self) -> tuple[str, ...]:
        """The working lines in English (the CLI prints these)."""
        return tuple(line.english for line in self.working_parts)

    @property
    def amounts(self) -> tuple[Decimal, ...]:
        """Declarer, the two opponents, then anyone sitting out."""
        return (self.declarer, *self.opponents, *self.sitting_out)

    @property
    def total(self) -> Decimal:
        return sum(self.amounts, Decimal(0))


def _table(table_size: int) -> tuple[Decimal, ...]:
    if table_size not in (3, 4):
        raise SkatError.of(N_("Scores are kept for 3 or 4 players at the table, not {n}."), n=table_size)
    return (Decimal(0),) * (table_size - 1 - OPPONENTS)


# --- kontra / re --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class KontraConfig:
    """International house option: kontra doubles the game value, re doubles it again."""

    kontra_factor: int = 2
    re_factor: int = 2
    latest_cards_played: int = 1
    """Kontra and re must come before the second card of the first trick."""


KONTRA = KontraConfig()


def kontra_factor(kontra: bool = False, re: bool = False, config: KontraConfig = KONTRA) -> int:
    """1, ×2 after kontra, ×4 after kontra and re. Re only answers a kontra."""
    if re and not kontra:
        raise SkatError.of(
            N_("Re is the declarer's answer to a kontra; without kontra there is nothing to re.")
        )
    return (config.kontra_factor if kontra else 1) * (config.re_factor if re else 1)


# --- Bock rounds --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BockConfig:
    """House option (a club rule, both rule sets): a deal that ends 60–60, or in which the defenders said
    kontra and beat the game, calls a Bock round: the next ``deals_per_round`` deals (one dealt by each seat)
    count ``factor`` times. Rounds called while one is owed are added to the end; they do not multiply."""

    factor: int = 2
    deals_per_round: int = PLAYING_SEATS


BOCK = BockConfig()


def calls_bock(declarer_points: int | None, *, null: bool, kontra: bool, declarer_won: bool | None) -> bool:
    """Whether a finished deal calls a Bock round: a suit or grand game split 60–60 (the declarer's points
    with the skat are half of all), or a kontra the defenders won (the declarer lost). A passed-in deal,
    Ramse and Ramsch call none."""
    if declarer_won is None:
        return False
    split = not null and declarer_points is not None and 2 * declarer_points == TOTAL_CARD_POINTS
    return split or (kontra and not declarer_won)


def kontra_allowed(cards_played: int, config: KontraConfig = KONTRA) -> bool:
    """May kontra or re still be said with this many cards of the game played?"""
    return 0 <= cards_played <= config.latest_cards_played


def kontra_words(factor: int) -> list[Message]:
    """How a kontra/re multiplier is said (nothing when there was none)."""
    return [Message(N_("kontra/re: value × {factor}"), {"factor": factor})] if factor != 1 else []


def thrown_on_the_bid(profile: RuleProfile, result: GameResult) -> GameResult:
    """A game thrown before the first lead as the list and Seeger-Fabian score it: on the bid where the
    profile says so (:attr:`~trainer.profiles.RuleProfile.thrown_on_bid`), else unchanged."""
    if not profile.thrown_on_bid or result.won:
        return result
    return dataclasses.replace(result, value=result.bid, list_score=profile.list_score(False, result.bid))


# --- list ------------------------------------------------------------------------------------------------
def list_settlement(
    profile: RuleProfile, result: GameResult, *, table_size: int = 3, kontra: bool = False, re: bool = False
) -> Settlement:
    """The plain list: only the declarer is written, +value when won, −lost_factor × value when lost."""
    factor = kontra_factor(kontra, re)
    value = result.value * factor
    score = profile.list_score(result.won, value)
    working = [
        _game_line(result),
        *kontra_words(factor),
        Message(N_("won: +{value}"), {"value": value})
        if result.won
        else Message(
            N_("lost: −{factor} × {value} = {score}"),
            {"factor": profile.lost_factor, "value": value, "score": score},
        ),
    ]
    zero = Decimal(0)
    return Settlement("list", "points", Decimal(score), (zero, zero), _table(table_size), tuple(working))


def _game_line(result: GameResult) -> Message:
    if result.overbid:
        return Message(
            N_("{working}; overbid (bid {bid}), scored at {value}"),
            {"working": result.breakdown, "bid": result.bid, "value": result.value},
        )
    return Message(N_("{working}"), {"working": result.breakdown})


# --- Seeger-Fabian ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SeegerFabianConfig:
    """Tournament scoring: +50 for a won game, −50 extra for a lost one, and each opponent of a lost game
    scores 40 at a 3-player table or 30 at a 4-player table."""

    won_bonus: int = 50
    lost_penalty: int = 50
    opponent_bonus: tuple[tuple[int, int], ...] = ((3, 40), (4, 30))
    """(table size, points for each opponent of a lost game)."""

    def opponent_bonus_for(self, table_size: int) -> int:
        for size, bonus in self.opponent_bonus:
            if size == table_size:
                return bonus
        raise SkatError.of(N_("Seeger-Fabian is scored at 3 or 4 players, not {n}."), n=table_size)


SEEGER_FABIAN = SeegerFabianConfig()


def seeger_fabian(
    profile: RuleProfile,
    result: GameResult,
    *,
    table_size: int = 3,
    kontra: bool = False,
    re: bool = False,
    config: SeegerFabianConfig = SEEGER_FABIAN,
) -> Settlement:
    """Seeger-Fabian: won +value +50; lost −2 × value −50 and each opponent +40 (3 players) / +30 (4)."""
    sitting_out = _table(table_size)
    factor = kontra_factor(kontra, re)
    value = result.value * factor
    working = [_game_line(result), *kontra_words(factor)]
    if result.won:
        declarer = value + config.won_bonus
        opponent = 0
        working.append(
            Message(
                N_("won: {value} + {bonus} = {score}"),
                {"value": value, "bonus": config.won_bonus, "score": declarer},
            )
        )
    else:
        declarer = -profile.lost_factor * value - config.lost_penalty
        opponent = config.opponent_bonus_for(table_size)
        working.append(
            Message(
                N_("lost: −{factor} × {value} − {penalty} = {score}"),
                {
                    "factor": profile.lost_factor,
                    "value": value,
                    "penalty": config.lost_penalty,
                    "score": declarer,
                },
            )
        )
        working.append(
            Message(
                N_("each opponent +{points} ({players} at the table)"),
                {"points": opponent, "players": table_size},
            )
        )
    each = Decimal(opponent)
    return Settlement("seeger_fabian", "points", Decimal(declarer), (each, each), sitting_out, tuple(working))


# --- Danish money -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DanishMoneyConfig:
    """ "½ og hel øres": rates (win, loss) in øre per rounded game point; values rounded up to tens.

    ``premium``: the house option paid on top by the losing side of a Grand af hånden or a Dækker (per
    opponent, øre; default 0).
    """

    rates: tuple[Decimal, Decimal] = (Decimal("0.5"), Decimal(1))
    rounding_unit: int = 10
    premium: Decimal = Decimal(0)


DANISH_MONEY = DanishMoneyConfig()


def round_up(value: int, unit: int) -> int:
    """Round up to a multiple of ``unit``: ceil(value / unit) × unit (36 → 40, 40 → 40)."""
    return math.ceil(value / unit) * unit


def earns_premium(declaration: Declaration) -> bool:
    """Grand af hånden or Dækker (null ouvert from the hand): the games the premium is paid for."""
    grand_hand = declaration.game is GameType.GRAND and declaration.hand
    daekker = declaration.game.is_null and declaration.hand and declaration.ouvert
    return grand_hand or daekker


def _plain(amount: Decimal | int) -> str:
    """An amount without trailing zeros: 20.0 → '20', 0.50 → '0.5'."""
    text = format(Decimal(amount).normalize(), "f")
    return text


def danish_money_for(
    value: int,
    won: bool,
    *,
    config: DanishMoneyConfig = DANISH_MONEY,
    factor: int = 1,
    premium: bool = False,
    table_size: int = 3,
    note: Message | None = None,
) -> Settlement:
    """Danish money for a game ``value``: won → the declarer receives rate_win × rounded × factor from each
    opponent; lost → pays rate_loss × rounded × factor to each. ``premium``: add the agreed premium."""
    sitting_out = _table(table_size)
    rounded = round_up(value, config.rounding_unit)
    rate_win, rate_loss = config.rates
    working = [note] if note is not None else []
    working.append(Message(N_("{value} rounded up to {rounded}"), {"value": value, "rounded": rounded}))
    rate = rate_win if won else rate_loss
    each = rate * rounded * factor
    sum_ = f"{_plain(rate)} × {rounded}" + (f" × {factor}" if factor != 1 else "") + f" = {_plain(each)}"
    if won:
        working.append(Message(N_("each opponent pays the declarer {sum} øre"), {"sum": sum_}))
    else:
        working.append(Message(N_("the declarer pays each opponent {sum} øre"), {"sum": sum_}))
    if premium and config.premium:
        each += config.premium
        working.append(
            Message(N_("premium {premium} øre each, paid by the losing side"), {"premium": config.premium})
        )
    declarer = OPPONENTS * each if won else -OPPONENTS * each
    opponent = -each if won else each
    return Settlement("danish_money", "øre", declarer, (opponent, opponent), sitting_out, tuple(working))


def _rate(raw: Decimal | int | str) -> Decimal:
    """A rate in øre as given by a table ("5", 10, Decimal("0.5")); a clear error for anything else."""
    try:
        rate = Decimal(raw) if not isinstance(raw, bool) else Decimal("NaN")
    except (ArithmeticError, TypeError, ValueError):
        rate = Decimal("NaN")
    if not rate.is_finite() or rate < 0:
        raise SkatError.of(
            N_("A rate is an amount of øre such as 5 or 0.5, not '{rate}'."), rate=shown(str(raw))
        )
    return rate


def danish_money(
    result: GameResult,
    *,
    rates: tuple[Decimal | int | str, Decimal | int | str] | None = None,
    config: DanishMoneyConfig = DANISH_MONEY,
    thrown_before_play: bool = False,
    spoerge: Spoerge = Spoerge.NONE,
    slaa_40_an: bool = False,
    table_size: int = 3,
    extras: DanishExtras = DANISH_EXTRAS,
) -> Settlement:
    """Danish money for a scored game. The value is the game's actual value, except for cards thrown before
    play and overbid games: those are settled on the bid. Spørge doubles the rates (knocking back doubles
    again; throwing after a knock pays the normal rate), Slå 40 an doubles them. ``rates`` (win, loss) in
    øre overrides the config's, e.g. ``(5, 10)`` for "5 og 10 øres"."""
    if rates is not None:
        config = dataclasses.replace(config, rates=(_rate(rates[0]), _rate(rates[1])))
    if thrown_before_play and result.won:
        raise SkatError.of(N_("Cards thrown before play are a lost game."))
    if spoerge is Spoerge.THROWN and result.won:
        raise SkatError.of(N_("Throwing the cards after a Spørge loses the game."))
    on_bid = thrown_before_play or result.overbid
    value = result.bid if on_bid else result.value
    factor = rate_factor(spoerge, slaa_40_an=slaa_40_an, config=extras)
    note = _game_line(result)
    if on_bid:
        note = Message(N_("{line}; settled on the bid {bid}"), {"line": note, "bid": result.bid})
    if factor != 1:
        note = Message(N_("{line}; rates × {factor} (Spørge/Slå 40 an)"), {"line": note, "factor": factor})
    return danish_money_for(
        value,
        result.won,
        config=config,
        factor=factor,
        premium=earns_premium(result.declaration),
        table_size=table_size,
        note=note,
    )


def slaa_40_an_forfeit(
    *, config: DanishMoneyConfig = DANISH_MONEY, extras: DanishExtras = DANISH_EXTRAS, table_size: int = 3
) -> Settlement:
    """The knocker's hand has no game worth 40: lost without play, settled at 40 with doubled rates."""
    return danish_money_for(
        extras.slaa_40_an_value,
        False,
        config=config,
        factor=rate_factor(slaa_40_an=True, config=extras),
        table_size=table_size,
        note=Message(
            N_("Slå {value} an, but no game worth it: lost without play"), {"value": extras.slaa_40_an_value}
        ),
    )


# --- Ramse money ------------------------------------------------------------------------------------------
def ramse_money(result: RamseResult, stake: Decimal) -> tuple[Decimal, ...]:
    """Ramse money, paid by the loser (RULES §9): each loser pays ``stake`` to each player who did not lose —
    the player with the most points pays each of the other two; after 101 or more each of the two pays the
    winner; **[choice]** two tied for most both pay the third, a three-way tie pays nothing. Amounts in seat
    order."""
    amounts = [Decimal(0)] * len(result.points)
    for receiver in result.receivers:
        for loser in result.losers:
            amounts[receiver] += stake
            amounts[loser] -= stake
    return tuple(amounts)


# --- online stakes with commission -------------------------------------------------------------------------
@dataclass(frozen=True)
class OnlineStakesConfig:
    """The online game's money: ``stake`` per game point, ``commission_rate`` of the money per player,
    rounded half-up to ``cent`` first."""

    stake: Decimal = Decimal("0.10")
    commission_rate: Decimal = Decimal("0.09")
    cent: Decimal = Decimal("0.01")
    players: int = 3


ONLINE_STAKES = OnlineStakesConfig()


def online_stakes(result: GameResult, *, config: OnlineStakesConfig = ONLINE_STAKES) -> Settlement:
    """Online stakes: money = stake × value; commission = players × round(rate × money). A winning declarer
    receives 2 × money − commission (each opponent pays money). **[choice]** A losing declarer pays 2 × money
    and the opponents share 2 × money − commission equally (a half cent left over goes to the house). The
    value is not doubled for a loss."""
    money = config.stake * result.value
    per_player = (config.commission_rate * money).quantize(config.cent, rounding=ROUND_HALF_UP)
    commission = per_player * config.players
    pot = OPPONENTS * money
    working = [
        _game_line(result),
        Message(
            N_("money = {stake} × {value} = {money}"),
            {"stake": config.stake, "value": result.value, "money": money},
        ),
        Message(
            N_("commission per player = {rate} × {money}, rounded = {per_player}"),
            {"rate": config.commission_rate, "money": money, "per_player": per_player},
        ),
        Message(
            N_("commission = {players} × {per_player} = {commission}"),
            {"players": config.players, "per_player": per_player, "commission": commission},
        ),
    ]
    if result.won:
        declarer = pot - commission
        opponents = (-money, -money)
        working.append(
            Message(
                N_("each opponent pays {money}; the declarer receives {pot} − {commission} = {amount}"),
                {"money": money, "pot": pot, "commission": commission, "amount": declarer},
            )
        )
    else:
        declarer = -pot
        share = ((pot - commission) / OPPONENTS).quantize(config.cent, rounding=ROUND_DOWN)
        opponents = (share, share)
        working.append(
            Message(
                N_("the declarer pays {pot}; each opponent receives ({pot} − {commission}) / 2 = {share}"),
                {"pot": pot, "commission": commission, "share": share},
            )
        )
    return Settlement("online_stakes", "money", declarer, opponents, (), tuple(working))
