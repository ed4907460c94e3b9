"""A seat's cards in the browser tests: what a test reads of the seat's own controls on the Play page and at
a shared table (the card buttons of its hand, whether a move's button is offered), the deals a table test
starts from (at the first lead, or at the last trick) and the last trick clicked out. One copy for every
browser test (the Play, table, keyboard and new-learner tests each had their own)."""

from __future__ import annotations

from .conftest import above, click, wait_state

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


def near_the_end(seed: int):  # type: ignore[no-untyped-def]
    """The grand hand of :func:`grand_hand_at_first_lead` played by the computers' rules to the last trick."""
    import random

    from trainer.bots import choose
    from trainer.rules import NoCall, Phase

    state = grand_hand_at_first_lead(seed)
    rng = random.Random(seed)
    while len(state.tricks) < 9 or state.current_trick:
        seat = state.to_move
        assert seat is not None and state.phase is not Phase.FINISHED
        move = (
            NoCall(seat) if state.phase is Phase.KNOCK else choose(state.view(seat), "beginner", rng=rng).move
        )
        state.apply(move)
    return state


def store_deal(play, table_id: int, state) -> None:  # type: ignore[no-untyped-def]
    """Make ``state`` the table's next deal (as if played so far)."""
    now = play.start_next_deal(table_id, seed=1)
    assert play.play.save_deal(now.stored.id, state, seen=now.stored.move_count)


def click_last_trick(play, table_id: int, pages: list) -> list[str]:  # type: ignore[no-untyped-def,type-arg]
    """The last trick of deal 1, clicked card by card on the page (``pages`` by place) of the seat whose
    turn the store says it is, each after that page shows its turn; the cards played (ISS codes)."""
    from trainer.rules import PlayCard
    from trainer.table_session import place_of_seat

    played: list[str] = []
    for _ in range(3):
        now = play.moment(table_id)
        assert now.state is not None and now.turn is not None and now.stored is not None
        moves = now.stored.move_count
        card = next(m.card for m in now.state.view(now.turn.seat).legal_moves if isinstance(m, PlayCard))
        place = place_of_seat(now.turn.seat, 1)
        page = pages[place]
        wait_state(page, f"seat {place} sees its turn at move {moves}", turn="me", move_count=moves)
        button = page.locator(f".st-key-play_card-{card.iss} button")
        click(page, button, f"seat {place} plays {card.iss}", move_count=above(moves))
        played.append(card.iss)
    return played
