"""A finished deal is scored from its Outcome only (issue 20): the cases the old score sheet got wrong,
checked against amounts worked out by hand from RULES §10, and every scheme from one path."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.test_game import make_deal
from trainer import moves
from trainer.calc import SCHEMES
from trainer.cards import parse_card, parse_cards
from trainer.deal import Seat
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL, AllPass
from trainer.records.deal_record import DealRecord, outcome_from_json, outcome_to_json
from trainer.rules import HouseOptions, Phase, SkatGame
from trainer.scoring import ScoreSheet, SheetDeal, settle

# Forehand: clubs "med 2, spil 3" = 36 (♣J ♠J, no ♥J); the skat (♦8 ♦7) holds no card points.
CLUBS_WITH_TWO = make_deal(
    "CJ SJ CA CT CK CQ C9 SA HA DA",
    "HJ DJ C8 C7 ST SK SQ S9 S8 S7",
    "HT HK HQ H9 H8 H7 DT DK DQ D9",
    "D8 D7",
)


def _clubs_after_pickup(house: HouseOptions, bid: int = 24):  # type: ignore[no-untyped-def]
    state = SkatGame(DANISH, house).new_deal(deal=CLUBS_WITH_TWO)
    if house.slaa_40_an:
        for seat in Seat:
            state.apply(moves.Knock40(seat, False))
    state.apply(moves.Contract(Seat.FOREHAND, bid))
    state.apply(moves.PickUp(Seat.FOREHAND))
    state.apply(moves.Discard(Seat.FOREHAND, parse_cards("D8 D7")))
    return state


def _money(state) -> tuple[Decimal, Decimal, Decimal]:  # type: ignore[no-untyped-def]
    settled = settle(state.outcome(), "danish_money")
    assert settled is not None
    return settled.by_seat


def test_cards_thrown_after_play_began_settle_on_the_value_not_the_bid() -> None:
    """RULES §10: only cards thrown before play are settled on the bid. Clubs med 2 = 36 → 40 øre each at
    the loss rate 1 (the old sheet said 24 → 30 each, because it guessed 'before play' from 0 points)."""
    state = _clubs_after_pickup(HouseOptions())
    state.apply(moves.Declare(Seat.FOREHAND, Declaration(GameType.CLUBS)))
    for card in ("CJ", "HJ", "HT"):
        state.apply(moves.PlayCard(state.to_move, parse_card(card)))  # type: ignore[arg-type]
    assert state.to_move is Seat.FOREHAND
    state.apply(moves.Throw(Seat.FOREHAND))
    outcome = state.outcome()
    assert outcome is not None and outcome.thrown and not outcome.thrown_before_play
    assert _money(state) == (Decimal(-80), Decimal(40), Decimal(40))


def test_cards_thrown_after_the_skat_settle_on_the_bid() -> None:
    state = _clubs_after_pickup(HouseOptions())
    state.apply(moves.Throw(Seat.FOREHAND))
    assert state.outcome() is not None and state.outcome().thrown_before_play  # type: ignore[union-attr]
    assert _money(state) == (Decimal(-60), Decimal(30), Decimal(30))  # bid 24 → 30 øre each
    lst = settle(state.outcome(), "list")  # type: ignore[arg-type]
    assert lst is not None and lst.by_seat[Seat.FOREHAND] == Decimal(-48)


def test_a_slaa_40_an_game_thrown_after_the_pickup_keeps_the_doubled_rate() -> None:
    """Knock 40 with a grand in mind (Danish grand med 2 = 60 ≥ 40: the knock holds), pick up, throw: lost on
    the bid 40 with the rates doubled — 80 øre to each (the old sheet paid 40)."""
    state = SkatGame(DANISH, HouseOptions(slaa_40_an=True)).new_deal(deal=CLUBS_WITH_TWO)
    state.apply(moves.Knock40(Seat.FOREHAND, True, GameType.GRAND))
    state.apply(moves.Pass(Seat.MIDDLEHAND))
    state.apply(moves.Pass(Seat.REARHAND))
    assert state.phase is Phase.PICKUP and state.bid == 40
    state.apply(moves.PickUp(Seat.FOREHAND))
    state.apply(moves.Discard(Seat.FOREHAND, parse_cards("D8 D7")))
    state.apply(moves.Throw(Seat.FOREHAND))
    assert _money(state) == (Decimal(-160), Decimal(80), Decimal(80))


def test_a_spoerge_throw_is_settled_on_the_value_at_the_normal_rate() -> None:
    """RULES §8: after a knock the declarer may throw and pays the normal rate on the declared game's value
    (clubs med 2 = 36 → 40 øre each), also when the skat holds no points (the old sheet used the bid)."""
    state = _clubs_after_pickup(HouseOptions(spoerge=True))
    state.apply(moves.Declare(Seat.FOREHAND, Declaration(GameType.CLUBS)))
    state.apply(moves.PlayCard(Seat.FOREHAND, parse_card("CJ")))
    assert state.phase is Phase.KNOCK
    state.apply(moves.Spoerge(Seat.MIDDLEHAND, moves.SpoergeCall.KNOCK))
    state.apply(moves.Spoerge(Seat.FOREHAND, moves.SpoergeCall.THROW))
    assert _money(state) == (Decimal(-80), Decimal(40), Decimal(40))


def test_a_knock_played_on_doubles_the_rate() -> None:
    state = _clubs_after_pickup(HouseOptions(spoerge=True))
    state.apply(moves.Declare(Seat.FOREHAND, Declaration(GameType.CLUBS)))
    state.apply(moves.PlayCard(Seat.FOREHAND, parse_card("CJ")))
    state.apply(moves.Spoerge(Seat.MIDDLEHAND, moves.SpoergeCall.KNOCK))
    state.apply(moves.NoCall(Seat.FOREHAND))
    rng = random.Random(1)
    while state.phase is not Phase.FINISHED:
        state.apply(rng.choice([m for m in state.legal_moves() if not isinstance(m, moves.Throw)]))
    outcome = state.outcome()
    assert outcome is not None and outcome.rate_factor == 2 and outcome.result is not None
    value = outcome.result.value
    rounded = -(-value // 10) * 10
    each = Decimal(rounded) * (Decimal("0.5") if outcome.won else Decimal(1)) * 2
    expected = (2 * each, -each, -each) if outcome.won else (-2 * each, each, each)
    assert _money(state) == expected


def test_a_failed_slaa_40_an_is_lost_at_40_with_doubled_rates() -> None:
    state = SkatGame(DANISH, HouseOptions(slaa_40_an=True)).new_deal(deal=CLUBS_WITH_TWO)
    state.apply(moves.Knock40(Seat.FOREHAND, True, GameType.CLUBS))  # clubs med 2 = 36 < 40: the knock fails
    state.apply(moves.Pass(Seat.MIDDLEHAND))
    state.apply(moves.Pass(Seat.REARHAND))
    outcome = state.outcome()
    assert outcome is not None and outcome.slaa_40_failed
    assert _money(state) == (Decimal(-160), Decimal(80), Decimal(80))
    lst = settle(outcome, "list")
    assert lst is not None and lst.by_seat[Seat.FOREHAND] == Decimal(-80)


def _random_finished(seed: int, profile_name: str, options: dict[str, bool]):  # type: ignore[no-untyped-def]
    profile = DANISH if profile_name == "danish" else INTERNATIONAL
    house = HouseOptions(
        kontra=options["kontra"] and profile is INTERNATIONAL,
        spoerge=options["spoerge"] and profile is DANISH,
        slaa_40_an=options["slaa"] and profile is DANISH,
        all_pass=AllPass.RAMSCH if options["ramsch"] and profile is INTERNATIONAL else None,
    )
    state = SkatGame(profile, house).new_deal(seed)
    rng = random.Random(seed)
    while state.phase is not Phase.FINISHED:
        legal = state.legal_moves()
        if state.phase is Phase.PLAY and state.to_move is state.declarer and rng.random() < 0.02:
            state.apply(moves.Throw(state.to_move))  # type: ignore[arg-type]
            continue
        state.apply(rng.choice(legal))
    return state


@given(
    st.integers(0, 2**31 - 1),
    st.sampled_from(["danish", "international"]),
    st.fixed_dictionaries({k: st.booleans() for k in ("kontra", "spoerge", "slaa", "ramsch")}),
)
@settings(max_examples=60, deadline=None)
def test_a_stored_outcome_and_a_replayed_record_settle_alike_in_every_scheme(
    seed: int, profile_name: str, options: dict[str, bool]
) -> None:
    state = _random_finished(seed, profile_name, options)
    outcome = state.outcome()
    assert outcome is not None
    record = DealRecord.from_json(DealRecord.of(state).to_json())
    replayed = record.replay().outcome()
    stored = outcome_from_json(outcome_to_json(outcome))
    assert replayed == outcome and stored == outcome
    for scheme in SCHEMES:
        settled = settle(outcome, scheme)
        if outcome.passed_in:
            assert settled is None
            continue
        assert settled is not None
        if outcome.ramse is None:
            assert sum(settled.by_seat) == settled.game.total if settled.game else True
        sheet = ScoreSheet(scheme, (SheetDeal(1, stored, (2, 0, 1)),))
        row = sheet.rows()[0]
        assert row.amounts == (settled.by_seat[1], settled.by_seat[2], settled.by_seat[0])


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_sheet_runs_totals_per_place(scheme: str) -> None:
    deals = []
    for number, seed in enumerate((3, 4, 5), start=1):
        state = _random_finished(
            seed, "international", dict.fromkeys(("kontra", "spoerge", "slaa", "ramsch"), False)
        )
        deals.append(SheetDeal(number, state.outcome(), (0, 1, 2)))  # type: ignore[arg-type]
    rows = ScoreSheet(scheme, tuple(deals)).rows()
    running = [Decimal(0)] * 3
    for row in rows:
        if row.amounts is not None:
            running = [a + b for a, b in zip(running, row.amounts, strict=True)]
        assert list(row.totals) == running
