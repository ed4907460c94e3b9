"""Invariants over random seeded deals and random legal play, in every game type and both profiles.

The follow-suit and trick-winner checks use a tiny reference written here straight from RULES.md §1 (which
card is a trump: the solver tests' reference, tests/solver/reference.py), independent of the engine's lookup
tables.
"""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.solver.reference import is_trump
from trainer.cards import Card, Rank, card_points
from trainer.deal import Seat, random_deal
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.rules.play import GameState, Phase, legal_cards, random_playout, trick_winner

PLAIN = "A T K Q 9 8 7"
NULL_ORDER = "A K Q J T 9 8 7"
JACK_SUITS = "CSHD"


def reference_class(card: Card, game: GameType) -> str:
    return "trump" if is_trump(card, game) else card.suit.letter


def reference_strength(card: Card, led: str, game: GameType) -> int:
    """Bigger wins; -1 for a card that cannot win (off-suit, not trump)."""
    if is_trump(card, game):
        if card.rank is Rank.JACK:
            return 200 - JACK_SUITS.index(card.suit.letter)
        return 100 - PLAIN.split().index(card.rank.letter)
    if card.suit.letter != led:
        return -1
    order = NULL_ORDER if game is GameType.NULL else PLAIN
    return 50 - order.split().index(card.rank.letter)


def declaration_for(profile: RuleProfile, game: GameType, hand: bool, ouvert: bool) -> Declaration:
    if game is GameType.NULL:
        # a null game every profile knows: ouvert; hand or not
        return Declaration(game, hand=hand, ouvert=True)
    if ouvert and profile.ouvert_requires_hand:
        hand = True
    return Declaration(game, hand=hand, ouvert=ouvert)


games = st.sampled_from(list(GameType))
profiles = st.sampled_from([DANISH, INTERNATIONAL])


def play_out(state: GameState, rng: random.Random, stop_after: int | None = None) -> None:
    played = 0
    while not state.is_finished and (stop_after is None or played < stop_after):
        hand = state.hand(state.to_move)  # type: ignore[arg-type]
        legal = state.legal_cards()
        assert legal, "a legal card must exist while the game runs"
        assert set(legal) <= set(hand)
        trick = state.current_trick
        # reference follow rule
        if trick:
            led = reference_class(trick[0], state.game)
            same = [c for c in hand if reference_class(c, state.game) == led]
            assert set(legal) == set(same or hand)
        else:
            assert set(legal) == set(hand)
        state.play(rng.choice(legal))
        played += 1


def make_state(
    profile: RuleProfile, seed: int, game: GameType, declarer: Seat, hand: bool, ouvert: bool
) -> GameState:
    deal = random_deal(seed, profile)
    declaration = declaration_for(profile, game, hand, ouvert)
    state = GameState(profile, deal, declarer, declaration)
    if state.phase is Phase.PICKUP:
        picked = state.pick_up_skat()
        rng = random.Random(seed)
        state.discard(rng.sample(sorted(state.hand(declarer), key=lambda c: c.index), 2))
        assert len(picked) == 2
    return state


@settings(max_examples=150)
@given(
    profile=profiles,
    seed=st.integers(0, 2**32),
    game=games,
    declarer=st.sampled_from(list(Seat)),
    hand=st.booleans(),
    ouvert=st.booleans(),
)
def test_random_games_keep_the_invariants(
    profile: RuleProfile, seed: int, game: GameType, declarer: Seat, hand: bool, ouvert: bool
) -> None:
    state = make_state(profile, seed, game, declarer, hand, ouvert)
    play_out(state, random.Random(seed + 1))
    assert state.is_finished
    tricks = state.tricks
    for trick in tricks:
        # exactly one winner, and it is the card the reference ranks highest
        led = reference_class(trick.cards[0], game)
        strengths = [reference_strength(c, led, game) for c in trick.cards]
        assert strengths.count(max(strengths)) == 1
        assert trick.winner_index == strengths.index(max(strengths))
        assert trick_winner(trick.cards, game) == trick.winner_index
    for before, after in itertools.pairwise(tricks):
        assert after.leader is before.winner
    assert tricks[0].leader is Seat.FOREHAND
    total_in_play = sum(t.points for t in tricks) + card_points(state.skat)
    assert state.declarer_points + state.defender_points == total_in_play
    if game is GameType.NULL:
        # null stops at the declarer's first trick (or after ten tricks the declarer never took)
        assert state.declarer_tricks <= 1
        assert state.declarer_tricks == 1 or len(tricks) == 10
        if state.declarer_tricks == 1:
            assert tricks[-1].winner is declarer
    else:
        assert len(tricks) == 10
        assert state.declarer_points + state.defender_points == 120
        assert sum(state.points(seat) for seat in Seat) == 120


def snapshot(state: GameState) -> tuple[object, ...]:
    return (
        tuple(state.hand(seat) for seat in Seat),
        state.current_trick,
        state.tricks,
        tuple(state.points(seat) for seat in Seat),
        state.to_move,
        state.is_finished,
        state.open_seats(),
    )


@settings(max_examples=60)
@given(
    profile=profiles,
    seed=st.integers(0, 2**32),
    game=games,
    cut=st.integers(0, 29),
    ouvert=st.booleans(),
)
def test_undo_restores_every_earlier_state(
    profile: RuleProfile, seed: int, game: GameType, cut: int, ouvert: bool
) -> None:
    state = make_state(profile, seed, game, Seat(seed % 3), hand=False, ouvert=ouvert)
    rng = random.Random(seed)
    initial = snapshot(state)
    play_out(state, rng, stop_after=cut)
    copy = state.copy()
    while state.moves:
        state.undo()
    assert snapshot(state) == initial
    # replaying the copy's moves reproduces it exactly
    for _, card in copy.moves:
        state.play(card)
    assert snapshot(state) == snapshot(copy)


@settings(max_examples=60)
@given(profile=profiles, seed=st.integers(0, 2**32), game=games)
def test_undo_then_replay_is_identical_at_each_step(profile: RuleProfile, seed: int, game: GameType) -> None:
    state = make_state(profile, seed, game, Seat.MIDDLEHAND, hand=True, ouvert=False)
    rng = random.Random(seed)
    while not state.is_finished:
        before = snapshot(state)
        card = rng.choice(state.legal_cards())
        state.play(card)
        after = snapshot(state)
        assert state.undo() == card
        assert snapshot(state) == before
        state.play(card)
        assert snapshot(state) == after


@settings(max_examples=100)
@given(profile=profiles, seed=st.integers(0, 2**32), game=games)
def test_random_playout_counts_all_points(profile: RuleProfile, seed: int, game: GameType) -> None:
    result = random_playout(random.Random(seed), profile, game)
    tricks = result.declarer_tricks + result.defender_tricks
    if game is GameType.NULL:
        assert result.declarer_tricks <= 1
        assert result.declarer_tricks == 1 or tricks == 10
    else:
        assert tricks == 10
        assert result.declarer_points + result.defender_points == 120


def test_legal_cards_never_empty_for_any_lead() -> None:
    # every possible led card against every one-card and two-card hand drawn from a deal
    deal = random_deal(99, INTERNATIONAL)
    for game in GameType:
        for lead in deal.hand(Seat.FOREHAND):
            hand = deal.hand(Seat.MIDDLEHAND)
            for size in range(1, len(hand) + 1):
                legal = legal_cards(hand[:size], [lead], game)
                assert legal and set(legal) <= set(hand[:size])


@settings(max_examples=100)
@given(seed=st.integers(0, 2**32), game=games, declarer=st.sampled_from(list(Seat)))
def test_fast_playout_agrees_with_game_state(seed: int, game: GameType, declarer: Seat) -> None:
    # the bitmask playout's cards, replayed through GameState, are all legal and give the same result
    deal = random_deal(seed, INTERNATIONAL)
    trace: list[Card] = []
    result = random_playout(
        random.Random(seed), INTERNATIONAL, game, deal=deal, declarer=declarer, trace=trace
    )
    assert result.declarer is declarer
    declaration = Declaration(game, hand=True, ouvert=game is GameType.NULL)
    state = GameState(INTERNATIONAL, deal, declarer, declaration)
    for card in trace:
        assert card in state.legal_cards()
        state.play(card)
    assert state.is_finished
    assert (result.declarer_points, result.defender_points) == (state.declarer_points, state.defender_points)
    assert (result.declarer_tricks, result.defender_tricks) == (state.declarer_tricks, state.defender_tricks)
