"""Shared-table test helpers: a table played on through the store into the middle of a trick, and a
learner signed in on the table page in AppTest."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from streamlit.testing.v1 import AppTest

from tests.ui.helpers import APP, make_account, sign_in_on_account_page
from trainer.bots import choose
from trainer.rules import Move, Pass, Phase, SeatView, Throw
from trainer.store import Store
from trainer.store.tables import TableMoment, TablePlay, TableStore

PAGE = "trainer/ui/pages/table.py"
HOST = "Anna"
GUEST = "<i>Bo</i> [x](javascript:alert(1))"
"""A name typed to break the page: it must show as typed, in the HTML and in Markdown."""
LOW_BID = 24
HOUR = 3600


@dataclass(frozen=True)
class MidTrick:
    table_id: int
    learners: tuple[int, int]
    moment: TableMoment


def modest(view: SeatView) -> Move:
    """A player who bids no higher than the lowest bids, never throws, else plays the first legal move."""
    legal = view.legal_moves
    if view.standing_bid >= LOW_BID and any(isinstance(m, Pass) for m in legal):
        return next(m for m in legal if isinstance(m, Pass))
    return next(m for m in legal if not isinstance(m, Throw))


def annas_lead_answered(now: TableMoment) -> bool:
    """A trick has cards on the table and it is Anna's (place 0) turn."""
    assert now.state is not None and now.turn is not None
    return bool(now.state.view(now.turn.seat).current_trick) and now.turn.place == 0


def mid_trick(
    url: str, profile: str = "international", *, until: Callable[[TableMoment], bool] = annas_lead_answered
) -> MidTrick:
    """Anna (place 0), Bo (place 1) and a computer, played on through the store until the card play reaches
    a moment ``until`` picks (by default a trick with cards on the table and Anna to move; the players move
    as a modest player would; nobody is idle: the table waits an hour)."""
    anna, bo = make_account(url, HOST), make_account(url, GUEST)
    store = TableStore(Store(url))
    table = store.open_table(
        host_learner_id=anna,
        host_name=HOST,
        profile_name=profile,
        scheme="list",
        deals_planned=9,
        bot_level="beginner",
        idle_seconds=HOUR,
    )
    store.join(table.code, learner_id=bo, name=GUEST, client="bo")
    store.fill_with_computer(table.id, 2, by_learner_id=anna)
    play = TablePlay(store)
    learners = (anna, bo)
    for seed in range(1, 10):
        play.start_next_deal(table.id, seed=seed)
        for _ in range(200):
            now = play.moment(table.id)
            assert now.state is not None and now.stored is not None
            if now.turn is None:
                break  # passed in, or over: the next deal
            state = now.state
            if state.phase is Phase.PLAY and until(now):
                return MidTrick(table.id, learners, now)
            if now.turn.by_computer:
                assert play.computer_step(table.id, time_ms=50)
                continue
            view = state.view(now.turn.seat)
            if state.phase is Phase.PLAY:
                move = choose(view, "beginner", seed=seed, time_ms=50).move
            else:
                move = modest(view)
            assert play.move(table.id, learners[now.turn.place], move, seen=now.version)
    raise AssertionError("no deal reached the moment asked for")


def signed_in(url: str, name: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["rules"] = "international"
    at.run()
    sign_in_on_account_page(at, name, back_to=PAGE)
    assert not at.exception, at.exception
    return at
