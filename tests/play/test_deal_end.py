"""The end of a deal shows it all (issue 46): every seat's cards as dealt, the skat as found and as laid
away, both sides' card points and tricks, the working of the value, and the tricks stepped one by one with
every hand open, so a learner can recount the result from the screen alone. The tests recount it from what
the Play page draws (AppTest, both rule profiles and both languages) and compare with the engine."""

from __future__ import annotations

import re

import pytest

from tests.play.helpers import coached_deal, store_state
from tests.ui.helpers import texts
from trainer.cards import Card, card_points, parse_cards
from trainer.deal import Seat
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.rules import DealState, Knock40, Pass, Phase
from trainer.rules.value import matadors
from trainer.table_session import table_game
from trainer.ui.views.deal_end import state_after_tricks

from .driver import button, open_play

pytestmark = pytest.mark.usefixtures("play_db")


def _rows(at, css_class: str) -> list[tuple[str, list[Card]]]:  # type: ignore[no-untyped-def]
    """The rows of the deal's end drawn with ``css_class``: each with its data-seat (or "") and cards."""
    found = []
    for element in at.html:
        for match in re.finditer(
            rf'<div class="{css_class}"(?: data-seat="(\w+)")?[^>]*>.*?data-cards="([^"]*)"', element.value
        ):
            found.append((match.group(1) or "", parse_cards(match.group(2))))
    return found


def _trick_rows(at) -> list[list[Card]]:  # type: ignore[no-untyped-def]
    """The trick on each card table drawn (the live one and the stepped one)."""
    return [
        parse_cards(codes)
        for element in at.html
        for codes in re.findall(r'class="skat-trick" data-cards="([^"]*)"', element.value)
    ]


def _finished(profile: RuleProfile) -> tuple[DealState, Seat]:
    """A deal played to its last trick with a declarer who picked up the skat (the learner forehand)."""
    for seed in range(1, 60):
        state = coached_deal(profile, seed, Seat.FOREHAND)
        outcome = state.outcome()
        if (
            outcome is not None
            and outcome.result is not None
            and outcome.cards_played == 30
            and state.picked_up
        ):
            return state, Seat.FOREHAND
    raise AssertionError("no such deal")


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("profile", [INTERNATIONAL, DANISH], ids=lambda p: p.name)
def test_the_end_shows_every_hand_the_skat_and_the_points_to_recount(
    play_db: str, profile: RuleProfile, lang: str
) -> None:
    state, learner = _finished(profile)
    outcome = state.outcome()
    assert outcome is not None and outcome.result is not None and outcome.declarer is not None
    token = f"end{profile.name}{lang}"
    store_state(play_db, token, state, learner)
    at = open_play(lang, profile.name, evening=token)
    dealt = {seat: cards for seat, cards in _rows(at, "skat-dealt")}
    assert {Seat[name]: set(cards) for name, cards in dealt.items()} == {
        seat: set(state.deal.hand(seat)) for seat in Seat
    }
    ((_, found),) = _rows(at, "skat-found")
    assert set(found) == set(state.deal.skat)
    ((_, laid),) = _rows(at, "skat-laid")  # the declarer picked up: what went back is shown
    assert set(laid) == set(state.discards)
    # Recount the matadors from the screen: the declarer's ten cards as dealt with the skat as found.
    declarer = outcome.declarer
    assert state.declaration is not None
    shown = texts(at)
    if not state.declaration.game.is_null:
        assert matadors([*dealt[declarer.name], *found], state.declaration.game) == outcome.matadors
    assert (
        outcome.result.breakdown.english_words() in shown or outcome.result.breakdown.danish_words() in shown
    )
    defenders = [s for s in Seat if s is not declarer]
    d_points, o_points = outcome.points[declarer], sum(outcome.points[s] for s in defenders)
    assert d_points + o_points == 120
    assert f"**{d_points}**" in shown and f"**{o_points}**" in shown
    # Step through the tricks from before the first lead: recount the declarer's card points.
    prefix = "play_end_"
    button(at, prefix + "first_page").click().run()
    assert not at.exception, at.exception
    taken = 0
    for number, trick in enumerate(state.tricks, start=1):
        button(at, prefix + "chevron_right").click().run()
        assert not at.exception, at.exception
        assert _trick_rows(at)[-1] == trick.cards, number  # the stepped table: the last one drawn
        if trick.winner is declarer:
            taken += card_points(trick.cards)
    assert taken + card_points(laid) == d_points  # the tricks on the screen and the skat laid away


def test_the_stepped_table_holds_every_hand_as_it_stood() -> None:
    state, _ = _finished(INTERNATIONAL)
    start = state_after_tricks(state, 0)
    assert all(len(start.hand(seat)) == 10 for seat in Seat)
    assert start.phase is Phase.PLAY
    middle = state_after_tricks(state, 4)
    assert len(middle.tricks) == 4 and all(len(middle.hand(seat)) == 6 for seat in Seat)
    assert state_after_tricks(state, 10).phase is Phase.FINISHED


def _lost_knock() -> DealState:
    """A Danish deal whose forehand knocked 40 (Slå 40 an) with a hand worth less and won the auction."""
    for seed in range(60):
        state = table_game(DANISH).new_deal(seed)
        while state.phase is not Phase.FINISHED:
            legal = state.legal_moves()
            knock = [m for m in legal if isinstance(m, Knock40) and m.knock]
            quiet = [m for m in legal if isinstance(m, Pass) or (isinstance(m, Knock40) and not m.knock)]
            if knock and state.to_move is Seat.FOREHAND:
                state.apply(knock[0])
            elif quiet:
                state.apply(quiet[0])
            else:
                break
        outcome = state.outcome()
        if outcome is not None and outcome.slaa_40_failed:
            return state
    raise AssertionError("no lost knock found")


@pytest.mark.parametrize("lang", ["en", "da"])
def test_a_lost_slaa_40_an_shows_every_hand_with_its_last_cards(play_db: str, lang: str) -> None:
    state = _lost_knock()
    token = f"endknock{lang}"
    store_state(play_db, token, state, Seat.MIDDLEHAND)
    at = open_play(lang, "danish", evening=token)
    dealt = {Seat[name]: cards for name, cards in _rows(at, "skat-dealt")}
    assert all(len(cards) == 10 for cards in dealt.values())  # the last five cards too
    assert {seat: set(cards) for seat, cards in dealt.items()} == {s: set(state.deal.hand(s)) for s in Seat}
    ((_, found),) = _rows(at, "skat-found")
    assert set(found) == set(state.deal.skat)
