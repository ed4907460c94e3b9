"""'Learn from your mistakes' on the Problems page (AppTest): a signed-in learner's own mistakes are
replayed one at a time with the collection's verdict, a miss joins the fsrs reviews, both languages; and
the end-of-deal offer judges a finished deal and links to them."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest
from streamlit.testing.v1 import AppTest

from tests.problems.test_mistakes import _endgame
from trainer.cards import parse_card
from trainer.problems.mistakes import judge_card
from trainer.problems.rating import kind_of
from trainer.store import Store
from trainer.store.personal_problems import SOURCE_PLAY, PersonalProblems

from .helpers import html_rows, make_account, open_page, sign_in_on_account_page, texts

PAGE = "trainer/ui/pages/problems.py"


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
    return open_page(PAGE, {"lang": lang, "mine": "1"} if mine else {"lang": lang}, timeout=60)


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


def _until(at: AppTest, text: str, seconds: float = 180.0) -> None:
    """Run the end screen again (as its one-second look does) until it shows ``text``."""
    deadline = time.monotonic() + seconds
    while text not in texts(at):
        assert time.monotonic() < deadline, f"the end screen never showed {text!r}: {texts(at)}"
        time.sleep(0.5)
        at.run()
        assert not at.exception, [e.value for e in at.exception]


def test_the_end_of_a_deal_judges_the_cards_by_itself_and_keeps_the_mistakes(db_url: str) -> None:
    learner = make_account(db_url, "Di")
    at = AppTest.from_function(_offer_harness, default_timeout=120)
    at.session_state["test_learner"] = learner
    started = time.monotonic()
    at.run()
    assert time.monotonic() - started < 15  # the run does not wait for the judging (about 25 s)
    assert not at.exception, [e.value for e in at.exception]
    assert not [b for b in at.button if b.key and b.key.startswith("mine_judge")]  # nothing to press
    assert "could have been better" not in texts(at)
    _until(at, "saved — learn from your mistakes")
    assert "link: problems?mine=1" in texts(at)
    store = Store(db_url)
    try:
        kept = PersonalProblems(store).of(learner)
        assert "mine-9001-21" in [p.problem.id for p in kept]  # the deliberate ♥7
        saved = f"{len(kept)} mistake{'s' if len(kept) > 1 else ''} saved"
        assert saved in texts(at)
        assert all(p.problem.id.startswith("mine-9001-") for p in kept)
        assert all(p.played not in p.problem.answer for p in kept)
        at.run()  # judged once: the end screen drawn again shows the result without judging again
        assert saved in texts(at)
        assert PersonalProblems(store).count(learner) == len(kept)
    finally:
        store.dispose()


def test_a_deal_left_at_once_is_judged_and_kept_all_the_same(db_url: str) -> None:
    """The learner leaves the end screen after its first run: the judging goes on and stores the mistakes."""
    learner = make_account(db_url, "Dag")
    at = AppTest.from_function(_offer_harness, default_timeout=120)
    at.session_state["test_learner"] = learner
    at.run()  # the end screen once, never again
    assert not at.exception, [e.value for e in at.exception]
    store = Store(db_url)
    try:
        deadline = time.monotonic() + 180
        while "mine-9001-21" not in [p.problem.id for p in PersonalProblems(store).of(learner)]:
            assert time.monotonic() < deadline, "the left deal's mistakes were never stored"
            time.sleep(0.5)
    finally:
        store.dispose()


@pytest.mark.parametrize("lang", ["en", "da"])
def test_a_points_mistake_is_replayed_as_points_not_as_a_goal_no_card_reaches(db_url: str, lang: str) -> None:
    """A card that only gave card points away (every card ends the game alike) is asked and judged in
    points: the goal says so, and the verdict names the card that keeps more, not "0 % of the layouts"."""
    from tests.play.test_one_judge import grand_after_the_club_jack
    from tests.problems.test_mistakes_one_judge import _advice
    from trainer.deal import Seat
    from trainer.problems.generate import position_of

    state = grand_after_the_club_jack()
    view = state.view(Seat.MIDDLEHAND)
    advice = _advice("DA", "SQ S7 S8 HQ H7 DA DT DK C7 C8")
    mistake = judge_card(
        position_of(state, view), parse_card("DA"), 5, "mine-78-1", view=view, judge=lambda _v: advice
    )
    assert mistake is not None and mistake.kind == "points"
    learner = make_account(db_url, "Pia")
    store = Store(db_url)
    try:
        PersonalProblems(store).add(learner, [mistake], source=SOURCE_PLAY)
    finally:
        store.dispose()
    at = _open(lang)
    sign_in_on_account_page(at, "Pia", back_to=PAGE)
    goal = "keep as many card points" if lang == "en" else "behold så mange øjne"
    assert goal in texts(at)
    at.button(key="mine_hand-DA").click().run()
    assert not at.exception, [e.value for e in at.exception]
    words = texts(at)
    assert at.error and ("keeps more card points" if lang == "en" else "beholder flere øjne") in words
    assert "of the layouts" not in words and "af fordelingerne" not in words
    again = _open(lang)  # another visit, the better card
    sign_in_on_account_page(again, "Pia", back_to=PAGE)
    again.button(key=f"mine_hand-{mistake.problem.answer[0].iss}").click().run()
    assert not again.exception, [e.value for e in again.exception]
    praise = "keeps the most card points" if lang == "en" else "beholder flest øjne"
    assert again.success and praise in texts(again)
