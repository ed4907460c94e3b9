"""How the coach says a move (issue 46): in Ramse's skat round the cards are passed on ("giv videre"), not
laid away ("tryk"), and the Danish replay button names the deal (det spil)."""

from __future__ import annotations

from trainer.cards import parse_cards
from trainer.deal import Seat
from trainer.profiles import DANISH
from trainer.rules import Discard, RamsePass
from trainer.table_session import table_game
from trainer.ui.context import context_from_state
from trainer.ui.pages.play_result import move_text


def test_a_ramse_pass_is_passed_on_and_a_discard_laid_away() -> None:
    ctx = context_from_state({"lang": "da", "rules": "danish"})
    view = table_game(DANISH).new_deal(1).view(Seat.FOREHAND)
    two = tuple(parse_cards("S9 C8"))
    assert move_text(RamsePass(Seat.FOREHAND, two), view, ctx) == "giv ♠9 ♣8 videre"
    assert move_text(Discard(Seat.FOREHAND, two), view, ctx) == "tryk ♠9 ♣8"
    english = context_from_state({"lang": "en", "rules": "danish"})
    assert move_text(RamsePass(Seat.FOREHAND, two), view, english) == "pass on ♠9 ♣8"


def test_the_danish_replay_button_names_the_deal() -> None:
    t = context_from_state({"lang": "da", "rules": "danish"}).t
    assert t("Open it in the replay viewer") == "Åbn det i genafspilleren"
