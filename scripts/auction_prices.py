"""Write trainer/chances/prices.json: how high each seat has to go before the other two stop bidding.

    python scripts/auction_prices.py --deals 400 --seed 41

For seeded random deals of each profile, every hand's ceiling is the chance model's (the highest ceiling of
any of its games, nothing said yet). For each seat, the stronger of the other two would go to its ceiling
``c``: the seat has to reach ``c`` if it sits before that opponent (it holds) and the next bid above ``c``
if after it (it must say more); the lowest bid when neither opponent would bid. The shares per seat are the
table the drill grades answers with (:func:`trainer.chances.plan.answer_value`). The seat's own cards are
not taken into account (a strong hand makes strong opponents a little less likely): a simplification.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter

from trainer.cards import ALL_CARDS, HAND_SIZE
from trainer.chances import hand_chances
from trainer.chances.plan import PRICES_PATH
from trainer.deal import Seat
from trainer.profiles import PROFILES, RuleProfile
from trainer.rules.bidding import bid_ladder


def ceiling(profile: RuleProfile, cards: list, seat: Seat) -> int | None:  # type: ignore[type-arg]
    bids = [c.max_bid for c in hand_chances(profile, cards, seat) if c.max_bid is not None]
    return max(bids, default=None)


def price(profile: RuleProfile, seat: Seat, ceilings: dict[Seat, int | None]) -> int:
    rivals = [(c, s) for s, c in ceilings.items() if s is not seat and c is not None]
    if not rivals:
        return profile.min_bid
    top, rival = max(rivals, key=lambda item: (item[0], -int(item[1])))
    if int(seat) < int(rival):
        return top
    ladder = bid_ladder(profile)
    return next((b for b in ladder if b > top), ladder[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=41)
    args = parser.parse_args()
    started = time.time()
    table: dict[str, dict[str, dict[str, float]]] = {}
    for name, profile in PROFILES.items():
        rng = random.Random(f"{args.seed}/{name}")
        counts: dict[Seat, Counter[int]] = {seat: Counter() for seat in Seat}
        for _ in range(args.deals):
            deck = list(ALL_CARDS)
            rng.shuffle(deck)
            hands = {seat: deck[int(seat) * HAND_SIZE : (int(seat) + 1) * HAND_SIZE] for seat in Seat}
            ceilings = {seat: ceiling(profile, hands[seat], seat) for seat in Seat}
            for seat in Seat:
                counts[seat][price(profile, seat, ceilings)] += 1
        table[name] = {
            seat.name.lower(): {str(b): round(n / args.deals, 4) for b, n in sorted(counts[seat].items())}
            for seat in Seat
        }
    data = {
        "meta": {"deals": args.deals, "seed": args.seed, "seconds": round(time.time() - started)},
        "prices": table,
    }
    PRICES_PATH.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(data["meta"]))


if __name__ == "__main__":
    main()
