"""Quiz texts in the learner's language: a :class:`~trainer.quiz.Text` (msgid + Skat values) becomes a
sentence. No Streamlit here, so tests can render every explanation in both languages."""

from __future__ import annotations

from trainer.cards import Card
from trainer.deal import Seat
from trainer.games import Declaration, GameType
from trainer.i18n import Translator
from trainer.quiz import Param, Text
from trainer.ui.terms import card_label, game_word, seat_name
from trainer.value import ValueBreakdown, danish_null_name


def declaration_words(d: Declaration, t: Translator, lang: str) -> str:
    """A declaration in words: 'clubs hand', 'grand på bordet', 'Dækker' / 'null ouvert hand'."""
    if d.game.is_null:
        if lang == "da":
            return danish_null_name(d)
        return d.describe()
    parts = [game_word(d.game, t)]
    if d.ouvert:
        parts.append(t("ouvert"))
    if d.hand:
        parts.append(t("hand"))
    if not d.ouvert:
        if d.schwarz_announced:
            parts.append(t("schwarz announced"))
        elif d.schneider_announced:
            parts.append(t("schneider announced"))
    return " ".join(parts)


def render_param(value: Param, t: Translator, lang: str) -> str:
    if isinstance(value, Text):
        return render(value, t, lang)
    if isinstance(value, bool):
        return t("Yes") if value else t("No")
    if isinstance(value, Seat):
        return seat_name(value, t)
    if isinstance(value, int):
        return str(value).replace("-", "−")
    if isinstance(value, str):
        return value.replace("-", "−") if value.startswith("-") else value
    if isinstance(value, GameType):
        return game_word(value, t)
    if isinstance(value, Declaration):
        return declaration_words(value, t, lang)
    if isinstance(value, ValueBreakdown):
        return value.danish_words() if lang == "da" else value.english_words()
    if not value:
        return t("none")
    if all(isinstance(item, Card) for item in value):
        return " ".join(card_label(card, lang) for card in value if isinstance(card, Card))
    return ", ".join(render(item, t, lang) for item in value if isinstance(item, Text))


def render(text: Text, t: Translator, lang: str) -> str:
    """The sentence in the translator's language, parameters named in that language."""
    values = {name: render_param(value, t, lang) for name, value in text.params}
    return t(text.key, **values) if values else t(text.key)
