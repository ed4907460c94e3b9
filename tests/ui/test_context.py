"""The session's choices: URL adoption once per session, defaults, and the URL written back."""

from __future__ import annotations

from trainer.cardart import RankLetters
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.ui.context import adopt_query_params, choices_as_params, context_from_state


def test_defaults_are_english_and_the_danish_textbook() -> None:
    ctx = context_from_state({})
    assert ctx.lang == "en" and ctx.profile is DANISH and not ctx.four_colour
    assert ctx.letters is RankLetters.INTERNATIONAL
    assert ctx.t("Chapters") == "Chapters"


def test_url_is_adopted_once_then_the_session_wins() -> None:
    state: dict = {}
    adopt_query_params(state, {"lang": "da", "rules": "international", "four_colour": "1"})
    ctx = context_from_state(state)
    assert ctx.lang == "da" and ctx.profile is INTERNATIONAL and ctx.four_colour
    assert ctx.letters is RankLetters.DANISH and ctx.t("Chapters") == "Kapitler"
    state["lang"] = "en"  # the learner switches in the sidebar
    adopt_query_params(state, {"lang": "da"})  # a later run with the old URL does not switch back
    assert context_from_state(state).lang == "en"
    assert choices_as_params(state) == {"lang": "en", "rules": "international", "four_colour": "1"}


def test_unknown_values_fall_back_to_defaults() -> None:
    state: dict = {}
    adopt_query_params(state, {"lang": "xx", "rules": "german"})
    assert state["lang"] == "en" and state["rules"] == "danish"
    assert context_from_state({"lang": "xx", "rules": "german"}).profile is DANISH
    assert choices_as_params(state) == {"lang": "en", "rules": "danish"}
