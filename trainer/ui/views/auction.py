"""The bidding in one line: a Slå 40 an knock, then every bid, yes and pass in order ("Bidding: Left: 18 ·
You: yes · …"). Drawn on the Play page, at a shared table and on the Problems page; the caller says how a
seat is named (from the viewer's chair: You, Left, Right; or a shared table's players)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

from trainer.deal import Seat
from trainer.games import GameType
from trainer.i18n import Translator
from trainer.rules.bidding import AuctionEvent
from trainer.ui.terms import game_word


def auction_said(
    events: Sequence[AuctionEvent],
    say: Callable[[Seat], str],
    t: Translator,
    *,
    knocker: Seat | None = None,
    knock_game: GameType | None = None,
) -> str:
    """The auction as one line; ``knock_game`` only when the viewer is the knocker (only it heard it)."""
    words = {"hold": t("yes"), "pass": t("pass")}
    lines = []
    for event in events:
        said = str(event.value) if event.action == "bid" else words.get(event.action, event.action)
        lines.append(f"{say(event.seat)}: {said}")
    if knocker is not None:
        who = say(knocker)
        if knock_game is not None:
            knock = t("{who} knocked 40 (Slå 40 an), meaning {game}", who=who, game=game_word(knock_game, t))
        else:
            knock = t("{who} knocked 40 (Slå 40 an)", who=who)
        lines.insert(0, knock)
    return " · ".join(lines)


def auction_caption(line: str, t: Translator) -> str:
    """'Bidding: …' before the line."""
    return t("Bidding: {bids}", bids=line)


def draw_auction(line: str, t: Translator) -> None:
    """The line under the table, as a caption (nothing when nobody has said a word)."""
    if line:
        st.caption(auction_caption(line, t))
