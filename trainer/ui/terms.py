"""Translated names of Skat things (suits, games, seats, cards) for the UI.

The engine's values carry English and Danish names; here they go through the translator so the Danish UI
shows the Danish term with the English beside it.
"""

from __future__ import annotations

from trainer.cards import Card, Suit
from trainer.deal import Seat
from trainer.games import GameType
from trainer.i18n import Translator
from trainer.profiles import RuleProfile


def suit_name(suit: Suit, t: Translator) -> str:
    """E.g. 'clubs' / 'klør (clubs)'."""
    names = {
        Suit.CLUBS: t("clubs"),
        Suit.SPADES: t("spades"),
        Suit.HEARTS: t("hearts"),
        Suit.DIAMONDS: t("diamonds"),
    }
    return names[suit]


def game_name(game: GameType, t: Translator) -> str:
    """The name of a kind of game, e.g. 'Clubs game' / 'Klør (clubs)'."""
    names = {
        GameType.CLUBS: t("Clubs ♣ (suit game)"),
        GameType.SPADES: t("Spades ♠ (suit game)"),
        GameType.HEARTS: t("Hearts ♥ (suit game)"),
        GameType.DIAMONDS: t("Diamonds ♦ (suit game)"),
        GameType.GRAND: t("Grand (Jacks only trumps)"),
        GameType.NULL: t("Null (no trumps)"),
    }
    return names[game]


GAME_CHOICES: tuple[GameType, ...] = (
    GameType.CLUBS,
    GameType.SPADES,
    GameType.HEARTS,
    GameType.DIAMONDS,
    GameType.GRAND,
    GameType.NULL,
)
"""The games offered in game pickers, in the traditional order."""


def seat_name(seat: Seat, t: Translator) -> str:
    """E.g. 'forehand' / 'forhånd (forehand)'."""
    names = {
        Seat.FOREHAND: t("forehand"),
        Seat.MIDDLEHAND: t("middlehand"),
        Seat.REARHAND: t("rearhand"),
    }
    return names[seat]


def card_name(card: Card, lang: str) -> str:
    """The card's full name: 'Jack of clubs' or 'Klør Bonde'."""
    return card.danish if lang == "da" else card.english


def card_label(card: Card, lang: str) -> str:
    """Short label with the suit symbol: ♣J, ♥10 (Danish letters in Danish: ♣B, ♠D, ♥E)."""
    rank = card.rank.danish_short if lang == "da" else card.rank.short
    return card.suit.symbol + rank


def profile_name(profile: RuleProfile, t: Translator) -> str:
    """The profile as the switch shows it."""
    names = {"danish": t("Danish textbook rules"), "international": t("International rules")}
    return names.get(profile.name, profile.title)


def profile_label(name: str, t: Translator) -> str:
    """Label for a profile name ('danish' / 'international') in the switch."""
    names = {"danish": t("Danish textbook"), "international": t("International (ISkO)")}
    return names.get(name, name)


def upper_first(text: str) -> str:
    """Capitalise only the first letter ('forhånd (forehand)' -> 'Forhånd (forehand)')."""
    return text[:1].upper() + text[1:]
