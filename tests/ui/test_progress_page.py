"""The progress page in AppTest: read from the store of $SKAT_TRAINER_DB_URL, in both languages."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from streamlit.testing.v1 import AppTest

from trainer.i18n import get_translator
from trainer.quiz import KIND_TITLES
from trainer.store import Store

from .helpers import APP, make_account, sign_in_on_account_page, texts

PROGRESS = "trainer/ui/pages/progress.py"


@pytest.fixture
def store(db_url: str) -> Store:
    return Store(db_url)


def progress_app(lang: str = "en", learner: str | None = None) -> AppTest:
    """The progress page, signed in as ``learner`` (with the account page's form) when given."""
    at = AppTest.from_file(APP, default_timeout=30)
    at.session_state["lang"] = lang
    at.run()
    if learner:
        sign_in_on_account_page(at, learner)
    at.switch_page(PROGRESS).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def seed_answers(store: Store, name: str) -> int:
    """Eva: matadors 3 of 4 right, count_eyes 1 of 4 right, valid_bid 2 of 2; the last four answers right."""
    eva = store.get_learner(make_account(store.url, name))
    start = datetime.now(UTC) - timedelta(days=3)
    answers = [
        ("count_eyes", False), ("count_eyes", True), ("count_eyes", False), ("count_eyes", False),
        ("matadors", True), ("matadors", False), ("matadors", True), ("matadors", True),
        ("valid_bid", True), ("valid_bid", True),
    ]  # fmt: skip
    for i, (kind, right) in enumerate(answers):
        at = start + timedelta(hours=8 * i)
        store.record_attempt(
            eva.id, kind, right, "x", "x" if right else "y", "danish", elapsed_ms=9000, at=at
        )
    return eva.id


def test_asks_to_sign_in_first(store: Store) -> None:
    at = progress_app()
    assert "Sign in to see your progress" in texts(at)
    assert not at.metric


def test_a_new_learner_is_sent_to_the_quiz(store: Store) -> None:
    at = progress_app()
    at.text_input(key="progress_create_name").set_value("Finn")
    at.button(key="progress_create_submit").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["learner_name"] == "Finn"
    assert "No answers yet" in texts(at)
    at.button(key="progress_to_quiz").click().run()
    assert at.title[0].value == "Quiz and drills"


def test_accuracy_streaks_due_weakest_and_charts(store: Store) -> None:
    seed_answers(store, "Eva")
    at = progress_app(learner="Eva")
    metrics = {m.label: m.value for m in at.metric}
    # the last four answers are right; answers every 8 hours from three days ago up to now = 4 days
    assert metrics == {"Answers": "10", "Right in a row": "4", "Days in a row": "4"}
    shown = texts(at)
    # weakest first: count_eyes 1 of 4, then matadors 3 of 4 (valid_bid has only two answers)
    weakest = shown.index("Counting card points: 1 of the last 4 right")
    assert weakest < shown.index("Matadors: 3 of the last 4 right")
    assert "Is it a bid?: " not in shown
    # all three types were last answered more than a few minutes ago; the wrong-last one is due
    assert "- Counting card points" in shown

    charts = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
    accuracy = next(c for c in charts if c["layout"]["title"]["text"] == "Accuracy per question type")
    bars = dict(zip(accuracy["data"][0]["y"], accuracy["data"][0]["x"], strict=True))
    assert bars == {"Counting card points": 25, "Matadors": 75, "Is it a bid?": 100}
    daily = next(c for c in charts if c["layout"]["title"]["text"] == "Answers per day")
    assert sum(sum(trace["y"]) for trace in daily["data"]) == 10
    assert at.get("download_button")[0].proto.label == "Download all answers (CSV)"
    # the per-type table is a static table (it wraps on a phone), one row per type, the last one too
    table = at.table[0].value
    assert dict(zip(table["Question type"], table["Answers"], strict=True)) == {
        "Counting card points": 4,
        "Matadors": 4,
        "Is it a bid?": 2,
    }


def test_danish_progress_page(store: Store) -> None:
    seed_answers(store, "Eva")
    at = progress_app(lang="da", learner="Eva")
    t = get_translator("da")
    assert at.title[0].value == t("My progress")
    assert t(KIND_TITLES["count_eyes"]) in texts(at)
    assert {m.label for m in at.metric} == {t("Answers"), t("Right in a row"), t("Days in a row")}


def test_most_common_mistakes(store: Store) -> None:
    gus = store.get_learner(make_account(store.url, "Gus"))
    for tag in ("forgot_skat_jack", "forgot_skat_jack", "jack_as_suit"):
        store.record_attempt(gus.id, "matadors", False, "-2", "+1", "danish", mistake_tag=tag)
    at = progress_app(learner="Gus")
    shown = texts(at)
    assert "- forgot the Jack in the skat (2×)\n- treated a Jack as a card of its printed suit (1×)" in shown
