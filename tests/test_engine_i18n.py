"""Engine text in the learner's language: errors keep their English ``str`` but render in Danish through
``trainer.ui.terms.t_error``, settlement working lines through ``t_message``, and the Danish calculator page
shows a bad card in Danish."""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.cards import parse_card, parse_cards
from trainer.deal import Seat, random_deal
from trainer.errors import Message, SkatError
from trainer.games import Declaration, GameType
from trainer.i18n import get_translator
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.rules.bidding import Auction, check_bid_value
from trainer.rules.play import GameState
from trainer.rules.settlement import danish_money, list_settlement
from trainer.rules.value import check_reachable, evaluate_game
from trainer.ui.terms import t_error, t_message

DA = get_translator("da")
EN = get_translator("en")
APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")


def _danish_page(page: str, rules: str, *, timeout: int = 30) -> AppTest:
    """The app in Danish under ``rules``, switched to ``trainer/ui/pages/<page>.py``."""
    at = AppTest.from_file(APP, default_timeout=timeout)
    at.query_params["lang"] = "da"
    at.query_params["rules"] = rules
    at.run()
    at.switch_page(f"trainer/ui/pages/{page}.py").run()
    return at


def _raised(action: Callable[[], object]) -> SkatError:
    with pytest.raises(SkatError) as caught:
        action()
    return caught.value


def _bid_not_higher() -> None:
    auction = Auction(INTERNATIONAL)
    auction.bid(Seat.MIDDLEHAND, 20)  # middlehand bids to forehand first
    auction.hold(Seat.FOREHAND)
    auction.bid(Seat.MIDDLEHAND, 18)


def _discard_three() -> None:
    deal = random_deal(3, DANISH)
    state = GameState(DANISH, deal, Seat.FOREHAND, Declaration(GameType.GRAND))
    state.pick_up_skat()
    state.discard(state.hand(Seat.FOREHAND)[:3])


# (name, action, English text, fragments the Danish text must contain) — the numbers follow from the rules:
# the international ladder runs 18, 20, 22, 23, ...; the Danish profile allows only Nul-ouvert (46) and
# Dækker (59); diamonds with 1 is at most (1 + 1 game + 1 schneider + 1 schwarz) × 9 = 36.
SAMPLES = [
    (
        "bad card token",
        lambda: parse_card("XQ"),
        "'XQ' is not a card.",
        ["'XQ' er ikke et kort."],
    ),
    (
        "duplicate card",
        lambda: parse_cards("CJ SA CJ"),
        "♣J is written twice; every card exists only once.",
        ["♣B står der to gange", "hvert kort findes kun én gang"],
    ),
    (
        "wrong count",
        lambda: parse_cards("CJ SA", count=3),
        "Expected 3 cards but read 2.",
        ["Der skulle være 3 kort, men der står 2."],
    ),
    (
        "bid not on the ladder",
        lambda: check_bid_value(INTERNATIONAL, 19),
        "19 is not a bid: the next bids after 18 are 20, 22, 23.",
        ["19 er ikke en melding", "efter 18 kommer 20, 22, 23"],
    ),
    (
        "bid not higher",
        _bid_not_higher,
        "18 is not higher than the 20 already said",
        ["18 er ikke højere end de 20", "22, 23, 24"],
    ),
    (
        "declaration not allowed",
        lambda: DANISH.check_declaration(Declaration(GameType.NULL)),
        "Null games allowed: ouvert (46), ouvert hand (59).",
        ["Nul er ikke et spil efter lærebogens danske regler", "Nul-ouvert (46), Dækker (59)"],
    ),
    (
        "declaration that cannot reach the bid",
        lambda: check_reachable(INTERNATIONAL, Declaration(GameType.DIAMONDS), 1, 100),
        "Diamonds can be worth at most 36 even with schneider and schwarz",
        ["Ruder kan højst blive 36 værd", "med 1, spil 2", "meldingen 100"],
    ),
    (
        "discard of three cards",
        _discard_three,
        "Exactly two different cards must be discarded, not 3.",
        ["Der skal trykkes præcis to forskellige kort, ikke 3.", "trykker tre"],
    ),
]


def _english_fragments(template: str) -> list[str]:
    """The literal stretches of an English template long enough to be real words (not '; ' or ')')."""
    parts = [literal for literal, *_ in string.Formatter().parse(template)]
    return [p.strip(" .,;:()'") for p in parts if len(re.sub(r"[^A-Za-z]", "", p)) >= 6]


@pytest.mark.parametrize(("name", "action", "english", "danish"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_engine_error_renders_in_danish(
    name: str, action: Callable[[], object], english: str, danish: list[str]
) -> None:
    error = _raised(action)
    assert english in str(error), "the English message (CLI, tests) must stay as it was"
    assert error.template is not None, f"{name}: raised without a translatable template"
    text = t_error(error, DA)
    for fragment in danish:
        assert fragment in text, f"{name}: {fragment!r} not in {text!r}"
    for fragment in _english_fragments(error.template):
        assert fragment not in text, f"{name}: English {fragment!r} left in {text!r}"


@pytest.mark.parametrize(("name", "action", "english", "danish"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_english_ui_shows_exactly_the_engine_text(
    name: str, action: Callable[[], object], english: str, danish: list[str]
) -> None:
    error = _raised(action)
    assert t_error(error, EN) == str(error)


def test_nested_error_is_translated_inside_the_outer_one() -> None:
    from trainer.calc import read_hand_text

    error = _raised(lambda: read_hand_text("CJ SJ HJ DJ CA CT CK CQ C9 ZZ"))
    assert str(error).startswith("The hand: 'ZZ' is not a card.")
    assert t_error(error, DA).startswith("Hånden: 'ZZ' er ikke et kort.")


def test_seat_names_and_capital_first_letter() -> None:
    # middlehand bids first; forehand trying to bid is out of turn
    error = _raised(lambda: Auction(INTERNATIONAL).bid(Seat.FOREHAND, 18))
    assert str(error) == "It is middlehand's turn to bid, not forehand's."
    assert t_error(error, DA) == "Det er mellemhånd, der skal melde, ikke forhånd."  # all Danish, no glosses


def test_plain_text_error_is_shown_as_it_is() -> None:
    error = SkatError("Something only said in English.")
    assert error.template is None
    assert t_error(error, DA) == "Something only said in English."


def test_card_refusal_in_play_is_translated() -> None:
    for seed in range(40):  # the first deal where middlehand holds a card it may not play to the lead
        state = GameState(
            INTERNATIONAL,
            random_deal(seed, INTERNATIONAL),
            Seat.FOREHAND,
            Declaration(GameType.GRAND, hand=True),
        )
        state.play(state.hand(Seat.FOREHAND)[0])
        refused = [card for card in state.hand(Seat.MIDDLEHAND) if state.refusal(card) is not None]
        if refused:
            break
    error = _raised(lambda: state.play(refused[0]))
    assert "you still hold" in str(error)
    text = t_error(error, DA)
    assert "du har stadig" in text and "you still hold" not in text
    details = state.refusal(refused[0])
    assert details is not None and details.examples
    # the cards that could follow, with Danish rank letters (a Jack is a Bonde: ♣B)
    assert " ".join(c.suit.symbol + c.rank.danish_short for c in details.examples) in text


# --- settlement working ------------------------------------------------------------------------------------
def _lost_clubs_36() -> object:
    # Danish rules: clubs with 2 (matadors 2, game 3) = 3 × 12 = 36; 50 card points lose the game
    return evaluate_game(
        DANISH, Declaration(GameType.CLUBS), matadors=2, bid=36, declarer_points=50, declarer_tricks=4
    )


def test_list_settlement_working_in_danish_and_english() -> None:
    settlement = list_settlement(DANISH, _lost_clubs_36())  # type: ignore[arg-type]
    assert settlement.working == ("with 2, game 3 — 3 × 12 = 36", "lost: −2 × 36 = -72")
    danish = [t_message(line, DA) for line in settlement.working_parts]
    assert danish == ["med 2, spil 3 — 3 × 12 = 36", "tabt: −2 × 36 = −72"]  # the UI writes a minus as −


def test_danish_money_working_in_danish() -> None:
    # lost 36 → rounded up to 40; the declarer pays each opponent the loss rate 1 øre × 40
    settlement = danish_money(_lost_clubs_36())  # type: ignore[arg-type]
    danish = [t_message(line, DA) for line in settlement.working_parts]
    assert danish[0] == "med 2, spil 3 — 3 × 12 = 36"
    assert danish[1] == "36 rundet op til 40"
    assert danish[2] == "spilføreren betaler hver modspiller 1 × 40 = 40 øre"
    assert all(
        t_message(m, EN) == e for m, e in zip(settlement.working_parts, settlement.working, strict=True)
    )


def test_overbid_note_nests_the_game_line() -> None:
    # bid 48 but clubs with 2 is worth 36: overbid, and the Danish rules score it at the bid
    result = evaluate_game(
        DANISH, Declaration(GameType.CLUBS), matadors=2, bid=48, declarer_points=70, declarer_tricks=6
    )
    line = danish_money(result).working_parts[0]
    assert isinstance(line, Message)
    text = t_message(line, DA)
    assert text.startswith("med 2, spil 3 — 3 × 12 = 36; overreitzet (meldt 48)")
    assert "afregnet efter meldingen 48" in text


# --- the Danish calculator page ----------------------------------------------------------------------------
def test_danish_value_calculator_shows_a_bad_card_in_danish() -> None:
    at = _danish_page("calculators", "danish")
    at.text_input(key="calc-value-hand_text").set_value("CJ SJ HJ DJ CA CT CK CQ C9 XQ").run()
    assert not at.exception
    shown = [e.value for e in at.error]
    assert any("Hånden: 'XQ' er ikke et kort." in text for text in shown), shown
    assert not any("is not a card" in text for text in shown), shown


# --- ISS records -------------------------------------------------------------------------------------------
BAD_RECORDS = "(;GM[Skat]ID[103]MV[w nonsense]R[] ;)\n(;GM[Skat]ID[104]MV[w CJ.SJ]R[] ;)"


def test_iss_record_errors_in_danish() -> None:
    from trainer.replay import load_iss_text

    first, second = load_iss_text(BAD_RECORDS, INTERNATIONAL)
    assert first.problem is not None and second.problem is not None
    assert first.error.startswith("Move 1 (the deal): 'nonsense' is not a card")
    assert t_error(first.problem, DA).startswith("Træk 1 (kortgivningen): 'nonsense' er ikke et kort")
    # a deal is 32 cards; this one has two
    assert second.error == "Move 1 (the deal): the deal has 2 cards; it must have 32."
    assert (
        t_error(second.problem, DA) == "Træk 1 (kortgivningen): kortgivningen har 2 kort; den skal have 32."
    )


def test_danish_upload_page_lists_bad_records_in_danish(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKAT_SOLVER_BACKEND", "python")
    at = _danish_page("deals_upload", "international", timeout=60)
    at.text_area(key="upload_paste").set_value(BAD_RECORDS).run()
    at.button(key="upload_load_paste").click().run()
    assert not at.exception
    page = "\n".join(str(m.value) for m in at.markdown)
    assert "Træk 1 (kortgivningen): kortgivningen har 2 kort; den skal have 32." in page
    assert "it must have" not in page


def test_danish_money_page_shows_the_working_in_danish() -> None:
    # the page's default game: clubs with 2 (3 × 12 = 36) won; at 5/10 øre 36 rounds up to 40 → 5 × 40 each
    at = _danish_page("calculators_money", "danish")
    at.text_input(key="calc-money-rate_win").set_value(str(5.0))
    at.text_input(key="calc-money-rate_loss").set_value(str(10.0)).run()
    assert not at.exception
    captions = "\n".join(str(c.value) for c in at.caption)
    assert "med 2, spil 3 — 3 × 12 = 36" in captions
    assert "vundet: +36" in captions
    assert "36 rundet op til 40" in captions
    # the page reads the rate from a number field, so it may print 5.0 and 200.0
    assert re.search(r"hver modspiller betaler spilføreren 5(\.0)? × 40 = 200(\.0)? øre", captions), captions
    assert "rounded up" not in captions and "each opponent" not in captions
