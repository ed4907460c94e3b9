"""The state every page publishes for the browser tests (trainer/ui/views/page_state.py): one element per
run, with ``data-page``, ``data-lang``, ``data-rules`` and a growing ``data-run``, the page's own
attributes, escaped values, and a fragment that publishes its own runs. The browser tests wait on these
attributes, so a page that stops publishing one fails here first, without a browser."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.ui.nav import PAGES
from trainer.ui.views.page_state import STATE_CLASS, note_state, parse_state

from .helpers import APP


def states(at: AppTest) -> list[dict[str, str]]:
    """The published states of the last run (normally exactly one)."""
    found = [parse_state(str(element.value)) for element in at.html]
    return [state for state in found if state is not None]


def state(at: AppTest) -> dict[str, str]:
    published = states(at)
    assert len(published) == 1, published
    return published[0]


@pytest.fixture(autouse=True)
def _own_store(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SKAT_TRAINER_DB_URL", f"sqlite:///{tmp_path / 'state.sqlite'}")
    monkeypatch.setenv("SKAT_TRAINER_PLAY_PACE", "0")
    monkeypatch.setenv("SKAT_SOLVER_BACKEND", "python")


@pytest.mark.parametrize("spec", PAGES, ids=[spec.url_path for spec in PAGES])
def test_every_page_publishes_one_state_element(spec) -> None:  # type: ignore[no-untyped-def]
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update({"lang": "da", "rules": "international"})
    at.run()
    at.switch_page(spec.path).run()
    assert not at.exception, at.exception
    first = state(at)
    assert first["page"] == spec.url_path
    assert first["lang"] == "da" and first["rules"] == "international"
    at.run()
    assert int(state(at)["run"]) > int(first["run"])  # every run says it is a new one


def _page(body: str) -> AppTest:
    """A script publishing the state of ``body`` (Python, run inside the page's block)."""
    script = (
        "from trainer.ui.context import page_context\n"
        "from trainer.ui.views.page_state import note_state, published, published_fragment\n"
        "import streamlit as st\n"
        "ctx = page_context()\n"
        "with published(ctx, 'probe'):\n" + "".join(f"    {line}\n" for line in body.splitlines())
    )
    return AppTest.from_string(script, default_timeout=30).run()


def test_values_are_text_and_escaped() -> None:
    at = _page("note_state(name='<b>\"x\" & y</b>', count=3, flag=True, off=False, cards=['CJ', 'SA'])")
    assert not at.exception, at.exception
    raw = "".join(str(e.value) for e in at.html if STATE_CLASS in str(e.value))
    assert "<b>" not in raw
    got = state(at)
    assert got["name"] == '<b>"x" & y</b>'
    assert (got["count"], got["flag"], got["off"], got["cards"]) == ("3", "1", "0", "CJ SA")


def test_a_bad_attribute_name_is_refused() -> None:
    with pytest.raises(ValueError, match="not a state attribute name"):
        note_state(**{"Bad-Name": 1})


def test_a_fragment_publishes_the_one_element_with_the_page_notes() -> None:
    """Drawn in a full run, the fragment's element carries what the page noted before it, and the page
    draws no second one; a note after the fragment is not published."""
    at = _page(
        "note_state(before=1)\n"
        "def body():\n"
        "    note_state(inside=2)\n"
        "st.fragment(published_fragment(ctx, 'probe', body))()\n"
        "note_state(after=3)"
    )
    assert not at.exception, at.exception
    got = state(at)
    assert (got["before"], got["inside"]) == ("1", "2") and "after" not in got


def test_an_early_return_still_publishes() -> None:
    at = _page("def render():\n    note_state(step=1)\n    return\n    note_state(step=2)\nrender()")
    assert state(at)["step"] == "1"


def test_publish_now_draws_the_one_element_at_once_with_the_notes_so_far() -> None:
    """A run that has drawn its answer says so before it goes on (the Play page, before its next run ticks
    for the computers): one element, with the notes made so far, drawn before what comes after it."""
    at = _page(
        "from trainer.ui.views.page_state import publish_now\n"
        "note_state(step=1)\n"
        "publish_now()\n"
        "publish_now()\n"
        "note_state(step=2)\n"
        "st.html('<p>after</p>')"
    )
    assert not at.exception, at.exception
    assert state(at)["step"] == "1"
    drawn = [str(element.value) for element in at.html]
    assert STATE_CLASS in drawn[0] and drawn[-1] == "<p>after</p>"


def test_nothing_is_published_outside_a_page() -> None:
    """A live element tested on its own notes into nothing and draws nothing."""
    script = "from trainer.ui.views.page_state import note_state\nnote_state(x=1)\n"
    at = AppTest.from_string(script, default_timeout=30).run()
    assert not at.exception and states(at) == []


def test_the_play_page_says_phase_turn_moves_and_only_its_own_legal_cards() -> None:
    from tests.play.driver import open_play
    from trainer.cards import parse_cards

    at = open_play("en", "international")
    assert (state(at)["page"], state(at)["phase"], state(at)["deal"]) == ("game", "none", "0")
    at.button(key="play_deal").click().run()
    for _ in range(200):  # the computers move in the fragment; AppTest runs it again on each run()
        now = state(at)
        if now["turn"] in ("me", ""):
            break
        at.run()
    assert now["deal"] == "1" and now["phase"] != "finished" and now["turn"] == "me"
    moves = int(now["move-count"])
    pressed = next(b for b in at.button if b.key in ("play_pass", "play_say", "play_hold", "play_knock_0"))
    pressed.click().run()
    after = state(at)
    assert int(after["move-count"]) > moves
    if after["phase"] == "play" and after["turn"] == "me":
        hand = {key.removeprefix("play_card-") for key in (b.key or "" for b in at.button)}
        assert set(after["legal"].split()) <= hand
        assert parse_cards(after["legal"])
