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
