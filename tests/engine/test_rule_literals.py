"""Every rule number has one home: a test that fails on a rule literal retyped outside it.

The homes are ``trainer/cards.py`` (deck geometry: 120 card points, 10 cards a hand, 2 in the skat, 3 playing
seats, 10 tricks), ``trainer/profiles.py`` (thresholds: 61 to win, schneider at 30 / 90, the Dækker premium,
bids) and ``trainer/rules/settlement.py`` (the settlement schemes' configs). Anywhere else in ``trainer/`` a
rule
number is read from those (``TOTAL_CARD_POINTS``, ``HAND_SIZE``, ``profile.wins_on_points(points)`` ...).

The scan reads the source (no import): an int constant that is one of the rule numbers, a ``// 3`` or ``% 3``
(the seats), or a slice bound 10 / 20 / 30 (the hands in a deal). Numbers that only look like rules (a bit
shift ``1 << 30``, a chart margin, a time span) are passed over by their context; what is left and still
fine is in :data:`ALLOWED`, each with the reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

import trainer

ROOT = Path(trainer.__file__).parent
HOMES = {"cards.py", "profiles.py", "settlement.py"}
RULE_NUMBERS = {120, 61, 89, 90, 91, 29, 30, 31, 59, 62, 69}
"""Card-point totals and thresholds (120; 61 / 59-60 to win; 30-31 / 89-91 schneider; 62 / 69 null values)."""
HAND_BOUNDS = {10, 20, 30}
DECK_NAMES = {
    "HAND_SIZE",
    "SKAT_SIZE",
    "SEATS",
    "PLAYING_SEATS",
    "SEATS_PER_TRICK",
    "TRICKS_PER_GAME",
    "DECK_SIZE",
}
"""A deck constant given a number of its own (instead of importing it from cards.py)."""
NOT_RULES_KEYWORDS = {
    "margin",
    "height",
    "width",
    "length",
    "days",
    "hours",
    "minutes",
    "seconds",
    "max_chars",
}
"""Keyword arguments whose numbers are sizes or time spans, not rules."""

ALLOWED: dict[tuple[str, int], str] = {
    ("ui/widgets/win_check.py", 90): "the number input's starting value (a textbook example), not a rule",
    ("ui/pages/teacher.py", 59): "a deadline at 23:59",
    ("store/repository.py", 20): "the first 20 characters of a too-long name, for the message",
    ("ui/pages/teacher_dash.py", 20): "the dashboard lists at most 20 shared tables",
    ("solver/core.py", 10): "the solver's card-group layout (indices into ALL_CARDS), not hands",
    ("solver/core.py", 31): "the last card's index in the solver's layout",
    ("chances/plan.py", 120): "the bid chart's top bid, not card points",
    ("problems/position.py", 120): "how many layouts are solved one by one before a sample is drawn",
    ("ui/pages/table.py", 120): "seconds: the idle countdown is said in minutes from two minutes up",
    ("ui/pages/teacher.py", 30): "the class log lists its latest 30 entries",
    ("teacher.py", 30): "most problems in one assigned set (a lesson's worth), not card points",
}
SKIPPED_FILES: dict[str, str] = {
    "solver/_kernel.py": "the compiled kernel keeps its numbers as local constants for numba; it is checked "
    "against the Python engine by tests/solver (same results), so a wrong number there fails those tests",
}
"""(path under trainer/, number) → why that literal is not a rule retyped."""


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _passed_over(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """A number whose context says it is no rule: a bit shift or power, a size/time keyword, a chart dict."""
    parent = parents.get(node)
    if isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.LShift | ast.Pow):
        return True
    while parent is not None:
        if isinstance(parent, ast.keyword) and parent.arg in NOT_RULES_KEYWORDS:
            return True
        if isinstance(parent, ast.Dict):
            return True
        if isinstance(parent, ast.stmt):
            return False
        parent = parents.get(parent)
    return False


def rule_literals(path: Path) -> list[tuple[int, int, str]]:
    """(line, number, kind) of every rule literal in one file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = _parents(tree)
    found: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and type(node.value) is int:
            if node.value in RULE_NUMBERS and not _passed_over(node, parents):
                found.append((node.lineno, node.value, "card points"))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.FloorDiv | ast.Mod):
            if isinstance(node.right, ast.Constant) and node.right.value == 3:
                found.append((node.lineno, 3, "seats"))
        elif isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Constant):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = {t.id for t in targets if isinstance(t, ast.Name)}
            if names & DECK_NAMES and type(node.value.value) is int:
                found.append((node.lineno, node.value.value, "deck size"))
        elif isinstance(node, ast.Tuple) and [getattr(e, "value", None) for e in node.elts] == [1, 2, 0]:
            found.append((node.lineno, 3, "seat order"))
        elif isinstance(node, ast.Slice):
            for bound in (node.lower, node.upper):
                if isinstance(bound, ast.Constant) and bound.value in HAND_BOUNDS:
                    found.append((node.lineno, int(bound.value), "hand size"))
    return found


def offenders() -> list[str]:
    bad = []
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if path.name in HOMES or "/migrations/" in f"/{relative}" or relative in SKIPPED_FILES:
            continue
        for line, number, kind in rule_literals(path):
            if (relative, number) not in ALLOWED:
                bad.append(f"trainer/{relative}:{line}: {number} ({kind})")
    return bad


def test_no_rule_literal_outside_its_home() -> None:
    assert offenders() == [], "read these from cards.py / the RuleProfile / the settlement configs"


def test_the_scan_finds_a_retyped_rule(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "def f(points, cards, seat):\n"
        "    won = points >= 61\n"
        "    defenders = 120 - points\n"
        "    hand = cards[0:10]\n"
        "    nxt = (seat + 1) % 3\n"
        "    big = 1 << 30\n"
        "    HAND_SIZE = 10\n"
        "    chart(margin={'t': 30})\n"
        "    return won, defenders, hand, nxt, big\n"
    )
    assert sorted(rule_literals(sample)) == [
        (2, 61, "card points"),
        (3, 120, "card points"),
        (4, 10, "hand size"),
        (5, 3, "seats"),
        (7, 10, "deck size"),
    ]


def test_the_allow_list_has_no_stale_entry() -> None:
    for relative, number in ALLOWED:
        found = {n for _line, n, _kind in rule_literals(ROOT / relative)}
        assert number in found, f"ALLOWED names {relative} {number}, which is no longer there"


def test_each_profile_deals_the_hand_size_cards_use() -> None:
    from trainer.cards import HAND_SIZE, SKAT_SIZE, TRICKS_PER_GAME
    from trainer.profiles import PROFILES

    for profile in PROFILES.values():
        packets = profile.deal_packets
        assert sum(p for i, p in enumerate(packets) if i != profile.skat_packet) == HAND_SIZE
        assert packets[profile.skat_packet] == SKAT_SIZE
        assert profile.tricks_per_game == TRICKS_PER_GAME
