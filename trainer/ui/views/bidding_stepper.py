"""An example deal's auction stepped bid by bid: each bid with the games worth exactly that much, each hold
or pass explained from the player's plan (the game they bid on and its value from their ten cards) and the
deal's notes. Drawn on the page 'Bidding replay' and, with ``big`` cards, on the teacher's projector."""

from __future__ import annotations

import streamlit as st

from trainer.deal import Seat
from trainer.games import Declaration
from trainer.records.deals import BidStep, ExampleDeal
from trainer.rules import Hold
from trainer.rules.bidding import BidOption, games_for_bid, next_bid
from trainer.text import upper_first
from trainer.ui.components import card_figure_html, card_row
from trainer.ui.context import PageContext
from trainer.ui.terms import declaration_name, game_name, seat_name
from trainer.ui.views.game_header import note_box
from trainer.ui.views.texts import seat_title

BIG_HAND_CARD_WIDTH_CSS = "clamp(30px, 6vw, 120px)"
"""The three hands on the projector: ten cards in one row on a wide screen."""


def option_text(option: BidOption, ctx: PageContext) -> str:
    t = ctx.t
    if isinstance(option.kind, Declaration):
        return declaration_name(option.kind, t)
    return t("{game} × {multiplier}", game=game_name(option.kind, t), multiplier=option.multiplier)


def step_sentence(step: BidStep, deal: ExampleDeal, ctx: PageContext) -> str:
    t = ctx.t
    who = upper_first(seat_name(step.seat, t))
    if step.action == "bid":
        return t("{seat} bids {value}.", seat=who, value=step.value)
    if step.action == "hold":
        return t("{seat} holds {value} (yes).", seat=who, value=step.value)
    return t("{seat} passes.", seat=who)


def why_sentence(
    index: int, step: BidStep, current: int | None, deal: ExampleDeal, ctx: PageContext
) -> str | None:
    """Why this seat acts so, from its plan: within its limit it bids or holds; above it, it passes."""
    t = ctx.t
    plan = deal.plan_of(step.seat)
    if plan is None:
        return None
    game = upper_first(declaration_name(plan.declaration, t))
    if step.action in ("bid", "hold"):
        return t(
            "{game} is worth {limit} with these cards, so {value} is within the limit.",
            game=game,
            limit=plan.value,
            value=step.value,
        )
    if current is None:
        return t("{game} is worth {limit}; passing keeps out of the bidding.", game=game, limit=plan.value)
    answering = any(isinstance(move, Hold) for move in deal.auction(upto=index).legal_moves())
    facing = current if answering else next_bid(deal.profile, current)
    return t(
        "{game} is worth only {limit}, and the bidding would have to go to {value}.",
        game=game,
        limit=plan.value,
        value=facing,
    )


def _set_step(key: str, target: int) -> None:
    st.session_state[key] = target


def _hand(deal: ExampleDeal, seat: Seat, ctx: PageContext, big: bool) -> None:
    cards = list(deal.deal.hand(seat))
    if big:
        figures = "".join(
            card_figure_html(c, lang=ctx.lang, four_colour=ctx.four_colour, width=BIG_HAND_CARD_WIDTH_CSS)
            for c in cards
        )
        codes = " ".join(c.iss for c in cards)
        st.html(
            f'<div class="card-row" data-cards="{codes}" style="display:flex;flex-wrap:wrap;gap:6px;'
            f'margin:4px 0 10px 0">{figures}</div>'
        )
    else:
        card_row(cards, lang=ctx.lang, four_colour=ctx.four_colour)


def bidding_stepper(deal: ExampleDeal, ctx: PageContext, key: str, *, big: bool = False) -> bool:
    """Step through the deal's auction (``{key}_step`` holds the step in the session; ``{key}_back`` and
    ``{key}_next`` are the buttons). Returns whether the last step has been reached."""
    t = ctx.t
    step_key = f"{key}_step"
    total = len(deal.bidding)
    step_no = max(0, min(int(st.session_state.get(step_key, 0)), total))

    with st.expander(t("The hands"), expanded=step_no == 0 or big):
        for seat in Seat:
            name = seat_name(seat, t)
            st.markdown(f"### {upper_first(name)}" if big else f"**{name}**")
            _hand(deal, seat, ctx, big)
            plan = deal.plan_of(seat)
            if plan is not None:
                st.caption(
                    t(
                        "Plan: {game}, worth {value}.",
                        game=declaration_name(plan.declaration, t),
                        value=plan.value,
                    )
                )
                note_box(plan.note, ctx)

    steps = st.container(horizontal=True, gap="small", key=f"{key}_steps")
    steps.button(
        t("◀ Back"),
        key=f"{key}_back",
        on_click=_set_step,
        args=(step_key, max(0, step_no - 1)),
        disabled=step_no == 0,
    )
    steps.button(
        t("Next ▶"),
        key=f"{key}_next",
        on_click=_set_step,
        args=(step_key, min(total, step_no + 1)),
        disabled=step_no >= total,
        type="primary",
    )
    st.progress(step_no / total if total else 1.0, text=t("Step {n} of {total}", n=step_no, total=total))

    current: int | None = None
    for index, step in enumerate(deal.bidding[:step_no]):
        before = current
        if step.action == "bid":
            current = step.value
        latest = index == step_no - 1
        with st.container(border=latest):
            sentence = step_sentence(step, deal, ctx)
            if latest:
                st.markdown(("### " if big else "") + "**" + sentence + "**")
            else:
                st.markdown(sentence)
            if not latest:
                continue
            if step.action == "bid" and step.value is not None:
                options = games_for_bid(deal.profile, step.value)
                st.caption(
                    t("Games worth exactly {value}:", value=step.value)
                    + " "
                    + "; ".join(option_text(o, ctx) for o in options)
                )
            why = why_sentence(index, step, before, deal, ctx)
            if why:
                st.caption(why)
            note_box(step.note, ctx)

    if step_no == 0:
        st.caption(t("Middlehand speaks first, bidding to forehand."))
    if step_no >= total:
        st.success(
            t(
                "{seat} wins the bidding at {bid} and plays {game}.",
                seat=upper_first(seat_name(deal.declarer, t)),
                bid=deal.bid,
                game=declaration_name(deal.declaration, t),
            ),
            icon=":material/gavel:",
        )
        st.caption(seat_title(deal.declarer, deal.declarer, t))
    return step_no >= total
