"""Shared parts of the replay pages (a module, not a page): choosing a game (example deals or uploaded ISS
records) and the one-sentence result. What the pages draw lives in :mod:`trainer.ui.views`: the table
(``views.table``), the game header (``views.game_header``), the analysis (``views.analysis``).

The pages are ``deals.py`` (viewer), ``deals_play.py`` (play a seat), ``deals_bidding.py`` (bidding replay)
and ``deals_upload.py`` (ISS records).
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from trainer.errors import N_, SkatError
from trainer.records.deals import ExampleDeal, load_all
from trainer.replay import (
    GameRecord,
)
from trainer.rules import Outcome
from trainer.rules.settlement import kontra_words
from trainer.rules.value import GameResult
from trainer.ui.context import PageContext
from trainer.ui.terms import profile_label, t_message

UPLOADED_KEY = "deals_uploaded"
"""Session key: the ISS records loaded on the upload page (a list of :class:`GameRecord`)."""
CHOICE_KEY = "deals_choice"
OPEN_KEY = "deals_open"
SEAT_KEY = "play_seat"
SESSION_KEY = "play_session"
"""Keys of 'Play a seat' (the learner's seat, the seat session), here so that other pages (My class opens a
seat the class assigned) can set them without importing that page."""
"""A game another page asks the viewer to open next (a choice key). Not the picker's own key: Streamlit drops
a widget's state on a page where the widget is not drawn, so the upload page cannot set that one."""
"""Session key of the game picker, shared by the viewer and the play page."""
DEAL_PARAM = "deal"
"""Query parameter naming an example deal (``/replay?deal=textbook-bidding``), so a deal can be linked."""


@st.cache_resource
def example_deals() -> list[ExampleDeal]:
    """Every example deal in exercises/deals, validated (once per process)."""
    return load_all()


@dataclass(frozen=True)
class Choice:
    """A game the pages can show: an example deal or an uploaded record."""

    key: str
    record: GameRecord
    example: ExampleDeal | None


def choices() -> list[Choice]:
    found = [Choice(f"ex:{deal.id}", GameRecord.from_example(deal), deal) for deal in example_deals()]
    for index, record in enumerate(st.session_state.get(UPLOADED_KEY, [])):
        found.append(Choice(f"iss:{index}", record, None))
    return found


def choice_label(choice: Choice, ctx: PageContext) -> str:
    t = ctx.t
    if choice.example is not None:
        rules = profile_label(choice.record.profile.name, t)
        return f"{choice.example.title.text(ctx.lang)} ({rules})"
    return t("Uploaded: {title}", title=choice.record.title)


def pick_game(ctx: PageContext, *, examples_only: bool = False) -> Choice:
    """The game picker; prefers a deal of the session's rules on first use."""
    options = [c for c in choices() if not examples_only or c.example is not None]
    keys = [c.key for c in options]
    wanted = st.session_state.pop(OPEN_KEY, None)
    if wanted in keys:
        st.session_state[CHOICE_KEY] = wanted
    if st.session_state.get(CHOICE_KEY) not in keys:
        linked = f"ex:{st.query_params.get(DEAL_PARAM, '')}"
        preferred = [c.key for c in options if c.record.profile.name == ctx.profile.name]
        st.session_state[CHOICE_KEY] = linked if linked in keys else (preferred or keys)[0]
    by_key = {c.key: c for c in options}
    chosen = st.selectbox(
        ctx.t("Game"), keys, key=CHOICE_KEY, format_func=lambda key: choice_label(by_key[key], ctx)
    )
    return by_key[str(chosen)]


def result_text(scored: GameResult | Outcome, ctx: PageContext) -> str:
    """One sentence: won or lost, points, and the value it is scored on. ``scored``: a played deal's
    :class:`~trainer.rules.game.Outcome` (its value and list entry with kontra and re, as the outcome settles
    them) or the verdict of a record without calls."""
    if isinstance(scored, Outcome):
        if scored.result is None or scored.scored_value is None or scored.list_score is None:
            raise SkatError.of(N_("This deal ended without a game to score."))
        result, value, score = scored.result, scored.scored_value, scored.list_score
        factor = scored.kontra_factor
    else:
        result, value, score, factor = scored, scored.value, scored.list_score, 1
    t = ctx.t
    verdict = t_message(result.reason_message, t)
    levels = []
    if result.schwarz:
        levels.append(t("schwarz"))
    elif result.schneider:
        levels.append(t("schneider"))
    levels.extend(t_message(words, t) for words in kontra_words(factor))
    extra = f" ({', '.join(levels)})" if levels else ""
    return t(
        "Result: {verdict}. The declarer has {points} card points{extra}. "
        "Value {value}, in the list {score}.",
        verdict=verdict,
        points=result.declarer_points,
        extra=extra,
        value=value,
        score=f"{score:+d}",
    )
