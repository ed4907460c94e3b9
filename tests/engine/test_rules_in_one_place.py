"""The engine decides the knock window by the rule predicates and their agreed numbers (one place per rule):
moving the latest card for Spørge in the house options moves the window the deal opens."""

from __future__ import annotations

import pytest

from trainer.deal import Seat, random_deal
from trainer.games import Declaration, GameType
from trainer.moves import PlayCard
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.rules import HouseOptions, Phase, SkatGame
from trainer.rules.extras import DanishExtras, may_knock
from trainer.rules.settlement import kontra_allowed


def _cards_until_window(game: SkatGame, seed: int) -> int | None:
    """How many cards are played before the deal opens its knock window (None: it never does)."""
    profile = game.profile
    state = game.with_contract(
        random_deal(seed, profile),
        Seat.MIDDLEHAND,
        Declaration(GameType.GRAND, hand=True),
        bid=profile.min_bid,
    )
    played = 0
    while state.phase is Phase.PLAY:
        state.apply(next(m for m in state.legal_moves() if isinstance(m, PlayCard)))
        played += 1
        if state.phase is Phase.KNOCK:
            return played
    return None


@pytest.mark.parametrize("latest", [1, 2, 3])
def test_the_spoerge_window_opens_after_the_last_card_the_agreed_number_allows(latest: int) -> None:
    extras = DanishExtras(spoerge_latest_cards_played=latest)
    game = SkatGame(DANISH, HouseOptions(spoerge=True, extras=extras))
    opened = _cards_until_window(game, seed=latest)
    assert opened == latest
    assert may_knock(opened, extras) and not may_knock(opened + 1, extras)


def test_the_kontra_window_opens_where_kontra_is_still_allowed() -> None:
    opened = _cards_until_window(SkatGame(INTERNATIONAL, HouseOptions(kontra=True)), seed=4)
    assert opened is not None and kontra_allowed(opened) and not kontra_allowed(opened + 1)


def test_without_a_call_there_is_no_window() -> None:
    assert _cards_until_window(SkatGame(INTERNATIONAL, HouseOptions()), seed=4) is None
