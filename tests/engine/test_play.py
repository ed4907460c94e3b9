"""Trumps, following suit, trick winners and the GameState (RULES.md §1, §5, §7).

Every expected value here is worked out by hand from the rules text, not read off the engine.
"""

from __future__ import annotations

import pytest

from trainer.cards import Card, Suit, parse_card, parse_cards
from trainer.deal import Deal, Seat
from trainer.errors import DeclarationError, IllegalCardError, SkatExchangeError
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.rules.play import (
    TRUMP,
    GameState,
    Phase,
    beats,
    follow_class,
    is_trump,
    legal_cards,
    refusal_details,
    sort_cards,
    suit_order,
    trick_winner,
    trump_order,
)

C = parse_card
G = GameType


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# A hand-built deal used by the GameState tests (checked: 32 different cards).
#   forehand:   ♣J ♠J ♥A ♥10 ♥K ♦7 ♦8 ♠7 ♠8 ♣7
#   middlehand: ♥J ♦J ♥Q ♥9 ♥8 ♥7 ♦A ♦10 ♣A ♣10
#   rearhand:   ♠A ♠10 ♠K ♠Q ♠9 ♦K ♦Q ♦9 ♣K ♣Q
#   skat:       ♣9 ♣8
DEAL = Deal.from_cards(
    parse_cards(
        "CJ SJ HA HT HK D7 D8 S7 S8 C7 HJ DJ HQ H9 H8 H7 DA DT CA CT SA ST SK SQ S9 DK DQ D9 CK CQ C9 C8"
    )
)


# ---- trumps and card order -----------------------------------------------------------------------


def test_trump_orders() -> None:
    assert trump_order(G.CLUBS) == cards("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7")
    assert trump_order(G.DIAMONDS) == cards("CJ SJ HJ DJ DA DT DK DQ D9 D8 D7")
    assert trump_order(G.GRAND) == cards("CJ SJ HJ DJ")
    assert trump_order(G.NULL) == ()


def test_suit_orders() -> None:
    assert suit_order(Suit.HEARTS, G.GRAND) == cards("HA HT HK HQ H9 H8 H7")
    assert suit_order(Suit.HEARTS, G.SPADES) == cards("HA HT HK HQ H9 H8 H7")
    assert suit_order(Suit.SPADES, G.SPADES) == ()  # all spades are trumps in a spade game
    assert suit_order(Suit.HEARTS, G.NULL) == cards("HA HK HQ HJ HT H9 H8 H7")


def test_is_trump_and_follow_class_of_jacks() -> None:
    hj = C("HJ")
    assert is_trump(hj, G.HEARTS) and is_trump(hj, G.CLUBS) and is_trump(hj, G.GRAND)
    assert not is_trump(hj, G.NULL)
    assert follow_class(hj, G.HEARTS) == TRUMP
    assert follow_class(hj, G.GRAND) == TRUMP
    assert follow_class(hj, G.NULL) is Suit.HEARTS
    assert is_trump(C("C7"), G.CLUBS) and not is_trump(C("C7"), G.GRAND)
    assert follow_class(C("DA"), G.DIAMONDS) == TRUMP
    assert follow_class(C("DA"), G.HEARTS) is Suit.DIAMONDS


# ---- following suit ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", [G.SPADES, G.GRAND, G.CLUBS, G.DIAMONDS])
def test_heart_jack_does_not_follow_hearts_in_trump_games(game: GameType) -> None:
    hand = cards("HJ H7 SA")
    assert legal_cards(hand, cards("HA"), game) == cards("H7")


def test_heart_jack_alone_does_not_oblige_in_grand() -> None:
    # ♥K led in grand; the only "heart" held is the ♥J, which is a trump: any card may be played
    hand = cards("HJ SA D7")
    assert set(legal_cards(hand, cards("HK"), G.GRAND)) == set(hand)


def test_heart_jack_is_a_heart_in_null() -> None:
    hand = cards("HJ SA D7")
    assert legal_cards(hand, cards("HK"), G.NULL) == cards("HJ")


def test_hearts_led_in_a_heart_game_is_a_trump_lead() -> None:
    # hearts are trumps: ♥7 led must be followed by a Jack or a heart
    hand = cards("CJ S7 SA")
    assert legal_cards(hand, cards("H7"), G.HEARTS) == cards("CJ")
    hand = cards("HA S7 DJ")
    assert set(legal_cards(hand, cards("H7"), G.HEARTS)) == set(cards("HA DJ"))


def test_jack_led_must_be_followed_by_trump_suit_cards_too() -> None:
    # ♠J led in a clubs game: clubs are trumps, so ♣7 must be played
    assert legal_cards(cards("C7 SA ST"), cards("SJ"), G.CLUBS) == cards("C7")
    # in grand only Jacks are trumps: ♦A does not follow ♦J, the ♣J must
    assert legal_cards(cards("DA CJ S7"), cards("DJ"), G.GRAND) == cards("CJ")
    # no Jack held in grand: free choice
    assert set(legal_cards(cards("DA D7 S7"), cards("DJ"), G.GRAND)) == set(cards("DA D7 S7"))


def test_clubs_led_never_requires_the_club_jack() -> None:
    # in a spade game ♣A led: the ♣J is a trump, not a club, so with no other club any card goes
    assert set(legal_cards(cards("CJ HA"), cards("CA"), G.SPADES)) == set(cards("CJ HA"))


def test_leading_is_free() -> None:
    hand = cards("CJ HA S7")
    assert legal_cards(hand, (), G.HEARTS) == hand


def test_refusal_reason_names_the_jack_pitfall() -> None:
    hand = cards("HJ HA S7")
    details = refusal_details(C("HJ"), hand, cards("HK"), G.SPADES)
    assert details is not None
    reason = details.message(G.SPADES)
    assert reason.startswith("You must follow hearts: you still hold ♥A.")
    assert "♥J is a trump" in reason and "not a heart" in reason
    assert refusal_details(C("HA"), hand, cards("HK"), G.SPADES) is None
    not_held = refusal_details(C("CA"), hand, cards("HK"), G.SPADES)
    assert not_held is not None and not_held.message(G.SPADES) == "That card is not in your hand."


def test_refusal_details_for_a_trump_lead() -> None:
    details = refusal_details(C("DA"), cards("HJ DJ DA"), cards("S7"), G.SPADES)
    assert details is not None
    assert details.code == "must_follow_trump"
    assert details.led == TRUMP
    assert set(details.examples) == set(cards("HJ DJ"))
    assert details.note == "jacks_are_trumps"
    assert "must play a trump" in details.message(G.SPADES)


def test_refusal_details_in_null_mention_plain_jacks() -> None:
    details = refusal_details(C("SA"), cards("HJ SA"), cards("HK"), G.NULL)
    assert details is not None
    assert (details.code, details.led, details.examples, details.note) == (
        "must_follow_suit",
        Suit.HEARTS,
        cards("HJ"),
        "jack_is_plain",
    )
    assert refusal_details(C("HJ"), cards("HJ SA"), cards("HK"), G.NULL) is None


# ---- trick winners -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "trick", "winner"),
    [
        # grand: only Jacks trump; the ten ranks above the king
        (G.GRAND, "HA DJ HT", 1),
        (G.GRAND, "H7 HA SA", 1),
        (G.GRAND, "S7 HA DA", 0),  # off-suit aces never win
        (G.GRAND, "SK ST SQ", 1),
        (G.GRAND, "DJ HJ CJ", 2),
        # suit games: any trump beats the led suit; Jacks over the trump ace
        (G.DIAMONDS, "HA D7 HT", 1),
        (G.DIAMONDS, "DA DJ DT", 1),
        (G.DIAMONDS, "CJ SJ DA", 0),
        (G.HEARTS, "ST SA H7", 2),
        (G.HEARTS, "SK ST SA", 2),
        (G.CLUBS, "CA C7 SJ", 2),
        (G.SPADES, "HA CA D7", 0),
        # null: no trumps, A K Q J 10 9 8 7
        (G.NULL, "HJ HQ HT", 1),
        (G.NULL, "HT HJ H9", 1),
        (G.NULL, "HA CJ SJ", 0),
        (G.NULL, "SK ST SQ", 0),
        (G.NULL, "H7 H8 SA", 1),
    ],
)
def test_trick_winner(game: GameType, trick: str, winner: int) -> None:
    assert trick_winner(cards(trick), game) == winner


def test_trick_winner_needs_three_cards() -> None:
    with pytest.raises(IllegalCardError):
        trick_winner(cards("HA HK"), G.GRAND)


def test_beats() -> None:
    assert beats(C("DJ"), C("HA"), Suit.HEARTS, G.GRAND)
    assert not beats(C("SA"), C("H7"), Suit.HEARTS, G.GRAND)
    assert beats(C("H7"), C("SA"), Suit.HEARTS, G.GRAND)  # the led suit beats an off-suit card
    # two off-suit cards: neither beats the other
    assert not beats(C("SA"), C("DA"), Suit.HEARTS, G.GRAND)
    assert not beats(C("DA"), C("SA"), Suit.HEARTS, G.GRAND)
    assert beats(C("HQ"), C("HJ"), Suit.HEARTS, G.NULL)
    assert beats(C("HJ"), C("HT"), Suit.HEARTS, G.NULL)


# ---- GameState: skat exchange --------------------------------------------------------------------


def test_pickup_and_discard() -> None:
    state = GameState(INTERNATIONAL, DEAL, Seat.REARHAND, Declaration(G.CLUBS))
    assert state.phase is Phase.PICKUP and state.to_move is None
    with pytest.raises(IllegalCardError):
        state.play(C("CJ"))
    with pytest.raises(SkatExchangeError, match="Pick up"):
        state.discard(cards("SA ST"))
    assert set(state.pick_up_skat()) == set(cards("C9 C8"))
    assert len(state.hand(Seat.REARHAND)) == 12
    with pytest.raises(SkatExchangeError):
        state.pick_up_skat()
    with pytest.raises(SkatExchangeError, match="two"):
        state.discard(cards("SQ"))
    with pytest.raises(SkatExchangeError, match="two"):
        state.discard(cards("SQ S9 CK"))
    with pytest.raises(SkatExchangeError, match="not in the declarer's hand"):
        state.discard(cards("SQ HA"))
    state.discard(cards("SQ S9"))
    assert state.phase is Phase.PLAY
    assert len(state.hand(Seat.REARHAND)) == 10
    assert set(state.skat) == set(cards("SQ S9"))
    # discards count for the declarer: ♠Q 3 + ♠9 0
    assert state.declarer_points == 3 and state.points(Seat.REARHAND) == 3
    assert state.to_move is Seat.FOREHAND
    with pytest.raises(SkatExchangeError):
        state.discard(cards("CK CQ"))


def test_hand_game_refuses_pickup() -> None:
    state = GameState(INTERNATIONAL, DEAL, Seat.FOREHAND, Declaration(G.GRAND, hand=True))
    assert state.phase is Phase.PLAY
    with pytest.raises(SkatExchangeError, match="hand game"):
        state.pick_up_skat()
    with pytest.raises(SkatExchangeError):
        GameState(
            INTERNATIONAL, DEAL, Seat.FOREHAND, Declaration(G.GRAND, hand=True), discards=cards("C9 C8")
        )
    # the untouched skat (♣9 ♣8, no points) belongs to the declarer
    assert state.skat == cards("C9 C8")


def test_discards_keyword_does_the_exchange() -> None:
    state = GameState(DANISH, DEAL, Seat.MIDDLEHAND, Declaration(G.HEARTS), discards=cards("CA CT"))
    assert state.phase is Phase.PLAY
    assert C("C9") in state.hand(Seat.MIDDLEHAND) and C("CA") not in state.hand(Seat.MIDDLEHAND)
    assert state.declarer_points == 21


def test_declaration_checked_against_the_profile() -> None:
    # null hand is not a Danish game
    with pytest.raises(DeclarationError):
        GameState(DANISH, DEAL, Seat.FOREHAND, Declaration(G.NULL, hand=True))


# ---- GameState: play -----------------------------------------------------------------------------


def test_first_trick_in_grand_and_undo_across_it() -> None:
    state = GameState(INTERNATIONAL, DEAL, Seat.FOREHAND, Declaration(G.GRAND, hand=True))
    assert state.to_move is Seat.FOREHAND  # forehand leads
    assert len(state.legal_cards()) == 10
    state.play(C("HA"))
    assert state.to_move is Seat.MIDDLEHAND
    assert set(state.legal_cards()) == set(cards("HQ H9 H8 H7"))
    with pytest.raises(IllegalCardError, match="follow hearts"):
        state.play(C("HJ"))
    with pytest.raises(IllegalCardError, match="not in your hand"):
        state.play(C("SA"))
    state.play("H7")
    assert len(state.legal_cards()) == 10  # rearhand has no hearts
    trick = state.play(C("SA"))
    assert trick is not None and trick.winner is Seat.FOREHAND and trick.points == 22
    assert state.tricks == (trick,) and state.current_trick == ()
    assert state.trick_points(Seat.FOREHAND) == 22 and state.declarer_tricks == 1
    assert state.to_move is Seat.FOREHAND

    assert state.undo() == C("SA")
    assert state.tricks == () and state.current_trick == cards("HA H7")
    assert state.trick_points(Seat.FOREHAND) == 0 and state.declarer_tricks == 0
    assert state.to_move is Seat.REARHAND and C("SA") in state.hand(Seat.REARHAND)
    state.pop()
    state.pop()
    assert state.current_trick == () and len(state.hand(Seat.FOREHAND)) == 10
    with pytest.raises(IllegalCardError):
        state.undo()


def test_winner_leads_next_trick() -> None:
    state = GameState(INTERNATIONAL, DEAL, Seat.FOREHAND, Declaration(G.HEARTS, hand=True))
    # ♠7 led in a heart game; middlehand has no spade and trumps with ♥7, rearhand must follow spades
    state.play("S7")
    state.play("H7")
    assert set(state.legal_cards()) == set(cards("SA ST SK SQ S9"))
    trick = state.play("SA")
    assert trick is not None and trick.winner is Seat.MIDDLEHAND
    assert trick.card_of(Seat.MIDDLEHAND) == C("H7") and trick.winner_index == 1
    assert state.to_move is Seat.MIDDLEHAND
    assert state.moves == ((Seat.FOREHAND, C("S7")), (Seat.MIDDLEHAND, C("H7")), (Seat.REARHAND, C("SA")))


def test_null_ends_at_the_declarers_first_trick() -> None:
    state = GameState(INTERNATIONAL, DEAL, Seat.FOREHAND, Declaration(G.NULL, hand=True))
    state.play("D7")
    # the ♦J is a diamond in null
    assert set(state.legal_cards()) == set(cards("DJ DA DT"))
    state.play("DT")
    state.play("D9")  # null order: 10 beats 9 and 7 -> middlehand wins
    assert not state.is_finished and state.to_move is Seat.MIDDLEHAND
    state.play("H7")
    state.play("SA")  # rearhand has no hearts
    trick = state.play("HA")
    assert trick is not None and trick.winner is Seat.FOREHAND
    assert state.is_finished and state.phase is Phase.FINISHED
    assert state.to_move is None and state.legal_cards() == ()
    with pytest.raises(IllegalCardError, match="over"):
        state.play("HT")
    state.undo()
    assert not state.is_finished and state.to_move is Seat.FOREHAND


def test_suit_game_is_finished_after_ten_tricks_with_120_points() -> None:
    state = GameState(DANISH, DEAL, Seat.REARHAND, Declaration(G.SPADES), discards=cards("C9 C8"))
    while not state.is_finished:
        state.play(state.legal_cards()[-1])
    assert len(state.tricks) == 10
    assert state.declarer_points + state.defender_points == 120
    assert sum(state.points(seat) for seat in Seat) == 120
    assert state.declarer_tricks + state.defender_tricks == 10


# ---- open cards ----------------------------------------------------------------------------------


def test_danish_nul_ouvert_opens_after_the_declarers_first_card() -> None:
    state = GameState(DANISH, DEAL, Seat.MIDDLEHAND, Declaration(G.NULL, ouvert=True))
    state.pick_up_skat()
    state.discard(cards("C9 C8"))
    assert state.open_seats() == frozenset()
    state.play("D7")
    assert state.open_seats() == frozenset()
    state.play("DT")
    assert state.open_seats() == {Seat.MIDDLEHAND}
    assert len(state.hand(Seat.MIDDLEHAND)) == 9  # what lies open: the nine cards still held
    state.undo()
    assert state.open_seats() == frozenset()


def test_international_null_ouvert_opens_before_the_first_lead() -> None:
    state = GameState(INTERNATIONAL, DEAL, Seat.MIDDLEHAND, Declaration(G.NULL, ouvert=True))
    state.pick_up_skat()
    assert state.open_seats() == frozenset()  # not while exchanging the skat
    state.discard(cards("C9 C8"))
    assert state.open_seats() == {Seat.MIDDLEHAND}


@pytest.mark.parametrize(
    ("profile", "declaration"),
    [
        (DANISH, Declaration(G.NULL, hand=True, ouvert=True)),  # Dækker
        (DANISH, Declaration(G.CLUBS, hand=True, ouvert=True)),  # på bordet af hånden
        (INTERNATIONAL, Declaration(G.GRAND, ouvert=True)),  # implies hand
        (INTERNATIONAL, Declaration(G.NULL, hand=True, ouvert=True)),
    ],
)
def test_open_hand_games_are_open_before_play(profile: RuleProfile, declaration: Declaration) -> None:
    state = GameState(profile, DEAL, Seat.REARHAND, declaration)
    assert state.open_seats() == {Seat.REARHAND}


def test_danish_paa_bordet_with_pickup_opens_after_the_discard() -> None:
    state = GameState(DANISH, DEAL, Seat.REARHAND, Declaration(G.CLUBS, ouvert=True))
    state.pick_up_skat()
    assert state.open_seats() == frozenset()
    state.discard(cards("SQ S9"))
    assert state.open_seats() == {Seat.REARHAND}


def test_closed_games_show_only_the_viewers_hand() -> None:
    state = GameState(DANISH, DEAL, Seat.FOREHAND, Declaration(G.GRAND, hand=True))
    state.play("HA")
    assert state.open_seats() == frozenset()


def test_copy_is_independent() -> None:
    state = GameState(INTERNATIONAL, DEAL, Seat.FOREHAND, Declaration(G.GRAND, hand=True))
    state.play("HA")
    other = state.copy()
    other.play("H7")
    assert state.current_trick == cards("HA") and other.current_trick == cards("HA H7")
    assert C("H7") in state.hand(Seat.MIDDLEHAND)


def test_sort_cards_follows_the_game() -> None:
    hand = cards("D7 HJ CA HA CJ HT S9 D8 DJ CT")
    assert sort_cards(hand, G.HEARTS) == list(cards("CJ HJ DJ HA HT CA CT S9 D8 D7"))
    assert sort_cards(hand, G.GRAND) == list(cards("CJ HJ DJ CA CT S9 HA HT D8 D7"))
    # null: the Jacks sit in their suits, below the queen and above the ten
    assert sort_cards(hand, G.NULL) == list(cards("CA CJ CT S9 HA HJ HT DJ D8 D7"))
