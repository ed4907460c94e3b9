"""A card-play problem at the table: what the seat to move sees, the verdict after its card, the themes.

:func:`problem_table` builds the table from the problem's position only (the seat's own cards, hands lying
open, the trick, the skat face up only when the seat knows it), so nothing hidden reaches the page before
the learner has played. :func:`example_table` shows one typical layout with every hand open; the page
draws it only after the answer, as an illustration (it is one possible layout, not "the" hidden hands).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import streamlit as st

from trainer.cards import Card, card_points
from trainer.deal import SKAT_SIZE, Seat
from trainer.i18n import Translator
from trainer.problems.judge import Goal
from trainer.problems.model import Problem
from trainer.problems.rating import kind_of, problem_seed
from trainer.problems.themes import theme
from trainer.rules import DealState
from trainer.store.play_ratings import PlayRatings
from trainer.text import N_, upper_first
from trainer.ui.context import PageContext
from trainer.ui.progress_state import get_store
from trainer.ui.terms import card_label, declaration_name, seat_name, side_name, side_of
from trainer.ui.views.auction import auction_caption, auction_said
from trainer.ui.views.table import SeatHand, TableView, draw_table

THEME_PARAM = "theme"
"""The Problems page's query parameter naming one theme (``/problems?theme=smearing``)."""

GOAL_SENTENCES: dict[Goal, str] = {
    Goal.GAME: N_("Your goal: win the game (61 card points, skat included)."),
    Goal.DEFENCE: N_("Your goal: beat the game (keep the declarer below 61)."),
    Goal.SCHNEIDER: N_("Your goal: make the defenders schneider."),
    Goal.SCHNEIDER_SAVED: N_("Your goal: get out of schneider (take enough points for the defence)."),
    Goal.NULL: N_("Your goal: take no trick (null)."),
    Goal.NULL_DEFENCE: N_("Your goal: make the null declarer take a trick."),
}


def problem_table(problem: Problem) -> TableView:
    """The table as the problem's seat sees it, its legal cards clickable."""
    position = problem.position()
    open_cards = dict(position.open_hands)
    hands = tuple(
        SeatHand(
            seat,
            position.cards_left(seat),
            position.hand if seat == position.seat else open_cards.get(seat),
        )
        for seat in Seat
    )
    skat: tuple[Card | None, ...] = tuple(position.skat) if position.skat is not None else (None,) * SKAT_SIZE
    return TableView(
        bottom=position.seat,
        hands=(hands[0], hands[1], hands[2]),
        declarer=position.declarer,
        declaration=position.declaration,
        trick=position.current_trick,
        trick_number=position.trick_number,
        to_move=position.seat,
        skat=skat,
        legal=frozenset(position.legal_cards()),
    )


def example_table(problem: Problem) -> TableView | None:
    """The problem's typical layout with every hand open (None when the problem has none): the problem's
    own table with the layout's hands and skat, and no card to click."""
    if problem.example is None:
        return None
    layout_hands, skat = problem.example
    hands = tuple(SeatHand(seat, len(layout_hands[int(seat)]), layout_hands[int(seat)]) for seat in Seat)
    return replace(
        problem_table(problem), hands=(hands[0], hands[1], hands[2]), skat=tuple(skat), legal=frozenset()
    )


POINTS_GOAL = N_(
    "Your goal: keep as many card points as you can for your side (whichever card you play, the game ends "
    "the same)."
)
"""The goal of a personal problem made of a card that gave card points away (not the game)."""


def situation_lines(problem: Problem, ctx: PageContext, goal: str | None = None) -> list[str]:
    """Who plays what, who you are, the points so far and the goal (Markdown lines); ``goal``: another
    goal sentence (a personal points mistake's)."""
    t = ctx.t
    position = problem.position()
    declarer_points, defender_points = position.points_taken()
    game = declaration_name(position.declaration, t)
    if position.is_declarer:
        who = t("You are {seat}, the declarer, playing {game}.", seat=seat_name(position.seat, t), game=game)
    else:
        who = t(
            "You are {seat}, a defender; {declarer} plays {game}.",
            seat=seat_name(position.seat, t),
            declarer=seat_name(position.declarer, t),
            game=game,
        )
    lines = [who]
    if not position.declaration.game.is_null:
        lines.append(
            t(
                "Card points taken so far: declarer {d}, defenders {o}.",
                d=declarer_points,
                o=defender_points,
            )
        )
        if position.skat is not None:
            lines.append(t("Your skat holds {n} card points.", n=card_points(position.skat)))
    lines.append(t(goal or GOAL_SENTENCES[problem.goal]))
    return lines


def auction_line(problem: Problem, ctx: PageContext) -> str:
    """The deal's bidding as the seat heard it, seats named from its chair as at the table (You, Left,
    Right); for a deal without a known auction, why not."""
    t = ctx.t
    bidding = problem.auction
    if bidding is None:
        if problem.set_without_bidding:
            return t("Bidding: none shown (this null game was set for the declarer, not bid).")
        return t("Bidding: not known for this problem.")
    line = auction_said(
        bidding.events,
        lambda seat: side_name(side_of(seat, problem.seat), t, capital=True),
        t,
        knocker=bidding.knocker,
        knock_game=bidding.knock_game,
    )
    return auction_caption(line, t)


def trick_lines(problem: Problem, ctx: PageContext) -> list[str]:
    """The completed tricks, one line each: the cards with their seats and who won."""
    return _tricks_said(problem.position().tricks(), 1, ctx)


def _tricks_said(
    tricks: Sequence[tuple[Seat, Sequence[Card], Seat]], first: int, ctx: PageContext
) -> list[str]:
    t = ctx.t
    lines = []
    for number, (leader, cards, winner) in enumerate(tricks, start=first):
        seats = (leader, leader.next, leader.next.next)
        played = ", ".join(
            f"{seat_name(s, t)} {card_label(c, ctx.lang)}" for s, c in zip(seats, cards, strict=True)
        )
        lines.append(
            t(
                "Trick {n}: {cards} — {winner} wins {points}.",
                n=number,
                cards=played,
                winner=seat_name(winner, t),
                points=card_points(cards),
            )
        )
    return lines


def playback_lines(problem: Problem, state: DealState, ctx: PageContext) -> list[str]:
    """The rest of a played-back deal from the problem's trick on, and how it ends for the declarer."""
    t = ctx.t
    start = problem.trick_number
    tricks = [(trick.leader, trick.cards, trick.winner) for trick in state.tricks[start - 1 :]]
    lines = _tricks_said(tricks, start, ctx)
    outcome = state.outcome()
    if outcome is None or outcome.declarer_points is None:
        return lines
    if problem.declaration.game.is_null:
        taken = outcome.declarer_tricks or 0
        lines.append(t("The declarer takes no trick.") if taken == 0 else t("The declarer takes a trick."))
    else:
        lines.append(t("The declarer ends with {n} card points.", n=outcome.declarer_points))
    return lines


def theme_title(key: str, t: Translator) -> str:
    return t(theme(key).name)


def theme_sentence(key: str, t: Translator) -> str:
    return t(theme(key).sentence)


def draw_theme_links(themes: Sequence[str], ctx: PageContext) -> None:
    """One link per theme to the Problems page showing that theme's problems (a chapter's closing links)."""
    from trainer.ui.nav import page_for

    if not themes:
        return
    t = ctx.t
    st.markdown("**" + t("Play problems on this chapter's themes") + "**")
    page = page_for("problems").path
    with st.container(key="practise-problems"):
        for key in themes:
            st.page_link(
                page,
                label=theme_title(key, t),
                icon=":material/extension:",
                query_params={THEME_PARAM: key},
                help=theme_sentence(key, t),
            )


def method_text(problem: Problem, t: Translator) -> str:
    """How many layouts the shares are counted over, and how they were chosen."""
    if problem.sampled:
        return t(
            "Shares over a uniform sample of {n} of the {total} layouts you cannot tell apart, each "
            "played on open-handed after the card.",
            n=problem.layouts,
            total=problem.total_layouts,
        )
    return t(
        "Shares over all {n} layouts you cannot tell apart, each played on open-handed after the card.",
        n=problem.layouts,
    )


def draw_verdict(problem: Problem, chosen: Card, ctx: PageContext) -> None:
    """Right or wrong, then why: the right card, each card's share of layouts, the themes."""
    t = ctx.t
    right = chosen in problem.answer
    answer = " ".join(card_label(c, ctx.lang) for c in problem.answer)
    best = problem.share(problem.answer[0])
    mine = problem.share(chosen)
    if right:
        st.success(
            t(
                "Right: {card} reaches the goal in {share} of the layouts.",
                card=card_label(chosen, ctx.lang),
                share=_percent(best),
            )
        )
    else:
        st.error(
            t(
                "Not the best card: {card} reaches the goal in {mine} of the layouts, {answer} in {best}.",
                card=card_label(chosen, ctx.lang),
                mine=_percent(mine),
                answer=answer,
                best=_percent(best),
            )
        )
    if problem.dominant:
        st.markdown(t("{answer} reaches the goal in every layout where any card does.", answer=answer))
    rows = sorted(problem.scores, key=lambda s: (-s.reached, s.card.index))
    table = "\n".join(
        f"| {card_label(s.card, ctx.lang)}{' ✓' if s.card in problem.answer else ''}"
        f"{' ←' if s.card == chosen else ''} | {_percent(s.reached / problem.layouts)} | {s.reached} |"
        for s in rows
    )
    header = " | ".join((t("Card"), t("Share of layouts"), t("Layouts")))
    st.markdown(f"| {header} |\n|---|---|---|\n{table}")
    st.caption(method_text(problem, t))
    for key in problem.themes:
        st.markdown(f"**{theme_title(key, t)}** — {theme_sentence(key, t)}")


def draw_points_verdict(problem: Problem, chosen: Card, ctx: PageContext) -> None:
    """Right or wrong for a card that gave card points away: the game ends the same whichever card, so the
    verdict speaks of points, not of the share of layouts reaching a goal; then the themes."""
    t = ctx.t
    answer = " ".join(card_label(c, ctx.lang) for c in problem.answer)
    if chosen in problem.answer:
        mine = card_label(chosen, ctx.lang)
        st.success(t("Right: {card} keeps the most card points for your side.", card=mine))
    else:
        st.error(
            t(
                "Not the best card: {answer} keeps more card points for your side than {card}.",
                answer=answer,
                card=card_label(chosen, ctx.lang),
            )
        )
    for key in problem.themes:
        st.markdown(f"**{theme_title(key, t)}** — {theme_sentence(key, t)}")


def _percent(share: float) -> str:
    return f"{round(100 * share)} %"


def role_label(role: str, t: Translator) -> str:
    return upper_first(t("declarer") if role == "declarer" else t("defender"))


def draw_position(
    problem: Problem,
    ctx: PageContext,
    key: str,
    answered: bool,
    on_card: Callable[[Card], None],
    goal: str | None = None,
) -> None:
    """The problem as its seat knows it, drawn the one way on every page that serves problems: the
    situation, the auction heard, the table (its cards clickable until answered) and the tricks so far."""
    for line in situation_lines(problem, ctx, goal):
        st.markdown(line)
    st.caption(auction_line(problem, ctx))
    table = problem_table(problem)
    draw_table(table, ctx, key=key + "hand", on_card=on_card, clickable=() if answered else table.legal)
    tricks = trick_lines(problem, ctx)
    if tricks:
        with st.expander(ctx.t("The tricks so far"), expanded=False):
            for line in tricks:
                st.markdown(line)


def draw_play_out(
    problem: Problem,
    card: Card,
    ctx: PageContext,
    key: str,
    played_back: Callable[[Problem, Card], DealState],
) -> None:
    """On request, one layout where the answer matters with every hand open, played to the end after the
    right card and after the chosen one. The solver plays every seat's cards, which takes longer than the
    verdict, so it runs only when asked (call it in a fragment: only this part reruns); ``played_back``
    is the page's cached playback."""
    t = ctx.t
    example = example_table(problem)
    toggle = t("One layout where it matters (all hands open)")
    if example is None or not st.toggle(toggle, key=f"{key}playout-{problem.id}"):
        return
    st.caption(t("In this layout the right card reaches the goal and the best other card does not."))
    draw_table(example, ctx, key=key + "example")
    for shown in (problem.answer[0], *(() if card in problem.answer else (card,))):
        st.markdown(t("**With {card}**, all hands open from then on:", card=card_label(shown, ctx.lang)))
        lines = playback_lines(problem, played_back(problem, shown), ctx)
        st.markdown("\n".join(f"- {line}" for line in lines))


def keep_first_click(pick_key: str, card: Card) -> None:
    """A card of the problem's table was clicked: the first click is the answer (kept under ``pick_key``)."""
    st.session_state.setdefault(pick_key, card.iss)


def serve_next(ids: list[str], id_key: str, seen_key: str, forget: Sequence[str]) -> None:
    """The next problem: the first in the serving order ``ids`` not shown yet in this session (all shown:
    start again), with what the last one left in the session (``forget``: the answer, the hint) cleared."""
    current = st.session_state.get(id_key)
    seen: list[str] = st.session_state.setdefault(seen_key, [])
    if current is not None and current not in seen:
        seen.append(current)
    fresh = [i for i in ids if i not in seen and i != current]
    if not fresh:
        seen.clear()
        fresh = [i for i in ids if i != current] or ids
    st.session_state[id_key] = fresh[0]
    for key in forget:
        st.session_state.pop(key, None)


def record_answer(
    learner: int, problem: Problem, card: Card, recorded_key: str, *, rated: bool = False
) -> None:
    """Keep a learner's answer once per problem shown (``recorded_key`` remembers which): an ordinary problem
    attempt, so it schedules the problem's review. ``rated`` (the collection's problems): a first answer
    also moves the learner's and the problem's play ratings, in the same transaction."""
    if st.session_state.get(recorded_key) == problem.id:
        return
    if rated:
        PlayRatings(get_store()).record(
            learner,
            problem.id,
            problem_seed(problem),
            card in problem.answer,
            answer=card.iss,
            expected=" ".join(c.iss for c in problem.answer),
            profile_name=problem.profile,
        )
        st.session_state[recorded_key] = problem.id
        return
    get_store().record_attempt(
        learner,
        kind_of(problem.id),
        card in problem.answer,
        answer=card.iss,
        expected=" ".join(c.iss for c in problem.answer),
        profile_name=problem.profile,
    )
    st.session_state[recorded_key] = problem.id
