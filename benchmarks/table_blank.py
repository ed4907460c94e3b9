"""Hunting the blank table page (issue 44; a reproduction harness, not a test).

Issue 44: a seat's page went blank mid-deal at a three-browser shared table under heavy load (its card never
became clickable while the others showed "Waiting for …"), and the phone seat's page was blank after a
reload when its card was due. This harness plays shared-table deals in three Chromium pages (the third at
390 px phone width) against the app started as ``make run`` does, under the conditions named as leads:

* ``--busy-loops N`` processes spinning on the cores for the whole run (default 2: both cores of this
  machine), and ``--busy`` simulated tables playing meanwhile (``benchmarks/tables.py``'s players);
* ``--throttle R``: every page's CPU slowed R times (CDP ``Emulation.setCPUThrottlingRate``);
* ``--slow``: a slow network for every page (CDP ``Network.emulateNetworkConditions``: 300 ms latency,
  50 kB/s each way);
* the page whose turn has just come is reloaded at once on every ``--reload-every``-th move (its turn
  arriving while the page connects), and every other move is clicked as soon as the card can be pressed;
* cards are clicked while the other pages' fragments are being woken and polled (their turn ends at the
  same moment another's begins).

Every half second each page is looked at: "blank" is a connected, idle page that shows no table state
(no ``.skat-page-state[data-table]``) — what the issue saw — and "stuck" is a seat whose card does not
become clickable within ``--turn-seconds``. The page's own watchdog (``trainer/ui/pages/table_watch.py``)
is switched off here unless ``--watchdog`` (so a blank stays a blank and is counted); with it, reloads the
watchdog made are counted instead.

    .venv/bin/python benchmarks/table_blank.py --deals 2 --throttle 4 --slow
    .venv/bin/python benchmarks/table_blank.py --deals 3 --watchdog

The last lines give the counts: moves played, reloads made, blank spells longer than ``--blank-seconds``,
stuck turns, watchdog reloads.

Measured 2026-12-06 on the shared two-core machine, watchdog off, 4x CPU throttle, slow network, 5 busy
tables and 2 busy loops (load average 27 -> 50): 8 moves by clicks in 14 minutes, 2 of them with the
mover's page reloaded as its turn came; 0 blank spells over 5 s, 0 stuck turns. An earlier run of a first
version (load 22 -> 30) saw 3 spells of 10.6-13.0 s in which a connected, idle page showed no table (not
photographed; that version reloaded pages itself 9 times, so they may be those loads) and counted clicks
that landed after Playwright's short timeout as stuck. Not reproduced by load, in short; the watchdog stays.

Read instead of loaded (2026-12-07): each learner here sits at one table, so a reload always found it. A
learner who sits at two tables (as in a long hostile session) was sent by a reload to the newer one, and
her card at the older one was never offered; the tab's table is now in its address. That state is driven
directly by ``tests/tables/test_table_blank.py`` and ``tests/e2e/test_table_reload_browser.py``.

The issue's own benchmark under load (2026-12-07, ``browser_latency.py --only table``, the phone page at 390
px, the app as shipped with its watchdog on, two busy loops on the two cores and 10-15 busy tables, load
average medians 10-19 during the runs): four runs, every one to the end, 270 of 270 cards clicked and drawn at
all three seats, 0 clicks repeated, 0 pages the watchdog had to load again, and the phone page loaded again as
its own turn came 60 times, offering its card every time. So load alone does not bring the blank page back
with today's code. The seat that "never became clickable" fits the two-tables reload found by reading (fixed;
a long hostile session signs the same learner in at several tables), but that it was the cause is inferred,
not seen; the phone page the latency benchmark once found blank (2026-12-02, before the wake-ups, the GC
setting and the watchdog) stays unexplained. The "(3403 s)" the other seats showed was the idle countdown (an
hour's limit less 197 s since the turn came), not a clock gone wrong; it is now said as a countdown. Figures:
``benchmarks/results/table-390-busy-2026-12-07.txt``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.browser_latency import (  # noqa: E402
    BUSY_LOOK_SECONDS,
    CHROMIUM,
    LAUNCH_ARGS,
    _at_first_lead,
    _sign_in,
    app,
    seat_three,
    warm_up,
)
from trainer.rules import PlayCard  # noqa: E402
from trainer.store import Store  # noqa: E402
from trainer.table_session import seat_of_place  # noqa: E402

LOOK = """() => {
  const app = document.querySelector('[data-testid=stApp]');
  const state = document.querySelector('.skat-page-state[data-table]:not([data-table=""])');
  return {
    connected: !!app && app.getAttribute('data-test-connection-state') === 'CONNECTED',
    idle: !!app && app.getAttribute('data-test-script-state') === 'notRunning',
    table: !!state,
    turn: state ? state.getAttribute('data-turn') : null,
    moves: state ? state.getAttribute('data-move-count') : null,
    mark: window.__blankHunt === true,
  };
}"""


class Looker:
    """Looks at every page every half second (from the harness's own thread, between its steps) and keeps
    the longest blank spell per page."""

    def __init__(self, pages: list, blank_seconds: float) -> None:  # type: ignore[type-arg]
        self.pages = pages
        self.blank_seconds = blank_seconds
        self.since: list[float | None] = [None] * len(pages)
        self.spells: list[float] = []
        self.longest = [0.0] * len(pages)
        self.looks = 0
        self.unmarked = [0] * len(pages)
        self.shot = [False] * len(pages)

    def look(self) -> None:
        for place, page in enumerate(self.pages):
            try:
                seen = page.evaluate(LOOK)
            except Exception:  # a page in the middle of loading: no look this time
                continue
            self.looks += 1
            now = time.monotonic()
            if not seen["mark"]:  # loaded again without the harness asking: the watchdog did it
                self.unmarked[place] += 1
                page.evaluate("() => { window.__blankHunt = true; }")
            blank = seen["connected"] and seen["idle"] and not seen["table"]
            if blank and self.since[place] is None:
                self.since[place] = now
                self.shot[place] = False
            if blank and not self.shot[place] and now - float(self.since[place] or now) > self.blank_seconds:
                self.shot[place] = True
                shot = Path(tempfile.gettempdir()) / f"table-blank-{place}-{len(self.spells) + 1}.png"
                page.screenshot(path=str(shot), full_page=True)
                print(f"blank: place {place} for {self.blank_seconds:.0f} s: {seen}; {shot}", flush=True)
            if not blank and self.since[place] is not None:
                spell = now - float(self.since[place])  # type: ignore[arg-type]
                self.since[place] = None
                self.longest[place] = max(self.longest[place], spell)
                if spell > self.blank_seconds:
                    self.spells.append(spell)

    def wait(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.look()
            time.sleep(0.5)


def _spin(seconds: int, count: int) -> list[subprocess.Popen[bytes]]:
    code = f"import time\nend = time.time() + {seconds}\nwhile time.time() < end: pass\n"
    return [subprocess.Popen([sys.executable, "-c", code]) for _ in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--busy", type=int, default=5, help="simulated tables playing meanwhile")
    parser.add_argument("--busy-loops", type=int, default=2, help="processes spinning on the cores")
    parser.add_argument("--throttle", type=float, default=1.0, help="CPU throttling rate of every page")
    parser.add_argument("--slow", action="store_true", help="a slow network for every page")
    parser.add_argument("--reload-every", type=int, default=3, help="reload the mover's page every n-th move")
    parser.add_argument("--turn-seconds", type=float, default=60.0)
    parser.add_argument("--blank-seconds", type=float, default=5.0)
    parser.add_argument("--watchdog", action="store_true", help="keep the page's watchdog on")
    parser.add_argument("--minutes", type=float, default=20.0, help="stop after this long in any case")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from benchmarks import tables as busy_tables
    from trainer.store.tables import TablePlay

    stop_at = time.monotonic() + args.minutes * 60
    spinners = _spin(int(args.minutes * 60) + 120, args.busy_loops)
    load = os.getloadavg()
    print(
        f"load average before: {load[0]:.1f}; {args.busy_loops} busy loops, {args.busy} busy tables, "
        f"CPU throttle {args.throttle}x, slow network {args.slow}, watchdog {args.watchdog}",
        flush=True,
    )
    counts = {"moves": 0, "reloads": 0, "stuck": 0}
    try:
        with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
            db_url = f"sqlite:///{Path(tmp) / 'hunt.sqlite'}"
            Store(db_url).dispose()
            env = {"SKAT_TRAINER_DB_URL": db_url}
            if not args.watchdog:
                env["SKAT_TRAINER_TABLE_BLANK"] = "100000"
            log = Path(os.environ.get("BENCH_LOG", Path(tmp) / "app.log"))
            with app(env, log) as url, sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
                warm_up(url, browser)
                store = Store(db_url)
                tables, table, names = seat_three(store, "hunt", args.deals)
                play = TablePlay(tables)
                made = busy_tables._set_up(db_url, args.busy, 50) if args.busy else []
                busy_store = Store(db_url, migrate_schema=False)
                stop = time.time() + args.minutes * 60
                blog = busy_tables.Log()
                for t, learners in made:
                    for p in busy_tables.PLACES:
                        threading.Thread(
                            target=busy_tables._player,
                            args=(busy_store, t, p, learners[p], BUSY_LOOK_SECONDS, stop, blog),
                            daemon=True,
                        ).start()
                pages = []
                for place, name in enumerate(names):
                    context = browser.new_context(
                        viewport={"width": 390 if place == 2 else 1280, "height": 900}
                    )
                    page = context.new_page()
                    cdp = context.new_cdp_session(page)
                    if args.throttle > 1:
                        cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
                    if args.slow:
                        cdp.send("Network.enable")
                        cdp.send(
                            "Network.emulateNetworkConditions",
                            {"offline": False, "latency": 300, "downloadThroughput": 50_000,
                             "uploadThroughput": 50_000},
                        )  # fmt: skip
                    _sign_in(page, url, name)
                    page.evaluate("() => { window.__blankHunt = true; }")
                    pages.append(page)
                looker = Looker(pages, args.blank_seconds)
                for number in range(1, args.deals + 1):
                    if time.monotonic() > stop_at:
                        break
                    now = play.start_next_deal(table.id, seed=number)
                    assert now.stored is not None
                    state = _at_first_lead(300 + number, seat_of_place(0, number))
                    assert play.play.save_deal(now.stored.id, state, seen=now.stored.move_count)
                    move = 0
                    while time.monotonic() < stop_at:
                        moment = play.moment(table.id)
                        if moment.state is None or moment.stored is None or moment.turn is None:
                            break
                        if moment.stored.finished:
                            break
                        mover = moment.turn.place
                        page = pages[mover]
                        view = moment.state.view(moment.turn.seat)
                        cards = [m.card.iss for m in view.legal_moves if isinstance(m, PlayCard)]
                        move += 1
                        if move % args.reload_every == 0:  # its turn has just come: reload right now
                            page.reload(wait_until="commit")
                            page.evaluate("() => { window.__blankHunt = true; }")
                            counts["reloads"] += 1
                        if not cards:  # the knock window: say nothing
                            locator = page.locator(".st-key-play_window_0 button")
                        else:
                            locator = page.locator(f".st-key-play_card-{cards[0]} button")
                        deadline = time.monotonic() + args.turn_seconds
                        moved = False
                        while time.monotonic() < deadline and not moved:
                            looker.look()
                            try:  # a click may land even when a throttled page answers too late
                                locator.click(timeout=2_000)
                            except Exception:  # not pressable yet, or a page being loaded again
                                time.sleep(0.3)
                            end = time.monotonic() + 3
                            while time.monotonic() < end and not moved:
                                moved = tables.marker(table.id) != moment.marker
                                time.sleep(0.2)
                        if moved:
                            counts["moves"] += 1
                            continue
                        counts["stuck"] += 1
                        shot = (
                            Path(tempfile.gettempdir()) / f"table-blank-stuck-{mover}-{counts['stuck']}.png"
                        )
                        page.screenshot(path=str(shot), full_page=True)
                        print(
                            f"stuck: place {mover} (phone: {mover == 2}) could not move in "
                            f"{args.turn_seconds:.0f} s; {page.evaluate(LOOK)}; {shot}",
                            flush=True,
                        )
                        page.reload()
                        page.evaluate("() => { window.__blankHunt = true; }")
                    looker.wait(2)
                    print(f"deal {number}: {counts}; blank spells > {args.blank_seconds} s so far: "
                          f"{len(looker.spells)}", flush=True)  # fmt: skip
                browser.close()
                store.dispose()
                print(f"the busy tables made {len(blog.moves)} moves meanwhile", flush=True)
    finally:
        for spinner in spinners:
            spinner.kill()
    load = os.getloadavg()
    print("--- figures ---")
    print(f"load average after: {load[0]:.1f}")
    print(f"moves played by clicks: {counts['moves']}; reloads when a turn came: {counts['reloads']}")
    print(f"page looks: {looker.looks}; blank spells > {args.blank_seconds} s: {len(looker.spells)} "
          f"{[round(s, 1) for s in looker.spells]}; longest blank per page (s): "
          f"{[round(s, 1) for s in looker.longest]}")  # fmt: skip
    print(f"stuck turns (card not pressable within {args.turn_seconds:.0f} s): {counts['stuck']}")
    print(f"pages loaded again by the watchdog: {looker.unmarked}")


if __name__ == "__main__":
    main()
