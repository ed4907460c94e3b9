"""The app's own CSS on every page, in one place: what the theme's settings cannot say.

Captions: Streamlit draws them in the text colour at 60 % opacity (#767d76 on the paper background
#fbfaf5, a contrast of 4.0:1); WCAG 2.1 AA asks 4.5:1 for normal text. :data:`CAPTION_COLOUR` at full
opacity is 5.7:1 on the paper, 5.0:1 on the secondary background and 4.9:1 on the sidebar's.
"""

from __future__ import annotations

import streamlit as st

CAPTION_COLOUR = "#5f665f"

APP_CSS = f"""<style>
[data-testid="stCaptionContainer"] {{ color: {CAPTION_COLOUR}; opacity: 1; }}
</style>"""


def apply_style() -> None:
    """Add the app's CSS to the page (a style-only element takes no room)."""
    st.html(APP_CSS)
