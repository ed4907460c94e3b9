"""A plain rule-of-thumb card player, the fixed yardstick of ``benchmarks/strength.py`` (not a bot level).

It plays what a sound club player is taught, from what its seat may see (a :class:`PlayContext`), counting
the cards that are gone:

* declarer: draws trumps while the opponents hold some and it has the length or the top trump, then cashes
  its masters (Aces first, then Tens whose Ace is gone) where nobody can ruff, then leads low from its long
  suit; wins a trick with the cheapest card that surely keeps it; throws the worthless cards of its
  shortest suit (making voids to ruff in).
* defenders: lead a suit the partner is void in (for the partner to ruff), cash Aces on the suit's first
  round, a Ten whose Ace has gone; lead through the declarer (long suit) when it sits behind, up to it (short
  suit) when the partner sits behind; never lead a Ten without its Ace, nor trumps while side suits last.
  Smear (schmieren) the richest card that could not win a trick of its own onto a trick the partner surely
  takes; play high as the last to a trick the declarer holds, with the cheapest card that wins it; keep an
  Ace for its suit's second round when the declarer leads low (a Ten may still be under it).
* null: the declarer leads the card the others must go over and stays under with its highest card; the
  defenders lead low, keep their low cards, and stay under a trick the declarer is taking.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.bots.context import PlayContext, strength
from trainer.cards import Card, Rank
from trainer.deal import Seat
from trainer.rules.play import FollowClass, beats, follow_class, is_trump


def yardstick_card(ctx: PlayContext) -> Card:
    """The yardstick's card for the seat of ``ctx`` (one of ``ctx.legal``)."""
    legal = list(ctx.legal)
    if len(legal) == 1:
        return legal[0]
    if ctx.game.is_null:
        return _null(ctx, legal)
    if not ctx.trick:
        return _declarer_lead(ctx, legal) if ctx.is_declarer else _defender_lead(ctx, legal)
    return _follow(ctx, legal)


# ---- helpers -----------------------------------------------------------------------------------------------


def _power(ctx: PlayContext, card: Card) -> int:
    return strength(card, ctx.game)


def _cls(ctx: PlayContext, card: Card) -> FollowClass:
    return follow_class(card, ctx.game)


def _suits(ctx: PlayContext, cards: Sequence[Card]) -> dict[FollowClass, list[Card]]:
    found: dict[FollowClass, list[Card]] = {}
    for card in cards:
        found.setdefault(_cls(ctx, card), []).append(card)
    return found


def _lowest(ctx: PlayContext, cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: (c.points, _power(ctx, c), c.index))


def _can_ruff(ctx: PlayContext, seat: Seat, cls: FollowClass) -> bool:
    """Might ``seat`` trump a lead of ``cls``: shown void in it while trumps are still out?"""
    if cls == "trump" or not ctx.game.has_trumps:
        return False
    voids = ctx.voids[seat]
    return cls in voids and "trump" not in voids and ctx.trumps_out() > 0


def _opponents(ctx: PlayContext) -> list[Seat]:
    if ctx.is_declarer:
        return [s for s in ctx.voids if s is not ctx.seat]
    return [ctx.declarer]


def _beaten_later(ctx: PlayContext, card: Card) -> bool:
    """Can a player after this seat who is not on its side beat ``card`` (a hidden hand may hold any unseen
    card of the led class, or ruff when it has shown void)?"""
    led = _cls(ctx, ctx.trick[0]) if ctx.trick else _cls(ctx, card)
    for later in range(len(ctx.trick) + 1, 3):
        seat = ctx.seat_of_position(later)
        if not ctx.is_declarer and seat is not ctx.declarer:
            continue  # the partner
        if seat is ctx.seat:
            continue
        shown = ctx.open_hands.get(seat)
        if shown is not None:
            follows = [c for c in shown if _cls(ctx, c) == led]
            pool = follows or [c for c in shown if is_trump(c, ctx.game)]
        else:
            pool = [c for c in ctx.unseen if _cls(ctx, c) == led]
            if _can_ruff(ctx, seat, led) or (led != "trump" and not pool and ctx.trumps_out()):
                pool += [c for c in ctx.unseen if is_trump(c, ctx.game)]
        if any(beats(other, card, led, ctx.game) for other in pool):
            return True
    return False


# ---- suit and grand: leads ---------------------------------------------------------------------------------


def _declarer_lead(ctx: PlayContext, legal: list[Card]) -> Card:
    game = ctx.game
    trumps = [c for c in legal if is_trump(c, game)]
    plain = [c for c in legal if not is_trump(c, game)]
    out = ctx.trumps_out()
    if trumps and out:
        top = max(trumps, key=lambda c: _power(ctx, c))
        if ctx.is_master(top):
            return top
        if len(trumps) >= out:
            return min(trumps, key=lambda c: (c.points >= 10, _power(ctx, c)))
    opponents = _opponents(ctx)
    safe = [
        c
        for c in plain
        if ctx.is_master(c)
        and c.points >= 10
        and not any(_can_ruff(ctx, seat, _cls(ctx, c)) for seat in opponents)
    ]
    if safe:
        return max(safe, key=lambda c: (c.points, c.index))
    if plain:
        suits = _suits(ctx, plain)

        def rank(item: tuple[FollowClass, list[Card]]) -> tuple[int, int, int]:
            cls, cards = item
            bare_ten = any(c.rank is Rank.TEN for c in cards) and not any(c.rank is Rank.ACE for c in cards)
            ruffed = any(_can_ruff(ctx, seat, cls) for seat in opponents)
            return (ruffed, bare_ten and len(cards) <= 2, -len(cards))

        cards = min(_suits(ctx, plain).items(), key=rank)[1] if suits else plain
        return _lowest(ctx, cards)
    top = max(trumps, key=lambda c: _power(ctx, c))
    return top if ctx.is_master(top) else min(trumps, key=lambda c: (c.points, _power(ctx, c)))


def _defender_lead(ctx: PlayContext, legal: list[Card]) -> Card:
    game = ctx.game
    partner = ctx.partner
    assert partner is not None
    trumps = [c for c in legal if is_trump(c, game)]
    plain = [c for c in legal if not is_trump(c, game)]
    declarer_voids = ctx.voids[ctx.declarer]
    declarer_ruffs = {cls for cls in declarer_voids if _can_ruff(ctx, ctx.declarer, cls)}
    # the partner ruffs a suit it is void in (and the declarer is not)
    partner_void = [
        c for c in plain if _can_ruff(ctx, partner, _cls(ctx, c)) and _cls(ctx, c) not in declarer_voids
    ]
    if partner_void:
        return _lowest(ctx, partner_void)
    masters = [c for c in plain if ctx.is_master(c) and c.points >= 10 and _cls(ctx, c) not in declarer_ruffs]
    if masters:
        return max(masters, key=lambda c: (c.points, c.index))
    if plain:
        suits = _suits(ctx, plain)
        behind = ctx.declarer is ctx.seat.next  # the declarer plays right after us: lead through it

        def rank(item: tuple[FollowClass, list[Card]]) -> tuple[int, int, int]:
            cls, cards = item
            bare_ten = any(c.rank is Rank.TEN for c in cards) and not any(c.rank is Rank.ACE for c in cards)
            length = -len(cards) if behind else len(cards)
            return (cls in declarer_ruffs, bare_ten, length)

        cards = min(suits.items(), key=rank)[1]
        return _lowest(ctx, cards)
    return min(trumps, key=lambda c: (c.points, _power(ctx, c)))


# ---- suit and grand: following -----------------------------------------------------------------------------


def _follow(ctx: PlayContext, legal: list[Card]) -> Card:
    game = ctx.game
    trick = ctx.trick
    last = len(trick) == 2
    points = sum(c.points for c in trick)
    winning_seat = ctx.seat_of_position(ctx.current_winner())
    ours = (winning_seat is ctx.seat) or (not ctx.is_declarer and winning_seat is not ctx.declarer)
    led = _cls(ctx, trick[0])
    following = any(_cls(ctx, c) == led for c in legal)
    if ours and (last or not _beaten_later(ctx, trick[ctx.current_winner()])):
        return _smear(ctx, legal)
    winners = [c for c in legal if ctx.wins_now(c)]
    sure = [c for c in winners if last or not _beaten_later(ctx, c)]
    if sure:
        card = min(sure, key=lambda c: (c.points if last else 0, _power(ctx, c)))
        worth = points + card.points
        cheap = not (is_trump(card, game) and card.rank is Rank.JACK) and card.points <= 4
        # an Ace is kept for the suit's second round when the declarer leads low and a Ten is still out
        keep_ace = (
            not last
            and not ctx.is_declarer
            and card.rank is Rank.ACE
            and trick[0].points == 0
            and following
            and any(c.rank is Rank.TEN for c in ctx.outstanding(led))
            and ctx.seat_of_position(0) is ctx.declarer
        )
        if (worth >= 4 or cheap or ctx.is_declarer) and not keep_ace:
            return card
    if ours:
        return _discard(ctx, legal)
    if winners and last:
        card = min(winners, key=lambda c: (c.points, _power(ctx, c)))
        if points >= 10:
            return card
    if winners and not last and points >= 10 and not ours:
        # third-hand high: fight for a rich trick with the strongest card
        return max(winners, key=lambda c: _power(ctx, c))
    return _discard(ctx, legal)


def _smear(ctx: PlayContext, legal: list[Card]) -> Card:
    """The richest card that would not win a trick on its own (a master keeps its own trick)."""
    game = ctx.game

    def worth(card: Card) -> tuple[int, int]:
        keeps = ctx.is_master(card) and card.points >= 10 and not is_trump(card, game)
        trump_cost = 6 if is_trump(card, game) else 0
        return (card.points - (9 if keeps else 0) - trump_cost, -_power(ctx, card))

    return max(legal, key=worth)


def _discard(ctx: PlayContext, legal: list[Card]) -> Card:
    """The card worth least; when not following, from the shortest side suit (a void to ruff in later),
    never a Ten that its guard still protects."""
    game = ctx.game
    trick = ctx.trick
    led = _cls(ctx, trick[0]) if trick else None
    if led is not None and any(_cls(ctx, c) == led for c in legal):
        return _lowest(ctx, legal)
    plain = [c for c in legal if not is_trump(c, game)]
    if not plain:
        return _lowest(ctx, legal)
    suits = _suits(ctx, plain)

    def rank(card: Card) -> tuple[int, int, int, int]:
        cards = suits[_cls(ctx, card)]
        guarded_ten = card.rank is Rank.TEN and len(cards) >= 2
        master = ctx.is_master(card)
        return (
            card.points + (8 if master else 0) + (5 if guarded_ten else 0),
            len(cards),
            _power(ctx, card),
            card.index,
        )

    return min(plain, key=rank)


# ---- null --------------------------------------------------------------------------------------------------


def _null(ctx: PlayContext, legal: list[Card]) -> Card:
    def power(card: Card) -> int:
        return _power(ctx, card)

    def lower_out(card: Card) -> int:
        return sum(1 for c in ctx.outstanding(_cls(ctx, card)) if power(c) < power(card))

    def higher_out(card: Card) -> int:
        return sum(1 for c in ctx.outstanding(_cls(ctx, card)) if power(c) > power(card))

    if ctx.is_declarer:
        if not ctx.trick:
            return min(legal, key=lambda c: (lower_out(c), power(c)))
        losing = [c for c in legal if not ctx.wins_now(c)]
        led = _cls(ctx, ctx.trick[0])
        if losing:
            if any(_cls(ctx, c) == led for c in losing):
                return max(losing, key=power)
            return max(losing, key=lambda c: (lower_out(c), power(c)))  # throw the most dangerous card
        return max(legal, key=power)
    declarer_pos = [p for p in range(len(ctx.trick)) if ctx.seat_of_position(p) is ctx.declarer]
    if not ctx.trick:
        # lead the suit where the declarer must go over us: our lowest card with the most cards above it
        return min(legal, key=lambda c: (-higher_out(c), power(c)))
    if declarer_pos and ctx.current_winner() == declarer_pos[0]:
        under = [c for c in legal if not ctx.wins_now(c)]
        if under:
            return max(under, key=power)
    led = _cls(ctx, ctx.trick[0])
    if not any(_cls(ctx, c) == led for c in legal):
        return max(legal, key=lambda c: (lower_out(c), power(c)))
    if declarer_pos:
        return max(legal, key=power)  # the declarer already stays under: rid ourselves of a high card
    return min(legal, key=power)  # the declarer plays after us: leave it no card to stay under
