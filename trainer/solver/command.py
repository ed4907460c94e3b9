"""``skat-trainer solve``: the open-hand value of every legal card of a position, as JSON.

    skat-trainer solve --game grand --declarer 0 --leader 0 \\
        --hands "CJ SA ...|ST S7 ...|HA H7 ..." --skat "D7 D8"

prints ``{"to_move": 0, "values": {"CJ": 71, ...}}``: for suit and grand games the card points the declarer
ends with (remaining tricks plus the given skat) when all three play perfectly; for null games whether the
declarer can avoid every remaining trick. Bad input goes to stderr with exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from trainer.cards import parse_cards, sort_hand
from trainer.errors import SkatError
from trainer.games import GameType
from trainer.solver.analysis import SEAT_NAMES, Analysis

_GAME_WORDS: dict[str, GameType] = {}
for _game in GameType:
    _GAME_WORDS[_game.value] = _game
    _GAME_WORDS[_game.iss_letter.lower()] = _game
    _GAME_WORDS[_game.danish.lower()] = _game
_GAME_WORDS.update({"nul": GameType.NULL, "klør": GameType.CLUBS, "klor": GameType.CLUBS})

_SEAT_WORDS = {name: seat for seat, name in enumerate(SEAT_NAMES)}
_SEAT_WORDS.update({"forhånd": 0, "mellemhånd": 1, "baghånd": 2, "fh": 0, "mh": 1, "rh": 2})


def parse_game(text: str) -> GameType:
    game = _GAME_WORDS.get(text.strip().lower())
    if game is None:
        raise SkatError(
            f"'{text}' is not a game. Use clubs, spades, hearts, diamonds, grand or null "
            "(or C, S, H, D, G, N)."
        )
    return game


def parse_seat(text: str, what: str) -> int:
    word = text.strip().lower()
    if word in ("0", "1", "2"):
        return int(word)
    if word in _SEAT_WORDS:
        return _SEAT_WORDS[word]
    raise SkatError(f"'{text}' is not a seat for the {what}. Use 0, 1, 2 or forehand, middlehand, rearhand.")


def solve_command(args: argparse.Namespace) -> int:
    """Handler of ``solve``: prints the JSON, or a readable error on stderr (exit 2)."""
    try:
        game = parse_game(args.game)
        declarer = parse_seat(args.declarer, "declarer")
        leader = parse_seat(args.leader, "leader")
        parts = args.hands.split("|")
        if len(parts) != 3:
            raise SkatError(
                "--hands needs three hands separated by '|': forehand|middlehand|rearhand "
                f"(got {len(parts)} part(s))."
            )
        hands = [parse_cards(part) for part in parts]
        skat = parse_cards(args.skat) if args.skat else ()
        trick = parse_cards(args.trick) if args.trick else ()
        analysis = Analysis(game, declarer, hands, skat)
        result = analysis.analyse(hands, leader, trick)
    except SkatError as exc:
        print(f"skat-trainer solve: {exc}", file=sys.stderr)
        return 2
    values: dict[str, Any] = {card.iss: result.values[card] for card in sort_hand(result.values)}
    print(json.dumps({"to_move": result.to_move, "values": values}))
    return 0


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``solve`` subcommand to an argparse subparsers object (handler in ``func``)."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "solve",
        help="open-hand value of every legal card of a position (JSON)",
        description=(
            "Exact value of every legal card of the player to move, all hands open and all three playing "
            "perfectly. Suit/grand: the declarer's card points from the remaining tricks plus the skat. "
            "Null: whether the declarer can avoid every remaining trick."
        ),
    )
    parser.add_argument(
        "--game", required=True, help="clubs, spades, hearts, diamonds, grand or null (C S H D G N)"
    )
    parser.add_argument(
        "--declarer", required=True, help="declarer's seat: 0/1/2 or forehand/middlehand/rearhand"
    )
    parser.add_argument("--leader", required=True, help="seat that leads the current trick")
    parser.add_argument(
        "--hands",
        required=True,
        help='"<forehand cards>|<middlehand cards>|<rearhand cards>" in ISS notation',
    )
    parser.add_argument("--skat", default="", help='the two cards counting for the declarer, e.g. "D7 D8"')
    parser.add_argument(
        "--trick", default="", help="cards already played to the current trick, in order from the leader"
    )
    parser.set_defaults(func=solve_command)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``solve`` on its own (``python -m trainer.solver.command --game ...``)."""
    parser = argparse.ArgumentParser(prog="skat-trainer")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["solve", *(sys.argv[1:] if argv is None else argv)])
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
