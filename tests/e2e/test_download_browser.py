"""Real browser: a learner's answers download (issue 44). The page draws the button without a file
behind it; the click builds the CSV at a /media address that a request without any cookie can read, and
once the learner has signed out the address is gone (404). docs/security.md says what a leaked address
exposes meanwhile."""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import click, open_app, sign_in_at_table, table_server

pytestmark = pytest.mark.browser

PASSWORD = "download my answers"
NAME = "Eva"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from trainer.store import Store

    folder = Path(tmp_path_factory.mktemp("download"))
    with table_server(folder, (NAME,), PASSWORD, "streamlit-download.log") as (base, url):
        from trainer.store.accounts import AccountStore
        from trainer.store.classes import ClassStore

        store = Store(url)
        learner_id = AccountStore(ClassStore(store)).sign_in(NAME, PASSWORD, client="e2e-setup").id
        store.record_attempt(learner_id, "matadors", True, "2", "2", "danish", elapsed_ms=4000)
        store.dispose()
        yield base


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:  # no cookie, no session
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def test_the_answers_file_exists_from_the_click_until_sign_out(browser, server: str) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    sign_in_at_table(page, server, NAME, PASSWORD)
    open_app(page, f"{server}/progress?lang=en", signed_in=True)
    button = page.locator(".st-key-progress_csv button")
    button.wait_for()
    assert page.locator("a[href*='/media/']").count() == 0  # no address before the click
    with page.expect_download() as info:
        button.click()
    address = info.value.url
    assert "/media/" in address and address.endswith(".csv")
    assert _status(address) == 200  # Streamlit serves it to anyone holding the address
    open_app(page, f"{server}/account?lang=en", signed_in=True)
    click(page, page.locator(".st-key-account_signout button"), "Eva signs out", signed_in=False)
    assert _status(address) == 404  # gone once signed out
    page.close()
