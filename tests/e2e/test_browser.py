"""Real browser (headless Debian Chromium): start the app the way the README says, open the home page and
chapters in both languages (the URL follows the "next" button), use one live element at desktop and phone
width, and save screenshots as test artefacts.

That every chapter renders in both languages and both rule sets, and what the live elements answer, is
checked without a browser (tests/ui/test_pages.py, tests/ui/test_widgets.py). Skipped only when
/usr/bin/chromium is missing (scripts/test.sh installs it, so CI runs this).
"""

from __future__ import annotations

import random
import zlib

import pytest

from trainer.deal import Seat, random_deal
from trainer.games import GameType
from trainer.lessons import available_chapters, lesson_languages, load_lesson
from trainer.profiles import DANISH
from trainer.rules.play import legal_cards

from .conftest import click, new_page, open_app, screenshot, settle, sideways_overflow

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["en", "da"])
def test_home_and_the_next_chapter_by_its_button(app_url: str, browser, lang: str) -> None:  # type: ignore[no-untyped-def]
    """A chapter opened by its URL, then the next one by the button: the title and the address follow."""
    page = new_page(browser, width=1280, height=2000)
    open_app(page, f"{app_url}/?lang={lang}", lang=lang)
    assert page.locator("h1").first.inner_text() == ("Skat Trainer" if lang == "en" else "Skattræner")
    screenshot(page, f"home-desktop-{lang}")
    chapters = available_chapters()
    here, following = chapters[3].slug, chapters[4].slug
    open_app(page, f"{app_url}/lesson?chapter={here}&lang={lang}", chapter=here)
    click(page, page.locator(".st-key-next_bottom button").first, "next chapter", chapter=following)
    shown = lang if lang in lesson_languages(following) else lesson_languages(following)[0]
    assert page.locator("h1").first.inner_text() == load_lesson(following, shown).title
    assert f"chapter={following}" in page.url
    assert page.locator("[data-testid=stException]").count() == 0
    screenshot(page, f"chapter-desktop-{lang}")
    page.close()


def _refusable(slug: str) -> tuple[GameType, str]:
    """A game and a card the learner may NOT play in follow_suit's first deal (worked out with the engine,
    the same seed rule as the widget)."""
    key = f"follow_suit-{slug}-"
    seed = zlib.crc32(key.encode()) % 1_000_000
    deal = random_deal(seed, DANISH)
    lead = random.Random(seed).choice(deal.hand(Seat.FOREHAND))
    hand = deal.hand(Seat.MIDDLEHAND)
    for game in (GameType.SPADES, GameType.CLUBS, GameType.HEARTS, GameType.DIAMONDS, GameType.GRAND):
        allowed = legal_cards(hand, [lead], game)
        illegal = [card for card in hand if card not in allowed]
        if illegal:
            return game, illegal[0].symbol
    raise AssertionError("no refusable card in this deal")


@pytest.mark.parametrize(("width", "label"), [(1280, "desktop"), (390, "phone")])
def test_follow_suit_refuses_with_an_explanation(app_url: str, browser, width: int, label: str) -> None:  # type: ignore[no-untyped-def]
    chapters = available_chapters()
    slug = next(ref.slug for ref in chapters if "follow_suit" in load_lesson(ref.slug, "en").widgets)
    game, card = _refusable(slug)
    page = new_page(browser, width=width, height=2400)
    open_app(page, f"{app_url}/lesson?chapter={slug}&lang=en", chapter=slug)
    prefix = f"follow_suit-{slug}-"
    if game is not GameType.SPADES:
        page.locator(f".st-key-{prefix}game").click()  # opens the list; choosing from it runs the page
        option = page.get_by_role("option").filter(has_text=game.value.capitalize()).first
        click(page, option, f"choose {game.value}")
    pills = page.locator(f".st-key-{prefix}play{game.value}")
    click(page, pills.get_by_role("radio", name=card, exact=True), f"play {card}")
    error = page.locator("[data-testid=stAlertContentError]").filter(has_text="Refused")
    assert error.count() == 1, page.locator("[data-testid=stMain]").inner_text()
    assert "must" in error.inner_text()
    assert sideways_overflow(page) <= 1
    error.scroll_into_view_if_needed()
    settle(page)
    screenshot(page, f"follow-suit-refusal-{label}")
    page.close()


def test_phone_width_home_and_chapter(app_url: str, browser) -> None:  # type: ignore[no-untyped-def]
    page = new_page(browser, width=390, height=1800)
    open_app(page, f"{app_url}/?lang=da", lang="da")
    assert page.locator("h1").first.inner_text() == "Skattræner"
    assert sideways_overflow(page) <= 1
    screenshot(page, "home-phone-da")
    slug = next(ref.slug for ref in available_chapters() if load_lesson(ref.slug, "en").card_rows)
    open_app(page, f"{app_url}/lesson?chapter={slug}&lang=en&four_colour=1", chapter=slug)
    images = page.locator(".card-row img")
    assert images.count() > 0
    # Cards shrink with the screen: several fit side by side on a phone.
    box = images.first.bounding_box()
    assert box is not None and box["width"] <= 390 / 5
    assert sideways_overflow(page) <= 1
    images.first.scroll_into_view_if_needed()
    settle(page)
    screenshot(page, "chapter-phone-four-colour")
    page.close()
