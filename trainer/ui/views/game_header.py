"""Above a replayed game: which rules it follows, who plays what for which bid (the discards only for a
viewer who may know them), and a deal's notes."""

from __future__ import annotations

import streamlit as st

from trainer.deal import Seat
from trainer.records.deals import Note
from trainer.replay import GameRecord
from trainer.text import upper_first
from trainer.ui.components import cards_text
from trainer.ui.context import PageContext
from trainer.ui.terms import declaration_name, profile_name, seat_name


def rules_caption(record: GameRecord, ctx: PageContext) -> None:
    """Say which rules the game follows, and when they differ from the session's."""
    t = ctx.t
    rules = profile_name(record.profile, t)
    if record.profile.name != ctx.profile.name:
        st.info(
            t("This game is replayed under its own rules: {rules}.", rules=rules),
            icon=":material/gavel:",
        )
    else:
        st.caption(t("Rules: {rules}", rules=rules))


def note_box(note: Note | None, ctx: PageContext, *, icon: str = ":material/lightbulb:") -> None:
    if note is not None:
        st.info(note.text(ctx.lang), icon=icon)


def draw_game_header(record: GameRecord, ctx: PageContext, *, viewer: Seat | None = None) -> None:
    """Who plays what for which bid; the discards only for a viewer who may know them (the declarer, or
    ``viewer`` None: every hand open); a hand game's skat stays face down."""
    t = ctx.t
    st.markdown(
        t(
            "**{declarer}** plays **{game}** for a bid of **{bid}**.",
            declarer=upper_first(seat_name(record.declarer, t)),
            game=declaration_name(record.declaration, t),
            bid=record.bid,
        )
    )
    if record.discards and viewer in (None, record.declarer):
        st.caption(t("Discarded into the skat: {cards}", cards=cards_text(record.discards, ctx.lang)))
    elif record.declaration.hand and viewer is None:
        skat = cards_text(record.deal.skat, ctx.lang)
        st.caption(t("Hand game: the skat ({cards}) stays face down.", cards=skat))
    elif record.declaration.hand:
        st.caption(t("Hand game: the skat stays face down."))
