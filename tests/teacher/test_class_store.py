"""Teacher mode in the store: classes, hashed passwords, join codes, guessing limits, assignments,
the dashboard's numbers, projector polls; on SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

import pytest
from argon2 import PasswordHasher
from sqlalchemy import select, text

from tests.at_once import at_once
from trainer.errors import ClassAccessError, StoreError, TooManyAttemptsError
from trainer.quiz.chapters import chapter_kinds
from trainer.store import Store
from trainer.store.class_models import AccessAttemptRow, ClassMemberRow, ClassRow
from trainer.store.classes import ClassStore
from trainer.teacher import DEAL, DRILL, JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, LESSON, AccessPolicy

from .conftest import CHEAP_HASHER

T0 = datetime(2026, 9, 1, 8, 0, tzinfo=UTC)
PASSWORD = "correct horse battery"
XSS_NAMES = ("<script>alert(1)</script>", "<img src=x onerror=alert(1)>")


def _all_text(store: Store) -> str:
    """Every value in the class and member tables, joined (to look for a clear-text secret)."""
    parts: list[str] = []
    with store.engine.connect() as conn:
        for table in ("classes", "class_members", "access_attempts"):
            for row in conn.execute(text(f"SELECT * FROM {table}")):
                parts.extend(str(v) for v in row)
    return "\n".join(parts)


# ---- classes and passwords -------------------------------------------------------------------------
def test_password_is_kept_only_as_an_argon2id_hash(classes: ClassStore, store: Store) -> None:
    made = classes.create_class("  7B   Tuesday ", PASSWORD, at=T0)
    assert made.name == "7B Tuesday"
    assert len(made.join_code) == JOIN_CODE_LENGTH and set(made.join_code) <= set(JOIN_CODE_ALPHABET)
    with store.engine.connect() as conn:
        stored = conn.execute(select(ClassRow.password_hash)).scalar_one()
    assert stored.startswith("$argon2id$")
    assert PasswordHasher().verify(stored, PASSWORD)
    assert PASSWORD not in _all_text(store)


def test_each_class_gets_its_own_code(classes: ClassStore) -> None:
    codes = {classes.create_class(f"Class {i}", PASSWORD).join_code for i in range(12)}
    assert len(codes) == 12


@pytest.mark.parametrize(("name", "password"), [("", PASSWORD), ("7B", "short"), ("x" * 61, PASSWORD)])
def test_bad_class_name_or_password_is_refused(classes: ClassStore, name: str, password: str) -> None:
    with pytest.raises(StoreError):
        classes.create_class(name, password)


def test_teacher_logs_in_with_code_and_password(classes: ClassStore) -> None:
    made = classes.create_class("7B", PASSWORD)
    typed = made.join_code.lower()[:4] + " - " + made.join_code.lower()[4:]
    assert classes.teacher_login(typed, PASSWORD, client="c1") == made
    with pytest.raises(ClassAccessError):
        classes.teacher_login(made.join_code, PASSWORD + "!", client="c1")
    with pytest.raises(ClassAccessError):
        classes.teacher_login(
            "AAAAAAAA" if made.join_code != "AAAAAAAA" else "BBBBBBBB", PASSWORD, client="c1"
        )


# ---- guessing limits -------------------------------------------------------------------------------
def _limited(store: Store, free_per_subject: int = 3, free_per_client: int = 50) -> ClassStore:
    policy = AccessPolicy(
        free_per_subject=free_per_subject, free_per_client=free_per_client, window=timedelta(minutes=10)
    )
    return ClassStore(store, policy, CHEAP_HASHER)


def test_wrong_passwords_slow_the_class_but_never_lock_out_its_teacher(store: Store) -> None:
    classes = _limited(store, free_per_subject=3)
    made = classes.create_class("7B", PASSWORD, at=T0)
    for i in range(3):
        with pytest.raises(ClassAccessError) as wrong:
            classes.teacher_login(made.join_code, f"guess {i}", client=f"c{i}", at=T0 + timedelta(seconds=i))
        assert not isinstance(wrong.value, TooManyAttemptsError)
    # The next try, even with the right password and from any client, waits a moment after the last guess
    # (it is not checked) — seconds, not the whole window.
    last = T0 + timedelta(seconds=2)
    with pytest.raises(TooManyAttemptsError) as early:
        classes.teacher_login(made.join_code, PASSWORD, client="teacher", at=last)
    assert early.value.retry_after == classes.policy.first_delay
    later = last + early.value.retry_after
    assert classes.teacher_login(made.join_code, PASSWORD, client="teacher", at=later)


def test_the_limit_survives_a_restart(db_url: str) -> None:
    first = Store(db_url)
    classes = _limited(first, free_per_subject=2)
    made = classes.create_class("7B", PASSWORD, at=T0)
    for _ in range(2):
        with pytest.raises(ClassAccessError):
            classes.teacher_login(made.join_code, "nope", client="c", at=T0)
    first.dispose()
    again = Store(db_url)
    try:
        with pytest.raises(TooManyAttemptsError):
            _limited(again, free_per_subject=2).teacher_login(made.join_code, PASSWORD, "c", T0)
    finally:
        again.dispose()


def test_a_right_login_clears_the_class_count(store: Store) -> None:
    classes = _limited(store, free_per_subject=3)
    made = classes.create_class("7B", PASSWORD, at=T0)
    for i in range(2):
        with pytest.raises(ClassAccessError):
            classes.teacher_login(made.join_code, "typo", client="c", at=T0 + timedelta(seconds=i))
    classes.teacher_login(made.join_code, PASSWORD, client="c", at=T0 + timedelta(seconds=5))
    for _ in range(3):  # three more typos cost nothing: the count started again at the good login
        with pytest.raises(ClassAccessError) as wrong:
            classes.teacher_login(made.join_code, "typo", client="c", at=T0 + timedelta(seconds=10))
        assert not isinstance(wrong.value, TooManyAttemptsError)


def test_guessing_join_codes_is_slowed_per_client(store: Store) -> None:
    classes = _limited(store, free_per_subject=100, free_per_client=4)
    made = classes.create_class("7B", PASSWORD, at=T0)
    wrong_codes = [c * JOIN_CODE_LENGTH for c in "ABCDEFG" if c * JOIN_CODE_LENGTH != made.join_code][:4]
    for i, code in enumerate(wrong_codes):
        with pytest.raises(ClassAccessError):
            classes.join_class(code, f"Guesser {i}", client="attacker", at=T0 + timedelta(seconds=i))
    last = T0 + timedelta(seconds=3)
    with pytest.raises(TooManyAttemptsError):
        classes.join_class(made.join_code, "Guesser", client="attacker", at=last)
    # Another client is not affected, and the same one only waits a moment.
    assert classes.join_class(made.join_code, "Anna", client="pupil", at=last).member
    assert classes.join_class(made.join_code, "Bo", client="attacker", at=last + classes.policy.client_delay)


def test_old_log_entries_are_dropped(store: Store) -> None:
    policy = AccessPolicy(window=timedelta(minutes=10), keep=timedelta(days=1))
    classes = ClassStore(store, policy, CHEAP_HASHER)
    made = classes.create_class("7B", PASSWORD, at=T0)
    for i in range(3):
        with pytest.raises(ClassAccessError):
            classes.teacher_login(made.join_code, "nope", client="c", at=T0 + timedelta(seconds=i))
    classes.teacher_login(made.join_code, PASSWORD, client="c", at=T0 + timedelta(days=2))
    with store.engine.connect() as conn:
        rows = conn.execute(select(AccessAttemptRow.succeeded, AccessAttemptRow.at)).all()
    assert [ok for ok, _ in rows] == [True]


def test_parallel_guesses_all_count(store: Store) -> None:
    """Guesses sent at the same moment cannot slip past the limit: each is logged before it is checked."""
    classes = _limited(store, free_per_subject=3)
    made = classes.create_class("7B", PASSWORD, at=T0)
    outcomes: list[str] = []

    def guess(i: int) -> None:
        try:
            classes.teacher_login(made.join_code, f"guess {i}", client=f"c{i}", at=T0 + timedelta(seconds=1))
        except TooManyAttemptsError:
            outcomes.append("locked")
        except ClassAccessError:
            outcomes.append("wrong")

    at_once(guess, 8)
    assert sorted(outcomes) == ["locked"] * 5 + ["wrong"] * 3
    with store.engine.connect() as conn:
        assert conn.execute(select(AccessAttemptRow.id)).all().__len__() == 3


# ---- members -------------------------------------------------------------------------------------
def test_members_are_learners_of_their_own(classes: ClassStore, store: Store) -> None:
    store.get_or_create_learner("Anna")  # someone called Anna outside any class
    made = classes.create_class("7B", PASSWORD)
    other = classes.create_class("7C", PASSWORD)
    anna_b = classes.join_class(made.join_code, "Anna", client="x").member
    anna_c = classes.join_class(other.join_code, " anna ", client="y").member
    assert anna_b.name == "Anna" and anna_c.name == "anna"
    assert len({anna_b.learner_id, anna_c.learner_id, store.find_learner("Anna").id}) == 3
    store.record_attempt(anna_b.learner_id, "game_value", True, "24", "24", "danish")
    assert store.attempt_count(anna_c.learner_id) == 0
    assert store.attempt_count(store.find_learner("Anna").id) == 0


def test_a_name_is_taken_once_per_class_and_the_key_brings_its_owner_back(classes: ClassStore) -> None:
    made = classes.create_class("7B", PASSWORD)
    joined = classes.join_class(made.join_code, "Bo", client="x")
    assert len(joined.personal_key) == 6
    with pytest.raises(StoreError):
        classes.join_class(made.join_code, "BO ", client="x")
    back = classes.rejoin_class(made.join_code, "bo", joined.personal_key.lower(), client="x")
    assert back == joined.member
    with pytest.raises(ClassAccessError):
        wrong = "AAAAAA" if joined.personal_key != "AAAAAA" else "BBBBBB"
        classes.rejoin_class(made.join_code, "Bo", wrong, client="x")
    with store_text(classes) as everything:
        assert joined.personal_key not in everything


class store_text:
    def __init__(self, classes: ClassStore) -> None:
        self.classes = classes

    def __enter__(self) -> str:
        return _all_text(self.classes.store)

    def __exit__(self, *exc: object) -> None:
        return None


@pytest.mark.parametrize("name", XSS_NAMES)
def test_names_are_kept_verbatim_for_the_pages_to_escape(
    classes: ClassStore, store: Store, name: str
) -> None:
    made = classes.create_class("7B", PASSWORD)
    member = classes.join_class(made.join_code, name, client="x").member
    assert [m.name for m in classes.members(made.id)] == [name]
    with store.engine.connect() as conn:
        assert conn.execute(select(ClassMemberRow.display_name)).scalar_one() == name
    assert classes.get_member(member.id).name == name


# ---- assignments ---------------------------------------------------------------------------------
def test_drill_progress_counts_matching_answers_after_it_was_set(classes: ClassStore, store: Store) -> None:
    made = classes.create_class("7B", PASSWORD, at=T0)
    anna = classes.join_class(made.join_code, "Anna", client="x", at=T0).member
    store.record_attempt(
        anna.learner_id, "game_value", True, "1", "1", "danish", at=T0
    )  # before: not counted
    drill = classes.add_assignment(
        made.id, DRILL, "game_value", 3, "danish", T0 + timedelta(days=2), T0 + timedelta(hours=1)
    )
    later = T0 + timedelta(hours=2)
    store.record_attempt(
        anna.learner_id, "game_value", True, "1", "1", "international", at=later
    )  # other rules
    store.record_attempt(anna.learner_id, "matadors", True, "1", "1", "danish", at=later)  # other type
    classes.record_drill_answer(anna.id, drill.id, False, "20", "24", "with_without_swapped", at=later)
    (status,) = classes.assignment_status(anna.id)
    assert status.progress == 1 and not status.done
    assert not status.overdue(T0 + timedelta(days=1)) and status.overdue(T0 + timedelta(days=3))
    for _ in range(3):
        classes.record_drill_answer(anna.id, drill.id, True, "24", "24", at=later)
    (status,) = classes.assignment_status(anna.id)
    assert status.progress == 3 and status.done and not status.overdue(T0 + timedelta(days=3))
    attempts = store.attempts(anna.learner_id, "game_value")
    assert [a.profile_name for a in attempts].count("danish") == 5
    assert attempts[2].mistake_tag == "with_without_swapped"


def test_lessons_and_deals_are_marked_done(classes: ClassStore, store: Store) -> None:
    made = classes.create_class("7B", PASSWORD)
    bo = classes.join_class(made.join_code, "Bo", client="x").member
    lesson = classes.add_assignment(made.id, LESSON, "04-dealing")
    deal = classes.add_assignment(made.id, DEAL, "first-grand", count=7)
    assert deal.count == 1
    assert [s.done for s in classes.assignment_status(bo.id)] == [False, False]
    classes.mark_done(bo.id, lesson.id)
    classes.mark_done(bo.id, deal.id)
    classes.mark_done(bo.id, deal.id)  # twice is harmless
    # "I have read it" alone does not finish a chapter: its check must be answered too.
    assert [s.done for s in classes.assignment_status(bo.id)] == [False, True]
    assert store.lessons_done(bo.learner_id) == ["04-dealing"]
    store.record_attempt(bo.learner_id, chapter_kinds("04-dealing")[0], False, "x", "y", "danish")
    assert [s.done for s in classes.assignment_status(bo.id)] == [True, True]


def test_members_cannot_touch_another_class(classes: ClassStore) -> None:
    mine = classes.create_class("7B", PASSWORD)
    theirs = classes.create_class("7C", PASSWORD)
    bo = classes.join_class(mine.join_code, "Bo", client="x").member
    foreign = classes.add_assignment(theirs.id, DRILL, "matadors", 5, "danish")
    with pytest.raises(StoreError):
        classes.record_drill_answer(bo.id, foreign.id, True, "1", "1")
    with pytest.raises(StoreError):
        classes.mark_done(bo.id, foreign.id)
    assert classes.assignment_status(bo.id) == []
    classes.remove_assignment(mine.id, foreign.id)  # the wrong class: nothing happens
    assert [a.id for a in classes.assignments(theirs.id)] == [foreign.id]


@pytest.mark.parametrize(
    ("kind", "target", "count", "profile"),
    [
        ("essay", "x", 1, None),
        (DRILL, "matadors", 0, "danish"),
        (DRILL, "matadors", 5, None),
        (LESSON, " ", 1, None),
    ],
)
def test_bad_assignments_are_refused(
    classes: ClassStore, kind: str, target: str, count: int, profile: str | None
) -> None:
    made = classes.create_class("7B", PASSWORD)
    with pytest.raises(StoreError):
        classes.add_assignment(made.id, kind, target, count, profile)


# ---- dashboard -----------------------------------------------------------------------------------
def test_dashboard_numbers(classes: ClassStore, store: Store) -> None:
    made = classes.create_class("7B", PASSWORD, at=T0)
    other = classes.create_class("7C", PASSWORD, at=T0)
    anna = classes.join_class(made.join_code, "Anna", client="x", at=T0).member
    bo = classes.join_class(made.join_code, "Bo", client="x", at=T0).member
    outsider = classes.join_class(other.join_code, "Cy", client="x", at=T0).member
    drill = classes.add_assignment(made.id, DRILL, "game_value", 2, "danish", at=T0)
    classes.add_assignment(made.id, LESSON, "03-card-order", at=T0)
    at = T0 + timedelta(minutes=5)
    # Anna: game_value 2 right of 3 (one skat-jack mistake); matadors 1 wrong.
    for right, tag in ((True, None), (False, "forgot_skat_jack"), (True, None)):
        classes.record_drill_answer(anna.id, drill.id, right, "x", "y", tag, at=at)
    store.record_attempt(
        anna.learner_id, "matadors", False, "2", "3", "danish", mistake_tag="forgot_skat_jack", at=at
    )
    # Bo: one wrong with another tag; Cy (other class) makes many mistakes that must not show up.
    store.record_attempt(
        bo.learner_id, "trick_winner", False, "a", "b", "danish", mistake_tag="ten_trumps", at=at
    )
    for _ in range(5):
        store.record_attempt(
            outsider.learner_id, "matadors", False, "1", "2", "danish", mistake_tag="other", at=at
        )
    store.mark_lesson_done(bo.learner_id, "03-card-order", at)

    now = T0 + timedelta(days=30)  # every review card is due by then
    dash = classes.dashboard(made.id, now)
    assert [lr.name for lr in dash.learners] == ["Anna", "Bo"]
    a, b = dash.learners
    assert (a.attempts, a.correct, b.attempts, b.correct) == (4, 2, 1, 0)
    assert a.skill("game_value").accuracy == pytest.approx(2 / 3)
    assert a.skill("matadors").accuracy == 0.0 and a.skill("trick_winner").accuracy is None
    assert (a.reviews_due, b.reviews_due) == (2, 1)
    assert (a.due_skills, b.due_skills) == (("game_value", "matadors"), ("trick_winner",))
    assert (a.assignments_done, a.assignments_total) == (1, 2)  # the drill (3 ≥ 2), not the lesson
    # Bo said he read the chapter but never answered its check: started, not done.
    assert (b.assignments_done, b.assignments_total, b.assignments_started) == (0, 2, 1)
    assert dash.skills == ("game_value", "matadors", "trick_winner")
    assert dash.mistakes == (("forgot_skat_jack", 2), ("ten_trumps", 1))
    _skills, names, rows = dash.heatmap()
    assert names == ("Anna", "Bo") and len(rows) == 3
    assert rows[2] == (None, 0.0)
    # Right after answering, the fsrs cards are not due yet.
    assert [lr.reviews_due for lr in classes.dashboard(made.id, at).learners] == [0, 0]


def test_dashboard_csv_lists_every_learner_and_skill_safely(classes: ClassStore, store: Store) -> None:
    from trainer.teacher import DASHBOARD_CSV_COLUMNS, dashboard_csv

    made = classes.create_class("7B", PASSWORD, at=T0)
    evil = classes.join_class(made.join_code, "=HYPERLINK(1)", client="x", at=T0).member
    classes.join_class(made.join_code, "Quiet", client="x", at=T0)
    store.record_attempt(evil.learner_id, "count_eyes", True, "1", "1", "danish", at=T0)
    store.record_attempt(evil.learner_id, "count_eyes", False, "1", "2", "danish", at=T0)
    rows = list(csv.reader(io.StringIO(dashboard_csv(classes.dashboard(made.id, T0)))))
    assert tuple(rows[0]) == DASHBOARD_CSV_COLUMNS
    assert rows[1][:5] == ["'=HYPERLINK(1)", "count_eyes", "2", "1", "0.500"]
    assert rows[2][:5] == ["Quiet", "", "0", "0", ""]
    assert len(rows) == 3


# ---- projector polls -----------------------------------------------------------------------------
def test_poll_counts_one_answer_per_member(classes: ClassStore) -> None:
    made = classes.create_class("7B", PASSWORD)
    other = classes.create_class("7C", PASSWORD)
    members = [classes.join_class(made.join_code, n, client="x").member for n in ("A", "B", "C")]
    stranger = classes.join_class(other.join_code, "Z", client="x").member
    poll = classes.open_poll(made.id, "game_value", 17, "danish")
    assert classes.current_poll(made.id) == poll and classes.current_poll(other.id) is None
    assert classes.answer_poll(members[0].id, poll.id, "24", True)
    assert classes.answer_poll(members[1].id, poll.id, "36", False)
    assert not classes.answer_poll(members[1].id, poll.id, "24", True)  # the first answer stands
    with pytest.raises(StoreError):
        classes.answer_poll(stranger.id, poll.id, "24", True)
    tally = classes.poll_tally(made.id, poll.id)
    assert (tally.answers, tally.correct, tally.members) == (2, 1, 3)
    assert dict(tally.by_answer) == {"24": 1, "36": 1}
    assert classes.my_poll_answer(members[1].id, poll.id) == "36"
    with pytest.raises(StoreError):
        classes.poll_tally(other.id, poll.id)
    second = classes.open_poll(made.id, "matadors", 3, "international")
    assert classes.current_poll(made.id) == second
    assert not classes.answer_poll(members[2].id, poll.id, "24", True)  # the old poll is closed
    classes.close_poll(made.id, second.id)
    assert classes.current_poll(made.id) is None
