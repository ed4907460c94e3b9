"""The learner's place in the lessons (chapters done, the last chapter opened), kept in the session.

A small interface so the persistent progress store can take over later without touching the pages:
everything goes through :func:`mark_done`, :func:`is_done`, :func:`done_chapters`, :func:`last_chapter`
and :func:`set_last`. The ``state`` argument defaults to ``st.session_state`` (tests pass a dict).
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

DONE_KEY = "progress_done"
LAST_KEY = "progress_last"


def _state(state: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
    if state is not None:
        return state
    import streamlit as st

    return st.session_state


def mark_done(slug: str, done: bool = True, state: MutableMapping[str, Any] | None = None) -> None:
    """Mark a chapter as done (or not done again)."""
    store = _state(state)
    chapters = set(store.get(DONE_KEY, ()))
    if done:
        chapters.add(slug)
    else:
        chapters.discard(slug)
    store[DONE_KEY] = frozenset(chapters)


def is_done(slug: str, state: MutableMapping[str, Any] | None = None) -> bool:
    return slug in _state(state).get(DONE_KEY, frozenset())


def done_chapters(state: MutableMapping[str, Any] | None = None) -> frozenset[str]:
    return frozenset(_state(state).get(DONE_KEY, frozenset()))


def last_chapter(state: MutableMapping[str, Any] | None = None) -> str | None:
    """The chapter the learner opened last (to resume there), or None."""
    value = _state(state).get(LAST_KEY)
    return value if isinstance(value, str) else None


def set_last(slug: str, state: MutableMapping[str, Any] | None = None) -> None:
    _state(state)[LAST_KEY] = slug
