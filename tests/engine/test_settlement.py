"""Settlement schemes: the sources' worked examples, worked out by hand in the comments."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.errors import SkatError
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.rules.extras import Spoerge, ramse_result
from trainer.rules.settlement import (
    DanishMoneyConfig,
    OnlineStakesConfig,
    danish_money,
    danish_money_for,
    kontra_allowed,
    kontra_factor,
    list_settlement,
    online_stakes,
    ramse_money,
    round_up,
    seeger_fabian,
    slaa_40_an_forfeit,
)
from trainer.rules.value import GameResult, evaluate_game

D = Declaration
C, H, DI, G, N = GameType.CLUBS, GameType.HEARTS, GameType.DIAMONDS, GameType.GRAND, GameType.NULL
FIVE_TEN = DanishMoneyConfig(rates=(Decimal(5), Decimal(10)))


def _clubs_with_2(profile: RuleProfile = DANISH, won: bool = True) -> GameResult:
    points = 70 if won else 50
    return evaluate_game(profile, D(C), matadors=2, bid=24, declarer_points=points, declarer_tricks=6)


# --- list and kontra/re ---------------------------------------------------------------------------------
def test_list() -> None:
    won = list_settlement(INTERNATIONAL, _clubs_with_2(INTERNATIONAL))
    assert won.declarer == 36 and won.opponents == (0, 0) and won.sitting_out == ()
    lost = list_settlement(INTERNATIONAL, _clubs_with_2(INTERNATIONAL, won=False), table_size=4)
    assert lost.declarer == -72 and lost.amounts == (-72, 0, 0, 0)
    assert any("−2 × 36" in line for line in lost.working)


def test_kontra_timing() -> None:
    # before the second card of the first trick
    assert kontra_allowed(0) and kontra_allowed(1) and not kontra_allowed(2)


def test_kontra_re() -> None:
    assert (kontra_factor(), kontra_factor(True), kontra_factor(True, True)) == (1, 2, 4)
    with pytest.raises(SkatError, match="Re is the declarer's answer"):
        kontra_factor(False, True)
    result = _clubs_with_2(INTERNATIONAL, won=False)
    assert list_settlement(INTERNATIONAL, result, kontra=True).declarer == -144  # −2 × (36 × 2)
    assert list_settlement(INTERNATIONAL, _clubs_with_2(INTERNATIONAL), kontra=True, re=True).declarer == 144


# --- Seeger-Fabian --------------------------------------------------------------------------------------
def test_seeger_fabian_three_players() -> None:
    won = seeger_fabian(INTERNATIONAL, _clubs_with_2(INTERNATIONAL))
    assert won.amounts == (36 + 50, 0, 0)
    lost = seeger_fabian(INTERNATIONAL, _clubs_with_2(INTERNATIONAL, won=False))
    assert lost.amounts == (-2 * 36 - 50, 40, 40)


def test_seeger_fabian_four_players() -> None:
    lost = seeger_fabian(INTERNATIONAL, _clubs_with_2(INTERNATIONAL, won=False), table_size=4)
    assert lost.amounts == (-122, 30, 30, 0)  # the dealer sitting out gets nothing
    with pytest.raises(SkatError):
        seeger_fabian(INTERNATIONAL, _clubs_with_2(INTERNATIONAL), table_size=5)


def test_seeger_fabian_overbid() -> None:
    # diamonds with 2 (27) bid at 30: lost at 36 → −72 − 50; opponents +40
    r = evaluate_game(INTERNATIONAL, D(DI), matadors=2, bid=30, declarer_points=80, declarer_tricks=7)
    assert seeger_fabian(INTERNATIONAL, r).amounts == (-122, 40, 40)


# --- Danish money ---------------------------------------------------------------------------------------
def test_round_up() -> None:
    assert [round_up(v, 10) for v in (36, 40, 46, 41, 24)] == [40, 40, 50, 50, 30]


def test_half_and_whole_oere() -> None:
    # clubs med 2 = 36 → 40; won: ½ × 40 = 20 øre from each; lost: 1 × 40 = 40 øre to each
    won = danish_money(_clubs_with_2())
    assert won.unit == "øre" and won.amounts == (40, -20, -20)
    lost = danish_money(_clubs_with_2(won=False))
    assert lost.amounts == (-80, 40, 40)
    # Nul-ouvert 46 → 50: won 25 from each, lost 50 to each
    null_won = evaluate_game(
        DANISH, D(N, ouvert=True), matadors=0, bid=46, declarer_points=0, declarer_tricks=0
    )
    assert danish_money(null_won).opponents == (-25, -25)


def test_five_and_ten_oere() -> None:
    # the textbook's "5 og 10 øres": 200 øre from each when won, 400 øre to each when lost
    assert danish_money(_clubs_with_2(), config=FIVE_TEN).amounts == (400, -200, -200)
    assert danish_money(_clubs_with_2(won=False), config=FIVE_TEN).amounts == (-800, 400, 400)
    assert danish_money(_clubs_with_2(), rates=(5, 10)).amounts == (400, -200, -200)
    # quarter-øre rates stay exact: 0.25 × 40 = 10
    assert danish_money(_clubs_with_2(), rates=("0.25", "0.5")).opponents == (-10, -10)


def test_overbid_and_thrown_are_settled_on_the_bid() -> None:
    # clubs bid 48, ♣J in the skat → med 1 = 24; lost overbid: settled on 48 → 50 × 10 øre
    overbid = evaluate_game(DANISH, D(C), matadors=1, bid=48, declarer_points=70, declarer_tricks=6)
    assert danish_money(overbid, config=FIVE_TEN).opponents == (500, 500)
    # thrown before play: a clubs "med 3" worth 48 at bid 40 → settled on 40, not on 48
    thrown = evaluate_game(
        DANISH, D(C), matadors=3, bid=40, declarer_points=0, declarer_tricks=0, thrown=True
    )
    assert thrown.value == 48 and not thrown.schwarz
    assert danish_money(thrown, config=FIVE_TEN, thrown_before_play=True).opponents == (400, 400)
    # played out and lost, the same game is settled on what it is worth (48 → 50)
    assert danish_money(thrown, config=FIVE_TEN).opponents == (500, 500)
    with pytest.raises(SkatError):
        danish_money(_clubs_with_2(), thrown_before_play=True)


def test_spoerge_and_slaa_40_an_double_the_rates() -> None:
    lost = _clubs_with_2(won=False)  # 36 → 40, 10 øre → 400 each at the plain rate
    assert danish_money(lost, config=FIVE_TEN, spoerge=Spoerge.KNOCKED).opponents == (800, 800)
    assert danish_money(lost, config=FIVE_TEN, spoerge=Spoerge.KNOCKED_BACK).opponents == (1600, 1600)
    assert danish_money(lost, config=FIVE_TEN, spoerge=Spoerge.THROWN).opponents == (400, 400)
    assert danish_money(lost, config=FIVE_TEN, slaa_40_an=True).opponents == (800, 800)
    won = _clubs_with_2()
    assert danish_money(won, config=FIVE_TEN, spoerge=Spoerge.KNOCKED).declarer == 800
    with pytest.raises(SkatError):
        danish_money(won, spoerge=Spoerge.THROWN)


def test_slaa_40_an_forfeit() -> None:
    # lost unplayed at 40, rates doubled: 1 øre × 40 × 2 = 80 to each
    assert slaa_40_an_forfeit().amounts == (-160, 80, 80)


def test_premium_for_grand_hand_and_daekker() -> None:
    premium = DanishMoneyConfig(rates=(Decimal(5), Decimal(10)), premium=Decimal(100))
    grand_hand = evaluate_game(
        DANISH, D(G, hand=True), matadors=1, bid=60, declarer_points=70, declarer_tricks=6
    )
    # med 1, spil 2, af hånden 3 = 60 → 60; 5 × 60 = 300 + premium 100 from each
    assert danish_money(grand_hand, config=premium).opponents == (-400, -400)
    daekker = evaluate_game(
        DANISH, D(N, hand=True, ouvert=True), matadors=0, bid=59, declarer_points=0, declarer_tricks=1
    )
    # lost: 59 → 60; 10 × 60 = 600 + 100 to each
    assert danish_money(daekker, config=premium).opponents == (700, 700)
    # no premium for a grand with pickup: 5 × 40 = 200
    grand = evaluate_game(DANISH, D(G), matadors=1, bid=40, declarer_points=70, declarer_tricks=6)
    assert danish_money(grand, config=premium).opponents == (-200, -200)


def test_danish_money_four_players() -> None:
    s = danish_money(_clubs_with_2(), table_size=4)
    assert s.amounts == (40, -20, -20, 0)


@given(st.integers(2, 264), st.booleans(), st.sampled_from([1, 2, 4, 8]))
def test_danish_money_is_zero_sum(value: int, won: bool, factor: int) -> None:
    s = danish_money_for(value, won, factor=factor)
    assert s.total == 0
    assert (s.declarer > 0) == won
    rounded = -(-value // 10) * 10
    assert abs(s.opponents[0]) == (Decimal("0.5") if won else Decimal(1)) * rounded * factor


# --- online stakes --------------------------------------------------------------------------------------
def test_online_stakes_example() -> None:
    # diamonds with 1, game 2 = 18; 0.10 × 18 = 1.80; 9 % = 0.162 → 0.16 each, × 3 = 0.48; 3.60 − 0.48
    won = evaluate_game(INTERNATIONAL, D(DI), matadors=1, bid=18, declarer_points=70, declarer_tricks=6)
    s = online_stakes(won)
    assert s.declarer == Decimal("3.12") and s.opponents == (Decimal("-1.80"), Decimal("-1.80"))
    assert s.total == Decimal("-0.48")  # the commission goes to the house
    lost = evaluate_game(INTERNATIONAL, D(DI), matadors=1, bid=18, declarer_points=50, declarer_tricks=4)
    s_lost = online_stakes(lost)
    # the value is not doubled: the declarer pays 2 × 1.80; the opponents share 3.60 − 0.48
    assert s_lost.declarer == Decimal("-3.60") and s_lost.opponents == (Decimal("1.56"), Decimal("1.56"))


def test_online_commission_rounds_half_up() -> None:
    # hearts with 4, game 5 = 50; 0.01 × 50 = 0.50; 9 % = 0.045 → 0.05 (half-up, not half-even 0.04)
    hearts = evaluate_game(INTERNATIONAL, D(H), matadors=4, bid=50, declarer_points=70, declarer_tricks=6)
    s = online_stakes(hearts, config=OnlineStakesConfig(stake=Decimal("0.01")))
    assert s.declarer == Decimal("1.00") - 3 * Decimal("0.05")


# --- Ramse money ----------------------------------------------------------------------------------------
def test_ramse_money_is_paid_by_the_loser() -> None:
    def money(points: tuple[int, int, int], tricks: tuple[int, int, int]) -> tuple[Decimal, ...]:
        return ramse_money(ramse_result(points, tricks, profile=DANISH), Decimal(10))

    # the most points (60) pays each of the other two — the textbook's rule, not the winner collecting
    assert money((10, 50, 60), (1, 4, 5)) == (10, 10, -20)
    assert money((30, 30, 60), (3, 3, 4)) == (10, 10, -20)
    # two tied for most both pay the third [choice]; a three-way tie pays nothing
    assert money((10, 55, 55), (2, 4, 4)) == (20, -10, -10)
    assert money((40, 40, 40), (3, 3, 4)) == (0, 0, 0)
    # 101 or more: that player wins and each of the other two pays the winner
    assert money((103, 17, 0), (8, 2, 0)) == (20, -10, -10)
    assert sum(money((0, 55, 65), (0, 5, 5))) == 0
