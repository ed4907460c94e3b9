"""A page script is run by Streamlit with "magic" on: any bare value at its top level (a string under an
assignment, meant as the constant's doc) is written onto the page. The Play page showed "Session-state key
(+ the profile's name): the learner plays Bock rounds." above its title, and the Teacher page a line about
its class log, until this check came. Constants in page scripts are explained by comments."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from trainer.ui.nav import PAGES

ROOT = Path(__file__).resolve().parents[2]


def stray_values(source: str) -> list[int]:
    """Lines of top-level bare values (not calls) after the module's docstring: what magic would draw."""
    body = ast.parse(source).body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring: magic leaves it out
    bare = (node for node in body if isinstance(node, ast.Expr))
    return [node.lineno for node in bare if not isinstance(node.value, ast.Call)]


def test_the_check_sees_a_constants_doc_string() -> None:
    assert stray_values('"""Page."""\nLIMIT = 3\n"""How many."""\nst.title("x")\n') == [3]
    assert stray_values('"""Page."""\n# How many.\nLIMIT = 3\nst.title("x")\n') == []


@pytest.mark.parametrize("path", [spec.path for spec in PAGES] + ["streamlit_app.py"])
def test_no_page_script_draws_a_stray_value(path: str) -> None:
    assert stray_values((ROOT / path).read_text(encoding="utf-8")) == [], path
