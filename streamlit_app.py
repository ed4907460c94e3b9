"""Skat Trainer: the Streamlit entry script (``make run``).

Draws the language and rule-profile switches (remembered for the session and mirrored in the URL, so a link
such as ``/lesson?chapter=04-dealing&lang=da&rules=international`` opens the same view), then runs the page
chosen in the navigation built from the registry in ``trainer/ui/nav.py``.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st
from streamlit.navigation.page import StreamlitPage

from trainer.i18n import LANGUAGE_NAMES, LANGUAGES
from trainer.ui.auth import current_learner, current_teacher_class, sync_cookies
from trainer.ui.context import (
    FOUR_COLOUR_KEY,
    LANG_KEY,
    PROFILE_KEY,
    PROFILE_NAMES,
    adopt_query_params,
    choices_as_params,
    context_from_state,
    keep_choices,
    restore_choices,
    session_state,
)
from trainer.ui.nav import PAGES
from trainer.ui.style import apply_style
from trainer.ui.terms import profile_label

st.set_page_config(page_title="Skat Trainer", page_icon="🂡", layout="centered")
apply_style()
restore_choices(session_state())
adopt_query_params(session_state(), st.query_params.to_dict())

# The switches come first so that every page reads the session's choices from them.
with st.sidebar:
    t = context_from_state(session_state()).t
    st.segmented_control(
        t("Language"),
        LANGUAGES,
        key=LANG_KEY,
        required=True,
        format_func=lambda code: LANGUAGE_NAMES[code],
    )
    t = context_from_state(session_state()).t
    st.radio(
        t("Rules"),
        PROFILE_NAMES,
        key=PROFILE_KEY,
        format_func=lambda name: profile_label(name, t),
        help=t("Numbers in the live elements follow the rules chosen here."),
    )
    st.toggle(
        t("Four-colour cards"),
        key=FOUR_COLOUR_KEY,
        help=t("Clubs green, spades black, hearts red, diamonds orange."),
    )
keep_choices(session_state())
for name, value in choices_as_params(session_state()).items():
    st.query_params[name] = value
if FOUR_COLOUR_KEY in st.query_params and not st.session_state[FOUR_COLOUR_KEY]:
    del st.query_params[FOUR_COLOUR_KEY]

# Who is signed in comes from the session cookie (checked against the store on every run), never from the
# URL; the cookie script keeps the browser's cookie in step with this tab's sessions.
current_learner()
current_teacher_class()
sync_cookies()


def alias_of(page: StreamlitPage) -> Callable[[], None]:
    """A hidden page that only switches to ``page`` (for a second URL of it)."""

    def to_page() -> None:
        st.switch_page(page)

    return to_page


sections: dict[str, list[StreamlitPage]] = {}
for spec in PAGES:
    # The default page is served at "/" only, but reserves a name of its own: not its spec's name, which
    # the hidden alias below takes, so /home leads to Home too instead of "Page not found".
    page = st.Page(
        spec.path,
        title=t(spec.title),
        icon=spec.icon,
        url_path=f"{spec.url_path}-default" if spec.default else spec.url_path,
        default=spec.default,
    )
    sections.setdefault(t(spec.section), []).append(page)
    if spec.default:
        sections[t(spec.section)].append(
            st.Page(
                alias_of(page),
                title=t(spec.title),
                url_path=spec.url_path,
                visibility="hidden",
            )
        )

st.navigation(sections, expanded=True).run()
