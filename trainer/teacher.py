"""Teacher mode, the pure part: join codes, the guessing limits, assignment kinds and the class dashboard's
numbers (per learner and skill), ready for a table, a heatmap and a CSV file.

Nothing here touches the database or Streamlit: :mod:`trainer.store.classes` fills these values from the
store and the pages draw them.
"""

from __future__ import annotations

import csv
import io
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from trainer.errors import N_, StoreError
from trainer.safe_text import csv_cell

JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Letters and digits that cannot be mistaken for each other when read aloud or off a projector
(no I/L/1, no O/0)."""
JOIN_CODE_LENGTH = 8
"""31**8 ≈ 8.5e11 codes: with the per-client limit below, guessing one would take centuries."""
PERSONAL_KEY_LENGTH = 6
"""A learner's key for coming back to the class from another browser (31**6 ≈ 8.9e8)."""

LESSON = "lesson"
DRILL = "drill"
DEAL = "deal"
ASSIGNMENT_KINDS: tuple[str, ...] = (LESSON, DRILL, DEAL)
"""What a teacher can assign: a chapter to read, a drill (question type, count, rules), an example deal."""
MAX_DRILL_COUNT = 100

CLASS_NAME_MAX = 60
PASSWORD_MIN = 8
"""Shortest teacher password accepted."""
PASSWORD_MAX = 200


@dataclass(frozen=True)
class AccessPolicy:
    """How many wrong guesses (teacher password, join code, personal key) are allowed within ``window``:
    per class/code (``per_subject``) and per client (``per_client``, over all codes and classes).

    The counts are kept in the store, so restarting the app or opening a new tab does not reset them."""

    per_subject: int = 5
    per_client: int = 60
    """Generous, because a whole classroom often shares one address (school NAT) and some will mistype
    the code; still far too few to find one of 31**8 codes."""
    window: timedelta = timedelta(minutes=15)
    keep: timedelta = timedelta(days=1)
    """Log entries older than this are deleted (they no longer count)."""


def new_code(length: int = JOIN_CODE_LENGTH) -> str:
    """A random code from :data:`JOIN_CODE_ALPHABET` (``secrets``, not ``random``)."""
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(length))


def normalize_code(text: str) -> str:
    """What a person typed, as a code: upper case, spaces and dashes dropped (``ab-cd`` → ``ABCD``)."""
    return "".join(ch for ch in text.upper() if ch not in " -\t")


def format_code(code: str) -> str:
    """A code in groups of four for reading aloud: ``ABCD-EFGH``."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def check_password(password: str) -> str:
    """The password if it is acceptable for a class, else a readable error."""
    if len(password) < PASSWORD_MIN:
        raise StoreError.of(N_("The password needs at least {n} characters."), n=PASSWORD_MIN)
    if len(password) > PASSWORD_MAX:
        raise StoreError(f"The password may have at most {PASSWORD_MAX} characters.")
    return password


def check_class_name(name: str) -> str:
    """The class name with extra spaces removed; empty or too long names are refused."""
    value = " ".join(name.split())
    if not value:
        raise StoreError.of(N_("The class needs a name."))
    if len(value) > CLASS_NAME_MAX:
        raise StoreError(f"A class name may have at most {CLASS_NAME_MAX} characters.")
    return value


@dataclass(frozen=True)
class SkillCell:
    """One learner's answers to one question type."""

    attempts: int
    correct: int

    @property
    def accuracy(self) -> float | None:
        """Share of right answers (None when nothing was answered: no colour, not 0 %)."""
        return self.correct / self.attempts if self.attempts else None


@dataclass(frozen=True)
class LearnerSummary:
    """One row of the dashboard."""

    member_id: int
    name: str
    attempts: int
    correct: int
    reviews_due: int
    assignments_done: int
    assignments_total: int
    skills: tuple[tuple[str, SkillCell], ...]
    """Question types the learner answered, by name."""
    due_skills: tuple[str, ...] = ()
    """Question types whose fsrs review is due (``reviews_due`` of them), by name."""

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.attempts if self.attempts else None

    def skill(self, question_type: str) -> SkillCell:
        return dict(self.skills).get(question_type, SkillCell(0, 0))


@dataclass(frozen=True)
class ClassDashboard:
    """Everything the teacher's dashboard shows for one class at one moment."""

    class_id: int
    class_name: str
    at: datetime
    learners: tuple[LearnerSummary, ...]
    skills: tuple[str, ...]
    """Every question type any learner of the class answered, by name."""
    mistakes: tuple[tuple[str, int], ...]
    """Mistake tags over the whole class, most frequent first."""

    def heatmap(self) -> tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[float | None, ...], ...]]:
        """(skills, learner names, accuracy rows): one row per skill, one column per learner, None where
        a learner has not tried a skill."""
        names = tuple(learner.name for learner in self.learners)
        rows = tuple(
            tuple(learner.skill(skill).accuracy for learner in self.learners) for skill in self.skills
        )
        return self.skills, names, rows

    def wrong_by_skill(self) -> tuple[tuple[str, int, int], ...]:
        """(question type, wrong answers, answers) over the whole class, most wrong first: what the
        mistakes section shows even when no wrong answer carries a typical-mistake tag."""
        wrong: dict[str, list[int]] = {}
        for learner in self.learners:
            for skill, cell in learner.skills:
                counts = wrong.setdefault(skill, [0, 0])
                counts[0] += cell.attempts - cell.correct
                counts[1] += cell.attempts
        rows = [(skill, w, n) for skill, (w, n) in wrong.items() if w]
        return tuple(sorted(rows, key=lambda row: (-row[1], row[0])))


DASHBOARD_CSV_COLUMNS = (
    "learner",
    "skill",
    "attempts",
    "correct",
    "accuracy",
    "reviews_due",
    "assignments_done",
    "assignments_total",
)


def spreadsheet_safe(text: str) -> str:
    """Keep a spreadsheet from running a cell as a formula (a learner named ``=HYPERLINK(...)``)."""
    return str(csv_cell(text))


def dashboard_csv(dashboard: ClassDashboard) -> str:
    """One line per learner and skill (a learner with no answers yet gets one line with an empty skill),
    accuracy as a fraction with three decimals."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(DASHBOARD_CSV_COLUMNS)
    for learner in dashboard.learners:
        rows: Sequence[tuple[str, SkillCell]] = learner.skills or (("", SkillCell(0, 0)),)
        for skill, cell in rows:
            accuracy = cell.accuracy
            writer.writerow(
                (
                    spreadsheet_safe(learner.name),
                    spreadsheet_safe(skill),
                    cell.attempts,
                    cell.correct,
                    "" if accuracy is None else f"{accuracy:.3f}",
                    learner.reviews_due,
                    learner.assignments_done,
                    learner.assignments_total,
                )
            )
    return buffer.getvalue()
