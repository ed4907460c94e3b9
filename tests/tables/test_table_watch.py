"""The shared table's watchdog script (``trainer/ui/pages/table_watch.py``; its behaviour in a browser is
``tests/e2e/test_table_watch_browser.py``): armed exactly while the page shows a table, its settings read
back from the script as given, and no text can end the script early."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from tests.ui.helpers import APP, make_account, sign_in_on_account_page
from trainer.ui.pages import table_watch
from trainer.ui.pages.table_poll import poll_seconds

PAGE = "trainer/ui/pages/table.py"
CONFIG = re.compile(r"const cfg = (\{.*?\});\n")


def _config(script: str) -> dict[str, object]:
    found = CONFIG.search(script)
    assert found is not None, script[:200]
    return dict(json.loads(found.group(1)))


@given(text=st.text(max_size=60), poll=st.floats(0.2, 30), after=st.floats(2, 60))
def test_the_settings_read_back_and_no_text_ends_the_script(text: str, poll: float, after: float) -> None:
    script = table_watch.watch_script(armed=True, text=text, poll=poll, after=after)
    assert script.count("</script>") == 1 and script.endswith("</script>")
    config = _config(script)
    assert config["text"] == text and config["armed"] is True and config["after"] == after
    assert config["frozen"] == max(after, table_watch.FROZEN_POLLS * poll)


def test_a_seat_not_polling_is_never_counted_as_frozen() -> None:
    config = _config(table_watch.watch_script(armed=True, text="x", poll=None, after=5))
    assert float(str(config["frozen"])) >= 1e9


@pytest.mark.parametrize(
    ("value", "seconds"), [("3", 3.0), ("0.5", table_watch.MIN_BLANK_SECONDS), ("x", 8.0)]
)
def test_the_blank_time_can_be_set_within_bounds(
    monkeypatch: pytest.MonkeyPatch, value: str, seconds: float
) -> None:
    monkeypatch.setenv(table_watch.BLANK_ENV, value)
    assert table_watch.blank_seconds() == seconds


def _armed(at: AppTest) -> bool | None:
    """Whether the run drew the watchdog armed (None: not drawn)."""
    found = [_config(e.value) for e in at.html if "skatTableWatch" in e.value]
    assert len(found) <= 1
    return bool(found[0]["armed"]) if found else None


def test_armed_only_while_the_page_shows_a_table(page_db: str) -> None:
    make_account(page_db, "Anna")
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["rules"] = "international"
    at.run()
    at.switch_page(PAGE).run()
    assert _armed(at) is False  # signed out
    sign_in_on_account_page(at, "Anna", back_to=PAGE)
    assert _armed(at) is False  # no table yet: the forms
    at.button(key="table_open_submit").click().run()
    assert not at.exception, at.exception
    assert _armed(at) is True
    assert _config(next(e.value for e in at.html if "skatTableWatch" in e.value))["frozen"] == max(
        table_watch.blank_seconds(), table_watch.FROZEN_POLLS * poll_seconds()
    )
    at.button(key="table_leave").click().run()
    assert _armed(at) is False  # left the table: the timer stops
