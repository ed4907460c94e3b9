"""AppTest helpers: the whole app from streamlit_app.py, or one live element on its own."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

REPO = Path(__file__).resolve().parents[2]
APP = str(REPO / "streamlit_app.py")
WIDGET_KEY = "w-"
"""Key prefix the widget harness gives the element under test."""


def _widget_harness(name: str, lang: str, profile: str, four_colour: bool, chapter: str = "") -> None:
    from trainer.i18n import get_translator
    from trainer.profiles import get_profile
    from trainer.ui.widgets import WIDGETS, WidgetContext

    WIDGETS[name](
        WidgetContext(
            lang, get_profile(profile), get_translator(lang), four_colour, key="w-", chapter=chapter
        )
    )


def widget_app(
    name: str,
    *,
    lang: str = "en",
    profile: str = "danish",
    four_colour: bool = False,
    chapter: str = "",
    **state: Any,
) -> AppTest:
    """An AppTest running only the live element ``name`` (as placed in ``chapter``, if given); ``state``
    presets its session keys (without the prefix), e.g. ``seed=7``."""
    at = AppTest.from_function(
        _widget_harness, args=(name, lang, profile, four_colour, chapter), default_timeout=30
    )
    for key, value in state.items():
        at.session_state[WIDGET_KEY + key] = value
    return at.run()


def open_page(
    page: str,
    params: Mapping[str, str] | None = None,
    state: Mapping[str, object] | None = None,
    *,
    timeout: int = 30,
) -> AppTest:
    """The whole app with these URL query ``params`` and session ``state``, run once and switched to
    ``page``; fails on an exception in the app."""
    at = AppTest.from_file(APP, default_timeout=timeout)
    at.query_params.update(params or {})
    for key, value in (state or {}).items():
        at.session_state[key] = value
    at.run()
    at.switch_page(page).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def html_rows(at: AppTest) -> list[list[str]]:
    """The card rows drawn with st.html, each as its list of ISS codes (``back`` for a face-down card); an
    element with several rows (the card table: side seats, trick, skat) gives each of them."""
    rows = []
    for element in at.html:
        for codes in re.findall(r'data-cards="([^"]*)"', element.value):
            rows.append(codes.split())
    return rows


def texts(at: AppTest) -> str:
    """All Markdown, captions, titles and alert texts of a run, joined (for 'contains' checks)."""
    parts: list[str] = []
    kinds = ("markdown", "caption", "title", "header", "subheader", "success", "error", "info", "warning")
    for kind in kinds:
        parts.extend(str(e.value) for e in at.get(kind))
    return "\n".join(parts)


ACCOUNT_PAGE = "trainer/ui/pages/account.py"
PASSWORD = "a good password"


def make_account(url: str, name: str, password: str = PASSWORD) -> int:
    """An account made straight in the store (as if signed up earlier); returns its learner id."""
    from trainer.store import Store
    from trainer.store.accounts import AccountStore
    from trainer.store.classes import ClassStore

    store = Store(url)
    try:
        return AccountStore(ClassStore(store)).sign_up(name, password, client="test").account.id
    finally:
        store.dispose()


def sign_in_on_account_page(
    at: AppTest, name: str, secret: str = PASSWORD, *, back_to: str | None = None
) -> None:
    """Sign in with the account page's form (as a learner would), then go back to ``back_to``."""
    at.switch_page(ACCOUNT_PAGE).run()
    at.text_input(key="account_signin_name").set_value(name)
    at.text_input(key="account_signin_secret").set_value(secret)
    at.button(key="account_signin_submit").click().run()
    assert not at.exception, [e.value for e in at.exception]
    if back_to is not None:
        at.switch_page(back_to).run()


def upload_text() -> str:
    """ISS records as a learner's file might hold them: two good sample records (IDs 541932, 684159),
    between them record 727 with its second dealt card replaced by its first (♥J dealt twice), then the
    sample's all-pass record 756788. The upload page's AppTest and its browser test both load it."""
    from trainer.records.samples import iss_sample_text

    lines = [line for line in iss_sample_text().splitlines() if line.strip()]
    by_id = {}
    for line in lines:
        found = re.search(r"ID\[(\d+)\]", line)
        assert found is not None, line
        by_id[found.group(1)] = line
    broken = by_id["727"]
    dealt = re.search(r"MV\[w ([^ ]+)", broken)
    assert dealt is not None
    cards = dealt.group(1).split(".")
    assert cards[0] == "HJ" and cards[1] != "HJ"
    broken = broken.replace(dealt.group(1), ".".join([cards[0], cards[0], *cards[2:]]), 1)
    return "\n".join([by_id["541932"], broken, by_id["684159"], by_id["756788"]]) + "\n"
