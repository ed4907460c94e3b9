"""Who this browser session is: the signed-in learner (an account) and the signed-in class teacher.

The proof is a session token from :class:`~trainer.store.accounts.AccountStore`, kept in two places:
``st.session_state`` (this tab, this connection) and a browser cookie (every tab, and after a reload or a
server restart). Every page run looks the token up in the store again, so a session signed out anywhere
ends here too; nothing else (no URL parameter, no typed name) ever makes a session someone.

Streamlit reads cookies (``st.context.cookies``, sent when the tab connects) but has no call to set one,
so the cookie is written by a few lines of JavaScript in the page (``st.html(...,
unsafe_allow_javascript=True)``, drawn by :func:`sync_cookies` once per run in ``streamlit_app.py``). The
script only ever sets the cookie to this session's valid token, and only deletes a cookie holding a token
this session knows to be dead, so a stale tab cannot sign out a newer session of another tab.

Pages use :func:`current_learner` / :func:`current_teacher_class` to learn who is there, and the sign-in
helpers after a form succeeded. ``LEARNER_ID_KEY`` / ``LEARNER_NAME_KEY`` in the session state follow the
learner session (the lesson, quiz, progress and play pages read them).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, MutableMapping
from typing import Any

import streamlit as st

from trainer.errors import StoreError
from trainer.store.accounts import (
    LEARNER_LIFETIME,
    LEARNER_SESSION,
    TEACHER_LIFETIME,
    TEACHER_SESSION,
    Account,
    AccountStore,
)
from trainer.store.classes import ClassStore
from trainer.store.db import database_url
from trainer.ui.context import session_state
from trainer.ui.progress_state import LEARNER_ID_KEY, LEARNER_NAME_KEY, get_store

LEARNER_COOKIE = "skat_trainer_learner"
TEACHER_COOKIE = "skat_trainer_teacher"
"""Cookie names: a browser may hold a learner session and a teacher session side by side."""
LEARNER_TOKEN_KEY = "auth_learner_token"
TEACHER_TOKEN_KEY = "auth_teacher_token"
"""Session-state keys of this tab's tokens."""
DEAD_TOKENS_KEY = "auth_dead_tokens"
"""Tokens this tab signed out or found expired: their cookie is deleted, and they are never adopted."""
TEACHER_KEY = "teacher_class_id"
"""Session key: the class the teacher session stands for (kept in step for the teacher pages)."""

_COOKIES = {LEARNER_SESSION: LEARNER_COOKIE, TEACHER_SESSION: TEACHER_COOKIE}
_TOKEN_KEYS = {LEARNER_SESSION: LEARNER_TOKEN_KEY, TEACHER_SESSION: TEACHER_TOKEN_KEY}
_LIFETIMES = {LEARNER_SESSION: LEARNER_LIFETIME, TEACHER_SESSION: TEACHER_LIFETIME}


@st.cache_resource(show_spinner=False)
def _account_store(url: str) -> AccountStore:
    return AccountStore(ClassStore(get_store()))


def account_store() -> AccountStore:
    """The process's account store on the configured database."""
    return _account_store(database_url())


def client_key() -> str:
    """Who is guessing, for the guessing limits: a hash of the browser's address (never stored in clear)."""
    try:
        address = st.context.ip_address
    except Exception:  # pragma: no cover - outside a browser session
        address = None
    return hashlib.sha256(f"skat-trainer client {address or 'local'}".encode()).hexdigest()[:32]


def browser_cookie(name: str) -> str | None:
    """A cookie the browser sent when this tab connected (None outside a browser, e.g. in AppTest)."""
    try:
        value = st.context.cookies.get(name)
    except Exception:  # pragma: no cover - no browser connection
        return None
    return str(value) if value else None


def _state() -> MutableMapping[str, Any]:
    return session_state()


def _dead(state: MutableMapping[str, Any]) -> list[str]:
    dead: list[str] = state.setdefault(DEAD_TOKENS_KEY, [])
    return dead


def _resolve(kind: str) -> tuple[str, int] | None:
    """(token, learner or class id) of this tab's valid session of ``kind``, else None (and a dead token
    is forgotten). A teacher session counts only while its account is the signed-in learner and still
    teaches the class (a co-teacher removed, or another account signed in, ends it)."""
    state = _state()
    key = _TOKEN_KEYS[kind]
    token = state.get(key)
    if not isinstance(token, str) or not token:
        token = browser_cookie(_COOKIES[kind])
    if not token or token in _dead(state):
        state.pop(key, None)
        return None
    found = account_store().session(token)
    subject = None
    if found is not None and found.kind == kind:
        subject = found.learner_id if kind == LEARNER_SESSION else found.class_id
    if subject is not None and found is not None and kind == TEACHER_SESSION:
        learner = _resolve(LEARNER_SESSION)
        teaches = (
            learner is not None
            and found.learner_id == learner[1]
            and account_store().classes.teacher_role(subject, learner[1]) is not None
        )
        if not teaches:
            subject = None
    if subject is None:
        state.pop(key, None)
        _dead(state).append(token)
        return None
    state[key] = token
    return token, subject


def current_learner() -> Account | None:
    """The learner this browser is signed in as (kept across reloads, tabs and restarts), else None.
    The play page and every page that keeps progress call this; it also keeps ``LEARNER_ID_KEY`` and
    ``LEARNER_NAME_KEY`` in step."""
    state = _state()
    found = _resolve(LEARNER_SESSION)
    if found is None:
        state[LEARNER_ID_KEY] = None
        state[LEARNER_NAME_KEY] = ""
        return None
    learner = account_store().store.get_learner(found[1])
    state[LEARNER_ID_KEY] = learner.id
    state[LEARNER_NAME_KEY] = learner.name
    return Account(learner.id, learner.name, learner.created_at)


def current_teacher_class() -> int | None:
    """The class whose teacher this browser is signed in as, else None (the projector in a second
    window finds the same session through the cookie)."""
    state = _state()
    found = _resolve(TEACHER_SESSION)
    if found is None:
        state.pop(TEACHER_KEY, None)
        return None
    state[TEACHER_KEY] = found[1]
    return found[1]


def deferred_download(
    accounts: AccountStore, token: str, learner_id: int, build: Callable[[], str]
) -> Callable[[], str]:
    """A learner's download (``st.download_button(data=...)``) built only when it is clicked, and only while
    the session ``token`` still signs in ``learner_id``: after signing out, in this tab, another one or
    everywhere, a click builds nothing (:class:`~trainer.errors.StoreError`). Streamlit runs it on a thread
    of its own, so it reads nothing from the page's session."""

    def contents() -> str:
        found = accounts.session(token)
        if found is None or found.kind != LEARNER_SESSION or found.learner_id != learner_id:
            raise StoreError("Signed out: sign in again to download your answers.")
        return build()

    return contents


def learner_download(learner_id: int, build: Callable[[], str]) -> Callable[[], str]:
    """:func:`deferred_download` for the learner signed in on this page."""
    token = _state().get(LEARNER_TOKEN_KEY)
    return deferred_download(account_store(), token if isinstance(token, str) else "", learner_id, build)


def sign_in_learner(learner_id: int) -> None:
    """Start a learner session for someone who has just proved who they are; the cookie is written on
    the next run (call ``st.rerun()``)."""
    _end(LEARNER_SESSION)
    new = account_store().start_learner_session(learner_id)
    _state()[LEARNER_TOKEN_KEY] = new.token
    current_learner()


def current_teacher() -> tuple[int, int] | None:
    """(class id, the teacher's account id) of this browser's teacher session, else None."""
    class_id = current_teacher_class()
    learner = _resolve(LEARNER_SESSION)
    if class_id is None or learner is None:
        return None
    return class_id, learner[1]


def sign_in_teacher(class_id: int, learner_id: int) -> None:
    """Start a teacher session: the signed-in account ``learner_id`` works with the class it chose (and
    passed the class password of, if it has one). Call ``st.rerun()`` next."""
    _end(TEACHER_SESSION)
    new = account_store().start_teacher_session(class_id, learner_id)
    _state()[TEACHER_TOKEN_KEY] = new.token
    current_teacher_class()


def _end(kind: str) -> None:
    found = _resolve(kind)
    if found is not None:
        account_store().end_session(found[0])
        _state().pop(_TOKEN_KEYS[kind], None)
        _dead(_state()).append(found[0])


def sign_out_learner(*, everywhere: bool = False) -> None:
    """End the learner session (in every tab; with ``everywhere`` on every device too)."""
    state = _state()
    _end(TEACHER_SESSION)  # a teacher works through their own account: signing it out ends both
    found = _resolve(LEARNER_SESSION)
    if found is not None and everywhere:
        account_store().end_all_sessions(learner_id=found[1])
    _end(LEARNER_SESSION)
    for key in ("class_member_id", "class_active_assignment"):
        state.pop(key, None)
    state[LEARNER_ID_KEY] = None
    state[LEARNER_NAME_KEY] = ""


def sign_out_teacher() -> None:
    """End the teacher session in every tab and window (the projector too)."""
    _end(TEACHER_SESSION)
    _state().pop(TEACHER_KEY, None)


def cookie_script(state: MutableMapping[str, Any]) -> str:
    """The JavaScript that brings the browser's cookies in line with this tab's sessions: set each to
    the valid token, delete one holding a dead token, leave anything else alone."""
    lines = []
    dead = list(_dead(state))
    for kind, name in _COOKIES.items():
        token = state.get(_TOKEN_KEYS[kind])
        want = token if isinstance(token, str) and token not in dead else ""
        max_age = int(_LIFETIMES[kind].total_seconds())
        lines.append(f"s({json.dumps(name)},{json.dumps(want)},{max_age});")
    return (
        "<script>(function(){"
        f"const dead={json.dumps(dead[-20:])};"
        "const sec=location.protocol==='https:'?'; Secure':'';"
        "function cur(n){const p=document.cookie.split('; ').find(c=>c.startsWith(n+'='));"
        "return p?decodeURIComponent(p.slice(n.length+1)):'';}"
        "function s(n,want,age){const now=cur(n);"
        "if(want&&now!==want){document.cookie=n+'='+encodeURIComponent(want)+'; path=/; max-age='+age+"
        "'; SameSite=Strict'+sec;}"
        "else if(!want&&now&&dead.includes(now)){"
        "document.cookie=n+'=; path=/; max-age=0; SameSite=Strict'+sec;}}" + "".join(lines) + "})();</script>"
    )


def sync_cookies() -> None:
    """Draw the (invisible) cookie script for this run; called once per run by ``streamlit_app.py``."""
    st.html("<style>.st-key-auth_cookies{display:none}</style>")
    with st.container(key="auth_cookies"):
        st.html(cookie_script(_state()), unsafe_allow_javascript=True)
