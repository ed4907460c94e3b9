"""Playing whole deals with the bots through DealState (shared by the bot tests)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from trainer.bots.context import PlayContext
from trainer.bots.player import choose
from trainer.cards import parse_cards
from trainer.deal import Seat
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.rules import DealState, HouseOptions, Phase, SeatView, SkatGame
from trainer.rules.bidding import AuctionEvent

PROFILES = (INTERNATIONAL, DANISH)


def defending_forehand(with_auction: bool = True) -> PlayContext:
    """Forehand to lead against a clubs game of rearhand at 18; middlehand passed before anything was bid."""
    cards = parse_cards("CA CT C9 HA HT H9 SA ST S9 D7")
    auction = (
        AuctionEvent(Seat.MIDDLEHAND, "pass", None),
        AuctionEvent(Seat.REARHAND, "bid", 18),
        AuctionEvent(Seat.FOREHAND, "pass", None),
    )
    return PlayContext(
        profile=INTERNATIONAL,
        declaration=Declaration(GameType.CLUBS),
        declarer=Seat.REARHAND,
        seat=Seat.FOREHAND,
        hand=cards,
        legal=cards,
        leader=Seat.FOREHAND,
        bid=18,
        auction=auction if with_auction else (),
    )


def house_options(profile: RuleProfile, index: int) -> dict[str, object]:
    """Every few deals switch on the profile's house options, so their phases are played too."""
    if index % 3:
        return {}
    if profile is DANISH:
        return {"spoerge": True, "slaa_40_an": index % 2 == 0}
    return {"kontra": True}


def play_deal(
    profile: RuleProfile,
    seed: int,
    level: str,
    *,
    rng: random.Random,
    time_ms: int = 1000,
    options: dict[str, object] | None = None,
    on_view: Callable[[DealState, SeatView], None] | None = None,
) -> DealState:
    """Play one shuffled deal to the end with ``level`` in every seat; every move must be legal (apply
    checks it)."""
    state = SkatGame(profile, HouseOptions(**(options or {}))).new_deal(seed)
    while state.phase is not Phase.FINISHED:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        if on_view is not None:
            on_view(state, view)
        decision = choose(view, level, rng=rng, time_ms=time_ms)
        assert decision.move in view.legal_moves
        assert decision.why.english
        state.apply(decision.move)
    return state


def positions(profile: RuleProfile, seed: int, rng: random.Random) -> Iterator[DealState]:
    """Every position of a club-level deal (copies), from the first bid to the last card."""
    state = SkatGame(profile).new_deal(seed)
    while state.phase is not Phase.FINISHED:
        yield state.copy()
        seat = state.to_move
        assert seat is not None
        state.apply(choose(state.view(seat), "club", rng=rng).move)
