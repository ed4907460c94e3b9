"""Shared set-up for the real-browser tests (headless Debian Chromium through Playwright), and the one way
they take a step: act, then wait until the app's own state says the act was taken.

Every page publishes its state on one hidden element (``trainer/ui/views/page_state.py``):
``<div class="skat-page-state" data-page="game" data-run="12" data-phase="play" data-move-count="17">``.
A step waits until the app is connected and idle, no element is still a grey placeholder (Streamlit
fetches the code of some elements, a metric, a dataframe, a download button, only when a page first shows
one, and draws a skeleton meanwhile: the run is over, the page is not drawn yet), that element is the
only one on the page, its
``data-run`` has moved past the run the step started from, and its attributes show what the act should
lead to (the next chapter, a higher move count, a result). Nothing is retried and no time is slept: a
step that does not get there within :data:`TIMEOUT_MS` fails, naming the step, what it expected and what
the page showed (its state, any traceback or error on it), with a screenshot in
test-artifacts/screenshots/failures/.

One app server, started the way ``make run`` does, serves every browser test that does not need its own
database; a test module that does overrides ``app_url`` with :func:`run_app`. Every browser test is skipped
only when /usr/bin/chromium is missing (scripts/test.sh installs it).
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

CHROMIUM = "/usr/bin/chromium"
REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
SHOTS = ARTIFACTS / "screenshots"
FAILURES = SHOTS / "failures"
STREAMLIT = Path(sys.executable).parent / "streamlit"
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

TIMEOUT_MS = 120_000
"""The one timeout of the browser tests: how long any step (a page opened, a click answered, an element
found) may take. Generous on purpose: on a loaded two-core machine a run can take many seconds, and a
step that is waited for by condition costs only the time it really takes."""
START_SECONDS = 120
"""How long an app server may take to answer its health check."""
TEST_ENV = {"SKAT_TRAINER_PLAY_PACE": "0"}
"""What every app server of the tests runs with: the Play page's computers move without a pause (each
move still shows: the page waits for the learner only when it is the learner's turn)."""

_STATE = """() => {
  const app = document.querySelector('[data-testid=stApp]');
  const attributes = (e) => Object.fromEntries(
    [...e.attributes].filter((a) => a.name.startsWith('data-')).map((a) => [a.name.slice(5), a.value]));
  return {
    script: app ? app.getAttribute('data-test-script-state') : null,
    connection: app ? app.getAttribute('data-test-connection-state') : null,
    states: [...document.querySelectorAll('.skat-page-state')].map(attributes),
    skeletons: document.querySelectorAll('[data-testid=stSkeleton]').length,
  };
}"""
_REACHED = """([expect, since]) => {
  const app = document.querySelector('[data-testid=stApp]');
  if (!app || app.getAttribute('data-test-connection-state') !== 'CONNECTED'
      || app.getAttribute('data-test-script-state') !== 'notRunning') return false;
  if (document.querySelector('[data-testid=stException]')) return 'traceback';
  if (document.querySelector('[data-testid=stSkeleton]')) return false;  // an element's code still loading
  const found = document.querySelectorAll('.skat-page-state');
  if (found.length !== 1) return false;
  const get = (name) => found[0].getAttribute('data-' + name) ?? '';
  if (!(Number(get('run')) > since)) return false;
  const met = expect.every(([name, op, value]) => {
    const have = get(name);
    if (op === 'eq') return have === value;
    if (op === 'ne') return have !== value;
    if (op === 'gt') return have !== '' && Number(have) > Number(value);
    if (op === 'in') return value.includes(have);
    return false;
  });
  return met && Object.fromEntries([...found[0].attributes].filter((a) => a.name.startsWith('data-'))
    .map((a) => [a.name.slice(5), a.value]));
}"""


# --- what a step expects ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cond:
    """A condition on one state attribute other than equality (see :func:`above`, :func:`not_`,
    :func:`one_of`)."""

    op: str
    value: str | list[str]

    def __str__(self) -> str:
        words = {"gt": ">", "ne": "!=", "in": "in"}
        return f"{words[self.op]} {self.value!r}"


Expected = str | int | bool | Cond


def above(value: int | str) -> Cond:
    """The attribute is a number greater than ``value``."""
    return Cond("gt", str(value))


def not_(value: Expected) -> Cond:
    """The attribute is anything but ``value``."""
    return Cond("ne", _text(value))


def one_of(*values: Expected) -> Cond:
    """The attribute is one of ``values``."""
    return Cond("in", [_text(v) for v in values])


def _text(value: Expected) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def _conditions(expect: dict[str, Expected]) -> list[tuple[str, str, str | list[str]]]:
    out: list[tuple[str, str, str | list[str]]] = []
    for name, value in expect.items():
        attribute = name.replace("_", "-")
        if isinstance(value, Cond):
            out.append((attribute, value.op, value.value))
        else:
            out.append((attribute, "eq", _text(value)))
    return out


class State(dict[str, str]):
    """A page's published state: its ``data-*`` attributes without the prefix (``state["move-count"]``)."""

    def number(self, name: str) -> int:
        return int(self.get(name) or 0)

    def words(self, name: str) -> list[str]:
        return (self.get(name) or "").split()

    @property
    def run(self) -> int:
        return self.number("run")


# --- steps --------------------------------------------------------------------------------------------------


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:80] or "step"


def _shown(page) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """What the page shows now, for a failure message."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        shown: dict[str, Any] = page.evaluate(_STATE)
        for kind, selector in (
            ("traceback", "[data-testid=stException]"),
            ("errors", "[data-testid=stAlertContentError]"),
            ("warnings", "[data-testid=stAlertContentWarning]"),
        ):
            texts = page.locator(selector).all_inner_texts()
            if texts:
                shown[kind] = [" ".join(text.split())[:300] for text in texts]
        shown["url"] = page.url
        return shown
    except PlaywrightError as error:  # the page itself is gone: the failure says so
        return {"unreadable": repr(error)}


STEP_LOG = ARTIFACTS / "e2e-steps.log"
"""Every step waited for, with its test and how long it took (the slow steps of a loaded run show here)."""


def _current_test() -> str:
    return os.environ.get("PYTEST_CURRENT_TEST", "").split(" ")[0]


def _log_step(step: str, seconds: float, failed: bool) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with STEP_LOG.open("a") as log:
        log.write(f"{seconds:7.2f} s  {'FAILED ' if failed else ''}{_current_test()}  {step}\n")


def wait_state(page, step: str, /, *, since: int = 0, **expect: Expected) -> State:  # type: ignore[no-untyped-def]
    """Wait until the app is idle and its state shows ``expect`` (``move_count=above(3)``,
    ``phase="play"``) in a run after ``since``; return that state. Fails naming ``step``, the expectation
    and what the page showed, with a screenshot."""
    from playwright.sync_api import Error as PlaywrightError

    conditions = _conditions(expect)
    started = time.monotonic()
    try:
        handle = page.wait_for_function(_REACHED, arg=[conditions, since], timeout=TIMEOUT_MS, polling=100)
        reached = handle.json_value()  # the state that met the expectation (the page may move on)
        failed = reached == "traceback"  # an idle page with a traceback: fail now, not after the timeout
    except PlaywrightError:
        failed = True
    _log_step(step, time.monotonic() - started, failed)
    if failed:
        shown = _shown(page)
        FAILURES.mkdir(parents=True, exist_ok=True)
        shot = FAILURES / f"{_slug(_current_test().split('::')[-1])}--{_slug(step)}.png"
        try:
            page.screenshot(path=str(shot), full_page=True)
        except PlaywrightError:
            shot = Path("(no screenshot)")
        wanted = ", ".join(f"{name} {op} {value!r}" for name, op, value in conditions) or "any state"
        raise AssertionError(
            f"step {step!r}: expected {wanted} in a run after {since} within {TIMEOUT_MS / 1000:.0f} s; "
            f"the page showed {shown} (screenshot {shot})"
        ) from None
    return State(reached)


def settled(page, step: str) -> State:  # type: ignore[no-untyped-def]
    """The state of a page that is idle now (whatever it shows)."""
    return wait_state(page, step)


def act(page, step: str, action: Callable[[], object], /, **expect: Expected) -> State:  # type: ignore[no-untyped-def]
    """Take one step: from an idle page, do ``action`` (a click, a key, a file chosen), then wait until a
    later run's state shows ``expect``. The run count alone says the act was answered on a page that does
    not redraw itself; on one that does (a ticking table), ``expect`` must name what the act changes."""
    before = settled(page, f"{step} (before)")
    action()
    return wait_state(page, step, since=before.run, **expect)


def click(page, locator, step: str, /, **expect: Expected) -> State:  # type: ignore[no-untyped-def]
    """:func:`act` with a click on ``locator`` (scrolled into view first)."""

    def press() -> None:
        locator.scroll_into_view_if_needed()
        locator.click()

    return act(page, step, press, **expect)


def choose_first(page, key: str, step: str, /, **expect: Expected) -> State:  # type: ignore[no-untyped-def]
    """:func:`act`: open the select box ``key`` and choose its first option (a box that opens empty)."""

    def pick() -> None:
        box = page.locator(f".st-key-{key} input[role=combobox]")
        box.scroll_into_view_if_needed()
        box.click()
        page.locator("[role=option]").first.click()

    return act(page, step, pick, **expect)


def enter_text(page, box, text: str, step: str, /, **expect: Expected) -> State:  # type: ignore[no-untyped-def]
    """:func:`act`: type ``text`` into the field ``box`` and press Enter; the field must then hold it."""

    def type_in() -> None:
        box.fill(text)
        box.press("Enter")

    state = act(page, step, type_in, **expect)
    assert box.input_value() == text, f"step {step!r}: the field holds {box.input_value()!r}, not {text!r}"
    return state


def open_app(page, url: str, /, **expect: Expected) -> State:  # type: ignore[no-untyped-def]
    """Go to ``url`` and wait until the app has drawn the page it names (``/lesson?…`` is ``lesson``, ``/``
    is ``home``) and shows ``expect``."""
    page.goto(url)
    path = urlsplit(url).path.strip("/") or "home"
    return wait_state(page, f"open {path}", **{"page": path, **expect})


def new_context(browser, *, width: int = 1280, height: int = 900, **options: Any):  # type: ignore[no-untyped-def]
    """A browser context (its own cookies, like another person's browser) whose pages are ``width`` x
    ``height`` and wait at most the one :data:`TIMEOUT_MS`."""
    context = browser.new_context(viewport={"width": width, "height": height}, **options)
    context.set_default_timeout(TIMEOUT_MS)
    context.set_default_navigation_timeout(TIMEOUT_MS)
    return context


def new_page(browser, *, width: int, height: int, **options: Any):  # type: ignore[no-untyped-def]
    """A page in a context of its own (see :func:`new_context`); close it with ``page.context.close()``."""
    return new_context(browser, width=width, height=height, **options).new_page()


def watched_page(browser, *, width: int, height: int, **options: Any):  # type: ignore[no-untyped-def]
    """A new page and the messages of the dialogs it opens (each dismissed): a name that ran a script would
    open one."""
    page = new_page(browser, width=width, height=height, **options)
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    return page, dialogs


LEARNER_COOKIE = "skat_trainer_learner="
"""The start of the cookie that keeps a learner signed in."""


def wait_cookie(page, name: str, *, present: bool = True) -> None:  # type: ignore[no-untyped-def]
    """Wait until the app's cookie script has set (or deleted) the cookie ``name``."""
    check = f"document.cookie.includes('{name}')"
    page.wait_for_function(check if present else f"!{check}", timeout=TIMEOUT_MS)


def drawn(locator) -> None:  # type: ignore[no-untyped-def]
    """Wait until the browser has drawn ``locator`` (a chart's labels, a table's rows): Plotly charts and
    tables are drawn in the browser after the app's run has ended, which the page's state cannot say."""
    locator.first.wait_for(state="attached")


def settle(page) -> None:  # type: ignore[no-untyped-def]
    """Wait until the app is idle and the page is painted: every image loaded, two animation frames
    drawn (after a scroll or a resize, before a screenshot)."""
    settled(page, "settle before a screenshot")
    page.wait_for_function("() => [...document.images].every((image) => image.complete)", timeout=TIMEOUT_MS)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def screenshot(page, name: str, *, full_page: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Save test-artifacts/screenshots/``name``.png (the window, or Playwright's full page)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def screenshot_all_content(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """A screenshot of everything on the page: Streamlit scrolls inside its main block, so the window is
    made tall enough for everything first (and put back afterwards)."""
    size = page.viewport_size
    content = page.evaluate(
        "Math.max(...[...document.querySelectorAll('[data-testid=stMain], [data-testid=stAppViewContainer]')]"
        ".map(e => e.scrollHeight), document.body.scrollHeight)"
    )
    page.set_viewport_size({"width": size["width"], "height": min(max(int(content), size["height"]), 6000)})
    settle(page)
    screenshot(page, name)
    page.set_viewport_size(size)


def sideways_overflow(page) -> int:  # type: ignore[no-untyped-def]
    """How many pixels the document is wider than the window (0 when nothing pushes the page sideways)."""
    return int(page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth"))


def join_class(page, code: str, name: str) -> State:  # type: ignore[no-untyped-def]
    """On "My class" (English UI): create an account under ``name`` (the app makes the key), then join the
    class with ``code``, as a new learner does."""
    page.get_by_role("tab", name="Create an account").click()
    page.locator(".st-key-class_account_create_name input").fill(name)
    click(page, page.locator(".st-key-class_account_create_submit button"), f"create {name}", signed_in=True)
    page.locator(".st-key-class_join_code input").fill(code)
    return click(page, page.locator(".st-key-class_join_submit button"), f"{name} joins", member=True)


# --- app servers and Chromium -------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


READY_LINE = "You can now view your Streamlit app"
"""What ``streamlit run`` prints once it listens."""


@contextmanager
def run_app(log_name: str, env: dict[str, str] | None = None, *, port: int | None = None) -> Iterator[str]:
    """Start ``streamlit run streamlit_app.py`` headless (as ``make run`` does, without its file watcher)
    on a free port with :data:`TEST_ENV` and ``env`` added to the environment, wait until it says it
    listens and its /_stcore/health answers, yield the base URL and stop the server afterwards. The
    server's output goes to test-artifacts/``log_name``. ``port``: a given one (a server started again on
    the same address), else a free one."""
    port = port or _free_port()
    log = ARTIFACTS / log_name
    log.parent.mkdir(parents=True, exist_ok=True)
    process = subprocess.Popen(
        [
            str(STREAMLIT),
            "run",
            "streamlit_app.py",
            "--server.headless",
            "true",
            "--client.toolbarMode",
            "viewer",
            "--server.port",
            str(port),
            "--browser.gatherUsageStats",
            "false",
            # No reloading of the app's modules when a file changes during a run (an edit in the
            # checkout would otherwise swap the engine's classes under a running test).
            "--server.fileWatcherType",
            "none",
        ],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **TEST_ENV, **(env or {})},
    )
    listening = threading.Event()

    def copy_output() -> None:  # the server's output into the log, as it comes (the pipe never fills)
        assert process.stdout is not None
        with log.open("w") as out:
            for line in process.stdout:
                out.write(line)
                out.flush()
                if READY_LINE in line:
                    listening.set()
        listening.set()  # the server ended: the wait below sees it

    copier = threading.Thread(target=copy_output, name=f"log {log_name}", daemon=True)
    copier.start()
    url = f"http://127.0.0.1:{port}"
    try:
        if not listening.wait(START_SECONDS) or process.poll() is not None:
            pytest.fail(f"the app did not start within {START_SECONDS} s; see {log}")
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=START_SECONDS) as response:
            assert response.read().strip() == b"ok", f"the app's health check failed; see {log}"
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        copier.join(timeout=10)


@pytest.fixture(scope="session", autouse=True)
def _chromium_installed() -> None:
    """Skip every browser test (before any server starts) when Chromium is missing."""
    if not Path(CHROMIUM).exists():
        pytest.skip(
            "Chromium is not installed at /usr/bin/chromium "
            "(apt-get install chromium; scripts/test.sh does it)"
        )


@pytest.fixture(scope="session")
def app_url() -> Iterator[str]:
    """Base URL of the app started like `make run`, shared by the whole browser session."""
    with run_app("streamlit-e2e.log") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """A headless Chromium per test module (each test opens and closes its own pages). Not per session:
    Playwright's sync API allows one running instance per thread, and a module may start its own."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def pytest_sessionstart(session: pytest.Session) -> None:
    """A fresh step log per test session."""
    STEP_LOG.unlink(missing_ok=True)


TABLE_POLL_SECONDS = 2
"""How often a shared table's page looks again in the browser tests (idle pages between looks)."""


def table_accounts(url: str, names: tuple[str, ...], password: str) -> dict[str, int]:
    """Accounts for ``names`` (each with ``password``) in the store at ``url``: each name's learner id."""
    from trainer.store import Store
    from trainer.store.accounts import AccountStore
    from trainer.store.classes import ClassStore

    store = Store(url)
    try:
        accounts = AccountStore(ClassStore(store))
        return {name: accounts.sign_up(name, password, client="e2e").account.id for name in names}
    finally:
        store.dispose()


def table_env(url: str, poll: float = TABLE_POLL_SECONDS) -> dict[str, str]:
    """The environment of an app on the store at ``url`` whose table pages poll every ``poll`` seconds."""
    return {"SKAT_TRAINER_DB_URL": url, "SKAT_TRAINER_TABLE_POLL": str(poll)}


@contextmanager
def table_server(
    folder: Path, names: tuple[str, ...], password: str, log_name: str, *, poll: float = TABLE_POLL_SECONDS
) -> Iterator[tuple[str, str]]:
    """An app on a fresh SQLite store where ``names`` have accounts, its table pages polling every ``poll``
    seconds: (base URL, store URL)."""
    url = f"sqlite:///{folder / 'tables.sqlite'}"
    table_accounts(url, names, password)
    with run_app(log_name, table_env(url, poll)) as base:
        yield base, url


def table_app_fixture(  # type: ignore[no-untyped-def]
    folder: str, names: tuple[str, ...], password: str, log_name: str, *, poll: float = TABLE_POLL_SECONDS
):
    """A test module's ``table_app`` fixture: one :func:`table_server` for the module, in a fresh temporary
    folder named ``folder``; it yields (base URL, store URL)."""

    @pytest.fixture(scope="module")
    def table_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
        """This module's app with its table accounts: (base URL, store URL)."""
        with table_server(Path(tmp_path_factory.mktemp(folder)), names, password, log_name, poll=poll) as app:
            yield app

    return table_app


def seated_table(url: str, names: tuple[str, str, str], password: str, deals: int):  # type: ignore[no-untyped-def]
    """The three learners ``names`` (with accounts in the store at ``url``) seated at a new international
    table (the first hosts, no idle limit to speak of); the store's table play and the table id."""
    from trainer.store import Store
    from trainer.store.accounts import AccountStore
    from trainer.store.classes import ClassStore
    from trainer.store.tables import TablePlay, TableStore

    store = Store(url)
    accounts = AccountStore(ClassStore(store))
    ids = [accounts.sign_in(name, password, client="e2e-setup").id for name in names]
    tables = TableStore(store)
    table = tables.open_table(
        host_learner_id=ids[0], host_name=names[0], profile_name="international", scheme="list",
        deals_planned=deals, bot_level="club", idle_seconds=3600,
    )  # fmt: skip
    for place in (1, 2):
        tables.join(table.code, learner_id=ids[place], name=names[place], client=f"e2e{place}")
    return TablePlay(tables), table.id


def sign_in_at_table(page, base: str, name: str, password: str) -> None:  # type: ignore[no-untyped-def]
    """Open the shared-table page and sign in there as ``name``."""
    open_app(page, f"{base}/table?lang=en&rules=international", signed_in=False)
    page.locator(".st-key-table_account_signin_name input").fill(name)
    page.locator(".st-key-table_account_signin_secret input").fill(password)
    click(
        page, page.locator(".st-key-table_account_signin_submit button"), f"{name} signs in", signed_in=True
    )


TEACHER_NAME = "Mrs Berg"
TEACHER_SECRET = "the teacher's own password"
"""The account the browser tests' teacher signs in with."""


def teacher_class(classes: Any, class_name: str, class_password: str) -> Any:
    """A new class ``class_name`` with its class password (which stays as the class's second factor),
    claimed by the teacher's account (made here); the class as made."""
    from trainer.store.accounts import AccountStore

    made = classes.create_class(class_name, class_password)
    teacher = AccountStore(classes).sign_up(TEACHER_NAME, TEACHER_SECRET, client="e2e").account
    classes.claim_class(teacher.id, made.join_code, class_password, client="e2e")
    return made


def teacher_opens_class(page, base: str, class_password: str, lang: str = "en") -> State:  # type: ignore[no-untyped-def]
    """On the Teacher page: sign in with the teacher's account, then open the class with its password."""
    open_app(page, f"{base}/teacher?lang={lang}", teacher=False)
    page.locator(".st-key-teacher_account_signin_name input").fill(TEACHER_NAME)
    page.locator(".st-key-teacher_account_signin_secret input").fill(TEACHER_SECRET)
    click(
        page, page.locator(".st-key-teacher_account_signin_submit button"), "teacher signs in", signed_in=True
    )
    page.locator("[class*='st-key-teacher_open_pw_'] input").first.fill(class_password)
    opens = page.locator("[class*='st-key-teacher_open_']:not([class*='st-key-teacher_open_pw_']) button")
    return click(page, opens.first, "teacher opens the class", teacher=True)
