"""Calculator helpers: reading a hand, the help tables, the overbid detector, the risk of a Jack in the skat,
a simulated auction, every settlement scheme at once and an evening's score sheet.

Everything here is pure and builds on :mod:`trainer.rules.value`, :mod:`trainer.rules.bidding` and
:mod:`trainer.rules.settlement`; the calculator pages and the lessons' live elements only draw what it
returns.

>>> from trainer.profiles import DANISH
>>> from trainer.cards import parse_cards
>>> hand = parse_cards("HJ DJ CA CT CK CQ C9 SA ST H7")
>>> report = overbid_report(DANISH, hand, parse_cards("CJ D7"), Declaration(GameType.CLUBS), 36)
>>> report.before.value, report.after.value, report.overbid
(36, 24, True)
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from trainer.cards import ALL_CARDS, Card, parse_cards
from trainer.deal import HAND_SIZE, SKAT_SIZE, Seat, random_deal
from trainer.errors import N_, BidError, CardParseError, DeclarationError, SkatError
from trainer.games import Declaration, GameType
from trainer.profiles import RuleProfile
from trainer.rules import Bid, DealState, Hold, Pass, Phase, SkatGame
from trainer.rules.bidding import (
    BidOption,
    allowed_declarations,
    bid_ladder,
    bid_table,
    check_bid_value,
    games_for_bid,
)
from trainer.rules.extras import DANISH_EXTRAS, DanishExtras, Spoerge
from trainer.rules.settlement import (
    DanishMoneyConfig,
    OnlineStakesConfig,
    Settlement,
    danish_money,
    list_settlement,
    online_stakes,
    seeger_fabian,
    thrown_on_the_bid,
)
from trainer.rules.value import (
    GameResult,
    ValueBreakdown,
    evaluate_game,
    game_value,
    matadors,
    max_matadors,
    trump_order,
)


# --- reading cards --------------------------------------------------------------------------------------
def read_cards(text: str, count: int, *, what: str = "hand") -> tuple[Card, ...]:
    """Read ``count`` cards (any notation :func:`trainer.cards.parse_card` reads); the message says which
    field (``what``: 'hand' or 'skat') was wrong."""
    empty, wrong = _FIELD_MESSAGES.get(what, _FIELD_MESSAGES[None])
    if not text.strip():
        raise CardParseError.of(empty, what=what, count=count)
    try:
        return parse_cards(text, count=count)
    except CardParseError as error:
        raise CardParseError.of(wrong, what=what, error=error) from None


_FIELD_MESSAGES: dict[str | None, tuple[str, str]] = {
    "hand": (N_("The hand is empty: write {count} cards, e.g. CJ HA or ♣J ♥A."), N_("The hand: {error}")),
    "skat": (N_("The skat is empty: write {count} cards, e.g. CJ HA or ♣J ♥A."), N_("The skat: {error}")),
    None: (N_("The {what} is empty: write {count} cards, e.g. CJ HA or ♣J ♥A."), N_("The {what}: {error}")),
}
"""(empty field, unreadable field) messages per field name; other names use the generic pair."""


def check_hand_and_skat(hand: Sequence[Card], skat: Sequence[Card] | None) -> None:
    """Refuse a hand that is not ten different cards, or a skat that is not two others."""
    if len(hand) != HAND_SIZE:
        raise CardParseError.of(N_("A hand holds {size} cards, not {n}."), size=HAND_SIZE, n=len(hand))
    if len(set(hand)) != len(hand):
        raise CardParseError.of(N_("The hand holds a card twice; every card exists only once."))
    if skat is None:
        return
    if len(skat) != SKAT_SIZE:
        raise CardParseError.of(N_("The skat holds {size} cards, not {n}."), size=SKAT_SIZE, n=len(skat))
    both = [card for card in skat if card in hand]
    if both or len(set(skat)) != len(skat):
        shown = both[0] if both else skat[0]
        raise CardParseError.of(
            N_("{card} cannot be both in the hand and in the skat (or twice in the skat)."), card=shown
        )


def unseen_cards(hand: Iterable[Card]) -> tuple[Card, ...]:
    """The 22 cards the holder of a 10-card hand cannot see (the two other hands and the skat)."""
    held = set(hand)
    return tuple(card for card in ALL_CARDS if card not in held)


def random_hand_and_skat(seed: int, profile: RuleProfile) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Forehand's cards and the skat of a seeded random deal."""
    deal = random_deal(seed, profile)
    return deal.hand(Seat.FOREHAND), tuple(deal.skat)


# --- the help tables ------------------------------------------------------------------------------------
def help_columns(profile: RuleProfile, game: GameType) -> tuple[Declaration, ...]:
    """The declarations of a suit or grand game the help table has a column for: every form the profile
    allows except Musik (a bet on the last trick, not on the cards), fewest levels first."""
    if game.is_null:
        raise DeclarationError.of(N_("Null games have fixed values; they need no help table."))
    forms = [d for d in allowed_declarations(profile) if d.game is game and not d.musik]
    return tuple(sorted(forms, key=lambda d: game_value(profile, d, 1).value))


@dataclass(frozen=True)
class HelpRow:
    """One row of a help table: the run of top trumps (held or missing), the matadors and one multiplier and
    value per column of :func:`help_columns`."""

    matadors: int
    held: tuple[Card, ...]
    """The top trumps that make the run when 'with'; the first trump held when 'without'."""
    missing: tuple[Card, ...]
    """The first trump missing when 'with'; the top trumps missing when 'without'."""
    multipliers: tuple[int, ...]
    values: tuple[int, ...]


def run_cards(game: GameType, count: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Which top trumps make 'with/without ``count``': (held, missing). With n: the top n held and the next
    one missing; without n: the top n missing and the next one held (nothing past the last trump)."""
    order = trump_order(game)
    n = abs(count)
    if count > 0:
        return order[:n], order[n : n + 1]
    return order[n : n + 1], order[:n]


def help_table(profile: RuleProfile, game: GameType, *, max_run: int | None = None) -> tuple[HelpRow, ...]:
    """The help table of a suit game or grand: from 'with the most' down to 'without the most' (or only up to
    ``max_run`` either way, e.g. 4 for the textbook's Jacks-only table), each row with every column's
    multiplier and value."""
    columns = help_columns(profile, game)
    top = max_matadors(game) if max_run is None else min(max_run, max_matadors(game))
    counts = [*range(top, 0, -1), *range(-1, -top - 1, -1)]
    rows = []
    for count in counts:
        breakdowns = [game_value(profile, d, count) for d in columns]
        held, missing = run_cards(game, count)
        rows.append(
            HelpRow(
                count,
                held,
                missing,
                tuple(b.multiplier or 0 for b in breakdowns),
                tuple(b.value for b in breakdowns),
            )
        )
    return tuple(rows)


def base_value_grid(
    profile: RuleProfile, multipliers: Iterable[int]
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Step 2 of the help tables: each multiplier times each game's base value (♦ ♥ ♠ ♣ Grand)."""
    games = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS, GameType.GRAND)
    return tuple((m, tuple(m * profile.base_value(g) for g in games)) for m in multipliers)


def ladder_rows(
    profile: RuleProfile, game: GameType | None = None
) -> tuple[tuple[int, tuple[BidOption, ...]], ...]:
    """The bid ladder with every game that makes each value; with ``game`` only the values that game makes."""
    rows = []
    for value in bid_ladder(profile):
        options = tuple(
            o
            for o in games_for_bid(profile, value)
            if game is None or (o.kind is game if isinstance(o.kind, GameType) else o.kind.game is game)
        )
        if options:
            rows.append((value, options))
    return tuple(rows)


# --- the overbid detector -------------------------------------------------------------------------------
@dataclass(frozen=True)
class WayOut:
    """One way out of an overbid game: ``kind`` is 'ouvert' (på bordet), 'schneider', 'schwarz' or 'throw'.

    ``breakdown`` is the value that way; ``reaches_bid`` whether it is at least the bid; for 'throw'
    ``result`` is the lost game as scored (list score included).
    """

    kind: str
    breakdown: ValueBreakdown
    reaches_bid: bool
    result: GameResult | None = None


@dataclass(frozen=True)
class OverbidReport:
    """The count before the skat is seen (hand only) and after (hand + skat), whether the bid is still
    covered, and the ways out the profile allows with their values."""

    declaration: Declaration
    bid: int
    before: ValueBreakdown
    after: ValueBreakdown
    overbid: bool
    ways_out: tuple[WayOut, ...]
    lost: GameResult
    """The game lost as overbid (played out without schneider): the profile's overbid valuation."""
    alternatives: tuple[ValueBreakdown, ...] = field(default=())
    """Other games (with pickup, so still choosable) whose value with these 12 cards reaches the bid."""

    @property
    def skat_changed_matadors(self) -> bool:
        return self.before.matadors != self.after.matadors


def overbid_report(
    profile: RuleProfile, hand10: Sequence[Card], skat: Sequence[Card], declaration: Declaration, bid: int
) -> OverbidReport:
    """Analyse a game intended for ``bid`` once the skat is known.

    The bid must be on the ladder and the declaration allowed; the game must have been worth the bid on the
    hand alone (the textbook's way of bidding). Ways out: the open form (when the profile allows it with
    the same pickup/hand choice and the game is not a hand game already declared), Skrædder and Sort
    reached without saying so, and throwing the cards (lost, settled per the profile).
    """
    check_hand_and_skat(hand10, skat)
    check_bid_value(profile, bid)
    d = profile.check_declaration(declaration)
    if d.game.is_null:
        raise DeclarationError.of(
            N_("A null game has no matadors, so a Jack in the skat cannot change its value.")
        )
    before = game_value(profile, d, matadors(hand10, d.game))
    if before.value < bid:
        raise BidError.of(
            N_(
                "On the hand alone {game} is worth {value} ({working}), less than the bid of {bid}: that bid "
                "was never safe. Choose a bid of at most {value}."
            ),
            game=d,
            value=before.value,
            working=before,
            bid=bid,
        )
    count = matadors([*hand10, *skat], d.game)
    after = game_value(profile, d, count)
    overbid = after.value < bid
    ways: list[WayOut] = []
    if not d.hand and not d.ouvert:
        try:
            open_form = profile.check_declaration(dataclasses.replace(d, ouvert=True))
        except DeclarationError:
            open_form = None
        if open_form is not None and open_form.hand == d.hand:
            b = game_value(profile, open_form, count)
            ways.append(WayOut("ouvert", b, b.value >= bid))
    schneider = game_value(profile, d, count, schneider=True)
    ways.append(WayOut("schneider", schneider, schneider.value >= bid))
    schwarz = game_value(profile, d, count, schneider=True, schwarz=True)
    ways.append(WayOut("schwarz", schwarz, schwarz.value >= bid))
    thrown = evaluate_game(
        profile, d, matadors=count, bid=bid, declarer_points=0, declarer_tricks=0, thrown=True
    )
    ways.append(WayOut("throw", thrown.breakdown, False, thrown))
    lost = evaluate_game(
        profile,
        d,
        matadors=count,
        bid=bid,
        declarer_points=profile.win_min_points,
        declarer_tricks=HAND_SIZE // 2,
    )
    alternatives: tuple[ValueBreakdown, ...] = ()
    if overbid and not d.hand:
        alternatives = tuple(
            row.breakdown
            for row in bid_table(profile, hand10, skat)
            if row.value >= bid
            and not row.declaration.hand
            and row.declaration.game not in (d.game, GameType.NULL)
        )
    return OverbidReport(d, bid, before, after, overbid, tuple(ways), lost, alternatives)


# --- a Jack in the skat: the risk -----------------------------------------------------------------------
@dataclass(frozen=True)
class SkatOutcome:
    """The matadors the 12 cards would have, how many of the possible skats give it, and the value."""

    matadors: int
    skats: int
    probability: Fraction
    breakdown: ValueBreakdown


@dataclass(frozen=True)
class SkatRisk:
    """What the unseen skat can do to a hand's count for one game: every outcome with its chance."""

    declaration: Declaration
    hand_alone: ValueBreakdown
    outcomes: tuple[SkatOutcome, ...]
    total_skats: int

    @property
    def chance_lower(self) -> Fraction:
        """The chance that the skat lowers the value below the hand-alone count (overbid at that bid)."""
        return sum(
            (o.probability for o in self.outcomes if o.breakdown.value < self.hand_alone.value), Fraction(0)
        )

    @property
    def chance_higher(self) -> Fraction:
        return sum(
            (o.probability for o in self.outcomes if o.breakdown.value > self.hand_alone.value), Fraction(0)
        )

    @property
    def unseen(self) -> int:
        """How many cards the holder cannot see (22)."""
        return len(ALL_CARDS) - HAND_SIZE


def skat_risk(profile: RuleProfile, hand10: Sequence[Card], declaration: Declaration) -> SkatRisk:
    """Every skat the 22 unseen cards can make (231 of them), grouped by the matadors hand + skat would have.

    For a hand "without N" a missing top trump in the skat turns the count round ("uden 2" → "med 1") and
    can leave the bid uncovered; for "with N" the skat can only lengthen the run.
    """
    check_hand_and_skat(hand10, None)
    d = profile.check_declaration(declaration)
    if d.game.is_null:
        raise DeclarationError.of(N_("A null game has no matadors; the skat cannot change its value."))
    alone = game_value(profile, d, matadors(hand10, d.game))
    unseen = unseen_cards(hand10)
    counts: Counter[int] = Counter(
        matadors([*hand10, *pair], d.game) for pair in itertools.combinations(unseen, SKAT_SIZE)
    )
    total = sum(counts.values())
    outcomes = tuple(
        SkatOutcome(m, n, Fraction(n, total), game_value(profile, d, m))
        for m, n in sorted(counts.items(), key=lambda item: -item[0])
    )
    return SkatRisk(d, alone, outcomes, total)


def chance_in_skat(unseen: int, cards: int) -> Fraction:
    """The chance that at least one of ``cards`` particular unseen cards lies in a 2-card skat drawn from
    ``unseen`` cards: 1 − C(unseen − cards, 2) / C(unseen, 2). One card: 2 / unseen."""
    if not 0 <= cards <= unseen:
        raise SkatError.of(
            N_("{cards} cards cannot be among {unseen} unseen cards."), cards=cards, unseen=unseen
        )
    clear = unseen - cards
    return 1 - Fraction(clear * (clear - 1), unseen * (unseen - 1))


# --- the textbook's auction between three limits --------------------------------------------------------
def simulate_auction(profile: RuleProfile, limits: Sequence[int | None]) -> DealState:
    """Run an auction where each seat (forehand, middlehand, rearhand) goes up to its limit (None: passes at
    once): a bidder says the next ladder value while it is within the limit, an answerer holds while the
    value is within theirs. The textbook's example is limits 46, 44, 48: rearhand wins at 48. The result is
    an auction-only deal (:meth:`~trainer.rules.game.SkatGame.auction`): its ``declarer``, ``bid`` and
    ``view(seat).auction``."""
    if len(limits) != len(Seat):
        raise BidError.of(N_("Give one limit for each of forehand, middlehand and rearhand."))
    auction = SkatGame(profile).auction()
    while auction.phase is Phase.AUCTION:
        seat = auction.to_move
        assert seat is not None
        limit = limits[seat]
        legal = auction.legal_moves()
        if Hold(seat) in legal:
            value = auction.view(seat).standing_bid
            auction.apply(Hold(seat) if limit is not None and value <= limit else Pass(seat))
            continue
        bids = [move for move in legal if isinstance(move, Bid)]
        if bids and limit is not None and bids[0].value <= limit:
            auction.apply(bids[0])
        else:
            auction.apply(Pass(seat))
    return auction


# --- settlement: every scheme at once -------------------------------------------------------------------
SCHEMES: tuple[str, ...] = ("list", "seeger_fabian", "danish_money", "online_stakes")


@dataclass(frozen=True)
class SchemeOptions:
    """The agreed numbers of the schemes a table plays: size, Danish rates, online stake and commission."""

    table_size: int = 3
    rates: tuple[Decimal, Decimal] = (Decimal("0.5"), Decimal(1))
    stake: Decimal = Decimal("0.10")
    commission_rate: Decimal = Decimal("0.09")
    kontra: bool = False
    """International house option for one game: kontra doubles the list and Seeger-Fabian value, re again."""
    re: bool = False


def settle_all(
    profile: RuleProfile,
    result: GameResult,
    options: SchemeOptions = SchemeOptions(),
    *,
    spoerge: Spoerge = Spoerge.NONE,
    slaa_40_an: bool = False,
    thrown_before_play: bool = False,
    extras: DanishExtras = DANISH_EXTRAS,
) -> dict[str, Settlement]:
    """One result, every scheme's settlement (list, Seeger-Fabian, Danish money, online stakes). Kontra and re
    apply to the list and Seeger-Fabian only (the money schemes have their own doublings: Spørge and Slå 40
    an double the Danish rates; cards thrown before play are settled on the bid). The calculators and a
    played deal's :class:`~trainer.rules.game.Outcome` (:func:`trainer.scoring.settle`) both settle here.
    Where the
    profile settles a game thrown before play on the bid, the list and Seeger-Fabian do so too."""
    scored = thrown_on_the_bid(profile, result) if thrown_before_play else result
    return {
        "list": list_settlement(
            profile, scored, table_size=options.table_size, kontra=options.kontra, re=options.re
        ),
        "seeger_fabian": seeger_fabian(
            profile, scored, table_size=options.table_size, kontra=options.kontra, re=options.re
        ),
        "danish_money": danish_money(
            result,
            config=DanishMoneyConfig(rates=options.rates),
            table_size=options.table_size,
            thrown_before_play=thrown_before_play,
            spoerge=spoerge,
            slaa_40_an=slaa_40_an,
            extras=extras,
        ),
        "online_stakes": online_stakes(
            result, config=OnlineStakesConfig(stake=options.stake, commission_rate=options.commission_rate)
        ),
    }


# --- the score sheet ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SheetEntry:
    """One game on the sheet: who declared, who dealt (sits out at four) and the scored result."""

    declarer: int
    dealer: int
    result: GameResult


@dataclass(frozen=True)
class ScoreSheet:
    """An evening's games at a table of 3 or 4. Immutable: :meth:`add` returns a new sheet. The dealer moves
    one seat clockwise each game, starting with player 0."""

    players: tuple[str, ...]
    entries: tuple[SheetEntry, ...] = ()

    def __post_init__(self) -> None:
        if len(self.players) not in (3, 4):
            raise SkatError.of(N_("A score sheet is kept for 3 or 4 players, not {n}."), n=len(self.players))
        if len({p.strip() for p in self.players}) != len(self.players) or any(
            not p.strip() for p in self.players
        ):
            raise SkatError.of(N_("Give every player a different, non-empty name."))

    @property
    def next_dealer(self) -> int:
        return len(self.entries) % len(self.players)

    def playing(self, dealer: int) -> tuple[int, ...]:
        """The three who play when ``dealer`` deals (at four the dealer sits out)."""
        n = len(self.players)
        return tuple(i for i in range(n) if n == 3 or i != dealer)

    def add(self, declarer: int, result: GameResult) -> ScoreSheet:
        dealer = self.next_dealer
        if declarer not in self.playing(dealer):
            if 0 <= declarer < len(self.players):
                raise SkatError.of(
                    N_("{player} deals this game and sits out, so cannot be the declarer."),
                    player=self.players[declarer],
                )
            raise SkatError.of(N_("There is no player {number} at this table."), number=declarer + 1)
        return dataclasses.replace(self, entries=(*self.entries, SheetEntry(declarer, dealer, result)))

    def without_last(self) -> ScoreSheet:
        return dataclasses.replace(self, entries=self.entries[:-1])

    def amounts(
        self, profile: RuleProfile, scheme: str, options: SchemeOptions = SchemeOptions()
    ) -> list[tuple[Decimal, ...]]:
        """Each game's amounts per player (sheet order) under one scheme."""
        opts = dataclasses.replace(options, table_size=len(self.players))
        rows = []
        for entry in self.entries:
            s = settle_all(profile, entry.result, opts)[scheme]
            per_player = [Decimal(0)] * len(self.players)
            per_player[entry.declarer] = s.declarer
            opponents = [i for i in self.playing(entry.dealer) if i != entry.declarer]
            for seat, amount in zip(opponents, s.opponents, strict=True):
                per_player[seat] = amount
            rows.append(tuple(per_player))
        return rows

    def running(
        self, profile: RuleProfile, scheme: str, options: SchemeOptions = SchemeOptions()
    ) -> list[tuple[Decimal, ...]]:
        """Cumulative totals after each game (the curve of the evening)."""
        totals = [Decimal(0)] * len(self.players)
        out = []
        for row in self.amounts(profile, scheme, options):
            totals = [a + b for a, b in zip(totals, row, strict=True)]
            out.append(tuple(totals))
        return out

    def totals(
        self, profile: RuleProfile, scheme: str, options: SchemeOptions = SchemeOptions()
    ) -> tuple[Decimal, ...]:
        running = self.running(profile, scheme, options)
        return running[-1] if running else tuple(Decimal(0) for _ in self.players)


# --- plots' data ----------------------------------------------------------------------------------------
def best_safe_bid(profile: RuleProfile, hand10: Sequence[Card]) -> int:
    """The highest bid a hand is worth (a ceiling: its dearest game's value counted over the ten cards) over
    its plain suit games and grand (pickup, no ouvert). Null games are left out: their fixed values say
    nothing about the cards."""
    return max(
        row.value
        for row in bid_table(profile, hand10, with_variants=False)
        if not row.declaration.game.is_null
    )


def safe_bid_distribution(profile: RuleProfile, hands: int, seed: int = 1) -> Counter[int]:
    """How often each highest bid a hand is worth occurs over ``hands`` seeded random forehand hands."""
    rng = random.Random(seed)
    return Counter(
        best_safe_bid(profile, random_deal(rng.randrange(1 << 30), profile).hand(Seat.FOREHAND))
        for _ in range(hands)
    )


def read_hand_text(text: str) -> tuple[Card, ...]:
    """A 10-card hand from text, with the field named in the message."""
    return read_cards(text, HAND_SIZE, what="hand")


def read_skat_text(text: str) -> tuple[Card, ...] | None:
    """The 2 skat cards from text; None when the field is left empty (the skat is optional)."""
    if not text.strip():
        return None
    return read_cards(text, SKAT_SIZE, what="skat")
