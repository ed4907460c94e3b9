"""An upload cannot tie up the server (issue 44: a 400 KB file of 20,000 broken lines took 209 s of server
work and drew one element per line; a 200,000-line file grew the server by 500 MB). The caps on bytes and
lines are checked before any line is parsed, reading stops when its time is up, and the page reports a
file in a handful of elements, the first few problems named and the rest counted."""

from __future__ import annotations

import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trainer.replay as replay
from trainer.errors import RecordError
from trainer.profiles import INTERNATIONAL
from trainer.records.samples import iss_sample_text
from trainer.replay import UPLOAD_LIMITS, UploadLimits, check_upload, load_upload

BROKEN = "(;GM[Skat]ID[9]MV[w nonsense]R[] ;)"
SMALL = UploadLimits(max_bytes=4096, max_lines=20, seconds=60.0)


def _no_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    def parse(*_: object) -> None:
        raise AssertionError("a line was parsed")

    monkeypatch.setattr(replay, "_from_iss_line", parse)


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ("x\n" * (UPLOAD_LIMITS.max_lines + 1), f"at most {UPLOAD_LIMITS.max_lines} (one game per line)"),
        ("x\r" * (UPLOAD_LIMITS.max_lines + 1), "too many lines"),  # any line break counts
        (b"x\n" * 200_000, "too many lines: 200000"),
        ("x" * (UPLOAD_LIMITS.max_bytes + 1), f"at most {UPLOAD_LIMITS.max_bytes // 1024} KB"),
        ("ø" * (UPLOAD_LIMITS.max_bytes // 2 + 1), "too large"),  # bytes, not characters
    ],
)
def test_a_file_above_a_cap_is_refused_before_a_line_is_parsed(
    monkeypatch: pytest.MonkeyPatch, data: str | bytes, says: str
) -> None:
    _no_parsing(monkeypatch)
    with pytest.raises(RecordError, match=re.escape(says)):
        load_upload(data, INTERNATIONAL)


def test_a_file_at_the_caps_is_read() -> None:
    lines = "\n".join([BROKEN] * UPLOAD_LIMITS.max_lines) + "\n"
    check_upload(lines)  # exactly the cap: no refusal
    report = load_upload(lines, INTERNATIONAL)
    assert len(report.failures) == UPLOAD_LIMITS.max_lines and report.unread == 0


def test_reading_stops_when_the_time_is_up_and_counts_what_was_left() -> None:
    ticks = iter(range(100))  # every look at the clock is a second later

    report = load_upload(
        "\n".join([BROKEN] * 10 + ["", "  "] + [BROKEN] * 5),
        INTERNATIONAL,
        UploadLimits(seconds=3.5),
        clock=lambda: float(next(ticks)),
    )
    assert len(report.loads) == 4  # read at t = 1, 2, 3, 4: the fourth is past the deadline
    assert report.unread == 11  # the blank lines are not counted


def test_a_refusal_of_200000_lines_is_quick() -> None:
    data = ("(;" + "x" * 40 + ";)\n").encode() * 200_000
    start = time.perf_counter()
    with pytest.raises(RecordError):
        load_upload(data, INTERNATIONAL)
    assert time.perf_counter() - start < 1.0


@settings(max_examples=60, deadline=None)
@given(
    lines=st.lists(
        st.one_of(st.just(BROKEN), st.just(""), st.text(alphabet="(;)[]GMIDVw x\r\n", max_size=30)),
        max_size=40,
    )
)
def test_every_line_is_either_read_or_counted_or_the_file_is_refused(lines: list[str]) -> None:
    text = "\n".join(lines)
    nonempty = sum(1 for line in text.splitlines() if line.strip())
    try:
        report = load_upload(text, INTERNATIONAL, SMALL)
    except RecordError:
        assert len(text.splitlines()) > SMALL.max_lines or len(text.encode()) > SMALL.max_bytes
        return
    assert len(report.loads) + report.unread == nonempty
    assert len(report.failures) + len(report.games) + len(report.passed) == len(report.loads)


def test_the_sample_still_loads_within_the_limits() -> None:
    report = load_upload(iss_sample_text(), INTERNATIONAL)
    assert len(report.games) == 9 and report.unread == 0


# --- the page ----------------------------------------------------------------------------------------------


def _upload_page():  # type: ignore[no-untyped-def]
    from streamlit.testing.v1 import AppTest

    from tests.ui.helpers import APP

    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["rules"] = "international"
    at.run()
    at.switch_page("trainer/ui/pages/deals_upload.py").run()
    return at


def _elements(at) -> int:  # type: ignore[no-untyped-def]
    return sum(len(at.get(kind)) for kind in ("markdown", "error", "warning", "success", "info"))


def test_the_page_refuses_a_long_paste_with_a_clear_message() -> None:
    at = _upload_page()
    quiet = _elements(at)
    at.text_area(key="upload_paste").set_value("(;x;)\n" * 20_000).run()
    at.button(key="upload_load_paste").click().run()
    assert not at.exception
    (error,) = [e.value for e in at.error]
    assert "too many lines: 20000, at most 500" in error
    assert _elements(at) <= quiet + 1  # the refusal, nothing per line


def test_the_page_names_the_first_problems_and_counts_the_rest() -> None:
    at = _upload_page()
    at.text_area(key="upload_paste").set_value(
        "\n".join(f"(;GM[Skat]ID[{n}]MV[w x]R[] ;)" for n in range(400))
    )
    at.run()
    at.button(key="upload_load_paste").click().run()
    assert not at.exception
    problems = [m.value for m in at.markdown if "Line 1 (0)" in m.value]
    assert len(problems) == 1  # one element for all of them
    listed = problems[0].splitlines()
    assert len(listed) == UPLOAD_LIMITS.named + 1
    assert listed[-1] == f"- …and {400 - UPLOAD_LIMITS.named} more records that could not be used."
    assert "400 records could not be used:" in at.error[0].value
    assert _elements(at) < 20
