"""The Problems page in a real browser at phone width, in Danish: a problem loads with the seat's cards
as buttons, one click is judged at once (the right card praised), nothing runs off the side of the
screen. The load and click-to-verdict times go to the step log (goals: ≤ 1 s and ≤ 300 ms median,
measured by the browser latency benchmark over many problems)."""

from __future__ import annotations

import time

import pytest

from trainer.problems.collection import collection

from .conftest import click, new_page, open_app, screenshot, settle, sideways_overflow

pytestmark = pytest.mark.browser


def test_a_problem_at_phone_width_is_judged_at_once(app_url: str, browser) -> None:  # type: ignore[no-untyped-def]
    problem = next(p for p in collection() if p.profile == "danish" and p.themes)
    page = new_page(browser, width=390, height=2200)
    started = time.monotonic()
    open_app(page, f"{app_url}/problems?lang=da&rules=danish&problem={problem.id}", problem=problem.id)
    loaded = time.monotonic() - started
    assert page.locator("h1").first.inner_text() == "Spilopgaver"
    assert sideways_overflow(page) <= 1
    screenshot(page, "problem-phone-da")
    button = page.locator(f".st-key-problems_hand-{problem.answer[0].iss} button")
    started = time.monotonic()
    click(page, button, "play the right card", problem=problem.id, answered="1", right="1")
    judged = time.monotonic() - started
    assert page.locator("[data-testid=stAlertContentSuccess]").count() == 1
    assert sideways_overflow(page) <= 1
    settle(page)
    screenshot(page, "problem-phone-da-answered", full_page=True)
    print(f"problem loaded in {loaded:.2f} s, judged in {judged:.2f} s")
    page.close()
