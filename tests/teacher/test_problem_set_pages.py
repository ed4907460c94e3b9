"""A play-problem set through the whole app (AppTest): the teacher sets it on the Teacher page, a learner
opens it from 'My class' and the Problems page serves only its problems, the answers count there, and the
dashboard's per-assignment table and its problems by theme show exactly what was done; and the projector steps
through a bidding lesson's auction. English and Danish.

Teacher and learner are two AppTest sessions on one SQLite file, as two browsers would be."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.ui.helpers import html_rows, open_page, texts
from tests.ui.test_teacher_pages import _create_class
from trainer.deal import Seat
from trainer.i18n import get_translator
from trainer.problems.collection import collection
from trainer.store import Store
from trainer.store.classes import ClassStore
from trainer.teacher import PROBLEMS
from trainer.text import upper_first
from trainer.ui.terms import declaration_name, seat_name
from trainer.ui.views.problem import theme_title

TEACHER = "trainer/ui/pages/teacher.py"
DASHBOARD = "trainer/ui/pages/teacher_dash.py"
CLASS = "trainer/ui/pages/class_room.py"
PROBLEMS_PAGE = "trainer/ui/pages/problems.py"
THEME = "smearing"

pytestmark = pytest.mark.skipif(not collection(), reason="no problem collection shipped")


@pytest.fixture
def classes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassStore]:
    url = f"sqlite:///{tmp_path / 'classes.sqlite'}"
    monkeypatch.setenv("SKAT_TRAINER_DB_URL", url)
    store = Store(url)
    yield ClassStore(store)
    store.dispose()


def _session(page: str, lang: str) -> AppTest:
    return open_page(page, {"lang": lang, "rules": "danish"}, timeout=60)


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


@pytest.mark.parametrize("lang", ["en", "da"])
def test_a_problem_set_is_set_solved_in_part_and_shown_per_learner(classes: ClassStore, lang: str) -> None:
    teacher = _session(TEACHER, lang)
    _create_class(teacher)
    _ok(teacher)
    class_id = teacher.session_state["teacher_class_id"]
    code = classes.get_class(class_id).join_code

    teacher.segmented_control(key="assign_kind").set_value(PROBLEMS).run()
    teacher.multiselect(key="assign_problem_themes").set_value([THEME]).run()
    teacher.text_input(key="assign_problem_count").set_value("3").run()
    teacher.radio(key="assign_problem_profile").set_value("danish").run()
    teacher.button(key="assign_add").click().run()
    _ok(teacher)
    (assignment,) = classes.assignments(class_id)
    problem_set = classes.problem_sets(class_id)[assignment.id]
    assert (assignment.kind, assignment.count, problem_set.themes) == (PROBLEMS, 3, (THEME,))
    by_id = {p.id: p for p in collection()}

    learner = _session(CLASS, lang)
    learner.text_input(key="class_account_create_name").set_value("Dorte")
    learner.button(key="class_account_create_submit").click().run()
    learner.text_input(key="class_join_code").set_value(code)
    learner.button(key="class_join_submit").click().run()
    _ok(learner)
    learner.button(key=f"class_problems_{assignment.id}").click().run()
    _ok(learner)
    assert learner.title[0].value == ("Play problems" if lang == "en" else "Spilopgaver")
    # AppTest runs its own page again on the next run: stay on the page 'Practise' opened (a browser does)
    learner.switch_page(PROBLEMS_PAGE).run()
    _ok(learner)
    # the Problems page, limited to the set: one right, one wrong, the third left
    for right in (True, False):
        shown = learner.session_state["problems_id"]
        assert shown in problem_set.problem_ids
        problem = by_id[shown]
        card = (
            problem.answer[0]
            if right
            else next(s.card for s in problem.scores if s.card not in problem.answer)
        )
        learner.button(key=f"problems_hand-{card.iss}").click().run()
        _ok(learner)
        learner.button(key="problems_next").click().run()
        _ok(learner)
    assert learner.session_state["problems_id"] in problem_set.problem_ids
    said = texts(learner)
    assert ("2 of 3 answered" if lang == "en" else "2 af 3 besvaret") in said

    # back on My class: the set's progress, and the problems as one line of the learner's own results
    t = get_translator(lang)
    learner.switch_page(CLASS).run()
    _ok(learner)
    assert t("{done} of {total} answered", done=2, total=3) in texts(learner)
    (results,) = [d.value for d in learner.dataframe]
    row = results[results[t("Question type")] == t("Play problems")]
    assert (int(row[t("Answers")].iloc[0]), int(row[t("Right")].iloc[0])) == (2, 50)
    assert not any(
        str(title).startswith(t("Play problem {name}", name="")) for title in results[t("Question type")]
    )

    cell = classes.progress_grid(class_id).cell(classes.members(class_id)[0].id, assignment.id)
    assert (cell.progress, cell.count, cell.correct) == (2, 3, 1)
    teacher.switch_page(DASHBOARD).run()
    _ok(teacher)
    frames = [d.value for d in teacher.dataframe]
    progress = next(f for f in frames if t("Done") in f.columns)
    assert list(progress.iloc[0])[-1] == t("{n} of {m}", n=2, m=3) + " · 50 %"
    by_theme = next(f for f in frames if theme_title(THEME, t) in f.columns)
    assert by_theme[theme_title(THEME, t)].iloc[0] == t(
        "{solved} solved · {missed} missed", solved=1, missed=1
    )
    assert ("1 solved · 1 missed" if lang == "en" else "1 løst · 1 misset") in list(by_theme.iloc[0])


@pytest.mark.parametrize("lang", ["en", "da"])
def test_the_projector_shows_a_bidding_lessons_auction(classes: ClassStore, lang: str) -> None:
    """'Three limits: 46, 44 and 48' is about the bidding: the projector steps through its auction (the
    Bidding replay's view, with big cards), and its play is one click away."""
    from trainer.records.deals import load_all

    deal = next(d for d in load_all() if d.id == "textbook-bidding")
    teacher = _session(TEACHER, lang)
    _create_class(teacher)
    teacher.switch_page("trainer/ui/pages/teacher_projector.py").run()
    _ok(teacher)
    teacher.segmented_control(key="projector_mode").set_value("deal").run()
    teacher.selectbox(key="projector_deal").set_value(deal.id).run()
    _ok(teacher)
    t = get_translator(lang)
    assert teacher.segmented_control(key=f"projector_part_{deal.id}").value == "bidding"
    rows = html_rows(teacher)
    for hand in (deal.deal.hand(s) for s in Seat):
        assert sorted(c.iss for c in hand) in [sorted(r) for r in rows]
    for _ in deal.bidding:
        teacher.button(key=f"projector_bidding_{deal.id}_next").click().run()
        _ok(teacher)
    said = texts(teacher)
    assert t("Middlehand speaks first, bidding to forehand.") not in said
    final = t(
        "{seat} wins the bidding at {bid} and plays {game}.",
        seat=upper_first(seat_name(deal.declarer, t)),
        bid=deal.bid,
        game=declaration_name(deal.declaration, t),
    )
    assert final in said
    teacher.segmented_control(key=f"projector_part_{deal.id}").set_value("play").run()
    _ok(teacher)
    assert t("Next card") in [b.label for b in teacher.button]
