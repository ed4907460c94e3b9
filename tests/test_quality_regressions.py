"""Regressions found by using the app as a learner (quality pass): Danish number formats, pages that say which
rules their numbers follow, the home page's three ways in, and the rule comparison's wording."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from streamlit.testing.v1 import AppTest

from tests.ui.helpers import APP, texts, widget_app
from trainer.i18n import get_translator
from trainer.profiles import PROFILES
from trainer.ui.context import PageContext
from trainer.ui.nav import page_for
from trainer.ui.pages.quiz_common import due_text
from trainer.ui.widgets.settlement import money

QUIZ = page_for("quiz").path


def _app() -> AppTest:
    return AppTest.from_file(APP, default_timeout=30)


@pytest.mark.parametrize(
    ("amount", "scheme", "english", "danish"),
    [
        (Decimal("0.5"), "", "0.5", "0,5"),  # half an øre per point, the beginners' rate
        (Decimal("-3.6"), "online_stakes", "-3.60", "-3,60"),  # money with cents
        (Decimal("40"), "", "40", "40"),  # whole numbers carry no separator at all
    ],
)
def test_amounts_use_a_decimal_comma_in_danish(
    amount: Decimal, scheme: str, english: str, danish: str
) -> None:
    assert money(amount, scheme) == english
    assert money(amount, scheme, "da") == danish


def test_settlement_widget_shows_danish_amounts_with_a_comma() -> None:
    at = widget_app("settlement", lang="da")
    assert not at.exception
    amounts = [str(v) for frame in at.dataframe for v in frame.value.iloc[:, 1]]
    assert amounts, "the settlement widget shows no amounts"
    assert not [a for a in amounts if "." in a], amounts


@pytest.mark.parametrize(("key", "title"), [("home_teacher", "Teacher"), ("home_drill", "Quiz and drills")])
def test_home_sends_teachers_and_drilling_players_to_their_pages(key: str, title: str) -> None:
    at = _app().run()
    at.button(key=key).click().run()
    assert not at.exception
    assert title in [element.value for element in at.title]


@pytest.mark.parametrize(("lang", "rules"), [("en", "danish"), ("da", "international")])
def test_quiz_says_which_rules_its_numbers_follow(lang: str, rules: str) -> None:
    at = _app()
    at.query_params["lang"] = lang
    at.query_params["rules"] = rules
    at.run()
    at.switch_page(QUIZ).run()
    assert not at.exception
    t = get_translator(lang)
    name = t("Danish textbook rules") if rules == "danish" else t("International rules")
    assert t("Rules used: {rules}", rules=name) in texts(at)


@pytest.mark.parametrize(("rules", "value"), [("danish", 40), ("international", 48)])
def test_game_value_states_its_rules_and_grand_base(rules: str, value: int) -> None:
    """A grand 'with 1' is game 2: 2 × 20 by the textbook, 2 × 24 internationally (RULES.md §3)."""
    at = widget_app("game_value", profile=rules)
    at.selectbox(key="w-game").set_value("grand").run()
    assert not at.exception
    assert at.metric[0].value == str(value)
    name = "Danish textbook rules" if rules == "danish" else "International rules"
    assert f"Rules used: {name}" in texts(at)
    # The two count lines are the same value in two vocabularies, not two rule sets.
    assert "In the textbook's words:" in texts(at) and "In international words:" in texts(at)


def test_rule_comparison_says_how_many_musik_levels() -> None:
    at = widget_app("profile_compare")
    frame = at.table[0].value.set_index("Rule")
    # Musik is a Danish level, announced at most twice (RULES.md §8); the international rules have none.
    expected = ["up to 2 levels" if p.max_musik == 2 else "no" for p in PROFILES.values()]
    assert frame.loc["Musik"].tolist() == expected
    assert expected == ["up to 2 levels", "no"]


@pytest.mark.parametrize(
    ("later", "english", "danish"),
    [
        (timedelta(seconds=-5), "now", "nu"),
        (timedelta(minutes=1), "in 1 minute", "om 1 minut"),
        (timedelta(minutes=9, seconds=30), "in 10 minutes", "om 10 minutter"),  # rounded up: not yet due
        (timedelta(hours=5), "in 5 hours", "om 5 timer"),
        (timedelta(days=4), "in 4 days", "om 4 dage"),
    ],
)
def test_review_due_time_is_relative_not_utc(later: timedelta, english: str, danish: str) -> None:
    """A learner's next review is said as 'in 10 minutes', not as a UTC clock time they must convert."""
    now = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)
    for lang, expected in (("en", english), ("da", danish)):
        ctx = PageContext(lang, PROFILES["danish"], get_translator(lang))
        assert due_text(ctx, now + later, now) == expected


def test_bidding_dialogue_says_why_a_wrong_word_is_wrong() -> None:
    """Middlehand opens the textbook auction and would go up to 44, so passing at the first call is wrong:
    the message names her limit and the word she says (24, the lowest Danish bid)."""
    at = widget_app("bidding_dialogue")
    at.segmented_control(key="w-guess").set_value("pass").run()
    at.button(key="w-say").click().run()
    assert not at.exception
    message = at.error[0].value
    assert "44" in message and "“24”" in message, message
