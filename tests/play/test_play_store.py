"""The Play page's store: an evening and its deals survive a restart, starting a deal twice gives one deal,
a stale save is refused (no double move), and the learner's statistics count finished deals."""

from __future__ import annotations

import pytest

from trainer.coach import DealSummary, seats_for
from trainer.store import Store
from trainer.store.play_store import PlayStore


def _open(play: PlayStore, token: str = "abc123", learner: int | None = None) -> int:
    evening = play.open_evening(
        token, learner_id=learner, profile_name="danish", scheme="list", level="club", coach="beginner"
    )
    return evening.id


def test_an_evening_survives_a_restart(db_url: str) -> None:
    store = Store(db_url)
    play = PlayStore(store)
    evening = _open(play)
    deal = play.start_deal(evening, 1, seed=42, seat=0)
    assert play.save_moves(deal.id, '["m1"]', seen=0, count=1)
    store.dispose()
    again = PlayStore(Store(db_url))
    stored = again.evening("abc123")
    assert stored is not None and stored.id == evening and stored.coach == "beginner"
    (only,) = again.deals(evening)
    assert (only.seed, only.moves_json, only.move_count) == (42, '["m1"]', 1)
    again.store.dispose()


def test_two_tabs_get_one_evening_and_one_deal(store: Store) -> None:
    play = PlayStore(store)
    assert _open(play) == _open(play)
    first = play.start_deal(_open(play), 1, seed=1, seat=0)
    second = play.start_deal(_open(play), 1, seed=99, seat=2)
    assert first.id == second.id and second.seed == 1
    assert len(play.deals(_open(play))) == 1


def test_a_stale_save_changes_nothing(store: Store) -> None:
    play = PlayStore(store)
    deal = play.start_deal(_open(play), 1, seed=1, seat=0)
    assert play.save_moves(deal.id, '["a"]', seen=0, count=1)
    assert not play.save_moves(deal.id, '["b"]', seen=0, count=1)  # the double click
    assert play.deal(deal.id).moves_json == '["a"]'


def test_stats_count_the_learners_finished_deals(store: Store) -> None:
    learner = store.get_or_create_learner("Ida").id
    play = PlayStore(store)
    evening = _open(play, learner=learner)
    won = DealSummary(
        "danish", seats_for(1), declarer=0, game="clubs", bid=36, matadors=2, declarer_points=80,
        declarer_tricks=7,
    )  # fmt: skip
    lost = DealSummary(
        "danish", seats_for(2), declarer=1, game="grand", bid=40, matadors=1, declarer_points=30,
        declarer_tricks=2,
    )  # fmt: skip
    for number, summary, tags in ((1, won, ()), (2, lost, ("costly_card",))):
        deal = play.start_deal(evening, number, seed=number, seat=summary.seats[0])
        play.finish_deal(deal.id, summary_json=summary.to_json(), mistakes=tags)
        play.finish_deal(deal.id, summary_json=lost.to_json())  # a second finish keeps the first
    play.start_deal(evening, 3, seed=3, seat=2)  # unfinished: not counted
    stats = play.stats(learner)
    assert (stats.deals, stats.as_declarer, stats.won_as_declarer) == (2, 1, 1)
    assert stats.average_score == 18.0  # (36 + 0) / 2
    assert stats.mistakes == (("costly_card", 1),)


def test_a_class_stats_count_each_learner_apart(store: Store) -> None:
    ida = store.get_or_create_learner("Ida").id
    bo = store.get_or_create_learner("Bo").id
    nobody = store.get_or_create_learner("Nobody").id
    play = PlayStore(store)
    lost = DealSummary(
        "danish", seats_for(1), declarer=0, game="hearts", bid=30, matadors=1, declarer_points=40,
        declarer_tricks=3,
    )  # fmt: skip
    won = DealSummary(
        "danish", seats_for(1), declarer=0, game="clubs", bid=36, matadors=2, declarer_points=80,
        declarer_tricks=7,
    )  # fmt: skip
    games = {ida: [(won, ()), (lost, ("costly_discard", "lost_as_declarer"))], bo: [(lost, ("costly_game",))]}
    for learner, deals in games.items():
        evening = _open(play, token=f"t{learner}", learner=learner)
        for number, (summary, tags) in enumerate(deals, start=1):
            deal = play.start_deal(evening, number, seed=number, seat=summary.seats[0])
            play.finish_deal(deal.id, summary_json=summary.to_json(), mistakes=tags)
    stats = play.stats_for([ida, bo, nobody])
    assert set(stats) == {ida, bo, nobody}
    assert (stats[ida].deals, stats[ida].as_declarer, stats[ida].won_as_declarer) == (2, 2, 1)
    assert (stats[bo].deals, stats[bo].won_as_declarer, stats[bo].mistakes) == (1, 0, (("costly_game", 1),))
    assert stats[nobody].deals == 0 and stats[nobody].average_score is None
    for learner in (ida, bo, nobody):
        assert stats[learner] == play.stats(learner)
    assert play.stats_for([]) == {}


# --- who may open an evening ------------------------------------------------------------------------------


def test_an_evening_opens_only_for_its_owner(store: Store) -> None:
    from trainer.store.play_store import EveningAccessError

    nina = store.get_or_create_learner("Nina").id
    bo = store.get_or_create_learner("Bo").id
    play = PlayStore(store)
    mine = _open(play, "ninas1", learner=nina)
    assert _open(play, "ninas1", learner=nina) == mine  # a reload, a second tab
    for other in (bo, None):
        assert play.openable("ninas1", learner_id=other, claim=True) is None
        with pytest.raises(EveningAccessError):
            _open(play, "ninas1", learner=other)
    assert play.evening("ninas1") is not None and play.evening("ninas1").learner_id == nina  # type: ignore[union-attr]


def test_an_ownerless_evening_is_never_handed_to_the_first_visitor(store: Store) -> None:
    """The Play page used to give an evening without an owner to the first signed-in learner who opened its
    URL. Now a signed-in learner opens it only by claiming it (the page claims only evenings its own
    browser session made), and once claimed nobody else gets it."""
    from trainer.store.play_store import EveningAccessError

    nina = store.get_or_create_learner("Nina").id
    bo = store.get_or_create_learner("Bo").id
    play = PlayStore(store)
    _open(play, "anon1", learner=None)
    assert play.openable("anon1", learner_id=None) is not None  # the visitor who is not signed in: its URL
    assert play.openable("anon1", learner_id=bo) is None
    with pytest.raises(EveningAccessError):
        _open(play, "anon1", learner=bo)
    assert play.evening("anon1").learner_id is None  # type: ignore[union-attr]
    claimed = play.open_evening(
        "anon1", learner_id=nina, profile_name="danish", scheme="list", level="club", coach="beginner",
        claim=True,
    )  # fmt: skip
    assert claimed.learner_id == nina == play.evening("anon1").learner_id  # type: ignore[union-attr]
    with pytest.raises(EveningAccessError):  # claimed: not Bo's, not a visitor's without an account
        play.open_evening(
            "anon1", learner_id=bo, profile_name="danish", scheme="list", level="club", coach="beginner",
            claim=True,
        )  # fmt: skip
    assert play.openable("anon1", learner_id=None) is None


def test_a_tables_evening_never_opens_as_a_play_evening(store: Store) -> None:
    from trainer.store.play_store import PLAY_EVENING, TABLE_EVENING, EveningAccessError
    from trainer.store.tables import TableStore

    host = store.get_or_create_learner("Host").id
    tables = TableStore(store)
    table = tables.open_table(
        host_learner_id=host, host_name="Host", profile_name="international", scheme="list",
        deals_planned=3, bot_level="beginner",
    )  # fmt: skip
    evening = tables.evening(table)
    assert evening.kind == TABLE_EVENING and evening.learner_id is None
    token = f"table{table.code}"
    assert evening.token == token
    play = PlayStore(store)
    for learner in (None, host):
        for claim in (False, True):
            assert play.openable(token, learner_id=learner, claim=claim) is None
            with pytest.raises(EveningAccessError):
                play.open_evening(
                    token, learner_id=learner, profile_name="international", scheme="list", level="club",
                    coach="beginner", kind=PLAY_EVENING, claim=claim,
                )  # fmt: skip
    assert tables.evening(table) == evening  # nobody became its owner
    assert play.openable(token, learner_id=None, kind=TABLE_EVENING) == evening


def test_table_deals_do_not_count_as_a_learners_play(store: Store) -> None:
    """Statistics count only the learner's own Play evenings."""
    from trainer.store.play_models import PlayEveningRow

    ida = store.get_or_create_learner("Ida").id
    play = PlayStore(store)
    evening = play.open_evening(
        "tableABC", learner_id=None, profile_name="danish", scheme="list", level="club", coach="none",
        kind="table",
    )  # fmt: skip
    won = DealSummary(
        "danish", seats_for(1), declarer=0, game="clubs", bid=36, matadors=2, declarer_points=80,
        declarer_tricks=7,
    )  # fmt: skip
    deal = play.start_deal(evening.id, 1, seed=1, seat=0)
    play.finish_deal(deal.id, summary_json=won.to_json())
    with store._write() as session:  # an owner picked up before migration 0006 would not count either
        session.get(PlayEveningRow, evening.id).learner_id = ida  # type: ignore[union-attr]
    assert play.stats(ida).deals == 0
