"""The coach of the Play page: bidding hints, win-chance estimates, the memory check and the evening's score
sheet. No Streamlit here: the page draws what these functions compute.

- :func:`bidding_hints`: for the learner's ten cards, the highest safe bid of each plain game (the
  calculators' working, "med 2, spil 3 = 36") and, optionally, an estimated chance to win it.
- :func:`estimate_win_chance`: deal the unseen 22 cards at random many times and solve each deal with all
  hands open (the open-hand solver, :mod:`trainer.solver`); the share of deals the declarer wins. Bounded by a
  time budget, so the page never waits long. Open-hand play is a known optimistic model for the side that
  plays better with more information, so the page calls it an estimate.
- :func:`memory_check`: after the deal, how many trumps the others held and how many card points each side
  took, so a learner can compare with what they remembered.
- :class:`ScoreSheet`: the evening's deals, each settled in every scheme (list, Seeger-Fabian, Danish money,
  online stakes) by :mod:`trainer.settlement`, with running totals per player.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from decimal import Decimal

from trainer.bidding import bid_table
from trainer.cards import ALL_CARDS, HAND_SIZE, SKAT_SIZE, Card, parse_card
from trainer.deal import Seat
from trainer.extras import DANISH_EXTRAS, RamseResult, Spoerge, ramse_result
from trainer.games import Declaration, GameType
from trainer.play import is_trump
from trainer.profiles import RuleProfile, get_profile
from trainer.settlement import (
    ONLINE_STAKES,
    SEEGER_FABIAN,
    Settlement,
    danish_money,
    danish_money_for,
    list_settlement,
    online_stakes,
    ramse_money,
    seeger_fabian,
    slaa_40_an_forfeit,
)
from trainer.value import GameResult, ValueBreakdown, evaluate_game

# --- bidding hints ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WinChance:
    """An estimated chance to win a game: ``wins`` of ``samples`` sampled deals (open hands)."""

    wins: int
    samples: int

    @property
    def chance(self) -> float | None:
        """The share of won samples (None when no sample was solved within the budget)."""
        return self.wins / self.samples if self.samples else None


@dataclass(frozen=True)
class BidHint:
    """One game the learner could bid for: its declaration, its value's working (= the highest safe bid)
    and the estimated chance to win it (None when not estimated)."""

    declaration: Declaration
    breakdown: ValueBreakdown
    chance: WinChance | None = None

    @property
    def value(self) -> int:
        return self.breakdown.value


def _unseen(hand: Iterable[Card]) -> list[Card]:
    held = set(hand)
    return [card for card in ALL_CARDS if card not in held]


def _sample_hands(
    rng: random.Random, hand: Sequence[Card], seat: Seat
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """A random layout of the unseen cards around ``seat``'s hand: three hands and a skat."""
    rest = _unseen(hand)
    rng.shuffle(rest)
    others = [s for s in Seat if s is not seat]
    hands: list[tuple[Card, ...]] = [(), (), ()]
    hands[int(seat)] = tuple(hand)
    hands[int(others[0])] = tuple(rest[:HAND_SIZE])
    hands[int(others[1])] = tuple(rest[HAND_SIZE : 2 * HAND_SIZE])
    return hands, tuple(rest[2 * HAND_SIZE : 2 * HAND_SIZE + SKAT_SIZE])


def _declarer_wins_open(
    profile: RuleProfile, declaration: Declaration, hands: Sequence[tuple[Card, ...]], skat: tuple[Card, ...],
    declarer: Seat, time_limit: float,
) -> bool | None:  # fmt: skip
    """Solve one sampled deal with open hands from the first lead; None when the cap left it open.
    Suit and grand: the declarer keeps the ten cards and the skat counts for the declarer (the pickup is not
    modelled); won means reaching the profile's winning points. Null: won means taking no trick."""
    from trainer.solver import Analysis

    analysis = Analysis(declaration.game, int(declarer), hands, skat)
    result = analysis.analyse(hands, int(Seat.FOREHAND), time_limit=time_limit)
    if not result.complete and not result.values:
        return None
    declarer_leads = Seat.FOREHAND is declarer
    if declaration.game.is_null:
        wins = [bool(v) for v in result.values.values()]
        if not wins:
            return None
        return any(wins) if declarer_leads else all(wins)
    points = [int(v) for v in result.values.values()]
    if not points:
        return None
    best = max(points) if declarer_leads else min(points)
    return best >= profile.win_min_points


def estimate_win_chance(
    profile: RuleProfile,
    hand: Sequence[Card],
    seat: Seat,
    declaration: Declaration,
    *,
    rng: random.Random,
    samples: int = 24,
    time_budget: float = 1.0,
    per_deal: float = 0.25,
) -> WinChance:
    """Estimate the chance that ``seat`` wins ``declaration`` with ``hand``: sample layouts of the unseen
    cards and solve each with open hands (see :func:`_declarer_wins_open`). Stops after ``samples`` deals or
    when ``time_budget`` seconds are spent, whichever comes first; ``per_deal`` caps each solve."""
    if len(hand) != 10:
        from trainer.errors import SkatError
        from trainer.i18n import N_

        raise SkatError.of(N_("A win chance needs the ten cards of one hand, not {n}."), n=len(hand))
    deadline = time.perf_counter() + time_budget
    wins = solved = 0
    for _ in range(samples):
        if time.perf_counter() >= deadline:
            break
        hands, skat = _sample_hands(rng, hand, seat)
        verdict = _declarer_wins_open(profile, declaration, hands, skat, seat, per_deal)
        if verdict is None:
            continue
        solved += 1
        wins += int(verdict)
    return WinChance(wins, solved)


def bidding_hints(
    profile: RuleProfile,
    hand: Sequence[Card],
    seat: Seat,
    *,
    rng: random.Random | None = None,
    chances: int = 0,
    time_budget: float = 2.0,
) -> list[BidHint]:
    """The plain games of ``hand`` with their highest safe bid, highest first (the calculators' bid table,
    without hand/ouvert variants). ``chances``: estimate the win chance of that many of the top games,
    sharing ``time_budget`` seconds."""
    rows = bid_table(profile, hand, with_variants=False)
    hints = [BidHint(row.declaration, row.breakdown) for row in rows]
    if chances <= 0 or not hints:
        return hints
    rng = rng or random.Random(0)
    # Estimate the best game of each kind first (suit, grand, null), then the rest by value.
    firsts: dict[str, int] = {}
    for index, hint in enumerate(hints):
        kind = (
            "null"
            if hint.declaration.game.is_null
            else hint.declaration.game.value
            if hint.declaration.game.is_grand
            else "suit"
        )
        firsts.setdefault(kind, index)
    order = sorted(firsts.values()) + [i for i in range(len(hints)) if i not in firsts.values()]
    chosen = order[:chances]
    share = time_budget / len(chosen)
    for index in chosen:
        hint = hints[index]
        chance = estimate_win_chance(profile, hand, seat, hint.declaration, rng=rng, time_budget=share)
        hints[index] = BidHint(hint.declaration, hint.breakdown, chance)
    return hints


def highest_hint(hints: Sequence[BidHint]) -> BidHint | None:
    """The game worth the most (the highest bid the hand can safely go to)."""
    return max(hints, key=lambda hint: hint.value, default=None)


# --- memory check -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MemoryCheck:
    """What a learner may try to remember during a deal, counted afterwards from the tricks.

    ``trumps_out``: trumps the two other players held at the start (None in null games); ``declarer_points``
    and ``defender_points``: card points taken (the declarer's with the skat)."""

    trumps_out: int | None
    trumps_held: int | None
    declarer_points: int
    defender_points: int


def memory_check(
    game: GameType,
    learner_hand: Iterable[Card],
    declarer_points: int,
    defender_points: int,
) -> MemoryCheck:
    """The memory-check answers for a learner who started with ``learner_hand`` (ten cards)."""
    if not game.has_trumps:
        return MemoryCheck(None, None, declarer_points, defender_points)
    held = sum(1 for card in learner_hand if is_trump(card, game))
    total = sum(1 for card in ALL_CARDS if is_trump(card, game))
    return MemoryCheck(total - held, held, declarer_points, defender_points)


# --- the evening's score sheet ------------------------------------------------------------------------------

SCHEMES: tuple[str, ...] = ("list", "seeger_fabian", "danish_money", "online_stakes")
"""The settlement schemes a score sheet can be kept in."""
PLAYERS = 3
"""The learner (player 0) and two computer opponents (players 1 and 2)."""


@dataclass(frozen=True)
class DealSummary:
    """The facts of one finished deal, enough to settle it in every scheme (stored as JSON).

    Players are 0 (the learner), 1 and 2; ``seats[p]`` is player p's seat in this deal. A played game has
    ``declarer`` (a player), the declaration fields, bid, matadors (with the skat), the declarer's points and
    tricks. ``slaa_40_failed``: the declarer knocked 40 (Slå 40 an) without a game worth it and lost without
    play. A Ramse (Danish all-pass) has ``ramse_points``/``ramse_tricks`` in seat order and no declarer; a
    passed-in deal (international all-pass) has neither.
    """

    profile: str
    seats: tuple[int, int, int]
    declarer: int | None = None
    game: str | None = None
    hand: bool = False
    ouvert: bool = False
    schneider_announced: bool = False
    schwarz_announced: bool = False
    musik: int = 0
    bid: int = 0
    matadors: int = 0
    declarer_points: int = 0
    declarer_tricks: int = 0
    musik_fulfilled: bool = True
    thrown: bool = False
    spoerge: str = Spoerge.NONE.value
    slaa_40_an: bool = False
    kontra: bool = False
    re: bool = False
    slaa_40_failed: bool = False
    ramse_points: tuple[int, ...] = ()
    ramse_tricks: tuple[int, ...] = ()

    @property
    def kind(self) -> str:
        """'game', 'ramse' or 'passed'."""
        if self.declarer is not None:
            return "game"
        return "ramse" if self.ramse_points else "passed"

    @property
    def declaration(self) -> Declaration | None:
        if self.game is None:
            return None
        return Declaration(
            GameType(self.game),
            hand=self.hand,
            ouvert=self.ouvert,
            schneider_announced=self.schneider_announced,
            schwarz_announced=self.schwarz_announced,
            musik=self.musik,
        )

    def result(self) -> GameResult | None:
        """The scored game (None for a Ramse or a passed-in deal)."""
        declaration = self.declaration
        if self.declarer is None or declaration is None or self.slaa_40_failed:
            return None
        return evaluate_game(
            get_profile(self.profile),
            declaration,
            matadors=self.matadors,
            bid=self.bid,
            declarer_points=self.declarer_points,
            declarer_tricks=self.declarer_tricks,
            musik_fulfilled=self.musik_fulfilled,
            thrown=self.thrown,
        )

    def ramse(self) -> RamseResult | None:
        if not self.ramse_points:
            return None
        return ramse_result(self.ramse_points, self.ramse_tricks, profile=get_profile(self.profile))

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> DealSummary:
        data = json.loads(text)
        data["seats"] = tuple(data["seats"])
        data["ramse_points"] = tuple(data.get("ramse_points", ()))
        data["ramse_tricks"] = tuple(data.get("ramse_tricks", ()))
        return cls(**data)


RAMSE_STAKE = {
    "list": Decimal(10),
    "seeger_fabian": Decimal(10),
    "danish_money": Decimal(10),
    "online_stakes": Decimal("0.10"),
}
"""**[choice]** What a Ramse loser pays each winner in each scheme (points, øre or money)."""


def settle(summary: DealSummary, scheme: str) -> tuple[Decimal, Decimal, Decimal] | None:
    """Each player's amount for one deal in ``scheme`` (player order 0, 1, 2); None when the scheme does not
    score this deal (a passed-in deal)."""
    if scheme not in SCHEMES:
        from trainer.errors import SkatError
        from trainer.i18n import N_

        raise SkatError.of(N_("Unknown settlement scheme {scheme}."), scheme=scheme)
    amounts = [Decimal(0)] * PLAYERS
    ramse = summary.ramse()
    if ramse is not None:
        by_seat = ramse_money(ramse, RAMSE_STAKE[scheme])
        for player in range(PLAYERS):
            amounts[player] = by_seat[summary.seats[player]]
        return (amounts[0], amounts[1], amounts[2])
    settlement = settlement_for(summary, scheme)
    if settlement is None and summary.slaa_40_failed:
        settlement = _slaa_40_forfeit(summary, scheme)
    elif settlement is None and summary.thrown and summary.declarer is not None:
        settlement = _lost_on(summary, scheme, summary.bid)
    if settlement is None or summary.declarer is None:
        return None
    opponents = iter(settlement.opponents)
    for player in sorted(range(PLAYERS), key=lambda p: summary.seats[p]):
        amounts[player] = settlement.declarer if player == summary.declarer else next(opponents)
    return (amounts[0], amounts[1], amounts[2])


def settlement_for(summary: DealSummary, scheme: str) -> Settlement | None:
    """The engine's settlement of a played game in ``scheme`` (with its working lines)."""
    result = summary.result()
    if result is None:
        return None
    profile = get_profile(summary.profile)
    if scheme == "list":
        return list_settlement(profile, result, kontra=summary.kontra, re=summary.re)
    if scheme == "seeger_fabian":
        return seeger_fabian(profile, result, kontra=summary.kontra, re=summary.re)
    if scheme == "danish_money":
        return danish_money(
            result,
            spoerge=Spoerge(summary.spoerge),
            slaa_40_an=summary.slaa_40_an,
            thrown_before_play=summary.thrown
            and summary.declarer_tricks == 0
            and summary.declarer_points == 0,
        )
    return online_stakes(result)


def _slaa_40_forfeit(summary: DealSummary, scheme: str) -> Settlement:
    """Slå 40 an without a game worth 40: lost without play at 40 (Danish money: the engine's forfeit with
    doubled rates; the point schemes write it as a lost game of 40)."""
    if scheme == "danish_money":
        return slaa_40_an_forfeit()
    return _lost_on(summary, scheme, DANISH_EXTRAS.slaa_40_an_value)


def _lost_on(summary: DealSummary, scheme: str, value: int) -> Settlement:
    """A game lost without play at ``value`` (cards thrown when no game reaches the bid: the bid)."""
    profile = get_profile(summary.profile)
    if scheme == "danish_money":
        return danish_money_for(value, False)
    zero = Decimal(0)
    if scheme == "seeger_fabian":
        bonus = Decimal(SEEGER_FABIAN.opponent_bonus_for(PLAYERS))
        loss = -profile.lost_factor * value - SEEGER_FABIAN.lost_penalty
        return Settlement(scheme, "points", Decimal(loss), (bonus, bonus))
    if scheme == "online_stakes":
        money = ONLINE_STAKES.stake * value
        return Settlement(scheme, "money", -2 * money, (money, money))
    return Settlement(scheme, "points", Decimal(-profile.lost_factor * value), (zero, zero))


@dataclass(frozen=True)
class SheetRow:
    """One line of the score sheet: the deal's number, its summary, the amounts and the running totals."""

    number: int
    summary: DealSummary
    amounts: tuple[Decimal, Decimal, Decimal] | None
    totals: tuple[Decimal, Decimal, Decimal]


@dataclass
class ScoreSheet:
    """The evening: finished deals in order, settled in ``scheme``."""

    scheme: str = "list"
    deals: list[DealSummary] = field(default_factory=list)

    def rows(self) -> list[SheetRow]:
        totals = [Decimal(0)] * PLAYERS
        rows = []
        for number, summary in enumerate(self.deals, start=1):
            amounts = settle(summary, self.scheme)
            if amounts is not None:
                totals = [t + a for t, a in zip(totals, amounts, strict=True)]
            rows.append(SheetRow(number, summary, amounts, (totals[0], totals[1], totals[2])))
        return rows

    def totals(self) -> tuple[Decimal, Decimal, Decimal]:
        rows = self.rows()
        return rows[-1].totals if rows else (Decimal(0), Decimal(0), Decimal(0))


def learner_seat(number: int) -> Seat:
    """The learner's seat in the evening's deal ``number`` (1, 2, 3, ...): forehand, middlehand, rearhand,
    forehand, ... (the dealer moves one seat on each deal)."""
    return Seat((number - 1) % PLAYERS)


def seats_for(number: int) -> tuple[int, int, int]:
    """Each player's seat in deal ``number``: the learner's rotates, the opponents keep their order round
    the table (player 1 on the learner's left, player 2 on the right)."""
    mine = learner_seat(number)
    return (int(mine), int(mine.next), int(mine.next.next))


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as ISS codes separated by spaces (for stored records)."""
    return " ".join(card.iss for card in cards)


def parse_cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in text.split())


# --- the post-deal review -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardVerdict:
    """One of the learner's cards judged with all hands open: ``index`` in the play order, the card, whether
    the learner's side could still win after it (None: left open by the time cap), and the cards that
    would have kept the better result when this one lost it."""

    index: int
    card: Card
    wins_after: bool | None
    could_win: bool | None
    better: tuple[Card, ...] = ()

    @property
    def costly(self) -> bool:
        """This card turned a game the learner's side could win into one it could not."""
        return bool(self.could_win) and self.wins_after is False


def card_verdicts(
    record: object,
    moves: Sequence[Card],
    seat: Seat,
    *,
    time_limit: float = 1.0,
    progress: Callable[[int, int], None] | None = None,
) -> list[CardVerdict]:
    """Judge each card ``seat`` played in ``record`` (a :class:`trainer.replay.GameRecord`) with the
    open-hand solver: for the learner's side, could it still win before the card, and after it? Cards that
    were the only legal one are skipped. Each position has its own time cap."""
    from trainer.replay import Analyzer, GameRecord

    assert isinstance(record, GameRecord)
    analyzer = Analyzer(record)
    state = record.start_state()
    declarer_side = seat is state.declarer
    found: list[CardVerdict] = []
    for index, card in enumerate(moves):
        if progress is not None:
            progress(index, len(moves))
        if state.to_move is seat and len(state.legal_cards()) > 1:
            outcomes = list(analyzer.outcomes(state, node_limit=None, time_limit=time_limit))

            def good(wins: bool | None) -> bool | None:
                return None if wins is None else wins is declarer_side

            played = next((o for o in outcomes if o.card == card), None)
            verdicts = [good(o.declarer_wins) for o in outcomes]
            could = True if True in verdicts else (None if None in verdicts else False)
            after = good(played.declarer_wins) if played is not None else None
            better = tuple(o.card for o in outcomes if good(o.declarer_wins)) if after is False else ()
            found.append(CardVerdict(index, card, after, could, better))
        state.play(card)
        if state.is_finished:
            break
    return found


def mistake_tags(
    verdicts: Sequence[CardVerdict], *, declarer: bool, overbid: bool, won: bool | None
) -> tuple[str, ...]:
    """Tags for the store's "common mistakes": a costly card, an overbid game, a lost game as declarer."""
    tags = []
    if any(v.costly for v in verdicts):
        tags.append("costly_card")
    if declarer and overbid:
        tags.append("overbid")
    if declarer and won is False:
        tags.append("lost_as_declarer")
    return tuple(tags)
