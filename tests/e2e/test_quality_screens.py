"""Quality pass in a real browser: every learner-facing page in English and Danish, under both rule sets, at
desktop (1280 px) and phone (390 px) width, plus a few beginner moves (a wrong quiz answer, a bad card in the
calculator, the highest-bid drill). Saves the screenshots as artefacts in test-artifacts/screenshots/quality/.

Uses the shared app server and Chromium of tests/e2e/conftest.py; skipped only when /usr/bin/chromium is
missing.
"""

from __future__ import annotations

import pytest

from trainer.i18n import get_translator
from trainer.ui.nav import PAGES

from .conftest import SHOTS, click, drawn, enter_text, new_page, open_app, sideways_overflow

pytestmark = pytest.mark.browser

QUALITY_SHOTS = SHOTS / "quality"
HEIGHT = 2000
# The learner-facing pages (the deals and teacher pages have their own browser tests).
LEARNER_PAGES = ("", "lessons", "quiz", "progress", "value", "ladder", "overbid", "settle")
# Pages without rule-dependent numbers are looked at under one rule set only (keeps the test short).
SAME_UNDER_BOTH_RULES = ("lessons", "progress")
# (width, language, rules): each language and each rule set appears at both widths.
VIEWS = [
    (1280, "en", "danish"),
    (1280, "da", "international"),
    (390, "da", "danish"),
    (390, "en", "international"),
]


def _shot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """The viewport (pages are opened 2000 px tall, so a screenshot shows most of a page)."""
    QUALITY_SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(QUALITY_SHOTS / f"{name}.png"))


def _check(page, what: str) -> None:  # type: ignore[no-untyped-def]
    assert page.locator("[data-testid=stException]").count() == 0, f"{what}: a traceback is shown"
    # Nothing may push the page sideways on a phone: the document is no wider than the screen.
    overflow = sideways_overflow(page)
    assert overflow <= 1, f"{what}: the page is {overflow} px wider than the screen"


@pytest.mark.parametrize(("width", "lang", "rules"), VIEWS)
def test_every_learner_page(app_url: str, browser, width: int, lang: str, rules: str) -> None:  # type: ignore[no-untyped-def]
    t = get_translator(lang)
    page = new_page(browser, width=width, height=HEIGHT)
    for path in LEARNER_PAGES:
        if rules == "international" and path in SAME_UNDER_BOTH_RULES:
            continue
        open_app(page, f"{app_url}/{path}?lang={lang}&rules={rules}", lang=lang, rules=rules)
        what = f"{path or 'home'} {lang} {rules} {width}px"
        _check(page, what)
        assert page.locator("h1").first.inner_text().strip(), f"{what}: no page title"
        if width > 600 and not path:
            # The menu is in the chosen language (on a phone it is folded away).
            menu = page.locator("[data-testid=stSidebarNav]").inner_text()
            for spec in PAGES[:4]:
                assert t(spec.title) in menu, f"{what}: menu entry {spec.title!r} not in {lang}"
        _shot(page, f"{path or 'home'}-{lang}-{rules}-{width}")
    page.context.close()


def test_chapters_with_live_elements_on_a_phone(app_url: str, browser) -> None:  # type: ignore[no-untyped-def]
    """Rule comparison (both profiles side by side), a trick with seat captions, the null-game table, the
    highest-bid drill answered: in Danish at 390 px, and the rule comparison fits the screen."""
    page = new_page(browser, width=390, height=HEIGHT)
    for slug, rules in (
        ("00-introduction", "danish"),
        ("05-rules", "international"),
        ("06-game-types", "danish"),
    ):
        open_app(page, f"{app_url}/lesson?chapter={slug}&lang=da&rules={rules}", chapter=slug, rules=rules)
        _check(page, slug)
        if slug == "00-introduction":
            drawn(page.locator("[data-testid=stTable] tbody tr"))
            table = page.locator("[data-testid=stTable]").first
            table.scroll_into_view_if_needed()
            assert table.inner_text().count("\n") > 10 and "op til 2 trin" in table.inner_text()
            wide = table.evaluate("e => e.scrollWidth - e.clientWidth")
            assert wide <= 1, f"the rule comparison is {wide} px too wide for a phone"
        _shot(page, f"chapter-{slug}-da-{rules}-390")
    open_app(page, f"{app_url}/lesson?chapter=08-highest-bid&lang=da&rules=danish", chapter="08-highest-bid")
    guess = page.locator(".st-key-highest_bid-08-highest-bid-guess input").first
    enter_text(page, guess, "18", "guess the highest bid")
    click(page, page.locator(".st-key-highest_bid-08-highest-bid-show button").first, "show the highest bid")
    assert page.get_by_text("ikke om du vinder spillet", exact=False).count() >= 1
    _check(page, "highest bid answered")
    _shot(page, "chapter-08-highest-bid-answered-da-390")
    page.context.close()


@pytest.mark.parametrize(("width", "lang"), [(1280, "en"), (390, "da")])
def test_beginner_moves(app_url: str, browser, width: int, lang: str) -> None:  # type: ignore[no-untyped-def]
    """A wrong quiz answer gets an explanation, the other quiz modes open, and a bad card in the value
    calculator is a readable message, not a traceback."""
    t = get_translator(lang)
    page = new_page(browser, width=width, height=HEIGHT)
    open_app(
        page, f"{app_url}/quiz?kind=game_value&seed=7&lang={lang}&rules=danish", mode="practise", result=""
    )
    answer = page.locator(".st-key-quiz_answer input").first
    # A number is read as typed (issue 44): "1e3" is refused at the field, naming it and the text, and
    # nothing is graded; Enter in the field checks the answer, as the Check button does.
    enter_text(page, answer, "1e3", "answer 1e3 and press Enter", result="")
    refusal = page.locator("[data-testid=stAlertContentError]").first.inner_text()
    assert t("Your answer") in refusal and "1e3" in refusal, refusal
    enter_text(page, answer, "1", "answer 1 and press Enter", result="wrong")  # no game is worth 1
    assert page.locator("[data-testid=stAlertContentError]").count() >= 1
    _check(page, "quiz wrong answer")
    assert page.locator("[data-testid=stMain] li").count() >= 2, "the explanation has no steps"
    _shot(page, f"quiz-wrong-answer-{lang}-{width}")
    for mode, name in (("Review due", "review"), ("Bid-value sprint", "sprint")):
        click(page, page.locator(".st-key-quiz_mode").get_by_text(t(mode), exact=True), mode, mode=name)
        _check(page, mode)
        _shot(page, f"quiz-{mode.split()[0].lower()}-{lang}-{width}")
    open_app(page, f"{app_url}/value?lang={lang}&rules=international")
    hand = page.locator("[data-testid=stMain] input[type=text]").first
    enter_text(page, hand, "CJ HJ XX CT", "type a hand with a bad card")
    error = page.locator("[data-testid=stAlertContentError]")
    assert error.count() >= 1 and "XX" in error.first.inner_text()
    _check(page, "bad card in the calculator")
    _shot(page, f"value-bad-card-{lang}-{width}")
    page.context.close()
