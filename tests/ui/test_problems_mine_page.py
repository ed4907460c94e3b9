"""'Learn from your mistakes' on the Problems page (AppTest): a signed-in learner's own mistakes are
replayed one at a time with the collection's verdict, a miss joins the fsrs reviews, both languages; and
the end-of-deal offer judges a finished deal and links to them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.problems.test_mistakes import _endgame
from trainer.cards import parse_card
from trainer.problems.mistakes import judge_card
from trainer.problems.rating import kind_of
from trainer.store import ENV_DB_URL, Store
from trainer.store.personal_problems import SOURCE_PLAY, PersonalProblems

from .helpers import APP, html_rows, make_account, sign_in_on_account_page, texts

PAGE = "trainer/ui/pages/problems.py"


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'progress.sqlite'}"
    monkeypatch.setenv(ENV_DB_URL, url)
    yield url


def _keep_mistake(url: str, learner: int) -> str:
    mistake = judge_card(_endgame(), parse_card("H7"), 1, "mine-77-21")
    assert mistake is not None
    store = Store(url)
    try:
        PersonalProblems(store).add(learner, [mistake], source=SOURCE_PLAY)
    finally:
        store.dispose()
    return mistake.problem.id


def _open(lang: str = "en", *, mine: bool = True) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = lang
    if mine:
        at.query_params["mine"] = "1"
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang", ["en", "da"])
def test_a_kept_mistake_is_replayed_with_the_verdict_and_a_miss_comes_back_tomorrow(
    db_url: str, lang: str
) -> None:
    learner = make_account(db_url, "Ada")
    ident = _keep_mistake(db_url, learner)
    at = _open(lang)
    sign_in_on_account_page(at, "Ada", back_to=PAGE)
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["mine_mode"] == "mine"
    assert at.session_state["mine_id"] == ident
    # only what the seat knew: its own cards, the cards played, the skat it laid away
    position = _endgame()
    known = {*position.hand, *(c for _s, c in position.played), *(position.skat or ())}
    shown = {code for row in html_rows(at) for code in row if code != "back"}
    assert {parse_card(code) for code in shown} <= known
    clickable = {
        b.key.rsplit("-", 1)[1]
        for b in at.button
        if b.key and b.key.startswith("mine_hand-") and not b.disabled
    }
    assert {parse_card(c) for c in clickable} == set(position.legal_cards())
    at.button(key="mine_hand-H7").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.error, "the same card again is named wrong at once"
    words = texts(at)
    options = " ".join(str(o) for o in at.get("button_group")[0].proto.options)
    if lang == "da":
        assert "Lær af dine fejl" in options and "Fra dit spil: stik 8" in words
        assert "Not the best card" not in words and "From your deal" not in words
    else:
        assert "Learn from your mistakes" in options
        assert "Not the best card" in words and "From your deal: trick 8" in words
        # the example layout is played out only on request, as on the collection's page (one view draws both)
        assert "all hands open from then on" not in words
        at.toggle(key=f"mine_playout-{ident}").set_value(True).run()
        assert not at.exception, [e.value for e in at.exception]
        assert texts(at).count("all hands open from then on") == 2  # the right card's line and H7's
    store = Store(db_url)
    try:
        (attempt,) = [a for a in store.attempts(learner) if a.question_type == kind_of(ident)]
        assert not attempt.correct and attempt.answer == "H7"
        tomorrow = datetime.now(UTC) + timedelta(days=1)
        assert kind_of(ident) in {s.question_type for s in store.due_reviews(learner, now=tomorrow)}
    finally:
        store.dispose()


def test_the_right_card_is_praised(db_url: str) -> None:
    learner = make_account(db_url, "Bo")
    _keep_mistake(db_url, learner)
    at = _open()
    sign_in_on_account_page(at, "Bo", back_to=PAGE)
    at.button(key="mine_hand-HK").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.success and not at.error


def test_without_mistakes_the_learner_is_told_how_to_get_some(db_url: str) -> None:
    make_account(db_url, "Cy")
    at = _open()
    sign_in_on_account_page(at, "Cy", back_to=PAGE)
    assert "No mistakes kept yet" in texts(at)
    # the collection is one click away
    at.session_state["mine_mode"] = "collection"
    at.run()
    assert "problems_id" in at.session_state


def test_a_visitor_not_signed_in_gets_the_collection() -> None:
    at = _open()
    assert "mine_mode" not in at.session_state
    assert "problems_id" in at.session_state


def _offer_harness() -> None:
    import streamlit as st

    from tests.problems.test_mistakes import deal_with_a_deliberate_mistake
    from trainer.deal import Seat
    from trainer.i18n import get_translator
    from trainer.profiles import INTERNATIONAL
    from trainer.ui.context import PageContext
    from trainer.ui.pages import problems_mine

    state = deal_with_a_deliberate_mistake()
    learner = st.session_state["test_learner"]
    ctx = PageContext("en", INTERNATIONAL, get_translator("en"))
    # a lone script has no Problems page to link to: the link is drawn as text with its target
    real = problems_mine.link_to_mine
    problems_mine.link_to_mine = lambda ctx: st.markdown(f"link: problems?{problems_mine.MINE_PARAM}=1")
    try:
        problems_mine.offer(ctx, learner, state, Seat.MIDDLEHAND, name="9001", source="play")
    finally:
        problems_mine.link_to_mine = real


def test_the_end_of_a_deal_offers_to_find_the_mistakes_and_keeps_them(db_url: str) -> None:
    learner = make_account(db_url, "Di")
    at = AppTest.from_function(_offer_harness, default_timeout=120)
    at.session_state["test_learner"] = learner
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    at.button(key="mine_judge_play-9001").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert "could have been better" in texts(at) and "link: problems?mine=1" in texts(at)
    assert not [b for b in at.button if b.key == "mine_judge_play-9001"]  # the button went once pressed
    store = Store(db_url)
    try:
        kept = PersonalProblems(store).of(learner)
        assert "mine-9001-21" in [p.problem.id for p in kept]  # the deliberate ♥7
        assert all(p.problem.id.startswith("mine-9001-") for p in kept)
        assert all(p.played not in p.problem.answer for p in kept)
    finally:
        store.dispose()
    at.run()  # judged once: a rerun shows the link without judging again
    assert "could have been better" in texts(at) and not [
        b for b in at.button if b.key == "mine_judge_play-9001"
    ]
