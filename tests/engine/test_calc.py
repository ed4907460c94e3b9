"""Calculator helpers (trainer.calc): help tables, ladder rows, the overbid detector, the skat risk, the
auction between limits, every settlement scheme and the score sheet. Expected numbers are worked out by hand
from the rules (RULES.md §3-§6, §10) and the textbook's examples, not copied from the code's output."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.calc import (
    SchemeOptions,
    ScoreSheet,
    base_value_grid,
    best_safe_bid,
    chance_in_skat,
    check_hand_and_skat,
    help_columns,
    help_table,
    ladder_rows,
    overbid_report,
    read_cards,
    read_skat_text,
    run_cards,
    safe_bid_distribution,
    settle_all,
    simulate_auction,
    skat_risk,
)
from trainer.cards import ALL_CARDS, JACKS, Card, parse_card, parse_cards
from trainer.deal import Seat
from trainer.errors import BidError, CardParseError, DeclarationError, SkatError
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.rules.value import GameResult, evaluate_game

TEXTBOOK_HAND = parse_cards("HJ DJ CA CT CK CQ C9 SA ST H7")
"""Clubs holding ♥J ♦J (no ♣J ♠J): "uden 2, spil 3" = 36."""
CLUBS = Declaration(GameType.CLUBS)


# --- reading cards --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "count", "fragment"),
    [
        ("CJ CJ SA", 3, "twice"),
        ("CJ SA", 3, "Expected 3 cards but read 2"),
        ("CJ XX SA", 3, "'XX' is not a card"),
        ("   ", 2, "empty"),
    ],
)
def test_bad_card_text_names_the_field(text: str, count: int, fragment: str) -> None:
    with pytest.raises(CardParseError) as caught:
        read_cards(text, count, what="skat")
    assert fragment in str(caught.value)
    assert "skat" in str(caught.value)


def test_skat_field_may_be_empty_but_hand_and_skat_must_not_overlap() -> None:
    assert read_skat_text("  ") is None
    assert read_skat_text("Klør Bonde, ruder 7") == (parse_card("CJ"), parse_card("D7"))
    with pytest.raises(CardParseError, match="both in the hand and in the skat"):
        check_hand_and_skat(TEXTBOOK_HAND, parse_cards("HJ D8"))
    with pytest.raises(CardParseError, match="holds 10 cards"):
        check_hand_and_skat(TEXTBOOK_HAND[:9], None)


# --- help tables ----------------------------------------------------------------------------------------
def test_danish_grand_help_table_matches_the_textbook() -> None:
    # columns: spil, på bordet, af hånden, på bordet + af hånden (Danish forms without Musik)
    rows = help_table(DANISH, GameType.GRAND)
    assert [r.matadors for r in rows] == [4, 3, 2, 1, -1, -2, -3, -4]
    for row in rows:
        n = abs(row.matadors)
        assert row.multipliers == (n + 1, n + 2, n + 2, n + 3)
        assert row.values == tuple(20 * m for m in row.multipliers)
    with_one = rows[3]
    assert with_one.held == (parse_card("CJ"),) and with_one.missing == (parse_card("SJ"),)
    # Grand with ♣J: 40, on the table 60, on the table and from the hand 80
    assert (with_one.values[0], with_one.values[1], with_one.values[3]) == (40, 60, 80)


def test_international_clubs_columns_and_open_clubs_with_two() -> None:
    columns = help_columns(INTERNATIONAL, GameType.CLUBS)
    assert [d.describe() for d in columns] == [
        "clubs",
        "clubs hand",
        "clubs hand schneider announced",
        "clubs hand schwarz announced",
        "clubs hand ouvert",
    ]
    with_two = next(r for r in help_table(INTERNATIONAL, GameType.CLUBS) if r.matadors == 2)
    # game 3; hand 4; + schneider + announced 6; + schwarz + announced 8; ouvert 9
    assert with_two.multipliers == (3, 4, 6, 8, 9)
    assert with_two.values[-1] == 108


def test_suit_help_table_runs_through_all_eleven_trumps() -> None:
    rows = help_table(DANISH, GameType.SPADES)
    assert len(rows) == 22
    assert rows[0].matadors == 11 and rows[-1].matadors == -11
    jacks_only = help_table(DANISH, GameType.SPADES, max_run=4)
    assert [r.matadors for r in jacks_only] == [4, 3, 2, 1, -1, -2, -3, -4]
    # spades without 5 (no Jack, no ♠A) = 6 × 11 = 66, the lesson's worked value
    without_five = next(r for r in rows if r.matadors == -5)
    assert without_five.values[0] == 66
    assert without_five.held == (parse_card("ST"),)


def test_run_cards() -> None:
    assert run_cards(GameType.GRAND, 4) == (JACKS, ())
    assert run_cards(GameType.GRAND, -4) == ((), JACKS)
    assert run_cards(GameType.HEARTS, -2) == ((parse_card("HJ"),), JACKS[:2])


def test_null_has_no_help_table() -> None:
    with pytest.raises(DeclarationError):
        help_columns(DANISH, GameType.NULL)


def test_base_value_grid() -> None:
    assert base_value_grid(DANISH, [2, 7]) == ((2, (18, 20, 22, 24, 40)), (7, (63, 70, 77, 84, 140)))
    assert base_value_grid(INTERNATIONAL, [2])[0][1][-1] == 48


# --- ladder rows ----------------------------------------------------------------------------------------
def test_36_is_clubs_times_three_and_diamonds_times_four() -> None:
    for profile in (DANISH, INTERNATIONAL):
        options = dict(ladder_rows(profile))[36]
        assert {(o.kind, o.multiplier) for o in options} == {(GameType.CLUBS, 3), (GameType.DIAMONDS, 4)}


def test_ladder_filtered_by_game() -> None:
    assert [v for v, _ in ladder_rows(DANISH, GameType.GRAND)] == [20 * m for m in range(2, 12)]
    assert [v for v, _ in ladder_rows(INTERNATIONAL, GameType.GRAND)] == [24 * m for m in range(2, 12)]
    assert [v for v, _ in ladder_rows(DANISH, GameType.NULL)] == [46, 59]
    assert [v for v, _ in ladder_rows(INTERNATIONAL, GameType.NULL)] == [23, 35, 46, 59]
    # diamonds 18 is below the Danish minimum bid of 24, so the first diamonds bid is 27
    assert ladder_rows(DANISH, GameType.DIAMONDS)[0][0] == 27


# --- overbid --------------------------------------------------------------------------------------------
def test_textbook_bonde_in_skat_danish() -> None:
    report = overbid_report(DANISH, TEXTBOOK_HAND, parse_cards("CJ D7"), CLUBS, 36)
    assert (report.before.matadors, report.before.value) == (-2, 36)
    assert (report.after.matadors, report.after.value) == (1, 24)
    assert report.overbid and report.skat_changed_matadors
    ways = {w.kind: w for w in report.ways_out}
    assert list(ways) == ["ouvert", "schneider", "schwarz", "throw"]
    assert ways["ouvert"].breakdown.value == 36 and ways["ouvert"].reaches_bid  # med 1, spil 2, på bordet 3
    assert ways["schneider"].breakdown.value == 36 and ways["schneider"].reaches_bid
    assert ways["schwarz"].breakdown.value == 48
    thrown = ways["throw"].result
    assert thrown is not None and not thrown.won and thrown.list_score == -72  # settled on the bid, doubled
    assert report.lost.value == 36 and report.lost.list_score == -72
    # grand with ♣J (40) still covers 36 with these twelve cards
    assert any(b.declaration.game is GameType.GRAND and b.value == 40 for b in report.alternatives)


def test_international_has_no_open_way_out_after_pickup() -> None:
    report = overbid_report(INTERNATIONAL, TEXTBOOK_HAND, parse_cards("CJ D7"), CLUBS, 36)
    assert [w.kind for w in report.ways_out] == ["schneider", "schwarz", "throw"]


def test_international_diamonds_overbid_at_30_loses_72() -> None:
    hand = parse_cards("DJ DA DT DK DQ D9 D8 SA HA C7")  # diamonds without 3 = 4 × 9 = 36
    report = overbid_report(INTERNATIONAL, hand, parse_cards("CJ S7"), Declaration(GameType.DIAMONDS), 30)
    assert report.before.value == 36
    assert report.after.value == 18  # with 1, game 2
    assert report.overbid
    # next multiple of 9 at or above 30 is 36; lost → −2 × 36
    assert report.lost.value == math.ceil(30 / 9) * 9 == 36
    assert report.lost.list_score == -72


def test_a_low_skat_changes_nothing() -> None:
    report = overbid_report(DANISH, TEXTBOOK_HAND, parse_cards("D7 D8"), CLUBS, 36)
    assert not report.overbid and report.after.value == 36 and not report.skat_changed_matadors


def test_hand_game_has_no_open_way_out() -> None:
    report = overbid_report(
        DANISH, TEXTBOOK_HAND, parse_cards("CJ D7"), Declaration(GameType.CLUBS, hand=True), 48
    )
    assert report.before.value == 48  # uden 2, spil 3, af hånden 4
    assert report.after.value == 36
    assert [w.kind for w in report.ways_out] == ["schneider", "schwarz", "throw"]


@pytest.mark.parametrize(
    ("declaration", "bid", "error"),
    [
        (CLUBS, 37, BidError),  # not on the ladder
        (CLUBS, 40, BidError),  # never safe: the hand alone is worth 36
        (Declaration(GameType.NULL, ouvert=True), 46, DeclarationError),
        (Declaration(GameType.CLUBS, schneider_announced=True, hand=True), 36, DeclarationError),  # Danish
    ],
)
def test_overbid_refusals(declaration: Declaration, bid: int, error: type[SkatError]) -> None:
    with pytest.raises(error):
        overbid_report(DANISH, TEXTBOOK_HAND, parse_cards("CJ D7"), declaration, bid)


def test_overbid_refuses_overlapping_skat() -> None:
    with pytest.raises(CardParseError):
        overbid_report(DANISH, TEXTBOOK_HAND, parse_cards("HJ D7"), CLUBS, 36)


# --- the skat risk --------------------------------------------------------------------------------------
def test_chance_in_skat() -> None:
    assert chance_in_skat(22, 1) == Fraction(2, 22)
    assert chance_in_skat(22, 0) == 0
    # at least one of two: 1 − C(20,2)/C(22,2) = 1 − 190/231
    assert chance_in_skat(22, 2) == Fraction(41, 231)
    with pytest.raises(SkatError):
        chance_in_skat(22, 23)


def test_skat_risk_of_the_textbook_hand() -> None:
    risk = skat_risk(DANISH, TEXTBOOK_HAND, CLUBS)
    assert risk.total_skats == math.comb(22, 2) == 231
    assert risk.unseen == 22
    by_count = {o.matadors: o for o in risk.outcomes}
    # exactly one of ♣J/♠J with 20 other cards each: ♣J → med 1, ♠J → uden 1
    assert by_count[1].skats == 20 and by_count[-1].skats == 20
    assert by_count[-2].skats == math.comb(20, 2)
    # both: ♣J ♠J ♥J ♦J A 10 K Q 9 of clubs = med 9
    assert by_count[9].skats == 1 and by_count[9].breakdown.value == 10 * 12
    assert risk.chance_lower == Fraction(40, 231)
    assert risk.chance_higher == Fraction(1, 231)
    assert sum(o.probability for o in risk.outcomes) == 1


@settings(max_examples=25)
@given(st.permutations(ALL_CARDS), st.sampled_from([GameType.CLUBS, GameType.HEARTS, GameType.GRAND]))
def test_skat_never_shortens_a_with_run(deck: list[Card], game: GameType) -> None:
    hand = tuple(deck[:10])
    risk = skat_risk(INTERNATIONAL, hand, Declaration(game))
    assert sum(o.skats for o in risk.outcomes) == 231
    if risk.hand_alone.matadors > 0:
        assert risk.chance_lower == 0
        assert all(o.matadors >= risk.hand_alone.matadors for o in risk.outcomes)


# --- the auction between limits -------------------------------------------------------------------------
def test_textbook_auction_rearhand_wins_at_48() -> None:
    auction = simulate_auction(DANISH, [46, 44, 48])
    assert auction.declarer is Seat.REARHAND and auction.bid == 48
    said = [(e.seat, e.action, e.value) for e in auction.view(Seat.FOREHAND).auction]
    middle = [v for s, a, v in said if s is Seat.MIDDLEHAND and a == "bid"]
    rear = [v for s, a, v in said if s is Seat.REARHAND and a == "bid"]
    assert middle == [24, 27, 30, 33, 36, 40, 44]
    assert rear == [45, 46, 48]
    assert said[-1] == (Seat.FOREHAND, "pass", None)


def test_international_auction_starts_at_18_and_all_pass() -> None:
    auction = simulate_auction(INTERNATIONAL, [46, 44, 48])
    assert auction.view(Seat.FOREHAND).auction[0].value == 18 and auction.bid == 48
    nobody = simulate_auction(INTERNATIONAL, [None, None, None])
    assert nobody.declarer is None and nobody.outcome() is not None and nobody.outcome().passed_in
    with pytest.raises(BidError):
        simulate_auction(DANISH, [40, 40])


# --- settlement: every scheme ---------------------------------------------------------------------------
def _clubs_with_two(won: bool = True) -> GameResult:
    return evaluate_game(
        DANISH, CLUBS, matadors=2, bid=36, declarer_points=70 if won else 50, declarer_tricks=6 if won else 4
    )


def test_every_scheme_for_the_textbook_game() -> None:
    result = _clubs_with_two()
    s = settle_all(DANISH, result, SchemeOptions(rates=(Decimal(5), Decimal(10))))
    assert s["list"].declarer == 36
    assert s["seeger_fabian"].declarer == 36 + 50
    # 36 rounds up to 40; 5 øre × 40 from each opponent
    assert s["danish_money"].opponents == (Decimal(-200), Decimal(-200))
    # 0.10 × 36 = 3.60; 9 % = 0.324 → 0.32 per player, 0.96 in all; 7.20 − 0.96
    assert s["online_stakes"].declarer == Decimal("6.24")


# --- the score sheet ------------------------------------------------------------------------------------
def test_score_sheet_three_players() -> None:
    won, lost = _clubs_with_two(True), _clubs_with_two(False)
    sheet = ScoreSheet(("A", "B", "C")).add(0, won).add(1, lost)
    assert [e.dealer for e in sheet.entries] == [0, 1]
    assert sheet.next_dealer == 2
    assert sheet.amounts(DANISH, "list") == [(36, 0, 0), (0, -72, 0)]
    # Seeger-Fabian: 36 + 50; lost −72 − 50 and each opponent +40 at three
    assert sheet.totals(DANISH, "seeger_fabian") == (86 + 40, -122, 40)
    assert sheet.running(DANISH, "list") == [(36, 0, 0), (36, -72, 0)]
    assert sheet.without_last().totals(DANISH, "list") == (36, 0, 0)


def test_score_sheet_four_players_dealer_sits_out() -> None:
    lost = _clubs_with_two(False)
    sheet = ScoreSheet(("A", "B", "C", "D"))
    with pytest.raises(SkatError, match="sits out"):
        sheet.add(0, lost)
    sheet = sheet.add(1, lost)
    # 4 at the table: each opponent of a lost game +30, the dealer nothing
    assert sheet.amounts(DANISH, "seeger_fabian") == [(0, -122, 30, 30)]


@pytest.mark.parametrize("players", [("A", "B"), ("A", "B", "C", "D", "E"), ("A", "A", "B"), ("A", " ", "B")])
def test_score_sheet_refuses_bad_tables(players: tuple[str, ...]) -> None:
    with pytest.raises(SkatError):
        ScoreSheet(players)


# --- the plots' numbers ---------------------------------------------------------------------------------
def test_best_safe_bid_of_the_textbook_hand() -> None:
    # clubs uden 2 = 36, but grand uden 2 = 3 × grand base is more: 60 (Danish) / 72 (international)
    assert best_safe_bid(DANISH, TEXTBOOK_HAND) == 60
    assert best_safe_bid(INTERNATIONAL, TEXTBOOK_HAND) == 72


def test_safe_bid_distribution_counts_every_hand() -> None:
    counts = safe_bid_distribution(DANISH, 60, seed=3)
    assert sum(counts.values()) == 60
    # a grand is worth at least 2 × the grand base, whatever the cards
    assert min(counts) >= 2 * DANISH.grand_base
    assert safe_bid_distribution(DANISH, 60, seed=3) == counts


def test_kontra_and_re_double_list_and_seeger_fabian_only() -> None:
    result = _clubs_with_two()
    kontra = settle_all(DANISH, result, SchemeOptions(kontra=True))
    assert kontra["list"].declarer == 2 * 36
    assert kontra["seeger_fabian"].declarer == 2 * 36 + 50
    both = settle_all(DANISH, result, SchemeOptions(kontra=True, re=True))
    assert both["list"].declarer == 4 * 36
    assert both["danish_money"].declarer == settle_all(DANISH, result)["danish_money"].declarer
    with pytest.raises(SkatError, match="Re is the declarer's answer"):
        settle_all(DANISH, result, SchemeOptions(re=True))


def test_a_game_thrown_before_play_is_settled_on_the_bid_in_every_danish_scheme() -> None:
    """RULES §10: cards thrown before play are settled on the bid. Lesson 15's example: won at 24, clubs
    "med 3" (48) declared, thrown: −48 on the list and 30 øre to each defender under the textbook; the
    international list keeps the declared value (−96)."""
    from trainer.calc import settle_all
    from trainer.games import Declaration, GameType
    from trainer.profiles import RuleProfile
    from trainer.rules.value import evaluate_game

    def thrown(profile: RuleProfile) -> dict[str, object]:
        result = evaluate_game(
            profile,
            Declaration(GameType.CLUBS),
            matadors=3,
            bid=24,
            declarer_points=0,
            declarer_tricks=0,
            thrown=True,
        )
        return {k: s.declarer for k, s in settle_all(profile, result, thrown_before_play=True).items()}

    danish, international = thrown(DANISH), thrown(INTERNATIONAL)
    assert danish["list"] == -48 and danish["danish_money"] == -60 and danish["seeger_fabian"] == -98
    assert international["list"] == -96
