"""The learner's own mistakes: a played card judged by the collection's test from the seat's own view."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.bots import choose
from trainer.cards import parse_card
from trainer.deal import Seat
from trainer.games import Declaration, GameType
from trainer.problems.generate import position_of
from trainer.problems.judge import MARGIN, Goal
from trainer.problems.mistakes import PERSONAL_PREFIX, POINTS_MARGIN, judge_card, judge_deal, solve_exact
from trainer.problems.model import Problem, dumps
from trainer.problems.position import Layout, Position, layouts
from trainer.profiles import INTERNATIONAL
from trainer.rules import DealState, Phase, PlayCard, SkatGame
from trainer.rules.play import FollowClass, follow_class

_PLAYED = (
    "0:DA 1:S7 2:D9 1:HA 2:H8 0:ST 0:D7 1:S9 2:DQ 1:SK 2:HJ 0:CT 2:CJ 0:CK 1:DJ 2:CA 0:CQ 1:SJ 1:HT 2:H9 0:C7"
)


def _endgame() -> Position:
    """A spades game, the declarer (middlehand) to play to trick 8 with ♠A ♥K ♥7 after forehand's ♣7.

    Rearhand showed it has no clubs left (it trumped ♣T with ♣J); forehand showed no spades (♦7 on a
    trump lead). The skat (♦K ♣9) is the declarer's own."""
    played = tuple((Seat(int(item[0])), parse_card(item[2:])) for item in _PLAYED.split())
    return Position(
        INTERNATIONAL,
        Declaration(GameType.SPADES),
        Seat.MIDDLEHAND,
        Seat.MIDDLEHAND,
        tuple(parse_card(c) for c in ("SA", "HK", "H7")),
        played,
        (parse_card("DK"), parse_card("C9")),
    )


class _Blind(Position):
    """The same position with every shown void forgotten: layouts the seat could exclude come back."""

    def voids(self) -> dict[Seat, set[FollowClass]]:
        return {seat: set() for seat in Seat}


def _blind(position: Position) -> Position:
    return _Blind(**{f.name: getattr(position, f.name) for f in dataclasses.fields(position)})


def test_a_card_that_loses_the_game_from_the_seats_view_is_caught() -> None:
    position = _endgame()
    mistake = judge_card(position, parse_card("H7"), 1, "mine-t-21")
    assert mistake is not None
    assert mistake.kind == "goal"
    problem = mistake.problem
    assert problem.goal is Goal.GAME
    assert parse_card("H7") not in problem.answer
    assert set(problem.answer) == {parse_card("SA"), parse_card("HK")}
    # the margin is the generator's: the answer reaches the goal in MARGIN more of the layouts
    assert problem.share(problem.answer[0]) - problem.share(parse_card("H7")) >= MARGIN
    # every judged layout is one the seat cannot rule out
    assert problem.layouts == len(layouts(position, 1).layouts)


def test_a_correct_card_is_not_caught() -> None:
    position = _endgame()
    assert judge_card(position, parse_card("HK"), 1, "mine-t-21") is None
    assert judge_card(position, parse_card("SA"), 1, "mine-t-21") is None


def test_a_card_that_loses_only_in_layouts_the_seat_can_exclude_is_not_caught() -> None:
    position = _endgame()
    card = parse_card("SA")
    assert judge_card(position, card, 1, "mine-t-21") is None
    # Forget the voids play has shown, and ♠A loses the game against ♥K: the layouts it loses in are
    # exactly ones in which a seat holds a card of a suit it has shown it no longer holds (the judge's
    # layouts keep every void the play has shown).
    blind = _blind(position)
    voids = position.voids()
    excluded = [lay for lay in layouts(blind, 1).layouts if lay not in layouts(position, 1).layouts]
    assert excluded
    losing: list[Layout] = []
    for layout in layouts(blind, 1).layouts:
        reach = solve_exact(blind, layout).reach[Goal.GAME]
        if not reach[card] and reach[parse_card("HK")]:
            losing.append(layout)
    assert losing
    for layout in losing:
        game = position.declaration.game
        broken = any(
            follow_class(c, game) in voids[seat]
            for seat in Seat
            for c in layout.hands[seat]
            if seat != position.seat
        )
        assert broken, "a losing layout the seat could not exclude"


def test_a_mistake_is_a_problem_of_the_collections_format() -> None:
    mistake = judge_card(_endgame(), parse_card("H7"), 1, "mine-t-21")
    assert mistake is not None
    again = Problem.from_json(__import__("json").loads(dumps(mistake.problem)))
    assert again == mistake.problem
    assert again.position() == _endgame()
    assert again.example is not None


_MISTAKE_DEAL = (
    "(;GM[Skat]PC[International Skat Server]ID[]P0[forehand]P1[middlehand]P2[rearhand]MV[w CK.D8.DT.D7.ST.CT."
    "DA.C7.C8.CQ.DK.DJ.S7.HK.SK.SJ.HA.S9.H7.C9.H8.SQ.CA.HJ.DQ.CJ.D9.S8.HQ.H9.HT.SA 1 18 0 p 2 p 1 s w HT.SA "
    "1 S.DK.C9 0 DA 1 S7 2 D9 1 HA 2 H8 0 ST 0 D7 1 S9 2 DQ 1 SK 2 HJ 0 CT 2 CJ 0 CK 1 DJ 2 CA 0 CQ 1 SJ "
    "1 HT 2 H9 0 C7 1 H7 2 HQ 0 DT 2 S8 0 C8 1 SA 1 HK 2 SQ 0 D8 ]"
    "R[d:1 loss v:-44 m:-1 bidok p:55 t:5 s:0 z:0] ;)"
)
"""International deal 1 as three beginner bots played it (s55), except that the declarer played ♥7 into
trick 8: kept as a record, so that a change in how the bots bid or play does not move the position."""


def deal_with_a_deliberate_mistake() -> DealState:
    """International deal 1 with the declarer (middlehand, spades) playing ♥7 into trick 8 (the position of
    :func:`_endgame`), which loses the game: the record :data:`_MISTAKE_DEAL` replayed by the engine."""
    from trainer.records import iss

    state = iss.replay(iss.parse_record(_MISTAKE_DEAL), INTERNATIONAL).state
    assert state is not None and state.phase is Phase.FINISHED
    replay = SkatGame(INTERNATIONAL).new_deal(deal=state.deal)
    for move in state.history[1:]:
        if len(replay.cards_played) == len(_PLAYED.split()) and replay.phase is Phase.PLAY:
            assert move == PlayCard(Seat.MIDDLEHAND, parse_card("H7"))
            assert position_of(replay, replay.view(Seat.MIDDLEHAND)) == _endgame()
        replay.apply(move)
    return replay


def test_judge_deal_judges_each_card_from_the_view_the_seat_had_then() -> None:
    state = deal_with_a_deliberate_mistake()
    assert state.declarer == Seat.MIDDLEHAND
    found = judge_deal(state, Seat.MIDDLEHAND, name="t", seed=5, budget=120)
    assert found.unjudged == 0 and found.judged > 0
    assert "mine-t-21" in [m.problem.id for m in found.mistakes], "the ♥7 into trick 8 loses the game"
    replay = SkatGame(INTERNATIONAL).new_deal(1)
    views = {}
    for move in state.history[1:]:
        if isinstance(move, PlayCard) and replay.to_move == Seat.MIDDLEHAND:
            views[len(replay.cards_played)] = (position_of(replay, replay.view(Seat.MIDDLEHAND)), move.card)
        replay.apply(move)
    for mistake in found.mistakes:
        problem = mistake.problem
        assert problem.id.startswith(PERSONAL_PREFIX + "t-")
        position, card = views[len(problem.played)]
        assert problem.position() == position
        assert mistake.played == card and card not in problem.answer
        assert problem.seat == Seat.MIDDLEHAND
        # the deal was bid: the problem shows the auction as the seat heard it, won at the deal's bid
        assert problem.auction is not None and problem.auction.bid == state.bid


def test_a_spent_budget_leaves_cards_unjudged_and_says_so() -> None:
    state = deal_with_a_deliberate_mistake()
    found = judge_deal(state, Seat.MIDDLEHAND, name="t", seed=1, budget=-1)
    assert found.judged == 0 and found.unjudged > 0 and not found.mistakes
    assert judge_deal(state, Seat.FOREHAND, name="t", seed=1, budget=-1).unjudged > 0


def test_a_danish_defenders_card_that_gives_up_schneider_is_caught_and_the_right_one_is_not() -> None:
    """Danish deal 4, played by three beginners: rearhand defends a grand in trick 8 with ♣A ♣Q ♦A;
    only ♣Q saves the defence from schneider in every layout it cannot tell apart (the skat unseen)."""
    from trainer.profiles import DANISH

    state = SkatGame(DANISH).new_deal(4)
    rng = random.Random(4)
    while len(state.cards_played) < 23:
        seat = state.to_move
        assert seat is not None
        state.apply(choose(state.view(seat), "beginner", rng=rng).move)
    position = position_of(state, state.view(Seat.REARHAND))
    assert position.seat == Seat.REARHAND and not position.is_declarer and position.skat is None
    assert judge_card(position, parse_card("CQ"), 7, "mine-d-23") is None
    for card in ("CA", "DA"):
        mistake = judge_card(position, parse_card(card), 7, "mine-d-23")
        assert mistake is not None and mistake.kind == "goal"
        problem = mistake.problem
        assert problem.goal is Goal.SCHNEIDER_SAVED and problem.answer == (parse_card("CQ"),)
        assert problem.profile == "danish" and problem.skat is None  # the skat stays unseen
        assert problem.layouts == len(layouts(position, 7).layouts) and not problem.sampled


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(min_value=0, max_value=400), cards=st.integers(min_value=21, max_value=26))
def test_the_answer_is_never_a_mistake_and_every_mistake_names_a_better_card(seed: int, cards: int) -> None:
    """Late positions of seeded deals of both profiles: a card in the answer is never condemned, a
    condemned card is never in its answer, and the answer reaches the goal in more layouts."""
    from trainer.profiles import DANISH

    state = SkatGame((DANISH, INTERNATIONAL)[seed % 2]).new_deal(seed)
    rng = random.Random(seed)
    while state.phase is not Phase.FINISHED and len(state.cards_played) < cards:
        seat = state.to_move
        assert seat is not None
        state.apply(choose(state.view(seat), "beginner", rng=rng).move)
    if state.phase is not Phase.PLAY or state.declarer is None:
        return
    seat = state.to_move
    assert seat is not None
    position = position_of(state, state.view(seat))
    found = {card: judge_card(position, card, seed, "mine-h-0") for card in position.legal_cards()}
    for card, mistake in found.items():
        if mistake is None:
            continue
        problem = mistake.problem
        assert card not in problem.answer and mistake.played == card
        assert all(found[right] is None or found[right].kind == "points" for right in problem.answer)
        if mistake.kind == "goal":
            assert problem.share(problem.answer[0]) > problem.share(card)
        else:
            assert mistake.points_lost >= POINTS_MARGIN
