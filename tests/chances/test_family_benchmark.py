"""The forced-family benchmark's report: runs pool, and a run played under a trial term is read on the
chance it would have had without it, so two codes' runs can be judged together."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import null_family

from trainer.cards import parse_cards
from trainer.deal import Seat
from trainer.profiles import INTERNATIONAL
from trainer.rules import SkatGame


def _row(seed: int, chance: float, won: bool, without: float | None = None) -> dict[str, object]:
    row: dict[str, object] = {"seed": seed, "chance": chance, "won": won, "game": "grand"}
    if without is not None:
        row["chance_without_term"] = without
    return row


def _shift(lines: list[str]) -> float:
    line = next(line for line in lines if line.startswith("logit shift"))
    return float(line.split(":")[1].split()[0])


def test_a_trial_run_is_read_without_its_term_only_when_asked() -> None:
    rows = [_row(s, 0.5, s % 4 != 0, without=0.8) for s in range(40)]  # 30 of 40 won
    as_played, untermed = null_family.report(rows), null_family.report(rows, without_terms=True)
    assert "chance 0.500" in as_played[1] and "chance 0.800" in untermed[1]
    assert _shift(as_played) == pytest.approx(math.log(3), abs=0.01)
    assert _shift(untermed) == pytest.approx(math.log(3) - math.log(4), abs=0.01)


def test_the_report_pools_several_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text("".join(json.dumps(_row(s, 0.7, True)) + "\n" for s in range(10)), encoding="utf-8")
    second.write_text(
        "".join(json.dumps(_row(s, 0.6, False, without=0.7)) + "\n" for s in range(10, 20))
        + json.dumps({"seed": 20, "chance": None, "game": "grand"})
        + "\n",
        encoding="utf-8",
    )
    assert null_family.main(["--report", str(first), str(second), "--without-terms"]) == 0
    printed = capsys.readouterr().out
    assert "deals tried: 21; plain grand games played: 20" in printed
    assert "n=20, chance 0.700, won 0.500" in printed


def test_the_report_splits_the_games_by_seat() -> None:
    rows = [_row(s, 0.8, s % 2 == 0) | {"declarer": "forehand"} for s in range(20)]  # half won
    rows += [_row(s, 0.5, s % 2 == 0) | {"declarer": "rearhand"} for s in range(20, 40)]  # half won
    lines = null_family.report(rows)
    forehand = next(line for line in lines if line.strip().startswith("forehand:"))
    rearhand = next(line for line in lines if line.strip().startswith("rearhand:"))
    assert "n=20, chance 0.800, won 0.500" in forehand
    assert "n=20, chance 0.500, won 0.500" in rearhand
    assert float(forehand.split("shift ")[1].split()[0]) == pytest.approx(-math.log(4), abs=0.01)
    assert float(rearhand.split("shift ")[1].split()[0]) == pytest.approx(0.0, abs=0.01)
    assert not any(line.strip().startswith("middlehand:") for line in lines)


def test_a_hand_grand_is_declared_without_the_pickup() -> None:
    """One forced hand grand, played out quickly: the declarer keeps its ten cards and the chance recorded
    is the hand grand's at the declaration."""
    grand_hand = null_family.FORCED["grand-hand"]
    row = next(
        r
        for seed in range(60000, 60040)
        if (r := null_family.forced_null(seed, 20, 0.0, 1.0, grand_hand)) is not None
    )
    dealt = SkatGame(INTERNATIONAL).new_deal(row["seed"]).deal.hands[Seat[row["declarer"].upper()]]
    assert set(parse_cards(row["cards"])) == set(dealt)  # the skat stayed down
    assert 0.0 < row["chance"] < 1.0 and isinstance(row["won"], bool)


def test_one_hand_keeps_the_hand_and_goes_on_where_it_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``benchmarks/one_hand.py``: a layout plays out from any seat, a second run with the same file adds
    to it, and a pickup game (whose result hangs on the skat and the discard) is refused."""
    import one_hand

    from trainer.profiles import DANISH
    from trainer.records.deals import parse_declaration_words

    cards = tuple(parse_cards("CJ DJ CA CT CK C9 C7 SA HQ H8"))
    d = parse_declaration_words("clubs hand")
    assert isinstance(one_hand.played(DANISH, cards, Seat.MIDDLEHAND, d, "t|0", 20), bool)
    out = tmp_path / "runs.jsonl"
    args = ["--cards", " ".join(c.iss for c in cards), "--game", "clubs hand", "--time-ms", "20"]
    assert one_hand.main([*args, "--deals", "1", "--out", str(out)]) == 0
    assert one_hand.main([*args, "--deals", "2", "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["i"] for row in rows] == [0, 1]
    printed = capsys.readouterr().out
    assert "won" in printed.splitlines()[-1] and "of 2" in printed.splitlines()[-1]
    with pytest.raises(SystemExit):
        one_hand.main(["--cards", args[1], "--game", "clubs", "--out", str(out)])


def test_before_the_pickup_the_auctions_chance_is_banded_and_judged() -> None:
    """``--before-pickup``: the null is declared whatever the skat brings, and the chance judged is the one
    before the pickup (the auction's), with the declaration's kept beside it."""
    null = null_family.FORCED["null"]
    row = next(
        r
        for seed in range(70000, 70060)
        if (r := null_family.forced_null(seed, 20, 0.2, 0.95, null, before_pickup=True)) is not None
    )
    assert row["chance"] == row["pickup_chance"] and 0.2 <= row["chance"] <= 0.95
    assert 0.0 < row["declared_chance"] < 1.0 and isinstance(row["won"], bool)
