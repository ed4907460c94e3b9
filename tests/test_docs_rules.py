"""docs/rules.md states the rules in the project's own words; its profile table must match the profiles."""

from __future__ import annotations

from tests.docs_rules import DOC, documented_table, missing_rows, render_table


def test_every_profile_field_has_a_row_in_the_table() -> None:
    assert not missing_rows(), f"add a row for {sorted(missing_rows())} in tests/docs_rules.py"


def test_the_documented_table_matches_the_profiles() -> None:
    assert documented_table(DOC.read_text(encoding="utf-8")) == render_table(), (
        "docs/rules.md is out of date: run python tests/docs_rules.py"
    )


def test_the_rules_document_stands_alone() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert "/".join(("..", "shared")) not in text and "RULES.md" not in text  # (spelled out: no path here)
