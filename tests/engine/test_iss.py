"""Reading and writing ISS records: the notation layer (no rules), including the 11 real sample records."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.cards import ALL_CARDS, Card, parse_card
from trainer.deal import Seat
from trainer.errors import RecordError
from trainer.games import Declaration, GameType
from trainer.iss_codec import Discards, EarlyEnd, EndKind, HiddenCard, IssDeal, OpenCards, SkatShown
from trainer.moves import Bid, Declare, Hold, Pass, PickUp, PlayCard
from trainer.records.iss import (
    IssRecord,
    IssResult,
    parse_record,
    record_id_guess,
    write_record,
)

from .iss_sample import by_id, sample_lines


def c(text: str) -> Card:
    return parse_card(text)


FH, MH, RH = Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND


def declare(seat: Seat, game: GameType, **letters: bool) -> Declare:
    """A declaration as read: the letters as written (H, O, S, Z), no pickup implied."""
    return Declare(seat, Declaration(game, **letters))


DECK = ".".join(card.iss for card in ALL_CARDS)


def line_with_moves(moves: str, result: str = "passed") -> str:
    return f"(;GM[Skat]ID[t1]P0[a]P1[b]P2[c]MV[w {DECK} {moves} ]R[{result}] ;)"


# --- the real sample ---------------------------------------------------------------------------------------


def test_every_sample_line_writes_back_byte_for_byte() -> None:
    lines = sample_lines()
    assert len(lines) == 11
    for line in lines:
        record = parse_record(line)
        assert write_record(record) == line
        assert parse_record(write_record(record)) == record


def test_sample_header_deal_and_result_fields() -> None:
    line = by_id("541932")
    record = parse_record(line)
    assert record.id == "541932"
    assert record.players == ("zoot", "kermit", "foo")
    assert record.deal is not None and not record.deal.hidden
    # The deal's first card and the skat, read from the text independently.
    mv = re.search(r"MV\[w (\S+)", line)
    assert mv is not None
    tokens = mv.group(1).split(".")
    assert record.deal.hands[0][0] == c(tokens[0])
    assert record.deal.skat == (c(tokens[30]), c(tokens[31]))
    assert record.result == IssResult(
        declarer=2,
        outcome="loss",
        value=-54,
        matadors=-2,
        overbid=False,
        points=59,
        tricks=4,
        schneider=False,
        schwarz=False,
        extras=("p0:0", "p1:0", "p2:0", "l:-1", "to:-1", "r:0"),
    )
    assert record.moves[:4] == (Pass(MH), Bid(RH, 18), Pass(FH), PickUp(RH))
    assert record.moves[4] == SkatShown((c("H8"), c("CK")))
    # one token, "2 D.ST.H8": the discards as written, then the declaration
    assert record.moves[5:7] == (Discards(RH, (c("ST"), c("H8"))), declare(RH, GameType.DIAMONDS))
    assert record.tokens()[5].text == "2 D.ST.H8"
    assert record.moves[7] == PlayCard(FH, c("SA"))
    assert sum(isinstance(m, PlayCard) for m in record.moves) == 30


def test_old_record_with_separate_discard_move() -> None:
    record = parse_record(by_id("596891"))
    declare_at = next(i for i, m in enumerate(record.moves) if isinstance(m, Declare))
    assert record.moves[declare_at] == declare(RH, GameType.DIAMONDS)
    assert record.moves[declare_at + 1] == Discards(RH, (c("D9"), c("DQ")))
    assert record.result is not None and record.result.overbid is True


def test_declaration_letters_as_written() -> None:
    grand_ouvert = parse_record(by_id("727"))
    assert declare(FH, GameType.GRAND, ouvert=True) in grand_ouvert.moves
    clubs = parse_record(by_id("26496"))
    assert declare(FH, GameType.CLUBS, hand=True, schwarz_announced=True) in clubs.moves  # "CHZ"
    null_ouvert = parse_record(by_id("1390253"))
    at = null_ouvert.moves.index(declare(MH, GameType.NULL, ouvert=True))
    assert null_ouvert.moves[at - 1] == Discards(MH, (c("HA"), c("HQ")))


def test_early_endings_and_hidden_card() -> None:
    assert parse_record(by_id("727")).moves[-3:] == (
        EarlyEnd(EndKind.RESIGN, MH),
        PlayCard(MH, c("H9")),
        EarlyEnd(EndKind.RESIGN, RH),
    )
    assert EarlyEnd(EndKind.SHOW_CARDS, FH) in parse_record(by_id("727")).moves
    left = parse_record(by_id("18358"))
    assert left.moves[-2:] == (HiddenCard(FH), EarlyEnd(EndKind.LEFT, MH))
    assert parse_record(by_id("30")).moves[-1] == EarlyEnd(EndKind.LEFT, RH)
    assert parse_record(by_id("756788")).result == IssResult(passed=True)


def test_move_numbers_count_the_deal_as_move_one() -> None:
    record = parse_record(by_id("541932"))
    assert record.move_number(0) == 2
    no_deal = IssRecord(id="x", players=("a", "b", "c"), deal=None, moves=(Pass(MH),))
    assert no_deal.move_number(0) == 1


# --- variants of the notation -----------------------------------------------------------------------------


def test_bar_separated_deal_and_hidden_cards() -> None:
    hands = [".".join(card.iss for card in ALL_CARDS[s * 10 : s * 10 + 10]) for s in range(3)]
    hidden_middle = ".".join(["??"] * 10)
    text = f"{hands[0]}|{hidden_middle}|{hands[2]}|??.??"
    line = f"(;GM[Skat]ID[9]P0[a]P1[b]P2[c]MV[w {text} 1 p ]R[passed] ;)"
    record = parse_record(line)
    assert record.deal is not None
    assert record.deal.separator == "|"
    assert record.deal.hidden
    assert record.deal.hands[1] == (None,) * 10
    assert record.deal.hands[2] == ALL_CARDS[20:30]
    assert write_record(record) == line
    with pytest.raises(RecordError, match="hidden"):
        record.deal.known_hands()


def test_old_style_declaration_order_and_open_cards_in_hand_game() -> None:
    # A hand game: every card after the type is an open card, not a discard.
    record = parse_record(line_with_moves("1 p 2 p 0 18 0 GHO.CJ.SJ"))
    expected = (declare(FH, GameType.GRAND, hand=True, ouvert=True), OpenCards(FH, (c("CJ"), c("SJ"))))
    assert record.moves[-2:] == expected
    # Modifier letters in any order are read the same, and written in the one order (O, H, S, Z).
    other = parse_record(line_with_moves("1 p 2 p 0 18 0 GOH.CJ.SJ"))
    assert other.moves == record.moves
    assert "0 GOH.CJ.SJ ]" in write_record(record)


def test_escaped_bracket_in_player_name_round_trips() -> None:
    line = r"(;GM[Skat]ID[5]P0[a\]b]P1[b]P2[c]MV[w " + DECK + " 1 p 2 p 0 p ]R[passed] ;)"
    record = parse_record(line)
    assert record.players[0] == "a]b"
    assert write_record(record) == line


@pytest.mark.parametrize(
    ("moves", "fragment"),
    [
        ("1 p 2", "no action"),
        ("x p", "not a seat"),
        ("1 XX", "neither a bid"),
        ("1 p 2 p 0 18 0 s w CJ.SJ.HJ", "must be 2 cards"),
        ("1 p 2 p 0 18 0 GHX", "not a declaration letter"),
        ("1 p 2 p 0 18 0 GHH", "written twice"),
        ("w CJ.SJ", "not understood"),
        ("1 p 2 p 0 18 0 s w CJ.SJ 0 G 0 CJ.SJ.HJ", "exactly 2 cards"),
        ("1 p 2 p 0 18 0 GH.C1", "not a card"),
    ],
)
def test_bad_moves_name_the_move(moves: str, fragment: str) -> None:
    with pytest.raises(RecordError, match=fragment) as info:
        parse_record(line_with_moves(moves))
    assert re.search(r"Move \d+ \('", str(info.value))


def test_deal_errors_name_move_one_and_the_token() -> None:
    tokens = [card.iss for card in ALL_CARDS]
    unknown = ".".join(["XY", *tokens[1:]])
    with pytest.raises(RecordError, match=r"Move 1 \(the deal\).*'XY' is not a card"):
        parse_record(f"(;ID[1]MV[w {unknown} ]R[passed];)")
    duplicate = ".".join([tokens[1], *tokens[1:]])
    with pytest.raises(RecordError, match=r"Move 1 \(the deal\).*dealt twice"):
        parse_record(f"(;ID[1]MV[w {duplicate} ]R[passed];)")
    short = ".".join(tokens[:31])
    with pytest.raises(RecordError, match=r"Move 1 \(the deal\).*31 cards; it must have 32"):
        parse_record(f"(;ID[1]MV[w {short} ]R[passed];)")


@pytest.mark.parametrize(
    "line",
    ["", "hello", "(;GM[Skat]ID[1] ;)", "(;GM[Skat]ID[1]MV[1 p] junk ;)", "(;ID[1]ID[2]MV[];)"],
)
def test_lines_that_are_not_records(line: str) -> None:
    with pytest.raises(RecordError):
        parse_record(line)


def test_result_with_bad_number() -> None:
    with pytest.raises(RecordError, match="v:x"):
        parse_record(line_with_moves("1 p", result="d:0 win v:x"))


def test_record_id_guess_from_broken_lines() -> None:
    assert record_id_guess("(;GM[Skat]ID[4711]MV[w XX ]") == "4711"
    assert record_id_guess("garbage") == ""


# --- property: any well-formed record writes and reads back to itself ---------------------------------------

maybe_card = st.one_of(st.none(), st.sampled_from(ALL_CARDS))
seat = st.sampled_from(Seat)


@st.composite
def records(draw: st.DrawFn) -> IssRecord:
    """A well-formed record: the notation only (any seats, letters and cards; the rules are the replay's)."""
    deck = draw(st.permutations(ALL_CARDS))
    hide = draw(st.sets(st.integers(0, 31), max_size=32))
    cards = [None if i in hide else card for i, card in enumerate(deck)]
    deal = IssDeal(
        hands=tuple(tuple(cards[s * 10 : s * 10 + 10]) for s in range(3)),
        skat=tuple(cards[30:]),
        separator=draw(st.sampled_from(".|")),
    )
    moves: list[object] = []
    for _ in range(draw(st.integers(0, 6))):
        moves.append(
            draw(
                st.one_of(
                    st.builds(Bid, seat, st.integers(18, 264)),
                    st.builds(Hold, seat),
                    st.builds(Pass, seat),
                )
            )
        )
    declarer = draw(seat)
    game = draw(st.sampled_from(list(GameType)))
    flags = draw(st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans()))
    declaration = Declare(declarer, Declaration(game, *flags))
    opened = tuple(draw(st.lists(maybe_card, min_size=1, max_size=10))) if flags[1] else ()  # ouvert only
    shown = [OpenCards(declarer, opened)] if opened else []
    if draw(st.booleans()):
        moves += [PickUp(declarer), SkatShown((draw(maybe_card), draw(maybe_card)))]
        discards = Discards(declarer, (draw(maybe_card), draw(maybe_card)))
        if draw(st.booleans()):
            moves += [discards, declaration, *shown]
        else:
            moves += [declaration, discards]  # an old record: the discards after the declaration
    else:
        moves += [declaration, *shown]
    for _ in range(draw(st.integers(0, 30))):
        moves.append(
            draw(
                st.one_of(st.builds(PlayCard, seat, st.sampled_from(ALL_CARDS)), st.builds(HiddenCard, seat))
            )
        )
    if draw(st.booleans()):
        moves.append(draw(st.builds(EarlyEnd, st.sampled_from(list(EndKind)), seat)))
    name = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=8)
    result = draw(
        st.one_of(
            st.none(),
            st.just(IssResult(passed=True)),
            st.builds(
                IssResult,
                declarer=st.one_of(st.none(), st.integers(-1, 2)),
                outcome=st.one_of(st.none(), st.sampled_from(["win", "loss", "penalty"])),
                value=st.one_of(st.none(), st.integers(-1000, 1000)),
                matadors=st.one_of(st.none(), st.integers(-11, 11)),
                overbid=st.one_of(st.none(), st.booleans()),
                points=st.one_of(st.none(), st.integers(0, 120)),
                tricks=st.one_of(st.none(), st.integers(0, 10)),
                schneider=st.one_of(st.none(), st.booleans()),
                schwarz=st.one_of(st.none(), st.booleans()),
                extras=st.lists(st.sampled_from(["p0:0", "l:-1", "to:2", "r:1"]), max_size=3).map(tuple),
            ),
        )
    )
    return IssRecord(
        id=draw(st.from_regex(r"[0-9]{0,8}", fullmatch=True)),
        players=(draw(name), draw(name), draw(name)),
        deal=deal,
        moves=tuple(moves),  # type: ignore[arg-type]
        result=result,
    )


@settings(max_examples=150, deadline=None)
@given(records())
def test_write_then_read_gives_the_same_record(record: IssRecord) -> None:
    assert parse_record(write_record(record)) == record
