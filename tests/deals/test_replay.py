"""The replay model: stepping, frames (points, trick winners, notes, open hands), play-a-seat sessions with
the computer players taking over, open-hand analysis against an exhaustive search, and loading ISS files
record by record. Positions are DealStates; the exhaustive reference walks the card play beneath them."""

from __future__ import annotations

import random

import pytest

from tests.exhaustive import exhaustive_points
from trainer.bots import choose
from trainer.cards import Card, card_points, parse_card, parse_cards
from trainer.deal import Deal, Seat, random_deal
from trainer.errors import RecordError
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.records.deals import ExampleDeal, load_all
from trainer.records.samples import iss_sample_text
from trainer.replay import (
    Analyzer,
    GameRecord,
    Viewer,
    first_costly_card,
    load_iss_text,
    next_card,
    next_trick,
    previous_card,
    previous_trick,
    result_changers,
)
from trainer.rules import DealState, Phase, PlayCard, SkatGame
from trainer.rules.value import matadors
from trainer.table_session import Place, RecordSeat, TableSession


@pytest.fixture(scope="module")
def deals() -> dict[str, ExampleDeal]:
    return {deal.id: deal for deal in load_all()}


def _record(deals: dict[str, ExampleDeal], name: str) -> GameRecord:
    return GameRecord.from_example(deals[name])


def play(state: DealState, card: Card) -> None:
    seat = state.to_move
    assert seat is not None
    state.apply(PlayCard(seat, card))


def finished(state: DealState) -> bool:
    return state.phase is Phase.FINISHED


def declarer_points(state: DealState) -> int:
    """The declarer's card points so far, the skat included."""
    assert state.declarer is not None
    return state.trick_points(state.declarer) + card_points(state.skat)


def exhaustive(state: DealState) -> int:
    """The exhaustive reference (tests/exhaustive.py) on the card play of ``state``."""
    return exhaustive_points(state.copy())


def test_stepping_by_card_and_by_trick() -> None:
    assert next_card(0, 30) == 1 and next_card(30, 30) == 30
    assert previous_card(0) == 0 and previous_card(7) == 6
    assert [next_trick(p, 30) for p in (0, 1, 2, 3, 4, 28, 29, 30)] == [3, 3, 3, 6, 6, 30, 30, 30]
    assert [previous_trick(p) for p in (0, 1, 3, 4, 6, 30)] == [0, 0, 0, 3, 3, 27]
    # a record that stops inside a trick (a null game lost on the declarer's trick, or thrown cards)
    assert next_trick(7, 8) == 8


def test_frames_of_the_textbook_deal(deals: dict[str, ExampleDeal]) -> None:
    viewer = Viewer(_record(deals, "textbook-bidding"))
    start = viewer.frame(0)
    assert start.position == 0 and start.trick == () and start.to_move is Seat.FOREHAND
    assert all(len(hand) == 10 for hand in start.hands[:2]) and len(start.hands[2]) == 10
    one = viewer.frame(1)
    assert one.trick == (parse_card("S7"),) and one.trick_winner is None and one.to_move is Seat.MIDDLEHAND
    first = viewer.frame(3)
    # ♠7 ♠A ♥J in a clubs game: the ♥J is a trump and wins for rearhand: 0 + 11 + 2 points.
    assert first.trick == parse_cards("S7 SA HJ") and first.trick_winner is Seat.REARHAND
    assert first.declarer_points == 13 and first.defender_points == 0 and first.declarer_tricks == 1
    assert first.trick_note is not None and "♥J" in first.trick_note.en
    end = viewer.frame(30)
    assert end.at_end and end.result is not None and end.result.value == 60
    assert end.declarer_points + end.skat_points == 106 and end.defender_points == 14
    assert viewer.frame(99).position == 30  # clamped


def test_running_points_add_up_at_every_position(deals: dict[str, ExampleDeal]) -> None:
    for name in ("textbook-bidding", "defence-caught-in-the-middle", "nul-ouvert"):
        deal = deals[name]
        viewer = Viewer(GameRecord.from_example(deal))
        for position in range(viewer.total + 1):
            frame = viewer.frame(position)
            done = position // 3
            played = [c for trick in deal.tricks[:done] for c in trick.cards]
            assert frame.declarer_points + frame.defender_points == sum(c.points for c in played)
            assert sum(len(h) for h in frame.hands) == 30 - position


def _open_seats(viewer: Viewer, position: int, seat: Seat) -> set[Seat]:
    view = viewer.seat_view(position, seat)
    return {seat} | {open_seat for open_seat, _cards in view.open_hands}


def test_only_open_hands_are_visible(deals: dict[str, ExampleDeal]) -> None:
    nul = Viewer(_record(deals, "nul-ouvert"))  # Danish: the declarer's cards go down after the first card
    assert _open_seats(nul, 0, Seat.MIDDLEHAND) == {Seat.MIDDLEHAND}
    assert _open_seats(nul, 1, Seat.MIDDLEHAND) == {Seat.MIDDLEHAND, Seat.FOREHAND}
    daekker = Viewer(_record(deals, "daekker"))  # all ten cards open before the first lead
    assert _open_seats(daekker, 0, Seat.FOREHAND) == {Seat.FOREHAND, Seat.REARHAND}
    grand = Viewer(_record(deals, "grand"))
    assert _open_seats(grand, 5, Seat.REARHAND) == {Seat.REARHAND}
    view = grand.seat_view(5, Seat.REARHAND)
    assert view.hand == grand.frame(5).hands[Seat.REARHAND]  # the frame has every hand, the view its own


def test_card_notes_follow_the_card(deals: dict[str, ExampleDeal]) -> None:
    viewer = Viewer(_record(deals, "defence-caught-in-the-middle"))
    frame = viewer.frame(6)  # ♥J ♠J ♥10: the ♥10 is the sixth card
    assert frame.last_card == (Seat.FOREHAND, parse_card("HT"))
    assert frame.card_note is not None and "ten" in frame.card_note.en
    assert viewer.frame(5).card_note is None


def test_following_the_record_gives_the_recorded_result(deals: dict[str, ExampleDeal]) -> None:
    for name in ("textbook-bidding", "defence-caught-in-the-middle", "daekker"):
        record = _record(deals, name)
        for seat in Seat:
            session = RecordSeat(record, seat)
            while not session.finished:
                card = session.recorded_card()
                assert card is not None and session.learner_to_move
                assert session.play(card) is None
            assert session.on_record and session.cards == record.moves  # every other card from the record
            outcome = session.outcome()
            assert outcome is not None and outcome.result == record.result


def test_an_illegal_card_is_refused_with_the_jack_pitfall(deals: dict[str, ExampleDeal]) -> None:
    session = RecordSeat(_record(deals, "defence-caught-in-the-middle"), Seat.REARHAND)
    # forehand led ♠7, middlehand (declarer) played ♠K; rearhand holds ♠J ♠A ♠Q ♠9 in a hearts game
    assert session.cards == parse_cards("S7 SK")
    refusal = session.play(parse_card("SJ"))
    assert refusal is not None and refusal.code == "must_follow_suit" and refusal.note == "jack_is_trump"
    assert set(refusal.examples) == set(parse_cards("SA SQ S9"))
    assert len(session.cards) == 2  # nothing was played


def test_departing_from_the_record_hands_over_to_the_computer_players(deals: dict[str, ExampleDeal]) -> None:
    """After the learner leaves the record, every other card is the club bot's choice from its own view."""
    record = _record(deals, "defence-caught-in-the-middle")
    session = RecordSeat(record, Seat.REARHAND)
    assert session.play(parse_card("SA")) is None  # the record ducked with ♠Q
    assert session.departed_at == 2 and not session.on_record
    while not session.finished:
        legal = [m.card for m in session.view().legal_moves if isinstance(m, PlayCard)]
        session.play(legal[0])
    outcome = session.outcome()
    assert outcome is not None and outcome.result is not None and sum(outcome.points) == 120
    # each bot card is the table session's computer's choice from that seat's view at that point, and the
    # seat rebuilt from its cards alone is the same position
    cards = session.cards
    seats = [seat for trick in session.view().tricks for seat in trick.seats]
    places = [Place("bot"), Place("bot"), Place("human")]
    computers = [i for i, seat in enumerate(seats) if i >= 2 and seat is not Seat.REARHAND]
    assert len(computers) == 2 * 9  # after the departure: nine cards each from the two other seats
    for index in computers:
        state = record.deal_state_at(0)
        for card in cards[:index]:
            play(state, card)
        table = TableSession(SkatGame(record.profile), places, current=state, current_number=1)
        assert table.computer_decision().move == PlayCard(seats[index], cards[index])
    again = RecordSeat(record, Seat.REARHAND, cards)
    assert again.finished and again.cards == cards and again.outcome() == outcome


# ---- analysis against an exhaustive search ----------------------------------------------------------------


def _ending(seed: int, game: GameType, cards_played: int) -> tuple[GameRecord, DealState]:
    rng = random.Random(seed)
    deal = random_deal(seed, INTERNATIONAL)
    declarer = Seat(seed % 3)
    declaration = Declaration(game, hand=True)
    count = matadors((*deal.hand(declarer), *deal.skat), game) if not game.is_null else 0
    bid = 18
    record = GameRecord(INTERNATIONAL, deal, declarer, declaration, bid, count or 1, (), (), None)
    state = record.deal_state()
    moves = []
    for _ in range(cards_played):
        if finished(state):
            break
        # In null the declarer ducks where it can (the club bot), so that the game lasts into an ending.
        seat = state.to_move
        assert seat is not None
        if game.is_null and seat is declarer:
            move = choose(state.view(seat), "club", rng=rng).move
            assert isinstance(move, PlayCard)
            card = move.card
        else:
            card = rng.choice(state.legal_cards())
        moves.append(card)
        play(state, card)
    record = GameRecord(INTERNATIONAL, deal, declarer, declaration, bid, count or 1, (), tuple(moves), None)
    return record, state


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("played", [19, 21, 22])
def test_each_cards_outcome_matches_an_exhaustive_search(seed: int, played: int) -> None:
    game = (GameType.GRAND, GameType.CLUBS, GameType.HEARTS)[seed % 3]
    record, state = _ending(seed, game, played)
    outcomes = list(Analyzer(record, backend="python").outcomes(state))
    assert [o.card for o in outcomes] == list(state.legal_cards())
    for outcome in outcomes:
        play(state, outcome.card)
        expected = exhaustive(state) if not finished(state) else declarer_points(state)
        state.undo()
        assert outcome.exact and outcome.declarer_points == expected
        assert outcome.declarer_wins == (expected >= 61)


def _null_declarer_safe(state: DealState) -> bool:
    """Can the null declarer avoid every trick from here (exhaustive)?"""
    assert state.declarer is not None
    if finished(state):
        return state.tricks_won(state.declarer) == 0
    declarer_moves = state.to_move is state.declarer
    for card in state.legal_cards():
        play(state, card)
        safe = _null_declarer_safe(state)
        state.undo()
        if safe == declarer_moves:  # the declarer found a safe card / a defender found a way to catch
            return safe
    return not declarer_moves


@pytest.mark.parametrize("seed", range(5))
def test_null_outcomes_match_an_exhaustive_search(seed: int) -> None:
    found = 0
    for attempt in range(seed * 50, seed * 50 + 50):
        record, state = _ending(attempt, GameType.NULL, 18)
        if not finished(state):
            found += 1
            break
    assert found, "no unfinished null game in 50 seeds"
    for outcome in Analyzer(record, backend="python").outcomes(state):
        play(state, outcome.card)
        assert outcome.declarer_wins == _null_declarer_safe(state)
        state.undo()


def test_a_known_ending_the_best_card_by_reasoning() -> None:
    """Grand hand, forehand declarer. Forehand leads ♦J and then six clubs; the others hold no clubs but
    rearhand's ♣7, hold no Jacks, and throw small cards: forehand wins seven tricks worth 47, and the skat
    (♠J ♥J) adds 4. Left: forehand ♣J ♠A ♠7, middlehand ♠10 ♥A ♦A, rearhand ♠K ♥10 ♦10 (69 points).

    ♠A first fells ♠10 and ♠K; ♣J then collects an Ace and a ten; ♠7 wins the last trick because nobody
    has a spade left: all 120. ♣J first comes to the same. ♠7 first loses ♠7 ♠10 ♠K (14) to rearhand,
    and forehand still gets the rest by trumping the next lead: 106."""
    deal = Deal(
        hands=(
            parse_cards("CJ SA S7 DJ CA CT CK CQ C9 C8"),
            parse_cards("ST HA DA D7 D8 D9 DQ DK HQ HK"),
            parse_cards("SK HT DT S8 C7 S9 SQ H7 H8 H9"),
        ),
        skat=(parse_card("SJ"), parse_card("HJ")),
    )
    filler = parse_cards("DJ D7 S8 CA D8 C7 CT D9 S9 CK DQ SQ CQ DK H7 C9 HQ H8 C8 HK H9")
    declaration = Declaration(GameType.GRAND, hand=True)
    record = GameRecord(INTERNATIONAL, deal, Seat.FOREHAND, declaration, 18, 1, (), filler, None)
    state = record.deal_state_at(len(filler))
    assert declarer_points(state) == 47 + 4 and state.to_move is Seat.FOREHAND
    outcomes = {o.card: o for o in Analyzer(record, backend="python").outcomes(state)}
    assert {card: o.declarer_points for card, o in outcomes.items()} == {
        parse_card("SA"): 120,
        parse_card("CJ"): 120,
        parse_card("S7"): 106,
    }
    assert all(o.declarer_wins for o in outcomes.values())


def test_result_changers_are_the_cards_that_flip_the_result(deals: dict[str, ExampleDeal]) -> None:
    record, state = _ending(3, GameType.GRAND, 21)
    outcomes = list(Analyzer(record, backend="python").outcomes(state))
    changers = result_changers(outcomes, state.to_move is state.declarer)
    wins = {o.card: o.declarer_wins for o in outcomes}
    if len(set(wins.values())) == 1:
        assert changers == frozenset()
    else:
        best = state.to_move is state.declarer
        assert changers == {card for card, win in wins.items() if win is not best}


def test_first_costly_card_finds_the_first_blunder() -> None:
    """Search seeded endings for one where the declarer is winning with 9 cards left, then let the declarer
    play the worst card at every turn: the first declarer card after which the exhaustive value drops
    below 61 is the costly card."""
    for seed in range(60):
        record, state = _ending(seed, GameType.GRAND, 21)
        if finished(state) or exhaustive(state) < 61:
            continue
        moves = list(record.moves)
        blunder = None
        while not finished(state):
            options = []
            for card in state.legal_cards():
                play(state, card)
                options.append((exhaustive(state) if not finished(state) else declarer_points(state), card))
                state.undo()
            pick = min if state.to_move is state.declarer else max
            worst = pick(options, key=lambda option: option[0])
            could_win = max(value for value, _ in options) >= 61
            if state.to_move is state.declarer and blunder is None and worst[0] < 61 and could_win:
                blunder = (len(moves), worst[1])
            moves.append(worst[1])
            play(state, worst[1])
        if blunder is None:
            continue
        full = GameRecord(**{**record.__dict__, "moves": tuple(moves)})
        analyzer = Analyzer(full, backend="python")
        found = first_costly_card(full, moves, full.declarer, start=21, analyzer=analyzer)
        assert found is not None and (found.index, found.card) == blunder
        assert found.card not in found.better and found.better
        return
    pytest.fail("no suitable ending found in 60 seeds")


# ---- ISS files ---------------------------------------------------------------------------------------------


def test_the_iss_sample_loads_record_by_record() -> None:
    loads = load_iss_text(iss_sample_text(), INTERNATIONAL)
    assert len(loads) == 11
    good = [load for load in loads if load.record is not None]
    assert good, [load.error for load in loads]
    for load in good:
        assert load.record is not None and Viewer(load.record).total == len(load.record.moves)


def test_a_bad_line_is_reported_and_good_lines_still_load(deals: dict[str, ExampleDeal]) -> None:
    from trainer.records.iss import export

    deal = deals["grand"]
    record = GameRecord.from_example(deal)
    state = SkatGame(deal.profile).replay(
        [
            *record.deal_state().history[:1],
            *(step.move for step in deal.bidding),
            *record.deal_state().history[2:],
        ]
    )
    for card in record.moves:
        play(state, card)
    line = export(state, record_id="42").line
    assert line is not None
    broken = line.replace("MV[w ", "MV[w XX.")
    text = "\n".join([line, "not a record", broken, "", line])
    loads = load_iss_text(text, INTERNATIONAL)
    assert [load.line_number for load in loads] == [1, 2, 3, 5]
    assert [load.record is not None for load in loads] == [True, False, False, True]
    assert loads[1].error and loads[2].error
    assert loads[0].record is not None and loads[0].record.moves == record.moves
    assert loads[0].record.result is not None and loads[0].record.result.value == 96


def test_danish_rules_refuse_an_international_bid() -> None:
    # 18 is below the Danish minimum bid of 24: the record is reported, not crashed on.
    loads = load_iss_text(
        "(;GM[Skat]ID[1]P0[a]P1[b]P2[c]MV[w "
        + ".".join(c.iss for c in random_deal(3, DANISH).all_cards)
        + " 1 18 0 p 2 p ]R[] ;)",
        DANISH,
    )
    assert loads[0].record is None and "18" in loads[0].error


# ---- the verdict uses the game's real evaluation -------------------------------------------------------
#
# Grand hand (international, grand base 24), forehand declares holding all four Jacks: "with 4".
# Multipliers: 4 matadors + game 1 + hand 1 = 6 -> 144; schneider 7 -> 168; schwarz 8 -> 192.
# Forehand leads ♥J, ♦J, ♣A, ♣10, ♠A, ♠10, ♥A and wins all seven tricks (nobody else holds a Jack, and the
# defenders follow or throw their counting cards). Left: forehand ♣J ♠J and a diamond; middlehand ♦8 ♥9 ♥8,
# rearhand ♦9 ♠7 ♥7: the defenders hold no card that counts, so every line ends at 120 card points.
_VERDICT_FILLER = "HJ DK DQ DJ C7 HQ CA CK CQ CT C9 C8 SA SK SQ ST S9 S8 HA HT HK"


def _verdict_record(forehand_diamond: str, skat: str, bid: int) -> tuple[GameRecord, DealState]:
    deal = Deal(
        hands=(
            parse_cards(f"CJ SJ HJ DJ CA CT SA ST HA {forehand_diamond}"),
            parse_cards("CK C9 C7 SK S9 HT H9 H8 DK D8"),
            parse_cards("CQ C8 SQ S8 S7 HK HQ H7 DQ D9"),
        ),
        skat=tuple(parse_cards(skat)),  # type: ignore[arg-type]
    )
    declaration = Declaration(GameType.GRAND, hand=True)
    assert matadors([*deal.hands[0], *deal.skat], GameType.GRAND) == 4
    moves = parse_cards(_VERDICT_FILLER)
    record = GameRecord(INTERNATIONAL, deal, Seat.FOREHAND, declaration, bid, 4, (), tuple(moves), None)
    state = record.deal_state_at(len(moves))
    assert state.tricks_won(Seat.FOREHAND) == 7 and state.to_move is Seat.FOREHAND
    assert state.tricks_won(Seat.MIDDLEHAND) == state.tricks_won(Seat.REARHAND) == 0
    return record, state


def test_120_points_without_schwarz_lose_a_bid_only_schwarz_reaches() -> None:
    """Forehand's last diamond is the ♦7: whenever it is played, the defenders follow with ♦8/♦9 (both keep
    a diamond) and take a trick worth nothing. 120 card points and schneider, but not schwarz: 168 < 192,
    so the game is lost as overbid although the points are far above 61."""
    record, state = _verdict_record("D7", "DA DT", 192)
    outcomes = list(Analyzer(record, backend="python").outcomes(state))
    assert {o.card for o in outcomes} == set(parse_cards("CJ SJ D7"))
    for outcome in outcomes:
        assert outcome.exact and outcome.declarer_points == 120
        assert outcome.declarer_wins is False
    # The same line scored at the end agrees: ♣J, ♠J, then ♦7 lost to rearhand's ♦9.
    end = record.deal_state_at(len(record.moves))
    for card in parse_cards("CJ H9 H7 SJ H8 S7 D7 D8 D9"):
        play(end, card)
    outcome = end.outcome()
    assert outcome is not None and outcome.result is not None
    assert outcome.declarer_points == 120 and outcome.declarer_tricks == 9
    assert not outcome.result.won and outcome.result.overbid


def test_schwarz_wins_a_bid_only_schwarz_reaches() -> None:
    """Forehand holds ♦A instead: ♣J ♠J ♦A take the last three tricks in any order, so the declarer can
    take every trick: schwarz, 192 >= 192, won."""
    record, state = _verdict_record("DA", "D7 DT", 192)
    outcomes = list(Analyzer(record, backend="python").outcomes(state))
    assert len(outcomes) == 3
    assert all(o.declarer_points == 120 and o.declarer_wins is True for o in outcomes)


def test_schneider_alone_wins_a_bid_above_the_plain_value() -> None:
    """Bid 168 needs schneider (144 < 168 <= 168): 120 card points are schneider, so every card wins even
    though the ♦7 trick is lost; with a bid of 180 (above 168, below 192) every card loses."""
    record, state = _verdict_record("D7", "DA DT", 168)
    assert all(o.declarer_wins is True for o in Analyzer(record, backend="python").outcomes(state))
    record, state = _verdict_record("D7", "DA DT", 180)
    assert all(o.declarer_wins is False for o in Analyzer(record, backend="python").outcomes(state))


def test_with_a_defender_to_move_schwarz_is_judged_against_both_defenders() -> None:
    """Forehand has led ♣J and middlehand is to play. With ♦A in forehand's hand no defender card can stop
    schwarz (won at 192); with ♦7, whatever middlehand throws, rearhand keeps ♦9 for the ♦7 (lost)."""
    for diamond, skat, wins in (("DA", "D7 DT", True), ("D7", "DA DT", False)):
        record, state = _verdict_record(diamond, skat, 192)
        play(state, parse_card("CJ"))
        outcomes = list(Analyzer(record, backend="python").outcomes(state))
        assert {o.card for o in outcomes} == set(parse_cards("D8 H9 H8"))
        assert all(o.declarer_points == 120 and o.declarer_wins is wins for o in outcomes), diamond


@pytest.mark.parametrize("profile", [INTERNATIONAL, DANISH])
def test_an_all_pass_record_is_a_passed_in_deal_not_an_error(profile: RuleProfile) -> None:
    """Everyone passes (forehand, then middlehand, then rearhand: "1 p 2 p 0 p" in ISS seat order): no game
    was declared and nothing is wrong with the record. It is listed as passed in, with no game to step
    through and no error, under either rules; the game record next to it still loads."""
    cards = ".".join(c.iss for c in random_deal(5, profile).all_cards)
    passed = f"(;GM[Skat]ID[77]P0[a]P1[b]P2[c]MV[w {cards} 1 p 2 p 0 p ]R[passed] ;)"
    broken = passed.replace(" 0 p ]", " 0 p 1 CJ ]")
    loads = load_iss_text("\n".join([passed, broken]), profile)
    assert [(load.line_number, load.record_id) for load in loads] == [(1, "77"), (2, "77")]
    first, second = loads
    assert first.passed_in and first.record is None and not first.error and not first.failed
    assert second.failed and not second.passed_in and second.error  # a card after a passed-in deal
    with pytest.raises(RecordError):
        GameRecord.from_iss_line(passed, profile)  # the single-record API still has no game to give


def test_the_sample_passed_in_deal_is_listed_not_failed() -> None:
    loads = load_iss_text(iss_sample_text(), INTERNATIONAL)
    passed = [load for load in loads if load.passed_in]
    # The sample's one all-pass record (ID 756788) ends its moves with "1 p 2 p 0 p" and R[passed].
    assert [load.record_id for load in passed] == ["756788"]
    assert not any(load.failed for load in passed)
