"""The coach's engine side: bid hints from the calculators, win-chance estimates, the memory check and the
evening's score sheet settled by trainer.settlement."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.bidding import highest_safe_bid
from trainer.bots import choose
from trainer.cards import parse_cards
from trainer.coach import (
    SCHEMES,
    DealSummary,
    ScoreSheet,
    bidding_advice,
    bidding_hints,
    highest_hint,
    learner_seat,
    memory_check,
    model_notes,
    playable_hints,
    seats_for,
    settle,
    settlement_for,
)
from trainer.deal import Seat
from trainer.game import DealState, Phase
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.settlement import list_settlement
from trainer.value import evaluate_game, possible_declarer_points

# The textbook's "uden 2, spil 3" hand: hearts holding the red Jacks.
HAND = parse_cards("HJ DJ HA HT HK HQ H9 SA ST C7")


def test_hints_give_each_game_its_chance_value_and_what_to_do() -> None:
    hints = bidding_hints(DANISH, HAND, Seat.FOREHAND)
    assert len({h.declaration.game for h in hints}) == len(hints) == 6  # one form per game
    limits = [h.max_bid or 0 for h in hints]
    assert limits == sorted(limits, reverse=True)
    hearts = next(h for h in hints if h.declaration.game is GameType.HEARTS)
    if not hearts.declaration.hand and not hearts.declaration.ouvert:
        assert hearts.value == highest_safe_bid(DANISH, HAND, GameType.HEARTS) == 30
        assert hearts.breakdown.danish_words().startswith("uden 2, spil 3")
    for hint in hints:
        assert 0 < hint.chance.low <= hint.chance.win <= hint.chance.high <= 1
        assert hint.reason.params["p"] == round(100 * hint.chance.win)
        if hint.max_bid is not None:
            assert hint.advice.params["limit"] == hint.max_bid


def test_the_advice_bids_a_strong_hand_and_passes_a_hopeless_one() -> None:
    strong = parse_cards("CJ SJ HJ DJ CA CT CK CQ SA HA")
    nothing = parse_cards("CK CQ ST S9 HK HQ H8 DK DQ D8")
    bid = bidding_advice(bidding_hints(INTERNATIONAL, strong, Seat.FOREHAND))
    assert bid.template.startswith("Bid up to")
    top = highest_hint(bidding_hints(INTERNATIONAL, strong, Seat.FOREHAND))
    assert top is not None and bid.params["limit"] == top.max_bid
    hints = bidding_hints(INTERNATIONAL, nothing, Seat.MIDDLEHAND)
    assert not playable_hints(hints)
    assert bidding_advice(hints).template.startswith("Pass")


def test_the_model_judges_the_learners_bid_and_game() -> None:
    rng = random.Random(2)
    for seed in range(60):
        state = DealState.shuffled(INTERNATIONAL, 3000 + seed)
        while state.phase is not Phase.FINISHED:
            seat = state.to_move
            assert seat is not None
            state.apply(choose(state.view(seat), "club", rng=rng).move)
        outcome = state.outcome()
        if outcome is None or outcome.declarer is None:
            continue
        notes = model_notes(state, outcome.declarer)
        assert set(notes) == {"bid", "game"}
        assert "model" in notes["bid"].english.lower() and "%" in notes["game"].english
        defender = outcome.declarer.next
        assert set(model_notes(state, defender)) <= {"bid"}
        return
    pytest.fail("no game was declared in 60 deals")


def test_memory_check_counts_the_trumps_the_others_held() -> None:
    check = memory_check(GameType.HEARTS, HAND, 70, 50)
    assert check.trumps_held == 7 and check.trumps_out == 4
    assert memory_check(GameType.NULL, HAND, 0, 120).trumps_out is None


def test_seats_rotate_and_every_player_sits_once() -> None:
    assert [learner_seat(n) for n in (1, 2, 3, 4)] == [
        Seat.FOREHAND,
        Seat.MIDDLEHAND,
        Seat.REARHAND,
        Seat.FOREHAND,
    ]
    for n in range(1, 7):
        assert sorted(seats_for(n)) == [0, 1, 2]
        assert seats_for(n)[0] == int(learner_seat(n))


def _won_clubs(declarer: int = 0) -> DealSummary:
    return DealSummary(
        "international", seats_for(1), declarer=declarer, game="clubs", bid=36, matadors=2,
        declarer_points=75, declarer_tricks=7,
    )  # fmt: skip


def test_the_sheet_settles_with_the_engine() -> None:
    summary = _won_clubs(declarer=1)
    result = evaluate_game(
        INTERNATIONAL, Declaration(GameType.CLUBS), matadors=2, bid=36, declarer_points=75, declarer_tricks=7
    )
    engine = list_settlement(INTERNATIONAL, result)
    amounts = settle(summary, "list")
    assert amounts is not None and amounts[1] == engine.declarer == 36
    assert amounts[0] == amounts[2] == 0
    assert settlement_for(summary, "online_stakes") is not None


def test_running_totals_add_up_in_every_scheme() -> None:
    lost = DealSummary(
        "danish", seats_for(2), declarer=2, game="spades", bid=44, matadors=-3,
        declarer_points=40, declarer_tricks=3,
    )  # fmt: skip
    ramse = DealSummary("danish", seats_for(3), ramse_points=(20, 40, 60), ramse_tricks=(2, 3, 5))
    passed = DealSummary("international", seats_for(4))
    for scheme in SCHEMES:
        sheet = ScoreSheet(scheme, [_won_clubs(), lost, ramse, passed])
        rows = sheet.rows()
        assert rows[3].amounts is None and rows[3].totals == rows[2].totals
        summed = [sum((r.amounts[p] for r in rows if r.amounts), Decimal(0)) for p in range(3)]
        assert list(sheet.totals()) == summed
    # Ramse: the most points (player 0 is forehand with 60 → index by seats) pays each other player.
    money = settle(ramse, "danish_money")
    assert money is not None and sum(money) == 0


def test_unknown_scheme_is_refused() -> None:
    from trainer.errors import SkatError

    with pytest.raises(SkatError):
        settle(_won_clubs(), "poker")


@settings(max_examples=40, deadline=None)
@given(
    data=st.data(),
    tricks=st.integers(1, 9),
    declarer=st.integers(0, 2),
    number=st.integers(1, 9),
)
def test_a_list_sheet_only_writes_the_declarer(
    data: st.DataObject, tricks: int, declarer: int, number: int
) -> None:
    points = data.draw(st.sampled_from(sorted(possible_declarer_points(INTERNATIONAL, tricks))))
    summary = DealSummary(
        "international", seats_for(number), declarer=declarer, game="hearts", bid=18, matadors=1,
        declarer_points=points, declarer_tricks=tricks,
    )  # fmt: skip
    amounts = settle(summary, "list")
    assert amounts is not None
    assert [a for p, a in enumerate(amounts) if p != declarer] == [0, 0]
    assert DealSummary.from_json(summary.to_json()) == summary


def test_cards_thrown_when_no_game_reaches_the_bid_are_lost_on_the_bid() -> None:
    """Not a failed Slå 40 an: the bid is what is lost (list −2 × bid; Danish money on the bid)."""
    from decimal import Decimal

    from trainer.coach import DealSummary, settle
    from trainer.settlement import danish_money_for

    thrown = DealSummary("danish", (0, 1, 2), declarer=1, bid=72, thrown=True)
    assert settle(thrown, "list") == (Decimal(0), Decimal(-144), Decimal(0))
    money = danish_money_for(72, False)
    assert settle(thrown, "danish_money") == (money.opponents[0], money.declarer, money.opponents[1])
