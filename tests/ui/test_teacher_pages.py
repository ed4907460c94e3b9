"""Teacher mode in AppTest: create a class, join it, assign a drill, answer it as a learner, see it on the
dashboard; the projector question; who may see what; escaping of names; both languages and rule sets.

Each test points the app at its own SQLite file (``SKAT_TRAINER_DB_URL``); teacher and learner are two
separate AppTest sessions on the same database, as two browsers would be.
"""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from trainer.profiles import get_profile
from trainer.quiz import COUNT_EYES, GAME_VALUE, generate
from trainer.quiz.chapters import chapter_kinds
from trainer.safe_text import for_markdown
from trainer.store.classes import ClassStore

from .helpers import html_rows, open_page, texts

TEACHER = "trainer/ui/pages/teacher.py"
DASHBOARD = "trainer/ui/pages/teacher_dash.py"
PROJECTOR = "trainer/ui/pages/teacher_projector.py"
CLASS = "trainer/ui/pages/class_room.py"
PASSWORD = "a good long password"
XSS_NAMES = ("<script>alert(1)</script>", "<img src=x onerror=alert(1)>")


def _session(page: str, lang: str = "en", rules: str = "danish") -> AppTest:
    return open_page(page, {"lang": lang, "rules": rules})


def _teacher_account(at: AppTest, name: str = "Mrs Berg") -> None:
    """The teacher signs up on the Teacher page with an account of their own (a generated key)."""
    at.text_input(key="teacher_account_create_name").set_value(name)
    at.button(key="teacher_account_create_submit").click().run()
    assert not at.exception, at.exception


def _create_class(
    at: AppTest, name: str = "7B", password: str = "", account: str | None = "Mrs Berg"
) -> None:
    """Sign up as the teacher (unless ``account`` is None: already signed in) and create a class, with a
    class password when ``password`` is given."""
    if account is not None:
        _teacher_account(at, account)
    at.text_input(key="teacher_create_name").set_value(name)
    at.text_input(key="teacher_create_password").set_value(password)
    at.text_input(key="teacher_create_again").set_value(password)
    at.button(key="teacher_create_submit").click().run()
    assert not at.exception, at.exception


def _join(at: AppTest, code: str, name: str) -> None:
    """Create an account on 'My class' (the app makes the personal key), then join with the code."""
    at.text_input(key="class_account_create_name").set_value(name)
    at.button(key="class_account_create_submit").click().run()
    assert not at.exception, at.exception
    at.text_input(key="class_join_code").set_value(code)
    at.button(key="class_join_submit").click().run()
    assert not at.exception, at.exception


def _answer(at: AppTest, form_key: str, value: str, mode: str) -> None:
    if mode == "number":
        at.text_input(key=f"{form_key}_number").set_value(value)
    elif mode == "choice":
        at.radio(key=f"{form_key}_choice").set_value(value)
    else:
        raise AssertionError("these tests use number and choice questions only")
    at.button(key=f"{form_key}_submit").click().run()
    assert not at.exception, at.exception


def _the_class(classes: ClassStore, at: AppTest) -> tuple[int, str]:
    class_id = at.session_state["teacher_class_id"]
    return class_id, classes.get_class(class_id).join_code


def _class_made(
    classes: ClassStore, lang: str = "en", rules: str = "danish", *, name: str = "7B", password: str = ""
) -> tuple[AppTest, int, str]:
    """A Teacher page session whose teacher has just signed up and created a class: the session, the
    class id and its join code."""
    at = _session(TEACHER, lang, rules)
    _create_class(at, name=name, password=password)
    return (at, *_the_class(classes, at))


def test_create_join_assign_answer_and_see_it_on_the_dashboard(classes: ClassStore) -> None:
    teacher, class_id, code = _class_made(classes)
    assert f"{code[:4]}-{code[4:]}" in texts(teacher)

    # The teacher sets a drill: 2 questions on card points, international rules.
    teacher.segmented_control(key="assign_kind").set_value("drill").run()
    teacher.selectbox(key="assign_drill").set_value(COUNT_EYES).run()
    teacher.text_input(key="assign_count").set_value("2").run()
    teacher.radio(key="assign_profile").set_value("international").run()
    teacher.button(key="assign_add").click().run()
    assert not teacher.exception
    (drill,) = classes.assignments(class_id)
    assert (drill.kind, drill.target, drill.count, drill.profile_name) == (
        "drill",
        COUNT_EYES,
        2,
        "international",
    )
    assert drill.due_at is not None

    # A learner joins in another session and answers the drill: one right, one wrong.
    learner = _session(CLASS)
    _join(learner, code.lower(), "Anna")
    member_id = learner.session_state["class_member_id"]
    assert "Anna" in texts(learner)
    learner.button(key=f"class_start_{drill.id}").click().run()
    for right in (True, False):
        seed = learner.session_state[f"class_drill_{drill.id}_seed"]
        question = generate(COUNT_EYES, seed, get_profile("international"))
        answer = question.answer if right else str(int(question.answer) + 1)
        _answer(learner, f"class_drill_{drill.id}_{seed}", answer, question.mode)
        assert ("Right" in texts(learner)) is right
        if right:
            learner.button(key=f"class_drill_{drill.id}_next").click().run()
    # 2 of 2 answered: the drill ends there, no third question and no 'Next question'
    assert "Drill finished: all 2 questions answered." in texts(learner)
    keys = {getattr(e, "key", None) for e in learner.button} | {
        getattr(e, "key", None) for e in learner.text_input
    }
    assert f"class_drill_{drill.id}_next" not in keys
    assert not any(str(k).startswith(f"class_drill_{drill.id}_") for k in keys if k)
    member = classes.get_member(member_id)
    attempts = classes.store.attempts(member.learner_id)
    assert all(a.elapsed_ms is not None and a.elapsed_ms >= 0 for a in attempts)
    assert [(a.question_type, a.profile_name, a.correct) for a in attempts] == [
        (COUNT_EYES, "international", True),
        (COUNT_EYES, "international", False),
    ]
    assert "✅" in texts(learner)  # 2 of 2 answered: done

    # One answer of free practice (the quiz page) counts apart from the drill.
    classes.store.record_attempt(member.learner_id, COUNT_EYES, True, "1", "1", "international")
    # The teacher's dashboard shows it.
    teacher.switch_page(DASHBOARD).run()
    assert not teacher.exception
    table = teacher.dataframe[0].value
    assert table.iloc[0].tolist() == ["Anna", 2, "50 %", 1, "100 %", 0, 1, 1]
    progress = teacher.dataframe[1].value
    assert progress.iloc[0].tolist() == ["Anna", 1, "done · 50 %"]
    assert "Everyone has started every assignment." in texts(teacher)
    heatmap = json.loads(teacher.get("plotly_chart")[0].proto.spec)
    trace = heatmap["data"][0]
    assert trace["x"] == ["\u2068Anna\u2069"] and trace["z"] == [[67]]  # a skill: all its answers
    assert teacher.get("download_button")  # the CSV export (its content is tested in tests/teacher)


def test_lesson_assignment_is_done_when_the_learner_reads_it(classes: ClassStore) -> None:
    teacher, class_id, code = _class_made(classes)
    teacher.segmented_control(key="assign_kind").set_value("lesson").run()
    teacher.selectbox(key="assign_lesson").set_value("03-card-order").run()
    teacher.toggle(key="assign_with_due").set_value(False).run()
    teacher.button(key="assign_add").click().run()
    (lesson,) = classes.assignments(class_id)
    assert lesson.due_at is None
    learner = _session(CLASS)
    _join(learner, code, "Bo")
    learner.button(key=f"class_read_{lesson.id}").click().run()
    assert not learner.exception
    # Saying "I have read it" is not enough: the chapter's check must be answered too.
    assert classes.assignment_completion(class_id) == {lesson.id: 0}
    teacher.run()
    assert "done by 0 of 1" in texts(teacher)
    member = classes.members(class_id)[0]
    check = chapter_kinds("03-card-order")[0]
    classes.store.record_attempt(member.learner_id, check, True, "x", "x", "danish")
    assert classes.assignment_completion(class_id) == {lesson.id: 1}
    teacher.run()
    assert "done by 1 of 1" in texts(teacher)
    assert "Done: " + for_markdown("Bo") in texts(teacher)


def test_projector_question_counts_the_class_answers(classes: ClassStore) -> None:
    teacher, class_id, code = _class_made(classes)
    learners = [_session(CLASS) for _ in range(2)]
    for i, learner in enumerate(learners):
        _join(learner, code, f"Learner {i}")
    teacher.switch_page(PROJECTOR).run()
    teacher.selectbox(key="projector_kind").set_value(GAME_VALUE).run()
    teacher.button(key="projector_open").click().run()
    assert not teacher.exception
    poll = classes.current_poll(class_id)
    assert poll is not None
    assert [m.value for m in teacher.metric] == ["0 / 2"]
    question = generate(GAME_VALUE, poll.seed, get_profile(poll.profile_name))
    learners[0].run()
    _answer(learners[0], f"poll_{poll.id}", question.answer, question.mode)
    assert "Your answer is in" in texts(learners[0])
    teacher.run()
    assert [m.value for m in teacher.metric] == ["1 / 2"]
    teacher.button(key="projector_reveal").click().run()
    assert [m.value for m in teacher.metric] == ["1 / 2", "100 %"]
    assert f"{code[:4]}-{code[4:]}" in texts(teacher)  # the join code is on the screen
    chart = json.loads(teacher.get("plotly_chart")[0].proto.spec)["data"][0]
    assert chart["y"][0].startswith("✓ ") and chart["marker"]["color"] == ["#2e7d32"]
    # The revealed answer is kept: the projector opened again (another page and back) still shows it.
    teacher.switch_page(DASHBOARD).run()
    teacher.switch_page(PROJECTOR).run()
    assert [m.value for m in teacher.metric] == ["1 / 2", "100 %"]
    assert not [b for b in teacher.button if b.key == "projector_reveal"]
    teacher.button(key="projector_close").click().run()
    assert classes.current_poll(class_id) is None


@pytest.mark.parametrize("page", [DASHBOARD, PROJECTOR])
def test_teacher_pages_need_the_teacher_log_in(classes: ClassStore, page: str) -> None:
    made = classes.create_class("7B", PASSWORD)
    learner = _session(CLASS)
    _join(learner, made.join_code, "Cy")
    learner.switch_page(page).run()
    assert not learner.exception
    assert "Sign in on the Teacher page and open one of your classes first." in texts(learner)
    assert not learner.dataframe and not learner.get("plotly_chart") and not learner.metric


def test_class_password_wrong_then_slowed_then_right(classes: ClassStore) -> None:
    """A class with a class password: the signed-in teacher types it to open the class. Three wrong ones
    cost nothing; the next try right after them waits a moment (the right one too, and it says how many
    seconds), then the right password opens it: no lock-out."""
    import time

    teacher, class_id, _ = _class_made(classes, password=PASSWORD)
    teacher.button(key="teacher_logout").click().run()  # back to "Your classes"
    assert "teacher_class_id" not in teacher.session_state
    for _ in range(classes.policy.free_per_subject):
        teacher.text_input(key=f"teacher_open_pw_{class_id}").set_value("not the password")
        teacher.button(key=f"teacher_open_{class_id}").click().run()
        assert "That is not the class password." in texts(teacher)
    teacher.text_input(key=f"teacher_open_pw_{class_id}").set_value(PASSWORD)
    teacher.button(key=f"teacher_open_{class_id}").click().run()
    assert "Too many wrong tries in a row. Wait 1 second(s)" in texts(teacher)
    assert "teacher_class_id" not in teacher.session_state
    time.sleep(classes.policy.first_delay.total_seconds())
    teacher.button(key=f"teacher_open_{class_id}").click().run()
    assert teacher.session_state["teacher_class_id"] == class_id


def test_a_signed_in_account_that_does_not_teach_the_class_sees_none_of_it(classes: ClassStore) -> None:
    """The class password alone opens nothing: a class with an owner cannot be claimed by another account,
    and a learner's own account lists no classes."""
    _, _, code = _class_made(classes, password=PASSWORD)
    other = _session(TEACHER)
    _teacher_account(other, "Mr Lund")
    assert "You teach no class yet." in " ".join(texts(other).split())
    other.text_input(key="teacher_claim_code").set_value(code)
    other.text_input(key="teacher_claim_password").set_value(PASSWORD)
    other.button(key="teacher_claim_submit").click().run()
    assert "That class already has a teacher" in texts(other)
    assert "teacher_class_id" not in other.session_state
    other.switch_page(DASHBOARD).run()
    assert not other.dataframe


def test_the_dashboard_shows_a_name_being_guessed_and_clears_it(classes: ClassStore) -> None:
    from trainer.errors import ClassAccessError
    from trainer.store.accounts import AccountStore

    teacher, class_id, code = _class_made(classes)
    pupil = _session(CLASS)
    _join(pupil, code, "see http://evil.test")
    (member,) = classes.members(class_id)
    accounts = AccountStore(classes)
    for i in range(classes.policy.free_per_subject):
        with pytest.raises(ClassAccessError):
            accounts.sign_in("See http://evil.test", f"guess {i}", client="eve")
    teacher.switch_page(DASHBOARD).run()
    assert not teacher.exception, teacher.exception
    assert "Sign-in trouble" in texts(teacher)
    line = for_markdown("see http://evil.test")
    assert f"**{line}**: 3 wrong sign-ins, the last 0 min ago; each try now waits 1 s." in texts(teacher)
    teacher.button(key=f"dashboard_clear_{member.id}").click().run()
    assert not teacher.exception, teacher.exception
    assert "Sign-in trouble" not in texts(teacher)
    assert accounts.guessed_names(class_id) == []


def test_sessions_keep_to_their_own_class_and_learner(classes: ClassStore) -> None:
    first = classes.create_class("Class A", PASSWORD)
    second = classes.create_class("Class B", PASSWORD)
    anna = _session(CLASS)
    _join(anna, first.join_code, "Anna")
    bo = _session(CLASS)
    _join(bo, second.join_code, "Bo")
    classes.store.record_attempt(
        classes.members(first.id)[0].learner_id, GAME_VALUE, True, "1", "1", "danish"
    )
    anna.run()
    bo.run()
    assert anna.dataframe[0].value.shape[0] == 1  # Anna's own result
    assert not bo.dataframe  # Bo has answered nothing and sees nothing of Anna's
    assert "Class B" in texts(bo) and "Anna" not in texts(bo)
    # Class B was made before teachers had accounts: its teacher claims it with the code and password.
    teacher = _session(TEACHER)
    _teacher_account(teacher)
    teacher.text_input(key="teacher_claim_code").set_value(second.join_code)
    teacher.text_input(key="teacher_claim_password").set_value(PASSWORD)
    teacher.button(key="teacher_claim_submit").click().run()
    assert teacher.session_state["teacher_class_id"] == second.id
    teacher.switch_page(DASHBOARD).run()
    assert teacher.dataframe[0].value.iloc[:, 0].tolist() == ["Bo"]


@pytest.mark.parametrize("name", XSS_NAMES)
def test_names_are_escaped_wherever_shown(classes: ClassStore, name: str) -> None:
    teacher, class_id, code = _class_made(classes, name=name[:60])
    learner = _session(CLASS)
    _join(learner, code, name)
    classes.store.record_attempt(
        classes.members(class_id)[0].learner_id, GAME_VALUE, False, "1", "2", "danish"
    )
    teacher.switch_page(DASHBOARD).run()
    learner.run()
    for at in (teacher, learner):
        assert not at.exception
        markdown = [str(e.value) for kind in ("markdown", "title", "caption") for e in at.get(kind)]
        html = [str(e.value) for e in at.html]
        assert not any(name in text for text in markdown + html), "a name reached Markdown/HTML unescaped"
        assert any("\\<" in text for text in markdown)  # shown, with its < escaped
    assert teacher.dataframe[0].value.iloc[0, 0] == name  # table cells are plain text
    trace = json.loads(teacher.get("plotly_chart")[0].proto.spec)["data"][0]
    escaped = name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert trace["x"] == ["\u2068" + escaped + "\u2069"]  # isolated, so a right-to-left name keeps its place


@pytest.mark.parametrize(
    ("lang", "rules"), [("da", "danish"), ("da", "international"), ("en", "international")]
)
def test_every_teacher_page_in_both_languages_and_rule_sets(
    classes: ClassStore, lang: str, rules: str
) -> None:
    teacher, class_id, code = _class_made(classes, lang, rules)
    teacher.button(key="assign_add").click().run()  # the default drill in the session's rules
    (drill,) = classes.assignments(class_id)
    assert drill.profile_name == rules
    learner = _session(CLASS, lang, rules)
    _join(learner, code, "Dorte")
    learner.button(key=f"class_start_{drill.id}").click().run()
    for page in (DASHBOARD, PROJECTOR, TEACHER):
        teacher.switch_page(page).run()
        assert not teacher.exception, (page, teacher.exception)
    teacher.switch_page(PROJECTOR).run()
    teacher.button(key="projector_open").click().run()
    learner.run()
    assert not teacher.exception and not learner.exception
    if lang == "da":
        assert teacher.title[0].value.startswith("Projektor")
        assert learner.title[0].value.startswith("Mit hold")


def test_a_deal_assignment_is_done_when_the_learner_reaches_the_last_card(classes: ClassStore) -> None:
    pytest.importorskip("trainer.replay", reason="the replay viewer is not in this checkout")
    from trainer.records.deals import load_all

    deal = load_all()[0]
    teacher, class_id, code = _class_made(classes)
    teacher.segmented_control(key="assign_kind").set_value("deal").run()
    teacher.selectbox(key="assign_deal").set_value(deal.id).run()
    teacher.button(key="assign_add").click().run()
    (assignment,) = classes.assignments(class_id)
    learner = _session(CLASS)
    _join(learner, code, "Eva")
    learner.button(key=f"class_start_{assignment.id}").click().run()
    tricks = len(deal.tricks)
    for _ in range(tricks - 1):
        learner.button(key=f"class_deal_{assignment.id}_:material/last_page:").click().run()
        assert not learner.exception
        assert classes.assignment_completion(class_id) == {assignment.id: 0}
    learner.button(key=f"class_deal_{assignment.id}_:material/last_page:").click().run()
    assert classes.assignment_completion(class_id) == {assignment.id: 1}
    assert "marked as done" in texts(learner)


def test_projector_steps_through_an_example_deal(classes: ClassStore) -> None:
    pytest.importorskip("trainer.replay", reason="the replay viewer is not in this checkout")
    from trainer.records.deals import load_all

    deal = load_all()[0]
    teacher = _session(TEACHER, "da")
    _create_class(teacher)
    teacher.switch_page(PROJECTOR).run()
    teacher.segmented_control(key="projector_mode").set_value("deal").run()
    teacher.selectbox(key="projector_deal").set_value(deal.id).run()
    assert not teacher.exception
    if deal.bidding:  # the auction comes first (tests/teacher/test_problem_set_pages.py); then the play
        teacher.segmented_control(key=f"projector_part_{deal.id}").set_value("play").run()
    hands, trick = _table(teacher)
    assert len(hands) == 3 and sum(len(r) for r in hands) == 30  # three full hands, nothing on the table
    assert trick == []
    teacher.button(key=f"projector_deal_{deal.id}_:material/chevron_right:").click().run()
    hands, trick = _table(teacher)
    assert trick == [[deal.tricks[0].cards[0].iss]]  # the first card is on the table
    assert sum(len(r) for r in hands) == 29


def _table(at: AppTest) -> tuple[list[list[str]], list[list[str]]]:
    """The card table's open hands (the two side seats and the bottom one) and the trick on it."""
    import re

    page = "".join(element.value for element in at.html)
    hands = re.findall(r'class="(?:card-column|card-row skat-hand)" data-cards="([^"]*)"', page)
    trick = re.findall(r'class="skat-trick" data-cards="([^"]*)"', page)
    return [h.split() for h in hands], [c.split() for c in trick]


def test_a_learner_signs_in_on_another_device_and_is_the_same_member(classes: ClassStore) -> None:
    made = classes.create_class("7B", PASSWORD)
    first = _session(CLASS)
    first.text_input(key="class_account_create_name").set_value("Frida")
    first.button(key="class_account_create_submit").click().run()
    (personal_key,) = [c.value for c in first.code]  # shown once, with a copy button
    first.text_input(key="class_join_code").set_value(made.join_code)
    first.button(key="class_join_submit").click().run()
    member_id = first.session_state["class_member_id"]
    assert not first.code, "the personal key is shown only once"
    # Another device: the name with a wrong key is refused; with the key (typed loosely) it is Frida.
    other = _session(CLASS, "da")
    other.text_input(key="class_account_signin_name").set_value("frida")
    other.text_input(key="class_account_signin_secret").set_value("WRONG-KEY0-0000")
    other.button(key="class_account_signin_submit").click().run()
    assert "class_member_id" not in other.session_state and other.session_state["learner_id"] is None
    other.text_input(key="class_account_signin_secret").set_value(personal_key.lower().replace("-", ""))
    other.button(key="class_account_signin_submit").click().run()
    assert not other.exception
    assert other.session_state["class_member_id"] == member_id
    assert other.session_state["learner_id"] == classes.get_member(member_id).learner_id
    other.button(key="class_account_signout").click().run()
    assert "class_member_id" not in other.session_state
    assert other.session_state["learner_id"] is None
    # Signing out ended that session everywhere it was used: the first device is still signed in (its
    # own session), but the ended token no longer works.
    first.run()
    assert first.session_state["class_member_id"] == member_id


def test_a_member_from_before_accounts_comes_back_with_the_personal_key(classes: ClassStore) -> None:
    made = classes.create_class("7B", PASSWORD)
    joined = classes.join_class(made.join_code, "Frida", client="old device")
    other = _session(CLASS)
    other.text_input(key="class_rejoin_code").set_value(made.join_code)
    other.text_input(key="class_rejoin_name").set_value("Frida")
    other.text_input(key="class_rejoin_key").set_value("WRONGK")
    other.button(key="class_rejoin_submit").click().run()
    assert other.session_state["learner_id"] is None
    other.text_input(key="class_rejoin_key").set_value(joined.personal_key.lower())
    other.button(key="class_rejoin_submit").click().run()
    assert not other.exception
    assert other.session_state["class_member_id"] == joined.member.id
    assert other.session_state["learner_id"] == joined.member.learner_id


def test_three_wrong_answers_show_in_the_mistakes_section(classes: ClassStore) -> None:
    """Three wrong answers without a typical-mistake tag: the section says what happened, not 'none'."""
    teacher, class_id, code = _class_made(classes)
    learner = _session(CLASS)
    _join(learner, code, "Anna")
    learner_id = classes.members(class_id)[0].learner_id
    for _ in range(3):
        classes.store.record_attempt(learner_id, GAME_VALUE, False, "1", "2", "danish")
    teacher.switch_page(DASHBOARD).run()
    assert not teacher.exception
    shown = texts(teacher)
    assert "No typical mistakes recorded yet" not in shown and "No wrong answers yet" not in shown
    assert "Value of a game: 3 of 3 wrong" in shown
    assert "None of these wrong answers is a typical mistake" in shown
    # a tagged mistake is listed under them
    classes.store.record_attempt(
        learner_id, GAME_VALUE, False, "1", "2", "danish", mistake_tag="forgot_skat_jack"
    )
    teacher.run()
    shown = texts(teacher)
    assert "Value of a game: 4 of 4 wrong" in shown and "Typical mistakes among them" in shown


@pytest.mark.parametrize(
    ("host", "shown"), [("Anna", "Anna"), ("\u202e", "Player 1")], ids=["name", "invisible"]
)
def test_the_dashboard_lists_the_class_tables_and_opens_cards_only_after_a_deal(
    classes: ClassStore, host: str, shown: str
) -> None:
    """A member's shared table shows on the class's dashboard with who sits at it (a stored name with
    nothing in it that shows, from before the name rule, as "Player N"); a finished deal's cards are shown
    there, a deal in progress shows none."""
    from trainer.deal import Seat
    from trainer.store.tables import TablePlay, TableStore

    teacher, class_id, code = _class_made(classes)
    pupil = _session(CLASS)
    _join(pupil, code, "Anna")
    (member,) = classes.members(class_id)
    tables = TableStore(classes.store)
    table = tables.open_table(
        host_learner_id=member.learner_id, host_name=host, profile_name="danish", scheme="list",
        deals_planned=2, bot_level="club",
    )  # fmt: skip
    assert table.class_id == class_id
    for place in (1, 2):
        tables.fill_with_computer(table.id, place, by_learner_id=member.learner_id)
    play = TablePlay(tables)
    play.start_next_deal(table.id, seed=5)
    tables.set_away(table.id, 0, True)  # the computer plays Anna's seat too
    for _ in range(200):
        if not play.computer_step(table.id, time_ms=50):
            break
    assert play.moment(table.id).stored.finished  # type: ignore[union-attr]
    play.start_next_deal(table.id, seed=6)  # a second deal, in progress
    teacher.switch_page(DASHBOARD).run()
    assert not teacher.exception, teacher.exception
    page = texts(teacher)
    (label,) = [e.label for e in teacher.expander if f"Table {table.code}" in e.label]
    assert f" · {shown}, Computer, Computer · 1 deal played" in label.replace("\u2068", "").replace(
        "\u2069", ""
    )
    assert "Deal 1" in page and "Deal 2" not in page
    finished, _running = tables.play.deals(table.evening_id)
    rows = sorted(sorted(row) for row in html_rows(teacher))
    dealt = finished.record().replay().deal
    expected = sorted(sorted(c.iss for c in cards) for cards in (*(dealt.hand(s) for s in Seat), dealt.skat))
    assert rows == expected  # the finished deal's hands and skat, and nothing of the deal being played


@pytest.mark.parametrize("name", ["Anna", XSS_NAMES[0]])
def test_the_dashboard_shows_a_members_played_deals(classes: ClassStore, name: str) -> None:
    """A member's finished deal at the Play page shows in the dashboard's games table (deals, won as
    declarer, average list score, most common mistake), with the table as CSV; the name as plain text."""
    from tests.play.test_play_store import _finish, _played
    from trainer.store.play_store import PlayStore
    from trainer.table_session import seat_of_place

    teacher, class_id, code = _class_made(classes)
    for who in (name, "Bo"):
        _join(_session(CLASS), code, who)
    members = {m.name: m for m in classes.members(class_id)}
    play = PlayStore(classes.store)
    evening = play.open_evening(
        "dashgames", learner_id=members[name].learner_id, profile_name="danish", scheme="list", level="club",
        coach="beginner",
    )  # fmt: skip
    won = _played(seat_of_place(0, 1), won=True)
    _finish(play, evening.id, 1, won, ("costly_discard",))
    outcome = won.outcome()
    assert outcome is not None and outcome.result is not None
    teacher.switch_page(DASHBOARD).run()
    assert not teacher.exception, teacher.exception
    assert "Games played" in texts(teacher)
    (table,) = [frame.value for frame in teacher.dataframe if "Won as declarer" in frame.value.columns]
    rows = {row[0]: list(row[1:]) for row in table.itertuples(index=False)}
    assert set(rows) == {name, "Bo"}  # one row per member, the name exactly as typed
    assert rows[name] == [1, 1, 1, float(outcome.result.value), "a discard that cost the game"]
    assert rows["Bo"][0] == 0
    labels = [str(b.proto.label) for b in teacher.get("download_button")]
    assert "Download the games as CSV" in labels
