"""Real browser (headless Debian Chromium): start the app the way the README says, open every chapter in
both languages, use one live element, and save screenshots (desktop and phone width) as test artefacts.

Skipped only when /usr/bin/chromium is missing (scripts/test.sh installs it, so CI runs this).
"""

from __future__ import annotations

import random
import zlib

import pytest

from trainer.deal import Seat, random_deal
from trainer.games import GameType
from trainer.lessons import available_chapters, lesson_languages, load_lesson
from trainer.play import legal_cards
from trainer.profiles import DANISH

from .conftest import IDLE, open_app, rerun, screenshot, settle

pytestmark = pytest.mark.browser


def test_every_chapter_in_both_languages(app_url: str, browser) -> None:  # type: ignore[no-untyped-def]
    """Open the first chapter by URL, then walk through every chapter with the "next" button."""
    page = browser.new_page(viewport={"width": 1280, "height": 2000})
    open_app(page, app_url)
    assert page.locator("h1").first.inner_text() == "Skat Trainer"
    screenshot(page, "home-desktop")
    chapters = available_chapters()
    for lang in ("en", "da"):
        for number, ref in enumerate(chapters):
            if number == 0:
                open_app(page, f"{app_url}/lesson?chapter={ref.slug}&lang={lang}")
            else:
                page.locator(".st-key-next_bottom button").first.click()
            shown = lang if lang in lesson_languages(ref.slug) else lesson_languages(ref.slug)[0]
            title = load_lesson(ref.slug, shown).title
            page.locator("h1").filter(has_text=title).first.wait_for(timeout=30_000)
            page.wait_for_selector(IDLE, timeout=30_000)
            assert page.locator("[data-testid=stException]").count() == 0, f"{ref.slug} {lang}"
            assert f"chapter={ref.slug}" in page.url
            if number == 3:
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
    page = browser.new_page(viewport={"width": width, "height": 2400})
    open_app(page, f"{app_url}/lesson?chapter={slug}&lang=en")
    prefix = f"follow_suit-{slug}-"
    if game is not GameType.SPADES:
        page.locator(f".st-key-{prefix}game").click()
        rerun(page, page.get_by_role("option").filter(has_text=game.value.capitalize()).first.click)
    pills = page.locator(f".st-key-{prefix}play{game.value}")
    pills.scroll_into_view_if_needed()
    rerun(page, pills.get_by_role("radio", name=card, exact=True).click)
    error = page.locator("[data-testid=stAlertContentError]").filter(has_text="Refused")
    error.first.wait_for(timeout=30_000)
    text = error.first.inner_text()
    assert "must" in text, text
    error.first.scroll_into_view_if_needed()
    settle(page)
    screenshot(page, f"follow-suit-refusal-{label}")
    page.close()


def test_phone_width_home_and_chapter(app_url: str, browser) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page(viewport={"width": 390, "height": 1800})
    open_app(page, f"{app_url}/?lang=da")
    assert page.locator("h1").first.inner_text() == "Skattræner"
    screenshot(page, "home-phone-da")
    slug = next(ref.slug for ref in available_chapters() if load_lesson(ref.slug, "en").card_rows)
    open_app(page, f"{app_url}/lesson?chapter={slug}&lang=en&four_colour=1")
    images = page.locator(".card-row img")
    images.first.wait_for(timeout=30_000)
    # Cards shrink with the screen: several fit side by side on a phone.
    box = images.first.bounding_box()
    assert box is not None and box["width"] <= 390 / 5
    images.first.scroll_into_view_if_needed()
    settle(page)
    screenshot(page, "chapter-phone-four-colour")
    page.close()
