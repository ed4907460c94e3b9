"""The coach's engine side: bid hints from the calculators, win-chance estimates and the memory check (the
evening's score sheet is tests/engine/test_scoring.py and tests/play/test_table_session.py)."""

from __future__ import annotations

import random

import pytest

from trainer.bots import choose
from trainer.cards import parse_cards
from trainer.coach import (
    bidding_advice,
    bidding_hints,
    highest_hint,
    memory_check,
    model_notes,
    playable_hints,
)
from trainer.deal import Seat
from trainer.games import GameType
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.rules import Phase, SkatGame
from trainer.rules.bidding import highest_safe_bid

# The textbook's "uden 2, spil 3" hand: hearts holding the red Jacks.
HAND = parse_cards("HJ DJ HA HT HK HQ H9 SA ST C7")


def test_hints_give_each_game_its_chance_value_and_what_to_do() -> None:
    hints = bidding_hints(DANISH, HAND, Seat.FOREHAND)
    assert len({h.declaration.game for h in hints}) == 6  # every game
    plan = hints[0].plan
    assert plan is not None
    planned = {step.chance.declaration for step in plan.steps}
    # one form per game, but every form the plan plays
    assert len(hints) == 6 + len(planned) - len({d.game for d in planned})
    assert planned <= {h.declaration for h in hints}
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
    hints = bidding_hints(INTERNATIONAL, strong, Seat.FOREHAND)
    top = highest_hint(hints)
    assert top is not None and bid.params["limit"] == top.max_bid
    # no hint names a ceiling above the advice's
    assert all((h.max_bid or 0) <= bid.params["limit"] for h in hints)
    hints = bidding_hints(INTERNATIONAL, nothing, Seat.MIDDLEHAND)
    assert not playable_hints(hints)
    assert bidding_advice(hints).template.startswith("Pass")


def test_the_model_judges_the_learners_bid_and_game() -> None:
    rng = random.Random(2)
    for seed in range(60):
        state = SkatGame(INTERNATIONAL).new_deal(3000 + seed)
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


def test_memory_check_leaves_the_skats_trumps_out() -> None:
    """#24: the other two held 5 trumps when the sixth lay in the skat (the check said 6)."""
    skat = parse_cards("H8 C8")
    check = memory_check(GameType.HEARTS, HAND, 70, 50, skat=skat)
    assert check.trumps_out == 3 and check.trumps_held == 7


def test_issue_41_the_advice_is_the_plan_and_every_game_of_it_is_hinted() -> None:
    """Middlehand ♣J ♠J ♣10 ♣Q ♣9 ♠A ♥A ♥Q ♥8 ♦9: the advice's ceiling is the highest of any hinted game
    (no hint is worth more than the advice), and every game the plan plays on the way up is among the
    hints, each with its own ceiling."""
    from trainer.coach import bid_curves

    for profile in (INTERNATIONAL, DANISH):
        hints = bidding_hints(profile, parse_cards("CJ SJ CT CQ C9 SA HA HQ H8 D9"), Seat.MIDDLEHAND)
        advice = bidding_advice(hints)
        plan = hints[0].plan
        assert plan is not None and plan.ceiling is not None
        assert advice.params["limit"] == plan.ceiling == max(h.max_bid or 0 for h in hints)
        hinted = {h.declaration for h in hints}
        assert all(step.chance.declaration in hinted for step in plan.steps)
        for hint in playable_hints(hints):
            assert hint.advice.params["limit"] == hint.max_bid
        curves = bid_curves(hints, profile)
        assert curves is not None and curves.ceiling == plan.ceiling


def test_the_review_of_a_pass_names_the_coachs_ceiling_for_an_open_game() -> None:
    """One voice: the review's "the model would have gone on to N" is the ceiling the coach gave at the same
    word. This Danish hand's best game is Grand af hånden på bordet, which the open-game check moves (its
    layouts and the open game's term): unchecked it would say 70, the coach says 80."""
    from trainer.cards import ALL_CARDS
    from trainer.deal import Deal
    from trainer.rules import Bid, Pass

    hand = parse_cards("D7 D9 DJ HT HA HJ C7 CT CA CJ")
    rest = [card for card in ALL_CARDS if card not in hand]
    deal = Deal((tuple(hand), tuple(rest[:10]), tuple(rest[10:20])), (rest[20], rest[21]))
    state = SkatGame(DANISH).new_deal(deal=deal)
    while state.phase is Phase.AUCTION:
        seat = state.to_move
        assert seat is not None
        if seat is Seat.FOREHAND:
            heard = state.view(seat).auction
            state.apply(Pass(seat))
            break
        legal = state.view(seat).legal_moves
        state.apply(min((m for m in legal if isinstance(m, Bid)), key=lambda m: m.value, default=Pass(seat)))
    else:
        pytest.fail("forehand never spoke")
    top = highest_hint(bidding_hints(DANISH, hand, Seat.FOREHAND, auction=heard))
    assert top is not None and top.declaration.ouvert and top.max_bid is not None
    note = model_notes(state, Seat.FOREHAND)["bid"]
    assert note.params["limit"] == top.max_bid
    assert note.params["game"] == top.declaration
