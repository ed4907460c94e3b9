"""The live-element registry: lesson files name a widget (``{{widget: NAME}}``) and the lesson page calls
``WIDGETS[NAME](ctx)``. One module per widget; add yours with one line (see README.md here)."""

from __future__ import annotations

from collections.abc import Callable

from trainer.ui.widgets.base import WidgetContext, widget_key
from trainer.ui.widgets.card_order import render as card_order
from trainer.ui.widgets.card_points import render as card_points
from trainer.ui.widgets.deal_steps import render as deal_steps
from trainer.ui.widgets.follow_suit import render as follow_suit
from trainer.ui.widgets.sort_hand import render as sort_hand
from trainer.ui.widgets.table_seats import render as table_seats
from trainer.ui.widgets.trick_winner import render as trick_winner
from trainer.ui.widgets.which_trumps import render as which_trumps

WIDGETS: dict[str, Callable[[WidgetContext], None]] = {
    "sort_hand": sort_hand,
    "card_points": card_points,
    "card_order": card_order,
    "which_trumps": which_trumps,
    "deal_steps": deal_steps,
    "table_seats": table_seats,
    "trick_winner": trick_winner,
    "follow_suit": follow_suit,
}

__all__ = ["WIDGETS", "WidgetContext", "widget_key"]
