"""The auction layer's one fitted term, a suit game's seat, and the fit behind it
(``scripts/calibrate_chances.py --seats``): the fit recovers a known shift from deal files, and the layer
raises a rearhand suit game without touching the grand's rule that the opening lead matters."""

from __future__ import annotations

import importlib.util
import json
import math
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from trainer.chances.auction import SUIT_SEAT, AuctionRead, shift
from trainer.profiles import DANISH, INTERNATIONAL

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "calibrate_chances", ROOT / "scripts" / "calibrate_chances.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _logit(p: float) -> float:
    return math.log(p / (1 - p))


def test_the_seat_fit_recovers_a_known_shift(tmp_path: Path) -> None:
    """Declarers who say 0.8 and win 90 % in rearhand, as said in forehand: the fit finds the rearhand
    shift logit(0.9) - logit(0.8) and none in forehand."""
    rng = random.Random(7)
    lines = []
    for seat, won_share in (("forehand", 0.8), ("rearhand", 0.9)):
        wins = round(400 * won_share)
        for i in range(400):
            row = {"profile": "international", "game": "hearts", "declarer": seat}
            row |= {"declared_chance": 0.8, "won": i < wins}
            lines.append(json.dumps(row))
    rng.shuffle(lines)
    path = tmp_path / "deals.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    fitted = _script().seat_shifts([path])
    rear, error, games, won, chance = fitted[("international", "suit", "rearhand")]
    assert games == 400 and won == pytest.approx(0.9) and chance == pytest.approx(0.8)
    assert rear == pytest.approx(_logit(0.9) - _logit(0.8), abs=1e-6)
    assert 0 < error < 0.3
    assert fitted[("international", "suit", "forehand")][0] == pytest.approx(0.0, abs=1e-6)
    assert ("danish", "suit", "rearhand") not in fitted  # no Danish games: nothing fit


@pytest.mark.parametrize("profile", [INTERNATIONAL, DANISH])
def test_a_rearhand_suit_game_is_raised_and_the_grand_rule_stands(profile) -> None:  # type: ignore[no-untyped-def]
    forehand, rearhand = AuctionRead(seat=0), AuctionRead(seat=2)
    assert shift("suit", rearhand, profile) - shift("suit", forehand, profile) == pytest.approx(SUIT_SEAT[2])
    assert SUIT_SEAT[2] > 0
    assert shift("grand", rearhand, profile) < shift("grand", forehand, profile)


def test_the_seat_fit_takes_back_the_term_a_file_was_played_with(tmp_path: Path) -> None:
    """Two files of rearhand suit games won 90 %: one said 0.8 with no term, one said 0.85 because a
    rearhand term of logit(0.85) - logit(0.8) was in force. Told so, the fit finds the whole term in both;
    not told, the second file's part is only the residual."""
    term = _logit(0.85) - _logit(0.8)
    paths = []
    for name, said in (("plain", 0.8), ("termed", 0.85)):
        rows = [
            {
                "profile": "danish",
                "game": "spades",
                "declarer": "rearhand",
                "declared_chance": said,
                "won": i < 360,
            }
            for i in range(400)
        ]
        path = tmp_path / f"{name}.jsonl"
        path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
        paths.append(path)
    script = _script()
    whole = script.seat_shifts(paths, {paths[1]: (0.0, 0.0, term)})
    assert whole[("danish", "suit", "rearhand")][0] == pytest.approx(_logit(0.9) - _logit(0.8), abs=1e-6)
    residual = script.seat_shifts(paths[1:])
    assert residual[("danish", "suit", "rearhand")][0] == pytest.approx(_logit(0.9) - _logit(0.85), abs=1e-6)
    assert script._file_and_terms("a.jsonl@0,0,0.44") == (Path("a.jsonl"), (0.0, 0.0, 0.44))
    assert script._file_and_terms("a.jsonl") == (Path("a.jsonl"), (0.0, 0.0, 0.0))
