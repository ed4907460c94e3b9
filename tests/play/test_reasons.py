"""A computer's reason for its move names only cards the reader may see (:mod:`trainer.reasons`).

Found in issue 19: with the beginner coach the Play page showed "Left · forehand: Lays away ♠K ♣Q for
grand" between a computer's discard and its declaration — the real discards — and a Ramse pass between the
two others would have been said with its cards just as well. The property plays random deals of both rule
profiles (Ramse, Slå 40 an, Spørge and kontra on) and at every step lets the computer to move decide at
every level but the expert; its reason, passed through :func:`~trainer.reasons.reason_for` for each other
seat, names only cards that seat knows, by a reference worked out from the whole deal. It also checks
:meth:`SeatView.known_cards` against that reference."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.tables.test_hidden_cards import choose, known
from trainer.bots import Decision
from trainer.bots import choose as bot_choose
from trainer.cards import ALL_CARDS, parse_cards
from trainer.deal import Seat
from trainer.profiles import get_profile
from trainer.reasons import cards_named, names_only_known, public_reason, reason_for
from trainer.rules import DealState, Discard, Pass, Phase, RamsePass
from trainer.table_session import Place, TableSession, table_game
from trainer.text import N_, Message

MOVES_AT_MOST = 90


def test_cards_are_found_anywhere_in_a_message() -> None:
    sk, cq, ht = parse_cards("SK CQ HT")
    nested = Message(
        N_("{a} {b} {c}"), {"a": (sk,), "b": Message(N_("{x}"), {"x": [cq]}), "c": "the ♥10 and not SAys"}
    )
    assert set(cards_named(nested)) == {sk, cq, ht}
    assert list(cards_named(Message(N_("I pass: my hand is not worth more.")))) == []


def _declarer_discarding(profile: str) -> tuple[DealState, Decision]:
    """A deal played by the computers (level club; the learner in rearhand passes) until a computer has
    just laid away its two cards; the deal and that computer's decision."""
    prof = get_profile(profile)
    places = (Place("bot"), Place("bot"), Place("bot"))
    for seed in range(200):
        state = table_game(prof).new_deal(seed)
        session = TableSession(table_game(prof), places, level="club", current=state, current_number=1)
        while state.phase not in (Phase.FINISHED, Phase.PLAY):
            if state.to_move is Seat.REARHAND:
                legal = state.legal_moves()
                state.apply(next((m for m in legal if isinstance(m, Pass)), legal[-1]))
                continue
            decision = session.computer_step(time_ms=20)
            if isinstance(decision.move, Discard):
                return state, decision
    raise AssertionError("no computer picked up the skat in 200 deals")


@pytest.mark.parametrize("profile", ["danish", "international"])
def test_the_discard_moment_says_no_card(profile: str) -> None:
    """The moment of the issue: the computer declarer has laid away two cards and not yet declared. Its
    reason names them; the learner reads "Lays away two cards." and the declarer itself the whole reason."""
    state, decision = _declarer_discarding(profile)
    discard = decision.move
    assert isinstance(discard, Discard) and state.history[-1] == discard
    assert set(cards_named(decision.why)) >= set(discard.cards), "the computer's reason names its discards"
    learner = state.view(Seat.REARHAND)
    shown = reason_for(decision.why, discard, learner)
    assert shown == Message(N_("Lays away two cards.")) == public_reason(discard, learner)
    assert not set(cards_named(shown)) and not set(discard.cards) & learner.known_cards()
    assert reason_for(decision.why, discard, state.view(discard.seat)) == decision.why


def test_a_ramse_pass_between_the_others_says_no_card() -> None:
    """Ramse: forehand passes two cards to middlehand; rearhand hears only that two cards were passed."""
    profile = get_profile("danish")
    for seed in range(300):
        state = table_game(profile).new_deal(seed)
        while state.phase in (Phase.SLAA_40, Phase.AUCTION):
            legal = state.legal_moves()
            passes = [m for m in legal if isinstance(m, Pass)]
            state.apply(passes[0] if passes else next(m for m in legal if not m.knock))  # type: ignore[union-attr]
        if state.phase is Phase.RAMSE_EXCHANGE:
            break
    else:
        raise AssertionError("no all-pass")
    mover = state.to_move
    assert mover is Seat.FOREHAND
    decision = bot_choose(state.view(mover), "club", seed=1)
    assert isinstance(decision.move, RamsePass)
    state.apply(decision.move)
    assert set(cards_named(decision.why)) == set(decision.move.cards)
    receiver, other = mover.next, mover.next.next
    passed = Message(N_("Passes on {cards}."), {"cards": decision.move.cards})  # they were passed to them
    assert reason_for(decision.why, decision.move, state.view(receiver)) == passed
    assert reason_for(decision.why, decision.move, state.view(other)) == Message(N_("Passes on two cards."))


@pytest.mark.parametrize("profile", ["danish", "international"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31 - 1),
    choices=st.randoms(use_true_random=False),
    stop=st.integers(0, MOVES_AT_MOST),
    level=st.sampled_from(["beginner", "club"]),
)
def test_no_reason_names_a_card_its_reader_may_not_see(
    profile: str, seed: int, choices: random.Random, stop: int, level: str
) -> None:
    prof = get_profile(profile)
    state = table_game(prof).new_deal(seed)
    hidden_named = 0
    for _ in range(stop + 1):
        for seat in Seat:
            assert state.view(seat).known_cards() == frozenset(known(state, seat))
        if state.phase is Phase.FINISHED:
            break
        mover = state.to_move
        assert mover is not None
        decision = bot_choose(state.view(mover), level, rng=random.Random(seed), time_ms=20)
        state.apply(decision.move)
        for reader in Seat:
            view = state.view(reader)
            shown = reason_for(decision.why, decision.move, view)
            assert set(cards_named(shown)) <= known(state, reader), (decision.why, reader)
            assert names_only_known(shown, view)
            if reader is mover:
                assert shown == decision.why, "a computer's reason names a card it does not know"
            else:
                assert shown == public_reason(decision.move, view), "table talk: more than the move itself"
                if not names_only_known(decision.why, view):
                    hidden_named += 1
        state.undo()
        state.apply(choose(list(state.legal_moves()), choices))
    for seat in Seat:
        assert state.view(seat).known_cards() == frozenset(known(state, seat))
        assert state.view(seat).known_cards() <= frozenset(ALL_CARDS)
    event(f"stopped in {state.phase.name}")
    if hidden_named:
        event("a reason named a hidden card and was said publicly")


@pytest.mark.parametrize("profile", ["danish", "international"])
def test_a_computers_bid_is_heard_as_the_call_alone(profile: str) -> None:
    """Seen on the Play page: "Left · middlehand: Says 18: diamonds wins about 90 % and is worth up to 27."
    told the learner the computer's game (table talk). Another seat now reads only the call; the bidder's
    own reason keeps the game and its chance."""
    from trainer.rules import Bid

    prof = get_profile(profile)
    for seed in range(100):
        state = table_game(prof).new_deal(seed)
        while state.phase is not Phase.AUCTION:
            seat = state.to_move
            assert seat is not None
            state.apply(bot_choose(state.view(seat), "club", rng=random.Random(seed), time_ms=20).move)
        seat = state.to_move
        assert seat is not None
        decision = bot_choose(state.view(seat), "club", rng=random.Random(seed), time_ms=20)
        if not isinstance(decision.move, Bid):
            continue
        assert decision.why.params.get("game") is not None  # the bidder's reason names its game
        state.apply(decision.move)
        for reader in Seat:
            shown = reason_for(decision.why, decision.move, state.view(reader))
            if reader is seat:
                assert shown == decision.why
            else:
                assert shown == Message(N_("Says {bid}."), {"bid": decision.move.value})
        return
    pytest.fail("no computer opened the bidding in 100 deals")


@pytest.mark.parametrize("profile", ["danish", "international"])
@pytest.mark.parametrize("lang", ["en", "da"])
def test_a_computers_declaration_tells_no_chance(profile: str, lang: str) -> None:
    """Issue 41: "Left · middlehand: Declares diamonds: the best expected score at the bid, winning about
    69 %" and "Venstre · mellemhånd: Melder Grand: den bedste forventede score ved meldingen, vinder ca. 97 %"
    — a real opponent never says its chance (97 % means it holds the Jacks). Every other seat now reads the
    declaration alone, in either language; the declarer's own seat keeps its reason."""
    from trainer.i18n import get_translator
    from trainer.rules import Declare
    from trainer.ui.pages.play_table import reason_line
    from trainer.ui.terms import t_message

    t = get_translator(lang)
    prof = get_profile(profile)
    for seed in range(60):
        state = table_game(prof).new_deal(seed)
        while state.phase not in (Phase.FINISHED, Phase.PLAY):
            seat = state.to_move
            assert seat is not None
            decision = bot_choose(state.view(seat), "club", rng=random.Random(seed), time_ms=20)
            state.apply(decision.move)
            if not isinstance(decision.move, Declare):
                continue
            said = t_message(decision.why, t)
            assert "%" in said, "the declarer's own reason names its chance"
            for reader in Seat:
                shown = reason_for(decision.why, decision.move, state.view(reader))
                if reader is seat:
                    assert shown == decision.why
                    continue
                text = t_message(shown, t)
                assert "%" not in text and said != text, text
                assert shown == Message(N_("Declares {game}."), {"game": decision.move.declaration})
                line = reason_line(seat, shown, state.view(reader), t)
                assert line is not None and "%" not in line
            return
    pytest.fail("no computer declared a game in 60 deals")


@pytest.mark.parametrize("lang", ["en", "da"])
def test_a_computers_card_tells_no_chance(lang: str) -> None:
    """The expert's card reason ("Best over likely layouts …: the declarer wins in only 40 % of them") is
    its own estimate from its hidden hand: another seat reads the card alone."""
    from trainer.i18n import get_translator
    from trainer.ui.terms import t_message

    t = get_translator(lang)
    prof = get_profile("international")
    state = table_game(prof).new_deal(3)
    while state.phase is not Phase.PLAY:
        seat = state.to_move
        assert seat is not None
        state.apply(bot_choose(state.view(seat), "club", seed=3, time_ms=20).move)
    seat = state.to_move
    assert seat is not None
    decision = bot_choose(state.view(seat), "expert", seed=3, time_ms=300)
    state.apply(decision.move)
    for reader in Seat:
        if reader is seat:
            continue
        shown = reason_for(decision.why, decision.move, state.view(reader))
        assert shown == public_reason(decision.move, state.view(reader))
        assert "%" not in t_message(shown, t)
