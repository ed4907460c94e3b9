"""The hands issue 41 found over-rated, each kept as a test: the families are marked down
(:mod:`trainer.chances.families`) and open games are checked with the open-hand solver
(:mod:`trainer.chances.open_check`) before they are advised."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.cards import ALL_CARDS, Card, parse_cards
from trainer.chances import hand_chances
from trainer.chances.families import family_shift
from trainer.chances.fitted import open_checked
from trainer.chances.open_check import checked_open, open_share
from trainer.chances.plan import bid_plan
from trainer.deal import Seat
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.rules.bidding import allowed_declarations


def _by_declaration(profile: RuleProfile, hand: str, seat: Seat = Seat.FOREHAND) -> dict[Declaration, object]:
    return {c.declaration: c for c in hand_chances(profile, parse_cards(hand), seat)}


def _planned_games(profile: RuleProfile, hand: str, seat: Seat = Seat.FOREHAND) -> set[GameType]:
    chances = hand_chances(profile, parse_cards(hand), seat)
    return {step.chance.declaration.game for step in bid_plan(chances, profile).steps}


def test_a_grand_with_only_the_two_lowest_jacks_is_not_advised() -> None:
    """♥J ♦J ♠A ♠10 ♠9 ♣A ♣7 ♥8 ♥9 ♦9, forehand: 0.64 "worth 48" before; open-hand 14 of 30, bots 4 of 8."""
    hand = "HJ DJ SA ST S9 CA C7 H8 H9 D9"
    grand = _by_declaration(INTERNATIONAL, hand)[Declaration(GameType.GRAND)]
    assert grand.win < 0.55 and grand.max_bid is None  # type: ignore[attr-defined]
    assert GameType.GRAND not in _planned_games(INTERNATIONAL, hand)


def test_a_hand_grand_without_a_side_ace_ten_is_not_advised() -> None:
    """♣J ♠J ♣10 ♣K ♣8 ♠A ♠9 ♥A ♥8 ♦7: hand grand 0.69 "worth 96" before; open-hand 16 of 30."""
    hand = "CJ SJ CT CK C8 SA S9 HA H8 D7"
    hand_grand = _by_declaration(INTERNATIONAL, hand)[Declaration(GameType.GRAND, hand=True)]
    assert hand_grand.win < 0.6 and hand_grand.max_bid is None  # type: ignore[attr-defined]


def test_a_null_with_two_suits_without_their_seven_is_not_advised() -> None:
    """♠7 ♠8 ♥9 ♥Q ♦K ♦8 ♣9 ♣Q ♥7 ♦10: null 0.41 before; the bots won 0 of 10 (95 % up to 0.28). The
    families mark it down to about 0.18; the plain null's term before the pickup (forehand +0.65, fit on
    630 forced nulls and held out on 494 more) lifts it to about 0.27, still inside that interval and
    still not worth a bid."""
    null = _by_declaration(INTERNATIONAL, "S7 S8 H9 HQ DK D8 C9 CQ H7 DT")[Declaration(GameType.NULL)]
    assert null.win < 0.28 and null.max_bid is None  # type: ignore[attr-defined]


def test_a_thin_spades_game_is_not_advised() -> None:
    """Forehand ♠Q ♣K ♥J ♣J ♥8 ♥10 ♠A ♦Q ♣7 ♠9: "spades up to 22 at 0.63" before; the bots won 3 of 10."""
    spades = _by_declaration(INTERNATIONAL, "SQ CK HJ CJ H8 HT SA DQ C7 S9")[Declaration(GameType.SPADES)]
    assert spades.win < 0.58 and spades.max_bid is None  # type: ignore[attr-defined]


def test_six_small_spades_without_a_jack_are_marked_down() -> None:
    """Six small spades (0.88 before; the issue gives no cards: this hand is one of the family)."""
    spades = _by_declaration(INTERNATIONAL, "S7 S8 S9 SQ SK ST HA H8 D7 C8")[Declaration(GameType.SPADES)]
    assert spades.win < 0.5 and spades.max_bid is None  # type: ignore[attr-defined]


def test_a_null_holding_the_club_ace_and_king_is_marked_down() -> None:
    """A null holding ♣A ♣K (0.61 before; a hand of the family, the issue gives no cards)."""
    null = _by_declaration(INTERNATIONAL, "CA CK S7 S8 H7 H9 HJ D7 D9 DJ")[Declaration(GameType.NULL)]
    assert null.win < 0.4 and null.max_bid is None  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("profile", "hand"),
    [
        (DANISH, "CJ DJ CA CT CK C9 C7 SA HQ H8"),  # the textbook's chapter 6 hand: clubs på bordet 0.93
        (DANISH, "CJ SJ DJ CT CQ C9 C8 HA HK H8"),  # the Danish deal whose grand hand was lost Skrædder
    ],
)
def test_an_open_game_is_advised_only_when_it_wins_most_layouts_open_handed(
    profile: RuleProfile, hand: str
) -> None:
    cards = parse_cards(hand)
    checked = checked_open(hand_chances(profile, cards, Seat.FOREHAND), profile, cards, Seat.FOREHAND)
    opened = [c for c in checked if c.declaration.ouvert]
    assert opened
    for chance in opened:
        if chance.max_bid is None:
            continue
        ten = tuple(sorted(cards, key=lambda c: c.index))
        share = open_share(profile, ten, Seat.FOREHAND, chance.declaration, ())  # checked_open's own call
        assert share is not None and share > 0.5
        assert chance.win <= open_checked(share, chance.moment, profile.name)


def test_a_rejected_open_game_keeps_an_honest_interval() -> None:
    cards = parse_cards("CJ SJ DJ CT CQ C9 C8 HA HK H8")
    for chance in checked_open(hand_chances(DANISH, cards, Seat.FOREHAND), DANISH, cards, Seat.FOREHAND):
        assert chance.low <= chance.win <= chance.high


def test_an_open_game_after_the_pickup_is_checked_with_its_discards() -> None:
    """På bordet declared after the pickup: the ten kept are played open, the discards count."""
    from trainer.chances import skat_chances

    twelve = parse_cards("CJ SJ DJ CT CQ C9 C8 HA HK H8 CA SA")
    checked = checked_open(skat_chances(DANISH, twelve, Seat.FOREHAND), DANISH, twelve, Seat.FOREHAND)
    opened = [c for c in checked if c.declaration.ouvert]
    assert opened and any(c.max_bid is None for c in opened)
    for chance in opened:
        if chance.max_bid is None:
            continue
        ten = tuple(sorted((c for c in twelve if c not in chance.discards), key=lambda c: c.index))
        discards = tuple(sorted(chance.discards, key=lambda c: c.index))
        share = open_share(DANISH, ten, Seat.FOREHAND, chance.declaration, discards)
        assert share is not None and share > 0.5
        assert chance.win <= open_checked(share, chance.moment, DANISH.name)


# ---- the families the s49 round still found over-rated ---------------------------------------------------


def test_the_chapter_6_hand_af_haanden_paa_bordet_is_marked_down_then_checked() -> None:
    """The textbook's chapter 6 hand, ♣J ♦J and five clubs: the network gave clubs af hånden på bordet 0.93
    (it wins every open-hand layout, where the declarer sees the defenders' cards too), so the open game is
    marked down before the check (the defenders see the declarer's cards, the declarer does not see
    theirs). The check and the open game's term then bring it back to what the experts make of it:
    ``benchmarks/one_hand.py`` (``benchmarks/results/one-hand-ch6-*``) played it over random layouts of
    the other 22 cards and won 65 of 66 (0.919-0.997) at the coach's chance of 0.912 (0.77 before the
    term), and clubs af hånden 60 of 62 (0.890-0.991) at 0.930."""
    profile, hand = DANISH, "CJ DJ CA CT CK C9 C7 SA HQ H8"
    games = _by_declaration(profile, hand)
    open_hand = games[Declaration(GameType.CLUBS, hand=True, ouvert=True)]
    closed_hand = games[Declaration(GameType.CLUBS, hand=True)]
    assert open_hand.win < 0.87  # type: ignore[attr-defined]
    assert open_hand.win < closed_hand.win - 0.05  # type: ignore[attr-defined]
    cards = parse_cards(hand)
    checked = checked_open(hand_chances(profile, cards, Seat.FOREHAND), profile, cards, Seat.FOREHAND)
    played_open = next(
        c for c in checked if c.declaration == Declaration(GameType.CLUBS, hand=True, ouvert=True)
    )
    assert played_open.max_bid is not None and played_open.win > open_hand.win  # type: ignore[attr-defined]


def test_the_danish_three_jack_grand_lost_skraedder_is_no_longer_worth_80() -> None:
    """♣J ♠J ♦J ♣10 ♣Q ♣9 ♣8 ♥A ♥K ♥8 (void in spades and diamonds, one Ace): the coach advised "bid up
    to 80 for Grand af hånden (about 87 %)" and the grand was lost Skrædder."""
    games = _by_declaration(DANISH, "CJ SJ DJ CT CQ C9 C8 HA HK H8")
    hand_grand = games[Declaration(GameType.GRAND, hand=True)]
    assert hand_grand.win < 0.8  # type: ignore[attr-defined]
    assert hand_grand.max_bid is None or hand_grand.max_bid < 60  # type: ignore[attr-defined]
    plan = bid_plan(hand_chances(DANISH, parse_cards("CJ SJ DJ CT CQ C9 C8 HA HK H8"), Seat.FOREHAND), DANISH)
    assert all(step.chance.declaration != Declaration(GameType.GRAND, hand=True) for step in plan.steps)


def test_a_suit_with_no_card_of_its_own_is_not_the_game_after_the_pickup() -> None:
    """Three Jacks and no club (♣J ♠J ♦J ♠A ♠10 ♠9 ♠7 ♥A ♥K ♥8 ♦7 ♦A after the pickup): clubs was about
    0.75 and worth 36, more than the spades game the hand really has."""
    from trainer.chances import skat_chances

    for profile in (DANISH, INTERNATIONAL):
        games = {
            c.declaration: c
            for c in skat_chances(profile, parse_cards("CJ SJ DJ SA ST S9 S7 HA HK H8 D7 DA"), Seat.FOREHAND)
        }
        clubs, spades = games[Declaration(GameType.CLUBS)], games[Declaration(GameType.SPADES)]
        assert clubs.win < 0.5 and clubs.max_bid is None
        assert spades.win > 0.9


def test_a_suit_game_with_three_trumps_is_below_the_same_hand_with_four() -> None:
    """A trump fewer (a side card instead) is a chance lower, and three trumps are marked down; four trumps
    with two side Aces (a usual 18) are not."""
    four = _by_declaration(INTERNATIONAL, "CJ HA HT H9 S8 SA S9 DA D8 C9")[Declaration(GameType.HEARTS)]
    three = _by_declaration(INTERNATIONAL, "CJ HA HT S7 S8 SA S9 DA D8 C9")[Declaration(GameType.HEARTS)]
    assert three.win < four.win - 0.1  # type: ignore[attr-defined]
    assert four.max_bid is not None  # type: ignore[attr-defined]


@settings(max_examples=60, deadline=None)
@given(
    st.permutations(ALL_CARDS),
    st.sampled_from(
        [d for d in allowed_declarations(DANISH)] + [d for d in allowed_declarations(INTERNATIONAL)]
    ),
)
def test_a_family_never_raises_a_chance(deck: list[Card], declaration: Declaration) -> None:
    """Every family is a markdown: the shift is never above zero."""
    assert family_shift(declaration, deck[:10]) <= 0.0
