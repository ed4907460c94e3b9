"""One exception family for everything a learner (or a record) can get wrong.

Every message is written for a person: it says what was wrong and, where it helps, the rule. A message
made with :meth:`SkatError.of` also keeps its English template and parameters (a
:class:`~trainer.text.Message`), so the UI can show it in the learner's language; ``str(error)`` is always
the English text. This module imports only :mod:`trainer.text`, so every engine module can import it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import timedelta
from typing import Any, Self

# N_, Message and upper_first live in the leaf trainer.text; re-exported (``as``) because engine modules
# import them together with their error class.
from trainer.text import N_ as N_
from trainer.text import Message as Message
from trainer.text import english
from trainer.text import upper_first as upper_first


class SkatError(ValueError):
    """Base class of every rule violation or bad input the engine reports.

    ``template`` / ``params``: the message before formatting (None / empty for a plain-text message), so
    the Danish UI can translate it; ``str(error)`` is the English text either way, its first letter
    capitalised (a message may begin with a seat or a game).
    """

    template: str | None = None
    params: Mapping[str, Any] = {}

    @classmethod
    def of(cls, template: str, /, **params: Any) -> Self:
        """The error with a translatable message, e.g.
        ``BidError.of(N_("{bid} is not a bid: ..."), bid=19)``."""
        message = Message(template, params)
        error = cls(upper_first(message.english))
        error.template = template
        error.params = params
        return error

    @classmethod
    def from_message(cls, message: Message) -> Self:
        """The error for a message built elsewhere (e.g. a refusal explained as data)."""
        return cls.of(message.template, **message.params)

    @property
    def message(self) -> Message:
        """The message as template and parameters (a plain-text error is its own template)."""
        if self.template is None:
            return Message(str(self))
        return Message(self.template, self.params)


class CardParseError(SkatError):
    """A card or a list of cards could not be read (unknown token, duplicate, wrong count)."""


class DealError(SkatError):
    """A deal is not 10 + 10 + 10 + 2 distinct cards, or a cut/deal parameter is out of range."""


class BidError(SkatError):
    """A bid that is not on the ladder, not higher than the last one, or made out of turn."""


class DeclarationError(SkatError):
    """A declaration the profile does not allow, or one that can never reach the bid."""


class SkatExchangeError(SkatError):
    """Picking up or discarding the skat went wrong (discard not exactly two, card not in hand)."""


class IllegalCardError(SkatError):
    """A card that may not be played now: not in hand, not this player's turn, or a revoke."""


class RecordError(SkatError):
    """A game record (ISS line or example deal) that breaks the format or a rule."""


class TypedNumberError(SkatError):
    """A number typed into a field that cannot be read exactly as typed (a decimal where a whole number is
    meant, an exponent, nothing at all, out of range); the message names the field and the text as typed."""


class StoreError(SkatError):
    """Progress-store input that cannot be saved (empty learner name, naive datetime, unknown learner)."""


class LessonError(SkatError):
    """A lesson file that breaks the lesson format (front matter, tokens, unknown chapter)."""


class ClassAccessError(StoreError):
    """A wrong teacher password, join code or personal key (worded without saying which part was wrong)."""


class TooManyAttemptsError(ClassAccessError):
    """Too many wrong guesses lately; ``retry_after`` says how long to wait before the next try."""

    def __init__(self, retry_after: timedelta) -> None:
        seconds = max(1, math.ceil(retry_after.total_seconds()))
        if seconds < 60:
            template = N_("Too many wrong tries in a row. Wait {seconds} second(s), then try again.")
            params = {"seconds": seconds}
        else:
            template = N_("Too many wrong tries. Wait {minutes} minute(s), then try again.")
            params = {"minutes": (seconds + 59) // 60}
        super().__init__(template.format(**params))
        self.template = template
        self.params = params
        self.retry_after = retry_after


@english.register(SkatError)
def _english_error(value: SkatError) -> str:
    return str(value)
