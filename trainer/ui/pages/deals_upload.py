"""Real games: upload ISS records (.sgf, one game per line) or load the sample set, and replay them in the
viewer. Every record is checked on its own: broken ones are listed with their error, the good ones load,
and a deal everyone passed is listed as passed in (there is no card play to step through)."""

from __future__ import annotations

import streamlit as st

from trainer.profiles import INTERNATIONAL, AllPass, RuleProfile
from trainer.records.samples import iss_sample_text
from trainer.replay import RecordLoad, load_iss_text
from trainer.ui.context import PageContext
from trainer.ui.pages.deals_common import CHOICE_KEY, OPEN_KEY, UPLOADED_KEY
from trainer.ui.terms import profile_name, t_error
from trainer.ui.views.page_state import note_state, run_page

REPORT_KEY = "upload_report"
PASTE_KEY = "upload_paste"
FILE_KEY = "upload_file"
VIEWER_PAGE = "trainer/ui/pages/deals.py"


def _load(text: str, profile: RuleProfile) -> None:
    loads = load_iss_text(text, profile)
    st.session_state[REPORT_KEY] = loads
    st.session_state[UPLOADED_KEY] = [load.record for load in loads if load.record is not None]
    st.session_state.pop(CHOICE_KEY, None)
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
    profile = INTERNATIONAL if ctx.profile.name != "danish" else ctx.profile
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
        _load(uploaded.getvalue().decode("utf-8", errors="replace"), profile)
    st.text_area(t("…or paste records here, one per line"), key=PASTE_KEY, height=120)
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
    report: list[RecordLoad] | None = st.session_state.get(REPORT_KEY)
    loads = report or []
    note_state(
        file=uploaded.name if uploaded is not None else "",
        loaded=sum(load.record is not None for load in loads),
        failed=sum(load.failed for load in loads),
        passed=sum(load.passed_in for load in loads),
    )
    if not report:
        return
    good = [load for load in report if load.record is not None]
    passed = [load for load in report if load.passed_in]
    bad = [load for load in report if load.failed]
    loaded = t.ngettext("{n} game loaded.", "{n} games loaded.", len(good))
    if good:
        st.success(loaded, icon=":material/check_circle:")
    else:  # nothing to open: not a success
        st.warning(loaded, icon=":material/warning:")
    for load in good:
        record = load.record
        assert record is not None
        ending = t(" (stops early: {why})", why=record.ending) if record.ending else ""
        st.markdown(
            t(
                "Line {line}: game {id}{ending}",
                line=load.line_number,
                id=load.record_id or "?",
                ending=ending,
            )
        )
    if passed:
        _passed_in(passed, profile, ctx)
    if bad:
        st.error(t.ngettext("{n} record could not be used:", "{n} records could not be used:", len(bad)))
        for load in bad:
            st.markdown(
                t(
                    "Line {line} ({id}): {error}",
                    line=load.line_number,
                    id=load.record_id or "?",
                    error=t_error(load.problem, t) if load.problem is not None else load.error,
                )
            )
    if good:
        # A link, not st.switch_page: switching from a script run resets the sidebar's rules switch.
        with st.container(key="upload_open"):
            st.page_link(VIEWER_PAGE, label=t("Open them in the viewer"), icon=":material/play_arrow:")


def _passed_in(passed: list[RecordLoad], profile: RuleProfile, ctx: PageContext) -> None:
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
    for load in passed:
        if profile.all_pass is AllPass.RAMSE:
            line = t(
                "Line {line}: game {id}: everyone passed. These rules would go on to Ramse, but the record "
                "has no Ramse game to show.",
                line=load.line_number,
                id=load.record_id or "?",
            )
        else:
            line = t(
                "Line {line}: game {id}: everyone passed, so the deal is thrown in.",
                line=load.line_number,
                id=load.record_id or "?",
            )
        st.markdown(line)


run_page("iss", render)
