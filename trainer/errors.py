"""One exception family for everything a learner (or a record) can get wrong.

Every message is written for a person: it says what was wrong and, where it helps, the rule.
"""

from __future__ import annotations

from datetime import timedelta


class SkatError(ValueError):
    """Base class of every rule violation or bad input the engine reports."""


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


class StoreError(SkatError):
    """Progress-store input that cannot be saved (empty learner name, naive datetime, unknown learner)."""


class LessonError(SkatError):
    """A lesson file that breaks the lesson format (front matter, tokens, unknown chapter)."""


class ClassAccessError(StoreError):
    """A wrong teacher password, join code or personal key (worded without saying which part was wrong)."""


class TooManyAttemptsError(ClassAccessError):
    """Too many wrong guesses lately; ``retry_after`` says how long to wait before the next try."""

    def __init__(self, retry_after: timedelta) -> None:
        minutes = max(1, (int(retry_after.total_seconds()) + 59) // 60)
        super().__init__(f"Too many wrong tries. Wait {minutes} minute(s), then try again.")
        self.retry_after = retry_after
