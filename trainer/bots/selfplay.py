"""Whole deals played by three bots, with the chances they gave on the way (for the calibration script and
the benchmark, ``scripts/calibrate_chances.py`` and ``benchmarks/chances.py``).

For each deal: how it ended, the declarer's last bid and the chance it gave there (the chance to win the game
it would play at that bid), the chance it gave when it declared, the outcome, and the open-hand logit of the
model for both moments, which is what the calibration lines are fit on.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from trainer.bots import Decision, choose
from trainer.chances.core import auction_summary, best_at, hand_chances
from trainer.chances.features import Kind, Mode, Situation, indices, kind_of, vector
from trainer.chances.model import Group, load_model
from trainer.deal import Seat
from trainer.errors import Message, SkatError
from trainer.games import Declaration
from trainer.profiles import RuleProfile
from trainer.rules import Bid, Declare, Hold, Pass, Phase, SeatView, SkatGame


@dataclass(frozen=True)
class Moment:
    """One chance the declarer gave: the declaration it was for, its kind and moment group, what the model
    read (``situation``, ``cards``: the ten it plays with), its open-hand logit, and the chance reported."""

    declaration: Declaration
    kind: Kind
    group: Group
    situation: Situation
    cards: tuple[int, ...]
    logit: float
    chance: float

    def to_json(self) -> dict[str, object]:
        s = self.situation
        return {
            "game": self.declaration.game.value,
            "hand": self.declaration.hand,
            "group": self.group,
            "mode": s.mode,
            "seat": s.seat,
            "danish": s.danish,
            "skat_points": s.skat_points,
            "auction": [s.others_high, s.others_bids, s.others_passed],
            "cards": list(self.cards),
            "logit": round(self.logit, 4),
            "reported": self.chance,
        }


@dataclass
class PlayedDeal:
    """One self-played deal (see the module docstring)."""

    profile: str
    seed: int
    passed_in: bool = False
    ramse: bool = False
    declarer: Seat | None = None
    declaration: Declaration | None = None
    bid: int | None = None
    won: bool | None = None
    overbid: bool = False
    last_bid: Moment | None = None
    declared: Moment | None = None
    seconds: list[float] = field(default_factory=list)
    """Wall seconds of the expert's decisions with a choice."""
    all_passed: bool = False
    """Everyone passed in the auction (international: passed in; Danish: Ramse, or a Grand called in it)."""
    engine_error: str | None = None
    """The engine could not score the finished deal (a bug to report; the deal is left out)."""

    @property
    def calibratable(self) -> bool:
        """A plain game (no announcement, not open, no Musik): its chance is the win chance."""
        d = self.declaration
        return (
            d is not None
            and not d.musik
            and not d.schneider_announced
            and not d.schwarz_announced
            and not (d.ouvert and not d.game.is_null)
        )


def moment(view: SeatView, declaration: Declaration, chance: float | None) -> Moment:
    """What the model reads of ``declaration`` in ``view`` (before the pickup: a pickup or hand game; after
    the discard: with those discards) and its open-hand win logit."""
    model = load_model()
    kind = kind_of(declaration.game)
    danish = view.profile.danish_textbook
    summary = auction_summary(view.auction, view.seat)
    mode: Mode
    group: Group
    if view.phase is Phase.DECLARE and view.discards:
        ten = indices(view.hand)
        points = sum(card.points for card in view.discards)
        mode, group = "post", "play"
    else:
        ten = indices(view.hand)
        points = 0
        mode = "hand" if declaration.hand else "pickup"
        group = "play" if declaration.hand else "pre"
    situation = Situation(mode, int(view.seat), danish, points, *summary)
    x = np.array([vector(kind, ten, declaration.game, situation)], dtype=np.float64)
    logit = float(model.raw_win_logit(kind, x)[0])
    reported = chance if chance is not None else float("nan")
    return Moment(declaration, kind, group, situation, tuple(ten), logit, reported)


def _intended(view: SeatView, bid: int) -> Declaration | None:
    """The game the seat's chances say it would play at ``bid``."""
    best = best_at(hand_chances(view.profile, view.hand, view.seat, auction=view.auction), view.profile, bid)
    return best.declaration if best is not None else None


def play_deal(
    profile: RuleProfile,
    seed: int,
    *,
    level: str = "expert",
    time_ms: int = 300,
    rng: random.Random | None = None,
    on_decision: Callable[[SeatView, float], None] | None = None,
    explore: float | None = None,
) -> PlayedDeal:
    """Play deal ``seed`` with ``level`` in every seat (moves without a choice by the club) and record it.

    ``explore``: bid by a looser rule instead (a seat bids or holds while the game it would play reaches the
    bid by its value and wins with at least this chance), so that the calibration also sees how the hands
    below the bots' own threshold fare."""
    rng = rng or random.Random(seed)
    state = SkatGame(profile).new_deal(seed)
    record = PlayedDeal(profile.name, seed)
    last_bid: dict[Seat, tuple[SeatView, int, float | None]] = {}
    declared: tuple[SeatView, Declaration, float | None] | None = None
    while state.phase is not Phase.FINISHED:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        if explore is not None and view.phase is Phase.AUCTION and len(view.legal_moves) > 1:
            decision = _exploring(view, explore)
        elif len(view.legal_moves) > 1:
            began = time.perf_counter()
            decision = choose(view, level, rng=rng, time_ms=time_ms)
            spent = time.perf_counter() - began
            record.seconds.append(spent)
            if on_decision is not None:
                on_decision(view, spent)
        else:
            decision = choose(view, "club", rng=rng)
        move = decision.move
        if isinstance(move, Bid):
            last_bid[seat] = (view, move.value, decision.win)
        elif isinstance(move, Hold):
            last_bid[seat] = (view, _current(view), decision.win)
        state.apply(move)
        if isinstance(move, Declare) and view.phase in (Phase.PICKUP, Phase.DECLARE):
            declared = (view, move.declaration, decision.win)
    spoken = [event.action for event in state.view(Seat.FOREHAND).auction]
    record.all_passed = state.knocker is None and spoken == ["pass"] * len(Seat)
    try:
        outcome = state.outcome()
    except SkatError as error:  # an engine refusal must not end a long run: recorded, counted, reported
        record.engine_error = str(error)
        return record
    assert outcome is not None
    record.passed_in = outcome.passed_in
    record.ramse = outcome.ramse is not None
    if outcome.declarer is None or outcome.declaration is None or outcome.ramse_grand:
        return record
    record.declarer = outcome.declarer
    record.declaration = outcome.declaration
    record.bid = outcome.bid
    record.won = bool(outcome.won)
    record.overbid = outcome.overbid
    if declared is not None:
        view, d, win = declared
        record.declared = moment(view, _plain(d), win)
    said = last_bid.get(outcome.declarer)
    if said is not None:
        view, bid, win = said
        intended = _intended(view, bid)
        if intended is not None:
            record.last_bid = moment(view, intended, win)
    return record


def _current(view: SeatView) -> int:
    return max((event.value or 0 for event in view.auction), default=0)


def _exploring(view: SeatView, threshold: float) -> Decision:
    """The looser auction rule of :func:`play_deal`'s ``explore``."""
    holds = [m for m in view.legal_moves if isinstance(m, Hold)]
    bids = sorted((m for m in view.legal_moves if isinstance(m, Bid)), key=lambda m: m.value)
    passes = [m for m in view.legal_moves if isinstance(m, Pass)]
    at = _current(view) if holds else (bids[0].value if bids else _current(view))
    plain = [
        c
        for c in hand_chances(view.profile, view.hand, view.seat, auction=view.auction)
        if not c.declaration.ouvert and not c.declaration.schneider_announced and c.value >= at
    ]
    best = max(plain, key=lambda c: c.win, default=None)
    why = Message("A calibration run's looser auction.")  # never shown to a learner: not translated
    if best is not None and best.win >= threshold:
        return Decision(holds[0] if holds else bids[0], why, best.win)
    return Decision(passes[0], why, best.win if best else None)


def _plain(d: Declaration) -> Declaration:
    return replace(d, musik=0)


__all__ = ["Moment", "PlayedDeal", "moment", "play_deal"]
