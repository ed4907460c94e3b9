"""The one entry point of the computer players: :func:`choose` a move for the seat whose view is given.

Every level reads only the :class:`~trainer.game.SeatView` (what that seat may see) and answers with one of
the view's legal moves, a one-line reason for the coach (a translatable :class:`~trainer.errors.Message`) and,
where it has one, its estimate that the declarer's side wins. The app's opponents, the benchmark and the
``skat-trainer bot`` command all call this function.

Levels: ``beginner`` (rules of thumb with the typical slips now and then), ``club`` (the same rules, no
slips; counts out the last tricks), ``expert`` (samples the unseen cards, weighted by what the bidding and
the play said, and solves each layout with the open-hand solver; see :mod:`trainer.bots.search` and
:mod:`trainer.bots.simulate`). Given the same view, level and seed the choice
is the same (the expert's as long as its search is not cut short by a slow machine's clock).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from trainer.bots import hands as rules
from trainer.bots.cardplay import beginner_card, club_card
from trainer.bots.context import PlayContext, strength
from trainer.bots.search import expert_card
from trainer.cards import Card, Rank
from trainer.deal import Seat
from trainer.errors import N_, Message, SkatError
from trainer.extras import musik_cards
from trainer.game import (
    Bid,
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
    Throw,
)
from trainer.games import Declaration, GameType
from trainer.play import follow_class, is_trump

Level = Literal["beginner", "club", "expert"]
LEVELS: tuple[Level, ...] = get_args(Level)
DEFAULT_TIME_MS = 1000


class BotError(SkatError):
    """A bot was asked for a move it cannot make (not its turn, the deal is over, an unknown level)."""


@dataclass(frozen=True)
class Decision:
    """A bot's move, why it was chosen (one line for the coach), and its estimate (0..1) that the declarer's
    side wins, when it has one."""

    move: Move
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
    legal = tuple(move.card for move in view.legal_moves if isinstance(move, PlayCard))
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
        self.profile = view.profile
        self.seat = view.seat
        self.legal = view.legal_moves

    def decide(self) -> Decision:
        phase = self.view.phase
        if phase is Phase.PLAY:
            return self.card()
        if phase is Phase.AUCTION:
            return self.auction()
        if phase is Phase.PICKUP:
            return self.pickup()
        if phase is Phase.DISCARD:
            return self.discard()
        if phase is Phase.DECLARE:
            return self.declare()
        if phase is Phase.KNOCK:
            return self.knock()
        if phase is Phase.SLAA_40:
            return self.slaa_40()
        if phase is Phase.RAMSE_EXCHANGE:
            return self.ramse_exchange()
        if phase is Phase.RAMSE_CHOICE:
            return self.ramse_choice()
        return Decision(self.legal[0], Message(N_("Plays the first legal move.")))

    # ---- the auction -----------------------------------------------------------------------------------
    def limit(self) -> tuple[int, rules.Option | None, float | None]:
        """The highest bid this seat goes to, the game it has in mind and (expert) the win estimate."""
        hand = self.view.hand
        forehand = self.seat is Seat.FOREHAND
        if self.level == "expert":
            from trainer.bots.simulate import expert_limit

            return expert_limit(self.profile, hand, self.seat, self.rng, self.time_ms)
        limit, option = rules.bid_limit(self.profile, hand, forehand=forehand)
        if self.level == "beginner" and option is not None and self.rng.random() < 0.2:
            # the beginner's slip: counts "without" at full value, or one step more in the heat of bidding
            from trainer.bidding import next_bid

            limit = next_bid(self.profile, limit)
        return limit, option, None

    def current_bid(self) -> int | None:
        values = [event.value for event in self.view.auction if event.action == "bid"]
        return values[-1] if values else None

    def auction(self) -> Decision:
        limit, option, win = self.limit()
        game = option.declaration if option is not None else None
        holds = [m for m in self.legal if isinstance(m, Hold)]
        passes = [m for m in self.legal if isinstance(m, Pass)]
        bids = sorted((m for m in self.legal if isinstance(m, Bid)), key=lambda m: m.value)
        if holds:
            current = self.current_bid() or 0
            if current <= limit and game is not None:
                return Decision(
                    holds[0],
                    Message(
                        N_("Holds {bid}: {game} is worth up to {limit}."),
                        {"bid": current, "game": game, "limit": limit},
                    ),
                    win,
                )
            return Decision(passes[0], _pass_reason(limit, current, game), win)
        affordable = [m for m in bids if m.value <= limit]
        if affordable and game is not None:
            move = affordable[0]
            return Decision(
                move,
                Message(
                    N_("Says {bid}: {game} is worth up to {limit}."),
                    {"bid": move.value, "game": game, "limit": limit},
                ),
                win,
            )
        wanted = bids[0].value if bids else self.current_bid() or 0  # the bid it would have to say
        return Decision(passes[0], _pass_reason(limit, wanted, game), win)

    # ---- pickup, discard, declaration ----------------------------------------------------------------------
    def pickup(self) -> Decision:
        bid = self.view.bid or 0
        hand = self.view.hand
        declares = {m.declaration: m for m in self.legal if isinstance(m, Declare)}
        pickups = [m for m in self.legal if isinstance(m, PickUp)]
        if self.level == "expert":
            from trainer.bots.simulate import expert_pickup

            choice = expert_pickup(
                self.profile, hand, self.seat, bid, self.rng, self.time_ms, tuple(declares)
            )
            if choice is not None and choice[0] in declares:
                d, win = choice
                return Decision(
                    declares[d],
                    Message(N_("Plays {game} without the skat: strong enough as it is."), {"game": d}),
                    win,
                )
        elif self.level == "club" or self.rng.random() < 0.7:
            plan = rules.wants_hand(self.profile, hand, bid)
            if plan is not None:
                d = self._with_announcement(plan.declaration, hand)
                move = declares.get(d) or declares.get(plan.declaration)
                if move is not None:
                    return Decision(
                        move,
                        Message(
                            N_("Plays {game} without the skat: strong enough as it is."),
                            {"game": move.declaration},
                        ),
                    )
        if pickups:
            return Decision(pickups[0], Message(N_("Picks up the skat to improve the hand.")))
        d0 = next(iter(declares))
        return Decision(declares[d0], Message(N_("Declares {game}."), {"game": d0}))

    def _with_announcement(self, d: Declaration, ten: Sequence[Card]) -> Declaration:
        """The club announces schneider with an overwhelming hand (international hand games only)."""
        if not self.profile.announcements_allowed or d.game.is_null or not d.hand:
            return d
        raw = rules.grand_score(ten) if d.game.is_grand else rules.suit_score(ten, d.game)
        if raw >= 14.0:
            return self.profile.check_declaration(Declaration(d.game, hand=True, schneider_announced=True))
        return d

    def twelve(self) -> tuple[Card, ...]:
        return tuple(self.view.hand)

    def plan(self) -> tuple[tuple[Card, ...], Declaration, float | None]:
        """The discard and the declaration (DISCARD phase)."""
        bid = self.view.bid or 0
        twelve = self.twelve()
        if self.level == "expert":
            from trainer.bots.simulate import expert_plan

            chosen = expert_plan(self.profile, twelve, self.seat, bid, self.rng, self.time_ms)
            if chosen is not None:
                return chosen
        plans = rules.plans_after_pickup(self.profile, twelve, bid)
        best = plans[0]
        return best.discards, best.declaration, None

    def discard(self) -> Decision:
        discards, d, win = self.plan()
        move = Discard(self.seat, discards)
        if move not in self.legal:
            move = next(m for m in self.legal if isinstance(m, Discard))
        return Decision(
            move,
            Message(N_("Lays away {cards} for {game}."), {"cards": tuple(move.cards), "game": d}),
            win,
        )

    def declare(self) -> Decision:
        """After discarding: the best declaration the kept ten reach (Musik when it pays), else a rescue."""
        bid = self.view.bid or 0
        ten = self.view.hand
        seen = (*ten, *self.view.discards)
        declares = {m.declaration: m for m in self.legal if isinstance(m, Declare)}
        if self.level == "expert":
            from trainer.bots.simulate import expert_plan

            chosen = expert_plan(self.profile, seen, self.seat, bid, self.rng, self.time_ms)
            if chosen is not None and set(chosen[0]) == set(self.view.discards) and chosen[1] in declares:
                return Decision(declares[chosen[1]], _declare_reason(chosen[1], bid), chosen[2])
        ranked = _rank_declarations(self.profile, ten, seen, bid, declares)
        if ranked:
            d = ranked[0]
            d = self._musik(d, ten, declares)
            return Decision(declares[d], _declare_reason(d, bid))
        throws = [m for m in self.legal if isinstance(m, Throw)]
        if declares:
            d = max(declares, key=lambda d: _score(d, ten))
            return Decision(
                declares[d],
                Message(N_("No game reaches the bid safely; plays {game} for schneider."), {"game": d}),
            )
        return Decision(
            throws[0], Message(N_("No game reaches the bid: throws the cards (lost on the bid)."))
        )

    def _musik(
        self, d: Declaration, ten: Sequence[Card], declares: dict[Declaration, Declare]
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
        no_call = [m for m in self.legal if isinstance(m, NoCall)]
        if is_declarer:
            strong = _declarer_strength(game, hand) >= 9.5
            backs = [m for m in self.legal if isinstance(m, Spoerge) and m.call is SpoergeCall.KNOCK_BACK]
            res = [m for m in self.legal if isinstance(m, Re)]
            if strong and (backs or res):
                return Decision((backs or res)[0], Message(N_("Doubles back: the hand is strong enough.")))
            if no_call:
                return Decision(no_call[0], Message(N_("Plays on without doubling.")))
            return Decision(self.legal[0], Message(N_("Plays on.")))
        knocks = [m for m in self.legal if isinstance(m, Spoerge) and m.call is SpoergeCall.KNOCK]
        kontras = [m for m in self.legal if isinstance(m, Kontra)]
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
        move = next((m for m in self.legal if isinstance(m, Knock40) and m.knock == wanted), self.legal[0])
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
        move = RamsePass(self.seat, pair)
        if move not in self.legal:
            move = next(m for m in self.legal if isinstance(m, RamsePass))
        return Decision(move, why)

    def ramse_choice(self) -> Decision:
        grand = rules.grand_score(self.view.hand) >= rules.PLAYABLE["grand"] + 0.5
        move = RamseCall(self.seat, grand)
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
            return Decision(PlayCard(self.seat, result.card), result.why, result.win)
        card, why = club_card(ctx) if self.level == "club" else beginner_card(ctx, self.rng)
        return Decision(PlayCard(self.seat, card), why)

    def ramse_card(self) -> Decision:
        """Ramse: take as few points as possible; lose tricks with high cards, feed points to the others."""
        view = self.view
        legal = [m.card for m in self.legal if isinstance(m, PlayCard)]
        game = GameType.GRAND
        trick = [card for _seat, card in view.current_trick]
        if not trick:
            card = min(legal, key=lambda c: (strength(c, game), c.points))
            return Decision(
                PlayCard(self.seat, card), Message(N_("Ramse: leads low so another player takes the trick."))
            )
        led = follow_class(trick[0], game)
        from trainer.play import beats

        def wins(card: Card) -> bool:
            return all(beats(card, other, led, game) for other in trick)

        losing = [c for c in legal if not wins(c)]
        if losing:
            card = max(losing, key=lambda c: (c.points, strength(c, game)))
            return Decision(
                PlayCard(self.seat, card), Message(N_("Ramse: stays under the trick and gets rid of points."))
            )
        card = min(legal, key=lambda c: (c.points, -strength(c, game)))
        return Decision(
            PlayCard(self.seat, card),
            Message(N_("Ramse: must take the trick; adds as few points as possible.")),
        )


def _pass_reason(limit: int, current: int, game: Declaration | None) -> Message:
    if game is None:
        return Message(N_("Passes: no game in this hand is strong enough to bid."))
    return Message(
        N_("Passes: {game} is worth only {limit}, not {bid}."), {"game": game, "limit": limit, "bid": current}
    )


def _declare_reason(d: Declaration, bid: int) -> Message:
    return Message(
        N_("Declares {game}: the strongest game that reaches the bid of {bid}."), {"game": d, "bid": bid}
    )


def _score(d: Declaration, ten: Sequence[Card]) -> float:
    if d.game.is_null:
        return rules.null_score(ten) + 1.5 - (1.0 if d.ouvert else 0.0)
    if d.game.is_grand:
        return rules.grand_score(ten) - rules.PLAYABLE["grand"]
    return rules.suit_score(ten, d.game) - rules.PLAYABLE["suit"]


def _rank_declarations(
    profile: object, ten: Sequence[Card], seen: Sequence[Card], bid: int, declares: dict[Declaration, Declare]
) -> list[Declaration]:
    """The legal plain declarations (no Musik, no schneider hopes) whose value reaches the bid, best first;
    the Danish på bordet version of a game only when the plain one falls short (the textbook's rescue)."""
    from trainer.profiles import RuleProfile
    from trainer.value import game_value, matadors

    assert isinstance(profile, RuleProfile)
    plain: list[Declaration] = []
    rescue: list[Declaration] = []
    for d in declares:
        if d.musik:
            continue
        if d.game.is_null:
            value = profile.null_value(d.hand, d.ouvert) or 0
        else:
            value = game_value(profile, d, matadors(seen, d.game)).value
        if value < bid:
            continue
        if d.ouvert and not d.game.is_null:
            rescue.append(d)
        else:
            plain.append(d)
    ordered = sorted(plain, key=lambda d: -_score(d, ten))
    solid = [d for d in ordered if not d.game.is_null and _score(d, ten) >= rules.SOLID]
    if solid:  # among solid games the most valuable
        best = max(solid, key=lambda d: (rules.plan_value(profile, d, seen), _score(d, ten)))
        ordered = [best, *(d for d in ordered if d != best)]
    if ordered and _score(ordered[0], ten) > -2.5:
        return ordered
    return ordered + sorted(rescue, key=lambda d: -_score(d, ten))


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
