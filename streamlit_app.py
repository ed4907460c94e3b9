"""Skat Trainer: the Streamlit entry script (``make run``).

Draws the language and rule-profile switches (remembered for the session and kept in the URL), then runs the
page chosen in the navigation built from the registry in ``trainer/ui/nav.py``.
"""

from __future__ import annotations

import streamlit as st

from trainer.i18n import LANGUAGE_NAMES, LANGUAGES
from trainer.ui.context import (
    DEFAULT_PROFILE,
    FOUR_COLOUR_KEY,
    LANG_KEY,
    PROFILE_KEY,
    PROFILE_NAMES,
    context_from_state,
)
from trainer.ui.nav import PAGES
from trainer.ui.terms import profile_label

st.set_page_config(page_title="Skat Trainer", page_icon="🂡", layout="centered")

# The switches come first so that every page reads the session's choices from them.
with st.sidebar:
    t = context_from_state(st.session_state).t
    st.segmented_control(
        t("Language"),
        LANGUAGES,
        key=LANG_KEY,
        default=LANGUAGES[0],
        required=True,
        format_func=lambda code: LANGUAGE_NAMES[code],
        bind="query-params",
    )
    t = context_from_state(st.session_state).t
    st.radio(
        t("Rules"),
        PROFILE_NAMES,
        key=PROFILE_KEY,
        index=PROFILE_NAMES.index(DEFAULT_PROFILE),
        format_func=lambda name: profile_label(name, t),
        help=t("Numbers in the live elements follow the rules chosen here."),
        bind="query-params",
    )
    st.toggle(
        t("Four-colour cards"),
        key=FOUR_COLOUR_KEY,
        help=t("Clubs green, spades black, hearts red, diamonds orange."),
        bind="query-params",
    )

sections: dict[str, list[st.Page]] = {}  # type: ignore[valid-type]
for spec in PAGES:
    page = st.Page(
        spec.path, title=t(spec.title), icon=spec.icon, url_path=spec.url_path, default=spec.default
    )
    sections.setdefault(t(spec.section), []).append(page)

st.navigation(sections).run()
