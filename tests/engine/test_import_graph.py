"""The engine's modules import each other without a circle, and the text layer is a leaf.

The graph is read from the source (every ``import`` / ``from ... import`` of a ``trainer`` module, also inside
functions; imports under ``if TYPE_CHECKING:`` are left out because they never run). A circle means two
modules that can only be understood together, and a function-level import to dodge it at run time.
"""

from __future__ import annotations

import ast
from pathlib import Path

import trainer

ROOT = Path(trainer.__file__).parent
ENGINE_EXCLUDED = ("trainer.ui",)
"""The UI is not engine (it may import everything; nothing in the engine imports it)."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_engine(name: str) -> bool:
    return not any(name == ex or name.startswith(ex + ".") for ex in ENGINE_EXCLUDED)


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported_modules(path: Path, modules: set[str]) -> set[str]:
    """The trainer modules a file imports (``from trainer.x import y`` counts ``trainer.x.y`` when that is a
    module, else ``trainer.x``)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                candidate = f"{base}.{alias.name}"
                found.add(candidate if candidate in modules else base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {m for m in found if m in modules and m != name}


def engine_graph() -> dict[str, set[str]]:
    paths = {module_name(p): p for p in ROOT.rglob("*.py")}
    modules = set(paths)
    return {
        name: {m for m in imported_modules(path, modules) if is_engine(m)}
        for name, path in paths.items()
        if is_engine(name)
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def test_cycle_finder_finds_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_engine_imports_without_a_circle() -> None:
    graph = engine_graph()
    assert "trainer.errors" in graph and "trainer.cards" in graph
    assert cycles(graph) == []


def test_text_is_a_leaf_and_errors_imports_only_text() -> None:
    graph = engine_graph()
    assert graph["trainer.text"] == set()
    assert graph["trainer.errors"] == {"trainer.text"}


def test_the_engine_never_imports_the_ui() -> None:
    paths = {module_name(p): p for p in ROOT.rglob("*.py")}
    modules = set(paths)
    for name, path in paths.items():
        if is_engine(name):
            assert not {m for m in imported_modules(path, modules) if not is_engine(m)}, name
