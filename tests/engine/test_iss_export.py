"""A deal of the app written as an ISS record (:func:`trainer.records.iss.export`) reads back to the same
moves and the same outcome; what ISS cannot hold is named, and the result field is the app's settlement.

The random deals are played through :class:`~trainer.rules.game.DealState` with random legal moves (bids low,
declarations random among the legal ones, now and then a throw), in both profiles and with the house
options ISS can or cannot hold."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer import moves
from trainer.deal import Seat
from trainer.games import Declaration, GameType
from trainer.iss_codec import decode, write
from trainer.profiles import DANISH, INTERNATIONAL, AllPass, RuleProfile
from trainer.records import iss
from trainer.rules import DealState, HouseOptions, Phase, SkatGame

ISS_ONLY = HouseOptions(all_pass=AllPass.PASSED_IN)


def random_deal(profile: RuleProfile, seed: int, house: HouseOptions = ISS_ONLY) -> DealState:
    """A deal played to the end with random legal moves."""
    rng = random.Random(seed)
    state = SkatGame(profile, house).new_deal(seed)
    while state.phase is not Phase.FINISHED:
        legal = state.legal_moves()
        if state.phase is Phase.AUCTION:
            bids = [m for m in legal if isinstance(m, moves.Bid)]
            holds = [m for m in legal if isinstance(m, moves.Hold)]
            if bids and rng.random() < 0.45:
                move: moves.Move = bids[min(len(bids) - 1, int(rng.expovariate(1.0)))]
            elif holds and rng.random() < 0.5:
                move = holds[0]
            else:
                move = legal[-1]
        elif state.phase is Phase.DECLARE:
            declares = [m for m in legal if isinstance(m, moves.Declare) and not m.declaration.musik]
            move = rng.choice(declares) if declares and rng.random() < 0.9 else moves.Throw(state.to_move)  # type: ignore[arg-type]
        else:
            options = [m for m in legal if not (isinstance(m, moves.Declare) and m.declaration.musik)]
            move = rng.choice(options or list(legal))
        state.apply(move)
    return state


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), profile=st.sampled_from([INTERNATIONAL, DANISH]))
def test_random_legal_deals_round_trip_through_iss(seed: int, profile: RuleProfile) -> None:
    state = random_deal(profile, seed)
    exported = iss.export(state, record_id=str(seed))
    assert exported.line is not None and exported.omitted == ()
    record = iss.parse_record(exported.line)
    assert iss.write_record(record) == exported.line
    replayed = iss.replay(record, profile)
    assert replayed.state is not None
    assert replayed.state.history == state.history  # the same moves, the deal first
    assert replayed.state.outcome() == state.outcome()  # the same verdict
    outcome = state.outcome()
    assert outcome is not None
    assert record.result == iss.result_of(outcome)
    if not outcome.passed_in:
        assert replayed.as_json()["value"] == outcome.list_score


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), profile=st.sampled_from([INTERNATIONAL, DANISH]))
def test_a_seats_move_list_reads_back_to_its_moves(seed: int, profile: RuleProfile) -> None:
    """What a seat's view writes (the bot protocol's ``moves``) decodes to the engine's moves it saw."""
    state = random_deal(profile, seed)
    for seat in Seat:
        text = state.view(seat).iss_moves()
        deal, items = decode(text)
        assert write(deal, items) == text
        played = [
            item
            for item in items
            if isinstance(item, moves.Bid | moves.Hold | moves.Pass | moves.PickUp | moves.PlayCard)
        ]
        expected = [
            m
            for m in state.history
            if isinstance(m, moves.Bid | moves.Hold | moves.Pass | moves.PickUp | moves.PlayCard)
        ]
        assert played == expected


def _first(profile: RuleProfile, house: HouseOptions, wanted: type, seeds: range = range(400)) -> DealState:
    for seed in seeds:
        state = random_deal(profile, seed, house)
        if any(isinstance(move, wanted) for move in state.history):
            return state
    raise AssertionError(f"no deal with {wanted.__name__}")  # pragma: no cover


def test_kontra_is_named_and_counted_in_the_result_field() -> None:
    """The Play page settled −160 for a game lost after kontra and re; the download said −40. The line now
    carries the app's list score in R[...] and says that kontra and re are not in the moves."""
    state = _first(INTERNATIONAL, HouseOptions(kontra=True, all_pass=AllPass.PASSED_IN), moves.Kontra)
    outcome = state.outcome()
    assert outcome is not None and outcome.kontra
    exported = iss.export(state)
    assert exported.line is not None
    assert [m.english for m in exported.omitted] == [
        "Kontra and re are not in the line; the result field counts them."
    ]
    record = iss.parse_record(exported.line)
    assert record.result is not None and record.result.value == outcome.list_score
    assert outcome.list_score == outcome.kontra_factor * outcome.result.list_score  # type: ignore[union-attr]
    replayed = iss.replay(record, INTERNATIONAL)
    assert replayed.outcome == outcome.result  # the game itself is the same
    kept = [m for m in state.history if not isinstance(m, moves.Kontra | moves.Re | moves.NoCall)]
    assert replayed.state is not None and list(replayed.state.history) == kept


def test_a_throw_after_the_pickup_is_the_declarers_re_with_the_discards() -> None:
    state = next(
        s
        for s in (random_deal(profile, seed) for seed in range(300) for profile in (INTERNATIONAL, DANISH))
        if isinstance(s.history[-1], moves.Throw) and s.declaration is None
    )
    exported = iss.export(state)
    assert exported.line is not None
    discard = state.history[-2]
    assert isinstance(discard, moves.Discard)
    assert f" {int(discard.seat)} RE.{discard.cards[0].iss}.{discard.cards[1].iss} ]" in exported.line
    replayed = iss.replay(iss.parse_record(exported.line), state.profile)
    assert replayed.complete and replayed.thrown
    assert replayed.state is not None and replayed.state.outcome() == state.outcome()
    assert replayed.as_json()["value"] == -state.profile.lost_factor * (state.bid or 0)


def test_a_bare_re_after_the_pickup_throws_the_cards_too() -> None:
    """A record that writes the throw without the laid-away cards reads as the skat laid back."""
    state = next(
        s
        for s in (random_deal(INTERNATIONAL, seed) for seed in range(300))
        if s.picked_up and s.declaration is not None
    )
    declarer = state.declarer
    assert declarer is not None
    pickup = next(i for i, m in enumerate(state.history) if isinstance(m, moves.PickUp))
    line = iss.export(SkatGame(INTERNATIONAL, ISS_ONLY).replay(state.history[: pickup + 1])).line
    assert line is not None
    thrown = line.replace(" ]", f" {int(declarer)} RE ]")
    replayed = iss.replay(iss.parse_record(thrown), INTERNATIONAL)
    assert replayed.thrown and replayed.state is not None
    assert replayed.state.discards == tuple(sorted(state.deal.skat, key=lambda card: card.index))


def test_ramse_is_named_and_the_line_ends_with_the_passes() -> None:
    state = SkatGame(DANISH).new_deal(5)
    for seat in (Seat.MIDDLEHAND, Seat.REARHAND, Seat.FOREHAND):
        state.apply(moves.Pass(seat))
    rng = random.Random(5)
    while state.phase is not Phase.FINISHED:
        state.apply(rng.choice(state.legal_moves()))  # Ramse, or a Grand called in it
    outcome = state.outcome()
    assert outcome is not None and (outcome.ramse is not None or outcome.ramse_grand)
    exported = iss.export(state)
    assert exported.line is not None and exported.line.endswith("1 p 2 p 0 p ]R[passed] ;)")
    assert [m.english for m in exported.omitted] == [
        "What followed the three passes (Ramse or Ramsch) is not in the line: it ends with the passes."
    ]


def test_a_slaa_40_an_knock_cannot_be_written() -> None:
    state = _first(DANISH, HouseOptions(slaa_40_an=True), moves.Knock40)
    if not any(isinstance(m, moves.Knock40) and m.knock for m in state.history):
        state = SkatGame(DANISH, HouseOptions(slaa_40_an=True)).new_deal(1)
        state.apply(moves.Knock40(Seat.FOREHAND, True))
    exported = iss.export(state)
    assert exported.line is None
    assert (
        exported.omitted[0].english == "ISS notation cannot hold this deal, so there is no ISS line for it."
    )
    assert "Slå 40 an: ISS notation has no knock of 40." in [m.english for m in exported.omitted]


def test_musik_is_named() -> None:
    for seed in range(400):
        state = SkatGame(DANISH).new_deal(seed)
        rng = random.Random(seed)
        while state.phase is not Phase.FINISHED and state.declaration is None:
            legal = state.legal_moves()
            musik = [m for m in legal if isinstance(m, moves.Declare) and m.declaration.musik]
            state.apply(musik[0] if musik else rng.choice(legal))
        if state.declaration is not None and state.declaration.musik:
            break
    else:  # pragma: no cover
        raise AssertionError("no Musik declaration found")
    exported = iss.export(state)
    assert "Musik has no ISS letter: the line declares the game without it." in [
        m.english for m in exported.omitted
    ]


def test_spoerge_throw_is_the_declarers_re() -> None:
    state = _first(DANISH, HouseOptions(spoerge=True, all_pass=AllPass.PASSED_IN), moves.Spoerge, range(2000))
    exported = iss.export(state)
    assert exported.line is not None
    assert "Spørge (the knock after the first lead) is not in the line; the result field counts it." in [
        m.english for m in exported.omitted
    ]


@pytest.mark.parametrize(
    ("declaration", "token"),
    [
        (Declaration(GameType.CLUBS, hand=True, schwarz_announced=True), "CHSZ"),
        (Declaration(GameType.CLUBS, hand=True, schneider_announced=True), "CHS"),
        (Declaration(GameType.GRAND, hand=True, ouvert=True), "GO"),
        (Declaration(GameType.NULL, hand=True, ouvert=True), "NOH"),
        (Declaration(GameType.NULL, ouvert=True), "NO"),
    ],
)
def test_one_order_of_level_letters_international(declaration: Declaration, token: str) -> None:
    from trainer.bots.protocol import declaration_token
    from trainer.iss_codec import declaration_token as codec_token

    assert codec_token(declaration, INTERNATIONAL) == token == declaration_token(declaration, INTERNATIONAL)


def test_one_order_of_level_letters_danish() -> None:
    from trainer.iss_codec import declaration_token

    assert declaration_token(Declaration(GameType.CLUBS, hand=True, ouvert=True), DANISH) == "COH"
    assert declaration_token(Declaration(GameType.CLUBS, ouvert=True), DANISH) == "CO"
    assert declaration_token(Declaration(GameType.NULL, hand=True, ouvert=True), DANISH) == "NOH"


def test_a_throw_during_play_is_the_declarers_re_and_scores_the_same() -> None:
    game = SkatGame(INTERNATIONAL, ISS_ONLY)
    full = next(
        s for s in (random_deal(INTERNATIONAL, seed) for seed in range(100)) if s.declaration is not None
    )
    declarer = full.declarer
    turns = [
        i
        for i, move in enumerate(full.history)
        if isinstance(move, moves.PlayCard) and move.seat is declarer and i > len(full.history) // 2
    ]
    state = game.replay(full.history[: turns[0]])
    state.apply(moves.Throw(declarer))  # type: ignore[arg-type]
    exported = iss.export(state)
    assert exported.line is not None and f" {int(declarer)} RE ]R[" in exported.line  # type: ignore[arg-type]
    replayed = iss.replay(iss.parse_record(exported.line), INTERNATIONAL)
    outcome = state.outcome()
    assert outcome is not None and outcome.thrown and not outcome.won
    assert replayed.outcome == outcome.result and not replayed.complete
