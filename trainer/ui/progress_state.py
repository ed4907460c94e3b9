"""The learner's place in the lessons (chapters done, the last chapter opened), kept in the session and,
once the learner is signed in to an account (:mod:`trainer.ui.auth`), in the persistent progress store.

Everything goes through :func:`mark_done`, :func:`is_done`, :func:`done_chapters`, :func:`last_chapter`
and :func:`set_last`. The ``state`` argument defaults to ``st.session_state`` (tests pass a dict). With a
learner signed in (:data:`LEARNER_ID_KEY` in the state) chapters marked done and the last chapter opened
are written to the store too, so they survive a restart. Un-marking a chapter only holds for the session
(the store keeps the first completion).
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

DONE_KEY = "progress_done"
LAST_KEY = "progress_last"
UNDONE_KEY = "progress_undone"
LEARNER_NAME_KEY = "learner_name"
"""Session key of the signed-in learner's display name (set by :func:`trainer.ui.auth.current_learner`)."""
LEARNER_ID_KEY = "learner_id"
"""Session key of the signed-in learner's store id (None when nobody is signed in). Only
:mod:`trainer.ui.auth` sets it, from a valid session token: no URL parameter or typed name does."""


_STORE_FOR: Any = None
"""The cached store maker, made once: a ``st.cache_resource`` made on every call would hash the function's
source again each time (a few milliseconds, several times in every run)."""


def get_store() -> Any:
    """The process-wide progress store for ``$SKAT_TRAINER_DB_URL`` (or the default SQLite file)."""
    global _STORE_FOR
    from trainer.store import database_url

    if _STORE_FOR is None:
        import streamlit as st

        from trainer.store import Store

        @st.cache_resource(show_spinner=False)
        def _store(url: str) -> Store:
            return Store(url)

        _STORE_FOR = _store
    return _STORE_FOR(database_url())


def _learner(state: MutableMapping[str, Any]) -> int | None:
    value = state.get(LEARNER_ID_KEY)
    return int(value) if isinstance(value, int) else None


def _state(state: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
    if state is not None:
        return state
    from trainer.ui.context import session_state

    return session_state()


def mark_done(slug: str, done: bool = True, state: MutableMapping[str, Any] | None = None) -> None:
    """Mark a chapter as done (or not done again)."""
    store = _state(state)
    chapters = set(store.get(DONE_KEY, ()))
    undone = set(store.get(UNDONE_KEY, ()))
    if done:
        chapters.add(slug)
        undone.discard(slug)
    else:
        chapters.discard(slug)
        undone.add(slug)
    store[DONE_KEY] = frozenset(chapters)
    store[UNDONE_KEY] = frozenset(undone)
    learner = _learner(store)
    if done and learner is not None:
        get_store().mark_lesson_done(learner, slug)


def is_done(slug: str, state: MutableMapping[str, Any] | None = None) -> bool:
    return slug in done_chapters(state)


def done_chapters(state: MutableMapping[str, Any] | None = None) -> frozenset[str]:
    store = _state(state)
    chapters = set(store.get(DONE_KEY, frozenset()))
    learner = _learner(store)
    if learner is not None:
        chapters |= set(get_store().lessons_done(learner))
    return frozenset(chapters - set(store.get(UNDONE_KEY, ())))


def last_chapter(state: MutableMapping[str, Any] | None = None) -> str | None:
    """The chapter the learner opened last (to resume there), or None."""
    store = _state(state)
    value = store.get(LAST_KEY)
    if isinstance(value, str):
        return value
    learner = _learner(store)
    return get_store().last_lesson(learner) if learner is not None else None


def set_last(slug: str, state: MutableMapping[str, Any] | None = None) -> None:
    store = _state(state)
    if store.get(LAST_KEY) == slug:
        return
    store[LAST_KEY] = slug
    learner = _learner(store)
    if learner is not None:
        get_store().mark_lesson_opened(learner, slug)
