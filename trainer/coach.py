"""The coach of the Play page: bidding hints, win-chance estimates, the suggestion for a move, the memory
check and the review after a deal. No Streamlit here: the page draws what these functions compute (the
evening's score sheet is :mod:`trainer.scoring`).

- :func:`bidding_hints`: for the learner's ten cards, each game's chance to win (the chance model,
  :mod:`trainer.chances`), its value's working ("med 2, spil 3 = 36"), the highest bid the hand is worth for
  it, and what to do (bid up to N, pick up or play hand) with the reason in a sentence.
- :func:`memory_check`: after the deal, how many trumps the others held and how many card points each side
  took, so a learner can compare with what they remembered.
- :func:`coach_suggestion`: the expert's move for the learner's own view, with its reason.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainer.bots import Decision, choose
from trainer.bots.card_judge import COACH_NODES as COACH_NODES
from trainer.bots.card_judge import COACH_PYTHON_NODES as COACH_PYTHON_NODES
from trainer.bots.card_judge import FULL_CARD_POINTS as FULL_CARD_POINTS
from trainer.bots.card_judge import POINTS_MARGIN as POINTS_MARGIN
from trainer.bots.card_judge import CardAdvice as CardAdvice
from trainer.bots.card_judge import CardMistake as CardMistake
from trainer.bots.card_judge import card_mistake as card_mistake
from trainer.bots.card_judge import coach_nodes as coach_nodes
from trainer.bots.card_judge import judge_card as judge_card
from trainer.bots.card_judge import keep_points as keep_points
from trainer.bots.card_judge import position_key as position_key
from trainer.bots.card_judge import trick_taker as trick_taker
from trainer.bots.search import MIN_LAYOUTS as MIN_LAYOUTS  # re-exported: the coach's threshold
from trainer.bots.search import wilson as wilson
from trainer.calc import SCHEMES as SCHEMES  # the schemes a score sheet can be kept in (re-exported)
from trainer.cards import ALL_CARDS, HAND_SIZE, RANK_ORDER_NULL, SKAT_SIZE, Card, card_points, parse_card
from trainer.deal import Seat
from trainer.games import Declaration, GameType
from trainer.profiles import RuleProfile
from trainer.rules import Bid, DealState, Discard, Hold, Move, Pass, Phase, PickUp, PlayCard, SeatView
from trainer.rules.bidding import AuctionEvent, allowed_declarations
from trainer.rules.play import is_trump
from trainer.rules.value import ValueBreakdown, evaluate_game, game_value, highest_possible_value, matadors
from trainer.text import N_, Message

if TYPE_CHECKING:
    from trainer.chances import GameChance
    from trainer.chances.plan import BidPlan, ScoreCurves

# --- bidding hints ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BidHint:
    """One game the learner could play, by the chance model (:mod:`trainer.chances`): the declaration (the
    pickup or the hand form, whichever pays better), its value's working ("med 2, spil 3 = 36"), its chance,
    what to do and why in one sentence each."""

    declaration: Declaration
    breakdown: ValueBreakdown
    chance: GameChance
    advice: Message
    reason: Message
    plan: BidPlan | None = None
    """The plan every hint of the same call shares (:func:`trainer.chances.plan.bid_plan`): the game with
    the best expected score at the bid faced, the games it turns to as the bid rises, and the ceiling."""

    @property
    def value(self) -> int:
        return self.breakdown.value

    @property
    def max_bid(self) -> int | None:
        """The highest bid the hand is worth for this game (None: not worth bidding)."""
        return self.chance.max_bid


def _percent(chance: float) -> int:
    return round(100 * chance)


def _hint_reason(chance: GameChance) -> Message:
    params = {"p": _percent(chance.win), "low": _percent(chance.low), "high": _percent(chance.high)}
    if chance.max_bid is None:
        return Message(
            N_(
                "It wins only about {p} % (between {low} and {high} %): at any bid it costs more "
                "than it pays."
            ),
            params,
        )
    low_values = [value for value, share in chance.spread if value < chance.value and share > 0]
    if low_values and chance.max_bid >= chance.value:
        return Message(
            N_(
                "It wins about {p} % (between {low} and {high} %); a Jack in the skat could make it worth "
                "only {worth}, and it still pays off on average up to {limit}."
            ),
            {**params, "worth": min(low_values), "limit": chance.max_bid},
        )
    return Message(
        N_(
            "It wins about {p} % (between {low} and {high} %), so it pays off on average up to "
            "a bid of {limit}."
        ),
        {**params, "limit": chance.max_bid},
    )


def _hint_advice(chance: GameChance, bid: int) -> Message:
    d = chance.declaration
    if chance.max_bid is None:
        return Message(N_("Not worth bidding for."))
    if chance.max_bid < bid:
        return Message(N_("Worth only {limit}: pass at {bid}."), {"limit": chance.max_bid, "bid": bid})
    if d.hand:
        return Message(
            N_("Bid up to {limit}, then play it hand (without the skat)."), {"limit": chance.max_bid}
        )
    return Message(N_("Bid up to {limit}, then pick up the skat."), {"limit": chance.max_bid})


def bidding_hints(
    profile: RuleProfile,
    hand: Sequence[Card],
    seat: Seat,
    *,
    auction: Iterable[AuctionEvent] = (),
    bid: int | None = None,
) -> list[BidHint]:
    """The games ``hand`` could play: every form the plan plays (:func:`trainer.chances.plan.bid_plan`: the
    best expected score at ``bid``, default the lowest, and the games it turns to as the bid rises), and for
    every other game (each suit, grand, null) the form that pays best at ``bid`` — picked up or hand,
    announced or open — each with its chance, value, its own ceiling and why; the games worth bidding first,
    highest ceiling first. ``auction``: what has been said (the chances read what the others' bids tell)."""
    from trainer.chances import hand_chances
    from trainer.chances.open_check import checked_open
    from trainer.chances.plan import bid_plan

    chances = checked_open(hand_chances(profile, hand, seat, auction=auction), profile, hand, seat)
    at = bid if bid is not None else profile.min_bid
    plan = bid_plan(chances, profile, at)
    chosen: list[GameChance] = []
    for step in plan.steps:
        if step.chance not in chosen:
            chosen.append(step.chance)
    best: dict[GameType, GameChance] = {}
    for chance in chances:
        game = chance.declaration.game
        if any(c.declaration.game is game for c in chosen):
            continue
        known = best.get(game)
        if known is None or _hint_key(profile, chance, at) > _hint_key(profile, known, at):
            best[game] = chance
    hints = []
    for chance in (*chosen, *best.values()):
        d = chance.declaration
        counted = 0 if d.game.is_null else matadors(hand, d.game)
        breakdown = game_value(profile, d, counted)
        hints.append(BidHint(d, breakdown, chance, _hint_advice(chance, at), _hint_reason(chance), plan))
    return sorted(hints, key=lambda h: (-(h.max_bid or 0), -h.chance.win))


def _hint_key(profile: RuleProfile, chance: GameChance, bid: int) -> tuple[int, float, float]:
    """Which form of a game to show: worth it at the bid, then the better expected score there, then the
    higher ceiling."""
    at = max(bid, profile.min_bid)
    return (int(chance.worth_at(at)), chance.expected_at(profile, at), float(chance.max_bid or 0))


def playable_hints(hints: Sequence[BidHint]) -> list[BidHint]:
    """The hints of games the hand can really play (worth bidding for at some bid)."""
    return [hint for hint in hints if hint.max_bid is not None]


def bidding_advice(hints: Sequence[BidHint], bid: int | None = None) -> Message:
    """What to do in one sentence: the plan's ceiling and its game (pick up or play hand, and the games it
    turns to as the bid rises), or pass. The ceiling is the highest any hint has: no hint's beats it."""
    worth = playable_hints(hints)
    plan = next((h.plan for h in hints if h.plan is not None), None)
    if not worth:
        top = max(hints, key=lambda h: h.chance.win, default=None)
        if top is None:
            return Message(N_("Pass: no game of this hand is worth bidding for."))
        return Message(
            N_("Pass: the best game, {game}, wins only about {p} %."),
            {"game": top.declaration, "p": _percent(top.chance.win)},
        )
    highest = worth[0]
    assert highest.max_bid is not None
    if plan is None or plan.lead is None or (bid is not None and highest.max_bid < bid):
        return Message(
            N_("Pass at {bid}: {game} is worth only {limit}."),
            {"bid": bid or 0, "game": highest.declaration, "limit": highest.max_bid},
        )
    lead = plan.lead
    how = N_("play it hand") if lead.declaration.hand else N_("pick up the skat")
    params = {"limit": plan.ceiling, "game": lead.declaration, "p": _percent(lead.win), "how": Message(how)}
    if len(plan.steps) == 1:
        return Message(N_("Bid up to {limit} for {game} (about {p} %), then {how}."), params)
    later = tuple(
        Message(N_("from {bid}: {game}"), {"bid": step.low, "game": step.chance.declaration})
        for step in plan.steps[1:]
    )
    return Message(
        N_("Bid up to {limit}: {game} (about {p} %), then {how}; as the bid rises, {later}."),
        {**params, "later": later},
    )


def bid_curves(hints: Sequence[BidHint], profile: RuleProfile) -> ScoreCurves | None:
    """The expected score at each bid of the hinted games, from the bid the hints were made at (for the
    bid chart, :mod:`trainer.ui.views.bid_chart`); None without hints."""
    from trainer.chances.plan import score_curves

    plan = next((h.plan for h in hints if h.plan is not None), None)
    if not hints or plan is None:
        return None
    return score_curves([h.chance for h in hints], profile, plan.start)


def highest_hint(hints: Sequence[BidHint]) -> BidHint | None:
    """The game the hand is worth the highest bid for (None: no game is worth bidding)."""
    return next(iter(playable_hints(hints)), None)


# --- memory check -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MemoryCheck:
    """What a learner may try to remember during a deal, counted afterwards from the tricks.

    ``trumps_out``: trumps the two other players held at the start (None in null games); ``declarer_points``
    and ``defender_points``: card points taken (the declarer's with the skat)."""

    trumps_out: int | None
    trumps_held: int | None
    declarer_points: int
    defender_points: int


def memory_check(
    game: GameType,
    learner_hand: Iterable[Card],
    declarer_points: int,
    defender_points: int,
    skat: Iterable[Card] = (),
) -> MemoryCheck:
    """The memory-check answers for a learner who started with ``learner_hand`` (ten cards): the trumps the
    other two players were dealt — not counting the trumps that lay in the dealt ``skat``."""
    if not game.has_trumps:
        return MemoryCheck(None, None, declarer_points, defender_points)
    held = sum(1 for card in learner_hand if is_trump(card, game))
    in_skat = sum(1 for card in skat if is_trump(card, game))
    total = sum(1 for card in ALL_CARDS if is_trump(card, game))
    return MemoryCheck(total - held - in_skat, held, declarer_points, defender_points)


# --- the coach's suggestion --------------------------------------------------------------------------------

COACH_LEVELS: tuple[str, ...] = ("beginner", "advanced", "none")
"""How much the coach helps: always, on request (a Hint button), or not at all (a memory check at the end)."""
COACH_LEVEL = "expert"
"""Whose move the coach suggests: the strongest computer player's."""


def coach_suggestion(view: SeatView, *, time_ms: int = 400, nodes: int | None = None) -> Decision:
    """The coach's suggestion for the learner: what the expert would do from the learner's own view, with
    its reason (the same view the learner sees, so the coach knows nothing more), within ``time_ms``. In
    the card play the suggestion is :func:`judge_card`'s (the evaluation the review reads after the deal),
    whose budget is counted in solver ``nodes`` (default :func:`coach_nodes`), not ``time_ms``."""
    if view.phase is Phase.PLAY and view.declaration is not None and view.legal_moves:
        advice = judge_card(view, nodes=nodes)
        return Decision(PlayCard(view.seat, advice.card), advice.reason, advice.chance)
    return choose(view, COACH_LEVEL, rng=random.Random(len(view.history)), time_ms=time_ms)


# --- the coach at the table: one judge for the hint, its chance, the review and the mistakes --------------
# The evaluation lives with the players (trainer.bots.card_judge), below the coach and the problems, which
# both ask it; its names are re-exported here, where the pages look for them.


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as ISS codes separated by spaces (for stored records)."""
    return " ".join(card.iss for card in cards)


def parse_cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in text.split())


# --- the post-deal review -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardVerdict:
    """One of the learner's cards judged with all hands open: ``index`` in the play order, the card, whether
    the learner's side could still win after it (None: left open by the time cap), and the cards that
    would have kept the better result when this one lost it. ``advice``: the coach's evaluation of the same
    position from the learner's own view (:func:`judge_card`), the one judge of the hint and the review."""

    index: int
    card: Card
    wins_after: bool | None
    could_win: bool | None
    better: tuple[Card, ...] = ()
    advice: CardAdvice | None = None

    @property
    def lost_it(self) -> bool:
        """With all hands open, this card turned a game the learner's side could win into one it could not."""
        return bool(self.could_win) and self.wins_after is False

    @property
    def endorsed(self) -> bool:
        """The coach's evaluation stood behind this card from what the learner could see (not a guess)."""
        return self.advice is not None and self.advice.endorses(self.card)

    @property
    def costly(self) -> bool:
        """This card cost the game: it lost it with open hands, and the coach's evaluation from the learner's
        view did not stand behind it (the coach's own card is never blamed unless the coach said it was a
        guess)."""
        return self.lost_it and not self.endorsed

    @property
    def unlucky(self) -> bool:
        """It lost with open hands, though from what the learner could see it was as good as the coach's
        card: the hidden cards lay against it."""
        return self.lost_it and self.endorsed


def card_verdicts(
    record: object,
    moves: Sequence[Card],
    seat: Seat,
    *,
    time_limit: float = 1.0,
    progress: Callable[[int, int], None] | None = None,
    judge: Callable[[SeatView], CardAdvice] | None = None,
    deal: DealState | None = None,
) -> list[CardVerdict]:
    """Judge each card ``seat`` played in ``record`` (a :class:`trainer.replay.GameRecord`) with the
    open-hand solver: for the learner's side, could it still win before the card, and after it? Cards that
    were the only legal one are skipped. Each position has its own time cap. Each card is also judged by
    ``judge`` from the learner's own view (default: :func:`judge_card`, the coach's own evaluation) when it
    lost the game with open hands, so a card the coach stood behind is not blamed for a layout it could not
    see. ``deal``: the finished deal ``record`` was written from; the coach is then asked from its views,
    which hold the auction the seat heard (an ISS record keeps only the contract, and the layouts the judge
    samples read the auction: without it the review could judge other layouts than the hint and "Find my
    mistakes" did)."""
    from trainer.replay import Analyzer, GameRecord
    from trainer.rules import Phase, PlayCard

    assert isinstance(record, GameRecord)
    analyzer = Analyzer(record)
    state = record.deal_state()
    declarer_side = seat is state.declarer
    heard = play_views(deal, seat) if deal is not None else {}
    found: list[CardVerdict] = []
    for index, card in enumerate(moves):
        if progress is not None:
            progress(index, len(moves))
        if state.to_move is seat and len(state.legal_cards()) > 1:
            outcomes = list(analyzer.outcomes(state, node_limit=None, time_limit=time_limit))

            def good(wins: bool | None) -> bool | None:
                return None if wins is None else wins is declarer_side

            played = next((o for o in outcomes if o.card == card), None)
            verdicts = [good(o.declarer_wins) for o in outcomes]
            could = True if True in verdicts else (None if None in verdicts else False)
            after = good(played.declarer_wins) if played is not None else None
            better = tuple(o.card for o in outcomes if good(o.declarer_wins)) if after is False else ()
            lost = bool(could) and after is False  # only a card that lost it needs the coach's word
            if lost:
                view = state.view(seat)
                advice = (judge or judge_card)(heard.get(position_key(view), view))
            else:
                advice = None
            found.append(CardVerdict(index, card, after, could, better, advice))
        mover = state.to_move
        assert mover is not None
        state.apply(PlayCard(mover, card))
        if state.phase is Phase.FINISHED:
            break
    return found


def play_views(deal: DealState, seat: Seat) -> dict[int, SeatView]:
    """``seat``'s views at each of its turns in the card play of ``deal``, by :func:`position_key`."""
    replay = deal.skat_game.new_deal(deal=deal.deal)
    views: dict[int, SeatView] = {}
    for move in deal.history[1:]:
        if replay.phase is Phase.PLAY and replay.to_move is seat:
            view = replay.view(seat)
            views[position_key(view)] = view
        replay.apply(move)
    return views


def mistake_tags(
    verdicts: Sequence[CardVerdict],
    *,
    declarer: bool,
    overbid: bool,
    won: bool | None,
    decisions: Sequence[DecisionVerdict] = (),
) -> tuple[str, ...]:
    """Tags for the store's "common mistakes": a costly decision (``costly_bid``, ``costly_pickup``,
    ``costly_discard``, ``costly_game``), a costly card, an overbid game, a lost game as declarer."""
    tags = [
        f"costly_{v.kind}" for v in sorted(decisions, key=lambda v: DECISION_KINDS.index(v.kind)) if v.costly
    ]
    if any(v.costly for v in verdicts):
        tags.append("costly_card")
    if declarer and overbid:
        tags.append("overbid")
    if declarer and won is False:
        tags.append("lost_as_declarer")
    return tuple(tags)


# --- the learner's decisions judged with open hands ---------------------------------------------------------

DECISION_KINDS: tuple[str, ...] = ("bid", "pickup", "discard", "game")
"""The learner's decisions before the card play, in the order they are taken (the review names the first
one that cost the game; the cards come after them)."""


@dataclass(frozen=True)
class ContractVerdict:
    """One contract played with all hands open from the first lead: the declaration, the two cards that count
    for the declarer (the discards, or the dealt skat of a hand game), whether the declarer wins it at the
    bid (None: the time cap left it open), its value as the game would be scored (won or lost; None when
    open), the declarer's card points (suit and grand) and whether the value fell short of the bid."""

    declaration: Declaration
    skat: tuple[Card, ...]
    won: bool | None
    value: int | None
    points: int | None = None
    overbid: bool = False


def verdict_rank(verdict: ContractVerdict | None) -> tuple[int, int, int]:
    """Orders contracts from the declarer's view: won before open before lost; among won the higher value,
    among lost the smaller loss; then more card points."""
    if verdict is None:
        return (-1, 0, 0)
    rank = 2 if verdict.won else 1 if verdict.won is None else 0
    value = verdict.value or 0
    return (rank, value if verdict.won else -value, verdict.points or 0)


def best_contract(verdicts: Iterable[ContractVerdict | None]) -> ContractVerdict | None:
    """The best of ``verdicts`` for the declarer (see :func:`verdict_rank`); None when there is none."""
    found = [v for v in verdicts if v is not None]
    return max(found, key=verdict_rank) if found else None


def open_contract(
    profile: RuleProfile,
    declaration: Declaration,
    hands: Sequence[Sequence[Card]],
    skat: Sequence[Card],
    declarer: Seat,
    *,
    bid: int,
    matadors_count: int | None = None,
    points_so_far: int = 0,
    time_limit: float | None = 0.5,
    node_limit: int | None = None,
) -> ContractVerdict:
    """Solve ``declaration`` with all hands open from forehand's lead and score it at ``bid``.

    ``hands``: the three hands by seat (the declarer's after the discard), all the same size (a late position
    works too: ``points_so_far`` are the declarer's points from earlier tricks); ``skat``: the cards that
    count for the declarer. ``matadors_count`` defaults to the matadors of the declarer's hand and ``skat``.
    With a cap the search may stop early: then what its bounds prove is used (won or lost known, the value
    from the proven bound), or the verdict stays open (None). Schwarz is counted only when the declarer
    takes every card point of a whole deal and the solver confirms every trick; a lost game's tricks are
    taken as one (zero when the declarer has no card point), since the levels of a loss need no more."""
    from trainer.solver import Analysis

    hands_t = [tuple(hand) for hand in hands]
    skat_t = tuple(skat)
    game = declaration.game
    count = matadors(((*hands_t[int(declarer)], *skat_t)), game) if matadors_count is None else matadors_count
    analysis = Analysis(game, int(declarer), hands_t, skat_t)
    leader = int(Seat.FOREHAND)
    result = analysis.analyse(
        hands_t, leader, points_so_far=points_so_far, time_limit=time_limit, node_limit=node_limit
    )
    pick = max if Seat.FOREHAND is declarer else min
    low = pick(bound[0] for bound in result.bounds.values())
    high = pick(bound[1] for bound in result.bounds.values())
    if game.is_null:
        won = True if low >= 1 else False if high < 1 else None
        if won is None:
            return ContractVerdict(declaration, skat_t, None, None)
        scored = evaluate_game(
            profile, declaration, matadors=0, bid=bid, declarer_points=0, declarer_tricks=0 if won else 1
        )
        return ContractVerdict(declaration, skat_t, scored.won, scored.value, None, scored.overbid)
    by_points = True if profile.wins_on_points(low) else False if not profile.wins_on_points(high) else None
    if by_points is None:
        return ContractVerdict(declaration, skat_t, None, None)
    points = low if by_points else high
    tricks = _fewest_tricks(profile, points)
    everything = points_so_far + sum(card_points(h) for h in hands_t) + card_points(skat_t)
    if points >= everything and points_so_far == 0 and len(hands_t[0]) == HAND_SIZE:
        again = analysis.analyse(
            hands_t, leader, with_schwarz=True, time_limit=time_limit, node_limit=node_limit
        )
        answers = list(again.schwarz.values())
        if answers and (any(answers) if Seat.FOREHAND is declarer else all(answers)) and again.complete:
            tricks = HAND_SIZE
    scored = evaluate_game(
        profile, declaration, matadors=count, bid=bid, declarer_points=points, declarer_tricks=tricks
    )
    return ContractVerdict(declaration, skat_t, scored.won, scored.value, points, scored.overbid)


def _fewest_tricks(profile: RuleProfile, points: int) -> int:
    """The fewest tricks (at least one) that can hold ``points`` with the skat: a verdict's levels come from
    the points, and schwarz only from a confirmed all-tricks answer."""
    from trainer.errors import DeclarationError
    from trainer.rules.value import check_points_and_tricks

    for tricks in range(1, HAND_SIZE):
        try:
            check_points_and_tricks(profile, points, tricks)
        except DeclarationError:
            continue
        return tricks
    return HAND_SIZE - 1


def discard_candidates(
    cards: Sequence[Card], game: GameType, first: Iterable[Sequence[Card]] = ()
) -> list[tuple[Card, ...]]:
    """Every pair of ``cards`` (the declarer's twelve) to lay away, ``first`` ones first (the learner's, the
    bot's), then the rest most promising first: for suit and grand the fewest trumps, then the most card
    points (points in the skat count for the declarer); for null the highest cards (the likeliest to take a
    trick). A caller with a time budget tries them in this order and stops when it runs out."""
    held = sorted(cards, key=lambda card: card.index)
    ordered: list[tuple[Card, ...]] = []
    for pair in first:
        key = tuple(sorted(pair, key=lambda card: card.index))
        if len(key) == SKAT_SIZE and all(card in held for card in key) and key not in ordered:
            ordered.append(key)

    def promise(pair: tuple[Card, ...]) -> tuple[int, int]:
        if game.is_null:
            return (-sum(RANK_ORDER_NULL.index(card.rank) for card in pair), 0)
        return (sum(1 for card in pair if is_trump(card, game)), -card_points(pair))

    rest = [pair for pair in itertools.combinations(held, SKAT_SIZE) if pair not in ordered]
    return ordered + sorted(rest, key=promise)


def best_discard(
    profile: RuleProfile,
    declaration: Declaration,
    hands: Sequence[Sequence[Card]],
    skat: Sequence[Card],
    declarer: Seat,
    *,
    bid: int,
    first: Iterable[Sequence[Card]] = (),
    limit: int | None = None,
    budget: float = 3.0,
    time_limit: float | None = 0.5,
    node_limit: int | None = None,
) -> tuple[ContractVerdict | None, list[ContractVerdict]]:
    """The best discard found for ``declaration`` with the skat known and all hands open: the declarer
    (holding ``hands[declarer]`` and the ``skat``) tries the pairs of :func:`discard_candidates` in order,
    at most ``limit`` of them, until ``budget`` seconds are spent (the ``first`` ones are always tried).
    Returns the best verdict and every verdict tried, in the order tried."""
    twelve = (*hands[int(declarer)], *skat)
    count = matadors(twelve, declaration.game)
    firsts = [tuple(pair) for pair in first]
    deadline = time.perf_counter() + budget
    tried: list[ContractVerdict] = []
    for number, pair in enumerate(discard_candidates(twelve, declaration.game, firsts)):
        if limit is not None and number >= limit:
            break
        if number >= len(firsts) and time.perf_counter() >= deadline:
            break
        kept = tuple(card for card in twelve if card not in pair)
        layout = [tuple(hand) for hand in hands]
        layout[int(declarer)] = kept
        tried.append(
            open_contract(
                profile, declaration, layout, pair, declarer, bid=bid, matadors_count=count,
                time_limit=time_limit, node_limit=node_limit,
            )
        )  # fmt: skip
    return best_contract(tried), tried


def game_alternatives(
    profile: RuleProfile, cards: Sequence[Card], bid: int, *, hand: bool, besides: GameType | None = None
) -> list[Declaration]:
    """One plain declaration per game the hand could declare at ``bid`` (the four suits, grand, null): no
    announcement, no Musik, no ouvert except a null ouvert when plain null is below the bid. ``cards``: what
    the matadors are counted over (the ten cards and the skat). ``besides``: a game to leave out (the one
    played)."""
    found: dict[GameType, Declaration] = {}
    for declaration in allowed_declarations(profile):
        game = declaration.game
        if declaration.hand != hand or game is besides or game in found:
            continue
        if declaration.schneider_announced or declaration.schwarz_announced or declaration.musik:
            continue
        if declaration.ouvert and not game.is_null:
            continue
        if highest_possible_value(profile, declaration, matadors(cards, game)) < bid:
            continue
        found[game] = declaration
    return sorted(found.values(), key=lambda d: (d.game.is_null, d.ouvert, list(GameType).index(d.game)))


@dataclass(frozen=True)
class DecisionVerdict:
    """One of the learner's decisions judged with open hands.

    ``kind``: bid, pickup, discard or game (:data:`DECISION_KINDS`). ``chosen``: the contract the learner
    played, open-handed (None for a pass); ``best``: the best alternative found (the hand game for a pickup,
    the best discard, the best other game, the best game at the bid passed); ``tried``: every alternative
    judged. ``costly``: this decision turned a game the learner could win into a loss (a pass: the learner
    could have won a game at that bid while the other side won). ``passed_at``: the bid the learner passed.
    """

    kind: str
    chosen: ContractVerdict | None
    best: ContractVerdict | None
    costly: bool
    tried: tuple[ContractVerdict, ...] = ()
    passed_at: int | None = None
    model: Message | None = None
    """The chance model's word on the same decision (the bid and the game): what it would have bid or
    declared from what the learner saw, with the chance (None when it has none)."""

    @property
    def better(self) -> bool:
        """The alternative would have won, and more (or won where the choice lost)."""
        if self.best is None or self.best.won is not True:
            return False
        if self.chosen is None or self.chosen.won is not True:
            return True
        return (self.best.value or 0) > (self.chosen.value or 0)


def _replay_until(state: DealState, stop: Callable[[DealState, Move], bool]) -> DealState:
    """A fresh copy of ``state``'s deal with its moves applied until ``stop(copy, next_move)`` is true."""
    copy = state.skat_game.new_deal(deal=state.deal)
    for move in state.history[1:]:
        if stop(copy, move):
            break
        copy.apply(move)
    return copy


def _bot_discard(state: DealState, learner: Seat) -> tuple[Card, ...] | None:
    """The discard a club-level bot (:func:`trainer.bots.choose`) makes from the learner's own view right
    after the pickup (the same view the learner had); None when there is no pickup to replay."""
    from trainer.bots import choose

    def at_pickup(copy: DealState, move: Move) -> bool:
        return isinstance(move, PickUp) or copy.phase is Phase.DECLARE

    copy = _replay_until(state, at_pickup)
    if copy.phase is Phase.PICKUP and copy.to_move is learner:
        copy.apply(PickUp(learner))
    if copy.phase is not Phase.DISCARD:
        return None
    move = choose(copy.view(learner), "club", seed=0).move
    return tuple(move.cards) if isinstance(move, Discard) else None


def _passed_at(state: DealState, learner: Seat) -> int | None:
    """The bid the learner passed: the bid they were asked to hold, or the lowest they could have said."""

    def at_pass(copy: DealState, move: Move) -> bool:
        return isinstance(move, Pass) and move.seat is learner

    copy = _replay_until(state, at_pass)
    if copy.to_move is not learner or copy.phase is not Phase.AUCTION:
        return None
    legal = copy.legal_moves()
    if any(isinstance(move, Hold) for move in legal):
        said = [move.value for move in copy.history if isinstance(move, Bid)]
        return said[-1] if said else None
    bids = [move.value for move in legal if isinstance(move, Bid)]
    return min(bids) if bids else None


def _last_auction_view(state: DealState, learner: Seat) -> tuple[SeatView, Move] | None:
    """The learner's view right before its last word in the auction, and that word."""
    moves = list(state.history)
    last = max(
        (i for i, m in enumerate(moves) if isinstance(m, Bid | Hold | Pass) and m.seat is learner),
        default=None,
    )
    if last is None:
        return None
    copy = state.skat_game.new_deal(deal=state.deal)
    for move in moves[1:last]:  # the deal itself is the first move
        copy.apply(move)
    return copy.view(learner), moves[last]


def model_notes(state: DealState, learner: Seat) -> dict[str, Message]:
    """The chance model's word on the learner's bid and game in a finished deal (keys ``bid`` and ``game``):
    the highest bid it would have gone to from what the learner saw at its last word in the auction, and,
    for a declarer, the game it would have declared at the bid after the same pickup and discard."""
    from trainer.chances import best_at, hand_chances, skat_chances
    from trainer.chances.open_check import checked_open

    profile = state.profile
    notes: dict[str, Message] = {}
    found = _last_auction_view(state, learner)
    if found is not None:
        view, word = found
        # the open games checked as the coach's hints check them, so the review and the coach agree
        chances = checked_open(
            hand_chances(profile, view.hand, learner, auction=view.auction), profile, view.hand, learner
        )
        top = max(chances, key=lambda c: (c.max_bid or 0, c.win))
        params = {"game": top.declaration, "p": _percent(top.win), "limit": top.max_bid or 0}
        if isinstance(word, Pass):
            at = _passed_at(state, learner) or profile.min_bid
            params["bid"] = at
            if top.max_bid is not None and top.max_bid >= at:
                notes["bid"] = Message(
                    N_(
                        "The model would have gone on to {limit} for {game} (about {p} %) instead of "
                        "passing at {bid}."
                    ),
                    params,
                )
            elif top.max_bid is None:
                notes["bid"] = Message(
                    N_("The model agrees: no game was worth bidding (best: {game}, about {p} %)."), params
                )
            else:
                notes["bid"] = Message(
                    N_("The model agrees: {game} (about {p} %) was worth only {limit}, not {bid}."), params
                )
        if state.declarer is learner and state.bid is not None and "bid" not in notes:
            params["bid"] = state.bid
            if top.max_bid is None:
                notes["bid"] = Message(
                    N_("The model would not have bid: the best game, {game}, wins only about {p} %."), params
                )
            elif state.bid > top.max_bid:
                notes["bid"] = Message(
                    N_(
                        "The model's ceiling was {limit} ({game}, about {p} %): {bid} was more than the "
                        "hand was worth."
                    ),
                    params,
                )
            else:
                notes["bid"] = Message(
                    N_("Within the model's ceiling of {limit} ({game}, about {p} %)."), params
                )
    declaration, bid = state.declaration, state.bid
    if state.declarer is learner and declaration is not None and bid is not None and state.knocker is None:
        heard = state.view(learner).auction
        if declaration.hand:
            cards: tuple[Card, ...] = tuple(state.deal.hand(learner))
            chances = hand_chances(profile, cards, learner, auction=heard)
        else:
            cards = (*state.deal.hand(learner), *state.deal.skat)
            chances = skat_chances(profile, cards, learner, auction=heard, discards=state.discards)
        chances = checked_open(chances, profile, cards, learner)
        plain = dataclasses.replace(declaration, musik=0)
        mine = next((c for c in chances if c.declaration == plain), None)
        pool = [c for c in chances if c.declaration.hand == declaration.hand]
        best = best_at(pool, profile, bid) or max(
            pool, key=lambda c: c.expected_at(profile, bid), default=None
        )
        if mine is not None and best is not None:
            params = {
                "game": plain,
                "p": _percent(mine.win),
                "best": best.declaration,
                "q": _percent(best.win),
            }
            if best.declaration == plain:
                notes["game"] = Message(N_("The model's choice too: {game} wins about {p} %."), params)
            else:
                notes["game"] = Message(
                    N_(
                        "By the model your {game} wins about {p} %; its choice at this bid: {best} "
                        "(about {q} %)."
                    ),
                    params,
                )
    return notes


def decision_verdicts(
    state: DealState,
    learner: Seat,
    *,
    budget: float = 6.0,
    time_limit: float | None = 0.5,
    node_limit: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[DecisionVerdict]:
    """The learner's decisions in a finished deal judged with all hands open, in :data:`DECISION_KINDS`
    order.

    As declarer: the bid (costly when the game with open cards is worth less than the bid), the pickup (a
    picked-up game against the same game played hand with the dealt skat; a hand game against the best
    discard with the skat known), the discard (against the other pairs, the learner's and the club bot's
    first, then :func:`discard_candidates` order while the time lasts) and the game (against each other game
    the hand could declare at the bid, after the learner's discard, the bot's and the most promising others,
    six in all). As a defender who passed: the games the hand could have declared at the bid passed (picking
    up, six discards each). ``budget`` seconds are shared by the steps; ``time_limit``/``node_limit`` cap
    each solve; games not reached within twice ``budget`` are left out of the game and bid verdicts. A
    Ramse, Slå 40 an and a deal without a game have no decisions here (empty list)."""
    stop = time.perf_counter() + 2 * budget  # the games left when this passes are not judged
    outcome = state.outcome()
    declaration = state.declaration
    declarer = state.declarer
    bid = state.bid
    if (
        outcome is None or outcome.result is None or outcome.ramse_grand or declaration is None
        or declarer is None or bid is None or state.knocker is not None
    ):  # fmt: skip
        return []
    profile = state.profile
    dealt = [tuple(state.deal.hand(seat)) for seat in Seat]
    skat = tuple(state.deal.skat)
    twelve = (*dealt[int(learner)], *skat)
    steps = 4 if declarer is learner else 1

    def tick(done: int) -> None:
        if progress is not None:
            progress(done, steps)

    def contract(
        d: Declaration, hands: Sequence[Sequence[Card]], counted: Sequence[Card], at: int
    ) -> ContractVerdict:
        return open_contract(
            profile, d, hands, counted, learner, bid=at, time_limit=time_limit, node_limit=node_limit
        )

    def discarding(
        d: Declaration, at: int, first: Sequence[Sequence[Card]], limit: int | None, seconds: float
    ) -> tuple[ContractVerdict | None, list[ContractVerdict]]:
        return best_discard(
            profile, d, dealt, skat, learner, bid=at, first=first, limit=limit, budget=seconds,
            time_limit=time_limit, node_limit=node_limit,
        )  # fmt: skip

    if declarer is not learner:
        tick(0)
        passed = _passed_at(state, learner)
        if passed is None:
            return []
        games = game_alternatives(profile, twelve, passed, hand=False)
        share = budget / max(1, len(games))
        found: list[ContractVerdict] = []
        for game in games:
            if time.perf_counter() >= stop:
                break
            judged = discarding(game, passed, (), 6, share)[0]
            if judged is not None:
                found.append(judged)
        best = best_contract(found)
        missed = best is not None and best.won is True and outcome.won is True
        tick(1)
        notes = model_notes(state, learner)
        return [DecisionVerdict("bid", None, best, missed, tuple(found), passed, notes.get("bid"))]

    discards = tuple(state.discards)
    mine = dealt[int(learner)] if declaration.hand else tuple(c for c in twelve if c not in discards)
    layout = list(dealt)
    layout[int(learner)] = mine
    tick(0)
    chosen = contract(declaration, layout, skat if declaration.hand else discards, bid)
    verdicts = [DecisionVerdict("bid", chosen, None, chosen.overbid)]

    def cost(best: ContractVerdict | None) -> bool:
        return chosen.won is False and best is not None and best.won is True

    bot = _bot_discard(state, learner)
    firsts = [pair for pair in (discards, bot) if pair]
    null_ouvert = declaration.ouvert and declaration.game.is_null
    tick(1)
    if not declaration.hand:
        hand_game = Declaration(declaration.game, hand=True, ouvert=null_ouvert)
        if hand_game in allowed_declarations(profile):
            other = contract(hand_game, dealt, skat, bid)
            verdicts.append(DecisionVerdict("pickup", chosen, other, cost(other), (other,)))
        best, tried = discarding(declaration, bid, firsts, None, budget / 2)
        verdicts.append(DecisionVerdict("discard", chosen, best, cost(best), tuple(tried)))
    else:
        picked = Declaration(declaration.game, ouvert=null_ouvert)
        best, tried = discarding(picked, bid, firsts, None, budget / 2)
        verdicts.append(DecisionVerdict("pickup", chosen, best, cost(best), tuple(tried)))
    tick(2)
    games = game_alternatives(profile, twelve, bid, hand=declaration.hand, besides=declaration.game)
    share = budget / 2 / max(1, len(games))
    others: list[ContractVerdict] = []
    for game in games:
        if time.perf_counter() >= stop:
            break
        if game.hand:
            others.append(contract(game, dealt, skat, bid))
            continue
        found_best = discarding(game, bid, firsts, 6, share)[0]
        if found_best is not None:
            others.append(found_best)
    tick(3)
    best = best_contract(others)
    verdicts.append(DecisionVerdict("game", chosen, best, cost(best), tuple(others)))
    tick(4)
    notes = model_notes(state, learner)
    return [dataclasses.replace(v, model=notes.get(v.kind)) if v.kind in notes else v for v in verdicts]


def first_costly_decision(verdicts: Sequence[DecisionVerdict]) -> DecisionVerdict | None:
    """The first decision (in :data:`DECISION_KINDS` order) that cost the game, if any."""
    ordered = sorted(verdicts, key=lambda v: DECISION_KINDS.index(v.kind))
    return next((v for v in ordered if v.costly), None)
