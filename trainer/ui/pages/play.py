"""Play: whole deals against two computer opponents, with a coach beside you, and the evening's score sheet.

The store is the source of truth: the evening (found by the ``evening`` token in the URL) and its deals, each
kept as its record (the rules, the house options and every move, the deal first). Each run loads the evening
as a :class:`~trainer.table_session.TableSession` — the learner at place 0, two computers at places 1 and 2,
the deal passing left after every deal — so a reload, a second tab or a restarted server continues where the
learner was. A click carries the number of moves it was drawn from; the move is saved only if the stored
deal still has that many (compare-and-set), so a double click or a stale tab never plays two cards. The
opponents move one at a time in a fragment that ticks at a readable pace while they are to move; the
learner's own card is drawn at once.

The page sees the deal only through the learner's door (:class:`~trainer.table_session.SeatDoor`): the
learner's view while it is played, the whole deal once it is over. Nothing of the deal is kept in the
session state; a computer's reason for its move is kept and shown only as the learner may read it
(:meth:`~trainer.table_session.SeatDoor.reason`: a discard or a Ramse pass between the others is said
without its cards).
"""

from __future__ import annotations

import dataclasses
import os
import secrets
import time
from typing import Any

import streamlit as st

from trainer.bots import Decision
from trainer.cards import HAND_SIZE, Card
from trainer.coach import COACH_LEVELS, SCHEMES, coach_suggestion
from trainer.errors import SkatError
from trainer.profiles import get_profile
from trainer.reasons import reason_for
from trainer.records.iss import iss_line
from trainer.rules import Declare, HouseOptions, Move, Phase, PlayCard, SeatView
from trainer.store.play_store import Evening, EveningAccessError, PlayStore
from trainer.store.sessions import LoadedSession, deal_next, load_session, save_session
from trainer.table_session import LEVELS, Place, SeatDoor, seat_of_place, table_game
from trainer.ui.context import PageContext, page_context
from trainer.ui.pages import play_result, play_table
from trainer.ui.progress_state import LEARNER_ID_KEY, get_store
from trainer.ui.terms import bot_level_name, seat_name, t_error, t_message, thinking
from trainer.ui.views.page_state import note_state, note_view, publish_now, published_fragment, run_page

EVENING_PARAM = "evening"
TOKEN_KEY = "play_token_"
REFUSAL_KEY = "play_refusal"
PICKED_KEY = "play_picked"
BOT_MOVED_KEY = "play_bot_moved_at"
DRAW_PATIENCE = 3.0  # seconds a computer's line may go undrawn before the next computer moves anyway
LAST_MOVE_KEY = "play_last_move_at"  # when the learner last moved (the first computer move waits a pace)
BOT_WHY_KEY = "play_bot_why"
WHY_DRAWN_KEY = "play_bot_why_drawn_at"
HINT_KEY = "play_hint_for"
MADE_KEY = "play_made_evenings"
SETTINGS_KEY = "play_settings_"
SHOWN_KEY = "play_settings_shown_"
PACE_ENV = "SKAT_TRAINER_PLAY_PACE"
DEFAULT_PACE = 0.9  # seconds between two computer cards (readable, not slow); tests set the variable to 0
BOT_TIME_MS = 400
# The learner's place at the Play page's table (the computers sit at 1, on the learner's left, and 2).
# (Comments, not docstrings, in a page script: Streamlit's magic would draw a bare string on the page.)
LEARNER = 0
PLACES = (Place("human"), Place("bot"), Place("bot"))


def pace() -> float:
    try:
        return max(0.0, float(os.environ.get(PACE_ENV, DEFAULT_PACE)))
    except ValueError:
        return DEFAULT_PACE


def play_store() -> PlayStore:
    return PlayStore(get_store())


# --- the evening and the deal -------------------------------------------------------------------------------


def _learner() -> int | None:
    learner = st.session_state.get(LEARNER_ID_KEY)
    return learner if isinstance(learner, int) else None


def _made() -> list[str]:
    """The evening tokens this browser session made (an ownerless one of them is kept on signing in)."""
    made: list[str] = st.session_state.setdefault(MADE_KEY, [])
    return made


def _fresh_token(key: str) -> str:
    token = secrets.token_hex(8)
    _made().append(token)
    st.session_state[key] = token
    return token


def _openable(token: object, ctx: PageContext) -> bool:
    """Whether this session may open the evening ``token`` on the Play page: a Play evening (never a shared
    table's deals) of these rules and of the signed-in learner, or an ownerless one while not signed in,
    or one this session made (:func:`trainer.store.play_store.may_open`)."""
    if not isinstance(token, str) or not token:
        return False
    learner = _learner()
    found = play_store().openable(token, learner_id=learner, claim=token in _made())
    if found is None:
        return token in _made() and play_store().evening(token) is None  # made here, not stored yet
    return found.profile_name == ctx.profile.name


def _token(ctx: PageContext) -> str:
    """The evening's token for the session's rules: the session's (while it may still open it), else the
    URL's (only an evening it may open, :func:`_openable`), else a new one. A URL naming an evening that
    does not exist, another learner's or a shared table's opens a new evening instead."""
    key = TOKEN_KEY + ctx.profile.name
    token = st.session_state.get(key)
    if not _openable(token, ctx):
        given = st.query_params.get(EVENING_PARAM, "")
        if given and play_store().evening(given) is not None and _openable(given, ctx):
            token = st.session_state[key] = given
        else:
            token = _fresh_token(key)
    st.query_params[EVENING_PARAM] = str(token)
    return str(token)


def default_settings(profile_name: str) -> dict[str, str]:
    """A first evening's settings in these rules: the rules' usual score sheet, club opponents, the
    beginner coach."""
    return {
        "scheme": get_profile(profile_name).default_scheme,
        "level": "club",
        "coach": "beginner",
    }


def _settings_of(profile_name: str) -> dict[str, str]:
    """The settings a new evening in these rules starts with: the ones this session last played them with
    (each rule profile keeps its own), else :func:`default_settings`."""
    kept = st.session_state.get(SETTINGS_KEY + profile_name)
    return dict(kept) if isinstance(kept, dict) else default_settings(profile_name)


def _open(ctx: PageContext, token: str) -> Evening:
    chosen = _settings_of(ctx.profile.name)
    return play_store().open_evening(
        token,
        learner_id=_learner(),
        profile_name=ctx.profile.name,
        scheme=chosen["scheme"],
        level=chosen["level"],
        coach=chosen["coach"],
        claim=token in _made(),
    )


def evening(ctx: PageContext) -> Evening:
    """The session's evening, made on first use with the signed-in learner (if any) as its owner."""
    try:
        return _open(ctx, _token(ctx))
    except EveningAccessError:  # taken by another session a moment ago: a new evening
        token = _fresh_token(TOKEN_KEY + ctx.profile.name)
        st.query_params[EVENING_PARAM] = token
        return _open(ctx, token)


def _new_evening(profile_name: str) -> None:
    _fresh_token(TOKEN_KEY + profile_name)
    _forget()


def _continue_evening(profile_name: str, token: str) -> None:
    """Button callback: back to the learner's earlier evening in these rules."""
    st.session_state[TOKEN_KEY + profile_name] = token
    _forget()


def _forget() -> None:
    for key in (REFUSAL_KEY, PICKED_KEY, BOT_WHY_KEY, WHY_DRAWN_KEY, HINT_KEY):
        st.session_state.pop(key, None)


# Session-state key (+ the profile's name): the learner plays Bock rounds.
BOCK_KEY = "play_bock_"


def load(ctx: PageContext, current: Evening) -> LoadedSession:
    """The evening as a table session (the last deal replayed from its record, on the server only)."""
    house = HouseOptions.usual(ctx.profile)
    if st.session_state.get(BOCK_KEY + ctx.profile.name):
        house = dataclasses.replace(house, bock=True)
    return load_session(play_store(), current, table_game(ctx.profile, house), PLACES, time_ms=BOT_TIME_MS)


def start_deal(token: str, profile_name: str, number: int) -> None:
    """Button callback: deal ``number`` (two tabs pressing together get the same deal)."""
    ctx = page_context()
    current = play_store().evening(token)
    if current is None or current.profile_name != profile_name:
        return
    loaded = load(ctx, current)
    if loaded.session.number + 1 == number and loaded.session.over:
        deal_next(play_store(), loaded)
    _forget()


def learner_move(token: str, seen: int, move: Move) -> None:
    """Button callback: the learner's move, if the deal is still as it was drawn."""
    ctx = page_context()
    current = play_store().evening(token)
    if current is None:
        return
    loaded = load(ctx, current)
    if loaded.seen != seen or loaded.session.over:
        return  # a double click or another tab got there first: the page just shows the stored deal
    try:
        loaded.session.door(LEARNER).act(move)
    except SkatError as error:
        st.session_state[REFUSAL_KEY] = (loaded.last.id if loaded.last else 0, seen, error)
        return
    st.session_state.pop(REFUSAL_KEY, None)
    st.session_state.pop(PICKED_KEY, None)
    st.session_state.pop(HINT_KEY, None)
    st.session_state[LAST_MOVE_KEY] = time.monotonic()
    _close_the_window(loaded)
    save_session(play_store(), loaded, iss_of=iss_line)


def _close_the_window(loaded: LoadedSession) -> None:
    """After the learner's answer in the knock window (kontra/re, Spørge, "say nothing"), the computers'
    answers that follow in it are made at once, with the learner's: no card to watch, so the page's next
    run already shows the window closed (or the computers' calls), instead of a run, a pause and another
    run."""
    session = loaded.session
    door = session.door(LEARNER)
    while not session.over:
        turn = session.turn()
        if turn is None or not turn.by_computer or door.view().phase not in QUICK_PHASES:
            return
        decision = session.computer_step()
        st.session_state[BOT_WHY_KEY] = (turn.seat, door.reason(decision))
        st.session_state[WHY_DRAWN_KEY] = None


# --- the page -----------------------------------------------------------------------------------------------


def settings(ctx: PageContext, current: Evening) -> Evening:
    """The evening's settings (kept per rule profile: the widgets' keys carry the profile's name)."""
    t = ctx.t
    store = play_store()
    names = {level: bot_level_name(level, t) for level in LEVELS}
    coach_names = {
        "beginner": t("beginner: always"),
        "advanced": t("advanced: on request"),
        "none": t("none"),
    }
    scheme_names = play_result.scheme_names(t)
    suffix = ctx.profile.name
    keys = {
        "level": f"play_level_{suffix}",
        "coach": f"play_coach_{suffix}",
        "scheme": f"play_scheme_{suffix}",
    }
    other = st.session_state.get(SHOWN_KEY + suffix) != current.token
    for name, key in keys.items():
        # the widgets show this evening's settings: after another evening was shown (a new one, one
        # continued), and after Streamlit dropped their state (another page or the other rules were shown)
        if other or key not in st.session_state:
            st.session_state[key] = getattr(current, name)
    st.session_state[SHOWN_KEY + suffix] = current.token
    with st.expander(t("Table settings"), icon=":material/tune:"):
        level = st.segmented_control(
            t("Opponents"),
            LEVELS,
            key=keys["level"],
            format_func=lambda name: names[name],
            required=True,
        )
        coach = st.segmented_control(
            t("Coach"), COACH_LEVELS, key=keys["coach"],
            format_func=lambda name: coach_names[name], required=True,
        )  # fmt: skip
        scheme = st.selectbox(
            t("Score sheet"), list(SCHEMES), key=keys["scheme"],
            format_func=lambda name: scheme_names[name],
        )  # fmt: skip
        st.checkbox(t("Bock rounds (after 60–60 or a won kontra the next round counts double)"),
                    key=BOCK_KEY + suffix)  # fmt: skip
        changed = {
            name: str(value)
            for name, value in (("level", level), ("coach", coach), ("scheme", scheme))
            if value and value != getattr(current, name)
        }
        if changed:
            store.update_evening(current.id, **changed)
            current = store.evening(current.token) or current
        st.session_state[SETTINGS_KEY + suffix] = {
            "scheme": current.scheme,
            "level": current.level,
            "coach": current.coach,
        }
        st.button(
            t("Start a new evening"), key="play_new_evening", on_click=_new_evening, args=(ctx.profile.name,),
            icon=":material/restart_alt:",
        )  # fmt: skip
    return current


def _report_problems(ctx: PageContext, loaded: LoadedSession) -> None:
    for number, error in loaded.problems:
        st.warning(
            ctx.t("Deal {n} could not be read from the store and is left out: {error}", n=number,
                  error=t_error(error, ctx.t)),
            icon=":material/report:",
        )  # fmt: skip


def continue_offer(ctx: PageContext, current: Evening, loaded: LoadedSession) -> None:
    """A signed-in learner on a fresh evening: the way back to their latest evening in these rules (its deal
    under way, or its score sheet to play on)."""
    learner = _learner()
    if learner is None or loaded.last is not None:
        return
    latest = play_store().latest_evening(learner, current.profile_name)
    if latest is None or latest.token == current.token:
        return
    deals = play_store().deals(latest.id)
    t = ctx.t
    if deals and not deals[-1].finished:
        text = t("Your evening is waiting: deal {n} is under way.", n=deals[-1].number)
    else:
        text = t.ngettext(
            "Your evening is waiting: {n} deal played so far.",
            "Your evening is waiting: {n} deals played so far.",
            len(deals),
        )
    with st.container(border=True, key="play_continue_box"):
        st.markdown(text)
        st.button(
            t("Continue your evening"),
            key="play_continue",
            type="primary",
            on_click=_continue_evening,
            args=(current.profile_name, latest.token),
            icon=":material/resume:",
        )


def render(ctx: PageContext) -> None:
    from trainer.solver import warm_up

    warm_up(block=False)  # the expert opponents' solver loads in the background; they play by rule meanwhile
    t = ctx.t
    st.title(t("Play"))
    st.caption(
        t("Play whole deals against two computer opponents. Your seat moves round the table each deal.")
    )
    current = settings(ctx, evening(ctx))
    loaded = load(ctx, current)
    _report_problems(ctx, loaded)
    continue_offer(ctx, current, loaded)
    session = loaded.session
    if session.over:
        if session.current is not None and loaded.last is not None:
            door = session.door(LEARNER)
            revealed = door.reveal()
            if revealed is not None:
                finished_table(ctx, door)
                done = play_result.FinishedDeal(
                    loaded.last, revealed.state, session.seat_of(LEARNER), revealed.outcome
                )
                play_result.result_panel(ctx, current, done)
        number = session.number + 1
        moves = loaded.last.move_count if loaded.last is not None else 0
        note_state(deal=session.number, phase="finished" if session.number else "none", move_count=moves)
        st.button(
            t("Deal the cards") if session.number == 0 else t("Next deal"),
            key="play_deal",
            type="primary",
            on_click=start_deal,
            args=(current.token, current.profile_name, number),
            icon=":material/playing_cards:",
        )
        st.caption(
            t("Deal {n}: you sit in {seat}.", n=number, seat=seat_name(seat_of_place(LEARNER, number), t))
        )
        play_result.score_sheet(ctx, current, session)
        return
    ticking = _computer_to_move(loaded)
    table = published_fragment(ctx, "game", _table)
    st.fragment(run_every=(pace() or 0.05) if ticking else None)(table)(ctx, current, ticking, [loaded])
    play_result.score_sheet(ctx, current, session)


def finished_table(ctx: PageContext, door: SeatDoor) -> None:
    """The table as the deal ended, from the learner's seat: the last trick with its winner, the bidding and
    every call, so the end is seen before the result."""
    view = door.view()
    st.caption(ctx.t("Deal over · you were {seat}", seat=seat_name(view.seat, ctx.t)))
    play_table.draw_status(view, ctx)
    play_table.auction_history(view, ctx)
    if view.tricks or view.current_trick:
        play_table.draw(view, ctx)


def _computer_to_move(loaded: LoadedSession) -> bool:
    turn = loaded.session.turn()
    return turn is not None and turn.by_computer


# Phases whose computer moves are made at once, without the pace between cards: the knock window after the
# first lead (a "say nothing" is no card to watch; a call shows in the status line).
QUICK_PHASES = (Phase.KNOCK,)


def _computer_moves(ctx: PageContext, current: Evening, loaded: LoadedSession) -> LoadedSession:
    """Make the computers' moves that are due: one card at the pace, and any knock-window answers at once."""
    t = ctx.t
    session = loaded.session
    door = session.door(LEARNER)
    for _ in range(4):  # a card, then at most the two defenders' and the declarer's answers
        turn = session.turn()
        if turn is None or not turn.by_computer:
            break
        quick = door.view().phase in QUICK_PHASES
        # A paced move is due once the last computer's line was drawn by a whole run (a run cut short by the
        # next tick on a loaded server never reaches the browser; its line would otherwise go unseen) and a
        # pace after the learner's own move. Between two computer moves the tick is the pace: the browser
        # ticks every pace on a fixed clock, so a move that also waited a pace after the last one was drawn
        # missed the next tick and came a whole tick later (two paces a move: the 39.9 s auction).
        # On a server so loaded that every run is cut short by the next tick, the line is never drawn: after
        # DRAW_PATIENCE the move is made anyway (the deal goes on; its line shows with the next one).
        drawn = st.session_state.get(WHY_DRAWN_KEY, 0.0)
        now = time.monotonic()
        since_learner = now - float(st.session_state.get(LAST_MOVE_KEY, 0.0))
        waited = now - float(st.session_state.get(BOT_MOVED_KEY, 0.0))
        if not quick and ((drawn is None and waited < DRAW_PATIENCE) or since_learner < pace()):
            break
        with st.spinner(thinking(play_table.opponent_name(turn.seat, door.seat, t), t)):
            decision = session.computer_step()
        st.session_state[BOT_MOVED_KEY] = time.monotonic()
        # Only the reason as the learner may read it is kept (SeatDoor.reason).
        st.session_state[BOT_WHY_KEY] = (turn.seat, door.reason(decision))
        st.session_state[WHY_DRAWN_KEY] = None
        save_session(play_store(), loaded, iss_of=iss_line)
        loaded = load(ctx, current)
        session = loaded.session
        door = session.door(LEARNER)
        if session.over or (not quick and door.view().phase not in QUICK_PHASES):
            break
    return loaded


def _table(ctx: PageContext, current: Evening, ticking: bool, fresh: list[LoadedSession]) -> None:
    """The table: make the opponents' moves that are due, then draw the learner's view. The learner's own
    card is drawn before the page starts ticking for the opponents, so it shows at once. ``fresh``: the
    evening the page's run has just loaded, used once (the fragment's own reruns load it again)."""
    loaded = fresh.pop() if fresh else load(ctx, current)
    if ticking and _computer_to_move(loaded):
        loaded = _computer_moves(ctx, current, loaded)
    session = loaded.session
    if session.over:
        st.rerun()
    computer = _computer_to_move(loaded)
    if ticking and not computer:
        st.rerun()  # the learner's turn: stop ticking before the cards are drawn (a click is never lost)
    draw_table(ctx, current, loaded, session.door(LEARNER))
    if computer and not ticking:
        # The learner's move (and the computers' answers in the knock window) is drawn: the page says so
        # now, not after the rerun, which only starts the ticking for the opponents.
        publish_now()
        _let_it_reach_the_browser()
        st.rerun()


# Longest wait before the page reruns after drawing the learner's move (see _let_it_reach_the_browser): the
# usual pace and a little, so that the rerun finds the first computer move due and makes it at once (a
# shorter wait left it to the next tick, a whole pace later).
FLUSH_WAIT = 1.0


def _let_it_reach_the_browser() -> None:
    """Wait until the first opponent's move is due (at most :data:`FLUSH_WAIT`) before the page reruns to
    tick for the opponents. A new run drops what the server has not sent yet, so without the wait the
    learner's card would show only when the whole page has been drawn again; the opponent waits the pace
    anyway, so nothing is slower."""
    left = pace() - (time.monotonic() - float(st.session_state.get(LAST_MOVE_KEY, 0.0)))
    if left > 0:
        time.sleep(min(FLUSH_WAIT, left))


def draw_table(ctx: PageContext, current: Evening, loaded: LoadedSession, door: SeatDoor) -> None:
    t = ctx.t
    view = door.view()
    stored = loaded.last
    assert stored is not None
    note_view(view, deal=stored.number, move_count=stored.move_count)
    st.caption(t("Deal {n} · you are {seat}", n=stored.number, seat=seat_name(view.seat, t)))
    play_table.draw_status(view, ctx)
    play_table.auction_history(view, ctx)
    if view.phase in (Phase.SLAA_40, Phase.AUCTION):
        play_table.ladder_caption(view, ctx)
    why = st.session_state.get(BOT_WHY_KEY)
    line = play_table.reason_line(why[0], why[1], view, t) if why is not None else None
    if line is not None and current.coach == "beginner":
        st.caption(line)
    play_table.draw_last_trick(view, ctx)
    refusal = st.session_state.get(REFUSAL_KEY)
    if refusal is not None and refusal[0] == stored.id and refusal[1] == stored.move_count:
        st.error(t_error(refusal[2], t), icon=":material/block:")
    if current.coach == "beginner":
        play_table.counters(view, ctx)
    controls(ctx, current, loaded, view)
    if st.session_state.get(WHY_DRAWN_KEY, 0.0) is None:
        st.session_state[WHY_DRAWN_KEY] = time.monotonic()  # this whole run, the line with it, was drawn


def _act(token: str, seen: int) -> Any:
    def act(move: Move) -> None:
        learner_move(token, seen, move)

    return act


def controls(ctx: PageContext, current: Evening, loaded: LoadedSession, view: SeatView) -> None:
    act = _act(current.token, loaded.seen)
    beginner = current.coach == "beginner"
    cards = play_table.hand_order(view)
    if not view.my_turn:
        play_table.draw(view, ctx, thinking=_computer_to_move(loaded))
        return
    stored = loaded.last
    asked = stored is not None and st.session_state.get(HINT_KEY) == (stored.id, stored.move_count)
    draw_controls(ctx, view, act, cards, beginner, view.phase, plan=beginner or asked)
    coach_box(ctx, current, loaded, view)


def draw_controls(
    ctx: PageContext,
    view: SeatView,
    act: Any,
    cards: list[Card],
    beginner: bool,
    phase: Phase,
    *,
    plan: bool = False,
) -> None:
    """The controls of the learner's turn. ``plan``: the coach's plan may be shown (the beginner coach, or
    the advanced one asked for a hint): the declaration opens on the coach's game; otherwise it asks for a
    choice."""
    suggested = suggest(view).move if plan and phase is Phase.DECLARE else None
    play_table.seat_controls(
        view,
        ctx,
        act,
        beginner=beginner,
        picked_key=PICKED_KEY,
        suggested=suggested.declaration if isinstance(suggested, Declare) else None,
    )


def coach_box(ctx: PageContext, current: Evening, loaded: LoadedSession, view: SeatView) -> None:
    """Beginner: the suggestion for this decision with its reason; advanced: the same behind a Hint button.
    In the auction and at the pickup: the chance model's bid hints (the coach's bid and the hand's playable
    games with their chances)."""
    if current.coach == "none":
        return
    t = ctx.t
    stored = loaded.last
    assert stored is not None
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
    with st.container(border=True, key="play_coach_box"):
        if view.phase in (Phase.AUCTION, Phase.PICKUP) and len(view.hand) == HAND_SIZE:
            # the bid hints say the coach's bid (or pickup) with the chances: one line of advice, not two
            play_result.bid_hints(ctx, stored, view)
            bid_chart(ctx, view)
            return
        with st.spinner(t("The coach is thinking…")):
            suggestion = suggest(view, stored.id)
        st.markdown(
            t("**Coach:** {move}", move=play_result.move_text(suggestion.move, view, ctx))
            + " — "
            + t_message(reason_for(suggestion.why, suggestion.move, view), t)
        )


def bid_chart(ctx: PageContext, view: SeatView) -> None:
    """The bid chart of the hints just drawn (cached by :func:`play_result.bid_hints`), folded."""
    from trainer.coach import bid_curves
    from trainer.ui.views.bid_chart import draw_bid_chart

    cached = st.session_state.get(play_result.HINTS_KEY) or {}
    hints = next(iter(cached.values()), None)
    curves = bid_curves(hints, view.profile) if hints else None
    if curves is not None:
        with st.expander(ctx.t("Expected score at each bid")):
            draw_bid_chart(curves, ctx, key="play_bid_chart")


def suggest(view: SeatView, deal_id: int | None = None) -> Decision:
    """The coach's move for the learner; in the card play the coach's advice kept for the review of deal
    ``deal_id`` (the same evaluation judges the card afterwards)."""
    if deal_id is not None and view.phase is Phase.PLAY and view.declaration is not None:
        advice = play_result.card_advice(deal_id, view)
        return Decision(PlayCard(view.seat, advice.card), advice.reason, advice.chance)
    return coach_suggestion(view, time_ms=BOT_TIME_MS)


run_page("game", render)
