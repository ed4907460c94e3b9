"""The strength benchmark's open values (its oracle and its "won open" split) are the declarer's real final
points: a deal played out ends on the points its open value promised."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from trainer.bots.cardplay import club_card
from trainer.bots.player import play_context
from trainer.deal import Seat
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.rules import Phase, PlayCard

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import strength


@pytest.mark.parametrize("profile", [INTERNATIONAL, DANISH], ids=lambda p: p.name)
@pytest.mark.parametrize("seed", [220118, 220008])
def test_open_value_is_the_final_points(profile: RuleProfile, seed: int) -> None:
    deal = strength.contract(profile, seed)
    assert deal is not None and not deal.declaration.game.is_null
    state = deal.state.copy()
    # play by the club's rules down to the last two tricks, then perfectly: the points must be the promise
    while sum(len(state.hand(seat)) for seat in Seat) > 6:
        seat = state.to_move
        assert seat is not None
        state.apply(PlayCard(seat, club_card(play_context(state.view(seat)))[0]))
    values = strength.open_values(state)
    to_move_is_declarer = state.to_move is deal.declarer
    promised = max(values.values()) if to_move_is_declarer else min(values.values())
    while state.phase is Phase.PLAY:
        values = strength.open_values(state)
        seat = state.to_move
        assert seat is not None
        pick = max if seat is deal.declarer else min
        state.apply(PlayCard(seat, pick(values, key=lambda card: values[card])))
    outcome = state.outcome()
    assert outcome is not None and outcome.declarer_points == promised


def test_a_deal_line_reads_back() -> None:
    base = strength.Result(58, False)
    played = {
        "expert": (strength.Result(64, True), strength.Result(49, False)),
        "club": (strength.Result(120, True), strength.Result(7, False)),
    }
    line = strength.deal_line("danish deal  12 seed 220031 grand   ", base, played, 63.4)
    assert strength.parse_deal_line(line) == ("danish", 220031, base, played)
    assert strength.parse_deal_line("danish: 200 fixed contracts (3 null)") is None


def test_pooled_logs_count_each_deal_once(tmp_path: Path) -> None:
    seeds = []
    seed = 220000
    while len(seeds) < 2:
        seed += 1
        deal = strength.contract(INTERNATIONAL, seed)
        if deal is not None and not deal.declaration.game.is_null:
            seeds.append(seed)
    won, lost = strength.Result(70, True), strength.Result(50, False)
    first = strength.deal_line(
        f"international deal   1 seed {seeds[0]} x", lost, {"expert": (won, lost)}, 1.0
    )  # as declarer the expert wins a game the yardstick lost; as defence it does as the yardstick did
    second = strength.deal_line(
        f"international deal   2 seed {seeds[1]} x", won, {"expert": (won, lost)}, 2.0
    )  # as declarer level with the yardstick; its defenders beat a game the yardstick's lost
    (tmp_path / "a.txt").write_text(f"load average at start\n{first}\n{second}\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text(f"{first}\n", encoding="utf-8")  # the same deal again: not counted twice
    report = "\n".join(strength.pool([str(tmp_path / "a.txt"), str(tmp_path / "b.txt")]))
    assert "international: 2 fixed contracts (0 null); the yardstick declarer wins 50 %" in report
    for label in ("declarer: games won more (pp)", "defence: games beaten more (pp)"):
        assert re.search(re.escape(label) + r" +\+50\.0 ", report)
    for label in ("declarer: card points more", "defence: declarer held lower (points)"):
        assert re.search(re.escape(label) + r" +\+10\.0 ", report)
    assert "(n   2)" in report and "(n   3)" not in report
