"""Play together: a shared table for three people, or two and a computer (duel mode).

The table lives in the store (:mod:`trainer.store.tables`); this page keeps the table's id in the session
and its code in the tab's address (``?code=…``). A new session (a reload, a lost connection, a server
restart, a new sign-in) goes back to the table in the address when the learner sits there, else to their
current table in the store, so each player is back at the same deal, trick and turn (issue 44: with the id
in the session only, a reload sent a learner who sits at two tables to the newer one, and the turn waiting
for them at the other was never offered).
While the seat waits, a fragment reads the table again whenever it changes (the server wakes it:
:mod:`~trainer.ui.pages.table_wake`) and every two seconds regardless, lets a computer make a move that is
due (a computer seat, or a player idle past the table's limit), and draws the deal from the viewer's own
:class:`~trainer.rules.game.SeatView` — the whole deal is rebuilt on the server for each run and never put
into the session or the page, so no other hand, skat or discard reaches this browser.
"""

from __future__ import annotations

import math
import time
from typing import Any

import streamlit as st

from trainer.coach import SCHEMES
from trainer.deal import Seat
from trainer.errors import SkatError
from trainer.profiles import AllPass, KnockCall
from trainer.rules import HouseOptions, Move, Phase
from trainer.safe_text import for_markdown
from trainer.scoring import settle
from trainer.store.tables import SharedTable, TableMoment, TablePlay, TableStore
from trainer.table_session import COMPUTER_TIME_MS, IDLE_SECONDS, LEVELS, place_of_seat
from trainer.teacher import normalize_code
from trainer.ui.context import PageContext
from trainer.ui.number_field import whole_number
from trainer.ui.pages import play_result, play_table, problems_mine, table_wake, table_watch
from trainer.ui.pages.table_poll import poll_every, poll_seconds, waiting_for_others
from trainer.ui.progress_state import get_store
from trainer.ui.terms import bot_level_name, profile_name, seat_name, t_error, t_message, thinking
from trainer.ui.views.deal_end import draw_deal_end
from trainer.ui.views.page_state import note_state, note_view, published_fragment, run_page

TABLE_KEY = "table_id"
# The table this session left with "Leave this table for now" (not reopened by itself until a reload).
# (A comment, not a docstring: Streamlit's magic would draw a bare string of a page script on the page.)
LEFT_KEY = "table_left"
REFUSAL_KEY = "table_refusal"
PICKED_KEY = "table_picked"
CODE_PARAM = "code"
# How often a seat's presence is written (every poll would be a write twice a second).
SEEN_SECONDS = 10.0
# How long a move stays on the screen before the page runs again (a new run drops unsent messages).
FLUSH_WAIT = 0.15
SEEN_KEY = "table_seen_at"
VERSION_KEY = "table_version"
WAKE_KEY = "table_wake"
# What the opening form takes (the store refuses anything else too): deals planned, and the seconds before
# a computer plays for an idle player.
DEALS_FEWEST, DEALS_MOST, DEALS_USUAL = 1, 99, 6
IDLE_FEWEST, IDLE_MOST = 10, 3600
# The idle countdown is said in seconds below this, in minutes from it.
COUNTDOWN_MINUTES_FROM = 120


def tables() -> TableStore:
    return TableStore(get_store())


def table_play() -> TablePlay:
    return TablePlay(tables())


def signed_in() -> tuple[int, str] | None:
    """The signed-in learner (id, name): the account when accounts are there, else the session's learner."""
    try:
        from trainer.ui.auth import current_learner
    except ImportError:  # pragma: no cover - accounts not installed
        from trainer.ui.progress_state import LEARNER_ID_KEY, LEARNER_NAME_KEY

        learner = st.session_state.get(LEARNER_ID_KEY)
        if isinstance(learner, int):
            return learner, str(st.session_state.get(LEARNER_NAME_KEY, ""))
        return None
    account = current_learner()
    return (account.id, account.name) if account is not None else None


def _sign_in(ctx: PageContext) -> None:
    st.info(ctx.t("Sign in to open a table or to join one."), icon=":material/lock:")
    try:
        from trainer.ui.views.account import sign_in_forms
    except ImportError:  # pragma: no cover
        return
    sign_in_forms(ctx, key="table_account")


def _open(ctx: PageContext, learner: int, name: str) -> None:
    t = ctx.t
    names = {level: bot_level_name(level, t) for level in LEVELS}
    scheme_names = play_result.scheme_names(t)
    with st.form("table_open"):
        st.markdown(
            t(
                "**Open a table** with the rules chosen in the sidebar ({rules}).",
                rules=profile_name(ctx.profile, t),
            )
        )
        scheme = st.selectbox(
            t("Score sheet"),
            list(SCHEMES),
            format_func=lambda key: scheme_names[key],
            index=SCHEMES.index(ctx.profile.default_scheme),
            key="table_scheme",
        )
        deals = whole_number(
            ctx, t("Deals"), key="table_deals", value=DEALS_USUAL, minimum=DEALS_FEWEST, maximum=DEALS_MOST
        )
        level = st.selectbox(
            t("Computer players"),
            list(LEVELS),
            index=1,
            format_func=lambda key: names[key],
            key="table_level",
        )
        idle = whole_number(
            ctx,
            t("Seconds before a computer plays for an idle player"),
            key="table_idle",
            value=IDLE_SECONDS,
            minimum=IDLE_FEWEST,
            maximum=IDLE_MOST,
        )
        house = _house_options(ctx)
        submitted = st.form_submit_button(t("Open the table"), type="primary", key="table_open_submit")
        # A field that is not a number as typed has said so below itself; nothing is opened then.
        if submitted and deals is not None and idle is not None:
            try:
                table = tables().open_table(
                    host_learner_id=learner,
                    host_name=name,
                    profile_name=ctx.profile.name,
                    scheme=str(scheme),
                    deals_planned=int(deals),
                    bot_level=str(level),
                    idle_seconds=int(idle),
                    house=house,
                )
            except SkatError as error:
                st.error(t_error(error, t))
            else:
                st.session_state[TABLE_KEY] = table.id
                st.rerun()


def _house_options(ctx: PageContext) -> HouseOptions:
    """The house options the host chooses for the table (inside the opening form): the defenders' call,
    Slå 40 an and what an all-pass deal becomes, each starting at the rules' usual choice."""
    t = ctx.t
    usual = HouseOptions.usual(ctx.profile)
    calls = {"kontra": t("kontra and re"), "spoerge": t("Spørge"), "none": t("no call")}
    call = st.selectbox(
        t("The defenders' call after the first lead"),
        list(calls),
        index=list(calls).index(usual.call.value if usual.call is not None else "none"),
        format_func=lambda key: calls[key],
        key="table_call",
    )
    slaa = st.checkbox(t("Slå 40 an (knocked 40 after five cards)"), value=usual.slaa_40_an, key="table_slaa")
    passes = {
        AllPass.PASSED_IN.value: t("thrown in"),
        AllPass.RAMSE.value: t("Ramse"),
        AllPass.RAMSCH.value: t("Ramsch"),
    }
    all_pass = st.selectbox(
        t("When all three pass"),
        list(passes),
        index=list(passes).index(ctx.profile.all_pass.value),
        format_func=lambda key: passes[key],
        key="table_all_pass",
    )
    bock = st.checkbox(
        t("Bock rounds (after 60–60 or a won kontra the next round counts double)"), key="table_bock"
    )
    return HouseOptions.chosen(
        ctx.profile,
        call=None if call == "none" else KnockCall(call),
        slaa_40_an=bool(slaa),
        all_pass=AllPass(all_pass),
        bock=bool(bock),
    )


def _join(ctx: PageContext, learner: int, name: str) -> None:
    t = ctx.t
    with st.form("table_join"):
        st.markdown(t("**Join a table** with the code its host gave you."))
        code = st.text_input(
            t("Table code"), value=st.query_params.get(CODE_PARAM, ""), max_chars=20, key="table_code"
        )
        if st.form_submit_button(t("Join"), key="table_join_submit"):
            from trainer.ui.auth import client_key

            try:
                table, _ = tables().join(code, learner_id=learner, name=name, client=client_key())
            except SkatError as error:
                st.error(t_error(error, t))
            else:
                table_wake.wake(table.id)
                st.session_state[TABLE_KEY] = table.id
                st.rerun()


def _mine(ctx: PageContext, learner: int) -> None:
    t = ctx.t
    mine = tables().tables_of_learner(learner)
    if not mine:
        return
    st.markdown(t("**Your tables**"))
    for table in mine[:8]:
        others = ", ".join(
            for_markdown(play_result.seat_name(s, t))
            for s in table.seats
            if s.kind == "human" and s.learner_id != learner
        )
        label = t("Table {code}", code=table.code) + (f" · {others}" if others else "")
        if st.button(label, key=f"table_go_{table.id}", icon=":material/table_restaurant:"):
            st.session_state[TABLE_KEY] = table.id
            st.rerun()


def player_name(table: SharedTable, place: int, ctx: PageContext) -> str:
    """Who sits at ``place``, as plain text (:func:`~trainer.ui.pages.play_result.seat_name`)."""
    return play_result.seat_name(table.seats[place], ctx.t)


def markdown_names(table: SharedTable, ctx: PageContext) -> tuple[str, ...]:
    """The players' names by place for a Markdown line (the result, the Ramse line, a Slå 40 an knock,
    thrown cards): each through :func:`~trainer.safe_text.for_markdown`, so a name shows as typed and
    never becomes a link, an image or a tag (issue 44)."""
    return tuple(
        for_markdown(name)
        for name in play_result.distinct_names([player_name(table, place, ctx) for place in range(3)])
    )


def seat_names(table: SharedTable, number: int, ctx: PageContext) -> tuple[str, str, str]:
    """The players' names by the seat each plays in deal ``number`` (two computers numbered by place),
    for the table's seat labels and status lines."""
    by_place = play_result.distinct_names([player_name(table, place, ctx) for place in range(3)])
    return (
        by_place[place_of_seat(Seat.FOREHAND, number)],
        by_place[place_of_seat(Seat.MIDDLEHAND, number)],
        by_place[place_of_seat(Seat.REARHAND, number)],
    )


def seat_label(table: SharedTable, place: int, ctx: PageContext) -> str:
    """A place's label above the table (plain text): the name and whether a computer plays for now."""
    t = ctx.t
    seat = table.seats[place]
    label = player_name(table, place, ctx)
    if seat.kind == "human":
        return label + (" " + t("(a computer plays for now)") if seat.away else "")
    if seat.kind == "bot":
        return label + ("" if seat.scored else " " + t("(not scored)"))
    return label


def idle_countdown(left: float, ctx: PageContext, *, who: str | None = None) -> str:
    """The idle clock in words: how long until a computer plays for the seat to move (``who``, Markdown-safe;
    None: the viewer's own turn). A countdown, said as one (issue 44: "Waiting for … (3403 s)" was read as
    the time waited; it was an hour's limit less 197 s). Whole seconds under :data:`COUNTDOWN_MINUTES_FROM`,
    else minutes rounded up (the limit may be an hour)."""
    t = ctx.t
    seconds = max(0, math.ceil(left))
    if seconds < COUNTDOWN_MINUTES_FROM:
        if who is None:
            return t.ngettext(
                "A computer plays for you if you have not moved in {n} second.",
                "A computer plays for you if you have not moved in {n} seconds.",
                seconds,
            )
        return t.ngettext(
            "Waiting for {who}. A computer plays for them if they have not moved in {n} second.",
            "Waiting for {who}. A computer plays for them if they have not moved in {n} seconds.",
            seconds,
            who=who,
        )
    minutes = math.ceil(seconds / 60)
    if who is None:
        return t.ngettext(
            "A computer plays for you if you have not moved in {n} minute.",
            "A computer plays for you if you have not moved in {n} minutes.",
            minutes,
        )
    return t.ngettext(
        "Waiting for {who}. A computer plays for them if they have not moved in {n} minute.",
        "Waiting for {who}. A computer plays for them if they have not moved in {n} minutes.",
        minutes,
        who=who,
    )


def _seats(ctx: PageContext, table: SharedTable, place: int, learner: int) -> None:
    t = ctx.t
    columns = st.columns(3)
    for seat, column in zip(table.seats, columns, strict=True):
        with column, st.container(border=True, key=f"table_seat_{seat.place}"):
            you = " " + t("(you)") if seat.place == place else ""
            st.markdown(for_markdown(seat_label(table, seat.place, ctx)) + you)
            if seat.kind == "empty":
                duel = st.checkbox(t("not scored (duel)"), key=f"table_duel_{seat.place}")
                if st.button(t("Seat a computer"), key=f"table_bot_{seat.place}"):
                    tables().fill_with_computer(table.id, seat.place, by_learner_id=learner, scored=not duel)
                    table_wake.wake(table.id)
                    st.rerun()


def _act(table_id: int, learner: int, seen: tuple[int, int]) -> Any:
    def act(move: Move) -> None:
        try:
            moved = table_play().move(table_id, learner, move, seen=seen)
        except SkatError as error:
            st.session_state[REFUSAL_KEY] = (seen, error)
            return
        if moved:  # the others are woken once this page has drawn the move (below): not all at once
            st.session_state[WAKE_KEY] = table_id
        st.session_state.pop(REFUSAL_KEY, None)
        st.session_state.pop(PICKED_KEY, None)

    return act


def _deal(table_id: int) -> None:
    table_play().start_next_deal(table_id)
    table_wake.wake(table_id)


def _back(table_id: int, place: int) -> None:
    tables().set_away(table_id, place, False)
    table_wake.wake(table_id)


def _wake_others() -> None:
    """After this seat's own move is drawn: wake the other seats waiting on this server."""
    table_id = st.session_state.pop(WAKE_KEY, None)
    if isinstance(table_id, int):
        table_wake.wake(table_id)


def _mark_seen(store: TableStore, table_id: int, place: int) -> None:
    """Note that this seat's browser is at the table (at most every :data:`SEEN_SECONDS`: a poll is cheap)."""
    now = time.monotonic()
    if now - float(st.session_state.get(SEEN_KEY, 0.0)) >= SEEN_SECONDS:
        store.seen(table_id, place)
        st.session_state[SEEN_KEY] = now


def _live(ctx: PageContext, table_id: int, learner: int, drawn: tuple[int, int], waiting: bool) -> None:
    """One tick: note that this seat is here, let a due computer move, draw this seat's view. When the
    deal has ended or it has become this seat's turn, the whole page is drawn again (the result, the score
    sheet, and no more polling while the player chooses). A move this seat made wakes the others when the
    tick ends, however it ends (at the latest)."""
    try:
        _tick(ctx, table_id, learner, drawn, waiting)
    finally:
        _wake_others()


def _tick(ctx: PageContext, table_id: int, learner: int, drawn: tuple[int, int], waiting: bool) -> None:
    t = ctx.t
    store = tables()
    play = TablePlay(store)
    now = play.moment(table_id)
    place = now.table.place_of(learner)
    if place is None:  # no longer seated here
        st.session_state.pop(TABLE_KEY, None)
        st.rerun()
    _mark_seen(store, table_id, place)
    if (
        now.turn is not None
        and now.turn.by_computer
        and play.computer_step(table_id, time_ms=COMPUTER_TIME_MS)
    ):
        table_wake.wake(table_id)
        now = play.moment(table_id)
    if waiting_for_others(now, place):
        table_wake.listen(table_id, now.marker, store.marker)  # a change wakes this seat at once
    else:
        table_wake.stop_listening()
    turned = now.version != drawn and waiting_for_others(now, place) != waiting
    if now.version != drawn and now.session.over:
        st.rerun()  # the end of the deal: the whole page (the result and the score sheet)
    table = now.table
    note_state(
        table=table.code,
        full=table.full,
        deal=now.number,
        move_count=now.stored.move_count if now.stored else 0,
    )
    _seats(ctx, table, place, learner)
    if now.stored is None or now.session.over:
        note_state(phase="finished" if now.stored is not None else "none")
        _between_deals(ctx, now, place, table_id)
        return
    door = now.session.door(place)
    view = door.view()
    seat = view.seat
    note_view(view, away=table.seats[place].away)
    names = seat_names(table, now.number, ctx)
    st.caption(t("Deal {n} · you are {seat}", n=now.number, seat=seat_name(seat, t)))
    if table.seats[place].away:
        st.warning(t("A computer is playing for you while you were away."), icon=":material/smart_toy:")
        st.button(t("I'm back"), key="table_back", on_click=_back, args=(table.id, place))
    play_table.draw_status(view, ctx, names)
    play_table.auction_history(view, ctx, names)
    if view.phase in (Phase.SLAA_40, Phase.AUCTION):
        play_table.ladder_caption(view, ctx)
    play_table.draw_last_trick(view, ctx, names)
    refusal = st.session_state.get(REFUSAL_KEY)
    if refusal is not None and refusal[0] == now.version:
        st.error(t_error(refusal[1], t), icon=":material/block:")
    if turned:
        # The seat has just moved, or its turn has come: the move is drawn, then the whole page runs again
        # to poll (or stop polling). A new run drops what the server has not sent yet: wait a moment.
        play_table.draw(view, ctx, names=names)
        _wake_others()
        time.sleep(FLUSH_WAIT)
        st.rerun()
    if view.my_turn and not table.seats[place].away:
        if now.turn is not None and now.turn.idle_left is not None:
            st.caption(idle_countdown(now.turn.idle_left, ctx))
        play_table.seat_controls(
            view,
            ctx,
            _act(table.id, learner, now.version),
            beginner=False,
            picked_key=PICKED_KEY,
            names=names,
        )
        return
    play_table.draw(view, ctx, names=names)
    if now.turn is not None:
        who = for_markdown(seat_label(table, now.turn.place, ctx))
        if now.turn.idle_left is not None and not now.turn.by_computer:
            st.caption(idle_countdown(now.turn.idle_left, ctx, who=who))
        else:
            st.caption(thinking(who, t))


def _between_deals(ctx: PageContext, now: TableMoment, place: int, table_id: int) -> None:
    """Before the first deal or after one: the finished deal's last trick, the bidding and every call, its
    result in a sentence and the settlement (at every seat, at once), then the next deal's button."""
    t = ctx.t
    table = now.table
    if now.stored is not None and now.state is not None:
        door = now.session.door(place)
        view = door.view()
        names = seat_names(table, now.number, ctx)
        st.caption(t("Deal {n} is over · you were {seat}", n=now.number, seat=seat_name(view.seat, t)))
        play_table.draw_status(view, ctx, names)
        play_table.auction_history(view, ctx, names)
        play_table.draw(view, ctx, names=names)
        outcome = view.outcome
        revealed = door.reveal()
        if outcome is not None:
            play_result.result_sentence(
                ctx,
                outcome,
                now.number,
                markdown_names(table, ctx),
                state=revealed.state if revealed is not None else None,
            )
            settled = settle(outcome, table.scheme)
            if settled is not None:
                st.caption(" · ".join(t_message(line, t) for line in settled.working_parts))
        if revealed is not None:  # the deal is over: every seat may see all of it now
            draw_deal_end(
                revealed.state, ctx, key="table_end", bottom=view.seat, names=names, outcome=revealed.outcome
            )
            me = signed_in()
            problems_mine.offer(
                ctx, me[0] if me else None, revealed.state, view.seat, name=str(now.stored.id), source="table"
            )
    if now.number >= table.deals_planned:
        st.info(t("The table has played all its {n} deals.", n=table.deals_planned))
    elif table.full:
        st.button(
            t("Deal the cards") if now.stored is None else t("Next deal"),
            key="table_deal",
            type="primary",
            on_click=_deal,
            args=(table_id,),
            icon=":material/playing_cards:",
        )
    else:
        st.caption(t("Waiting until every seat is taken (or seated with a computer)…"))


def _sheet(ctx: PageContext, table: SharedTable, now: TableMoment) -> None:
    t = ctx.t
    store = tables()
    names = [player_name(table, place, ctx) for place in range(3)]
    play_result.score_sheet(ctx, store.evening(table), now.session, names=names, key="table_sheet")
    records = [d.iss for d in store.play.deals(table.evening_id) if d.finished and d.iss]
    if records:
        st.download_button(
            t("Download the games (.sgf)"),
            "\n".join(records) + "\n",
            file_name=f"skat-table-{table.code}.sgf",
            key="table_sgf",
            icon=":material/download:",
        )


def _table_in_address(learner: int) -> SharedTable | None:
    """The table whose code is in the tab's address, if this learner sits there (the table the tab was at
    before a reload); None otherwise. It seats nobody: a code of a table the learner does not sit at only
    fills the join form."""
    code = normalize_code(str(st.query_params.get(CODE_PARAM, "")))
    if not code:
        return None
    return next((table for table in tables().tables_of_learner(learner) if table.code == code), None)


def _keep_address(table: SharedTable) -> None:
    """Put the shown table's code in the tab's address, so a reload of this tab comes back to this table
    (a learner may sit at several; which one a tab shows is not to be guessed)."""
    if st.query_params.get(CODE_PARAM) != table.code:
        st.query_params[CODE_PARAM] = table.code


def _forget_address(learner: int) -> None:
    """The tab shows no table (left, or none to go back to): a reload is not to go back to the one before.
    A code of a table the learner does not sit at stays (it is a join link: it fills the join form)."""
    if _table_in_address(learner) is not None:
        del st.query_params[CODE_PARAM]


def render(ctx: PageContext) -> None:
    t = ctx.t
    st.title(t("Play together"))
    st.caption(
        t(
            "Three people at one table, or two and a computer. Open a table and give the others its code, "
            "or join one with a code."
        )
    )
    who = signed_in()
    note_state(signed_in=who is not None)
    if who is None:
        table_watch.draw(ctx, armed=False)
        _sign_in(ctx)
        return
    learner, name = who
    table_id = st.session_state.get(TABLE_KEY)
    if not isinstance(table_id, int):  # a reload, a new connection or a new sign-in: back to the table
        found = _table_in_address(learner) or tables().current_table(learner)
        if found is not None and found.id != st.session_state.get(LEFT_KEY):
            table_id = st.session_state[TABLE_KEY] = found.id
    if isinstance(table_id, int):
        try:
            table, _ = tables().for_learner(table_id, learner)
        except SkatError:
            st.session_state.pop(TABLE_KEY, None)
            table_id = None
    if not isinstance(table_id, int):
        table_wake.stop_listening()
        table_watch.draw(ctx, armed=False)
        _forget_address(learner)
        left, right = st.columns(2)
        with left:
            _open(ctx, learner, name)
        with right:
            _join(ctx, learner, name)
        _mine(ctx, learner)
        return
    _keep_address(table)
    st.markdown(
        t("Table code **{code}** — the others join with it on this page.", code=table.code)
        + f" (`?{CODE_PARAM}={table.code}`)"
    )
    if st.button(t("Leave this table for now"), key="table_leave", icon=":material/logout:"):
        st.session_state.pop(TABLE_KEY, None)
        st.session_state[LEFT_KEY] = table.id
        _forget_address(learner)
        st.rerun()
    play = table_play()
    _, place = tables().for_learner(table.id, learner)
    now = play.moment(table.id)
    waiting = waiting_for_others(now, place)
    table_watch.draw(ctx, armed=True, poll=poll_seconds())  # a blank or frozen page comes back by itself
    st.fragment(run_every=poll_every(now, place))(published_fragment(ctx, "table", _live))(
        ctx, table.id, learner, now.version, waiting
    )
    _sheet(ctx, table, now)


run_page("table", render)
