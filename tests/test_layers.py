"""The layers contract (pyproject ``[tool.importlinter]``, docs/architecture.md) holds, and it can fail: the
same contract over a copy of the package with one import back up a layer (the card play importing the deal
state) is reported broken."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT = shutil.which("lint-imports") or str(Path(sys.executable).with_name("lint-imports"))

pytestmark = pytest.mark.skipif(not Path(LINT).exists(), reason="import-linter is in the test extra")


def _lint(where: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [LINT, "--config", str(where / "pyproject.toml")],
        cwd=where,
        capture_output=True,
        text=True,
        timeout=240,
        env={"PYTHONPATH": str(where), "PATH": str(Path(sys.executable).parent)},
        check=False,
    )


def test_the_layers_hold() -> None:
    done = _lint(ROOT)
    assert done.returncode == 0, done.stdout[-2000:]


def test_an_import_back_up_a_layer_breaks_the_contract(tmp_path: Path) -> None:
    shutil.copytree(
        ROOT / "trainer", tmp_path / "trainer", ignore=shutil.ignore_patterns("__pycache__", "*.so")
    )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    play = tmp_path / "trainer" / "rules" / "play.py"
    play.write_text(
        play.read_text(encoding="utf-8") + "\nimport trainer.rules.game  # noqa\n", encoding="utf-8"
    )
    done = _lint(tmp_path)
    assert done.returncode != 0
    assert "trainer.rules.play -> trainer.rules.game" in done.stdout
