"""The calculator pages end to end through the whole app (AppTest): the textbook's worked examples (clubs
holding ♥J ♦J = 36; ♣J in the skat → 24, overbid, på bordet rescues it at 36; Grand with ♣J = 40 / 60 / 80),
the international ones (spades with two = 33, clubs ouvert with two = 108, overbid diamonds at 30 → −72), the
settlement schemes and score sheet, and every bad input answered at the field without a traceback."""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from . import helpers
from .helpers import texts

VALUE = "trainer/ui/pages/calculators.py"
LADDER = "trainer/ui/pages/calculators_ladder.py"
OVERBID = "trainer/ui/pages/calculators_overbid.py"
MONEY = "trainer/ui/pages/calculators_money.py"
PAGES = (VALUE, LADDER, OVERBID, MONEY)
TEXTBOOK_HAND = "HJ DJ CA CT CK CQ C9 SA ST H7"


def open_page(page: str, *, rules: str = "danish", lang: str = "en") -> AppTest:
    return helpers.open_page(page, {"lang": lang, "rules": rules})


def errors(at: AppTest) -> list[str]:
    return [e.value for e in at.error]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize(("lang", "rules"), [("en", "danish"), ("da", "international"), ("da", "danish")])
def test_every_calculator_renders(page: str, lang: str, rules: str) -> None:
    at = open_page(page, rules=rules, lang=lang)
    assert at.title and not at.exception


def test_danish_page_titles_are_translated() -> None:
    at = open_page(VALUE, lang="da")
    assert at.title[0].value == "Værdiberegner"


# --- value calculator -----------------------------------------------------------------------------------
def test_clubs_holding_hearts_and_diamonds_jacks_is_36_then_24_with_clubs_jack_in_skat() -> None:
    at = open_page(VALUE)
    at.text_input(key="calc-value-hand_text").set_value(TEXTBOOK_HAND).run()
    assert at.metric[0].value == "36"
    assert "uden 2, spil 3 — 3 × 12 = 36" in texts(at)
    assert "without 2, game 3 — 3 × 12 = 36" in texts(at)
    at.text_input(key="calc-value-skat_text").set_value("CJ D7").run()
    assert at.metric[0].value == "24"
    assert "med 1, spil 2 — 2 × 12 = 24" in texts(at)
    # på bordet rescues it at 36
    at.checkbox(key="calc-value-ouvert").check().run()
    assert at.metric[0].value == "36"
    assert "med 1, spil 2, på bordet 3 — 3 × 12 = 36" in texts(at)


def test_grand_with_clubs_jack_40_60_80_and_the_bid_table() -> None:
    at = open_page(VALUE)
    at.text_input(key="calc-value-hand_text").set_value("CJ CA CT SA ST HA HT DA DT D7").run()
    at.selectbox(key="calc-value-game").set_value("grand").run()
    assert at.metric[0].value == "40"
    at.checkbox(key="calc-value-ouvert").check().run()
    assert at.metric[0].value == "60"
    at.checkbox(key="calc-value-hand").check().run()
    assert at.metric[0].value == "80"
    table = at.table[0].value
    values = [int(v) for v in table.index]
    assert values == sorted(values, reverse=True)  # best first
    assert values[0] == 80  # grand på bordet af hånden is this hand's best declaration


def test_international_spades_with_two_is_33_and_clubs_ouvert_with_two_is_108() -> None:
    at = open_page(VALUE, rules="international")
    at.text_input(key="calc-value-hand_text").set_value("CJ SJ SA ST SK HA HT DA D8 D7").run()
    at.selectbox(key="calc-value-game").set_value("spades").run()
    assert at.metric[0].value == "33"
    assert "with 2, game 3 — 3 × 11 = 33" in texts(at)
    at.selectbox(key="calc-value-game").set_value("clubs").run()
    at.checkbox(key="calc-value-ouvert").check().run()
    # international ouvert is always a hand game with schneider and schwarz announced: 2 + 7 = 9 × 12
    assert at.metric[0].value == "108"
    assert "with 2, game 3, hand 4, schneider 5, schneider announced 6, schwarz 7" in texts(at)


def _keys(at: AppTest, kind: str) -> set[str]:
    return {str(e.key) for e in at.get(kind) if getattr(e, "key", None)}


def test_danish_rules_offer_musik_and_no_announcements() -> None:
    at = open_page(VALUE)
    at.text_input(key="calc-value-hand_text").set_value(TEXTBOOK_HAND).run()
    at.checkbox(key="calc-value-hand").check().run()
    assert "calc-value-schneider_a" not in _keys(at, "checkbox")
    assert "calc-value-schwarz_a" not in _keys(at, "checkbox")
    assert "calc-value-musik" in _keys(at, "text_input")
    assert not errors(at) and not at.exception


def test_international_rules_offer_announcements_for_hand_games_and_no_musik() -> None:
    at = open_page(VALUE, rules="international")
    assert "calc-value-musik" not in _keys(at, "text_input")
    assert "calc-value-schneider_a" not in _keys(at, "checkbox")  # not a hand game yet
    assert "in a hand game only" in texts(at)
    at.checkbox(key="calc-value-hand").check().run()
    assert {"calc-value-schneider_a", "calc-value-schwarz_a"} <= _keys(at, "checkbox")
    at.checkbox(key="calc-value-schneider_a").check().run()
    assert not errors(at) and not at.exception


@pytest.mark.parametrize(
    ("field", "text", "fragment"),
    [
        ("hand_text", "CJ CJ CA CT CK CQ C9 SA ST H7", "twice"),
        ("hand_text", "CJ SJ CA", "Expected 10 cards but read 3"),
        ("hand_text", "CJ SJ XX CT CK CQ C9 SA ST H7", "'XX' is not a card"),
        ("skat_text", "CJ", "Expected 2 cards but read 1"),
        ("skat_text", "HJ D8", "both in the hand and in the skat"),
    ],
)
def test_bad_cards_are_answered_at_the_field(field: str, text: str, fragment: str) -> None:
    at = open_page(VALUE)
    if field == "skat_text":
        at.text_input(key="calc-value-hand_text").set_value(TEXTBOOK_HAND)
    at.text_input(key=f"calc-value-{field}").set_value(text).run()
    assert not at.exception
    assert any(fragment in e for e in errors(at)), errors(at)


def test_deal_at_random_and_pick_by_clicking() -> None:
    at = open_page(VALUE)
    at.button(key="calc-value-deal").click().run()
    assert len(at.text_input(key="calc-value-hand_text").value.split()) == 10
    assert len(at.text_input(key="calc-value-skat_text").value.split()) == 2
    assert at.metric and not errors(at)
    at.pills(key="calc-value-pick_hand").set_value(
        ["HJ", "DJ", "CA", "CT", "CK", "CQ", "C9", "SA", "ST", "H7"]
    ).run()
    at.pills(key="calc-value-pick_skat").set_value(["D7", "D8"]).run()
    assert at.text_input(key="calc-value-hand_text").value == "HJ DJ CA CT CK CQ C9 SA ST H7"
    assert at.metric[0].value == "36"


def test_distribution_chart_marks_the_hand() -> None:
    at = open_page(VALUE)
    at.text_input(key="calc-value-hand_text").set_value(TEXTBOOK_HAND).run()
    spec = json.loads(at.get("plotly_chart")[0].proto.spec)
    bars = spec["data"][0]
    assert sum(bars["y"]) == 400
    assert spec["layout"]["annotations"][0]["x"] == "60"  # grand uden 2 = 3 × 20 is this hand's best


# --- ladder and help tables -----------------------------------------------------------------------------
def test_ladder_for_each_profile_and_filter() -> None:
    at = open_page(LADDER)
    ladder = at.dataframe[0].value
    assert ladder.iloc[0, 0] == 24 and ladder.iloc[-1, 0] == 220
    assert ladder[ladder.iloc[:, 0] == 36].iloc[0, 1] == "clubs × 3 = diamonds × 4"
    at.segmented_control(key="calc-ladder-rules").set_value("international").run()
    ladder = at.dataframe[0].value
    assert ladder.iloc[0, 0] == 18 and ladder.iloc[-1, 0] == 264
    assert 55 in ladder.iloc[:, 0].tolist() and 63 in ladder.iloc[:, 0].tolist()
    at.selectbox(key="calc-ladder-filter").set_value("null").run()
    assert at.dataframe[0].value.iloc[:, 0].tolist() == [23, 35, 46, 59]


def test_help_table_grand_and_downloads() -> None:
    at = open_page(LADDER)
    at.selectbox(key="calc-ladder-help_game").set_value("grand").run()
    help_rows = at.dataframe[1].value
    with_one = help_rows[help_rows.iloc[:, 1] == "with 1"].iloc[0]
    assert with_one.iloc[2] == "2 → 40"  # grand with ♣J: spil
    assert with_one.iloc[-1] == "4 → 80"  # på bordet + af hånden
    grid = at.dataframe[2].value
    assert grid.iloc[0].tolist() == [2, 18, 20, 22, 24, 40]
    downloads = at.get("download_button")
    assert len(downloads) == 2
    assert json.loads(at.get("plotly_chart")[0].proto.spec)["data"]


def test_printable_page_and_csv_contents() -> None:
    from trainer.i18n import get_translator
    from trainer.profiles import DANISH
    from trainer.ui.widgets.help_table import help_frame, printable_html

    t = get_translator("en")
    html = printable_html(DANISH, t, "en", "Help tables <Danish>")
    assert "@media print" in html and "&lt;Danish&gt;" in html
    assert html.count("<table") == 6  # four suits, grand, and the base-value grid
    csv = help_frame(DANISH, __import__("trainer.games").games.GameType.GRAND, t, "en", numeric=True).to_csv(
        index=False
    )
    assert csv.splitlines()[4].endswith(",2,40,3,60,3,60,4,80")  # the "with 1" row


# --- overbid detector -----------------------------------------------------------------------------------
def test_bonde_in_skat_overbid_and_pa_bordet() -> None:
    at = open_page(OVERBID)
    at.text_input(key="calc-overbid-skat_text").set_value("CJ D7").run()
    all_text = texts(at)
    assert "uden 2, spil 3 — 3 × 12 = 36" in all_text and "med 1, spil 2 — 2 × 12 = 24" in all_text
    assert any("Overbid" in e for e in errors(at))
    assert (
        "with 1, game 2, ouvert 3 — 3 × 12 = 36 — reaches the bid" in all_text
    )  # English page, English words
    assert "settled on the bid (36); in the list that is -72" in all_text
    # the reverse view: ♣J and ♠J missing, one of them in the skat with 41/231
    assert "17.7 %" in all_text


def test_international_diamonds_overbid_at_30_is_minus_72() -> None:
    at = open_page(OVERBID, rules="international")
    at.text_input(key="calc-overbid-hand_text").set_value("DJ DA DT DK DQ D9 D8 SA HA C7").run()
    at.selectbox(key="calc-overbid-game").set_value("diamonds").run()
    at.text_input(key="calc-overbid-bid").set_value(str(30)).run()
    at.text_input(key="calc-overbid-skat_text").set_value("CJ S7").run()
    all_text = texts(at)
    assert "next multiple of its base value at or above the bid (36)" in all_text
    assert "-72" in all_text
    assert "på bordet 3" not in all_text


def test_reveal_a_random_skat() -> None:
    at = open_page(OVERBID)
    at.button(key="calc-overbid-reveal").click().run()
    skat = at.text_input(key="calc-overbid-skat_text").value.split()
    assert len(skat) == 2 and not set(skat) & set(TEXTBOOK_HAND.split())
    assert not errors(at) or any("Overbid" in e for e in errors(at))


@pytest.mark.parametrize(
    ("bid", "fragment"), [(37, "37 is not a bid"), (10, "bidding starts at 24"), (40, "never safe")]
)
def test_overbid_bad_bids(bid: int, fragment: str) -> None:
    at = open_page(OVERBID)
    at.text_input(key="calc-overbid-skat_text").set_value("CJ D7").run()
    at.text_input(key="calc-overbid-bid").set_value(str(bid)).run()
    assert any(fragment in e for e in errors(at)), errors(at)
    assert not at.exception


# --- settlement -----------------------------------------------------------------------------------------
def test_one_result_every_scheme_with_working() -> None:
    at = open_page(MONEY)
    at.text_input(key="calc-money-rate_win").set_value(str(5.0))
    at.text_input(key="calc-money-rate_loss").set_value(str(10.0)).run()
    all_text = texts(at)
    assert "**List** — declarer: **36**" in all_text
    assert "**Seeger-Fabian** — declarer: **86**" in all_text
    assert "**Danish money (øre)** — declarer: **400**" in all_text  # 36 → 40, 5 øre × 40 from each
    assert "**Online stakes with commission** — declarer: **6.24**" in all_text  # 7.20 − 3 × 0.32
    assert "36 rounded up to 40" in all_text


def test_lost_game_and_thrown_game() -> None:
    at = open_page(MONEY)
    at.text_input(key="calc-money-points").set_value(str(50)).run()
    assert "**List** — declarer: **-72**" in texts(at)
    at.checkbox(key="calc-money-thrown").check().run()
    assert "lost: the cards were thrown" in texts(at)


def test_score_sheet_totals_chart_and_csv() -> None:
    at = open_page(MONEY)
    at.button(key="calc-sheet-add").click().run()  # Anna deals and declares clubs with 2, won: +36
    at.selectbox(key="calc-sheet-declarer").set_value(1).run()
    at.text_input(key="calc-sheet-points").set_value(str(50)).run()
    at.button(key="calc-sheet-add").click().run()  # Bo loses: −72, opponents +40 each in Seeger-Fabian
    assert not at.exception
    totals = at.dataframe[-2].value.set_index("Scheme")
    assert totals.loc["List"].tolist() == ["36", "-72", "0"]
    assert totals.loc["Seeger-Fabian"].tolist() == [str(86 + 40), "-122", "40"]
    spec = json.loads(at.get("plotly_chart")[0].proto.spec)
    assert [trace["y"] for trace in spec["data"]] == [[0, 36, 36], [0, 0, -72], [0, 0, 0]]
    assert at.get("download_button")
    at.button(key="calc-sheet-undo").click().run()
    assert at.dataframe[-2].value.set_index("Scheme").loc["List"].tolist() == ["36", "0", "0"]


def test_score_sheet_four_players_and_bad_names() -> None:
    at = open_page(MONEY)
    at.text_input(key="calc-sheet-players").set_value("A, B, C, D").run()
    # A deals the first game and sits out, so the declarer list offers B, C, D only
    assert at.selectbox(key="calc-sheet-declarer").options == ["B", "C", "D"]
    at.text_input(key="calc-sheet-players").set_value("A, B").run()
    assert any("3 or 4 players" in e for e in errors(at)) and not at.exception


def test_kontra_and_re_without_kontra() -> None:
    at = open_page(MONEY)
    at.checkbox(key="calc-money-kontra").check().run()
    assert "**List** — declarer: **72**" in texts(at)
    at.checkbox(key="calc-money-kontra").uncheck()
    at.checkbox(key="calc-money-re").check().run()
    assert any("Re is the declarer's answer to a kontra" in e for e in errors(at)) and not at.exception


def test_danish_overbid_page_writes_a_decimal_comma() -> None:
    at = open_page(OVERBID, lang="da")
    # one of ♣J ♠J among the 2 skat cards from 22 unseen: 41 / 231 = 17.7 %
    assert "17,7 %" in texts(at)


def test_overbid_lists_the_other_games_one_line_each() -> None:
    """The textbook's hand with ♣J in the skat: grand ouvert (60) and grand (40) still reach 36, each on its
    own line in words (a game name can hold a comma, so a comma-joined list read as three games)."""
    at = open_page(OVERBID)
    at.text_input(key="calc-overbid-skat_text").set_value("CJ D7").run()
    lines = [str(e.value) for e in at.markdown if str(e.value).startswith("- ") and "worth" in str(e.value)]
    assert lines == ["- Grand ouvert: worth 60\n- Grand: worth 40"]


@pytest.mark.parametrize(
    ("bid", "fragment"),
    [(999, "999 is not a bid: no game is worth more than"), (-5, "−5 is not a bid: bidding starts at 24")],
)
def test_overbid_out_of_range_bid_says_what_is_wrong_with_it(bid: int, fragment: str) -> None:
    at = open_page(OVERBID)
    at.text_input(key="calc-overbid-bid").set_value(str(bid)).run()
    assert at.text_input(key="calc-overbid-bid").value == str(bid)  # kept as typed, not put back
    assert [e for e in errors(at) if fragment in e], errors(at)
    assert not any("0 is not a bid" in e for e in errors(at)) and not at.exception
