"""The shared table's watchdog in the browser: a seat's page that shows no table, or whose waiting view has
stopped being redrawn, says "Reconnecting…" and comes back by itself (issue 44: a seat's page went blank
mid-deal under heavy load, and the phone seat's page was blank after a reload when its card was due). One
cause was found and fixed (a reload sent a learner who sits at two tables to the other one: the tab's table
is now in its address, see :mod:`trainer.ui.pages.table`); for whatever else leaves a seat's page empty or
stalled, the page guarantees its own recovery.

The table page draws a few lines of JavaScript on every run (:func:`draw`). The first run installs one timer
in the browser window, later runs only update its settings, so it outlives any element the page draws and
keeps looking when the page's content is gone. Every second it reads the page's published state (the hidden
``.skat-page-state`` element, drawn by the table's fragment on every run: ``data-table`` at a table,
``data-turn``, ``data-run``) and the app's connection and script state:

* **blank**: no table state on the page for :data:`BLANK_SECONDS` while the app is connected and idle;
* **frozen**: the seat waits for someone else (the fragment polls every ``poll`` seconds and is woken by any
  change), yet no run has been published for :data:`FROZEN_POLLS` polls (at least :data:`BLANK_SECONDS`)
  while the app is connected and idle.

Either way the page shows "Reconnecting…" and, :data:`SHOW_SECONDS` later, loads itself again: a new
session finds the learner's table, deal and hand in the store (nothing at a table lives only in the browser).
While the app is not connected it does nothing (Streamlit says "Connecting" and reconnects on its own; a
reload then would only load an error page), and on the seat's own turn it never counts the quiet as frozen
(the page does not poll then, so a click is never lost). Reloads back off: each one within
:data:`CALM_SECONDS` of the last doubles the wait, up to :data:`LONGEST_WAIT_SECONDS`. A page without a
table, another page of the app, or a page run that said so
(``armed=False``) stops the timer.
"""

from __future__ import annotations

import json
import os

import streamlit as st

from trainer.ui.context import PageContext

BLANK_SECONDS = 8.0
"""How long a connected, idle table page may show no table before it loads itself again (a page run under
heavy load keeps the last drawing on screen until its own is done, so a healthy page is never this long
without one)."""
BLANK_ENV = "SKAT_TRAINER_TABLE_BLANK"
"""Environment variable with another :data:`BLANK_SECONDS` (the browser test forces a blank page and need
not wait as long); at least :data:`MIN_BLANK_SECONDS`."""
MIN_BLANK_SECONDS = 2.0
FROZEN_POLLS = 6
"""A waiting seat whose page has published no run for this many polls has stopped polling."""
SHOW_SECONDS = 2.0
"""How long "Reconnecting…" is shown before the page loads itself again (so the learner sees why)."""
CALM_SECONDS = 120.0
"""A reload this long after the last one waits the plain time again."""
LONGEST_WAIT_SECONDS = 60.0
"""The longest a page waits before loading itself again, however often it has had to."""
WATCH_KEY = "table_watch"
"""The key of the (hidden) container the script is drawn in."""


def blank_seconds() -> float:
    """:data:`BLANK_SECONDS`, or the value set in :data:`BLANK_ENV`."""
    try:
        return max(MIN_BLANK_SECONDS, float(os.environ.get(BLANK_ENV, BLANK_SECONDS)))
    except ValueError:
        return BLANK_SECONDS


_SCRIPT = """<script>(function(){
const cfg = %(config)s;
const w = window;
const watch = w.skatTableWatch || (w.skatTableWatch = {timer: null, lost: null, run: null, since: 0});
watch.cfg = cfg;
const BANNER = 'skat-table-reconnecting';
function banner(text) {
  let box = document.getElementById(BANNER);
  if (text === null) { if (box) box.remove(); return; }
  if (!box) {
    box = document.createElement('div');
    box.id = BANNER;
    box.setAttribute('role', 'status');
    box.style.cssText = 'position:fixed;top:0.5rem;left:50%%;transform:translateX(-50%%);z-index:1000000;'
      + 'padding:0.5rem 1rem;border-radius:0.5rem;background:#fff3cd;color:#4a3b00;'
      + 'font:600 1rem sans-serif;box-shadow:0 2px 8px rgba(0,0,0,.25)';
    document.body.appendChild(box);
  }
  box.textContent = text;
}
function stop() {
  if (watch.timer) clearInterval(watch.timer);
  watch.timer = null; watch.lost = null; watch.run = null;
  banner(null);
}
if (!cfg.armed) { stop(); return; }
watch.lost = null; watch.run = null; watch.since = Date.now();
if (watch.timer) return;
function tick() {
  const c = watch.cfg;
  if (!c.armed || !location.pathname.replace(/\\/+$/, '').endsWith('/' + c.path)) { stop(); return; }
  const app = document.querySelector('[data-testid=stApp]');
  const connected = app && app.getAttribute('data-test-connection-state') === 'CONNECTED';
  const idle = app && app.getAttribute('data-test-script-state') === 'notRunning';
  const now = Date.now();
  const state = document.querySelector('.skat-page-state[data-table]:not([data-table=""])');
  if (state && state.getAttribute('data-run') !== watch.run) {
    watch.run = state.getAttribute('data-run'); watch.since = now;
  }
  if (!connected || !idle) { watch.lost = null; watch.since = now; banner(null); return; }
  let quiet = 0;
  let limit = 0;
  if (!state) {
    watch.lost = watch.lost || now; quiet = now - watch.lost; limit = c.after;
  } else {
    watch.lost = null;
    if (state.getAttribute('data-turn') !== 'me') { quiet = now - watch.since; limit = c.frozen; }
  }
  if (limit === 0 || quiet < limit * 1000) { banner(null); return; }
  let reloads = [];
  try { reloads = JSON.parse(sessionStorage.getItem('skatTableReloads') || '[]'); } catch (e) {}
  reloads = reloads.filter((at) => now - at < c.calm * 1000);
  const wait = Math.min(Math.max(c.longest, limit), limit * Math.pow(2, reloads.length)) * 1000;
  banner(c.text);
  if (quiet < wait + c.show * 1000) return;
  reloads.push(now);
  try { sessionStorage.setItem('skatTableReloads', JSON.stringify(reloads)); } catch (e) {}
  watch.lost = null; watch.since = now;
  location.reload();
}
watch.timer = setInterval(tick, 1000);
})();</script>"""


def watch_script(*, armed: bool, text: str, poll: float | None, after: float | None = None) -> str:
    """The watchdog's script: ``armed`` at a table (False stops it), ``text`` shown while it reconnects,
    ``poll`` the seat's poll interval while it waits (None: not polling, never frozen), ``after`` the
    seconds of a blank page it tolerates (default :func:`blank_seconds`)."""
    after = blank_seconds() if after is None else after
    frozen = max(after, FROZEN_POLLS * poll) if poll is not None else float("inf")
    config = {
        "armed": armed,
        "text": text,
        "path": "table",
        "after": after,
        "frozen": frozen if frozen != float("inf") else 1e9,
        "show": SHOW_SECONDS,
        "calm": CALM_SECONDS,
        "longest": LONGEST_WAIT_SECONDS,
    }
    # json.dumps keeps the text a string literal; "</" is escaped so a text can never end the script.
    return _SCRIPT % {"config": json.dumps(config).replace("</", "<\\/")}


def draw(ctx: PageContext, *, armed: bool, poll: float | None = None) -> None:
    """Draw the watchdog for this run (hidden): armed while the page shows a table."""
    st.html(f"<style>.st-key-{WATCH_KEY}{{display:none}}</style>")
    with st.container(key=WATCH_KEY):
        st.html(
            watch_script(armed=armed, text=ctx.t("Reconnecting…"), poll=poll),
            unsafe_allow_javascript=True,
        )


__all__ = ["BLANK_ENV", "BLANK_SECONDS", "blank_seconds", "draw", "watch_script"]
