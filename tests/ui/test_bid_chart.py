"""The bid chart (issue 41, item 3): a line per game worth bidding, passing dashed, the ceiling marked where
the best game falls below passing; both languages."""

from __future__ import annotations

import pytest

from trainer.cards import parse_cards
from trainer.chances import hand_chances
from trainer.chances.plan import bid_plan, score_curves
from trainer.deal import Seat
from trainer.i18n import get_translator
from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.ui.views.bid_chart import bid_chart

HAND = parse_cards("CJ SJ CT CQ C9 SA HA HQ H8 D9")


@pytest.mark.parametrize("profile", [DANISH, INTERNATIONAL], ids=lambda p: p.name)
@pytest.mark.parametrize("lang", ["en", "da"])
def test_the_chart_draws_each_worth_game_passing_and_the_ceiling(profile: RuleProfile, lang: str) -> None:
    chances = hand_chances(profile, HAND, Seat.MIDDLEHAND)
    curves = score_curves(chances, profile)
    plan = bid_plan(chances, profile)
    assert curves.ceiling == plan.ceiling is not None
    fig = bid_chart(curves, get_translator(lang))
    worth = [line for line in curves.lines if line.ceiling is not None]
    assert len(fig.data) == len(worth) >= 1
    shapes = fig.layout.shapes
    assert any(s.y0 == curves.passing == s.y1 for s in shapes)
    assert any(s.x0 == plan.ceiling == s.x1 for s in shapes)
    # above the ceiling every drawn game is below passing; at the ceiling the best is above it
    for line in curves.lines:
        for bid, score in line.points:
            if bid > plan.ceiling:
                assert score <= curves.passing
    assert max(s for line in curves.lines for b, s in line.points if b == plan.ceiling) > curves.passing
