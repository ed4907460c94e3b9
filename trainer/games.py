"""Game types and declarations: what the declarer announces before play.

>>> Declaration(GameType.CLUBS).describe()
'clubs'
>>> Declaration(GameType.NULL, hand=True, ouvert=True).describe()
'null ouvert hand'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from trainer.cards import Suit
from trainer.text import english


class GameType(Enum):
    """The six kinds of game: four suit games, grand and null (null variants are levels on a Declaration)."""

    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"
    CLUBS = "clubs"
    GRAND = "grand"
    NULL = "null"

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit of a suit game; None for grand and null."""
        return _TRUMP_SUIT.get(self)

    @property
    def is_suit(self) -> bool:
        return self in _TRUMP_SUIT

    @property
    def is_null(self) -> bool:
        return self is GameType.NULL

    @property
    def is_grand(self) -> bool:
        return self is GameType.GRAND

    @property
    def has_trumps(self) -> bool:
        """Jacks are trumps in suit games and grand, ordinary cards in null."""
        return self is not GameType.NULL

    @property
    def iss_letter(self) -> str:
        return _ISS_LETTER[self]

    @property
    def danish(self) -> str:
        return _DANISH_NAME[self]

    @classmethod
    def for_suit(cls, suit: Suit) -> GameType:
        return _SUIT_GAME[suit]


_TRUMP_SUIT = {
    GameType.DIAMONDS: Suit.DIAMONDS,
    GameType.HEARTS: Suit.HEARTS,
    GameType.SPADES: Suit.SPADES,
    GameType.CLUBS: Suit.CLUBS,
}
_SUIT_GAME = {suit: game for game, suit in _TRUMP_SUIT.items()}
_ISS_LETTER = {
    GameType.DIAMONDS: "D",
    GameType.HEARTS: "H",
    GameType.SPADES: "S",
    GameType.CLUBS: "C",
    GameType.GRAND: "G",
    GameType.NULL: "N",
}
_DANISH_NAME = {
    GameType.DIAMONDS: "Ruder",
    GameType.HEARTS: "Hjerter",
    GameType.SPADES: "Spar",
    GameType.CLUBS: "Klør",
    GameType.GRAND: "Grand",
    GameType.NULL: "Nul",
}

SUIT_GAMES: tuple[GameType, ...] = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS)


@dataclass(frozen=True, slots=True)
class Declaration:
    """What the declarer announces: the game and its announced levels.

    ``hand``: played without picking up the skat (af hånden). ``ouvert``: cards open (på bordet /
    null ouvert; for null with ``hand`` this is the Danish Dækker). ``schneider_announced`` and
    ``schwarz_announced`` exist only in the international profile (hand games). ``musik`` (0, 1, 2) exists
    only in the Danish profile. Whether a combination is allowed is the profile's decision:
    see :meth:`trainer.profiles.RuleProfile.check_declaration`.
    """

    game: GameType
    hand: bool = False
    ouvert: bool = False
    schneider_announced: bool = False
    schwarz_announced: bool = False
    musik: int = 0

    @property
    def declared_levels(self) -> tuple[str, ...]:
        """The level codes the declaration itself brings, in the order they are said: ``hand``,
        ``schneider_announced`` or ``schwarz_announced`` (an open game has announced them all, so neither
        is named), ``ouvert``, ``musik``. Null forms are named by hand and ouvert alone.

        >>> Declaration(GameType.GRAND, hand=True, schneider_announced=True).declared_levels
        ('hand', 'schneider_announced')
        """
        codes = []
        if self.hand:
            codes.append("hand")
        if not self.ouvert:
            if self.schwarz_announced:
                codes.append("schwarz_announced")
            elif self.schneider_announced:
                codes.append("schneider_announced")
        if self.ouvert:
            codes.append("ouvert")
        if self.musik:
            codes.append("musik")
        return tuple(codes)

    def describe(self) -> str:
        """English short form, e.g. ``grand hand schneider announced``; a null game says ``ouvert`` first
        (``null ouvert hand``)."""
        if self.game.is_null:
            return " ".join(
                [self.game.value] + (["ouvert"] if self.ouvert else []) + (["hand"] if self.hand else [])
            )
        words = {"schneider_announced": "schneider announced", "schwarz_announced": "schwarz announced"}
        parts = [self.game.value]
        for code in self.declared_levels:
            parts.append(f"musik {self.musik}" if code == "musik" else words.get(code, code))
        return " ".join(parts)


@english.register(GameType)
def _english_game(game: GameType) -> str:
    return game.value


@english.register(Declaration)
def _english_declaration(declaration: Declaration) -> str:
    return declaration.describe()
