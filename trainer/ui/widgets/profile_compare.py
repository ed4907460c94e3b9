"""profile_compare: the numbers that differ between the Danish textbook and the international rules, read from
the two profiles (and the bid ladder derived from them)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from trainer.games import Declaration, GameType
from trainer.i18n import Translator
from trainer.profiles import PROFILES, AllPass, OverbidValuation, RuleProfile
from trainer.rules.bidding import bid_ladder
from trainer.ui.terms import declaration_name, profile_label
from trainer.ui.widgets.base import WidgetContext


def _facts(profile: RuleProfile, t: Translator) -> dict[str, str]:
    ladder = bid_ladder(profile)
    nulls = ", ".join(
        f"{declaration_name(Declaration(GameType.NULL, hand=h, ouvert=o), t)} {v}"
        for h, o, v in profile.null_values
    )
    return {
        t("Dealing"): profile.deal_pattern_text,
        t("Suit base values ♦ ♥ ♠ ♣"): " ".join(str(v) for v in profile.suit_base_values),
        t("Grand base value"): str(profile.grand_base),
        t("Bids"): t("{low} to {high}", low=ladder[0], high=ladder[-1]),
        t("Null games"): nulls,
        t("Opponents schneider with at most"): str(profile.opponents_schneider_max),
        t("Announcing schneider/schwarz"): t("yes") if profile.announcements_allowed else t("no"),
        t("Ouvert with skat pickup"): t("no") if profile.ouvert_requires_hand else t("yes"),
        t("Musik"): (
            t.ngettext("up to {n} level", "up to {n} levels", profile.max_musik)
            if profile.max_musik
            else t("no")
        ),
        t("A lost overbid game counts"): (
            t("the bid")
            if profile.overbid_valuation is OverbidValuation.BID
            else t("next multiple of the base value")
        ),
        t("Everyone passes"): t("Ramse") if profile.all_pass is AllPass.RAMSE else t("deal thrown in"),
    }


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    columns = {profile_label(name, t): _facts(profile, t) for name, profile in PROFILES.items()}
    first = next(iter(columns.values()))
    frame = pd.DataFrame(
        {t("Rule"): list(first)} | {head: list(facts.values()) for head, facts in columns.items()}
    )
    # A static table wraps its text, so all three columns fit a phone without scrolling inside the table.
    st.table(frame, hide_index=True)
    st.caption(
        t(
            "Cards, card points, following suit and the {n} points to win are the same in both.",
            n=ctx.profile.win_min_points,
        )
    )
