"""The ``skat-trainer`` command line: replay deal records and ISS records, print the bid ladder, value a game
(and ``solve`` when the solver package provides it). Output is JSON so that scripts and tests can read it.

    skat-trainer replay [--rules international|danish] FILE...     one JSON object per deal (JSON Lines)
    skat-trainer ladder [--rules R]                                 the bid ladder as a JSON list
    skat-trainer value [--rules R] --game G --cards "..." [...]     matadors, multiplier, value, overbid
    skat-trainer bot [--level beginner|club|expert] [--seed N]     a computer player (docs/bot-protocol.md)
    skat-trainer chances [--rules R] --cards "..." [--seat S] [--bids "..."] [--time-ms N]
                                                                    each game's chance, value, highest bid
    skat-trainer problems export [--rules R] [--theme T]           the card-play problems as JSON Lines
    skat-trainer problems check FILE                                re-solve each problem (1: a failure)
    skat-trainer problems generate --seed S --count N --out FILE    make problems from self-played deals

Exit status: 0 fine; 1 when a replayed record had an error or a file could not be read, and for cards,
a seat or an auction ``chances`` cannot judge; 2 for other bad command-line input (printed as one line on
stderr, argparse style).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import io
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from trainer.calc import SCHEMES
from trainer.cards import Card, parse_cards
from trainer.deal import Seat
from trainer.errors import N_, SkatError
from trainer.games import Declaration, GameType
from trainer.profiles import PROFILES, RuleProfile, get_profile
from trainer.records.deal_record import FORMAT as DEAL_RECORD_FORMAT
from trainer.records.deal_record import DealRecord
from trainer.records.iss import declaration_json, parse_record, record_id_guess, replay
from trainer.rules import Outcome
from trainer.rules.bidding import bid_ladder, check_bid_value
from trainer.rules.value import game_value, list_score, matadors, overbid_value
from trainer.scoring import settle

if TYPE_CHECKING:
    from trainer.chances import GameChance

PROG = "skat-trainer"
DEFAULT_RULES = "international"
EXIT_OK, EXIT_RECORD_ERROR, EXIT_USAGE = 0, 1, 2

Handler = Callable[[argparse.Namespace], int]


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of exiting, so :func:`main` returns the status."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: error: {message}")


class _UsageError(Exception):
    """Bad command-line input: reported as one line on stderr with exit status 2."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand (``solve`` only when the solver provides it; ``command`` is
    the subcommand about to run, so the solver is imported only when needed)."""
    parser = _Parser(prog=PROG, description="Skat Trainer command line (JSON output).")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    subparsers.required = True

    def rules_option(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "--rules",
            choices=sorted(PROFILES),
            default=DEFAULT_RULES,
            help=f"rule profile (default {DEFAULT_RULES})",
        )

    replay_parser = subparsers.add_parser(
        "replay",
        help="replay deal records and ISS game records: the outcome and the settlement, one JSON line each",
    )
    rules_option(replay_parser)
    replay_parser.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="a deal record (JSON; it names its own rules) or ISS record lines, mixed with deal records one "
        "a line ('-' = stdin); --rules applies to ISS lines",
    )
    replay_parser.set_defaults(handler=_replay_command)

    ladder_parser = subparsers.add_parser("ladder", help="print the profile's bid ladder")
    rules_option(ladder_parser)
    ladder_parser.set_defaults(handler=_ladder_command)

    value_parser = subparsers.add_parser("value", help="value of a declaration for a hand")
    rules_option(value_parser)
    value_parser.add_argument("--game", required=True, help="clubs, spades, hearts, diamonds, grand or null")
    value_parser.add_argument("--cards", required=True, help='the declarer\'s 10 cards, e.g. "CJ SJ CA ..."')
    value_parser.add_argument("--skat", help="the 2 skat cards (matadors are then counted with them)")
    value_parser.add_argument("--hand", action="store_true", help="hand game (no skat pickup)")
    value_parser.add_argument("--ouvert", action="store_true", help="open game (ouvert / på bordet)")
    value_parser.add_argument("--announce", choices=("schneider", "schwarz"), help="announced level")
    value_parser.add_argument("--bid", type=int, help="the bid, to check for an overbid")
    value_parser.set_defaults(handler=_value_command)

    bot_parser = subparsers.add_parser(
        "bot", help="a computer player on stdin/stdout: one JSON request per line (docs/bot-protocol.md)"
    )
    bot_parser.add_argument(
        "--level",
        choices=_bot_levels(command),
        default="expert",
        help="playing strength (default expert)",
    )
    bot_parser.add_argument(
        "--seed", type=int, default=0, help="seed for the bot's random choices (default 0)"
    )
    bot_parser.set_defaults(handler=_bot_command)

    chances_parser = subparsers.add_parser(
        "chances", help="each game's chance to win, value and highest worthwhile bid for a hand (JSON)"
    )
    rules_option(chances_parser)
    chances_parser.add_argument("--cards", required=True, help='the seat\'s 10 cards, e.g. "CJ SJ CA ..."')
    chances_parser.add_argument(
        "--seat", default="forehand", help="forehand (default), middlehand or rearhand (or 0, 1, 2)"
    )
    chances_parser.add_argument(
        "--bids",
        default="",
        help='the auction so far in ISS notation, with or without seats: "1 18 0 y 1 20 0 p" or "18 y 20 p"',
    )
    chances_parser.add_argument(
        "--time-ms", type=int, default=None, help="a time budget in milliseconds (the model needs a few)"
    )
    chances_parser.set_defaults(handler=_chances_command)

    from trainer.problems.command import register as register_problems

    register_problems(subparsers)
    _register_solver(subparsers, command)
    return parser


SOLVER_MODULE = "trainer.solver.command"


def _bot_levels(command: str | None) -> Sequence[str] | None:
    """The computer players' levels (the bots' own list), read only when ``bot`` runs or help is asked for:
    the other commands do not load the computer players. None: any word, as that command never reads it."""
    if command not in ("bot", None):
        return None
    from trainer.bots import LEVELS

    return LEVELS


def _register_solver(subparsers: Any, command: str | None) -> None:
    """Add ``solve`` when ``trainer.solver.command`` exists with ``register(subparsers)``.

    The solver's ``register`` adds its parser and sets ``handler`` (or ``func``): a function of the parsed
    arguments that returns the exit status, via ``set_defaults``. The module (and whatever heavy libraries it
    loads) is imported only when ``solve`` is the command or help is asked for; otherwise a placeholder keeps
    ``solve`` in the list of commands. A solver that fails to import makes ``solve`` report the error.
    """
    try:
        found = importlib.util.find_spec(SOLVER_MODULE) is not None
    except ImportError:
        found = False
    if not found:
        return
    if command not in ("solve", None):
        subparsers.add_parser("solve", help="solve a deal with open cards (see: skat-trainer solve --help)")
        return
    try:
        module = importlib.import_module(SOLVER_MODULE)
        register = getattr(module, "register")  # noqa: B009 - a clear AttributeError if it is missing
        register(subparsers)
    except Exception as error:  # the other commands must keep working when the solver is broken
        problem = f"{type(error).__name__}: {error}"
        with contextlib.suppress(argparse.ArgumentError):  # register() may have added 'solve' before failing
            broken = subparsers.add_parser("solve", help="solve a deal (currently unavailable)")
            broken.set_defaults(handler=lambda _args: _unavailable(problem))


def _unavailable(problem: str) -> int:
    print(f"{PROG} solve: error: the solver could not be loaded ({problem})", file=sys.stderr)
    return EXIT_USAGE


def _command_word(argv: Sequence[str]) -> str | None:
    """The subcommand named in ``argv`` (None when there is none, or when top-level help is asked for)."""
    for word in argv:
        if word in ("-h", "--help"):
            return None
        if not word.startswith("-"):
            return word
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (the console script passes it to ``sys.exit``)."""
    try:
        words = list(sys.argv[1:] if argv is None else argv)
        args = build_parser(_command_word(words)).parse_args(words)
        handler: Handler | None = getattr(args, "handler", None) or getattr(args, "func", None)
        if handler is None:
            raise _UsageError(f"{PROG}: error: the {args.command} command is not available")
        status = handler(args)
        return status if isinstance(status, int) else EXIT_OK
    except _UsageError as error:
        print(str(error), file=sys.stderr)
        return EXIT_USAGE
    except SystemExit as done:  # --help / --version print and stop; report their status instead of exiting
        return done.code if isinstance(done.code, int) else EXIT_USAGE
    except SkatError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, without a second error at interpreter exit.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


def _print_json(value: object, out: TextIO | None = None) -> None:
    stream = sys.stdout if out is None else out
    stream.write(json.dumps(value, ensure_ascii=False) + "\n")
    stream.flush()


# --- replay -------------------------------------------------------------------------------------------------


def _lines(name: str) -> Iterator[tuple[int, str]]:
    """The numbered lines of a file ('-' = stdin); an unreadable file raises OSError."""
    if name == "-":
        raw = getattr(sys.stdin, "buffer", None)
        if raw is None:  # a text stream without bytes underneath (tests)
            yield from enumerate(sys.stdin, start=1)
        else:
            for number, data in enumerate(raw, start=1):
                yield number, data.decode("utf-8", errors="replace")
        return
    with open(name, encoding="utf-8", errors="replace") as handle:
        yield from enumerate(handle, start=1)


def _number(amount: Decimal) -> int | float:
    """An amount as a JSON number (whole numbers stay whole)."""
    return int(amount) if amount == amount.to_integral_value() else float(amount)


def settlement_json(outcome: Outcome | None) -> dict[str, object] | None:
    """Each settlement scheme's amount per seat (forehand, middlehand, rearhand) for a finished deal, from
    its outcome (:func:`trainer.scoring.settle`); None when there is nothing to settle."""
    if outcome is None or outcome.passed_in:
        return None
    schemes: dict[str, object] = {}
    for scheme in SCHEMES:
        settled = settle(outcome, scheme)
        if settled is not None:
            schemes[scheme] = {"unit": settled.unit, "by_seat": [_number(a) for a in settled.by_seat]}
    return schemes


def _ending(outcome: Outcome) -> str:
    if outcome.passed_in:
        return "passed_in"
    if outcome.ramse is not None:
        return "ramsch" if outcome.ramsch else "ramse"
    if outcome.slaa_40_failed:
        return "slaa_40_failed"
    if outcome.thrown:
        return "thrown_before_play" if outcome.thrown_before_play else "thrown"
    return "ramse_grand" if outcome.ramse_grand else "played"


def deal_record_json(record: DealRecord, ident: str) -> dict[str, object]:
    """What ``skat-trainer replay`` prints for a deal record: the deal replayed (every move checked again),
    its outcome in the keys of an ISS replay, how it ended, and its settlement in every scheme."""
    state = record.replay()
    outcome = state.outcome()
    base: dict[str, object] = {"id": ident, "format": DEAL_RECORD_FORMAT, "rules": state.profile.name}
    if outcome is None:
        return {**base, "passed": False, "ending": "unfinished", "complete": False}
    if outcome.passed_in:
        return {**base, "passed": True, "ending": "passed_in", "complete": True}
    d, result = outcome.declaration, outcome.result
    return {
        **base,
        "passed": False,
        "ending": _ending(outcome),
        "declarer": None if outcome.declarer is None else int(outcome.declarer),
        **declaration_json(d),
        "musik": None if d is None else d.musik,
        "bid": outcome.bid,
        "matadors": outcome.matadors,
        "declarer_points": outcome.declarer_points,
        "declarer_tricks": outcome.declarer_tricks,
        "schneider": None if result is None else result.schneider,
        "schwarz": None if result is None else result.schwarz,
        "overbid": None if result is None else result.overbid,
        "won": outcome.won,
        "value": outcome.list_score,
        "kontra": outcome.kontra,
        "re": outcome.re,
        "spoerge": outcome.spoerge.value,
        "slaa_40_an": outcome.slaa_40_an,
        "points": list(outcome.points),
        "tricks": list(outcome.tricks),
        "complete": True,
        "settlement": settlement_json(outcome),
    }


def replay_lines(
    lines: Iterator[tuple[int, str]], profile: RuleProfile, source: str
) -> Iterator[dict[str, object]]:
    """One JSON-ready object per non-blank line: an ISS record's replay (or a deal record written on one
    line), with its settlement, or ``{"id", "error"}``."""
    for number, line in lines:
        if not line.strip():
            continue
        if line.lstrip("\ufeff").lstrip().startswith("{"):
            yield _deal_record_object(line, f"{source}:{number}", source, number)
            continue
        ident = record_id_guess(line)
        try:
            record = parse_record(line)
            ident = record.id
            replayed = replay(record, profile)
            obj = replayed.as_json()
            if not replayed.passed:
                obj["recorded_value"] = None if record.result is None else record.result.value
                obj["settlement"] = settlement_json(replayed.deal_outcome())
            yield obj
        except SkatError as error:
            yield {"id": ident, "error": f"{source} line {number}: {error}"}
        except Exception as error:  # a bug must not hide the remaining records behind a traceback
            problem = f"internal error {type(error).__name__}: {error}"
            yield {"id": ident, "error": f"{source} line {number}: {problem}"}


def _deal_record_object(text: str, ident: str, source: str, number: int) -> dict[str, object]:
    try:
        return deal_record_json(DealRecord.from_json(text.lstrip("\ufeff")), ident)
    except SkatError as error:
        return {"id": ident, "error": f"{source} line {number}: {error}"}
    except Exception as error:  # a bug must not hide the remaining records behind a traceback
        return {
            "id": ident,
            "error": f"{source} line {number}: internal error {type(error).__name__}: {error}",
        }


def _replay_objects(name: str, profile: RuleProfile, source: str) -> Iterator[dict[str, object]]:
    """The objects of one file, read as it comes (an ISS archive can be large): ISS record lines and deal
    records one a line; a file whose first line opens a JSON document it does not close is one deal record
    written over several lines."""
    lines = _lines(name)
    for number, line in lines:
        if not line.strip():
            continue
        text = line.lstrip("\ufeff").strip()
        if text.startswith("{") and not _json_line(text):
            whole = line + "".join(rest for _n, rest in lines)
            yield _deal_record_object(whole, source, source, number)
            return
        yield from replay_lines(iter([(number, line)]), profile, source)
        yield from replay_lines(lines, profile, source)
        return


def _json_line(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def _replay_command(args: argparse.Namespace) -> int:
    profile = get_profile(args.rules)
    status = EXIT_OK
    for name in args.files:
        source = "stdin" if name == "-" else name
        try:
            for obj in _replay_objects(name, profile, source):
                if "error" in obj:
                    status = EXIT_RECORD_ERROR
                _print_json(obj)
        except (OSError, UnicodeError) as error:
            reason = getattr(error, "strerror", None) or str(error)
            _print_json({"id": "", "error": f"cannot read {source}: {reason}"})
            status = EXIT_RECORD_ERROR
    return status


# --- ladder and value ---------------------------------------------------------------------------------------


def _ladder_command(args: argparse.Namespace) -> int:
    _print_json(list(bid_ladder(get_profile(args.rules))))
    return EXIT_OK


_GAME_NAMES = {game.value: game for game in GameType} | {game.iss_letter.lower(): game for game in GameType}


def _game(name: str) -> GameType:
    game = _GAME_NAMES.get(name.strip().lower())
    if game is None:
        raise _UsageError(
            f"{PROG} value: error: unknown game '{name}' "
            "(choose clubs, spades, hearts, diamonds, grand or null)"
        )
    return game


def _cards(text: str, count: int, what: str) -> tuple[Card, ...]:
    try:
        return parse_cards(text, count=count)
    except SkatError as error:
        raise _UsageError(f"{PROG} value: error: {what}: {error}") from None


def value_report(
    profile: RuleProfile,
    declaration: Declaration,
    cards: Sequence[Card],
    skat: Sequence[Card] = (),
    bid: int | None = None,
) -> dict[str, object]:
    """What ``skat-trainer value`` prints: matadors (counted with the skat when given), the multiplier (None
    for null), the value if won with exactly the declared levels, and with a bid whether that is an overbid
    and the list score of losing it as one (None when not overbid, and for null games, which can never be
    declared below the bid)."""
    d = profile.check_declaration(declaration)
    count = matadors((*cards, *skat), d.game)
    breakdown = game_value(profile, d, count)
    report: dict[str, object] = {
        "matadors": count,
        "multiplier": breakdown.multiplier,
        "value": breakdown.value,
    }
    if bid is not None:
        check_bid_value(profile, bid)
        overbid = breakdown.value < bid
        report["overbid"] = overbid
        # A null game below the bid can never be declared (trainer.rules.value.check_reachable), so it has no
        # overbid loss; a suit or grand game is settled on the profile's overbid valuation.
        loss = None
        if overbid and not d.game.is_null:
            loss = list_score(profile, False, overbid_value(profile, d, bid))
        report["overbid_loss"] = loss
    return report


def _value_command(args: argparse.Namespace) -> int:
    profile = get_profile(args.rules)
    game = _game(args.game)
    cards = _cards(args.cards, 10, "--cards")
    skat = _cards(args.skat, 2, "--skat") if args.skat is not None else ()
    both = set(cards) & set(skat)
    if both:
        shown = " ".join(card.iss for card in both)
        raise _UsageError(f"{PROG} value: error: {shown} is both in --cards and in --skat")
    declaration = Declaration(
        game,
        hand=args.hand,
        ouvert=args.ouvert,
        schneider_announced=args.announce in ("schneider", "schwarz"),
        schwarz_announced=args.announce == "schwarz",
    )
    try:
        report = value_report(profile, declaration, cards, skat, args.bid)
    except SkatError as error:
        raise _UsageError(f"{PROG} value: error: {error}") from None
    _print_json(report)
    return EXIT_OK


# --- bot ----------------------------------------------------------------------------------------------------


def _bot_command(args: argparse.Namespace) -> int:
    """Serve the bot protocol until the end of input (docs/bot-protocol.md). Every line gets exactly one reply
    line; a bad request gets ``{"error": ...}``; nothing but replies is written to stdout."""
    import traceback

    from trainer.bots.protocol import process_started, serve_line
    from trainer.solver import warm_up

    if args.level == "expert":
        # compile the solver's kernel in a thread; the rules of thumb answer meanwhile, and a short switch
        # interval keeps the replies' turn while the compiler runs
        sys.setswitchinterval(0.001)
        warm_up(block=False)
    raw = getattr(sys.stdin, "buffer", None)
    # a request that is already waiting was sent during the start-up: its budget runs from the start
    began = process_started() if _input_waiting(sys.stdin) else None
    while True:
        data = raw.readline() if raw is not None else sys.stdin.readline()
        if not data:
            return EXIT_OK
        line = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
        try:
            reply = serve_line(line, args.level, args.seed, began=began)
        except Exception as error:  # a bug must not end the session or print a traceback on stdout
            traceback.print_exc(file=sys.stderr)
            reply = {"error": f"internal error ({type(error).__name__}): {error}"}
        began = None
        _print_json(reply)


def _input_waiting(stream: TextIO) -> bool:
    """Whether a line can be read from ``stream`` without waiting (False where that cannot be asked)."""
    import select

    try:
        return bool(select.select([stream], [], [], 0)[0])
    except (OSError, ValueError, TypeError, io.UnsupportedOperation):
        return False


# --- chances -----------------------------------------------------------------------------------------------

_SEATS = {"forehand": Seat.FOREHAND, "middlehand": Seat.MIDDLEHAND, "rearhand": Seat.REARHAND}
_SEATS |= {str(int(seat)): seat for seat in Seat}


class _ChancesInputError(Exception):
    """Cards, a seat or an auction ``skat-trainer chances`` cannot judge: one line on stderr, exit 1."""


def auction_tokens(text: str, profile: RuleProfile) -> list[str]:
    """The auction as ``<seat> <token>`` pairs: ``"18 y 20 p"`` gets its seats from the order of the
    auction (middlehand bids first); ``"1 18 0 y"`` is taken as written. A bid off the ladder, a word that
    is no bid, or a move out of turn raises :class:`~trainer.errors.SkatError` (the auction's own words)."""
    from trainer.errors import BidError
    from trainer.rules import Bid, Hold, Pass, Phase, SkatGame

    words = text.split()
    with_seats = len(words) % 2 == 0 and all(word in ("0", "1", "2") for word in words[::2])
    if with_seats:
        return words
    auction = SkatGame(profile).auction()
    tokens: list[str] = []
    for word in words:
        seat = auction.to_move
        if auction.phase is not Phase.AUCTION or seat is None:
            raise BidError.of(
                N_("The bidding is over after '{said}': nothing more can be said."),
                said=" ".join(tokens[1::2]),
            )
        if word.isdigit():
            auction.apply(Bid(seat, int(word)))
        elif word == "y":
            auction.apply(Hold(seat))
        elif word == "p":
            auction.apply(Pass(seat))
        else:
            raise BidError.of(
                N_("'{word}' is not part of an auction: a bid (a number), y (hold) or p (pass)."), word=word
            )
        tokens += [str(int(seat)), word]
    return tokens


def chance_rows(chances: Sequence[GameChance]) -> list[dict[str, object]]:
    """What ``skat-trainer chances`` prints for each game."""
    rows: list[dict[str, object]] = []
    for chance in chances:
        d = chance.declaration
        announced = [
            name
            for name, said in (("schneider", d.schneider_announced), ("schwarz", d.schwarz_announced))
            if said
        ]
        rows.append(
            {
                "game": d.game.value,
                "hand": d.hand,
                "ouvert": d.ouvert,
                "announcements": announced,
                "value": chance.value,
                "win": chance.win,
                "win_low": chance.low,
                "win_high": chance.high,
                "highest_worthwhile_bid": chance.max_bid,
            }
        )
    return rows


def _chances_command(args: argparse.Namespace) -> int:
    from trainer.bots.protocol import view_from_moves
    from trainer.chances import game_chances
    from trainer.chances.open_check import checked_open

    profile = get_profile(args.rules)
    try:
        cards = parse_cards(args.cards, count=10)
        seat = _SEATS.get(args.seat.strip().lower())
        if seat is None:
            raise _ChancesInputError(
                f"unknown seat '{args.seat}' (choose forehand, middlehand or rearhand, or 0, 1, 2)"
            )
        if args.time_ms is not None and args.time_ms <= 0:
            raise _ChancesInputError(
                f"--time-ms must be a positive number of milliseconds, not {args.time_ms}"
            )
        deal = ["??"] * 32
        deal[10 * int(seat) : 10 * int(seat) + 10] = [card.iss for card in cards]
        moves = " ".join(["w", ".".join(deal), *auction_tokens(args.bids, profile)])
        view = view_from_moves(profile, seat, moves)
        # the open games checked as the coach checks them: the same chance and ceiling as its advice
        chances = checked_open(game_chances(view, time_ms=args.time_ms), profile, cards, seat)
    except (SkatError, _ChancesInputError) as error:
        print(f"{PROG} chances: error: {error}", file=sys.stderr)
        return EXIT_RECORD_ERROR
    _print_json(chance_rows(chances))
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
