"""Running a class on the Teacher page in AppTest: every destructive action asks first (and "Cancel" leaves
everything as it was); rename, a new join code, removing a learner, a new personal key shown once, a
co-teacher, archive and restore, delete; a learner leaves; the new kinds of assignment; both languages."""

from __future__ import annotations

import pytest

from trainer.deal import Seat
from trainer.records.deals import load_all
from trainer.replay import GameRecord
from trainer.rules import PlayCard
from trainer.safe_text import for_markdown
from trainer.store.accounts import AccountStore
from trainer.store.classes import ClassStore
from trainer.table_session import RecordSeat
from trainer.teacher import GAME, SEAT

from .helpers import texts
from .test_teacher_pages import (
    CLASS,
    DASHBOARD,
    TEACHER,
    _class_made,
    _join,
    _session,
    _teacher_account,
)


def _owner(classes: ClassStore, class_id: int) -> int:
    return classes.teachers(class_id)[0].learner_id


def test_removing_an_assignment_asks_first_and_cancel_keeps_it(classes: ClassStore) -> None:
    teacher, class_id, _ = _class_made(classes)
    teacher.segmented_control(key="assign_kind").set_value("lesson").run()
    teacher.button(key="assign_add").click().run()
    (lesson,) = classes.assignments(class_id)
    teacher.button(key=f"assignment_remove_{lesson.id}_ask").click().run()
    assert classes.assignments(class_id) == [lesson]  # only asked
    assert "Remove this assignment?" in texts(teacher)
    teacher.button(key=f"assignment_remove_{lesson.id}_no").click().run()
    assert classes.assignments(class_id) == [lesson]
    teacher.button(key=f"assignment_remove_{lesson.id}_ask").click().run()
    teacher.button(key=f"assignment_remove_{lesson.id}_yes").click().run()
    assert not teacher.exception, teacher.exception
    assert classes.assignments(class_id) == []
    assert [e.action for e in classes.audit(class_id, _owner(classes, class_id))][:2] == [
        "unassign",
        "assign",
    ]


def test_rename_new_code_remove_a_learner_and_give_a_new_key(classes: ClassStore) -> None:
    teacher, class_id, code = _class_made(classes)
    anna, bo = _session(CLASS), _session(CLASS)
    _join(anna, code, "Anna")
    _join(bo, code, "Bo")
    teacher.run()
    # rename
    teacher.text_input(key="teacher_rename_name").set_value("7B spring")
    teacher.button(key="teacher_rename_submit").click().run()
    assert classes.get_class(class_id).name == "7B spring"
    assert "Class " + for_markdown("7B spring") in texts(teacher)
    # a new join code, after a confirm step
    teacher.button(key="teacher_reset_code_ask").click().run()
    assert classes.get_class(class_id).join_code == code
    teacher.button(key="teacher_reset_code_yes").click().run()
    new_code = classes.get_class(class_id).join_code
    assert new_code != code and f"{new_code[:4]}-{new_code[4:]}" in texts(teacher)
    # remove Bo, after a confirm step: he keeps his account and answers
    members = {m.name: m for m in classes.members(class_id)}
    bo_member = members["Bo"]
    classes.store.record_attempt(bo_member.learner_id, "matadors", True, "1", "1", "danish")
    teacher.button(key=f"teacher_remove_{bo_member.id}_ask").click().run()
    teacher.button(key=f"teacher_remove_{bo_member.id}_yes").click().run()
    assert [m.name for m in classes.members(class_id)] == ["Anna"]
    assert classes.store.attempt_count(bo_member.learner_id) == 1
    bo.run()
    assert "class_member_id" not in bo.session_state
    assert "Type the join code your teacher gives you" in texts(bo)
    # a new personal key for Anna, shown once
    anna_member = members["Anna"]
    teacher.button(key=f"teacher_key_{anna_member.id}_ask").click().run()
    teacher.button(key=f"teacher_key_{anna_member.id}_yes").click().run()
    assert not teacher.exception, teacher.exception
    (shown,) = [c.value for c in teacher.code]
    accounts = AccountStore(classes)
    assert accounts.sign_in("Anna", shown, client="x").id == anna_member.learner_id
    teacher.run()
    assert not teacher.code  # shown only once
    log = texts(teacher)
    for line in ("renamed the class", "made a new join code", "removed a learner", "gave a learner a new"):
        assert line in log


def test_a_co_teacher_sees_the_class_and_only_the_owner_deletes(classes: ClassStore) -> None:
    owner, class_id, _ = _class_made(classes)
    co = _session(TEACHER)
    _teacher_account(co, "Mr Lund")
    assert "You teach no class yet." in " ".join(texts(co).split())
    owner.text_input(key="teacher_co_name").set_value("mr lund")
    owner.button(key="teacher_co_submit").click().run()
    assert [t.name for t in classes.teachers(class_id)] == ["Mrs Berg", "Mr Lund"]
    co.run()
    co.button(key=f"teacher_open_{class_id}").click().run()
    assert co.session_state["teacher_class_id"] == class_id
    keys = {b.key for b in co.button}
    assert "teacher_delete_ask" not in keys and "teacher_archive" not in keys
    # the owner archives (undone by restore), then deletes after a confirm step
    owner.button(key="teacher_archive").click().run()
    assert classes.get_class(class_id).archived
    assert "This class is archived" in texts(owner)
    owner.button(key="teacher_restore").click().run()
    assert not classes.get_class(class_id).archived
    owner.button(key="teacher_delete_ask").click().run()
    assert classes.classes_of(_owner(classes, class_id))
    owner.button(key="teacher_delete_yes").click().run()
    assert not owner.exception, owner.exception
    assert "teacher_class_id" not in owner.session_state
    assert "You teach no class yet." in " ".join(texts(owner).split())
    co.run()  # the co-teacher's session ends with the class
    assert "teacher_class_id" not in co.session_state


def test_a_learner_leaves_after_a_confirm_step(classes: ClassStore) -> None:
    _, class_id, code = _class_made(classes)
    anna = _session(CLASS)
    _join(anna, code, "Anna")
    anna.button(key="class_leave_ask").click().run()
    assert len(classes.members(class_id)) == 1
    anna.button(key="class_leave_yes").click().run()
    assert not anna.exception, anna.exception
    assert classes.members(class_id) == []
    assert "Type the join code your teacher gives you" in texts(anna)


def test_a_seat_and_a_deal_against_the_computer_can_be_assigned(classes: ClassStore) -> None:
    teacher, class_id, code = _class_made(classes)
    teacher.segmented_control(key="assign_kind").set_value(GAME).run()
    teacher.selectbox(key="assign_level").set_value("club").run()
    teacher.radio(key="assign_game_profile").set_value("international").run()
    teacher.button(key="assign_add").click().run()
    teacher.segmented_control(key="assign_kind").set_value(SEAT).run()
    deals = teacher.selectbox(key="assign_deal")
    assert all(("(Danish textbook)" in o) or ("(International (ISkO))" in o) for o in deals.options)
    teacher.radio(key="assign_seat").set_value(2).run()
    teacher.button(key="assign_add").click().run()
    assert not teacher.exception, teacher.exception
    game, seat = sorted(classes.assignments(class_id), key=lambda a: a.id)
    assert (game.kind, game.target, game.profile_name) == (GAME, "club", "international")
    assert (seat.kind, seat.seat) == (SEAT, 2)
    learner = _session(CLASS)
    _join(learner, code, "Anna")
    shown = texts(learner).replace("\\", "")  # the titles are escaped for Markdown
    assert "one deal against the computer (club player), International (ISkO)" in shown
    assert "as rearhand" in shown
    assert learner.button(key=f"class_seat_{seat.id}")


@pytest.mark.parametrize("lang", ["en", "da"])
def test_the_teacher_page_runs_a_class_in_both_languages(classes: ClassStore, lang: str) -> None:
    teacher, _, code = _class_made(classes, lang=lang)
    learner = _session(CLASS, lang=lang)
    learner.text_input(key="class_account_create_name").set_value("Søren")
    learner.button(key="class_account_create_submit").click().run()
    learner.text_input(key="class_join_code").set_value(code)
    learner.button(key="class_join_submit").click().run()
    teacher.run()
    assert not teacher.exception, teacher.exception
    shown = texts(teacher)
    assert ("Administrér holdet" in shown) is (lang == "da")
    assert ("Manage the class" in shown) is (lang == "en")
    teacher.switch_page(DASHBOARD).run()
    assert not teacher.exception, teacher.exception


def test_a_seat_played_to_the_end_marks_the_assignment(classes: ClassStore) -> None:
    """'Play the seat' on My class opens 'Play a seat' on that deal and seat; finishing the deal there marks
    the assignment done (no button to claim it without playing)."""
    teacher, class_id, code = _class_made(classes)
    teacher.segmented_control(key="assign_kind").set_value(SEAT).run()
    deal_id = teacher.selectbox(key="assign_deal").value
    teacher.radio(key="assign_seat").set_value(1).run()
    teacher.button(key="assign_add").click().run()
    (seat,) = classes.assignments(class_id)
    learner = _session(CLASS)
    _join(learner, code, "Anna")
    learner.button(key=f"class_seat_{seat.id}").click().run()
    assert not learner.exception, learner.exception
    assert learner.session_state["play_seat"] == "MIDDLEHAND"
    assert learner.session_state["deals_choice"] == f"ex:{deal_id}"
    (key, seat_name), cards = learner.session_state["play_session"]
    assert seat_name == "MIDDLEHAND"
    example = next(deal for deal in load_all() if deal.id == deal_id)
    session = RecordSeat(GameRecord.from_example(example), Seat.MIDDLEHAND, cards)
    while not session.finished:  # the learner plays the recorded cards (or any legal one)
        legal = [move.card for move in session.view().legal_moves if isinstance(move, PlayCard)]
        card = session.recorded_card()
        assert session.play(card if card in legal else legal[0]) is None
    learner.session_state["play_session"] = ((key, seat_name), session.cards)  # as the page keeps it
    learner.switch_page("trainer/ui/pages/deals_play.py").run()
    assert not learner.exception, learner.exception
    assert "Your class's assignment is done." in texts(learner)
    member = classes.members(class_id)[0]
    assert [s.done for s in classes.assignment_status(member.id)] == [True]


def test_an_open_drill_makes_way_for_the_big_screens_question(classes: ClassStore) -> None:
    """One "Check" button at a time: while the projector's question is unanswered, the drill waits."""
    _, class_id, code = _class_made(classes)
    drill = classes.add_assignment(class_id, "drill", "count_eyes", 3, "danish")
    learner = _session(CLASS)
    _join(learner, code, "Anna")
    learner.button(key=f"class_start_{drill.id}").click().run()
    checks = [b for b in learner.button if b.label == "Check"]
    assert len(checks) == 1  # the drill's
    poll = classes.open_poll(class_id, "count_eyes", 5, "danish")
    learner.run()
    assert not learner.exception, learner.exception
    assert [b.key for b in learner.button if b.label == "Check"] == [f"poll_{poll.id}_submit"]
    assert "Answer the question on the big screen first" in texts(learner)
    member = classes.members(class_id)[0]
    classes.answer_poll(member.id, poll.id, "1", False)
    learner.run()
    assert [b.key for b in learner.button if b.label == "Check"] != [f"poll_{poll.id}_submit"]
    assert len([b for b in learner.button if b.label == "Check"]) == 1  # the drill is back
