"""User-typed text (names of learners, classes and players, free answers) made inert for every output.

A name is shown exactly as typed, never obeyed: ``<b>`` stays the four characters, ``[x](javascript:...)``
is no link, ``=HYPERLINK(...)`` is no formula. One helper per output, all built on :func:`plain`, which
drops control characters (they break lines and tables) and the bidirectional controls (a right-to-left
override would turn the rest of the line around); the shown text is then isolated (Unicode FSI…PDI, or
``<bdi>`` in HTML) so a right-to-left name does not reorder the words around it.

- :func:`for_markdown`: ``st.markdown``, titles, captions, alerts, expander and button labels (Markdown,
  the HTML it lets through, and the links it makes by itself of bare ``http://…``, ``www.…`` and
  ``a@b.test``: a backslash does not stop those, since they are found in the text after the escapes are
  read, so an invisible word joiner goes before every ``:``, ``.`` and ``@``);
- :func:`for_html`: ``st.html`` / ``unsafe_allow_html``;
- :func:`for_plotly`: plotly trace names, axis labels, legends and hover texts (plotly reads ``<b>``,
  ``<i>``, ``<a href>`` and ``<br>`` in them and decodes HTML entities, so escaped text shows as typed);
- :func:`csv_cell` / :func:`csv_text`: CSV downloads (a cell starting with ``=``, ``+``, ``-``, ``@``, a
  tab or a carriage return is run by spreadsheets as a formula; such a cell gets a leading ``'``);
- :func:`file_name_part`: a name inside a download's file name.

>>> plain(for_markdown("<b>Ann</b>"))
'\\\\<b\\\\>Ann\\\\</b\\\\>'
>>> csv_cell("=1+1"), csv_cell("-72"), csv_cell("Ann")
("'=1+1", '-72', 'Ann')
"""

from __future__ import annotations

import csv
import html
import io
import re
from collections.abc import Iterable

FIRST_STRONG_ISOLATE = "\u2068"
POP_DIRECTIONAL_ISOLATE = "\u2069"

# C0 and C1 controls, DEL, the line/paragraph separators and every bidirectional control character
# (marks, embeddings, overrides, isolates).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~:$&=^\"'@])")
LINK_BREAK = "\u2060"
"""WORD JOINER, invisible: put before ``:``, ``.`` and ``@`` so that no part of a name reads as a web or
e-mail address (Streamlit's Markdown links ``http://…``, ``www.…`` and ``a@b.test`` by itself)."""
_LINK_PARTS = frozenset(":.@")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")
_NUMBER = re.compile(r"[-+]?\d+([.,]\d+)?")
_FILE_UNSAFE = re.compile(r"[^\w-]+")

SHORT_LABEL = 40
"""Longest name a chart label shows in full (a legend entry longer than this is cut with "…")."""


def plain(text: object, limit: int | None = None) -> str:
    """``text`` without control and bidirectional control characters (a tab or line break becomes a
    space), cut to ``limit`` characters with "…" when given."""
    cleaned = _UNSAFE.sub(lambda m: " " if m.group() in "\t\n\r\u2028\u2029" else "", str(text))
    if limit is not None and len(cleaned) > limit:
        cleaned = cleaned[: max(limit - 1, 0)] + "…"
    return cleaned


def _isolated(text: str) -> str:
    return f"{FIRST_STRONG_ISOLATE}{text}{POP_DIRECTIONAL_ISOLATE}"


def _escaped(match: re.Match[str]) -> str:
    char = match.group(1)
    return (LINK_BREAK if char in _LINK_PARTS else "") + "\\" + char


def for_markdown(text: object, limit: int | None = None) -> str:
    """For Streamlit Markdown (and every label it draws as Markdown): every Markdown/HTML character
    backslash-escaped, a word joiner before ``:``, ``.`` and ``@`` (no autolink), isolated. The one way a
    user-typed name reaches Markdown; what shows is the name as typed.

    >>> plain(for_markdown("a@b.test")).replace(LINK_BREAK, "~")
    'a~\\\\@b~\\\\.test'
    """
    return _isolated(_MARKDOWN_SPECIAL.sub(_escaped, plain(text, limit)))


def for_html(text: object, limit: int | None = None) -> str:
    """For raw HTML: entity-escaped (quotes too, so it is safe in attributes) inside ``<bdi>``."""
    return f"<bdi>{html.escape(plain(text, limit), quote=True)}</bdi>"


def for_html_attribute(text: object, limit: int | None = None) -> str:
    """For an HTML attribute value (alt, title): entity-escaped, quotes included."""
    return html.escape(plain(text, limit), quote=True)


def for_plotly(text: object, limit: int | None = SHORT_LABEL) -> str:
    """For plotly labels, legends and hover texts: entity-escaped (plotly decodes the entities, so the
    text shows as typed and no tag is obeyed), isolated, cut to ``limit``."""
    return _isolated(html.escape(plain(text, limit), quote=False))


def csv_cell(value: object) -> object:
    """A CSV cell a spreadsheet shows as text: control and direction characters dropped (:func:`plain`),
    then a string starting (after blanks) with a formula character gets a leading ``'``; plain numbers
    ("-72", "+3.5") and non-strings stay as they are."""
    if not isinstance(value, str):
        return value
    value = plain(value)
    start = value.lstrip(" ")[:1]
    if start and start in _FORMULA_START and not _NUMBER.fullmatch(value.strip()):
        return "'" + value
    return value


def csv_text(header: Iterable[object], rows: Iterable[Iterable[object]]) -> str:
    """A whole CSV file, every cell (the header too) passed through :func:`csv_cell`."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow([csv_cell(cell) for cell in header])
    for row in rows:
        writer.writerow([csv_cell(cell) for cell in row])
    return buffer.getvalue()


def file_name_part(text: object, fallback: str = "learner") -> str:
    """A name as a safe piece of a file name: letters, digits, ``_`` and ``-`` only, at most 40."""
    part = _FILE_UNSAFE.sub("_", plain(text)).strip("_")[:40]
    return part or fallback


__all__ = [
    "LINK_BREAK",
    "SHORT_LABEL",
    "csv_cell",
    "csv_text",
    "file_name_part",
    "for_html",
    "for_html_attribute",
    "for_markdown",
    "for_plotly",
    "plain",
]
