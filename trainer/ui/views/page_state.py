"""The page's state, published for tests: one hidden element per page run, ``<div class="skat-page-state"
data-page="game" data-run="12" data-phase="play" data-move-count="17" …>``.

A browser test cannot see the session; it sees the page. So that every step of a test can be "act, then
wait until the app says the act was taken" (not "wait a while", not "wait for some run"), each page says
where it stands in a few ``data-*`` attributes on one element it draws at the end of its run. A test waits
until the app is idle and that element shows what the act should lead to (a higher move count, the next
chapter, a result), and fails naming what it expected and what the element showed.

How a page publishes (``trainer/ui/pages/*.py``)::

    run_page("lesson", render)          # instead of render(page_context()): draws the element at the end
    note_state(chapter=slug)            # anywhere during the run: one more attribute
    st.fragment(...)(published_fragment(ctx, "game", _table))(...)  # a fragment that redraws on its own

Every element carries ``data-page`` (the page's URL path), ``data-lang``, ``data-rules`` and ``data-run``
(counts this session's published runs: it grows with every run of the page or its publishing fragment).
The attributes each page adds are listed in ``trainer/ui/views/README.md``; keep them when changing a page.

Only what the page's viewer may see goes in (a seat's own hand and legal cards, never another's), as for
anything drawn. Values are plain text, escaped here. A run that ends early (``st.rerun``, ``st.stop``, an
exception) publishes nothing, so a test never mistakes a half-drawn page for a finished one.
"""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import wraps
from typing import ParamSpec

import streamlit as st

from trainer.rules import PlayCard, SeatView
from trainer.ui.context import PageContext, page_context

STATE_CLASS = "skat-page-state"
"""The class of the state element (tests find it with ``.skat-page-state``)."""
RUN_KEY = "_page_state_run"
"""Session key: how many runs this session has published (the element's ``data-run``)."""

Value = str | int | bool | None | Iterable[str]
"""An attribute's value: text, a number, a flag (``1``/``0``), nothing (empty), or words (space-joined)."""

_NAME = re.compile(r"[a-z][a-z0-9_]*")
_HIDE = f"<style>.stElementContainer:has(> [data-testid=stHtml] > .{STATE_CLASS}){{display:none}}</style>"
_ATTRIBUTE = re.compile(r'data-([a-z0-9-]+)="([^"]*)"')

P = ParamSpec("P")


@dataclass
class _Run:
    """What one page (or fragment) run has noted so far."""

    page: str
    fields: dict[str, str] = field(default_factory=dict)
    drawn: bool = False


_current = threading.local()
"""The run being published on this thread (each Streamlit session runs its script in its own thread)."""


def _text(value: Value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int | str):
        return str(value)
    return " ".join(str(item) for item in value)


def _attributes(fields: dict[str, Value]) -> dict[str, str]:
    out = {}
    for name, value in fields.items():
        if not _NAME.fullmatch(name):
            raise ValueError(f"not a state attribute name: {name!r}")
        out[name.replace("_", "-")] = _text(value)
    return out


def note_state(**fields: Value) -> None:
    """Add attributes to what the running page publishes (``move_count=17`` becomes
    ``data-move-count="17"``). Outside a published run (a live element tested on its own) it does
    nothing."""
    attributes = _attributes(fields)
    run: _Run | None = getattr(_current, "run", None)
    if run is not None:
        run.fields.update(attributes)


def note_view(view: SeatView, **fields: Value) -> None:
    """The state of a live deal as its seat sees it, with ``fields``: ``phase`` (a
    :class:`~trainer.rules.game.Phase` value), ``turn`` (``me``, ``other``, or empty when nobody is to move)
    and
    ``legal`` (the seat's own cards it may play now, ISS codes; empty when it is not its turn)."""
    legal = [move.card.iss for move in view.legal_moves if isinstance(move, PlayCard)]
    turn = "" if view.to_move is None else ("me" if view.my_turn else "other")
    note_state(phase=view.phase.value, turn=turn, legal=legal, **fields)


def _draw(run: _Run) -> None:
    count = int(st.session_state.get(RUN_KEY, 0)) + 1
    st.session_state[RUN_KEY] = count
    attributes = {"page": run.page, **run.fields, "run": str(count)}
    body = " ".join(f'data-{name}="{html.escape(value, quote=True)}"' for name, value in attributes.items())
    st.html(f'{_HIDE}<div class="{STATE_CLASS}" {body}></div>')
    run.drawn = True


@contextmanager
def published(ctx: PageContext, page: str, *, base: dict[str, str] | None = None) -> Iterator[None]:
    """Publish the state of the page drawn inside the block: the element is drawn when the block ends
    normally (after an early ``return`` of the page's render too). Nested in a page's run (a fragment
    drawn in a full run) the inner block draws the one element, with the outer block's notes so far, and
    the outer block draws none; notes made after it are not published. ``base``: attributes to start from
    when there is no outer block (a fragment's own run keeps what its page noted before it)."""
    outer: _Run | None = getattr(_current, "run", None)
    start = outer.fields if outer is not None else (base or {})
    run = _Run(page, dict(start))
    run.fields.update(_attributes({"lang": ctx.lang, "rules": ctx.profile.name}))
    _current.run = run
    try:
        yield
        if not run.drawn:
            _draw(run)
        if outer is not None:
            outer.drawn = True
    finally:
        _current.run = outer


def publish_now() -> None:
    """Publish the running page's state at once, before the run goes on (nothing outside a published run,
    nothing a second time). For a run that has drawn all it shows and then only waits and reruns (the Play
    page's answer, drawn before the page ticks for the computers): the answer is on the page, and says so,
    without the rerun's delay. Notes made after it are not published."""
    run: _Run | None = getattr(_current, "run", None)
    if run is not None and not run.drawn:
        _draw(run)


def run_page(page: str, render: Callable[[PageContext], None]) -> None:
    """Run a page script's ``render`` with the session's context and publish its state (the last line of
    a page: ``run_page("lesson", render)``)."""
    ctx = page_context()
    with published(ctx, page):
        render(ctx)


def published_fragment(ctx: PageContext, page: str, body: Callable[P, None]) -> Callable[P, None]:
    """``body`` publishing its own state, for a fragment that reruns on its own (a ticking table): its
    runs are not the page's, so the element is drawn inside the fragment, with what the page noted before
    the fragment was made. Give it to ``st.fragment`` (the name Streamlit keys the fragment by stays
    ``body``'s)."""
    outer: _Run | None = getattr(_current, "run", None)
    base = dict(outer.fields) if outer is not None else {}

    @wraps(body)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        with published(ctx, page, base=base):
            body(*args, **kwargs)

    return run


def parse_state(text: str) -> dict[str, str] | None:
    """The attributes of the state element in ``text`` (HTML), names without ``data-``; None when there is
    none (for AppTest: ``parse_state(element.value)`` over ``at.html``)."""
    found = re.search(rf'<div class="{STATE_CLASS}"([^>]*)>', text)
    if found is None:
        return None
    return {name: html.unescape(value) for name, value in _ATTRIBUTE.findall(found.group(1))}
