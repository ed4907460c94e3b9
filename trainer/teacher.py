"""Teacher mode, the pure part: join codes, the guessing limits, assignment kinds and the class dashboard's
numbers (per learner and skill), ready for a table, a heatmap and a CSV file.

Nothing here touches the database or Streamlit: :mod:`trainer.store.classes` fills these values from the
store and the pages draw them.
"""

from __future__ import annotations

import csv
import io
import random
import secrets
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from trainer.errors import N_, StoreError
from trainer.names import checked
from trainer.problems.model import Problem
from trainer.safe_text import csv_cell

JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Letters and digits that cannot be mistaken for each other when read aloud or off a projector
(no I/L/1, no O/0)."""
JOIN_CODE_LENGTH = 8
"""31**8 ≈ 8.5e11 codes: at the per-client pace below, guessing one would take centuries."""
PERSONAL_KEY_LENGTH = 6
"""A learner's key for coming back to the class from another browser (31**6 ≈ 8.9e8)."""

LESSON = "lesson"
DRILL = "drill"
DEAL = "deal"
SEAT = "seat"
GAME = "game"
PROBLEMS = "problems"
ASSIGNMENT_KINDS: tuple[str, ...] = (LESSON, DRILL, PROBLEMS, DEAL, SEAT, GAME)
"""What a teacher can assign: a chapter (read it and answer its check), a drill (question type, count,
rules), a set of play problems (themes, how many, difficulty band, rules), an example deal to step through,
a seat to play in an example deal, a deal to play against the computer (its level and rules)."""
MARKED_KINDS: tuple[str, ...] = (DEAL, SEAT)
"""Assignments finished by a mark (the example deal stepped through, or its seat played), not by answers
or by deals on the Play page."""
MAX_DRILL_COUNT = 100
MAX_PROBLEM_SET = 30
"""Most problems in one assigned set (a lesson's worth)."""

OWNER = "owner"
CO_TEACHER = "co"
"""Roles of a class's teachers: the owner (made or claimed the class; renames, deletes, adds co-teachers)
and co-teachers (run the class with the owner)."""

NOT_STARTED = "not_started"
STARTED = "started"
DONE = "done"
"""How far a learner is with an assignment."""


@dataclass(frozen=True)
class DifficultyBand:
    """A range of problem difficulty (the share of the beginner's and club player's tries that miss,
    :attr:`trainer.problems.model.Problem.difficulty`): ``low <= difficulty < high``."""

    key: str
    name: str
    low: float
    high: float

    def holds(self, problem: Problem) -> bool:
        return self.low <= problem.difficulty < self.high


ANY_BAND = "any"
DIFFICULTY_BANDS: tuple[DifficultyBand, ...] = (
    DifficultyBand(ANY_BAND, N_("any difficulty"), 0.0, 2.0),
    DifficultyBand("easy", N_("easy"), 0.0, 0.1),
    DifficultyBand("medium", N_("medium"), 0.1, 0.5),
    DifficultyBand("hard", N_("hard"), 0.5, 2.0),
)
"""The bands a teacher picks from. Most problems are never missed by the two bots (difficulty 0): those are
the easy ones; hard ones are missed in half the bots' tries or more."""


def difficulty_band(key: str) -> DifficultyBand:
    for band in DIFFICULTY_BANDS:
        if band.key == key:
            return band
    raise StoreError(
        f"Unknown difficulty band '{key}'. Choose one of: {', '.join(b.key for b in DIFFICULTY_BANDS)}."
    )


def matching_problems(
    problems: Iterable[Problem], profile_name: str, themes: Sequence[str], band: str
) -> list[Problem]:
    """The problems of one rule profile in a difficulty band that have any of ``themes`` (none: every
    theme)."""
    chosen_band = difficulty_band(band)
    wanted = set(themes)
    return [
        p
        for p in problems
        if p.profile == profile_name
        and chosen_band.holds(p)
        and (not wanted or wanted.intersection(p.themes))
    ]


def choose_problem_set(
    problems: Iterable[Problem], profile_name: str, themes: Sequence[str], band: str, count: int, seed: int
) -> tuple[str, ...]:
    """A set of ``count`` problems (fewer when fewer match) drawn from the matching ones with ``seed``,
    easiest first: what every learner of the class is given, in the same order. Refused when nothing
    matches or ``count`` is out of range."""
    if not 1 <= count <= MAX_PROBLEM_SET:
        raise StoreError.of(N_("A problem set has 1 to {n} problems."), n=MAX_PROBLEM_SET)
    pool = sorted(matching_problems(problems, profile_name, themes, band), key=lambda p: p.id)
    if not pool:
        raise StoreError.of(N_("No problem matches these themes, difficulty and rules."))
    drawn = random.Random(seed).sample(pool, min(count, len(pool)))
    return tuple(p.id for p in sorted(drawn, key=lambda p: (p.difficulty, p.id)))


@dataclass(frozen=True)
class ThemeResult:
    """One learner's play problems of one theme: solved (first answer right) and missed."""

    theme: str
    solved: int
    missed: int

    @property
    def answered(self) -> int:
        return self.solved + self.missed


def results_by_theme(
    first_answers: Mapping[str, bool], themes_of: Mapping[str, Sequence[str]]
) -> tuple[ThemeResult, ...]:
    """Per theme (by key), the problems solved and missed, each problem judged by the learner's first
    answer to it (a later answer has seen the solution); a problem with several themes counts in each.
    Problems no longer in the collection are left out."""
    counts: dict[str, list[int]] = {}
    for problem_id, right in first_answers.items():
        for key in themes_of.get(problem_id, ()):
            tally = counts.setdefault(key, [0, 0])
            tally[0 if right else 1] += 1
    return tuple(ThemeResult(key, s, m) for key, (s, m) in sorted(counts.items()))


CLASS_NAME_MAX = 60
PASSWORD_MIN = 8
"""Shortest teacher password accepted."""
PASSWORD_MAX = 200


@dataclass(frozen=True)
class AccessPolicy:
    """How guessing (a learner's password or personal key, a class's teacher password, join and table
    codes) is slowed without locking anyone out. A try that comes too early is refused before it is
    checked and is not counted; nothing is ever refused for longer than a few seconds.

    * Per subject (an account's name, a class's code for its password, a member's code and name): the
      first ``free_per_subject`` wrong tries since the subject's last success within ``window`` cost
      nothing; then each try waits ``first_delay``, doubled with every further wrong try up to
      ``max_delay``, after the subject's last wrong try.
    * Per client (a browser's address: a whole classroom behind one router shares it): after
      ``free_per_client`` wrong tries within ``window``, each try waits ``client_delay`` after the
      address's last wrong try.

    The counts are kept in the store, so restarting the app or opening a new tab does not reset them."""

    free_per_subject: int = 3
    first_delay: timedelta = timedelta(seconds=1)
    max_delay: timedelta = timedelta(seconds=8)
    """At most this long between two tries at one subject: the owner waits seconds, never minutes, while
    a guesser gets about 3600 / 8 = 450 tries an hour at one name (:meth:`most_per_hour`)."""
    free_per_client: int = 100
    """Generous: a classroom behind one address signs in together and some will mistype."""
    client_delay: timedelta = timedelta(seconds=1)
    window: timedelta = timedelta(minutes=15)
    keep: timedelta = timedelta(days=1)
    """Log entries older than this are deleted (they no longer count)."""

    def subject_delay(self, failures: int) -> timedelta:
        """How long after its last wrong try a subject with ``failures`` wrong tries waits."""
        if failures < self.free_per_subject:
            return timedelta(0)
        doublings = min(failures - self.free_per_subject, 32)
        grown: timedelta = self.first_delay * (1 << doublings)
        return min(grown, self.max_delay)

    def client_delay_after(self, failures: int) -> timedelta:
        """How long after its last wrong try a client with ``failures`` wrong tries waits."""
        return self.client_delay if failures >= self.free_per_client else timedelta(0)

    def most_per_hour(self) -> tuple[int, int]:
        """The most tries a guesser gets checked in an hour, trying as fast as the delays allow: at one
        subject (from any number of addresses), and from one address (at any number of subjects)."""
        return (
            self._most_in(timedelta(hours=1), self.subject_delay),
            self._most_in(timedelta(hours=1), self.client_delay_after),
        )

    def _most_in(self, span: timedelta, delay: Callable[[int], timedelta]) -> int:
        """Tries that fit into ``span`` when each comes as soon as ``delay`` (of the wrong tries within
        the window) allows after the one before; none of them right."""
        tries: deque[timedelta] = deque()
        count = 0
        now = timedelta(0)
        while True:
            while tries and tries[0] <= now - self.window:
                tries.popleft()
            if tries:
                now = max(now, tries[-1] + delay(len(tries)))
            if now >= span:
                return count
            tries.append(now)
            count += 1


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
    """The class name with extra spaces removed; empty or too long names, and names with nothing that
    shows (:func:`trainer.names.checked`), are refused."""
    if not " ".join(name.split()):
        raise StoreError.of(N_("The class needs a name."))
    return checked(name, CLASS_NAME_MAX)


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
    assignment_attempts: int = 0
    assignment_correct: int = 0
    """Answers given as work on the class's drills (part of ``attempts``); the rest is free practice."""
    assignments_started: int = 0
    problem_themes: tuple[ThemeResult, ...] = ()
    """Play problems solved and missed, by theme (each problem judged by its first answer)."""

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.attempts if self.attempts else None

    @property
    def practice_attempts(self) -> int:
        """Answers given outside the class's assignments (the quiz, chapter checks, reviews)."""
        return self.attempts - self.assignment_attempts

    @property
    def practice_correct(self) -> int:
        return self.correct - self.assignment_correct

    @property
    def practice_accuracy(self) -> float | None:
        return self.practice_correct / self.practice_attempts if self.practice_attempts else None

    @property
    def assignment_accuracy(self) -> float | None:
        return self.assignment_correct / self.assignment_attempts if self.assignment_attempts else None

    def skill(self, question_type: str) -> SkillCell:
        return dict(self.skills).get(question_type, SkillCell(0, 0))


@dataclass(frozen=True)
class AssignmentCell:
    """One learner's work on one assignment: ``progress`` of ``count`` (questions answered for a drill,
    else 0 or 1), whether it was started at all, and for a drill the answers and right answers."""

    progress: int
    count: int
    started: bool
    answered: int = 0
    correct: int = 0

    @property
    def state(self) -> str:
        if self.progress >= self.count:
            return DONE
        return STARTED if self.started or self.progress > 0 else NOT_STARTED

    @property
    def score(self) -> float | None:
        """Share of right answers given as work on it (None without answers)."""
        return self.correct / self.answered if self.answered else None


@dataclass(frozen=True)
class ProgressGrid:
    """Learners × assignments: how far each learner is with each assignment of the class."""

    assignment_ids: tuple[int, ...]
    learners: tuple[tuple[int, str], ...]
    """(member id, name) by name."""
    cells: dict[tuple[int, int], AssignmentCell]
    """(member id, assignment id) → cell."""

    def cell(self, member_id: int, assignment_id: int) -> AssignmentCell:
        return self.cells[(member_id, assignment_id)]

    def done_by(self, assignment_id: int) -> tuple[str, ...]:
        return tuple(n for m, n in self.learners if self.cell(m, assignment_id).state == DONE)

    def not_started(self, assignment_id: int) -> tuple[str, ...]:
        """Names of the learners who have not started this assignment."""
        return tuple(n for m, n in self.learners if self.cell(m, assignment_id).state == NOT_STARTED)

    def started_nothing(self) -> tuple[str, ...]:
        """Names of the learners who have started none of the assignments (when there are any)."""
        if not self.assignment_ids:
            return ()
        return tuple(
            n
            for m, n in self.learners
            if all(self.cell(m, a).state == NOT_STARTED for a in self.assignment_ids)
        )


@dataclass(frozen=True)
class AuditEntry:
    """Something done to a class: by whom (an account's name), what, and when."""

    at: datetime
    actor: str
    action: str
    detail: str


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
"""The dashboard file's columns (the page writes them in its own language; these are the default)."""


@dataclass(frozen=True)
class CsvFormat:
    """How a spreadsheet of the learners' language reads a CSV file: Danish Excel splits columns at ``;``,
    reads ``0,667`` as a number and needs a byte-order mark to read UTF-8 (æ, ø, å) right."""

    delimiter: str = ","
    decimal: str = "."
    bom: bool = False


PLAIN_CSV = CsvFormat()
DANISH_EXCEL_CSV = CsvFormat(delimiter=";", decimal=",", bom=True)


def spreadsheet_safe(text: str) -> str:
    """Keep a spreadsheet from running a cell as a formula (a learner named ``=HYPERLINK(...)``)."""
    return str(csv_cell(text))


def decimal_text(value: float | None, fmt: CsvFormat, places: int = 3) -> str:
    """A fraction for the file: ``0.667`` or, for Danish Excel, ``0,667``; empty for None."""
    return "" if value is None else f"{value:.{places}f}".replace(".", fmt.decimal)


def csv_file(header: Sequence[object], rows: Sequence[Sequence[object]], fmt: CsvFormat = PLAIN_CSV) -> str:
    """A whole CSV file in ``fmt``, every text cell (the header too) made spreadsheet-safe."""
    buffer = io.StringIO()
    if fmt.bom:
        buffer.write("\ufeff")
    writer = csv.writer(buffer, delimiter=fmt.delimiter)
    for row in (header, *rows):
        writer.writerow([spreadsheet_safe(c) if isinstance(c, str) else c for c in row])
    return buffer.getvalue()


def dashboard_csv(
    dashboard: ClassDashboard,
    header: Sequence[str] = DASHBOARD_CSV_COLUMNS,
    fmt: CsvFormat = PLAIN_CSV,
    skill_name: Callable[[str], str] = str,
    theme_name: Callable[[str], str] = str,
) -> str:
    """One line per learner and skill, then one per theme of play problems (problems answered and solved
    at the first answer), a learner with no answers yet gets one line with an empty skill; accuracy as a
    fraction with three decimals; headers, skill and theme names as the page gives them."""
    rows: list[list[object]] = []
    for learner in dashboard.learners:
        themes = [(theme_name(r.theme), SkillCell(r.answered, r.solved)) for r in learner.problem_themes]
        cells: Sequence[tuple[str, SkillCell]] = [
            (skill_name(skill), cell) for skill, cell in learner.skills
        ] + themes or [("", SkillCell(0, 0))]
        for skill, cell in cells:
            rows.append(
                [
                    learner.name,
                    skill,
                    cell.attempts,
                    cell.correct,
                    decimal_text(cell.accuracy, fmt),
                    learner.reviews_due,
                    learner.assignments_done,
                    learner.assignments_total,
                ]
            )
    return csv_file(header, rows, fmt)


def progress_csv(
    grid: ProgressGrid,
    titles: Sequence[str],
    learner_header: str,
    state_text: Callable[[AssignmentCell], str],
    fmt: CsvFormat = PLAIN_CSV,
) -> str:
    """The learners × assignments table as a file: one line per learner, one column per assignment
    (``titles`` in the order of ``grid.assignment_ids``), each cell as ``state_text`` says it."""
    rows = [
        [name, *(state_text(grid.cell(member_id, a)) for a in grid.assignment_ids)]
        for member_id, name in grid.learners
    ]
    return csv_file([learner_header, *titles], rows, fmt)
