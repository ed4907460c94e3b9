"""Checking a response against a question: normalise what the learner gave, compare, explain."""

from __future__ import annotations

from collections.abc import Iterable

from trainer.cards import Card, parse_cards
from trainer.errors import CardParseError, SkatError
from trainer.i18n import N_
from trainer.quiz.generators import MATADORS, cards_answer
from trainer.quiz.model import Question, Verdict
from trainer.text import Message

Response = str | int | Iterable[Card]


def normalize(question: Question, response: Response) -> str:
    """The response in the question's canonical answer form: a whole number as text, a choice value, or
    cards as ISS codes in card order. Unreadable input raises :class:`SkatError` in words."""
    if question.mode == "cards":
        if isinstance(response, str):
            cards: Iterable[Card] = parse_cards(response) if response.strip() else ()
        elif isinstance(response, int):
            raise CardParseError("This question is answered with cards, not a number.")
        else:
            cards = response
        return cards_answer(tuple(cards))
    if question.mode == "number":
        text = str(response).strip().replace("−", "-")
        try:
            return str(int(text))
        except ValueError:
            raise SkatError(f"'{text}' is not a whole number.") from None
    value = str(response)
    if value not in {c.value for c in question.choices}:
        raise SkatError(f"'{value}' is not one of the choices.")
    return value


def _mistake(question: Question, given: str) -> str | None:
    """A short tag for a typical mistake, kept in the progress store."""
    for wrong, tag in question.pitfalls:
        if given == wrong:
            return tag
    if question.kind == MATADORS and given and given[1:] == question.answer[1:]:
        return "with_without_swapped"
    if question.mode == "cards":
        expected = set(question.answer.split())
        chosen = set(given.split())
        if chosen < expected:
            return "missed_cards"
        if chosen > expected:
            return "extra_cards"
    return None


def check(question: Question, response: Response) -> Verdict:
    """Compare the response with the question's answer; the verdict carries the explanation to show. A
    question graded by cost (:attr:`Question.costs`) takes every choice within its tolerance as right and
    says what the given answer costs on average."""
    given = normalize(question, response)
    costs = dict(question.costs)
    if given in costs:
        return _by_cost(question, given, costs[given])
    correct = given == question.answer
    headline = (
        Message.of(N_("Right: {answer}."), answer=question.answer_text)
        if correct
        else Message.of(N_("Not quite. The answer is {answer}."), answer=question.answer_text)
    )
    return _verdict(question, given, correct, headline)


def _verdict(question: Question, given: str, correct: bool, headline: Message) -> Verdict:
    return Verdict(
        correct=correct,
        given=given,
        expected=question.answer,
        explanation=question.explanation,
        mistake_tag=None if correct else _mistake(question, given),
        headline=headline,
        curves=question.curves,
    )


def _by_cost(question: Question, given: str, cost: float) -> Verdict:
    correct = cost <= question.tolerance
    unit = question.cost_unit or Message("")
    params = {
        "answer": question.answer_text,
        "cost": str(round(cost, 1)),
        "unit": unit,
        "tolerance": str(round(question.tolerance)),
    }
    if given == question.answer:
        headline = Message.of(N_("Right: {answer}."), **params)
    elif correct:
        headline = Message.of(
            N_(
                "Right: your answer costs {cost} {unit} a deal on average against the best, {answer}: "
                "within {tolerance}."
            ),
            **params,
        )
    else:
        headline = Message.of(
            N_(
                "Not quite: your answer costs {cost} {unit} a deal on average against the best, {answer} "
                "(within {tolerance} counts as right)."
            ),
            **params,
        )
    return _verdict(question, given, correct, headline)
