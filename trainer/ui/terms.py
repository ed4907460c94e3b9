"""Translated names of Skat things (suits, games, seats, cards) for the UI.

The engine's values carry English and Danish names; here they go through the translator so the Danish UI
shows the Danish term with the English beside it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import singledispatch

from trainer.cards import Card, Rank, Suit
from trainer.deal import Seat
from trainer.errors import SkatError
from trainer.games import Declaration, GameType
from trainer.i18n import DEFAULT_LANGUAGE, N_, Translator
from trainer.profiles import RuleProfile
from trainer.rules.value import ValueBreakdown, danish_null_name
from trainer.text import Message, list_separator, upper_first


def suit_name(suit: Suit, t: Translator) -> str:
    """E.g. 'clubs' / 'klør (clubs)'."""
    names = {
        Suit.CLUBS: t("clubs"),
        Suit.SPADES: t("spades"),
        Suit.HEARTS: t("hearts"),
        Suit.DIAMONDS: t("diamonds"),
    }
    return names[suit]


_GAME_NAMES: dict[GameType, tuple[str, str]] = {
    GameType.CLUBS: (N_("clubs"), N_("Clubs ♣ (suit game)")),
    GameType.SPADES: (N_("spades"), N_("Spades ♠ (suit game)")),
    GameType.HEARTS: (N_("hearts"), N_("Hearts ♥ (suit game)")),
    GameType.DIAMONDS: (N_("diamonds"), N_("Diamonds ♦ (suit game)")),
    GameType.GRAND: (N_("grand"), N_("Grand (Jacks only trumps)")),
    GameType.NULL: (N_("null"), N_("Null (no trumps)")),
}
"""The one table of game names: the short word used inside a sentence or a table cell, and the full name
a game picker shows."""


def game_name(game: GameType, t: Translator) -> str:
    """The full name of a kind of game, e.g. 'Clubs ♣ (suit game)' / 'Klør ♣ (trumfspil)'."""
    return t(_GAME_NAMES[game][1])


def game_word(game: GameType, t: Translator) -> str:
    """Short name of a kind of game inside a sentence: 'clubs', 'grand' / 'klør (clubs)', 'grand'."""
    return t(_GAME_NAMES[game][0])


_LEVEL_NAMES: dict[str, str] = {
    "matadors": N_("with/without"),
    "game": N_("game"),
    "hand": N_("hand"),
    "schneider": N_("schneider"),
    "schneider_announced": N_("schneider announced"),
    "schwarz": N_("schwarz"),
    "schwarz_announced": N_("schwarz announced"),
    "ouvert": N_("ouvert"),
    "musik": N_("Musik"),
}


def level_label(code: str, t: Translator) -> str:
    """A level's name in the UI language (a code of ``ValueBreakdown.levels`` or
    ``Declaration.declared_levels``)."""
    return t(_LEVEL_NAMES[code])


BOT_LEVEL_NAMES: dict[str, str] = {
    "beginner": N_("beginner"),
    "club": N_("club player"),
    "expert": N_("expert"),
}
"""The computer players' levels (:data:`trainer.bots.player.LEVELS`) as the pages name them."""


def bot_level_name(level: str, t: Translator) -> str:
    """A computer player's level in the UI language (the level's code when it has no name)."""
    name = BOT_LEVEL_NAMES.get(level)
    return level if name is None else t(name)


def declaration_name(declaration: Declaration, t: Translator) -> str:
    """The one way the UI says a declaration, inside a sentence ('grand hand' / 'grand af hånden'); a table
    cell shows it with :func:`~trainer.text.upper_first`. English is the engine's own wording
    (``Declaration.describe``), so an English page says exactly what the engine says; Danish names the
    levels the declaration brings (``Declaration.declared_levels``) and the null forms by their Danish names
    (Nul-ouvert, Dækker)."""
    d = declaration
    if t.lang == DEFAULT_LANGUAGE:
        return d.describe()
    if d.game.is_null:
        return danish_null_name(d)
    parts = [game_word(d.game, t)]
    for code in d.declared_levels:
        parts.append(t("Musik {n}", n=d.musik) if code == "musik" else level_label(code, t))
    return " ".join(parts)


GAME_CHOICES: tuple[GameType, ...] = tuple(_GAME_NAMES)
"""The games offered in game pickers, in the traditional order."""


def scheme_name(scheme: str, t: Translator) -> str:
    """A settlement scheme (:data:`trainer.calc.SCHEMES`) in words."""
    names = {
        "list": t("List"),
        "seeger_fabian": t("Seeger-Fabian"),
        "danish_money": t("Danish money (øre)"),
        "online_stakes": t("Online stakes with commission"),
    }
    return names[scheme]


def seat_name(seat: Seat, t: Translator) -> str:
    """E.g. 'forehand' / 'forhånd (forehand)'."""
    names = {
        Seat.FOREHAND: t("forehand"),
        Seat.MIDDLEHAND: t("middlehand"),
        Seat.REARHAND: t("rearhand"),
    }
    return names[seat]


CONTEXT_MARK = "|"
"""Between a msgid's context and its text: ``"side|Right"`` is the player on the right, not "Right" the
correct answer (Danish "Højre", not "Rigtige"). English shows the text after the mark."""


def in_context(msgid: str, t: Translator, **values: object) -> str:
    """Translate a msgid that carries its context before :data:`CONTEXT_MARK` (gettext's msgctxt, kept in
    the msgid so the catalogs stay as they are): the translation, or without one the text after the mark."""
    text = t(msgid)
    if text == msgid:
        text = msgid.split(CONTEXT_MARK, 1)[-1]
    return text.format(**values) if values else text


_SIDES: dict[tuple[str, bool], str] = {
    ("you", False): N_("side|you"),
    ("you", True): N_("side|You"),
    ("left", False): N_("side|left"),
    ("left", True): N_("side|Left"),
    ("right", False): N_("side|right"),
    ("right", True): N_("side|Right"),
}
SIDES: tuple[str, ...] = ("you", "left", "right")
"""Where a player sits seen from the learner at the Play page's table: the learner, the next player
(on the left), the other (on the right)."""


def side_name(side: str, t: Translator, *, capital: bool = False) -> str:
    """'you' / 'left' / 'right' as the subject of a sentence or a column: 'You', 'Left', 'Right' / 'Du',
    'Venstre', 'Højre'."""
    return in_context(_SIDES[(side, capital)], t)


def side_of(seat: Seat, viewer: Seat) -> str:
    """Which of :data:`SIDES` ``seat`` is seen from ``viewer``: the viewer, the next (left), the other."""
    if seat is viewer:
        return "you"
    return "left" if seat is viewer.next else "right"


def thinking(who: str, t: Translator) -> str:
    """A computer deciding its move, said the one way wherever a page waits on it (the table's seat, the
    Play page's spinner): 'Left · middlehand is thinking…' / 'Venstre · mellemhånd tænker…'. ``who`` is
    plain text (the caller escapes for its markup)."""
    return t("{who} is thinking…", who=who)


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


# ---- engine messages (errors, settlement working) in the UI language --------------------------------------
_PROFILE_IN_SENTENCE = {
    "danish": N_("the Danish textbook rules"),
    "international": N_("the international rules"),
}


def profile_in_sentence(profile: RuleProfile, t: Translator) -> str:
    """The rules inside a sentence: 'the Danish textbook rules' / 'lærebogens danske regler'."""
    known = _PROFILE_IN_SENTENCE.get(profile.name)
    return t(known) if known else f"the {profile.title} rules"


@singledispatch
def say(value: object, t: Translator) -> str:
    """How a message parameter reads in the UI language: the one renderer of engine values for every page
    (errors, settlement working, quiz texts). Seats, suits, games and declarations by their translated
    names, cards with the language's rank letters (♣B in Danish), a value breakdown in the language's
    words, nested messages translated too, a minus as the typographic ``−``; numbers and other text
    unchanged (decimals with a comma in Danish)."""
    text = str(value)
    if text.startswith("-"):
        text = text.replace("-", "−")
    return decimal_comma(text) if t.lang == "da" else text


@say.register(bool)
def _say_bool(value: bool, t: Translator) -> str:
    return t("Yes") if value else t("No")


@say.register(Card)
def _say_card(value: Card, t: Translator) -> str:
    return card_label(value, t.lang)


@say.register(tuple)
@say.register(list)
def _say_sequence(value: Sequence[object], t: Translator) -> str:
    if not value:
        return t("none")
    return list_separator(value[0]).join(say(item, t) for item in value)


@say.register(Rank)
def _say_rank(value: Rank, t: Translator) -> str:
    return value.danish if t.lang == "da" else value.english


def value_words(breakdown: ValueBreakdown, t: Translator, *, count_only: bool = False) -> str:
    """A game value counted aloud in the UI language ('with 2, game 3 — 3 × 12 = 36' / 'med 2, spil 3 —
    ...'); ``count_only``: just the levels ('with 2, game 3')."""
    if t.lang == "da":
        return breakdown.danish_count() if count_only else breakdown.danish_words()
    return breakdown.english_count() if count_only else breakdown.english_words()


def value_words_beside(breakdown: ValueBreakdown, t: Translator) -> str:
    """The count in the other wording, to show beside the UI language's: the Danish textbook's words on an
    English page (the Danish term beside the English), the international words on a Danish page."""
    return breakdown.english_words() if t.lang == "da" else breakdown.danish_words()


def decimal_comma(text: str) -> str:
    """Danish writes decimals with a comma: '0.5 × 40 = 20' → '0,5 × 40 = 20'."""
    return re.sub(r"(?<=\d)\.(?=\d)", ",", text)


def t_message(message: Message, t: Translator) -> str:
    """An engine message (template + parameters) in the UI language, e.g. a settlement working line."""
    values = {name: say(value, t) for name, value in message.params.items()}
    return t(message.template, **values) if values else t(message.template)


def t_error(error: SkatError, t: Translator) -> str:
    """What to show for an engine error: its template translated with translated parameters. An error
    raised with plain text (no template) shows that text. The first letter is capitalised, as in English."""
    return upper_first(t_message(error.message, t))


_NAMED_BY: tuple[tuple[type, Callable[..., str]], ...] = (
    (Message, t_message),
    (SkatError, t_error),
    (Seat, seat_name),
    (Suit, suit_name),
    (GameType, game_word),
    (Declaration, declaration_name),
    (ValueBreakdown, value_words),
    (RuleProfile, profile_in_sentence),
)
"""The engine values :func:`say` renders with this module's own function for them."""
for _kind, _render in _NAMED_BY:
    say.register(_kind, _render)
