"""Perft for card play (as python-chess's perft files do for chess): the number of legal card sequences of
a given length from the first lead, for seeded deals and each game type. A count that changes means the
follow-suit or trick rules changed.

Positions: ``random_deal(seed, INTERNATIONAL)``, declarer ``seed % 3``, the skat picked up and the two
lowest-indexed of the declarer's 12 cards discarded, so OpenSpiel (which always picks up) can set up the
same position. Write the data file anew with ``python tests/engine/perft.py --write``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NamedTuple

from trainer.deal import Seat, random_deal
from trainer.games import Declaration, GameType
from trainer.profiles import INTERNATIONAL
from trainer.rules.play import GameState

DATA = Path(__file__).resolve().parents[1] / "data" / "perft.txt"
SEEDS = range(1, 9)
DEPTHS = (3, 6)


class PerftCase(NamedTuple):
    seed: int
    game: GameType
    depth: int
    count: int


def start_state(seed: int, game: GameType) -> GameState:
    """The position of a perft case, before the first lead."""
    deal = random_deal(seed, INTERNATIONAL)
    state = GameState(INTERNATIONAL, deal, Seat(seed % 3), Declaration(game))
    state.pick_up_skat()
    hand12 = sorted(state.hand(Seat(seed % 3)), key=lambda c: c.index)
    state.discard(hand12[:2])
    return state


def perft(state: GameState, depth: int) -> int:
    """Card sequences of exactly ``depth`` cards (a game that ends sooner contributes none)."""
    if depth == 0:
        return 1
    if state.is_finished:
        return 0
    total = 0
    for card in state.legal_cards():
        state.play(card)
        total += perft(state, depth - 1)
        state.undo()
    return total


def read_cases() -> list[PerftCase]:
    """The data file: ``seed game depth count`` per line; ``#`` starts a comment."""
    cases = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            seed, game, depth, count = line.split()
            cases.append(PerftCase(int(seed), GameType(game), int(depth), int(count)))
    return cases


def write_cases() -> None:
    lines = ["# seed game depth count  (see tests/engine/perft.py for the positions)"]
    for seed in SEEDS:
        for game in GameType:
            for depth in DEPTHS:
                lines.append(f"{seed} {game.value} {depth} {perft(start_state(seed, game), depth)}")
    DATA.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write_cases()
