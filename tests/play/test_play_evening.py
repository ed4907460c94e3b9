"""The Play page's evening (issue 24): each rule profile keeps its own settings (a new Danish evening is not
started on another profile's score sheet, choosing one there leaves the other alone), and a signed-in
learner who opens the page again is offered the unfinished evening."""

from __future__ import annotations

import pytest

from tests.ui.helpers import make_account, sign_in_on_account_page, texts
from trainer.store import Store
from trainer.store.play_store import PlayStore

from .driver import PAGE, button, open_play

pytestmark = pytest.mark.usefixtures("play_db")


def _token(at) -> str:  # type: ignore[no-untyped-def]
    value = at.query_params["evening"]
    return value if isinstance(value, str) else value[0]


def _rules(at, rules: str) -> None:  # type: ignore[no-untyped-def]
    """Switch the rule profile with the sidebar's switch, staying on the Play page."""
    at.radio(key="rules").set_value(rules).run()
    assert not at.exception, at.exception


def _scheme(url: str, at) -> str:  # type: ignore[no-untyped-def]
    evening = PlayStore(Store(url)).evening(_token(at))
    assert evening is not None
    return evening.scheme


def test_each_rule_profile_keeps_its_own_settings(play_db: str) -> None:
    at = open_play("en", "danish")
    assert at.selectbox(key="play_scheme_danish").value == "danish_money"
    at.selectbox(key="play_scheme_danish").set_value("seeger_fabian").run()
    danish = _token(at)
    assert _scheme(play_db, at) == "seeger_fabian"

    _rules(at, "international")
    assert _token(at) != danish
    assert at.selectbox(key="play_scheme_international").value == "list"  # not the Danish choice
    assert _scheme(play_db, at) == "list"
    at.selectbox(key="play_scheme_international").set_value("online_stakes").run()

    _rules(at, "danish")
    assert _token(at) == danish and _scheme(play_db, at) == "seeger_fabian"  # untouched by the other
    assert at.selectbox(key="play_scheme_danish").value == "seeger_fabian"

    # a new Danish evening starts with the Danish evening's own settings, not the international ones
    button(at, "play_new_evening").click().run()
    assert _token(at) != danish
    assert _scheme(play_db, at) == "seeger_fabian"
    _rules(at, "international")
    assert _scheme(play_db, at) == "online_stakes"


def test_a_fresh_session_starts_on_the_profiles_usual_sheet(play_db: str) -> None:
    at = open_play("en", "international")
    at.selectbox(key="play_scheme_international").set_value("seeger_fabian").run()
    fresh = open_play("en", "danish")  # another browser: nothing carried over
    assert fresh.selectbox(key="play_scheme_danish").value == "danish_money"
    assert _scheme(play_db, fresh) == "danish_money"


def test_a_signed_in_learner_is_offered_the_unfinished_evening(play_db: str) -> None:
    make_account(play_db, "Nina")
    at = open_play("en", "danish")
    sign_in_on_account_page(at, "Nina", back_to=PAGE)
    button(at, "play_deal").click().run()
    started = _token(at)
    assert button(at, "play_continue") is None  # the evening in front of her is the one under way

    later = open_play("en", "danish")  # another day: a new browser session
    sign_in_on_account_page(later, "Nina", back_to=PAGE)
    assert _token(later) != started
    assert "Your evening is waiting: deal 1 is under way." in texts(later)
    button(later, "play_continue").click().run()
    assert not later.exception, later.exception
    assert _token(later) == started
    assert button(later, "play_continue") is None
    assert button(later, "play_deal") is None  # back in the deal, not before it

    # the other rules' evening is not offered here
    _rules(later, "international")
    assert button(later, "play_continue") is None


def test_nobody_is_offered_someone_elses_evening(play_db: str) -> None:
    make_account(play_db, "Nina")
    make_account(play_db, "Ole")
    nina = open_play("en", "danish")
    sign_in_on_account_page(nina, "Nina", back_to=PAGE)
    button(nina, "play_deal").click().run()
    ole = open_play("en", "danish")
    sign_in_on_account_page(ole, "Ole", back_to=PAGE)
    assert button(ole, "play_continue") is None
    anonymous = open_play("en", "danish")
    assert button(anonymous, "play_continue") is None
