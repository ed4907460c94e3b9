"""One deal at the Play page's table: the whole-deal state (:class:`trainer.game.DealState`), the learner's
seat and two computer opponents, plus what the page stores and shows. No Streamlit here.

The page keeps only the seed, the learner's seat and the list of moves (JSON, :func:`dumps_moves`); the
state is rebuilt by replaying them (:meth:`TableDeal.rebuild`), so a reload, a second tab or a restart
continues the same deal. The learner sees the deal only through :meth:`TableDeal.view` (a
:class:`~trainer.game.SeatView`); the opponents decide from their own views (:mod:`trainer.bots`).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, get_args

from trainer.bidding import bid_table
from trainer.cards import Card, parse_card
from trainer.coach import DealSummary, seats_for
from trainer.deal import Seat
from trainer.errors import SkatError
from trainer.game import (
    Bid,
    DealState,
    Declare,
    Discard,
    Hold,
    Knock40,
    Kontra,
    Move,
    NoCall,
    Pass,
    Phase,
    PickUp,
    PlayCard,
    RamseCall,
    RamsePass,
    Re,
    SeatView,
    Spoerge,
    SpoergeCall,
)
from trainer.games import Declaration, GameType
from trainer.play import is_trump
from trainer.profiles import RuleProfile
from trainer.records.iss import record_from_game, write_record
from trainer.text import N_, Message

LEVELS: tuple[str, ...] = ("beginner", "club", "expert")
"""The opponents' playing strength (the bots' levels)."""
COACH_LEVELS: tuple[str, ...] = ("beginner", "advanced", "none")
"""How much the coach helps: always, on request (a Hint button), or not at all (a memory check at the end)."""

_MOVE_TYPES: dict[str, type[Any]] = {cls.__name__: cls for cls in get_args(Move)}
"""Every kind of move by name, read off the Move union itself (a new kind of move is stored without a
second list to keep in step)."""


# --- moves as JSON ---------------------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return value.iss
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Declaration):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def move_to_json(move: Move) -> dict[str, Any]:
    """A move as a JSON-able dict: ``{"type": "PlayCard", "seat": 0, "card": "CJ"}``."""
    data: dict[str, Any] = {"type": type(move).__name__}
    for f in dataclasses.fields(move):
        data[f.name] = _plain(getattr(move, f.name))
    return data


def move_from_json(data: dict[str, Any]) -> Move:
    """The move :func:`move_to_json` wrote (a bad entry is a :class:`SkatError`)."""
    try:
        cls = _MOVE_TYPES[data["type"]]
        fields: dict[str, Any] = {"seat": Seat(int(data["seat"]))}
        for name, value in data.items():
            if name in ("type", "seat"):
                continue
            if name == "card":
                fields[name] = parse_card(value)
            elif name == "cards":
                fields[name] = tuple(parse_card(code) for code in value)
            elif name == "declaration":
                fields[name] = Declaration(GameType(value.pop("game")), **value)
            elif name == "call":
                fields[name] = SpoergeCall(value)
            elif name == "game":
                fields[name] = None if value is None else GameType(value)
            else:
                fields[name] = value
        move: Move = cls(**fields)
        return move
    except (KeyError, TypeError, ValueError) as error:
        raise SkatError.of(N_("A stored move could not be read: {move}."), move=json.dumps(data)) from error


def dumps_moves(moves: Sequence[Move]) -> str:
    return json.dumps([move_to_json(move) for move in moves], separators=(",", ":"))


def loads_moves(text: str) -> list[Move]:
    return [move_from_json(dict(item)) for item in json.loads(text)]


# --- the table ---------------------------------------------------------------------------------------------


def house_options(profile: RuleProfile) -> dict[str, bool]:
    """The house options the Play page plays with: Danish rules with Spørge and Slå 40 an (Ramse follows the
    profile), international rules with kontra and re."""
    if profile.name == "danish":
        return {"spoerge": True, "slaa_40_an": True}
    return {"kontra": True}


@dataclass(frozen=True)
class BotDecision:
    """A computer opponent's move with its reason (a translatable message) and its estimated win chance."""

    move: Move
    why: Message
    win: float | None = None


class TableDeal:
    """One deal: the state, the learner's seat and the opponents' level."""

    def __init__(self, state: DealState, learner: Seat, level: str = "club", seed: int = 0) -> None:
        if level not in LEVELS:
            raise SkatError.of(N_("Unknown opponents' level {level}."), level=level)
        self.state = state
        self.learner = Seat(learner)
        self.level = level
        self.seed = seed

    @classmethod
    def new(cls, profile: RuleProfile, seed: int, learner: Seat, level: str = "club") -> TableDeal:
        return cls(DealState.shuffled(profile, seed, **house_options(profile)), learner, level, seed)

    @classmethod
    def rebuild(
        cls, profile: RuleProfile, seed: int, learner: Seat, moves: Sequence[Move], level: str = "club"
    ) -> TableDeal:
        """The deal after ``moves`` (each checked again as it is replayed)."""
        deal = cls.new(profile, seed, learner, level)
        for move in moves:
            deal.state.apply(move)
        return deal

    @property
    def moves(self) -> tuple[Move, ...]:
        return self.state.history

    def view(self) -> SeatView:
        """What the learner may see (the only thing the page draws from)."""
        return self.state.view(self.learner)

    @property
    def finished(self) -> bool:
        return self.state.phase is Phase.FINISHED

    @property
    def learner_to_move(self) -> bool:
        return self.state.to_move is self.learner

    @property
    def bot_to_move(self) -> bool:
        seat = self.state.to_move
        return seat is not None and seat is not self.learner

    def play(self, move: Move) -> None:
        """The learner's move (checked: a wrong one raises and changes nothing)."""
        if Seat(move.seat) is not self.learner:
            raise SkatError.of(N_("It is not your turn."))
        self.state.apply(move)

    def bot_decision(self, *, time_ms: int = 400) -> BotDecision:
        """What the opponent to move does, from that opponent's own view."""
        seat = self.state.to_move
        if seat is None or seat is self.learner:
            raise SkatError.of(N_("No computer opponent is to move now."))
        view = self.state.view(seat)
        rng = random.Random(self.seed * 1000 + len(self.state.history))
        return decide(view, self.level, rng=rng, time_ms=time_ms)

    def bot_step(self, *, time_ms: int = 400) -> BotDecision:
        """Let the opponent to move make its move."""
        decision = self.bot_decision(time_ms=time_ms)
        self.state.apply(decision.move)
        return decision

    def iss_record(self) -> str | None:
        """The finished deal as one ISS record line, which ``skat-trainer replay`` reads back (None when ISS
        notation cannot hold it: Ramse, Musik, a failed Slå 40 an, cards thrown by the declarer)."""
        state = self.state
        outcome = state.outcome()
        if outcome is None or outcome.ramse is not None or outcome.slaa_40_failed or outcome.thrown:
            return None
        try:
            record = record_from_game(
                state.auction,
                state.deal,
                state.game if outcome.declarer is not None else None,
                record_id=f"skat-trainer-{self.seed}",
                players=("forehand", "middlehand", "rearhand"),
            )
            return write_record(record)
        except SkatError:
            return None

    def summary(self, number: int) -> DealSummary:
        """The finished deal as the score sheet keeps it (players: 0 the learner, 1 and 2 the opponents)."""
        outcome = self.state.outcome()
        if outcome is None:
            raise SkatError.of(N_("The deal is not over yet."))
        seats = seats_for(number)
        if seats[0] != int(self.learner):
            seats = (int(self.learner), int(self.learner.next), int(self.learner.next.next))
        player_of = {seat: player for player, seat in enumerate(seats)}
        base = DealSummary(self.state.profile.name, seats, kontra=outcome.kontra, re=outcome.re)
        base = dataclasses.replace(base, spoerge=outcome.spoerge.value, slaa_40_an=outcome.slaa_40_an)
        if outcome.ramse is not None:
            return dataclasses.replace(base, ramse_points=outcome.points, ramse_tricks=outcome.tricks)
        if outcome.declarer is None:
            return base
        declarer = player_of[int(outcome.declarer)]
        if outcome.slaa_40_failed or outcome.result is None or outcome.declaration is None:
            # lost without a played game: a failed Slå 40 an (settled at 40), or cards thrown because no game
            # reached the bid (settled on the bid)
            return dataclasses.replace(
                base,
                declarer=declarer,
                bid=outcome.bid or 0,
                slaa_40_failed=outcome.slaa_40_failed,
                thrown=not outcome.slaa_40_failed,
            )
        d = outcome.declaration
        result = outcome.result
        return dataclasses.replace(
            base,
            declarer=declarer,
            game=d.game.value,
            hand=d.hand,
            ouvert=d.ouvert,
            schneider_announced=d.schneider_announced,
            schwarz_announced=d.schwarz_announced,
            musik=d.musik,
            bid=outcome.bid or 0,
            matadors=outcome.matadors or 0,
            declarer_points=result.declarer_points,
            declarer_tricks=result.declarer_tricks,
            musik_fulfilled=result.reason != "musik_failed",
            thrown=outcome.thrown,
        )


# --- the opponents ------------------------------------------------------------------------------------------


def decide(view: SeatView, level: str, *, rng: random.Random, time_ms: int = 400) -> BotDecision:
    """The computer opponents' choice: :func:`trainer.bots.choose` when the bots are installed, else a small
    rule-of-thumb player (:func:`simple_choice`). Both see only ``view``."""
    import importlib

    try:
        bots = importlib.import_module("trainer.bots")
    except ImportError:  # the bots package is not there yet
        return simple_choice(view, rng)
    choose = getattr(bots, "choose", None)
    if choose is None:
        return simple_choice(view, rng)
    decision = choose(view, level, rng=rng, time_ms=time_ms)
    why = decision.why if isinstance(decision.why, Message) else Message(str(decision.why))
    return BotDecision(decision.move, why, getattr(decision, "win", None))


def coach_suggestion(view: SeatView, *, time_ms: int = 400) -> BotDecision:
    """The coach's suggestion for the learner: what a club-level player would do from the learner's own
    view, with its reason (the same view the learner sees, so the coach knows nothing more)."""
    return decide(view, "club", rng=random.Random(len(view.history)), time_ms=time_ms)


def _limit(view: SeatView) -> int:
    """The highest bid the hand is worth for its best suit or grand game when it looks playable, else 0."""
    hand = view.hand
    jacks = sum(1 for card in hand if card.is_jack)
    best = 0
    for row in bid_table(view.profile, hand, with_variants=False):
        game = row.declaration.game
        if game.is_null:
            continue
        trumps = sum(1 for card in hand if is_trump(card, game))
        if (game.is_grand and jacks >= 3) or (game.is_suit and trumps >= 6 and jacks >= 1):
            best = max(best, row.value if row.matadors > 0 or trumps >= 7 else 0)
    return best


def simple_choice(view: SeatView, rng: random.Random) -> BotDecision:
    """A plain, honest player from its own view: bids its safe value with a playable hand, picks up, lays
    away its two least useful cards, declares its longest trump suit, plays high when leading and cheap
    when following."""
    legal = view.legal_moves
    if not legal:
        raise SkatError.of(N_("This seat has no move to make now."))
    first = legal[0]
    if isinstance(first, Knock40):
        return BotDecision(Knock40(view.seat, False), Message(N_("My first five cards are not worth 40.")))
    if isinstance(first, Hold | Bid) or any(isinstance(m, Pass) for m in legal):
        limit = _limit(view)
        holds = [m for m in legal if isinstance(m, Hold)]
        bids = [m for m in legal if isinstance(m, Bid) and m.value <= limit]
        if holds and (view.bid or 0) <= limit:
            return BotDecision(holds[0], Message(N_("I hold: my hand is worth {limit}."), {"limit": limit}))
        if bids:
            return BotDecision(bids[0], Message(N_("I bid: my hand is worth {limit}."), {"limit": limit}))
        passes = [m for m in legal if isinstance(m, Pass)]
        if passes:
            return BotDecision(passes[0], Message(N_("I pass: my hand is not worth more.")))
    if isinstance(first, PickUp):
        return BotDecision(first, Message(N_("I pick up the skat.")))
    if isinstance(first, Discard):
        game = _best_suit(view.hand)
        ranked = sorted(view.hand, key=lambda c: (is_trump(c, game), c.points > 0, -c.points, c.index))
        pair = Discard(view.seat, tuple(ranked[:2]))
        return BotDecision(pair, Message(N_("I lay away my two least useful cards.")))
    if isinstance(first, Declare):
        game = _best_suit(view.hand)
        declares = [m for m in legal if isinstance(m, Declare)]
        plain = [m for m in declares if m.declaration == Declaration(game)]
        grand = [m for m in declares if m.declaration == Declaration(GameType.GRAND)]
        choice = (plain or grand or declares)[0]
        return BotDecision(choice, Message(N_("I play the game my cards suit best.")))
    if isinstance(first, NoCall | Spoerge | Kontra | Re):
        quiet: list[Move] = [m for m in legal if isinstance(m, NoCall)]
        return BotDecision((quiet or list(legal))[0], Message(N_("I say nothing.")))
    if isinstance(first, RamsePass):
        ranked = sorted(view.hand, key=lambda c: (-c.points, c.index))
        return BotDecision(
            RamsePass(view.seat, tuple(ranked[:2])), Message(N_("I pass on my two richest cards."))
        )
    if isinstance(first, RamseCall):
        return BotDecision(RamseCall(view.seat, False), Message(N_("Ramse.")))
    cards = [m for m in legal if isinstance(m, PlayCard)]
    if cards:
        by_points = sorted(cards, key=lambda m: (m.card.points, m.card.index))
        move = by_points[-1] if not view.current_trick else by_points[0]
        return BotDecision(move, Message(N_("A simple card.")))
    return BotDecision(rng.choice(list(legal)), Message(N_("A legal move.")))


def _best_suit(hand: Sequence[Card]) -> GameType:
    from trainer.games import SUIT_GAMES

    return max(SUIT_GAMES, key=lambda g: (sum(1 for c in hand if is_trump(c, g)), g.trump_suit is not None))
