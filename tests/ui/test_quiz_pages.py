"""The quiz page in AppTest: every question type answered right and wrong with its explanation shown, the
fsrs schedule moving with the answers, drills (8 of the last 10, sprint), and progress that survives a
restart of the app on the same database file."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from streamlit.testing.v1 import AppTest

from trainer.i18n import get_translator
from trainer.profiles import get_profile
from trainer.quiz import KINDS, Question, check, generate
from trainer.store import Store
from trainer.ui.terms import t_message

from .helpers import APP, make_account, open_page, sign_in_on_account_page, texts

QUIZ = "trainer/ui/pages/quiz.py"


def quiz_app(*, lang: str = "en", rules: str = "danish", **state: object) -> AppTest:
    return open_page(QUIZ, state={"lang": lang, "rules": rules, **state})


def sign_in(at: AppTest, url: str, name: str, *, new: bool = True) -> int:
    """Sign in as ``name`` with the account page's form (the account is made first when ``new``) and come
    back to the quiz; returns the learner id."""
    learner = make_account(url, name) if new else None
    sign_in_on_account_page(at, name, back_to=QUIZ)
    assert at.session_state["learner_id"] is not None
    return learner if learner is not None else int(at.session_state["learner_id"])


def wrong_answer(question: Question) -> object:
    if question.mode == "number":
        return int(question.answer) + 1
    if question.mode == "choice":
        costs = dict(question.costs)  # graded by cost: a choice beyond the tolerance
        return next(
            c.value
            for c in question.choices
            if c.value != question.answer and costs.get(c.value, float("inf")) > question.tolerance
        )
    cards = {c.iss for c in question.answer_cards} ^ {question.options[0].iss}
    return sorted(cards)


def give(at: AppTest, question: Question, response: object, prefix: str = "quiz") -> None:
    key = f"{prefix}_answer"
    if question.mode == "number":
        at.text_input(key=key).set_value(str(response))  # in the form: sent with Check
    elif question.mode == "choice":
        at.radio(key=key).set_value(response).run()
    else:
        at.pills(key=key).set_value(list(response)).run()  # type: ignore[call-overload]
    at.button(key=f"{prefix}_check").click().run()
    assert not at.exception, [e.value for e in at.exception]


def answer_of(question: Question) -> object:
    if question.mode == "number":
        return int(question.answer)
    if question.mode == "choice":
        return question.answer
    return [c.iss for c in question.answer_cards]


@pytest.mark.parametrize("kind", KINDS)
def test_each_question_type_right_then_wrong_with_explanation(kind: str, db_url: str) -> None:
    lang = "da" if KINDS.index(kind) % 2 else "en"
    rules = "international" if KINDS.index(kind) % 3 else "danish"
    t = get_translator(lang)
    at = quiz_app(lang=lang, rules=rules, quiz_seed=11, quiz_kind=kind)
    for seed, right in ((11, True), (12, False)):
        question = generate(kind, seed, get_profile(rules))
        assert t_message(question.prompt, t) in texts(at)
        response = answer_of(question) if right else wrong_answer(question)
        give(at, question, response)
        answer = t_message(question.answer_text, t)
        if right:
            assert [s.value for s in at.success] == [t("Right: {answer}.", answer=answer)]
            assert not at.error
        else:
            headline = t("Not quite. The answer is {answer}.", answer=answer)
            if question.costs:  # a drill graded by cost says what the answer costs
                headline = t_message(check(question, str(response)).headline, t)
            assert [e.value for e in at.error] == [headline]
            assert answer in headline
            assert not at.success
        explanation = texts(at)
        for step in question.explanation:
            assert t_message(step, t) in explanation
        # the answer is locked and the Check button gone once answered
        assert all(b.key != "quiz_check" for b in at.button)
        at.button(key="quiz_next").click().run()
        assert at.session_state["quiz_seed"] == seed + 1
        assert not at.success and not at.error
    assert at.session_state["quiz_history"] == [(kind, True), (kind, False)]


def test_check_without_an_answer_asks_for_one(db_url: str) -> None:
    at = quiz_app(quiz_seed=1, quiz_kind="game_value")
    at.button(key="quiz_check").click().run()
    assert [w.value for w in at.warning] == ["Choose or type an answer first."]
    assert "quiz_history" not in at.session_state


def test_without_a_name_answers_count_in_the_session(db_url: str) -> None:
    at = quiz_app(quiz_seed=5, quiz_kind="count_eyes")
    question = generate("count_eyes", 5, get_profile("danish"))
    give(at, question, int(question.answer))
    assert at.session_state["quiz_history"] == [("count_eyes", True)]
    assert "1 right of the last 1" in at.get("progress")[0].proto.text
    assert Store(db_url).learners() == []


def test_answers_reach_the_store_and_the_fsrs_schedule(db_url: str) -> None:
    at = quiz_app(quiz_seed=20, quiz_kind="valid_bid")
    anna = store_learner = sign_in(at, db_url, "Anna")
    store = Store(db_url)
    assert at.session_state["learner_id"] == anna
    assert "learner" not in at.query_params, "the learner is never put in the URL"
    anna = store.get_learner(store_learner)

    question = generate("valid_bid", 20, get_profile("danish"))
    before = datetime.now(UTC)
    give(at, question, answer_of(question))
    state = store.review_state(anna.id, "valid_bid")
    assert state is not None and state.reviews == 1 and state.lapses == 0
    assert state.due > before + timedelta(hours=12), "a right first answer is not due again today"
    assert "Next review of this question type" in texts(at)
    right_due = state.due

    at.button(key="quiz_next").click().run()
    question = generate("valid_bid", 21, get_profile("danish"))
    give(at, question, wrong_answer(question))
    state = store.review_state(anna.id, "valid_bid")
    assert state is not None and state.reviews == 2 and state.lapses == 1
    assert state.due < right_due
    assert state.due < datetime.now(UTC) + timedelta(hours=1), "a wrong answer brings the type back soon"
    attempts = store.attempts(anna.id, "valid_bid")
    assert [a.correct for a in attempts] == [True, False]
    assert attempts[0].profile_name == "danish"


def test_review_mode_asks_what_is_due(db_url: str) -> None:
    store = Store(db_url)
    bo = store.get_learner(make_account(db_url, "Bo"))
    long_ago = datetime.now(UTC) - timedelta(days=60)
    store.record_attempt(bo.id, "trick_winner", True, "1", "1", "danish", at=long_ago)
    at = quiz_app(quiz_seed=3, quiz_mode="review")
    assert "Sign in above: the review schedule is kept per account." in texts(at)
    sign_in(at, db_url, "Bo", new=False)
    assert at.session_state["quiz_review_kind"] == "trick_winner"
    question = generate("trick_winner", 3, get_profile("danish"))
    give(at, question, answer_of(question), prefix="review")
    assert at.success
    state = store.review_state(bo.id, "trick_winner")
    assert state is not None and state.due > datetime.now(UTC)
    at.button(key="review_next").click().run()
    # trick_winner is no longer due; the next never-tried type comes up
    assert at.session_state["quiz_review_kind"] == KINDS[0]


def test_practise_until_eight_of_the_last_ten(db_url: str) -> None:
    store = Store(db_url)
    cy = store.get_learner(make_account(db_url, "Cy"))
    for i in range(7):
        earlier = datetime.now(UTC) - timedelta(minutes=10 - i)
        store.record_attempt(cy.id, "count_eyes", True, "1", "1", "danish", at=earlier)
    at = quiz_app(quiz_seed=8, quiz_kind="count_eyes")
    sign_in(at, db_url, "Cy", new=False)
    assert "7 right of the last 7" in at.get("progress")[0].proto.text
    assert not any("Goal reached" in s.value for s in at.success)
    question = generate("count_eyes", 8, get_profile("danish"))
    give(at, question, int(question.answer))
    assert "8 right of the last 8" in at.get("progress")[0].proto.text
    assert any("Goal reached" in s.value for s in at.success)


def test_sprint_scores_and_ends(db_url: str) -> None:
    kinds = ("game_value", "safe_bid", "valid_bid")  # in turn, by seed
    at = quiz_app(quiz_seed=39, quiz_mode="sprint")
    at.button(key="sprint_start_button").click().run()
    question = generate(kinds[39 % 3], 39, get_profile("danish"))
    give(at, question, answer_of(question), prefix="sprint")
    assert at.session_state["sprint_score"] == 1 and at.session_state["sprint_count"] == 1
    at.button(key="sprint_next").click().run()
    question = generate(kinds[40 % 3], 40, get_profile("danish"))
    give(at, question, wrong_answer(question), prefix="sprint")
    assert at.session_state["sprint_score"] == 1 and at.session_state["sprint_count"] == 2
    at.session_state["sprint_start"] = at.session_state["sprint_start"] - 1000
    at.run()
    assert any("Score: 1 of 2" in s.value for s in at.success)
    assert at.session_state["sprint_best"] == 1


def test_progress_survives_a_restart(db_url: str) -> None:
    at = quiz_app(quiz_seed=2, quiz_kind="matadors")
    sign_in(at, db_url, "Dora")
    question = generate("matadors", 2, get_profile("danish"))
    give(at, question, answer_of(question))
    at.switch_page("trainer/ui/pages/lesson.py").run()
    at.toggle(key="chapter_done").set_value(True).run()
    chapter = at.session_state["progress_last"]

    # a new app process: nothing in the session, only the same database file. The learner's name in the
    # URL opens nothing; signing in brings everything back.
    again = AppTest.from_file(APP, default_timeout=30)
    again.query_params["learner"] = "Dora"
    again.run()
    again.switch_page("trainer/ui/pages/progress.py").run()
    assert not again.exception and not again.metric
    assert again.session_state["learner_id"] is None
    sign_in_on_account_page(again, "Dora", back_to="trainer/ui/pages/progress.py")
    assert again.session_state["learner_name"] == "Dora"
    metrics = {m.label: m.value for m in again.metric}
    assert metrics["Answers"] == "1"
    assert chapter in texts(again)
    again.switch_page("trainer/ui/pages/lesson.py").run()
    assert again.toggle(key="chapter_done").value is True


def test_hand_made_questions_from_the_bank(db_url: str) -> None:
    from trainer.quiz.bank import bank_questions

    at = quiz_app(lang="da", quiz_seed=0, quiz_kind="overbid")
    at.toggle(key="quiz_bank").set_value(True).run()
    bank = bank_questions(get_profile("danish"), "overbid")
    question = bank[0]
    assert question.source == "bonde-in-the-skat"  # the first overbid entry of exercises/quiz/results.yaml
    shown = [row for row in texts(at).splitlines() if row.startswith("**")]
    t = get_translator("da")
    assert shown == ["**" + t_message(question.prompt, t) + "**"]
    give(at, question, "yes")
    assert at.success and not at.error
    at.button(key="quiz_next").click().run()
    give(at, bank[1], "yes")  # the Jack in the skat helps here: not overbid
    assert at.error and not at.success


@pytest.mark.parametrize("seed", ["²", "٣", "1e3", "-4"])
def test_a_seed_in_the_url_that_is_not_plain_digits_gives_a_fresh_question(seed: str) -> None:
    """``?seed=²`` once crashed the page (``str.isdigit`` takes it, ``int`` does not); such a seed, or any
    other that is not plain digits, is ignored and a random question is asked."""
    at = open_page(QUIZ, {"seed": seed})
    assert str(at.session_state["quiz_seed"]) != seed
