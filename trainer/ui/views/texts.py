"""Small texts the views share: a seat's title at the table.

(Phrasings of game concepts live in the text layer; this module only joins names the views draw.)
"""

from __future__ import annotations

from trainer.deal import Seat
from trainer.i18n import Translator
from trainer.ui.terms import seat_name


def seat_title(seat: Seat, declarer: Seat, t: Translator) -> str:
    """'Forehand · declarer' / 'middlehand · defender'."""
    role = t("declarer") if seat is declarer else t("defender")
    return f"{seat_name(seat, t)} · {role}"
