"""The page registry: ``streamlit_app.py`` builds the navigation from :data:`PAGES`.

To add a page: create ``trainer/ui/pages/<name>.py`` (it calls ``page_context()`` and draws) and add ONE
line below. Titles and sections are msgids (marked with ``N_``) and are translated when the menu is built.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.i18n import N_


@dataclass(frozen=True)
class PageSpec:
    """One page: its script (relative to the repository root), URL path, title, icon and menu section."""

    path: str
    url_path: str
    title: str
    icon: str
    section: str
    default: bool = False


LEARN = N_("Learn")
PRACTISE = N_("Practise")
TOOLS = N_("Tools")
TEACH = N_("Teach")

PAGES: list[PageSpec] = [
    PageSpec("trainer/ui/pages/home.py", "home", N_("Home"), ":material/home:", LEARN, default=True),
    PageSpec("trainer/ui/pages/lessons.py", "lessons", N_("Chapters"), ":material/menu_book:", LEARN),
    PageSpec("trainer/ui/pages/lesson.py", "lesson", N_("Read a chapter"), ":material/school:", LEARN),
    PageSpec("trainer/ui/pages/play.py", "game", N_("Play a game"), ":material/playing_cards:", PRACTISE),
    PageSpec("trainer/ui/pages/table.py", "table", N_("Play together"), ":material/groups_3:", PRACTISE),
    PageSpec("trainer/ui/pages/problems.py", "problems", N_("Problems"), ":material/extension:", PRACTISE),
    PageSpec("trainer/ui/pages/quiz.py", "quiz", N_("Quiz and drills"), ":material/quiz:", PRACTISE),
    PageSpec("trainer/ui/pages/progress.py", "progress", N_("My progress"), ":material/insights:", PRACTISE),
    PageSpec("trainer/ui/pages/calculators.py", "value", N_("Calculator"), ":material/calculate:", TOOLS),
    PageSpec("trainer/ui/pages/calculators_ladder.py", "ladder", N_("Bid ladder"), ":material/sort:", TOOLS),
    PageSpec("trainer/ui/pages/calculators_overbid.py", "overbid", N_("Overbid"), ":material/bolt:", TOOLS),
    PageSpec("trainer/ui/pages/calculators_money.py", "settle", N_("Settlement"), ":material/euro:", TOOLS),
    PageSpec("trainer/ui/pages/class_room.py", "class", N_("My class"), ":material/groups:", PRACTISE),
    PageSpec("trainer/ui/pages/account.py", "account", N_("Account"), ":material/account_circle:", PRACTISE),
    PageSpec("trainer/ui/pages/teacher.py", "teacher", N_("Teacher"), ":material/school:", TEACH),
    PageSpec("trainer/ui/pages/teacher_dash.py", "dashboard", N_("Dashboard"), ":material/grid_view:", TEACH),
    PageSpec("trainer/ui/pages/teacher_projector.py", "projector", N_("Projector"), ":material/tv:", TEACH),
    PageSpec("trainer/ui/pages/deals.py", "replay", N_("Replay a game"), ":material/replay:", PRACTISE),
    PageSpec("trainer/ui/pages/deals_play.py", "play", N_("Play a seat"), ":material/style:", PRACTISE),
    PageSpec("trainer/ui/pages/deals_bidding.py", "bids", N_("Bidding replay"), ":material/gavel:", PRACTISE),
    PageSpec("trainer/ui/pages/deals_upload.py", "iss", N_("Real games (ISS)"), ":material/upload:", TOOLS),
]


def page_for(url_path: str) -> PageSpec:
    """The registered page with this URL path."""
    for spec in PAGES:
        if spec.url_path == url_path:
            return spec
    raise KeyError(url_path)


GOTO_KEY = "lesson_goto"
"""A chapter the lesson page should open on its next run (set by buttons on other pages)."""
LESSON_PAGE = page_for("lesson").path
LESSONS_PAGE = page_for("lessons").path


def request_chapter(slug: str) -> None:
    """Button callback: open this chapter when the lesson page runs next."""
    import streamlit as st

    st.session_state[GOTO_KEY] = slug
