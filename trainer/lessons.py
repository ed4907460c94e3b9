"""Lesson files: the chapter index and one chapter's text split into Markdown, card rows and live elements.

A lesson is ``lessons/<slug>/<lang>.md``: YAML front matter (title, summary, widgets, optional profile and
terms) between ``---`` lines, then Markdown. Two tokens, each on a line of its own, embed live content:
``{{cards: CJ SJ HA}}`` (a row of card pictures) and ``{{widget: NAME}}`` (a live element). This module only
reads and checks the format; the UI decides how to draw each block.

>>> text = "---\\ntitle: T\\nsummary: S\\nwidgets: [x]\\n---\\nHi\\n{{widget: x}}\\n"
>>> lesson = parse_lesson(text, "s", "en")
>>> [type(b).__name__ for b in lesson.blocks]
['MarkdownBlock', 'WidgetBlock']
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from trainer.cards import Card, parse_cards
from trainer.errors import CardParseError, LessonError

LESSONS_DIR = Path(__file__).resolve().parent.parent / "lessons"
LESSON_PROFILES = ("danish", "international", "both")
"""What a lesson's ``profile:`` may say: which rule profile its numbers follow."""
DEFAULT_LESSON_PROFILE = "danish"
PROBLEMS_FIELD = "problems"
"""The index field naming a chapter's play themes (links to the Problems page)."""

_TOKEN = re.compile(r"^\s*\{\{\s*(cards|widget)\s*:\s*(.*?)\s*\}\}\s*$")
_FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.DOTALL)


@dataclass(frozen=True)
class ChapterRef:
    """One entry of ``lessons/index.yaml``: the slug, the chapter's title in each language and the play
    themes (``problems:``, keys of :data:`trainer.problems.themes.THEMES`) whose problems practise it."""

    slug: str
    titles: tuple[tuple[str, str], ...]
    problem_themes: tuple[str, ...] = ()

    def title(self, lang: str) -> str:
        """The title in ``lang``, else the first one given."""
        return dict(self.titles).get(lang, self.titles[0][1])


@dataclass(frozen=True)
class Term:
    """A Danish Skat term and its English equivalent (shown as glossary chips)."""

    da: str
    en: str


@dataclass(frozen=True)
class MarkdownBlock:
    text: str


@dataclass(frozen=True)
class CardsBlock:
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class WidgetBlock:
    name: str


Block = MarkdownBlock | CardsBlock | WidgetBlock


@dataclass(frozen=True)
class Lesson:
    """One chapter in one language, ready to render."""

    slug: str
    lang: str
    title: str
    summary: str
    widgets: tuple[str, ...]
    profile: str
    terms: tuple[Term, ...]
    blocks: tuple[Block, ...]

    @property
    def body_widgets(self) -> tuple[str, ...]:
        """The widget names in the order the body places them."""
        return tuple(b.name for b in self.blocks if isinstance(b, WidgetBlock))

    @property
    def card_rows(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(b.cards for b in self.blocks if isinstance(b, CardsBlock))


def load_index(root: Path = LESSONS_DIR) -> tuple[ChapterRef, ...]:
    """The chapters in teaching order, from ``index.yaml`` (parsed once per version of the file: the home
    page and every chapter read it on each run)."""
    path = root / "index.yaml"
    try:
        stamp = path.stat().st_mtime_ns
    except OSError as error:
        raise LessonError(f"The chapter list {path} could not be read: {error}") from error
    return _parse_index(path, stamp)


@functools.lru_cache(maxsize=16)
def _parse_index(path: Path, _stamp: int) -> tuple[ChapterRef, ...]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as error:
        raise LessonError(f"The chapter list {path} could not be read: {error}") from error
    chapters = data.get("chapters") if isinstance(data, dict) else None
    if not isinstance(chapters, list):
        raise LessonError(f"{path} must have a 'chapters:' list.")
    refs: list[ChapterRef] = []
    for entry in chapters:
        if not isinstance(entry, dict) or not isinstance(entry.get("slug"), str):
            raise LessonError(f"Every chapter in {path} needs a slug; got {entry!r}.")
        themes = entry.get(PROBLEMS_FIELD, [])
        if not isinstance(themes, list) or not all(isinstance(key, str) for key in themes):
            raise LessonError(f"'{PROBLEMS_FIELD}:' of {entry['slug']} in {path} must list theme keys.")
        titles = tuple((str(k), str(v)) for k, v in entry.items() if k not in ("slug", PROBLEMS_FIELD))
        refs.append(
            ChapterRef(
                slug=entry["slug"], titles=titles or (("en", entry["slug"]),), problem_themes=tuple(themes)
            )
        )
    return tuple(refs)


def chapter_problem_themes(slug: str, root: Path = LESSONS_DIR) -> tuple[str, ...]:
    """The play themes a chapter links to (none for a chapter that names none, or an unknown slug)."""
    return next((ref.problem_themes for ref in load_index(root) if ref.slug == slug), ())


def lesson_path(slug: str, lang: str, root: Path = LESSONS_DIR) -> Path:
    return root / slug / f"{lang}.md"


def available_chapters(root: Path = LESSONS_DIR) -> tuple[ChapterRef, ...]:
    """Chapters of the index that have at least one language written (the ones the app can show)."""
    return tuple(ref for ref in load_index(root) if any((root / ref.slug).glob("*.md")))


def lesson_languages(slug: str, root: Path = LESSONS_DIR) -> tuple[str, ...]:
    """The languages a chapter is written in."""
    return tuple(sorted(p.stem for p in (root / slug).glob("*.md")))


def _split_front_matter(text: str, where: str) -> tuple[dict[str, Any], str]:
    match = _FRONT_MATTER.match(text.lstrip("\ufeff"))
    if not match:
        raise LessonError(f"{where}: a lesson starts with front matter between two '---' lines.")
    try:
        meta = yaml.safe_load(match.group(1))
    except yaml.YAMLError as error:
        raise LessonError(f"{where}: the front matter is not valid YAML: {error}") from error
    if not isinstance(meta, dict):
        raise LessonError(f"{where}: the front matter must be a set of 'key: value' lines.")
    return meta, text[match.end() :]


def _parse_terms(raw: object, where: str) -> tuple[Term, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise LessonError(f"{where}: 'terms' must be a list of {{da: ..., en: ...}} pairs.")
    terms: list[Term] = []
    for item in raw:
        if not isinstance(item, dict) or not item.get("da") or not item.get("en"):
            raise LessonError(f"{where}: each term needs both 'da' and 'en'; got {item!r}.")
        terms.append(Term(da=str(item["da"]), en=str(item["en"])))
    return tuple(terms)


def parse_body(body: str, where: str = "lesson") -> tuple[Block, ...]:
    """Split a lesson body at its ``{{cards: ...}}`` and ``{{widget: ...}}`` lines."""
    blocks: list[Block] = []
    pending: list[str] = []

    def flush() -> None:
        text = "\n".join(pending).strip("\n")
        if text.strip():
            blocks.append(MarkdownBlock(text))
        pending.clear()

    for number, line in enumerate(body.splitlines(), start=1):
        match = _TOKEN.match(line)
        if not match:
            if "{{" in line and "}}" in line:
                raise LessonError(
                    f"{where}, body line {number}: '{line.strip()}' looks like a token, but only "
                    "{{cards: ...}} and {{widget: NAME}}, each on a line of its own, are understood."
                )
            pending.append(line)
            continue
        flush()
        kind, argument = match.groups()
        if kind == "cards":
            try:
                cards = parse_cards(argument)
            except CardParseError as error:
                raise LessonError(f"{where}, body line {number}: {error}") from error
            if not cards:
                raise LessonError(f"{where}, body line {number}: a card row needs at least one card.")
            blocks.append(CardsBlock(cards))
        else:
            if not re.fullmatch(r"[a-z][a-z0-9_]*", argument):
                raise LessonError(f"{where}, body line {number}: '{argument}' is not a widget name.")
            blocks.append(WidgetBlock(argument))
    flush()
    return tuple(blocks)


def parse_lesson(text: str, slug: str, lang: str) -> Lesson:
    """Parse one lesson file's text; every format error is a :class:`LessonError` naming the place."""
    where = f"lessons/{slug}/{lang}.md"
    meta, body = _split_front_matter(text, where)
    title, summary = meta.get("title"), meta.get("summary")
    if not isinstance(title, str) or not title.strip():
        raise LessonError(f"{where}: the front matter needs a 'title'.")
    if not isinstance(summary, str) or not summary.strip():
        raise LessonError(f"{where}: the front matter needs a one-sentence 'summary'.")
    widgets = meta.get("widgets")
    if not isinstance(widgets, list) or not widgets or not all(isinstance(w, str) for w in widgets):
        raise LessonError(f"{where}: 'widgets' must list at least one live element by name.")
    profile = meta.get("profile", DEFAULT_LESSON_PROFILE)
    if profile not in LESSON_PROFILES:
        raise LessonError(f"{where}: 'profile' must be one of {', '.join(LESSON_PROFILES)}, not {profile!r}.")
    blocks = parse_body(body, where)
    placed = [b.name for b in blocks if isinstance(b, WidgetBlock)]
    for name in widgets:
        if placed.count(name) != 1:
            raise LessonError(
                f"{where}: the widget '{name}' is listed in the front matter, so the body must place it "
                f"exactly once with {{{{widget: {name}}}}} (found {placed.count(name)})."
            )
    extra = sorted(set(placed) - set(widgets))
    if extra:
        raise LessonError(f"{where}: the body places {', '.join(extra)}, missing from the front matter.")
    return Lesson(
        slug=slug,
        lang=lang,
        title=title.strip(),
        summary=summary.strip(),
        widgets=tuple(widgets),
        profile=str(profile),
        terms=_parse_terms(meta.get("terms"), where),
        blocks=blocks,
    )


def load_lesson(slug: str, lang: str, root: Path = LESSONS_DIR) -> Lesson:
    """Read ``lessons/<slug>/<lang>.md``; a missing chapter is a readable :class:`LessonError`."""
    path = lesson_path(slug, lang, root)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        raise LessonError(f"There is no lesson '{slug}' in language '{lang}' yet.") from None
    return parse_lesson(text, slug, lang)
