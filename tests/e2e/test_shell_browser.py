"""Real browser: the sidebar's language and rules survive a page switch made by a button
(``st.switch_page``), which on its own clears the switches' widget state."""

from __future__ import annotations

import pytest

from .conftest import open_app, rerun

pytestmark = pytest.mark.browser


def test_home_button_keeps_language_and_rules(app_url: str, browser) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page(viewport={"width": 1280, "height": 1200})
    open_app(page, f"{app_url}/?lang=da&rules=international")
    rerun(page, page.get_by_role("button", name="Åbn værdiberegneren").click)
    page.get_by_role("heading", name="Værdiberegner").first.wait_for(timeout=30_000)
    sidebar = page.locator("section[data-testid=stSidebar]")
    assert "Regler" in sidebar.inner_text()  # still Danish
    international = sidebar.locator("label").filter(has_text="International (ISkO)")
    assert international.locator("input[type=radio]").is_checked()
    page.close()
