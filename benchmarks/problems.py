"""Benchmark (not a test): the shipped problem collection against the goals of the problems issue.

    python benchmarks/problems.py [--check N] [--replay K] [--tries T]
    python benchmarks/problems.py --browser N
    python benchmarks/problems.py --bare N


Prints: how many problems, per profile, side and theme; the file's size; whether the beginner and the club
player miss the hardest tenth more often than the easiest tenth, on FRESH tries (other seeds than the ones
that set the difficulty), with 95 % Wilson intervals; ``--replay K``: K deals generated again from their
seeds must give the shipped lines (reproducibility); ``--check N``: the first N problems re-solved (0 = all).
Goals: ≥ 2,000 problems, ≥ 10 themes with ≥ 50 each, 0 check failures, ≤ 5 MB, hardest tenth missed more.

``--browser N`` (only that): the Problems page in headless Chromium against the app started as ``make run``
does (``benchmarks/browser_latency.py``'s server), over N problems spread over the collection, both
profiles, English and Danish, desktop and phone width in turn, each in a fresh tab. Times are taken in the
page (``performance.now()``, a ``MutationObserver``): *loaded*, from the navigation's start until the page
shows the problem (its state element names it: the run is drawn, the cards can be clicked); *click to
verdict*, from the card's click until the right/wrong message is drawn (and until the run is over);
*next*, from "Next problem" until the next one is drawn. The server is visited once before (its first
visit, which reads the collection and imports the engine, is printed apart). Goals: verdict ≤ 300 ms and
loaded ≤ 1 s, medians; each figure with its 95 % interval for the median and p90.

``--bare N`` (only that): the framework's floor on this machine: a one-line Streamlit app (one ``st.html``
element, no project code) started with the same options and timed the same way in N fresh tabs, beside the
app's home page in N fresh tabs. What the app adds is the difference of the two medians.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

from trainer.bots import choose
from trainer.bots.search import wilson
from trainer.problems.check import check_problem
from trainer.problems.collection import DATA_FILE, collection
from trainer.problems.generate import DIFFICULTY_LEVELS, problems_from_deal, refresh
from trainer.problems.model import Problem, dumps
from trainer.problems.state import problem_state
from trainer.problems.themes import THEME_KEYS
from trainer.rules import PlayCard

GOAL_PROBLEMS = 2000
GOAL_THEMES, GOAL_PER_THEME = 10, 50
GOAL_MB = 5.0
GOAL_VERDICT_MS = 300.0
GOAL_LOADED_MS = 1000.0
FRESH_SEED = 1_000_000


def share(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{100 * k / max(n, 1):.1f} % ({k}/{n}; 95 % {100 * low:.1f}-{100 * high:.1f} %)"


def fresh_misses(problems: list[Problem], level: str, tries: int) -> tuple[int, int]:
    missed = total = 0
    for problem in problems:
        view = problem_state(problem).view(problem.seat)
        for k in range(tries):
            move = choose(view, level, seed=FRESH_SEED + k).move
            missed += not (isinstance(move, PlayCard) and move.card in problem.answer)
            total += 1
    return missed, total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", type=int, default=-1, help="re-solve the first N problems (0 = all)")
    parser.add_argument("--replay", type=int, default=0, help="generate K shipped deals again")
    parser.add_argument("--tries", type=int, default=4, help="fresh tries per bot level and problem")
    parser.add_argument("--browser", type=int, default=0, help="time the page in Chromium over N problems")
    parser.add_argument("--bare", type=int, default=0, help="a bare Streamlit app vs the home page, N tabs")
    args = parser.parse_args()
    if args.browser:
        return browser_figures(args.browser)
    if args.bare:
        return bare_figures(args.bare)
    problems = list(collection())
    size = (resources.files("trainer.problems") / "data" / DATA_FILE).read_bytes()
    print(
        f"problems: {len(problems)} (goal ≥ {GOAL_PROBLEMS}); "
        f"file {len(size) / 1e6:.2f} MB (goal ≤ {GOAL_MB})"
    )
    print("by profile:", dict(collections.Counter(p.profile for p in problems)))
    print("by side:", dict(collections.Counter(p.role for p in problems)))
    print("by trick:", dict(sorted(collections.Counter(p.trick_number for p in problems).items())))
    print("by goal:", dict(collections.Counter(p.goal.value for p in problems)))
    print("dominant:", share(sum(p.dominant for p in problems), len(problems)))
    themes = collections.Counter(t for p in problems for t in p.themes)
    for key in THEME_KEYS:
        print(f"  theme {key:<20}{themes[key]:>6}")
    full = sum(1 for key in THEME_KEYS if themes[key] >= GOAL_PER_THEME)
    print(
        f"themes with ≥ {GOAL_PER_THEME}: {full} (goal ≥ {GOAL_THEMES}); "
        f"untagged {sum(not p.themes for p in problems)}"
    )

    ranked = sorted(problems, key=lambda p: (p.difficulty, p.id))
    tenth = max(1, len(ranked) // 10)
    easiest, hardest = ranked[:tenth], ranked[-tenth:]
    for level in DIFFICULTY_LEVELS:
        e = fresh_misses(easiest, level, args.tries)
        h = fresh_misses(hardest, level, args.tries)
        print(f"{level:<9} misses, fresh tries: easiest tenth {share(*e)}; hardest tenth {share(*h)}")

    if args.replay:
        seeds = sorted({p.deal_seed for p in problems if p.deal_seed is not None})[: args.replay]
        same = 0
        for seed in seeds:
            shipped = [dumps(p) for p in problems if p.deal_seed == seed]
            again = [dumps(refresh(p)) for p in problems_from_deal(seed)]
            same += shipped == again
            print(f"  deal {seed}: {'same' if shipped == again else 'DIFFERENT'} ({len(again)} problems)")
        print(f"reproduced: {same}/{len(seeds)} deals")

    if args.check >= 0:
        chosen = problems if args.check == 0 else problems[: args.check]
        start = time.perf_counter()
        failed = [p.id for p in chosen if check_problem(p)]
        seconds = time.perf_counter() - start
        print(f"check: {len(chosen)} problems, {len(failed)} failed {failed[:10]} ({seconds:.0f} s)")
    return 0


# --- the page in a browser ---------------------------------------------------------------------------------

OBSERVE = """() => {
  // When the page first shows each problem (its state element names it) and when a verdict is drawn.
  window.__seen = {};
  window.__verdict = null;
  window.__answered = null;
  window.__armed = false;
  const look = () => {
    const now = performance.now();
    const state = document.querySelector('.skat-page-state');
    const id = state ? state.getAttribute('data-problem') : null;
    if (id && !(id in window.__seen)) window.__seen[id] = now;
    if (!window.__armed) return;
    if (window.__verdict === null && document.querySelector(
        '[data-testid=stAlertContentSuccess], [data-testid=stAlertContentError]')) window.__verdict = now;
    if (window.__answered === null && state && state.getAttribute('data-answered') === '1') {
      window.__answered = now;
    }
  };
  const start = () => {
    new MutationObserver(look).observe(document.body, {childList: true, subtree: true, attributes: true});
    look();
  };
  if (document.body) start(); else document.addEventListener('DOMContentLoaded', start);
}"""
HOME_OBSERVE = """() => {
  window.__home = null;
  const look = () => {
    if (window.__home === null && document.querySelector('.skat-page-state[data-page=home]')) {
      window.__home = performance.now();
    }
  };
  const start = () => {
    new MutationObserver(look).observe(document.body, {childList: true, subtree: true, attributes: true});
    look();
  };
  if (document.body) start(); else document.addEventListener('DOMContentLoaded', start);
}"""
PRESS = """(selector) => {
  const button = document.querySelector(selector);
  if (!button) return null;
  window.__armed = true;
  window.__verdict = null;
  window.__answered = null;
  const at = performance.now();
  button.click();
  return at;
}"""


def _spread(problems: list[Problem], count: int) -> list[Problem]:
    """``count`` problems spread evenly over the collection, the two profiles in turn."""
    by_profile = [[p for p in problems if p.profile == name] for name in ("danish", "international")]
    chosen = []
    for index in range(count):
        pool = by_profile[index % 2]
        chosen.append(pool[(index // 2) * len(pool) // max(1, (count + 1) // 2)])
    return chosen


BARE_APP = """import streamlit as st
st.html('<div class="skat-page-state" data-page="home"></div>')
"""
"""The lightest Streamlit app: one element, the one the home-page timing waits for."""
SHELL_APP = """import streamlit as st
from trainer.ui.nav import PAGES

def page_of(name):
    def page():
        st.html('<div class="skat-page-state" data-page="home"></div>')
    page.__name__ = name
    return page

with st.sidebar:
    st.segmented_control("Language", ["en", "da"], key="lang", default="en")
    st.radio("Rules", ["danish", "international"], key="rules")
    st.toggle("Four-colour cards", key="four")
sections = {}
for spec in PAGES:
    sections.setdefault(spec.section, []).append(
        st.Page(page_of(spec.url_path), title=spec.title, url_path=spec.url_path, default=spec.default)
    )
st.navigation(sections, expanded=True).run()
"""
"""The app's shell without the app: the sidebar's switches and the navigation of every page, each page only
the element waited for (what the navigation costs the browser, apart from the pages)."""


def _fresh_tab_times(browser, url: str, count: int) -> list[float]:  # type: ignore[no-untyped-def]
    """Navigation start -> the home page's state element drawn, in ``count`` fresh tabs (desktop and phone
    width, English and Danish in turn, as for the problems)."""
    times = []
    for index in range(count):
        page = browser.new_page(viewport={"width": 390 if index % 4 >= 2 else 1280, "height": 1000})
        page.add_init_script(f"({HOME_OBSERVE})()")
        page.goto(f"{url}/?lang={'da' if index % 2 else 'en'}")
        page.wait_for_function("() => window.__home !== null", timeout=120_000)
        times.append(page.evaluate("() => window.__home"))
        page.close()
    return times


def bare_figures(count: int) -> int:
    """The bare app's fresh-tab time and the home page's, each server visited once first."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from browser_latency import CHROMIUM, LAUNCH_ARGS, ROOT, summary
    from playwright.sync_api import sync_playwright

    from trainer.store import Store

    load = os.getloadavg()
    print(f"{os.cpu_count()} cores, load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} before")
    figures: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        db_url = f"sqlite:///{Path(tmp) / 'bench.sqlite'}"
        Store(db_url).dispose()
        bare = Path(tmp) / "bare_app.py"
        bare.write_text(BARE_APP, encoding="utf-8")
        shell = Path(tmp) / "shell_app.py"
        shell.write_text(SHELL_APP, encoding="utf-8")
        runs = (
            ("bare Streamlit app", bare),
            ("the navigation shell, empty pages", shell),
            ("the app's home page", ROOT / "streamlit_app.py"),
        )
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            try:
                for name, script in runs:
                    with _serve(script, {"SKAT_TRAINER_DB_URL": db_url}, Path(tmp) / "app.log") as url:
                        _fresh_tab_times(browser, url, 1)  # the server's first visit, not counted
                        figures[name] = _fresh_tab_times(browser, url, count)
                        print(summary(name, figures[name]), flush=True)
            finally:
                browser.close()
    load = os.getloadavg()
    print(f"load average after: {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")
    print("--- figures (ms): navigation start -> the element drawn, fresh tab ---")
    for name, values in figures.items():
        print(summary(name, values))
    return 0


@contextlib.contextmanager
def _serve(script: Path, env: dict[str, str], log: Path) -> Iterator[str]:
    """``script`` served as ``browser_latency.app`` serves the app (same options, from the project's
    folder); its base URL."""
    from benchmarks.serve import served

    with served(script, env, log, ("--client.toolbarMode", "viewer")) as (url, _process):
        yield url


def browser_figures(count: int) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from browser_latency import CHROMIUM, LAUNCH_ARGS, app, quantile, summary
    from playwright.sync_api import sync_playwright

    from trainer.store import Store

    idle = "[data-testid=stApp][data-test-script-state=notRunning]"
    chosen = _spread(list(collection()), count)
    loaded: list[float] = []
    verdicts: list[float] = []
    answered: list[float] = []
    following: list[float] = []
    home: list[float] = []
    load = os.getloadavg()
    print(f"{os.cpu_count()} cores, load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} before")
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        db_url = f"sqlite:///{Path(tmp) / 'bench.sqlite'}"
        Store(db_url).dispose()
        env = {"SKAT_TRAINER_DB_URL": db_url}
        with app(env, Path(tmp) / "app.log") as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            try:
                first = chosen[0]
                page = browser.new_page()
                page.add_init_script(f"({OBSERVE})()")
                started = time.monotonic()
                page.goto(f"{url}/problems?lang=en&rules={first.profile}&problem={first.id}")
                page.wait_for_function("(id) => id in window.__seen", arg=first.id, timeout=180_000)
                print(f"first visit to a fresh server: {time.monotonic() - started:.1f} s (wall clock)")
                page.close()
                for index in range(count):  # the floor: the app's lightest page in a fresh tab, same way
                    page = browser.new_page(
                        viewport={"width": 390 if index % 4 >= 2 else 1280, "height": 1000}
                    )
                    page.add_init_script(f"({HOME_OBSERVE})()")
                    page.goto(f"{url}/?lang={'da' if index % 2 else 'en'}")
                    page.wait_for_function("() => window.__home !== null", timeout=120_000)
                    home.append(page.evaluate("() => window.__home"))
                    page.close()
                for index, problem in enumerate(chosen):
                    lang = "da" if index % 2 else "en"
                    page = browser.new_page(
                        viewport={"width": 390 if index % 4 >= 2 else 1280, "height": 1000}
                    )
                    page.add_init_script(f"({OBSERVE})()")
                    page.goto(f"{url}/problems?lang={lang}&rules={problem.profile}&problem={problem.id}")
                    page.wait_for_function("(id) => id in window.__seen", arg=problem.id, timeout=120_000)
                    loaded.append(page.evaluate("(id) => window.__seen[id]", problem.id))
                    page.wait_for_selector(idle, timeout=120_000)
                    wrong = [s.card for s in problem.scores if s.card not in problem.answer]
                    card = wrong[0] if index % 2 and wrong else problem.answer[0]
                    button = f".st-key-problems_hand-{card.iss} button"
                    page.wait_for_selector(button, timeout=120_000)
                    page.wait_for_selector(idle, timeout=120_000)
                    clicked = page.evaluate(PRESS, button)
                    assert clicked is not None, f"{problem.id}: no button for {card.iss}"
                    page.wait_for_function("() => window.__answered !== null", timeout=120_000)
                    verdicts.append(page.evaluate("() => window.__verdict") - clicked)
                    answered.append(page.evaluate("() => window.__answered") - clicked)
                    page.wait_for_selector(idle, timeout=120_000)
                    before = set(page.evaluate("() => Object.keys(window.__seen)"))
                    page.wait_for_selector(".st-key-problems_next button", timeout=120_000)
                    pressed = page.evaluate(PRESS, ".st-key-problems_next button")
                    page.wait_for_function(
                        "(seen) => Object.keys(window.__seen).some((id) => !seen.includes(id))",
                        arg=sorted(before),
                        timeout=120_000,
                    )
                    new = page.evaluate(
                        "(seen) => Object.entries(window.__seen).filter(([id]) => !seen.includes(id))[0][1]",
                        sorted(before),
                    )
                    following.append(new - pressed)
                    page.close()
                    print(
                        f"  {problem.id}: loaded {loaded[-1]:.0f} verdict {verdicts[-1]:.0f} "
                        f"next {following[-1]:.0f} ms",
                        flush=True,
                    )
            finally:
                browser.close()
    load = os.getloadavg()
    print(f"load average after: {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")
    print("--- figures (ms) ---")
    print(summary("floor: the home page (fresh tab: navigation -> drawn)", home))
    print(summary("problem loaded (fresh tab: navigation -> problem drawn)", loaded))
    print(summary("click -> verdict drawn", verdicts))
    print(summary("click -> the answered run is over", answered))
    print(summary("Next problem -> the next one drawn", following))
    met_verdict = statistics.median(verdicts) <= GOAL_VERDICT_MS
    met_loaded = statistics.median(loaded) <= GOAL_LOADED_MS
    print(f"verdict goal median <= {GOAL_VERDICT_MS:.0f} ms: {'MET' if met_verdict else 'MISSED'}")
    print(f"loaded goal median <= {GOAL_LOADED_MS:.0f} ms: {'MET' if met_loaded else 'MISSED'}")
    print(f"(p90s: loaded {quantile(loaded, 0.9):.0f}, verdict {quantile(verdicts, 0.9):.0f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
