"""DealState is the one public state of a deal: the card play's ``GameState`` and the bidding's ``Auction``
are machinery behind it. No module of the app, its benchmarks or its scripts imports them; only the deal state
(``trainer/rules/game.py``) and the modules that define them do. Tests of the machinery itself may. A deal
state
does not hand its machinery out either: it has no public ``game`` or ``auction``, and nothing outside
``trainer/rules/game.py`` (tests included) reads its private ``_game`` / ``_auction``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MACHINERY = {"GameState": "trainer.rules.play", "Auction": "trainer.rules.bidding"}
ALLOWED = {Path("trainer/rules/game.py"), Path("trainer/rules/play.py"), Path("trainer/rules/bidding.py")}
PRIVATE = {"_game", "_auction"}


def imports_of_machinery(source: str) -> list[str]:
    """The machinery names a module's source imports (``from trainer.rules.play import GameState``, also
    inside a
    function, or ``trainer.rules.bidding.Auction`` read as an attribute)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module in MACHINERY.values():
            found += [alias.name for alias in node.names if MACHINERY.get(alias.name) == node.module]
        elif isinstance(node, ast.Attribute) and node.attr in MACHINERY:
            base = node.value
            if isinstance(base, ast.Name) and base.id in {"play", "bidding"}:
                found.append(node.attr)
    return found


def reads_of_private_machinery(source: str) -> list[str]:
    """The deal state's private machinery a module's source reads (``state._game``, ``view._auction``)."""
    return [
        node.attr
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and node.attr in PRIVATE
    ]


def test_the_check_sees_an_import() -> None:
    assert imports_of_machinery("from trainer.rules.play import GameState, is_trump\n") == ["GameState"]
    assert imports_of_machinery("def f():\n    from trainer.rules.bidding import Auction\n") == ["Auction"]
    assert imports_of_machinery("from trainer import bidding\nbidding.Auction(p)\n") == ["Auction"]
    assert imports_of_machinery("from trainer.rules.bidding import AuctionEvent\n") == []


def test_nothing_outside_the_deal_state_uses_its_machinery() -> None:
    offenders = []
    for folder in ("trainer", "benchmarks", "scripts"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if relative in ALLOWED:
                continue
            names = imports_of_machinery(path.read_text(encoding="utf-8"))
            offenders += [f"{relative}: {name}" for name in names]
    assert offenders == [], "use SkatGame / DealState / SeatView instead: " + ", ".join(offenders)


def test_the_check_sees_a_read_of_the_private_machinery() -> None:
    assert reads_of_private_machinery("tricks = state._game.tricks\n") == ["_game"]
    assert reads_of_private_machinery("bid = state._auction.bid_value\n") == ["_auction"]
    assert reads_of_private_machinery("game = _game(name)\ntricks = state.tricks\n") == []


def test_a_deal_state_hands_out_no_machinery() -> None:
    from trainer.rules import DealState, SeatView

    for name in ("game", "auction"):
        assert not hasattr(DealState, name), f"DealState.{name} is public again"
    assert not any(name in PRIVATE for name in SeatView.__dataclass_fields__)


def test_nothing_outside_the_deal_state_reads_its_machinery() -> None:
    offenders = []
    for folder in ("trainer", "tests", "benchmarks", "scripts"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if relative == Path("trainer/rules/game.py"):
                continue
            offenders += [
                f"{relative}: .{name}" for name in reads_of_private_machinery(path.read_text("utf-8"))
            ]
    assert offenders == [], "read the deal through DealState's public reads: " + ", ".join(offenders)
