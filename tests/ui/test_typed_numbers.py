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

from .helpers import APP, widget_app

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
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["rules"] = "danish"
    at.run()
    at.switch_page(path).run()
    return at


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
