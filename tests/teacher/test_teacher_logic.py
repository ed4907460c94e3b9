"""The pure part of teacher mode: codes, password and name checks, the heatmap matrix, the CSV export."""

from __future__ import annotations

import csv
import io
import re
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.errors import StoreError
from trainer.safe_text import plain
from trainer.teacher import (
    JOIN_CODE_ALPHABET,
    JOIN_CODE_LENGTH,
    ClassDashboard,
    LearnerSummary,
    SkillCell,
    check_class_name,
    check_password,
    dashboard_csv,
    format_code,
    new_code,
    normalize_code,
)

codes = st.text(alphabet=JOIN_CODE_ALPHABET, min_size=JOIN_CODE_LENGTH, max_size=JOIN_CODE_LENGTH)


@given(codes)
def test_a_code_read_aloud_and_typed_back_in_lower_case_is_the_same_code(code: str) -> None:
    spoken = format_code(code)
    assert spoken[4] == "-" and len(spoken) == JOIN_CODE_LENGTH + 1
    assert normalize_code(spoken.lower()) == code
    assert normalize_code(" " + spoken.replace("-", " - ") + "\t") == code


def test_new_codes_use_only_unambiguous_characters() -> None:
    drawn = {new_code() for _ in range(200)}
    assert len(drawn) == 200
    assert all(len(c) == JOIN_CODE_LENGTH and set(c) <= set(JOIN_CODE_ALPHABET) for c in drawn)
    assert not set("01ILO") & set(JOIN_CODE_ALPHABET)


@pytest.mark.parametrize("password", ["", "seven77", "x" * 201])
def test_passwords_out_of_bounds_are_refused(password: str) -> None:
    with pytest.raises(StoreError):
        check_password(password)


def test_class_names_are_tidied_and_bounded() -> None:
    assert check_class_name("  7B \t Tuesday ") == "7B Tuesday"
    for bad in ("   ", "x" * 61):
        with pytest.raises(StoreError):
            check_class_name(bad)


def _learner(member_id: int, name: str, skills: dict[str, tuple[int, int]]) -> LearnerSummary:
    cells = tuple(sorted((k, SkillCell(*v)) for k, v in skills.items()))
    return LearnerSummary(
        member_id=member_id,
        name=name,
        attempts=sum(c.attempts for _, c in cells),
        correct=sum(c.correct for _, c in cells),
        reviews_due=0,
        assignments_done=0,
        assignments_total=0,
        skills=cells,
    )


def test_heatmap_has_a_row_per_skill_and_a_gap_where_nothing_was_tried() -> None:
    dash = ClassDashboard(
        class_id=1,
        class_name="7B",
        at=datetime(2026, 1, 1, tzinfo=UTC),
        learners=(_learner(1, "A", {"matadors": (4, 3)}), _learner(2, "B", {"game_value": (2, 0)})),
        skills=("game_value", "matadors"),
        mistakes=(),
    )
    skills, names, rows = dash.heatmap()
    assert skills == ("game_value", "matadors") and names == ("A", "B")
    assert rows == ((None, 0.0), (0.75, None))


@given(st.text(min_size=1, max_size=40).filter(lambda s: s.strip() and "\r" not in s and "\x00" not in s))
def test_csv_gives_every_name_back_and_never_a_formula(name: str) -> None:
    dash = ClassDashboard(1, "7B", datetime(2026, 1, 1, tzinfo=UTC), (_learner(1, name, {}),), (), ())
    (header, row) = list(csv.reader(io.StringIO(dashboard_csv(dash))))
    assert header[0] == "learner"
    cell = row[0]
    starts_a_formula = cell.lstrip(" ")[:1] in ("=", "+", "-", "@", "\t", "\n")
    assert not starts_a_formula or re.fullmatch(
        r"\s*[-+]?\d+([.,]\d+)?\s*", cell
    )  # a plain number is no formula
    kept = plain(name)  # control and direction characters are dropped
    assert cell == kept or (cell == "'" + kept and kept.lstrip(" ")[:1] in "=+-@")


def test_a_danish_csv_opens_in_danish_excel_as_columns_with_its_letters() -> None:
    """Byte-order mark, ';' between cells and ',' in decimals; the headers and skill names as given."""
    from trainer.teacher import DANISH_EXCEL_CSV

    dash = ClassDashboard(
        1,
        "Klasse 7Æ",
        datetime(2026, 1, 1, tzinfo=UTC),
        (_learner(1, "Søren Ødegård", {"matadors": (3, 2)}),),
        (),
        (),
    )
    header = (
        "Elev",
        "Færdighed",
        "Svar",
        "Rigtige",
        "Andel rigtige",
        "Gentagelser",
        "Opgaver løst",
        "Opgaver",
    )
    text = dashboard_csv(dash, header, DANISH_EXCEL_CSV, {"matadors": "Med/uden"}.__getitem__)
    assert text.startswith("\ufeff")
    data = text.encode("utf-8")  # what the download button sends
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff")), delimiter=";"))
    assert rows[0] == list(header)
    assert rows[1][:5] == ["Søren Ødegård", "Med/uden", "3", "2", "0,667"]
    assert "," not in text.replace("0,667", "")  # no comma splits a Danish cell


def test_the_assignments_csv_has_one_column_per_assignment() -> None:
    from trainer.teacher import AssignmentCell, ProgressGrid, progress_csv

    grid = ProgressGrid(
        assignment_ids=(10, 11),
        learners=((1, "Anna"), (2, "Bo")),
        cells={
            (1, 10): AssignmentCell(5, 5, True, 5, 4),
            (1, 11): AssignmentCell(0, 1, False),
            (2, 10): AssignmentCell(2, 5, True, 2, 1),
            (2, 11): AssignmentCell(1, 1, True),
        },
    )
    text = progress_csv(grid, ("Drill", "Chapter"), "Learner", lambda c: f"{c.state} {c.progress}/{c.count}")
    assert list(csv.reader(io.StringIO(text))) == [
        ["Learner", "Drill", "Chapter"],
        ["Anna", "done 5/5", "not_started 0/1"],
        ["Bo", "started 2/5", "done 1/1"],
    ]
    assert grid.not_started(11) == ("Anna",) and grid.started_nothing() == ()
    assert grid.cell(1, 10).score == 0.8
