"""A seat's cards in the browser tests: what a test reads of the seat's own controls on the Play page and at
a shared table (the card buttons of its hand, whether a move's button is offered), and a deal laid out at
its first lead for a table test to start from. One copy for every browser test (the Play, table, keyboard
and new-learner tests each had their own)."""

from __future__ import annotations

CARD_PREFIX = "st-key-play_card-"
"""The class Streamlit gives each card button of the hand (its key is ``play_card-<ISS code>``)."""


def card_codes(page) -> list[str]:  # type: ignore[no-untyped-def]
    """The seat's card buttons in hand order, as ISS codes (empty when the page offers none)."""
    classes = page.eval_on_selector_all(
        f"[class*='{CARD_PREFIX}']",
        f"els => els.map(e => [...e.classList].find(c => c.startsWith('{CARD_PREFIX}')))",
    )
    return [name.removeprefix(CARD_PREFIX) for name in classes]


def offered(page, key: str):  # type: ignore[no-untyped-def]
    """The enabled button ``key`` on the (idle) page, or None."""
    button = page.locator(f".st-key-{key} button")
    return button.first if button.count() and button.first.is_enabled() else None


def grand_hand_at_first_lead(seed: int):  # type: ignore[no-untyped-def]
    """An international grand hand by forehand at 18 (the deal ``seed``), nobody has led yet: forehand, the
    table's place 0 in its first deal, leads."""
    from trainer.deal import Seat, random_deal
    from trainer.games import Declaration, GameType
    from trainer.profiles import INTERNATIONAL
    from trainer.table_session import table_game

    grand = Declaration(GameType.GRAND, hand=True)
    return table_game(INTERNATIONAL).with_contract(
        random_deal(seed, INTERNATIONAL), Seat.FOREHAND, grand, bid=18
    )
