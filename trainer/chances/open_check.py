"""Open games are advised only when they win in most layouts against every defence.

An open game (ouvert; Danish på bordet, Nul-ouvert) shows the declarer's cards: the defenders play
knowing them, so the networks' guess — fit mostly on closed games — is not enough. Before the drill or the
coach advise one, :func:`checked_open` deals :data:`LAYOUTS` random layouts of the unseen cards (seeded by
the hand, so the answer is the same every time) and plays each with the open-hand solver
(:func:`trainer.chances.labels.open_label`): every card open, the defenders' best defence. The game's chance
is then at most the share of layouts won (international ouvert: won schwarz, as it must be announced), and
an open game won in half the layouts or fewer is not advised at any bid. An advised one then takes the
open game's term fit to the experts' games (:data:`trainer.chances.fitted.OPEN_GAME`): the cap is
cautious, and real defenders, who do not see each other's cards, let more open games through.

The solver sees the declarer's best line in each layout, which a declarer with hidden cards cannot always
find, and the defenders' best defence with every card seen, which real defenders cannot always find: the
share is a gate, not the chance itself. It costs a second or two for a hand
with an open game worth considering, so the bots run it when the declarer chooses between a hand game
and the pickup and when it declares after the pickup, not at every bid of the auction.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import time
from collections.abc import Callable, Sequence

from trainer.cards import ALL_CARDS, HAND_SIZE, Card
from trainer.chances.core import GameChance
from trainer.chances.fitted import open_checked
from trainer.chances.labels import open_label
from trainer.chances.model import CHANCE_FLOOR
from trainer.chances.worth import highest_worth_bid
from trainer.deal import Deal, Seat
from trainer.games import Declaration
from trainer.profiles import RuleProfile

LAYOUTS = 8
"""**[choice]** Layouts played per open game: enough to tell "most" from "few" (5 of 8 or more passes), few
enough to answer in a second or two."""
NODE_LIMIT = 400_000
"""A layout whose question needs more solver nodes is left out (as in the training labels)."""
MOST = 0.5


def checked_open(
    chances: Sequence[GameChance],
    profile: RuleProfile,
    cards: Sequence[Card],
    seat: Seat,
    *,
    deadline: float | None = None,
) -> tuple[GameChance, ...]:
    """``chances`` with every open game that would be worth a bid checked against the open-hand solver.
    ``cards``: the ten before the pickup, or the twelve after it (each open game is then played with the
    ten it keeps, its discards counting for the declarer). ``deadline`` (``time.monotonic()``): a bot's
    thinking budget; the layouts not played by then count as lost (:func:`open_share_within`)."""
    out: list[GameChance] = []
    for chance in chances:
        d = chance.declaration
        if not d.ouvert or chance.max_bid is None:
            out.append(chance)
            continue
        ten = [card for card in cards if card not in chance.discards]
        share = open_share_within(
            profile,
            _sorted(ten),
            seat,
            d,
            _sorted(chance.discards) if len(cards) > HAND_SIZE else (),
            deadline=deadline,
        )
        if share is None or share <= MOST:
            win = min(chance.win, share or CHANCE_FLOOR)
            out.append(dataclasses.replace(chance, win=win, low=min(chance.low, win), max_bid=None))
            continue
        capped = min(chance.win, share)
        win = round(open_checked(capped, chance.moment, profile.name), 4)
        out.append(
            dataclasses.replace(
                chance,
                win=win,
                low=round(min(open_checked(min(chance.low, capped), chance.moment, profile.name), win), 4),
                high=round(max(open_checked(chance.high, chance.moment, profile.name), win), 4),
                max_bid=highest_worth_bid(profile, d, _scaled(chance, profile, win), chance.spread),
            )
        )
    return tuple(out)


def _scaled(chance: GameChance, profile: RuleProfile, win: float) -> Callable[[int], float]:
    """The chance at each bid, scaled down to ``win`` at the bid faced now."""

    def at(bid: int) -> float:
        return chance.win_at(profile, bid) * win / chance.win

    return at


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda card: card.index))


@functools.lru_cache(maxsize=256)
def open_share(
    profile: RuleProfile,
    cards: tuple[Card, ...],
    seat: Seat,
    d: Declaration,
    discards: tuple[Card, ...] = (),
) -> float | None:
    """The share of :data:`LAYOUTS` seeded layouts the open game wins with every card open (None: no
    layout could be settled). ``discards``: after the pickup, the two laid away (the skat of every layout,
    counting for the declarer, who plays ``cards`` as a hand game would)."""
    won, settled, _ = _layouts(profile, cards, seat, d, discards, None)
    return won / settled if settled else None


def open_share_within(
    profile: RuleProfile,
    cards: tuple[Card, ...],
    seat: Seat,
    d: Declaration,
    discards: tuple[Card, ...] = (),
    *,
    deadline: float | None = None,
) -> float | None:
    """:func:`open_share` within a bot's thinking budget: the seeded layouts are played until
    ``deadline`` (``time.monotonic()``; None: all of them, as :func:`open_share`), and a layout not played
    in time counts as lost, so an open game is declared only on the evidence there was time for (none: not
    at all). A check already made in full is reused."""
    if deadline is None:
        return open_share(profile, cards, seat, d, discards)
    key = (profile, cards, seat, d, discards)
    if key in _FINISHED:
        return _FINISHED[key]
    won, settled, played = _layouts(profile, cards, seat, d, discards, deadline)
    if played < LAYOUTS:
        return won / (settled + LAYOUTS - played) if won else None
    share = won / settled if settled else None
    if len(_FINISHED) >= FINISHED_KEPT:
        _FINISHED.pop(next(iter(_FINISHED)))
    _FINISHED[key] = share
    return share


FINISHED_KEPT = 256
"""How many checks finished within a budget are kept (the oldest goes first)."""
_FINISHED: dict[tuple[RuleProfile, tuple[Card, ...], Seat, Declaration, tuple[Card, ...]], float | None] = {}
"""The shares of the checks a bot finished within its budget: the same as :func:`open_share`'s."""


def _layouts(
    profile: RuleProfile,
    cards: tuple[Card, ...],
    seat: Seat,
    d: Declaration,
    discards: tuple[Card, ...],
    deadline: float | None,
) -> tuple[int, int, int]:
    """(layouts won, layouts settled, layouts played) of the seeded layouts, in their fixed order, stopping
    before a layout that would start after ``deadline``."""
    rng = random.Random("open/" + " ".join(card.iss for card in (*cards, *discards)) + f"/{int(seat)}/{d}")
    unseen = [card for card in ALL_CARDS if card not in cards and card not in discards]
    others = [s for s in Seat if s is not seat]
    needs_schwarz = profile.ouvert_implies_schwarz_announced and not d.game.is_null
    won = settled = played = 0
    for _ in range(LAYOUTS):
        if deadline is not None and time.monotonic() >= deadline:
            break
        played += 1
        rng.shuffle(unseen)
        hands: list[tuple[Card, ...]] = [(), (), ()]
        hands[int(seat)] = cards
        hands[int(others[0])] = tuple(unseen[:HAND_SIZE])
        hands[int(others[1])] = tuple(unseen[HAND_SIZE : 2 * HAND_SIZE])
        skat = (discards[0], discards[1]) if discards else (unseen[-2], unseen[-1])
        deal = Deal((hands[0], hands[1], hands[2]), skat)
        label = open_label(
            profile,
            deal,
            seat,
            d.game,
            hand=d.hand or bool(discards),
            goals=needs_schwarz,
            node_limit=NODE_LIMIT,
        )
        if label is None or (needs_schwarz and label.won and label.schwarz is None):
            continue
        settled += 1
        won += bool(label.schwarz) if needs_schwarz else label.won
    return won, settled, played
