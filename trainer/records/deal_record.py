"""The project's own record of a deal (``docs/deal-record.md``): the rules, the house options and every move,
the deal first — everything needed to replay it, nothing derived, so a saved evening never changes when a
default or the shuffle changes. Also a faithful JSON form of an :class:`~trainer.rules.game.Outcome` (the
store
keeps it beside the record so the score sheet and the dashboard need not replay every deal).

>>> from trainer.rules.game import Pass, SkatGame
>>> from trainer.deal import Seat
>>> from trainer.profiles import INTERNATIONAL
>>> state = SkatGame(INTERNATIONAL).new_deal(1)
>>> state.apply(Pass(Seat.MIDDLEHAND))
>>> record = DealRecord.of(state)
>>> DealRecord.from_json(record.to_json()).replay().history == state.history
True
>>> record.to_json()[:60]
'{"format": "skat-trainer-deal", "version": 1, "rules": "inte'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from trainer.deal import Seat
from trainer.errors import N_, RecordError, SkatError
from trainer.games import Declaration
from trainer.moves import Dealt, Move, move_to_json, moves_from_json
from trainer.profiles import get_profile
from trainer.rules import DealState, HouseOptions, Outcome, SkatGame
from trainer.rules.extras import RamseResult
from trainer.rules.extras import Spoerge as SpoergeLevel
from trainer.rules.value import GameResult, ValueBreakdown
from trainer.text import shown

FORMAT = "skat-trainer-deal"
VERSION = 1
MAX_RECORD_CHARS = 200_000
"""A deal record is a few kilobytes; anything this long is not one (guards the reader)."""


@dataclass(frozen=True)
class DealRecord:
    """One deal as the project keeps it: what was played (:class:`~trainer.rules.game.SkatGame`) and every
    move,
    the :class:`~trainer.moves.Dealt` chance move first."""

    game: SkatGame
    moves: tuple[Move, ...]

    def __post_init__(self) -> None:
        if not self.moves or not isinstance(self.moves[0], Dealt):
            raise RecordError.of(N_("A deal record's moves begin with the cards as dealt."))

    @classmethod
    def of(cls, state: DealState) -> DealRecord:
        return cls(state.skat_game, state.history)

    def replay(self) -> DealState:
        """The deal after every move (each checked again; a :class:`RecordError` names the first bad one)."""
        state = DealState(self.game, self.moves[0].deal)  # type: ignore[union-attr]
        for number, move in enumerate(self.moves[1:], start=1):
            try:
                state.apply(move)
            except SkatError as error:
                raise RecordError.of(N_("Move {number}: {error}"), number=number, error=error) from error
        return state

    def to_data(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            **self.game.to_json(),
            "moves": [move_to_json(move) for move in self.moves],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_data(), ensure_ascii=False)

    @classmethod
    def from_data(cls, data: object) -> DealRecord:
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise RecordError.of(
                N_('This is not a Skat Trainer deal record (no "format": "{format}").'), format=FORMAT
            )
        if data.get("version") != VERSION:
            raise RecordError.of(
                N_("Deal record version {version} is not known (this program reads version {known})."),
                version=shown(repr(data.get("version"))),
                known=VERSION,
            )
        try:
            game = SkatGame.from_json(data)
            moves = tuple(moves_from_json(data.get("moves")))
        except SkatError as error:
            raise RecordError.of(N_("The deal record could not be read: {error}"), error=error) from error
        return cls(game, moves)

    @classmethod
    def from_json(cls, text: str) -> DealRecord:
        """The record :meth:`to_json` wrote; anything else is a :class:`RecordError` in words."""
        if len(text) > MAX_RECORD_CHARS:
            raise RecordError.of(N_("This is too long to be a deal record."))
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise RecordError.of(N_("A deal record is JSON, and this is not.")) from None
        return cls.from_data(data)


def looks_like_deal_record(text: str) -> bool:
    """Is ``text`` (a file's content) a deal record rather than ISS lines?"""
    return text.lstrip().startswith("{") and FORMAT in text[:200]


# --- an outcome as JSON -------------------------------------------------------------------------------------


def _declaration_json(d: Declaration | None) -> dict[str, Any] | None:
    if d is None:
        return None
    return {
        "game": d.game.value,
        "hand": d.hand,
        "ouvert": d.ouvert,
        "schneider_announced": d.schneider_announced,
        "schwarz_announced": d.schwarz_announced,
        "musik": d.musik,
    }


def _declaration_from(data: Any) -> Declaration | None:
    if data is None:
        return None
    from trainer.moves import move_from_json

    move = move_from_json({"type": "Declare", "seat": 0, "declaration": data})
    return move.declaration  # type: ignore[union-attr]


def _result_json(result: GameResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    b = result.breakdown
    return {
        "won": result.won,
        "value": result.value,
        "list_score": result.list_score,
        "schneider": result.schneider,
        "schwarz": result.schwarz,
        "overbid": result.overbid,
        "reason": result.reason,
        "bid": result.bid,
        "declarer_points": result.declarer_points,
        "declarer_tricks": result.declarer_tricks,
        "breakdown": {
            "declaration": _declaration_json(b.declaration),
            "matadors": b.matadors,
            "levels": [list(level) for level in b.levels],
            "multiplier": b.multiplier,
            "base": b.base,
            "value": b.value,
        },
    }


def _result_from(data: Any) -> GameResult | None:
    if data is None:
        return None
    b = data["breakdown"]
    declaration = _declaration_from(b["declaration"])
    assert declaration is not None
    breakdown = ValueBreakdown(
        declaration,
        int(b["matadors"]),
        tuple((str(code), int(total)) for code, total in b["levels"]),
        None if b["multiplier"] is None else int(b["multiplier"]),
        None if b["base"] is None else int(b["base"]),
        int(b["value"]),
    )
    return GameResult(
        bool(data["won"]),
        int(data["value"]),
        int(data["list_score"]),
        bool(data["schneider"]),
        bool(data["schwarz"]),
        bool(data["overbid"]),
        breakdown,
        str(data["reason"]),
        int(data["bid"]),
        int(data["declarer_points"]),
        int(data["declarer_tricks"]),
    )


def _triple(data: Any) -> tuple[int, int, int]:
    first, second, third = (int(x) for x in data)
    return (first, second, third)


def outcome_to_json(outcome: Outcome) -> str:
    """The outcome, field for field (the store keeps it so that sheets need not replay the deal)."""
    ramse = outcome.ramse
    data = {
        "rules": outcome.profile.name,
        "house": outcome.house.to_json(),
        "passed_in": outcome.passed_in,
        "declarer": None if outcome.declarer is None else int(outcome.declarer),
        "declaration": _declaration_json(outcome.declaration),
        "bid": outcome.bid,
        "matadors": outcome.matadors,
        "result": _result_json(outcome.result),
        "thrown": outcome.thrown,
        "spoerge": outcome.spoerge.value,
        "slaa_40_an": outcome.slaa_40_an,
        "slaa_40_failed": outcome.slaa_40_failed,
        "list_score": outcome.list_score,
        "kontra": outcome.kontra,
        "re": outcome.re,
        "ramse": None
        if ramse is None
        else {
            "winners": list(ramse.winners),
            "losers": list(ramse.losers),
            "points": list(ramse.points),
            "reason": ramse.reason,
        },
        "ramsch": outcome.ramsch,
        "ramse_grand": outcome.ramse_grand,
        "points": list(outcome.points),
        "tricks": list(outcome.tricks),
        "cards_played": outcome.cards_played,
    }
    if outcome.bock:  # written only for a Bock deal, so outcomes stored before Bock rounds stay as they were
        data["bock"] = True
    return json.dumps(data, separators=(",", ":"))


def outcome_from_json(text: str) -> Outcome:
    """The outcome :func:`outcome_to_json` wrote (a :class:`RecordError` for a damaged one)."""
    try:
        data = json.loads(text)
        ramse = data["ramse"]
        return Outcome(
            profile=get_profile(data["rules"]),
            house=HouseOptions.from_json(data["house"]),
            passed_in=bool(data["passed_in"]),
            declarer=None if data["declarer"] is None else Seat(int(data["declarer"])),
            declaration=_declaration_from(data["declaration"]),
            bid=data["bid"],
            matadors=data["matadors"],
            result=_result_from(data["result"]),
            thrown=bool(data["thrown"]),
            spoerge=SpoergeLevel(data["spoerge"]),
            slaa_40_an=bool(data["slaa_40_an"]),
            slaa_40_failed=bool(data["slaa_40_failed"]),
            list_score=data["list_score"],
            kontra=bool(data["kontra"]),
            re=bool(data["re"]),
            ramse=None
            if ramse is None
            else RamseResult(
                tuple(int(x) for x in ramse["winners"]),
                tuple(int(x) for x in ramse["losers"]),
                tuple(int(x) for x in ramse["points"]),
                str(ramse["reason"]),
            ),
            ramsch=bool(data["ramsch"]),
            ramse_grand=bool(data["ramse_grand"]),
            points=_triple(data["points"]),
            tricks=_triple(data["tricks"]),
            cards_played=int(data["cards_played"]),
            bock=bool(data.get("bock", False)),
        )
    except (SkatError, KeyError, TypeError, ValueError, AssertionError) as error:
        raise RecordError.of(N_("A stored outcome could not be read: {text}."), text=shown(text)) from error


__all__ = [
    "FORMAT",
    "VERSION",
    "DealRecord",
    "looks_like_deal_record",
    "outcome_from_json",
    "outcome_to_json",
]
