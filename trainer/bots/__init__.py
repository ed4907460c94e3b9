"""Computer players: three levels (beginner, club, expert) behind one function, :func:`choose`.

``choose(view, level, *, rng=None, seed=None, time_ms=1000) -> Decision(move, why, win)``: the move the level
makes for the seat of a :class:`~trainer.game.SeatView`, a one-line reason (a translatable message) and the
bot's estimate that the declarer's side wins (None when it has none).

:mod:`trainer.bots.player` is the entry point; :mod:`trainer.bots.cardplay` and :mod:`trainer.bots.hands`
hold the rules of thumb, :mod:`trainer.bots.sampling`, :mod:`trainer.bots.search` and
:mod:`trainer.bots.simulate` the expert's sampling and open-hand search, :mod:`trainer.bots.protocol` the
``skat-trainer bot`` protocol (docs/bot-protocol.md).
"""

from trainer.bots.player import LEVELS, BotError, Decision, Level, choose, play_context

__all__ = ["LEVELS", "BotError", "Decision", "Level", "choose", "play_context"]
