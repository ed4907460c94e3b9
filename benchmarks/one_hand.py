"""Does the chance the coach gives one hand's hand game hold? The hand is kept, the other 22 cards are dealt
at random, the seat wins the auction at the lowest bid (the others pass), declares the game without the
skat, and the experts play it out at ``time_ms`` a decision (issue 41: "a win chance is calibrated against
real play").

The self-play benchmark judges the chances over the games the bots choose; this judges one hand the
lessons or the tests name (the textbook's chapter 6 hand, say) over many layouts, against the chance the
coach gives it (the open games checked as the coach checks them). Printed: games, won, the share won with
its Wilson 95 % interval, and the coach's chance. Deals are kept one JSON line each (``--out``; a run with
the same file goes on where it stopped).

    .venv/bin/python benchmarks/one_hand.py --profile danish --cards "CJ DJ CA CT CK C9 C7 SA HQ H8" \
        --game "clubs hand ouvert" --deals 150 --out /tmp/ch6-open.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import null_family

from trainer.bots.search import wilson
from trainer.cards import ALL_CARDS, Card, parse_cards
from trainer.chances import hand_chances
from trainer.chances.open_check import checked_open
from trainer.deal import Deal, Seat
from trainer.games import Declaration
from trainer.profiles import RuleProfile, get_profile
from trainer.records.deals import parse_declaration_words
from trainer.rules import Bid, DealState, Declare, Hold, Pass, Phase, SkatGame


def coach_chance(profile: RuleProfile, cards: tuple[Card, ...], seat: Seat, d: Declaration) -> float:
    """The chance the coach gives ``d`` for ``cards`` before anything is bid."""
    checked = checked_open(hand_chances(profile, cards, seat), profile, cards, seat)
    return next(c.win for c in checked if c.declaration == d)


def played(
    profile: RuleProfile, cards: tuple[Card, ...], seat: Seat, d: Declaration, layout: str, time_ms: int
) -> bool:
    """The layout seeded by ``layout`` played out: was the game won?"""
    rng = random.Random(layout)
    rest = [card for card in ALL_CARDS if card not in cards]
    rng.shuffle(rest)
    others = iter((tuple(rest[:10]), tuple(rest[10:20])))
    hands = tuple(cards if s is seat else next(others) for s in Seat)
    deal = Deal((hands[0], hands[1], hands[2]), (rest[20], rest[21]))
    state: DealState = SkatGame(profile).new_deal(deal=deal)
    while state.phase is Phase.AUCTION:
        mover = state.to_move
        assert mover is not None
        legal = state.view(mover).legal_moves
        state.apply(Pass(mover) if mover is not seat else next(m for m in legal if isinstance(m, Bid | Hold)))
    state.apply(Declare(seat, d))
    while state.phase is not Phase.FINISHED:
        null_family.expert_move(state, time_ms, rng)
    outcome = state.outcome()
    assert outcome is not None
    return bool(outcome.won)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="danish")
    parser.add_argument("--cards", required=True, help="the ten cards, ISS notation")
    parser.add_argument("--seat", default="forehand", choices=[s.name.lower() for s in Seat])
    parser.add_argument("--game", required=True, help='a hand game in words: "clubs hand ouvert"')
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--time-ms", type=int, default=300)
    parser.add_argument("--label", default="one-hand", help="the layouts' seed: layout i is LABEL|i")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    profile = get_profile(args.profile)
    cards = tuple(parse_cards(args.cards, count=10))
    seat = Seat[args.seat.upper()]
    d = parse_declaration_words(args.game)
    if not d.hand:
        parser.error("only hand games: a pickup game's result depends on the skat and the discard")
    done = [json.loads(line) for line in args.out.read_text().splitlines()] if args.out.exists() else []
    with args.out.open("a") as out:
        for i in range(len(done), args.deals):
            won = played(profile, cards, seat, d, f"{args.label}|{i}", args.time_ms)
            row = {"i": i, "game": args.game, "won": won}
            out.write(json.dumps(row) + "\n")
            out.flush()
            done.append(row)
            print(f"\r{i + 1}/{args.deals}", end="", file=sys.stderr, flush=True)
    won_all = sum(row["won"] for row in done)
    low, high = wilson(won_all, len(done))
    print(f"\n{args.profile} {args.seat} {args.cards}: {args.game}")
    print(f"coach's chance {coach_chance(profile, cards, seat, d):.3f}")
    share = won_all / len(done)
    print(f"won {won_all} of {len(done)}: {share:.3f} (95 % {low:.3f}-{high:.3f}) at {args.time_ms} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
