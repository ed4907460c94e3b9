"""Strategy positions for the tips chapter: small end positions with every card open (draw the trumps, count
the trumps, the lead when a ten cannot be saved, smear a ten onto the partner's trick, don't throw a ten in
second position). The learner picks the card to play; the open-hand solver values every legal card, so
the verdict and the comparison come from perfect play, not from the tip itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from trainer.cards import PLAYING_SEATS, Card, card_points, parse_cards
from trainer.deal import Seat
from trainer.games import GameType
from trainer.solver.analysis import solve_position
from trainer.text import N_, Message

T = Message.of

TIP_POSITION = "tip_position"
"""The progress store's question type of these exercises."""


@dataclass(frozen=True)
class TipPosition:
    """One position: the game, who declares, who leads the current trick, the cards still in each hand
    (forehand, middlehand, rearhand), the skat and the cards already in the trick; the tip it practises
    and a note on why the best card is best."""

    id: str
    game: GameType
    declarer: Seat
    leader: Seat
    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    skat: tuple[Card, ...]
    trick: tuple[Card, ...]
    tip: Message
    note: Message

    @property
    def to_move(self) -> Seat:
        return Seat((int(self.leader) + len(self.trick)) % PLAYING_SEATS)

    @property
    def points_in_play(self) -> int:
        """The card points the solver's values are out of: the hands, the trick and the skat."""
        return card_points((*self.hands[0], *self.hands[1], *self.hands[2], *self.skat, *self.trick))


@dataclass(frozen=True)
class PositionOutcome:
    """The solver's verdict: for each legal card, the declarer's card points (from the cards in play and
    the skat) after it with perfect play on all sides, and the cards that are best for the player to
    move."""

    values: dict[Card, int]
    best: tuple[Card, ...]


def _position(
    id: str,
    game: GameType,
    declarer: Seat,
    hands: str,
    skat: str,
    trick: str,
    tip: Message,
    note: Message,
    leader: Seat = Seat.FOREHAND,
) -> TipPosition:
    fh, mh, rh = (parse_cards(part) for part in hands.split("|"))
    return TipPosition(
        id, game, declarer, leader, (fh, mh, rh), parse_cards(skat), parse_cards(trick), tip, note
    )


POSITIONS: tuple[TipPosition, ...] = (
    _position(
        "draw-trumps",
        GameType.HEARTS,
        Seat.FOREHAND,
        "CJ HK SA ST|H7 DA DT DK|SK SQ CA CT",
        "D7 D8",
        "",
        T(N_("Draw the defenders' trumps before you cash your side Aces.")),
        T(
            N_(
                "Middlehand has no spades left but one trump, the ♥7. Lead a spade and it is trumped; lead a "
                "trump first and the ♥7 has to follow, then the ♠A and ♠10 stand."
            )
        ),
    ),
    _position(
        "count-trumps",
        GameType.GRAND,
        Seat.FOREHAND,
        "SJ HA HT HK|DJ C7 C8 C9|SA ST SK SQ",
        "D7 D8",
        "",
        T(N_("Count the trumps: in a grand there are only four, and one Jack is still out.")),
        T(
            N_(
                "Three Jacks have gone; the ♦J is still out, with middlehand, who has no hearts. The ♠J "
                "draws it, and then your hearts are all winners. Start with a heart and the ♦J takes it."
            )
        ),
    ),
    _position(
        "bare-ten",
        GameType.HEARTS,
        Seat.MIDDLEHAND,
        "ST S7 DK DQ|SA S8 HA HK|DA DT CA CK",
        "D7 D8",
        "",
        T(N_("As a defender, don't lead in a way that leaves your 10 alone.")),
        T(
            N_(
                "Your ♠10 cannot be saved: the declarer's ♠A stands above it whichever spade you lead, and "
                "a spade hands the declarer the lead for good. Lead a diamond instead: your partner's ♦A "
                "wins a trick with your ♦K on it, 15 points for the defence."
            )
        ),
    ),
    _position(
        "smear",
        GameType.SPADES,
        Seat.MIDDLEHAND,
        "CT DK D9|SA SK S7|HT H9 D7 D8",
        "H7 H8",
        "CA C7",
        T(N_("Smear (vimle): give your partner's safe trick your points.")),
        T(
            N_(
                "Your partner's ♣A wins the trick: you play last and the declarer has followed low. You have "
                "no clubs, so put the ♥10 on it; kept, it would only fall to the declarer later."
            )
        ),
    ),
    _position(
        "second-hand",
        GameType.GRAND,
        Seat.FOREHAND,
        "DK SA C7|HT H8 S7 S8|HA HK CA D7",
        "C8 C9",
        "DA",
        T(N_("In second position, don't throw a 10 onto the declarer's trick.")),
        T(
            N_(
                "The declarer's ♦A will win, and you cannot follow. A 10 thrown here is ten points for the "
                "declarer. Throw a small card and keep the ♥10 for your partner's ♥A later."
            )
        ),
    ),
)
"""The tips chapter's positions, in the order the chapter gives the tips."""


def position(position_id: str) -> TipPosition:
    """The position with this id."""
    for found in POSITIONS:
        if found.id == position_id:
            return found
    raise KeyError(position_id)


@cache
def outcome(position_id: str) -> PositionOutcome:
    """Every legal card of the player to move, valued by the open-hand solver (cached: fixed positions)."""
    found = position(position_id)
    values = {
        card: int(value)
        for card, value in solve_position(
            found.game,
            int(found.declarer),
            int(found.leader),
            found.hands,
            found.skat,
            found.trick,
        ).items()
    }
    declarer_moves = found.to_move == found.declarer
    target = max(values.values()) if declarer_moves else min(values.values())
    best = tuple(card for card in sorted(values, key=lambda c: c.index) if values[card] == target)
    return PositionOutcome(values, best)


__all__ = ["POSITIONS", "TIP_POSITION", "PositionOutcome", "TipPosition", "outcome", "position"]
