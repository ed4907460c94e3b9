"""Issue 44: a name with nothing in it that shows (a bare right-to-left override, a zero-width space, a
lone combining mark) would be an empty caption at a table. Every place a name is typed — a guest on a
page, a class member joining, an account, a teacher naming a class — refuses it with one readable message,
in both languages; a name with something that shows is kept as typed."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.errors import StoreError
from trainer.i18n import get_translator
from trainer.names import checked, shows
from trainer.store import Store
from trainer.store.accounts import AccountStore
from trainer.store.classes import ClassStore
from trainer.ui.terms import t_error

INVISIBLE = "\u202e\u202c\u2066\u2069\u200b\u200d\u2060\ufeff\u0301\u00ad \u3000"
"""Format controls, zero-width characters, a combining mark alone, a soft hyphen, spaces."""
REFUSED = "nothing in it that shows|letter, digit or sign that shows|give a name"


@given(st.text(alphabet=INVISIBLE, min_size=1, max_size=12))
def test_a_name_of_invisible_characters_is_refused(name: str) -> None:
    assert not shows(name)
    with pytest.raises(StoreError, match=REFUSED):
        checked(name, 40)


@given(st.text(min_size=1, max_size=10).filter(lambda s: any(c.isalnum() for c in s)))
def test_a_name_with_a_letter_or_digit_shows(name: str) -> None:
    assert shows(name)


def _guest(store: Store, name: str) -> str:
    return store.get_or_create_learner(name).name


def _member(store: Store, name: str) -> str:
    classes = ClassStore(store)
    made = classes.create_class("7B", "class password 1")
    return classes.join_class(made.join_code, name, client="c").member.name


def _account(store: Store, name: str) -> str:
    return AccountStore(ClassStore(store)).sign_up(name, "long enough", client="c").account.name


WAYS_IN = pytest.mark.parametrize(
    "enter", [_guest, _member, _account], ids=["guest", "class member", "account"]
)


@WAYS_IN
@pytest.mark.parametrize("name", ["\u202e", " \u200b ", "\u2066\u2069", "\u0301"])
def test_every_way_in_refuses_a_name_that_shows_nothing(
    store: Store, enter: Callable[[Store, str], str], name: str
) -> None:
    with pytest.raises(StoreError) as refused:
        enter(store, name)
    assert str(refused.value) == "A name needs at least one letter, digit or sign that shows."
    danish = t_error(refused.value, get_translator("da"))
    assert "bogstav" in danish and "letter" not in danish


@WAYS_IN
def test_a_name_with_a_mark_on_a_letter_is_kept(store: Store, enter: Callable[[Store, str], str]) -> None:
    assert enter(store, "  Ne\u0301na   Ali ") == "Ne\u0301na Ali"


@pytest.mark.parametrize("name", ["\u202e", "\u2066\u2069\u200b"])
def test_a_class_name_that_shows_nothing_is_refused(store: Store, name: str) -> None:
    classes = ClassStore(store)
    with pytest.raises(StoreError, match="letter, digit or sign that shows"):
        classes.create_class(name, "class password 1")
    made = classes.create_class("7B", "class password 1")
    assert made.name == "7B"
    with pytest.raises(StoreError, match="The class needs a name"):
        classes.create_class("   ", "class password 1")
