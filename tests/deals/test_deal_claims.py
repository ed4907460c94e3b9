"""Every example deal's claim, solved with the open-hand solver: what perfect play brings after the recorded
declaration (and after the other first cards and discards its notes mention), and, for the thrown deal, that
no way out exists, so throwing really is best.

The values here come from the solver, not from the deal's recorded play; the recorded play must then reach
exactly the value of perfect play, so no example deal teaches from a mistake it does not point out.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from pathlib import Path

import pytest
import yaml

from trainer.cards import Card, card_points
from trainer.deal import Seat
from trainer.errors import RecordError
from trainer.games import SUIT_GAMES, GameType
from trainer.records.deals import DEALS_DIR, ExampleDeal, deal_files, load_deal, parse_deal
from trainer.solver import Analysis
from trainer.solver.core import Engine

FILES = deal_files()
Hands = list[tuple[Card, ...]]


def _hands_after(deal: ExampleDeal, discards: Sequence[Card]) -> tuple[Hands, tuple[Card, ...]]:
    """The three hands before the first lead and the two cards that count for the declarer."""
    hands = [deal.deal.hand(seat) for seat in Seat]
    if deal.declaration.hand:
        return hands, deal.deal.skat
    twelve = (*hands[deal.declarer], *deal.deal.skat)
    hands[deal.declarer] = tuple(card for card in twelve if card not in discards)
    return hands, tuple(discards)


def _values(game: GameType, declarer: Seat, hands: Hands, skat: Sequence[Card]) -> dict[Card, int | bool]:
    """The value of every legal first card (forehand leads), with perfect play after it."""
    analysis = Analysis(game, int(declarer), hands, skat)
    result = analysis.analyse(hands, int(Seat.FOREHAND))
    assert result.complete
    return dict(result.values)


def _best(declarer: Seat, values: dict[Card, int | bool]) -> int | bool:
    """The position's value: the first card is forehand's, the best for the declarer if forehand declares."""
    scores = [int(v) for v in values.values()]
    best = max(scores) if declarer is Seat.FOREHAND else min(scores)
    return bool(best) if isinstance(next(iter(values.values())), bool) else best


def _reaches(game: GameType, declarer: Seat, hands: Hands, skat: Sequence[Card], points: int) -> bool:
    """Can the declarer force ``points`` card points (skat included) against any defence? A zero-window
    search per first card, much faster than the exact value when only the threshold matters."""
    target = points - card_points(skat)
    if target <= 0:
        return True
    engine = Engine(game, int(declarer), hands, mode="points")
    legal = engine.legal_internal(hands, int(Seat.FOREHAND), ())
    result = engine.exact_values(hands, int(Seat.FOREHAND), (), targets=dict.fromkeys(legal, target))
    assert result.complete
    reached = [result.bounds[card][0] >= target for card in legal]
    return any(reached) if declarer is Seat.FOREHAND else all(reached)


@pytest.fixture(scope="module")
def deals() -> dict[str, ExampleDeal]:
    return {path.stem: load_deal(path) for path in FILES}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_deal_states_a_claim(path: Path) -> None:
    claim = load_deal(path).claim
    assert claim is not None and claim.best is not None, "say what perfect play brings (claim.best)"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_claims_hold_with_perfect_play(path: Path, deals: dict[str, ExampleDeal]) -> None:
    deal = deals[path.stem]
    claim = deal.claim
    assert claim is not None
    game = deal.declaration.game
    hands, skat = _hands_after(deal, deal.discards)
    values = _values(game, deal.declarer, hands, skat)
    assert _best(deal.declarer, values) == claim.best
    for card, value in claim.first_leads.items():
        assert values[card] == value, f"first lead {card.symbol}"
    if claim.other_leads is not None:
        others = {card.symbol: v for card, v in values.items() if card not in claim.first_leads}
        assert others and set(others.values()) == {claim.other_leads}, others
    for pair, value in claim.discards.items():
        other_hands, other_skat = _hands_after(deal, pair)
        assert _best(deal.declarer, _values(game, deal.declarer, other_hands, other_skat)) == value, pair


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_recorded_play_is_perfect_play(path: Path, deals: dict[str, ExampleDeal]) -> None:
    """A played-out deal ends exactly where perfect play from the first lead ends."""
    deal = deals[path.stem]
    assert deal.claim is not None
    if deal.thrown:
        pytest.skip("no play recorded")
    if deal.declaration.game.is_null:
        assert deal.result.won == deal.claim.best
    else:
        assert deal.result.declarer_points == deal.claim.best


def test_the_thrown_deal_has_no_way_out(deals: dict[str, ExampleDeal]) -> None:
    """Whichever two cards are laid away, no suit game or grand reaches 61 against best defence and no null
    game avoids every trick: nothing can reach the bid, so throwing before the first lead is best."""
    thrown = [d for d in deals.values() if d.claim is not None and d.claim.no_way_out]
    assert thrown, "the thrown Jack-in-the-skat deal claims that no way out exists"
    for deal in thrown:
        twelve = (*deal.deal.hand(deal.declarer), *deal.deal.skat)
        need = deal.profile.win_min_points
        for pair in itertools.combinations(twelve, 2):
            hands, skat = _hands_after(deal, pair)
            for game in (*SUIT_GAMES, GameType.GRAND):
                assert not _reaches(game, deal.declarer, hands, skat, need), (pair, game)
            assert _best(deal.declarer, _values(GameType.NULL, deal.declarer, hands, skat)) is False, pair


def test_a_reached_threshold_agrees_with_the_exact_value(deals: dict[str, ExampleDeal]) -> None:
    """The zero-window helper above against the exact search, on both sides of a deal's value."""
    deal = deals["02-jack-in-skat-on-the-table"]
    hands, skat = _hands_after(deal, deal.discards)
    assert deal.claim is not None and isinstance(deal.claim.best, int)
    best = deal.claim.best
    assert _reaches(deal.declaration.game, deal.declarer, hands, skat, best)
    assert not _reaches(deal.declaration.game, deal.declarer, hands, skat, best + 1)


# ---- the loader refuses claims it cannot check ------------------------------------------------------------


def _raw(name: str) -> dict:
    return yaml.safe_load((DEALS_DIR / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("name", "claim", "message"),
    [
        ("01-textbook-bidding.yaml", {"best": 121}, "0 to 120"),
        ("01-textbook-bidding.yaml", {"best": "won"}, "0 to 120"),
        ("05-nul-ouvert.yaml", {"best": 0}, "'won' or 'lost'"),
        ("01-textbook-bidding.yaml", {"first_leads": {"♣J": 50}}, "does not hold"),
        ("01-textbook-bidding.yaml", {"discards": {"♣7 ♣8": 50}}, "declarer's hand"),
        ("10-clubs-hand-schwarz.yaml", {"discards": {"♣J ♠J": 50}}, "hand game"),
        ("01-textbook-bidding.yaml", {"no_way_out": True}, "thrown"),
        ("01-textbook-bidding.yaml", {"best": 106, "proof": "trust me"}, "unknown"),
    ],
)
def test_a_malformed_claim_is_refused(name: str, claim: dict, message: str) -> None:
    data = _raw(name)
    data["claim"] = claim
    with pytest.raises(RecordError, match=message):
        parse_deal(data, source=name)
