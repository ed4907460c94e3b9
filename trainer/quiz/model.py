"""The value types of a quiz: texts as msgid + parameters, questions, and verdicts.

Nothing here is in a language: a :class:`Text` is an English msgid with named parameters, and the UI
translates it (``t(text.key, **rendered params)``). Parameters are plain numbers and strings or Skat values
(cards, a game, a seat, a declaration, a value breakdown, nested texts) that the UI names in the learner's
language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Union

from trainer.cards import Card, parse_cards
from trainer.deal import Seat
from trainer.games import Declaration, GameType
from trainer.value import ValueBreakdown

AnswerMode = Literal["number", "choice", "cards"]
"""How a question is answered: type a number, pick one choice, or select cards (possibly none)."""

Param = Union[
    int,
    str,
    tuple[Card, ...],
    GameType,
    Seat,
    Declaration,
    ValueBreakdown,
    "Text",
    tuple["Text", ...],
]
"""A parameter value of a :class:`Text`. ``str`` values are language-neutral (numbers, sums like
``11 + 10``); a tuple of texts is shown joined by commas."""


@dataclass(frozen=True)
class Text:
    """A translatable sentence: ``key`` is the English msgid with ``{name}`` fields, ``params`` fill them."""

    key: str
    params: tuple[tuple[str, Param], ...] = ()

    @classmethod
    def of(cls, key: str, **params: Param) -> Text:
        return cls(key, tuple(params.items()))

    @property
    def values(self) -> dict[str, Param]:
        return dict(self.params)


@dataclass(frozen=True)
class Choice:
    """One answer option: ``value`` is what :func:`~trainer.quiz.check.check` compares, ``label`` what is
    shown."""

    value: str
    label: Text


@dataclass(frozen=True)
class Shown:
    """A labelled row of cards the question shows (the hand, the skat, the trick so far ...).
    ``captions`` (optional, one per card) name who played each card of a trick."""

    label: Text
    cards: tuple[Card, ...]
    captions: tuple[Text, ...] = ()


@dataclass(frozen=True)
class Question:
    """One quiz question, fully worked out: the right ``answer`` (canonical string, see
    :func:`~trainer.quiz.check.normalize`), ``answer_text`` to show it in words, and the ``explanation``
    steps shown after the learner answers."""

    kind: str
    seed: int
    profile_name: str
    prompt: Text
    mode: AnswerMode
    answer: str
    answer_text: Text
    explanation: tuple[Text, ...]
    shown: tuple[Shown, ...] = ()
    choices: tuple[Choice, ...] = ()
    options: tuple[Card, ...] = ()
    """The cards to choose from in ``cards`` mode."""
    source: str = "generated"
    """``generated`` or the id of the hand-made bank entry."""
    pitfalls: tuple[tuple[str, str], ...] = ()
    """Typical wrong answers and their mistake tags, e.g. ``("-2", "forgot_skat_jack")``."""

    @property
    def answer_cards(self) -> tuple[Card, ...]:
        """The answer of a ``cards`` question as cards."""
        return parse_cards(self.answer) if self.answer else ()


@dataclass(frozen=True)
class Verdict:
    """The result of checking one response: right or wrong, both answers as canonical strings, the
    headline and the worked explanation, and a mistake tag (for the progress store) when one applies."""

    correct: bool
    given: str
    expected: str
    explanation: tuple[Text, ...]
    mistake_tag: str | None = None
    headline: Text = field(default_factory=lambda: Text(""))
