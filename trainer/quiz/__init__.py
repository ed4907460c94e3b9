"""Quiz questions and drills: pure generators and checkers on top of the rules engine.

>>> from trainer.profiles import DANISH
>>> q = generate(COUNT_EYES, 7, DANISH)
>>> check(q, q.answer).correct
True
"""

from trainer.quiz.check import Response, check, normalize
from trainer.quiz.generators import (
    BID_DRILL,
    COUNT_EYES,
    GAME_RESULT,
    GAME_VALUE,
    JACKS_FROM_BIDDING,
    KIND_TITLES,
    KINDS,
    LEGAL_CARDS,
    MATADORS,
    OVERBID,
    SAFE_BID,
    SETTLE,
    TRICK_WINNER,
    VALID_BID,
    generate,
    possible_jacks,
)
from trainer.quiz.model import AnswerMode, Choice, Param, Question, Shown, Verdict
from trainer.text import Message

__all__ = [
    "BID_DRILL",
    "COUNT_EYES",
    "GAME_RESULT",
    "GAME_VALUE",
    "JACKS_FROM_BIDDING",
    "KINDS",
    "KIND_TITLES",
    "LEGAL_CARDS",
    "MATADORS",
    "OVERBID",
    "SAFE_BID",
    "SETTLE",
    "TRICK_WINNER",
    "VALID_BID",
    "AnswerMode",
    "Choice",
    "Message",
    "Param",
    "Question",
    "Response",
    "Shown",
    "Verdict",
    "check",
    "generate",
    "normalize",
    "possible_jacks",
]
