"""The hand-made quiz banks: every written answer is what the engine computes, and the format is checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.errors import RecordError
from trainer.profiles import DANISH, INTERNATIONAL
from trainer.quiz import KINDS, check
from trainer.quiz.bank import bank_problems, bank_questions, build, load_bank


def test_every_written_answer_agrees_with_the_engine() -> None:
    assert bank_problems() == []


def test_bank_covers_every_question_type_and_both_profiles() -> None:
    entries = load_bank()
    assert len(entries) >= 50
    assert {e.kind for e in entries} == set(KINDS)
    for profile in (DANISH, INTERNATIONAL):
        questions = bank_questions(profile)
        assert {q.kind for q in questions} == set(KINDS)
        for q in questions:
            assert q.source != "generated"
            assert check(q, q.answer).correct


def test_profile_specific_answers() -> None:
    by_id = {e.id: e for e in load_bank()}
    grand = by_id["grand-with-one"]
    assert build(grand, DANISH).answer == "40"
    assert build(grand, INTERNATIONAL).answer == "48"
    assert by_id["grand-on-the-table"].profiles == ("danish",)


def test_a_wrong_written_answer_is_reported(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text(
        "- {id: eyes, kind: count_eyes, pile: CA ST, answer: 20}\n"
        "- {id: bid, kind: valid_bid, value: 18, answer: true}\n",
        encoding="utf-8",
    )
    problems = bank_problems(tmp_path)
    assert any("eyes" in p and "'21'" in p for p in problems)
    assert any("bid (danish)" in p for p in problems)
    assert not any("bid (international)" in p for p in problems)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("- {id: a, kind: poker, answer: 1}\n", "unknown question type"),
        ("- {kind: count_eyes, answer: 1}\n", "needs an id"),
        (
            "- {id: a, kind: count_eyes, pile: CA, answer: 11}\n" * 2,
            "used twice",
        ),
        ("{id: a}\n", "list of entries"),
    ],
)
def test_format_errors_are_refused(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "bad.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(RecordError, match=message):
        load_bank(tmp_path)
