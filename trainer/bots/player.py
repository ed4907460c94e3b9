"""The one entry point of the computer players: :func:`choose` a move for the seat whose view is given.

Every level reads only the :class:`~trainer.rules.game.SeatView` (what that seat may see) and answers with one
of
the view's legal moves, a one-line reason for the coach (a translatable :class:`~trainer.errors.Message`) and,
where it has one, its estimate that the declarer's side wins. The app's opponents, the benchmark and the
``skat-trainer bot`` command all call this function.

The auction, the pickup and the declaration go by the win-chance model (:mod:`trainer.chances`) at every
level: a seat bids or holds while some game is worth it at that bid (an expected score that beats passing),
picks up unless a hand game scores better, and after the pickup declares the game with the best expected score
with the discard that gives it its best chance. Every bid, hold and declaration carries the chance (``win``)
of the game it is for. Levels: ``beginner`` (now and then a typical slip: bidding one step too far, passing a
good hand that is not a sure one, picking up without weighing a hand game; card play by rules of thumb with
slips), ``club`` (no slips; rules-of-thumb card play and discards), ``expert`` (weighs every discard; in the
card play it samples the unseen cards and solves each layout with the open-hand solver, see
:mod:`trainer.bots.search`). Given the same view, level and seed the choice is the same (the expert's card as
long as its search is not cut short by a slow machine's clock).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, get_args

from trainer import moves
from trainer.bots.cardplay import beginner_card, club_card
from trainer.bots.context import PlayContext, strength
from trainer.bots.search import expert_card
from trainer.cards import Card, Rank
from trainer.chances import hands as rules
from trainer.deal import Seat
from trainer.errors import N_, Message, SkatError
from trainer.games import Declaration, GameType
from trainer.rules import Phase, SeatView
from trainer.rules.extras import musik_cards
from trainer.rules.play import follow_class, is_trump

if TYPE_CHECKING:
    from trainer.chances import GameChance

Level = Literal["beginner", "club", "expert"]
LEVELS: tuple[Level, ...] = get_args(Level)
DEFAULT_TIME_MS = 1000


class BotError(SkatError):
    """A bot was asked for a move it cannot make (not its turn, the deal is over, an unknown level)."""


@dataclass(frozen=True)
class Decision:
    """A bot's move, why it was chosen (one line for the coach), and its estimate (0..1) that the declarer's
    side wins, when it has one."""

    move: moves.Move
    why: Message
    win: float | None = None


def choose(
    view: SeatView,
    level: str = "club",
    *,
    rng: random.Random | None = None,
    seed: int | None = None,
    time_ms: int = DEFAULT_TIME_MS,
    allow_musik: bool = True,
) -> Decision:
    """The move ``level`` makes for ``view.seat``. ``rng`` or ``seed`` makes it reproducible; ``time_ms``
    is the thinking budget of the expert (the others answer at once). ``allow_musik=False`` keeps Musik
    out of a Danish declaration (the bot protocol has no notation for it)."""
    if level not in LEVELS:
        raise BotError.of(
            N_("Unknown bot level '{level}'. Choose one of: {options}."),
            level=level,
            options=", ".join(LEVELS),
        )
    if not view.legal_moves:
        if view.phase is Phase.FINISHED:
            raise BotError.of(N_("The deal is over; there is no move to make."))
        raise BotError.of(N_("It is not {seat}'s turn."), seat=view.seat)
    generator = rng if rng is not None else random.Random(seed)
    bot = _Bot(view, level, generator, max(1, int(time_ms)), allow_musik)
    decision = bot.decide()
    if decision.move not in view.legal_moves:  # a rule of thumb went wrong: never answer an illegal move
        return Decision(view.legal_moves[0], Message(N_("Plays the first legal move.")), None)
    return decision


def play_context(view: SeatView) -> PlayContext:
    """The card-play knowledge of the seat of ``view`` (suit, grand and null games)."""
    assert view.declaration is not None and view.declarer is not None
    trick = tuple(card for _seat, card in view.current_trick)
    if view.current_trick:
        leader = view.current_trick[0][0]
    elif view.tricks:
        leader = view.tricks[-1].winner
    else:
        leader = Seat.FOREHAND
    known_skat: tuple[Card, ...] = ()
    if view.seat is view.declarer and not view.declaration.hand:
        known_skat = view.discards
    legal = tuple(move.card for move in view.legal_moves if isinstance(move, moves.PlayCard))
    return PlayContext(
        profile=view.profile,
        declaration=view.declaration,
        declarer=view.declarer,
        seat=view.seat,
        hand=view.hand,
        legal=legal,
        leader=leader,
        trick=trick,
        tricks=view.tricks,
        open_hands=dict(view.open_hands),
        known_skat=known_skat,
        bid=view.bid or 0,
        auction=tuple(view.auction),
    )


class _Bot:
    def __init__(self, view: SeatView, level: Level, rng: random.Random, time_ms: int, musik: bool) -> None:
        self.view = view
        self.level = level
        self.rng = rng
        self.time_ms = time_ms
        self.allow_musik = musik
        self.deadline = time.monotonic() + time_ms / 1000
        """When the thinking budget is spent (the open-game check stops there)."""
        self.profile = view.profile
        self.seat = view.seat
        self.legal = view.legal_moves

    def decide(self) -> Decision:
        decide = _DECISIONS.get(self.view.phase)
        if decide is None:
            return Decision(self.legal[0], Message(N_("Plays the first legal move.")))
        return decide(self)

    # ---- judging the hand: the chance model ------------------------------------------------------------
    def chances(self) -> tuple[GameChance, ...]:
        """Every game this seat could declare now, with its chance (:mod:`trainer.chances`). The expert
        weighs every discard after the pickup; the club and the beginner lay away by the rules of thumb."""
        from trainer.chances.core import hand_chances, skat_chances

        view = self.view
        thorough = self.level == "expert"
        if view.phase is Phase.DISCARD:
            return skat_chances(self.profile, view.hand, self.seat, auction=view.auction, thorough=thorough)
        if view.phase is Phase.DECLARE:
            twelve = (*view.hand, *view.discards)
            return skat_chances(self.profile, twelve, self.seat, auction=view.auction, discards=view.discards)
        return hand_chances(self.profile, view.hand, self.seat, auction=view.auction)

    def best_game(self, chances: Sequence[GameChance], bid: int) -> GameChance | None:
        """The game with the best expected score at ``bid`` among those worth it there. The beginner's
        slips: now and then it bids for a game whose value reaches the bid though its chance says the bid is
        too high (it counts the value, not the chance), or gives up on a good hand that is not a sure one."""
        from trainer.chances.core import best_at

        best = best_at(chances, self.profile, bid)
        if self.level != "beginner":
            return best
        slip = self.rng.random()
        if best is None and slip < BEGINNER_BID_SLIP:
            counted = [c for c in chances if c.value >= bid and c.win >= BEGINNER_HOPE]
            return max(counted, key=lambda c: c.win, default=None)
        if best is not None and slip > 1 - BEGINNER_TIMID_SLIP and best.win < BEGINNER_TIMID_BELOW:
            return None
        return best

    def alone(self, chances: Sequence[GameChance], bid: int) -> GameChance | None:
        """The last seat to speak after the other two passed without a bid: where the deal is then thrown
        in, passing scores nothing, not what defending another's game would (:func:`passing_score`); a game
        whose expected score at the lowest bid beats nothing is declared (the best of them)."""
        from trainer.chances.core import auction_summary
        from trainer.chances.worth import all_pass_score

        _high, bidders, passed = auction_summary(self.view.auction, self.seat)
        alone = all_pass_score(self.view.house.all_pass or self.profile.all_pass)
        if bidders or passed < len(Seat) - 1 or alone is None or bid > self.profile.min_bid:
            return None
        worth = [c for c in chances if c.expected_at(self.profile, bid) > alone]
        return max(worth, key=lambda c: (c.expected_at(self.profile, bid), c.win), default=None)

    def current_bid(self) -> int | None:
        values = [event.value for event in self.view.auction if event.action == "bid"]
        return values[-1] if values else None

    # ---- the auction -----------------------------------------------------------------------------------
    def auction(self) -> Decision:
        chances = self.chances()
        holds = [m for m in self.legal if isinstance(m, moves.Hold)]
        passes = [m for m in self.legal if isinstance(m, moves.Pass)]
        bids = sorted((m for m in self.legal if isinstance(m, moves.Bid)), key=lambda m: m.value)
        current = self.current_bid() or 0
        at = current if holds else (bids[0].value if bids else current)
        best = self.best_game(chances, at) or self.alone(chances, at)
        top = max(chances, key=lambda c: (c.max_bid or 0, c.win), default=None)
        if best is None:
            return Decision(passes[0], _pass_reason(top, at), top.win if top is not None else None)
        limit = best.max_bid if best.max_bid is not None and best.max_bid >= at else at
        params = {"bid": at, "game": best.declaration, "p": _percent(best.win), "limit": limit}
        if holds:
            return Decision(
                holds[0],
                Message(N_("Holds {bid}: {game} wins about {p} % and is worth up to {limit}."), params),
                best.win,
            )
        move = next(m for m in bids if m.value == at)
        return Decision(
            move,
            Message(N_("Says {bid}: {game} wins about {p} % and is worth up to {limit}."), params),
            best.win,
        )

    # ---- pickup, discard, declaration ----------------------------------------------------------------------
    def pickup(self) -> Decision:
        """Hand game or pickup: the hand game when its expected score beats picking up (the beginner now
        and then picks up without looking at the hand games)."""
        bid = self.view.bid or 0
        declares = {m.declaration: m for m in self.legal if isinstance(m, moves.Declare)}
        pickups = [m for m in self.legal if isinstance(m, moves.PickUp)]
        from trainer.chances.open_check import checked_open

        # an open hand game is declared only when the open-hand solver wins it in most layouts
        chances = checked_open(
            self.chances(), self.profile, self.view.hand, self.seat, deadline=self.deadline
        )
        hand_games = [c for c in chances if c.declaration in declares and c.worth_at(bid)]
        picked = [c for c in chances if not c.declaration.hand]
        hand_best = max(hand_games, key=lambda c: c.expected_at(self.profile, bid), default=None)
        pick_best = max(picked, key=lambda c: c.expected_at(self.profile, bid), default=None)
        skips_hand = self.level == "beginner" and self.rng.random() < BEGINNER_HAND_SLIP
        if (
            hand_best is not None
            and not skips_hand
            and (
                pick_best is None
                or not pickups
                or hand_best.expected_at(self.profile, bid) > pick_best.expected_at(self.profile, bid)
            )
        ):
            d = hand_best.declaration
            params = {"game": d, "p": _percent(hand_best.win)}
            return Decision(
                declares[d],
                Message(N_("Plays {game} without the skat: it wins about {p} % as it is."), params),
                hand_best.win,
            )
        if pickups:
            win = pick_best.win if pick_best is not None else None
            if pick_best is not None:
                params = {"game": pick_best.declaration, "p": _percent(pick_best.win)}
                return Decision(
                    pickups[0],
                    Message(N_("Picks up the skat: {game} wins about {p} % with it."), params),
                    win,
                )
            return Decision(pickups[0], Message(N_("Picks up the skat to improve the hand.")))
        d0 = next(iter(declares))
        return Decision(declares[d0], Message(N_("Declares {game}."), {"game": d0}))

    def plan(self) -> tuple[tuple[Card, ...], Declaration, float | None]:
        """The discard and the declaration (DISCARD phase): the game with the best expected score at the
        bid, with the discard that gives it its best chance. The beginner's slip: now and then it simply
        plays its longest trump suit, laid away by the rules of thumb."""
        bid = self.view.bid or 0
        twelve = tuple(self.view.hand)
        if self.level == "beginner" and self.rng.random() < BEGINNER_GAME_SLIP:
            plans = [p for p in rules.plans_after_pickup(self.profile, twelve, bid) if p.reaches_bid]
            if plans:
                from trainer.chances.core import skat_chances

                plan = plans[0]
                judged = skat_chances(
                    self.profile, twelve, self.seat, auction=self.view.auction, discards=plan.discards
                )
                win = next((c.win for c in judged if c.declaration == plan.declaration), None)
                return plan.discards, plan.declaration, win
        from trainer.chances.open_check import checked_open

        # an open game after the pickup (på bordet) only when the open-hand solver wins it in most layouts
        chances = checked_open(self.chances(), self.profile, twelve, self.seat, deadline=self.deadline)
        best = max(chances, key=lambda c: (c.expected_at(self.profile, bid), c.win))
        return best.discards, best.declaration, best.win

    def discard(self) -> Decision:
        discards, d, win = self.plan()
        move = moves.Discard(self.seat, discards)
        if move not in self.legal:
            move = next(m for m in self.legal if isinstance(m, moves.Discard))
        return Decision(
            move,
            Message(N_("Lays away {cards} for {game}."), {"cards": tuple(move.cards), "game": d}),
            win,
        )

    def declare(self) -> Decision:
        """After discarding: the declaration with the best expected score at the bid (Musik when it pays);
        a game that cannot reach the bid is played for schneider, or the cards are thrown."""
        bid = self.view.bid or 0
        ten = self.view.hand
        declares = {m.declaration: m for m in self.legal if isinstance(m, moves.Declare)}
        plain = {d.game: d for d in declares if not d.musik}
        chances = [c for c in self.chances() if c.declaration in declares]
        reaching = [c for c in chances if c.value >= bid]
        if reaching:
            best = max(reaching, key=lambda c: (c.expected_at(self.profile, bid), c.win))
            d = self._musik(best.declaration, ten, declares)
            return Decision(declares[d], _declare_reason(best), best.win)
        throws = [m for m in self.legal if isinstance(m, moves.Throw)]
        if plain:
            d = max(plain.values(), key=lambda d: _score(d, ten))
            return Decision(
                declares[d],
                Message(
                    N_("No game reaches the bid without schneider; plays {game} for schneider."), {"game": d}
                ),
            )
        return Decision(
            throws[0], Message(N_("No game reaches the bid: throws the cards (lost on the bid)."))
        )

    def _musik(
        self, d: Declaration, ten: Sequence[Card], declares: dict[Declaration, moves.Declare]
    ) -> Declaration:
        """Musik when it pays: the lowest trump in hand and a trump hand that will keep the last trick."""
        if not self.allow_musik or d.game.is_null or not self.profile.max_musik or self.level == "beginner":
            return d
        trumps = [card for card in ten if is_trump(card, d.game)]
        top = [card for card in trumps if card.is_jack and card.suit.letter in "CS"]
        needed = musik_cards(d.game, 1)
        enough = len(trumps) >= (7 if d.game.is_suit else 4) and len(top) == 2
        if enough and all(card in ten for card in needed):
            import dataclasses

            candidate = dataclasses.replace(d, musik=1)
            if candidate in declares:
                return candidate
        return d

    # ---- the knock window (Spørge, kontra) -----------------------------------------------------------------
    def knock(self) -> Decision:
        view = self.view
        assert view.declaration is not None
        game = view.declaration.game
        hand = view.hand
        is_declarer = self.seat is view.declarer
        no_call = [m for m in self.legal if isinstance(m, moves.NoCall)]
        if is_declarer:
            strong = _declarer_strength(game, hand) >= 9.5
            backs = [
                m
                for m in self.legal
                if isinstance(m, moves.Spoerge) and m.call is moves.SpoergeCall.KNOCK_BACK
            ]
            res = [m for m in self.legal if isinstance(m, moves.Re)]
            if strong and (backs or res):
                return Decision((backs or res)[0], Message(N_("Doubles back: the hand is strong enough.")))
            if no_call:
                return Decision(no_call[0], Message(N_("Plays on without doubling.")))
            return Decision(self.legal[0], Message(N_("Plays on.")))
        knocks = [m for m in self.legal if isinstance(m, moves.Spoerge) and m.call is moves.SpoergeCall.KNOCK]
        kontras = [m for m in self.legal if isinstance(m, moves.Kontra)]
        if (knocks or kontras) and _defence_strength(game, hand) >= 4.0 and self.level != "beginner":
            return Decision(
                (knocks or kontras)[0],
                Message(N_("Doubles: this hand holds the declarer's trumps in check.")),
            )
        if no_call:
            return Decision(no_call[0], Message(N_("Says nothing: not enough to double.")))
        return Decision(self.legal[0], Message(N_("Says nothing.")))

    def slaa_40(self) -> Decision:
        """Slå 40 an: knock only with three Jacks in the first five cards (40 is then near certain)."""
        jacks = sum(1 for card in self.view.hand if card.is_jack)
        wanted = jacks >= 3 and self.level != "beginner"
        move = next(
            (m for m in self.legal if isinstance(m, moves.Knock40) and m.knock == wanted), self.legal[0]
        )
        if wanted:
            return Decision(move, Message(N_("Knocks 40: three Jacks in the first five cards.")))
        return Decision(move, Message(N_("Does not knock: the first five cards do not make 40 certain.")))

    # ---- Ramse ---------------------------------------------------------------------------------------------
    def ramse_exchange(self) -> Decision:
        """Pass on the two cards that would take most in Ramse (Jacks, Aces, Tens), unless going for Grand."""
        held = list(self.view.hand)
        grand = rules.grand_score(held[:]) >= rules.PLAYABLE["grand"] + 1.0
        if grand:
            pair = rules.discard_for(held, GameType.GRAND)
            why = Message(N_("Keeps the Jacks and Aces for a Grand; passes on {cards}."), {"cards": pair})
        else:
            ranked = sorted(
                held, key=lambda c: (-(strength(c, GameType.GRAND) if c.is_jack else 0), -c.points, -c.index)
            )
            pair = (ranked[0], ranked[1])
            why = Message(N_("Passes on {cards}: cards that would take tricks and points."), {"cards": pair})
        move = moves.RamsePass(self.seat, pair)
        if move not in self.legal:
            move = next(m for m in self.legal if isinstance(m, moves.RamsePass))
        return Decision(move, why)

    def ramse_choice(self) -> Decision:
        grand = rules.grand_score(self.view.hand) >= rules.PLAYABLE["grand"] + 0.5
        move = moves.RamseCall(self.seat, grand)
        if grand:
            return Decision(move, Message(N_("Says Grand: the hand is strong enough for it.")))
        return Decision(move, Message(N_("Says Ramse: the hand is no Grand.")))

    # ---- card play -----------------------------------------------------------------------------------------
    def card(self) -> Decision:
        view = self.view
        if view.declaration is None or view.declarer is None:
            return self.ramse_card()
        ctx = play_context(view)
        if self.level == "expert":
            result = expert_card(ctx, self.rng, self.time_ms)
            return Decision(moves.PlayCard(self.seat, result.card), result.why, result.win)
        card, why = club_card(ctx) if self.level == "club" else beginner_card(ctx, self.rng)
        return Decision(moves.PlayCard(self.seat, card), why)

    def ramse_card(self) -> Decision:
        """Ramse: take as few points as possible; lose tricks with high cards, feed points to the others."""
        view = self.view
        legal = [m.card for m in self.legal if isinstance(m, moves.PlayCard)]
        game = GameType.GRAND
        trick = [card for _seat, card in view.current_trick]
        if not trick:
            card = min(legal, key=lambda c: (strength(c, game), c.points))
            return Decision(
                moves.PlayCard(self.seat, card),
                Message(N_("Ramse: leads low so another player takes the trick.")),
            )
        led = follow_class(trick[0], game)
        from trainer.rules.play import beats

        def wins(card: Card) -> bool:
            return all(beats(card, other, led, game) for other in trick)

        losing = [c for c in legal if not wins(c)]
        if losing:
            card = max(losing, key=lambda c: (c.points, strength(c, game)))
            return Decision(
                moves.PlayCard(self.seat, card),
                Message(N_("Ramse: stays under the trick and gets rid of points.")),
            )
        card = min(legal, key=lambda c: (c.points, -strength(c, game)))
        return Decision(
            moves.PlayCard(self.seat, card),
            Message(N_("Ramse: must take the trick; adds as few points as possible.")),
        )


_DECISIONS: dict[Phase, Callable[[_Bot], Decision]] = {
    Phase.PLAY: _Bot.card,
    Phase.AUCTION: _Bot.auction,
    Phase.PICKUP: _Bot.pickup,
    Phase.DISCARD: _Bot.discard,
    Phase.DECLARE: _Bot.declare,
    Phase.KNOCK: _Bot.knock,
    Phase.SLAA_40: _Bot.slaa_40,
    Phase.RAMSE_EXCHANGE: _Bot.ramse_exchange,
    Phase.RAMSE_CHOICE: _Bot.ramse_choice,
}
"""What a bot decides in each phase of the deal."""

BEGINNER_BID_SLIP = 0.25
BEGINNER_HOPE = 0.35
"""How often the beginner bids for a game by its value alone (when its chance is at least this)."""
BEGINNER_TIMID_SLIP = 0.1
BEGINNER_TIMID_BELOW = 0.75
"""How often the beginner passes a hand worth bidding whose chance is below this."""
BEGINNER_HAND_SLIP = 0.3
"""How often the beginner picks up without weighing a hand game."""
BEGINNER_GAME_SLIP = 0.15
"""How often the beginner declares its rules-of-thumb game instead of weighing the chances."""


def _percent(chance: float) -> int:
    return round(100 * chance)


def _pass_reason(top: GameChance | None, bid: int) -> Message:
    if top is None or top.max_bid is None:
        if top is None:
            return Message(N_("Passes: no game in this hand is strong enough to bid."))
        return Message(
            N_("Passes: the best game, {game}, wins only about {p} % — not worth bidding."),
            {"game": top.declaration, "p": _percent(top.win)},
        )
    return Message(
        N_("Passes: {game} (about {p} %) is worth only {limit}, not {bid}."),
        {"game": top.declaration, "p": _percent(top.win), "limit": top.max_bid, "bid": bid},
    )


def _declare_reason(chance: GameChance) -> Message:
    return Message(
        N_("Declares {game}: the best expected score at the bid, winning about {p} %."),
        {"game": chance.declaration, "p": _percent(chance.win)},
    )


def _score(d: Declaration, ten: Sequence[Card]) -> float:
    if d.game.is_null:
        return rules.null_score(ten) + 1.5 - (1.0 if d.ouvert else 0.0)
    if d.game.is_grand:
        return rules.grand_score(ten) - rules.PLAYABLE["grand"]
    return rules.suit_score(ten, d.game) - rules.PLAYABLE["suit"]


def _declarer_strength(game: GameType, hand: Sequence[Card]) -> float:
    if game.is_null:
        return 10.0 + rules.null_score(hand)
    if game.is_grand:
        return rules.grand_score(hand)
    return rules.suit_score(hand, game)


def _defence_strength(game: GameType, hand: Sequence[Card]) -> float:
    """How much a defender's hand holds against the declared game: trumps with a high Jack, side Aces."""
    if game.is_null:
        return 0.0
    trumps = [card for card in hand if is_trump(card, game)]
    aces = [card for card in hand if card.rank is Rank.ACE and not is_trump(card, game)]
    high = any(card.is_jack and card.suit.letter in "CS" for card in trumps)
    return len(trumps) * 0.7 + len(aces) + (1.0 if high else 0.0)
