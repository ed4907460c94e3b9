"""The one way a finished deal is scored: from its :class:`~trainer.rules.game.Outcome`, in any scheme; and an
evening's score sheet built from those settlements.

Nothing here reads the cards or the moves again: a deal's outcome says who declared what, what was reached
and how it ended (played, thrown, a failed Slå 40 an, Ramse, passed in), and :func:`settle` turns it into
amounts per seat. A played game goes through :func:`trainer.calc.settle_all`, the same code the settlement
calculator uses, so the calculator and the Play page cannot disagree.

>>> from trainer.deal import Seat
>>> from trainer.rules.game import Pass, SkatGame
>>> from trainer.profiles import INTERNATIONAL
>>> state = SkatGame(INTERNATIONAL).new_deal(1)
>>> for seat in (Seat.MIDDLEHAND, Seat.REARHAND, Seat.FOREHAND):
...     state.apply(Pass(seat))
>>> settle(state.outcome(), "list") is None  # a passed-in deal scores nothing
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from trainer.calc import SCHEMES, SchemeOptions, settle_all
from trainer.deal import PLAYING_SEATS, Seat
from trainer.errors import N_, Message, SkatError
from trainer.rules import Outcome
from trainer.rules.settlement import (
    OPPONENTS,
    SEEGER_FABIAN,
    DanishMoneyConfig,
    OnlineStakesConfig,
    Settlement,
    danish_money_for,
    ramse_money,
    slaa_40_an_forfeit,
)

RAMSE_STAKE: dict[str, Decimal] = {
    "list": Decimal(10),
    "seeger_fabian": Decimal(10),
    "danish_money": Decimal(10),
    "online_stakes": Decimal("0.10"),
}
"""**[choice]** What a Ramse (or Ramsch) loser pays each winner in each scheme (points, øre or money)."""

UNITS: dict[str, str] = {
    "list": "points",
    "seeger_fabian": "points",
    "danish_money": "øre",
    "online_stakes": "money",
}


@dataclass(frozen=True)
class DealSettlement:
    """One finished deal in one scheme: the amount of each seat (seat order) and the working lines.

    ``game`` is the declarer's game settlement (declarer and the two defenders) when there was a declarer.
    """

    scheme: str
    unit: str
    by_seat: tuple[Decimal, Decimal, Decimal]
    working_parts: tuple[Message, ...] = ()
    game: Settlement | None = None

    @property
    def working(self) -> tuple[str, ...]:
        return tuple(line.english for line in self.working_parts)


def _check_scheme(scheme: str) -> None:
    if scheme not in SCHEMES:
        raise SkatError.of(N_("Unknown settlement scheme {scheme}."), scheme=scheme)


NO_OPTIONS = SchemeOptions()
"""The schemes' default agreed numbers (three players, ½ and 1 øre, 0.10 with 9 % commission)."""


def settle(outcome: Outcome, scheme: str, options: SchemeOptions = NO_OPTIONS) -> DealSettlement | None:
    """Each seat's amount for a finished deal in ``scheme`` (None for a passed-in deal, which scores
    nothing). The only settlement of a played deal: the score sheet, the result panel, the charts and the
    teacher's dashboard all read it. A Bock deal (:attr:`~trainer.rules.game.Outcome.bock`) pays every amount
    :attr:`~trainer.rules.game.Outcome.bock_factor` times."""
    found = _settle(outcome, scheme, options)
    factor = outcome.bock_factor
    if found is None or factor == 1:
        return found
    first, second, third = (amount * factor for amount in found.by_seat)
    game = found.game
    if game is not None:
        one, two = game.opponents
        game = replace(game, declarer=game.declarer * factor, opponents=(one * factor, two * factor))
    line = Message(N_("Bock deal: every amount × {factor}"), {"factor": factor})
    return replace(
        found, by_seat=(first, second, third), working_parts=(*found.working_parts, line), game=game
    )


def _settle(outcome: Outcome, scheme: str, options: SchemeOptions) -> DealSettlement | None:
    _check_scheme(scheme)
    if outcome.passed_in:
        return None
    unit = UNITS[scheme]
    if outcome.ramse is not None:
        amounts = ramse_money(outcome.ramse, RAMSE_STAKE[scheme])
        what = N_("Ramsch: the most card points pay") if outcome.ramsch else N_("Ramse: the loser pays")
        line = Message(
            N_("{what}, {stake} to each of the others"), {"what": Message(what), "stake": RAMSE_STAKE[scheme]}
        )
        return DealSettlement(scheme, unit, (amounts[0], amounts[1], amounts[2]), (line,))
    declarer = outcome.declarer
    if declarer is None:  # pragma: no cover - every other ending has a declarer
        return None
    game = _game_settlement(outcome, scheme, options)
    by_seat = [Decimal(0)] * PLAYING_SEATS
    by_seat[declarer] = game.declarer
    defenders = [seat for seat in Seat if seat is not declarer]
    for seat, amount in zip(defenders, game.opponents, strict=True):
        by_seat[seat] = amount
    return DealSettlement(scheme, game.unit, (by_seat[0], by_seat[1], by_seat[2]), game.working_parts, game)


def _game_settlement(outcome: Outcome, scheme: str, options: SchemeOptions) -> Settlement:
    profile = outcome.profile
    bid = outcome.bid or 0
    if outcome.slaa_40_failed:
        if scheme == "danish_money":
            return slaa_40_an_forfeit(
                config=DanishMoneyConfig(rates=options.rates),
                extras=outcome.extras,
                table_size=options.table_size,
            )
        note = Message(
            N_("Slå {value} an, but no game worth it: lost without play"),
            {"value": outcome.extras.slaa_40_an_value},
        )
        return _lost_without_play(outcome, scheme, options, outcome.extras.slaa_40_an_value, note)
    result = outcome.result
    if result is None:  # the cards thrown after the skat, before a game was declared: lost on the bid
        note = Message(N_("the cards were thrown: lost at the bid {bid}"), {"bid": bid})
        return _lost_without_play(outcome, scheme, options, bid, note)
    opts = replace(options, kontra=outcome.kontra, re=outcome.re)
    return settle_all(
        profile,
        result,
        opts,
        spoerge=outcome.spoerge,
        slaa_40_an=outcome.slaa_40_an,
        thrown_before_play=outcome.thrown_before_play,
        extras=outcome.extras,
    )[scheme]


def _lost_without_play(
    outcome: Outcome, scheme: str, options: SchemeOptions, value: int, note: Message
) -> Settlement:
    """A game lost without a played game at ``value`` (a failed Slå 40 an; cards thrown before declaring)."""
    profile = outcome.profile
    zero = Decimal(0)
    if scheme == "danish_money":
        return danish_money_for(
            value,
            False,
            config=DanishMoneyConfig(rates=options.rates),
            factor=outcome.rate_factor,
            table_size=options.table_size,
            note=note,
        )
    if scheme == "seeger_fabian":
        bonus = Decimal(SEEGER_FABIAN.opponent_bonus_for(options.table_size))
        loss = Decimal(-profile.lost_factor * value - SEEGER_FABIAN.lost_penalty)
        line = Message(
            N_("lost: −{factor} × {value} − {penalty} = {score}"),
            {
                "factor": profile.lost_factor,
                "value": value,
                "penalty": SEEGER_FABIAN.lost_penalty,
                "score": loss,
            },
        )
        return Settlement(scheme, "points", loss, (bonus, bonus), (), (note, line))
    if scheme == "online_stakes":
        stakes = OnlineStakesConfig(stake=options.stake, commission_rate=options.commission_rate)
        money = stakes.stake * value
        return Settlement(scheme, "money", -OPPONENTS * money, (money, money), (), (note,))
    score = Decimal(-profile.lost_factor * value)
    line = Message(
        N_("lost: −{factor} × {value} = {score}"),
        {"factor": profile.lost_factor, "value": value, "score": score},
    )
    return Settlement(scheme, "points", score, (zero, zero), (), (note, line))


# --- the evening's score sheet ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetDeal:
    """One finished deal of an evening: its number, its outcome and the place (0, 1, 2 round the table) that
    played each seat."""

    number: int
    outcome: Outcome
    place_of_seat: tuple[int, int, int]


@dataclass(frozen=True)
class SheetRow:
    """One line of the score sheet: the deal, each place's amount (None for a passed-in deal) and the
    running totals per place."""

    deal: SheetDeal
    amounts: tuple[Decimal, ...] | None
    totals: tuple[Decimal, ...]
    settlement: DealSettlement | None = None

    @property
    def number(self) -> int:
        return self.deal.number

    @property
    def outcome(self) -> Outcome:
        return self.deal.outcome


@dataclass(frozen=True)
class ScoreSheet:
    """An evening's finished deals, settled in ``scheme`` per place (players keep their place while the seat
    they play moves round)."""

    scheme: str
    deals: tuple[SheetDeal, ...] = ()
    options: SchemeOptions = NO_OPTIONS
    places: int = PLAYING_SEATS

    def __post_init__(self) -> None:
        _check_scheme(self.scheme)

    def rows(self) -> list[SheetRow]:
        totals = [Decimal(0)] * self.places
        rows = []
        for deal in self.deals:
            settlement = settle(deal.outcome, self.scheme, self.options)
            amounts: tuple[Decimal, ...] | None = None
            if settlement is not None:
                per_place = [Decimal(0)] * self.places
                for seat in Seat:
                    per_place[deal.place_of_seat[seat]] += settlement.by_seat[seat]
                amounts = tuple(per_place)
                totals = [t + a for t, a in zip(totals, amounts, strict=True)]
            rows.append(SheetRow(deal, amounts, tuple(totals), settlement))
        return rows

    def totals(self) -> tuple[Decimal, ...]:
        rows = self.rows()
        return rows[-1].totals if rows else tuple(Decimal(0) for _ in range(self.places))


def sheet_of(scheme: str, deals: Sequence[SheetDeal], options: SchemeOptions = NO_OPTIONS) -> ScoreSheet:
    return ScoreSheet(scheme, tuple(deals), options)


__all__ = [
    "RAMSE_STAKE",
    "DealSettlement",
    "ScoreSheet",
    "SheetDeal",
    "SheetRow",
    "settle",
    "sheet_of",
]
