"""The Play page after a deal: the result (points, levels, overbid, value), the settlement in the evening's
scheme, the score sheet (list, running totals, a plot), the coach's review (each of the learner's cards
judged with open hands, the first card that cost the game, the memory check), the deal in the replay viewer
and as an ISS record (.sgf) to download. Also the auction coach's bid hints and move wording.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import streamlit as st

from trainer import moves
from trainer.cards import HAND_SIZE, PLAYING_SEATS, Card
from trainer.coach import (
    SCHEMES,
    CardAdvice,
    CardVerdict,
    ContractVerdict,
    DecisionVerdict,
    bidding_hints,
    card_verdicts,
    decision_verdicts,
    first_costly_decision,
    judge_card,
    memory_check,
    mistake_tags,
    play_views,
    position_key,
    verdict_rank,
)
from trainer.deal import Seat
from trainer.errors import SkatError, upper_first
from trainer.games import GameType
from trainer.i18n import Translator
from trainer.names import shows
from trainer.records.deal_record import DealRecord
from trainer.records.iss import export as iss_export
from trainer.replay import GameRecord
from trainer.rules import DealState, Outcome, Phase, SeatView, SpoergeLevel
from trainer.rules.extras import longest_trump_suit, slaa_40_an_check
from trainer.rules.value import ValueBreakdown
from trainer.safe_text import csv_text, plain
from trainer.scoring import settle
from trainer.store.play_store import Evening, StoredDeal
from trainer.store.tables import TableSeat
from trainer.table_session import TableSession, place_of_seat
from trainer.ui.context import PageContext
from trainer.ui.pages import problems_mine
from trainer.ui.pages.deals_common import CHOICE_KEY, UPLOADED_KEY, result_text
from trainer.ui.terms import (
    SIDES,
    card_label,
    declaration_name,
    game_word,
    scheme_name,
    side_name,
    t_message,
    value_words,
)
from trainer.ui.views.analysis import costly_card_panel
from trainer.ui.views.deal_end import draw_deal_end, names_by_seat
from trainer.ui.widgets.settlement import money

HINTS_KEY = "play_bid_hints"
VIEWER_PAGE = "trainer/ui/pages/deals.py"


def scheme_names(t: Translator) -> dict[str, str]:
    """Every settlement scheme in words, for a choice of scheme."""
    return {scheme: scheme_name(scheme, t) for scheme in SCHEMES}


def player_names(t: Translator) -> tuple[str, str, str]:
    """The Play page's places: the learner, the computer on the left (place 1) and on the right (place 2):
    'You', 'Left', 'Right' / 'Du', 'Venstre', 'Højre'."""
    you, left, right = (side_name(side, t, capital=True) for side in SIDES)
    return (you, left, right)


@dataclass(frozen=True)
class FinishedDeal:
    """A deal that is over, as the result and the review see it: its row, the whole deal (revealed by the
    learner's door once it ended) and the seat the learner played."""

    stored: StoredDeal
    state: DealState
    learner: Seat
    scored: Outcome | None = None
    """The outcome as the table session scored it (a Bock deal's factor included); None: the deal's own."""

    @property
    def outcome(self) -> Outcome:
        outcome = self.scored or self.state.outcome()
        assert outcome is not None
        return outcome


def move_text(move: moves.Move, view: SeatView, ctx: PageContext) -> str:
    """A move in words, for the coach's suggestion."""
    t = ctx.t
    if isinstance(move, moves.Bid):
        return t("say {bid}", bid=move.value)
    if isinstance(move, moves.Hold):
        return t("hold (say yes)")
    if isinstance(move, moves.Pass):
        return t("pass")
    if isinstance(move, moves.Knock40):
        return t("knock 40") if move.knock else t("don't knock")
    if isinstance(move, moves.PickUp):
        return t("pick up the skat")
    if isinstance(move, moves.Declare):
        return t("declare {game}", game=declaration_name(move.declaration, t))
    if isinstance(move, moves.Discard):
        return t("lay away {cards}", cards=" ".join(card_label(c, ctx.lang) for c in move.cards))
    if isinstance(move, moves.RamsePass):  # Ramse's skat round passes two cards on; nothing is laid away
        return t("pass on {cards}", cards=" ".join(card_label(c, ctx.lang) for c in move.cards))
    if isinstance(move, moves.PlayCard):
        return t("play {card}", card=card_label(move.card, ctx.lang))
    if isinstance(move, moves.Spoerge):
        return {
            moves.SpoergeCall.KNOCK: t("knock (Spørge)"),
            moves.SpoergeCall.KNOCK_BACK: t("knock back"),
            moves.SpoergeCall.THROW: t("throw the cards"),
        }[move.call]
    if isinstance(move, moves.Kontra):
        return t("say kontra")
    if isinstance(move, moves.Re):
        return t("say re")
    if isinstance(move, moves.NoCall):
        return t("say nothing")
    if isinstance(move, moves.RamseCall):
        return t("say Grand") if move.grand else t("say Ramse")
    return str(move)


def bid_hints(ctx: PageContext, stored: StoredDeal, view: SeatView) -> None:
    """The chance model's bid hints: what to do (bid up to N for a game, pick up or play hand, or pass), and
    each game the hand can really play with its chance, its value's working and the reason in a sentence.
    During Slå 40 an only five cards are known: nothing is shown."""
    from trainer.coach import bidding_advice, playable_hints

    t = ctx.t
    if len(view.hand) != HAND_SIZE or view.phase not in (Phase.AUCTION, Phase.PICKUP):
        return
    bid = _bid_to_judge(view)
    cache: dict[Any, Any] = st.session_state.setdefault(HINTS_KEY, {})
    key = (stored.id, tuple(c.iss for c in view.hand), len(view.auction), bid)
    hints = cache.get(key)
    if hints is None:
        hints = bidding_hints(view.profile, view.hand, view.seat, auction=view.auction, bid=bid)
        cache.clear()
        cache[key] = hints
    st.markdown(t("**The coach's bid:** {advice}", advice=t_message(bidding_advice(hints, bid), t)))
    lines = []
    for hint in playable_hints(hints)[:6]:
        chance = t(
            "wins about {pct} % ({low}–{high} %)",
            pct=round(100 * hint.chance.win),
            low=round(100 * hint.chance.low),
            high=round(100 * hint.chance.high),
        )
        name = declaration_name(hint.declaration, t)
        words = value_words(hint.breakdown, t)
        lines.append(
            f"- **{name}**: {chance} · {words} · {t_message(hint.advice, t)} {t_message(hint.reason, t)}"
        )
    if lines:
        st.markdown(t("**The games your hand can play:**") + "\n" + "\n".join(lines))
    else:
        st.caption(t("No game of this hand is worth bidding for."))
    st.caption(
        t(
            "Chances from the chance model: how often our expert computer players win such a hand when they "
            "play it out with hidden cards (the range is the model's uncertainty). The highest bid is the "
            "ceiling the hand is worth: above it, declaring the game does worse on average than passing and "
            "defending."
        )
    )


def _bid_to_judge(view: SeatView) -> int:
    """The bid the learner faces now: the one to hold, else the lowest it could say (the bid won after the
    auction)."""
    if view.phase is Phase.PICKUP and view.bid is not None:
        return view.bid
    if any(isinstance(move, moves.Hold) for move in view.legal_moves):
        return view.standing_bid
    bids = [move.value for move in view.legal_moves if isinstance(move, moves.Bid)]
    return min(bids) if bids else view.profile.min_bid


# --- after the deal -----------------------------------------------------------------------------------------


def _money(amount: Decimal, scheme: str, lang: str) -> str:
    """A score-sheet amount signed, in the one format of its scheme that the settlement page uses too
    (:func:`trainer.ui.widgets.settlement.money`): whole points and øre without decimals ('+120', '-100',
    '+0,5'), online money with cents ('-3.60')."""
    return ("+" if amount > 0 else "") + money(amount, scheme, lang)


def seat_player(seat: Seat, number: int, names: Sequence[str]) -> str:
    """Who played ``seat`` in deal ``number`` (the place's name)."""
    return names[place_of_seat(seat, number)]


def result_panel(ctx: PageContext, current: Evening, deal: FinishedDeal) -> None:
    """The finished deal: the last trick, the result in a sentence and the settlement in the evening's
    scheme (all from the deal's one outcome), then the review."""
    t = ctx.t
    stored, outcome = deal.stored, deal.outcome
    names = player_names(t)
    st.header(t("Deal {n}: result", n=stored.number))
    result_sentence(ctx, outcome, stored.number, names, state=deal.state)
    settled = settle(outcome, current.scheme)
    if settled is not None:
        st.caption(" · ".join(t_message(line, t) for line in settled.working_parts))
    if stored.iss is None:
        st.caption(no_record_reason(outcome, t))
    by_seat = names_by_seat(names, stored.number)
    draw_deal_end(deal.state, ctx, key="play_end", bottom=deal.learner, names=by_seat, outcome=deal.outcome)
    problems_mine.offer(ctx, current.learner_id, deal.state, deal.learner, name=str(stored.id), source="play")
    review(ctx, current, deal)


def knock_verdict(state: DealState) -> tuple[GameType, ValueBreakdown] | None:
    """A Slå 40 an knock judged at the end of the auction: the game the knocker named (by default the
    longest suit) and what the ten cards make in it, the skat not counted (None: nobody knocked)."""
    knocker = state.knocker
    if knocker is None:
        return None
    named = next(
        (m.game for m in state.history if isinstance(m, moves.Knock40) and m.knock and m.seat is knocker),
        None,
    )
    check = slaa_40_an_check(state.profile, state.deal.hand(knocker), named, config=state.house.extras)
    game = named if named is not None else longest_trump_suit(state.deal.hand(knocker))
    return game, check.breakdown


def result_sentence(
    ctx: PageContext,
    outcome: Outcome,
    number: int,
    names: Sequence[str],
    *,
    state: DealState | None = None,
) -> None:
    """The result of a deal in a sentence: who played what for what and how it ended (with every kontra, re
    or Spørge), or the Ramse and who pays, or why nothing is scored (the Play page and shared tables both say
    it so). ``names``: the places' names as Markdown (the Play page's own words, or players' names through
    :func:`~trainer.safe_text.for_markdown`: every line here is Markdown). ``state``: the finished deal, for
    what a failed Slå 40 an knock was judged on."""
    t = ctx.t
    if outcome.passed_in:
        st.info(t("Everyone passed: the deal is thrown in (no score)."))
        return
    if outcome.ramse is not None:
        points = ", ".join(f"{seat_player(s, number, names)} {outcome.points[s]}" for s in Seat)
        losers = [seat_player(Seat(p), number, names) for p in outcome.ramse.losers]
        title = t("Ramsch") if outcome.ramsch else t("Ramse")
        if len(losers) == 1:
            pays = t("{who} pays each of the others.", who=losers[0])
        elif losers:
            paid = ", ".join(seat_player(Seat(p), number, names) for p in outcome.ramse.receivers)
            pays = t("{who} and {other} each pay {paid}.", who=losers[0], other=losers[1], paid=paid)
        else:
            pays = t("Nobody pays.")
        st.info(t("{title}: card points {points}.", title=title, points=points) + " " + pays)
        return
    who = seat_player(outcome.declarer, number, names) if outcome.declarer is not None else "?"
    if outcome.slaa_40_failed:
        judged = knock_verdict(state) if state is not None else None
        if judged is None:
            st.error(
                t("{who} knocked 40 (Slå 40 an) without a game worth 40: lost without play at 40.", who=who)
            )
        else:
            game, breakdown = judged
            st.error(
                t(
                    "{who} knocked 40 (Slå 40 an) meaning {game}, and won the auction at 40. With all ten "
                    "cards (the skat not counted) {game} is worth only {value} ({count}): lost without play "
                    "at 40.",
                    who=who,
                    game=game_word(game, t),
                    value=breakdown.value,
                    count=value_words(breakdown, t, count_only=True),
                )
            )
        return
    if outcome.result is None:
        st.error(t("{who} threw the cards at {bid}: lost at the bid.", who=who, bid=outcome.bid))
        return
    d = outcome.declaration
    st.markdown(
        t(
            "**{who}** played **{game}** for **{bid}**.",
            who=who,
            game=declaration_name(d, t) if d else "",
            bid=outcome.bid,
        )
    )
    (st.success if outcome.result.won else st.error)(result_text(outcome, ctx))
    calls = calls_words(outcome, t)
    if calls:
        st.caption(" · ".join(calls))


def calls_words(outcome: Outcome, t: Translator) -> list[str]:
    """What Spørge and Slå 40 an did to the rates (kontra and re are in the result's value already)."""
    words = []
    if outcome.spoerge is SpoergeLevel.KNOCKED_BACK:
        words.append(t("Spørge and a knock back: the rates count four times."))
    elif outcome.spoerge is SpoergeLevel.KNOCKED:
        words.append(t("Spørge: the rates count double."))
    elif outcome.spoerge is SpoergeLevel.THROWN:
        words.append(t("Spørge: the declarer threw the cards, lost at the normal rate."))
    if outcome.slaa_40_an:
        words.append(t("Slå 40 an: the rates count double."))
    return words


def no_record_reason(outcome: Outcome, t: Translator) -> str:
    """Why a finished deal has no .sgf download: ISS notation has no place for what happened in it."""
    if outcome.ramse is not None:
        return t("ISS notation has no place for a Ramse, so this deal has no .sgf download.")
    if outcome.slaa_40_an:
        return t("ISS notation has no place for a Slå 40 an knock, so this deal has no .sgf download.")
    if outcome.thrown:
        return t("ISS notation has no place for thrown cards, so this deal has no .sgf download.")
    if outcome.declaration is not None and outcome.declaration.musik:
        return t("ISS notation has no place for Musik, so this deal has no .sgf download.")
    return t("This deal could not be written in ISS notation, so it has no .sgf download.")


def side_lost(outcome: Outcome, seat: Seat) -> bool:
    """Did ``seat``'s side lose the game (the declarer lost it, or ``seat`` defended a won game)?"""
    if outcome.won is None:
        return False
    return outcome.won is not (outcome.declarer is seat)


def review(ctx: PageContext, current: Evening, deal: FinishedDeal) -> None:
    """Memory check, "could I have won?", the replay viewer and the downloads (.sgf and the deal record)."""
    t = ctx.t
    stored = deal.stored
    state = deal.state
    outcome = state.outcome()
    if outcome is None or outcome.result is None or state.declaration is None:
        return
    played = [card for _, card in state.cards_played]
    learner = deal.learner
    defenders = [s for s in Seat if s is not outcome.declarer]
    check = memory_check(
        state.declaration.game,
        state.deal.hand(learner),
        outcome.points[int(outcome.declarer)] if outcome.declarer is not None else 0,
        sum(outcome.points[int(s)] for s in defenders),
        skat=state.deal.skat,
    )
    with st.expander(t("Memory check"), expanded=current.coach == "none", icon=":material/psychology:"):
        if check.trumps_out is not None:
            st.markdown(
                t(
                    "The other two held **{n}** trumps at the start; you held {held}.",
                    n=check.trumps_out,
                    held=check.trumps_held,
                )
            )
        st.markdown(
            t(
                "Card points: declarer **{d}**, defenders **{o}** (the skat counts for the declarer).",
                d=check.declarer_points,
                o=check.defender_points,
            )
        )
    st.download_button(
        t("Download the whole deal (deal record, .json)"),
        DealRecord.of(state).to_json() + "\n",
        file_name=f"skat-deal-{stored.number}.json",
        mime="application/json",
        key="play_download_record",
        icon=":material/download:",
    )
    text = stored.iss
    if text:
        record = _record(text, state.profile)
        if record is not None:
            bid_verdict(ctx, deal)
            decisions_panel(ctx, deal)
            verdict_panel(ctx, record, played, deal)
            if side_lost(outcome, learner):  # "could we have won?" only for the side that lost
                costly_card_panel(
                    f"playdeal-{stored.id}", record, played, learner, ctx,
                    excused=_excused(stored.id, learner, deal.state),
                )  # fmt: skip
            left, right = st.columns(2)
            with left:
                st.download_button(
                    t("Download the deal (.sgf)"), text + "\n", file_name=f"skat-deal-{stored.number}.sgf",
                    mime="text/plain", key="play_download", icon=":material/download:",
                )  # fmt: skip
                left_out = iss_export(state).omitted
                if left_out:
                    st.caption(
                        t(
                            "What the .sgf file (ISS notation) cannot hold: {what} The deal record (.json) "
                            "keeps every move and call.",
                            what=" ".join(t_message(m, t) for m in left_out),
                        )
                    )
            with right:
                st.button(
                    t("Open it in the replay viewer"),
                    key="play_viewer",
                    on_click=_to_viewer,
                    args=(record,),
                    icon=":material/replay:",
                )


VERDICTS_KEY = "play_verdict_cache"
ADVICE_KEY = "play_card_advice"


def card_advice(deal_id: int, view: SeatView) -> CardAdvice:
    """The coach's advice for the learner's card in ``view`` of deal ``deal_id``: one evaluation for the
    hint, its chance and the review after the deal (:func:`trainer.coach.judge_card`, kept in the session
    so the review reads the very advice the learner saw; asked again, it gives the same answer)."""
    cache: dict[tuple[int, int], CardAdvice] = st.session_state.setdefault(ADVICE_KEY, {})
    key = (deal_id, position_key(view))
    advice = cache.get(key)
    if advice is None:
        advice = judge_card(view)
        cache[key] = advice
    return advice


def _excused(deal_id: int, learner: Seat, deal: DealState) -> Callable[[DealState, Card], bool]:
    """For "could we have won?": a card of the learner that the coach's evaluation stood behind is not
    blamed for a layout the learner could not see. The coach is asked from the learner's views in ``deal``
    itself (they hold the auction the seat heard; the record replayed here keeps only the contract), so the
    answer is the hint's, the review's and "Find my mistakes"'s."""
    heard = play_views(deal, learner)

    def excused(state: DealState, card: Card) -> bool:
        if state.to_move is not learner:
            return False
        view = state.view(learner)
        return card_advice(deal_id, heard.get(position_key(view), view)).endorses(card)

    return excused


def bid_verdict(ctx: PageContext, deal: FinishedDeal) -> None:
    """The auction judged: as declarer, the bid against the hand's safe value for the game played."""
    t = ctx.t
    state = deal.state
    outcome = state.outcome()
    if outcome is None or outcome.declarer is not deal.learner or state.declaration is None:
        return
    from trainer.rules.bidding import hand_value

    safe = hand_value(state.profile, state.deal.hand(deal.learner), state.declaration.game).value
    if outcome.overbid:
        st.warning(
            t(
                "Your bid {bid} was above what the game turned out to be worth; your ten cards were safe "
                "for {safe} in {game}.",
                bid=outcome.bid,
                safe=safe,
                game=game_word(state.declaration.game, t),
            )
        )


def verdict_panel(ctx: PageContext, record: GameRecord, played: list[Card], deal: FinishedDeal) -> None:
    """Each of the learner's cards judged with all hands open (on request: it takes a few seconds)."""
    t = ctx.t
    stored = deal.stored
    cache: dict[int, list[CardVerdict]] = st.session_state.setdefault(VERDICTS_KEY, {})
    verdicts = cache.get(stored.id)
    if verdicts is None:
        if not st.button(
            t("Judge each of my cards (all hands open)"), key="play_verdicts", icon=":material/fact_check:"
        ):
            return
        bar = st.progress(0.0, text=t("Checking your cards…"))

        def progress(done: int, total: int) -> None:
            bar.progress(min(1.0, done / max(total, 1)), text=t("Checking your cards…"))

        verdicts = card_verdicts(
            record, played, deal.learner, time_limit=1.0, progress=progress,
            judge=lambda view: card_advice(stored.id, view), deal=deal.state,
        )  # fmt: skip
        bar.empty()
        cache[stored.id] = verdicts
        _record_mistakes(deal)
    lines = []
    for v in verdicts:
        card = card_label(v.card, ctx.lang)
        trick = v.index // PLAYING_SEATS + 1
        if v.costly:
            better = " ".join(card_label(c, ctx.lang) for c in v.better)
            lines.append(
                t(
                    "- Trick {n}: {card} ✗ cost the game; {better} would have kept it.",
                    n=trick,
                    card=card,
                    better=better,
                )
            )
        elif v.unlucky:
            lines.append(
                t(
                    "- Trick {n}: {card} · lost only because of where the hidden cards lay: from what you "
                    "could see it was as good as the coach's card ({judged}).",
                    n=trick,
                    card=card,
                    judged=t_message(v.advice.reason, t) if v.advice is not None else "",
                )
            )
        elif v.wins_after is None or v.could_win is None:
            lines.append(t("- Trick {n}: {card} · not settled in time", n=trick, card=card))
        elif v.could_win:
            lines.append(t("- Trick {n}: {card} ✓ kept the game winnable", n=trick, card=card))
        else:
            lines.append(
                t("- Trick {n}: {card} · the game was already lost for your side", n=trick, card=card)
            )
    if lines:
        st.markdown("\n".join(lines))
    else:
        st.caption(t("You had no real choice in this deal: each time only one card was legal."))


def _record_mistakes(deal: FinishedDeal) -> None:
    """Store the review's mistake tags: the card verdicts' and the decisions', whichever are judged."""
    stored = deal.stored
    outcome = deal.state.outcome()
    if outcome is None:
        return
    cards: list[CardVerdict] = st.session_state.get(VERDICTS_KEY, {}).get(stored.id, [])
    decisions: list[DecisionVerdict] = st.session_state.get(DECISIONS_KEY, {}).get(stored.id, [])
    tags = mistake_tags(
        cards,
        declarer=outcome.declarer is deal.learner,
        overbid=outcome.overbid,
        won=outcome.won,
        decisions=decisions,
    )
    from trainer.store.play_store import PlayStore
    from trainer.ui.progress_state import get_store

    PlayStore(get_store()).add_mistakes(stored.id, tags)


DECISIONS_KEY = "play_decision_cache"
DECISION_BUDGET = 6.0
"""Seconds the decision review may spend in all (each solve is capped too)."""
DECISION_SOLVE_CAP = 1.0


def _contract_words(verdict: ContractVerdict | None, ctx: PageContext, bid: int | None = None) -> str:
    """A contract's open-hand verdict in words: won (worth 72), lost (worth 48), overbid (the game came out
    below the bid ``bid`` and is scored as lost at the lowest multiple of its base value that reaches the
    bid), or not settled."""
    t = ctx.t
    if verdict is None or verdict.won is None or verdict.value is None:
        return t("not settled in time")
    if verdict.won:
        return t("won (worth {value})", value=verdict.value)
    if verdict.overbid and bid is not None:
        return t(
            "lost, overbid: the game came out below the bid {bid}, so it counts as lost at {value} (the "
            "lowest multiple of its base value that reaches the bid)",
            bid=bid,
            value=verdict.value,
        )
    if verdict.overbid:
        return t(
            "lost, overbid: it counts as lost at {value} (the lowest multiple of its base value that reaches "
            "the bid)",
            value=verdict.value,
        )
    return t("lost (worth {value})", value=verdict.value)


def _cards(cards: Sequence[Card], ctx: PageContext) -> str:
    return " ".join(card_label(c, ctx.lang) for c in cards)


def decision_kind_name(kind: str, ctx: PageContext) -> str:
    t = ctx.t
    return {
        "bid": t("the bid"),
        "pickup": t("picking up or playing hand"),
        "discard": t("the discard"),
        "game": t("the game"),
    }[kind]


def smaller_loss(v: DecisionVerdict) -> bool:
    """The choice lost and the best alternative lost too, but at a smaller value (it would have cost less)."""
    chosen, best = v.chosen, v.best
    if chosen is None or best is None or chosen.won is not False or best.won is not False:
        return False
    return (best.value or 0) < (chosen.value or 0)


def decision_mark(v: DecisionVerdict) -> str:
    """✗ the decision cost the game, · a better choice existed (a win, a bigger win or a smaller loss),
    ✓ none better was found."""
    if v.costly:
        return "✗"
    return "·" if v.better or smaller_loss(v) else "✓"


def decision_line(v: DecisionVerdict, deal: FinishedDeal, ctx: PageContext) -> str:
    """One decision and its open-hand verdict, as a list line, with the chance model's word on it."""
    line = _open_hand_line(v, deal, ctx)
    return line if v.model is None else f"{line} {t_message(v.model, ctx.t)}"


def _open_hand_line(v: DecisionVerdict, deal: FinishedDeal, ctx: PageContext) -> str:
    """One decision and its open-hand verdict, as a list line."""
    t = ctx.t
    mark = decision_mark(v)
    chosen, best = v.chosen, v.best
    state = deal.state
    if v.kind == "bid" and chosen is None:
        if best is None:
            return t(
                "- Bid: {mark} you passed at {bid}; no game of your hand reached it.",
                mark=mark,
                bid=v.passed_at,
            )
        return t(
            "- Bid: {mark} you passed at {bid}; with the skat known, {game} would have been {verdict}.",
            mark=mark,
            bid=v.passed_at,
            game=declaration_name(best.declaration, t),
            verdict=_contract_words(best, ctx, v.passed_at),
        )
    if v.kind == "bid":
        return t(
            "- Bid: {mark} you won the auction at {bid}; your game with open cards: {verdict}.",
            mark=mark,
            bid=state.bid,
            verdict=_contract_words(chosen, ctx, state.bid),
        )
    if v.kind == "pickup" and best is not None and best.declaration.hand:
        return t(
            "- Pickup: {mark} you picked up; {game} would have been {verdict} (yours: {mine}).",
            mark=mark,
            game=declaration_name(best.declaration, t),
            verdict=_contract_words(best, ctx, state.bid),
            mine=_contract_words(chosen, ctx, state.bid),
        )
    if v.kind == "pickup":
        return t(
            "- Pickup: {mark} you played hand; picking up and laying away {cards} would have been {verdict} "
            "(yours: {mine}).",
            mark=mark,
            cards=_cards(best.skat, ctx) if best else "–",
            verdict=_contract_words(best, ctx, state.bid),
            mine=_contract_words(chosen, ctx, state.bid),
        )
    if v.kind == "discard" and best is not None and set(best.skat) == set(state.discards):
        return t(
            "- Discard: {mark} your {cards}: {mine}; the best of the {n} discards tried.",
            mark=mark,
            cards=_cards(state.discards, ctx),
            mine=_contract_words(chosen, ctx, state.bid),
            n=len(v.tried),
        )
    if v.kind == "discard":
        return t(
            "- Discard: {mark} your {cards}: {mine}; the best of {n} discards tried, "
            "{best_cards}: {verdict}.",
            mark=mark,
            cards=_cards(state.discards, ctx),
            mine=_contract_words(chosen, ctx, state.bid),
            n=len(v.tried),
            best_cards=_cards(best.skat, ctx) if best else "–",
            verdict=_contract_words(best, ctx, state.bid),
        )
    ordered = sorted(v.tried, key=verdict_rank, reverse=True)  # the best alternative first
    others = upper_first(
        "; ".join(
            t(
                "{game} would have been {verdict}",
                game=declaration_name(o.declaration, t),
                verdict=_contract_words(o, ctx, state.bid),
            )
            for o in ordered
        )
    )
    return t(
        "- Game: {mark} your {game}: {mine}. {others}",
        mark=mark,
        game=declaration_name(chosen.declaration, t) if chosen else "",
        mine=_contract_words(chosen, ctx, state.bid),
        others=(others + ".") if others else t("No other game reached the bid."),
    )


def decisions_panel(ctx: PageContext, deal: FinishedDeal) -> None:
    """ "Your decisions": the bid, the pickup, the discard and the game judged with all hands open (on
    request: it takes a few seconds), and the first decision that cost the game ("could I have won?")."""
    t = ctx.t
    stored = deal.stored
    cache: dict[int, list[DecisionVerdict]] = st.session_state.setdefault(DECISIONS_KEY, {})
    verdicts = cache.get(stored.id)
    with st.container(key="play_decisions_panel"):
        st.markdown(t("**Your decisions**"))
        if verdicts is None:
            if not st.button(
                t("Judge my decisions (all hands open)"), key="play_decisions", icon=":material/rule:"
            ):
                return
            from trainer.solver import warm_up

            with st.spinner(t("The coach replays your bid, pickup, discard and game with all cards open…")):
                warm_up(block=True)
                verdicts = decision_verdicts(
                    deal.state, deal.learner, budget=DECISION_BUDGET, time_limit=DECISION_SOLVE_CAP
                )
            cache[stored.id] = verdicts
            _record_mistakes(deal)
        if not verdicts:
            st.caption(t("No decision before the play to judge in this deal."))
            return
        st.markdown("\n".join(decision_line(v, deal, ctx) for v in verdicts))
        st.caption(
            t(
                "✓ no better choice with open cards, ✗ cost the game, · a better choice existed (a win, a "
                "bigger win or a smaller loss)"
            )
        )
        could_i_have_won(ctx, deal, verdicts)


def could_i_have_won(ctx: PageContext, deal: FinishedDeal, verdicts: list[DecisionVerdict]) -> None:
    """Name the first decision that cost the game (bid, pickup, discard, game); else say when the declarer's
    game was lost with open cards whatever was chosen; else the first costly card when the cards are judged;
    else that the decisions before the play did not cost it."""
    t = ctx.t
    outcome = deal.state.outcome()
    if outcome is None or outcome.won is None:
        return
    lost = outcome.won is not (outcome.declarer is deal.learner)
    if not lost:
        return
    first = first_costly_decision(verdicts)
    if first is not None:
        st.error(
            t(
                "Could you have won? The first decision that cost the game: {decision}.",
                decision=decision_kind_name(first.kind, ctx),
            ),
            icon=":material/travel_explore:",
        )
        return
    chosen = verdicts[0].chosen
    if chosen is not None and chosen.won is False:
        st.info(
            t(
                "Could you have won? Not with these cards: with open cards your game was lost from the first "
                "lead, and none of the other choices tried would have won."
            ),
            icon=":material/travel_explore:",
        )
        return
    cards: list[CardVerdict] = st.session_state.get(VERDICTS_KEY, {}).get(deal.stored.id, [])
    costly = next((v for v in cards if v.costly), None)
    if costly is not None:
        st.warning(
            t(
                "Could you have won? Your decisions before the play did not cost it; the first card "
                "that did: trick {n}, {card}.",
                n=costly.index // PLAYING_SEATS + 1,
                card=card_label(costly.card, ctx.lang),
            ),
            icon=":material/travel_explore:",
        )
        return
    st.info(
        t(
            "Could you have won? None of your decisions before the play cost the game; judge your "
            "cards below."
        ),
        icon=":material/travel_explore:",
    )


def _record(text: str, profile: Any) -> GameRecord | None:
    try:
        return GameRecord.from_iss_line(text, profile)
    except SkatError:
        return None


def _to_viewer(record: GameRecord) -> None:
    uploaded = list(st.session_state.get(UPLOADED_KEY, []))
    uploaded.append(record)
    st.session_state[UPLOADED_KEY] = uploaded
    st.session_state[CHOICE_KEY] = f"iss:{len(uploaded) - 1}"
    st.session_state["play_go_viewer"] = True


def seat_name(seat: TableSeat, t: Translator) -> str:
    """Who sits in a shared table's seat, as plain text (escape it for the output): the player's name as
    typed, "Computer", "empty seat", or "Player N" for a stored name with nothing in it that shows (a
    bare right-to-left override would otherwise be an empty caption)."""
    if seat.kind == "human":
        name = plain(seat.name)
        return name if shows(name) else t("Player {n}", n=seat.place + 1)
    return t("Computer") if seat.kind == "bot" else t("empty seat")


def distinct_names(names: Sequence[str]) -> tuple[str, ...]:
    """The players' names, a name that several players share (two computers, two Annas) followed by the
    place's number, so every column of the sheet is its own.

    >>> distinct_names(["Anna", "Computer", "Computer"])
    ('Anna', 'Computer (2)', 'Computer (3)')
    """
    return tuple(
        f"{name} ({place + 1})" if list(names).count(name) > 1 else name for place, name in enumerate(names)
    )


def sheet_game_words(outcome: Outcome, number: int, names: Sequence[str], t: Translator) -> str:
    """What a deal was, for a score-sheet line: who played which game for what, Ramse, passed in, ..."""
    if outcome.ramse is not None:
        return t("Ramsch") if outcome.ramsch else t("Ramse")
    if outcome.passed_in:
        return t("passed in")
    who = seat_player(outcome.declarer, number, names) if outcome.declarer is not None else "?"
    if outcome.slaa_40_failed:
        return t("{who}: Slå 40 an lost", who=who)
    if outcome.declaration is None:
        return t("{who}: cards thrown ({bid})", who=who, bid=outcome.bid)
    return f"{who}: {declaration_name(outcome.declaration, t)} ({outcome.bid})"


def score_sheet(
    ctx: PageContext,
    current: Evening,
    session: TableSession,
    *,
    names: Sequence[str] | None = None,
    key: str = "play_sheet",
) -> None:
    """The evening's list: one row per finished deal, each place's amount and running total (settled from
    the deals' outcomes), a CSV and a plot over the deal numbers. ``names``: the places' names (a shared
    table's players); the Play page's are You, Left, Right. A place left out of the score (a duel's computer)
    has no column."""
    if st.session_state.pop("play_go_viewer", False):
        st.switch_page(VIEWER_PAGE)
    t = ctx.t
    rows = session.sheet(current.scheme).rows()
    if not rows:
        return
    all_names = distinct_names(tuple(names) if names is not None else player_names(t))
    shown = session.scored_places
    st.header(t("Score sheet · {scheme}", scheme=scheme_names(t)[current.scheme]))
    table = []
    lines: list[list[object]] = []
    for row in rows:
        what = sheet_game_words(row.outcome, row.number, all_names, t)
        entry: dict[str, Any] = {t("Deal"): row.number, t("Game"): what}
        line: list[object] = [row.number, what]
        for p in shown:
            amount = _money(row.amounts[p], current.scheme, ctx.lang) if row.amounts else "–"
            entry[all_names[p]] = f"{amount} ({_money(row.totals[p], current.scheme, ctx.lang)})"
            line += [row.amounts[p] if row.amounts else "", row.totals[p]]
        table.append(entry)
        lines.append(line)
    st.dataframe(table, hide_index=True, key=key)
    st.caption(t("Each player's score for the deal, the running total in brackets."))
    header = [t("Deal"), t("Game")]
    for p in shown:
        header += [all_names[p], t("{name}: running total", name=all_names[p])]
    st.download_button(  # amounts as plain numbers (a point as the decimal mark) for a spreadsheet
        t("Download the sheet (CSV)"),
        csv_text(header, lines),
        file_name=f"skat-score-sheet-{current.scheme}.csv",
        mime="text/csv",
        key=f"{key}_csv",
        icon=":material/download:",
    )
    if len(rows) >= 2:
        import pandas as pd

        chart = pd.DataFrame(
            {all_names[p]: [float(r.totals[p]) for r in rows] for p in shown},
            index=pd.Index([r.number for r in rows], name=t("Deal")),
        )
        st.line_chart(chart, height=220, x_label=t("Deal"))


def play_mistake_name(tag: str, t: Translator) -> str:
    """A Play mistake tag in words (the store's "common mistakes", :func:`trainer.coach.mistake_tags`)."""
    names = {
        "costly_card": t("a card that cost the game"),
        "costly_bid": t("a bid that cost the game"),
        "costly_pickup": t("picking up or playing hand cost the game"),
        "costly_discard": t("a discard that cost the game"),
        "costly_game": t("a game choice that cost the game"),
        "overbid": t("overbid as declarer"),
        "lost_as_declarer": t("lost as declarer"),
    }
    return names.get(tag, tag)


def play_stats_panel(ctx: PageContext, learner_id: int) -> None:
    """The learner's games at the Play page (for the progress page): deals played, won as declarer, the
    average score per deal in the list and the most common mistakes found in the reviews."""
    from trainer.store.play_store import PlayStore
    from trainer.ui.progress_state import get_store

    t = ctx.t
    stats = PlayStore(get_store()).stats(learner_id)
    if not stats.deals:
        return
    st.header(t("Games played"))
    row = st.container(horizontal=True, gap="large", key="progress_play_stats")
    row.metric(t("Deals"), stats.deals)
    row.metric(t("Won as declarer"), f"{stats.won_as_declarer} / {stats.as_declarer}")
    if stats.average_score is not None:
        row.metric(t("Average score per deal (list)"), f"{stats.average_score:+.1f}")
    if stats.mistakes:
        st.caption(
            t(
                "Most common: {mistakes}",
                mistakes=", ".join(f"{play_mistake_name(k, t)} ({n})" for k, n in stats.mistakes),
            )
        )
