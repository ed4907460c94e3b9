"""A problem as a deal that can be played on: its example layout dealt, the contract made, the cards played.

The deal is one the seat cannot tell from the real one (it agrees with everything the seat knows), so
``state.view(problem.seat)`` is exactly the seat's view of the problem: what the bots are asked in the
benchmark, and what a playback of the example layout starts from.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.cards import Card
from trainer.deal import Deal, Seat
from trainer.moves import NoCall, PlayCard
from trainer.problems.model import Problem, ProblemError
from trainer.problems.position import Position
from trainer.rules import DealState, Phase, SkatGame


def problem_state(problem: Problem) -> DealState:
    """The deal of the problem's example layout, played up to the problem's position."""
    if problem.example is None:
        raise ProblemError(f"Problem {problem.id} has no example layout to deal.")
    hands, skat = problem.example
    state = position_state(problem.position(), hands, skat)
    if state.phase is not Phase.PLAY or state.to_move != problem.seat:
        raise ProblemError(f"Problem {problem.id} does not replay to its position.")
    return state


def position_state(position: Position, hands: Sequence[Sequence[Card]], skat: Sequence[Card]) -> DealState:
    """A deal of one layout of ``position`` (``hands``: the cards each seat still holds; ``skat``), the
    contract made at the lowest bid and the cards played: ``state.view(position.seat)`` is the seat's view
    of the position (without an auction heard)."""
    dealt: list[list[Card]] = [list(hands[seat]) for seat in Seat]
    for seat, card in position.played:
        dealt[seat].append(card)
    profile = position.profile
    deal = Deal((tuple(dealt[0]), tuple(dealt[1]), tuple(dealt[2])), (skat[0], skat[1]))
    discards = tuple(skat) if position.skat is not None or not position.declaration.hand else ()
    state = SkatGame(profile).with_contract(
        deal, position.declarer, position.declaration, bid=profile.min_bid, discards=discards
    )
    for seat, card in position.played:
        _close_window(state)
        state.apply(PlayCard(seat, card))
    _close_window(state)
    return state


def _close_window(state: DealState) -> None:
    """Nobody knocks (Spørge, kontra) in a problem's deal."""
    while state.phase is Phase.KNOCK:
        seat = state.to_move
        assert seat is not None
        state.apply(NoCall(seat))


def playback(problem: Problem, first: Card) -> DealState:
    """The example layout played to the end: ``first`` from the problem's seat, then every seat's best
    card with all hands open (the solver's line, the first of equally good cards). Shows what a card
    does in one layout; it is not how the hidden hands would be played."""
    from trainer.solver import Analysis

    state = problem_state(problem)
    state.apply(PlayCard(problem.seat, first))
    declarer = problem.declarer
    game = problem.declaration.game
    while True:
        _close_window(state)
        if state.phase is not Phase.PLAY:
            return state
        seat = state.to_move
        assert seat is not None
        hands = [list(state.hand(s)) for s in Seat]
        trick = [card for _seat, card in state.current_trick]
        leader = state.leader
        assert leader is not None
        legal = state.legal_cards()
        if len(legal) == 1:
            card = legal[0]
        else:
            analysis = Analysis(game, int(declarer), hands, state.skat)
            best = analysis.analyse(hands, int(leader), trick).best_cards()
            card = best[0] if best else legal[0]
        state.apply(PlayCard(seat, card))
