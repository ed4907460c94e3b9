"""The value types of a quiz: questions and verdicts, their sentences as :class:`~trainer.text.Message`.

Nothing here is in a language: a message is an English msgid with named parameters, and the UI translates it
(``trainer.ui.terms.t_message``). Parameters are plain numbers and strings or Skat values (cards, a game, a
seat, a declaration, a value breakdown, nested messages) that the UI names in the learner's language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from trainer.cards import Card, parse_cards
from trainer.deal import Seat
from trainer.games import Declaration, GameType
from trainer.rules.value import ValueBreakdown
from trainer.text import Message

if TYPE_CHECKING:
    from trainer.chances.plan import ScoreCurves

AnswerMode = Literal["number", "choice", "cards"]
"""How a question is answered: type a number, pick one choice, or select cards (possibly none)."""

Param = (
    int
    | str
    | tuple[Card, ...]
    | GameType
    | Seat
    | Declaration
    | ValueBreakdown
    | Message
    | tuple[Message, ...]
)
"""A parameter value of a quiz :class:`~trainer.text.Message`. ``str`` values are language-neutral (numbers,
sums like ``11 + 10``); a tuple of messages is shown joined by commas."""


@dataclass(frozen=True)
class Choice:
    """One answer option: ``value`` is what :func:`~trainer.quiz.check.check` compares, ``label`` what is
    shown."""

    value: str
    label: Message


@dataclass(frozen=True)
class Shown:
    """A labelled row of cards the question shows (the hand, the skat, the trick so far ...).
    ``captions`` (optional, one per card) name who played each card of a trick."""

    label: Message
    cards: tuple[Card, ...]
    captions: tuple[Message, ...] = ()


@dataclass(frozen=True)
class Question:
    """One quiz question, fully worked out: the right ``answer`` (canonical string, see
    :func:`~trainer.quiz.check.normalize`), ``answer_text`` to show it in words, and the ``explanation``
    steps shown after the learner answers."""

    kind: str
    seed: int
    profile_name: str
    prompt: Message
    mode: AnswerMode
    answer: str
    answer_text: Message
    explanation: tuple[Message, ...]
    shown: tuple[Shown, ...] = ()
    choices: tuple[Choice, ...] = ()
    options: tuple[Card, ...] = ()
    """The cards to choose from in ``cards`` mode."""
    source: str = "generated"
    """``generated`` or the id of the hand-made bank entry."""
    pitfalls: tuple[tuple[str, str], ...] = ()
    """Typical wrong answers and their mistake tags, e.g. ``("-2", "forgot_skat_jack")``."""
    rules: tuple[str, ...] = ()
    """The special rules the question exercises beyond a plain game (an overbid game, an open game, Musik,
    Spørge ...; see :data:`trainer.quiz.generators.RULES`), for the coverage report."""
    costs: tuple[tuple[str, float], ...] = ()
    """For a question graded by what an answer costs (the bidding drill): each choice's expected loss
    against the best answer, in ``cost_unit``; a choice within ``tolerance`` of the best is right."""
    tolerance: float = 0.0
    cost_unit: Message | None = None
    curves: ScoreCurves | None = None
    """The expected score at each bid of the games the explanation names (drawn as a chart)."""

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
    explanation: tuple[Message, ...]
    mistake_tag: str | None = None
    headline: Message = field(default_factory=lambda: Message(""))
    curves: ScoreCurves | None = None
    """The question's bid chart, drawn with the explanation."""
