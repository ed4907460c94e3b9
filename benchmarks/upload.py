"""A hostile upload against a real server (a benchmark, not a test; issue 44).

Starts the app with ``streamlit run`` on a loopback port and drives it with Chromium (Playwright):

1. another visitor's Home page is loaded ``--loads`` times on a quiet server (the quiet time);
2. an uploader sends a 200,000-line ``.sgf`` file (400 KB: under the uploader's 1 MB, so it reaches the
   server and the page's own caps) and clicks "Load the file", again and again, while the visitor loads
   Home again ``--loads`` times;
3. the same with the file the issue describes at 200,000 ISS-like lines (4 MB), which the uploader refuses
   in the browser.

Reported: the time from the click to the refusal on the uploader's page, the server's resident memory
(before, highest while refusing, after), and the visitor's Home load times quiet and under the upload
(medians with 95 % intervals). Goals: refused within 5 s with a clear message, memory growth <= 50 MB,
the visitor's median load within 2x the quiet one.

    .venv/bin/python benchmarks/upload.py [--loads 12] [--uploads 6]
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.serve import served  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"]
IDLE = "[data-testid=stApp][data-test-script-state=notRunning]"
HOME_DRAWN = ".skat-page-state[data-page=home]"
LINES = 200_000
GOAL_REFUSAL_S = 5.0
GOAL_MEMORY_MB = 50.0
GOAL_SLOWDOWN = 2.0


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MB (Linux ``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


@contextmanager
def app(env: dict[str, str], log: Path) -> Iterator[tuple[str, int]]:
    """The app as ``make run`` starts it, on a free loopback port: its base URL and process id."""
    with served("streamlit_app.py", env, log) as (url, process):
        yield url, process.pid


def median_interval(values: list[float]) -> tuple[float, float]:
    """A 95 % interval for the median from the order statistics (n >= 6)."""
    ordered = sorted(values)
    n = len(ordered)
    if n < 6:
        return (float("nan"), float("nan"))
    half = 1.96 * math.sqrt(n) / 2
    return ordered[max(0, math.floor(n / 2 - half))], ordered[min(n - 1, math.ceil(n / 2 + half))]


def summary(name: str, values: list[float], unit: str = "ms") -> str:
    low, high = median_interval(values)
    return (
        f"{name}: n={len(values)} median {statistics.median(values):.0f} {unit} "
        f"(95 % CI {low:.0f}-{high:.0f}), max {max(values):.0f} {unit}"
    )


def home_loads(url: str, count: int, stop: threading.Event | None = None) -> list[float]:
    """Load Home ``count`` times in a fresh page each (a new visitor): ms from navigation to the page
    drawn and idle. With ``stop``: keep going until it is set, at least ``count`` times."""
    from playwright.sync_api import sync_playwright

    times: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        while len(times) < count or (stop is not None and not stop.is_set()):
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            start = time.perf_counter()
            page.goto(f"{url}/?lang=en")
            page.wait_for_selector(HOME_DRAWN, state="attached", timeout=120_000)
            page.wait_for_selector(IDLE, timeout=120_000)
            times.append((time.perf_counter() - start) * 1000)
            page.close()
        browser.close()
    return times


def uploads(url: str, file: Path, count: int, refusal: str, done: threading.Event) -> list[float]:
    """Upload ``file`` on the ISS page and click "Load the file", ``count`` times: seconds from the click
    (or, when the uploader itself refuses, from choosing the file) to ``refusal`` on the page."""
    from playwright.sync_api import sync_playwright

    seconds: list[float] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            for _ in range(count):
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(f"{url}/iss?lang=en&rules=international")
                page.wait_for_selector(".skat-page-state[data-page=iss]", state="attached", timeout=120_000)
                page.wait_for_selector(IDLE, timeout=120_000)
                start = time.perf_counter()
                page.locator("[data-testid=stFileUploaderDropzoneInput]").set_input_files(str(file))
                load = page.locator(".st-key-upload_load_file button")
                said = page.get_by_text(refusal).first
                load.or_(said).first.wait_for(timeout=120_000)  # the button, or the uploader's own refusal
                if load.count():
                    start = time.perf_counter()
                    load.click()
                said.wait_for(timeout=120_000)
                seconds.append(time.perf_counter() - start)
                page.close()
            browser.close()
    finally:
        done.set()
    return seconds


def run_case(url: str, pid: int, file: Path, refusal: str, args: argparse.Namespace) -> dict[str, object]:
    """One hostile file uploaded again and again while the visitor loads Home, memory sampled."""
    peak = [rss_mb(pid)]
    before = peak[0]
    done = threading.Event()
    result: dict[str, object] = {}

    def sample() -> None:
        while not done.is_set():
            peak.append(rss_mb(pid))
            time.sleep(0.1)

    def upload() -> None:
        result["refusal_s"] = uploads(url, file, args.uploads, refusal, done)

    threads = [threading.Thread(target=sample), threading.Thread(target=upload)]
    for thread in threads:
        thread.start()
    time.sleep(1.0)  # the uploader at work before the visitor comes
    result["busy_ms"] = home_loads(url, args.loads, stop=done)
    for thread in threads:
        thread.join()
    result["memory"] = (before, max(peak), rss_mb(pid))
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=12, help="Home loads, quiet and under the upload")
    parser.add_argument("--uploads", type=int, default=6, help="hostile uploads per case")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        small = Path(tmp) / "lines.sgf"  # 400 KB: reaches the server, refused by the line cap
        small.write_bytes(b"x\n" * LINES)
        large = Path(tmp) / "records.sgf"  # the kind of file: refused by the uploader (1 MB)
        large.write_bytes(b"(;GM[Skat]ID[1]MV[w x];)\n" * LINES)
        env = {"SKAT_TRAINER_DB_URL": f"sqlite:///{Path(tmp) / 'upload.sqlite'}"}
        log = Path(os.environ.get("BENCH_LOG", Path(tmp) / "app.log"))
        with app(env, log) as (url, pid):
            home_loads(url, 2)  # warm up: the first runs import the pages
            quiet = home_loads(url, args.loads)
            print(summary("visitor's Home, quiet", quiet))
            cases = (
                (small, "too many lines: 200000, at most 500", "200,000 lines, 400 KB (the server's cap)"),
                (large, "File must be 1.0MB or smaller", "200,000 lines, 5 MB (the uploader's cap)"),
            )
            ok = True
            for file, refusal, name in cases:
                got = run_case(url, pid, file, refusal, args)
                refused = got["refusal_s"]
                busy = got["busy_ms"]
                before, highest, after = got["memory"]  # type: ignore[misc]
                assert isinstance(refused, list) and isinstance(busy, list)
                print(f"\n{name}:")
                print(
                    f"  refused in: n={len(refused)} median {statistics.median(refused):.2f} s, "
                    f"max {max(refused):.2f} s (goal <= {GOAL_REFUSAL_S:.0f} s)"
                )
                print(
                    f"  server memory: {before:.0f} MB before, {highest:.0f} MB at most, "
                    f"{after:.0f} MB after: +{highest - before:.0f} MB (goal <= {GOAL_MEMORY_MB:.0f} MB)"
                )
                print("  " + summary("visitor's Home meanwhile", busy))
                slowdown = statistics.median(busy) / statistics.median(quiet)
                print(f"  slowdown of the median: {slowdown:.2f}x (goal <= {GOAL_SLOWDOWN:.0f}x)")
                ok &= (
                    max(refused) <= GOAL_REFUSAL_S
                    and highest - before <= GOAL_MEMORY_MB
                    and slowdown <= GOAL_SLOWDOWN
                )
            print("\nall goals met" if ok else "\nA GOAL WAS MISSED")


if __name__ == "__main__":
    main()
