"""Independent Skat arithmetic for checking the quiz (written from RULES.md, not from the engine)."""

from __future__ import annotations

from trainer.quiz import Message, Param, Question

POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
JACK_ORDER = ("CJ", "SJ", "HJ", "DJ")
SUIT_RUN = ("A", "T", "K", "Q", "9", "8", "7")
PLAIN_ORDER = ("A", "T", "K", "Q", "9", "8", "7")
NULL_ORDER = ("A", "K", "Q", "J", "T", "9", "8", "7")
SUIT_LETTER = {"clubs": "C", "spades": "S", "hearts": "H", "diamonds": "D"}
SUIT_BASE = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12}
GRAND_BASE = {"danish": 20, "international": 24}
SCHNEIDER = {"danish": (29, 30), "international": (30, 30)}
"""(defenders schneider with at most, declarer schneider with at most)."""
NULLS = {
    "danish": {(False, True): 46, (True, True): 59},
    "international": {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59},
}
MIN_BID = {"danish": 24, "international": 18}


def trumps(game: str) -> list[str]:
    if game == "null":
        return []
    if game == "grand":
        return list(JACK_ORDER)
    return list(JACK_ORDER) + [SUIT_LETTER[game] + r for r in SUIT_RUN]


def count_matadors(cards: list[str], game: str) -> int:
    order = trumps(game)
    held = set(cards)
    top = order[0] in held
    n = 0
    for card in order:
        if (card in held) != top:
            break
        n += 1
    return n if top else -n


def base(game: str, profile: str) -> int:
    return GRAND_BASE[profile] if game == "grand" else SUIT_BASE[game]


def is_trump(card: str, game: str) -> bool:
    if game == "null":
        return False
    if card[1] == "J":
        return True
    return game != "grand" and card[0] == SUIT_LETTER[game]


def follows_as(card: str, game: str) -> str:
    return "trump" if is_trump(card, game) else card[0]


def strength(card: str, led: str, game: str) -> int:
    if is_trump(card, game):
        return 100 - trumps(game).index(card)
    if card[0] != led:
        return -1
    order = NULL_ORDER if game == "null" else PLAIN_ORDER
    return 50 - order.index(card[1])


def ladder(profile: str) -> set[int]:
    values: set[int] = set()
    for game, b in SUIT_BASE.items():
        values |= {b * m for m in range(2, 19)}
        del game
    values |= {GRAND_BASE[profile] * m for m in range(2, 12)}
    values |= set(NULLS[profile].values())
    return {v for v in values if v >= MIN_BID[profile]}


def iss(cards: object) -> list[str]:
    return [c.iss for c in cards]  # type: ignore[attr-defined]


def params(text: Message) -> list[tuple[str, Param]]:
    """Every parameter in a text tree, depth first."""
    found: list[tuple[str, Param]] = []
    for name, value in text.params.items():
        found.append((name, value))
        if isinstance(value, Message):
            found += params(value)
        elif isinstance(value, tuple):
            for item in value:
                if isinstance(item, Message):
                    found += params(item)
    return found


def keys(text: Message) -> list[str]:
    found = [text.template]
    for _name, value in text.params.items():
        if isinstance(value, Message):
            found += keys(value)
    return found


def param(question: Question, name: str) -> Param:
    for key, value in params(question.prompt):
        if key == name:
            return value
    raise KeyError(name)
