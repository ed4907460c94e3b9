"""What the Play page shows a learner at the table (issue 24): Slå 40 an with the game the knocker names,
kontra/re and Spørge heard at every seat when they are said, the knock window answered without a pause, the
hand sorted in the auction, the bidding kept for the whole deal, the skat's cards marked in the discard, the
last trick and the bidding still there when the deal is over, and the wording (plays, Højre, Du)."""

from __future__ import annotations

import time

import pytest

from tests.play.helpers import last_deal, store_state
from tests.ui.helpers import html_rows, texts
from trainer import moves
from trainer.cards import parse_cards, sort_hand
from trainer.deal import Deal, Seat, random_deal
from trainer.errors import SkatError
from trainer.games import Declaration, GameType
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.rules import DealState, Phase
from trainer.table_session import table_game

from .driver import button, card_keys, open_play

pytestmark = pytest.mark.usefixtures("play_db")


KNOCKER = tuple(parse_cards("SQ HJ CA HA SA SJ DA CT HT ST"))
"""Forehand's ten cards: the first five are the issue's ♠Q ♥J ♣A ♥A ♠A. Grand uden 1 is worth 40 with
them; spades, the first five's longest suit, only 22 (uden 1, spil 2 × 11)."""
KNOCK_DEAL = Deal(
    hands=(
        KNOCKER,
        tuple(parse_cards("CJ CK C8 SK S8 HK H8 DT D9 D7")),
        tuple(parse_cards("DJ CQ C9 C7 S9 S7 HQ H9 DK D8")),
    ),
    skat=(parse_cards("H7")[0], parse_cards("DQ")[0]),
)
"""The other two hold nothing worth more than 40 (no computer bids over the knock)."""


def _until_learner_or_end(at, url: str, token: str, seat: Seat, runs: int = 12) -> DealState:  # type: ignore[no-untyped-def]
    """Let the computers move (one run of the ticking table each) until the learner is to move or the deal
    is over; the deal as stored then."""
    for _ in range(runs):
        _, state = last_deal(url, token)
        if state.phase is Phase.FINISHED or state.to_move is seat:
            return state
        at.run()
        assert not at.exception, at.exception
    return last_deal(url, token)[1]


@pytest.mark.parametrize("lang", ["en", "da"])
def test_slaa_40_an_names_the_game_and_gets_the_last_five_cards(play_db: str, lang: str) -> None:
    """The issue's hand: knocking for grand (the game these ten cards make 40 in), the others bid on as
    usual and the learner receives the last five cards and goes on to the skat."""
    store_state(play_db, "knock1", table_game(DANISH).new_deal(deal=KNOCK_DEAL), Seat.FOREHAND)
    at = open_play(lang, "danish", evening="knock1")
    assert sorted(card.iss for card in KNOCKER[:5]) == sorted(_hand_row(at))  # only the first five so far
    at.selectbox(key="play_knock_game").set_value(GameType.GRAND).run()
    knock = button(at, "play_knock_1")
    assert knock is not None and ("grand" in knock.label.lower())
    knock.click().run()
    state = _until_learner_or_end(at, play_db, "knock1", Seat.FOREHAND)
    assert state.history[1] == moves.Knock40(Seat.FOREHAND, True, GameType.GRAND)
    assert state.view(Seat.MIDDLEHAND).history[0] == moves.Knock40(
        Seat.FOREHAND, True
    )  # the others hear a knock
    assert state.phase is Phase.PICKUP and state.declarer is Seat.FOREHAND and state.bid == 40
    shown = texts(at)
    meaning = "Du slog 40 an i Grand" if lang == "da" else "You knocked 40 (Slå 40 an), meaning grand"
    assert meaning in shown
    assert button(at, "play_pickup") is not None
    assert sorted(_hand_row(at)) == sorted(card.iss for card in KNOCKER)  # all ten cards now


def test_a_knock_for_the_wrong_game_is_lost_without_play_and_says_why(play_db: str) -> None:
    """Knocking for the first five's longest suit (spades): won at 40, the ten cards make spades only 22,
    so the deal ends without play and the sentence names the game and its value."""
    store_state(play_db, "knock2", table_game(DANISH).new_deal(deal=KNOCK_DEAL), Seat.FOREHAND)
    at = open_play("en", "danish", evening="knock2")
    assert at.selectbox(key="play_knock_game").value is GameType.SPADES
    button(at, "play_knock_1").click().run()
    state = _until_learner_or_end(at, play_db, "knock2", Seat.FOREHAND)
    if state.phase is not Phase.FINISHED:
        at.run()
        state = last_deal(play_db, "knock2")[1]
    outcome = state.outcome()
    assert outcome is not None and outcome.slaa_40_failed
    assert "You knocked 40 (Slå 40 an) meaning spades" in texts(at)
    assert "spades is worth only 22 (without 1, game 2)" in texts(at)


@pytest.mark.parametrize("lang", ["en", "da"])
def test_after_a_knock_the_ladder_goes_on_above_40(play_db: str, lang: str) -> None:
    """Forehand has knocked 40 (a standing bid): middlehand's ladder shows 40 as the bid to beat and the
    next bids above it (the engine takes nothing lower), not "no bid yet" and the bids from 18."""
    from trainer.rules.bidding import bid_ladder
    from trainer.rules.extras import DANISH_EXTRAS

    state = table_game(DANISH).new_deal(deal=KNOCK_DEAL)
    state.apply(moves.Knock40(Seat.FOREHAND, True, GameType.GRAND))
    assert state.phase is Phase.AUCTION and state.to_move is Seat.MIDDLEHAND
    store_state(play_db, "knock3", state, Seat.MIDDLEHAND)
    at = open_play(lang, "danish", evening="knock3")
    knocked = DANISH_EXTRAS.slaa_40_an_value
    above = [str(v) for v in bid_ladder(DANISH) if v > knocked][:3]
    lowest = min(m.value for m in state.legal_moves() if isinstance(m, moves.Bid))
    assert str(lowest) == above[0]  # the engine's lowest bid now is the ladder's first above the knock
    shown = texts(at)
    current = f"Current bid: {knocked}" if lang == "en" else f"Meldingen står på {knocked}"
    assert f"{current} · " in shown and ", ".join(above) in shown, shown


def _contract_state(profile_name: str, declarer: Seat, *, seed: int = 5) -> DealState:
    """A deal whose auction is settled (``declarer`` plays grand hand at the lowest bid), before the lead."""
    profile = DANISH if profile_name == "danish" else INTERNATIONAL
    game = table_game(profile)
    return game.with_contract(
        random_deal(seed, profile), declarer, Declaration(GameType.GRAND, hand=True), bid=profile.min_bid
    )


def _lead(state: DealState) -> None:
    seat = state.to_move
    assert seat is not None
    state.apply(next(m for m in state.legal_moves() if isinstance(m, moves.PlayCard)))


@pytest.mark.parametrize("lang", ["en", "da"])
def test_kontra_and_re_are_heard_by_a_defender_when_said(play_db: str, lang: str) -> None:
    """Forehand plays grand; after the lead middlehand says kontra and forehand re. Rearhand (the learner,
    the other defender) sees both in the status line as soon as they are said, not only in the result."""
    state = _contract_state("international", Seat.FOREHAND)
    _lead(state)
    state.apply(moves.Kontra(Seat.MIDDLEHAND))
    state.apply(moves.Re(Seat.FOREHAND))
    store_state(play_db, "kontra1", state, Seat.REARHAND)
    at = open_play(lang, "international", evening="kontra1")
    shown = " ".join(c.value for c in at.caption)
    if lang == "en":
        assert "Left plays grand hand for 18" in shown  # forehand sits on rearhand's left
        assert "Right: kontra (the game counts double)" in shown
        assert "Left: re (the game counts four times)" in shown
    else:
        assert "Venstre spiller Grand af hånden for 18" in shown
        assert "Højre: kontra (spillet tæller dobbelt)" in shown
        assert "Venstre: re (spillet tæller firedobbelt)" in shown
        assert "Rigtige" not in texts(at) and "defender" not in texts(at)


def test_spoerge_is_heard_by_the_other_defender(play_db: str) -> None:
    state = _contract_state("danish", Seat.MIDDLEHAND)
    _lead(state)
    window = state.to_move
    assert state.phase is Phase.KNOCK and window is not None
    state.apply(moves.Spoerge(window, moves.SpoergeCall.KNOCK))
    state.apply(moves.Spoerge(Seat.MIDDLEHAND, moves.SpoergeCall.KNOCK_BACK))
    other = next(s for s in Seat if s not in (window, Seat.MIDDLEHAND))
    store_state(play_db, "spoerge1", state, other)
    at = open_play("en", "danish", evening="spoerge1")
    shown = " ".join(c.value for c in at.caption)
    assert "knocked (Spørge): double rates" in shown
    assert "knocked back: the rates double again" in shown


def test_the_knock_window_is_answered_at_once_and_the_next_card_keeps_the_pace(
    play_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The learner (forehand, declarer) leads; the two computer defenders' answers in the knock window come
    at once, without the pace between cards; the next card waits for the pace."""
    monkeypatch.setenv("SKAT_TRAINER_PLAY_PACE", "30")
    store_state(play_db, "window1", _contract_state("international", Seat.FOREHAND), Seat.FOREHAND)
    at = open_play("en", "international", evening="window1")
    _, before = last_deal(play_db, "window1")
    lead = next(m.card for m in before.legal_moves() if isinstance(m, moves.PlayCard))
    started = time.monotonic()
    button(at, f"play_card-{lead.iss}").click().run()
    assert not at.exception, at.exception
    _, state = last_deal(play_db, "window1")
    assert time.monotonic() - started < 30
    assert state.phase is Phase.PLAY and state.to_move is Seat.MIDDLEHAND
    calls = [m for m in state.history if isinstance(m, moves.NoCall | moves.Kontra)]
    assert [m.seat for m in calls] == [Seat.MIDDLEHAND, Seat.REARHAND][: len(calls)] and calls
    assert sum(isinstance(m, moves.PlayCard) for m in state.history) == 1  # the next card waits for the pace


def _hand_row(at) -> list[str]:  # type: ignore[no-untyped-def]
    """The learner's cards as drawn: the card buttons, or the row of face-up cards under the table."""
    keys = [key.rsplit("-", 1)[1] for key in card_keys(at)]
    if keys:
        return keys
    rows = [row for row in html_rows(at) if row and "back" not in row]
    return rows[-1] if rows else []


def test_the_hand_is_sorted_during_the_auction_and_the_bidding_stays(play_db: str) -> None:
    state = table_game(INTERNATIONAL).new_deal(11)
    store_state(play_db, "sorted1", state, Seat.REARHAND)
    at = open_play("en", "international", evening="sorted1")
    state = _until_learner_or_end(at, play_db, "sorted1", Seat.REARHAND)
    assert state.phase is Phase.AUCTION
    hand = state.hand(Seat.REARHAND)
    assert list(hand) != sort_hand(hand)  # (dealt unsorted: the page sorts it)
    assert _hand_row(at) == [card.iss for card in sort_hand(hand)]
    bidding = [c.value for c in at.caption if c.value.startswith("Bidding: ")]
    assert bidding, "the bidding so far is shown"


def test_the_bidding_is_kept_after_the_auction(play_db: str) -> None:
    game = table_game(INTERNATIONAL)
    for seed in range(40):
        state = game.new_deal(seed)
        # middlehand says 18, forehand holds, middlehand and rearhand pass: forehand plays
        try:
            for move in (
                moves.Bid(Seat.MIDDLEHAND, 18),
                moves.Hold(Seat.FOREHAND),
                moves.Pass(Seat.MIDDLEHAND),
                moves.Pass(Seat.REARHAND),
            ):
                state.apply(move)
            state.apply(moves.PickUp(Seat.FOREHAND))
        except SkatError:
            continue
        break
    assert state.phase is Phase.DISCARD
    store_state(play_db, "kept1", state, Seat.FOREHAND)
    at = open_play("en", "international", evening="kept1")
    assert any(c.value == "Bidding: Left: 18 · You: yes · Left: pass · Right: pass" for c in at.caption), [
        c.value for c in at.caption
    ]
    # the two cards taken from the skat are framed and named
    skat = state.deal.skat
    style = "".join(h.value for h in at.html)
    for card in skat:
        assert f".st-key-play_card-{card.iss} button{{outline:3px dashed" in style
    assert any("From the skat (framed in blue)" in c.value for c in at.caption)


def test_the_last_trick_and_the_bidding_stay_when_the_deal_is_over(play_db: str) -> None:
    from tests.play.helpers import review_deal

    deal = review_deal("declarer")
    store_state(play_db, "over1", deal.state, deal.learner, coach="advanced")
    at = open_play("en", "international", evening="over1")
    last = deal.state.tricks[-1] if deal.state.tricks else None
    assert last is not None
    rows = html_rows(at)
    assert [card.iss for card in last.cards] in rows  # the last trick on the table
    assert "wins the trick" in texts(at)
    assert any(c.value.startswith("Bidding: ") for c in at.caption)
    assert button(at, "play_deal") is not None


def test_the_page_draws_none_of_its_own_notes(play_db: str) -> None:
    """A bare string in a page script is drawn by Streamlit's magic: none of the page's notes shows."""
    store_state(play_db, "notes1", _contract_state("international", Seat.FOREHAND), Seat.FOREHAND)
    at = open_play("en", "international", evening="notes1")
    shown = texts(at)
    assert "The learner's place" not in shown and "Phases whose computer moves" not in shown
    assert not [m.value for m in at.markdown if m.value.startswith(("The ", "Phases"))]


def _ramse(seed: int) -> DealState:
    """A Danish deal nobody knocks or bids in, played as Ramse (everyone says Ramse) to the end."""
    import random

    from trainer.bots import choose
    from trainer.rules import RamseCall

    state = table_game(DANISH).new_deal(seed)
    rng = random.Random(seed)
    while state.phase is not Phase.FINISHED:
        seat = state.to_move
        assert seat is not None
        if state.phase is Phase.SLAA_40:
            state.apply(moves.Knock40(seat, False))
        elif state.phase is Phase.AUCTION:
            state.apply(moves.Pass(seat))
        elif state.phase is Phase.RAMSE_CHOICE:
            state.apply(RamseCall(seat, False))
        else:
            state.apply(choose(state.view(seat), "beginner", rng=rng, time_ms=20).move)
    return state


@pytest.mark.parametrize("lang", ["en", "da"])
def test_the_ramse_result_says_who_pays_and_names_the_places_in_the_language(play_db: str, lang: str) -> None:
    state = _ramse(8)
    outcome = state.outcome()
    assert outcome is not None and outcome.ramse is not None
    store_state(play_db, "ramse1", state, Seat.FOREHAND)
    at = open_play(lang, "danish", evening="ramse1")
    shown = texts(at)
    names = ("Du", "Venstre", "Højre") if lang == "da" else ("You", "Left", "Right")
    paying = ("betaler", "betaler hver") if lang == "da" else ("pays each of the others", "each pay")
    assert any(word in shown for word in paying), shown
    assert all(
        f"{name} {outcome.points[int(seat)]}" in shown
        for name, seat in zip(names, (Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND), strict=True)
    )
    (sheet,) = at.dataframe
    assert [c for c in sheet.value.columns if c in names] == list(names)  # the sheet's columns
    assert "Rigtige" not in shown and "Dig" not in shown
