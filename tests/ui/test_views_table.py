"""The card table view: built from what one seat may see, it never puts a hidden card into the page, and
the viewer's hand is card buttons of which only the given cards can be pressed."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from trainer.deal import Seat, random_deal
from trainer.games import Declaration, GameType
from trainer.profiles import INTERNATIONAL
from trainer.rules import DealState, PlayCard, SkatGame


def _state() -> DealState:
    deal = random_deal(11, INTERNATIONAL)
    return SkatGame(INTERNATIONAL).with_contract(
        deal, Seat.FOREHAND, Declaration(GameType.CLUBS), bid=18, discards=deal.hands[0][:2]
    )


def _table_app(seat_name: str) -> AppTest:
    def app(seat_name: str) -> None:
        import streamlit as st

        from trainer.deal import Seat, random_deal
        from trainer.games import Declaration, GameType
        from trainer.i18n import get_translator
        from trainer.profiles import INTERNATIONAL
        from trainer.rules import SkatGame
        from trainer.ui.context import PageContext
        from trainer.ui.views.table import TableView, draw_table

        deal = random_deal(11, INTERNATIONAL)
        clubs = Declaration(GameType.CLUBS)
        state = SkatGame(INTERNATIONAL).with_contract(
            deal, Seat.FOREHAND, clubs, bid=18, discards=deal.hands[0][:2]
        )
        ctx = PageContext("en", INTERNATIONAL, get_translator("en"))
        table = TableView.from_seat_view(state.view(Seat[seat_name]))
        draw_table(table, ctx, key="hand", on_card=lambda card: st.session_state.update(played=card.iss))

    return AppTest.from_function(app, args=(seat_name,), default_timeout=30).run()


def test_a_defender_sees_its_hand_the_counts_and_a_face_down_skat() -> None:
    state = _state()
    view = state.view(Seat.MIDDLEHAND)
    at = _table_app("MIDDLEHAND")
    assert not at.exception
    page = "".join(element.value for element in at.html)
    hidden = [*state.hand(Seat.FOREHAND), *state.hand(Seat.REARHAND), *_state().deal.hands[0][:2]]
    assert not [c.iss for c in hidden if c not in view.hand and f'data-card="{c.iss}"' in page]
    assert page.count('data-backs="10"') == 2  # forehand (after discarding) and rearhand, face down
    assert 'class="skat-skat" data-cards="back back"' in page
    # middlehand's own cards are buttons; none can be pressed while forehand is to lead
    buttons = {b.key: b for b in at.button}
    assert sorted(buttons) == sorted(f"hand-{c.iss}" for c in view.hand)
    assert all(b.disabled for b in buttons.values())


def test_the_declarer_sees_its_discards_and_may_press_only_legal_cards() -> None:
    state = _state()
    at = _table_app("FOREHAND")
    page = "".join(element.value for element in at.html)
    discards = " ".join(c.iss for c in state.view(Seat.FOREHAND).discards)
    assert f'class="skat-skat" data-cards="{discards}"' in page
    legal = {m.card.iss for m in state.legal_moves() if isinstance(m, PlayCard)}
    pressable = {str(b.key).removeprefix("hand-") for b in at.button if not b.disabled}
    assert pressable == legal
    card = sorted(legal)[0]
    at.button(key=f"hand-{card}").click().run()
    assert at.session_state["played"] == card


def test_the_trick_lies_in_play_order_and_the_seats_clockwise() -> None:
    from trainer.ui.views.table import TableView

    state = _state()
    lead = state.legal_moves()[0]
    assert isinstance(lead, PlayCard)
    state.apply(lead)
    table = TableView.from_seat_view(state.view(Seat.REARHAND))
    assert table.trick == ((Seat.FOREHAND, lead.card),) and table.trick_number == 1
    assert table.hand(Seat.FOREHAND).cards is None and table.hand(Seat.FOREHAND).count == 9
    assert table.hand(Seat.REARHAND).cards == state.hand(Seat.REARHAND)
    assert table.left is Seat.FOREHAND and table.right is Seat.MIDDLEHAND  # forehand plays after rearhand
    assert table.legal == frozenset()  # middlehand is to play, not rearhand
