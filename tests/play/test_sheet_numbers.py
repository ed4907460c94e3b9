"""The score sheet writes every amount of a scheme in one format (issue 46: "+120" beside "-100.0"): whole
points and øre without decimals, online money with cents, signed, a decimal comma in Danish."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from tests.play.helpers import coached_deal, store_state
from trainer.deal import Seat
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.ui.pages.play_result import _money

from .driver import open_play

pytestmark = pytest.mark.usefixtures("play_db")


@pytest.mark.parametrize(
    ("amount", "scheme", "lang", "shown"),
    [
        (Decimal("120"), "list", "en", "+120"),
        (Decimal("-100.0"), "list", "en", "-100"),
        (Decimal("-100.0"), "danish_money", "da", "-100"),
        (Decimal("22.5"), "danish_money", "da", "+22,5"),
        (Decimal("0.0"), "seeger_fabian", "en", "0"),
        (Decimal("-7.2"), "online_stakes", "en", "-7.20"),
        (Decimal("6"), "online_stakes", "da", "+6,00"),
    ],
)
def test_one_format_per_scheme(amount: Decimal, scheme: str, lang: str, shown: str) -> None:
    assert _money(amount, scheme, lang) == shown


@pytest.mark.parametrize(
    ("profile", "scheme", "lang"), [(DANISH, "danish_money", "da"), (INTERNATIONAL, "list", "en")]
)
def test_the_sheet_on_the_page_has_no_stray_decimals(play_db: str, profile, scheme: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    state = coached_deal(profile, 2, Seat.FOREHAND)
    token = "sheet" + scheme.replace("_", "")
    store_state(play_db, token, state, Seat.FOREHAND, scheme=scheme)
    at = open_play(lang, profile.name, evening=token)
    (sheet,) = at.dataframe
    cells = [str(v) for column in sheet.value.columns[2:] for v in sheet.value[column]]
    assert cells
    for cell in cells:
        assert re.fullmatch(r"(?:[+-]\d+|0) \((?:[+-]\d+|0)\)", cell), cell  # whole points or øre
