"""One judge at the table (issue 41, point 6): the coach's card hint, the review after the deal and "Find my
mistakes" read the same evaluation (:func:`trainer.bots.card_judge.card_mistake` over
:func:`trainer.bots.card_judge.judge_card`).

Until then "Find my mistakes" judged each card with its own test (the collection's margins over its own
layouts, and the card points averaged over twelve of them), and made personal problems of cards the coach
had suggested as sure: two voices at one table."""

from __future__ import annotations

import pytest

from tests.play.test_one_judge import grand_after_the_club_jack, position
from trainer.bots.card_judge import GOAL, POINTS, POINTS_MARGIN, CardAdvice, card_mistake, keep_points
from trainer.bots.player import play_context
from trainer.bots.search import CardRecord
from trainer.cards import parse_card, parse_cards
from trainer.coach import card_verdicts, judge_card, position_key
from trainer.deal import Seat
from trainer.games import Declaration, GameType
from trainer.problems.generate import position_of
from trainer.problems.judge import solve_layout
from trainer.problems.mistakes import judge_card as mistake_of
from trainer.problems.mistakes import judge_deal, solve_exact
from trainer.problems.position import layouts
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.records.iss import export
from trainer.replay import GameRecord
from trainer.rules import DealState, Phase, PlayCard
from trainer.table_session import table_game
from trainer.text import N_, Message

#: Seeded deals (profile by parity, the learner's seat by the seed) in which the old "Find my mistakes"
#: made a personal problem of a card the coach had suggested as sure (7 and 61; found by running it on
#: seeds 0-62), and one where it did not.
SEEDS = (7, 22, 61)


@pytest.fixture(autouse=True, scope="module")
def _compiled_solver() -> None:
    """The coach searches with the compiled solver kernel, as on the Play page."""
    from trainer.solver import warm_up

    warm_up(block=True)


def coached_deal(seed: int) -> tuple[DealState, Seat, dict[int, CardAdvice]]:
    """Deal ``seed`` at a table of the profile by its parity: the learner (seat by the seed) plays every card
    the coach suggests, everything else (the learner's bidding too) by the club's computers."""
    from trainer.bots import choose

    profile = (INTERNATIONAL, DANISH)[seed % 2]
    learner = Seat(seed % 3)
    state = table_game(profile).new_deal(seed)
    advice: dict[int, CardAdvice] = {}
    while state.phase is not Phase.FINISHED:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        if seat is learner and view.phase is Phase.PLAY and view.declaration is not None:
            advice[position_key(view)] = found = judge_card(view)
            state.apply(PlayCard(seat, found.card))
        else:
            state.apply(choose(view, "club", seed=seed).move)
    return state, learner, advice


@pytest.mark.parametrize("seed", SEEDS)
def test_neither_the_review_nor_find_my_mistakes_names_a_card_the_coach_suggested(seed: int) -> None:
    """The learner follows every card hint; after the deal the review (all hands open, the coach's word
    asked again) and "Find my mistakes" (its own run of the judge) judge the same cards. Neither names a
    card the coach suggested as sure."""
    state, learner, advice = coached_deal(seed)
    assert advice, "the learner had cards to play"
    line = export(state).line
    assert line is not None
    record = GameRecord.from_iss_line(line, state.profile)
    moves = [card for _seat, card in state.cards_played]
    for v in card_verdicts(record, moves, learner, time_limit=1.0, deal=state):
        coach = advice[v.index]
        assert v.card == coach.card
        if not coach.guess:
            assert not v.costly, f"the review blamed the coach's {v.card.iss} at card {v.index}"
    found = judge_deal(state, learner, name="t", seed=seed, budget=600.0)
    assert found.unjudged == 0
    for mistake in found.mistakes:
        coach = advice[len(mistake.problem.played)]
        assert mistake.played == coach.card
        assert coach.guess, f"Find my mistakes named the coach's sure {mistake.played.iss} ({mistake.kind})"


def test_the_review_and_find_my_mistakes_name_the_same_cards() -> None:
    """International deal 1 played by beginners, the declarer's ♥7 into trick 8 losing the game: every card
    the review blames (the coach's evaluation no guess there) is one "Find my mistakes" makes a problem of,
    and every goal mistake found that lost the game with open hands is one the review blames. Each
    mistake's answer is the judge's better cards."""
    from tests.problems.test_mistakes import deal_with_a_deliberate_mistake

    state = deal_with_a_deliberate_mistake()
    learner = Seat.MIDDLEHAND
    line = export(state).line
    assert line is not None
    record = GameRecord.from_iss_line(line, state.profile)
    moves = [card for _seat, card in state.cards_played]
    verdicts = card_verdicts(record, moves, learner, time_limit=1.0, deal=state)
    found = judge_deal(state, learner, name="t", seed=1, budget=600.0)
    assert found.unjudged == 0
    named = {len(m.problem.played): m for m in found.mistakes}
    costly = [v for v in verdicts if v.costly]
    assert (21, parse_card("H7")) in [(v.index, v.card) for v in costly]
    for v in verdicts:
        if v.costly and v.advice is not None and not v.advice.guess:
            assert v.index in named and named[v.index].kind == GOAL, f"card {v.index} blamed, not found"
        mistake = named.get(v.index)
        if mistake is not None and mistake.kind == GOAL and v.lost_it:
            assert v.costly, f"card {v.index} found, not blamed"
    replay = state.skat_game.new_deal(deal=state.deal)
    for move in state.history[1:]:
        mistake = named.get(len(replay.cards_played)) if replay.phase is Phase.PLAY else None
        if mistake is not None and replay.to_move is learner:
            view = replay.view(learner)
            verdict = card_mistake(view, mistake.played)
            assert verdict is not None and verdict.kind == mistake.kind
            legal = position_of(replay, view).legal_cards()
            assert set(mistake.problem.answer) == {c for c in verdict.better if c in legal}
            assert mistake.played not in mistake.problem.answer
        replay.apply(move)


# --- the verdict itself -----------------------------------------------------------------------------------


def _advice(card: str, level: str, layouts: int = 40) -> CardAdvice:
    best = parse_card(card)
    records = tuple(CardRecord(c, tuple((w, True, None) for w in range(layouts))) for c in parse_cards(level))
    reason = Message(N_("Plays {card}."), {"card": best})
    return CardAdvice(best, best, layouts, layouts, parse_cards(level), False, reason, records)


def test_a_full_card_onto_the_declarers_sure_trick_is_a_points_mistake() -> None:
    """Every card ends alike (one level): ♦A onto the declarer's sure trick is a points mistake whose better
    card is the coach's own (:func:`keep_points`); a Queen (3 points) is below :data:`POINTS_MARGIN`; the
    coach's card is never one."""
    view = grand_after_the_club_jack().view(Seat.MIDDLEHAND)
    level = "SQ S7 S8 HQ H7 DA DT DK C7 C8"
    advice = _advice("DA", level)
    coach = keep_points(play_context(view), advice.expert, advice.level)
    assert coach.points == 0
    found = card_mistake(view, parse_card("DA"), advice=advice)
    assert found is not None and found.kind == POINTS and found.better == (coach,)
    assert found.points_lost == parse_card("DA").points >= POINTS_MARGIN
    assert card_mistake(view, parse_card("HQ"), advice=advice) is None
    assert card_mistake(view, coach, advice=advice) is None
    outside = card_mistake(view, parse_card("DA"), advice=_advice("S7", "S7 S8 C7 C8"))
    assert outside is not None and outside.kind == GOAL and parse_card("S7") in outside.better


def test_a_guess_names_no_card() -> None:
    """Too few layouts to say anything from the seat's view: the judge names no card a mistake."""
    view = grand_after_the_club_jack().view(Seat.MIDDLEHAND)
    guess = _advice("S7", "S7", layouts=5)
    assert guess.guess
    assert card_mistake(view, parse_card("DA"), advice=guess) is None


def test_the_hint_is_never_its_own_mistake() -> None:
    """The coach's card, from its own evaluation, is never a mistake (a late position of a real deal)."""
    state = grand_after_the_club_jack()
    view = state.view(Seat.MIDDLEHAND)
    advice = judge_card(view, nodes=300_000)
    assert card_mistake(view, advice.card, advice=advice) is None
    assert card_mistake(view, advice.expert, advice=advice) is None or advice.expert != advice.card


def test_one_null_branch_for_both_judges() -> None:
    """The problems' threshold judge and the mistakes' exact values share one null solve: in a null game
    both say the same of every card, in every layout."""
    state = position(
        INTERNATIONAL,
        ("C7 C8 C9 S7 S8 S9 H7 H8 D7 D8", "CA CK SA SK HA HK DA DK CT ST", "CQ SQ HQ DQ CJ SJ HJ DJ HT DT"),
        "H9 D9",
        Seat.FOREHAND,
        Declaration(GameType.NULL, hand=True),
        "C7 CA",
    )
    view = state.view(Seat.REARHAND)
    where = position_of(state, view)
    found = layouts(where, 3)
    assert found is not None
    for layout in found.layouts[:8]:
        exact = solve_exact(where, layout)
        assert exact.points is None
        assert exact.reach == solve_layout(where, layout)


def test_a_position_without_its_deal_is_judged_from_a_view_of_it() -> None:
    """Called with a position alone (no deal kept), the mistakes read a view dealt from one of its layouts:
    the seat's cards and the cards played are the position's."""
    from trainer.problems.mistakes import seat_view

    state = grand_after_the_club_jack()
    where = position_of(state, state.view(Seat.MIDDLEHAND))
    view = seat_view(where, 1)
    assert view is not None
    assert view.hand == where.hand and view.seat is where.seat
    assert tuple(card for _seat, card in view.current_trick) == parse_cards("CJ")
    assert mistake_of(where, parse_card("DA"), 1, "mine-t-1", view=view, judge=lambda _v: _advice("S7", "S7"))
