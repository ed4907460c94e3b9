"""The record replayers (ISS, example deals, the viewer's GameRecord) give the results captured in
game_baseline.json before they moved onto DealState; the whole-deal state replays every sample record and
example deal to the same outcome itself."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.engine import game_baseline
from trainer.deal import Seat
from trainer.errors import SkatError
from trainer.profiles import INTERNATIONAL, AllPass, get_profile
from trainer.records import iss
from trainer.records.deals import load_all
from trainer.rules import Bid, Declare, Discard, Hold, HouseOptions, Pass, Phase, PickUp, PlayCard, SkatGame

BASELINE: dict[str, Any] = json.loads(game_baseline.BASELINE.read_text(encoding="utf-8"))


def test_sample_records_replay_as_before() -> None:
    lines = game_baseline.samples()
    assert len(lines) == len(BASELINE["samples"]) > 0
    for number, line in enumerate(lines):
        key = game_baseline.sample_key(number, line)
        assert game_baseline.iss_results(line) == BASELINE["samples"][key], key


def test_generated_records_replay_as_before() -> None:
    lines = game_baseline.generated_lines()
    assert sorted(lines) == sorted(BASELINE["generated"])
    for line in lines:
        assert game_baseline.iss_results(line) == BASELINE["generated"][line], line


def test_example_deals_replay_as_before() -> None:
    assert game_baseline.example_results() == BASELINE["examples"]


@pytest.mark.parametrize("profile_name", ["international", "danish"])
def test_deal_state_plays_every_sample_record_to_the_servers_result(profile_name: str) -> None:
    """The codec's moves, applied to one DealState, end where the baseline (and for the international
    profile the server's own R[...] field) says."""
    profile = get_profile(profile_name)
    for number, line in enumerate(game_baseline.samples()):
        record = iss.parse_record(line)
        expected = BASELINE["samples"][game_baseline.sample_key(number, line)][profile_name]
        try:
            replayed = iss.replay(record, profile)
        except SkatError:
            assert "replay_error" in expected
            continue
        assert replayed.state is not None
        outcome = replayed.state.outcome()
        replay = expected["replay"]
        if replay["passed"]:
            assert outcome is not None and outcome.passed_in
        elif replay["complete"]:
            assert outcome is not None and outcome.result is not None
            assert outcome.list_score == replay["value"] and outcome.won == replay["won"]
            assert outcome.declarer_points == replay["declarer_points"]
            if profile is INTERNATIONAL and record.result is not None:
                assert (outcome.list_score, outcome.declarer_points) == (
                    record.result.value,
                    record.result.points,
                )


def test_deal_state_plays_every_example_deal_to_its_result() -> None:
    for example in load_all():
        state = SkatGame(example.profile).new_deal(deal=example.deal)
        for step in example.bidding:
            state.apply(
                Bid(step.seat, step.value or 0)
                if step.action == "bid"
                else Hold(step.seat)
                if step.action == "hold"
                else Pass(step.seat)
            )
        declarer = example.declarer
        if not example.declaration.hand:
            state.apply(PickUp(declarer))
            state.apply(Discard(declarer, example.discards))
        state.apply(Declare(declarer, example.declaration))
        for card in example.moves:
            seat = state.to_move
            assert seat is not None
            state.apply(PlayCard(seat, card))
        result = state.score(thrown=example.thrown)
        assert result == example.result, example.id


def test_hand_game_overbid_by_a_skat_jack_replays_as_played_and_lost() -> None:
    """Such a record used to be refused (which also told what lay in the skat); now it is played and lost."""
    from tests.engine.test_game import WEAK_JACK_IN_SKAT
    from trainer.games import Declaration, GameType
    from trainer.profiles import DANISH, INTERNATIONAL

    for profile in (INTERNATIONAL, DANISH):
        state = SkatGame(profile, HouseOptions(all_pass=AllPass.PASSED_IN)).new_deal(deal=WEAK_JACK_IN_SKAT)
        for move in (
            Bid(Seat.MIDDLEHAND, 48),
            Hold(Seat.FOREHAND),
            Pass(Seat.MIDDLEHAND),
            Pass(Seat.REARHAND),
        ):
            state.apply(move)
        state.apply(Declare(Seat.FOREHAND, Declaration(GameType.CLUBS, hand=True)))
        while state.phase is not Phase.FINISHED:
            state.apply(state.legal_moves()[-1])
        outcome = state.outcome()
        assert outcome is not None and outcome.result is not None
        line = iss.write_record(iss.record_from_game(state, record_id="ob"))
        replayed = iss.replay(iss.parse_record(line), profile)
        assert replayed.complete and replayed.outcome == outcome.result
        assert replayed.matadors == 1 and replayed.outcome.overbid == (outcome.result.breakdown.value < 48)
