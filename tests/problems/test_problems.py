"""The problem engine: positions as a seat knows them, their layouts, the judge, the format and the check."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.bots import choose
from trainer.cards import ALL_CARDS, Card
from trainer.cli import main
from trainer.deal import Seat
from trainer.games import GameType
from trainer.problems.check import check_lines, check_problem
from trainer.problems.generate import position_of
from trainer.problems.judge import MARGIN, Goal, judge, reaches, select
from trainer.problems.model import ProblemError, dumps, read_lines
from trainer.problems.position import Position, layouts, split_count
from trainer.problems.themes import THEME_KEYS, THEMES, tag
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.rules import DealState, Phase, SeatView, SkatGame
from trainer.rules.play import follow_class

SAMPLE = Path(__file__).with_name("sample.jsonl")


def _sample_lines() -> list[str]:
    return [line for line in SAMPLE.read_text(encoding="utf-8").splitlines() if line.strip()]


def _position_after(seed: int, cards: int) -> Position | None:
    """The position of the seat to move after ``cards`` cards of a deal the club players play."""
    found = _state_after(seed, cards)
    return None if found is None else found[0]


def _state_after(seed: int, cards: int) -> tuple[Position, DealState, SeatView] | None:
    """That position, the deal there and the view of the seat to move."""
    profile = (DANISH, INTERNATIONAL)[seed % 2]
    state = SkatGame(profile).new_deal(seed)
    rng = random.Random(seed)
    while state.phase is not Phase.FINISHED:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        if state.phase is Phase.PLAY and len(state.cards_played) == cards and state.declarer is not None:
            return position_of(state, view), state, view
        state.apply(choose(view, "club", rng=rng).move)
    return None


def _consistent(position: Position, hands: tuple[tuple[Card, ...], ...], skat: tuple[Card, ...]) -> bool:
    placed = [*itertools.chain(*hands), *skat, *(card for _seat, card in position.played)]
    if sorted(c.index for c in placed) != list(range(32)):
        return False
    voids = position.voids()
    for seat in Seat:
        if len(hands[seat]) != position.cards_left(seat):
            return False
        if any(follow_class(c, position.declaration.game) in voids[seat] for c in hands[seat]):
            return False
    return hands[position.seat] == position.hand


@settings(max_examples=20)
@given(seed=st.integers(0, 400), cards=st.integers(3, 26))
def test_every_layout_is_consistent_with_the_seats_view(seed: int, cards: int) -> None:
    position = _position_after(seed, cards)
    if position is None:
        return
    found = layouts(position, seed)
    assert found is not None
    for layout in found.layouts:
        assert _consistent(position, layout.hands, layout.skat)
        if position.skat is not None:
            assert layout.skat == position.skat  # a declarer who picked up knows the skat
    # a seat never holds knowledge it has not got: the unseen cards are exactly the others' and the skat
    assert not set(position.unseen()) & set(position.hand)
    assert layouts(position, seed) == found  # the same seed, the same layouts


def test_enumeration_counts_every_consistent_layout_once() -> None:
    """Brute force over every assignment of the unseen cards agrees with the enumeration (late positions)."""
    checked = 0
    for seed in range(30):
        position = _position_after(seed, 24)
        if position is None or split_count(position) > 3_000:
            continue
        unseen = position.unseen()
        places = [slot for slot, _count in position.slots()]
        count = 0
        for assignment in itertools.product(range(len(places)), repeat=len(unseen)):
            hands = dict(position.fixed())
            parts: list[list[Card]] = [[] for _ in places]
            for card, where in zip(unseen, assignment, strict=True):
                parts[where].append(card)
            skat = position.skat or ()
            ok = True
            for slot, cards, (_s, size) in zip(places, parts, position.slots(), strict=True):
                if len(cards) != size:
                    ok = False
                elif slot is None:
                    skat = tuple(cards)
                else:
                    hands[slot] = tuple(cards)
            if ok and _consistent(position, (hands[Seat(0)], hands[Seat(1)], hands[Seat(2)]), tuple(skat)):
                count += 1
        found = layouts(position, 0)
        assert found is not None
        assert found.total == count
        assert found.sampled == (count > len(found.layouts))
        assert len(set(found.layouts)) == len(found.layouts)
        checked += 1
    assert checked >= 3


def test_a_defender_does_not_know_the_skat_and_a_declarer_who_picked_up_does() -> None:
    seen_defender = seen_declarer = False
    for seed in range(20):
        found = _state_after(seed, 6)
        if found is None:
            continue
        position, state, _ = found
        if position.is_declarer and not state.picked_up:
            assert position.skat is None  # a game without the pickup: the declarer does not know the skat
        elif position.is_declarer:
            assert position.skat is not None and len(position.skat) == 2
            assert all(slot is not None for slot, _n in position.slots())
            seen_declarer = True
        else:
            assert position.skat is None
            assert (None, 2) in position.slots()
            seen_defender = True
    assert seen_defender and seen_declarer


def test_select_keeps_a_clear_answer_and_drops_a_close_call() -> None:
    a, b, c = ALL_CARDS[0], ALL_CARDS[1], ALL_CARDS[2]
    rows = [{a: True, b: False, c: False}] * 30 + [{a: False, b: True, c: False}] * 10
    clear = select({a: 30, b: 10, c: 0}, 40, rows, [a, b, c])
    assert clear is not None and clear[0] == (a,) and clear[2] >= MARGIN
    # 20 against 16 of 40: not clear, and b wins in layouts where a does not (no dominance)
    rows = [{a: True, b: False, c: False}] * 10 + [{a: True, b: True, c: False}] * 10
    rows += [{a: False, b: True, c: False}] * 6
    assert select({a: 20, b: 16, c: 0}, 40, rows, [a, b, c]) is None
    # every card alike: no problem
    assert select({a: 5, b: 5, c: 5}, 40, [{a: True, b: True, c: True}] * 5, [a, b, c]) is None


def test_goals_follow_the_profile_lines() -> None:
    from trainer.games import Declaration, GameType

    suit = Declaration(GameType.CLUBS)
    assert reaches(Goal.GAME, 61, INTERNATIONAL, suit) and not reaches(Goal.GAME, 60, INTERNATIONAL, suit)
    assert reaches(Goal.DEFENCE, 60, INTERNATIONAL, suit)
    assert reaches(Goal.SCHNEIDER, 90, INTERNATIONAL, suit) and not reaches(
        Goal.SCHNEIDER, 89, INTERNATIONAL, suit
    )
    # the Danish defenders are schneider only below 30
    assert not reaches(Goal.SCHNEIDER, 90, DANISH, suit) and reaches(Goal.SCHNEIDER, 91, DANISH, suit)
    announced = Declaration(GameType.CLUBS, hand=True, schneider_announced=True)
    assert not reaches(Goal.GAME, 80, INTERNATIONAL, announced)
    assert reaches(Goal.NULL, True, INTERNATIONAL, Declaration(GameType.NULL))


def test_the_json_form_round_trips() -> None:
    for line in _sample_lines():
        (problem,) = read_lines([line])
        assert json.loads(dumps(problem)) == json.loads(line)


def test_a_broken_line_is_refused_with_its_number() -> None:
    with pytest.raises(ProblemError, match="Line 2"):
        list(read_lines([_sample_lines()[0], '{"id": "x"}']))


def test_the_shipped_sample_checks_out() -> None:
    results = list(check_lines(_sample_lines()))
    assert results and all(result.ok for result in results), [r.failures for r in results]


def _tampered(line: str, change: str) -> str:
    data = json.loads(line)
    if change == "answer":
        wrong = next(s["card"] for s in data["cards"] if s["card"] not in data["answer"])
        data["answer"] = [wrong]
    elif change == "count":
        data["cards"][0]["reached"] += 1
    elif change == "points":
        data["points"]["declarer"] += 10
    elif change == "goal":
        data["goal"] = "game" if data["goal"] != "game" else "defence"
    return json.dumps(data)


@pytest.mark.parametrize("change", ["answer", "count", "points", "goal"])
def test_a_tampered_line_fails_the_check(change: str) -> None:
    line = _sample_lines()[0]
    (result,) = check_lines([_tampered(line, change)])
    assert not result.ok


def test_problems_check_exits_1_on_a_tampered_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.jsonl"
    good.write_text("\n".join(_sample_lines()) + "\n", encoding="utf-8")
    assert main(["problems", "check", str(good)]) == 0
    bad = tmp_path / "bad.jsonl"
    lines = _sample_lines()
    bad.write_text("\n".join([lines[0], _tampered(lines[1], "answer"), *lines[2:]]) + "\n", encoding="utf-8")
    assert main(["problems", "check", str(bad), "--quiet"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert json.loads(out[-1]) == {"checked": len(lines), "failed": 1}


def test_themes_are_known_and_named() -> None:
    assert len(THEMES) >= 10 and len(set(THEME_KEYS)) == len(THEMES)
    for line in _sample_lines():
        (problem,) = read_lines([line])
        assert set(tag(problem)) <= set(THEME_KEYS)
        assert tag(problem) == problem.themes


def test_check_problem_on_a_fresh_position_agrees_with_the_generator() -> None:
    """A problem made now from a late position of a self-played deal checks out; a wrong answer fails."""
    from dataclasses import replace

    from trainer.problems.generate import make_problem

    made = None
    for seed in range(60):
        for cards in (21, 24):
            found = _state_after(seed, cards)
            if found is None:
                continue
            position, _, view = found
            verdict = judge(position, seed)
            if verdict is not None:
                made = make_problem(f"t{seed}", position, verdict, view, seed)
                break
        if made is not None:
            break
    assert made is not None
    assert check_problem(made) == []
    wrong = next(s.card for s in made.scores if s.card not in made.answer)
    assert check_problem(replace(made, answer=(wrong,)))


def test_the_shipped_themes_say_what_the_answer_does() -> None:
    """Over the shipped collection: a ruff is a trump on a side suit, a smear a full card on the partner's
    trick, throwing a loser a small side card, and drawing trumps a trump led by the declarer."""
    from trainer.problems.collection import collection
    from trainer.rules.play import TRUMP, is_trump

    problems = collection()
    assert problems
    for problem in problems:
        assert problem.themes == tag(problem)
        position = problem.position()
        game = position.declaration.game
        trick = [card for _seat, card in position.current_trick]
        if "ruffing" in problem.themes:
            assert trick and follow_class(trick[0], game) != TRUMP
            assert all(is_trump(c, game) for c in problem.answer)
        if "smearing" in problem.themes:
            assert not position.is_declarer and all(c.points >= 10 for c in problem.answer)
        if "throwing_loser" in problem.themes:
            assert all(not is_trump(c, game) and c.points <= 4 for c in problem.answer)
            assert all(follow_class(c, game) != follow_class(trick[0], game) for c in problem.answer)
        if "drawing_trumps" in problem.themes:
            assert position.is_declarer and not trick and all(is_trump(c, game) for c in problem.answer)
        if "null_declarer" in problem.themes or "null_defence" in problem.themes:
            assert game.is_null
        if "full_card_home" in problem.themes:
            assert trick and all(c.points >= 10 for c in problem.answer)
        if "cheap_win" in problem.themes or "winning_trick" in problem.themes:
            assert trick


def test_every_shipped_problem_replays_to_what_its_seat_knows() -> None:
    """Dealt from its example layout and played to its position, each problem's deal shows its seat exactly
    the problem's position (hand, cards played, skat knowledge, open hands): what the bots are asked."""
    from trainer.problems.collection import collection
    from trainer.problems.state import problem_state

    for problem in collection():
        state = problem_state(problem)
        view = state.view(problem.seat)
        assert position_of(state, view) == problem.position(), problem.id
        assert set(view.hand) == set(problem.hand)


def test_the_playback_plays_the_example_to_the_end_and_the_answer_reaches_the_goal() -> None:
    """In the example layout the answer's open-hand line reaches the goal (that is why it was chosen)."""
    from trainer.problems.collection import collection
    from trainer.problems.state import playback

    for problem in collection()[:25]:
        state = playback(problem, problem.answer[0])
        outcome = state.outcome()
        assert outcome is not None and outcome.cards_played == 30
        if problem.declaration.game.is_null:
            continue
        points = outcome.declarer_points
        assert points is not None
        assert reaches(problem.goal, points, problem.position().profile, problem.declaration), problem.id


def test_a_generation_run_appends_notes_its_seeds_and_resumes(tmp_path: Path) -> None:
    from trainer.problems.generate import run

    calls: list[int] = []

    def fake(seed: int) -> tuple[int, list[str]]:
        calls.append(seed)
        return seed, [f'{{"seed": {seed}}}'] * (seed % 2)

    out = tmp_path / "run.jsonl"
    assert run(out, 10, 3, progress=None, deal_problems=fake) == 1  # seeds 10, 11, 12: only 11 yields
    assert run(out, 10, 5, progress=None, deal_problems=fake) == 1  # resumes: only 13 and 14 are new
    assert calls == [10, 11, 12, 13, 14]
    assert out.read_text().splitlines() == ['{"seed": 11}', '{"seed": 13}']
    assert (tmp_path / "run.jsonl.seeds").read_text().split() == ["10", "11", "12", "13", "14"]


def test_problems_export_filters_by_rules_and_theme(capsys: pytest.CaptureFixture[str]) -> None:
    from trainer.problems.collection import collection

    theme = next(key for key in THEME_KEYS if any(key in p.themes for p in collection()))
    assert main(["problems", "export", "--rules", "danish", "--theme", theme]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines
    for line in lines:
        data = json.loads(line)
        assert data["profile"] == "danish" and theme in data["themes"]
    assert len(lines) == sum(1 for p in collection() if p.profile == "danish" and theme in p.themes)
    assert main(["problems", "export", "--theme", "no_such_theme"]) == 2


def test_no_goal_is_named_when_schwarz_is_announced() -> None:
    from dataclasses import replace

    from trainer.games import Declaration
    from trainer.problems.judge import goals_for

    position = _position_after(1, 12)
    assert position is not None and goals_for(position)
    if position.declaration.game.is_null:
        return
    schwarz = Declaration(
        position.declaration.game, hand=True, schneider_announced=True, schwarz_announced=True
    )
    assert goals_for(replace(position, declaration=schwarz)) == ()
    ouvert = Declaration(position.declaration.game, hand=True, ouvert=True)  # international: schwarz implied
    assert goals_for(replace(position, profile=INTERNATIONAL, declaration=ouvert)) == ()
    assert judge(replace(position, declaration=schwarz), 0) is None


def test_a_deal_that_goes_to_ramse_makes_no_problems() -> None:
    from trainer.problems.generate import goes_to_ramse, problems_from_deal

    seed = next(s for s in range(0, 40, 2) if goes_to_ramse(s))
    assert problems_from_deal(seed) == []
    assert not goes_to_ramse(1)  # international: all-pass is passed in, never Ramse


def test_null_deals_give_the_safest_hand_a_null_and_skip_dangerous_ones() -> None:
    from trainer.problems.generate import NULL_MAX_DANGER, NULL_SEEDS_FROM, _null_danger, null_deal

    made = skipped = 0
    for seed in range(NULL_SEEDS_FROM, NULL_SEEDS_FROM + 60):
        state = null_deal(seed)
        if state is None:
            skipped += 1
            continue
        made += 1
        assert state.declaration is not None and state.declaration.game.is_null
        assert state.phase is Phase.PLAY and state.declarer is not None
        kept = state.hand(state.declarer)
        assert _null_danger(kept) <= NULL_MAX_DANGER
    assert made and skipped


def _minimax(game: GameType, declarer: Seat, hands: list[list[Card]], leader: Seat, trick: list[Card]) -> int:
    """Card points the declarer takes from here with every card open (plain minimax, no solver); for null
    the number of tricks the declarer takes."""
    from trainer.rules.play import legal_cards, trick_winner

    seat = Seat((leader + len(trick)) % 3)
    if not hands[seat]:
        return 0
    results = []
    for card in legal_cards(hands[seat], trick, game):
        hands[seat].remove(card)
        played = [*trick, card]
        if len(played) == 3:
            winner = Seat((leader + trick_winner(played, game)) % 3)
            gain = (1 if game.is_null else sum(c.points for c in played)) if winner == declarer else 0
            value = gain + _minimax(game, declarer, hands, winner, [])
        else:
            value = _minimax(game, declarer, hands, leader, played)
        hands[seat].append(card)
        results.append(value)
    maximise = (seat == declarer) != game.is_null
    return max(results) if maximise else min(results)


def test_a_plain_minimax_over_every_layout_agrees_with_late_shipped_problems() -> None:
    """For the shipped problems with at most three cards in hand whose layouts were all judged, list the
    layouts by brute force and play every legal card out by plain minimax: each card's count of layouts
    reaching the goal is the one stored (no solver, no layout code of the project involved)."""
    from trainer.cards import card_points
    from trainer.problems.collection import collection

    checked = 0
    for problem in collection():
        if len(problem.hand) > 3 or problem.sampled:
            continue
        position = problem.position()
        game = position.declaration.game
        unseen = position.unseen()
        places = position.slots()
        voids = position.voids()
        declarer_points = position.points_taken()[0]
        counts = dict.fromkeys((s.card for s in problem.scores), 0)
        layouts_seen = 0
        for assignment in itertools.product(range(len(places)), repeat=len(unseen)):
            parts: list[list[Card]] = [[] for _ in places]
            for card, where in zip(unseen, assignment, strict=True):
                parts[where].append(card)
            if any(len(part) != size for part, (_s, size) in zip(parts, places, strict=True)):
                continue
            hands = {seat: list(cards) for seat, cards in position.fixed().items()}
            skat = list(position.skat or ())
            for (slot, _size), part in zip(places, parts, strict=True):
                if slot is None:
                    skat = part
                else:
                    hands[slot] = part
            if any(follow_class(c, game) in voids[s] for s in Seat for c in hands[s]):
                continue
            layouts_seen += 1
            trick = [card for _seat, card in position.current_trick]
            for score_ in problem.scores:
                own = [list(hands[s]) for s in Seat]
                own[position.seat].remove(score_.card)
                played = [*trick, score_.card]
                leader = position.leader
                if len(played) == 3:
                    from trainer.rules.play import trick_winner

                    winner = Seat((leader + trick_winner(played, game)) % 3)
                    mine = winner == position.declarer
                    gain = (1 if game.is_null else card_points(played)) if mine else 0
                    rest = gain + _minimax(game, position.declarer, own, winner, [])
                else:
                    rest = _minimax(game, position.declarer, own, leader, played)
                if game.is_null:
                    value: int | bool = rest == 0
                else:
                    value = declarer_points + card_points(skat) + rest
                counts[score_.card] += reaches(problem.goal, value, position.profile, position.declaration)
        assert layouts_seen == problem.layouts, problem.id
        assert counts == {s.card: s.reached for s in problem.scores}, problem.id
        checked += 1
    assert checked >= 10


def test_an_auction_round_trips_and_a_bad_step_is_refused() -> None:
    from dataclasses import replace

    from trainer.problems.model import Bidding, Problem
    from trainer.rules.bidding import AuctionEvent

    (problem,) = read_lines([_sample_lines()[0]])
    bidding = Bidding(
        (
            AuctionEvent(Seat.MIDDLEHAND, "bid", 18),
            AuctionEvent(Seat.FOREHAND, "hold", 18),
            AuctionEvent(Seat.MIDDLEHAND, "pass", None),
        ),
        18,
        knocker=Seat.FOREHAND,
        knock_game=GameType.GRAND,
    )
    with_auction = replace(problem, auction=bidding)
    (back,) = read_lines([dumps(with_auction)])
    assert back.auction == bidding
    assert "auction" not in json.loads(dumps(replace(problem, auction=None)))  # an old line stays as it was
    data = json.loads(dumps(with_auction))
    data["auction"]["events"][0][1] = "double"
    with pytest.raises(ProblemError, match="double"):
        Problem.from_json(data)


def test_the_auction_is_bid_again_from_the_deal_seed_only_when_the_replay_agrees() -> None:
    from dataclasses import replace

    from trainer.games import Declaration
    from trainer.problems.collection import collection
    from trainer.problems.generate import bid_deal, bidding_of, replayed_auction

    seed = 5  # a deal the club players still bid as the shipped lines say
    state = bid_deal(seed)
    assert state is not None and state.declarer is not None and state.declaration is not None
    lines = [p for p in collection() if p.deal_seed == seed]
    assert lines
    for problem in lines:
        old = replace(problem, auction=None)
        bidding = replayed_auction(old, state)
        assert bidding == bidding_of(state.view(problem.seat)) and bidding is not None
        assert bidding.bid == state.bid and bidding.events == state.view(problem.seat).auction
        other_game = GameType.GRAND if problem.declaration.game is not GameType.GRAND else GameType.CLUBS
        assert replayed_auction(replace(old, declaration=Declaration(other_game)), state) is None
        assert replayed_auction(replace(old, declarer=problem.declarer.next), state) is None
        outside = next(c for c in ALL_CARDS if c not in state.deal.hand(problem.seat))
        swapped = replace(old, hand=(outside, *problem.hand[1:]))
        assert replayed_auction(swapped, state) is None
    null = next(p for p in collection() if p.set_without_bidding)
    assert replayed_auction(replace(null, auction=None)) is None and null.auction is None


def test_every_shipped_auction_is_won_by_the_declarer_at_its_bid() -> None:
    from trainer.problems.collection import collection

    problems = [p for p in collection() if p.auction is not None]
    assert problems
    for problem in problems:
        bidding = problem.auction
        assert bidding is not None
        said = [e for e in bidding.events if e.action != "pass"]
        if bidding.knocker is None:
            assert said and said[-1].seat == problem.declarer and said[-1].value == bidding.bid
        assert all(e.value is None or e.value <= bidding.bid for e in bidding.events)
        if bidding.knock_game is not None:  # only the knocker heard the game it meant
            assert bidding.knocker == problem.seat


def test_a_generated_problem_hears_the_auction_its_seat_heard() -> None:
    from trainer.problems.generate import NULL_SEEDS_FROM, bid_deal, bidding_of, null_deal

    state = bid_deal(25)
    assert state is not None and state.phase is Phase.PLAY
    heard = [bidding_of(state.view(seat)) for seat in Seat]
    assert heard[0] is not None and all(h == heard[0] for h in heard)  # everybody hears every bid
    assert heard[0].bid == state.bid and heard[0].events == state.view(Seat.FOREHAND).auction
    assert heard[0].events[-1].action == "pass" and heard[0].knocker is None  # an auction ends in a pass
    null = next(s for s in (null_deal(seed) for seed in range(NULL_SEEDS_FROM, NULL_SEEDS_FROM + 60)) if s)
    assert null.declarer is not None and bidding_of(null.view(null.declarer)) is None  # set, not bid
