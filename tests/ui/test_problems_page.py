"""The Problems page through the whole app (AppTest): it shows only what the seat to move knows, a click is
judged at once with every card's share, the Hint names the theme, the filters narrow the problems, and it
works in both languages and both rule profiles."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from streamlit.testing.v1 import AppTest

from trainer.cards import parse_card
from trainer.problems.collection import collection, select
from trainer.problems.model import Problem
from trainer.problems.rating import KIND_PREFIX, kind_of
from trainer.store import Store

from .helpers import html_rows, make_account, open_page, sign_in_on_account_page, texts

PAGE = "trainer/ui/pages/problems.py"


def open_problem(problem: Problem | None = None, *, lang: str = "en", rules: str = "danish") -> AppTest:
    params = {"lang": lang, "rules": rules if problem is None else problem.profile}
    if problem is not None:
        params["problem"] = problem.id
    return open_page(PAGE, params, timeout=60)


def shown_problem(at: AppTest) -> Problem:
    ident = at.session_state["problems_id"]
    return next(p for p in collection() if p.id == ident)


def hand_buttons(at: AppTest) -> dict[str, bool]:
    """The seat's card buttons: ISS code -> clickable."""
    return {
        b.key.rsplit("-", 1)[1]: not b.disabled
        for b in at.button
        if b.key and b.key.startswith("problems_hand-")
    }


def test_the_collection_is_shipped_with_both_profiles_and_sides() -> None:
    problems = collection()
    assert problems
    assert {p.profile for p in problems} == {"danish", "international"}
    assert {p.role for p in problems} == {"declarer", "defender"}


@pytest.mark.parametrize(("lang", "rules"), [("en", "danish"), ("da", "international"), ("da", "danish")])
def test_the_page_shows_only_what_the_seat_knows(lang: str, rules: str) -> None:
    at = open_problem(lang=lang, rules=rules)
    problem = shown_problem(at)
    assert problem.profile == rules
    position = problem.position()
    known = {*position.hand, *(c for _s, c in position.played), *(position.skat or ())}
    for _seat, cards in position.open_hands:
        known.update(cards)
    shown = {code for row in html_rows(at) for code in row if code != "back"}
    assert {parse_card(code) for code in shown} <= known
    # the own hand is the row of buttons, and exactly the legal cards can be clicked
    buttons = hand_buttons(at)
    assert {parse_card(c) for c in buttons} == set(position.hand)
    assert {parse_card(c) for c, ok in buttons.items() if ok} == set(position.legal_cards())
    assert not at.success and not at.error  # no verdict before a card is played


def test_the_right_card_is_praised_at_once_with_every_cards_share() -> None:
    problem = select(rules="international")[0]
    at = open_problem(problem)
    at.button(key=f"problems_hand-{problem.answer[0].iss}").click().run()
    assert not at.exception
    assert at.success and not at.error
    table = next(m.value for m in at.markdown if m.value.startswith("| Card"))
    assert table.count("\n") == 1 + len(problem.scores)  # header, rule, one row per legal card
    assert "✓ ←" in table
    # after the answer no card can be clicked again
    assert not any(hand_buttons(at).values())


def test_a_wrong_card_is_named_with_its_share_and_the_right_one() -> None:
    problem = next(p for p in collection() if p.profile == "danish")
    wrong = next(s for s in problem.scores if s.card not in problem.answer)
    at = open_problem(problem)
    at.button(key=f"problems_hand-{wrong.card.iss}").click().run()
    assert at.error and not at.success
    message = at.error[0].value
    assert f"{round(100 * wrong.reached / problem.layouts)} %" in message
    assert f"{round(100 * problem.share(problem.answer[0]))} %" in message
    # the playback of the example layout, on request: the right card's line and the chosen card's
    assert "all hands open from then on" not in texts(at)  # not played out before it is asked for
    at.toggle(key=f"problems_playout-{problem.id}").set_value(True).run()
    assert not at.exception, [e.value for e in at.exception]
    shown = texts(at)
    assert shown.count("all hands open from then on") == 2
    assert "Trick 10:" in shown
    if not problem.declaration.game.is_null:
        assert shown.count("The declarer ends with") == 2


def test_the_hint_names_the_theme_in_danish() -> None:
    problem = next(p for p in collection() if p.themes)
    at = open_problem(problem, lang="da")
    at.button(key="problems_hint_button").click().run()
    hint = "\n".join(i.value for i in at.info)
    from trainer.i18n import get_translator
    from trainer.problems.themes import theme

    t = get_translator("da")
    assert t(theme(problem.themes[0]).name) in hint
    assert t(theme(problem.themes[0]).name) != theme(problem.themes[0]).name  # translated


def test_the_theme_filter_narrows_the_problems_and_next_moves_on() -> None:
    problem = next(p for p in collection() if p.themes and p.profile == "danish")
    key = problem.themes[0]
    at = open_problem(rules="danish")
    at.selectbox(key="problems_theme").set_value(key).run()
    first = shown_problem(at)
    assert key in first.themes
    wanted = len(select(rules="danish", theme=key))
    assert f"of {wanted}" in texts(at)
    if wanted > 1:
        at.button(key="problems_next").click().run()
        second = shown_problem(at)
        assert second.id != first.id and key in second.themes


# --- a signed-in learner: rating, review queue ----------------------------------------------------------
def test_a_learner_solves_problems_sees_the_rating_move_and_a_miss_comes_back_tomorrow(db_url: str) -> None:
    learner = make_account(db_url, "Ada")
    at = open_problem(rules="international")
    sign_in_on_account_page(at, "Ada", back_to=PAGE)
    assert "Your play rating starts" in texts(at)
    ratings = []
    first_missed = None
    for step in range(4):
        problem = shown_problem(at)
        if step == 2:  # one deliberate miss
            card = next(s.card for s in problem.scores if s.card not in problem.answer)
            first_missed = problem.id
        else:
            card = problem.answer[0]
        at.button(key=f"problems_hand-{card.iss}").click().run()
        assert not at.exception, [e.value for e in at.exception]
        rating = next(m.value for m in at.markdown if "Your play rating" in m.value)
        ratings.append(rating)
        assert "This problem's rating:" in texts(at) and "after 1 answer " in texts(at)
        at.button(key="problems_next").click().run()
    assert len(set(ratings)) == len(ratings)  # the rating moved with every answer
    assert "after 4 answers" in ratings[-1]
    store = Store(db_url)
    try:
        attempts = [a for a in store.attempts(learner) if a.question_type.startswith(KIND_PREFIX)]
        assert [a.correct for a in attempts] == [True, True, False, True]
        tomorrow = datetime.now(UTC) + timedelta(days=1)
        due = {s.question_type for s in store.due_reviews(learner, now=tomorrow)}
        assert kind_of(str(first_missed)) in due
    finally:
        store.dispose()


def test_the_verdict_shows_the_problems_learned_rating_from_every_learners_first_answer(db_url: str) -> None:
    """Two learners miss the same problem one after the other: the second sees its rating after both
    answers, risen above its seed; the store holds the same rating."""
    from trainer.problems.rating import seeded_rating
    from trainer.store.play_ratings import PlayRatings

    problem = next(p for p in select(rules="danish") if any(s.card not in p.answer for s in p.scores))
    wrong = next(s.card for s in problem.scores if s.card not in problem.answer)
    for name in ("Bea", "Cai"):
        make_account(db_url, name)
        at = open_problem(problem)
        sign_in_on_account_page(at, name, back_to=PAGE)
        assert shown_problem(at).id == problem.id
        at.button(key=f"problems_hand-{wrong.iss}").click().run()
        assert not at.exception, [e.value for e in at.exception]
    caption = next(c.value for c in at.caption if "This problem's rating:" in c.value)
    assert "after 2 answers" in caption
    store = Store(db_url)
    try:
        learned = PlayRatings(store).problem(problem.id)
        assert learned is not None and learned.answers == 2
        assert learned.rating.rating > seeded_rating(problem)
        assert f"rating: {round(learned.rating.rating)} after" in caption
    finally:
        store.dispose()


def test_the_verdict_is_all_danish_in_danish() -> None:
    from trainer.i18n import get_translator

    problem = next(p for p in collection() if p.profile == "danish")
    at = open_problem(problem, lang="da")
    at.button(key=f"problems_hand-{problem.answer[0].iss}").click().run()
    t = get_translator("da")
    table = next(m.value for m in at.markdown if m.value.startswith("|"))
    for header in ("Card", "Share of layouts", "Layouts"):
        assert t(header) != header and t(header) in table
    assert (
        t("Right: {card} reaches the goal in {share} of the layouts.", card="", share="")[:5]
        in at.success[0].value
    )


def test_a_link_with_a_theme_opens_that_themes_problems() -> None:
    key = next(k for p in collection() if p.profile == "international" for k in p.themes)
    at = open_page(PAGE, {"lang": "en", "rules": "international", "theme": key}, timeout=60)
    assert at.selectbox(key="problems_theme").value == key
    assert key in shown_problem(at).themes


# --- the auction, and the chapters' links ---------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "da"])
def test_the_auction_is_shown_as_the_seat_heard_it(lang: str) -> None:
    from trainer.i18n import get_translator
    from trainer.ui.terms import side_name, side_of

    problem = next(p for p in collection() if p.auction is not None and len(p.auction.events) > 2)
    assert problem.auction is not None
    at = open_problem(problem, lang=lang)
    t = get_translator(lang)
    caption = next(c.value for c in at.caption if c.value.startswith(t("Bidding: {bids}", bids="")))
    steps = caption.split(": ", 1)[1].split(" · ")
    assert len(steps) == len(problem.auction.events) + (problem.auction.knocker is not None)
    for step, event in zip(steps[-len(problem.auction.events) :], problem.auction.events, strict=True):
        who, said = step.split(": ")
        assert who == side_name(side_of(event.seat, problem.seat), t, capital=True)
        expected = (
            str(event.value) if event.action == "bid" else t("yes" if event.action == "hold" else "pass")
        )
        assert said == expected
    assert not at.success and not at.error  # shown before any card, and nothing is judged yet


def test_a_problem_without_a_known_auction_says_why() -> None:
    null = next(p for p in collection() if p.set_without_bidding)
    at = open_problem(null)
    assert "this null game was set for the declarer, not bid" in texts(at)
    unknown = next((p for p in collection() if p.auction is None and not p.set_without_bidding), None)
    if unknown is not None:  # lines whose deal today's players bid otherwise
        at = open_problem(unknown)
        assert "Bidding: not known for this problem." in texts(at)


@pytest.mark.parametrize("lang", ["en", "da"])
def test_a_chapter_links_its_themes_to_the_problems(lang: str) -> None:
    from trainer.i18n import get_translator
    from trainer.lessons import chapter_problem_themes
    from trainer.problems.themes import theme

    slug = "16-tips"
    themes = chapter_problem_themes(slug)
    at = open_page("trainer/ui/pages/lesson.py", {"lang": lang}, {"lesson_goto": slug}, timeout=60)
    t = get_translator(lang)
    links = [e for e in at.get("page_link")]
    labels = [e.proto.label for e in links if e.proto.page.endswith("problems")]
    assert labels == [t(theme(key).name) for key in themes]
    queries = [e.proto.query_string for e in links if e.proto.page.endswith("problems")]
    assert queries == [f"theme={key}" for key in themes]


def test_a_second_theme_link_sets_the_filter_again() -> None:
    first, second = "smearing", "ruffing"
    at = open_problem(rules="danish")
    at.query_params["theme"] = first
    at.run()
    assert at.selectbox(key="problems_theme").value == first
    at.selectbox(key="problems_theme").set_value(ANY_THEME).run()
    assert at.selectbox(key="problems_theme").value == ANY_THEME  # the learner's choice stands
    at.query_params["theme"] = second
    at.run()
    assert at.selectbox(key="problems_theme").value == second
    assert second in shown_problem(at).themes


ANY_THEME = "any"
