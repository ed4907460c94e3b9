"""Seats, shuffling, cutting, dealing packets and table seating (RULES.md §2)."""

from __future__ import annotations

import pytest

from trainer.cards import ALL_CARDS, Card, parse_card, parse_cards
from trainer.deal import (
    Deal,
    DealStep,
    Seat,
    cut_deck,
    deal_from_deck,
    deal_packets,
    random_deal,
    shuffled_deck,
    table_seats,
)
from trainer.errors import DealError, Message, SkatError
from trainer.iss_codec import IssDeal, deal_token, read_deal
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile

IDENTITY_DECK = list(ALL_CARDS)


def test_seat_names_and_clockwise_order() -> None:
    assert [s.english for s in Seat] == ["forehand", "middlehand", "rearhand"]
    assert [s.danish for s in Seat] == ["forhånd", "mellemhånd", "baghånd"]
    assert Seat.FOREHAND.next is Seat.MIDDLEHAND
    assert Seat.MIDDLEHAND.next is Seat.REARHAND
    assert Seat.REARHAND.next is Seat.FOREHAND
    assert Seat.FOREHAND.previous is Seat.REARHAND


WHERE = Message("the deal")


def test_deal_round_trips_through_iss_text() -> None:
    """The deal as an ISS ``w`` move is written and read by the one ISS codec."""
    deal = random_deal(11, INTERNATIONAL)
    text = deal_token(IssDeal.from_cards(deal.all_cards))
    assert text.count(".") == 31
    assert read_deal(text, WHERE).known_deal() == deal
    assert Deal.from_cards(deal.all_cards) == deal
    # forehand's cards come first, the skat last
    assert text.split(".")[:10] == [c.iss for c in deal.hand(Seat.FOREHAND)]
    assert text.split(".")[30:] == [c.iss for c in deal.skat]


def test_deal_reads_pipes_between_hands() -> None:
    deal = random_deal(3, DANISH)
    hands = [".".join(c.iss for c in deal.hand(seat)) for seat in Seat]
    text = "|".join([*hands, ".".join(c.iss for c in deal.skat)])
    assert read_deal(text, WHERE).known_deal() == deal


def test_deal_refuses_duplicates_and_wrong_sizes() -> None:
    cards = list(ALL_CARDS)
    with pytest.raises(DealError, match="twice"):
        Deal.from_cards([*cards[:31], cards[0]])
    with pytest.raises(DealError, match="32"):
        Deal.from_cards(cards[:31])
    with pytest.raises(DealError, match="10 cards"):
        Deal(hands=(tuple(cards[:9]), tuple(cards[9:20]), tuple(cards[20:30])), skat=(cards[30], cards[31]))
    with pytest.raises(SkatError):
        read_deal("CJ.SJ.nonsense", WHERE)
    # DealError is part of the one exception family
    assert issubclass(DealError, SkatError)


def test_seat_of_finds_hand_or_skat() -> None:
    deal = Deal.from_cards(IDENTITY_DECK)
    assert deal.seat_of(ALL_CARDS[0]) is Seat.FOREHAND
    assert deal.seat_of(ALL_CARDS[15]) is Seat.MIDDLEHAND
    assert deal.seat_of(ALL_CARDS[31]) is None


def test_shuffled_deck_is_a_reproducible_permutation() -> None:
    first = shuffled_deck(42)
    assert sorted(first, key=lambda c: c.index) == list(ALL_CARDS)
    assert shuffled_deck(42) == first
    assert shuffled_deck(43) != first


@pytest.mark.parametrize("profile", [DANISH, INTERNATIONAL], ids=lambda p: p.name)
def test_cut_limits(profile: RuleProfile) -> None:
    least = profile.cut_min_cards
    assert least == 4  # both profiles fix 4 (RULES.md §11)
    for lifted in (least - 1, 0, 32 - least + 1, 32):
        with pytest.raises(DealError, match="at least 4"):
            cut_deck(IDENTITY_DECK, lifted, profile)
    for lifted in (least, 16, 32 - least):
        cut = cut_deck(IDENTITY_DECK, lifted, profile)
        # the lifted top packet goes underneath: the old card number `lifted` is now on top
        assert cut[0] == IDENTITY_DECK[lifted]
        assert cut[-1] == IDENTITY_DECK[lifted - 1]
        assert sorted(cut, key=lambda c: c.index) == IDENTITY_DECK


def test_cut_refuses_an_incomplete_deck() -> None:
    with pytest.raises(DealError):
        cut_deck(IDENTITY_DECK[:30], 10, INTERNATIONAL)


def test_danish_packets_are_5_2_5_forehand_first() -> None:
    steps = deal_packets(IDENTITY_DECK, DANISH)
    assert [(s.recipient, len(s.cards)) for s in steps] == [
        (Seat.FOREHAND, 5),
        (Seat.MIDDLEHAND, 5),
        (Seat.REARHAND, 5),
        (None, 2),
        (Seat.FOREHAND, 5),
        (Seat.MIDDLEHAND, 5),
        (Seat.REARHAND, 5),
    ]
    assert steps[0] == DealStep(Seat.FOREHAND, tuple(IDENTITY_DECK[0:5]))
    assert steps[3].to_skat and steps[3].cards == tuple(IDENTITY_DECK[15:17])


def test_international_packets_are_3_2_4_3() -> None:
    steps = deal_packets(IDENTITY_DECK, INTERNATIONAL)
    assert [len(s.cards) for s in steps] == [3, 3, 3, 2, 4, 4, 4, 3, 3, 3]
    assert [s.recipient for s in steps] == [*Seat, None, *Seat, *Seat]


def test_deal_from_deck_follows_the_packets() -> None:
    # Worked out by hand from the 3-2-4-3 pattern: forehand gets deck positions 0-2, 11-14 and 23-25.
    deal = deal_from_deck(IDENTITY_DECK, INTERNATIONAL)
    expected_forehand = [*range(0, 3), *range(11, 15), *range(23, 26)]
    assert [c.index for c in deal.hand(Seat.FOREHAND)] == expected_forehand
    assert [c.index for c in deal.skat] == [9, 10]
    assert [c.index for c in deal.hand(Seat.REARHAND)] == [6, 7, 8, 19, 20, 21, 22, 29, 30, 31]
    # Danish 5-2-5: the skat is deck positions 15 and 16, rearhand 10-14 and 27-31.
    danish = deal_from_deck(IDENTITY_DECK, DANISH)
    assert [c.index for c in danish.skat] == [15, 16]
    assert [c.index for c in danish.hand(Seat.REARHAND)] == [*range(10, 15), *range(27, 32)]


def test_random_deal_is_reproducible_and_complete() -> None:
    for profile in (DANISH, INTERNATIONAL):
        deal = random_deal(5, profile)
        assert random_deal(5, profile) == deal
        assert random_deal(6, profile) != deal
        assert sorted(deal.all_cards, key=lambda c: c.index) == list(ALL_CARDS)


def test_table_of_three_dealer_is_rearhand() -> None:
    assert table_seats(3, 0) == {1: Seat.FOREHAND, 2: Seat.MIDDLEHAND, 0: Seat.REARHAND}
    assert table_seats(3, 2) == {0: Seat.FOREHAND, 1: Seat.MIDDLEHAND, 2: Seat.REARHAND}


def test_table_of_four_dealer_sits_out() -> None:
    seats = table_seats(4, 1)
    assert seats == {2: Seat.FOREHAND, 3: Seat.MIDDLEHAND, 0: Seat.REARHAND}
    assert 1 not in seats


def test_table_of_five_two_left_neighbours_and_the_right_neighbour_play() -> None:
    # dealer 0: left neighbours 1 and 2, right neighbour 4; player 3 (opposite) sits out with the dealer
    assert table_seats(5, 0) == {1: Seat.FOREHAND, 2: Seat.MIDDLEHAND, 4: Seat.REARHAND}
    assert table_seats(5, 3) == {4: Seat.FOREHAND, 0: Seat.MIDDLEHAND, 2: Seat.REARHAND}


@pytest.mark.parametrize(("size", "dealer"), [(2, 0), (6, 0), (4, 4), (3, -1)])
def test_table_seats_refuses_bad_tables(size: int, dealer: int) -> None:
    with pytest.raises(DealError):
        table_seats(size, dealer)


def test_from_cards_keeps_given_order() -> None:
    cards = parse_cards(" ".join(c.iss for c in reversed(ALL_CARDS)))
    deal = Deal.from_cards(cards)
    assert deal.hand(Seat.FOREHAND)[0] == parse_card("CJ")
    assert isinstance(deal.skat[0], Card)
