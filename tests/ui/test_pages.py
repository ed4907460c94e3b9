"""Every page renders (AppTest), the switches are kept across pages, and the lesson page shows every chapter
in both languages and both rule profiles."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from trainer.lessons import available_chapters, lesson_languages, load_lesson

from .helpers import APP, html_rows, texts

LESSON = "trainer/ui/pages/lesson.py"
LESSONS = "trainer/ui/pages/lessons.py"
CHAPTERS = [ref.slug for ref in available_chapters()]


def test_home_renders_in_english_by_default(app: AppTest) -> None:
    app.run()
    assert not app.exception
    assert app.title[0].value == "Skat Trainer"
    assert app.session_state["lang"] == "en" and app.session_state["rules"] == "danish"
    assert "Where to start" in texts(app)
    assert html_rows(app) == [["CJ", "SJ", "HJ", "DJ"]]


def test_language_switch_translates_the_page(app: AppTest) -> None:
    app.run()
    app.segmented_control(key="lang").set_value("da").run()
    assert not app.exception
    assert app.title[0].value == "Skattræner"
    assert "Hvor skal du begynde?" in texts(app)


def test_url_sets_language_and_rules(app: AppTest) -> None:
    app.query_params["lang"] = "da"
    app.query_params["rules"] = "international"
    app.run()
    assert app.session_state["lang"] == "da"
    assert app.session_state["rules"] == "international"
    assert "internationale regler" in texts(app)


def test_switches_are_kept_across_page_switches(app: AppTest) -> None:
    app.run()
    app.radio(key="rules").set_value("international").run()
    app.segmented_control(key="lang").set_value("da").run()
    app.switch_page(LESSONS).run()
    assert not app.exception
    assert app.session_state["rules"] == "international"
    assert app.title[0].value == "Kapitler"


def test_a_button_that_switches_page_keeps_language_and_rules(app: AppTest) -> None:
    """``st.switch_page`` from a button clears the sidebar widgets' state; the shell puts the choices
    back (this was a browser test; AppTest shows the same loss when the shell does not)."""
    app.query_params.update({"lang": "da", "rules": "international"})
    app.run()
    app.button(key="home_calc").click().run()
    assert not app.exception
    assert app.title[0].value == "Værdiberegner"
    assert app.session_state["lang"] == "da" and app.session_state["rules"] == "international"
    assert app.radio(key="rules").value == "international"
    assert app.segmented_control(key="lang").value == "da"


def test_start_button_opens_the_first_chapter(app: AppTest) -> None:
    app.run()
    app.button(key="home_start").click().run()
    assert not app.exception
    assert app.title[0].value == load_lesson(CHAPTERS[0], "en").title


def test_chapter_list_has_every_chapter_and_marks_done(app: AppTest) -> None:
    app.run()
    app.switch_page(LESSONS).run()
    assert not app.exception
    keys = {b.key for b in app.button}
    assert {f"open_{slug}" for slug in CHAPTERS} <= keys
    # Open the second chapter, mark it done, come back: the list shows the mark and offers to resume.
    app.button(key=f"open_{CHAPTERS[1]}").click().run()
    assert app.title[0].value == load_lesson(CHAPTERS[1], "en").title
    app.toggle(key="chapter_done").set_value(True).run()
    assert CHAPTERS[1] in app.session_state["progress_done"]
    app.switch_page(LESSONS).run()
    title = load_lesson(CHAPTERS[1], "en").title
    marked = [line for line in texts(app).splitlines() if line.startswith("✅")]
    assert len(marked) == 1 and title in marked[0]
    app.button(key="lessons_resume").click().run()
    assert app.title[0].value == title


def test_previous_and_next(app: AppTest) -> None:
    app.query_params["chapter"] = CHAPTERS[1]
    app.run()
    app.switch_page(LESSON).run()
    assert app.title[0].value == load_lesson(CHAPTERS[1], "en").title
    app.button(key="next_bottom").click().run()
    assert app.title[0].value == load_lesson(CHAPTERS[2], "en").title
    app.button(key="prev_bottom").click().run()
    app.button(key="prev_bottom").click().run()
    assert app.title[0].value == load_lesson(CHAPTERS[0], "en").title
    assert not any(b.key == "prev_bottom" for b in app.button)  # no previous chapter before the first


@pytest.fixture(scope="module")
def sessions() -> dict[tuple[str, str], AppTest]:
    """One app session per language and profile, reused from chapter to chapter as a reader would."""
    return {}


def _session(sessions: dict[tuple[str, str], AppTest], lang: str, profile: str) -> AppTest:
    if (lang, profile) not in sessions:
        at = AppTest.from_file(APP, default_timeout=30)
        at.query_params.update({"lang": lang, "rules": profile})
        at.run()
        at.switch_page(LESSON)
        sessions[(lang, profile)] = at
    return sessions[(lang, profile)]


@pytest.mark.parametrize("profile", ["danish", "international"])
@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("slug", CHAPTERS)
def test_every_chapter_renders(sessions, slug: str, lang: str, profile: str) -> None:  # type: ignore[no-untyped-def]
    at = _session(sessions, lang, profile)
    at.session_state["lesson_goto"] = slug  # what the chapter buttons do
    at.run()
    assert not at.exception, f"{slug} ({lang}, {profile}): {at.exception}"
    assert at.session_state["lang"] == lang and at.session_state["rules"] == profile
    shown_lang = lang if lang in lesson_languages(slug) else lesson_languages(slug)[0]
    lesson = load_lesson(slug, shown_lang)
    assert at.title[0].value == lesson.title
    rows = html_rows(at)
    for cards in lesson.card_rows:
        assert [c.iss for c in cards] in rows, f"card row {cards} not drawn"
    # Every live element is drawn (none missing from the registry) and none fails on its first run.
    assert not [w.value for w in at.warning if "not built yet" in w.value]
    assert not [e.value for e in at.error], f"{slug}: an element reported an error on its first run"


def test_chapter_from_the_url() -> None:
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params.update({"chapter": CHAPTERS[-1], "lang": "da"})
    at.run()
    at.switch_page(LESSON).run()
    assert at.title[0].value == load_lesson(CHAPTERS[-1], "da").title
    # The URL keeps the chapter and the session's choices, so the address can be shared.
    assert dict(at.query_params) == {"chapter": CHAPTERS[-1], "lang": "da", "rules": "danish"}


def test_chapter_select_box_switches_chapter(app: AppTest) -> None:
    app.run()
    app.switch_page(LESSON).run()
    app.selectbox(key="chapter_select").set_value(CHAPTERS[4]).run()
    assert app.title[0].value == load_lesson(CHAPTERS[4], "en").title
    app.switch_page(LESSONS).run()
    assert app.button(key="lessons_resume").label.endswith(load_lesson(CHAPTERS[4], "en").title)


@pytest.mark.parametrize("slug", ["10-skat-exchange", "16-tips"])
def test_a_chapter_ends_with_its_practice_links(slug: str) -> None:
    """Buttons to the quiz types that drill the chapter and to every example deal that lists it, and a link
    to play a game; the quiz button opens the quiz on that question type."""
    from trainer.quiz.chapters import practice_kinds
    from trainer.records.deals import load_all

    at = _session({}, "en", "danish")
    at.session_state["lesson_goto"] = slug
    at.run()
    keys = {b.key for b in at.button}
    kinds = practice_kinds(slug)
    assert kinds and {f"practise-quiz-{k}" for k in kinds} <= keys
    deals = [d.id for d in load_all() if slug in d.chapters]
    assert deals and {f"practise-deal-{d}" for d in deals} <= keys
    at.button(key=f"practise-quiz-{kinds[0]}").click().run()
    assert at.session_state["quiz_kind"] == kinds[0]
