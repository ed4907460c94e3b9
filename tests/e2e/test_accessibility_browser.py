"""Accessibility in a real browser (issue 46): axe-core's WCAG 2.1 A/AA rules and the heading order over
every page in both languages find nothing serious in the app's own markup; what Streamlit's own markup
breaks is listed (test-artifacts/axe-known.txt), not hidden. The learner's card buttons are named in
words for a screen reader. axe-core comes from the ``axe-playwright-python`` package (no download)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from trainer.ui.nav import PAGES

from .axe import axe_source, findings, split
from .conftest import ARTIFACTS, click, new_page, one_of, open_app, run_app, wait_state
from .moves import MAX_TURNS
from .test_play_browser import _turn

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    axe_source()  # skipped without axe-core, before a server is started
    db = Path(tmp_path_factory.mktemp("axe")) / "axe.sqlite"
    with run_app("streamlit-axe-e2e.log", {"SKAT_TRAINER_DB_URL": f"sqlite:///{db}"}) as url:
        yield url


@pytest.mark.parametrize("lang", ["en", "da"])
def test_every_page_has_no_serious_finding_of_its_own(app_url: str, browser, lang: str) -> None:  # type: ignore[no-untyped-def]
    page = new_page(browser, width=1280, height=900)
    own: list[str] = []
    known: list[str] = []
    for spec in PAGES:
        path = "" if spec.default else spec.url_path
        open_app(page, f"{app_url}/{path}?lang={lang}")
        mine, streamlit = split(findings(page))
        own += [f"/{spec.url_path}: {line}" for line in mine]
        known += [f"/{spec.url_path}: {line}" for line in streamlit]
    page.context.close()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"axe-known-{lang}.txt").write_text("\n".join(known) + "\n", encoding="utf-8")
    assert not own, "\n".join(own)


def test_the_play_table_is_accessible_and_its_cards_are_named_in_words(app_url: str, browser) -> None:  # type: ignore[no-untyped-def]
    """At the learner's first card of the play (after a deal whose auction it passed through): the card
    buttons say the cards in words, and axe finds nothing of the app's own on the live table."""
    page = new_page(browser, width=1280, height=900)
    open_app(page, f"{app_url}/game?lang=en&rules=international", phase="none")
    said = [False]
    for number in range(1, 4):
        click(page, page.locator(".st-key-play_deal button"), f"deal {number}", deal=number)
        for _ in range(MAX_TURNS):
            state = wait_state(page, "the learner's turn or the end", deal=number, turn=one_of("me", ""))
            if state["phase"] in ("play", "finished"):
                break
            _turn(page, state, set(), "axe", said)
        if state["phase"] == "play":
            break
    else:
        pytest.skip("the learner never reached a card of its own to play")
    names = page.eval_on_selector_all(
        "[class*='st-key-play_card-'] button", "els => els.map(e => e.innerText.trim())"
    )
    assert names and all(" of " in name for name in names), names  # "Queen of spades", not "♠Q"
    own, _ = split(findings(page))
    assert not own, "\n".join(own)
    page.context.close()
