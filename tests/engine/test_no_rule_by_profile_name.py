"""No rule is decided by a rule profile's name: a test that fails on ``profile.name == "danish"`` (or
``"international"``, or ``... == DANISH.name``) anywhere in ``trainer/``.

A rule reads the profile's fields (:class:`trainer.profiles.RuleProfile`) or the table's house options
(:class:`trainer.rules.game.HouseOptions`); a name is for looking a profile up and for saying it. The scan
reads the
source (no import). What is left and still allowed is in :data:`ALLOWED`, each with the reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

import trainer

ROOT = Path(trainer.__file__).parent
PROFILE_NAMES = {"danish", "international"}
PROFILE_CONSTANTS = {"DANISH", "INTERNATIONAL"}

ALLOWED: dict[str, tuple[int, str]] = {
    "store/migrations/versions/0007_deal_records.py": (
        1,
        "history: the migration rebuilds old deals with the house options tables played then",
    ),
    "quiz/chapter_items.py": (1, "picks the other profile to contrast with, not a rule"),
}
"""path under trainer/ → (how many such comparisons, why they stay). Shrink it; never grow it for a rule."""


def _is_name_value(node: ast.expr) -> bool:
    """A profile's name written out: "danish", "international" or DANISH.name / INTERNATIONAL.name."""
    if isinstance(node, ast.Constant):
        return node.value in PROFILE_NAMES
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "name"
        and isinstance(node.value, ast.Name)
        and node.value.id in PROFILE_CONSTANTS
    )


def _is_profile_name(node: ast.expr) -> bool:
    """Something holding a profile's name: ``x.name``, ``profile_name``, ``x.profile_name``."""
    if isinstance(node, ast.Attribute):
        return node.attr in {"name", "profile_name"}
    return isinstance(node, ast.Name) and node.id.endswith("profile_name")


def comparisons(source: str) -> list[int]:
    """Lines comparing a profile's name with a profile name written out (==, !=, is, is not)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        if not all(isinstance(op, ast.Eq | ast.NotEq | ast.Is | ast.IsNot) for op in node.ops):
            continue
        operands = [node.left, *node.comparators]
        if any(_is_name_value(a) for a in operands) and any(
            _is_profile_name(b) and not _is_name_value(b) for b in operands
        ):
            found.append(node.lineno)
    return found


def offenders() -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for path in sorted(ROOT.rglob("*.py")):
        lines = comparisons(path.read_text(encoding="utf-8"))
        if lines:
            found[path.relative_to(ROOT).as_posix()] = lines
    return found


def test_no_rule_is_decided_by_a_profiles_name() -> None:
    found = offenders()
    unexpected = {
        path: lines for path, lines in found.items() if path not in ALLOWED or len(lines) > ALLOWED[path][0]
    }
    assert unexpected == {}, "read the rule from the RuleProfile or the HouseOptions, not from the name"


def test_the_allowed_list_is_not_stale() -> None:
    """An exception that is gone leaves the list (so it cannot hide a new comparison later)."""
    found = offenders()
    assert {path: len(found.get(path, [])) for path in ALLOWED} == {
        path: count for path, (count, _) in ALLOWED.items()
    }


def test_the_scan_sees_each_way_of_writing_it() -> None:
    """The scanner can fail: each spelling of a name check is caught, a lookup by name is not."""
    assert comparisons('if profile.name == "danish": pass') == [1]
    assert comparisons('x = "international" != ctx.profile.name') == [1]
    assert comparisons("y = a if profile.name == DANISH.name else b") == [1]
    assert comparisons('z = 1 if profile_name == "danish" else 2') == [1]
    assert comparisons('p = get_profile("danish")') == []
    assert comparisons("same = profile.name == other.name") == []
