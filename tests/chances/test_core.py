"""The chance model's answers: every declaration, deterministic, honest intervals, the skat's spread of
values counted exactly, the pickup with the best discard, and the moments it refuses."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.cards import ALL_CARDS, parse_cards
from trainer.chances import ChanceError, game_chances, hand_chances, matador_spread, skat_chances
from trainer.chances.model import CHANCE_CEILING, CHANCE_FLOOR, load_model
from trainer.deal import Seat
from trainer.games import SUIT_GAMES, Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.rules import Declare, Discard, Phase, PickUp, SkatGame
from trainer.rules.bidding import allowed_declarations
from trainer.rules.value import matadors

MONSTER = parse_cards("CJ SJ HJ DJ CA CT CK CQ SA HA")
JUNK = parse_cards("C7 C8 S7 S8 S9 H7 H8 D7 D8 D9")


@pytest.mark.parametrize("profile", [DANISH, INTERNATIONAL], ids=lambda p: p.name)
def test_every_declaration_but_musik_gets_a_chance(profile: RuleProfile) -> None:
    chances = hand_chances(profile, MONSTER, Seat.FOREHAND)
    expected = {d for d in allowed_declarations(profile) if not d.musik}
    assert {c.declaration for c in chances} == expected
    for c in chances:
        assert CHANCE_FLOOR <= c.low <= c.win <= c.high <= CHANCE_CEILING
        assert abs(sum(p for _v, p in c.spread) - 1) < 1e-9
        assert c.max_bid is None or c.max_bid <= max(v for v, _p in c.spread)


def test_a_monster_beats_junk_for_every_game() -> None:
    strong = {c.declaration: c for c in hand_chances(INTERNATIONAL, MONSTER, Seat.FOREHAND)}
    weak = {c.declaration: c for c in hand_chances(INTERNATIONAL, JUNK, Seat.FOREHAND)}
    clubs, grand = Declaration(GameType.CLUBS), Declaration(GameType.GRAND)
    assert strong[clubs].win > 0.8 and strong[grand].win > 0.8
    assert weak[clubs].win < 0.2 and weak[grand].win < 0.2
    assert strong[clubs].max_bid is not None and weak[clubs].max_bid is None
    # the junk hand is a null hand (every suit low): null is its best game
    assert weak[Declaration(GameType.NULL)].win > weak[clubs].win


def test_same_view_same_answer() -> None:
    state = SkatGame(INTERNATIONAL).new_deal(5)
    view = state.view(state.to_move)  # type: ignore[arg-type]
    assert game_chances(view) == game_chances(view)


def test_matador_spread_is_the_exact_count_over_every_skat() -> None:
    rng = random.Random(3)
    for _ in range(12):
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        hand = deck[:10]
        unseen = [card for card in ALL_CARDS if card not in hand]
        for game in (*SUIT_GAMES, GameType.GRAND):
            counted: dict[int, int] = {}
            for skat in itertools.combinations(unseen, 2):
                m = matadors([*hand, *skat], game)
                counted[m] = counted.get(m, 0) + 1
            total = sum(counted.values())
            expected = sorted((m, n / total) for m, n in counted.items())
            got = matador_spread(hand, game)
            assert [m for m, _p in got] == [m for m, _p in expected]
            assert all(abs(p - q) < 1e-12 for (_m, p), (_n, q) in zip(got, expected, strict=True))


def test_after_the_pickup_every_game_has_its_discard() -> None:
    twelve = (*MONSTER, *parse_cards("D7 D8"))
    chances = skat_chances(INTERNATIONAL, twelve, Seat.MIDDLEHAND)
    assert {c.declaration for c in chances} == {
        d for d in allowed_declarations(INTERNATIONAL) if not d.hand and not d.musik
    }
    for c in chances:
        assert len(c.discards) == 2 and set(c.discards) <= set(twelve)
        assert c.moment == "play" and c.spread == ((c.value, 1.0),)
    clubs = next(c for c in chances if c.declaration == Declaration(GameType.CLUBS))
    assert not any(card.is_jack or card.suit.letter == "C" for card in clubs.discards)
    fixed = skat_chances(INTERNATIONAL, twelve, Seat.MIDDLEHAND, discards=parse_cards("SA HA"))
    assert all(set(c.discards) == set(parse_cards("SA HA")) for c in fixed)
    with pytest.raises(ChanceError):
        skat_chances(INTERNATIONAL, twelve, Seat.MIDDLEHAND, discards=parse_cards("C7 C8"))


def test_views_before_the_pickup_after_it_and_refused_during_play() -> None:
    state = SkatGame(DANISH).new_deal(11)
    seat = state.to_move
    assert seat is not None
    assert game_chances(state.view(seat))[0].moment in ("pre", "play")
    # make the first bidder the declarer at the lowest bid
    from trainer.rules import Bid, Pass

    state.apply(Bid(seat, DANISH.min_bid))
    while state.phase is Phase.AUCTION:
        mover = state.to_move
        assert mover is not None
        state.apply(Pass(mover))
    declarer = state.declarer
    assert declarer is seat and state.phase is Phase.PICKUP
    state.apply(PickUp(declarer))
    after = game_chances(state.view(declarer))
    assert all(c.discards for c in after)
    state.apply(Discard(declarer, after[0].discards))
    declared = game_chances(state.view(declarer))
    assert all(set(c.discards) == set(after[0].discards) for c in declared)
    state.apply(next(m for m in state.legal_moves() if isinstance(m, Declare)))
    assert state.phase is Phase.PLAY
    with pytest.raises(ChanceError, match="judged"):
        game_chances(state.view(declarer))


def test_the_shipped_model_is_small_and_reads_the_code_features() -> None:
    model = load_model()
    assert set(model.nets) == {"suit", "grand", "null"}
    from trainer.chances.model import MODEL_PATH

    assert MODEL_PATH.stat().st_size < 1_000_000


def test_the_calibration_error_weighs_each_bins_gap_by_its_share() -> None:
    """ECE against a hand count: bin [0.8, 1.0) holds 0.9 and 0.85 (both lost: gap 0.875, share 2/4), bin
    [0.2, 0.4) holds 0.3 and 0.3 (one won: gap 0.2, share 2/4); a chance equal to every bin's result is 0."""
    import numpy as np

    from trainer.chances.model import calibration_error

    p = np.array([0.9, 0.85, 0.3, 0.3])
    y = np.array([0.0, 0.0, 1.0, 0.0])
    assert calibration_error(p, y) == pytest.approx(0.5 * 0.875 + 0.5 * 0.2)
    assert calibration_error(np.array([1.0, 0.0, 0.5, 0.5]), np.array([1.0, 0.0, 1.0, 0.0])) == 0.0
    assert np.isnan(calibration_error(np.array([]), np.array([])))


@given(st.integers(1, 120), st.integers(1, 6), st.sampled_from((5.0, 50.0, 95.0)), st.integers(0, 2**32 - 1))
def test_the_interval_ends_are_numpys_percentiles(rows: int, columns: int, q: float, seed: int) -> None:
    """The model sorts its members once for both ends of the interval: the same figures as np.percentile."""
    import numpy as np

    from trainer.chances.model import _percentile

    x = np.random.default_rng(seed).random((rows, columns))
    assert np.array_equal(_percentile(np.sort(x, axis=0), q), np.percentile(x, q, axis=0))
