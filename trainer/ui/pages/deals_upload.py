"""Real games: upload ISS records (.sgf, one game per line) or load the sample set, and replay them in the
viewer. Every record is checked on its own: broken ones are reported with their error, the good ones load,
and a deal everyone passed is listed as passed in (there is no card play to step through).

An upload is held to :data:`trainer.replay.UPLOAD_LIMITS` (issue 44): a file above the caps on bytes and
lines is refused before a line is read, reading stops when its time is up, and the report names the first
few games and problems and counts the rest, in a handful of elements whatever the file holds."""

from __future__ import annotations

import streamlit as st

from trainer.errors import SkatError
from trainer.profiles import INTERNATIONAL, AllPass, RuleProfile
from trainer.records.samples import iss_sample_text
from trainer.replay import UPLOAD_LIMITS, RecordLoad, UploadReport, check_size, load_upload
from trainer.safe_text import for_markdown
from trainer.ui.context import PageContext
from trainer.ui.pages.deals_common import CHOICE_KEY, OPEN_KEY, UPLOADED_KEY
from trainer.ui.terms import profile_name, t_error
from trainer.ui.views.page_state import note_state, run_page

REPORT_KEY = "upload_report"
PASTE_KEY = "upload_paste"
FILE_KEY = "upload_file"
VIEWER_PAGE = "trainer/ui/pages/deals.py"


REFUSED_KEY = "upload_refused"


def _load(data: bytes | str, profile: RuleProfile, size: int | None = None) -> None:
    """Read an upload (``size``: the uploaded file's size in bytes, when ``data`` was not copied out of it
    because it is above the cap) into the report, or keep the refusal."""
    st.session_state.pop(CHOICE_KEY, None)
    try:
        if size is not None:
            check_size(size)
        report = load_upload(data, profile)
    except SkatError as error:  # too large: refused before reading, the earlier games stay
        st.session_state[REFUSED_KEY] = error
        return
    st.session_state.pop(REFUSED_KEY, None)
    st.session_state[REPORT_KEY] = report
    st.session_state[UPLOADED_KEY] = [load.record for load in report.games]
    if st.session_state[UPLOADED_KEY]:  # "Open them in the viewer" opens the first uploaded game
        st.session_state[OPEN_KEY] = "iss:0"


def _load_sample(profile: RuleProfile) -> None:
    _load(iss_sample_text(), profile)


def _load_paste(profile: RuleProfile) -> None:
    _load(str(st.session_state.get(PASTE_KEY) or ""), profile)


def render(ctx: PageContext) -> None:
    t = ctx.t
    st.title(t("Real games (ISS records)"))
    st.markdown(
        t(
            "Load games from the International Skat Server: a .sgf file with one game per line. Each record "
            "is replayed through the rules engine; a broken record is reported and the others still load."
        )
    )
    # ISS games are played under the international rules; the session's rules apply when chosen.
    profile = ctx.profile
    use_international = st.toggle(
        t("Check the records under the international rules (as played on the server)"),
        value=True,
        key="upload_international",
    )
    if use_international:
        profile = INTERNATIONAL
    st.caption(t("Rules used: {rules}", rules=profile_name(profile, t)))

    uploaded = st.file_uploader(t("ISS record file (.sgf or .txt)"), type=["sgf", "txt"], key=FILE_KEY)
    if uploaded is not None and st.button(t("Load the file"), key="upload_load_file", type="primary"):
        # the size first: a file above the cap is not even copied out of the uploader
        _load(
            uploaded.getvalue() if uploaded.size <= UPLOAD_LIMITS.max_bytes else b"", profile, uploaded.size
        )
    st.text_area(
        t("…or paste records here, one per line"),
        key=PASTE_KEY,
        height=120,
        max_chars=UPLOAD_LIMITS.max_bytes,
    )
    st.caption(
        t(
            "At most {lines} lines and {kb} KB at a time.",
            lines=UPLOAD_LIMITS.max_lines,
            kb=UPLOAD_LIMITS.max_bytes // 1024,
        )
    )
    paste, sample = st.columns(2)
    paste.button(
        t("Load the pasted records"),
        key="upload_load_paste",
        on_click=_load_paste,
        args=(profile,),
        use_container_width=True,
    )
    sample.button(
        t("Load the 11 sample games"),
        key="upload_sample",
        on_click=_load_sample,
        args=(profile,),
        use_container_width=True,
    )
    refused = st.session_state.get(REFUSED_KEY)
    if isinstance(refused, SkatError):
        st.error(t_error(refused, t), icon=":material/block:")
    report = st.session_state.get(REPORT_KEY)
    report = report if isinstance(report, UploadReport) else None
    note_state(
        file=uploaded.name if uploaded is not None else "",
        loaded=len(report.games) if report else 0,
        failed=len(report.failures) if report else 0,
        passed=len(report.passed) if report else 0,
        refused=isinstance(refused, SkatError),
    )
    if report is None:
        return
    good, passed, bad = report.games, report.passed, report.failures
    loaded = t.ngettext("{n} game loaded.", "{n} games loaded.", len(good))
    if good:
        st.success(loaded, icon=":material/check_circle:")
    else:  # nothing to open: not a success
        st.warning(loaded, icon=":material/warning:")
    if good:
        st.markdown(_listed([_game_line(load, ctx) for load in good], UPLOAD_LIMITS.listed, ctx))
    if passed:
        _passed_in(passed, profile, ctx)
    if bad:
        st.error(t.ngettext("{n} record could not be used:", "{n} records could not be used:", len(bad)))
        lines = [
            t(
                "Line {line} ({id}): {error}",
                line=load.line_number,
                id=_id(load),
                error=t_error(load.problem, t) if load.problem is not None else load.error,
            )
            for load in bad
        ]
        st.markdown(_listed(lines, UPLOAD_LIMITS.named, ctx, more_problems=True))
    if report.unread:
        st.warning(
            t.ngettext(
                "Reading stopped after {s} seconds: {n} more line was not read. Load it in a smaller file.",
                "Reading stopped after {s} seconds: {n} more lines were not read. Load them in smaller "
                "files.",
                report.unread,
                s=f"{UPLOAD_LIMITS.seconds:g}",
            ),
            icon=":material/timer:",
        )
    if good:
        # A link, not st.switch_page: switching from a script run resets the sidebar's rules switch.
        with st.container(key="upload_open"):
            st.page_link(VIEWER_PAGE, label=t("Open them in the viewer"), icon=":material/play_arrow:")


def _game_line(load: RecordLoad, ctx: PageContext) -> str:
    t = ctx.t
    record = load.record
    assert record is not None
    ending = t(" (stops early: {why})", why=for_markdown(record.ending)) if record.ending else ""
    return t("Line {line}: game {id}{ending}", line=load.line_number, id=_id(load), ending=ending)


def _id(load: RecordLoad) -> str:
    """A record's ``ID[…]`` for Markdown: a number as it is, anything else is text from the file and
    escaped like a name."""
    rid = load.record_id
    return rid if rid.isascii() and rid.isalnum() else for_markdown(rid) if rid else "?"


def _listed(lines: list[str], most: int, ctx: PageContext, *, more_problems: bool = False) -> str:
    """The first ``most`` lines as one Markdown list, the rest counted in its last item (a report is a
    few elements, however long the file)."""
    t = ctx.t
    shown = [f"- {line}" for line in lines[:most]]
    rest = len(lines) - most
    if rest > 0:
        shown.append(
            "- "
            + (
                t.ngettext("…and {n} more record that could not be used.",
                           "…and {n} more records that could not be used.", rest)
                if more_problems
                else t.ngettext("…and {n} more game.", "…and {n} more games.", rest)
            )
        )  # fmt: skip
    return "\n".join(shown)


def _passed_in(passed: tuple[RecordLoad, ...], profile: RuleProfile, ctx: PageContext) -> None:
    """List the deals everyone passed: not errors, but nothing to step through either."""
    t = ctx.t
    st.info(
        t.ngettext(
            "Passed in: {n} deal where everyone passed (listed only, as there is no card play to step "
            "through):",
            "Passed in: {n} deals where everyone passed (listed only, as there is no card play to step "
            "through):",
            len(passed),
        ),
        icon=":material/block:",
    )
    lines = []
    for load in passed:
        if profile.all_pass is AllPass.RAMSE:
            line = t(
                "Line {line}: game {id}: everyone passed. These rules would go on to Ramse, but the record "
                "has no Ramse game to show.",
                line=load.line_number,
                id=_id(load),
            )
        else:
            line = t(
                "Line {line}: game {id}: everyone passed, so the deal is thrown in.",
                line=load.line_number,
                id=_id(load),
            )
        lines.append(line)
    st.markdown(_listed(lines, UPLOAD_LIMITS.listed, ctx))


run_page("iss", render)
