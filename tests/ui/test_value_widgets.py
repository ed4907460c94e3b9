"""The value-related live elements, each rendered alone in a tiny AppTest script with a known input and
checked against the answer worked out from the rules (textbook examples where there are some). Every element
is also rendered in both languages under both profiles without an exception."""

from __future__ import annotations

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from trainer.calc import random_hand_and_skat
from trainer.games import GameType
from trainer.profiles import get_profile
from trainer.rules.bidding import bid_table
from trainer.rules.value import matadors, trump_order
from trainer.ui.terms import card_label
from trainer.ui.widgets import WIDGETS

MINE = (
    "med_uden",
    "game_value",
    "bid_ladder",
    "highest_bid",
    "bidding_dialogue",
    "bonde_in_skat",
    "win_check",
    "null_games",
    "settlement",
    "dearer",
    "ramse",
    "help_table",
    "profile_compare",
)


def _widget_script(name: str, lang: str, rules: str) -> None:
    from trainer.i18n import get_translator
    from trainer.profiles import get_profile
    from trainer.ui.widgets import WIDGETS, WidgetContext

    WIDGETS[name](WidgetContext(lang, get_profile(rules), get_translator(lang), key=f"{name}-t-"))


def widget(name: str, rules: str = "danish", lang: str = "en") -> AppTest:
    return AppTest.from_function(_widget_script, args=(name, lang, rules), default_timeout=30)


def k(name: str, part: str) -> str:
    return f"{name}-t-{part}"


def texts(at: AppTest) -> str:
    return "\n".join(
        [m.value for m in at.markdown]
        + [c.value for c in at.caption]
        + [e.value for e in at.error]
        + [e.value for e in at.info]
        + [e.value for e in at.success]
    )


def test_all_registered() -> None:
    assert set(MINE) <= set(WIDGETS)


@pytest.mark.parametrize("name", MINE)
@pytest.mark.parametrize(("lang", "rules"), [("en", "international"), ("da", "danish")])
def test_renders_in_both_languages_and_profiles(name: str, lang: str, rules: str) -> None:
    at = widget(name, rules, lang).run()
    assert not at.exception


def test_med_uden_hearts_jack_and_diamonds_jack_is_uden_2() -> None:
    at = widget("med_uden").run()
    at.selectbox(key=k("med_uden", "game")).set_value("hearts").run()
    at.pills(key=k("med_uden", "held")).set_value(["HJ", "DJ"]).run()
    assert "without 2" in texts(at)
    assert "uden 2, spil 3 — 3 × 10 = 30" in texts(at)  # the textbook's hearts example


def test_game_value_grand_with_clubs_jack_40_60_80() -> None:
    at = widget("game_value").run()
    at.selectbox(key=k("game_value", "game")).set_value("grand").run()
    assert at.metric[0].value == "40"
    at.checkbox(key=k("game_value", "ouvert")).check().run()
    assert at.metric[0].value == "60"
    at.checkbox(key=k("game_value", "hand")).check().run()
    assert at.metric[0].value == "80"
    assert "med 1, spil 2, på bordet 3, af hånden 4 — 4 × 20 = 80" in texts(at)


def test_game_value_international_spades_with_two_is_33_and_offers_no_musik() -> None:
    at = widget("game_value", "international").run()
    at.selectbox(key=k("game_value", "game")).set_value("spades").run()
    at.text_input(key=k("game_value", "n11")).set_value(str(2)).run()
    assert at.metric[0].value == "33"
    assert "with 2, game 3 — 3 × 11 = 33" in texts(at)
    assert k("game_value", "musik") not in {e.key for e in at.text_input}  # Musik is Danish only
    assert not at.error and not at.exception


def test_bid_ladder_36_and_filter() -> None:
    at = widget("bid_ladder").run()
    frame = at.dataframe[0].value
    row = frame[frame.iloc[:, 0] == 36].iloc[0, 1]
    assert row == "clubs × 3 = diamonds × 4"
    assert frame.iloc[0, 0] == 24  # the Danish ladder starts at 24
    at.selectbox(key=k("bid_ladder", "filter")).set_value("grand").run()
    assert list(at.dataframe[0].value.iloc[:, 0]) == [20 * m for m in range(2, 12)]


def test_highest_bid_shows_the_best_plain_game() -> None:
    at = widget("highest_bid")
    at.session_state[k("highest_bid", "seed")] = 4242
    at.run()
    hand, _ = random_hand_and_skat(4242, get_profile("danish"))
    games = (GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS)
    bases = {
        GameType.CLUBS: 12,
        GameType.SPADES: 11,
        GameType.HEARTS: 10,
        GameType.DIAMONDS: 9,
        GameType.GRAND: 20,
    }
    best = max((abs(matadors(hand, g)) + 1) * bases[g] for g in (*games, GameType.GRAND))
    at.text_input(key=k("highest_bid", "guess")).set_value(str(best)).run()
    at.button(key=k("highest_bid", "show")).click().run()
    assert at.success and f"is {best}" in at.success[0].value


def _seed_whose_best_game_is(without: bool) -> int:
    """A deal number whose hand's highest plain game counts "without" (or "with") matadors."""
    danish = get_profile("danish")
    for number in range(1, 500):
        hand, _ = random_hand_and_skat(number, danish)
        rows = [r for r in bid_table(danish, hand, with_variants=False) if not r.declaration.game.is_null]
        best = max(r.value for r in rows)
        signs = {r.matadors > 0 for r in rows if r.value == best}
        if signs == {not without}:
            return number
    raise AssertionError("no such hand in 500 deals")


def test_highest_bid_of_an_uden_hand_is_a_ceiling_any_missing_top_trump_breaks() -> None:
    number = _seed_whose_best_game_is(without=True)
    at = widget("highest_bid")
    at.session_state[k("highest_bid", "seed")] = number
    at.run()
    at.button(key=k("highest_bid", "show")).click().run()
    (warning,) = at.warning
    assert "is a ceiling, not a safe bid" in warning.value and "missing top trumps" in warning.value
    hand, _ = random_hand_and_skat(number, get_profile("danish"))
    rows = [r for r in bid_table(get_profile("danish"), hand, with_variants=False) if r.matadors < 0]
    best = max(rows, key=lambda r: r.value)
    missing = trump_order(best.declaration.game)[: -best.matadors]
    assert all(
        card_label(card, "en") in warning.value for card in missing
    )  # every missing one, not only Jacks


def test_highest_bid_of_a_med_hand_has_no_ceiling_warning() -> None:
    at = widget("highest_bid")
    at.session_state[k("highest_bid", "seed")] = _seed_whose_best_game_is(without=False)
    at.run()
    at.button(key=k("highest_bid", "show")).click().run()
    assert not at.warning and not at.exception


def test_bidding_dialogue_steps_to_rearhand_at_48() -> None:
    at = widget("bidding_dialogue").run()
    at.segmented_control(key=k("bidding_dialogue", "guess")).set_value("24").run()
    at.button(key=k("bidding_dialogue", "say")).click().run()
    assert at.success and "middlehand: **24**" in texts(at)
    # forehand holds; answer wrongly to see the correction
    at.segmented_control(key=k("bidding_dialogue", "guess")).set_value("pass").run()
    at.button(key=k("bidding_dialogue", "say")).click().run()
    assert at.error and "forehand: **yes**" in texts(at)
    for _ in range(40):
        if not _has(at, k("bidding_dialogue", "say")):
            break
        at.button(key=k("bidding_dialogue", "say")).click().run()
    assert "Rearhand is the declarer at 48." in texts(at)


def _has(at: AppTest, key: str) -> bool:
    return any(b.key == key for b in at.button)


def test_bonde_in_skat_overbid_and_ways_out() -> None:
    at = widget("bonde_in_skat").run()
    at.toggle(key=k("bonde_in_skat", "shown")).set_value(True).run()
    all_text = texts(at)
    assert "uden 2, spil 3 — 3 × 12 = 36" in all_text and "med 1, spil 2 — 2 × 12 = 24" in all_text
    assert "Overbid" in at.error[0].value
    assert (
        "with 1, game 2, ouvert 3 — 3 × 12 = 36 — reaches the bid" in all_text
    )  # English page, English words
    # Danish counting words only in the caption beside the English (the Danish term beside the English)
    body = "\n".join(str(m.value) for m in at.markdown)
    assert "med 1" not in body and "spil 2" not in body
    assert any("uden 2, spil 3" in str(c.value) for c in at.caption)
    assert "-72" in all_text
    at.segmented_control(key=k("bonde_in_skat", "skat")).set_value("D7 D8").run()
    assert at.success and "36" in at.success[0].value


def test_bonde_in_skat_international_has_no_table_way_out() -> None:
    at = widget("bonde_in_skat", "international").run()
    at.toggle(key=k("bonde_in_skat", "shown")).set_value(True).run()
    assert "på bordet 3" not in texts(at)
    assert "next multiple" in at.info[0].value and "-72" in at.info[0].value


@pytest.mark.parametrize(
    ("points", "danish", "international"), [(90, "no", "yes"), (91, "yes", "yes"), (89, "no", "no")]
)
def test_win_check_schneider_line(points: int, danish: str, international: str) -> None:
    at = widget("win_check").run()
    at.text_input(key=k("win_check", "points")).set_value(str(points)).run()
    frame = at.table[0].value  # one column per rule set
    assert frame.loc["Skrædder (schneider)"].tolist() == [danish, international]
    assert frame.loc["Result"].tolist() == ["won", "won"]


def test_win_check_lost_declarer_schneider() -> None:
    at = widget("win_check", "international").run()
    at.text_input(key=k("win_check", "points")).set_value(str(30)).run()
    at.text_input(key=k("win_check", "tricks")).set_value(str(2)).run()
    frame = at.table[0].value
    # declarer schneider: Danish "under 31", international ≤ 30 — both at 30
    assert frame.loc["Skrædder (schneider)"].tolist() == ["yes", "yes"]
    assert frame.loc["Result"].tolist() == ["lost: too few card points", "lost: too few card points"]


@pytest.mark.parametrize(
    ("field", "typed", "message"),
    [
        ("points", 121, "between 0 and 120, not 121"),
        ("points", 500, "between 0 and 120, not 500"),
        ("tricks", 11, "between 0 and 10 tricks, not 11"),
        ("tricks", -1, "between 0 and 10 tricks, not −1"),
    ],
)
def test_win_check_says_what_is_wrong_with_the_number(field: str, typed: int, message: str) -> None:
    at = widget("win_check").run()
    at.text_input(key=k("win_check", field)).set_value(str(typed)).run()
    assert at.text_input(key=k("win_check", field)).value == str(typed)  # kept, not silently put back
    assert message in at.error[0].value and not at.table and not at.exception


def test_win_check_refuses_points_the_tricks_cannot_hold() -> None:
    at = widget("win_check").run()
    at.text_input(key=k("win_check", "points")).set_value(str(100)).run()
    at.text_input(key=k("win_check", "tricks")).set_value(str(0)).run()
    assert "only the skat" in at.error[0].value and not at.table and not at.exception


def test_null_games_table() -> None:
    at = widget("null_games").run()
    frame: pd.DataFrame = at.table[0].value
    values = frame.groupby(frame.columns[0], sort=False)[frame.columns[2]].apply(list).tolist()
    assert values == [[46, 59], [23, 35, 46, 59]]
    nul_ouvert = frame.iloc[0]
    assert nul_ouvert.iloc[4] == "after the declarer's first card"
    assert frame.iloc[1].iloc[4] == "before the first lead"  # Dækker: open before play


def test_settlement_textbook_game() -> None:
    at = widget("settlement").run()
    all_text = texts(at)
    assert "**List** — declarer: **36**" in all_text
    assert "**Seeger-Fabian** — declarer: **86**" in all_text
    at.text_input(key=k("settlement", "rate_win")).set_value(str(5.0)).run()
    at.text_input(key=k("settlement", "rate_loss")).set_value(str(10.0)).run()
    assert "**Danish money (øre)** — declarer: **400**" in texts(at)  # 200 øre from each opponent


@pytest.mark.parametrize(
    ("field", "typed", "message"),
    [
        ("bid", 1000, "1000 is not a bid: no game is worth more than"),
        ("bid", -5, "−5 is not a bid: bidding starts at 24"),
        ("points", 121, "between 0 and 120, not 121"),
        ("points", 500, "between 0 and 120, not 500"),
        ("tricks", 11, "between 0 and 10 tricks, not 11"),
        ("tricks", -1, "between 0 and 10 tricks, not −1"),
    ],
)
def test_settlement_fields_say_what_is_wrong_with_what_is_in_them(
    field: str, typed: int, message: str
) -> None:
    at = widget("settlement").run()
    at.text_input(key=k("settlement", field)).set_value(str(typed)).run()
    assert at.text_input(key=k("settlement", field)).value == str(typed)
    assert len(at.error) == 1 and message in at.error[0].value and not at.exception


def test_settlement_refuses_impossible_points_and_tricks() -> None:
    at = widget("settlement").run()
    at.text_input(key=k("settlement", "points")).set_value(str(100)).run()
    at.text_input(key=k("settlement", "tricks")).set_value(str(0)).run()
    assert "only the skat" in at.error[0].value and not at.exception


def test_settlement_bid_off_the_ladder() -> None:
    at = widget("settlement").run()
    at.text_input(key=k("settlement", "bid")).set_value(str(37)).run()
    assert "37 is not a bid" in at.error[0].value and not at.exception


def test_dearer_musik_and_spoerge() -> None:
    at = widget("dearer").run()
    at.text_input(key=k("dearer", "musik")).set_value(str(1)).run()
    assert at.metric[0].value == "48"  # med 2, spil 3, Musik 4 × 12
    at.radio(key=k("dearer", "spoerge")).set_value("knocked").run()
    # 48 → 50; ½ øre × 50 × 2 (Spørge doubles) = 50 øre from each opponent
    assert "each opponent pays 50 øre" in texts(at)


def test_dearer_slaa_40_an_is_a_bid_of_40() -> None:
    """A knock is a bid of 40: clubs med 2 (36) cannot reach it, so it is lost without play at 40, doubled;
    with one Musik (48) it reaches the knock and is settled as usual, doubled."""
    at = widget("dearer").run()
    at.checkbox(key=k("dearer", "slaa")).check().run()
    shown = texts(at)
    assert "Lost without play" in shown and "each opponent 80 øre" in shown  # 1 øre × 40 × 2
    at.text_input(key=k("dearer", "musik")).set_value(str(1)).run()
    assert "each opponent pays 50 øre" in texts(at)  # 48 → 50, ½ øre × 50 × 2


def test_dearer_musik_refused_internationally() -> None:
    at = widget("dearer", "international").run()
    at.text_input(key=k("dearer", "musik")).set_value(str(1)).run()
    assert "Musik is not part of" in at.error[0].value


def test_ramse_take_all_and_ramsch() -> None:
    at = widget("ramse").run()
    for i, (p, tr) in enumerate(((101, 7), (10, 2), (9, 1))):
        at.text_input(key=k("ramse", f"p{i}")).set_value(str(p))
        at.text_input(key=k("ramse", f"t{i}")).set_value(str(tr))
    at.pills(key=k("ramse", "guess")).set_value([0]).run()
    at.button(key=k("ramse", "check")).click().run()
    assert at.success and "Player 1." in at.success[0].value
    at = widget("ramse", "international").run()
    at.pills(key=k("ramse", "guess")).set_value([0, 2]).run()
    at.button(key=k("ramse", "check")).click().run()
    # default 35 / 50 / 35: in Ramsch the most points (player 2) lose
    assert at.success and "Player 1, Player 3" in at.success[0].value


def test_ramse_points_must_add_up() -> None:
    at = widget("ramse").run()
    at.text_input(key=k("ramse", "p0")).set_value(str(40)).run()
    at.button(key=k("ramse", "check")).click().run()
    assert "add up to 125" in at.error[0].value


def test_help_table_grand_with_clubs_jack() -> None:
    at = widget("help_table").run()
    at.selectbox(key=k("help_table", "game")).set_value("grand").run()
    at.selectbox(key=k("help_table", "row")).set_value(3).run()  # holds ♣J, not ♠J
    all_text = texts(at)
    assert "with 1" in all_text
    for line in ("2 × 20 = **40**", "3 × 20 = **60**", "4 × 20 = **80**"):
        assert line in all_text


def test_profile_compare_numbers() -> None:
    at = widget("profile_compare").run()
    frame = at.table[0].value.set_index("Rule")
    assert frame.loc["Grand base value"].tolist() == ["20", "24"]
    assert frame.loc["Bids"].tolist() == ["24 to 220", "18 to 264"]
    assert frame.loc["Dealing"].tolist() == ["5-2-5", "3-2-4-3"]
