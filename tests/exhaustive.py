"""A plain minimax over a live :class:`DealState`'s card play, shared by the replay and replay-page tests as
the reference for the analysis: no pruning, no memo, nothing taken from trainer.solver."""

from __future__ import annotations

from trainer.rules import DealState, PlayCard


def exhaustive_points(state: DealState) -> int:
    """The declarer's final card points (the skat included) with perfect play by everyone from here."""
    moves = [move for move in state.legal_moves() if isinstance(move, PlayCard)]
    if not moves:
        outcome = state.outcome()
        assert outcome is not None and outcome.declarer_points is not None, "the card play is not over"
        return outcome.declarer_points
    values = []
    for move in moves:
        state.apply(move)
        values.append(exhaustive_points(state))
        state.undo()
    return max(values) if state.to_move is state.declarer else min(values)
