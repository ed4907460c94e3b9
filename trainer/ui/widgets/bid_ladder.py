"""bid_ladder: the profile's whole bid ladder, each value with every game that makes it, filtered by game.
The ladder page shows the same table."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from trainer.calc import ladder_rows
from trainer.games import GameType
from trainer.i18n import Translator
from trainer.profiles import RuleProfile
from trainer.rules.bidding import BidOption
from trainer.ui.terms import GAME_CHOICES, declaration_name, game_name, game_word
from trainer.ui.widgets.base import WidgetContext

ALL_GAMES = "all"


def option_text(option: BidOption, t: Translator) -> str:
    """'clubs × 3', or a null game's name."""
    if isinstance(option.kind, GameType):
        return f"{game_word(option.kind, t)} × {option.multiplier}"
    return declaration_name(option.kind, t)


def ladder_frame(profile: RuleProfile, game: GameType | None, t: Translator) -> pd.DataFrame:
    """The ladder as a table: each bid and the games worth exactly that (36 = clubs × 3 = diamonds × 4)."""
    rows = ladder_rows(profile, game)
    return pd.DataFrame(
        {
            t("Bid"): [value for value, _ in rows],
            t("Games worth exactly this"): [
                " = ".join(option_text(o, t) for o in options) for _, options in rows
            ],
        }
    )


def game_filter(ctx: WidgetContext) -> GameType | None:
    """A select box: every game, or one game."""
    t = ctx.t
    choice = st.selectbox(
        t("Show the bids of"),
        [ALL_GAMES, *(g.value for g in GAME_CHOICES)],
        key=ctx.k("filter"),
        format_func=lambda v: t("every game") if v == ALL_GAMES else game_name(GameType(v), t),
    )
    return None if choice in (None, ALL_GAMES) else GameType(choice)


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    game = game_filter(ctx)
    frame = ladder_frame(ctx.profile, game, t)
    st.caption(
        t(
            "{n} bids from {low} to {high}; each is a value some game can have.",
            n=len(frame),
            low=frame.iloc[0, 0] if len(frame) else "—",
            high=frame.iloc[-1, 0] if len(frame) else "—",
        )
    )
    st.dataframe(frame, hide_index=True, height=300)
