"""AppTest tests of the replay pages: the viewer steps a deal to its result, play-a-seat refuses an illegal
card with the rule in words and plays to the end, the bidding replay explains holds and passes, ISS upload
reports bad records and loads good ones, and the analysis toggle shows the best card of a known ending."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.exhaustive import exhaustive_points
from trainer.cards import Card
from trainer.deal import Seat
from trainer.records.deals import ExampleDeal, load_all
from trainer.records.iss import export
from trainer.replay import GameRecord
from trainer.rules import PlayCard, SkatGame
from trainer.table_session import RecordSeat
from trainer.ui.terms import card_label

from .helpers import APP, html_rows, texts, upload_text

VIEWER = "trainer/ui/pages/deals.py"
PLAY = "trainer/ui/pages/deals_play.py"
BIDDING = "trainer/ui/pages/deals_bidding.py"
UPLOAD = "trainer/ui/pages/deals_upload.py"
DEALS = {deal.id: deal for deal in load_all()}


@pytest.fixture(autouse=True)
def _python_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """Analysis with the plain-Python kernel: no background compile competing with the test."""
    monkeypatch.setenv("SKAT_SOLVER_BACKEND", "python")


def _open(page: str, *, lang: str = "en", rules: str = "danish", **state: object) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = lang
    at.query_params["rules"] = rules
    at.run()
    for key, value in state.items():
        at.session_state[key] = value
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def _click(at: AppTest, key: str, times: int = 1) -> AppTest:
    for _ in range(times):
        at.button(key=key).click().run()
        assert not at.exception, at.exception
    return at


# ---- viewer ----------------------------------------------------------------------------------------------


def test_viewer_steps_a_deal_to_its_result() -> None:
    at = _open(VIEWER, deals_choice="ex:textbook-bidding")
    assert at.title[0].value == "Replay a game"
    assert "Trick 1: no card played yet." in texts(at)
    _click(at, "viewer_next_card")
    assert ["S7"] in html_rows(at)
    _click(at, "viewer_next_trick")
    # ♠7 ♠A ♥J: the ♥J is a trump in clubs and wins for rearhand, 0 + 11 + 2 = 13 card points
    assert ["S7", "SA", "HJ"] in html_rows(at)
    assert "Rearhand wins the trick (13 card points)." in texts(at)
    assert [m.value for m in at.metric] == ["13", "0"]
    _click(at, "viewer_back_card")
    assert ["S7", "SA"] in html_rows(at)
    _click(at, "viewer_next_trick", 10)
    assert at.button(key="viewer_next_card").disabled
    done = texts(at)
    assert "Result: won." in done and "106 card points" in done and "Value 60" in done
    assert "+60" in done


def test_viewer_shows_one_seat_or_all_hands() -> None:
    at = _open(VIEWER, deals_choice="ex:grand")
    rows = html_rows(at)
    assert sum(1 for row in rows if "back" not in row and len(row) == 10) == 3
    at.segmented_control(key="viewer_view").set_value("MIDDLEHAND").run()
    rows = [row for row in html_rows(at) if len(row) == 10]
    assert len(rows) == 1 and "HJ" in rows[0]  # only middlehand's own cards are shown
    table = "".join(element.value for element in at.html)
    assert table.count('data-backs="10"') == 2 and table.count("10 cards, face down") == 2
    deal = DEALS["grand"]
    hidden = [*deal.deal.hands[0], *deal.deal.hands[2], *deal.discards]
    assert not [c.iss for c in hidden if f'data-card="{c.iss}"' in table]  # no hidden card reaches the page


def test_viewer_in_danish_and_under_other_rules() -> None:
    at = _open(VIEWER, lang="da", rules="international", deals_choice="ex:textbook-bidding")
    page = texts(at)
    assert at.title[0].value == "Genspil et spil"
    assert "egne regler: lærebogens danske regler" in page  # the deal keeps its own rules, and says so
    _click(at, "viewer_next_trick", 10)
    assert "Resultat: vundet." in texts(at)


# ---- play a seat ---------------------------------------------------------------------------------------


def test_an_illegal_card_is_refused_with_its_explanation() -> None:
    at = _open(PLAY, deals_choice="ex:defence-caught-in-the-middle", play_seat="REARHAND")
    # forehand led ♠7 and middlehand (the declarer) played ♠K from the record; rearhand holds spades
    assert ["S7", "SK"] in html_rows(at)
    at.button(key="play_hand-SJ").click().run()
    assert not at.exception
    error = at.error[0].value
    assert "♠J cannot be played." in error
    assert "You must follow spades" in error and "♠A ♠Q ♠9" in error
    assert "The ♠J is a trump in hearts, not a spade." in error  # the engine's one phrasing of a refusal
    assert ["S7", "SK"] in html_rows(at)  # nothing was played


def test_an_illegal_card_is_refused_in_danish() -> None:
    at = _open(PLAY, lang="da", deals_choice="ex:defence-caught-in-the-middle", play_seat="REARHAND")
    at.button(key="play_hand-SJ").click().run()
    error = at.error[0].value
    assert "Du skal bekende spar" in error and "♠B er trumf i hjerter" in error


def test_a_defender_is_not_shown_the_declarers_discards() -> None:
    deal = DEALS["textbook-bidding"]
    assert deal.discards and not deal.declaration.hand
    discards = " ".join(card_label(card, "en") for card in deal.discards)
    defender = deal.declarer.next
    at = _open(PLAY, deals_choice="ex:textbook-bidding", play_seat=defender.name)
    page = "".join(element.value for element in at.html)
    assert "Discarded into the skat" not in texts(at) and discards not in texts(at)
    assert not [c.iss for c in deal.discards if f'data-card="{c.iss}"' in page]
    assert 'class="skat-skat" data-cards="back back"' in page  # the skat lies face down
    # the learner's own hand: one card button per card, each drawn with its face
    buttons = [b.key for b in at.button if str(b.key).startswith("play_hand-")]
    assert sorted(buttons) == sorted(f"play_hand-{c.iss}" for c in deal.deal.hands[int(defender)])
    assert all(f".st-key-{key} button {{ background-image" in page for key in buttons)
    declarer = _open(PLAY, deals_choice="ex:textbook-bidding", play_seat=deal.declarer.name)
    assert f"Discarded into the skat: {discards}" in texts(declarer)


def test_play_a_seat_to_the_end_next_to_the_recorded_result() -> None:
    deal = DEALS["textbook-bidding"]
    at = _open(PLAY, deals_choice="ex:textbook-bidding", play_seat="FOREHAND")
    played = 0
    for _ in range(12):
        if not any(str(button.key).startswith("play_hand-") for button in at.button):
            break
        view = _seat(at, deal, Seat.FOREHAND).view()
        legal = [move.card for move in view.legal_moves if isinstance(move, PlayCard)]
        at.button(key=f"play_hand-{legal[-1].iss}").click().run()  # not always the recorded card
        assert not at.exception
        played += 1
    assert played == 10
    page = texts(at)
    assert "Your game" in page and "The recorded game" in page
    assert page.count("Result: ") == 2
    recorded = deal.result
    assert f"{recorded.declarer_points} card points" in page


def _seat(at: AppTest, deal: ExampleDeal, seat: Seat) -> RecordSeat:
    """The page's seat at its position, rebuilt from what the page keeps: the game, the seat and the cards."""
    (key, seat_name), cards = at.session_state["play_session"]
    assert key == f"ex:{deal.id}" and seat_name == seat.name
    return RecordSeat(GameRecord.from_example(deal), seat, cards)


def _cards_in(value: object, seen: set[int] | None = None) -> set[Card]:
    """Every card reachable from ``value``: through containers, dataclasses and objects' attributes."""
    seen = set() if seen is None else seen
    if id(value) in seen or isinstance(value, str | bytes | int | float | bool | type(None)):
        return set()
    seen.add(id(value))
    if isinstance(value, Card):
        return {value}
    if isinstance(value, dict):
        items: list[object] = [*value.keys(), *value.values()]
    elif isinstance(value, list | tuple | set | frozenset):
        items = list(value)
    elif hasattr(value, "__dict__") or hasattr(value, "__slots__"):
        items = [*getattr(value, "__dict__", {}).values()]
        items += [getattr(value, name, None) for name in getattr(value, "__slots__", ())]
    else:
        return set()
    return set().union(*(_cards_in(item, seen) for item in items))


@pytest.mark.parametrize("seat", list(Seat))
def test_the_page_keeps_no_card_its_seat_may_not_see(seat: Seat) -> None:
    """Play a seat keeps which game, which seat and the cards played, never the deal: every card in the
    page's session state is one the seat may see (its own, or one played), before and after the computers
    took over (the learner leaves the record with its first card)."""
    deal = DEALS["textbook-bidding"]
    at = _open(PLAY, deals_choice=f"ex:{deal.id}", play_seat=seat.name)
    for _ in range(4):
        view = _seat(at, deal, seat).view()
        legal = [move.card for move in view.legal_moves if isinstance(move, PlayCard)]
        if not legal:
            break
        at.button(key=f"play_hand-{legal[-1].iss}").click().run()
        assert not at.exception
        view = _seat(at, deal, seat).view()
        kept = set().union(*(_cards_in(at.session_state[key]) for key in at.session_state))
        assert kept, "the cards played are kept"
        assert kept <= view.known_cards(), sorted(c.iss for c in kept - view.known_cards())
    hidden = set(deal.deal.all_cards) - view.known_cards()
    assert hidden and _cards_in(_seat(at, deal, seat)) & hidden  # the check would see a kept deal


def test_following_the_record_keeps_the_record() -> None:
    at = _open(PLAY, deals_choice="ex:nul-ouvert", play_seat="FOREHAND")
    for _ in range(10):
        card = _seat(at, DEALS["nul-ouvert"], Seat.FOREHAND).recorded_card()
        if card is None:
            break
        at.button(key=f"play_hand-{card.iss}").click().run()
    page = texts(at)
    assert "So far the game follows the record." in page
    assert page.count("Result: won.") == 2


# ---- bidding replay ------------------------------------------------------------------------------------


def test_bidding_replay_explains_bids_holds_and_passes() -> None:
    at = _open(BIDDING, deals_choice="ex:textbook-bidding")
    _click(at, "bidding_next")
    page = texts(at)
    assert "Middlehand bids 24." in page
    # 24 = clubs × 2 = … ; the Danish ladder starts at 24
    assert "Games worth exactly 24:" in page and "Clubs ♣ (suit game) × 2" in page
    assert "Spades is worth 44 with these cards, so 24 is within the limit." in page
    _click(at, "bidding_next", 14)  # step 15: middlehand passes at 44
    page = texts(at)
    assert "Middlehand passes." in page
    assert "Spades is worth only 44, and the bidding would have to go to 45." in page
    _click(at, "bidding_next", 6)
    assert "Rearhand wins the bidding at 48" in texts(at)
    assert at.button(key="bidding_next").disabled


# ---- ISS records ---------------------------------------------------------------------------------------


def _good_line(name: str, record_id: str) -> str:
    """An example deal, auction and all, written as the app writes a finished deal (iss.export)."""
    deal = DEALS[name]
    contract = GameRecord.from_example(deal).deal_state().history
    state = SkatGame(deal.profile).replay([contract[0], *(step.move for step in deal.bidding), *contract[2:]])
    for card in deal.moves:
        seat = state.to_move
        assert seat is not None
        state.apply(PlayCard(seat, card))
    line = export(state, record_id=record_id).line
    assert line is not None
    return line


def test_upload_reports_bad_records_and_loads_the_good_ones() -> None:
    good = _good_line("grand", "101")
    revoke = _good_line("spades-schneider", "102").replace(" 1 HJ ", " 1 S8 ")
    text = "\n".join([good, "(;GM[Skat]ID[103]MV[w nonsense]R[] ;)", revoke, "", _good_line("grand", "104")])
    at = _open(UPLOAD, rules="international")
    at.text_area(key="upload_paste").set_value(text).run()
    _click(at, "upload_load_paste")
    page = texts(at)
    assert "2 games loaded." in page
    assert "2 records could not be used:" in page
    assert "Line 2 (103)" in page and "Line 3 (102)" in page and "S8" in page
    at.switch_page(VIEWER).run()
    labels = at.selectbox(key="deals_choice").options
    assert sum("Uploaded: ISS" in label for label in labels) == 2
    # the viewer opens the first uploaded game, not the first textbook deal
    assert at.selectbox(key="deals_choice").value == "iss:0"
    assert "Uploaded: ISS 101" in at.selectbox(key="deals_choice").format_func("iss:0")
    # after that the learner's own pick is kept
    at.selectbox(key="deals_choice").set_value("iss:1").run()
    at.run()
    assert at.selectbox(key="deals_choice").value == "iss:1"


def test_an_upload_that_loaded_nothing_is_not_green() -> None:
    """Only broken records: "0 games loaded." is a warning above the errors, not a success (issue 46)."""
    at = _open(UPLOAD, rules="international")
    at.text_area(key="upload_paste").set_value("(;GM[Skat]ID[103]MV[w nonsense]R[] ;)").run()
    _click(at, "upload_load_paste")
    assert not at.success
    assert [w.value for w in at.warning] == ["0 games loaded."]
    assert "1 record could not be used:" in texts(at)
    at.text_area(key="upload_paste").set_value(_good_line("grand", "101")).run()
    _click(at, "upload_load_paste")
    assert [s.value for s in at.success] == ["1 game loaded."] and not at.warning


def test_a_learners_file_reports_the_card_dealt_twice_by_its_line() -> None:
    """What the upload page says of each record of a file (the browser test loads the same text through
    the file input): the good games by line, the duplicate card with its line and move, the passed-in
    deal listed apart and not among the errors."""
    at = _open(UPLOAD, rules="international")
    at.text_area(key="upload_paste").set_value(upload_text()).run()
    _click(at, "upload_load_paste")
    page = texts(at)
    assert "2 games loaded." in page and "1 record could not be used:" in page
    assert "Line 2 (727): Move 1 (the deal): HJ is dealt twice" in page, page
    assert "Line 1: game 541932" in page and "Line 3: game 684159" in page
    assert "Line 4: game 756788: everyone passed, so the deal is thrown in." in page
    assert "Line 4 (756788)" not in page  # not among the errors


def _passed_line(record_id: str) -> str:
    """An all-pass record: forehand, middlehand and rearhand pass ("1 p 2 p 0 p"), R[passed]."""
    cards = ".".join(card.iss for card in DEALS["grand"].deal.all_cards)
    return f"(;GM[Skat]ID[{record_id}]P0[a]P1[b]P2[c]MV[w {cards} 1 p 2 p 0 p ]R[passed] ;)"


RAMSE_NEXT = "Line 2: game 201: everyone passed. These rules would go on to Ramse"


@pytest.mark.parametrize(
    ("lang", "international", "listed", "error_word"),
    [
        ("en", True, "Line 2: game 201: everyone passed, so the deal is thrown in.", "could not be used"),
        ("da", True, "Linje 2: spil 201: alle sagde pas, så der gives om.", "kunne ikke bruges"),
        ("en", False, RAMSE_NEXT, "could not be used"),
    ],
)
def test_an_all_pass_record_is_listed_as_passed_in(
    lang: str, international: bool, listed: str, error_word: str
) -> None:
    """The all-pass record on line 2 is neither an error nor a game for the viewer. Checked under the
    international rules the deal is thrown in and the game on line 1 loads beside it; under the Danish
    rules (which refuse the international bid of 18 in that game, so line 1 is left empty) Ramse would
    follow, which the server does not record."""
    first = _good_line("grand", "200") if international else ""
    at = _open(UPLOAD, lang=lang, rules="danish")
    at.toggle(key="upload_international").set_value(international).run()
    at.text_area(key="upload_paste").set_value(f"{first}\n{_passed_line('201')}").run()
    _click(at, "upload_load_paste")
    page = texts(at)
    assert listed in page
    assert error_word not in page and not at.error
    uploaded = at.session_state["deals_uploaded"]
    assert [record.title for record in uploaded] == (["ISS 200"] if international else [])


def test_the_sample_button_loads_the_shipped_sample_set() -> None:
    """The 11 sample games ship in the package, so a fresh clone loads them (no folder beside it needed)."""
    at = _open(UPLOAD)
    _click(at, "upload_sample")
    page = texts(at)
    assert "games loaded." in page
    titles = [record.title for record in at.session_state["deals_uploaded"]]
    # 9 replayable games; the all-pass deal is listed apart, record 30 (left while bidding) is refused.
    assert "ISS 541932" in titles and len(set(titles)) == 9


# ---- analysis --------------------------------------------------------------------------------------------


def test_the_analysis_toggle_shows_the_known_best_card() -> None:
    """Defence deal, after 21 cards: nine cards are left, few enough for plain minimax in the test."""
    deal = DEALS["defence-caught-in-the-middle"]
    record = GameRecord.from_example(deal)
    position = 21
    state = record.deal_state_at(position)
    scores = {}
    for move in state.legal_moves():
        assert isinstance(move, PlayCard)
        state.apply(move)
        scores[move.card] = exhaustive_points(state)
        state.undo()
    pick = max if state.to_move is state.declarer else min
    best_value = pick(scores.values())
    best_cards = {card for card, value in scores.items() if value == best_value}
    at = _open(VIEWER, deals_choice=f"ex:{deal.id}", viewer_position=position)
    at.toggle(key="viewer_analysis").set_value(True).run()
    assert not at.exception
    page = texts(at)
    shown = [line for line in page.splitlines() if line.startswith("Best card here: ")]
    assert shown and shown[0].removeprefix("Best card here: ") in {card_label(c, "en") for c in best_cards}
    for card, value in scores.items():
        assert f"{card_label(card, 'en')} → declarer {value}" in page


def test_could_i_have_won_after_the_game() -> None:
    at = _open(VIEWER, deals_choice="ex:textbook-bidding", viewer_position=30)
    at.toggle(key="viewer_analysis").set_value(True).run()
    button = at.button(key="ex:textbook-bidding-costly-button")
    assert "Could the defenders have won?" in button.label
    button.click().run()
    assert not at.exception
    assert "No single card of this side" in texts(at)


@pytest.mark.parametrize("page", [VIEWER, PLAY, BIDDING, UPLOAD])
@pytest.mark.parametrize(
    ("lang", "rules"), [("en", "international"), ("da", "danish"), ("da", "international")]
)
def test_every_page_renders_in_both_languages_and_rules(page: str, lang: str, rules: str) -> None:
    at = _open(page, lang=lang, rules=rules)
    assert at.title and not at.exception


def test_the_result_sentence_counts_kontra_and_re() -> None:
    """After kontra and re the value and the list entry said in the result are the deal's Outcome's: four
    times the game's, the same entry the list settlement writes."""
    from trainer.deal import Seat, random_deal
    from trainer.games import Declaration, GameType
    from trainer.i18n import get_translator
    from trainer.moves import Kontra, NoCall, PlayCard, Re
    from trainer.profiles import INTERNATIONAL
    from trainer.rules import HouseOptions, SkatGame
    from trainer.scoring import settle
    from trainer.ui.context import PageContext
    from trainer.ui.pages.deals_common import result_text

    ctx = PageContext("en", INTERNATIONAL, get_translator("en"))
    said = {}
    for calls in ((), ("kontra", "re")):
        game = SkatGame(INTERNATIONAL, HouseOptions(kontra=True))
        state = game.with_contract(
            random_deal(3, INTERNATIONAL), Seat.MIDDLEHAND, Declaration(GameType.GRAND, hand=True), bid=18
        )
        while state.outcome() is None:
            moves = state.legal_moves()
            if "kontra" in calls and any(isinstance(m, Kontra) for m in moves):
                move = next(m for m in moves if isinstance(m, Kontra))
            elif "re" in calls and any(isinstance(m, Re) for m in moves):
                move = next(m for m in moves if isinstance(m, Re))
            else:
                move = next(m for m in moves if isinstance(m, PlayCard | NoCall))
            state.apply(move)
        outcome = state.outcome()
        assert outcome is not None and outcome.result is not None
        listed = settle(outcome, "list")
        assert listed is not None and listed.by_seat[Seat.MIDDLEHAND] == outcome.list_score
        said[calls] = (outcome, result_text(outcome, ctx))
    (plain_outcome, plain), (doubled_outcome, doubled) = said[()], said[("kontra", "re")]
    assert doubled_outcome.kontra_factor == 4 and plain_outcome.kontra_factor == 1
    result = doubled_outcome.result
    assert result is not None and doubled_outcome.list_score is not None
    assert f"Value {4 * result.value}, in the list {doubled_outcome.list_score:+d}." in doubled
    assert doubled_outcome.list_score == 4 * result.list_score
    assert f"Value {plain_outcome.value}, in the list {plain_outcome.list_score:+d}." in plain
    assert "kontra/re: value × 4" in doubled and "kontra" not in plain
