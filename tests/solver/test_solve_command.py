"""``skat-trainer solve``: JSON output, seat names, null booleans, and readable errors with exit code 2."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest

from trainer.cards import parse_cards
from trainer.errors import DealError, IllegalCardError
from trainer.games import GameType
from trainer.solver import Analysis
from trainer.solver.command import main, register


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_grand_ending_values_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """Declarer forehand ♠A ♥10 leads; middlehand ♠10 ♠7, rearhand ♥A ♥7. Lead ♠A: middlehand keeps ♠10
    back (♠7), rearhand throws ♥7, the declarer takes 11; then ♥10 falls to ♥A: 11. Lead ♥10: rearhand wins
    with ♥A while middlehand throws ♠10 on it, and the last trick goes to rearhand's ♥7 lead: 0.
    The skat ♦K ♦Q adds 7 to both."""
    code, out, err = run(
        capsys, "--game", "grand", "--declarer", "0", "--leader", "forehand",
        "--hands", "SA HT|ST S7|HA H7", "--skat", "DK DQ",
    )  # fmt: skip
    assert code == 0, err
    assert json.loads(out) == {"to_move": 0, "values": {"SA": 18, "HT": 7}}


def test_null_values_are_booleans(capsys: pytest.CaptureFixture[str]) -> None:
    """Null, declarer forehand ♠7 ♥8. Leading ♠7 is safe (middlehand must play a higher spade and the
    rest of the play cannot force a trick on the declarer); ♥8 loses to rearhand's ♥7 duck."""
    code, out, _ = run(
        capsys, "--game", "N", "--declarer", "0", "--leader", "0", "--hands", "S7 H8|ST SA|HA H7"
    )
    assert code == 0
    assert json.loads(out) == {"to_move": 0, "values": {"S7": True, "H8": False}}


def test_mid_trick_and_seat_names(capsys: pytest.CaptureFixture[str]) -> None:
    """Grand, middlehand declares. Rearhand led ♠A and forehand followed with ♠7; middlehand must add its
    only spade ♠10, so the trick (21) goes to rearhand. Rearhand then leads ♥K, forehand adds ♥7 and the
    declarer's ♥A takes 4 + 0 + 11 = 15."""
    code, out, _ = run(
        capsys, "--game", "grand", "--declarer", "middlehand", "--leader", "rearhand",
        "--hands", "H7|ST HA|HK", "--trick", "SA S7",
    )  # fmt: skip
    assert code == 0
    assert json.loads(out) == {"to_move": 1, "values": {"ST": 15}}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--hands", "SA HT|ST SA|HA H7"], "appears twice"),
        (["--hands", "SA HT|ST|HA H7"], "same number of cards"),
        (["--hands", "SA HT|ST S7"], "three hands"),
        (["--hands", "SA HX|ST S7|HA H7"], "is not a card"),
        (["--hands", "SA HT|ST S7|HA H7", "--skat", "SA D7"], "appears twice"),
    ],
)
def test_bad_positions_exit_2_with_a_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "--game", "grand", "--declarer", "0", "--leader", "0", *argv)
    assert code == 2
    assert out == ""
    assert message in err
    assert "Traceback" not in err


def test_bad_game_and_seat(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--hands", "SA HT|ST S7|HA H7"]
    code, _, err = run(capsys, "--game", "bridge", "--declarer", "0", "--leader", "0", *base)
    assert code == 2 and "not a game" in err
    code, _, err = run(capsys, "--game", "grand", "--declarer", "3", "--leader", "0", *base)
    assert code == 2 and "not a seat" in err


def test_register_adds_solve_with_a_handler() -> None:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(
        ["solve", "--game", "G", "--declarer", "0", "--leader", "0", "--hands", "CJ|SJ|HJ"]
    )
    assert callable(args.func)


def test_console_command_through_trainer_cli() -> None:
    """The real entry point: ``python -m trainer.cli solve``, JSON on stdout; a bad position on stderr."""
    ok = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "solve", "--game", "clubs", "--declarer", "0", "--leader", "0",
         "--hands", "CJ CA|SA S7|HA H7"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert ok.returncode == 0, ok.stderr
    # Clubs: ♣J and ♣A are the top trumps; neither opponent has a trump, so the declarer takes every
    # card: 2 + 11 + 11 + 0 + 11 + 0 = 35 whichever card leads.
    assert json.loads(ok.stdout) == {"to_move": 0, "values": {"CJ": 35, "CA": 35}}
    bad = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "solve", "--game", "clubs", "--declarer", "0", "--leader", "0",
         "--hands", "CJ CA|SA|HA H7"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr and bad.stderr.strip()


def test_revoke_in_the_trick_is_refused() -> None:
    """Rearhand led ♠A and forehand threw ♥7 although it still holds ♠8: a revoke, refused."""
    hands = [parse_cards("H7"), parse_cards("ST HA"), parse_cards("HK")]
    with pytest.raises(IllegalCardError, match="revoke"):
        Analysis(GameType.GRAND, 1, hands).analyse(
            [parse_cards("S8"), parse_cards("ST HA"), parse_cards("HK")], 2, parse_cards("SA H7")
        )
    with pytest.raises(DealError):
        Analysis(GameType.GRAND, 1, hands).analyse(hands, 0, parse_cards("SA SK SQ"))


@pytest.mark.parametrize(
    ("hands", "leader", "trick", "message"),
    [
        (["", "", ""], 0, "", "no cards left"),
        (["SA", "SK", "SQ"], 3, "", "leader must be"),
        (["SA", "SK", "SQ", "S7"], 0, "", "exactly three players"),
        (["SA S7", "SK", "SQ S8"], 0, "DA", "one card fewer"),
    ],
)
def test_impossible_positions_are_refused(hands: list[str], leader: int, trick: str, message: str) -> None:
    from trainer.solver import check_position

    with pytest.raises(DealError, match=message):
        check_position([parse_cards(h) for h in hands], leader, parse_cards(trick))


def test_warm_up_makes_the_compiled_kernel_ready() -> None:
    from trainer.solver import numba_available, warm_up
    from trainer.solver.core import jit_ready

    if not numba_available():
        pytest.skip("numba is not installed")
    assert warm_up(block=True)
    assert jit_ready()
    assert warm_up(block=False)  # already compiled: returns at once, ready
