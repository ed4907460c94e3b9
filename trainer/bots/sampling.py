"""Worlds a seat cannot rule out: the unseen cards dealt to the hidden hands and the skat, consistent with
everything the seat knows.

Hard facts: every hidden hand gets exactly as many cards as it still holds, a seat that has shown void in a
class (a suit, or trumps) gets no card of it, open hands and played cards stay where they are. Soft facts
(what the bidding and the declaration say of the declarer's hand) are used by drawing several candidate
worlds and keeping the first that fits (see :func:`plausible`), so the search thinks about likely worlds
first without ever refusing to answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from trainer.bots.context import PlayContext
from trainer.cards import Card
from trainer.deal import Seat
from trainer.play import FollowClass, follow_class, is_trump

SKAT = "skat"


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
    allowed = {card: [h for h in holders if not forbidden.get(h, _never)(card)] for card in unseen}
    order = sorted(unseen, key=lambda card: (len(allowed[card]), card.index))
    for _ in range(tries):
        left = {h: capacity[h] for h in holders}
        result: dict[Seat | str, list[Card]] = {h: [] for h in holders}
        cards = list(order)
        # shuffle within equally constrained groups so the draw is random yet the tight cards go first
        rng.shuffle(cards)
        cards.sort(key=lambda card: len(allowed[card]))
        ok = True
        for card in cards:
            options = [h for h in allowed[card] if left[h] > 0]
            if not options:
                ok = False
                break
            weights = [left[h] for h in options]
            holder = rng.choices(options, weights)[0]
            result[holder].append(card)
            left[holder] -= 1
        if ok:
            return result
    raise NoWorld("no layout fits the voids shown")


def _never(_card: Card) -> bool:
    return False


def sample_world(ctx: PlayContext, rng: random.Random) -> World:
    """One world consistent with the hard facts of ``ctx``."""
    game = ctx.game
    capacity: dict[Seat | str, int] = {}
    forbidden: dict[Seat | str, Callable[[Card], bool]] = {}
    for seat in Seat:
        if seat is ctx.seat or seat in ctx.open_hands:
            continue
        capacity[seat] = ctx.cards_left(seat)
        voids: frozenset[FollowClass] = ctx.voids[seat]
        if voids:
            forbidden[seat] = lambda card, v=voids: follow_class(card, game) in v  # type: ignore[misc]
    capacity[SKAT] = ctx.skat_unknown
    dealt = deal_unseen(rng, sorted(ctx.unseen, key=lambda c: c.index), capacity, forbidden)
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


def plausible(ctx: PlayContext, world: World) -> bool:
    """Does the world fit what the declaration says of the declarer's cards (for a defender's view)?

    A suit declarer usually holds at least five trumps of the twelve cards it had, a grand declarer at least
    two Jacks, a null declarer no Ace-King-Queen run missing its low cards... only the trump rules are used:
    they are the ones the bidding makes near certain."""
    if ctx.is_declarer or ctx.game.is_null:
        return True
    declarer = ctx.declarer
    played_by_declarer = [
        card
        for trick in ctx.tricks
        for seat, card in zip(trick.seats, trick.cards, strict=True)
        if seat is declarer
    ]
    played_by_declarer += [card for p, card in enumerate(ctx.trick) if ctx.seat_of_position(p) is declarer]
    cards = list(world.hands[declarer]) + played_by_declarer
    if not ctx.declaration.hand:
        cards += list(world.skat)
    trumps = sum(1 for card in cards if is_trump(card, ctx.game))
    if ctx.game.is_grand:
        return trumps >= 2
    return trumps >= 5


def iter_worlds(ctx: PlayContext, rng: random.Random, *, candidates: int = 6) -> Iterator[World]:
    """Worlds without end, drawn as needed; each is the first of up to ``candidates`` draws that is
    :func:`plausible` (else the first draw)."""
    while True:
        chosen: World | None = None
        for _attempt in range(candidates):
            world = sample_world(ctx, rng)
            if chosen is None:
                chosen = world
            if plausible(ctx, world):
                chosen = world
                break
        assert chosen is not None
        yield chosen


def sample_worlds(ctx: PlayContext, rng: random.Random, count: int, *, candidates: int = 6) -> list[World]:
    """``count`` worlds from :func:`iter_worlds`."""
    worlds = iter_worlds(ctx, rng, candidates=candidates)
    return [next(worlds) for _ in range(count)]
