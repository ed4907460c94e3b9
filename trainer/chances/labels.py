"""The open-hand labels the chance model's shape is fit on (used by ``scripts/train_chances.py``).

For one deal, one seat and one game, played from the first lead with all cards open (the open-hand solver,
:mod:`trainer.solver`): does the declarer win, reach schneider, take every trick? A pickup game takes the
deal's real skat and lays away what the rules of thumb lay away (:func:`trainer.chances.hands.discard_for`); a
hand game leaves the skat down, where it counts for the declarer. Each answer is a yes/no probe of the solver
(a null-window search), a few milliseconds a game with the compiled kernel.

Open-hand play is not how people (or the expert bots) play; the model's calibration layer, fit on games the
experts play out with hidden cards (``scripts/calibrate_chances.py``), turns these shapes into chances.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.cards import TOTAL_CARD_POINTS, Card, card_points
from trainer.chances.hands import discard_for
from trainer.deal import Deal, Seat
from trainer.games import GameType
from trainer.profiles import RuleProfile
from trainer.solver.core import Engine

TT_BITS = 20
"""A small transposition table: an opening solve needs little, and a fresh one is allocated per game."""


@dataclass(frozen=True)
class OpenLabel:
    """What the declarer reaches with open cards: won, schneider (the defenders schneider), schwarz (None:
    the solver gave up on that question). ``ten``: the cards it plays with; ``counted``: the two cards that
    count for it (discards or skat)."""

    won: bool
    schneider: bool | None
    schwarz: bool | None
    ten: tuple[Card, ...]
    counted: tuple[Card, ...]


def _decides(declarer: Seat, answers: Sequence[bool]) -> bool:
    """Forehand leads the first trick: its choice decides (any card that works is enough for a declarer
    in forehand; every card a defender in forehand might lead must work)."""
    return any(answers) if declarer is Seat.FOREHAND else all(answers)


def open_label(
    profile: RuleProfile,
    deal: Deal,
    declarer: Seat,
    game: GameType,
    *,
    hand: bool,
    discards: tuple[Card, Card] | None = None,
    goals: bool = True,
    node_limit: int | None = None,
) -> OpenLabel | None:
    """The open-hand result of ``declarer`` playing ``game`` in ``deal``. ``hand``: without the pickup;
    else with the deal's skat and ``discards`` (default: the rules of thumb's). ``goals``: also ask for
    schneider and schwarz (only asked when the level below is reached). ``node_limit``: give up (None) when
    one question needs more solver nodes than that."""
    ten = tuple(deal.hand(declarer))
    skat = tuple(deal.skat)
    if hand:
        own, counted = ten, skat
    else:
        twelve = (*ten, *skat)
        pair = discards if discards is not None else discard_for(twelve, game)
        own = tuple(card for card in twelve if card not in pair)
        counted = (pair[0], pair[1])
    hands: list[list[Card]] = [list(deal.hand(seat)) for seat in Seat]
    hands[int(declarer)] = list(own)
    if game.is_null:
        engine = Engine(game, int(declarer), hands, mode="null", tt_bits=TT_BITS)
        legal = engine.legal_internal(hands, 0, ())
        tricks = engine.max_value(hands, ())
        result = engine.exact_values(
            hands, 0, (), targets=dict.fromkeys(legal, tricks), node_limit=node_limit
        )
        if not result.complete:
            return None
        null_won = _decides(declarer, [lo >= tricks for lo, _hi in result.bounds.values()])
        return OpenLabel(null_won, False, False, own, counted)
    engine = Engine(game, int(declarer), hands, mode="points", tt_bits=TT_BITS)
    legal = engine.legal_internal(hands, 0, ())
    base = card_points(counted)

    def reaches(points: int) -> bool | None:
        probe = engine.exact_values(
            hands, 0, (), targets=dict.fromkeys(legal, points - base), node_limit=node_limit
        )
        if not probe.complete:
            return None
        return _decides(declarer, [lo >= points - base for lo, _hi in probe.bounds.values()])

    settled = reaches(profile.win_min_points)
    if settled is None:
        return None
    won = settled
    schneider: bool | None = False
    schwarz: bool | None = False
    if goals and won:
        schneider = reaches(TOTAL_CARD_POINTS - profile.opponents_schneider_max)
        if schneider:
            tricks_engine = Engine(game, int(declarer), hands, mode="all_tricks", tt_bits=TT_BITS)
            all_tricks = tricks_engine.max_value(hands, ())
            probe = tricks_engine.exact_values(
                hands, 0, (), targets=dict.fromkeys(legal, all_tricks), node_limit=node_limit
            )
            schwarz = (
                _decides(declarer, [lo >= all_tricks for lo, _hi in probe.bounds.values()])
                if probe.complete
                else None
            )
    if schneider is None:
        schwarz = None
    return OpenLabel(won, schneider, schwarz, own, counted)
