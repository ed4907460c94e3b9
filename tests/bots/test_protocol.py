"""The bot protocol: requests built from a view carry nothing hidden, parsing a view's move list gives back
that view, every bad request gets a clear error, and a real ``skat-trainer bot`` process answers per line."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.bots.protocol import parse_request, serve_line, view_from_moves, view_request
from trainer.cards import parse_card
from trainer.deal import Seat
from trainer.game import DealState, Phase

from .helpers import PROFILES, positions

ROOT = Path(__file__).resolve().parents[2]
OPENING = "w CJ.SJ.HA.HT.H9.H8.S7.DA.D9.D8.HJ.DJ.CA.CT.CK.C9.SA.ST.SK.H7.CQ.C8.C7.SQ.S9.S8.HK.HQ.DT.DK.DQ.D7"


def _representable(state: DealState) -> bool:
    """Positions the protocol can carry: no Ramse, no Musik, and not between discard and declaration (ISS
    writes the discards inside the declaration)."""
    return (
        state.phase is not Phase.DECLARE
        and not state.auction.all_passed
        and not (state.declaration is not None and state.declaration.musik)
    )


@settings(max_examples=40)
@given(
    seed=st.integers(0, 10_000),
    profile=st.sampled_from(PROFILES),
    cut=st.floats(0, 1),
    seat=st.sampled_from(Seat),
)
def test_parsing_a_views_move_list_gives_back_that_view(
    seed: int, profile: object, cut: float, seat: Seat
) -> None:
    all_positions = [s for s in positions(profile, seed, random.Random(seed)) if _representable(s)]  # type: ignore[arg-type]
    state = all_positions[int(cut * (len(all_positions) - 1))]
    view = state.view(seat)
    assert view_from_moves(view.profile, seat, view.iss_moves(), seed=seed) == view


def _visible(state: DealState, seat: Seat) -> set[str]:
    """The cards ``seat`` may see now: its own dealt ten, the skat once it picked it up as declarer (and so
    its discards), the cards played, and an open declarer's cards."""
    seen = set(state.deal.hand(seat))
    declarer = state.declarer
    if seat is declarer and state.history and any(type(m).__name__ == "PickUp" for m in state.history):
        seen |= set(state.deal.skat)
    game = state.game
    if game is not None:
        played = {card for trick in game.tricks for card in trick.cards} | set(game.current_trick)
        seen |= played
        if declarer is not None and declarer in state.open_seats():
            seen |= set(state.hand(declarer)) | {c for s, c in game.moves if s is declarer}
    return {card.iss for card in seen}


@settings(max_examples=30)
@given(seed=st.integers(0, 10_000), profile=st.sampled_from(PROFILES), seat=st.sampled_from(Seat))
def test_a_request_from_a_view_never_names_a_hidden_card(seed: int, profile: object, seat: Seat) -> None:
    for state in positions(profile, seed, random.Random(seed)):  # type: ignore[arg-type]
        request = view_request(state.view(seat))
        tokens = {t for part in str(request["moves"]).split() for t in part.split(".")}
        named = {t for t in tokens if len(t) == 2 and t[0] in "CSHD" and t[1] in "789TJQKA"}
        assert named <= _visible(state, seat)


def _line(**fields: object) -> str:
    return json.dumps(fields)


GOOD = {"rules": "international", "seat": 1, "time_ms": 300, "moves": OPENING}


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "JSON object"),
        (_line(rules="international", seat=1), "moves"),
        (_line(seat=1, moves=OPENING), "rules"),
        (_line(rules="skat-pro", seat=1, moves=OPENING), "Unknown rules"),
        (_line(rules="international", seat=3, moves=OPENING), "seat"),
        (_line(rules="international", seat="1", moves=OPENING), "seat"),
        (_line(rules="international", seat=1, moves=OPENING, time_ms=-5), "time_ms"),
        (_line(rules="international", seat=1, moves="x CJ"), "start with 'w'"),
        (_line(rules="international", seat=1, moves="w CJ.SJ"), "32"),
        (_line(rules="international", seat=1, moves=OPENING.replace("CJ", "C1")), "not a card"),
        (_line(rules="international", seat=1, moves=OPENING.replace("SJ", "CJ")), "twice"),
        (_line(rules="international", seat=1, moves=OPENING + " 1"), "without its move"),
        (_line(rules="international", seat=1, moves=OPENING + " 1 19"), "breaks a rule"),
        (_line(rules="danish", seat=1, moves=OPENING + " 1 18"), "breaks a rule"),
        (_line(rules="international", seat=0, moves=OPENING), "not forehand's turn"),
        (_line(rules="international", seat=1, moves=OPENING + " 1 p 2 p 0 p"), "over"),
        (_line(rules="danish", seat=1, moves=OPENING + " 1 p 2 p 0 p"), "Ramse"),
        (
            _line(rules="international", seat=0, moves=OPENING + " 1 18 0 y 1 p 2 p 0 s 0 C.D7.D8"),
            "skat first",
        ),
        (_line(rules="international", seat=1, moves=OPENING + " 1 18 0 p 2 p 1 GH 0 HJ"), "someone else"),
        (
            _line(rules="international", seat=2, moves=OPENING + " 1 18 0 p 2 p 1 GH 0 CJ 1 CA"),
            "breaks a rule",
        ),
        (_line(rules="international", seat=2, moves=OPENING + " 1 18 0 p 2 p 1 GH 0 CJ"), "not rearhand"),
        (_line(rules="international", seat=1, moves=OPENING + " 1 18 0 p 2 p 1 XH"), "not a declaration"),
        (_line(rules="danish", seat=1, moves=OPENING + " 1 24 0 p 2 p 1 NH"), "not a game"),
    ],
)
def test_bad_requests_get_a_clear_error(line: str, problem: str) -> None:
    reply = serve_line(line, "club")
    assert set(reply) == {"error"}
    assert problem.lower() in str(reply["error"]).lower()


def test_parse_request_defaults() -> None:
    request = parse_request(json.dumps({"rules": "danish", "seat": 2, "moves": OPENING}))
    assert request.time_ms == 1000 and request.seat is Seat.REARHAND and request.profile.name == "danish"


def test_a_good_request_gets_a_legal_move() -> None:
    reply = serve_line(json.dumps(GOOD), "club")
    assert set(reply) >= {"move", "why"}
    assert reply["move"] == "p" or str(reply["move"]).isdigit()


def test_the_declarer_answers_with_declaration_and_discards() -> None:
    moves = OPENING + " 1 18 0 p 2 p 1 s w DQ.D7"
    reply = serve_line(json.dumps({"rules": "international", "seat": 1, "moves": moves}), "club")
    head, first, second = str(reply["move"]).split(".")
    assert head[0] in "GCSHDN" and "H" not in head
    twelve = [*OPENING.split()[1].split(".")[10:20], "DQ", "D7"]
    assert first in twelve and second in twelve and first != second


def _bot(level: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-m", "trainer.cli", "bot", "--level", level, "--seed", "3"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )


def test_a_real_bot_process_serves_line_by_line() -> None:
    bot = _bot("club")
    assert bot.stdin is not None and bot.stdout is not None
    requests = [
        json.dumps(GOOD),
        "garbage",
        json.dumps({**GOOD, "seat": 0}),
        json.dumps({"rules": "international", "seat": 0, "moves": OPENING + " 1 p 2 p"}),
    ]
    replies = []
    for request in requests:
        bot.stdin.write(request + "\n")
        bot.stdin.flush()
        replies.append(json.loads(bot.stdout.readline()))  # flushed at once: no need to close stdin first
    bot.stdin.close()
    assert bot.stdout.read() == ""  # nothing but the replies
    assert bot.wait(timeout=30) == 0
    assert "move" in replies[0]
    assert "error" in replies[1] and "error" in replies[2]
    assert replies[3]["move"] in ("18", "p")
    lead = serve_line(json.dumps({**GOOD, "seat": 0, "moves": OPENING + " 1 p 2 p 0 18 0 GH"}), "club")
    assert str(lead["move"]) in OPENING.split()[1].split(".")[:10]


def test_an_expert_process_answers_in_time() -> None:
    bot = _bot("expert")
    assert bot.stdin is not None and bot.stdout is not None
    moves = OPENING + " 1 18 0 p 2 p 1 s w DQ.D7 1 C.DQ.D7 0"
    bot.stdin.write("hello\n")  # the process is up once it answers (interpreter start-up is not a decision)
    bot.stdin.flush()
    assert "error" in json.loads(bot.stdout.readline())
    times = []
    for first_card in ("CJ", "HA", "D8"):
        request = {"rules": "international", "seat": 1, "time_ms": 1000, "moves": f"{moves} {first_card}"}
        start = time.perf_counter()
        bot.stdin.write(json.dumps(request) + "\n")
        bot.stdin.flush()
        reply = json.loads(bot.stdout.readline())
        times.append(time.perf_counter() - start)
        assert "move" in reply, reply
        parse_card(str(reply["move"]))
    bot.stdin.close()
    assert bot.wait(timeout=30) == 0
    assert max(times) < 2.0  # 2 x time_ms would be a failure
