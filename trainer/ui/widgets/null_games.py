"""null_games: the null games of both profiles side by side: value, skat pickup, when the cards go open."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from trainer.games import Declaration, GameType
from trainer.i18n import Translator
from trainer.profiles import PROFILES, OuvertReveal, RuleProfile
from trainer.text import upper_first
from trainer.ui.terms import declaration_name, profile_label
from trainer.ui.widgets.base import WidgetContext


def reveal_text(profile: RuleProfile, hand: bool, ouvert: bool, t: Translator) -> str:
    """When the declarer's cards are opened in this null game."""
    if not ouvert:
        return t("never")
    rule = profile.open_reveal if hand else profile.null_ouvert_reveal
    if rule is OuvertReveal.BEFORE_FIRST_LEAD:
        return t("before the first lead")
    return t("after the declarer's first card")


def null_frame(t: Translator) -> pd.DataFrame:
    rows = []
    for name, profile in PROFILES.items():
        for hand, ouvert, value in profile.null_values:
            rows.append(
                {
                    t("Rules"): profile_label(name, t),
                    t("Game"): upper_first(
                        declaration_name(Declaration(GameType.NULL, hand=hand, ouvert=ouvert), t)
                    ),
                    t("Value"): value,
                    t("Skat picked up"): t("no") if hand else t("yes, may be"),
                    t("Cards open"): reveal_text(profile, hand, ouvert, t),
                }
            )
    return pd.DataFrame(rows)


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    # A static table wraps its text, so the value column stays on screen at phone width.
    st.table(null_frame(t), hide_index=True)
    st.caption(t("In every null game the declarer loses on taking a single trick; there are no trumps."))
