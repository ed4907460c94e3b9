"""A plain minimax over a live :class:`GameState`, shared by the replay and replay-page tests as the
reference for the analysis: no pruning, no memo, nothing taken from trainer.solver."""

from __future__ import annotations

from trainer.play import GameState


def exhaustive_points(state: GameState) -> int:
    """The declarer's final card points with perfect play by everyone (plain minimax, no pruning)."""
    if state.is_finished:
        return state.declarer_points
    values = []
    for card in state.legal_cards():
        state.play(card)
        values.append(exhaustive_points(state))
        state.undo()
    return max(values) if state.to_move is state.declarer else min(values)
