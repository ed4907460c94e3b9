"""One list of computer levels: the table session, the ``bot`` command and the pages read the bots' own."""

from __future__ import annotations

import pytest

from trainer import table_session
from trainer.bots import LEVELS
from trainer.cli import build_parser
from trainer.i18n import get_translator
from trainer.ui.terms import BOT_LEVEL_NAMES, bot_level_name


def test_the_table_session_plays_the_bots_levels() -> None:
    assert table_session.LEVELS == LEVELS


def test_the_bot_command_accepts_exactly_the_bots_levels() -> None:
    parser = build_parser("bot")
    for level in LEVELS:
        assert parser.parse_args(["bot", "--level", level]).level == level
    with pytest.raises(Exception, match="invalid choice"):
        parser.parse_args(["bot", "--level", "grandmaster"])


@pytest.mark.parametrize("lang", ["en", "da"])
def test_every_level_has_a_name_in_both_languages(lang: str) -> None:
    assert set(BOT_LEVEL_NAMES) == set(LEVELS)
    t = get_translator(lang)
    names = [bot_level_name(level, t) for level in LEVELS]
    assert len(set(names)) == len(LEVELS) and all(names)
