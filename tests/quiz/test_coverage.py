"""Generated practice reaches every rule the lessons teach: on a fixed sample, each rule a profile has is at
least 3 % of its result and settlement questions (benchmarks/quiz.py prints the shares on a larger one)."""

from __future__ import annotations

import pytest

from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.quiz.generators import (
    COVERAGE_FLOOR,
    RULE_ANNOUNCED,
    RULE_KONTRA,
    RULE_MUSIK,
    RULE_OPEN,
    RULE_OVERBID,
    RULE_RAMSE,
    RULE_SLAA_40,
    RULE_SPOERGE,
    rule_shares,
)

EXPECTED = {
    DANISH.name: {RULE_OVERBID, RULE_OPEN, RULE_MUSIK, RULE_SPOERGE, RULE_SLAA_40, RULE_RAMSE},
    INTERNATIONAL.name: {RULE_OVERBID, RULE_OPEN, RULE_ANNOUNCED, RULE_KONTRA},
}
"""The rules each profile's lessons teach (Danish: no announcing, Musik and the knocks; international:
announcements and kontra/re)."""


@pytest.mark.parametrize("profile", [DANISH, INTERNATIONAL], ids=lambda p: p.name)
def test_every_taught_rule_reaches_its_floor(profile: RuleProfile) -> None:
    shares = rule_shares(profile, 300, first_seed=10_000)
    assert set(shares) == EXPECTED[profile.name]
    low = {rule: share for rule, share in shares.items() if share < COVERAGE_FLOOR}
    assert not low, f"below {COVERAGE_FLOOR:.0%}: {low}"
