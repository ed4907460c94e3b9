"""A shared table's host chooses the house options (the defenders' call, Slå 40 an, what an all-pass deal
becomes) when opening the table, and the table's deals are dealt with them."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.ui.helpers import APP, make_account, sign_in_on_account_page
from trainer.moves import Knock40, Pass
from trainer.profiles import DANISH, INTERNATIONAL, AllPass, KnockCall, RuleProfile
from trainer.rules import HouseOptions, Phase
from trainer.store import Store
from trainer.store.tables import TablePlay, TableStore

PAGE = "trainer/ui/pages/table.py"


@pytest.fixture
def table_db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'house.sqlite'}"
    monkeypatch.setenv("SKAT_TRAINER_DB_URL", url)
    monkeypatch.setenv("SKAT_SOLVER_BACKEND", "python")
    return url


def _host(url: str, rules: str) -> AppTest:
    make_account(url, "Anna")
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = "en"
    at.query_params["rules"] = rules
    at.run()
    sign_in_on_account_page(at, "Anna", back_to=PAGE)
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize("profile", [DANISH, INTERNATIONAL], ids=lambda p: p.name)
def test_the_form_starts_at_the_rules_usual_options(table_db: str, profile: RuleProfile) -> None:
    """Untouched, the form offers the rules' usual score sheet and opens a table that plays the rules' usual
    house options (what every table played before the host could choose)."""
    at = _host(table_db, profile.name)
    assert at.selectbox(key="table_scheme").value == profile.default_scheme
    at.button(key="table_open_submit").click().run()
    assert not at.exception, at.exception
    table = TableStore(Store(table_db)).get(at.session_state["table_id"])
    assert table.game.house == HouseOptions.usual(profile)


def test_a_hosts_house_options_reach_the_deal(table_db: str) -> None:
    """International rules with Spørge instead of kontra, Slå 40 an and Ramsch: the stored table and the
    deal it deals play exactly these options."""
    at = _host(table_db, "international")
    at.selectbox(key="table_call").set_value("spoerge")
    at.checkbox(key="table_slaa").check()
    at.selectbox(key="table_all_pass").set_value("ramsch")
    at.button(key="table_open_submit").click().run()
    assert not at.exception, at.exception
    table_id = at.session_state["table_id"]
    at.button(key="table_bot_1").click().run()
    at.button(key="table_bot_2").click().run()
    at.button(key="table_deal").click().run()
    assert not at.exception, at.exception

    chosen = HouseOptions(spoerge=True, slaa_40_an=True, all_pass=AllPass.RAMSCH)
    tables = TableStore(Store(table_db))
    assert tables.get(table_id).house == chosen
    state = TablePlay(tables).moment(table_id).state
    assert state is not None
    assert state.skat_game.house == chosen and state.skat_game.profile == INTERNATIONAL
    assert state.house.call is KnockCall.SPOERGE
    game = state.copy()  # the rules these options make, played out on a copy
    if game.phase is Phase.SLAA_40:  # the computers may already have spoken: nobody knocks
        while game.phase is Phase.SLAA_40:
            game.apply(Knock40(game.to_move, False))  # type: ignore[arg-type]
    while game.phase is Phase.AUCTION:
        game.apply(next(m for m in game.legal_moves() if isinstance(m, Pass)))
    assert game.is_ramse and game.phase is Phase.PLAY  # Ramsch, not a thrown-in deal
