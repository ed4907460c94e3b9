"""Worlds a seat cannot rule out: the unseen cards dealt to the hidden hands and the skat, consistent with
everything the seat knows, and weighted by how well they fit what the others said and did.

Hard facts are never broken: every hidden hand gets exactly as many cards as it still holds, a seat that
has shown void in a class (a suit, or trumps) gets no card of it, open hands and played cards stay where
they are. Soft facts become a likelihood (see :class:`Sampler`):

* the auction: a seat that passed while the bid stood at 18 rarely holds a hand that bids on (a grand, a
  long suit with Jacks); a seat that bid or held a value usually has a game worth it; the declarer's game
  and bid say how long its trumps are and (through the matadors the bid needs) which Jacks it holds;
* the skat the declarer laid away: seldom trumps or Aces, often a bare Ten or King, mostly from a suit it
  keeps none (or few) of;
* how declarers lay away: in a defender's worlds (a share :data:`RULE_DISCARD` of them) the skat is
  re-split from the declarer's twelve cards as the rules of thumb lay away (bare Tens and Kings, then the
  low cards of a short suit, to make a void), wherever that split keeps every hard fact;
* the play: a player last to a rich trick who let the other side keep it had no card to win it; a defender
  who led low in a suit seldom held its Ace (it would have cashed it); a defender last to its partner's
  trick who gave a low card seldom held a side-suit Ace or Ten it could give (it would have smeared it).

Worlds are drawn under the hard facts and resampled by their likelihood (sampling importance resampling),
so the search spends its time on likely layouts and never refuses to answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from trainer.bots.context import PlayContext
from trainer.cards import HAND_SIZE, PLAYING_SEATS, Card, Rank, Suit
from trainer.chances.hands import discard_for
from trainer.deal import Seat
from trainer.errors import SkatError
from trainer.games import SUIT_GAMES, Declaration, GameType
from trainer.profiles import RuleProfile
from trainer.rules.play import FollowClass, beats, follow_class, is_trump
from trainer.rules.value import game_value, matadors

SKAT = "skat"

# ---- likelihood factors (how much less likely a world is when it breaks a soft fact) -----------------------
PASSED_BUT_STRONG = 0.2
"""The seat passed at a value its hand (by a plain count) would have bid past."""
BID_BUT_WEAK = 0.35
"""The seat bid or held a value its hand could not reach by that count."""
DECLARER_OVERBID = 0.08
"""The declarer's cards in the world do not make its game worth the bid."""
SUIT_TRUMPS = {0: 0.01, 1: 0.01, 2: 0.01, 3: 0.02, 4: 0.1, 5: 0.45}
"""A suit declarer's trumps among its twelve cards (six or more: 1)."""
DECLARER_WEAK = 0.35
"""The declarer's cards in the world would not rate its game playable by the plain count."""
GRAND_JACKS = {0: 0.05, 1: 0.35}
"""A grand declarer's Jacks (two or more: 1)."""
SKAT_TRUMP = 0.3
SKAT_JACK = 0.15
SKAT_ACE = 0.5
SKAT_BARE_TEN = 1.6
"""Per card the declarer laid away: trumps and Aces are kept, a bare Ten is put away."""
SKAT_SUIT_KEPT = 0.55
"""Per card the declarer kept of a side suit it laid away from (up to three): it lays away to make voids."""
NULL_DANGER = 0.35
"""Per card of a null declarer that could not stay under (the null would be rash)."""
DID_NOT_TAKE = 0.3
"""A player last to a rich trick let the other side keep it although it held a card that wins it."""
RICH_TRICK = 10
"""Card points that make a trick worth taking for that inference."""
LED_LOW_UNDER_ACE = 0.55
"""A defender led a low card of a suit while holding its Ace."""
DID_NOT_SMEAR = 0.4
"""A defender last to its partner's trick gave fewer points than a side-suit Ace or Ten it could have
given (players smear points onto a trick their side surely takes)."""
SMEAR_POINTS = 10
"""Card points of the cards a defender smears."""
CANDIDATES = 6
"""Worlds drawn for every world kept (resampled by likelihood)."""
RULE_DISCARD = 1.0
"""Share of a defender's worlds whose skat is what the rules of thumb would lay away from the declarer's
twelve cards. Measured (benchmarks, 200 deals at a node budget): with the likelihood alone the declarer's
hands at the first lead had 0.8 voids too few; all worlds re-split held the declarer 2.4 points lower than
none did where declarers lay away by these rules, and 0.8 lower (within the noise) where they lay away by
another rule; half of them re-split gained nothing measurable."""


@dataclass(frozen=True)
class World:
    """One full layout of the remaining cards: every seat's hand now and the two cards that count in the
    skat (for the declarer)."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    skat: tuple[Card, ...]


class NoWorld(Exception):
    """The known facts leave no layout (a broken position); callers fall back to the rules of thumb."""


def deal_unseen(
    rng: random.Random,
    unseen: Sequence[Card],
    capacity: Mapping[Seat | str, int],
    forbidden: Mapping[Seat | str, Callable[[Card], bool]],
    *,
    tries: int = 60,
) -> dict[Seat | str, list[Card]]:
    """Deal ``unseen`` into the holders of ``capacity`` (seats and ``"skat"``) at random, with no holder
    getting a card ``forbidden[holder](card)`` says it cannot hold. Most constrained cards go first; a dead
    end starts over (``tries`` times)."""
    holders = [h for h, n in capacity.items() if n > 0]
    if sum(capacity[h] for h in holders) != len(unseen):
        raise NoWorld(f"{len(unseen)} unseen cards for {sum(capacity.values())} places")
    allowed = [[k for k, h in enumerate(holders) if not forbidden.get(h, _never)(card)] for card in unseen]
    return {
        holders[k]: [unseen[i] for i in cards]
        for k, cards in enumerate(_deal(rng, allowed, [capacity[h] for h in holders], tries))
    }


def _deal(rng: random.Random, allowed: list[list[int]], capacity: list[int], tries: int) -> list[list[int]]:
    """Indices of the cards each holder gets: cards with fewer allowed holders first (in random order within
    a group), each to an allowed holder with room, chosen in proportion to the room left."""
    order = list(range(len(allowed)))
    for _ in range(tries):
        rng.shuffle(order)
        order.sort(key=lambda i: len(allowed[i]))
        left = list(capacity)
        got: list[list[int]] = [[] for _ in capacity]
        ok = True
        for i in order:
            room = 0
            for k in allowed[i]:
                room += left[k]
            if room == 0:
                ok = False
                break
            pick = rng.random() * room
            chosen = -1
            for k in allowed[i]:
                if left[k] > 0:
                    chosen = k
                    pick -= left[k]
                    if pick < 0:
                        break
            got[chosen].append(i)
            left[chosen] -= 1
        if ok:
            return got
    raise NoWorld("no layout fits the voids shown")


def _never(_card: Card) -> bool:
    return False


# ---- what a hand would bid (a plain count, the same for every seat) ----------------------------------------

_NULL_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
SUIT_PLAYABLE = 6.5
GRAND_PLAYABLE = 6.5


def _suit_count(jacks: set[Suit], side: dict[Suit, list[Rank]], trump: Suit) -> float:
    score = len(jacks) + len(side[trump]) + 0.5 * len(jacks)
    score += (1.0 if Suit.CLUBS in jacks else 0.0) + (0.5 if Suit.SPADES in jacks else 0.0)
    for suit, ranks in side.items():
        if suit is trump:
            continue
        score += 1.0 if Rank.ACE in ranks else 0.0
        score += 0.5 if Rank.TEN in ranks and (Rank.ACE in ranks or len(ranks) >= 3) else 0.0
        score += 0.4 if not ranks else 0.0
    return score


def _grand_count(jacks: set[Suit], side: dict[Suit, list[Rank]]) -> float:
    if len(jacks) < 2:
        return 0.0
    score = 1.5 * len(jacks) + (1.0 if Suit.CLUBS in jacks else 0.0)
    for ranks in side.values():
        if Rank.ACE in ranks:
            score += 1.2 + (0.8 if Rank.TEN in ranks else 0.0) + 0.3 * max(0, len(ranks) - 3)
    return score


def null_dangers(cards: Sequence[Card]) -> int:
    """Cards of a null hand that may have to take a trick (too high for the low cards under them)."""
    dangers = 0
    for suit in Suit:
        ranks = sorted(_NULL_ORDER.index(c.rank) for c in cards if c.suit is suit)
        dangers += sum(1 for j, rank in enumerate(ranks) if rank > 2 * j + 2)
    return dangers


def bid_reach(profile: RuleProfile, cards: Sequence[Card]) -> int:
    """The highest bid a plain count of these (ten) cards reaches: the value of the best game it rates
    playable, 0 when none is or when that value is below the profile's lowest bid (a Danish auction opens at
    24: a seat whose best game is worth 18 cannot bid it, and passes as any weak hand does)."""
    best = 0
    jacks = {c.suit for c in cards if c.is_jack}
    side: dict[Suit, list[Rank]] = {suit: [] for suit in Suit}
    for card in cards:
        if not card.is_jack:
            side[card.suit].append(card.rank)
    for game in SUIT_GAMES:
        trump = game.trump_suit
        assert trump is not None
        if _suit_count(jacks, side, trump) >= SUIT_PLAYABLE:
            best = max(best, (abs(matadors(cards, game)) + 1) * profile.base_value(game))
    if _grand_count(jacks, side) >= GRAND_PLAYABLE:
        best = max(best, (abs(matadors(cards, GameType.GRAND)) + 1) * profile.base_value(GameType.GRAND))
    if not best and null_dangers(cards) == 0:
        best = profile.null_value(False, False) or 0
    return best if best >= profile.min_bid else 0


# ---- the sampler -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _AuctionFacts:
    """What one seat said: the highest value it bid or held, and the value standing when it passed."""

    shown: int
    passed_at: int | None


def auction_facts(ctx: PlayContext) -> dict[Seat, _AuctionFacts]:
    shown: dict[Seat, int] = {}
    passed: dict[Seat, int] = {}
    standing = 0
    for event in ctx.auction:
        if event.action in ("bid", "hold") and event.value is not None:
            standing = max(standing, event.value)
            shown[event.seat] = max(shown.get(event.seat, 0), event.value)
        elif event.action == "pass" and event.seat not in passed:
            passed[event.seat] = standing
    return {seat: _AuctionFacts(shown.get(seat, 0), passed.get(seat)) for seat in set(shown) | set(passed)}


class Sampler:
    """Worlds for one seat's knowledge (``ctx``): drawn under the hard facts, weighted by the soft ones."""

    def __init__(self, ctx: PlayContext, rng: random.Random) -> None:
        self.ctx = ctx
        self.rng = rng
        game = ctx.game
        self.hidden = [s for s in Seat if s is not ctx.seat and s not in ctx.open_hands]
        holders: list[Seat | str] = [s for s in self.hidden if ctx.cards_left(s) > 0]
        if ctx.skat_unknown:
            holders.append(SKAT)
        self.holders = holders
        self.capacity = [ctx.cards_left(h) if isinstance(h, Seat) else ctx.skat_unknown for h in holders]
        self.unseen = sorted(ctx.unseen, key=lambda c: c.index)
        if sum(self.capacity) != len(self.unseen):
            raise NoWorld(f"{len(self.unseen)} unseen cards for {sum(self.capacity)} places")
        self.allowed = [
            [
                k
                for k, h in enumerate(holders)
                if not (isinstance(h, Seat) and follow_class(card, game) in ctx.voids[h])
            ]
            for card in self.unseen
        ]
        self.played_by: dict[Seat, list[Card]] = {s: [] for s in Seat}
        for trick in ctx.tricks:
            for seat, card in zip(trick.seats, trick.cards, strict=True):
                self.played_by[seat].append(card)
        for position, card in enumerate(ctx.trick):
            self.played_by[ctx.seat_of_position(position)].append(card)
        self.facts = auction_facts(ctx)
        self._reach: dict[tuple[Card, ...], int] = {}
        self.checks = self._play_checks()

    def draw(self) -> World:
        """One world under the hard facts."""
        ctx = self.ctx
        got = _deal(self.rng, self.allowed, self.capacity, 60)
        dealt = {h: [self.unseen[i] for i in got[k]] for k, h in enumerate(self.holders)}
        hands: list[tuple[Card, ...]] = []
        for seat in Seat:
            if seat is ctx.seat:
                hands.append(tuple(ctx.hand))
            elif seat in ctx.open_hands:
                hands.append(tuple(ctx.open_hands[seat]))
            else:
                hands.append(tuple(dealt.get(seat, ())))
        skat = tuple(ctx.known_skat) + tuple(dealt.get(SKAT, ()))
        return World((hands[0], hands[1], hands[2]), skat)

    def worlds(self, candidates: int | None = None) -> Iterator[World]:
        """Worlds without end: each the pick, by likelihood, of ``candidates`` draws (default
        :data:`CANDIDATES`, read at the call, so that a benchmark's ``--set`` of it takes effect)."""
        if candidates is None:
            candidates = CANDIDATES
        while True:
            drawn = [self.draw() for _ in range(max(1, candidates))]
            if len(drawn) == 1:
                yield self._laid_away(drawn[0])
                continue
            weights = [self.likelihood(world) for world in drawn]
            total = sum(weights)
            if total <= 0:
                yield self._laid_away(drawn[0])
                continue
            pick = self.rng.random() * total
            chosen = drawn[-1]
            for world, weight in zip(drawn, weights, strict=True):
                pick -= weight
                if pick < 0:
                    chosen = world
                    break
            yield self._laid_away(chosen)

    def _laid_away(self, world: World) -> World:
        """``world``, or in a :data:`RULE_DISCARD` share of a defender's draws (the declarer hidden, the
        skat picked up) its skat as the rules lay away."""
        ctx = self.ctx
        if ctx.is_declarer or ctx.declaration.hand or ctx.declarer not in self.hidden or len(world.skat) != 2:
            return world
        return self._rule_discard(world) if self.rng.random() < RULE_DISCARD else world

    def _rule_discard(self, world: World) -> World:
        """``world`` with the declarer's skat re-split as the rules of thumb lay away, or unchanged when
        that split would break a hard fact: a card the declarer played, or one of a class it has shown void
        in, would go back into the skat."""
        ctx = self.ctx
        declarer = ctx.declarer
        pool = [*world.hands[declarer], *world.skat]
        twelve = sorted([*pool, *self.played_by[declarer]], key=lambda card: card.index)
        pair = discard_for(twelve, ctx.game)  # in card order: the rule breaks ties by the order it is given
        if any(card not in pool for card in pair) or set(pair) == set(world.skat):
            return world
        hand = tuple(card for card in pool if card not in pair)
        voids = ctx.voids[declarer]
        if any(follow_class(card, ctx.game) in voids for card in hand):
            return world
        hands = list(world.hands)
        hands[declarer] = hand
        return World((hands[0], hands[1], hands[2]), pair)

    # ---- the soft facts ----------------------------------------------------------------------------------
    def original(self, world: World, seat: Seat) -> list[Card]:
        """The ten cards ``seat`` was dealt, in this world (its hand now plus what it played)."""
        return list(world.hands[seat]) + self.played_by[seat]

    def likelihood(self, world: World) -> float:
        """How well ``world`` fits the soft facts (1: nothing against it)."""
        ctx = self.ctx
        weight = 1.0
        for seat in self.hidden:
            ten = self.original(world, seat)
            if seat is ctx.declarer:
                weight *= self._declarer_fit(world, ten)
            else:
                weight *= self._bidder_fit(seat, ten)
            weight *= self._play_fit(world, seat)
        return weight

    def _reach_of(self, ten: list[Card]) -> int:
        key = tuple(sorted(ten, key=lambda c: c.index))
        found = self._reach.get(key)
        if found is None:
            found = self._reach[key] = bid_reach(self.ctx.profile, key)
        return found

    def _bidder_fit(self, seat: Seat, ten: list[Card]) -> float:
        facts = self.facts.get(seat)
        if facts is None or len(ten) != HAND_SIZE:
            return 1.0
        reach = self._reach_of(ten)
        weight = 1.0
        if facts.passed_at is not None and reach > max(facts.passed_at, facts.shown):
            weight *= PASSED_BUT_STRONG
        if facts.shown and reach < facts.shown:
            weight *= BID_BUT_WEAK
        return weight

    def _declarer_fit(self, world: World, ten: list[Card]) -> float:
        ctx = self.ctx
        declaration: Declaration = ctx.declaration
        game = ctx.game
        picked_up = not declaration.hand
        twelve = ten + (list(world.skat) if picked_up else [])
        weight = 1.0
        if game.is_null:
            return weight * NULL_DANGER ** null_dangers(ten)
        trumps = sum(1 for c in twelve if is_trump(c, game))
        jacks = {c.suit for c in twelve if c.is_jack}
        side: dict[Suit, list[Rank]] = {suit: [] for suit in Suit}
        for card in twelve:
            if not card.is_jack:
                side[card.suit].append(card.rank)
        if game.is_grand:
            weight *= GRAND_JACKS.get(len(jacks), 1.0)
            if _grand_count(jacks, side) < GRAND_PLAYABLE:
                weight *= DECLARER_WEAK
        else:
            weight *= SUIT_TRUMPS.get(trumps, 1.0)
            trump = game.trump_suit
            assert trump is not None
            if _suit_count(jacks, side, trump) < SUIT_PLAYABLE:
                weight *= DECLARER_WEAK
        if ctx.bid:
            seen = ten + list(world.skat)
            try:
                value = game_value(ctx.profile, declaration, matadors(seen, game)).value
            except SkatError:
                value = ctx.bid
            if value is not None and value < ctx.bid:
                weight *= DECLARER_OVERBID
        if picked_up:
            for card in world.skat:
                if card.is_jack:
                    weight *= SKAT_JACK
                elif is_trump(card, game):
                    weight *= SKAT_TRUMP
                elif card.rank is Rank.ACE:
                    weight *= SKAT_ACE
                elif card.rank is Rank.TEN and not any(
                    c.suit is card.suit and c.rank is Rank.ACE for c in twelve
                ):
                    weight *= SKAT_BARE_TEN
            for suit in {c.suit for c in world.skat if not is_trump(c, game)}:
                kept = sum(1 for c in ten if c.suit is suit and not is_trump(c, game))
                weight *= SKAT_SUIT_KEPT ** min(kept, 3)
        return weight

    def _play_checks(self) -> dict[Seat, list[tuple[str, FollowClass, Card, Card, list[Card]]]]:
        """Per seat, the plays that say something of its cards: ("took", led class, the winning card,
        the card it played, the cards it played later) for a rich trick it let the other side keep as the
        last to play; ("ace", led class, -, the low card it led, the cards it played later) for a low lead
        of a defender; ("smear", led class, -, the card it gave, the cards it played later) for a defender
        last to its partner's trick that gave less than an Ace or a Ten."""
        ctx = self.ctx
        game = ctx.game
        checks: dict[Seat, list[tuple[str, FollowClass, Card, Card, list[Card]]]] = {s: [] for s in Seat}
        if game.is_null:
            return checks
        rows = [list(zip(trick.seats, trick.cards, strict=True)) for trick in ctx.tricks]
        current = [(ctx.seat_of_position(p), card) for p, card in enumerate(ctx.trick)]
        for index, trick in enumerate(ctx.tricks):
            led: FollowClass = follow_class(trick.cards[0], game)
            later_rows = [*rows[index + 1 :], current]
            for position, (seat, mine) in enumerate(rows[index]):
                if seat not in self.hidden:
                    continue
                later = [card for row in later_rows for s, card in row if s is seat]
                if position == PLAYING_SEATS - 1:
                    side_lost = (trick.winner is ctx.declarer) != (seat is ctx.declarer)
                    if side_lost and trick.points >= RICH_TRICK:
                        checks[seat].append(("took", led, trick.cards[trick.winner_index], mine, later))
                    partners = seat is not ctx.declarer and trick.winner not in (seat, ctx.declarer)
                    if partners and mine.points < SMEAR_POINTS:
                        checks[seat].append(("smear", led, mine, mine, later))
                if position == 0 and seat is not ctx.declarer and led != "trump" and mine.points == 0:
                    checks[seat].append(("ace", led, mine, mine, later))
        return checks

    def _play_fit(self, world: World, seat: Seat) -> float:
        """What the seat's own plays say of its cards in this world."""
        checks = self.checks[seat]
        if not checks:
            return 1.0
        game = self.ctx.game
        weight = 1.0
        now = world.hands[seat]
        for kind, led, card, mine, later in checks:
            held = [*now, *later]
            if kind in ("took", "smear"):
                legal = [c for c in held if follow_class(c, game) == led]
                if not legal and follow_class(mine, game) != led:
                    legal = held
                if kind == "took" and any(beats(c, card, led, game) for c in legal):
                    weight *= DID_NOT_TAKE
                if kind == "smear" and any(c.points >= SMEAR_POINTS and not is_trump(c, game) for c in legal):
                    weight *= DID_NOT_SMEAR
            elif any(c.suit is mine.suit and c.rank is Rank.ACE and not is_trump(c, game) for c in held):
                weight *= LED_LOW_UNDER_ACE
        return weight
