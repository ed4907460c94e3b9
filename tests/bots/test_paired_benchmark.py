"""The paired A/B benchmark: settings are set as their own type or refused with a reason, a run repeats
exactly, and ``compare`` pairs the contracts two logs have in common."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from trainer.bots import sampling, search
from trainer.profiles import INTERNATIONAL

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import paired
import strength

from .helpers import defending_forehand


def test_a_setting_takes_its_own_type(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "TOLERANCE", search.TOLERANCE)
    monkeypatch.setattr(search, "WIN_SHARE", search.WIN_SHARE)
    old_tolerance = search.TOLERANCE
    assert paired.apply_setting("trainer.bots.search.TOLERANCE=0") == (
        "trainer.bots.search.TOLERANCE",
        old_tolerance,
        0,
    )
    assert search.TOLERANCE == 0 and type(search.TOLERANCE) is int
    paired.apply_setting("trainer.bots.search.WIN_SHARE=0.4")
    assert search.WIN_SHARE == 0.4
    monkeypatch.setattr(search, "MAX_WORLDS", search.MAX_WORLDS)
    paired.apply_setting("trainer.bots.search.MAX_WORLDS=40")
    assert search.MAX_WORLDS == 40


def test_a_setting_of_the_sampler_reaches_the_worlds_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """The number of layouts drawn for each world kept is read when worlds are asked for, not when the
    module was loaded: a ``--set`` of it changes what the expert searches."""
    monkeypatch.setattr(sampling, "CANDIDATES", sampling.CANDIDATES)
    ctx = defending_forehand()
    drawn = {"count": 0}
    original = sampling.Sampler.draw

    def counted(sampler: sampling.Sampler) -> sampling.World:
        drawn["count"] += 1
        return original(sampler)

    monkeypatch.setattr(sampling.Sampler, "draw", counted)
    for candidates in (6, 11):
        paired.apply_setting(f"trainer.bots.sampling.CANDIDATES={candidates}")
        drawn["count"] = 0
        worlds = sampling.Sampler(ctx, random.Random(3)).worlds()
        for _ in range(4):
            next(worlds)
        assert drawn["count"] == 4 * candidates


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("TOLERANCE", "module.NAME=value"),
        ("trainer.bots.nowhere.TOLERANCE=1", "no module"),
        ("trainer.bots.search.TOLERATE=1", "no setting"),
        ("trainer.bots.search.expert_card=1", "no setting"),
        ("trainer.bots.search.TOLERANCE=two", "is not a whole number"),
        ("trainer.bots.search.NODE_RATE=1", "only numbers and switches"),
        ("trainer.bots.player.DEFAULT_TIME_MS=100", "default argument of choose"),
    ],
)
def test_a_bad_setting_is_refused_with_its_reason(text: str, reason: str) -> None:
    before = search.TOLERANCE
    with pytest.raises(paired.SettingError, match=reason):
        paired.apply_setting(text)
    assert before == search.TOLERANCE


def _row(
    seed: int, open_won: bool, base: tuple[int, bool], expert: tuple[int, bool], null: bool = False
) -> str:
    return paired.Played(
        "international", seed, null, open_won, strength.Result(*base), strength.Result(*expert)
    ).line()


def test_compare_pairs_the_contracts_in_common(tmp_path: Path) -> None:
    first = tmp_path / "a.txt"
    second = tmp_path / "b.txt"
    first.write_text(
        "\n".join(
            [
                paired.header("declarer", 1000, []),
                _row(1, True, (70, True), (80, True)),
                _row(2, False, (50, False), (60, False)),
                _row(3, False, (40, False), (40, False)),
                _row(4, True, (0, True), (0, True), null=True),
            ]
        ),
        encoding="utf-8",
    )
    second.write_text(
        "\n".join(
            [
                paired.header("declarer", 1000, ["trainer.bots.search.TOLERANCE=0"]),
                _row(1, True, (70, True), (90, True)),
                _row(2, False, (50, False), (62, True)),
                _row(4, True, (0, True), (2, False), null=True),
            ]
        ),
        encoding="utf-8",
    )
    lines = paired.compare([str(first), str(second)])
    assert "3 contracts in common" in lines[2]
    # points: +10 and +2 (the null has none); games: 0, +100, -100
    assert "all       n    3  points  +6.00" in lines[3]
    assert "games   +0.0" in lines[3] and "(3 of them end otherwise)" in lines[3]
    assert "won open  n    2  points +10.00" in lines[4] and "games  -50.0" in lines[4]
    assert "lost open n    1  points  +2.00" in lines[5] and "games +100.0" in lines[5]
    # one log alone: its expert against the yardstick of the same deals
    alone = paired.compare([str(first)])
    assert "4 contracts," in alone[1]
    assert "points  +6.67" in alone[2]


def test_compare_refuses_logs_of_other_roles(tmp_path: Path) -> None:
    declarer = tmp_path / "a.txt"
    defence = tmp_path / "b.txt"
    declarer.write_text(paired.header("declarer", 1000, []) + "\n", encoding="utf-8")
    defence.write_text(paired.header("defence", 1000, []) + "\n", encoding="utf-8")
    with pytest.raises(paired.SettingError, match="different roles"):
        paired.compare([str(declarer), str(defence)])
    stray = tmp_path / "c.txt"
    stray.write_text("hello\n", encoding="utf-8")
    with pytest.raises(paired.SettingError, match="not a log"):
        paired.compare([str(stray)])


@pytest.mark.parametrize("role", paired.ROLES)
def test_a_run_repeats_exactly(role: str) -> None:
    runs = [list(paired.play(INTERNATIONAL, role, 220_000, 1, 20_000)) for _ in range(2)]
    assert runs[0] == runs[1]
    row = runs[0][0]
    deal = strength.contract(INTERNATIONAL, row.seed)
    assert deal is not None
    yardstick = strength.player("yardstick", strength.EXPERT_MS, strength.Clock())
    assert row.base == strength.play_out(deal, yardstick, yardstick, random.Random(row.seed))
    assert row.open_won == strength.won_open(deal)
