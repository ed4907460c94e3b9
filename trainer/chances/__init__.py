"""The win-chance model: for what one seat sees at any moment of the auction, each game it could declare
with its chance to win, its value and the highest bid at which declaring it is still worth it.

One API for the bots, the coach, the drill and ``skat-trainer chances``::

    game_chances(view: SeatView, *, time_ms=None) -> tuple[GameChance, ...]

:mod:`trainer.chances.features` (what the model reads of a hand), :mod:`trainer.chances.model` (the shipped
networks and their calibration), :mod:`trainer.chances.worth` ("worth it": the expected score at a bid),
:mod:`trainer.chances.labels` (the open-hand results the training script fits the model's shape on).
``docs/chances.md`` describes the data, the training and the calibration.
"""

from trainer.chances.core import (
    ChanceError,
    GameChance,
    auction_summary,
    best_at,
    game_chances,
    hand_chances,
    matador_spread,
    skat_chances,
)

__all__ = [
    "ChanceError",
    "GameChance",
    "auction_summary",
    "best_at",
    "game_chances",
    "hand_chances",
    "matador_spread",
    "skat_chances",
]
