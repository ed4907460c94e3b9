"""``skat-trainer problems``: export the collection, check a file, generate problems.

skat-trainer problems export [--rules R] [--theme T] [--role declarer|defender]   JSON Lines on stdout
skat-trainer problems check FILE                 re-solve every line; exit 1 when any fails
skat-trainer problems generate --seed S --count N --out FILE [--workers W]
                                                 play deals S..S+N-1 and append their problems
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def register(subparsers: Any) -> None:
    """Add the ``problems`` command and its three subcommands (nothing heavy is imported here)."""
    parser = subparsers.add_parser("problems", help="card-play problems: export, check, generate")
    inner = parser.add_subparsers(dest="problems_command", metavar="SUBCOMMAND", parser_class=type(parser))
    inner.required = True

    export = inner.add_parser("export", help="print the shipped collection as JSON Lines (docs/problems.md)")
    export.add_argument("--rules", choices=("danish", "international"), help="only this rule profile")
    export.add_argument("--theme", help="only problems with this theme")
    export.add_argument("--role", choices=("declarer", "defender"), help="only this side")
    export.set_defaults(handler=_export)

    check = inner.add_parser("check", help="re-solve every problem of a JSON Lines file; exit 1 on a failure")
    check.add_argument("file", metavar="FILE", help="JSON Lines ('-' = stdin)")
    check.add_argument("--quiet", action="store_true", help="print only the failures and the summary")
    check.set_defaults(handler=_check)

    generate = inner.add_parser("generate", help="make problems from self-played deals (resumable)")
    generate.add_argument("--seed", type=int, required=True, help="the first deal's seed")
    generate.add_argument("--count", type=int, required=True, help="how many deals to play")
    generate.add_argument("--out", required=True, help="the JSON Lines file to append to")
    generate.add_argument(
        "--workers", type=int, default=1, help="processes (default 1: the machine is shared)"
    )
    generate.set_defaults(handler=_generate)


def _export(args: argparse.Namespace) -> int:
    from trainer.problems.collection import select
    from trainer.problems.model import dumps
    from trainer.problems.themes import THEME_KEYS

    if args.theme is not None and args.theme not in THEME_KEYS:
        print(
            f"skat-trainer problems export: error: unknown theme '{args.theme}'; choose one of: "
            f"{', '.join(THEME_KEYS)}",
            file=sys.stderr,
        )
        return EXIT_USAGE
    for problem in select(rules=args.rules, theme=args.theme, role=args.role):
        sys.stdout.write(dumps(problem) + "\n")
    return EXIT_OK


def _check(args: argparse.Namespace) -> int:
    import json

    from trainer.problems.check import check_lines
    from trainer.solver import warm_up

    warm_up(True)
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
    except OSError as error:
        print(f"skat-trainer problems check: error: {args.file}: {error.strerror}", file=sys.stderr)
        return EXIT_FAILED
    checked = failed = 0
    for result in check_lines(text.splitlines()):
        checked += 1
        failed += not result.ok
        if not result.ok or not args.quiet:
            row = {
                "line": result.line,
                "id": result.ident,
                "ok": result.ok,
                "failures": list(result.failures),
            }
            print(json.dumps(row, ensure_ascii=False))
    print(json.dumps({"checked": checked, "failed": failed}))
    return EXIT_FAILED if failed else EXIT_OK


def _generate(args: argparse.Namespace) -> int:
    from trainer.problems.generate import run

    if args.count < 1 or args.workers < 1:
        print(
            "skat-trainer problems generate: error: --count and --workers must be at least 1", file=sys.stderr
        )
        return EXIT_USAGE
    added = run(Path(args.out), args.seed, args.count, workers=args.workers)
    print(f"{added} problems added to {args.out}", file=sys.stderr)
    return EXIT_OK
