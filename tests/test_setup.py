"""Set-up that fits a newcomer's machine: `make run` installs only what the app imports, `make test` adds the
test tools, and any Python from 3.11 on is accepted."""

from __future__ import annotations

import ast
import re
import subprocess
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TEST_TOOLS = ("pytest", "hypothesis", "ruff", "mypy", "open-spiel", "playwright", "pandas-stubs")
TEST_ONLY_MODULES = {"pytest", "hypothesis", "pyspiel", "playwright", "mypy", "ruff"}


def _project() -> dict[str, object]:
    project: dict[str, object] = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    return project


def _names(requirements: object) -> set[str]:
    assert isinstance(requirements, list)
    return {re.split(r"[\[<>=~! ]", str(r), maxsplit=1)[0].lower() for r in requirements}


def test_the_app_dependencies_hold_no_test_tool() -> None:
    project = _project()
    app = _names(project["dependencies"])
    extras = project["optional-dependencies"]
    assert isinstance(extras, dict)
    assert not app & set(TEST_TOOLS)
    assert set(TEST_TOOLS) <= _names(extras["test"])


def test_any_python_from_3_11_is_accepted() -> None:
    assert _project()["requires-python"] == ">=3.11"


def test_the_app_imports_no_test_tool() -> None:
    """What `make run` installs must be enough to run the app: no module of the package or the entry
    script imports a test-only package (at the top or inside a function)."""
    offenders = []
    for path in [REPO / "streamlit_app.py", *sorted((REPO / "trainer").rglob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [
                f"{path.relative_to(REPO)}: {n}" for n in names if n.split(".")[0] in TEST_ONLY_MODULES
            ]
    assert offenders == []


def test_make_run_installs_the_app_only_and_make_test_the_test_extra() -> None:
    dry = {
        target: subprocess.run(
            ["make", "-n", "-B", target, "VENV=/nonexistent-venv"],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for target in ("run", "test")
    }
    assert "pip install -q -e .\n" in dry["run"] and "[test]" not in dry["run"]
    assert "pip install -q -e '.[test]'" in dry["test"]


def test_make_picks_a_python_of_3_11_or_newer() -> None:
    found = subprocess.run(
        ["make", "-s", "--eval", "print-python: ; @echo $(PYTHON)", "print-python"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert found, "no Python 3.11+ found on PATH"
    version = subprocess.run(
        [found, "-c", "import sys; print(sys.version_info >= (3, 11))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert version == "True"


def test_the_app_does_not_collect_all_garbage_after_every_run() -> None:
    """Streamlit's default full collection after every script run held the server for most of its time at a
    ticking shared table (moves reached the other seats a second late); the app's config turns it off and
    watches no source files."""
    config = tomllib.loads((REPO / ".streamlit" / "config.toml").read_text())
    assert config["runner"]["postScriptGC"] is False
    assert config["server"]["fileWatcherType"] == "none"
