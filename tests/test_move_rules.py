"""scripts/move_rules.py on a small tree of the old shape: the modules move into trainer/rules/, the door
exports game's ``__all__``, every kind of reference is rewritten, and a second run changes nothing (also after
a merge brings back an old-style import)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("move_rules", ROOT / "scripts" / "move_rules.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


OLD = "trainer" + "."  # written apart, so the script does not rewrite this test's own fixtures


def _tree(root: Path) -> None:
    (root / "trainer").mkdir()
    (root / "tests").mkdir()
    (root / "trainer" / "game.py").write_text(
        f"from {OLD}play import GameState\n\n\nclass SkatGame: ...\n\n\n__all__ = ['SkatGame']\n"
    )
    (root / "trainer" / "play.py").write_text("class GameState: ...\n")
    for name in ("settlement", "extras", "bidding", "value"):
        (root / "trainer" / f"{name}.py").write_text("")
    (root / "trainer" / "cli.py").write_text(
        f'"""Reads :class:`~{OLD}game.SkatGame`."""\n\nfrom {OLD}game import SkatGame, hand_game_matadors\n'
        "from trainer import cards, play  # noqa: F401\n"
    )
    (root / "tests" / "test_x.py").write_text(
        f'PATH = "trainer/value.py"\nPLAY = tmp / "trainer" / "play.py"\n\n\ndef f():\n    import {OLD}play\n'
    )
    (root / "pyproject.toml").write_text(f'line-length = 110\nlayers = ["{OLD}game", "{OLD}play"]\n')


def test_the_move_rewrites_every_kind_of_reference_and_a_second_run_changes_nothing(tmp_path: Path) -> None:
    script = _script()
    _tree(tmp_path)
    changed = script.run(tmp_path, tidy=False)
    assert "trainer/game.py -> trainer/rules/game.py" in changed
    rules = tmp_path / "trainer" / "rules"
    assert not (tmp_path / "trainer" / "play.py").exists() and (rules / "play.py").exists()
    assert "from trainer.rules.play import GameState" in (rules / "game.py").read_text()
    init = (rules / "__init__.py").read_text()
    assert "from trainer.rules.game import (\n    SkatGame,\n)" in init and '"SkatGame",' in init
    cli = (tmp_path / "trainer" / "cli.py").read_text()
    assert "from trainer.rules import SkatGame\n" in cli  # the door's name from the door
    assert "from trainer.rules.game import hand_game_matadors\n" in cli  # the rest by module path
    assert "from trainer import cards\nfrom trainer.rules import play  # noqa: F401\n" in cli
    assert ":class:`~trainer.rules.game.SkatGame`" in cli
    test = (tmp_path / "tests" / "test_x.py").read_text()
    assert '"trainer/rules/value.py"' in test and '"trainer" / "rules" / "play.py"' in test
    assert "    import trainer.rules.play\n" in test
    assert '["trainer.rules.game", "trainer.rules.play"]' in (tmp_path / "pyproject.toml").read_text()
    assert script.run(tmp_path, tidy=False) == []
    # a merge brings an old-style import back: only that is rewritten
    (tmp_path / "trainer" / "new.py").write_text(f"from {OLD}value import x\n")
    assert script.run(tmp_path, tidy=False) == ["trainer/new.py"]
    assert (tmp_path / "trainer" / "new.py").read_text() == "from trainer.rules.value import x\n"


def test_an_old_module_brought_back_beside_the_new_one_stops_the_script(tmp_path: Path) -> None:
    script = _script()
    _tree(tmp_path)
    script.run(tmp_path, tidy=False)
    (tmp_path / "trainer" / "play.py").write_text("class GameState: ...\n")
    with pytest.raises(SystemExit, match="by hand"):
        script.run(tmp_path, tidy=False)


def test_a_too_long_prose_line_is_wrapped_and_code_is_left_alone() -> None:
    script = _script()
    source = (
        f'def f() -> None:\n    """{"word " * 30}end."""\n    # {"note " * 30}\n    # ---- {"-" * 120}\n'
        f'    x = "{"y" * 120}"\n'
    )
    wrapped = script.wrap_prose(source, 80)
    lines = wrapped.splitlines()
    assert all(len(line) <= 80 for line in lines if "yyy" not in line)
    assert [line for line in lines if "yyy" in line] == [f'    x = "{"y" * 120}"']
    assert " ".join(wrapped.split()).count("word") == 30 and wrapped.count("note") == 30
    assert script.wrap_prose(wrapped, 80) == wrapped
