"""Where the Play page's waits go: every computer turn timed on the page's own path (issue 46).

The Play page makes a computer's move as ``session.computer_step()`` on the session loaded from the store,
then saves the deal and loads the evening again (``trainer/ui/pages/play.py``: ``_computer_moves``). This
benchmark does exactly that with the page's own functions and settings (``BOT_TIME_MS``, the rules' table
game, the store), while the learner at place 0 passes in the auction and plays its first legal card, and
reports per kind of turn (bid, pickup, discard, declaration, knock window, lead, follow) the thinking time
and the store's save-and-load time: median, 95th percentile and maximum, in milliseconds.

Each turn is held against its budget, the Play page's ``BOT_TIME_MS``: a turn thinking longer is counted
and listed. ``--burn N`` runs N busy loops meanwhile (the issue's loaded machine, load 2.6-10).

    python -m benchmarks.play_turns --rules international --level expert --deals 6 --burn 2
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from benchmarks.busy import busy_loops
from trainer.profiles import PROFILES
from trainer.records.iss import iss_line
from trainer.rules import Bid, Declare, Discard, Hold, Knock40, Pass, Phase, PickUp, PlayCard
from trainer.store import Store
from trainer.store.play_store import PlayStore
from trainer.store.sessions import deal_next, load_session, save_session
from trainer.table_session import Place, table_game

BOT_TIME_MS = 400
"""The Play page's thinking budget per computer decision (``trainer.ui.pages.play.BOT_TIME_MS``)."""
PLACES = (Place("human"), Place("bot"), Place("bot"))
LEARNER = 0


def kind_of(move: object, phase: Phase, leads: bool) -> str:
    """The kind of turn a computer's move was."""
    if isinstance(move, Bid | Hold | Pass | Knock40):
        return "auction"
    if isinstance(move, PickUp):
        return "pickup"
    if isinstance(move, Discard):
        return "discard"
    if isinstance(move, Declare):
        return "declare"
    if phase is Phase.KNOCK:
        return "knock window"
    if isinstance(move, PlayCard):
        return "lead" if leads else "follow"
    return type(move).__name__


def run(rules: str, level: str, deals: int, seed: int) -> dict[str, list[tuple[float, float]]]:
    """Play ``deals`` deals; per kind of computer turn, its (thinking ms, save-and-load ms)."""
    profile = PROFILES[rules]
    times: dict[str, list[tuple[float, float]]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as folder:
        play = PlayStore(Store(f"sqlite:///{Path(folder) / 'turns.sqlite'}"))
        evening = play.open_evening(
            "turns", learner_id=None, profile_name=rules, scheme="list", level=level, coach="none"
        )
        game = table_game(profile)

        def load():  # type: ignore[no-untyped-def]
            return load_session(play, evening, game, PLACES, time_ms=BOT_TIME_MS)

        for number in range(deals):
            loaded = load()
            deal_next(play, loaded, seed=seed + number)
            loaded = load()
            while not loaded.session.over:
                session = loaded.session
                turn = session.turn()
                assert turn is not None
                if turn.by_computer:
                    state = session.current
                    assert state is not None
                    phase, leads = state.phase, not state.current_trick
                    started = time.perf_counter()
                    decision = session.computer_step()
                    thought = time.perf_counter() - started
                    started = time.perf_counter()
                    save_session(play, loaded, iss_of=iss_line)
                    loaded = load()
                    stored = time.perf_counter() - started
                    times[kind_of(decision.move, phase, leads)].append((1000 * thought, 1000 * stored))
                    continue
                view = session.door(LEARNER).view()
                moves = view.legal_moves
                move = next(
                    (m for m in moves if isinstance(m, Pass | Knock40) and not getattr(m, "knock", False)),
                    None,
                )
                if move is None:
                    move = moves[0]
                session.door(LEARNER).act(move)
                save_session(play, loaded, iss_of=iss_line)
                loaded = load()
    return times


def _over(values: list[float]) -> str:
    late = ", ".join(f"{v:.0f}" for v in sorted(values) if v > BOT_TIME_MS)
    return f"over {BOT_TIME_MS} ms: {sum(v > BOT_TIME_MS for v in values)}" + (f" ({late})" if late else "")


def _summary(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):7.0f}  p95 {p95:7.0f}  max {ordered[-1]:7.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rules", choices=sorted(PROFILES), default="international")
    parser.add_argument("--level", choices=("beginner", "club", "expert"), default="expert")
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--seed", type=int, default=4600)
    parser.add_argument("--burn", type=int, default=0, help="busy-loop processes running meanwhile")
    args = parser.parse_args()
    with busy_loops(args.burn):
        times = run(args.rules, args.level, args.deals, args.seed)
    load = os.getloadavg()
    print(
        f"{args.rules}, {args.level}, {args.deals} deals, budget {BOT_TIME_MS} ms per decision (ms), "
        f"{args.burn} busy loops, load {load[0]:.1f} / {load[1]:.1f}:"
    )
    for kind, pairs in sorted(times.items()):
        thought = [p[0] for p in pairs]
        print(f"  {kind:13} n={len(pairs):3}  think {_summary(thought)}  {_over(thought)}")
        print(f"  {'':13} {'':5}  store {_summary([p[1] for p in pairs])}")


if __name__ == "__main__":
    main()
