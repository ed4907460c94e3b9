"""Who is thinking (issue 46): while the Play page waits on a computer, the table names that seat in its
place ('Left · middlehand is thinking…'), as a status line a screen reader announces, in both languages;
on the learner's own turn nobody is shown thinking."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.play.helpers import last_deal, store_state
from trainer.deal import Seat, random_deal
from trainer.games import Declaration, GameType
from trainer.profiles import PROFILES
from trainer.rules import DealState, NoCall, Phase
from trainer.table_session import table_game

from .driver import button, open_play

MARKER = re.compile(
    r'<div class="skat-thinking" data-seat="(\w+)" role="status" aria-live="polite"[^>]*>([^<]*)<'
)


@pytest.fixture(autouse=True)
def url(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    found = f"sqlite:///{tmp_path / 'play.sqlite'}"
    monkeypatch.setenv("SKAT_TRAINER_DB_URL", found)
    monkeypatch.setenv("SKAT_TRAINER_PLAY_PACE", "30")  # the computer's card stays due: the page waits on it
    monkeypatch.setenv("SKAT_SOLVER_BACKEND", "python")
    return found


def _at_the_window(rules: str, declarer: Seat) -> DealState:
    """The learner (forehand) to answer in the kontra/Spørge window: ``declarer`` plays clubs hand, forehand
    has led and the other defender has said nothing."""
    profile = PROFILES[rules]
    state = table_game(profile).with_contract(
        random_deal(7, profile), declarer, Declaration(GameType.CLUBS, hand=True), bid=24
    )
    while not (state.phase is Phase.KNOCK and state.to_move is Seat.FOREHAND):
        move = state.legal_moves()[0]
        state.apply(NoCall(move.seat) if state.phase is Phase.KNOCK else move)
    return state


def _markers(at) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [found for element in at.html for found in MARKER.findall(element.value)]


@pytest.mark.parametrize(
    ("rules", "lang", "declarer", "said"),
    [
        ("international", "en", Seat.MIDDLEHAND, "Left · middlehand is thinking…"),
        ("danish", "da", Seat.REARHAND, "Venstre · mellemhånd tænker…"),
    ],
)
def test_the_table_names_the_computer_thinking_in_its_place(
    url: str, rules: str, lang: str, declarer: Seat, said: str
) -> None:
    store_state(url, "thinking", _at_the_window(rules, declarer), Seat.FOREHAND, coach="none")
    at = open_play(lang, rules, evening="thinking")
    assert not at.exception, at.exception
    assert _markers(at) == []  # the learner's own turn: nobody is shown thinking
    answer = button(at, "play_window_0")
    assert answer is not None
    answer.click().run()
    assert not at.exception, at.exception
    _, state = last_deal(url, "thinking")
    assert state.phase is Phase.PLAY and state.to_move is Seat.MIDDLEHAND  # the computer's card is due
    assert _markers(at) == [("MIDDLEHAND", said)]


def test_the_marker_is_the_seat_to_moves_escaped_and_never_the_viewers_own() -> None:
    from trainer.i18n import get_translator
    from trainer.ui.context import PageContext
    from trainer.ui.views.cards import CardSize
    from trainer.ui.views.table import TableView, table_html

    ctx = PageContext("en", PROFILES["international"], get_translator("en"))
    state = _at_the_window("international", Seat.MIDDLEHAND)
    state.apply(NoCall(Seat.FOREHAND))
    waiting = TableView.from_seat_view(state.view(Seat.FOREHAND), thinking="<b>Ann</b>")
    html = table_html(waiting, ctx, CardSize())
    assert MARKER.findall(html) == [("MIDDLEHAND", "&lt;b&gt;Ann&lt;/b&gt; is thinking…")]
    own = TableView.from_seat_view(state.view(Seat.MIDDLEHAND), thinking="Ann")
    assert own.thinking is None and "skat-thinking" not in table_html(own, ctx, CardSize())


def test_computer_cards_come_one_a_tick_not_a_pace_after_the_last_was_drawn(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The browser ticks every pace on a fixed clock; the next computer card is made at the next tick
    once the last one was drawn (waiting a pace after that draw missed the tick: two paces a card). Here
    two runs right after each other, well within the pace of 60 s, make the two computers' cards."""
    monkeypatch.setenv("SKAT_TRAINER_PLAY_PACE", "60")
    profile = PROFILES["international"]
    state = table_game(profile).with_contract(
        random_deal(7, profile), Seat.REARHAND, Declaration(GameType.GRAND, hand=True), bid=24
    )
    while not (state.tricks and [seat for seat, _ in state.current_trick] == [Seat.FOREHAND]):
        move = state.legal_moves()[0]  # until the learner (forehand) has led a trick after the first
        state.apply(NoCall(move.seat) if state.phase is Phase.KNOCK else move)
    store_state(url, "ticks", state, Seat.FOREHAND, coach="none")
    played = len(state.history)
    at = open_play("en", "international", evening="ticks")  # the learner's last move: long ago
    assert not at.exception, at.exception
    assert len(last_deal(url, "ticks")[1].history) == played + 1
    at.run()
    assert not at.exception, at.exception
    assert len(last_deal(url, "ticks")[1].history) == played + 2
