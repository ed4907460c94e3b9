"""The review's open-hand verdicts of the learner's decisions (trainer.coach): one contract solved and scored,
the best discard, the games the hand could declare, and a whole deal's decisions. Small endings are checked
against the plain reference minimax of tests/solver/reference.py (it shares nothing with trainer.solver)."""

from __future__ import annotations

import random

import pytest

from tests.play.helpers import Finished, review_deal
from tests.solver.reference import make_solver
from trainer.cards import ALL_CARDS, Card, card_points, parse_cards
from trainer.coach import (
    DECISION_KINDS,
    ContractVerdict,
    DecisionVerdict,
    best_discard,
    decision_verdicts,
    discard_candidates,
    first_costly_decision,
    game_alternatives,
    open_contract,
)
from trainer.deal import Seat
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.solver import numba_available


@pytest.fixture(autouse=True)
def _python_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKAT_SOLVER_BACKEND", "python")


def _reference(game: GameType, declarer: int, hands: list[tuple[Card, ...]]) -> int:
    """Points (suit, grand) the declarer takes from forehand's lead with perfect play; null: the tricks the
    declarer takes (0 wins)."""
    value, _ = make_solver(game, declarer, "opponent_tricks" if game.is_null else "points")
    found = int(value(tuple(frozenset(h) for h in hands), 0, ()))
    return len(hands[0]) - found if game.is_null else found


def _layout(rng: random.Random, size: int) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    hands = [tuple(cards[i * size : (i + 1) * size]) for i in range(3)]
    return hands, tuple(cards[3 * size : 3 * size + 2])


@pytest.mark.parametrize("game", [GameType.CLUBS, GameType.HEARTS, GameType.GRAND, GameType.NULL])
def test_a_contract_with_open_hands_matches_the_reference(game: GameType) -> None:
    # a stable seed: hash() of a string changes from process to process
    rng = random.Random(sum(map(ord, game.value)))
    for _ in range(12):
        hands, skat = _layout(rng, 3)
        declarer = Seat(rng.randrange(3))
        room = 120 - sum(card_points(h) for h in hands) - card_points(skat)
        # the earlier tricks' points the defenders took can be 0 or 2 and more, never 1 (no card is worth 1)
        so_far = rng.choice([p for p in range(20, min(70, room) + 1) if room - p != 1])
        verdict = open_contract(
            INTERNATIONAL, Declaration(game), hands, skat, declarer, bid=18, matadors_count=1,
            points_so_far=so_far, time_limit=None,
        )  # fmt: skip
        reference = _reference(game, int(declarer), hands)
        if game.is_null:
            assert verdict.won is (reference == 0)
            assert verdict.points is None
        else:
            points = reference + card_points(skat) + so_far
            assert verdict.points == points
            assert verdict.won is (points >= INTERNATIONAL.win_min_points)
        assert verdict.value is not None and verdict.value > 0


def test_an_overbid_contract_is_lost_on_its_value() -> None:
    hands = [parse_cards("CJ SJ HJ"), parse_cards("SA ST SK"), parse_cards("HA HT HK")]
    verdict = open_contract(
        INTERNATIONAL, Declaration(GameType.GRAND), hands, parse_cards("DA DT"), Seat.FOREHAND,
        bid=144, matadors_count=3, points_so_far=40, time_limit=None,
    )  # fmt: skip
    assert verdict.points is not None and verdict.points >= INTERNATIONAL.win_min_points
    assert verdict.overbid and verdict.won is False


def test_the_discards_are_every_pair_with_the_given_ones_first() -> None:
    twelve = parse_cards("CJ SJ CA CT C9 SA ST S7 HA HK D8 D7")
    mine, bots = parse_cards("D8 D7"), parse_cards("ST S7")
    pairs = discard_candidates(twelve, GameType.CLUBS, [mine, bots, mine])
    assert len(pairs) == len(set(pairs)) == 66
    assert {frozenset(p) for p in pairs[:2]} == {frozenset(mine), frozenset(bots)}
    assert set(pairs[0]) == set(mine)
    third = pairs[2]
    assert not any(c.is_jack or c.suit.name == "CLUBS" for c in third)  # no trump before the plain pairs


@pytest.mark.parametrize("game", [GameType.SPADES, GameType.GRAND, GameType.NULL])
def test_the_best_discard_matches_a_brute_force(game: GameType) -> None:
    rng = random.Random(40 + list(GameType).index(game))
    for _ in range(4):
        hands, skat = _layout(rng, 3)
        declarer = Seat(rng.randrange(3))
        declaration = Declaration(game)
        best, tried = best_discard(
            INTERNATIONAL, declaration, hands, skat, declarer, bid=18, budget=60.0, time_limit=None
        )
        assert len(tried) == 10  # five cards, ten pairs
        twelve = (*hands[int(declarer)], *skat)
        results = []
        for pair in discard_candidates(twelve, game):
            layout = list(hands)
            layout[int(declarer)] = tuple(c for c in twelve if c not in pair)
            results.append((_reference(game, int(declarer), layout), pair))
        assert best is not None
        if game.is_null:
            assert best.won is any(tricks == 0 for tricks, _ in results)
        else:
            top = max(points + card_points(pair) for points, pair in results)
            # best_discard judged without points_so_far: compare the card points of the ending itself
            assert best.points == top


def test_the_games_the_hand_could_declare_reach_the_bid() -> None:
    cards = parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT DA DT")
    games = {d.game for d in game_alternatives(INTERNATIONAL, cards, 18, hand=False)}
    assert games == set(GameType)
    high = game_alternatives(INTERNATIONAL, cards, 100, hand=False, besides=GameType.GRAND)
    assert all(not d.hand and d.game is not GameType.GRAND for d in high)
    assert GameType.NULL not in {d.game for d in high} and GameType.DIAMONDS not in {d.game for d in high}
    assert all(d.hand for d in game_alternatives(DANISH, cards, 18, hand=True))


def _verdict(won: bool | None) -> ContractVerdict:
    return ContractVerdict(Declaration(GameType.CLUBS), (), won, 24)


def test_the_first_costly_decision_follows_the_order_of_play() -> None:
    lost, won = _verdict(False), _verdict(True)
    verdicts = [
        DecisionVerdict("game", lost, won, True),
        DecisionVerdict("discard", lost, won, True),
        DecisionVerdict("pickup", lost, lost, False),
        DecisionVerdict("bid", lost, None, False),
    ]
    first = first_costly_decision(verdicts)
    assert first is not None and first.kind == "discard"
    assert first_costly_decision([DecisionVerdict("bid", won, None, False)]) is None
    assert DECISION_KINDS == ("bid", "pickup", "discard", "game")
    assert DecisionVerdict("game", lost, won, True).better
    assert not DecisionVerdict("game", won, _verdict(None), False).better


def _finished(name: str) -> Finished:
    return review_deal(name)


@pytest.mark.skipif(not numba_available(), reason="whole deals need the compiled solver")
def test_a_whole_deals_decisions_agree_with_their_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SKAT_SOLVER_BACKEND")
    from trainer.solver import warm_up

    warm_up(block=True)
    deal = _finished("declarer")  # the learner declares clubs (picked up) and wins it
    state = deal.state
    assert state.declarer is deal.learner and state.declaration is not None and state.bid is not None
    verdicts = decision_verdicts(state, deal.learner, budget=30.0, time_limit=10.0)  # generous: a loaded CI
    assert [v.kind for v in verdicts] == ["bid", "pickup", "discard", "game"]
    chosen = verdicts[0].chosen
    assert chosen is not None and set(chosen.skat) == set(state.discards)
    layout = [state.deal.hand(s) for s in Seat]
    twelve = (*layout[int(deal.learner)], *state.deal.skat)
    layout[int(deal.learner)] = tuple(c for c in twelve if c not in state.discards)
    again = open_contract(
        INTERNATIONAL, state.declaration, layout, state.discards, deal.learner, bid=state.bid, time_limit=None
    )
    assert (again.won, again.value, again.points) == (chosen.won, chosen.value, chosen.points)
    discard = verdicts[2]
    assert discard.best is not None and set(discard.tried[0].skat) == set(state.discards)
    assert (discard.best.points or 0) >= (chosen.points or 0)
    pickup = verdicts[1]
    assert pickup.best is not None and pickup.best.declaration.hand
    assert set(pickup.best.skat) == set(state.deal.skat)
    for v in verdicts[1:]:
        assert v.costly == (chosen.won is False and v.best is not None and v.best.won is True)
    assert verdicts[0].costly == chosen.overbid
    game = verdicts[3]
    assert state.declaration.game not in {c.declaration.game for c in game.tried}
    assert game.best is not None and (game.best.declaration.game, game.best.won) == (GameType.GRAND, True)
    assert verdicts[0].model is not None and verdicts[3].model is not None  # the chance model's word

    defender = _finished("defender")  # the learner passes at 18; hearts is played against them
    outcome = defender.state.outcome()
    assert defender.state.declarer is not defender.learner and outcome is not None
    (passed,) = decision_verdicts(defender.state, defender.learner, budget=2.0, time_limit=2.0)
    assert passed.kind == "bid" and passed.chosen is None and passed.passed_at is not None
    assert passed.best is not None and passed.tried
    assert passed.costly == (passed.best.won is True and outcome.won is True)
