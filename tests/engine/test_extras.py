"""The Danish extras: Musik, Spørge/Slå 40 an factors and check, Ramse's skat round and winners, Ramsch,
and the end of an evening."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.cards import parse_card, parse_cards
from trainer.deal import random_deal
from trainer.errors import DeclarationError, SkatError, SkatExchangeError
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH
from trainer.rules.extras import (
    END_OF_EVENING,
    MusikTrick,
    Spoerge,
    check_musik_hand,
    check_ramse_grand,
    longest_trump_suit,
    may_knock,
    musik_cards,
    musik_fulfilled,
    ramsch_result,
    ramse_result,
    ramse_skat_round,
    rate_factor,
    slaa_40_an_check,
)

C, H, G = GameType.CLUBS, GameType.HEARTS, GameType.GRAND


# --- Musik ---------------------------------------------------------------------------------------------
def test_musik_cards() -> None:
    assert musik_cards(C, 1) == (parse_card("C7"),)
    assert musik_cards(C, 2) == parse_cards("C7 C8")
    assert musik_cards(G, 1) == (parse_card("DJ"),)  # grand: the lowest trump is ♦J
    assert musik_cards(G, 2) == parse_cards("DJ HJ")
    with pytest.raises(DeclarationError):
        musik_cards(GameType.NULL, 1)


def test_musik_needs_the_card() -> None:
    hand = parse_cards("CJ SJ CA CT CK CQ C9 C7 SA HA")
    check_musik_hand(DANISH, Declaration(C, musik=1), hand)
    with pytest.raises(DeclarationError, match="♣8"):
        check_musik_hand(DANISH, Declaration(C, musik=2), hand)
    with pytest.raises(DeclarationError, match="♦J"):
        check_musik_hand(DANISH, Declaration(G, musik=1), hand)


def test_musik_fulfilled() -> None:
    c7, c8, ca = parse_cards("C7 C8 CA")
    assert musik_fulfilled(C, 1, [MusikTrick(ca, True), MusikTrick(c7, True)])
    assert not musik_fulfilled(C, 1, [MusikTrick(c7, True), MusikTrick(ca, True)])  # 7 in the wrong trick
    assert not musik_fulfilled(C, 1, [MusikTrick(ca, True), MusikTrick(c7, False)])  # last trick lost
    assert musik_fulfilled(C, 2, [MusikTrick(c8, True), MusikTrick(c7, True)])
    assert not musik_fulfilled(C, 2, [MusikTrick(ca, True), MusikTrick(c7, True)])
    assert musik_fulfilled(C, 0, [])
    with pytest.raises(SkatError):
        musik_fulfilled(C, 2, [MusikTrick(c7, True)])


# --- Spørge and Slå 40 an ------------------------------------------------------------------------------
def test_knock_timing() -> None:
    # at the latest after the first lead: before play, or with one card on the table
    assert may_knock(0) and may_knock(1)
    assert not may_knock(2)


def test_ramse_grand_is_never_hand() -> None:
    assert check_ramse_grand(Declaration(G)) == Declaration(G)
    with pytest.raises(DeclarationError, match="af hånden"):
        check_ramse_grand(Declaration(G, hand=True))
    with pytest.raises(DeclarationError):
        check_ramse_grand(Declaration(C))


def test_rate_factor() -> None:
    assert rate_factor() == 1
    assert rate_factor(Spoerge.KNOCKED) == 2
    assert rate_factor(Spoerge.KNOCKED_BACK) == 4
    assert rate_factor(Spoerge.THROWN) == 1
    assert rate_factor(slaa_40_an=True) == 2
    assert rate_factor(Spoerge.KNOCKED, slaa_40_an=True) == 4


def test_slaa_40_an_holds_and_fails() -> None:
    # ♦J and six hearts: hearts uden 3, spil 4 = 40 → the knock holds
    knocked = parse_cards("DJ HA HT HK HQ H9 SA S7 C8 D7")
    assert longest_trump_suit(knocked) is H
    check = slaa_40_an_check(DANISH, knocked)
    assert check.holds and check.breakdown.value == 40
    # the last five cards bring ♣J: hearts med 1, spil 2 = 20 → lost without play
    spoiled = parse_cards("CJ DJ HA HT HK HQ H9 SA S7 D7")
    failed = slaa_40_an_check(DANISH, spoiled)
    assert not failed.holds and failed.breakdown.value == 20
    assert "lost at 40 without play" in failed.explanation
    # choosing grand instead: med 1, spil 2 × 20 = 40
    assert slaa_40_an_check(DANISH, spoiled, G).holds
    # clubs med 3, spil 4 = 48
    assert slaa_40_an_check(DANISH, parse_cards("CJ SJ HJ CA CT C9 C8 SA HA D7")).breakdown.value == 48


def test_longest_trump_suit_ties_go_up() -> None:
    # three spades and three diamonds (+ the same Jacks): spades has the higher base value
    assert longest_trump_suit(parse_cards("CJ SA ST S9 DA DT D9 H7 H8 C7")) is GameType.SPADES


# --- Ramse -------------------------------------------------------------------------------------------
def test_ramse_skat_round() -> None:
    deal = random_deal(3, DANISH)
    hands = list(deal.hands)
    skat = deal.skat
    # forehand passes the skat straight on (0 exchanged), middlehand swaps in two of its own, dealer one
    fore_give = tuple(skat)
    middle_give = tuple(hands[1][:2])
    dealer_give = (middle_give[0], hands[2][0])
    result = ramse_skat_round(hands, skat, [fore_give, middle_give, dealer_give])
    assert result.hands[0] == tuple(hands[0])
    assert set(result.hands[1]) == (set(hands[1]) - set(middle_give)) | set(skat)
    assert set(result.hands[2]) == (set(hands[2]) - {hands[2][0]}) | {middle_give[1]}
    assert result.set_aside == dealer_give
    assert all(len(h) == 10 for h in result.hands)
    # every card is still somewhere, once
    everything = [c for h in result.hands for c in h] + list(result.set_aside)
    assert len(set(everything)) == 32
    assert "(0 exchanged)" in result.working[0] and "(2 exchanged)" in result.working[1]


def test_ramse_skat_round_refuses_bad_passes() -> None:
    deal = random_deal(4, DANISH)
    hands = list(deal.hands)
    with pytest.raises(SkatExchangeError):
        ramse_skat_round(hands, deal.skat, [tuple(deal.skat)[:1], hands[1][:2], hands[2][:2]])
    with pytest.raises(SkatExchangeError):
        ramse_skat_round(hands, deal.skat, [tuple(deal.skat), hands[2][:2], hands[2][:2]])


@pytest.mark.parametrize(
    ("points", "tricks", "winners", "losers", "reason"),
    [
        ((10, 50, 60), (1, 4, 5), (0,), (2,), "fewest"),  # the most points pay; 50 is paid too
        ((0, 55, 65), (0, 5, 5), (0,), (2,), "fewest"),
        ((30, 30, 60), (3, 3, 4), (0, 1), (2,), "fewest"),
        ((10, 55, 55), (2, 4, 4), (0,), (1, 2), "fewest"),  # two tied for most both pay [choice]
        ((40, 40, 40), (3, 3, 4), (), (), "tie"),
        ((101, 19, 0), (8, 2, 0), (0,), (1, 2), "take_all"),  # 101 wins even though player 3 has 0
        ((100, 20, 0), (8, 2, 0), (2,), (0,), "fewest"),  # 100 is not enough
        ((5, 115, 0), (1, 9, 0), (1,), (0, 2), "take_all"),
    ],
)
def test_ramse_winners_and_payers(
    points: tuple[int, int, int],
    tricks: tuple[int, int, int],
    winners: tuple[int, ...],
    losers: tuple[int, ...],
    reason: str,
) -> None:
    result = ramse_result(points, tricks, profile=DANISH)
    assert (result.winners, result.losers, result.reason) == (winners, losers, reason)
    assert set(result.winners).isdisjoint(result.losers)
    assert set(result.receivers) == ({0, 1, 2} - set(losers) if losers else set())


def test_ramse_refuses_bad_counts() -> None:
    with pytest.raises(SkatError, match="add up to 110"):
        ramse_result((10, 40, 60), (2, 4, 4))
    with pytest.raises(SkatError, match="tricks add up to 9"):
        ramse_result((10, 50, 60), (1, 4, 4), profile=DANISH)
    with pytest.raises(SkatError, match="without a trick"):
        ramse_result((10, 50, 60), (0, 5, 5))


def test_ramsch_most_points_lose() -> None:
    assert ramsch_result((10, 50, 60), (1, 4, 5)).losers == (2,)
    assert ramsch_result((20, 50, 50), (2, 4, 4)).losers == (1, 2)
    assert ramsch_result((40, 40, 40), (3, 3, 4)).reason == "tie"


@given(st.integers(0, 120), st.integers(0, 120))
def test_ramse_winner_rule(a: int, b: int) -> None:
    low, high = sorted((a, b))
    points = (low, high - low, 120 - high)
    result = ramse_result(points, (3, 3, 4), profile=DANISH)
    assert len(result.winners) <= 2
    if any(p >= 101 for p in points):
        assert [points[w] for w in result.winners] == [max(points)]
    elif result.winners:
        assert {points[w] for w in result.winners} == {min(points)}
        assert {points[loser] for loser in result.losers} == {max(points)}
    else:
        assert points == (40, 40, 40)


# --- the end of an evening ----------------------------------------------------------------------------------
def test_end_of_evening() -> None:
    # players 0..2 clockwise, 0 dealt first: the right-hand neighbour (2) deals last
    assert END_OF_EVENING.last_dealer(0, 3) == 2
    assert END_OF_EVENING.last_dealer(1, 4) == 0
    grand_hand = Declaration(G, hand=True)
    assert END_OF_EVENING.may_end(dealer=2, first_dealer=0, players=3, last_declaration=Declaration(G))
    assert END_OF_EVENING.may_end(dealer=2, first_dealer=0, players=3, last_declaration=None)
    assert not END_OF_EVENING.may_end(dealer=2, first_dealer=0, players=3, last_declaration=grand_hand)
    assert not END_OF_EVENING.may_end(dealer=1, first_dealer=0, players=3, last_declaration=Declaration(H))
