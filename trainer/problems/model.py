"""The problem value type and its JSON Lines form (the format is documented in docs/problems.md).

A :class:`Problem` holds everything needed to re-check it: the position as the seat knows it, the goal,
the answer, and per legal card the number of layouts in which it reaches the goal, with how many layouts
were judged and whether they were all of them or a seeded sample.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from trainer.cards import ALL_CARDS, PLAYING_SEATS, Card, parse_card
from trainer.deal import Seat
from trainer.errors import SkatError
from trainer.games import Declaration, GameType
from trainer.problems.judge import Goal
from trainer.problems.position import Position
from trainer.profiles import get_profile
from trainer.rules.bidding import AuctionEvent

FORMAT_VERSION = 1
#: Deals from this seed on are null games set for the safest hand without an auction (see
#: :func:`trainer.problems.generate.null_deal`; self-play rarely bids null).
NULL_SEEDS_FROM = 1_000_000


_BY_ISS: dict[str, Card] = {card.iss: card for card in ALL_CARDS}


def _card(code: str) -> Card:
    """A card of a problem line: its ISS code looked up (the file writes nothing else; reading the whole
    collection parses some 75,000 cards), any other spelling parsed as everywhere else."""
    card = _BY_ISS.get(code)
    return card if card is not None else parse_card(code)


class ProblemError(SkatError):
    """A problem line that cannot be read, or whose answer does not hold up."""


@dataclass(frozen=True)
class CardScore:
    """One legal card: in how many of the judged layouts it reaches the goal."""

    card: Card
    reached: int


@dataclass(frozen=True)
class Bidding:
    """The auction of a problem's deal as its seat heard it: every bid, yes and pass in order, the bid the
    declarer won, and a Slå 40 an knock (the game the knocker meant only when the seat itself knocked)."""

    events: tuple[AuctionEvent, ...]
    bid: int
    knocker: Seat | None = None
    knock_game: GameType | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "events": [[int(e.seat), e.action, e.value] for e in self.events],
            "bid": self.bid,
            "knocker": None if self.knocker is None else int(self.knocker),
            "knock_game": None if self.knock_game is None else self.knock_game.value,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Bidding:
        events = []
        for seat, action, value in data["events"]:
            if action not in ("bid", "hold", "pass"):
                raise ProblemError(f"Unknown auction step '{action}' (bid, hold or pass).")
            events.append(AuctionEvent(Seat(int(seat)), action, None if value is None else int(value)))
        knocker, knock_game = data.get("knocker"), data.get("knock_game")
        return cls(
            tuple(events),
            int(data["bid"]),
            None if knocker is None else Seat(int(knocker)),
            None if knock_game is None else GameType(knock_game),
        )


@dataclass(frozen=True)
class Problem:
    """One card-play problem (see the module docstring)."""

    id: str
    profile: str
    declaration: Declaration
    declarer: Seat
    seat: Seat
    hand: tuple[Card, ...]
    played: tuple[tuple[Seat, Card], ...]
    skat: tuple[Card, ...] | None
    open_hands: tuple[tuple[Seat, tuple[Card, ...]], ...]
    goal: Goal
    answer: tuple[Card, ...]
    scores: tuple[CardScore, ...]
    layouts: int
    """How many layouts were judged."""
    total_layouts: int
    """How many consistent layouts exist (the unconstrained count of splits when drawn by rejection)."""
    sampled: bool
    sample_seed: int
    dominant: bool
    themes: tuple[str, ...] = ()
    difficulty: float = 0.5
    """Share of the beginner's and club player's tries that miss (0 easy .. 1 hard)."""
    misses: Mapping[str, float] = field(default_factory=dict)
    """Per bot level, the share of its tries that missed."""
    example: tuple[tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]], tuple[Card, ...]] | None = (
        None
    )
    """One typical layout (hands by seat, skat) where the answer reaches the goal and the best other card
    does not: shown only after the learner has answered."""
    deal_seed: int | None = None
    auction: Bidding | None = None
    """The deal's auction as the seat heard it (None: not known, as for a null deal set without bidding or
    a line from before the field)."""

    # ---- reading ----------------------------------------------------------------------------------
    @property
    def role(self) -> str:
        """``declarer`` or ``defender``."""
        return "declarer" if self.seat == self.declarer else "defender"

    def position(self) -> Position:
        return Position(
            get_profile(self.profile),
            self.declaration,
            self.declarer,
            self.seat,
            self.hand,
            self.played,
            self.skat,
            self.open_hands,
        )

    def share(self, card: Card) -> float:
        for score in self.scores:
            if score.card == card:
                return score.reached / self.layouts
        raise ProblemError(f"{card.symbol} is not a legal card in problem {self.id}.")

    @property
    def points(self) -> tuple[int, int]:
        """Card points taken so far: (declarer, defenders), the skat not counted."""
        return self.position().points_taken()

    @property
    def set_without_bidding(self) -> bool:
        """Whether the problem's deal is a null game set without an auction (nothing was bid)."""
        return self.deal_seed is not None and self.deal_seed >= NULL_SEEDS_FROM

    @property
    def trick_number(self) -> int:
        return len(self.played) // PLAYING_SEATS + 1

    # ---- JSON --------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        declarer_points, defender_points = self.points
        data: dict[str, Any] = {
            "v": FORMAT_VERSION,
            "id": self.id,
            "profile": self.profile,
            "declaration": {
                "game": self.declaration.game.value,
                "hand": self.declaration.hand,
                "ouvert": self.declaration.ouvert,
                "schneider_announced": self.declaration.schneider_announced,
                "schwarz_announced": self.declaration.schwarz_announced,
                "musik": self.declaration.musik,
            },
            "declarer": int(self.declarer),
            "seat": int(self.seat),
            "hand": [card.iss for card in self.hand],
            "played": [[int(seat), card.iss] for seat, card in self.played],
            "skat": None if self.skat is None else [card.iss for card in self.skat],
            "open_hands": [[int(seat), [card.iss for card in cards]] for seat, cards in self.open_hands],
            "points": {"declarer": declarer_points, "defenders": defender_points},
            "goal": self.goal.value,
            "answer": [card.iss for card in self.answer],
            "cards": [
                {"card": s.card.iss, "reached": s.reached, "share": round(s.reached / self.layouts, 4)}
                for s in self.scores
            ],
            "layouts": self.layouts,
            "total_layouts": self.total_layouts,
            "method": "sampled" if self.sampled else "enumerated",
            "sample_seed": self.sample_seed,
            "dominant": self.dominant,
            "themes": list(self.themes),
            "difficulty": round(self.difficulty, 4),
            "misses": {level: round(rate, 4) for level, rate in self.misses.items()},
            "deal_seed": self.deal_seed,
        }
        if self.auction is not None:
            data["auction"] = self.auction.to_json()
        if self.example is not None:
            hands, skat = self.example
            data["example"] = {
                "hands": [[c.iss for c in hand] for hand in hands],
                "skat": [c.iss for c in skat],
            }
        return data

    @classmethod
    def from_json(cls, data: object) -> Problem:
        if not isinstance(data, Mapping):
            raise ProblemError("A problem is a JSON object.")
        try:
            d = data["declaration"]
            declaration = Declaration(
                GameType(d["game"]),
                hand=bool(d.get("hand", False)),
                ouvert=bool(d.get("ouvert", False)),
                schneider_announced=bool(d.get("schneider_announced", False)),
                schwarz_announced=bool(d.get("schwarz_announced", False)),
                musik=int(d.get("musik", 0)),
            )
            example = None
            if data.get("example"):
                ex = data["example"]
                hands = tuple(tuple(_card(c) for c in hand) for hand in ex["hands"])
                example = ((hands[0], hands[1], hands[2]), tuple(_card(c) for c in ex["skat"]))
            method = data["method"]
            if method not in ("sampled", "enumerated"):
                raise ProblemError(f"Unknown layout method '{method}' (sampled or enumerated).")
            problem = cls(
                id=str(data["id"]),
                profile=str(data["profile"]),
                declaration=declaration,
                declarer=Seat(int(data["declarer"])),
                seat=Seat(int(data["seat"])),
                hand=tuple(_card(c) for c in data["hand"]),
                played=tuple((Seat(int(s)), _card(c)) for s, c in data["played"]),
                skat=None if data.get("skat") is None else tuple(_card(c) for c in data["skat"]),
                open_hands=tuple(
                    (Seat(int(s)), tuple(_card(c) for c in cards)) for s, cards in data.get("open_hands", [])
                ),
                goal=Goal(data["goal"]),
                answer=tuple(_card(c) for c in data["answer"]),
                scores=tuple(CardScore(_card(s["card"]), int(s["reached"])) for s in data["cards"]),
                layouts=int(data["layouts"]),
                total_layouts=int(data["total_layouts"]),
                sampled=method == "sampled",
                sample_seed=int(data["sample_seed"]),
                dominant=bool(data["dominant"]),
                themes=tuple(str(t) for t in data.get("themes", ())),
                difficulty=float(data.get("difficulty", 0.5)),
                misses={str(k): float(v) for k, v in data.get("misses", {}).items()},
                example=example,
                deal_seed=None if data.get("deal_seed") is None else int(data["deal_seed"]),
                auction=None if data.get("auction") is None else Bidding.from_json(data["auction"]),
            )
        except ProblemError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise ProblemError(f"A problem line is missing or garbles a field: {error}.") from None
        problem.position()  # the position must be one that can occur
        return problem


def dumps(problem: Problem) -> str:
    """One JSON line (no newline)."""
    return json.dumps(problem.to_json(), ensure_ascii=False, separators=(",", ":"))


def read_lines(lines: Iterable[str]) -> Iterator[Problem]:
    """The problems of JSON Lines text (blank lines skipped); a bad line raises a ProblemError naming it."""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield Problem.from_json(json.loads(line))
        except json.JSONDecodeError as error:
            raise ProblemError(f"Line {number} is not JSON: {error.msg}.") from None
        except SkatError as error:
            raise ProblemError(f"Line {number}: {error}") from None
