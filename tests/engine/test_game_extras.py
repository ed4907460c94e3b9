"""The Danish extras and the international kontra inside the whole-deal state: Slå 40 an, Musik, Spørge,
kontra/re and Ramse (end to end and by property)."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.test_game import make_deal
from trainer import moves
from trainer.cards import card_points, parse_card
from trainer.deal import Seat
from trainer.errors import BidError, DeclarationError
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.rules import DealState, HouseOptions, Phase, SkatGame
from trainer.rules.extras import Spoerge as SpoergeLevel
from trainer.rules.settlement import list_settlement, ramse_money

# Forehand's first five cards hold no Jack; the ♣J arrives with the second five.
NO_JACKS_FIRST = make_deal(
    "CA CT CK HA HT CJ C9 C8 SA ST",
    "SJ HJ C7 SK SQ S9 S8 S7 HK HQ",
    "DJ H9 H8 H7 DA DT DK DQ D9 D8",
    "CQ D7",
)
# Forehand has no Jack at all: clubs "uden 4, spil 5" = 60 ≥ 40 with the full ten.
NO_JACKS = make_deal(
    "CA CT CK HA HT CQ C9 C8 SA ST",
    "SJ HJ C7 SK SQ S9 S8 S7 HK HQ",
    "DJ H9 H8 H7 DA DT DK CJ D9 D8",
    "DQ D7",
)


def _finish_randomly(state: DealState, seed: int) -> None:
    rng = random.Random(seed)
    while state.phase is not Phase.FINISHED:
        legal = [m for m in state.legal_moves() if not isinstance(m, moves.Throw)] or list(
            state.legal_moves()
        )
        state.apply(rng.choice(legal))


# --- Slå 40 an ----------------------------------------------------------------------------------------------


def test_slaa_40_an_sees_five_cards_the_others_bid_on_and_the_knock_is_judged_at_the_end() -> None:
    state = SkatGame(DANISH, HouseOptions(slaa_40_an=True)).new_deal(deal=NO_JACKS_FIRST)
    assert state.phase is Phase.SLAA_40 and state.to_move is Seat.FOREHAND
    view = state.view(Seat.FOREHAND)
    assert view.hand == NO_JACKS_FIRST.hand(Seat.FOREHAND)[:5]
    assert view.iss_moves().split()[1].split(".")[5:] == ["??"] * 27
    state.apply(moves.Knock40(Seat.FOREHAND, True, GameType.CLUBS))
    assert state.view(Seat.REARHAND).history == (
        moves.Knock40(Seat.FOREHAND, True),
    )  # the game stays private
    assert state.view(Seat.FOREHAND).history == (moves.Knock40(Seat.FOREHAND, True, GameType.CLUBS),)
    # the knock is not judged yet: the last five cards come and the others may bid as usual (above 40)
    assert state.phase is Phase.AUCTION and state.outcome() is None
    assert state.view(Seat.FOREHAND).hand == NO_JACKS_FIRST.hand(Seat.FOREHAND)
    assert state.to_move is Seat.MIDDLEHAND
    assert all(m.value > 40 for m in state.legal_moves() if isinstance(m, moves.Bid))
    state.apply(moves.Pass(Seat.MIDDLEHAND))
    state.apply(moves.Pass(Seat.REARHAND))
    # nobody went above the knock: with the ♣J the ten cards are clubs "med 1, spil 2" = 24 < 40, so the
    # knocker has lost without play, at 40, rates doubled
    outcome = state.outcome()
    assert outcome is not None and outcome.slaa_40_failed and outcome.won is False
    assert (outcome.declarer, outcome.value, outcome.list_score, outcome.rate_factor) == (
        Seat.FOREHAND,
        40,
        -80,
        2,
    )


def test_slaa_40_an_a_failing_knock_costs_nothing_when_another_outbids_it() -> None:
    state = SkatGame(DANISH, HouseOptions(slaa_40_an=True)).new_deal(deal=NO_JACKS_FIRST)
    state.apply(moves.Knock40(Seat.FOREHAND, True, GameType.CLUBS))
    state.apply(moves.Bid(Seat.MIDDLEHAND, 44))
    state.apply(moves.Pass(Seat.FOREHAND))
    state.apply(moves.Pass(Seat.REARHAND))
    assert state.phase is Phase.PICKUP and (state.declarer, state.bid) == (Seat.MIDDLEHAND, 44)


def test_slaa_40_an_holds_and_stands_as_a_bid_of_40() -> None:
    state = SkatGame(DANISH, HouseOptions(slaa_40_an=True)).new_deal(deal=NO_JACKS)
    state.apply(moves.Knock40(Seat.FOREHAND, True))  # default game: the longest suit, clubs
    assert state.phase is Phase.AUCTION and state.knocker is Seat.FOREHAND
    assert all(m.value > 40 for m in state.legal_moves() if isinstance(m, moves.Bid))
    with pytest.raises(BidError, match="not higher than the 40"):
        state.check(moves.Bid(Seat.MIDDLEHAND, 36))
    for seat in (Seat.MIDDLEHAND, Seat.REARHAND):
        state.apply(moves.Pass(seat))
    assert state.phase is Phase.PICKUP and state.declarer is Seat.FOREHAND and state.bid == 40
    state.apply(moves.Declare(Seat.FOREHAND, Declaration(GameType.CLUBS, hand=True)))
    _finish_randomly(state, 2)
    outcome = state.outcome()
    assert outcome is not None and outcome.slaa_40_an and outcome.rate_factor == 2


@pytest.mark.parametrize("knocker", [Seat.MIDDLEHAND, Seat.REARHAND])
def test_forehand_can_take_on_a_knock(knocker: Seat) -> None:
    """A knock is a bid of 40 like any other: forehand, who holds, may hold it (issue: its only move was
    Pass); the knocker may then go higher or pass."""
    state = SkatGame(DANISH, HouseOptions(slaa_40_an=True)).new_deal(deal=NO_JACKS)
    for seat in Seat:
        if seat is knocker:
            state.apply(moves.Knock40(seat, True))
            break
        state.apply(moves.Knock40(seat, False))
    if knocker is Seat.REARHAND:
        assert moves.Pass(Seat.MIDDLEHAND) in state.legal_moves()
        state.apply(moves.Pass(Seat.MIDDLEHAND))
    assert state.to_move is Seat.FOREHAND
    assert state.legal_moves() == (moves.Hold(Seat.FOREHAND), moves.Pass(Seat.FOREHAND))
    state.apply(moves.Hold(Seat.FOREHAND))
    assert state.to_move is knocker and moves.Bid(knocker, 44) in state.legal_moves()
    state.apply(moves.Pass(knocker))
    if knocker is Seat.MIDDLEHAND:
        state.apply(moves.Pass(Seat.REARHAND))
    assert state.phase is Phase.PICKUP and (state.declarer, state.bid) == (Seat.FOREHAND, 40)
    outcome_seen = state.view(Seat.FOREHAND)
    assert outcome_seen.knocker is knocker


def test_a_knock_is_the_standing_bid_before_anyone_speaks() -> None:
    """The seat that must answer a knock faces 40 though the auction holds no event yet; a higher bid then
    stands instead."""
    state = SkatGame(DANISH, HouseOptions(slaa_40_an=True)).new_deal(deal=NO_JACKS)
    assert state.view(Seat.FOREHAND).standing_bid == 0
    state.apply(moves.Knock40(Seat.FOREHAND, False))
    state.apply(moves.Knock40(Seat.MIDDLEHAND, True))
    answering = state.view(Seat.FOREHAND)
    assert answering.auction == () and moves.Hold(Seat.FOREHAND) in answering.legal_moves
    assert answering.standing_bid == 40
    state.apply(moves.Hold(Seat.FOREHAND))
    state.apply(moves.Bid(Seat.MIDDLEHAND, 44))
    assert state.view(Seat.REARHAND).standing_bid == 44


def test_slaa_40_an_nobody_knocks() -> None:
    state = SkatGame(DANISH, HouseOptions(slaa_40_an=True)).new_deal(deal=NO_JACKS)
    for seat in Seat:
        state.apply(moves.Knock40(seat, False))
    assert state.phase is Phase.AUCTION and state.knocker is None
    assert moves.Bid(Seat.MIDDLEHAND, 24) in state.legal_moves()


# --- Musik -------------------------------------------------------------------------------------------------


def _danish_declarer(deal_seed: int) -> DealState:
    state = SkatGame(DANISH).new_deal(deal_seed)
    state.apply(moves.Bid(Seat.MIDDLEHAND, 24))
    state.apply(moves.Hold(Seat.FOREHAND))
    state.apply(moves.Pass(Seat.MIDDLEHAND))
    state.apply(moves.Pass(Seat.REARHAND))
    return state


def test_musik_needs_the_lowest_trump_and_is_judged_on_the_last_trick() -> None:
    judged = 0
    for seed in range(40):
        state = _danish_declarer(seed)
        hand = state.hand(Seat.FOREHAND)
        for game in (GameType.CLUBS, GameType.GRAND):
            lowest = parse_card("C7") if game is GameType.CLUBS else parse_card("DJ")
            musik = moves.Declare(Seat.FOREHAND, Declaration(game, hand=True, musik=1))
            if lowest not in hand:
                assert musik not in state.legal_moves()
                with pytest.raises(DeclarationError, match="Musik"):
                    state.check(musik)
                continue
            play = state.copy()
            play.apply(musik)
            _finish_randomly(play, seed)
            outcome = play.outcome()
            assert outcome is not None and outcome.result is not None and play.tricks
            last = play.tricks[-1]
            made = last.winner is Seat.FOREHAND and last.card_of(Seat.FOREHAND) == lowest
            result = outcome.result
            assert result.breakdown.level_total("musik") == 1  # counts won or lost
            if result.reason in ("won", "musik_failed"):
                assert (result.reason == "won") == made
                judged += 1
    assert judged


# --- Spørge and kontra ------------------------------------------------------------------------------------


def _declared(profile_name: str, **options: bool) -> DealState:
    profile = DANISH if profile_name == "danish" else INTERNATIONAL
    state = SkatGame(profile, HouseOptions(**options)).new_deal(deal=NO_JACKS)
    state.apply(moves.Bid(Seat.MIDDLEHAND, profile.min_bid))
    state.apply(moves.Hold(Seat.FOREHAND))
    state.apply(moves.Pass(Seat.MIDDLEHAND))
    state.apply(moves.Pass(Seat.REARHAND))
    state.apply(moves.Declare(Seat.FOREHAND, Declaration(GameType.CLUBS, hand=True)))
    state.apply(moves.PlayCard(Seat.FOREHAND, parse_card("CA")))
    return state


@pytest.mark.parametrize(
    ("answer", "level", "factor"),
    [
        (None, SpoergeLevel.KNOCKED, 2),
        (moves.SpoergeCall.KNOCK_BACK, SpoergeLevel.KNOCKED_BACK, 4),
        (moves.SpoergeCall.THROW, SpoergeLevel.THROWN, 1),
    ],
)
def test_spoerge_knock_and_the_declarers_answers(
    answer: moves.SpoergeCall | None, level: SpoergeLevel, factor: int
) -> None:
    state = _declared("danish", spoerge=True)
    assert state.phase is Phase.KNOCK and state.to_move is Seat.MIDDLEHAND
    assert state.legal_moves() == (
        moves.NoCall(Seat.MIDDLEHAND),
        moves.Spoerge(Seat.MIDDLEHAND, moves.SpoergeCall.KNOCK),
    )
    state.apply(moves.NoCall(Seat.MIDDLEHAND))
    state.apply(moves.Spoerge(Seat.REARHAND, moves.SpoergeCall.KNOCK))
    assert state.to_move is Seat.FOREHAND
    state.apply(moves.NoCall(Seat.FOREHAND) if answer is None else moves.Spoerge(Seat.FOREHAND, answer))
    if answer is not moves.SpoergeCall.THROW:
        assert state.phase is Phase.PLAY and state.to_move is Seat.MIDDLEHAND
        _finish_randomly(state, 5)
    outcome = state.outcome()
    assert outcome is not None and outcome.spoerge is level and outcome.rate_factor == factor
    if answer is moves.SpoergeCall.THROW:
        assert outcome.thrown and outcome.won is False and outcome.result is not None
        assert outcome.result.reason == "thrown"


def test_nobody_knocks_and_play_goes_on() -> None:
    state = _declared("danish", spoerge=True)
    state.apply(moves.NoCall(Seat.MIDDLEHAND))
    state.apply(moves.NoCall(Seat.REARHAND))
    assert state.phase is Phase.PLAY and state.to_move is Seat.MIDDLEHAND
    assert state.undo() == moves.NoCall(Seat.REARHAND) and state.phase is Phase.KNOCK


def test_kontra_and_re_double_the_value() -> None:
    state = _declared("international", kontra=True)
    state.apply(moves.Kontra(Seat.MIDDLEHAND))
    assert state.legal_moves() == (moves.NoCall(Seat.FOREHAND), moves.Re(Seat.FOREHAND))
    state.apply(moves.Re(Seat.FOREHAND))
    _finish_randomly(state, 1)
    outcome = state.outcome()
    assert outcome is not None and outcome.kontra and outcome.re and outcome.kontra_factor == 4
    assert outcome.rate_factor == 1
    # the list entry is multiplied too, as the plain-list settlement writes it
    assert outcome.result is not None and outcome.list_score == 4 * outcome.result.list_score
    written = list_settlement(INTERNATIONAL, outcome.result, kontra=True, re=True).declarer
    assert outcome.list_score == written


def test_throwing_during_play_is_lost_with_the_declared_levels() -> None:
    state = _declared("danish")
    assert state.phase is Phase.PLAY and state.to_move is Seat.MIDDLEHAND
    with pytest.raises(Exception, match="turn"):
        state.check(moves.Throw(Seat.FOREHAND))
    while state.to_move is not Seat.FOREHAND:
        state.apply(state.legal_moves()[0])
    state.apply(moves.Throw(Seat.FOREHAND))
    outcome = state.outcome()
    assert outcome is not None and outcome.thrown and outcome.result is not None
    assert outcome.result.reason == "thrown" and not outcome.result.schneider


# --- Ramse --------------------------------------------------------------------------------------------------


def _all_pass(state: DealState) -> None:
    for seat in (Seat.MIDDLEHAND, Seat.REARHAND, Seat.FOREHAND):
        state.apply(moves.Pass(seat))


def test_ramse_end_to_end() -> None:
    deal = NO_JACKS
    state = SkatGame(DANISH).new_deal(deal=deal)
    _all_pass(state)
    # forehand takes ♦Q ♦7 and passes them straight on; middlehand swaps in ♠7 ♠8; the dealer passes ♥7 ♦7
    assert state.view(Seat.FOREHAND).skat == deal.skat
    assert state.view(Seat.MIDDLEHAND).skat == () and state.view(Seat.MIDDLEHAND).iss_moves().count("DQ") == 0
    state.apply(moves.RamsePass(Seat.FOREHAND, deal.skat))
    assert set(state.hand(Seat.FOREHAND)) == set(deal.hand(Seat.FOREHAND))
    assert set(state.view(Seat.MIDDLEHAND).skat) == set(deal.skat) and len(state.hand(Seat.MIDDLEHAND)) == 12
    state.apply(moves.RamsePass(Seat.MIDDLEHAND, (parse_card("S7"), parse_card("S8"))))
    with pytest.raises(Exception, match="not in"):
        state.check(moves.RamsePass(Seat.REARHAND, (parse_card("SA"), parse_card("S8"))))
    state.apply(moves.RamsePass(Seat.REARHAND, (parse_card("H7"), parse_card("S8"))))
    assert state.phase is Phase.RAMSE_CHOICE and set(state.skat) == {parse_card("H7"), parse_card("S8")}
    assert parse_card("S7") in state.hand(Seat.REARHAND) and parse_card("DQ") in state.hand(Seat.MIDDLEHAND)
    for seat in Seat:
        state.apply(moves.RamseCall(seat, False))
    assert state.is_ramse and state.phase is Phase.PLAY and state.to_move is Seat.FOREHAND
    _finish_randomly(state, 7)
    outcome = state.outcome()
    assert outcome is not None and outcome.ramse is not None and sum(outcome.tricks) == 10
    last_winner = state.tricks[-1].winner
    trick_points = [state.trick_points(seat) for seat in Seat]
    trick_points[last_winner] += card_points(state.skat)  # the set-aside cards go to the last trick
    assert list(outcome.points) == trick_points and sum(outcome.points) == 120
    amounts = ramse_money(outcome.ramse, Decimal(1))
    assert sum(amounts) == 0
    most = max(outcome.points)
    if max(outcome.points) < 101 and len(set(outcome.points)) > 1:
        assert all(amounts[i] < 0 for i in Seat if outcome.points[i] == most)


def test_ramse_grand_is_an_ordinary_grand_with_the_set_aside_cards_to_the_last_trick() -> None:
    state = SkatGame(DANISH).new_deal(deal=NO_JACKS)
    _all_pass(state)
    for _ in Seat:
        state.apply(state.legal_moves()[0])
    assert state.phase is Phase.RAMSE_CHOICE
    state.apply(moves.RamseCall(Seat.FOREHAND, False))
    state.apply(moves.RamseCall(Seat.MIDDLEHAND, True))
    assert state.declarer is Seat.MIDDLEHAND and state.declaration == Declaration(GameType.GRAND)
    assert state.phase is Phase.PLAY and state.to_move is Seat.FOREHAND and not state.is_ramse
    _finish_randomly(state, 3)
    outcome = state.outcome()
    assert outcome is not None and outcome.ramse_grand and outcome.result is not None
    assert outcome.result.breakdown.level_total("hand") == 0
    winner = state.tricks[-1].winner
    expected = state.trick_points(Seat.MIDDLEHAND) + (
        card_points(state.skat) if winner is Seat.MIDDLEHAND else 0
    )
    assert outcome.declarer_points == expected


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), rng=st.randoms(use_true_random=False))
def test_ramse_property(seed: int, rng: random.Random) -> None:
    state = SkatGame(DANISH).new_deal(seed)
    _all_pass(state)
    while state.phase is Phase.RAMSE_EXCHANGE:
        seat = state.to_move
        assert seat is not None and len(state.hand(seat)) == 12 and len(state.legal_moves()) == 66
        move = rng.choice(state.legal_moves())
        state.apply(move)
        assert len(state.hand(seat)) == 10
        undone = state.undo()
        assert undone == move and len(state.hand(seat)) == 12
        state.apply(move)
    held = set().union(*(state.hand(seat) for seat in Seat)) | set(state.skat)
    assert len(held) == 32
    while state.phase is not Phase.FINISHED:
        state.apply(rng.choice(state.legal_moves()))
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.ramse is not None) != outcome.ramse_grand
    assert sum(outcome.points) == 120 or (outcome.ramse_grand and sum(outcome.points) <= 120)


def test_discard_pairs_compare_in_any_order() -> None:
    a, b = parse_card("CA"), parse_card("D7")
    assert moves.Discard(Seat.FOREHAND, (a, b)) == moves.Discard(Seat.FOREHAND, (b, a))
    assert moves.PickUp(Seat.FOREHAND) != moves.Pass(Seat.FOREHAND)
