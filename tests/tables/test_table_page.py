"""The shared table page in AppTest: two learners in two sessions open and join a table, seat a computer,
and play a whole deal; each session only ever holds and shows its own seat's cards."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.play.driver import button, card_keys, step
from tests.ui.helpers import APP, make_account, sign_in_on_account_page, texts
from trainer.rules import DealState
from trainer.store import Store
from trainer.store.tables import TablePlay, TableStore
from trainer.table_session import seat_of_place

PAGE = "trainer/ui/pages/table.py"


def _session(url: str, name: str, lang: str = "en", rules: str = "international") -> AppTest:
    make_account(url, name)
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = lang
    at.query_params["rules"] = rules
    at.run()
    sign_in_on_account_page(at, name, back_to=PAGE)
    assert not at.exception, at.exception
    return at


def _hidden_cards(url: str, table_id: int, place: int) -> set[str]:
    """The cards this place may not see now: the other hands and the skat, as ISS codes."""
    play = TablePlay(TableStore(Store(url)))
    now = play.moment(table_id)
    assert now.state is not None
    own = set(now.state.view(seat_of_place(place, now.number)).hand)
    state: DealState = now.state
    others = {c for seat in range(3) for c in state.hand(seat)} | set(state.deal.skat)  # type: ignore[arg-type]
    return {c.iss for c in others - own}


def _no_leak(at: AppTest, hidden: set[str]) -> None:
    """Nothing of another seat's hand reaches the session: no card button, no DealState in the state."""
    shown = {key.rsplit("-", 1)[1] for key in card_keys(at)}
    assert not shown & hidden
    for key, value in at.session_state.items():
        assert not isinstance(value, DealState), key


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "rules"), [("da", "danish")])  # English + international: the Chromium test
def test_two_learners_and_a_computer_play_a_deal(page_db: str, lang: str, rules: str) -> None:
    anna = _session(page_db, "Anna", lang, rules)
    anna.button(key="table_open_submit").click().run()
    assert not anna.exception, anna.exception
    table_id = anna.session_state["table_id"]
    table = TableStore(Store(page_db)).get(table_id)
    assert table.code in texts(anna)

    bo = _session(page_db, "Bo", lang, rules)
    bo.text_input(key="table_code").set_value(table.code.lower())
    bo.button(key="table_join_submit").click().run()
    assert bo.session_state["table_id"] == table_id

    anna.run()
    anna.button(key="table_bot_2").click().run()
    anna.button(key="table_deal").click().run()
    assert not anna.exception, anna.exception
    sessions = {0: anna, 1: bo}
    done: list[tuple[int, str]] = []
    for _ in range(300):
        over = False
        for place, at in sessions.items():
            at.run()
            assert not at.exception, at.exception
            if button(at, "table_deal") is not None:  # "Next deal": the first one is over
                over = True
                break
            _no_leak(at, _hidden_cards(page_db, table_id, place))
            done.append((place, step(at, prefer_pass=False)))
            if at.error and card_keys(at):  # a refused card: try the others
                for key in card_keys(at):
                    button(at, key).click().run()
                    if not at.error:
                        break
        if over:
            break
    else:
        now = TablePlay(TableStore(Store(page_db))).moment(table_id)
        state = now.state
        phase = state.phase if state else None
        raise AssertionError(f"the deal did not end: {phase}, {now.turn}, {done[-12:]}")
    deals = TableStore(Store(page_db)).play.deals(table.evening_id)
    assert len(deals) == 1 and deals[0].finished
    anna.run()
    assert len(anna.dataframe) >= 1  # the score sheet


def test_a_stranger_cannot_open_someone_elses_table(page_db: str) -> None:
    anna = _session(page_db, "Anna")
    anna.button(key="table_open_submit").click().run()
    table_id = anna.session_state["table_id"]
    eve = _session(page_db, "Eve")
    eve.session_state["table_id"] = table_id  # a forged session value
    eve.run()
    assert "table_id" not in eve.session_state
    assert button(eve, "table_deal") is None and eve.button(key="table_join_submit") is not None
