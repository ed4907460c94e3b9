"""The open-hand labels the model's shape is fit on: the pickup with the rules-of-thumb discard, a hand game
with the skat counted for the declarer, and the levels asked only once the level below is reached."""

from __future__ import annotations

from trainer.cards import ALL_CARDS, card_points, parse_cards
from trainer.chances.labels import open_label
from trainer.deal import Deal, Seat
from trainer.games import GameType
from trainer.profiles import INTERNATIONAL
from trainer.solver import Analysis, warm_up

MONSTER = parse_cards("CJ SJ HJ DJ CA CT CK CQ SA HA")


def deal_with(forehand: tuple, skat: tuple) -> Deal:  # type: ignore[type-arg]
    rest = [card for card in ALL_CARDS if card not in forehand and card not in skat]
    return Deal(hands=(tuple(forehand), tuple(rest[:10]), tuple(rest[10:20])), skat=tuple(skat))  # type: ignore[arg-type]


def test_a_monster_wins_and_junk_loses_with_open_cards() -> None:
    warm_up(block=True)
    deal = deal_with(MONSTER, parse_cards("D7 D8"))
    strong = open_label(INTERNATIONAL, deal, Seat.FOREHAND, GameType.CLUBS, hand=True)
    assert strong is not None and strong.won and strong.schneider
    assert strong.ten == tuple(MONSTER) and set(strong.counted) == set(parse_cards("D7 D8"))
    weak = open_label(INTERNATIONAL, deal, Seat.MIDDLEHAND, GameType.CLUBS, hand=True)
    assert weak is not None and not weak.won and not weak.schneider and not weak.schwarz


def test_a_pickup_lays_away_two_of_the_twelve_and_agrees_with_the_solver() -> None:
    warm_up(block=True)
    deal = deal_with(parse_cards("CJ HJ CA CT C9 C8 SA ST H7 D7"), parse_cards("SK DA"))
    label = open_label(INTERNATIONAL, deal, Seat.FOREHAND, GameType.CLUBS, hand=False)
    assert label is not None
    twelve = set(deal.hand(Seat.FOREHAND)) | set(deal.skat)
    assert set(label.ten) | set(label.counted) == twelve and len(label.ten) == 10
    hands = [list(deal.hand(seat)) for seat in Seat]
    hands[0] = list(label.ten)
    result = Analysis(GameType.CLUBS, 0, hands, label.counted).analyse(hands, 0)
    best = max(int(v) for v in result.values.values())
    assert label.won == (best >= 61)
    assert card_points(label.counted) <= 22


def test_a_node_limit_gives_up_instead_of_guessing() -> None:
    warm_up(block=True)
    deal = deal_with(parse_cards("CJ HJ CA CT C9 C8 SA ST H7 D7"), parse_cards("SK DA"))
    assert open_label(INTERNATIONAL, deal, Seat.FOREHAND, GameType.GRAND, hand=True, node_limit=1) is None
