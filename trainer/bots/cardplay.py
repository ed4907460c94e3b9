"""Card play by rules of thumb: the club level, and the beginner's version of it with its slips.

The rules are the ones a Skat book teaches (suit and grand): the declarer draws trumps while the opponents
still hold some, then cashes the masters; a defender leads Aces and plays through the declarer; a defender
smears (schmieren) points onto a partner's trick that is safe; anyone who can win a trick worth taking wins
it with the cheapest card that does; otherwise the card worth least goes. Null: the declarer stays under
the trick with the highest card that still loses; the defenders lead low and keep low cards.

Every choice comes with a one-line reason (a translatable :class:`~trainer.errors.Message`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from trainer.bots.context import PlayContext, strength
from trainer.cards import Card, Rank, card_points
from trainer.errors import N_, Message
from trainer.extras import musik_cards
from trainer.play import FollowClass, beats, follow_class, is_trump

Choice = tuple[Card, Message]


def musik_reserve(ctx: PlayContext) -> tuple[Card, ...]:
    """The declarer's Musik trumps that must be kept for the last trick(s) (empty when not playing Musik)."""
    if not ctx.is_declarer or not ctx.declaration.musik or ctx.game.is_null:
        return ()
    return musik_cards(ctx.game, ctx.declaration.musik)


def playable(ctx: PlayContext) -> tuple[Card, ...]:
    """The legal cards minus the Musik trumps that must wait for their trick (when anything else is legal).

    Musik card ``i`` (0 the lowest trump) wins trick ``10 - i``: it is kept back until then."""
    legal = ctx.legal
    reserve = musik_reserve(ctx)
    if not reserve:
        return legal
    tricks_left = 10 - len(ctx.tricks)
    due = [card for i, card in enumerate(reserve) if tricks_left == i + 1 and card in legal]
    if due:
        return (due[0],)
    kept = tuple(card for card in legal if card not in reserve)
    return kept or legal


def club_card(ctx: PlayContext) -> Choice:
    """The club level's card: sound rules of thumb, no slips."""
    legal = playable(ctx)
    if not legal:
        raise ValueError("no legal card")
    if len(legal) == 1:
        if len(ctx.legal) > 1 and legal[0] in musik_reserve(ctx):
            return legal[0], Message(N_("Plays {card} now, as the Musik requires."), {"card": legal[0]})
        if len(ctx.legal) > 1:
            return legal[0], Message(N_("Keeps the Musik trump back and plays {card}."), {"card": legal[0]})
        return legal[0], Message(N_("The only card that may be played here."))
    if ctx.game.is_null:
        return _null_card(ctx, legal)
    if not ctx.trick:
        return _lead(ctx, legal)
    return _follow(ctx, legal)


# ---- suit and grand ---------------------------------------------------------------------------------------


def _power(ctx: PlayContext, card: Card) -> int:
    return strength(card, ctx.game)


def _cheapest(cards: Sequence[Card], ctx: PlayContext) -> Card:
    """The card worth least: fewest points, then weakest."""
    return min(cards, key=lambda c: (c.points, _power(ctx, c), c.index))


def _richest(cards: Sequence[Card], ctx: PlayContext) -> Card:
    """The card worth most that is not a trump when a plain card will do (keeps trumps for ruffing)."""
    return max(cards, key=lambda c: (c.points, not is_trump(c, ctx.game), -_power(ctx, c), -c.index))


def _lead(ctx: PlayContext, legal: Sequence[Card]) -> Choice:
    game = ctx.game
    trumps = [c for c in legal if is_trump(c, game)]
    plain = [c for c in legal if not is_trump(c, game)]
    masters = [c for c in plain if ctx.is_master(c) and c.rank in (Rank.ACE, Rank.TEN, Rank.KING)]
    if ctx.is_declarer:
        out = ctx.trumps_out()
        if trumps and out:
            top = max(trumps, key=lambda c: _power(ctx, c))
            if ctx.is_master(top) or len(trumps) >= out + 2:
                card = top if ctx.is_master(top) else min(trumps, key=lambda c: (_power(ctx, c), c.points))
                return card, Message(N_("Draws trumps: the opponents still hold {n} of them."), {"n": out})
        if masters:
            card = max(masters, key=lambda c: (c.points, c.index))
            return card, Message(N_("Cashes {card}: nobody can beat it in its suit."), {"card": card})
        if plain:
            card = _long_suit_low(ctx, plain)
            return card, Message(N_("Leads a low card of the longest side suit to set it up."))
        card = max(trumps, key=lambda c: _power(ctx, c))
        return card, Message(N_("Only trumps left: leads the strongest."))
    # a defender leads
    declarer_void = ctx.voids[ctx.declarer]
    aces = [c for c in plain if c.rank is Rank.ACE and follow_class(c, game) not in declarer_void]
    if masters and (aces or "trump" in declarer_void or not ctx.trumps_out()):
        card = max(masters, key=lambda c: (c.points, c.index))
        return card, Message(N_("Cashes {card} before the declarer can trump it."), {"card": card})
    if plain:
        partner = ctx.partner
        assert partner is not None
        # lead a suit the declarer is void in only if the partner can overruff; otherwise a suit where the
        # declarer sits behind the partner ("through strength, up to weakness")
        suits: dict[FollowClass, list[Card]] = {}
        for card in plain:
            suits.setdefault(follow_class(card, game), []).append(card)
        ranked = sorted(
            suits.items(),
            key=lambda item: (
                item[0] in declarer_void,
                any(c.rank is Rank.TEN for c in item[1]) and not any(c.rank is Rank.ACE for c in item[1]),
                -len(item[1]) if ctx.declarer is ctx.seat.next else len(item[1]),
            ),
        )
        cards = ranked[0][1]
        card = _cheapest(cards, ctx)
        if ctx.declarer is ctx.seat.next:
            return card, Message(N_("Leads through the declarer with a low card of a long suit."))
        return card, Message(N_("Leads a short suit up to the declarer, so the partner can win it."))
    card = _cheapest(trumps, ctx)
    return card, Message(N_("Only trumps left: leads the cheapest."))


def _long_suit_low(ctx: PlayContext, plain: Sequence[Card]) -> Card:
    suits: dict[object, list[Card]] = {}
    for card in plain:
        suits.setdefault(follow_class(card, ctx.game), []).append(card)
    cards = max(suits.values(), key=lambda cs: (len(cs), sum(c.points for c in cs)))
    return _cheapest(cards, ctx)


def _safe_behind(ctx: PlayContext, card: Card, position: int) -> bool:
    """Will ``card`` (at ``position`` of the trick) still win once the players after this seat have played?

    A later player on the card owner's side is no threat; an open hand is read as it is; a hidden hand may
    beat it with any unseen card of the led class, or ruff when it has shown void in the led class (or
    when at most one card of it is still out)."""
    game = ctx.game
    led = follow_class(ctx.trick[0] if ctx.trick else card, game)
    owner = ctx.seat_of_position(position)
    for later in range(len(ctx.trick) + 1, 3):
        seat = ctx.seat_of_position(later)
        if seat is owner or (seat is not ctx.declarer and owner is not ctx.declarer):
            continue
        pool = ctx.open_hands.get(seat)
        if pool is not None:
            follows = [c for c in pool if follow_class(c, game) == led]
            threats = follows or [c for c in pool if is_trump(c, game)]
        else:
            voids = ctx.voids[seat]
            follows = [] if led in voids else [c for c in ctx.unseen if follow_class(c, game) == led]
            threats = list(follows)
            if len(follows) <= 1 and "trump" not in voids and led != "trump":
                threats += [c for c in ctx.unseen if is_trump(c, game)]
        if any(beats(other, card, led, game) for other in threats):
            return False
    return True


def _follow(ctx: PlayContext, legal: Sequence[Card]) -> Choice:
    game = ctx.game
    trick = ctx.trick
    points = card_points(trick)
    position = len(trick)
    last = position == 2
    best_pos = ctx.current_winner()
    winning_seat = ctx.seat_of_position(best_pos)
    partner_wins = (not ctx.is_declarer) and winning_seat is not ctx.declarer
    if partner_wins and (last or _safe_behind(ctx, trick[best_pos], best_pos)):
        card = _richest(legal, ctx)
        if card.points:
            return card, Message(N_("Smears {card} onto the partner's trick."), {"card": card})
        return card, Message(N_("The partner wins this trick: nothing to add but a blank card."))
    winners = [c for c in legal if ctx.wins_now(c)]
    safe = [c for c in winners if last or _safe_behind(ctx, c, position)]
    if safe:
        card = _cheapest(safe, ctx)
        if points + card.points > 0 or ctx.is_declarer or last:
            if is_trump(card, game) and not is_trump(trick[0], game):
                return card, Message(N_("Trumps the trick: it is worth {n} points."), {"n": points})
            return card, Message(N_("Takes the trick with the cheapest card that wins it."))
    if winners and not partner_wins and points >= 10 and not last:
        card = max(winners, key=lambda c: _power(ctx, c))
        return card, Message(N_("Plays high to fight for a trick worth {n} points."), {"n": points})
    if partner_wins:
        card = _cheapest(legal, ctx)
        return card, Message(N_("The partner's card may still be beaten: keeps the points back."))
    card = _cheapest(legal, ctx)
    return card, Message(N_("Cannot win the trick: gives the card worth least."))


# ---- null --------------------------------------------------------------------------------------------------


def _null_rank(card: Card, ctx: PlayContext) -> int:
    return _power(ctx, card)


def _null_card(ctx: PlayContext, legal: Sequence[Card]) -> Choice:
    game = ctx.game
    if ctx.is_declarer:
        if not ctx.trick:
            # lead the card with the most outstanding cards above it that must still come under it
            def risk(card: Card) -> tuple[int, int]:
                cls = follow_class(card, game)
                lower = [c for c in ctx.outstanding(cls) if _null_rank(c, ctx) < _null_rank(card, ctx)]
                return (len(lower), _null_rank(card, ctx))

            card = min(legal, key=risk)
            return card, Message(N_("Null: leads a card the opponents must go over."))
        losing = [c for c in legal if not ctx.wins_now(c)]
        if losing:
            if len(ctx.trick) == 1:
                # middle seat: the last player may still go under; stay as low as safe
                card = max(losing, key=lambda c: _null_rank(c, ctx))
            else:
                card = max(losing, key=lambda c: _null_rank(c, ctx))
            return card, Message(N_("Null: the highest card that still stays under the trick."))
        card = min(legal, key=lambda c: _null_rank(c, ctx))
        return card, Message(N_("Null: cannot stay under; plays the lowest card."))
    # defenders: make the declarer take a trick
    declarer_cards = ctx.open_hands.get(ctx.declarer)
    if not ctx.trick:
        if declarer_cards:
            # lead the suit where the declarer's lowest card is highest compared with ours
            def pressure(card: Card) -> tuple[int, int]:
                cls = follow_class(card, game)
                theirs = [c for c in declarer_cards if follow_class(c, game) == cls]
                if not theirs:
                    return (1, 0)
                low = min(_null_rank(c, ctx) for c in theirs)
                return (0 if _null_rank(card, ctx) < low else 1, _null_rank(card, ctx))

            card = min(legal, key=pressure)
            return card, Message(N_("Null: leads low under the declarer's open cards."))
        card = min(legal, key=lambda c: _null_rank(c, ctx))
        return card, Message(N_("Null: leads a low card for the declarer to go over."))
    declarer_pos = [p for p in range(len(ctx.trick)) if ctx.seat_of_position(p) is ctx.declarer]
    if declarer_pos and ctx.current_winner() == declarer_pos[0]:
        under = [c for c in legal if not ctx.wins_now(c)]
        if under:
            card = max(under, key=lambda c: _null_rank(c, ctx))
            return card, Message(N_("Null: the declarer is winning this trick; stays under."))
    card = (
        min(legal, key=lambda c: _null_rank(c, ctx))
        if declarer_pos == []
        else max(legal, key=lambda c: _null_rank(c, ctx))
    )
    if not declarer_pos:
        return card, Message(N_("Null: keeps the trick low so the declarer must take it."))
    return card, Message(N_("Null: the declarer is not winning: gets rid of a high card."))


# ---- beginner ----------------------------------------------------------------------------------------------

BEGINNER_SLIP_RATE = 0.15
"""How often the beginner plays a card without thinking it through."""


def beginner_card(ctx: PlayContext, rng: random.Random) -> Choice:
    """The club rules, with the typical beginner's slips now and then: the highest card at once, a trick
    left to the opponents, points thrown on a trick the partner cannot keep."""
    legal = playable(ctx)
    if len(legal) > 1 and rng.random() < BEGINNER_SLIP_RATE:
        slip = rng.random()
        if slip < 0.4:
            card = max(legal, key=lambda c: (c.points, _power(ctx, c)))
            return card, Message(N_("Plays a big card straight away, without counting what is still out."))
        if slip < 0.7:
            card = _cheapest(legal, ctx)
            return card, Message(N_("Plays low and hopes the partner takes it."))
        card = rng.choice(list(legal))
        return card, Message(N_("Plays {card} without thinking the trick through."), {"card": card})
    return club_card(ctx)
