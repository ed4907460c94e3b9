"""A term in miniature, in a real browser (headless Chromium), in English and in Danish: a teacher signs up
with an account of their own and creates a class; four learners join (one at phone width); the teacher
assigns a drill on the page (a chapter, an example deal, a seat, a deal against the computer and a set of
three play problems through the store, as the page's own AppTests cover those forms); the learners do parts
of it (Bent opens the problem set from 'My class' and plays two of its three problems on the Problems page,
one right and one wrong); the teacher removes a
learner and makes a new join code (each after a confirm step); a fifth learner joins with the new code; the
dashboard's "who hasn't started" and its assignments CSV say exactly who did what (the CSV in the format the
page's language opens in Excel); the projector shows the join code, a question and the class's answer, keeps
the revealed answer when opened again, and the phone's open drill makes way for the question.

Skipped only when /usr/bin/chromium is missing.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import (
    TIMEOUT_MS,
    click,
    new_page,
    open_app,
    run_app,
    screenshot_all_content,
    settle,
    wait_state,
)

pytestmark = pytest.mark.browser

LEARNERS = ("Ada", "Bent", "Cleo", "Dora")
"""Ada works on a phone; Bent finishes the drill and the deal and plays two of the three problems; Cleo reads
the chapter and answers its check; Dora does nothing and is removed; Eva joins late with the new code."""
LATE = "Eva"
WORDS = {
    "en": {
        "not started": "not started",
        "done": "done",
        "of": "of",
        "dashboard": "Dashboard",
        "learners": "Learners",
        "settings": "Class settings",
        "right": "Right",
        "problems": "Play problems",
    },
    "da": {
        "not started": "ikke begyndt",
        "done": "færdig",
        "of": "af",
        "dashboard": "Oversigt",
        "learners": "Elever",
        "settings": "Holdets indstillinger",
        "right": "Rigtige",
        "problems": "Spilopgaver",
    },
}


@pytest.fixture(scope="module")
def term(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """(database URL, app URL): an empty store and this module's own app server on it."""
    url = f"sqlite:///{Path(tmp_path_factory.mktemp('e2e-term')) / 'term.sqlite'}"
    from trainer.store import Store

    Store(url).dispose()  # migrated before the server starts
    with run_app("streamlit-term-e2e.log", {"SKAT_TRAINER_DB_URL": url}) as base:
        yield url, base


def _store(url: str):  # type: ignore[no-untyped-def]
    from trainer.store import Store
    from trainer.store.classes import ClassStore

    return ClassStore(Store(url, migrate_schema=False))


def _join(page, base: str, lang: str, name: str, code: str) -> None:  # type: ignore[no-untyped-def]
    """On My class, in ``lang``: create an account (a generated key), then join with the code."""
    open_app(page, f"{base}/class?lang={lang}", member=False)
    page.get_by_role("tab").nth(1).click()  # "Create an account"
    page.locator(".st-key-class_account_create_name input").fill(name)
    click(
        page, page.locator(".st-key-class_account_create_submit button"), f"{name} signs up", signed_in=True
    )
    page.locator(".st-key-class_join_code input").fill(code)
    click(page, page.locator(".st-key-class_join_submit button"), f"{name} joins", member=True)


def _confirm(page, key: str, step: str) -> None:  # type: ignore[no-untyped-def]
    """A destructive action: its button, then "Yes" on the question it asks."""
    click(page, page.locator(f".st-key-{key}_ask button"), f"{step} (asks)")
    click(page, page.locator(f".st-key-{key}_yes button"), step)


def _download(page, selector: str) -> bytes:  # type: ignore[no-untyped-def]
    with page.expect_download() as info:
        page.locator(selector).click()
    return Path(info.value.path()).read_bytes()


@pytest.mark.parametrize("lang", ["en", "da"])
def test_a_term_in_miniature(term: tuple[str, str], browser, lang: str) -> None:  # type: ignore[no-untyped-def]
    from trainer.i18n import get_translator
    from trainer.problems.collection import collection
    from trainer.quiz.chapters import chapter_kinds
    from trainer.records.deals import load_all
    from trainer.teacher import DEAL, GAME, LESSON, SEAT
    from trainer.ui.views.problem import theme_title

    url, base = term
    words = WORDS[lang]
    suffix = lang.upper()
    class_name = f"Term {suffix}"
    names = {n: f"{n} {suffix}" for n in (*LEARNERS, LATE)}  # account names are unique in the store

    # The teacher signs up with an account of their own and creates the class.
    teacher = new_page(browser, width=1280, height=900)
    open_app(teacher, f"{base}/teacher?lang={lang}", teacher=False, signed_in=False)
    teacher.get_by_role("tab").nth(1).click()  # "Create an account"
    teacher.locator(".st-key-teacher_account_create_name input").fill(f"Teacher {suffix}")
    submit = teacher.locator(".st-key-teacher_account_create_submit button")
    click(teacher, submit, "the teacher signs up", signed_in=True)
    teacher.get_by_role("tab").nth(1).click()  # "Create a class"
    teacher.locator(".st-key-teacher_create_name input").fill(class_name)
    click(teacher, teacher.locator(".st-key-teacher_create_submit button"), "create the class", teacher=True)
    classes = _store(url)
    with classes.store.engine.connect() as conn:
        found = conn.exec_driver_sql("SELECT id, join_code FROM classes WHERE name = ?", (class_name,)).one()
    class_id, code = int(found[0]), str(found[1])
    owner = classes.teachers(class_id)[0].learner_id
    assert f"{code[:4]}-{code[4:]}" in teacher.locator("[data-testid=stMain]").inner_text()

    # A drill set on the page (the first question type, 10 questions, the page's rules) ...
    click(teacher, teacher.locator(".st-key-assign_add button"), "assign a drill")
    (drill,) = classes.assignments(class_id)
    assert drill.kind == "drill" and drill.count == 10
    # ... and one assignment of each other kind.
    slug = "03-card-order"
    example = next(d for d in load_all() if d.profile.name == "danish")
    lesson = classes.add_assignment(class_id, LESSON, slug, by=owner)
    deal = classes.add_assignment(class_id, DEAL, example.id, by=owner)
    classes.add_assignment(class_id, SEAT, example.id, seat=0, by=owner)
    classes.add_assignment(class_id, GAME, "beginner", profile_name="danish", by=owner)
    problems, problem_set = classes.add_problem_set(class_id, "danish", 3, (), "any", by=owner, seed=47)
    by_id = {p.id: p for p in collection()}

    # Four learners join; Ada on a phone.
    pages = {}
    for name in LEARNERS:
        phone = name == "Ada"
        pages[name] = new_page(browser, width=390 if phone else 1280, height=844 if phone else 900)
        _join(pages[name], base, lang, names[name], code)
    member = {m.name: m for m in classes.members(class_id)}

    # Ada opens the drill on her phone: it opens where she tapped and scrolls into view.
    ada = pages["Ada"]
    click(ada, ada.locator(f".st-key-class_start_{drill.id} button"), "Ada opens the drill")
    box = ada.locator(".st-key-class_active")
    box.wait_for()
    on_screen = "(box) => { const top = box.getBoundingClientRect().top; return top >= -2 && top < 844; }"
    ada.wait_for_function(on_screen, arg=box.element_handle(), timeout=TIMEOUT_MS)  # the scroll has landed
    top = box.bounding_box()
    assert top is not None and -2 <= top["y"] < 844, top  # its top on the screen
    # Parts of the work (answered through the store, as the drill's answers are tested in AppTest).
    for i in range(2):
        classes.record_drill_answer(member[names["Ada"]].id, drill.id, i == 0, "x", "y")
    for _ in range(10):
        classes.record_drill_answer(member[names["Bent"]].id, drill.id, True, "x", "x")
    classes.mark_done(member[names["Bent"]].id, deal.id)
    # Bent opens the problem set: the Problems page shows only its problems; one right, one wrong.
    bent = pages["Bent"]
    firsts: dict[str, bool] = {}  # problem id -> right at the first card
    click(
        bent,
        bent.locator(f".st-key-class_problems_{problems.id} button"),
        "Bent opens the set",
        page="problems",
    )
    for step, right in enumerate((True, False)):
        shown = wait_state(bent, "a problem of the set", page="problems", answered="0")["problem"]
        assert shown in problem_set.problem_ids
        problem = by_id[shown]
        firsts[shown] = right
        card = (
            problem.answer[0]
            if right
            else next(c.card for c in problem.scores if c.card not in problem.answer)
        )
        played = f"Bent plays {'the right' if right else 'a wrong'} card"
        click(bent, bent.locator(f".st-key-problems_hand-{card.iss} button"), played, answered="1")
        if step == 0:
            settle(bent)
            screenshot_all_content(bent, f"term-problem-set-{lang}")
        click(bent, bent.locator(".st-key-problems_next button"), "the next problem of the set", answered="0")
    box = bent.locator(".st-key-problems_assignment_box").inner_text()
    assert f"2 {words['of']} 3" in box
    cleo = member[names["Cleo"]].learner_id
    classes.store.mark_lesson_opened(cleo, slug)
    classes.store.record_attempt(cleo, chapter_kinds(slug)[0], True, "x", "x", "danish")

    # The teacher removes Dora and makes a new join code, each after a confirm step.
    teacher.reload()
    wait_state(teacher, "reload the class page", page="teacher", teacher=True)
    teacher.locator("[data-testid=stExpander] summary").filter(has_text=words["learners"]).first.click()
    _confirm(teacher, f"teacher_remove_{member[names['Dora']].id}", "remove Dora")
    teacher.locator("[data-testid=stExpander] summary").filter(has_text=words["settings"]).first.click()
    _confirm(teacher, "teacher_reset_code", "a new join code")
    new_code = classes.get_class(class_id).join_code
    assert new_code != code
    assert [m.name for m in classes.members(class_id)] == [names[n] for n in ("Ada", "Bent", "Cleo")]
    pages["Dora"].context.close()
    eva = new_page(browser, width=1280, height=900)
    _join(eva, base, lang, names[LATE], new_code)

    # The dashboard: who has not started, and the assignments CSV, exactly as the learners did.
    link = teacher.locator("[data-testid=stPageLink] a").filter(has_text=words["dashboard"]).first
    click(teacher, link, "open the dashboard", page="dashboard", teacher=True)
    waiting = teacher.locator(".st-key-dashboard_not_started").inner_text()
    assert names["Eva"] in waiting and names["Dora"] not in waiting
    data = _download(teacher, ".st-key-dashboard_progress_csv button")
    if lang == "da":
        assert data.startswith(b"\xef\xbb\xbf")
        rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=";"))
    else:
        rows = list(csv.reader(io.StringIO(data.decode("utf-8"))))
    header, body = rows[0], {row[0]: row[1:] for row in rows[1:]}
    assert len(header) == 7 and set(body) == {names[n] for n in ("Ada", "Bent", "Cleo", "Eva")}
    order = [a.id for a in classes.assignments(class_id)]
    column = {a: order.index(a) for a in order}
    ns, done = words["not started"], words["done"]
    assert body[names["Ada"]][column[drill.id]] == f"2 {words['of']} 10 · 50 %"
    assert body[names["Bent"]][column[drill.id]] == f"{done} · 100 %"
    assert body[names["Bent"]][column[deal.id]] == done
    assert body[names["Cleo"]][column[lesson.id]] == done
    assert body[names["Cleo"]][column[drill.id]] == ns
    assert set(body[names["Eva"]]) == {ns}
    assert body[names["Bent"]][column[problems.id]] == f"2 {words['of']} 3 · 50 %"
    assert {body[names[n]][column[problems.id]] for n in ("Ada", "Cleo", "Eva")} == {ns}
    assert header[1 + column[problems.id]].startswith(words["problems"])
    # The skills CSV: Bent's play problems by theme, the first answer of each deciding solved or missed.
    skills = _download(teacher, ".st-key-dashboard_csv button")
    text = skills.decode("utf-8-sig")
    lines = list(csv.reader(io.StringIO(text), delimiter=";" if lang == "da" else ","))
    themes = {
        line[1]: line[2:4]
        for line in lines
        if line[0] == names["Bent"] and line[1].startswith(words["problems"])
    }
    t = get_translator(lang)
    expected: dict[str, list[str]] = {}
    for ident, right in firsts.items():
        for key in by_id[ident].themes:
            name = t("Play problems: {theme}", theme=theme_title(key, t))
            answered, solved = expected.get(name, ["0", "0"])
            expected[name] = [str(int(answered) + 1), str(int(solved) + right)]
    assert themes == expected and themes
    settle(teacher)
    screenshot_all_content(teacher, f"term-dashboard-{lang}")
    grid = classes.progress_grid(class_id)
    assert grid.started_nothing() == (names["Eva"],)

    # The projector: the join code, a question, Ada's answer, the answer revealed and kept.
    # (the dashboard has no link to it: the projector is opened by its address, the cookie signs in)
    open_app(teacher, f"{base}/projector?lang={lang}", teacher=True, mode="question")
    assert f"{new_code[:4]}-{new_code[4:]}" in teacher.locator("[data-testid=stMain]").inner_text()
    click(teacher, teacher.locator(".st-key-projector_open button"), "put up a question")
    poll = classes.current_poll(class_id)
    assert poll is not None
    # Ada's phone: the question comes in by itself and her open drill makes way (one Check button).
    ada.locator(".st-key-class_poll").wait_for(timeout=15_000)
    one_check = "() => document.querySelectorAll('[data-testid=stFormSubmitButton]').length === 1"
    ada.wait_for_function(one_check, timeout=TIMEOUT_MS)
    assert ada.locator("[data-testid=stFormSubmitButton]").count() == 1
    classes.answer_poll(member[names["Ada"]].id, poll.id, "x", True)
    counted = (  # the "Answers" metric reads "1 / 4"
        "() => [...document.querySelectorAll('[data-testid=stMetric]')]"
        ".some((m) => /^1 \\//m.test(m.innerText))"
    )
    teacher.wait_for_function(counted, timeout=TIMEOUT_MS)  # the tally refreshes itself every two seconds
    click(teacher, teacher.locator(".st-key-projector_reveal button"), "reveal the answer")
    teacher.locator(".js-plotly-plot").first.wait_for()
    assert "✓" in teacher.locator(".js-plotly-plot").first.inner_text()
    teacher.goto(f"{base}/projector?lang={lang}")  # opened again (a new session; the cookie signs in)
    wait_state(teacher, "reopen the projector", page="projector", mode="question")
    teacher.locator(".js-plotly-plot").first.wait_for()
    assert teacher.locator(".st-key-projector_reveal").count() == 0
    assert words["right"] in teacher.locator("[data-testid=stMetric]").all_inner_texts()[-1]
    for page in (*pages.values(), eva, teacher):
        if not page.is_closed():
            page.context.close()
