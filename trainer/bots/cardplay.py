"""Card play by rules of thumb: the club level, and the beginner's version of it with its slips.

The club plays what a Skat book teaches, counting the cards that are gone (suit and grand):

* declarer: draws trumps while the opponents hold some and it has the top trump or the length, then cashes
  masters nobody can trump, then leads low in a suit the opponents cannot trump (the longest, to set it
  up); wins a trick with the cheapest card that surely keeps it; throws the worthless cards of its
  shortest suit, never a guarded Ten.
* defenders: lead a suit the partner is void in (the partner trumps it), cash Aces and masterless Tens
  before the declarer can trump them, lead through the declarer (a long suit) when it sits next, up to it
  (a short suit) when the partner sits next; never a Ten without its Ace. Smear (schmieren) the richest
  card that would not win a trick of its own onto a trick the partner surely takes; as the last to play
  take a trick the declarer holds with the cheapest card that wins it; keep an Ace back when the declarer
  leads low and a Ten may still fall under it later.
* null: the declarer leads the card the others must go over and stays under with its highest card; the
  defenders lead where the declarer must go over, stay under a trick the declarer takes, and throw their
  dangerous high cards.

Every choice comes with a one-line reason (a translatable :class:`~trainer.errors.Message`) that says the
rule it followed. The beginner plays the same rules and now and then makes a beginner's slip (see
:func:`beginner_card`), saying so.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from trainer.bots.context import PlayContext, strength
from trainer.cards import Card, Rank, card_points
from trainer.deal import Seat
from trainer.errors import N_, Message
from trainer.rules.extras import musik_cards
from trainer.rules.play import FollowClass, beats, follow_class, is_trump

Choice = tuple[Card, Message]

RICH = 10
"""A trick worth fighting for (card points)."""
WORTH_TAKING = 4
"""... and one worth taking with a card that costs something."""


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
    counted = _count_the_end(ctx, legal)
    if counted is not None:
        return counted
    if ctx.game.is_null:
        return _null_card(ctx, list(legal))
    if not ctx.trick:
        return _declarer_lead(ctx, list(legal)) if ctx.is_declarer else _defender_lead(ctx, list(legal))
    return _follow(ctx, list(legal))


# ---- the last tricks: counted ---------------------------------------------------------------------------

END_CARDS = 3
"""With this many cards left a club player counts out where the last cards can be."""
END_LAYOUTS = 16
END_WIN_WEIGHT = 40
"""In the count, a won (or beaten) game weighs as much as this many card points."""


def _count_the_end(ctx: PlayContext, legal: Sequence[Card]) -> Choice | None:
    """The last few tricks: try each card against the layouts of the unseen cards the play still allows
    (open cards, as a player who has counted them), and keep the one that does best over them."""
    if ctx.cards_left(ctx.seat) > END_CARDS or len(legal) < 2:
        return None
    from trainer.bots.sampling import NoWorld, Sampler
    from trainer.solver.core import Engine, jit_ready

    backend = "auto" if jit_ready() else "python"  # never wait for a compile: these endings are small
    known = sorted(ctx.played | set(ctx.hand), key=lambda c: c.index)
    seed = sum((i + 1) * c.index for i, c in enumerate(known))
    try:
        sampler = Sampler(ctx, random.Random(seed))
        layouts = {sampler.draw() for _ in range(END_LAYOUTS)}
    except NoWorld:
        return None
    game = ctx.game
    totals = dict.fromkeys(legal, 0.0)
    for world in layouts:
        mode = "null" if game.is_null else "points"
        engine = Engine(game, int(ctx.declarer), world.hands, mode=mode, backend=backend)
        lay = engine.layout
        mine = [lay.to_internal[c.index] for c in legal]
        if game.is_null:
            tricks = engine.max_value(world.hands, ctx.trick)
            targets = dict.fromkeys(mine, tricks)
            found = engine.exact_values(world.hands, int(ctx.leader), ctx.trick, targets=targets, cards=mine)
            for card in legal:
                totals[card] += 1.0 if found.bounds[lay.to_internal[card.index]][0] >= tricks else 0.0
            continue
        found = engine.exact_values(world.hands, int(ctx.leader), ctx.trick, cards=mine)
        offset = ctx.declarer_trick_points + card_points(world.skat)
        for card in legal:
            points = found.values[lay.to_internal[card.index]] + offset
            totals[card] += points + (END_WIN_WEIGHT if ctx.profile.wins_on_points(points) else 0)
    if ctx.is_declarer:
        card = max(legal, key=lambda c: (totals[c], -c.points))
    else:
        card = min(legal, key=lambda c: (totals[c], -c.points))
    return card, Message(N_("Counts the last cards: {card} does best wherever they may lie."), {"card": card})


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


def _cheapest(cards: Sequence[Card], ctx: PlayContext) -> Card:
    """The card worth least: fewest points, then weakest."""
    return min(cards, key=lambda c: (c.points, _power(ctx, c), c.index))


def _can_ruff(ctx: PlayContext, seat: Seat, cls: FollowClass) -> bool:
    """Might ``seat`` trump a lead of ``cls``: shown void in it while trumps are still out?"""
    if cls == "trump" or not ctx.game.has_trumps:
        return False
    shown = ctx.open_hands.get(seat)
    if shown is not None:
        return not any(_cls(ctx, c) == cls for c in shown) and any(is_trump(c, ctx.game) for c in shown)
    voids = ctx.voids[seat]
    return cls in voids and "trump" not in voids and ctx.trumps_out() > 0


def _opponents(ctx: PlayContext) -> list[Seat]:
    if ctx.is_declarer:
        return [s for s in Seat if s is not ctx.seat]
    return [ctx.declarer]


def _bare_ten(cards: Sequence[Card]) -> bool:
    return any(c.rank is Rank.TEN for c in cards) and not any(c.rank is Rank.ACE for c in cards)


def _beaten_later(ctx: PlayContext, card: Card) -> bool:
    """Can a player after this seat who is not on its side beat ``card``? An open hand is read as it is; a
    hidden one may hold any unseen card of the led class, and trump when it has shown void (or when no card
    of the led class is left to follow with)."""
    game = ctx.game
    led = _cls(ctx, ctx.trick[0]) if ctx.trick else _cls(ctx, card)
    for later in range(len(ctx.trick) + 1, 3):
        seat = ctx.seat_of_position(later)
        if seat is ctx.seat or (not ctx.is_declarer and seat is not ctx.declarer):
            continue
        shown = ctx.open_hands.get(seat)
        if shown is not None:
            follows = [c for c in shown if _cls(ctx, c) == led]
            pool = follows or [c for c in shown if is_trump(c, game)]
        else:
            pool = [] if led in ctx.voids[seat] else [c for c in ctx.unseen if _cls(ctx, c) == led]
            if _can_ruff(ctx, seat, led) or (led != "trump" and not pool and ctx.trumps_out()):
                pool += [c for c in ctx.unseen if is_trump(c, game)]
        if any(beats(other, card, led, game) for other in pool):
            return True
    return False


# ---- suit and grand: leads ---------------------------------------------------------------------------------


def _declarer_lead(ctx: PlayContext, legal: list[Card]) -> Choice:
    game = ctx.game
    trumps = [c for c in legal if is_trump(c, game)]
    plain = [c for c in legal if not is_trump(c, game)]
    out = ctx.trumps_out()
    if trumps and out:
        top = max(trumps, key=lambda c: _power(ctx, c))
        if ctx.is_master(top) or len(trumps) >= out:
            card = (
                top if ctx.is_master(top) else min(trumps, key=lambda c: (c.points >= RICH, _power(ctx, c)))
            )
            return card, Message(N_("Draws trumps: the opponents still hold {n} of them."), {"n": out})
    opponents = _opponents(ctx)
    masters = [
        c
        for c in plain
        if ctx.is_master(c)
        and c.points >= RICH
        and not any(_can_ruff(ctx, seat, _cls(ctx, c)) for seat in opponents)
    ]
    if masters:
        card = max(masters, key=lambda c: (c.points, c.index))
        return card, Message(N_("Cashes {card}: nobody can beat it in its suit."), {"card": card})
    if plain:
        suits = _suits(ctx, plain)

        def rank(item: tuple[FollowClass, list[Card]]) -> tuple[bool, bool, int]:
            cls, cards = item
            ruffed = any(_can_ruff(ctx, seat, cls) for seat in opponents)
            return (ruffed, _bare_ten(cards) and len(cards) <= 2, -len(cards))

        cls, cards = min(suits.items(), key=rank)
        card = _cheapest(cards, ctx)
        longest = max(len(cs) for cs in suits.values())
        if len(cards) == longest:
            return card, Message(N_("Leads a low card of the longest side suit to set it up."))
        if not rank((cls, cards))[0]:
            return card, Message(N_("Leads low in a suit the opponents cannot trump."))
        return card, Message(N_("Leads low in a shorter suit: the longer one holds a Ten without its Ace."))
    top = max(trumps, key=lambda c: _power(ctx, c))
    if ctx.is_master(top):
        return top, Message(N_("Only trumps left: leads the strongest."))
    card = min(trumps, key=lambda c: (c.points, _power(ctx, c)))
    return card, Message(N_("Only trumps left: leads the cheapest."))


def _defender_lead(ctx: PlayContext, legal: list[Card]) -> Choice:
    game = ctx.game
    partner = ctx.partner
    assert partner is not None
    trumps = [c for c in legal if is_trump(c, game)]
    plain = [c for c in legal if not is_trump(c, game)]
    declarer_voids = ctx.voids[ctx.declarer]
    declarer_ruffs = {cls for cls in declarer_voids if _can_ruff(ctx, ctx.declarer, cls)}
    for_partner = [
        c for c in plain if _can_ruff(ctx, partner, _cls(ctx, c)) and _cls(ctx, c) not in declarer_voids
    ]
    if for_partner:
        card = _cheapest(for_partner, ctx)
        why = N_("Leads {card}: the partner has none of that suit and can trump it.")
        return card, Message(why, {"card": card})
    masters = [
        c for c in plain if ctx.is_master(c) and c.points >= RICH and _cls(ctx, c) not in declarer_ruffs
    ]
    if masters:
        card = max(masters, key=lambda c: (c.points, c.index))
        return card, Message(N_("Cashes {card} before the declarer can trump it."), {"card": card})
    if plain:
        suits = _suits(ctx, plain)
        behind = ctx.declarer is ctx.seat.next  # the declarer plays right after us

        def rank(item: tuple[FollowClass, list[Card]]) -> tuple[bool, bool, int]:
            cls, cards = item
            return (cls in declarer_ruffs, _bare_ten(cards), -len(cards) if behind else len(cards))

        cards = min(suits.items(), key=rank)[1]
        card = _cheapest(cards, ctx)
        if behind:
            return card, Message(N_("Leads through the declarer with a low card of a long suit."))
        return card, Message(N_("Leads a short suit up to the declarer, so the partner can win it."))
    card = min(trumps, key=lambda c: (c.points, _power(ctx, c)))
    return card, Message(N_("Only trumps left: leads the cheapest."))


# ---- suit and grand: following -----------------------------------------------------------------------------


def _follow(ctx: PlayContext, legal: list[Card]) -> Choice:
    game = ctx.game
    trick = ctx.trick
    last = len(trick) == 2
    points = card_points(trick)
    best_pos = ctx.current_winner()
    winning_seat = ctx.seat_of_position(best_pos)
    ours = winning_seat is ctx.seat or (not ctx.is_declarer and winning_seat is not ctx.declarer)
    led = _cls(ctx, trick[0])
    following = any(_cls(ctx, c) == led for c in legal)
    if ours and (last or not _beaten_later(ctx, trick[best_pos])):
        return _smear(ctx, legal)
    winners = [c for c in legal if ctx.wins_now(c)]
    sure = [c for c in winners if last or not _beaten_later(ctx, c)]
    if sure:
        card = min(sure, key=lambda c: (c.points if last else 0, _power(ctx, c)))
        worth = points + card.points
        cheap = not card.is_jack and card.points <= WORTH_TAKING
        keep_ace = (
            not last
            and not ctx.is_declarer
            and card.rank is Rank.ACE
            and trick[0].points == 0
            and following
            and ctx.seat_of_position(0) is ctx.declarer
            and any(c.rank is Rank.TEN for c in ctx.outstanding(led))
        )
        if keep_ace:
            low = _cheapest(legal, ctx)
            kept = N_("Keeps the Ace back for the suit's second round: a Ten may still fall under it.")
            return low, Message(kept)
        if worth >= WORTH_TAKING or cheap or ctx.is_declarer:
            if is_trump(card, game) and led != "trump":
                return card, Message(N_("Trumps the trick: it is worth {n} points."), {"n": points})
            return card, Message(N_("Takes the trick with the cheapest card that wins it."))
    if ours:
        card = _cheapest(legal, ctx)
        return card, Message(N_("The partner's card may still be beaten: keeps the points back."))
    if winners and points >= RICH:
        if last:
            card = min(winners, key=lambda c: (c.points, _power(ctx, c)))
            return card, Message(N_("Takes the trick with the cheapest card that wins it."))
        card = max(winners, key=lambda c: _power(ctx, c))
        return card, Message(N_("Plays high to fight for a trick worth {n} points."), {"n": points})
    card, thrown = _discard(ctx, legal)
    if ctx.wins_now(card):  # every card left wins it: the cheapest does
        return card, Message(N_("Takes the trick with the cheapest card that wins it."))
    if winners:
        return card, Message(N_("Lets the trick go: it is not worth the card that would win it."))
    return card, thrown


def _smear(ctx: PlayContext, legal: list[Card]) -> Choice:
    """The richest card that would not win a trick of its own (a master keeps its own trick) onto a trick
    the side surely takes."""
    game = ctx.game

    def worth(card: Card) -> tuple[int, int]:
        keeps = ctx.is_master(card) and card.points >= RICH and not is_trump(card, game)
        cost = 6 if is_trump(card, game) else 0
        return (card.points - (9 if keeps else 0) - cost, -_power(ctx, card))

    card = max(legal, key=worth)
    if card.points:
        return card, Message(N_("Smears {card} onto the partner's trick."), {"card": card})
    return card, Message(N_("The partner wins this trick: nothing to add but a blank card."))


def _discard(ctx: PlayContext, legal: list[Card]) -> Choice:
    """The card worth least; when not following, from the shortest side suit (a void to trump in later),
    never a master nor a Ten its guard still protects."""
    game = ctx.game
    led = _cls(ctx, ctx.trick[0])
    plain = [c for c in legal if not is_trump(c, game)]
    if any(_cls(ctx, c) == led for c in legal) or not plain:
        card = _cheapest(legal, ctx)
        return card, Message(N_("Cannot win the trick: gives the card worth least."))
    suits = _suits(ctx, plain)

    def rank(card: Card) -> tuple[int, int, int, int]:
        cards = suits[_cls(ctx, card)]
        guarded_ten = card.rank is Rank.TEN and len(cards) >= 2
        cost = card.points + (8 if ctx.is_master(card) else 0) + (5 if guarded_ten else 0)
        return (cost, len(cards), _power(ctx, card), card.index)

    card = min(plain, key=rank)
    if card.points == 0 and len(suits[_cls(ctx, card)]) == min(len(cs) for cs in suits.values()):
        return card, Message(N_("Cannot win the trick: throws a low card of the shortest suit."))
    return card, Message(N_("Cannot win the trick: gives the card worth least."))


# ---- null --------------------------------------------------------------------------------------------------


def _null_card(ctx: PlayContext, legal: list[Card]) -> Choice:
    def power(card: Card) -> int:
        return _power(ctx, card)

    def lower_out(card: Card) -> int:
        return sum(1 for c in ctx.outstanding(_cls(ctx, card)) if power(c) < power(card))

    def higher_out(card: Card) -> int:
        return sum(1 for c in ctx.outstanding(_cls(ctx, card)) if power(c) > power(card))

    if ctx.is_declarer:
        if not ctx.trick:
            card = min(legal, key=lambda c: (lower_out(c), power(c)))
            return card, Message(N_("Null: leads a card the opponents must go over."))
        losing = [c for c in legal if not ctx.wins_now(c)]
        led = _cls(ctx, ctx.trick[0])
        if losing:
            if any(_cls(ctx, c) == led for c in losing):
                card = max(losing, key=power)
                return card, Message(N_("Null: the highest card that still stays under the trick."))
            card = max(losing, key=lambda c: (lower_out(c), power(c)))
            return card, Message(N_("Null: throws its most dangerous card."))
        card = max(legal, key=power)
        return card, Message(N_("Null: must take the trick; takes it with the highest card."))
    declarer_pos = [p for p in range(len(ctx.trick)) if ctx.seat_of_position(p) is ctx.declarer]
    if not ctx.trick:
        declarer_cards = ctx.open_hands.get(ctx.declarer)
        if declarer_cards:

            def pressure(card: Card) -> tuple[int, int]:
                theirs = [c for c in declarer_cards if _cls(ctx, c) == _cls(ctx, card)]
                if not theirs:
                    return (1, power(card))
                return (0 if power(card) < min(power(c) for c in theirs) else 1, power(card))

            card = min(legal, key=pressure)
            return card, Message(N_("Null: leads low under the declarer's open cards."))
        card = min(legal, key=lambda c: (-higher_out(c), power(c)))
        return card, Message(N_("Null: leads a low card for the declarer to go over."))
    if declarer_pos and ctx.current_winner() == declarer_pos[0]:
        under = [c for c in legal if not ctx.wins_now(c)]
        if under:
            card = max(under, key=power)
            return card, Message(N_("Null: the declarer is winning this trick; stays under."))
    led = _cls(ctx, ctx.trick[0])
    if not any(_cls(ctx, c) == led for c in legal):
        card = max(legal, key=lambda c: (lower_out(c), power(c)))
        return card, Message(N_("Null: the declarer is not winning: gets rid of a high card."))
    if declarer_pos:
        card = max(legal, key=power)
        return card, Message(N_("Null: the declarer is not winning: gets rid of a high card."))
    card = min(legal, key=power)
    return card, Message(N_("Null: keeps the trick low so the declarer must take it."))


# ---- beginner ----------------------------------------------------------------------------------------------

BEGINNER_SLIP_RATE = 0.2
"""How often the beginner plays a card without thinking it through."""


def beginner_card(ctx: PlayContext, rng: random.Random) -> Choice:
    """The club rules, with a beginner's slip now and then: a big card at once without counting what is
    still out, points smeared onto a trick the partner does not hold yet, no smear where it was safe, a
    side Ace led into a suit an opponent trumps, or a card played without thinking the trick through."""
    legal = playable(ctx)
    if len(legal) < 2 or rng.random() >= BEGINNER_SLIP_RATE:
        return club_card(ctx)
    slips = _slips(ctx, list(legal), rng)
    return slips[rng.randrange(len(slips))]


def _slips(ctx: PlayContext, legal: list[Card], rng: random.Random) -> list[Choice]:
    """The slips that fit this moment (always at least one)."""
    game = ctx.game
    found: list[Choice] = []
    big = max(legal, key=lambda c: (c.points, _power(ctx, c)))
    found.append((big, Message(N_("Plays a big card straight away, without counting what is still out."))))
    if ctx.trick and not game.is_null:
        winning_seat = ctx.seat_of_position(ctx.current_winner())
        partner_wins = not ctx.is_declarer and winning_seat is not ctx.declarer
        rich = max(legal, key=lambda c: (c.points, -_power(ctx, c)))
        low = _cheapest(legal, ctx)
        if partner_wins and len(ctx.trick) == 1 and rich.points >= RICH:
            why = N_("Smears {card} although the declarer still plays after it.")
            found.append((rich, Message(why, {"card": rich})))
        if partner_wins and low.points < rich.points:
            found.append((low, Message(N_("Plays low and hopes the partner takes it."))))
    if not ctx.trick and not game.is_null:
        aces = [c for c in legal if c.rank is Rank.ACE and not is_trump(c, game)]
        if aces:
            ace = aces[0]
            why = N_("Leads {card} at once, not thinking of who can trump it.")
            found.append((ace, Message(why, {"card": ace})))
    card = rng.choice(legal)
    found.append((card, Message(N_("Plays {card} without thinking the trick through."), {"card": card})))
    return found
