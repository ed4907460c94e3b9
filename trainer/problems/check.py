"""Re-checking a problem line: the same layouts, solved again, must give the same scores and answer."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from trainer.cards import Card
from trainer.errors import SkatError
from trainer.problems.judge import goals_for, score, select, solve_layout
from trainer.problems.model import Problem
from trainer.problems.position import layouts


@dataclass(frozen=True)
class CheckResult:
    """One line's verdict: ``failures`` is empty when the problem holds up."""

    line: int
    ident: str
    failures: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.failures


def check_problem(problem: Problem) -> list[str]:
    """What does not hold up in ``problem`` (an empty list when everything does)."""
    position = problem.position()
    failures: list[str] = []
    if problem.goal not in goals_for(position):
        failures.append(f"the goal '{problem.goal.value}' is not one the seat to move plays for")
        return failures
    legal = position.legal_cards()
    listed = [s.card for s in problem.scores]
    if sorted(c.index for c in listed) != sorted(c.index for c in legal):
        failures.append("the cards scored are not the legal cards of the position")
        return failures
    layout_set = layouts(position, problem.sample_seed)
    if layout_set is None:
        return ["no layouts are consistent with the position"]
    if layout_set.sampled != problem.sampled:
        failures.append(
            "the layouts were enumerated, not sampled" if problem.sampled else "the layouts are sampled"
        )
    if len(layout_set.layouts) != problem.layouts or layout_set.total != problem.total_layouts:
        failures.append(
            f"{len(layout_set.layouts)} layouts of {layout_set.total} judged, "
            f"not {problem.layouts} of {problem.total_layouts}"
        )
        return failures
    values = [solve_layout(position, layout) for layout in layout_set.layouts]
    reached, rows = score(position, problem.goal, values)
    for s in problem.scores:
        if reached[s.card] != s.reached:
            failures.append(f"{s.card.iss} reaches the goal in {reached[s.card]} layouts, not {s.reached}")
    chosen = select(reached, len(values), rows, legal)
    if chosen is None:
        failures.append("no card is clearly better than the others")
        return failures
    answer, dominant, _margin = chosen
    if _keys(answer) != _keys(problem.answer):
        failures.append(
            f"the answer is {' '.join(c.iss for c in answer)}, not {' '.join(c.iss for c in problem.answer)}"
        )
    if dominant != problem.dominant:
        failures.append("the answer's dominance is stated wrongly")
    return failures


def _keys(cards: Iterable[Card]) -> list[int]:
    return sorted(card.index for card in cards)


def check_lines(lines: Iterable[str]) -> Iterator[CheckResult]:
    """Check every JSON line (blank lines skipped), including the stated card points."""
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        ident = "?"
        try:
            data = json.loads(text)
            ident = str(data.get("id", "?")) if isinstance(data, dict) else "?"
            problem = Problem.from_json(data)
            failures = check_problem(problem)
            stated = data.get("points")
            declarer, defenders = problem.points
            if stated != {"declarer": declarer, "defenders": defenders}:
                failures.append(f"the card points taken are {declarer} and {defenders}, not {stated}")
        except json.JSONDecodeError as error:
            failures = [f"not JSON: {error.msg}"]
        except SkatError as error:
            failures = [str(error)]
        yield CheckResult(number, ident, tuple(failures))
