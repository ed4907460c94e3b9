"""help_table: the textbook's help table (Hjælpeskema) — the highest Jack held gives med/uden N and the
multiplier of each form of the game. Also the full tables, CSV and a printable page for the ladder page."""

from __future__ import annotations

from html import escape

import pandas as pd
import streamlit as st

from trainer.calc import HelpRow, base_value_grid, help_columns, help_table
from trainer.games import GameType
from trainer.i18n import Translator
from trainer.profiles import RuleProfile
from trainer.ui.terms import card_label, game_name, level_label
from trainer.ui.widgets.base import WidgetContext, game_picker

JACK_RUN = 4
"""The textbook's table goes by the Jacks: with 4 down to without 4."""
HELP_GAMES = (GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS, GameType.GRAND)


def column_labels(profile: RuleProfile, game: GameType, t: Translator) -> list[str]:
    """'game', '+ hand', '+ ouvert', ... one per form of the game the profile allows."""
    labels = []
    for d in help_columns(profile, game):
        codes = d.declared_levels
        labels.append(t("game") if not codes else "+ " + " + ".join(level_label(c, t) for c in codes))
    return labels


def row_label(row: HelpRow, lang: str, t: Translator) -> str:
    """Which top trumps make the row: 'holds ♣J ♠J, not ♥J' / 'no ♣J; highest ♠J'."""
    held = " ".join(card_label(c, lang) for c in row.held)
    missing = " ".join(card_label(c, lang) for c in row.missing)
    if row.matadors > 0:
        return (
            t("holds {held}, not {missing}", held=held, missing=missing)
            if missing
            else t("holds {held}", held=held)
        )
    return (
        t("no {missing}; highest {held}", missing=missing, held=held)
        if held
        else t("no {missing}", missing=missing)
    )


def matadors_word(count: int, t: Translator) -> str:
    return t("with {n}", n=count) if count > 0 else t("without {n}", n=-count)


def help_frame(
    profile: RuleProfile,
    game: GameType,
    t: Translator,
    lang: str,
    *,
    max_run: int | None = None,
    numeric: bool = False,
) -> pd.DataFrame:
    """The help table of one game: per row the trumps, med/uden and each column's multiplier (and value).

    ``numeric``: separate multiplier and value columns (for CSV); otherwise cells read '3 → 36'."""
    rows = help_table(profile, game, max_run=max_run)
    labels = column_labels(profile, game, t)
    data: dict[str, list[object]] = {
        t("Top trumps"): [row_label(r, lang, t) for r in rows],
        t("with/without"): [matadors_word(r.matadors, t) for r in rows],
    }
    for i, label in enumerate(labels):
        if numeric:
            data[f"{label} ×"] = [r.multipliers[i] for r in rows]
            data[f"{label} ="] = [r.values[i] for r in rows]
        else:
            data[label] = [f"{r.multipliers[i]} → {r.values[i]}" for r in rows]
    return pd.DataFrame(data)


def grid_frame(profile: RuleProfile, t: Translator, multipliers: range = range(2, 8)) -> pd.DataFrame:
    """Step 2: multiplier × base value for ♦ ♥ ♠ ♣ and grand."""
    symbols = ("♦", "♥", "♠", "♣", t("grand"))
    games = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS, GameType.GRAND)
    heads = [f"{sym} {profile.base_value(g)}" for sym, g in zip(symbols, games, strict=True)]
    grid = base_value_grid(profile, multipliers)
    data: dict[str, list[int]] = {t("multiplier"): [m for m, _ in grid]}
    for i, head in enumerate(heads):
        data[head] = [values[i] for _, values in grid]
    return pd.DataFrame(data)


def printable_html(profile: RuleProfile, t: Translator, lang: str, title: str) -> str:
    """A standalone page with every help table and the base-value grid, with print CSS (A4, no colours)."""
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>{escape(title)}</title>",
        "<style>body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse;margin:0 0 1.5em}"
        "th,td{border:1px solid #888;padding:3px 8px;text-align:center}th{background:#eee}"
        "h2{margin:1em 0 .3em;font-size:1.1em}@media print{@page{size:A4;margin:12mm}"
        "h2{break-after:avoid}table{break-inside:avoid;font-size:10pt}}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
    ]
    for game in HELP_GAMES:
        parts.append(f"<h2>{escape(game_name(game, t))} — {profile.base_value(game)}</h2>")
        parts.append(help_frame(profile, game, t, lang).to_html(index=False, border=0, escape=True))
    parts.append(f"<h2>{escape(t('Multiplier × base value'))}</h2>")
    parts.append(grid_frame(profile, t).to_html(index=False, border=0, escape=True))
    parts.append("</body></html>")
    return "".join(parts)


def render(ctx: WidgetContext) -> None:
    t = ctx.t
    game = game_picker(ctx, include_null=False)
    rows = help_table(ctx.profile, game, max_run=JACK_RUN)
    index = st.selectbox(
        t("The highest Jack you hold (skat included)"),
        list(range(len(rows))),
        key=ctx.k("row"),
        format_func=lambda i: row_label(rows[i], ctx.lang, t),
    )
    row = rows[int(index or 0)]
    labels = column_labels(ctx.profile, game, t)
    st.markdown(f"**{matadors_word(row.matadors, t)}**")
    base = ctx.profile.base_value(game)
    lines = [
        f"- {label}: {m} × {base} = **{v}**"
        for label, m, v in zip(labels, row.multipliers, row.values, strict=True)
    ]
    st.markdown("\n".join(lines))
