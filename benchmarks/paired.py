"""Paired A/B runs of the expert's card play: one role, the same contracts, a fixed node budget, settings
changed from the command line (a benchmark for tuning, not a test).

``strength.py`` measures the goals at ``time_ms`` 300, both roles, against the yardstick; a change of a few
card points is lost in the noise of two such runs and in the machine's load. Here the expert plays one role
(declarer, or both defenders) against the yardstick on the contracts of ``strength.py``, and stops after a
number of solver nodes a card: a run repeats exactly, so two runs of different settings differ only by
those settings, deal for deal. ``compare`` prints the paired differences with their 95 % intervals, for
all contracts and split by whether the contract is won with every card open.

    .venv/bin/python benchmarks/paired.py play --role declarer --seed 300000 --deals 200 > a.txt
    .venv/bin/python benchmarks/paired.py play --role declarer --seed 300000 --deals 200 \\
        --set trainer.bots.search.TOLERANCE=0 > b.txt
    .venv/bin/python benchmarks/paired.py compare a.txt b.txt   # b - a, deal for deal
    .venv/bin/python benchmarks/paired.py compare a.txt         # a against the yardstick

Differences are the expert's side's: card points more (suit and grand games) and games won more as
declarer; as defence, points the declarer was held lower and games beaten more. "won open" and "lost open"
are the contract's result with every card open and perfect play on both sides.

``--set`` changes an upper-case number or switch of a module (``trainer.bots.search.TOLERANCE``,
``trainer.bots.sampling.DID_NOT_SMEAR``). The code must read it from that module as it runs: a name that
another module imported by value keeps the old value there, and so does a default argument (a setting
that a function of its own module takes as a default is refused with that reason).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import json
import random
import sys
import time
import types
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import strength

from trainer.profiles import DANISH, INTERNATIONAL, RuleProfile
from trainer.solver import warm_up

ROLES = ("declarer", "defence")
PROFILES = {profile.name: profile for profile in (INTERNATIONAL, DANISH)}
DEFAULT_NODES = 2_000_000
"""About what ``time_ms`` 300 searches at the opening lead on the benchmark machine."""


KINDS = {int: "a whole number", float: "a number"}
SWITCH = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}


class SettingError(ValueError):
    """A ``--set`` that names no setting, or gives it a value of the wrong kind."""


def apply_setting(text: str) -> tuple[str, object, object]:
    """Set ``module.NAME=value`` (the value read as the setting's own type); returns the name, the old value
    and the new one, so a caller can put it back."""
    target, sep, raw = text.partition("=")
    module_name, dot, name = target.rpartition(".")
    if not sep or not dot or not name:
        raise SettingError(f"{text!r}: write a setting as module.NAME=value")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise SettingError(f"{text!r}: no module {module_name!r}") from error
    if not name.isupper() or not hasattr(module, name):
        raise SettingError(f"{text!r}: {module_name} has no setting {name!r}")
    bound = bound_as_default(module, name)
    if bound is not None:
        raise SettingError(
            f"{text!r}: {name} is the default argument of {bound}(), fixed when {module_name} loaded; "
            "a --set would not reach it"
        )
    old = getattr(module, name)
    kind = type(old)
    if kind not in (int, float, bool):
        raise SettingError(f"{text!r}: {name} is a {kind.__name__}; only numbers and switches can be set")
    new: object
    if kind is bool:
        if raw.lower() not in SWITCH:
            raise SettingError(f"{text!r}: {raw!r} is not a switch (true or false)")
        new = SWITCH[raw.lower()]
    else:
        try:
            new = kind(raw)
        except ValueError as error:
            raise SettingError(f"{text!r}: {raw!r} is not {KINDS[kind]}") from error
    setattr(module, name, new)
    return target, old, new


def bound_as_default(module: types.ModuleType, name: str) -> str | None:
    """The first function of ``module`` whose default argument is the setting ``name`` (such a default is
    evaluated once, when the module loads, so setting the name later changes nothing there), or None."""
    try:
        tree = ast.parse(inspect.getsource(module))
    except (OSError, TypeError):
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            defaults = [*node.args.defaults, *(d for d in node.args.kw_defaults if d is not None)]
            if any(isinstance(d, ast.Name) and d.id == name for d in defaults):
                return node.name
    return None


@dataclass(frozen=True)
class Played:
    """One contract: the yardstick in every seat (the base), and the expert in the role."""

    profile: str
    seed: int
    null: bool
    open_won: bool
    base: strength.Result
    expert: strength.Result

    def line(self) -> str:
        return json.dumps(
            {
                "profile": self.profile,
                "seed": self.seed,
                "null": self.null,
                "open_won": self.open_won,
                "base": [self.base.points, self.base.won],
                "expert": [self.expert.points, self.expert.won],
            }
        )

    @classmethod
    def parse(cls, line: str) -> Played:
        data = json.loads(line)
        return cls(
            data["profile"],
            data["seed"],
            data["null"],
            data["open_won"],
            strength.Result(*data["base"]),
            strength.Result(*data["expert"]),
        )


def play(profile: RuleProfile, role: str, first_seed: int, deals: int, nodes: int) -> Iterator[Played]:
    """The first ``deals`` contracts after ``first_seed``, each played by the yardstick alone and by the
    expert in ``role`` (the same random generator for both, so only the expert's cards differ)."""
    clock = strength.Clock()
    yardstick = strength.player("yardstick", strength.EXPERT_MS, clock)
    expert = strength.player("expert", strength.EXPERT_MS, clock, nodes)
    for deal in strength.contracts(profile, first_seed, deals):
        seed = deal.seed
        base = strength.play_out(deal, yardstick, yardstick, random.Random(seed))
        if role == "declarer":
            result = strength.play_out(deal, expert, yardstick, random.Random(seed))
        else:
            result = strength.play_out(deal, yardstick, expert, random.Random(seed))
        null = deal.declaration.game.is_null
        yield Played(profile.name, seed, null, strength.won_open(deal), base, result)


def header(role: str, nodes: int, settings: Sequence[str]) -> str:
    return f"# role {role} nodes {nodes} set {' '.join(settings) or '-'}"


def read_log(path: str) -> tuple[str, str, dict[tuple[str, int], Played]]:
    """A log's role, its header, and its contracts by (profile, seed)."""
    role, head, rows = "", "", {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.startswith("# role "):
            head = line
            role = line.split()[2]
        elif line.startswith("{"):
            row = Played.parse(line)
            rows[(row.profile, row.seed)] = row
    if role not in ROLES:
        raise SettingError(f"{path}: not a log of paired.py play (no '# role' line)")
    return role, head, rows


def gains(role: str, base: strength.Result, result: strength.Result) -> tuple[float, float]:
    """What ``result`` is better than ``base`` for the role's side: card points, and games (pp)."""
    sign = 1 if role == "declarer" else -1
    return sign * float(result.points - base.points), sign * 100.0 * (result.won - base.won)


def compare(paths: Sequence[str]) -> list[str]:
    """Paired differences of the second log against the first (or of one log against the yardstick)."""
    logs = [read_log(path) for path in paths]
    roles = {role for role, _, _ in logs}
    if len(roles) != 1:
        raise SettingError("the logs are of different roles: compare a role with itself")
    role = roles.pop()
    first = logs[0][2]
    second = logs[1][2] if len(logs) > 1 else None
    keys = [key for key in first if second is None or key in second]
    lines = [f"{path}: {head}" for path, (_, head, _) in zip(paths, logs, strict=True)]
    what = "second log - first" if second is not None else "the log's expert - the yardstick"
    common = " in common" if second is not None else ""
    lines.append(f"{role}, {what}, {len(keys)} contracts{common}, 95 % intervals:")
    for name, kept in (("all", None), ("won open", True), ("lost open", False)):
        chosen = [key for key in keys if kept is None or first[key].open_won is kept]
        points, games, changed = [], [], 0
        for key in chosen:
            a = first[key]
            before, after = (a.base, a.expert) if second is None else (a.expert, second[key].expert)
            point_gain, game_gain = gains(role, before, after)
            games.append(game_gain)
            if not a.null:
                points.append(point_gain)
            changed += after != before
        p_mean, p_half = strength.interval(points)
        g_mean, g_half = strength.interval(games)
        lines.append(
            f"  {name:9s} n {len(chosen):4d}  points {p_mean:+6.2f} ± {p_half:5.2f}  "
            f"games {g_mean:+6.1f} ± {g_half:5.1f} pp  ({changed} of them end otherwise)"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("play", help="play the contracts and print one line each")
    run.add_argument("--role", choices=ROLES, default="declarer")
    run.add_argument("--seed", type=int, default=300_000, help="contracts after this seed (default 300000)")
    run.add_argument("--deals", type=int, default=200, help="contracts per profile (default 200)")
    run.add_argument(
        "--nodes", type=int, default=DEFAULT_NODES, help="solver nodes a card (default 2,000,000)"
    )
    run.add_argument("--profiles", default="international,danish")
    run.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE", dest="settings")
    report = commands.add_parser("compare", help="paired differences of two logs (or one and the yardstick)")
    report.add_argument("logs", nargs="+", metavar="LOG")
    args = parser.parse_args(argv)
    try:
        if args.command == "compare":
            if len(args.logs) > 2:
                parser.error("compare takes one or two logs")
            print("\n".join(compare(args.logs)))
            return 0
        for setting in args.settings:
            apply_setting(setting)
        names = [name.strip() for name in args.profiles.split(",") if name.strip()]
        unknown = [name for name in names if name not in PROFILES]
        if unknown:
            parser.error(f"unknown profile {unknown[0]!r} (there are: {', '.join(PROFILES)})")
    except (SettingError, OSError) as error:
        parser.error(str(error))
    warm_up(block=True)
    print(header(args.role, args.nodes, args.settings), flush=True)
    began = time.perf_counter()
    for name in names:
        for row in play(PROFILES[name], args.role, args.seed, args.deals, args.nodes):
            print(row.line(), flush=True)
    print(f"# {time.perf_counter() - began:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
