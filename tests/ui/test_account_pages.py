"""Accounts in AppTest: the sign-up, sign-in and sign-out forms, the session kept across tabs (the cookie),
and every way in that must be refused: a name in the URL, a typed name without its secret, a signed-out
token, a teacher token used as a learner's and the other way round."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from trainer.store import Store
from trainer.ui import auth

from .helpers import ACCOUNT_PAGE, make_account, open_page, sign_in_on_account_page, texts

PROGRESS = "trainer/ui/pages/progress.py"
QUIZ = "trainer/ui/pages/quiz.py"
DASHBOARD = "trainer/ui/pages/teacher_dash.py"
PROJECTOR = "trainer/ui/pages/teacher_projector.py"
TEACHER = "trainer/ui/pages/teacher.py"


@pytest.fixture
def cookies(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """What the browser sends as cookies when a tab connects (AppTest has no browser to send any)."""
    jar: dict[str, str] = {}
    monkeypatch.setattr(auth, "browser_cookie", jar.get)
    return jar


def tab(page: str = ACCOUNT_PAGE, **params: str) -> AppTest:
    return open_page(page, params)


def nina_with_answers(url: str) -> int:
    nina = make_account(url, "Nina Newcomer")
    store = Store(url)
    for i in range(23):
        store.record_attempt(nina, "matadors", i % 2 == 0, "x", "x", "danish")
    store.dispose()
    return nina


def test_sign_up_with_a_generated_key_shows_it_once(db_url: str, cookies: dict[str, str]) -> None:
    at = tab()
    at.text_input(key="account_create_name").set_value("Otto")
    at.button(key="account_create_submit").click().run()
    assert not at.exception
    (key,) = [c.value for c in at.code]
    assert len(key) == 14 and "Signed in as **\u2068Otto\u2069**." in texts(at)
    token = at.session_state[auth.LEARNER_TOKEN_KEY]
    assert any(auth.LEARNER_COOKIE in h.value and token in h.value for h in at.html), "cookie script"
    at.run()
    assert not at.code, "the key is shown only once"


def test_sign_up_with_a_password_and_its_checks(db_url: str, cookies: dict[str, str]) -> None:
    make_account(db_url, "Taken")
    at = tab()
    at.radio(key="account_create_choice").set_value("password").run()
    for name, password, again, message in (
        ("Pia", "long enough", "not the same", "The two passwords are not the same."),
        ("Pia", "short", "short", "at least 8 characters"),
        ("taken ", "long enough", "long enough", "That name is taken."),
    ):
        at.text_input(key="account_create_name").set_value(name)
        at.text_input(key="account_create_password").set_value(password)
        at.text_input(key="account_create_again").set_value(again)
        at.button(key="account_create_submit").click().run()
        assert message in texts(at) and at.session_state["learner_id"] is None
    at.text_input(key="account_create_name").set_value("Pia")
    at.text_input(key="account_create_password").set_value("long enough")
    at.text_input(key="account_create_again").set_value("long enough")
    at.button(key="account_create_submit").click().run()
    assert at.session_state["learner_name"] == "Pia" and not at.code


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "A name needs at least one letter, digit or sign that shows."),
        ("da", "Et navn skal have mindst ét bogstav, tal eller tegn, der kan ses."),
    ],
)
def test_a_name_that_shows_nothing_is_refused_in_the_page_language(
    db_url: str, cookies: dict[str, str], lang: str, message: str
) -> None:
    """Issue 44: a name of one right-to-left override was accepted and drawn as nothing at a table."""
    at = tab(lang=lang)
    at.text_input(key="account_create_name").set_value("\u202e\u200b")
    at.button(key="account_create_submit").click().run()
    assert message in texts(at) and at.session_state["learner_id"] is None and not at.code


def test_sign_in_refuses_a_wrong_secret_and_sign_out_ends_every_tab(
    db_url: str, cookies: dict[str, str]
) -> None:
    make_account(db_url, "Nina")
    first = tab()
    sign_in_on_account_page(first, "Nina", "wrong password")
    assert "do not match an account" in texts(first) and first.session_state["learner_id"] is None
    sign_in_on_account_page(first, "nina")
    assert first.session_state["learner_name"] == "Nina"
    token = first.session_state[auth.LEARNER_TOKEN_KEY]

    cookies[auth.LEARNER_COOKIE] = token  # a reload or a second tab sends the cookie
    second = tab(PROGRESS)
    assert second.session_state["learner_name"] == "Nina"
    assert "Signed in as **\u2068Nina\u2069**." in texts(second)

    second.button(key="progress_signout").click().run()
    assert second.session_state["learner_id"] is None
    assert any(token in h.value and "max-age=0" in h.value for h in second.html), "cookie deleted"
    first.run()  # the other tab's next run finds the session ended
    assert first.session_state["learner_id"] is None and auth.LEARNER_TOKEN_KEY not in first.session_state
    again = tab(PROGRESS)  # the old cookie opens nothing
    assert again.session_state["learner_id"] is None and not again.metric


def test_sign_out_everywhere_ends_other_devices(db_url: str, cookies: dict[str, str]) -> None:
    make_account(db_url, "Nina")
    phone, laptop = tab(), tab()
    sign_in_on_account_page(phone, "Nina")
    sign_in_on_account_page(laptop, "Nina")
    phone.button(key="account_signout_all").click().run()
    laptop.run()
    assert laptop.session_state["learner_id"] is None


def test_a_name_in_the_url_opens_nobodys_progress(db_url: str, cookies: dict[str, str]) -> None:
    nina = nina_with_answers(db_url)
    at = tab(PROGRESS, learner="Nina Newcomer")
    assert at.session_state["learner_id"] is None
    assert not at.metric and not at.get("download_button")
    assert "Sign in to see your progress" in texts(at)
    quiz = tab(QUIZ, learner="Nina Newcomer")
    assert quiz.session_state["learner_id"] is None
    store = Store(db_url)
    assert store.attempt_count(nina) == 23
    store.dispose()


def test_a_name_without_its_secret_opens_nothing(db_url: str, cookies: dict[str, str]) -> None:
    nina_with_answers(db_url)
    at = tab(PROGRESS)
    at.text_input(key="progress_signin_name").set_value("Nina Newcomer")
    at.button(key="progress_signin_submit").click().run()
    assert at.session_state["learner_id"] is None and not at.metric
    # signing up under her name does not reach her answers either
    at.text_input(key="progress_create_name").set_value("nina newcomer")
    at.button(key="progress_create_submit").click().run()
    assert "That name is taken." in texts(at) and at.session_state["learner_id"] is None


NEED_TEACHER = "Sign in on the Teacher page and open one of your classes first."


def _teacher_with_class(teacher: AppTest) -> None:
    """The teacher signs up on the Teacher page (a generated key) and creates a class."""
    teacher.text_input(key="teacher_account_create_name").set_value("Mrs Berg")
    teacher.button(key="teacher_account_create_submit").click().run()
    teacher.text_input(key="teacher_create_name").set_value("7B")
    teacher.button(key="teacher_create_submit").click().run()
    assert not teacher.exception, teacher.exception
    assert "teacher_class_id" in teacher.session_state


def test_a_made_up_or_foreign_token_opens_nothing(db_url: str, cookies: dict[str, str]) -> None:
    teacher = tab(TEACHER)
    _teacher_with_class(teacher)
    teacher_token = teacher.session_state[auth.TEACHER_TOKEN_KEY]
    make_account(db_url, "Nina")
    learner = tab()
    sign_in_on_account_page(learner, "Nina")
    learner_token = learner.session_state[auth.LEARNER_TOKEN_KEY]

    for cookie, value in (
        (auth.LEARNER_COOKIE, "made-up"),
        (auth.LEARNER_COOKIE, teacher_token),  # a teacher's token is no learner's
        (auth.TEACHER_COOKIE, learner_token),  # and a learner's opens no class
        (auth.TEACHER_COOKIE, "made-up"),
    ):
        cookies.clear()
        cookies[cookie] = value
        for page in (PROGRESS, DASHBOARD):
            at = tab(page)
            assert at.session_state["learner_id"] is None
            assert "teacher_class_id" not in at.session_state
            assert not at.metric and not at.dataframe and not at.table


def test_the_projector_opens_in_a_second_window_without_a_new_log_in(
    db_url: str, cookies: dict[str, str]
) -> None:
    teacher = tab(TEACHER)
    _teacher_with_class(teacher)
    cookies[auth.LEARNER_COOKIE] = teacher.session_state[auth.LEARNER_TOKEN_KEY]
    cookies[auth.TEACHER_COOKIE] = teacher.session_state[auth.TEACHER_TOKEN_KEY]
    projector = tab(PROJECTOR)
    assert projector.session_state["teacher_class_id"] == teacher.session_state["teacher_class_id"]
    assert NEED_TEACHER not in texts(projector)
    teacher.button(key="teacher_logout").click().run()
    projector.run()
    assert "teacher_class_id" not in projector.session_state
    assert NEED_TEACHER in texts(projector)
