"""A problem as a deal that can be played on: its example layout dealt, the contract made, the cards played.

The deal is one the seat cannot tell from the real one (it agrees with everything the seat knows), so
``state.view(problem.seat)`` is exactly the seat's view of the problem: what the bots are asked in the
benchmark, and what a playback of the example layout starts from.
"""

from __future__ import annotations

from trainer.cards import Card
from trainer.deal import Deal, Seat
from trainer.game import DealState, Phase, SkatGame
from trainer.moves import NoCall, PlayCard
from trainer.problems.model import Problem, ProblemError
from trainer.profiles import get_profile


def problem_state(problem: Problem) -> DealState:
    """The deal of the problem's example layout, played up to the problem's position."""
    if problem.example is None:
        raise ProblemError(f"Problem {problem.id} has no example layout to deal.")
    hands, skat = problem.example
    dealt: list[list[Card]] = [list(hands[seat]) for seat in Seat]
    for seat, card in problem.played:
        dealt[seat].append(card)
    profile = get_profile(problem.profile)
    deal = Deal((tuple(dealt[0]), tuple(dealt[1]), tuple(dealt[2])), (skat[0], skat[1]))
    discards = tuple(skat) if problem.skat is not None or not problem.declaration.hand else ()
    state = SkatGame(profile).with_contract(
        deal, problem.declarer, problem.declaration, bid=profile.min_bid, discards=discards
    )
    for seat, card in problem.played:
        _close_window(state)
        state.apply(PlayCard(seat, card))
    _close_window(state)
    if state.phase is not Phase.PLAY or state.to_move != problem.seat:
        raise ProblemError(f"Problem {problem.id} does not replay to its position.")
    return state


def _close_window(state: DealState) -> None:
    """Nobody knocks (Spørge, kontra) in a problem's deal."""
    while state.phase is Phase.KNOCK:
        seat = state.to_move
        assert seat is not None
        state.apply(NoCall(seat))
