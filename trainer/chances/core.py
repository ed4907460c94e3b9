"""Every game a seat could declare, with its chance to win, its value and the highest bid it is worth.

:func:`game_chances` reads a :class:`~trainer.rules.game.SeatView` — what one seat sees at any moment of the
auction, before or after the pickup — and answers one :class:`GameChance` per declaration the profile
allows (suit, grand and null games; hand games and their announcements; international ouvert; Danish på
bordet, Nul-ouvert and Dækker; Musik is left to the declarer's play). The chance is the model's
(:mod:`trainer.chances.model`): the share of such games the expert bots win when they play them out with
hidden cards, from the hand's features, the seat and what the auction has said so far; before the pickup it
covers the skat still to come and the discard the declarer will choose. The answer is the same for the same
view and takes a few milliseconds (no search at query time).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from trainer.cards import ALL_CARDS, HAND_SIZE, SKAT_SIZE, Card
from trainer.chances import auction
from trainer.chances.auction import AuctionRead
from trainer.chances.families import family_shift
from trainer.chances.features import Kind, Mode, Situation, indices, vector, vector_of_masks
from trainer.chances.fitted import recalibrated
from trainer.chances.hands import discard_for
from trainer.chances.model import CHANCE_CEILING, CHANCE_FLOOR, ChanceModel, Estimate, Group, load_model
from trainer.chances.worth import Spread, expected_score, highest_worth_bid, value_of
from trainer.deal import Seat
from trainer.errors import N_, SkatError
from trainer.games import SUIT_GAMES, Declaration, GameType
from trainer.profiles import RuleProfile
from trainer.rules import Phase, SeatView
from trainer.rules.bidding import AuctionEvent, allowed_declarations
from trainer.rules.play import is_trump, trump_order
from trainer.rules.value import matadors

THOROUGH_MS = 20
"""With a budget below this (``time_ms``), only the rules-of-thumb discards are weighed after the pickup."""
OPEN_PENALTY = 2
"""**[choice]** An open suit or grand game's declarer plays without seeing the defenders' cards while they
see all of theirs and the declarer's: its chance is taken as at most the open-hand chance squared (a sure
hand stays sure, a doubtful one loses much). No self-played open games calibrate this."""
_GAMES: tuple[GameType, ...] = (*SUIT_GAMES, GameType.GRAND)
_BY_KIND: dict[Kind, tuple[GameType, ...]] = {
    "suit": SUIT_GAMES,
    "grand": (GameType.GRAND,),
    "null": (GameType.NULL,),
}


class ChanceError(SkatError):
    """No chances can be given for this moment (the play has begun, or too few cards are known)."""


@dataclass(frozen=True)
class GameChance:
    """One declaration's prospects for the seat.

    ``value``: the game's value as the seat counts it now (before the pickup the textbook's count over the
    ten cards; after it, the matadors over all twelve). ``win``: the chance to win it, ``low``/``high`` the
    interval around it. ``max_bid``: the highest bid at which declaring it is worth it (an expected
    score in the profile's scheme that beats passing, see :mod:`trainer.chances.worth`), None when it is
    not worth it at any bid.
    ``spread``: the values the unseen skat may still make it worth. ``discards``: after the pickup, the two
    cards to lay away for it. ``moment``: ``pre`` (before the pickup) or ``play`` (a hand game, or after the
    pickup).
    """

    declaration: Declaration
    value: int
    win: float
    low: float
    high: float
    max_bid: int | None
    spread: Spread
    moment: Group
    discards: tuple[Card, ...] = ()
    read: AuctionRead = field(default_factory=AuctionRead)
    """What the seat has heard of the auction (the chance reads it, :mod:`trainer.chances.auction`)."""

    def win_at(self, profile: RuleProfile, bid: int) -> float:
        """The chance if the seat has to go to ``bid``: an opponent then went to the bid below it."""
        return _win_at(profile, self.declaration, self.win, self.read, bid)

    def expected_at(self, profile: RuleProfile, bid: int) -> float:
        """The expected score of declaring it at ``bid`` (:func:`trainer.chances.worth.expected_score`),
        with the chance the auction to ``bid`` leaves it."""
        return expected_score(profile, self.declaration, self.win_at(profile, bid), self.spread, bid)

    def curve(self, profile: RuleProfile, bids: Iterable[int]) -> tuple[tuple[int, float], ...]:
        """The expected score at each of ``bids``."""
        return tuple((bid, self.expected_at(profile, bid)) for bid in bids)

    def worth_at(self, bid: int) -> bool:
        """Is declaring it at ``bid`` worth it?"""
        return self.max_bid is not None and bid <= self.max_bid


def kind_of(d: Declaration) -> Kind:
    return "null" if d.game.is_null else "grand" if d.game is GameType.GRAND else "suit"


def _win_at(profile: RuleProfile, d: Declaration, win: float, read: AuctionRead, bid: int) -> float:
    later = auction.read_at(read, bid, profile)
    if later == read:
        return win
    kind = kind_of(d)
    delta = auction.shift(kind, later, profile) - auction.shift(kind, read, profile)
    return max(CHANCE_FLOOR, auction.adjusted(win, delta))


# ---- the auction as the seat heard it ------------------------------------------------------------------


def auction_summary(events: Iterable[AuctionEvent], seat: Seat) -> tuple[int, int, int]:
    """What the other two said: the highest bid they said or held, how many of them bid or held, how many
    passed."""
    high = 0
    bidders: set[Seat] = set()
    passed: set[Seat] = set()
    for event in events:
        if event.seat is seat:
            continue
        if event.action == "pass":
            passed.add(event.seat)
        else:
            bidders.add(event.seat)
            high = max(high, event.value or 0)
    return high, len(bidders), len(passed)


def _situation(profile: RuleProfile, seat: Seat, mode: Mode, skat_points: int = 0) -> Situation:
    """The networks are asked with a neutral auction: :mod:`trainer.chances.auction` reads it."""
    return Situation(mode, int(seat), profile.danish_textbook, skat_points)


def auction_read(events: Iterable[AuctionEvent], seat: Seat) -> AuctionRead:
    """What ``seat`` heard of the auction, for :mod:`trainer.chances.auction`."""
    high, bids, passed = auction_summary(events, seat)
    return AuctionRead(high, bids, passed, int(seat))


# ---- values: what the unseen skat can do to the matadors -------------------------------------------------


def matador_spread(cards: Sequence[Card], game: GameType) -> tuple[tuple[int, float], ...]:
    """The matadors over ``cards`` (ten) and a skat drawn from the 22 unseen cards, with their chances."""
    order = trump_order(game)
    held = set(cards)
    unseen_trumps = [card for card in order if card not in held]
    others = len(ALL_CARDS) - HAND_SIZE - len(unseen_trumps)
    total = (len(ALL_CARDS) - HAND_SIZE) * (len(ALL_CARDS) - HAND_SIZE - 1) / 2
    counts: dict[int, float] = {}

    def add(extra: Sequence[Card], ways: float) -> None:
        if ways <= 0:
            return
        m = matadors([*cards, *extra], game)
        counts[m] = counts.get(m, 0.0) + ways

    add((), others * (others - 1) / 2)
    for card in unseen_trumps:
        add((card,), others)
    for pair in itertools.combinations(unseen_trumps, SKAT_SIZE):
        add(pair, 1)
    return tuple(sorted((m, ways / total) for m, ways in counts.items()))


def _spread(profile: RuleProfile, d: Declaration, matador_odds: Sequence[tuple[int, float]]) -> Spread:
    if d.game.is_null:
        return ((value_of(profile, d, 0), 1.0),)
    values: dict[int, float] = {}
    for m, p in matador_odds:
        v = value_of(profile, d, m)
        values[v] = values.get(v, 0.0) + p
    return tuple(sorted(values.items()))


# ---- which chance each declaration takes -----------------------------------------------------------------


@functools.lru_cache(maxsize=16)
def _declarations(profile: RuleProfile, *, hand: bool | None) -> tuple[Declaration, ...]:
    """The declarations chances are given for (no Musik); ``hand`` None: both pickup and hand games."""
    return tuple(d for d in allowed_declarations(profile) if not d.musik and (hand is None or d.hand == hand))


def _pick(profile: RuleProfile, d: Declaration, est: Estimate, row: int) -> tuple[float, float, float]:
    """The chance of ``d`` (and its interval) from the estimate of its game's row: the win, or schneider /
    schwarz when announced; an open game no better than with open cards (the defenders see the hand), and
    for a suit or grand game no better than the open-hand chance to the power :data:`OPEN_PENALTY`."""
    win, low, high = float(est.win[row]), float(est.low[row]), float(est.high[row])
    if d.game.is_null:
        chance = min(win, float(est.open[row])) if d.ouvert else win
    elif d.ouvert and profile.ouvert_implies_schwarz_announced:
        chance = min(float(est.schwarz[row]), float(est.open_schwarz[row]) ** OPEN_PENALTY)
    elif d.schwarz_announced:
        chance = float(est.schwarz[row])
    elif d.schneider_announced:
        chance = float(est.schneider[row])
    elif d.ouvert:
        chance = min(win, float(est.open[row]) ** OPEN_PENALTY)
    else:
        return win, low, high
    share = chance / win if win > 0 else 0.0
    chance = max(CHANCE_FLOOR, chance)
    return chance, max(CHANCE_FLOOR, min(chance, low * share)), max(chance, min(CHANCE_CEILING, high * share))


def _chance(
    profile: RuleProfile,
    d: Declaration,
    picked: tuple[float, float, float],
    value: int,
    spread: Spread,
    moment: Group,
    read: AuctionRead,
    cards: Sequence[Card],
    discards: tuple[Card, ...] = (),
) -> GameChance:
    delta = auction.shift(kind_of(d), read, profile) + family_shift(d, cards)
    win, low, high = (
        min(
            CHANCE_CEILING,
            max(CHANCE_FLOOR, recalibrated(auction.adjusted(p, delta), d, moment, profile.name, read.seat)),
        )
        for p in picked
    )
    win = round(win, 4)
    return GameChance(
        declaration=d,
        value=value,
        win=win,
        low=round(min(low, win), 4),
        high=round(max(high, win), 4),
        max_bid=highest_worth_bid(profile, d, lambda bid: _win_at(profile, d, win, read, bid), spread),
        spread=spread,
        moment=moment,
        discards=discards,
        read=read,
    )


def _ordered(chances: Iterable[GameChance]) -> tuple[GameChance, ...]:
    return tuple(sorted(chances, key=lambda c: (-(c.max_bid or 0), -c.win, -c.value)))


# ---- before the pickup ---------------------------------------------------------------------------------


def hand_chances(
    profile: RuleProfile,
    cards: Sequence[Card],
    seat: Seat,
    *,
    auction: Iterable[AuctionEvent] = (),
    model: ChanceModel | None = None,
) -> tuple[GameChance, ...]:
    """The chances of every declaration for ``seat`` holding ``cards`` (ten) before the pickup: pickup
    games (the skat to come and the discard the declarer will choose are part of the chance) and hand games
    (the skat stays down)."""
    _check_cards(cards, HAND_SIZE)
    model = model or load_model()
    read = auction_read(auction, seat)
    ten = indices(cards)
    odds = {game: matador_spread(cards, game) for game in _GAMES}
    estimates: dict[tuple[GameType, Mode], tuple[Estimate, int]] = {}
    for kind, games in _BY_KIND.items():
        for moment in ("pickup", "hand"):
            situation = _situation(profile, seat, moment)
            rows = np.array([vector(kind, ten, game, situation) for game in games], dtype=np.float64)
            est = model.estimate(kind, rows, "pre" if moment == "pickup" else "play")
            for row, game in enumerate(games):
                estimates[(game, moment)] = (est, row)
    counted = {game: matadors(cards, game) for game in _GAMES}
    found: list[GameChance] = []
    for d in _declarations(profile, hand=None):
        mode: Mode = "hand" if d.hand else "pickup"
        est, row = estimates[(d.game, mode)]
        spread = _spread(profile, d, odds.get(d.game, ((0, 1.0),)))
        value = value_of(profile, d, counted[d.game]) if not d.game.is_null else spread[0][0]
        found.append(
            _chance(
                profile,
                d,
                _pick(profile, d, est, row),
                value,
                spread,
                "play" if d.hand else "pre",
                read,
                cards,
            )
        )
    return _ordered(found)


# ---- after the pickup ----------------------------------------------------------------------------------


def _candidate_discards(twelve: Sequence[Card], game: GameType, thorough: bool) -> list[tuple[Card, Card]]:
    """The pairs weighed for a game: every pair of non-trumps (a trump laid away is a trump less to play
    with; every pair when fewer than two non-trumps are left), every pair for null; or, not ``thorough``,
    the rules of thumb's pair."""
    if not thorough:
        return [discard_for(twelve, game)]
    pool = list(twelve) if game.is_null else [card for card in twelve if not is_trump(card, game)]
    if len(pool) < SKAT_SIZE:
        pool = list(twelve)
    return [(a, b) for a, b in itertools.combinations(pool, SKAT_SIZE)]


def skat_chances(
    profile: RuleProfile,
    twelve: Sequence[Card],
    seat: Seat,
    *,
    auction: Iterable[AuctionEvent] = (),
    discards: Sequence[Card] | None = None,
    thorough: bool = True,
    model: ChanceModel | None = None,
) -> tuple[GameChance, ...]:
    """The chances of every pickup declaration for the declarer holding ``twelve`` cards (its ten and the
    skat), each with the discard that gives it the best chance (``discards``: the two already laid away).
    ``thorough`` False weighs only the rules-of-thumb discard of each game."""
    _check_cards(twelve, HAND_SIZE + SKAT_SIZE)
    model = model or load_model()
    read = auction_read(auction, seat)
    fixed: tuple[Card, Card] | None = None
    if discards is not None:
        pair = tuple(discards)
        if len(pair) != SKAT_SIZE or any(card not in twelve for card in pair):
            raise ChanceError.of(N_("The two discards must be among the twelve cards."))
        fixed = (pair[0], pair[1])
    best: dict[GameType, tuple[Estimate, int, tuple[Card, Card]]] = {}
    index = {card: card.index for card in twelve}
    worth = {card: card.points for card in twelve}
    masks = [0, 0, 0, 0]  # per suit the rank positions held, as trainer.chances.features reads them
    for i in index.values():
        masks[i >> 3] |= 1 << (i & 7)
    for kind, games in _BY_KIND.items():
        # many discards give the same vector (a 7 or an 8 laid away): each vector is judged once, every
        # vector first by its chance alone, and only each game's best one in full (interval, levels)
        rows: dict[tuple[float, ...], int] = {}
        keys: list[tuple[GameType, tuple[Card, Card], int]] = []
        situations: dict[int, Situation] = {}
        for game in games:
            pairs = [fixed] if fixed is not None else _candidate_discards(twelve, game, thorough)
            for pair in pairs:
                kept = list(masks)
                for card in pair:
                    kept[index[card] >> 3] &= ~(1 << (index[card] & 7))
                points = worth[pair[0]] + worth[pair[1]]
                situation = situations.get(points)
                if situation is None:
                    situation = situations[points] = _situation(profile, seat, "post", points)
                row = rows.setdefault(tuple(vector_of_masks(kind, kept, game, situation)), len(rows))
                keys.append((game, pair, row))
        x = np.array(list(rows), dtype=np.float64)
        wins = model.win(kind, x, "play") if len(rows) > len(games) else None
        chosen: dict[GameType, tuple[int, tuple[Card, Card]]] = {}
        for game, pair, row in keys:
            held = chosen.get(game)
            if held is None or (wins is not None and wins[row] > wins[held[0]]):
                chosen[game] = (row, pair)
        picked_rows = sorted({row for row, _pair in chosen.values()})
        est = model.estimate(kind, x[picked_rows], "play")
        for game, (row, pair) in chosen.items():
            best[game] = (est, picked_rows.index(row), pair)
    counted = {game: matadors(twelve, game) for game in _GAMES}
    found: list[GameChance] = []
    for d in _declarations(profile, hand=False):
        est, row, pair = best[d.game]
        value = value_of(profile, d, counted.get(d.game, 0))
        spread = ((value, 1.0),)
        played = [card for card in twelve if card not in pair]
        found.append(
            _chance(profile, d, _pick(profile, d, est, row), value, spread, "play", read, played, pair)
        )
    return _ordered(found)


# ---- a seat's view ----------------------------------------------------------------------------------------


def game_chances(view: SeatView, *, time_ms: int | None = None) -> tuple[GameChance, ...]:
    """The chances of every game ``view.seat`` could declare now (see the module docstring).

    During the auction and before the pickup: every pickup and hand game of the ten cards. After the pickup
    (the twelve cards in hand): every pickup game with its best discard; after the discard: with that
    discard. ``time_ms`` below :data:`THOROUGH_MS` weighs only the rules-of-thumb discards (the answer depends
    on the number, never on the clock)."""
    seat = view.seat
    if view.phase is Phase.DISCARD and view.declarer is seat:
        return skat_chances(
            view.profile,
            view.hand,
            seat,
            auction=view.auction,
            thorough=time_ms is None or time_ms >= THOROUGH_MS,
        )
    if view.phase is Phase.DECLARE and view.declarer is seat and view.discards:
        return skat_chances(
            view.profile, (*view.hand, *view.discards), seat, auction=view.auction, discards=view.discards
        )
    if view.phase in (Phase.RAMSE_EXCHANGE, Phase.RAMSE_CHOICE) or (
        view.phase is Phase.PLAY and view.declaration is None
    ):
        raise ChanceError.of(N_("Everyone passed: Ramse is played, and no game is declared."))
    before_play = view.declaration is None and view.phase in (Phase.AUCTION, Phase.PICKUP, Phase.FINISHED)
    if before_play and len(view.hand) == HAND_SIZE:
        return hand_chances(view.profile, view.hand, seat, auction=view.auction)
    raise ChanceError.of(
        N_("Chances are given while the hand is judged: during the auction, before or after the pickup.")
    )


def best_at(chances: Iterable[GameChance], profile: RuleProfile, bid: int) -> GameChance | None:
    """The declaration with the best expected score at ``bid`` among those worth it there (None: none)."""
    worth = [c for c in chances if c.worth_at(bid)]
    return max(worth, key=lambda c: (c.expected_at(profile, bid), c.win), default=None)


def _check_cards(cards: Sequence[Card], count: int) -> None:
    if len(cards) != count or len(set(cards)) != count:
        raise ChanceError.of(
            N_("Chances need {n} different cards, not {given}."), n=count, given=len(set(cards))
        )
