"""The ``skat-trainer`` command line: replay of the real ISS sample against the server's own results, error
records, stdin, the bid ladder and the value examples of RULES.md."""

from __future__ import annotations

import argparse
import importlib.machinery
import io
import json
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

from trainer import cli
from trainer.cli import main

from .iss_sample import SAMPLE, by_id, sample_lines


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str], str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, [line for line in out.splitlines() if line], err


def replay_file(
    tmp_path: Path, lines: list[str], capsys: pytest.CaptureFixture[str], rules: str = "international"
) -> tuple[int, list[dict[str, object]]]:
    path = tmp_path / "records.sgf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out, err = run(["replay", "--rules", rules, str(path)], capsys)
    assert "Traceback" not in err
    return status, [json.loads(line) for line in out]


# The server's result, read with a regex independent of trainer.records.
_R = re.compile(
    r"R\[d:(?P<d>-?\d+) (?P<outcome>win|loss|penalty) v:(?P<v>-?\d+) m:(?P<m>-?\d+) (?P<bid>bidok|overbid) "
    r"p:(?P<p>\d+) t:(?P<t>\d+) s:(?P<s>[01]) z:(?P<z>[01])"
)
_EARLY = re.compile(r" (SC|RE) | w (TI|LE)\.\d| \?\? ")


def server_result(line: str) -> dict[str, str] | None:
    match = _R.search(line)
    return match.groupdict() if match else None


def ended_early(line: str) -> bool:
    moves = line[line.index("MV[") : line.index("]R[")]
    return bool(_EARLY.search(moves + " "))


PLAYED_KEYS = {
    "id",
    "passed",
    "declarer",
    "game",
    "hand",
    "ouvert",
    "schneider_announced",
    "schwarz_announced",
    "bid",
    "matadors",
    "declarer_points",
    "declarer_tricks",
    "schneider",
    "schwarz",
    "overbid",
    "won",
    "value",
    "complete",
    "recorded_value",
    "settlement",
}


def assert_matches_server(obj: dict[str, object], server: dict[str, str]) -> None:
    assert obj["declarer"] == int(server["d"])
    assert obj["value"] == int(server["v"])
    assert obj["matadors"] == int(server["m"])
    assert obj["declarer_points"] == int(server["p"])
    assert obj["declarer_tricks"] == int(server["t"])
    assert obj["won"] == (server["outcome"] == "win")
    assert obj["overbid"] == (server["bid"] == "overbid")
    assert obj["schneider"] == (server["s"] == "1")
    assert obj["schwarz"] == (server["z"] == "1")


# --- replay of the real sample ------------------------------------------------------------------------------


def test_replay_reproduces_every_complete_sample_record(capsys: pytest.CaptureFixture[str]) -> None:
    lines = sample_lines()
    status, out, err = run(["replay", str(SAMPLE)], capsys)
    assert status == 0, err
    objs = [json.loads(line) for line in out]
    assert [obj["id"] for obj in objs] == [re.search(r"ID\[(\d+)\]", line).group(1) for line in lines]  # type: ignore[union-attr]
    complete = 0
    for line, obj in zip(lines, objs, strict=True):
        if "R[passed]" in line:
            assert obj == {"id": obj["id"], "passed": True}
            continue
        assert set(obj) == PLAYED_KEYS
        assert obj["passed"] is False
        if ended_early(line):
            assert obj["complete"] is False
            continue
        complete += 1
        assert obj["complete"] is True
        server = server_result(line)
        assert server is not None
        assert_matches_server(obj, server)
        assert obj["recorded_value"] == int(server["v"])
        settlement = obj["settlement"]
        assert isinstance(settlement, dict) and set(settlement) == {
            "list",
            "seeger_fabian",
            "danish_money",
            "online_stakes",
        }
        assert settlement["list"]["by_seat"][int(server["d"])] == int(server["v"])  # the list is the value
    assert complete == 5


def test_early_endings_are_incomplete_and_scored_as_the_server_settles_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # SC + both defenders resign, a defender leaving: the rest goes to the declarer (server agrees).
    _, out, _ = run(["replay", str(SAMPLE)], capsys)
    objs = {obj["id"]: obj for obj in map(json.loads, out)}
    for ident in ("727", "1039093", "1390253", "18358"):
        obj = objs[ident]
        assert obj["complete"] is False
        server = server_result(by_id(ident))
        assert server is not None
        assert_matches_server(obj, server)
    # A player left during the bidding: nothing about the game is known.
    left = objs["30"]
    assert left["complete"] is False and left["declarer"] is None and left["won"] is None


def test_declaration_fields_of_sample_games(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["replay", str(SAMPLE)], capsys)
    objs = {obj["id"]: obj for obj in map(json.loads, out)}
    # GO: international grand ouvert is a hand game with schneider and schwarz announced.
    assert (objs["727"]["game"], objs["727"]["hand"], objs["727"]["ouvert"]) == ("grand", True, True)
    assert objs["727"]["schwarz_announced"] is True
    # CHZ: clubs hand, schwarz announced (implies schneider announced), bid 40.
    clubs = objs["26496"]
    assert (clubs["game"], clubs["hand"], clubs["schneider_announced"], clubs["bid"]) == (
        "clubs",
        True,
        True,
        40,
    )
    # NO after a pickup: null ouvert with the skat, no matadors.
    null = objs["1390253"]
    assert (null["game"], null["hand"], null["ouvert"], null["matadors"]) == ("null", False, True, 0)


def test_stdin_dash(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n" + by_id("541932") + "\n\n" + by_id("756788") + "\n"))
    status, out, _ = run(["replay", "-"], capsys)
    assert status == 0
    objs = [json.loads(line) for line in out]
    assert [obj["id"] for obj in objs] == ["541932", "756788"]
    assert objs[0]["value"] == -54 and objs[1] == {"id": "756788", "passed": True}


# --- error records ------------------------------------------------------------------------------------------

CLUBS_TWO = "CJ SJ CA CT C9 HA HT D7 D8 D9"
GOOD = "541932"  # rearhand plays diamonds after 1 p 2 18 0 p and a pickup; forehand leads SA.


def bad(change_from: str, change_to: str, ident: str = GOOD) -> str:
    line = by_id(ident)
    assert change_from in line
    return line.replace(change_from, change_to, 1).replace(f"ID[{ident}]", f"ID[bad-{ident}]")


def bad_lines() -> dict[str, tuple[str, str]]:
    """Broken copies of a good record: (line, fragment the error must contain)."""
    return {
        "duplicate": (bad("w HA.SK.", "w SK.SK."), "dealt twice"),
        "unknown": (bad("w HA.SK.", "w HX.SK."), "'HX' is not a card"),
        "count": (bad("w HA.SK.", "w SK."), "31 cards"),
        "bid": (bad(" 2 18 ", " 2 19 "), "Move 3 ('2 19')"),
        "not in hand": (bad(" 0 SA 1 S7 ", " 0 CJ 1 S7 "), "CJ is not in forehand's hand"),
        # Middlehand holds S9 SQ S7 and must follow the spade lead.
        "revoke": (bad(" 0 SA 1 S7 ", " 0 SA 1 CA "), "must follow spades"),
        "turn": (bad(" 0 SA 1 S7 ", " 1 S7 0 SA "), "forehand's turn"),
        "discard": (bad(" 2 D.ST.H8 ", " 2 D.ST.CJ "), "not in the declarer's hand"),
        "skat shown": (bad(" w H8.CK ", " w H8.CA "), "not the skat that was dealt"),
        "declarer": (bad(" 2 D.ST.H8 ", " 1 D.ST.H8 "), "Only the declarer (rearhand)"),
        "extra card": (bad(" 2 HT ]", " 2 HT 0 HA ]"), "already over"),
        "hidden deal": (bad("w HA.SK.", "w ??.SK."), "hidden cards"),
    }


def test_error_records_give_error_objects_and_the_rest_still_comes_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = bad_lines()
    lines = [by_id("684159")]
    for line, _fragment in cases.values():
        lines += [line, by_id("756788")]
    lines.append("this is not a record")
    status, objs = replay_file(tmp_path, lines, capsys)
    assert status == 1
    assert len(objs) == len(lines)
    assert objs[0]["value"] == 96  # the good record before the bad ones
    for position, (name, (_line, fragment)) in enumerate(cases.items()):
        error_obj = objs[1 + 2 * position]
        assert set(error_obj) == {"id", "error"}, name
        assert error_obj["id"] == f"bad-{GOOD}", name
        assert fragment in str(error_obj["error"]), (name, error_obj["error"])
        assert re.search(r"Move \d+", str(error_obj["error"])), name
        assert objs[2 + 2 * position] == {"id": "756788", "passed": True}
    assert objs[-1]["id"] == "" and "line" in str(objs[-1]["error"])


def test_garbage_and_unreadable_files_never_crash(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.bin"
    junk.write_bytes(bytes(range(256)) + b"\n(;GM[Skat]ID[42]MV[w ]R[] ;)\n(;ID[43]MV[1 p 2 p 0 p]")
    status, out, err = run(["replay", str(junk), str(tmp_path / "missing.sgf"), str(SAMPLE)], capsys)
    assert status == 1
    assert "Traceback" not in err
    objs = [json.loads(line) for line in out]
    before_sample = objs[: len(objs) - len(sample_lines())]
    assert all(set(obj) == {"id", "error"} for obj in before_sample)
    ids = [obj["id"] for obj in before_sample]
    assert ids[-3:] == ["42", "43", ""]  # the two broken records, then the missing file
    assert set(ids[:-3]) == {""}  # the binary junk, whatever lines it splits into
    assert "missing.sgf" in str(before_sample[-1]["error"])
    assert "line 4: Move 1 ('w')" in str(before_sample[-3]["error"])
    assert "line 5:" in str(before_sample[-2]["error"])
    assert objs[len(before_sample)]["id"] == "541932"


def test_console_script_module_runs_without_traceback(tmp_path: Path) -> None:
    path = tmp_path / "x.sgf"
    path.write_text("(;GM[Skat]ID[1]MV[w CJ]R[passed];)\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert json.loads(done.stdout)["id"] == "1"


# --- the Danish profile -------------------------------------------------------------------------------------

# 26496 (clubs hand, the declarer takes every trick) with a Danish auction: forehand opens at 24.
DANISH_CLUBS = "1 p 2 p 0 24 0 CH "
SAMPLE_AUCTION_26496 = (
    "1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 y 1 p "
    "2 24 0 y 2 27 0 y 2 30 0 y 2 33 0 y 2 35 0 y 2 36 0 y 2 40 0 y 2 p 0 CHZ "
)


def test_danish_profile_replays_danish_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clubs = bad(SAMPLE_AUCTION_26496, DANISH_CLUBS, "26496")
    # Null ouvert with pickup (Nul-ouvert, 46) and from the hand (Dækker, 59); defenders resign.
    nul_ouvert = bad(
        "1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 y 1 24 0 y 1 27 0 y 1 30 0 y 1 33 0 y 1 35 0 p 2 p ",
        "1 24 0 p 2 p ",
        "1390253",
    )
    daekker = nul_ouvert.replace("1 s w DJ.D8 1 NO.HA.HQ", "1 NOH")
    status, objs = replay_file(tmp_path, [clubs, nul_ouvert, daekker], capsys, rules="danish")
    assert status == 0, objs
    # Clubs with 3 (♣J ♠J ♥J), spil, af hånden, Skrædder, Sort = 7 × 12 = 84.
    assert objs[0]["matadors"] == 3
    assert (objs[0]["won"], objs[0]["value"], objs[0]["schwarz"], objs[0]["complete"]) == (
        True,
        84,
        True,
        True,
    )
    assert (objs[1]["hand"], objs[1]["value"], objs[1]["won"]) == (False, 46, True)
    assert (objs[2]["hand"], objs[2]["value"], objs[2]["won"]) == (True, 59, True)


def test_danish_profile_refuses_international_only_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    schwarz = bad(SAMPLE_AUCTION_26496, DANISH_CLUBS.replace("CH", "CHZ"), "26496")
    schneider = bad(SAMPLE_AUCTION_26496, DANISH_CLUBS.replace("CH", "CHS"), "26496")
    base = bad(
        "1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 y 1 24 0 y 1 27 0 y 1 30 0 y 1 33 0 y 1 35 0 p 2 p ",
        "1 24 0 p 2 p ",
        "1390253",
    )
    plain_null = base.replace("1 NO.HA.HQ", "1 N.HA.HQ")
    null_hand = base.replace("1 s w DJ.D8 1 NO.HA.HQ", "1 NH")
    low_bid = by_id("541932")  # rearhand bids 18
    status, objs = replay_file(
        tmp_path, [schwarz, schneider, plain_null, null_hand, low_bid], capsys, "danish"
    )
    assert status == 1
    assert all("error" in obj for obj in objs), objs
    assert "Announcing schneider or schwarz" in str(objs[0]["error"])
    assert "Announcing schneider or schwarz" in str(objs[1]["error"])
    assert "Null is not a game" in str(objs[2]["error"])
    assert "Null hand is not a game" in str(objs[3]["error"])
    assert "18 is not a bid" in str(objs[4]["error"]) and "Move 3 ('2 18')" in str(objs[4]["error"])
    # The same games are fine internationally (with an international auction).
    status, objs = replay_file(tmp_path, [by_id("26496"), by_id("1390253")], capsys)
    assert status == 0


def test_null_below_the_bid_and_ouvert_after_pickup_are_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 1390253 is bid to 35: plain null (23) can never reach it.
    too_low = bad("1 NO.HA.HQ", "1 N.HA.HQ", "1390253")
    # International suit/grand ouvert is a hand game only: not after picking up the skat.
    open_pickup = bad("2 G.S8.C9", "2 GO.S8.C9", "684159")
    status, objs = replay_file(tmp_path, [too_low, open_pickup], capsys)
    assert status == 1
    assert "below the bid of 35" in str(objs[0]["error"])
    assert "picked up the skat" in str(objs[1]["error"])


# --- ladder -------------------------------------------------------------------------------------------------


def expected_ladder(
    suit_top: int, grand_base: int, grand_top: int, nulls: set[int], minimum: int
) -> list[int]:
    """Every base × multiplier (multipliers run without gaps from 2 to the top) plus the null values."""
    values = {base * m for base in (9, 10, 11, 12) for m in range(2, suit_top + 1)}
    values |= {grand_base * m for m in range(2, grand_top + 1)} | nulls
    return sorted(v for v in values if v >= minimum)


def test_ladder_international(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["ladder"], capsys)
    ladder = json.loads(out[0])
    assert status == 0
    assert ladder[:20] == [18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60]
    assert ladder == expected_ladder(18, 24, 11, {23, 35, 46, 59}, 18)
    assert ladder[-1] == 264


def test_ladder_danish(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["ladder", "--rules", "danish"], capsys)
    ladder = json.loads(out[0])
    assert ladder == expected_ladder(18, 20, 11, {46, 59}, 24)
    assert ladder[0] == 24 and 69 not in ladder and ladder[-1] == 220 and 63 in ladder


# --- value --------------------------------------------------------------------------------------------------


def value(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    status, out, err = run(["value", *args], capsys)
    assert status == 0, err
    return dict(json.loads(out[0]))


def test_value_spades_with_two_after_pickup(capsys: pytest.CaptureFixture[str]) -> None:
    # ♣J ♠J held, ♥J in nobody's count here: with 2, game 3 → 3 × 11 = 33.
    report = value(capsys, "--game", "spades", "--cards", "CJ SJ SA ST S9 HA HT D7 D8 D9", "--skat", "C7 C8")
    assert report == {"matadors": 2, "multiplier": 3, "value": 33}


def test_value_counts_the_skat(capsys: pytest.CaptureFixture[str]) -> None:
    # ♥J ♦J in hand: without 2, game 3 → 33. The ♣J in the skat makes it "with 1, game 2" → 22: overbid at
    # 33, lost at the next multiple of 11 ≥ 33 = 33, doubled = -66 (the textbook's Bonde in the skat).
    args = ["--game", "spades", "--cards", "HJ DJ SA ST S9 HA HT D7 D8 D9"]
    assert value(capsys, *args) == {"matadors": -2, "multiplier": 3, "value": 33}
    report = value(capsys, *args, "--skat", "CJ C8", "--bid", "33")
    assert report == {"matadors": 1, "multiplier": 2, "value": 22, "overbid": True, "overbid_loss": -66}
    # A Jack in the skat can also lengthen "with": ♠J ♥J in hand, ♣J in the skat → with 3 → 44.
    report = value(capsys, "--game", "spades", "--cards", "SJ HJ SA ST S9 HA HT D7 D8 D9", "--skat", "CJ C8")
    assert (report["matadors"], report["value"]) == (3, 44)
    assert value(capsys, *args, "--bid", "33")["overbid"] is False


def test_value_clubs_ouvert_hand_with_two(capsys: pytest.CaptureFixture[str]) -> None:
    # Ouvert carries hand, schneider, announced, schwarz, announced, ouvert: 2 + 1 + 6 = 9 × 12 = 108.
    report = value(capsys, "--game", "clubs", "--cards", CLUBS_TWO, "--hand", "--ouvert")
    assert report == {"matadors": 2, "multiplier": 9, "value": 108}


def test_value_danish_grand_on_the_table_from_the_hand(capsys: pytest.CaptureFixture[str]) -> None:
    # med 1, spil 2, på bordet 3, af hånden 4 → 4 × 20 = 80.
    cards = "CJ HA HT C7 C8 C9 D7 D8 D9 S7"
    report = value(capsys, "--rules", "danish", "--game", "grand", "--cards", cards, "--hand", "--ouvert")
    assert report == {"matadors": 1, "multiplier": 4, "value": 80}
    assert value(capsys, "--rules", "danish", "--game", "grand", "--cards", cards)["value"] == 40


def test_value_overbid_diamonds_bid_30(capsys: pytest.CaptureFixture[str]) -> None:
    # Diamonds with 2 = 27 < 30: international loses the next multiple of 9 ≥ 30 = 36, doubled = -72;
    # the Danish profile settles on the bid: -60.
    cards = "CJ SJ DA DT D9 HA HT C7 C8 C9"
    report = value(capsys, "--game", "diamonds", "--cards", cards, "--bid", "30")
    assert report == {"matadors": 2, "multiplier": 3, "value": 27, "overbid": True, "overbid_loss": -72}
    danish = value(capsys, "--rules", "danish", "--game", "diamonds", "--cards", cards, "--bid", "30")
    assert danish["overbid_loss"] == -60


def test_value_null_and_announcements(capsys: pytest.CaptureFixture[str]) -> None:
    cards = "C7 S7 H7 D7 C8 S8 H8 D8 C9 S9"
    assert value(capsys, "--game", "null", "--cards", cards) == {
        "matadors": 0,
        "multiplier": None,
        "value": 23,
    }
    assert value(capsys, "--game", "null", "--cards", cards, "--hand", "--ouvert")["value"] == 59
    # Grand hand, schwarz announced, with 2: 2 + game + hand + 4 announced levels = 8 × 24 = 192.
    report = value(
        capsys,
        "--game",
        "grand",
        "--cards",
        CLUBS_TWO,
        "--hand",
        "--announce",
        "schwarz",
    )
    assert report["value"] == 192


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--game", "clubs", "--cards", "CJ SJ"], "10 cards"),
        (["--game", "clubs", "--cards", "CJ SJ CA CT C9 HA HT D7 D8 XX"], "not a card"),
        (["--game", "clubs", "--cards", CLUBS_TWO, "--skat", "CJ C8"], "both"),
        (["--game", "bridge", "--cards", CLUBS_TWO], "unknown game"),
        (["--game", "clubs", "--cards", CLUBS_TWO, "--bid", "19"], "19 is not a bid"),
        (
            ["--game", "clubs", "--cards", CLUBS_TWO, "--announce", "schneider"],
            "hand game",
        ),
        (["--game", "null", "--cards", CLUBS_TWO, "--rules", "danish"], "Null is not"),
        (["--game", "clubs"], "required"),
        (["--game", "clubs", "--cards", CLUBS_TWO, "--bid", "x"], "invalid int"),
    ],
)
def test_value_bad_input_exit_2_one_line_on_stderr(
    args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["value", *args], capsys)
    assert status == 2
    assert out == []
    assert fragment in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_unknown_command_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["deal"], capsys)[0] == 2
    assert run(["ladder", "--rules", "german"], capsys)[0] == 2
    assert run([], capsys)[0] == 2


def test_help_returns_zero(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["--help"], capsys)
    assert status == 0 and any("replay" in line for line in out)


def test_byte_order_mark_and_crlf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bom.sgf"
    path.write_bytes(("\ufeff" + by_id("541932") + "\r\n" + by_id("756788") + "\r\n").encode("utf-8"))
    status, out, _ = run(["replay", str(path)], capsys)
    assert status == 0
    assert [json.loads(line)["id"] for line in out] == ["541932", "756788"]


# --- the solve subcommand is the solver's, registered only when it exists ---------------------------------


def _fake_solver(monkeypatch: pytest.MonkeyPatch, register: object) -> list[str]:
    calls: list[str] = []
    module = types.ModuleType("fake_solver_command")
    module.__spec__ = importlib.machinery.ModuleSpec("fake_solver_command", None)

    def wrapped(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        calls.append("register")
        assert callable(register)
        register(subparsers)

    module.register = wrapped  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fake_solver_command", module)
    monkeypatch.setattr(cli, "SOLVER_MODULE", "fake_solver_command")
    return calls


def test_solve_is_registered_from_the_solver_module(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        solve = subparsers.add_parser("solve")
        solve.add_argument("--deal")
        solve.set_defaults(handler=lambda args: print(json.dumps({"deal": args.deal})) or 0)

    calls = _fake_solver(monkeypatch, register)
    status, out, _ = run(["solve", "--deal", "x"], capsys)
    assert (status, json.loads(out[0]), calls) == (0, {"deal": "x"}, ["register"])
    # Other commands do not import the solver.
    assert run(["ladder"], capsys)[0] == 0 and calls == ["register"]


def test_a_broken_solver_only_breaks_solve(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def register(subparsers: object) -> None:
        raise RuntimeError("numba missing")

    _fake_solver(monkeypatch, register)
    status, _, err = run(["solve"], capsys)
    assert status == 2 and "numba missing" in err
    assert run(["ladder"], capsys)[0] == 0


def test_no_solver_module_means_no_solve_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "SOLVER_MODULE", "trainer.no_such_solver_module")
    status, _, err = run(["solve"], capsys)
    assert status == 2 and "invalid choice" in err


# --- deal records -------------------------------------------------------------------------------------------


def _finished_deal(profile_name: str, seed: int, **house: object) -> object:
    """A deal played to the end by the club bots (through DealState), as the app would store it."""
    import random as _random

    from trainer.bots.player import choose
    from trainer.profiles import get_profile
    from trainer.rules import HouseOptions, Phase, SkatGame

    state = SkatGame(get_profile(profile_name), HouseOptions(**house)).new_deal(seed)  # type: ignore[arg-type]
    rng = _random.Random(seed)
    while state.phase is not Phase.FINISHED:
        seat = state.to_move
        assert seat is not None
        state.apply(choose(state.view(seat), "club", rng=rng).move)
    return state


def test_replay_reads_deal_records_and_settles_them_in_every_scheme(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from trainer.records.deal_record import DealRecord
    from trainer.scoring import settle

    states = [
        _finished_deal("international", 3, kontra=True),
        _finished_deal("danish", 4, spoerge=True),
        _finished_deal("danish", 8),
    ]
    records = [DealRecord.of(state) for state in states]  # type: ignore[arg-type]
    lines = [record.to_json() for record in records]
    status, objs = replay_file(tmp_path, [lines[0], sample_lines()[1], lines[1], lines[2]], capsys)
    assert status == 0
    deal_record = "skat-trainer-deal"
    assert [obj.get("format") for obj in objs] == [deal_record, None, deal_record, deal_record]
    deal_objs = [objs[0], objs[2], objs[3]]
    for state, obj in zip(states, deal_objs, strict=True):
        outcome = state.outcome()  # type: ignore[attr-defined]
        assert obj["rules"] == state.profile.name  # type: ignore[attr-defined]
        if outcome.passed_in:
            assert obj["passed"] is True
            continue
        assert obj["value"] == outcome.list_score and obj["won"] == outcome.won
        for scheme, settled in obj["settlement"].items():  # type: ignore[union-attr]
            expected = settle(outcome, scheme)
            assert expected is not None
            assert settled["by_seat"] == [float(a) if a % 1 else int(a) for a in expected.by_seat]
            assert settled["unit"] == expected.unit


def test_a_deal_record_over_several_lines_and_a_broken_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from trainer.records.deal_record import DealRecord

    state = _finished_deal("danish", 6)
    pretty = json.dumps(json.loads(DealRecord.of(state).to_json()), indent=2)  # type: ignore[arg-type]
    path = tmp_path / "deal.json"
    path.write_text(pretty, encoding="utf-8")
    status, out, _err = run(["replay", str(path)], capsys)
    assert status == 0 and len(out) == 1
    obj = json.loads(out[0])
    assert obj["format"] == "skat-trainer-deal" and obj["complete"] is True
    data = json.loads(DealRecord.of(state).to_json())  # type: ignore[arg-type]
    data["moves"][3] = {"type": "Bid", "seat": 1, "value": "x"}
    broken = tmp_path / "broken.jsonl"
    broken.write_text(json.dumps(data) + "\n" + DealRecord.of(state).to_json() + "\n", encoding="utf-8")  # type: ignore[arg-type]
    status, out, _err = run(["replay", str(broken)], capsys)
    first, second = (json.loads(line) for line in out)
    assert status == 1 and "could not be read" in first["error"] and "line 1" in first["error"]
    assert second["complete"] is True


def test_an_exported_kontra_deal_replays_with_the_settled_value_recorded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The Play page's .sgf of a game after kontra: the replay names the app's value (R[...]) beside the value
    of the moves alone."""
    from trainer.records.iss import export

    for seed in range(60):
        state = _finished_deal("international", seed, kontra=True)
        outcome = state.outcome()  # type: ignore[attr-defined]
        if outcome.kontra and outcome.result is not None:
            break
    else:  # pragma: no cover
        raise AssertionError("no kontra game")
    line = export(state).line  # type: ignore[arg-type]
    assert line is not None
    status, objs = replay_file(tmp_path, [line], capsys)
    assert status == 0
    assert objs[0]["recorded_value"] == outcome.list_score
    assert objs[0]["value"] == outcome.result.list_score  # the moves alone hold no kontra
