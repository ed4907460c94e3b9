"""The one escaping helper: hostile user text is shown as typed and obeyed nowhere (issue 12)."""

from __future__ import annotations

import csv
import io
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.names import _LOOK_ALIKES, fold, skeleton
from trainer.safe_text import (
    LINK_BREAK,
    csv_cell,
    csv_text,
    file_name_part,
    for_html,
    for_markdown,
    for_plotly,
    plain,
)

HOSTILE = (
    "<b>Bold</b> <i>it</i>",
    '<a href="https://evil.example">click</a>',
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[link](javascript:alert(1))",
    '=HYPERLINK("http://x","y")',
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(A1)",
    "Ann\u202eevil\u202c",
    "Line\nbreak\ttab\x00nul\x1bescape",
    "W" * 500,
    "عمر",
    ":red[red] :material/home: $x^2$ **bold** `code`",
)


@pytest.mark.parametrize("name", HOSTILE)
def test_markdown_escapes_every_markup_character(name: str) -> None:
    """Every character Markdown or HTML could act on is backslash-escaped, and unescaping gives the name
    (without its control characters) back. The rendered DOM is checked in Chromium (tests/e2e)."""
    shown = plain(for_markdown(name))  # without the isolating marks
    assert not re.search(r"[<>\[\]()*_`:$&=#!|~^@]", re.sub(r"\\.", "", shown))
    assert re.sub(r"\\(.)", r"\1", shown).replace(LINK_BREAK, "") == plain(name)


# What GitHub-flavoured Markdown links by itself in a text (Streamlit's Markdown does it after reading the
# escapes, so a backslash does not stop it): a web address after a blank or at the start, and an e-mail
# address (remark-gfm's literal autolinks).
AUTOLINK = re.compile(
    r"(?:^|[\s(*_~])(?:https?://|www\.)[-.\w]|[-.+\w]+@[-\w]+(?:\.[-\w]+)+|mailto:|xmpp:", re.ASCII
)


@pytest.mark.parametrize(
    "name",
    [
        "see http://evil.test",
        "mail a@b.test",
        "www.evil.test",
        "[Prize](http://x.test/)h1",
        "https://e.test/x?y=1",
        "mailto:a@b.test",
        "xmpp:a@b.test/x",
        "Dr. Who",
    ],
)
def test_markdown_makes_no_address_a_link(name: str) -> None:
    """Once the escapes are read (what remark-gfm looks at), no web or e-mail address is left: a word
    joiner stands before every ``:``, ``.`` and ``@``; the name still reads as typed."""
    read = re.sub(r"\\(.)", r"\1", plain(for_markdown(name)))
    assert AUTOLINK.search(name) or name == "Dr. Who"
    assert not AUTOLINK.search(read), read
    assert read.replace(LINK_BREAK, "") == name


@pytest.mark.parametrize("name", HOSTILE)
def test_html_and_plotly_have_no_tags_left(name: str) -> None:
    for shown in (for_html(name), for_plotly(name)):
        inner = shown.removeprefix("<bdi>").removesuffix("</bdi>")
        assert "<" not in inner and ">" not in inner
    assert for_html(name).startswith("<bdi>")


def test_controls_and_direction_overrides_are_dropped() -> None:
    assert plain("Ann\u202eevil\u202c") == "Annevil"
    assert plain("a\nb\tc\x00d\x7f") == "a b cd"
    assert plain("W" * 50, limit=10) == "W" * 9 + "…"
    assert for_plotly("W" * 500).count("W") == 39  # a legend entry stays short
    assert "\u202e" not in for_markdown("x\u202ey") and "\u202e" not in for_html("x\u202ey")


@pytest.mark.parametrize("cell", ["=1+1", "+A1", "-A1", "@SUM(A1)", " =1", "\u202e=1"])
def test_a_formula_cell_gets_a_quote(cell: str) -> None:
    assert csv_cell(cell) == "'" + plain(cell)


@pytest.mark.parametrize("cell", ["\t=1", "\n=1", "\r=1"])
def test_a_formula_after_a_control_character_gets_a_quote(cell: str) -> None:
    assert csv_cell(cell) == "' =1"


@pytest.mark.parametrize("cell", ["-72", "+3.5", "-3,60", "Ann", "", 12, None, 0.5])
def test_numbers_and_plain_text_stay(cell: object) -> None:
    assert csv_cell(cell) == cell


@given(st.lists(st.text(max_size=20), min_size=1, max_size=4))
def test_csv_gives_each_cell_back_and_never_a_formula(cells: list[str]) -> None:
    (header, row) = list(csv.reader(io.StringIO(csv_text(cells, [cells]), newline="")))
    for typed, written in zip(cells, row, strict=True):
        if written != plain(typed):
            assert written == "'" + plain(typed)
        elif written.lstrip(" ")[:1] in ("=", "+", "-", "@", "\t", "\r", "\n"):
            assert re.fullmatch(r"[-+]?\d+([.,]\d+)?", written.strip())
    assert header == row


def test_file_name_part() -> None:
    assert file_name_part("../../etc/passwd") == "etc_passwd"
    assert file_name_part("<script>") == "script"
    assert file_name_part("\u202e") == "learner"


# ---- look-alike names (trainer.names) ----------------------------------------------------------------
_DISGUISES: dict[str, list[str]] = {}
for _char, _latin in _LOOK_ALIKES.items():
    _DISGUISES.setdefault(_latin, []).append(_char)


@given(
    name=st.text(alphabet="abcdefghjkmnopqrstuvwxyzABCDEFGHJKMNOPQRSTUVWXYZ ", min_size=1, max_size=20),
    picks=st.lists(st.integers(0, 10**6), min_size=20, max_size=20),
)
def test_a_disguised_name_has_the_same_skeleton(name: str, picks: list[int]) -> None:
    """Any letter swapped for a look-alike of another script (or its fullwidth form) leaves the skeleton
    as it was."""
    disguised = []
    for char, pick in zip(name, picks, strict=False):
        options = [char, *_DISGUISES.get(char, []), chr(ord(char) + 0xFEE0) if char != " " else char]
        disguised.append(options[pick % len(options)])
    assert skeleton("".join(disguised)) == skeleton(name)


def test_fold_and_skeleton_of_plain_names() -> None:
    assert fold("  Anna   Maria ") == "anna maria" == skeleton("Anna Maria")
    assert skeleton("Søren") == "søren" and skeleton("Søren") != skeleton("Soren")
