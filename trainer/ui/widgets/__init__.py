"""The live-element registry: lesson files name a widget (``{{widget: NAME}}``) and the lesson page calls
``WIDGETS[NAME](ctx)``. One module per widget; add yours with one line (see README.md here)."""

from __future__ import annotations

from collections.abc import Callable

from trainer.ui.widgets.base import WidgetContext, widget_key
from trainer.ui.widgets.bid_ladder import render as bid_ladder
from trainer.ui.widgets.bidding_dialogue import render as bidding_dialogue
from trainer.ui.widgets.bonde_in_skat import render as bonde_in_skat
from trainer.ui.widgets.card_order import render as card_order
from trainer.ui.widgets.card_points import render as card_points
from trainer.ui.widgets.chapter_check import render as chapter_check
from trainer.ui.widgets.deal_steps import render as deal_steps
from trainer.ui.widgets.dearer import render as dearer
from trainer.ui.widgets.follow_suit import render as follow_suit
from trainer.ui.widgets.game_value import render as game_value
from trainer.ui.widgets.help_table import render as help_table
from trainer.ui.widgets.highest_bid import render as highest_bid
from trainer.ui.widgets.med_uden import render as med_uden
from trainer.ui.widgets.null_games import render as null_games
from trainer.ui.widgets.profile_compare import render as profile_compare
from trainer.ui.widgets.ramse import render as ramse
from trainer.ui.widgets.settlement import render as settlement
from trainer.ui.widgets.sort_hand import render as sort_hand
from trainer.ui.widgets.table_seats import render as table_seats
from trainer.ui.widgets.tip_positions import render as tip_positions
from trainer.ui.widgets.trick_winner import render as trick_winner
from trainer.ui.widgets.which_trumps import render as which_trumps
from trainer.ui.widgets.win_check import render as win_check

WIDGETS: dict[str, Callable[[WidgetContext], None]] = {
    "sort_hand": sort_hand,
    "card_points": card_points,
    "card_order": card_order,
    "which_trumps": which_trumps,
    "deal_steps": deal_steps,
    "table_seats": table_seats,
    "trick_winner": trick_winner,
    "follow_suit": follow_suit,
    "med_uden": med_uden,
    "game_value": game_value,
    "bid_ladder": bid_ladder,
    "highest_bid": highest_bid,
    "bidding_dialogue": bidding_dialogue,
    "bonde_in_skat": bonde_in_skat,
    "win_check": win_check,
    "null_games": null_games,
    "settlement": settlement,
    "dearer": dearer,
    "ramse": ramse,
    "help_table": help_table,
    "profile_compare": profile_compare,
    "chapter_check": chapter_check,
    "tip_positions": tip_positions,
}

__all__ = ["WIDGETS", "WidgetContext", "widget_key"]
