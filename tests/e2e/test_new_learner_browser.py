"""The issue's goal for a new learner, in a real browser at phone width: create an account, solve ten
problems on the Problems page and see the play rating move with each answer, miss one, play a deal on the
Play page with a deliberate mistake and find it under "Learn from your mistakes", and the next day find
the missed problem in the review queue.

The deliberate mistake is chosen from the learner's own view: at the learner's turn late in the deal the
test reads the deal from the store, builds the learner's position (only what that seat knows) and plays a
card the mistake judge condemns, judged with the same layouts the app will judge it with. "The next day"
is a fake clock: every stored time of the learner (answers, review schedules) is moved one day back, which
is what a day passing looks like to the store. Screenshots: test-artifacts/screenshots/new-learner-*.png.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from .conftest import (
    State,
    above,
    click,
    new_page,
    open_app,
    run_app,
    screenshot_all_content,
    sideways_overflow,
)
from .moves import learner_move, play_deal

pytestmark = pytest.mark.browser

NAME = "Nova Newcomer"
PASSWORD = "a good password"
SOLVED = 10
MAX_DEALS = 6
FROM_CARD = 9
"""The test looks for a mistake to make only from the sixth trick on (few unseen cards: quick to judge)."""


@pytest.fixture(scope="module")
def db_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{Path(tmp_path_factory.mktemp('newcomer')) / 'newcomer.sqlite'}"


@pytest.fixture(scope="module")
def app_url(db_url: str) -> Iterator[str]:
    with run_app("streamlit-new-learner-e2e.log", {"SKAT_TRAINER_DB_URL": db_url}) as url:
        yield url


def _rating(page) -> str:  # type: ignore[no-untyped-def]
    return " ".join(page.get_by_text("Your play rating:").first.inner_text().split())


def _sign_up(page, base: str) -> None:  # type: ignore[no-untyped-def]
    open_app(page, f"{base}/account?lang=en", signed_in=False)
    page.get_by_role("tab", name="Create an account").click()
    page.get_by_text("With a password I choose").click()
    page.locator(".st-key-account_create_password input").wait_for()
    page.locator(".st-key-account_create_name input").fill(NAME)
    page.locator(".st-key-account_create_password input").fill(PASSWORD)
    page.locator(".st-key-account_create_again input").fill(PASSWORD)
    click(page, page.locator(".st-key-account_create_submit button"), "create the account", signed_in=True)


def _solve_problems(page, base: str) -> str:  # type: ignore[no-untyped-def]
    """Ten right answers, each moving the rating, then one miss; returns the missed problem's id."""
    from trainer.problems.collection import collection

    by_id = {p.id: p for p in collection()}
    state = open_app(page, f"{base}/problems?lang=en&rules=international", answered="0")
    assert page.get_by_text("Your play rating starts with your first answer.").count() == 1
    ratings: list[str] = []
    missed = ""
    for step in range(SOLVED + 1):
        problem = by_id[state["problem"]]
        wrong = step == SOLVED
        card = (
            next(s.card for s in problem.scores if s.card not in problem.answer)
            if wrong
            else problem.answer[0]
        )
        click(
            page,
            page.locator(f".st-key-problems_hand-{card.iss} button"),
            f"answer problem {step + 1}",
            problem=problem.id,
            answered="1",
            right="0" if wrong else "1",
        )
        ratings.append(_rating(page))
        if step == 0:
            screenshot_all_content(page, "new-learner-first-answer")
        if wrong:
            missed = problem.id
            screenshot_all_content(page, "new-learner-missed")
            break
        state = click(
            page, page.locator(".st-key-problems_next button"), f"next problem {step + 2}", answered="0"
        )
    assert len(set(ratings)) == len(ratings), ratings  # the rating moved with every answer
    assert ratings[SOLVED - 1].endswith(f"after {SOLVED} answers."), ratings
    print("ratings:", [re.sub(r"^Your play rating: ", "", r) for r in ratings])
    return missed


def _stored_deal(db_url: str) -> tuple[int, object]:
    """The learner's latest Play deal as the store has it: its row id and its replayed state."""
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    from trainer.records.deal_record import DealRecord
    from trainer.store import Store
    from trainer.store.models import LearnerRow
    from trainer.store.play_models import PlayDealRow, PlayEveningRow

    store = Store(db_url)
    try:
        with Session(store.engine) as session:
            learner = session.scalars(select(LearnerRow.id).where(LearnerRow.name == NAME)).one()
            row = session.scalars(
                select(PlayDealRow)
                .join(PlayEveningRow, PlayDealRow.evening_id == PlayEveningRow.id)
                .where(PlayEveningRow.learner_id == learner)
                .order_by(PlayDealRow.id.desc())
            ).first()
            assert row is not None and row.deal_record is not None
            return row.id, DealRecord.from_json(row.deal_record).replay()
    finally:
        store.dispose()


def _mistake_to_make(db_url: str, moves: int) -> tuple[str, str] | None:
    """A card the judge condemns from the learner's view now (its ISS code and the problem's id), judged
    with the layouts the app will judge it with; None when no legal card is a mistake."""
    from trainer.coach import judge_card as coach_judge
    from trainer.problems.generate import position_of
    from trainer.problems.mistakes import PERSONAL_PREFIX, judge_card
    from trainer.rules import DealState, Phase

    deal_id, state = _stored_deal(db_url)
    assert isinstance(state, DealState)
    if state.moves_made != moves or state.phase is not Phase.PLAY or len(state.cards_played) < FROM_CARD:
        return None
    seat = state.to_move
    assert seat is not None
    position = position_of(state, state.view(seat))
    ply = len(position.played)
    ident = f"{PERSONAL_PREFIX}{deal_id}-{ply}"
    view = state.view(seat)  # the view the app's judge reads (it heard the auction)
    advice = coach_judge(view)  # asked once for every card, as the app's judge answers the same view alike
    for card in position.legal_cards():
        mistake = judge_card(position, card, deal_id * 100 + ply, ident, view=view, judge=lambda _v: advice)
        if mistake is not None:  # it loses the goal or gives away card points (the bots' deals are random,
            return card.iss, ident  # and a declarer who bid only a sure game leaves no card losing the goal)
    return None


def _play_deal(page, db_url: str, deal: int, made: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Play one deal to its end; at most one deliberate mistake (its problem id goes into ``made``)."""
    said = [False]

    def move(state: State) -> None:
        card = None
        if state["phase"] == "play" and not made:
            found = _mistake_to_make(db_url, state.number("move-count"))
            if found is not None:
                card, ident = found
                made.append(ident)
                screenshot_all_content(page, "new-learner-before-mistake")
        learner_move(page, state, said, card=card, prefix=f"deal {deal} ")

    play_deal(page, deal, move)


def _next_day(db_url: str) -> None:
    """The fake clock: every stored time of the learner one day earlier (as if a day had passed)."""
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    from trainer.store import Store
    from trainer.store.models import AttemptRow, ReviewCardRow

    day = timedelta(days=1)
    store = Store(db_url)
    try:
        with Session(store.engine) as session, session.begin():
            for attempt in session.scalars(select(AttemptRow)):
                attempt.at = attempt.at - day
            for card in session.scalars(select(ReviewCardRow)):
                card.due = card.due - day
                if card.last_review is not None:
                    card.last_review = card.last_review - day
    finally:
        store.dispose()


def test_a_new_learner_solves_problems_plays_and_learns_from_mistakes(  # type: ignore[no-untyped-def]
    app_url: str, db_url: str, browser
) -> None:
    page = new_page(browser, width=390, height=1000)
    _sign_up(page, app_url)

    missed = _solve_problems(page, app_url)
    assert sideways_overflow(page) <= 1

    # A deal on the Play page with a deliberate mistake (another deal when one offers no mistake to make).
    open_app(page, f"{app_url}/game?lang=en&rules=international", phase="none")
    made: list[str] = []
    for deal in range(1, MAX_DEALS + 1):
        click(page, page.locator(".st-key-play_deal button"), f"deal {deal}", deal=deal)
        _play_deal(page, db_url, deal, made)
        if made:
            break
    else:
        pytest.fail(f"no deal of {MAX_DEALS} offered a card that is a mistake")
    assert len(made) == 1
    # The deal's end starts the judging by itself: the end screen shows its progress, then what was saved.
    offer = page.get_by_text(re.compile(r"\d+ mistakes? saved — learn from your mistakes"))
    offer.first.wait_for()
    screenshot_all_content(page, "new-learner-deal-end")
    link = page.get_by_role("link", name="Learn from your mistakes")
    state = click(page, link, "learn from my mistakes", page="problems", mine=above(0))
    assert sideways_overflow(page) <= 1
    for _ in range(state.number("mine")):
        if state["mine-problem"] == made[0]:
            break
        state = click(page, page.locator(".st-key-mine_next button"), "next mistake", page="problems")
    assert state["mine-problem"] == made[0], (state, made)
    screenshot_all_content(page, "new-learner-my-mistake")
    # the same card again: still wrong, and kept for review
    played = _played_card(db_url, made[0])
    click(
        page,
        page.locator(f".st-key-mine_hand-{played} button"),
        "the same card again",
        mine_problem=made[0],
        answered="1",
        right="0",
    )
    assert page.locator("[data-testid=stAlertContentError]").count() >= 1
    screenshot_all_content(page, "new-learner-my-mistake-answered")

    # The next day: the problems due for review come first (each marked "Review"), the missed one among them.
    _next_day(db_url)
    state = open_app(page, f"{app_url}/problems?lang=en&rules=international", answered="0")
    assert page.get_by_text(re.compile(r"\d+ problems? (is|are) due for review")).count() == 1
    for step in range(SOLVED + 1):
        assert page.get_by_text("Review: you missed this problem before.").count() == 1, state
        if state["problem"] == missed:
            break
        state = click(page, page.locator(".st-key-problems_next button"), f"next due problem {step + 2}")
    assert state["problem"] == missed, (state, missed)
    screenshot_all_content(page, "new-learner-next-day-review")
    page.context.close()


def _played_card(db_url: str, ident: str) -> str:
    """The card the learner played in the deal, as the store keeps it with the personal problem."""
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    from trainer.store import Store
    from trainer.store.models import LearnerRow
    from trainer.store.personal_problems import PersonalProblems

    store = Store(db_url)
    try:
        with Session(store.engine) as session:
            learner = session.scalars(select(LearnerRow.id).where(LearnerRow.name == NAME)).one()
        kept = {p.problem.id: p for p in PersonalProblems(store).of(learner)}
        assert ident in kept, sorted(kept)
        return kept[ident].played.iss
    finally:
        store.dispose()
