"""One model of a deal (issue 20): the deal is the first move, house options belong to the game, bad input
gets the engine's error, and the bugs found by checking the parallel models against an independent one."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.test_game import make_deal
from trainer import moves
from trainer.cards import ALL_CARDS, card_points, parse_card, parse_cards
from trainer.deal import Seat
from trainer.errors import SkatError
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL, AllPass, RuleProfile
from trainer.rules import DealState, HouseOptions, Phase, SkatGame, hand_game_matadors
from trainer.rules.extras import ramsch_result
from trainer.rules.value import matadors

# --- the deal as the first move ----------------------------------------------------------------------------


@pytest.mark.parametrize("profile", [INTERNATIONAL, DANISH])
def test_the_deal_is_the_first_move_and_moves_replay_without_a_seed(profile: RuleProfile) -> None:
    game = SkatGame(profile, HouseOptions(kontra=profile is INTERNATIONAL, spoerge=profile is DANISH))
    state = game.new_deal(5)
    rng = random.Random(5)
    while state.phase is not Phase.FINISHED:
        state.apply(rng.choice(state.legal_moves()))
    first = state.history[0]
    assert isinstance(first, moves.Dealt) and first.deal == state.deal
    again = game.replay(moves.moves_from_json(moves.moves_to_json(state.history)))
    assert again.history == state.history and again.outcome() == state.outcome()
    # nothing but the moves is needed: another seed or default does not enter
    assert SkatGame(profile, game.house).replay(state.history).outcome() == state.outcome()


def test_the_deal_cannot_be_taken_back_or_dealt_twice() -> None:
    state = SkatGame(INTERNATIONAL).new_deal(1)
    with pytest.raises(SkatError, match="nothing to take back"):
        state.undo()
    with pytest.raises(SkatError, match="dealt once"):
        state.apply(moves.Dealt(state.deal))
    with pytest.raises(SkatError, match="begin with the cards"):
        SkatGame(INTERNATIONAL).replay([moves.Pass(Seat.MIDDLEHAND)])


def test_a_contract_replaces_the_auction_only_at_the_start() -> None:
    state = SkatGame(INTERNATIONAL).new_deal(2)
    state.apply(moves.Bid(Seat.MIDDLEHAND, 18))
    with pytest.raises(SkatError, match="right after the deal"):
        state.apply(moves.Contract(Seat.FOREHAND, 18))


def test_views_hold_no_deal_move() -> None:
    state = SkatGame(DANISH).new_deal(3)
    for seat in Seat:
        assert not any(isinstance(m, moves.Dealt) for m in state.view(seat).history)


# --- every bad input gets the engine's error ---------------------------------------------------------------


@pytest.mark.parametrize("bad", [None, "CJ", 18, ("CJ",)])
def test_apply_refuses_what_is_not_a_move(bad: object) -> None:
    state = SkatGame(INTERNATIONAL).new_deal(1)
    with pytest.raises(SkatError, match="is not a move"):
        state.apply(bad)  # type: ignore[arg-type]
    assert state.moves_made == 0


def test_moves_check_their_own_shape() -> None:
    with pytest.raises(SkatError, match="whole number"):
        moves.Bid(Seat.MIDDLEHAND, "18")  # type: ignore[arg-type]
    with pytest.raises(SkatError, match="whole number"):
        moves.Bid(Seat.MIDDLEHAND, True)
    with pytest.raises(SkatError, match="names a game"):
        moves.Declare(Seat.FOREHAND, None)  # type: ignore[arg-type]
    with pytest.raises(SkatError, match="not a seat"):
        moves.Pass(7)  # type: ignore[arg-type]
    with pytest.raises(SkatError, match="not a card"):
        moves.PlayCard(Seat.FOREHAND, "CJ")  # type: ignore[arg-type]
    with pytest.raises(SkatError, match="yes or no"):
        moves.RamseCall(Seat.FOREHAND, "yes")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "row",
    [
        {"type": "Bid", "seat": 1, "value": "x"},
        {"type": "Bid", "seat": 1, "value": 18, "extra": 1},
        {"type": "Bid", "seat": "1", "value": 18},
        {"type": "Bid", "seat": 1},
        {"type": "Fly", "seat": 1},
        {"type": "PlayCard", "seat": 0, "card": "ZZ"},
        {"type": "Declare", "seat": 0, "declaration": {"game": "chess"}},
        {"type": "Declare", "seat": 0, "declaration": {"game": "grand", "hand": "yes"}},
        {"type": "Discard", "seat": 0, "cards": ["CJ", "CJ"]},
        {"type": "Dealt", "deal": {"hands": [["CJ"]], "skat": []}},
        "Bid",
        None,
    ],
)
def test_a_bad_stored_move_is_reported_in_words(row: object) -> None:
    with pytest.raises(SkatError, match="could not be read"):
        moves.move_from_json(row)


@given(st.integers(0, 2**31 - 1), st.sampled_from([INTERNATIONAL, DANISH]))
@settings(max_examples=25, deadline=None)
def test_every_move_round_trips_through_json(seed: int, profile: RuleProfile) -> None:
    state = SkatGame(profile, HouseOptions(slaa_40_an=profile is DANISH)).new_deal(seed)
    rng = random.Random(seed)
    while state.phase is not Phase.FINISHED:
        state.apply(rng.choice(state.legal_moves()))
    for move in state.history:
        assert moves.move_from_json(moves.move_to_json(move)) == move


def test_house_options_refuse_spoerge_with_kontra_and_round_trip() -> None:
    with pytest.raises(SkatError, match="choose one"):
        HouseOptions(spoerge=True, kontra=True)
    house = HouseOptions(slaa_40_an=True, spoerge=True, all_pass=AllPass.RAMSE)
    assert HouseOptions.from_json(house.to_json()) == house
    with pytest.raises(SkatError):
        HouseOptions.from_json({"kontra": "yes"})
    with pytest.raises(SkatError):
        HouseOptions.from_json({"all_pass": "bridge"})


# --- a hand game is judged on the best case over every unseen skat (RULES §5) -------------------------------


def test_hand_game_with_four_jacks_may_be_bid_to_108() -> None:
    """Clubs hand with ♣J ♠J ♥J ♦J ♣K ♣Q shows "with 4" but is "with 8" when the skat holds ♣A ♣10."""
    deal = make_deal(
        "CJ SJ HJ DJ CK CQ SA SK HA DA",
        "C9 C8 C7 ST SQ S9 S8 S7 HT HK",
        "HQ H9 H8 H7 DT DK DQ D9 D8 D7",
        "CA CT",
    )
    state = SkatGame(INTERNATIONAL).new_deal(deal=deal)
    state.apply(moves.Contract(Seat.FOREHAND, 108))
    clubs_hand = Declaration(GameType.CLUBS, hand=True)
    assert moves.Declare(Seat.FOREHAND, clubs_hand) in state.legal_moves()
    state.apply(moves.Declare(Seat.FOREHAND, clubs_hand))
    assert state.matadors == 8


def test_spades_hand_without_one_may_count_on_a_club_jack_in_the_skat() -> None:
    ten = parse_cards("SJ HJ DJ SA HA HK HQ DA DK DQ")
    assert matadors(ten, GameType.SPADES) == -1  # "without 1" on the ten cards alone
    assert hand_game_matadors(frozenset(ten), GameType.SPADES) == 6  # ♣J ♠10 in the skat: "with 6"


@given(st.integers(0, 2**31 - 1), st.sampled_from(list(GameType)[:5]))
@settings(max_examples=40, deadline=None)
def test_best_case_matadors_equal_a_brute_force_over_every_skat(seed: int, game: GameType) -> None:
    rng = random.Random(seed)
    ten = rng.sample(list(ALL_CARDS), 10)
    unseen = [c for c in ALL_CARDS if c not in ten]
    brute = max(abs(matadors((*ten, *pair), game)) for pair in itertools.combinations(unseen, 2))
    assert abs(hand_game_matadors(frozenset(ten), game)) == brute


def test_without_three_stays_the_best_case_when_two_top_jacks_in_the_skat_would_make_it_with_two() -> None:
    ten = parse_cards("DJ CA CT CK CQ C9 C8 SA HA DA")
    assert hand_game_matadors(frozenset(ten), GameType.CLUBS) == -3


def test_a_hand_game_is_not_refused_for_what_the_skat_could_hold_and_is_lost_when_it_does_not() -> None:
    """The check never depends on the real skat: the same hand may declare whatever the skat is; when the
    skat does not lengthen the run, the game is played and overbid."""
    base = ("CJ SJ HJ DJ CK CQ SA SK HA DA", "C9 C8 C7 ST SQ S9 S8 S7 HT HK", "HQ H9 H8 H7 DT DK DQ D9 D8 D7")
    for skat in ("CA CT", "D7 HQ"):
        hands = list(base)
        if skat == "D7 HQ":  # the Ace and Ten of clubs are with rearhand instead
            hands[2] = "CA CT H9 H8 H7 DT DK DQ D9 D8"
        deal = make_deal(*hands, skat)
        state = SkatGame(INTERNATIONAL).new_deal(deal=deal)
        state.apply(moves.Contract(Seat.FOREHAND, 108))
        state.apply(moves.Declare(Seat.FOREHAND, Declaration(GameType.CLUBS, hand=True)))
        assert state.phase is Phase.PLAY


# --- Ramse Grand, Ramsch ------------------------------------------------------------------------------------

RAMSE_GRAND = make_deal(
    "CJ SJ HJ DJ CA CT CK CQ C9 D7",
    "DA S9 S8 S7 HA HT HK HQ H9 H8",
    "DT SK SQ H7 DK DQ D9 D8 C8 C7",
    "SA ST",
)


def _keep_back(legal: tuple[object, ...], keep: set[object]) -> object:
    kept = [m for m in legal if isinstance(m, moves.PlayCard) and m.card not in keep]
    return (kept or list(legal))[0]


def test_ramse_grand_lost_last_trick_gives_the_set_aside_skat_to_its_winner() -> None:
    """The issue's deal: the Grand declarer leads its cards in order while the defenders keep ♦A/♦10; the
    last trick and the set-aside ♠A ♠10 go to middlehand (this crashed: "9 tricks and the skat are 29
    cards: they cannot hold 78 card points")."""
    state = SkatGame(DANISH).new_deal(deal=RAMSE_GRAND)
    for seat in (Seat.MIDDLEHAND, Seat.REARHAND, Seat.FOREHAND):
        state.apply(moves.Pass(seat))
    assert state.phase is Phase.RAMSE_EXCHANGE
    for seat in Seat:
        state.apply(moves.RamsePass(seat, (parse_card("SA"), parse_card("ST"))))
    state.apply(moves.RamseCall(Seat.FOREHAND, True))
    order = parse_cards("CJ SJ HJ DJ CA CT CK CQ C9 D7")
    keep = {parse_card("DA"), parse_card("DT")}
    for card in order:
        state.apply(moves.PlayCard(Seat.FOREHAND, card))
        for _ in range(2):
            state.apply(_keep_back(state.legal_moves(), keep))  # type: ignore[arg-type]
    outcome = state.outcome()
    assert outcome is not None and outcome.ramse_grand and outcome.declarer is Seat.FOREHAND
    assert outcome.tricks[Seat.FOREHAND] == 9
    assert state.tricks[-1].winner is Seat.MIDDLEHAND
    assert sum(outcome.points) == 120
    assert outcome.points[Seat.FOREHAND] == sum(t.points for t in state.tricks if t.winner is Seat.FOREHAND)
    assert outcome.points[Seat.MIDDLEHAND] >= card_points(parse_cards("SA ST"))
    assert outcome.result is not None and outcome.result.won  # 9 tricks of Jacks and clubs are plenty


@given(st.integers(0, 2**31 - 1))
@settings(max_examples=20, deadline=None)
def test_international_ramsch_house_option_plays_ramsch_not_ramse(seed: int) -> None:
    state = SkatGame(INTERNATIONAL, HouseOptions(all_pass=AllPass.RAMSCH)).new_deal(seed)
    for seat in (Seat.MIDDLEHAND, Seat.REARHAND, Seat.FOREHAND):
        state.apply(moves.Pass(seat))
    assert state.phase is Phase.PLAY and state.to_move is Seat.FOREHAND  # no skat round, no Grand call
    rng = random.Random(seed)
    while state.phase is not Phase.FINISHED:
        state.apply(rng.choice(state.legal_moves()))
    outcome = state.outcome()
    assert outcome is not None and outcome.ramsch and outcome.ramse is not None
    assert outcome.ramse == ramsch_result(outcome.points, outcome.tricks)
    assert sum(outcome.points) == 120
    last = state.tricks[-1].winner
    assert outcome.points[last] == sum(t.points for t in state.tricks if t.winner is last) + card_points(
        state.deal.skat
    )


def test_international_default_all_pass_is_still_passed_in() -> None:
    state: DealState = SkatGame(INTERNATIONAL).new_deal(4)
    for seat in (Seat.MIDDLEHAND, Seat.REARHAND, Seat.FOREHAND):
        state.apply(moves.Pass(seat))
    outcome = state.outcome()
    assert outcome is not None and outcome.passed_in


def test_forehand_opens_above_the_lowest_bid_after_two_passes() -> None:
    state = SkatGame(INTERNATIONAL).new_deal(4)
    state.apply(moves.Pass(Seat.MIDDLEHAND))
    state.apply(moves.Pass(Seat.REARHAND))
    state.apply(moves.Bid(Seat.FOREHAND, 20))
    assert state.phase is Phase.PICKUP and (state.declarer, state.bid) == (Seat.FOREHAND, 20)
    state.apply(moves.PickUp(Seat.FOREHAND))
    assert state.phase is Phase.DISCARD
