"""``skat-trainer chances``: one JSON object per game, and a clear error with exit status 1 for cards, a seat
or an auction it cannot judge."""

from __future__ import annotations

import json

import pytest

from trainer.cards import parse_cards
from trainer.cli import auction_tokens, main
from trainer.errors import SkatError
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.rules.bidding import allowed_declarations

CARDS = "CJ SJ CA CT CK SA ST HA H9 D8"
KEYS = {
    "game",
    "hand",
    "ouvert",
    "announcements",
    "value",
    "win",
    "win_low",
    "win_high",
    "highest_worthwhile_bid",
}


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("rules", ["international", "danish"])
def test_one_object_per_game(rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["chances", "--rules", rules, "--cards", CARDS, "--seat", "middlehand"], capsys)
    assert status == 0 and not err
    rows = json.loads(out)
    profile = DANISH if rules == "danish" else INTERNATIONAL
    assert len(rows) == len([d for d in allowed_declarations(profile) if not d.musik])
    for row in rows:
        assert set(row) == KEYS
        assert 0 < row["win_low"] <= row["win"] <= row["win_high"] <= 1
        bid = row["highest_worthwhile_bid"]
        assert bid is None or bid <= row["value"] * 4  # a ceiling from the ladder, never wild
    if rules == "international":
        assert any(row["announcements"] == ["schneider", "schwarz"] and row["ouvert"] for row in rows)


def test_the_auction_so_far_is_read_with_or_without_seats(capsys: pytest.CaptureFixture[str]) -> None:
    assert auction_tokens("18 y 20 p", INTERNATIONAL) == ["1", "18", "0", "y", "1", "20", "0", "p"]
    assert auction_tokens("1 18 0 y", INTERNATIONAL) == ["1", "18", "0", "y"]
    quiet = run(["chances", "--cards", CARDS, "--seat", "rearhand"], capsys)[1]
    after = run(["chances", "--cards", CARDS, "--seat", "rearhand", "--bids", "18 y 20 y 22 y 23 p"], capsys)
    assert after[0] == 0
    assert json.loads(after[1]) != json.loads(quiet)  # what the others said changes the chances


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--cards", "CJ SJ CA CT CK SA ST HA H9"], "Expected 10 cards"),
        (["--cards", "CJ SJ CA CT CK SA ST HA H9 CJ"], "twice"),
        (["--cards", "CJ SJ CA CT CK SA ST HA H9 XX"], "not a card"),
        (["--cards", CARDS, "--seat", "dealer"], "unknown seat"),
        (["--cards", CARDS, "--bids", "18 17"], "answers the bid"),
        (["--cards", CARDS, "--bids", "19"], "not a bid"),
        (["--cards", CARDS, "--bids", "18 maybe"], "not part of an auction"),
        (["--cards", CARDS, "--bids", "p p p 18"], "bidding is over"),
        (["--cards", CARDS, "--rules", "danish", "--bids", "p p p"], "Ramse"),
        (["--cards", CARDS, "--time-ms", "0"], "time-ms"),
    ],
)
def test_bad_input_is_a_clear_error_with_status_1(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["chances", *argv], capsys)
    assert status == 1 and not out
    assert err.startswith("skat-trainer chances: error:") and words in err and "Traceback" not in err


def test_auction_tokens_refuse_a_move_out_of_turn() -> None:
    with pytest.raises(SkatError):
        auction_tokens("18 18", INTERNATIONAL)


def test_an_open_game_has_the_coachs_chance_and_ceiling(capsys: pytest.CaptureFixture[str]) -> None:
    """The command and the coach speak with one voice: an open game is checked against the open-hand
    layouts as the coach checks it (this hand's Grand af hånden på bordet: 70 unchecked, 80 checked)."""
    from trainer.coach import bidding_hints
    from trainer.deal import Seat
    from trainer.games import Declaration, GameType

    hand = "D7 D9 DJ HT HA HJ C7 CT CA CJ"
    status, out, _err = run(["chances", "--rules", "danish", "--cards", hand, "--seat", "forehand"], capsys)
    assert status == 0
    row = next(r for r in json.loads(out) if r["game"] == "grand" and r["hand"] and r["ouvert"])
    hints = bidding_hints(DANISH, parse_cards(hand), Seat.FOREHAND)
    hint = next(h for h in hints if h.declaration == Declaration(GameType.GRAND, hand=True, ouvert=True))
    assert hint.max_bid is not None and row["highest_worthwhile_bid"] == hint.max_bid
    assert row["win"] == hint.chance.win
