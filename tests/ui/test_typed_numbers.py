"""Numbers are read as typed (issue 44: on the settlement tools ``12.5`` became 12 and ``1e3`` became 1, and
the message then spoke of 12 or 1; ``bid 18.5`` was scored as 18 without a word; ``tricks 2e0`` as 2; an
emptied field silently went back to its old value).

The reader (:mod:`trainer.typed_numbers`) is checked on its own, and every numeric field of the
calculators, the settlement tools and the lessons' live elements is fuzzed in AppTest: a text that is not
exactly a number is refused at its field with a message naming the field and the text as typed, and the
element then shows exactly what it shows with the field empty (no figure made from a coerced or an old
value); a text that is a number gives exactly what its plain digits give. Zero silent coercions.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from trainer.errors import TypedNumberError
from trainer.typed_numbers import LONGEST, read_decimal, read_whole

from .helpers import APP, open_page, widget_app

WHOLE = re.compile(r"[+-]?[0-9]+")
DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]+)?|[.,][0-9]+)")
DECIMAL_FIELDS = {"rate_win", "rate_loss", "stake", "commission"}
PLACES = 2

typed_texts = st.one_of(
    st.integers(-300, 300).map(str),
    st.sampled_from(["12.5", "18.5", "18.0", "1e3", "2e0", "1E2", "", "   ", " 36 ", "0,5", "0.105", "−5",
                     "٣", "３６", "36 ", "+7", "--1", "1_000", "1,000", ".5", "5.", "nan", "inf", "0x10",
                     "¹"]),
    st.text(alphabet="0123456789.,-+eE _٣３−", max_size=8),
    st.integers(10, 40).map(lambda n: "9" * n),
    st.decimals(-200, 200, places=3, allow_nan=False).map(str),
)  # fmt: skip


def readable(text: str, decimal: bool) -> bool:
    """What the fields promise to read (the issue's rules, written out independently of the reader)."""
    typed = text.strip()
    if not typed or len(typed) > LONGEST:
        return False
    if not decimal:
        return WHOLE.fullmatch(typed) is not None
    return DECIMAL.fullmatch(typed) is not None and len(typed.replace(",", ".").partition(".")[2]) <= PLACES


def plain_digits(text: str, decimal: bool) -> str:
    """A readable text as its plain digits (what it means)."""
    typed = text.strip()
    return format(Decimal(typed.replace(",", ".")), "f") if decimal else str(int(typed))


@given(typed_texts)
def test_the_reader_reads_exactly_or_refuses(text: str) -> None:
    for decimal in (False, True):
        try:
            number = read_decimal(text, "F", places=PLACES) if decimal else read_whole(text, "F")
        except TypedNumberError as error:
            assert not readable(text, decimal), text
            assert str(error).startswith("F: ")
            continue
        assert readable(text, decimal), (text, number)
        assert str(number) == plain_digits(text, decimal) or number == Decimal(plain_digits(text, decimal))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("12.5", "Bid: “12.5” is not a whole number"),
        ("1e3", "Bid: “1e3” is not a whole number"),
        ("2e0", "Bid: “2e0” is not a whole number"),
        ("", "Bid: nothing typed"),
        ("9" * 40, "Bid: “" + "9" * LONGEST + "…” is too long"),
    ],
)
def test_the_reader_names_the_field_and_the_text_as_typed(text: str, says: str) -> None:
    with pytest.raises(TypedNumberError) as refused:
        read_whole(text, "Bid")
    assert str(refused.value).startswith(says)


# --- every numeric field, in AppTest ------------------------------------------------------------------------

WIDGETS = ("settlement", "win_check", "game_value", "dearer", "ramse", "highest_bid", "card_points",
           "bidding_dialogue")  # fmt: skip
PAGES = {
    "trainer/ui/pages/calculators.py": "calc-value-",
    "trainer/ui/pages/calculators_overbid.py": "calc-overbid-",
    "trainer/ui/pages/calculators_money.py": "calc-money-",
}
TEXT_FIELDS = ("hand_text", "skat_text", "players")
"""Text inputs of the pages that are not numbers."""


def _page(path: str) -> AppTest:
    return open_page(path, {"rules": "danish"}, timeout=60)


def _open(target: str) -> AppTest:
    return _page(target) if target in PAGES else widget_app(target)


def _fields() -> list[tuple[str, str]]:
    found = []
    for target in (*WIDGETS, *PAGES):
        at = _open(target)
        found += [(target, e.key) for e in at.text_input if not e.key.endswith(TEXT_FIELDS)]
    return found


FIELDS = _fields()


def test_every_numeric_field_is_found() -> None:
    """The fuzz reaches each element's number fields (and no number_input is left anywhere in them)."""
    assert len(FIELDS) >= 30, FIELDS
    for target in (*WIDGETS, *PAGES):
        assert not _open(target).number_input, target


def _shown(at: AppTest) -> list[str]:
    """What an element shows besides its fields and refusals: texts, figures, tables."""
    parts: list[str] = []
    for kind in (
        "markdown",
        "caption",
        "metric",
        "success",
        "info",
        "warning",
        "subheader",
        "table",
        "dataframe",
    ):
        for element in at.get(kind):
            value = element.value
            parts.append(value.to_csv() if hasattr(value, "to_csv") else str(value))
    return parts  # fmt: skip


def _unescaped(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text.translate(str.maketrans("", "", "\u2068\u2069\u2060")))


def _with(target: str, key: str, text: str) -> AppTest:
    at = _open(target)
    at.text_input(key=key).set_value(text).run()
    assert not at.exception, at.exception
    return at


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(field=st.sampled_from(FIELDS), text=typed_texts)
def test_no_field_coerces_what_is_typed(field: tuple[str, str], text: str) -> None:
    target, key = field
    decimal = key.rsplit("-", 1)[-1] in DECIMAL_FIELDS
    at = _with(target, key, text)
    label = at.text_input(key=key).label
    assert at.text_input(key=key).value == text  # the field keeps what was typed
    if readable(text, decimal):
        assert _shown(at) == _shown(_with(target, key, plain_digits(text, decimal)))
        return
    assert _shown(at) == _shown(_with(target, key, "")), "a figure made from a text that is no number"
    typed = text.strip()
    named = typed if len(typed) <= LONGEST else typed[:LONGEST] + "…"
    errors = [_unescaped(e.value) for e in at.error]
    answer = key.endswith("-guess") or "-answer-" in key
    if not typed and answer:
        assert not errors  # an answer not given yet is no mistake
        return
    assert [e for e in errors if e.lower().startswith(label.lower() + ":") and (named in e or not typed)], (
        label,
        text,
        errors,
    )


# --- answers to questions: the quiz (practice, review, sprint), the chapters' checks, the class room -------

QUIZ_PAGE = "trainer/ui/pages/quiz.py"
QUESTION_SEED = 11


def _number_chapter() -> str:
    """A chapter whose graded question (at QUESTION_SEED) is answered with a number."""
    from trainer.lessons import available_chapters
    from trainer.profiles import get_profile
    from trainer.quiz.chapters import chapter_question

    danish = get_profile("danish")
    return next(
        ref.slug
        for ref in available_chapters()
        if chapter_question(ref.slug, QUESTION_SEED, danish).mode == "number"
    )


def _quiz_page() -> tuple[AppTest, str]:
    state = {"rules": "danish", "quiz_kind": "game_value", "quiz_seed": QUESTION_SEED}
    return open_page(QUIZ_PAGE, state=state, timeout=60), "quiz_"


def _chapter_check() -> tuple[AppTest, str]:
    from .helpers import WIDGET_KEY

    return widget_app("chapter_check", chapter=_number_chapter(), seed=QUESTION_SEED), WIDGET_KEY + "q_"


ASKERS = {"quiz": _quiz_page, "chapter check": _chapter_check}


def _history(at: AppTest) -> list[object]:
    return list(at.session_state["quiz_history"]) if "quiz_history" in at.session_state else []


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(asker=st.sampled_from(sorted(ASKERS)), text=typed_texts)
def test_no_answer_is_graded_from_a_coerced_number(asker: str, text: str) -> None:
    """A typed answer is graded as exactly the whole number typed, or refused at its field (naming it and
    the text) with nothing graded or recorded; an empty answer is 'answer first', no mistake."""
    at, prefix = ASKERS[asker]()
    assert not at.number_input
    at.text_input(key=prefix + "answer").set_value(text)
    at.button(key=prefix + "check").click().run()
    assert not at.exception, at.exception
    assert at.text_input(key=prefix + "answer").value == text  # the field keeps what was typed
    verdict_key = prefix + "verdict"
    if readable(text, decimal=False):
        assert at.session_state[verdict_key][1].given == plain_digits(text, decimal=False)
        assert len(_history(at)) == 1
        return
    assert verdict_key not in at.session_state and not _history(at), "graded a text that is no number"
    typed = text.strip()
    errors = [_unescaped(e.value) for e in at.error]
    if not typed:
        assert not errors and at.warning  # "type an answer first", no mistake
        return
    named = typed if len(typed) <= LONGEST else typed[:LONGEST] + "…"
    assert [e for e in errors if e.startswith("Your answer:") and named in e], (text, errors)


def _answer_form_app() -> None:
    """The class room's answer form (polls and class drills) on a number question, alone."""
    import streamlit as st

    from trainer.profiles import get_profile
    from trainer.quiz import generate
    from trainer.ui.context import context_from_state
    from trainer.ui.views.question import answer_form

    question = generate("game_value", 11, get_profile("danish"))
    given = answer_form(question, context_from_state(st.session_state), key="poll")
    if given is not None:
        st.session_state["given"] = given


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=typed_texts)
def test_the_class_rooms_answer_form_reads_as_typed(text: str) -> None:
    at = AppTest.from_function(_answer_form_app, default_timeout=30).run()
    at.text_input(key="poll_number").set_value(text)
    at.button(key="poll_submit").click().run()
    assert not at.exception, at.exception
    if readable(text, decimal=False):
        assert at.session_state["given"] == plain_digits(text, decimal=False)
        assert not at.error
        return
    assert "given" not in at.session_state
    typed = text.strip()
    errors = [_unescaped(e.value) for e in at.error]
    if not typed:
        assert not errors and at.warning
        return
    named = typed if len(typed) <= LONGEST else typed[:LONGEST] + "…"
    assert [e for e in errors if e.startswith("Your answer:") and named in e], (text, errors)


# --- the shared table's opening form and the teacher's drill count ------------------------------------------

TABLE_PAGE = "trainer/ui/pages/table.py"


@pytest.mark.parametrize(
    ("key", "text", "opened"),
    [
        ("table_deals", "3", {"deals_planned": 3}),
        ("table_deals", " 12 ", {"deals_planned": 12}),
        ("table_deals", "2.5", None),
        ("table_deals", "1e1", None),
        ("table_deals", "", None),
        ("table_deals", "100", None),
        ("table_idle", "45", {"idle_seconds": 45}),
        ("table_idle", "30.0", None),
        ("table_idle", "6e1", None),
    ],
)
def test_the_table_form_opens_only_with_numbers_as_typed(
    key: str, text: str, opened: dict[str, int] | None, tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table opens with exactly the number typed, or not at all (the field names itself and the text)."""
    from trainer.store import Store
    from trainer.store.tables import TableStore

    from .helpers import make_account, sign_in_on_account_page

    url = f"sqlite:///{tmp_path / 'form.sqlite'}"
    monkeypatch.setenv("SKAT_TRAINER_DB_URL", url)
    make_account(url, "Anna")
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["rules"] = "danish"
    at.run()
    sign_in_on_account_page(at, "Anna", back_to=TABLE_PAGE)
    label = at.text_input(key=key).label
    at.text_input(key=key).set_value(text)
    at.button(key="table_open_submit").click().run()
    assert not at.exception, at.exception
    if opened is not None:
        table = TableStore(Store(url)).get(at.session_state["table_id"])
        assert {name: getattr(table, name) for name in opened} == opened
        return
    assert "table_id" not in at.session_state or at.session_state["table_id"] is None
    errors = [_unescaped(e.value) for e in at.error]
    assert [e for e in errors if e.startswith(label + ":") and text.strip() in e], errors
