"""Page timings with AppTest (a benchmark, not a test).

For every page in the registry (and every lesson chapter) it measures the first render and a typical
interaction (a rerun after clicking the page's first button, or after switching the language when the page
has no button), several rounds each, and prints the median per page. Goals (issue 3): first render under
1 s, an interaction under 200 ms.

    .venv/bin/python benchmarks/pages.py [--rounds N] [--chapters]
"""

from __future__ import annotations

import argparse
import logging
import statistics
import sys
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from trainer.lessons import load_index  # noqa: E402
from trainer.ui.nav import PAGES  # noqa: E402

APP = str(ROOT / "streamlit_app.py")


def _time(fn: object) -> float:
    start = time.perf_counter()
    fn()  # type: ignore[operator]
    return (time.perf_counter() - start) * 1000


def measure(page_path: str, query: dict[str, str], rounds: int) -> tuple[float, float]:
    """Median first-render and interaction times (ms) for one page."""
    firsts: list[float] = []
    clicks: list[float] = []
    for _ in range(rounds):
        at = AppTest.from_file(APP, default_timeout=60)
        at.run()  # the entry script's first run lands on the default page
        for name, value in query.items():
            at.query_params[name] = value
        firsts.append(_time(lambda at=at: at.switch_page(page_path).run()))
        if at.exception:
            raise SystemExit(f"{page_path}: {at.exception[0].message}")
        buttons = [b for b in at.button if not b.disabled]
        if buttons:
            clicks.append(_time(lambda at=at, b=buttons[0]: b.click().run()))
        else:
            clicks.append(_time(lambda at=at: at.run()))
    return statistics.median(firsts), statistics.median(clicks)


def measure_play_card(rounds: int) -> float:
    """Median time (ms) from clicking a card on the Play page to the run that shows it in the trick. The
    opponents move in later runs (a ticking fragment), so this is the learner's own card only."""
    import os
    import tempfile

    from trainer.rules import PlayCard

    times: list[float] = []
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as tmp:
            os.environ["SKAT_TRAINER_DB_URL"] = f"sqlite:///{tmp}/bench.sqlite"
            os.environ["SKAT_TRAINER_PLAY_PACE"] = "0"
            at = AppTest.from_file(APP, default_timeout=60)
            at.query_params["rules"] = "international"
            at.run()
            at.switch_page("trainer/ui/pages/play.py").run()
            for _ in range(300):
                keys = [b.key for b in at.button if b.key and not b.disabled]
                cards = [k for k in keys if k.startswith("play_card-")]
                discarding = any(b.key == "play_two" for b in at.button)
                if cards and not discarding:
                    break
                for choice in (
                    "play_deal",
                    "play_say",
                    "play_hold",
                    "play_pickup",
                    "play_declare_go",
                    "play_window_0",
                ):
                    if choice in keys:
                        next(b for b in at.button if b.key == choice).click().run()
                        break
                else:
                    if discarding:
                        for key in cards[:2]:
                            next(b for b in at.button if b.key == key).click().run()
                        next(b for b in at.button if b.key == "play_two").click().run()
                    else:
                        at.run()
            os.environ["SKAT_TRAINER_PLAY_PACE"] = "0.9"  # the opponents wait for the next tick
            from trainer.store.play_store import PlayStore
            from trainer.table_session import seat_of_place
            from trainer.ui.progress_state import get_store

            store = PlayStore(get_store())
            token = at.query_params["evening"]
            evening = store.evening(token if isinstance(token, str) else token[0])
            assert evening is not None
            stored = store.deals(evening.id)[-1]
            view = stored.record().replay().view(seat_of_place(0, stored.number))
            legal = next(m.card for m in view.legal_moves if isinstance(m, PlayCard))
            button = next(b for b in at.button if b.key == f"play_card-{legal.iss}")
            times.append(_time(lambda at=at, b=button: b.click().run()))
    return statistics.median(times)


def main() -> None:
    logging.getLogger("streamlit").setLevel(logging.ERROR)
    for name in list(logging.root.manager.loggerDict):
        if name.startswith("streamlit"):
            logging.getLogger(name).setLevel(logging.ERROR)
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--chapters", action="store_true", help="also time every lesson chapter")
    args = parser.parse_args()
    rows: list[tuple[str, float, float]] = []
    for spec in PAGES:
        first, click = measure(spec.path, {}, args.rounds)
        rows.append((spec.url_path, first, click))
        print(f"{spec.url_path:<24} first_render_ms {first:7.1f}  interaction_ms {click:7.1f}", flush=True)
    if args.chapters:
        lesson = next(spec.path for spec in PAGES if spec.url_path == "lesson")
        for chapter in load_index():
            first, click = measure(lesson, {"chapter": chapter.slug}, args.rounds)
            rows.append((f"lesson/{chapter.slug}", first, click))
            print(f"{'lesson/' + chapter.slug:<24} first_render_ms {first:7.1f}  interaction_ms {click:7.1f}")
    card = measure_play_card(args.rounds)
    print(f"{'game (a card click)':<24} card_shown_ms {card:7.1f}", flush=True)
    worst_first = max(r[1] for r in rows)
    worst_click = max(r[2] for r in rows)
    print(f"pages {len(rows)} worst_first_render_ms {worst_first:.1f} worst_interaction_ms {worst_click:.1f}")


if __name__ == "__main__":
    main()
