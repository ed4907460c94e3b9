"""Lesson format: the parser on small fixtures, and every lesson in lessons/ against the format contract."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.cards import parse_card
from trainer.errors import LessonError
from trainer.lessons import (
    CardsBlock,
    Lesson,
    MarkdownBlock,
    WidgetBlock,
    available_chapters,
    lesson_languages,
    load_index,
    load_lesson,
    parse_lesson,
)

FIXTURE = """---
title: "Tiny"
summary: "A placeholder lesson used only by the tests."
widgets: [sort_hand]
profile: both
terms:
  - {da: Bonde, en: Jack}
---

## First

Some *text*.

{{cards: CJ ♠J, HT}}

More text.
{{widget: sort_hand}}
"""


def test_fixture_splits_into_markdown_cards_and_widget() -> None:
    lesson = parse_lesson(FIXTURE, "99-tiny", "en")
    assert lesson.title == "Tiny"
    assert lesson.profile == "both"
    assert [(t.da, t.en) for t in lesson.terms] == [("Bonde", "Jack")]
    kinds = [type(b) for b in lesson.blocks]
    assert kinds == [MarkdownBlock, CardsBlock, MarkdownBlock, WidgetBlock]
    cards_block = lesson.blocks[1]
    assert isinstance(cards_block, CardsBlock)
    assert cards_block.cards == (parse_card("CJ"), parse_card("SJ"), parse_card("HT"))
    first = lesson.blocks[0]
    assert isinstance(first, MarkdownBlock) and first.text.startswith("## First")
    assert lesson.body_widgets == ("sort_hand",)


def test_profile_defaults_to_danish() -> None:
    lesson = parse_lesson(FIXTURE.replace("profile: both\n", ""), "99-tiny", "en")
    assert lesson.profile == "danish"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.replace("---\ntitle", "title", 1), "front matter"),
        (lambda s: s.replace('title: "Tiny"\n', ""), "title"),
        (lambda s: s.replace("widgets: [sort_hand]", "widgets: []"), "at least one"),
        (lambda s: s.replace("{{widget: sort_hand}}", ""), "exactly once"),
        (lambda s: s + "\n{{widget: sort_hand}}\n", "exactly once"),
        (lambda s: s + "\n{{widget: card_points}}\n", "missing from the front matter"),
        (lambda s: s.replace("CJ ♠J, HT", "CJ XX"), "not a card"),
        (lambda s: s.replace("More text.", "Say {{value: GRAND}} here."), "looks like a token"),
        (lambda s: s.replace("profile: both", "profile: german"), "profile"),
    ],
)
def test_format_errors_are_readable(change, message: str) -> None:
    with pytest.raises(LessonError, match=message):
        parse_lesson(change(FIXTURE), "99-tiny", "en")


def test_index_and_files_in_a_temporary_tree(tmp_path: Path) -> None:
    (tmp_path / "index.yaml").write_text(
        "chapters:\n  - {slug: 01-a, en: A, da: Á}\n  - {slug: 02-b, en: B, da: Bé}\n", encoding="utf-8"
    )
    (tmp_path / "01-a").mkdir()
    (tmp_path / "01-a" / "en.md").write_text(FIXTURE, encoding="utf-8")
    refs = load_index(tmp_path)
    assert [r.slug for r in refs] == ["01-a", "02-b"]
    assert refs[0].title("da") == "Á" and refs[0].title("en") == "A"
    assert [r.slug for r in available_chapters(tmp_path)] == ["01-a"]  # 02-b has no file yet
    assert lesson_languages("01-a", tmp_path) == ("en",)
    assert load_lesson("01-a", "en", tmp_path).title == "Tiny"
    with pytest.raises(LessonError, match="no lesson"):
        load_lesson("01-a", "da", tmp_path)


# ---- the real lessons ------------------------------------------------------------------------------------

CHAPTERS = [ref.slug for ref in available_chapters()]
LESSON_FILES = [(slug, lang) for slug in CHAPTERS for lang in lesson_languages(slug)]


def test_index_slugs_are_unique_and_have_both_titles() -> None:
    refs = load_index()
    slugs = [r.slug for r in refs]
    assert len(slugs) == len(set(slugs))
    for ref in refs:
        assert dict(ref.titles).keys() >= {"en", "da"}, ref.slug


@pytest.mark.parametrize(("slug", "lang"), LESSON_FILES)
def test_each_lesson_file_parses(slug: str, lang: str) -> None:
    lesson = load_lesson(slug, lang)
    assert lesson.title and lesson.summary
    assert lesson.widgets, "every chapter has at least one live element"
    assert any(isinstance(b, MarkdownBlock) and "## " in b.text for b in lesson.blocks), "short ## sections"


@pytest.mark.parametrize("slug", CHAPTERS)
def test_english_and_danish_have_the_same_structure(slug: str) -> None:
    languages = lesson_languages(slug)
    if set(languages) != {"en", "da"}:
        pytest.skip(f"{slug} exists only in {languages}")
    en, da = load_lesson(slug, "en"), load_lesson(slug, "da")
    assert sorted(en.widgets) == sorted(da.widgets)
    assert en.body_widgets == da.body_widgets
    assert en.card_rows == da.card_rows
    assert en.profile == da.profile


def test_every_widget_named_in_a_lesson_exists() -> None:
    """Fails until every live element a lesson names is registered (others are being built in parallel)."""
    from trainer.ui.widgets import WIDGETS

    named = {name: slug for slug, lang in LESSON_FILES for name in load_lesson(slug, lang).widgets}
    missing = sorted(f"{name} (named in {slug})" for name, slug in named.items() if name not in WIDGETS)
    assert not missing, "live elements not in trainer/ui/widgets WIDGETS: " + ", ".join(missing)


# ---- a graded question in every chapter -------------------------------------------------------------------
GRADED_WIDGETS = frozenset({"chapter_check"})
"""Live elements that ask a graded question and record the answer (the chapter's check of understanding)."""


def graded_problems(lesson: Lesson) -> list[str]:
    """Why a chapter has no graded question (empty when it has one)."""
    from trainer.quiz.chapters import chapter_kinds

    problems = []
    if not GRADED_WIDGETS & set(lesson.widgets):
        problems.append(f"{lesson.slug}/{lesson.lang} places no graded element ({', '.join(GRADED_WIDGETS)})")
    if not chapter_kinds(lesson.slug):
        problems.append(f"{lesson.slug} has no question types in trainer/quiz/chapters.CHAPTER_KINDS")
    return problems


@pytest.mark.parametrize(("slug", "lang"), LESSON_FILES)
def test_every_chapter_has_a_graded_question(slug: str, lang: str) -> None:
    assert not graded_problems(load_lesson(slug, lang))


def test_a_chapter_without_a_graded_question_fails_the_check() -> None:
    lesson = parse_lesson(FIXTURE, "99-tiny", "en")  # a sort_hand display only, and no chapter kinds
    assert len(graded_problems(lesson)) == 2
    graded = parse_lesson(
        FIXTURE.replace("[sort_hand]", "[sort_hand, chapter_check]") + "\n{{widget: chapter_check}}\n",
        "12-counting",
        "en",
    )
    assert not graded_problems(graded)


def test_every_theme_a_chapter_links_exists_and_has_problems_in_both_profiles() -> None:
    from trainer.problems.collection import select
    from trainer.problems.themes import THEME_KEYS

    linked = {ref.slug: ref.problem_themes for ref in load_index() if ref.problem_themes}
    assert {"11-playing", "12-counting", "16-tips"} <= linked.keys()  # the play, counting and tips chapters
    missing = []
    for slug, themes in linked.items():
        assert len(set(themes)) == len(themes), slug
        for key in themes:
            assert key in THEME_KEYS, f"{slug} links an unknown theme {key}"
            missing += [
                (slug, key, rules)
                for rules in ("danish", "international")
                if not select(rules=rules, theme=key)
            ]
    assert not missing, f"linked themes without problems (chapter, theme, rules): {missing}"


def test_a_chapters_problem_themes_must_be_a_list(tmp_path: Path) -> None:
    (tmp_path / "index.yaml").write_text(
        "chapters:\n  - {slug: 01-a, en: A, da: Á, problems: smearing}\n", encoding="utf-8"
    )
    with pytest.raises(LessonError, match="problems"):
        load_index(tmp_path)
    (tmp_path / "index.yaml").write_text(
        "chapters:\n  - {slug: 01-a, en: A, da: Á, problems: [smearing]}\n", encoding="utf-8"
    )
    (ref,) = load_index(tmp_path)
    assert ref.problem_themes == ("smearing",) and dict(ref.titles) == {"en": "A", "da": "Á"}
