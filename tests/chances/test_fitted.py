"""The terms fit to the experts' games (:mod:`trainer.chances.fitted`), all applied by one function: of the
nulls only a plain null is raised, before the pickup and after it by terms of its own; a suit or grand
game's chance goes through one increasing recalibration at the declaration (lower in the middle, higher at
the top); a plain grand and a forehand grand move by their own terms and nothing else does; all reach the
chance the bots and the coach read."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.cards import ALL_CARDS, parse_cards
from trainer.chances import fitted as fitted_module
from trainer.chances import hand_chances, skat_chances
from trainer.chances.fitted import (
    DECLARATION_LEVEL,
    DECLARATION_SLOPE,
    GRAND_AFTER_PICKUP,
    GRAND_FOREHAND,
    PLAIN_NULL_AFTER_PICKUP,
    PLAIN_NULL_BEFORE_PICKUP,
    PLAIN_NULL_BEFORE_PICKUP_LEVEL,
    recalibrated,
)
from trainer.deal import Seat
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.rules.bidding import allowed_declarations

NULL_TWELVE = "C7 C9 CQ S7 S8 SK H7 H9 D7 D8 DJ CA"
"""A null hand after the pickup: every suit held with its 7 but ♣A and ♦J to lay away."""


def _logit(p: float) -> float:
    return math.log(p / (1 - p))


@given(st.floats(0.02, 0.98))
def test_of_the_nulls_only_a_plain_null_is_shifted_before_and_after_the_pickup(p: float) -> None:
    assert PLAIN_NULL_AFTER_PICKUP > 0 and min(PLAIN_NULL_BEFORE_PICKUP) > 0
    for profile in (INTERNATIONAL, DANISH):
        for d in allowed_declarations(profile):
            if not d.game.is_null:
                continue
            plain = d == Declaration(GameType.NULL)
            for seat, term in ((None, PLAIN_NULL_BEFORE_PICKUP_LEVEL), *enumerate(PLAIN_NULL_BEFORE_PICKUP)):
                before = _logit(recalibrated(p, d, "pre", profile.name, seat)) - _logit(p)
                assert before == pytest.approx(term if plain else 0.0, abs=1e-6), (profile.name, d, seat)
            for seat in (0, 1, 2):
                moved = _logit(recalibrated(p, d, "play", profile.name, seat)) - _logit(p)
                expected = PLAIN_NULL_AFTER_PICKUP if d == Declaration(GameType.NULL) else 0.0
                assert moved == pytest.approx(expected, abs=1e-6), (profile.name, d, seat)


def test_the_shift_reaches_the_chance_after_the_pickup(monkeypatch: pytest.MonkeyPatch) -> None:
    twelve = parse_cards(NULL_TWELVE)
    null = Declaration(GameType.NULL)
    with_term = {c.declaration: c for c in skat_chances(INTERNATIONAL, twelve, Seat.FOREHAND)}
    monkeypatch.setattr(fitted_module, "PLAIN_NULL_AFTER_PICKUP", 0.0)
    without = {c.declaration: c for c in skat_chances(INTERNATIONAL, twelve, Seat.FOREHAND)}
    assert 0.01 < without[null].win < with_term[null].win < 0.99
    assert _logit(with_term[null].win) - _logit(without[null].win) == pytest.approx(
        PLAIN_NULL_AFTER_PICKUP, abs=0.01
    )
    assert with_term[null].discards == without[null].discards  # a level moves no discard
    for d, chance in with_term.items():
        if d != null:
            assert chance.win == without[d].win, d


def test_the_chance_before_the_pickup_is_untouched_by_the_term_after_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ten = parse_cards("C7 C9 CQ S7 S8 SK H7 H9 D7 D8")
    before = hand_chances(INTERNATIONAL, ten, Seat.FOREHAND)
    monkeypatch.setattr(fitted_module, "PLAIN_NULL_AFTER_PICKUP", 0.0)
    assert hand_chances(INTERNATIONAL, ten, Seat.FOREHAND) == before


def test_the_term_before_the_pickup_reaches_the_auctions_null_and_nothing_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The chance a seat bids a plain null on (before the pickup) carries its term; every other game of the
    hand, the hand null among them, is the same without it."""
    ten = parse_cards("C7 C9 CQ S7 S8 SK H7 H9 D7 D8")
    null = Declaration(GameType.NULL)
    with_term = {c.declaration: c for c in hand_chances(INTERNATIONAL, ten, Seat.MIDDLEHAND)}
    monkeypatch.setattr(fitted_module, "PLAIN_NULL_BEFORE_PICKUP", (0.0, 0.0, 0.0))
    without = {c.declaration: c for c in hand_chances(INTERNATIONAL, ten, Seat.MIDDLEHAND)}
    assert 0.01 < without[null].win < with_term[null].win < 0.99
    assert _logit(with_term[null].win) - _logit(without[null].win) == pytest.approx(
        PLAIN_NULL_BEFORE_PICKUP[Seat.MIDDLEHAND], abs=0.01
    )
    for d, chance in with_term.items():
        if d != null:
            assert chance.win == without[d].win, d


CHANCES = st.floats(0.001, 0.999)
CROSSING = 1 / (1 + math.exp(DECLARATION_LEVEL / (DECLARATION_SLOPE - 1)))
"""Where the recalibration meets the diagonal (about 0.83)."""


@given(CHANCES, CHANCES)
def test_the_recalibration_keeps_the_order_and_crosses_the_diagonal_once(p: float, q: float) -> None:
    grand = Declaration(GameType.GRAND)
    low, high = sorted((p, q))
    assert recalibrated(low, grand, "play") <= recalibrated(high, grand, "play")
    moved = recalibrated(p, grand, "play")
    assert moved <= p if p <= CROSSING else moved >= p
    assert 0.7 < CROSSING < 0.9


@given(CHANCES)
def test_the_recalibration_leaves_the_chance_before_the_pickup(p: float) -> None:
    for profile in (INTERNATIONAL, DANISH):
        for d in allowed_declarations(profile):
            if d == Declaration(GameType.NULL):
                continue  # its own term (above)
            for seat in (0, 1, 2):
                assert recalibrated(p, d, "pre", profile.name, seat) == p


@given(CHANCES)
def test_the_grand_term_moves_only_the_plain_grand_after_the_pickup_where_measured(p: float) -> None:
    for profile in (INTERNATIONAL, DANISH):
        term = GRAND_AFTER_PICKUP.get(profile.name, 0.0)
        for d in allowed_declarations(profile):
            plain_grand = d.game is GameType.GRAND and not d.hand and not d.ouvert
            with_term = recalibrated(p, d, "play", profile.name)
            assert d.game.is_null or recalibrated(p, d, "pre", profile.name) == p
            if not plain_grand or term == 0.0:
                assert with_term == recalibrated(p, d, "play"), (profile.name, d)
            elif 0.01 < with_term < 0.99:
                moved = _logit(with_term) - _logit(recalibrated(p, d, "play"))
                assert moved == pytest.approx(term, abs=1e-6), (profile.name, d)
    assert all(term < 0 for term in GRAND_AFTER_PICKUP.values())


@given(CHANCES)
def test_the_forehand_term_moves_only_a_grand_in_forehand_at_the_declaration(p: float) -> None:
    for profile in (INTERNATIONAL, DANISH):
        for d in allowed_declarations(profile):
            grand = d.game is GameType.GRAND and not d.ouvert
            elsewhere = {recalibrated(p, d, "play", profile.name, seat) for seat in (None, 1, 2)}
            assert len(elsewhere) == 1, (profile.name, d)
            in_forehand = recalibrated(p, d, "play", profile.name, 0)
            assert d.game.is_null or recalibrated(p, d, "pre", profile.name, 0) == p
            if not grand:
                assert in_forehand in elsewhere, (profile.name, d)
            elif 0.01 < in_forehand < 0.99:
                moved = _logit(in_forehand) - _logit(elsewhere.pop())
                assert moved == pytest.approx(GRAND_FOREHAND, abs=1e-6), (profile.name, d)
    assert GRAND_FOREHAND < 0


def test_a_forehand_grand_still_leads_the_other_seats_after_the_pickup() -> None:
    """The term takes back part of the opening lead's worth, not all of it: over random twelve-card hands the
    forehand grand stays above the same cards in middlehand and in rearhand on average."""
    rng = random.Random(41)
    grand = Declaration(GameType.GRAND)
    for profile in (INTERNATIONAL, DANISH):
        leads: list[float] = []
        while len(leads) < 40:
            twelve = rng.sample(list(ALL_CARDS), 12)
            wins = [{c.declaration: c for c in skat_chances(profile, twelve, s)}[grand].win for s in Seat]
            if all(0.05 < w < 0.95 for w in wins):
                leads.extend(_logit(wins[0]) - _logit(w) for w in wins[1:])
        assert sum(leads) / len(leads) > 0.2, profile.name


def _unrecalibrated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fitted_module, "DECLARATION_LEVEL", 0.0)
    monkeypatch.setattr(fitted_module, "DECLARATION_SLOPE", 1.0)
    monkeypatch.setattr(fitted_module, "GRAND_AFTER_PICKUP", {})
    monkeypatch.setattr(fitted_module, "GRAND_FOREHAND", 0.0)
    monkeypatch.setattr(fitted_module, "PLAIN_NULL_AFTER_PICKUP", 0.0)


@pytest.mark.parametrize("seat", [Seat.FOREHAND, Seat.MIDDLEHAND], ids=["forehand", "middlehand"])
@pytest.mark.parametrize("profile", [INTERNATIONAL, DANISH], ids=["international", "danish"])
def test_the_recalibration_reaches_the_chance_after_the_pickup(
    monkeypatch: pytest.MonkeyPatch, profile: object, seat: Seat
) -> None:
    twelve = parse_cards("CJ SJ C10 CQ C9 SA HA HQ H8 D9 D7 S7")
    _unrecalibrated(monkeypatch)
    raw = {c.declaration: c for c in skat_chances(profile, twelve, seat)}  # type: ignore[arg-type]
    monkeypatch.undo()
    shipped = {c.declaration: c for c in skat_chances(profile, twelve, seat)}  # type: ignore[arg-type]
    changed = 0
    for d, chance in shipped.items():
        expected = recalibrated(raw[d].win, d, "play", profile.name, int(seat))  # type: ignore[attr-defined]
        assert chance.win == pytest.approx(min(0.99, max(0.01, expected)), abs=2e-4), d
        assert chance.low <= chance.win <= chance.high
        changed += chance.win != raw[d].win
    assert changed > 0


def test_before_the_pickup_only_hand_games_are_recalibrated(monkeypatch: pytest.MonkeyPatch) -> None:
    ten = parse_cards("CJ SJ C10 CQ C9 SA HA HQ H8 D9")
    _unrecalibrated(monkeypatch)
    raw = {c.declaration: c for c in hand_chances(INTERNATIONAL, ten, Seat.REARHAND)}
    monkeypatch.undo()
    shipped = {c.declaration: c for c in hand_chances(INTERNATIONAL, ten, Seat.REARHAND)}
    for d, chance in shipped.items():
        if d.hand and not d.game.is_null:
            expected = min(0.99, max(0.01, recalibrated(raw[d].win, d, "play", INTERNATIONAL.name)))
            assert chance.win == pytest.approx(expected, abs=2e-4), d
        else:
            assert chance.win == raw[d].win, d


@given(st.floats(0.02, 0.98), st.floats(0.02, 0.98))
def test_an_open_games_term_raises_a_danish_declaration_and_nothing_else(p: float, q: float) -> None:
    """:func:`open_checked`: the Danish term at the declaration, increasing, within the model's bounds;
    before the pickup and in the international rules the chance is left as it is."""
    from trainer.chances.fitted import OPEN_GAME, open_checked

    raised = open_checked(p, "play", "danish")
    assert raised > p or raised == 0.99
    if raised < 0.99:
        assert _logit(raised) - _logit(p) == pytest.approx(OPEN_GAME["danish"], abs=1e-6)
    if p < q:
        assert raised <= open_checked(q, "play", "danish")
    assert open_checked(p, "pre", "danish") == p
    assert open_checked(p, "play", "international") == p


def test_an_advised_danish_open_game_takes_the_term_after_the_layouts_cap() -> None:
    """The coach's, the drill's and the bots' open games (``checked_open``): an advised Danish open game at
    the declaration is the layouts' cap moved by the term; a rejected one keeps the cap; a pickup game's
    open form before the pickup gets no term."""
    from trainer.chances.fitted import open_checked
    from trainer.chances.open_check import checked_open, open_share

    cards = parse_cards("D7 D9 DJ HT HA HJ C7 CT CA CJ")
    raw = {c.declaration: c for c in hand_chances(DANISH, cards, Seat.FOREHAND)}
    checked = checked_open(tuple(raw.values()), DANISH, cards, Seat.FOREHAND)
    ten = tuple(sorted(cards, key=lambda card: card.index))
    advised = 0
    for chance in checked:
        d = chance.declaration
        before = raw[d]
        if not d.ouvert or before.max_bid is None:
            assert chance == before
            continue
        share = open_share(DANISH, ten, Seat.FOREHAND, d, ())
        assert share is not None
        capped = min(before.win, share)
        if chance.max_bid is None:
            assert chance.win == pytest.approx(capped, abs=1e-4)
        else:
            advised += 1
            assert chance.win == pytest.approx(open_checked(capped, before.moment, "danish"), abs=1e-4)
            if before.moment == "play":
                assert chance.win > capped
        assert chance.low <= chance.win <= chance.high
    assert advised
