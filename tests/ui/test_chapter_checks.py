"""Every chapter's graded question, run in the app: answered right and wrong in both languages (alternating
the rule profiles), with the verdict and the explanation shown, and the answer kept for the progress page."""

from __future__ import annotations

import pytest

from trainer.lessons import available_chapters
from trainer.profiles import get_profile
from trainer.quiz import Question
from trainer.quiz.chapters import chapter_question

from .helpers import WIDGET_KEY, widget_app

CHAPTERS = [ref.slug for ref in available_chapters()]
SEED = 11
ANSWER = WIDGET_KEY + "q_answer"


def _give(at, question: Question, right: bool) -> None:
    """Fill the question's input with the right answer, or with some other answer."""
    if question.mode == "choice":
        values = [c.value for c in question.choices]
        value = question.answer if right else next(v for v in values if v != question.answer)
        at.radio(key=ANSWER).set_value(value)
    elif question.mode == "number":
        number = int(question.answer.replace("−", "-"))
        at.text_input(key=ANSWER).set_value(str(number if right else number + 1))
    else:
        codes = [card.iss for card in question.answer_cards]
        if not right:
            others = [card.iss for card in question.options if card.iss not in codes]
            codes = codes[1:] if codes else others[:1]
        at.pills(key=ANSWER).set_value(codes)


@pytest.mark.parametrize("slug", CHAPTERS)
@pytest.mark.parametrize(("lang", "profile"), [("en", "danish"), ("da", "international")])
@pytest.mark.parametrize("right", [True, False])
def test_chapter_question_right_and_wrong(slug: str, lang: str, profile: str, right: bool) -> None:
    question = chapter_question(slug, SEED, get_profile(profile))
    at = widget_app("chapter_check", lang=lang, profile=profile, chapter=slug, seed=SEED)
    assert not at.exception
    _give(at, question, right)
    at.button(key=WIDGET_KEY + "q_check").click().run()
    assert not at.exception
    if right:
        assert at.success and not at.error, slug
    else:
        assert at.error and not at.success, slug
    explanation = [m.value for m in at.markdown if str(m.value).startswith("- ")]
    assert explanation, "the worked explanation is shown either way"
    assert at.session_state["quiz_history"][-1] == (question.kind, right)


def test_the_answer_is_hidden_until_the_learner_answers() -> None:
    slug = "03-card-order"
    question = chapter_question(slug, SEED, get_profile("danish"))
    at = widget_app("chapter_check", chapter=slug, seed=SEED)
    assert not at.success and not at.error
    assert not [m for m in at.markdown if str(m.value).startswith("- ")], "no explanation before answering"
    at.button(key=WIDGET_KEY + "q_check").click().run()  # no answer yet: asked to choose first
    assert at.warning and not at.success and not at.error
    _give(at, question, True)
    at.button(key=WIDGET_KEY + "q_check").click().run()
    assert at.success


def test_another_question_deals_new_cards() -> None:
    at = widget_app("chapter_check", chapter="12-counting", seed=SEED)
    before = at.session_state[WIDGET_KEY + "seed"]
    at.button(key=WIDGET_KEY + "new").click().run()
    assert at.session_state[WIDGET_KEY + "seed"] != before and not at.exception


def test_a_signed_in_learner_s_chapter_answer_is_in_the_store(db_url: str) -> None:
    """Like a quiz answer: one attempt of the question's type for the learner, visible to a teacher."""
    from trainer.store import Store

    store = Store(db_url)
    learner = store.get_or_create_learner("Ada").id
    slug = "13-winning"
    question = chapter_question(slug, SEED, get_profile("danish"))
    at = widget_app("chapter_check", chapter=slug, seed=SEED)
    at.session_state["learner_id"] = learner
    at.run()
    _give(at, question, False)
    at.button(key=WIDGET_KEY + "q_check").click().run()
    attempts = store.attempts(learner)
    assert [(a.question_type, a.correct) for a in attempts] == [(question.kind, False)]
