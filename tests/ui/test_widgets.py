"""Each live element, driven through AppTest with a known deal, gives the right answer.

Expected answers are worked out here from the rules themselves (small independent helpers below), not by
asking the engine function the widget uses.
"""

from __future__ import annotations

import base64
import re

from trainer.cards import Card, parse_cards
from trainer.deal import shuffled_deck
from trainer.profiles import DANISH, INTERNATIONAL

from .helpers import html_rows, texts, widget_app

# ---- independent rule helpers ---------------------------------------------------------------------------

POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
SORT_SUITS = "CSHD"
SORT_RANKS = "ATKQ987"


def traditional_sort(cards: list[Card]) -> list[str]:
    """Jacks first (clubs, spades, hearts, diamonds), then the suits in that order, each A 10 K Q 9 8 7."""
    codes = [c.iss for c in cards]
    jacks = sorted((c for c in codes if c[1] == "J"), key=lambda c: SORT_SUITS.index(c[0]))
    rest = sorted(
        (c for c in codes if c[1] != "J"), key=lambda c: (SORT_SUITS.index(c[0]), SORT_RANKS.index(c[1]))
    )
    return jacks + rest


def first_row(at) -> list[str]:
    return html_rows(at)[0]


# ---- sort_hand ------------------------------------------------------------------------------------------


def test_sort_hand_accepts_the_traditional_order() -> None:
    at = widget_app("sort_hand", seed=11)
    hand = parse_cards(" ".join(first_row(at)))
    assert len(hand) == 10
    for code in traditional_sort(list(hand)):
        at.pills(key="w-pick").set_value(code).run()
    assert not at.exception
    assert at.success and "traditional order" in at.success[0].value
    assert not at.error


def test_sort_hand_points_at_the_first_misplaced_card() -> None:
    at = widget_app("sort_hand", seed=11)
    order = traditional_sort(list(parse_cards(" ".join(first_row(at)))))
    order[2], order[3] = order[3], order[2]
    for code in order:
        at.pills(key="w-pick").set_value(code).run()
    assert at.error and "place 3" in at.error[0].value
    # Undo takes the last card back off the learner's row.
    at.button(key="w-undo").click().run()
    assert not at.error and not at.success


# ---- card_points ----------------------------------------------------------------------------------------


def test_card_points_checks_the_count() -> None:
    seed = 5
    pile = shuffled_deck(seed)[:3]
    total = sum(POINTS[c.rank.value] for c in pile)
    at = widget_app("card_points", seed=seed)
    assert first_row(at) == [c.iss for c in pile]
    at.text_input[0].set_value(str(total)).run()
    at.button(key="w-check").click().run()
    assert at.success and f"= {total}" in at.success[0].value
    at.text_input[0].set_value(str(total + 1)).run()
    assert at.error and f"not {total + 1}" in at.error[0].value


def test_card_points_bigger_pile() -> None:
    seed = 9
    at = widget_app("card_points", seed=seed)
    at.segmented_control(key="w-size").set_value(8).run()
    pile = shuffled_deck(seed)[:8]
    assert first_row(at) == [c.iss for c in pile]
    at.text_input[0].set_value(str(sum(POINTS[c.rank.value] for c in pile))).run()
    at.button(key="w-check").click().run()
    assert at.success and not at.error


# ---- card_order -----------------------------------------------------------------------------------------


def test_card_order_hearts() -> None:
    at = widget_app("card_order")
    at.selectbox(key="w-game").set_value("hearts").run()
    rows = html_rows(at)
    assert rows[0] == ["CJ", "SJ", "HJ", "DJ", "HA", "HT", "HK", "HQ", "H9", "H8", "H7"]
    assert ["CA", "CT", "CK", "CQ", "C9", "C8", "C7"] in rows
    assert not any(r[0].startswith("H") for r in rows[1:])  # hearts have no plain-suit row


def test_card_order_grand_and_null() -> None:
    at = widget_app("card_order")
    at.selectbox(key="w-game").set_value("grand").run()
    rows = html_rows(at)
    assert rows[0] == ["CJ", "SJ", "HJ", "DJ"]
    assert ["DA", "DT", "DK", "DQ", "D9", "D8", "D7"] in rows
    at.selectbox(key="w-game").set_value("null").run()
    rows = html_rows(at)
    assert len(rows) == 4  # no trump row, four suits
    assert ["CA", "CK", "CQ", "CJ", "CT", "C9", "C8", "C7"] in rows


# ---- which_trumps ---------------------------------------------------------------------------------------


def _is_trump(code: str, game: str) -> bool:
    if game == "null":
        return False
    if code[1] == "J":
        return True
    return game != "grand" and code[0] == game[0].upper()


def test_which_trumps_right_and_wrong() -> None:
    at = widget_app("which_trumps", seed=21)
    at.selectbox(key="w-game").set_value("spades").run()
    hand = first_row(at)
    trumps = [c for c in hand if _is_trump(c, "spades")]
    at.pills(key="w-pick").set_value(trumps).run()
    at.button(key="w-check").click().run()
    assert at.success and not at.error
    non_trump = next(c for c in hand if not _is_trump(c, "spades"))
    at.pills(key="w-pick").set_value([*trumps, non_trump]).run()
    assert at.error and "not trumps" in at.error[0].value


def test_which_trumps_null_has_none() -> None:
    at = widget_app("which_trumps", seed=3)
    at.selectbox(key="w-game").set_value("null").run()
    at.button(key="w-check").click().run()
    assert at.success and "no trumps" in at.success[0].value


# ---- deal_steps -----------------------------------------------------------------------------------------


def test_deal_steps_danish_five_two_five() -> None:
    seed = 4
    deck = [c.iss for c in shuffled_deck(seed)]
    at = widget_app("deal_steps", seed=seed, profile="danish")
    assert "5-2-5" in texts(at) and DANISH.deal_pattern_text == "5-2-5"
    at.pills(key="w-guess0").set_value("forehand").run()
    assert at.success
    at.button(key="w-next").click().run()
    rows = html_rows(at)
    assert rows[0] == deck[0:5]  # forehand's first packet
    for _ in range(3):
        at.button(key="w-next").click().run()
    # Packet four is the skat: face down until the deal is complete.
    assert html_rows(at)[-1] == ["back", "back"]
    at.pills(key="w-guess4").set_value("skat").run()
    assert at.error  # the fifth packet goes to forehand again, not the skat
    at.button(key="w-all").click().run()
    rows = html_rows(at)
    assert rows[0] == deck[0:5] + deck[17:22]
    assert rows[1] == deck[5:10] + deck[22:27]
    assert rows[2] == deck[10:15] + deck[27:32]
    assert rows[3] == deck[15:17]


def test_deal_steps_international_three_two_four_three() -> None:
    seed = 4
    deck = [c.iss for c in shuffled_deck(seed)]
    at = widget_app("deal_steps", seed=seed, profile="international")
    assert INTERNATIONAL.deal_pattern_text in texts(at)
    at.button(key="w-all").click().run()
    rows = html_rows(at)
    assert rows[0] == deck[0:3] + deck[11:15] + deck[23:26]
    assert rows[1] == deck[3:6] + deck[15:19] + deck[26:29]
    assert rows[2] == deck[6:9] + deck[19:23] + deck[29:32]
    assert rows[3] == deck[9:11]


# ---- table_seats ----------------------------------------------------------------------------------------


def test_table_seats_four_players() -> None:
    at = widget_app("table_seats")
    at.segmented_control(key="w-size").set_value(4).run()
    at.selectbox(key="w-dealer").set_value(3).run()  # Dorte deals
    table = texts(at)
    assert "| Anna | forehand |" in table
    assert "| Bo | middlehand |" in table
    assert "| Carl | rearhand |" in table
    assert "| Dorte | dealer, sits out |" in table
    at.pills[0].set_value(0).run()
    assert at.success and "Anna" in at.success[0].value
    at.pills[0].set_value(1).run()
    assert at.error


def test_table_seats_five_players_and_three() -> None:
    at = widget_app("table_seats")
    at.segmented_control(key="w-size").set_value(5).run()
    at.selectbox(key="w-dealer").set_value(0).run()  # Anna deals
    table = texts(at)
    # The dealer's two left neighbours and the right neighbour play; the one opposite rests.
    assert "| Bo | forehand |" in table and "| Carl | middlehand |" in table
    assert "| Erik | rearhand |" in table and "| Dorte | sits out |" in table
    at.segmented_control(key="w-size").set_value(3).run()
    at.selectbox(key="w-dealer").set_value(1).run()  # Bo deals and plays rearhand
    assert "| Bo | dealer, rearhand |" in texts(at)


def test_table_seats_forget_the_pick_with_the_table() -> None:
    """4 → 5 players is a new question: the old pick is not kept or judged."""
    at = widget_app("table_seats")
    at.segmented_control(key="w-size").set_value(4).run()
    at.pills[0].set_value(0).run()
    assert at.success or at.error
    at.segmented_control(key="w-size").set_value(5).run()
    assert at.pills[0].value is None and not at.success and not at.error
    # another dealer is a new question too
    at.pills[0].set_value(1).run()
    assert at.success or at.error
    at.selectbox(key="w-dealer").set_value(0).run()
    assert at.pills[0].value is None and not at.success and not at.error


def test_card_points_forget_the_answer_with_the_cards() -> None:
    """New cards or another pile size: the old count is not checked against the new cards."""
    seed = 5
    at = widget_app("card_points", seed=seed)
    at.text_input[0].set_value(str(7)).run()
    at.button(key="w-check").click().run()
    assert at.success or at.error
    at.segmented_control(key="w-size").set_value(8).run()
    assert at.text_input[0].value == "" and not at.success and not at.error
    at.text_input[0].set_value(str(7)).run()
    at.button(key="w-check").click().run()
    at.button(key="w-new").click().run()
    assert at.text_input[0].value == "" and not at.success and not at.error


def test_table_seats_in_danish() -> None:
    at = widget_app("table_seats", lang="da")
    assert "forhånd" in texts(at) and "(forehand)" not in texts(at)


# ---- trick_winner ---------------------------------------------------------------------------------------


def test_trick_winner_grand_jack_beats_ace() -> None:
    at = widget_app("trick_winner", trick="HA DJ HT")
    at.selectbox(key="w-game").set_value("grand").run()
    at.pills(key="w-answergrand").set_value("DJ").run()
    assert at.success and "highest trump" in at.success[0].value
    at.pills(key="w-answergrand").set_value("HA").run()
    assert at.error


def test_trick_winner_led_suit_when_nobody_trumps() -> None:
    # Null: no trumps; hearts led, the Jack of diamonds is off-suit and the ace wins.
    at = widget_app("trick_winner", trick="HK DJ HA")
    at.selectbox(key="w-game").set_value("null").run()
    at.pills(key="w-answernull").set_value("HA").run()
    assert at.success and "suit that was led" in at.success[0].value
    # Clubs game: spades led, a small club (trump) beats the spade ace.
    at = widget_app("trick_winner", trick="SA C7 ST")
    at.selectbox(key="w-game").set_value("clubs").run()
    at.pills(key="w-answerclubs").set_value("C7").run()
    assert at.success


def test_trick_winner_random_tricks_are_legal() -> None:
    at = widget_app("trick_winner", seed=77)
    at.selectbox(key="w-game").set_value("diamonds").run()
    trick = first_row(at)
    assert len(trick) == 3 and len(set(trick)) == 3


# ---- follow_suit ----------------------------------------------------------------------------------------

HAND = "CJ SA S7 HA H7 DA DK D7 CT C8"


def test_follow_suit_trump_led_in_spades() -> None:
    at = widget_app("follow_suit", hand=HAND, lead="SK")
    at.selectbox(key="w-game").set_value("spades").run()
    at.pills(key="w-playspades").set_value("HA").run()
    assert at.error
    message = at.error[0].value
    assert "must play a trump" in message
    for card in ("♣J", "♠A", "♠7"):  # the Jack counts as a trump in a spades game
        assert card in message
    at.pills(key="w-playspades").set_value("CJ").run()
    assert at.success and not at.error


def test_follow_suit_jack_is_not_its_printed_suit() -> None:
    # Grand, spades led: the spade Jack is a trump, so the small spade must be played.
    at = widget_app("follow_suit", hand="SJ S7 HA H7 DA DK D7 CT C8 C7", lead="SA")
    at.selectbox(key="w-game").set_value("grand").run()
    at.pills(key="w-playgrand").set_value("SJ").run()
    assert at.error and "The ♠J is a trump in grand, not a spade." in at.error[0].value
    at.pills(key="w-playgrand").set_value("S7").run()
    assert at.success


def test_follow_suit_null_jack_is_plain_and_free_when_void() -> None:
    at = widget_app("follow_suit", hand="HJ S7 SA C7 C8 C9 DA DK D7 D8", lead="HK")
    at.selectbox(key="w-game").set_value("null").run()
    at.pills(key="w-playnull").set_value("SA").run()
    assert at.error and "ordinary cards" in at.error[0].value
    # No clubs... a hand void in the led suit may play anything.
    at = widget_app("follow_suit", hand="SJ S7 SA C7 C8 C9 DA DK D7 D8", lead="HK")
    at.selectbox(key="w-game").set_value("clubs").run()
    at.pills(key="w-playclubs").set_value("DA").run()
    assert at.success and "cannot follow" in at.success[0].value


def test_follow_suit_explains_in_danish() -> None:
    at = widget_app("follow_suit", lang="da", hand=HAND, lead="HK")
    at.selectbox(key="w-game").set_value("spades").run()
    at.pills(key="w-playspades").set_value("DA").run()
    assert at.error and "Du skal bekende hjerter" in at.error[0].value and "♥E" in at.error[0].value


def test_follow_suit_random_deal_renders() -> None:
    at = widget_app("follow_suit", seed=12345, four_colour=True)
    assert not at.exception
    assert len(html_rows(at)) == 2  # the led card, the hand
    hand_html = at.html[1].value
    svgs = [base64.b64decode(uri).decode() for uri in re.findall(r"base64,([A-Za-z0-9+/=]+)", hand_html)]
    hand = html_rows(at)[1]
    assert len(svgs) == len(hand) == 10
    for code, svg in zip(hand, svgs, strict=True):
        if code[0] == "C":
            assert "#1f7a34" in svg  # four-colour clubs are green
        if code[0] == "D":
            assert "#e08a00" in svg  # four-colour diamonds are orange


def test_trick_winner_highlights_the_winner_once_answered() -> None:
    at = widget_app("trick_winner", trick="SA C7 ST")
    at.selectbox(key="w-game").set_value("clubs").run()
    assert 'data-state="highlighted"' not in at.html[0].value
    at.pills(key="w-answerclubs").set_value("SA").run()
    assert at.error
    figures = re.findall(r'data-card="(\w+)" data-state="(\w+)"', at.html[0].value)
    assert figures == [("SA", "normal"), ("C7", "highlighted"), ("ST", "normal")]


def test_which_trumps_forgets_the_check_when_the_game_changes() -> None:
    at = widget_app("which_trumps", seed=21)
    at.button(key="w-check").click().run()
    assert at.error or at.success
    at.selectbox(key="w-game").set_value("grand").run()
    assert not at.error and not at.success
