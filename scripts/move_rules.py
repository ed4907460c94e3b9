"""Move the rules engine into one package, ``trainer/rules/``, and rewrite every reference to it.

The rules engine is six flat modules side by side with content, services and the computer players in
``trainer/`` (``game → settlement → extras → bidding → value → play``, each importing the next). After this
script they are ``trainer/rules/<name>.py`` and the package's ``__init__`` is the door: it exports what
``trainer/rules/game.py`` lists in its ``__all__`` (``SkatGame``, ``DealState``, ``SeatView``, ``Outcome``,
``HouseOptions``, ``Phase`` and the moves) and nothing of the machinery (``GameState``, ``Auction``: reached
only by their module path, and kept inside by tests/engine/test_one_public_state.py).

The vocabulary the rules are written in stays where it is (``moves``, ``deal``, ``cards``, ``games``,
``profiles``, ``iss_codec``): the ISS codec, below the rules, speaks in moves, and importing any
``trainer.rules.*`` module runs the door first, which imports the deal state, which imports the codec.

What it does, in order (each step safe to repeat: a second run changes nothing, and a run after a merge that
brought back old-style imports rewrites just those):

1. moves ``trainer/<name>.py`` to ``trainer/rules/<name>.py`` (a plain move, not ``git mv``: ``git add -A``
   records it as a rename; ``git checkout . && git clean -fd trainer/rules`` undoes it);
2. writes ``trainer/rules/__init__.py`` from ``game.py``'s ``__all__``;
3. rewrites, in trainer/ tests/ benchmarks/ scripts/ streamlit_app.py vulture_whitelist.py pyproject.toml,
   docs/ and the READMEs: ``from trainer.game import a, b`` outside the package becomes
   ``from trainer.rules import a, b`` (names the door does not export: ``from trainer.rules.game import``),
   ``from trainer import play`` becomes ``from trainer.rules import play``, and every other dotted name
   (``trainer.value.matadors``, ``[tool.importlinter]`` layers, docstring cross-references) and file path
   (``trainer/settlement.py``, the test paths) gains its ``rules``;
4. runs ``ruff check --fix`` (import order) and ``ruff format`` over what it changed, and wraps the prose
   lines (docstrings, comments) the longer names pushed over the line length, so no line is too long.

Run from the checkout's root: ``python scripts/move_rules.py`` (``--dry-run`` lists what it would change).
"""

from __future__ import annotations

import argparse
import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "rules"
MODULES = ("game", "settlement", "extras", "bidding", "value", "play")
"""The rules engine, door first: each imports only the ones after it."""
DOOR_MODULE = "game"
SCOPE = ("trainer", "tests", "benchmarks", "scripts", "docs")
SINGLE_FILES = ("streamlit_app.py", "vulture_whitelist.py", "pyproject.toml", "README.md", "Makefile")
TEXT_SUFFIXES = {".py", ".md", ".toml", ".txt", ".cfg", ".ini", ".sh", ".yml", ".yaml", ".rst"}
SKIPPED_PARTS = {"__pycache__", ".venv", "node_modules", ".git"}
SKIPPED_FILES = {"scripts/move_rules.py", "tests/test_move_rules.py"}
"""This script and its test name the old paths on purpose."""

_NAMES = "|".join(MODULES)
DOTTED = re.compile(rf"\btrainer\.({_NAMES})\b(?![\w-])")
"""``trainer.play`` (a module path, in code, strings, config and prose), not ``trainer.player`` (``\\b``)."""
PATH = re.compile(rf"\btrainer/({_NAMES})\.py\b")
SPLIT_PATH = re.compile(rf"""(["']trainer["']\s*/\s*)(["'](?:{_NAMES})\.py["'])""")
"""A path built with ``/``: ``tmp_path / "trainer" / "play.py"`` (tests/test_layers.py)."""

INIT_TEMPLATE = '''"""The rules of Skat, one door: :class:`SkatGame` (the rule profile and the house options)
makes a :class:`DealState`, the only state of a deal with public verbs; :class:`SeatView` is what one seat may
see of it and :class:`Outcome` its one verdict; the moves are the one vocabulary of a deal.

Behind the door, the machinery: ``settlement`` (list scores, kontra, Bock), ``extras`` (the Danish extras),
``bidding`` (the ladder and the auction), ``value`` (a game's value) and ``play`` (the card play). Read their
functions by module path; their states (``play.GameState``, ``bidding.Auction``) are the deal state's own.

Written by scripts/move_rules.py from ``game.__all__``: add a name there, run the script again.
"""

from trainer.{package}.{door} import (
{imports}
)

__all__ = [
{names}
]
'''


def door_names(game_source: str) -> list[str]:
    """The names ``game.py`` lists in its ``__all__`` (the door exports exactly those)."""
    for node in ast.parse(game_source).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
        ):
            value = ast.literal_eval(node.value)
            return sorted(str(name) for name in value)
    raise SystemExit(f"trainer/{PACKAGE}/{DOOR_MODULE}.py has no __all__: the door would export nothing")


def init_source(names: list[str]) -> str:
    return INIT_TEMPLATE.format(
        package=PACKAGE,
        door=DOOR_MODULE,
        imports="\n".join(f"    {name}," for name in names),
        names="\n".join(f'    "{name}",' for name in names),
    )


def _import_line(module: str, aliases: list[ast.alias]) -> str:
    parts = [alias.name if alias.asname is None else f"{alias.name} as {alias.asname}" for alias in aliases]
    return f"from {module} import {', '.join(parts)}"


def rewrite_imports(source: str, *, inside: bool, door: set[str]) -> str:
    """``from trainer.game import …`` and ``from trainer import play, …``, statement by statement. Inside the
    package a module imports its neighbours by module path (importing the door from inside would be a circle);
    outside, the door's names come from the door."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    lines = source.splitlines(keepends=True)
    edits: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.level or node.end_lineno is None:
            continue
        first, last = node.lineno - 1, node.end_lineno - 1
        before = lines[first][: node.col_offset]
        after = lines[last][node.end_col_offset :]
        if before.strip() or after.strip().split("#")[0].strip(";").strip():
            continue  # shares its line with other code: the dotted-name rewrite below handles it
        comment = after.strip()
        new: list[str] = []
        if node.module in (f"trainer.{DOOR_MODULE}", f"trainer.{PACKAGE}.{DOOR_MODULE}") and not inside:
            public = [alias for alias in node.names if alias.name in door]
            private = [alias for alias in node.names if alias.name not in door]
            if public:
                new.append(_import_line(f"trainer.{PACKAGE}", public))
            if private:
                new.append(_import_line(f"trainer.{PACKAGE}.{DOOR_MODULE}", private))
        elif node.module == "trainer" and any(alias.name in MODULES for alias in node.names):
            moved = [alias for alias in node.names if alias.name in MODULES]
            kept = [alias for alias in node.names if alias.name not in MODULES]
            if kept:
                new.append(_import_line("trainer", kept))
            new.append(_import_line(f"trainer.{PACKAGE}", moved))
        else:
            continue
        indent = before
        text = "".join(f"{indent}{line}\n" for line in new)
        if comment:
            text = text[:-1] + f"  {comment}\n"
        if text != "".join(lines[first : last + 1]):
            edits.append((first, last, text))
    for first, last, text in sorted(edits, reverse=True):
        lines[first : last + 1] = [text]
    return "".join(lines)


_CHAIN = "`game` → `settlement` → `extras` → `bidding` → `value` → `play`"
PROSE = {
    f"| rules | {_CHAIN} | the deal state (the door) and its machinery |": (
        f"| rules | `rules/`: {_CHAIN} | the deal state (the door: `trainer.rules` exports it, with the "
        "moves) and its machinery |"
    ),
}
"""Sentences of the docs that name the flat modules without a path (docs/architecture.md's layers table)."""


def rewrite_text(text: str) -> str:
    for old, new in PROSE.items():
        text = text.replace(old, new)
    text = DOTTED.sub(rf"trainer.{PACKAGE}.\1", text)
    text = PATH.sub(rf"trainer/{PACKAGE}/\1.py", text)
    return SPLIT_PATH.sub(rf'\1"{PACKAGE}" / \2', text)


def _line_length(root: Path) -> int:
    found = re.search(
        r"^line-length\s*=\s*(\d+)", (root / "pyproject.toml").read_text(encoding="utf-8"), re.M
    )
    return int(found.group(1)) if found else 88


def _prose_lines(source: str) -> tuple[set[int], set[int]]:
    """Line numbers (from 1) inside a string statement (a docstring, an attribute's docstring) and lines that
    are a comment alone."""
    tree = ast.parse(source)
    strings: set[int] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
            and node.end_lineno is not None
        ):
            strings.update(range(node.lineno, node.end_lineno + 1))
    comments = {
        number for number, line in enumerate(source.splitlines(), start=1) if line.lstrip().startswith("#")
    }
    return strings, comments - strings


def wrap_prose(source: str, limit: int) -> str:
    """Break each too-long docstring or comment line at its last space within ``limit`` (a comment's rule of
    dashes is shortened instead); code lines are ruff format's business."""
    try:
        strings, comments = _prose_lines(source)
    except SyntaxError:
        return source
    out: list[str] = []
    for number, line in enumerate(source.splitlines(keepends=True), start=1):
        end = line[len(line.rstrip("\r\n")) :]
        text = line.rstrip("\r\n")
        while len(text) > limit and (number in strings or number in comments):
            indent = text[: len(text) - len(text.lstrip())]
            if number in comments:
                rule = re.search(r"\s?[-=]{4,}$", text)
                if rule:
                    text = text[: max(rule.start() + 1, limit)].rstrip()
                    break
                prefix = indent + "# "
            else:
                prefix = indent
            cut = text.rfind(" ", len(prefix) + 1, limit + 1)
            if cut <= len(indent) + 4:
                break  # one long word: leave it to a person
            out.append(text[:cut].rstrip() + "\n")
            text = prefix + text[cut + 1 :].lstrip()
        out.append(text + end)
    return "".join(out)


def files_in_scope(root: Path) -> list[Path]:
    found: list[Path] = []
    for folder in SCOPE:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and path.suffix in TEXT_SUFFIXES and not SKIPPED_PARTS & set(path.parts):
                found.append(path)
    found += [root / name for name in SINGLE_FILES if (root / name).is_file()]
    found += sorted(p for p in root.glob("*.md") if p.is_file() and p not in found)
    return found


def move_modules(root: Path, *, dry_run: bool) -> list[str]:
    target = root / "trainer" / PACKAGE
    done: list[str] = []
    for name in MODULES:
        old, new = root / "trainer" / f"{name}.py", target / f"{name}.py"
        if old.exists() and new.exists():
            raise SystemExit(
                f"both trainer/{name}.py and trainer/{PACKAGE}/{name}.py exist: a merge brought the old file "
                f"back; move its changes into trainer/{PACKAGE}/{name}.py by hand, delete it, run again"
            )
        if old.exists():
            done.append(f"trainer/{name}.py -> trainer/{PACKAGE}/{name}.py")
            if not dry_run:
                target.mkdir(exist_ok=True)
                shutil.move(str(old), str(new))
    return done


def run(root: Path, *, dry_run: bool = False, tidy: bool = True) -> list[str]:
    """Do the move under ``root``; the list of what changed (empty on a second run)."""
    changed = move_modules(root, dry_run=dry_run)
    package = root / "trainer" / PACKAGE
    door_source = package / f"{DOOR_MODULE}.py"
    if not door_source.exists():
        door_source = root / "trainer" / f"{DOOR_MODULE}.py"  # a dry run before the move
    door = door_names(door_source.read_text(encoding="utf-8"))
    touched: list[Path] = []
    for path in files_in_scope(root):
        if path.relative_to(root).as_posix() in SKIPPED_FILES:
            continue
        text = path.read_text(encoding="utf-8")
        new = text
        if path.suffix == ".py":
            inside = package in path.parents or (
                dry_run and path.stem in MODULES and path.parent.name == "trainer"
            )
            new = rewrite_imports(new, inside=inside, door=set(door))
        new = rewrite_text(new)
        if new != text:
            touched.append(path)
            changed.append(str(path.relative_to(root)))
            if not dry_run:
                path.write_text(new, encoding="utf-8")
    init = package / "__init__.py"
    wanted = init_source(door)
    if not dry_run and (not init.exists() or init.read_text(encoding="utf-8") != wanted):
        init.write_text(wanted, encoding="utf-8")
        changed.append(str(init.relative_to(root)))
        touched.append(init)
    python = [str(p) for p in touched if p.suffix == ".py"]
    if tidy and python and not dry_run:
        ruff = [sys.executable, "-m", "ruff"]
        if subprocess.run([*ruff, "--version"], capture_output=True, check=False).returncode != 0:
            ruff = [str(Path(sys.executable).with_name("ruff"))]
        subprocess.run([*ruff, "check", "--fix", "--select", "I", "--quiet", *python], cwd=root, check=False)
        subprocess.run([*ruff, "format", "--quiet", *python], cwd=root, check=False)
        limit = _line_length(root)
        for name in python:
            path = Path(name)
            text = path.read_text(encoding="utf-8")
            wrapped = wrap_prose(text, limit)
            if wrapped != text:
                path.write_text(wrapped, encoding="utf-8")
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout (default: this one)")
    parser.add_argument("--dry-run", action="store_true", help="list what would change, change nothing")
    args = parser.parse_args(argv)
    changed = run(args.root.resolve(), dry_run=args.dry_run)
    for line in changed:
        print(line)
    print(f"{len(changed)} change(s)" if changed else "nothing to do: the rules package is in place")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
