"""What every page and live element receives: the session's language, rule profile, translator and card
style, and for a live element a key prefix for its widgets.

The shell (``streamlit_app.py``) renders the switches; each page calls :func:`page_context` once and passes
the context (and so the profile) down explicitly to everything it draws; a live element gets the page's
context with its own key (``ctx.keyed("calc-")``). There is no global current rule set.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass, replace
from typing import Any, cast

from trainer.cardart import RankLetters
from trainer.i18n import DEFAULT_LANGUAGE, LANGUAGES, Translator, get_translator
from trainer.profiles import DANISH, PROFILES, RuleProfile, get_profile

LANG_KEY = "lang"
PROFILE_KEY = "rules"
FOUR_COLOUR_KEY = "four_colour"
"""Session-state keys of the shell's switches (also their query-parameter names)."""
DEFAULT_PROFILE = DANISH.name
PROFILE_NAMES: tuple[str, ...] = tuple(PROFILES)


DANISH_UI = "da"


def is_danish(lang: str) -> bool:
    """Whether ``lang`` is the Danish UI (all Danish, no English glosses)."""
    return lang == DANISH_UI


def rank_letters(lang: str) -> RankLetters:
    """Corner letters on the cards: the Danish E K D B in the Danish UI, A K Q J otherwise."""
    return RankLetters.DANISH if is_danish(lang) else RankLetters.INTERNATIONAL


@dataclass(frozen=True)
class PageContext:
    """The session's choices, resolved to objects. A live element's context is the page's with a ``key``:
    the unique prefix of its Streamlit widget keys (``ctx.k("seed")``)."""

    lang: str
    profile: RuleProfile
    t: Translator
    four_colour: bool = False
    key: str = ""
    chapter: str = ""
    """The slug of the chapter showing a live element ("" elsewhere, e.g. a calculator page)."""

    @property
    def is_danish(self) -> bool:
        return is_danish(self.lang)

    @property
    def letters(self) -> RankLetters:
        """Corner letters on the cards: the Danish E K D B in the Danish UI."""
        return rank_letters(self.lang)

    def keyed(self, key: str) -> PageContext:
        """This context for a live element whose widget keys start with ``key``."""
        return replace(self, key=key)

    def k(self, name: str) -> str:
        """A widget key inside this element: ``ctx.k("seed")``."""
        return f"{self.key}{name}"


def context_from_state(state: Mapping[str, Any]) -> PageContext:
    """Build the context from session-state values, falling back to the defaults for anything missing."""
    lang = state.get(LANG_KEY) or DEFAULT_LANGUAGE
    if lang not in LANGUAGES:
        lang = DEFAULT_LANGUAGE
    profile_name = state.get(PROFILE_KEY) or DEFAULT_PROFILE
    if profile_name not in PROFILES:
        profile_name = DEFAULT_PROFILE
    return PageContext(
        lang=lang,
        profile=get_profile(profile_name),
        t=get_translator(lang),
        four_colour=bool(state.get(FOUR_COLOUR_KEY, False)),
    )


def session_state() -> MutableMapping[str, Any]:
    """This session's ``st.session_state`` as the string-keyed mapping the app uses (Streamlit types it
    as keyed by ``str | int``, which a ``Mapping[str, Any]`` parameter does not accept)."""
    import streamlit as st

    return cast("MutableMapping[str, Any]", st.session_state)


def page_context() -> PageContext:
    """The context of the current session (call once at the top of a page)."""
    return context_from_state(session_state())


URL_ADOPTED_KEY = "_url_choices_adopted"


def adopt_query_params(state: MutableMapping[str, Any], params: Mapping[str, str]) -> None:
    """Once per session, take language, rules and card style from the URL (``?lang=da&rules=international
    &four_colour=1``) so links open the app as they were shared; then fill in defaults for anything unset."""
    if not state.get(URL_ADOPTED_KEY):
        state[URL_ADOPTED_KEY] = True
        if params.get(LANG_KEY) in LANGUAGES:
            state[LANG_KEY] = params[LANG_KEY]
        if params.get(PROFILE_KEY) in PROFILES:
            state[PROFILE_KEY] = params[PROFILE_KEY]
        if FOUR_COLOUR_KEY in params:
            state[FOUR_COLOUR_KEY] = params[FOUR_COLOUR_KEY] in ("1", "true", "yes")
    state.setdefault(LANG_KEY, DEFAULT_LANGUAGE)
    state.setdefault(PROFILE_KEY, DEFAULT_PROFILE)
    state.setdefault(FOUR_COLOUR_KEY, False)


_KEPT_PREFIX = "_kept_"
_CHOICE_KEYS = (LANG_KEY, PROFILE_KEY, FOUR_COLOUR_KEY)


def restore_choices(state: MutableMapping[str, Any]) -> None:
    """Put back switch values that Streamlit dropped. A page switch started from a script
    (``st.switch_page``) can clear the sidebar widgets' state; a copy outside the widgets survives it."""
    for key in _CHOICE_KEYS:
        kept = state.get(_KEPT_PREFIX + key)
        if kept is not None and key not in state:
            state[key] = kept


def keep_choices(state: MutableMapping[str, Any]) -> None:
    """Copy the switches' values outside the widgets (see :func:`restore_choices`)."""
    for key in _CHOICE_KEYS:
        if key in state:
            state[_KEPT_PREFIX + key] = state[key]


def choices_as_params(state: Mapping[str, Any]) -> dict[str, str]:
    """The session's choices as query parameters (written back to the URL on every run)."""
    ctx = context_from_state(state)
    params = {LANG_KEY: ctx.lang, PROFILE_KEY: ctx.profile.name}
    if ctx.four_colour:
        params[FOUR_COLOUR_KEY] = "1"
    return params
