"""Play-problem sets as assignments (issue 47 point 4, issue 42 point 7): a teacher sets a set of problems
by themes, number, difficulty band and rules; every learner gets the same problems; answers on the Problems
page since it was set count (the first answer to each problem decides right or wrong); the per-assignment
table, its CSV and the dashboard's problems by theme show exactly that. SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.errors import StoreError
from trainer.problems.collection import collection
from trainer.problems.rating import kind_of
from trainer.store import Store
from trainer.store.accounts import AccountStore
from trainer.store.classes import ClassStore
from trainer.teacher import (
    DIFFICULTY_BANDS,
    DONE,
    MAX_PROBLEM_SET,
    NOT_STARTED,
    PROBLEMS,
    STARTED,
    AssignmentCell,
    DifficultyBand,
    choose_problem_set,
    dashboard_csv,
    difficulty_band,
    matching_problems,
    progress_csv,
    results_by_theme,
)

from .conftest import CHEAP_HASHER

T0 = datetime(2026, 9, 1, 8, 0, tzinfo=UTC)
CLIENT = "client"
PASSWORD = "teacher's own pass"
THEME = "smearing"

pytestmark = pytest.mark.skipif(not collection(), reason="no problem collection shipped")


@pytest.fixture
def accounts(store: Store) -> AccountStore:
    return AccountStore(ClassStore(store, hasher=CHEAP_HASHER))


def _account(accounts: AccountStore, name: str) -> int:
    return accounts.sign_up(name, PASSWORD, client=CLIENT, at=T0).account.id


def _class_with(accounts: AccountStore, *learners: str) -> tuple[int, int, dict[str, int], dict[str, int]]:
    """(teacher account, class id, name → member id, name → learner account id)."""
    teacher = _account(accounts, "Mrs Berg")
    made = accounts.classes.create_class("7B", at=T0, owner=teacher)
    members, ids = {}, {}
    for name in learners:
        ids[name] = _account(accounts, name)
        members[name] = accounts.join_class(ids[name], made.join_code, client=CLIENT, at=T0).id
    return teacher, made.id, members, ids


def _answer(store: Store, learner: int, problem_id: str, right: bool, at: datetime) -> None:
    """An answer as the Problems page keeps it (question type ``problem:<id>``)."""
    store.record_attempt(learner, kind_of(problem_id), right, "CA", "CA", "danish", at=at)


# ---- the pure part -------------------------------------------------------------------------------------
def test_a_set_holds_only_problems_of_its_rules_themes_and_band() -> None:
    for band in DIFFICULTY_BANDS:
        ids = choose_problem_set(collection(), "danish", (THEME, "ruffing"), band.key, 12, seed=5)
        by_id = {p.id: p for p in collection()}
        chosen = [by_id[i] for i in ids]
        assert (
            len(set(ids))
            == len(ids)
            == min(12, len(matching_problems(collection(), "danish", (THEME, "ruffing"), band.key)))
        )
        for p in chosen:
            assert p.profile == "danish" and band.holds(p) and {THEME, "ruffing"} & set(p.themes)
        assert [p.difficulty for p in chosen] == sorted(p.difficulty for p in chosen)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**31), count=st.integers(1, MAX_PROBLEM_SET), band=st.sampled_from(DIFFICULTY_BANDS)
)
def test_the_same_seed_draws_the_same_set(seed: int, count: int, band: DifficultyBand) -> None:
    key = difficulty_band(band.key).key
    first = choose_problem_set(collection(), "international", (), key, count, seed)
    assert first == choose_problem_set(collection(), "international", (), key, count, seed)
    assert len(first) == min(count, len(matching_problems(collection(), "international", (), key)))


def test_an_empty_or_oversized_set_is_refused() -> None:
    with pytest.raises(StoreError):
        choose_problem_set(collection(), "danish", ("no_such_theme",), "any", 5, seed=1)
    with pytest.raises(StoreError):
        choose_problem_set(collection(), "danish", (), "any", MAX_PROBLEM_SET + 1, seed=1)
    with pytest.raises(StoreError):
        difficulty_band("impossible")


def test_results_by_theme_count_each_problem_once_per_theme() -> None:
    themes_of = {"a": ("smearing", "ruffing"), "b": ("ruffing",), "c": ("smearing",)}
    rows = results_by_theme({"a": True, "b": False, "c": False, "gone": True}, themes_of)
    assert [(r.theme, r.solved, r.missed) for r in rows] == [("ruffing", 1, 1), ("smearing", 1, 1)]


# ---- the store -----------------------------------------------------------------------------------------
def test_every_learner_gets_the_same_set_and_its_log_says_so(accounts: AccountStore) -> None:
    classes = accounts.classes
    teacher, class_id, _members, ids = _class_with(accounts, "Anna", "Bo")
    assignment, problem_set = classes.add_problem_set(
        class_id, "danish", 4, (THEME,), "any", at=T0, by=teacher, seed=7
    )
    assert assignment.kind == PROBLEMS and assignment.count == len(problem_set.problem_ids) == 4
    assert classes.problem_sets(class_id) == {assignment.id: problem_set}
    for name in ("Anna", "Bo"):
        mine = classes.assigned_problems(ids[name], assignment.id)
        assert mine is not None and mine.problem_set.problem_ids == problem_set.problem_ids
    assert any(e.detail.startswith(PROBLEMS) for e in classes.audit(class_id, teacher))


def test_progress_counts_first_answers_since_the_set_was_made(accounts: AccountStore) -> None:
    classes, store = accounts.classes, accounts.store
    teacher, class_id, members, ids = _class_with(accounts, "Anna", "Bo", "Cleo")
    assignment, problem_set = classes.add_problem_set(
        class_id, "danish", 3, (), "any", at=T0, by=teacher, seed=11
    )
    p1, p2, p3 = problem_set.problem_ids
    # before the set was made: does not count
    _answer(store, ids["Anna"], p1, True, T0 - timedelta(days=1))
    # Anna: p1 wrong then right (the first answer decides), p2 right: started, 2 of 3, 50 %
    _answer(store, ids["Anna"], p1, False, T0 + timedelta(minutes=1))
    _answer(store, ids["Anna"], p1, True, T0 + timedelta(minutes=2))
    _answer(store, ids["Anna"], p2, True, T0 + timedelta(minutes=3))
    # a problem outside the set: free practice
    other = next(p.id for p in collection() if p.id not in problem_set.problem_ids)
    _answer(store, ids["Anna"], other, True, T0 + timedelta(minutes=4))
    # Bo answers all three, two right: done with 67 %
    for i, (pid, right) in enumerate(((p1, True), (p2, False), (p3, True))):
        _answer(store, ids["Bo"], pid, right, T0 + timedelta(minutes=i + 1))
    grid = classes.progress_grid(class_id)
    anna = grid.cell(members["Anna"], assignment.id)
    assert (anna.state, anna.progress, anna.count, anna.answered, anna.correct) == (STARTED, 2, 3, 2, 1)
    bo = grid.cell(members["Bo"], assignment.id)
    assert (bo.state, bo.progress, bo.correct) == (DONE, 3, 2)
    assert bo.score == pytest.approx(2 / 3)
    assert grid.cell(members["Cleo"], assignment.id).state == NOT_STARTED
    assert grid.not_started(assignment.id) == ("Cleo",)
    mine = classes.assigned_problems(ids["Anna"], assignment.id)
    assert mine is not None
    assert (mine.answered, mine.solved, mine.done) == (2, 1, False)
    assert mine.serving_order() == [p3, p1, p2]
    assert [s.progress for s in classes.assignment_status(members["Anna"])] == [2]
    row = {lr.name: lr for lr in classes.dashboard(class_id).learners}["Anna"]
    assert (row.attempts, row.assignment_attempts, row.assignments_started) == (5, 2, 1)


def test_a_set_opens_only_for_a_learner_of_its_class(accounts: AccountStore) -> None:
    classes = accounts.classes
    teacher, class_id, _, ids = _class_with(accounts, "Anna")
    assignment, _ = classes.add_problem_set(class_id, "danish", 2, (), "any", at=T0, by=teacher, seed=3)
    stranger = _account(accounts, "Stranger")
    assert classes.assigned_problems(stranger, assignment.id) is None
    other_teacher = _account(accounts, "Mr Holm")
    other = classes.create_class("8C", at=T0, owner=other_teacher)
    accounts.join_class(stranger, other.join_code, client=CLIENT, at=T0)
    assert classes.assigned_problems(stranger, assignment.id) is None
    drill = classes.add_assignment(class_id, "drill", "count_eyes", 3, "danish", at=T0, by=teacher)
    assert classes.assigned_problems(ids["Anna"], drill.id) is None
    with pytest.raises(StoreError):
        classes.add_assignment(class_id, PROBLEMS, "any", 3, "danish", at=T0)
    with pytest.raises(StoreError):  # only the class's teachers set work
        classes.add_problem_set(class_id, "danish", 2, (), "any", at=T0, by=other_teacher)


def test_the_dashboard_shows_problems_by_theme_and_the_csvs_match(accounts: AccountStore) -> None:
    classes, store = accounts.classes, accounts.store
    teacher, class_id, _members, ids = _class_with(accounts, "Anna", "Bo")
    _assignment, problem_set = classes.add_problem_set(
        class_id, "danish", 2, (THEME,), "any", at=T0, by=teacher, seed=2
    )
    p1, p2 = problem_set.problem_ids
    _answer(store, ids["Anna"], p1, True, T0 + timedelta(minutes=1))
    _answer(store, ids["Anna"], p2, False, T0 + timedelta(minutes=2))
    _answer(store, ids["Anna"], p2, True, T0 + timedelta(minutes=3))
    dash = classes.dashboard(class_id, T0 + timedelta(hours=1))
    anna = {lr.name: lr for lr in dash.learners}["Anna"]
    assert not any(skill.startswith("problem:") for skill, _ in anna.skills)
    assert not any(s.startswith("problem:") for s in dash.skills)
    smearing = {r.theme: r for r in anna.problem_themes}[THEME]
    assert (smearing.solved, smearing.missed) == (1, 1)
    by_id = {p.id: p for p in collection()}
    every_theme = set(by_id[p1].themes) | set(by_id[p2].themes)
    assert {r.theme for r in anna.problem_themes} == every_theme
    assert {lr.name: lr for lr in dash.learners}["Bo"].problem_themes == ()
    lines = list(csv.reader(io.StringIO(dashboard_csv(dash, theme_name=lambda k: "theme " + k))))
    theme_line = next(line for line in lines if line[:2] == ["Anna", "theme " + THEME])
    assert theme_line[2:4] == ["2", "1"]
    grid = classes.progress_grid(class_id)

    def said(cell: AssignmentCell) -> str:
        return f"{cell.state} {cell.progress}/{cell.count} {cell.correct}"

    rows = list(csv.reader(io.StringIO(progress_csv(grid, ["Set"], "Learner", said))))
    assert rows == [["Learner", "Set"], ["Anna", "done 2/2 1"], ["Bo", "not_started 0/2 0"]]
