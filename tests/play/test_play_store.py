"""The Play page's store: an evening and its deals survive a restart, starting a deal twice gives one deal,
a stale save is refused (no double move), and the learner's statistics count finished deals."""

from __future__ import annotations

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
