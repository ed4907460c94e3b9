"""What the record replayers give for every ISS sample record, every example deal and a set of seeded
generated ISS records — captured before the replayers moved onto :class:`trainer.rules.game.DealState`, so the
test can assert that they still give the same results.

Run ``python tests/engine/game_baseline.py`` to rewrite ``game_baseline.json`` (only when a change of
result is intended and explained)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from trainer.deal import Seat
from trainer.errors import SkatError
from trainer.profiles import DANISH, INTERNATIONAL, AllPass, RuleProfile
from trainer.records import iss
from trainer.records.deals import load_all
from trainer.records.samples import iss_sample_lines
from trainer.replay import GameRecord
from trainer.rules import Bid, Declare, Hold, HouseOptions, Phase, SkatGame, Throw
from trainer.rules.value import GameResult

BASELINE = Path(__file__).with_name("game_baseline.json")
PROFILES = (INTERNATIONAL, DANISH)
GENERATED = 60


def _result(result: GameResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "won": result.won,
        "value": result.value,
        "list_score": result.list_score,
        "schneider": result.schneider,
        "schwarz": result.schwarz,
        "overbid": result.overbid,
        "reason": result.reason,
        "bid": result.bid,
        "declarer_points": result.declarer_points,
        "declarer_tricks": result.declarer_tricks,
        "levels": [list(level) for level in result.breakdown.levels],
    }


def _game_record(record: GameRecord) -> dict[str, Any]:
    final = record.deal_state_at(len(record.moves))
    outcome = final.outcome()
    return {
        "declarer": int(record.declarer),
        "declaration": record.declaration.describe(),
        "bid": record.bid,
        "matadors": record.matadors,
        "discards": [card.iss for card in record.discards],
        "moves": [card.iss for card in record.moves],
        "result": _result(record.result),
        "thrown": record.thrown,
        "ending": record.ending,
        "start_hands": [[c.iss for c in record.deal_state().hand(seat)] for seat in Seat],
        "score_state": _result(outcome.result) if outcome is not None else None,
    }


def iss_results(line: str) -> dict[str, Any]:
    """The replay JSON (``skat-trainer replay``) and the viewer's record of one ISS line, per profile."""
    out: dict[str, Any] = {}
    for profile in PROFILES:
        entry: dict[str, Any] = {}
        try:
            replayed = iss.replay(iss.parse_record(line), profile)
            entry["replay"] = replayed.as_json()
            entry["outcome"] = _result(replayed.outcome)
            entry["note"] = replayed.note
        except SkatError as error:
            entry["replay_error"] = str(error)
        try:
            entry["record"] = _game_record(GameRecord.from_iss_line(line, profile))
        except SkatError as error:
            entry["record_error"] = str(error)
        out[profile.name] = entry
    return out


def example_results() -> dict[str, Any]:
    """Every example deal: its scored result and the viewer's record."""
    out: dict[str, Any] = {}
    for example in load_all():
        record = GameRecord.from_example(example)
        out[example.id] = {
            "result": _result(example.result),
            "matadors": example.matadors,
            "bid": example.bid,
            "record": _game_record(record),
        }
    return out


def _musik(move: object) -> bool:
    return isinstance(move, Declare) and move.declaration.musik > 0


def _generated_line(profile: RuleProfile, seed: int) -> str:
    """A seeded random game written as an ISS record (low bids, random legal declarations and cards)."""
    rng = random.Random(seed)
    state = SkatGame(profile, HouseOptions(all_pass=AllPass.PASSED_IN)).new_deal(seed)
    while state.phase is not Phase.FINISHED:
        moves = state.legal_moves()
        if state.phase is Phase.AUCTION:
            bids = [m for m in moves if isinstance(m, Bid)]
            holds = [m for m in moves if isinstance(m, Hold)]
            if bids and rng.random() < 0.4:
                move = bids[0]
            elif holds and rng.random() < 0.5:
                move = holds[0]
            else:
                move = moves[-1]
        else:
            # no Musik (ISS has no letter for it), no throwing
            options = [m for m in moves if not isinstance(m, Throw | Declare) or not _musik(m)]
            options = [m for m in options if not isinstance(m, Throw)] or list(moves)
            move = rng.choice(options)
        state.apply(move)
    return iss.write_record(iss.record_from_game(state, record_id=f"{profile.name}-{seed}"))


def generated_lines() -> list[str]:
    return [_generated_line(profile, seed) for profile in PROFILES for seed in range(GENERATED // 2)]


def samples() -> list[str]:
    return iss_sample_lines()


def sample_key(number: int, line: str) -> str:
    return f"{number} {iss.record_id_guess(line)}"


def capture() -> dict[str, Any]:
    return {
        "samples": {sample_key(n, line): iss_results(line) for n, line in enumerate(samples())},
        "generated": {line: iss_results(line) for line in generated_lines()},
        "examples": example_results(),
    }


if __name__ == "__main__":
    BASELINE.write_text(json.dumps(capture(), indent=1, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"wrote {BASELINE}")
