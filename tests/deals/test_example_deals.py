"""Every example deal in exercises/deals is a legal, correctly scored game; the loader refuses broken ones.

The checks here recount each deal without the engine's play code: trick winners from a small rank table
written out below, card points summed by hand, and the textbook's numbers from their arithmetic.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from trainer.cards import ALL_CARDS, Card, Rank, Suit, parse_card
from trainer.deal import Seat
from trainer.errors import RecordError
from trainer.games import GameType
from trainer.records.deals import DEALS_DIR, ExampleDeal, deal_files, load_all, load_deal, parse_deal

FILES = deal_files()
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


@pytest.fixture(scope="module")
def deals() -> dict[str, ExampleDeal]:
    return {deal.id: deal for deal in load_all()}


def test_there_are_example_deals() -> None:
    assert len(FILES) >= 11


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_file_loads_and_validates(path: Path) -> None:
    deal = load_deal(path)
    cards = deal.deal.all_cards
    assert len(cards) == 32 and set(cards) == set(ALL_CARDS)
    assert deal.title.en and deal.title.da


# ---- an independent recount ----------------------------------------------------------------------------


def _power(card: Card, game: GameType, led: Card) -> int:
    """Strength of ``card`` in a trick led by ``led``: -1 when it cannot win (written out by hand)."""
    jack_order = [Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, Suit.CLUBS]
    if game is GameType.NULL:
        order = "789TJQKA"
        return order.index(card.rank.value) if card.suit is led.suit else -1
    plain = "789QKTA"
    trump_suit = game.trump_suit

    def is_trump(c: Card) -> bool:
        return c.rank is Rank.JACK or c.suit is trump_suit

    if card.rank is Rank.JACK:
        return 200 + jack_order.index(card.suit)
    if is_trump(card):
        return 100 + plain.index(card.rank.value)
    led_suit = None if is_trump(led) else led.suit
    return plain.index(card.rank.value) if card.suit is led_suit else -1


def _recount(deal: ExampleDeal) -> tuple[int, int]:
    """Declarer's card points (with the skat or the discards) and tricks, recounted trick by trick."""
    leader = Seat.FOREHAND
    points = sum(POINTS[c.rank.value] for c in (deal.deal.skat if deal.declaration.hand else deal.discards))
    tricks = 0
    for trick in deal.tricks:
        if len(trick.cards) < 3:
            break
        powers = [_power(c, deal.declaration.game, trick.cards[0]) for c in trick.cards]
        winner = Seat((int(leader) + powers.index(max(powers))) % 3)
        if winner is deal.declarer:
            points += sum(POINTS[c.rank.value] for c in trick.cards)
            tricks += 1
        leader = winner
    return points, tricks


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_recorded_points_match_a_recount(path: Path) -> None:
    deal = load_deal(path)
    points, tricks = _recount(deal)
    assert deal.result.declarer_points == points
    assert deal.result.declarer_tricks == tricks
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))["result"]
    if "declarer_points" in raw:
        assert raw["declarer_points"] == points


def test_every_card_is_played_by_the_seat_that_holds_it(deals: dict[str, ExampleDeal]) -> None:
    for deal in deals.values():
        leader = Seat.FOREHAND
        for trick in deal.tricks:
            for offset, card in enumerate(trick.cards):
                seat = Seat((int(leader) + offset) % 3)
                assert card in deal.deal.hand(seat) or card in deal.deal.skat, (deal.id, card)
            if len(trick.cards) == 3:
                powers = [_power(c, deal.declaration.game, trick.cards[0]) for c in trick.cards]
                leader = Seat((int(leader) + powers.index(max(powers))) % 3)


# ---- the deals the issue asks for ------------------------------------------------------------------------

BIDDING_PLAY_CHAPTERS = [f"{n:02d}-" for n in range(7, 17)]


def test_every_bidding_skat_and_play_chapter_has_a_deal(deals: dict[str, ExampleDeal]) -> None:
    covered = {chapter[:3] for deal in deals.values() for chapter in deal.chapters}
    missing = [c for c in BIDDING_PLAY_CHAPTERS if c not in covered]
    assert not missing


def test_textbook_bidding_example(deals: dict[str, ExampleDeal]) -> None:
    deal = deals["textbook-bidding"]
    assert deal.profile.name == "danish"
    # Nul-ouvert 46; spades without 3 = (3 + 1) × 11 = 44; clubs with 3 = (3 + 1) × 12 = 48.
    limits = {plan.seat: plan.value for plan in deal.plans}
    assert limits == {Seat.FOREHAND: 46, Seat.MIDDLEHAND: 44, Seat.REARHAND: 48}
    said = [(s.seat, s.action, s.value) for s in deal.bidding]
    middlehand_bids = [v for seat, action, v in said if seat is Seat.MIDDLEHAND and action == "bid"]
    assert middlehand_bids == [24, 27, 30, 33, 36, 40, 44]
    rearhand_bids = [v for seat, action, v in said if seat is Seat.REARHAND and action == "bid"]
    assert rearhand_bids == [45, 46, 48]
    assert deal.declarer is Seat.REARHAND and deal.bid == 48
    assert deal.declaration.game is GameType.CLUBS


def test_jack_in_the_skat_has_each_way_out(deals: dict[str, ExampleDeal]) -> None:
    ways = [d for d in deals.values() if d.id.startswith("jack-in-skat")]
    assert len(ways) == 3
    for deal in ways:
        hand = deal.deal.hand(deal.declarer)
        jacks = {c for c in hand if c.rank is Rank.JACK}
        # "without 2" before the skat: ♥J ♦J held, ♣J ♠J missing -> (2 + 1) × 12 = 36 = the bid.
        assert jacks == {parse_card("HJ"), parse_card("DJ")}
        assert deal.bid == 36
        assert parse_card("CJ") in deal.deal.skat  # now "with 1": (1 + 1) × 12 = 24 < 36
        assert deal.matadors == 1
    by_way = {d.id: d for d in ways}
    table = by_way["jack-in-skat-on-the-table"]
    assert table.declaration.ouvert and table.result.won and not table.result.overbid
    skraedder = by_way["jack-in-skat-skraedder"]
    assert not skraedder.declaration.ouvert and skraedder.result.schneider and skraedder.result.won
    assert 120 - skraedder.result.declarer_points < 30
    assert skraedder.result.value == 3 * 12
    thrown = by_way["jack-in-skat-thrown"]
    assert thrown.thrown and not thrown.result.won and thrown.result.value == 36
    assert thrown.result.list_score == -72


def test_null_grand_schneider_schwarz_and_defence_deals(deals: dict[str, ExampleDeal]) -> None:
    games = {d.id: d for d in deals.values()}
    nul = games["nul-ouvert"]
    assert nul.declaration.game is GameType.NULL and nul.declaration.ouvert and not nul.declaration.hand
    assert nul.result.value == 46 and nul.result.declarer_tricks == 0
    daekker = games["daekker"]
    assert daekker.declaration.hand and daekker.declaration.ouvert and daekker.result.value == 59
    grand = games["grand"]
    assert grand.declaration.game is GameType.GRAND and grand.result.won
    assert any(d.result.schneider and not d.result.schwarz and d.result.won for d in deals.values())
    schwarz = games["clubs-hand-schwarz"]
    assert schwarz.result.schwarz and schwarz.result.declarer_tricks == 10
    # with 7, game 8, hand 9, schneider 10, schwarz 11 -> 11 × 12
    assert schwarz.result.value == 132
    defence = games["defence-caught-in-the-middle"]
    assert defence.declarer is Seat.MIDDLEHAND and not defence.result.won
    # "vimle": a defender puts a ten on a trick the other defender wins.
    loaded = False
    leader = Seat.FOREHAND
    for trick in defence.tricks:
        powers = [_power(c, defence.declaration.game, trick.cards[0]) for c in trick.cards]
        winner_pos = powers.index(max(powers))
        winner = Seat((int(leader) + winner_pos) % 3)
        if winner is not defence.declarer:
            for offset, card in enumerate(trick.cards):
                seat = Seat((int(leader) + offset) % 3)
                if seat not in (winner, defence.declarer) and card.rank in (Rank.TEN, Rank.ACE):
                    loaded = True
        leader = winner
    assert loaded


def test_draw_trumps_deal_leads_trumps_until_the_defenders_have_none(deals: dict[str, ExampleDeal]) -> None:
    deal = deals["draw-trumps-first"]
    game = deal.declaration.game
    trumps = {c for c in ALL_CARDS if c.rank is Rank.JACK or c.suit is game.trump_suit}
    defenders_trumps = {c for s in Seat if s is not deal.declarer for c in deal.deal.hand(s) if c in trumps}
    for trick in deal.tricks:
        if not defenders_trumps:
            break
        assert trick.cards[0] in trumps  # the declarer keeps leading trumps
        defenders_trumps -= set(trick.cards)
    assert not defenders_trumps


# ---- the loader refuses broken deals ------------------------------------------------------------------


@pytest.fixture
def raw() -> dict[str, Any]:
    return yaml.safe_load((DEALS_DIR / "01-textbook-bidding.yaml").read_text(encoding="utf-8"))


def _refused(data: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as info:
        parse_deal(data, source="broken.yaml")
    message = str(info.value)
    assert message.startswith("broken.yaml: ")
    return message


def test_the_unchanged_fixture_loads(raw: dict[str, Any]) -> None:
    assert parse_deal(raw, source="ok.yaml").result.value == 60


def test_a_card_dealt_twice_is_refused(raw: dict[str, Any]) -> None:
    data = copy.deepcopy(raw)
    data["deal"]["skat"] = "♥9 ♣7"
    assert "twice" in _refused(data)


def test_a_bid_off_the_ladder_is_refused(raw: dict[str, Any]) -> None:
    data = copy.deepcopy(raw)
    data["bidding"][0] = "middlehand 25"
    assert "bidding step 1" in _refused(data)


def test_a_bid_out_of_turn_is_refused(raw: dict[str, Any]) -> None:
    data = copy.deepcopy(raw)
    data["bidding"][0] = "rearhand 24"
    assert "turn" in _refused(data)


def test_a_declaration_that_cannot_reach_the_bid_is_refused(raw: dict[str, Any]) -> None:
    data = copy.deepcopy(raw)
    data["declaration"]["game"] = "null ouvert"  # always 46, below the bid of 48
    message = _refused(data)
    assert "declaration" in message and "48" in message and "46" in message


def test_a_revoke_is_refused_with_the_trick_and_card(raw: dict[str, Any]) -> None:
    data = copy.deepcopy(raw)
    # Trick 2: the declarer leads ♣J; forehand holds ♣7 and must follow trumps, so ♠8 is a revoke.
    data["play"][1]["cards"] = "♣J ♠8 ♦J"
    message = _refused(data)
    assert "trick 2, card 2" in message and "forehand" in message


def test_a_wrong_recorded_result_is_refused(raw: dict[str, Any]) -> None:
    data = copy.deepcopy(raw)
    data["result"]["value"] = 48  # Skrædder was reached: 5 × 12 = 60
    message = _refused(data)
    assert "result.value" in message and "60" in message


def test_unfinished_play_is_refused_unless_thrown(raw: dict[str, Any]) -> None:
    data = copy.deepcopy(raw)
    data["play"] = data["play"][:4]
    assert "play" in _refused(data)


def test_a_note_without_danish_is_refused(raw: dict[str, Any]) -> None:
    data = copy.deepcopy(raw)
    data["title"] = {"en": "Only English"}
    assert "da" in _refused(data)


def test_a_plan_that_contradicts_the_bidding_is_refused(raw: dict[str, Any]) -> None:
    data = copy.deepcopy(raw)
    data["plans"]["middlehand"] = {"game": "diamonds"}  # without 3 = 4 × 9 = 36, but bids up to 44
    assert "plans.middlehand" in _refused(data)


def test_a_hand_game_with_a_discard_is_refused(raw: dict[str, Any]) -> None:
    data = copy.deepcopy(raw)
    data["declaration"]["game"] = "clubs hand"
    assert "discard" in _refused(data)
