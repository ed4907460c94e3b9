"""Play: whole deals against two computer opponents, with a coach beside you, and the evening's score sheet.

The store is the source of truth: the evening (found by the ``evening`` token in the URL) and its deals
(seed, seat, moves). Each run rebuilds the deal from the stored moves, so a reload, a second tab or a
restarted server continues where the learner was. A click carries the number of moves it was drawn from;
the move is saved only if the stored deal still has that many (compare-and-set), so a double click or a
stale tab never plays two cards. The opponents move one at a time in a fragment that ticks at a readable
pace while they are to move; the learner's own card is drawn at once.

Only the learner's :class:`~trainer.game.SeatView` is drawn; the whole deal stays on the server.
"""

from __future__ import annotations

import os
import random
import secrets
import time
from typing import Any

import streamlit as st

from trainer.cards import HAND_SIZE, Card
from trainer.coach import SCHEMES, learner_seat
from trainer.deal import Seat
from trainer.errors import SkatError
from trainer.evening import (
    COACH_LEVELS,
    LEVELS,
    BotDecision,
    TableDeal,
    coach_suggestion,
    dumps_moves,
    loads_moves,
)
from trainer.game import Declare, Move, Phase, SeatView
from trainer.store.play_store import Evening, PlayStore, StoredDeal
from trainer.ui.context import PageContext, page_context
from trainer.ui.pages import play_result, play_table
from trainer.ui.progress_state import LEARNER_ID_KEY, get_store
from trainer.ui.terms import seat_name, t_error, t_message
from trainer.ui.views.page_state import note_state, note_view, published_fragment, run_page

EVENING_PARAM = "evening"
TOKEN_KEY = "play_token_"
REFUSAL_KEY = "play_refusal"
PICKED_KEY = "play_picked"
LAST_MOVE_KEY = "play_last_move_at"
BOT_WHY_KEY = "play_bot_why"
HINT_KEY = "play_hint_for"
CACHE_KEY = "play_deal_cache"
PACE_ENV = "SKAT_TRAINER_PLAY_PACE"
DEFAULT_PACE = 0.9  # seconds between two computer cards (readable, not slow); tests set the variable to 0
BOT_TIME_MS = 400


def pace() -> float:
    try:
        return max(0.0, float(os.environ.get(PACE_ENV, DEFAULT_PACE)))
    except ValueError:
        return DEFAULT_PACE


def play_store() -> PlayStore:
    return PlayStore(get_store())


# --- the evening and the deal -------------------------------------------------------------------------------


def _token(ctx: PageContext) -> str:
    """The evening's token for the session's rules: the session's, else the URL's (only an evening of the
    signed-in learner, or of nobody), else a new one."""
    key = TOKEN_KEY + ctx.profile.name
    token = st.session_state.get(key)
    if not token:
        given = st.query_params.get(EVENING_PARAM, "")
        stored = play_store().evening(given) if given.isalnum() and len(given) <= 32 else None
        mine = stored is not None and stored.learner_id in (None, st.session_state.get(LEARNER_ID_KEY))
        if stored is not None and mine and stored.profile_name == ctx.profile.name:
            token = given  # another learner's evening is never opened by its URL
        else:
            token = secrets.token_hex(8)
        st.session_state[key] = token
    st.query_params[EVENING_PARAM] = token
    return str(token)


def evening(ctx: PageContext) -> Evening:
    learner = st.session_state.get(LEARNER_ID_KEY)
    return play_store().open_evening(
        _token(ctx),
        learner_id=learner if isinstance(learner, int) else None,
        profile_name=ctx.profile.name,
        scheme="danish_money" if ctx.profile.name == "danish" else "list",
        level="club",
        coach="beginner",
    )


def _new_evening(profile_name: str) -> None:
    st.session_state[TOKEN_KEY + profile_name] = secrets.token_hex(8)
    _forget()


def _forget() -> None:
    for key in (REFUSAL_KEY, PICKED_KEY, BOT_WHY_KEY, HINT_KEY):
        st.session_state.pop(key, None)


def rebuild(ctx: PageContext, stored: StoredDeal, level: str) -> TableDeal:
    """The deal after its stored moves (cached per deal and move count)."""
    cache: dict[tuple[int, int], TableDeal] = st.session_state.setdefault(CACHE_KEY, {})
    found = cache.get((stored.id, stored.move_count))
    if found is not None and found.level == level:
        return found
    deal = TableDeal.rebuild(
        ctx.profile, stored.seed, Seat(stored.seat), loads_moves(stored.moves_json), level
    )
    cache.clear()
    cache[(stored.id, stored.move_count)] = deal
    return deal


def _finish_if_over(ctx: PageContext, stored: StoredDeal, deal: TableDeal) -> None:
    if deal.finished:
        summary = deal.summary(stored.number)
        play_store().finish_deal(stored.id, summary_json=summary.to_json(), record=play_result.iss_text(deal))


def _save(ctx: PageContext, stored: StoredDeal, deal: TableDeal) -> bool:
    saved = play_store().save_moves(
        stored.id, dumps_moves(deal.moves), seen=stored.move_count, count=len(deal.moves)
    )
    if saved:
        _finish_if_over(ctx, stored, deal)
    return saved


def start_deal(evening_id: int, number: int) -> None:
    """Button callback: deal ``number`` (the same deal for two tabs pressing together)."""
    play_store().start_deal(
        evening_id, number, seed=random.SystemRandom().randrange(2**31), seat=int(learner_seat(number))
    )
    _forget()


def learner_move(deal_id: int, seen: int, level: str, move: Move) -> None:
    """Button callback: the learner's move, if the deal is still as it was drawn."""
    ctx = page_context()
    stored = play_store().deal(deal_id)
    if stored.move_count != seen or stored.finished:
        return  # a double click or another tab got there first: the page just shows the stored deal
    deal = rebuild(ctx, stored, level)
    try:
        deal.play(move)
    except SkatError as error:
        st.session_state[REFUSAL_KEY] = (deal_id, seen, error)
        return
    st.session_state.pop(REFUSAL_KEY, None)
    st.session_state.pop(PICKED_KEY, None)
    st.session_state.pop(HINT_KEY, None)
    st.session_state[LAST_MOVE_KEY] = time.monotonic()
    _save(ctx, stored, deal)


# --- the page -----------------------------------------------------------------------------------------------


def settings(ctx: PageContext, current: Evening) -> Evening:
    t = ctx.t
    store = play_store()
    names = {"beginner": t("beginner"), "club": t("club player"), "expert": t("expert")}
    coach_names = {
        "beginner": t("beginner: always"),
        "advanced": t("advanced: on request"),
        "none": t("none"),
    }
    scheme_names = play_result.scheme_names(t)
    with st.expander(t("Table settings"), icon=":material/tune:"):
        level = st.segmented_control(
            t("Opponents"),
            LEVELS,
            default=current.level,
            key="play_level",
            format_func=lambda name: names[name],
            required=True,
        )
        coach = st.segmented_control(
            t("Coach"), COACH_LEVELS, default=current.coach, key="play_coach",
            format_func=lambda name: coach_names[name], required=True,
        )  # fmt: skip
        scheme = st.selectbox(
            t("Score sheet"), list(SCHEMES), index=SCHEMES.index(current.scheme), key="play_scheme",
            format_func=lambda name: scheme_names[name],
        )  # fmt: skip
        changed = {
            name: str(value)
            for name, value in (("level", level), ("coach", coach), ("scheme", scheme))
            if value and value != getattr(current, name)
        }
        if changed:
            store.update_evening(current.id, **changed)
            current = store.evening(current.token) or current
        st.button(
            t("Start a new evening"), key="play_new_evening", on_click=_new_evening, args=(ctx.profile.name,),
            icon=":material/restart_alt:",
        )  # fmt: skip
    return current


def render(ctx: PageContext) -> None:
    from trainer.solver import warm_up

    warm_up(
        block=False
    )  # the expert opponents' solver compiles in the background; they play by rule meanwhile
    t = ctx.t
    st.title(t("Play"))
    st.caption(
        t("Play whole deals against two computer opponents. Your seat moves round the table each deal.")
    )
    current = settings(ctx, evening(ctx))
    deals = play_store().deals(current.id)
    stored = deals[-1] if deals else None
    if stored is None or stored.finished:
        if stored is not None:
            play_result.result_panel(ctx, current, stored, rebuild(ctx, stored, current.level))
        number = len(deals) + 1
        moves = stored.move_count if stored is not None else 0
        note_state(deal=len(deals), phase="finished" if stored is not None else "none", move_count=moves)
        st.button(
            t("Deal the cards") if stored is None else t("Next deal"),
            key="play_deal",
            type="primary",
            on_click=start_deal,
            args=(current.id, number),
            icon=":material/playing_cards:",
        )
        st.caption(t("Deal {n}: you sit in {seat}.", n=number, seat=seat_name(learner_seat(number), t)))
        play_result.score_sheet(ctx, current, deals)
        return
    ticking = rebuild(ctx, stored, current.level).bot_to_move
    table = published_fragment(ctx, "game", _table)
    st.fragment(run_every=(pace() or 0.05) if ticking else None)(table)(ctx, current, stored.id, ticking)
    play_result.score_sheet(ctx, current, deals)


def _table(ctx: PageContext, current: Evening, deal_id: int, ticking: bool) -> None:
    """The table: make one opponent's move when it is due, then draw the learner's view."""
    t = ctx.t
    stored = play_store().deal(deal_id)
    deal = rebuild(ctx, stored, current.level)
    if deal.bot_to_move and not stored.finished:
        due = time.monotonic() - float(st.session_state.get(LAST_MOVE_KEY, 0.0)) >= pace()
        if not ticking:
            st.rerun()  # start the ticking fragment (the learner's card is already on the screen)
        if due:
            seat = deal.state.to_move
            assert seat is not None
            with st.spinner(t("{who} is thinking…", who=play_table.opponent_name(seat, deal.learner, t))):
                decision = deal.bot_step(time_ms=BOT_TIME_MS)
            st.session_state[LAST_MOVE_KEY] = time.monotonic()
            st.session_state[BOT_WHY_KEY] = (seat, decision.why)
            if not _save(ctx, stored, deal):
                st.session_state.pop(CACHE_KEY, None)
            stored = play_store().deal(deal_id)
            deal = rebuild(ctx, stored, current.level)
    if stored.finished or deal.finished:
        st.rerun()
    if ticking and not deal.bot_to_move:
        st.rerun()  # the learner's turn: stop ticking
    draw_table(ctx, current, stored, deal)


def draw_table(ctx: PageContext, current: Evening, stored: StoredDeal, deal: TableDeal) -> None:
    t = ctx.t
    view = deal.view()
    note_view(view, deal=stored.number, move_count=stored.move_count)
    st.caption(t("Deal {n} · you are {seat}", n=stored.number, seat=seat_name(view.seat, t)))
    play_table.draw_status(view, ctx)
    if view.phase in (Phase.SLAA_40, Phase.AUCTION):
        play_table.auction_history(view, ctx)
        play_table.ladder_caption(view, ctx)
    why = st.session_state.get(BOT_WHY_KEY)
    if why is not None and why[0] is not view.seat and current.coach == "beginner":
        st.caption(
            t("{who}: {why}", who=play_table.opponent_name(why[0], view.seat, t), why=t_message(why[1], t))
        )
    play_table.draw_last_trick(view, ctx)
    refusal = st.session_state.get(REFUSAL_KEY)
    if refusal is not None and refusal[0] == stored.id and refusal[1] == stored.move_count:
        st.error(t_error(refusal[2], t), icon=":material/block:")
    if current.coach == "beginner":
        play_table.counters(view, ctx)
    controls(ctx, current, stored, deal, view)


def _act(stored: StoredDeal, level: str) -> Any:
    def act(move: Move) -> None:
        learner_move(stored.id, stored.move_count, level, move)

    return act


def controls(ctx: PageContext, current: Evening, stored: StoredDeal, deal: TableDeal, view: SeatView) -> None:
    t = ctx.t
    act = _act(stored, current.level)
    beginner = current.coach == "beginner"
    cards = play_table.hand_order(view)
    if not view.my_turn:
        play_table.draw(view, ctx)
        st.caption(t("Wait for the others…"))
        return
    draw_controls(ctx, current, stored, deal, view, act, cards, beginner, view.phase)
    coach_box(ctx, current, stored, deal, view)


def draw_controls(
    ctx: PageContext,
    current: Evening,
    stored: StoredDeal,
    deal: TableDeal,
    view: SeatView,
    act: Any,
    cards: list[Card],
    beginner: bool,
    phase: Phase,
) -> None:
    suggested = suggest(view).move if beginner and phase is Phase.DECLARE else None
    play_table.seat_controls(
        view,
        ctx,
        act,
        beginner=beginner,
        picked_key=PICKED_KEY,
        suggested=suggested.declaration if isinstance(suggested, Declare) else None,
    )


def coach_box(
    ctx: PageContext, current: Evening, stored: StoredDeal, deal: TableDeal, view: SeatView
) -> None:
    """Beginner: the suggestion for this decision with its reason; advanced: the same behind a Hint button.
    In the auction also the hand's highest bid per game and the estimated chance to win it."""
    if current.coach == "none":
        return
    t = ctx.t
    if current.coach == "advanced":
        key = (stored.id, stored.move_count)
        if st.session_state.get(HINT_KEY) != key:
            st.button(
                t("Hint"),
                key="play_hint",
                icon=":material/lightbulb:",
                on_click=lambda: st.session_state.__setitem__(HINT_KEY, key),
            )
            return
    suggestion = suggest(view)
    with st.container(border=True, key="play_coach_box"):
        st.markdown(
            t("**Coach:** {move}", move=play_result.move_text(suggestion.move, view, ctx))
            + " — "
            + t_message(suggestion.why, t)
        )
        if view.phase in (Phase.SLAA_40, Phase.AUCTION, Phase.PICKUP) and len(view.hand) == HAND_SIZE:
            play_result.bid_hints(ctx, stored, view)


def suggest(view: SeatView) -> BotDecision:
    return coach_suggestion(view, time_ms=BOT_TIME_MS)


run_page("game", render)
