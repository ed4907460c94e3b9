"""Shared pieces of the teacher-mode pages (a module, not a page): the class store, who the session is
(teacher of a class / member of a class), names made safe, assignment titles. What the teacher pages draw
lives in :mod:`trainer.ui.views` (``question``: a quiz question; ``deal_stepper``: an example deal).

Every session keeps only ids in its own ``st.session_state``; ids come from a successful login or join, so
a session can only ever reach its own class (teacher) or its own data (learner).
"""

from __future__ import annotations

import secrets

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from trainer.deal import Seat
from trainer.errors import SkatError
from trainer.i18n import N_, Translator
from trainer.lessons import available_chapters
from trainer.profiles import PROFILES, get_profile
from trainer.quiz import KIND_TITLES, KINDS, Question, generate
from trainer.quiz.chapters import CHAPTER_KIND_TITLES
from trainer.records.deals import ExampleDeal
from trainer.safe_text import for_markdown
from trainer.store import Store
from trainer.store.classes import Assignment, ClassStore, Member
from trainer.store.db import database_url
from trainer.teacher import DEAL, DIFFICULTY_BANDS, DRILL, GAME, LESSON, PROBLEMS, SEAT
from trainer.ui.context import PageContext, is_danish
from trainer.ui.terms import BOT_LEVEL_NAMES, profile_label, seat_name
from trainer.ui.views.page_state import note_state

TEACHER_KEY = "teacher_class_id"
"""Session key: the id of the class this session's teacher is signed in to (kept by trainer.ui.auth)."""
MEMBER_KEY = "class_member_id"
"""Session key: the class-member id this session's learner joined as."""
TEACHER_PAGE = "trainer/ui/pages/teacher.py"
DASHBOARD_PAGE = "trainer/ui/pages/teacher_dash.py"
PROJECTOR_PAGE = "trainer/ui/pages/teacher_projector.py"
CLASS_PAGE = "trainer/ui/pages/class_room.py"

MISTAKE_TEXTS: dict[str, str] = {
    "with_without_swapped": N_("mixed up 'with' and 'without' matadors"),
    "missed_cards": N_("left out cards that belonged to the answer"),
    "extra_cards": N_("chose cards that did not belong to the answer"),
    "forgot_skat_jack": N_("forgot the Jack in the skat"),
    "ten_trumps": N_("counted 10 trumps in a suit game"),
}
"""Readable names of mistake tags; unknown tags are shown with spaces for underscores."""

BIG_CARD_WIDTH_CSS = "clamp(48px, 14vw, 150px)"
"""Projector cards: up to 150 px wide, still six in a row on a phone."""
HAND_CARD_WIDTH_CSS = "clamp(30px, 6vw, 120px)"
"""The three hands of a deal on the projector: ten cards in one row on a wide screen."""
SEATS = (Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND)

KIND_NAMES = {
    LESSON: N_("Chapter"),
    DRILL: N_("Drill"),
    PROBLEMS: N_("Play problems"),
    DEAL: N_("Example deal"),
    SEAT: N_("Play a seat"),
    GAME: N_("Deal against the computer"),
}

LEVEL_NAMES = BOT_LEVEL_NAMES
"""The computer's levels as the Play page names them."""

AUDIT_TEXTS = {
    "rename": N_("renamed the class"),
    "archive": N_("archived the class"),
    "restore": N_("restored the class"),
    "delete": N_("deleted the class"),
    "reset_code": N_("made a new join code"),
    "remove_member": N_("removed a learner"),
    "leave": N_("left the class"),
    "new_key": N_("gave a learner a new personal key"),
    "add_teacher": N_("added a co-teacher"),
    "remove_teacher": N_("removed a co-teacher"),
    "claim": N_("claimed the class"),
    "password": N_("changed the class password"),
    "assign": N_("set an assignment"),
    "unassign": N_("removed an assignment"),
}
"""What each action of the class's log (:mod:`trainer.store.classes`) reads as."""


def level_name(level: str, t: Translator) -> str:
    known = LEVEL_NAMES.get(level)
    return t(known) if known else level


@st.cache_resource(show_spinner=False)
def _class_store(url: str) -> ClassStore:
    return ClassStore(Store(url))


def class_store() -> ClassStore:
    """The process's class store on the configured database (``SKAT_TRAINER_DB_URL`` or the SQLite file)."""
    return _class_store(database_url())


def md(text: str) -> str:
    """User text (a name) made inert for ``st.markdown``: every Markdown/HTML character backslash-escaped,
    so ``<script>`` or ``[x](javascript:...)`` show as typed."""
    return for_markdown(text)


def mistake_text(tag: str, t: Translator) -> str:
    known = MISTAKE_TEXTS.get(tag)
    return t(known) if known else tag.replace("_", " ")


def rules_choice(
    ctx: PageContext, key: str, place: DeltaGenerator | None = None, *, horizontal: bool = False
) -> str:
    """A radio of the rule profiles' names (the page's profile chosen first), drawn in ``place`` (where
    the page is drawing when None)."""
    t = ctx.t
    names = list(PROFILES)
    radio = st.radio if place is None else place.radio
    chosen = radio(
        t("Rules"),
        names,
        index=names.index(ctx.profile.name),
        format_func=lambda n: profile_label(n, t),
        key=key,
        horizontal=horizontal,
    )
    return str(chosen)


def kind_title(kind: str, t: Translator) -> str:
    """A question type's title in the UI language (the raw name if the quiz does not know it)."""
    title = KIND_TITLES.get(kind) or CHAPTER_KIND_TITLES.get(kind)
    return t(title) if title else kind


def drill_kinds() -> tuple[str, ...]:
    return KINDS


def chapter_title(slug: str, lang: str) -> str:
    for ref in available_chapters():
        if ref.slug == slug:
            return ref.title(lang)
    return slug


@st.cache_data(show_spinner=False, ttl=300)
def _deal_titles() -> dict[str, tuple[str, str, str]]:
    try:
        from trainer.records.deals import load_all

        return {deal.id: (deal.title.en, deal.title.da, deal.profile.name) for deal in load_all()}
    except (ImportError, SkatError, OSError):  # the deal collection is optional
        return {}


@st.cache_resource(show_spinner=False)
def example_deal(deal_id: str) -> ExampleDeal | None:
    """The example deal with this id (None when it is not there or the collection cannot be read)."""
    try:
        from trainer.records.deals import load_all

        return next((deal for deal in load_all() if deal.id == deal_id), None)
    except (ImportError, SkatError, OSError):
        return None


def deal_choices(lang: str, t: Translator | None = None) -> dict[str, str]:
    """Example deals that can be assigned: id → title in ``lang``, with the rules it is played by when
    ``t`` is given ("A grand with 2 (Danish textbook)"); empty when there are none."""
    found = {}
    for key, (en, da, rules) in _deal_titles().items():
        title = da if is_danish(lang) else en
        found[key] = f"{title} ({profile_label(rules, t)})" if t is not None else title
    return found


def assignment_title(a: Assignment, ctx: PageContext) -> str:
    """'Drill: Value of a game — 10 questions, Danish rules' in the UI language."""
    t = ctx.t
    if a.kind == LESSON:
        what = chapter_title(a.target, ctx.lang)
    elif a.kind == DRILL:
        rules = profile_label(a.profile_name or ctx.profile.name, t)
        what = t("{title}: {n} questions, {rules}", title=kind_title(a.target, t), n=a.count, rules=rules)
    elif a.kind == PROBLEMS:
        what = problem_set_text(a, ctx)
    elif a.kind == GAME:
        rules = profile_label(a.profile_name or ctx.profile.name, t)
        what = t(
            "one deal against the computer ({level}), {rules}", level=level_name(a.target, t), rules=rules
        )
    else:
        what = deal_choices(ctx.lang, t).get(a.target, a.target)
        if a.kind == SEAT and a.seat is not None and 0 <= a.seat < len(SEATS):
            what = t("{deal}, as {seat}", deal=what, seat=seat_name(SEATS[a.seat], t))
    return f"{t(KIND_NAMES.get(a.kind, a.kind))}: {what}"


def problem_set_text(a: Assignment, ctx: PageContext) -> str:
    """'Smearing, Ruffing · 10 problems · easy · Danish rules' (every theme when none was chosen)."""
    from trainer.problems.themes import THEME_KEYS
    from trainer.ui.views.problem import theme_title

    t = ctx.t
    problem_set = class_store().problem_sets(a.class_id).get(a.id)
    themes = [k for k in problem_set.themes if k in THEME_KEYS] if problem_set is not None else []
    named = ", ".join(theme_title(k, t) for k in themes) if themes else t("every theme")
    band = next((b for b in DIFFICULTY_BANDS if b.key == a.target), None)
    return t(
        "{themes} · {n} problems · {band} · {rules}",
        n=a.count,
        themes=named,
        band=t(band.name) if band is not None else a.target,
        rules=profile_label(a.profile_name or ctx.profile.name, t),
    )


def new_seed() -> int:
    return secrets.randbelow(2**31 - 1)


def question_for(kind: str, seed: int, profile_name: str) -> Question:
    return generate(kind, seed, get_profile(profile_name))


def require_teacher(ctx: PageContext, title: str) -> int | None:
    """The session's class id (noted in the page's state), or None after pointing to the teacher page
    under the page's ``title``."""
    class_id = signed_in_class()
    note_state(teacher=class_id is not None)
    if class_id is not None:
        return class_id
    st.info(ctx.t("Sign in on the Teacher page and open one of your classes first."), icon=":material/lock:")
    st.page_link(TEACHER_PAGE, label=ctx.t("Teacher"), icon=":material/login:")
    st.title(title)
    return None


def signed_in_teacher() -> tuple[int, int] | None:
    """(class id, the teacher's account id) of this browser's teacher session, else None."""
    from trainer.ui.auth import current_teacher

    if signed_in_class() is None:
        return None
    return current_teacher()


CONFIRM_KEY = "teacher_confirm"
"""Session key: the one destructive action waiting for its "Yes" (only one at a time)."""


def confirmed(key: str, label: str, question: str, t: Translator, *, icon: str | None = None) -> bool:
    """A button for a destructive action that asks first: the first click shows ``question`` with
    "Yes" and "Cancel"; True only on the run where "Yes" was clicked."""
    if st.session_state.get(CONFIRM_KEY) != key:
        if st.button(label, key=f"{key}_ask", icon=icon):
            st.session_state[CONFIRM_KEY] = key
            st.rerun()
        return False
    with st.container(border=True, key=f"{key}_confirm"):
        st.warning(question, icon=":material/warning:")
        yes, no = st.columns(2)
        if yes.button(t("Yes"), key=f"{key}_yes", type="primary"):
            st.session_state.pop(CONFIRM_KEY, None)
            return True
        if no.button(t("Cancel"), key=f"{key}_no"):
            st.session_state.pop(CONFIRM_KEY, None)
            st.rerun()
    return False


def signed_in_class() -> int | None:
    """The class this browser's teacher session stands for (the session cookie, checked against the
    store on every run; a class that is gone ends it), else None."""
    from trainer.ui.auth import current_teacher_class, sign_out_teacher

    class_id = current_teacher_class()
    if class_id is None:
        return None
    try:
        class_store().get_class(class_id)
    except SkatError:  # the class is gone: log out
        sign_out_teacher()
        return None
    return class_id


def signed_in_member() -> Member | None:
    """The class membership of the signed-in learner (their account, or a member of old who came back
    with the personal key), if any."""
    from trainer.ui.auth import account_store, current_learner

    account = current_learner()
    if account is None:
        st.session_state.pop(MEMBER_KEY, None)
        return None
    member = account_store().member_of(account.id)
    if member is None:
        st.session_state.pop(MEMBER_KEY, None)
        return None
    st.session_state[MEMBER_KEY] = member.id
    return member


SEAT_ASSIGNMENT_KEY = "class_seat_assignment"
"""Session key: (assignment id, game key, seat name) of the class's seat assignment the learner opened."""


def finish_seat_assignment(game_key: str, seat_name: str) -> bool:
    """The learner played an example deal's seat to its end on 'Play a seat': when it is the seat their
    class assigned (opened from 'My class'), mark the assignment done. True when it was marked."""
    opened = st.session_state.get(SEAT_ASSIGNMENT_KEY)
    if not isinstance(opened, tuple) or opened[1:] != (game_key, seat_name):
        return False
    member = signed_in_member()
    if member is None:
        return False
    try:
        class_store().mark_done(member.id, int(opened[0]))
    except SkatError:  # no longer the member's assignment
        return False
    st.session_state.pop(SEAT_ASSIGNMENT_KEY, None)
    return True
