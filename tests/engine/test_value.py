"""Game values, matadors, overbid and evaluate_game against the worked examples of RULES.md and the seeds.

Expected numbers are worked out by hand in the comments (level by level), not copied from the code.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.cards import ALL_CARDS, Card, Rank, Suit, parse_cards
from trainer.errors import DeclarationError
from trainer.games import SUIT_GAMES, Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.rules.value import (
    check_reachable,
    evaluate_game,
    game_value,
    highest_possible_value,
    list_score,
    lowest_trumps,
    matadors,
    max_matadors,
    overbid_value,
)

D = Declaration
C, S, H, DI, G, N = (
    GameType.CLUBS,
    GameType.SPADES,
    GameType.HEARTS,
    GameType.DIAMONDS,
    GameType.GRAND,
    GameType.NULL,
)
BOTH = [DANISH, INTERNATIONAL]


# --- matadors -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("cards", "game", "expected"),
    [
        ("CJ SJ H7 H8", C, 2),  # ♣J ♠J, then ♥J missing: with 2
        ("HJ DJ C7", C, -2),  # ♣J ♠J missing: without 2
        ("CJ SJ HJ DJ CA CT CK", C, 7),
        ("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7 SA", C, 11),  # every clubs trump
        ("DJ", H, -3),  # without 3 (♣J ♠J ♥J missing)
        ("D7 D8", S, -11),  # no trump at all: without 11
        ("CJ SJ HJ DJ", G, 4),
        ("SJ HJ DJ", G, -1),
        ("DA D7", G, -4),
        ("CJ SJ HJ DJ CA", N, 0),
    ],
)
def test_matadors(cards: str, game: GameType, expected: int) -> None:
    assert matadors(parse_cards(cards), game) == expected


def test_matadors_count_skat_cards_too() -> None:
    # the textbook's overbid: ♥J ♦J in hand, ♣J in the skat → "med 1", not "uden 2"
    hand = parse_cards("HJ DJ CA CT CK CQ C9 C8 SA SK")
    assert matadors(hand, C) == -2
    assert matadors([*hand, *parse_cards("CJ S7")], C) == 1


def test_max_matadors() -> None:
    assert [max_matadors(g) for g in (C, DI, G, N)] == [11, 11, 4, 0]


# --- game values (RULES §3) -----------------------------------------------------------------------------
def test_worked_international_values() -> None:
    # spades with two after pickup: with 2, game 3 → 3 × 11
    assert game_value(INTERNATIONAL, D(S), 2).value == 33
    # open clubs with two: 2 + game + hand + schneider + ann. + schwarz + ann. + ouvert = 9 → 9 × 12
    open_clubs = game_value(INTERNATIONAL, D(C, hand=True, ouvert=True), 2)
    assert (open_clubs.multiplier, open_clubs.value) == (9, 108)
    assert game_value(INTERNATIONAL, D(C), 2).value == 36  # 3 × 12
    assert game_value(INTERNATIONAL, D(G), -3).value == 96  # without 3, game 4 → 4 × 24


def test_worked_danish_values() -> None:
    assert game_value(DANISH, D(G), 1).value == 40  # med 1, spil 2 × 20
    assert game_value(DANISH, D(G, ouvert=True), 1).value == 60  # + på bordet
    assert game_value(DANISH, D(G, ouvert=True, hand=True), 1).value == 80  # + af hånden
    assert game_value(DANISH, D(H), -2).value == 30  # uden 2, spil 3 × 10
    assert game_value(DANISH, D(C), 3).value == 48  # med 3, spil 4 × 12


def test_words_follow_each_profile_order() -> None:
    danish = game_value(DANISH, D(C, hand=True, ouvert=True), 2)
    assert danish.danish_words() == "med 2, spil 3, på bordet 4, af hånden 5 — 5 × 12 = 60"
    intl = game_value(INTERNATIONAL, D(C, hand=True), 2)
    assert intl.english_words() == "with 2, game 3, hand 4 — 4 × 12 = 48"
    assert intl.levels == (("matadors", 2), ("game", 3), ("hand", 4))
    without = game_value(DANISH, D(H), -2)
    assert without.danish_words() == "uden 2, spil 3 — 3 × 10 = 30"
    assert without.english_words() == "without 2, game 3 — 3 × 10 = 30"


def test_danish_skraedder_sort_and_musik_words() -> None:
    # textbook rescue: med 1, spil 2, Skrædder 3, Sort 4 → 4 × 12
    rescue = game_value(DANISH, D(C), 1, schneider=True, schwarz=True)
    assert rescue.danish_words() == "med 1, spil 2, Skrædder 3, Sort 4 — 4 × 12 = 48"
    # Musik: med 2, spil 3, Musik 4 = 48; two Musik: Musik 5 = 60
    assert game_value(DANISH, D(C, musik=1), 2).danish_words() == "med 2, spil 3, Musik 4 — 4 × 12 = 48"
    assert game_value(DANISH, D(C, musik=2), 2).value == 60


def test_null_values_are_fixed() -> None:
    expected_intl = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
    for (hand, ouvert), value in expected_intl.items():
        b = game_value(INTERNATIONAL, D(N, hand=hand, ouvert=ouvert), 0)
        assert (b.value, b.multiplier, b.base) == (value, None, None)
    assert game_value(DANISH, D(N, ouvert=True), 0).value == 46
    assert game_value(DANISH, D(N, ouvert=True, hand=True), 0).danish_words() == "Dækker — 59"
    premium = DANISH.with_options(daekker_premium_value=True)
    assert game_value(premium, D(N, ouvert=True, hand=True), 0).value == 69


def test_profile_refusals() -> None:
    with pytest.raises(DeclarationError):
        game_value(DANISH, D(N), 0)  # plain null is not a Danish game
    with pytest.raises(DeclarationError):
        game_value(DANISH, D(C, hand=True, schneider_announced=True), 1)
    with pytest.raises(DeclarationError):
        game_value(INTERNATIONAL, D(C, musik=1), 1)
    with pytest.raises(DeclarationError):
        game_value(INTERNATIONAL, D(G), 5)  # grand has only 4 Jacks
    with pytest.raises(DeclarationError):
        game_value(INTERNATIONAL, D(C), 0)


def test_announced_levels_in_value() -> None:
    # schwarz announced brings schneider, schneider announced, schwarz, schwarz announced: 1+1+1+4 = 7
    b = game_value(INTERNATIONAL, D(H, hand=True, schwarz_announced=True), 1)
    assert b.multiplier == 7 and b.value == 70
    assert [code for code, _ in b.levels] == [
        "matadors",
        "game",
        "hand",
        "schneider",
        "schneider_announced",
        "schwarz",
        "schwarz_announced",
    ]


def test_highest_possible_value() -> None:
    # clubs med 1 after pickup, Danish: 1 + spil + Skrædder + Sort = 4 → 48
    assert highest_possible_value(DANISH, D(C), 1) == 48
    # grand without 1 hand, international: 1 + game + hand + schneider + schwarz = 5 → 120
    assert highest_possible_value(INTERNATIONAL, D(G, hand=True), -1) == 120
    assert highest_possible_value(INTERNATIONAL, D(N, ouvert=True), 0) == 46


def test_check_reachable() -> None:
    check_reachable(DANISH, D(C), 1, 36)  # reachable with Skrædder
    check_reachable(DANISH, D(C), 1, 48)  # reachable only with Sort
    with pytest.raises(DeclarationError, match="at most 48"):
        check_reachable(DANISH, D(C), 1, 50)
    with pytest.raises(DeclarationError, match="always worth 46"):
        check_reachable(INTERNATIONAL, D(N, ouvert=True), 0, 48)
    check_reachable(INTERNATIONAL, D(N, ouvert=True), 0, 46)


def test_overbid_value() -> None:
    assert overbid_value(INTERNATIONAL, D(DI), 30) == 36  # 4 × 9 is the first multiple ≥ 30
    assert overbid_value(INTERNATIONAL, D(G), 48) == 48
    assert overbid_value(INTERNATIONAL, D(C), 37) == 48
    assert overbid_value(DANISH, D(C), 36) == 36


def test_list_score() -> None:
    assert list_score(INTERNATIONAL, True, 48) == 48
    assert list_score(INTERNATIONAL, False, 48) == -96
    assert list_score(DANISH, False, 40) == -80


def test_lowest_trumps() -> None:
    assert lowest_trumps(C, 2) == (Card(Suit.CLUBS, Rank.SEVEN), Card(Suit.CLUBS, Rank.EIGHT))
    assert lowest_trumps(G, 1) == (Card(Suit.DIAMONDS, Rank.JACK),)


# --- evaluate_game (RULES §6, §7, §11) ------------------------------------------------------------------
WON, LOST = True, False


@pytest.mark.parametrize(
    ("profile", "declaration", "matadors", "bid", "points", "tricks", "musik_fulfilled", "expected"),
    [
        # 4 + game + hand + schneider + announced = 8 × 24 = 192, lost → −384; the opponents' 31 are no
        # schneider (and no double count)
        pytest.param(
            INTERNATIONAL, D(G, hand=True, schneider_announced=True), 4, 18, 89, 8, True,
            (LOST, False, 192, -384, "announced_schneider_missed", False, False), id="schneider-missed-at-89",
        ),
        pytest.param(
            INTERNATIONAL, D(G, hand=True, schneider_announced=True), 4, 18, 90, 8, True,
            (WON, False, 192, 192, "won", True, False), id="schneider-made-at-90",
        ),
        # the declarer takes 20 after announcing schneider: 2 + game + hand + schneider + announced = 6 × 12;
        # the declarer's own schneider counts once
        pytest.param(
            INTERNATIONAL, D(C, hand=True, schneider_announced=True), 2, 18, 20, 2, True,
            (LOST, False, 72, -144, "points", True, False), id="announced-schneider-and-own-schneider",
        ),
        # the opponents take one trick of 7-8-9: 0 points, but schwarz is broken;
        # 3 + game + hand + schneider + ann + schwarz + ann = 9 × 12 = 108, lost
        pytest.param(
            INTERNATIONAL, D(C, hand=True, schwarz_announced=True), 3, 18, 120, 9, True,
            (LOST, False, 108, -216, "announced_schwarz_missed", True, False), id="schwarz-missed-by-7-8-9",
        ),
        # diamonds with 2 = 27 < 30 → lost at 36 (first multiple of 9 ≥ 30), doubled
        pytest.param(
            INTERNATIONAL, D(DI), 2, 30, 75, 6, True,
            (LOST, True, 36, -72, "overbid", False, False), id="overbid-diamonds-at-30",
        ),
        # diamonds without 2 bid at 30, the declarer takes 100: schneider → 4 × 9 = 36 ≥ 30 → won 36
        pytest.param(
            INTERNATIONAL, D(DI), -2, 30, 100, 8, True,
            (WON, False, 36, 36, "won", True, False), id="overbid-rescued-by-schneider",
        ),
        # bid 36, diamonds with 1 = 18, the declarer has 41: lost, value 36 (first multiple of 9 ≥ 36) → −72
        pytest.param(
            INTERNATIONAL, D(DI), 1, 36, 41, 4, True,
            (LOST, True, 36, -72, "overbid", False, False), id="overbid-and-lost-on-points",
        ),
        # clubs med 2, Musik 1: 2 + spil + Musik = 4 × 12 = 48, lost → −96
        pytest.param(
            DANISH, D(C, musik=1), 2, 48, 70, 6, False,
            (LOST, False, 48, -96, "musik_failed", False, False), id="musik-failed",
        ),
    ],
)  # fmt: skip
def test_worked_results(
    profile: RuleProfile,
    declaration: Declaration,
    matadors: int,
    bid: int,
    points: int,
    tricks: int,
    musik_fulfilled: bool,
    expected: tuple[bool, bool, int, int, str, bool, bool],
) -> None:
    """(won, overbid, value, list score, reason, schneider, schwarz) of a worked example."""
    r = evaluate_game(
        profile,
        declaration,
        matadors=matadors,
        bid=bid,
        declarer_points=points,
        declarer_tricks=tricks,
        musik_fulfilled=musik_fulfilled,
    )
    assert (r.won, r.overbid, r.value, r.list_score, r.reason, r.schneider, r.schwarz) == expected


def test_schwarz_reached_and_broken() -> None:
    made = evaluate_game(INTERNATIONAL, D(G), matadors=1, bid=18, declarer_points=120, declarer_tricks=10)
    assert (made.won, made.value, made.schwarz) == (True, 96, True)  # 1 + 1 + 1 + 1 = 4 × 24
    broken = evaluate_game(INTERNATIONAL, D(G), matadors=1, bid=18, declarer_points=120, declarer_tricks=9)
    assert (broken.value, broken.schwarz, broken.schneider) == (72, False, True)


@pytest.mark.parametrize(
    ("profile", "points", "schneider"),
    [
        (INTERNATIONAL, 89, False),
        (INTERNATIONAL, 90, True),  # opponents 30: international schneider is "≤ 30"
        (INTERNATIONAL, 91, True),
        (DANISH, 89, False),
        (DANISH, 90, False),  # opponents 30: the textbook wants "under 30"
        (DANISH, 91, True),
    ],
)
def test_opponents_schneider_boundaries(profile: RuleProfile, points: int, schneider: bool) -> None:
    r = evaluate_game(profile, D(C), matadors=2, bid=24, declarer_points=points, declarer_tricks=7)
    assert r.won and r.schneider == schneider
    assert r.value == (4 if schneider else 3) * 12


@pytest.mark.parametrize(
    ("profile", "points", "schneider"),
    [
        (INTERNATIONAL, 30, True),
        (INTERNATIONAL, 31, False),
        (DANISH, 30, True),  # "under 31"
        (DANISH, 31, False),
    ],
)
def test_declarer_schneider_boundaries(profile: RuleProfile, points: int, schneider: bool) -> None:
    r = evaluate_game(profile, D(C), matadors=2, bid=24, declarer_points=points, declarer_tricks=3)
    assert not r.won and r.reason == "points" and r.schneider == schneider
    assert r.list_score == -2 * (4 if schneider else 3) * 12


def test_sixty_sixty_loses() -> None:
    r = evaluate_game(INTERNATIONAL, D(S), matadors=1, bid=18, declarer_points=60, declarer_tricks=5)
    assert not r.won and r.list_score == -44
    won = evaluate_game(INTERNATIONAL, D(S), matadors=1, bid=18, declarer_points=61, declarer_tricks=5)
    assert won.won and won.list_score == 22


def test_danish_bonde_in_the_skat() -> None:
    # bid 36 for clubs "uden 2"; ♣J in the skat makes it "med 1" = 24: overbid, settled on the bid
    plain = evaluate_game(DANISH, D(C), matadors=1, bid=36, declarer_points=80, declarer_tricks=7)
    assert (plain.won, plain.overbid, plain.value, plain.list_score) == (False, True, 36, -72)
    # laying the cards on the table: med 1, spil 2, på bordet 3 = 36 ≥ 36 → won
    table = evaluate_game(
        DANISH, D(C, ouvert=True), matadors=1, bid=36, declarer_points=80, declarer_tricks=7
    )
    assert (table.won, table.value) == (True, 36)
    # playing for Skrædder: med 1, spil 2, Skrædder 3 = 36
    skraedder = evaluate_game(DANISH, D(C), matadors=1, bid=36, declarer_points=91, declarer_tricks=8)
    assert (skraedder.won, skraedder.value) == (True, 36)
    # Sort: 4 × 12 = 48
    sort = evaluate_game(DANISH, D(C), matadors=1, bid=36, declarer_points=120, declarer_tricks=10)
    assert (sort.won, sort.value) == (True, 48)


def test_null_games() -> None:
    won = evaluate_game(INTERNATIONAL, D(N), matadors=0, bid=23, declarer_points=0, declarer_tricks=0)
    assert (won.won, won.list_score) == (True, 23)
    lost = evaluate_game(DANISH, D(N, ouvert=True), matadors=0, bid=46, declarer_points=0, declarer_tricks=1)
    assert (lost.won, lost.list_score, lost.reason) == (False, -92, "null_trick")
    with pytest.raises(DeclarationError):
        evaluate_game(INTERNATIONAL, D(N), matadors=0, bid=24, declarer_points=0, declarer_tricks=0)


def test_bad_counts_are_refused() -> None:
    with pytest.raises(DeclarationError):
        evaluate_game(INTERNATIONAL, D(C), matadors=1, bid=18, declarer_points=121, declarer_tricks=5)
    with pytest.raises(DeclarationError):
        evaluate_game(INTERNATIONAL, D(C), matadors=1, bid=18, declarer_points=60, declarer_tricks=11)


# --- ISS records (trainer/records/data/iss-sample.sgf, R[...] fields) --------------------------------------
@pytest.mark.parametrize(
    ("decl", "bid", "m", "points", "tricks", "v"),
    [
        (D(DI), 18, -2, 59, 4, -54),
        (D(G), 27, 3, 85, 8, 96),
        (D(G, hand=True, ouvert=True), 18, 1, 120, 10, 192),
        (D(C, hand=True, schwarz_announced=True), 40, 3, 120, 10, 108),
        (D(DI), 36, 1, 41, 4, -72),
        (D(G), 18, 1, 84, 5, 48),
        (D(N, ouvert=True), 35, 0, 14, 0, 46),
        (D(DI), 36, -1, 75, 7, -72),
        (D(G), 20, 1, 120, 10, 96),
    ],
)
def test_iss_sample_results(decl: Declaration, bid: int, m: int, points: int, tricks: int, v: int) -> None:
    r = evaluate_game(
        INTERNATIONAL, decl, matadors=m, bid=bid, declarer_points=points, declarer_tricks=tricks
    )
    assert r.list_score == v


# --- invariants -----------------------------------------------------------------------------------------
@given(
    profile=st.sampled_from(BOTH),
    game=st.sampled_from([*SUIT_GAMES, G]),
    data=st.data(),
    hand=st.booleans(),
    ouvert=st.booleans(),
    schneider=st.booleans(),
    schwarz=st.booleans(),
)
def test_value_at_least_two_times_base(
    profile: RuleProfile,
    game: GameType,
    data: st.DataObject,
    hand: bool,
    ouvert: bool,
    schneider: bool,
    schwarz: bool,
) -> None:
    top = max_matadors(game)
    m = data.draw(st.integers(1, top)) * data.draw(st.sampled_from([1, -1]))
    b = game_value(profile, D(game, hand=hand, ouvert=ouvert), m, schneider=schneider, schwarz=schwarz)
    base = profile.base_value(game)
    assert b.multiplier is not None and b.value == b.multiplier * base
    assert b.value >= 2 * base
    # each level adds to the running total: strictly ascending
    totals = [total for _, total in b.levels]
    assert totals == sorted(set(totals))
    # every level asked for is there; schwarz brings schneider
    floor = abs(m) + 1 + hand + ouvert + (schneider or schwarz) + schwarz
    assert b.multiplier >= floor


@given(
    st.lists(st.sampled_from(ALL_CARDS), min_size=12, max_size=12, unique=True), st.sampled_from(SUIT_GAMES)
)
def test_matadors_range(cards: list[Card], game: GameType) -> None:
    m = matadors(cards, game)
    assert m != 0 and abs(m) <= 11
    held_top = [c for c in cards if c.is_jack and c.suit is Suit.CLUBS]
    assert (m > 0) == bool(held_top)
