"""Real browser (headless Debian Chromium): hostile names (HTML, script, Markdown links, bare web and
e-mail addresses, spreadsheet formulas, very long, control characters, right-to-left overrides) go through
every page that shows a name — the score sheet (table, plotly legend, CSV download), "Signed in as", a
shared table's seat labels, My class, the teacher's class page, the dashboard (table, heatmap, the Tables
list, CSV download) and the projector — and must show as typed, obey nothing, link nothing and run nothing.

Skipped only when /usr/bin/chromium is missing (scripts/test.sh installs it, so CI runs this).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from trainer.safe_text import plain

from .conftest import (
    LEARNER_COOKIE,
    click,
    drawn,
    enter_text,
    join_class,
    open_app,
    run_app,
    screenshot_all_content,
    settle,
    sideways_overflow,
    teacher_class,
    teacher_opens_class,
    wait_cookie,
    watched_page,
)

pytestmark = pytest.mark.browser

PASSWORD = "hostile names in room 9"
CLASS_NAME = "<b>7B</b> [x](javascript:alert(1)) =1+1 a@b.test \u202eevil"
NAMES = (
    '<b>B</b><i>I</i><a href="//e.x">A</a>',
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '=HYPERLINK("http://e.x","y")',
    "[x](javascript:alert(1)) **b**",
    "Ann\x1b[31m\x00\u202eevil\u202c",
    "W" * 40,
    "عمر :red[red] $x$",
)
JOINING = {1280: '<b>C</b><i>I</i><a href="//e.x">A</a>', 390: "[y](javascript:alert(1)) **c**"}
"""Names that join through the page (not yet taken in the class)."""
LINK_NAMES = ("[Prize](http://x.test/)h1", "see http://evil.test", "mail a@b.test")
"""Accounts in the class, seated together at a shared table: names that Markdown would make links of
(issue 19: the dashboard's Tables list showed the first as a real link, "Signed in as", the seat labels
and the My class title linked the bare addresses)."""
SHEET_NAMES = ('<b>B</b><a href="//e.x">A</a>', "=cmd|' /C calc'!A0", "@SUM(A1)\u202e", "L" * 200)
POLL_SECONDS = 2
"""How often the shared table's page looks again here (the app's default is twice a second): a table page
that is seldom busy lets each step start from an idle page on a loaded machine."""
ISOLATES = str.maketrans("", "", "\u2068\u2069\u2060")
"""Invisible marks a shown name carries: the isolates around it, the word joiners that keep an address in
it from becoming a link."""


def shown(name: str) -> str:
    """A name as the store keeps it and a page shows it (control characters gone, blanks collapsed)."""
    return " ".join(plain(name).split())


def _text(page, selector: str) -> str:  # type: ignore[no-untyped-def]
    return " ".join(page.locator(selector).all_inner_texts()).translate(ISOLATES)


def _nothing_obeyed(page, dialogs: list[str]) -> None:  # type: ignore[no-untyped-def]
    """No element a name could have made: links, bold/italic, images, scripts, no dialog."""
    main = "[data-testid=stMain]"
    assert page.locator(f"{main} a[href*='e.x'], {main} a[href^='javascript']").count() == 0
    addresses = ("x.test", "evil.test", "b.test", "mailto:")
    linked = page.eval_on_selector_all(f"{main} a[href]", "els => els.map(e => e.getAttribute('href'))")
    assert not [href for href in linked if any(part in href for part in addresses)], linked
    assert page.locator(f"{main} img[src='x'], script:text('alert(1)')").count() == 0
    for tag in ("b", "i", "strong", "em"):
        bold = page.eval_on_selector_all(f"{main} {tag}", "els => els.map(e => e.textContent)")
        assert not {"B", "C", "I", "b", "c", "7B", "x", "y"} & set(bold), (tag, bold)
    # plotly turns <b>/<a> in a label into a bold tspan or an SVG link
    assert page.locator(".js-plotly-plot a").count() == 0
    assert page.locator(".js-plotly-plot tspan[style*='bold']").count() == 0
    settle(page)  # any dialog a name could open has had its chance
    assert dialogs == []
    assert page.locator("[data-testid=stException]").count() == 0


def _download(page, selector: str) -> str:  # type: ignore[no-untyped-def]
    with page.expect_download() as info:
        page.locator(selector).click()
    path = info.value.path()
    with open(path, encoding="utf-8", newline="") as handle:
        return handle.read()


def _no_formula(text: str) -> list[list[str]]:
    rows = list(csv.reader(io.StringIO(text)))
    for row in rows:
        for cell in row:
            start = cell.lstrip(" ")[:1]
            assert start not in ("=", "+", "@", "\t", "\r") and not (
                start == "-" and not cell.strip().lstrip("-").replace(".", "").replace(",", "").isdigit()
            ), cell
    return rows


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, str]]:
    """A class with a hostile name and eight hostile members, each with a wrong and a right answer, and
    three accounts with link-like names seated at a shared table; yields the database URL, the class's
    join code and the table's code."""
    from trainer.quiz import GAME_VALUE
    from trainer.store import Store
    from trainer.store.accounts import AccountStore
    from trainer.store.classes import ClassStore
    from trainer.store.tables import TableStore
    from trainer.teacher import DRILL

    url = f"sqlite:///{tmp_path_factory.mktemp('e2e-hostile') / 'classes.sqlite'}"
    store = Store(url)
    classes = ClassStore(store)
    made = teacher_class(classes, CLASS_NAME, PASSWORD)
    classes.add_assignment(made.id, DRILL, GAME_VALUE, 3, "danish", datetime.now(UTC))
    for k, name in enumerate(NAMES):
        member = classes.join_class(made.join_code, name, client=f"hostile-{k}").member
        store.record_attempt(member.learner_id, GAME_VALUE, False, "=1+1", "48", "danish")
        store.record_attempt(member.learner_id, GAME_VALUE, True, "48", "48", "danish")
    accounts = AccountStore(classes)
    ids = []
    for k, name in enumerate(LINK_NAMES):
        learner = accounts.sign_up(name, PASSWORD, client=f"links-{k}").account.id
        accounts.join_class(learner, made.join_code, client=f"links-{k}")
        ids.append(learner)
    tables = TableStore(store, classes)
    table = tables.open_table(
        host_learner_id=ids[0], host_name=LINK_NAMES[0], profile_name="danish", scheme="list",
        deals_planned=2, bot_level="beginner", idle_seconds=3600,
    )  # fmt: skip
    for place in (1, 2):
        tables.join(table.code, learner_id=ids[place], name=LINK_NAMES[place], client=f"links-{place}")
    store.dispose()
    yield url, made.join_code, table.code


@pytest.fixture(scope="module")
def app_url(classroom: tuple[str, str, str]) -> Iterator[str]:
    env = {"SKAT_TRAINER_DB_URL": classroom[0], "SKAT_TRAINER_TABLE_POLL": str(POLL_SECONDS)}
    with run_app("streamlit-hostile-e2e.log", env) as url:
        yield url


def _page(browser, width: int):  # type: ignore[no-untyped-def]
    return watched_page(browser, width=width, height=900, accept_downloads=True)


@pytest.mark.parametrize("width", [1280, 390])
def test_score_sheet_names(app_url: str, browser, width: int) -> None:  # type: ignore[no-untyped-def]
    page, dialogs = _page(browser, width)
    open_app(page, f"{app_url}/settle?lang=en")
    page.get_by_role("tab", name="Score sheet").click()  # tabs switch in the browser, without a run
    box = page.locator("[class*='st-key-calc-sheet-players'] input")
    enter_text(page, box, ", ".join(SHEET_NAMES), "type the players", players=len(SHEET_NAMES))
    click(page, page.locator("[class*='st-key-calc-sheet-add'] button"), "add a game", games=1)
    drawn(page.locator(".js-plotly-plot .legendtext"))
    _nothing_obeyed(page, dialogs)
    legend = page.eval_on_selector_all(".js-plotly-plot .legendtext", "els => els.map(e => e.textContent)")
    legend = [text.translate(ISOLATES) for text in legend]
    assert legend[:3] == [shown(name) for name in SHEET_NAMES[:3]]
    assert legend[3] == "L" * 39 + "…"  # a very long name is cut in the legend only
    markdown = _text(page, "[data-testid=stMarkdownContainer]")
    assert f"Game 2: {shown(SHEET_NAMES[1])} deals." in markdown, markdown
    if width < 500:
        assert sideways_overflow(page) <= 1
    screenshot_all_content(page, f"hostile-score-sheet-{width}")
    rows = _no_formula(_download(page, "[class*='st-key-calc-sheet-csv'] button"))
    header = rows[0]
    for name in SHEET_NAMES:  # every name comes back, a formula with its leading quote
        assert shown(name) in header or "'" + shown(name) in header
    page.context.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_my_class_shows_the_names_as_typed(  # type: ignore[no-untyped-def]
    app_url: str, browser, classroom: tuple[str, str, str], width: int
) -> None:
    page, dialogs = _page(browser, width)
    open_app(page, f"{app_url}/class?lang=en", member=False)
    name = JOINING[width]
    join_class(page, classroom[1], name)
    assert page.locator("[class*='st-key-class_assignment_']").count() >= 1
    _nothing_obeyed(page, dialogs)
    text = _text(page, "[data-testid=stMain]")
    assert shown(CLASS_NAME) in text and shown(name) in text
    if width < 500:
        assert sideways_overflow(page) <= 1
    screenshot_all_content(page, f"hostile-my-class-{width}")
    page.context.close()


def _log_in(page, app_url: str, code: str) -> None:  # type: ignore[no-untyped-def]
    teacher_opens_class(page, app_url, PASSWORD)


@pytest.mark.parametrize("width", [1280, 390])
def test_teacher_pages_show_the_names_as_typed(  # type: ignore[no-untyped-def]
    app_url: str, browser, classroom: tuple[str, str, str], width: int
) -> None:
    page, dialogs = _page(browser, width)
    _log_in(page, app_url, classroom[1])
    _nothing_obeyed(page, dialogs)
    assert shown(CLASS_NAME) in _text(page, "h1")
    screenshot_all_content(page, f"hostile-teacher-{width}")

    dashboard = page.locator("[data-testid=stPageLink] a").filter(has_text="Dashboard").first
    click(page, dashboard, "open the dashboard", page="dashboard", teacher=True)
    drawn(page.locator(".js-plotly-plot g.xtick text"))
    _nothing_obeyed(page, dialogs)
    assert shown(CLASS_NAME) in _text(page, "h1")
    ticks = page.eval_on_selector_all(".js-plotly-plot .xtick text", "els => els.map(e => e.textContent)")

    def label(name: str) -> str:
        return shown(name) if len(shown(name)) <= 40 else shown(name)[:39] + "…"

    everyone = {label(n) for n in (*NAMES, *LINK_NAMES, *JOINING.values())}  # the other test may have joined
    labels = {tick.translate(ISOLATES) for tick in ticks}
    assert labels and labels <= everyone
    if width > 500:  # at phone width plotly leaves out labels that would overlap
        assert {label(n) for n in NAMES} <= labels
    if width < 500:
        assert sideways_overflow(page) <= 1
    screenshot_all_content(page, f"hostile-dashboard-{width}")
    rows = _no_formula(_download(page, ".st-key-dashboard_csv button"))
    learners = {row[0] for row in rows[1:]}
    assert not any("\x00" in cell or "\u202e" in cell for row in rows for cell in row)
    for name in NAMES:
        assert shown(name) in learners or "'" + shown(name) in learners
    tables = page.locator("[data-testid=stExpander] summary").filter(has_text="Table ")
    assert tables.count() >= 1  # the class's shared table, listed with its players' names
    listed = tables.first.inner_text().translate(ISOLATES)
    assert all(shown(name) in listed for name in LINK_NAMES), listed
    _nothing_obeyed(page, dialogs)

    page.context.close()

    page, dialogs = _page(browser, width)
    _log_in(page, app_url, classroom[1])
    projector = page.locator("[data-testid=stPageLink] a").filter(has_text="Projector").first
    click(page, projector, "open the projector", page="projector", teacher=True)
    assert page.locator(".st-key-projector_open button").count() == 1
    _nothing_obeyed(page, dialogs)
    assert shown(CLASS_NAME) in _text(page, "h1")
    page.context.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_a_learners_own_pages_show_names_as_text(  # type: ignore[no-untyped-def]
    app_url: str, browser, classroom: tuple[str, str, str], width: int
) -> None:
    """Signed in as "see http://evil.test": the "Signed in as" line, the shared table's seat labels (the
    host "[Prize](http://x.test/)h1", "mail a@b.test"), the list of one's tables and the My class title (a
    class name holding an e-mail address) show the names as typed, and nothing on them is a link."""
    page, dialogs = _page(browser, width)
    me = LINK_NAMES[1]
    code = classroom[2]
    open_app(page, f"{app_url}/account?lang=en", signed_in=False)
    page.locator(".st-key-account_signin_name input").fill(me)
    page.locator(".st-key-account_signin_secret input").fill(PASSWORD)
    click(page, page.locator(".st-key-account_signin_submit button"), f"{me} signs in", signed_in=True)
    wait_cookie(page, LEARNER_COOKIE)
    _nothing_obeyed(page, dialogs)
    assert f"Signed in as {shown(me)}" in _text(page, "[data-testid=stMain]")

    # back at the table of the fixture (its page looks again every POLL_SECONDS while nobody has dealt)
    open_app(page, f"{app_url}/table?lang=en&rules=danish", signed_in=True, table=code)
    seats = _text(page, "[class*='st-key-table_seat_']")
    assert all(shown(name) in seats for name in LINK_NAMES), seats
    _nothing_obeyed(page, dialogs)
    screenshot_all_content(page, f"hostile-table-seats-{width}")
    # "Leave this table for now": the page lists "Your tables", buttons named by the other players
    click(page, page.locator(".st-key-table_leave button"), "leave the table", signed_in=True, table="")
    mine = page.locator("[class*='st-key-table_go_'] button")
    assert mine.count() == 1
    label = mine.first.inner_text().translate(ISOLATES)
    assert shown(LINK_NAMES[0]) in label and shown(LINK_NAMES[2]) in label, label
    _nothing_obeyed(page, dialogs)

    open_app(page, f"{app_url}/class?lang=en", signed_in=True, member=True)
    _nothing_obeyed(page, dialogs)
    assert shown(CLASS_NAME) in _text(page, "h1")
    assert f"Signed in as {shown(me)}" in _text(page, "[data-testid=stMain]")
    if width < 500:
        assert sideways_overflow(page) <= 1
    page.context.close()
