"""deal_steps: deal a shuffled deck packet by packet in the profile's pattern (5-2-5 or 3-2-4-3).

Before each packet the learner may guess who gets it; the engine's ``deal_packets`` gives the answer.
"""

from __future__ import annotations

import streamlit as st

from trainer.deal import DealStep, Seat, deal_packets, shuffled_deck
from trainer.text import upper_first
from trainer.ui.components import card_row, verdict
from trainer.ui.terms import profile_name, seat_name
from trainer.ui.widgets.base import WidgetContext, new_deal_button, seed

SKAT = "skat"


def _recipient_code(step: DealStep) -> str:
    return SKAT if step.recipient is None else step.recipient.name.lower()


def _set_step(key: str, value: int) -> None:
    st.session_state[key] = value


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    steps = deal_packets(shuffled_deck(seed(ctx)), ctx.profile)
    step_key = ctx.k("step")
    shown = min(int(st.session_state.get(step_key, 0)), len(steps))

    st.markdown(
        "**"
        + t(
            "Dealing by the {rules}: packets of {pattern}",
            rules=profile_name(ctx.profile, t),
            pattern=ctx.profile.deal_pattern_text,
        )
        + "**"
    )
    st.progress(shown / len(steps), text=t("Packet {done} of {total}", done=shown, total=len(steps)))

    names = {code: seat_name(seat, t) for code, seat in ((s.name.lower(), s) for s in Seat)}
    names[SKAT] = t("the skat")
    if shown < len(steps):
        guess = st.pills(
            t("Who gets the next packet?"),
            [*(s.name.lower() for s in Seat), SKAT],
            key=ctx.k(f"guess{shown}"),
            format_func=lambda code: names[code],
        )
        if guess:
            answer = _recipient_code(steps[shown])
            verdict(
                guess == answer,
                t("Right: the next packet goes to {who}.", who=names[answer])
                if guess == answer
                else t("No: the next packet goes to {who}.", who=names[answer]),
            )
    if shown:
        last = steps[shown - 1]
        if last.recipient is None:
            st.caption(t("Last packet: {n} cards face down to the skat.", n=len(last.cards)))
        else:
            st.caption(
                t("Last packet: {n} cards to {who}.", n=len(last.cards), who=seat_name(last.recipient, t))
            )

    received: dict[Seat | None, list] = {seat: [] for seat in Seat}  # type: ignore[type-arg]
    received[None] = []
    for step in steps[:shown]:
        received[step.recipient].extend(step.cards)
    for seat in Seat:
        st.markdown(f"**{upper_first(seat_name(seat, t))}** — {len(received[seat])}")
        card_row(received[seat], lang=ctx.lang, four_colour=ctx.four_colour)
    st.markdown(f"**{upper_first(t('the skat'))}** — {len(received[None])}")
    finished = shown == len(steps)
    card_row(
        received[None] if finished else [None] * len(received[None]),
        lang=ctx.lang,
        four_colour=ctx.four_colour,
        hidden_label=t("face-down card"),
    )

    step_button, all_button, restart, new = st.columns(4)
    step_button.button(
        t("Next packet"),
        key=ctx.k("next"),
        on_click=_set_step,
        args=(step_key, shown + 1),
        disabled=finished,
        type="primary",
    )
    all_button.button(
        t("Deal the rest"),
        key=ctx.k("all"),
        on_click=_set_step,
        args=(step_key, len(steps)),
        disabled=finished,
    )
    restart.button(
        t("Start again"), key=ctx.k("restart"), on_click=_set_step, args=(step_key, 0), disabled=not shown
    )
    with new:
        new_deal_button(ctx, t("New shuffle"), clear=("step",))
