"""The Play page's store: an evening and its deals survive a restart, starting a deal twice gives one deal,
a stale save is refused (no double move), and the learner's statistics count finished deals."""

from __future__ import annotations

import itertools
import random

import pytest

from trainer.deal import Seat, random_deal
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH
from trainer.records.deal_record import DealRecord
from trainer.rules import DealState, Phase, SkatGame, Throw
from trainer.store import Store
from trainer.store.play_store import PlayStore
from trainer.table_session import seat_of_place, table_game


def _record(seed: int = 1) -> DealRecord:
    return DealRecord.of(table_game(DANISH).new_deal(seed))


def _played(declarer: Seat, won: bool, start: int = 0) -> DealState:
    """A finished Danish grand af hånden declared by ``declarer`` that ended ``won`` (the first seed from
    ``start`` that does, played out by random legal cards)."""
    for seed in itertools.count(start):
        state = SkatGame(DANISH).with_contract(
            random_deal(seed, DANISH), declarer, Declaration(GameType.GRAND, hand=True), bid=24
        )
        rng = random.Random(seed)
        while state.phase is not Phase.FINISHED:
            state.apply(rng.choice([m for m in state.legal_moves() if not isinstance(m, Throw)]))
        outcome = state.outcome()
        if outcome is not None and outcome.won is won:
            return state
    raise AssertionError("unreachable")


def _finish(play: PlayStore, evening: int, number: int, state: DealState, tags: tuple[str, ...] = ()) -> None:
    deal = play.start_deal(evening, number, DealRecord(state.skat_game, state.history[:1]))
    assert play.save_deal(deal.id, state, seen=0)
    if tags:
        play.add_mistakes(deal.id, tags)


def _list_score(state: DealState, number: int) -> int:
    """The learner's (place 0) entry in the list for this deal, from the engine's result."""
    outcome = state.outcome()
    assert outcome is not None and outcome.result is not None
    return outcome.result.list_score if outcome.declarer is seat_of_place(0, number) else 0


def _open(play: PlayStore, token: str = "abc123", learner: int | None = None) -> int:
    evening = play.open_evening(
        token, learner_id=learner, profile_name="danish", scheme="list", level="club", coach="beginner"
    )
    return evening.id


def test_an_evening_survives_a_restart(db_url: str) -> None:
    store = Store(db_url)
    play = PlayStore(store)
    evening = _open(play)
    record = _record(42)
    deal = play.start_deal(evening, 1, record)
    state = record.replay()
    state.apply(state.legal_moves()[0])
    assert play.save_deal(deal.id, state, seen=0)
    store.dispose()
    again = PlayStore(Store(db_url))
    stored = again.evening("abc123")
    assert stored is not None and stored.id == evening and stored.coach == "beginner"
    (only,) = again.deals(evening)
    assert only.move_count == 1 and only.record().moves == state.history and not only.finished
    again.store.dispose()


def test_two_tabs_get_one_evening_and_one_deal(store: Store) -> None:
    play = PlayStore(store)
    assert _open(play) == _open(play)
    first = play.start_deal(_open(play), 1, _record(1))
    second = play.start_deal(_open(play), 1, _record(99))
    assert first.id == second.id and second.record() == _record(1)
    assert len(play.deals(_open(play))) == 1


def test_a_stale_save_changes_nothing(store: Store) -> None:
    play = PlayStore(store)
    record = _record(1)
    deal = play.start_deal(_open(play), 1, record)
    first, second = record.replay(), record.replay()
    first.apply(first.legal_moves()[0])
    second.apply(second.legal_moves()[-1])
    assert play.save_deal(deal.id, first, seen=0)
    assert not play.save_deal(deal.id, second, seen=0)  # the double click
    assert play.deal(deal.id).record().moves == first.history


def test_stats_count_the_learners_finished_deals(store: Store) -> None:
    learner = store.get_or_create_learner("Ida").id
    play = PlayStore(store)
    evening = _open(play, learner=learner)
    won = _played(seat_of_place(0, 1), won=True)  # deal 1: the learner declares and wins
    lost = _played(seat_of_place(1, 2), won=False)  # deal 2: the computer on the left declares and loses
    _finish(play, evening, 1, won)
    _finish(play, evening, 2, lost, ("costly_card",))
    assert not play.save_deal(play.deals(evening)[1].id, won, seen=0)  # a finished deal stays as it is
    play.start_deal(evening, 3, _record(3))  # unfinished: not counted
    stats = play.stats(learner)
    assert (stats.deals, stats.as_declarer, stats.won_as_declarer) == (2, 1, 1)
    assert stats.average_score == (_list_score(won, 1) + _list_score(lost, 2)) / 2
    assert stats.mistakes == (("costly_card", 1),)


def test_a_class_stats_count_each_learner_apart(store: Store) -> None:
    ida = store.get_or_create_learner("Ida").id
    bo = store.get_or_create_learner("Bo").id
    nobody = store.get_or_create_learner("Nobody").id
    play = PlayStore(store)
    won, lost = _played(seat_of_place(0, 1), won=True), _played(seat_of_place(0, 2), won=False)
    lost_first = _played(seat_of_place(0, 1), won=False)
    games = {
        ida: [(won, ()), (lost, ("costly_discard", "lost_as_declarer"))],
        bo: [(lost_first, ("costly_game",))],
    }
    for learner, deals in games.items():
        evening = _open(play, token=f"t{learner}", learner=learner)
        for number, (state, tags) in enumerate(deals, start=1):
            _finish(play, evening, number, state, tags)
    stats = play.stats_for([ida, bo, nobody])
    assert set(stats) == {ida, bo, nobody}
    assert (stats[ida].deals, stats[ida].as_declarer, stats[ida].won_as_declarer) == (2, 2, 1)
    assert (stats[bo].deals, stats[bo].won_as_declarer, stats[bo].mistakes) == (1, 0, (("costly_game", 1),))
    assert stats[nobody].deals == 0 and stats[nobody].average_score is None
    for learner in (ida, bo, nobody):
        assert stats[learner] == play.stats(learner)
    assert play.stats_for([]) == {}


def test_a_damaged_row_is_left_out_and_the_rest_kept(store: Store) -> None:
    """Stored rows are checked when read: a deal whose record does not replay is reported, not a crash."""
    from trainer.errors import RecordError
    from trainer.store.play_models import PlayDealRow

    play = PlayStore(store)
    evening = _open(play)
    deal = play.start_deal(evening, 1, _record(1))
    broken = '{"format": "skat-trainer-deal", "version": 1, "moves": [{"type": "Bid", "value": "x"}]}'
    with store._write() as session:
        row = session.get(PlayDealRow, deal.id)
        assert row is not None
        row.deal_record = broken
    with pytest.raises(RecordError):
        play.deal(deal.id).record()


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
    _finish(play, evening.id, 1, _played(seat_of_place(0, 1), won=True))
    with store._write() as session:  # an owner picked up before migration 0006 would not count either
        session.get(PlayEveningRow, evening.id).learner_id = ida  # type: ignore[union-attr]
    assert play.stats(ida).deals == 0
