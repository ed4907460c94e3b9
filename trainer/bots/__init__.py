"""Computer players: three levels (beginner, club, expert) behind one function, :func:`choose`.

``choose(view, level, *, rng=None, seed=None, time_ms=1000) -> Decision(move, why, win)``: the move the level
makes for the seat of a :class:`~trainer.rules.game.SeatView`, a one-line reason (a translatable message) and
the
bot's estimate that the declarer's side wins (None when it has none).

:mod:`trainer.bots.player` is the entry point; every level bids, picks up and declares by the win-chance
model (:mod:`trainer.chances`); :mod:`trainer.bots.cardplay` and :mod:`trainer.chances.hands` hold the rules
of thumb, :mod:`trainer.bots.sampling` and :mod:`trainer.bots.search` the expert's sampling and open-hand
search in the card play, :mod:`trainer.bots.protocol` the ``skat-trainer bot`` protocol
(docs/bot-protocol.md).
"""

from trainer.bots.player import LEVELS, BotError, Decision, Level, choose, play_context

__all__ = ["LEVELS", "BotError", "Decision", "Level", "choose", "play_context"]
