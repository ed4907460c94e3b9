"""Teachers with accounts run their classes: ownership and co-teachers, an optional class password, claiming a
class of old, rename / archive / delete, a new join code, removing a learner, leaving, a new personal key,
the class's log; and per-assignment progress kept apart from free practice. SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from trainer.errors import ClassAccessError, StoreError
from trainer.quiz.chapters import chapter_kinds
from trainer.store import Store
from trainer.store.accounts import AccountStore
from trainer.store.classes import (
    CODE_RESET,
    DELETED,
    KEY_ISSUED,
    MEMBER_LEFT,
    MEMBER_REMOVED,
    RENAMED,
    ClassStore,
)
from trainer.store.db import write_session
from trainer.store.play_models import PLAY_EVENING, PlayDealRow, PlayEveningRow
from trainer.teacher import CO_TEACHER, DEAL, DONE, DRILL, GAME, LESSON, NOT_STARTED, OWNER, SEAT, STARTED

from .conftest import CHEAP_HASHER

T0 = datetime(2026, 9, 1, 8, 0, tzinfo=UTC)
CLIENT = "client"
PASSWORD = "teacher's own pass"


@pytest.fixture
def accounts(store: Store) -> AccountStore:
    return AccountStore(ClassStore(store, hasher=CHEAP_HASHER))


def _account(accounts: AccountStore, name: str) -> int:
    return accounts.sign_up(name, PASSWORD, client=CLIENT, at=T0).account.id


def _class_with(accounts: AccountStore, *learners: str) -> tuple[int, int, dict[str, int]]:
    """(teacher account, class id, learner name → member id)."""
    teacher = _account(accounts, "Mrs Berg")
    made = accounts.classes.create_class("7B", at=T0, owner=teacher)
    members = {}
    for name in learners:
        learner = _account(accounts, name)
        members[name] = accounts.join_class(learner, made.join_code, client=CLIENT, at=T0).id
    return teacher, made.id, members


# ---- owning a class -----------------------------------------------------------------------------------
def test_a_teacher_sees_only_the_classes_they_teach(accounts: AccountStore) -> None:
    classes = accounts.classes
    berg = _account(accounts, "Mrs Berg")
    lund = _account(accounts, "Mr Lund")
    mine = classes.create_class("7B", at=T0, owner=berg)
    theirs = classes.create_class("8A", at=T0, owner=lund)
    assert not mine.has_password
    assert [c.school_class.id for c in classes.classes_of(berg)] == [mine.id]
    assert classes.teacher_role(mine.id, berg) == OWNER
    assert classes.teacher_role(theirs.id, berg) is None
    with pytest.raises(ClassAccessError):
        classes.rename_class(theirs.id, berg, "taken over")
    with pytest.raises(ClassAccessError):
        classes.reset_join_code(theirs.id, berg)
    assert classes.get_class(theirs.id).name == "8A"


def test_a_co_teacher_runs_the_class_but_only_the_owner_deletes_it(accounts: AccountStore) -> None:
    classes = accounts.classes
    teacher, class_id, _ = _class_with(accounts)
    lund = _account(accounts, "Mr Lund")
    with pytest.raises(StoreError):
        classes.add_co_teacher(class_id, teacher, "Nobody Here")
    added = classes.add_co_teacher(class_id, teacher, "  mr   LUND ")
    assert added.learner_id == lund and added.role == CO_TEACHER
    assert [(t.name, t.role) for t in classes.teachers(class_id)] == [
        ("Mrs Berg", OWNER),
        ("Mr Lund", CO_TEACHER),
    ]
    assert classes.rename_class(class_id, lund, "7B Tuesday").name == "7B Tuesday"
    with pytest.raises(ClassAccessError):
        classes.delete_class(class_id, lund)
    with pytest.raises(ClassAccessError):
        classes.add_co_teacher(class_id, lund, "Mrs Berg")
    with pytest.raises(StoreError):
        classes.remove_co_teacher(class_id, teacher, teacher)
    classes.remove_co_teacher(class_id, teacher, lund)
    assert classes.teacher_role(class_id, lund) is None


def test_an_optional_class_password_is_a_second_factor(accounts: AccountStore) -> None:
    classes = accounts.classes
    teacher, class_id, _ = _class_with(accounts)
    classes.check_class_password(class_id, teacher, "", client=CLIENT)  # none set: nothing to pass
    classes.set_class_password(class_id, teacher, "second factor")
    assert classes.get_class(class_id).has_password
    with pytest.raises(ClassAccessError):
        classes.check_class_password(class_id, teacher, "wrong one", client=CLIENT)
    classes.check_class_password(class_id, teacher, "second factor", client=CLIENT)
    stranger = _account(accounts, "Stranger")
    with pytest.raises(ClassAccessError):  # the password alone opens nothing
        classes.check_class_password(class_id, stranger, "second factor", client=CLIENT)
    classes.set_class_password(class_id, teacher, None)
    assert not classes.get_class(class_id).has_password


def test_a_class_of_old_is_claimed_once_with_its_code_and_password(accounts: AccountStore) -> None:
    classes = accounts.classes
    old = classes.create_class("Old 6C", "old class password", at=T0)  # no owner, as before accounts
    berg = _account(accounts, "Mrs Berg")
    with pytest.raises(ClassAccessError):
        classes.claim_class(berg, old.join_code, "wrong", client=CLIENT, at=T0)
    claimed = classes.claim_class(berg, old.join_code.lower(), "old class password", client=CLIENT, at=T0)
    assert claimed.id == old.id and claimed.has_password
    assert classes.teacher_role(old.id, berg) == OWNER
    lund = _account(accounts, "Mr Lund")
    with pytest.raises(ClassAccessError):  # a class with an owner is not claimed again
        classes.claim_class(lund, old.join_code, "old class password", client=CLIENT, at=T0)


# ---- managing it --------------------------------------------------------------------------------------
def test_reset_code_removes_nobody_and_the_old_code_stops_working(accounts: AccountStore) -> None:
    classes = accounts.classes
    teacher, class_id, members = _class_with(accounts, "Anna", "Bo")
    old_code = classes.get_class(class_id).join_code
    new = classes.reset_join_code(class_id, teacher, at=T0 + timedelta(minutes=1))
    assert new.join_code != old_code
    assert {m.id for m in classes.members(class_id)} == set(members.values())
    cleo = _account(accounts, "Cleo")
    with pytest.raises(ClassAccessError):
        accounts.join_class(cleo, old_code, client=CLIENT)
    assert accounts.join_class(cleo, new.join_code, client=CLIENT).class_id == class_id
    log = classes.audit(class_id, teacher)
    assert (
        log[0].action == CODE_RESET and log[0].actor == "Mrs Berg" and log[0].at == T0 + timedelta(minutes=1)
    )


def test_a_removed_learner_keeps_their_progress_and_may_join_elsewhere(accounts: AccountStore) -> None:
    classes = accounts.classes
    teacher, class_id, members = _class_with(accounts, "Anna", "Bo")
    anna = classes.get_member(members["Anna"]).learner_id
    drill = classes.add_assignment(class_id, DRILL, "count_eyes", 2, "danish", by=teacher, at=T0)
    classes.record_drill_answer(members["Anna"], drill.id, True, "11", "11", at=T0 + timedelta(minutes=1))
    classes.remove_member(class_id, teacher, members["Anna"], at=T0 + timedelta(minutes=2))
    assert [m.name for m in classes.members(class_id)] == ["Bo"]
    assert accounts.store.attempt_count(anna) == 1  # the answer is the learner's own
    assert accounts.member_of(anna) is None
    assert accounts.sign_in("Anna", PASSWORD, client=CLIENT).id == anna
    log = classes.audit(class_id, teacher)
    assert (log[0].action, log[0].detail) == (MEMBER_REMOVED, "Anna")
    other = classes.create_class("8A", at=T0, owner=teacher)
    assert accounts.join_class(anna, other.join_code, client=CLIENT).class_id == other.id


def test_a_learner_leaves_and_a_teacher_cannot_remove_another_classs_learner(accounts: AccountStore) -> None:
    classes = accounts.classes
    teacher, class_id, members = _class_with(accounts, "Anna")
    lund = _account(accounts, "Mr Lund")
    other = classes.create_class("8A", at=T0, owner=lund)
    with pytest.raises(ClassAccessError):
        classes.remove_member(other.id, lund, members["Anna"])
    classes.leave_class(members["Anna"], at=T0)
    assert classes.members(class_id) == []
    log = classes.audit(class_id, teacher)
    assert (log[0].action, log[0].actor) == (MEMBER_LEFT, "Anna")


def test_a_new_personal_key_replaces_the_lost_secret_and_signs_out(accounts: AccountStore) -> None:
    classes = accounts.classes
    teacher, class_id, members = _class_with(accounts, "Anna")
    anna = classes.get_member(members["Anna"]).learner_id
    token = accounts.start_learner_session(anna).token
    key = classes.issue_key(class_id, teacher, members["Anna"])
    assert len(key.replace("-", "")) == 12
    assert accounts.session(token) is None
    with pytest.raises(ClassAccessError):
        accounts.sign_in("Anna", PASSWORD, client="c2")
    assert accounts.sign_in("Anna", key.lower(), client="c2").id == anna
    assert key not in str([e.detail for e in classes.audit(class_id, teacher)])
    assert classes.audit(class_id, teacher)[0].action == KEY_ISSUED


def test_a_member_of_old_gets_a_new_class_key(accounts: AccountStore) -> None:
    classes = accounts.classes
    teacher, class_id, _ = _class_with(accounts)
    code = classes.get_class(class_id).join_code
    old = classes.join_class(code, "Dora", client=CLIENT, at=T0)
    key = classes.issue_key(class_id, teacher, old.member.id)
    with pytest.raises(ClassAccessError):
        classes.rejoin_class(code, "Dora", old.personal_key, client="c2")
    assert classes.rejoin_class(code, "Dora", key, client="c2").id == old.member.id


def test_rename_archive_restore_delete_are_logged(accounts: AccountStore) -> None:
    classes = accounts.classes
    teacher, class_id, members = _class_with(accounts, "Anna")
    anna = classes.get_member(members["Anna"]).learner_id
    classes.rename_class(class_id, teacher, "  7B  spring ", at=T0 + timedelta(minutes=1))
    assert classes.get_class(class_id).name == "7B spring"
    archived = classes.archive_class(class_id, teacher, at=T0 + timedelta(minutes=2))
    assert archived.archived
    bo = _account(accounts, "Bo")
    with pytest.raises(ClassAccessError):  # an archived class takes no new members
        accounts.join_class(bo, archived.join_code, client=CLIENT)
    assert not classes.archive_class(class_id, teacher, archived=False).archived  # undone
    assert classes.audit(class_id, teacher)[-1].detail == "7B → 7B spring"
    assert classes.audit(class_id, teacher)[-1].action == RENAMED
    classes.delete_class(class_id, teacher, at=T0 + timedelta(minutes=3))
    with pytest.raises(StoreError):
        classes.get_class(class_id)
    assert accounts.member_of(anna) is None
    assert accounts.sign_in("Anna", PASSWORD, client=CLIENT).id == anna
    assert classes.classes_of(teacher) == []
    with accounts.store.engine.connect() as conn:
        from sqlalchemy import text

        actions = [
            r[0]
            for r in conn.execute(text("SELECT action FROM class_audit WHERE class_id = :c"), {"c": class_id})
        ]
    assert DELETED in actions


# ---- progress per assignment --------------------------------------------------------------------------
def test_assignment_work_is_kept_apart_from_free_practice(accounts: AccountStore) -> None:
    classes = accounts.classes
    teacher, class_id, members = _class_with(accounts, "Anna", "Bo", "Cleo")
    anna = classes.get_member(members["Anna"]).learner_id
    drill = classes.add_assignment(class_id, DRILL, "count_eyes", 5, "danish", at=T0, by=teacher)
    for i, right in enumerate((True, False)):
        classes.record_drill_answer(
            members["Anna"], drill.id, right, "x", "y", at=T0 + timedelta(minutes=i + 1)
        )
    # Free practice of the same question type on the quiz page: not assignment work.
    accounts.store.record_attempt(anna, "count_eyes", True, "x", "x", "danish", at=T0 + timedelta(minutes=5))
    for i in range(5):
        classes.record_drill_answer(members["Bo"], drill.id, True, "x", "x", at=T0 + timedelta(minutes=i + 1))
    grid = classes.progress_grid(class_id)
    anna_cell = grid.cell(members["Anna"], drill.id)
    assert (anna_cell.state, anna_cell.progress, anna_cell.count) == (STARTED, 2, 5)
    assert anna_cell.score == 0.5
    assert grid.cell(members["Bo"], drill.id).state == DONE
    assert grid.not_started(drill.id) == ("Cleo",)
    assert grid.done_by(drill.id) == ("Bo",)
    assert grid.started_nothing() == ("Cleo",)
    row = {lr.name: lr for lr in classes.dashboard(class_id).learners}["Anna"]
    assert (row.attempts, row.assignment_attempts, row.practice_attempts) == (3, 2, 1)
    assert row.practice_accuracy == 1.0 and row.assignment_accuracy == 0.5
    assert row.assignments_done == 0 and row.assignments_started == 1
    assert [s.progress for s in classes.assignment_status(members["Anna"])] == [2]


def test_a_chapter_is_done_when_opened_and_its_check_answered(accounts: AccountStore) -> None:
    classes = accounts.classes
    store = accounts.store
    teacher, class_id, members = _class_with(accounts, "Anna", "Bo", "Cleo")
    learner = {name: classes.get_member(m).learner_id for name, m in members.items()}
    slug = "03-card-order"
    check = chapter_kinds(slug)[0]
    chapter = classes.add_assignment(class_id, LESSON, slug, at=T0, by=teacher)
    # Anna only says she read it (never opened it): not done, not started.
    classes.mark_done(members["Anna"], chapter.id, at=T0 + timedelta(minutes=1))
    grid = classes.progress_grid(class_id)
    # (mark_lesson_done also records an opening, so "read" counts as started but not as done)
    assert grid.cell(members["Anna"], chapter.id).state != DONE
    # Bo opens it and answers its check.
    store.mark_lesson_opened(learner["Bo"], slug, at=T0 + timedelta(minutes=1))
    store.record_attempt(learner["Bo"], check, True, "x", "x", "danish", at=T0 + timedelta(minutes=2))
    # Cleo opens it only.
    store.mark_lesson_opened(learner["Cleo"], slug, at=T0 + timedelta(minutes=1))
    grid = classes.progress_grid(class_id)
    assert grid.cell(members["Bo"], chapter.id).state == DONE
    assert grid.cell(members["Cleo"], chapter.id).state == STARTED


@pytest.mark.parametrize("kind", [DEAL, SEAT])
def test_example_deals_are_done_by_a_mark(accounts: AccountStore, kind: str) -> None:
    classes = accounts.classes
    teacher, class_id, members = _class_with(accounts, "Anna", "Bo")
    made = classes.add_assignment(class_id, kind, "some-deal", seat=1 if kind == SEAT else None, by=teacher)
    assert made.seat == (1 if kind == SEAT else None)
    classes.mark_done(members["Anna"], made.id)
    grid = classes.progress_grid(class_id)
    assert grid.cell(members["Anna"], made.id).state == DONE
    assert grid.cell(members["Bo"], made.id).state == NOT_STARTED


def test_a_deal_against_the_computer_is_done_by_playing_it_to_the_end(accounts: AccountStore) -> None:
    """Only a deal on the Play page at the assignment's level and rules, since it was set, counts."""
    classes = accounts.classes
    teacher, class_id, members = _class_with(accounts, "Anna", "Bo", "Cleo", "Dan")
    learner = {name: classes.get_member(m).learner_id for name, m in members.items()}
    game = classes.add_assignment(class_id, GAME, "club", profile_name="danish", at=T0, by=teacher)
    later = T0 + timedelta(minutes=5)

    def deal(name: str, level: str, profile: str, finished: bool, at: datetime) -> None:
        with write_session(accounts.engine) as session:
            evening = PlayEveningRow(
                token=f"{name}{level}{profile}{finished}",
                kind=PLAY_EVENING,
                learner_id=learner[name],
                profile_name=profile,
                scheme="list",
                level=level,
                coach="beginner",
                created_at=at,
            )
            session.add(evening)
            session.flush()
            session.add(
                PlayDealRow(evening_id=evening.id, number=1, move_count=30, finished=finished, updated_at=at)
            )

    deal("Anna", "club", "danish", True, later)
    deal("Bo", "club", "danish", False, later)  # still playing
    deal("Cleo", "expert", "danish", True, later)  # another level
    deal("Dan", "club", "danish", True, T0 - timedelta(days=1))  # before it was set
    grid = classes.progress_grid(class_id)
    states = {name: grid.cell(m, game.id).state for name, m in members.items()}
    assert states == {"Anna": DONE, "Bo": STARTED, "Cleo": NOT_STARTED, "Dan": NOT_STARTED}


def test_new_kinds_of_assignment_need_their_settings(accounts: AccountStore) -> None:
    classes = accounts.classes
    teacher, class_id, _ = _class_with(accounts)
    with pytest.raises(StoreError):
        classes.add_assignment(class_id, GAME, "beginner", by=teacher)  # no rules
    with pytest.raises(StoreError):
        classes.add_assignment(class_id, SEAT, "some-deal", seat=3, by=teacher)
    lund = _account(accounts, "Mr Lund")
    with pytest.raises(ClassAccessError):
        classes.add_assignment(class_id, DEAL, "some-deal", by=lund)
