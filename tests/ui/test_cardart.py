"""Our SVG card faces: valid SVG, right index and pip count, colours, states, back, data URIs."""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.cardart import (
    CLASSIC_COLOURS,
    FOUR_COLOURS,
    CardState,
    RankLetters,
    card_back_svg,
    card_svg,
    svg_data_uri,
)
from trainer.cards import ALL_CARDS, Card, Rank, Suit, parse_card

SVG = "{http://www.w3.org/2000/svg}"


def _texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [el.text or "" for el in root.iter(f"{SVG}text")]


def _pip_groups(svg: str) -> int:
    return len(re.findall(r'<g transform="translate\(', svg))


@pytest.mark.parametrize("card", ALL_CARDS, ids=lambda c: c.iss)
def test_every_card_is_well_formed_svg_with_its_index(card: Card) -> None:
    svg = card_svg(card)
    root = ET.fromstring(svg)  # raises on malformed XML
    assert root.tag == f"{SVG}svg"
    expected = {"T": "10"}.get(card.rank.value, card.rank.value)
    assert _texts(svg).count(expected) >= 2  # both corner indices


@pytest.mark.parametrize(
    ("code", "pips"), [("C7", 7), ("S8", 8), ("H9", 9), ("DT", 10), ("CA", 1), ("HK", 2), ("SJ", 2)]
)
def test_pip_count(code: str, pips: int) -> None:
    # Two corner pips (top-left and the rotated bottom-right) plus the face's own pips.
    assert _pip_groups(card_svg(parse_card(code))) == pips + 2


def test_danish_letters() -> None:
    texts = _texts(card_svg(parse_card("CJ"), letters=RankLetters.DANISH))
    assert "B" in texts and "J" not in texts
    assert "D" in _texts(card_svg(parse_card("HQ"), letters=RankLetters.DANISH))
    assert "E" in _texts(card_svg(parse_card("SA"), letters=RankLetters.DANISH))


def test_four_colours_differ_only_for_clubs_and_diamonds() -> None:
    assert FOUR_COLOURS[Suit.CLUBS] != CLASSIC_COLOURS[Suit.CLUBS]
    assert FOUR_COLOURS[Suit.DIAMONDS] != CLASSIC_COLOURS[Suit.DIAMONDS]
    assert FOUR_COLOURS[Suit.SPADES] == CLASSIC_COLOURS[Suit.SPADES]
    assert FOUR_COLOURS[Suit.HEARTS] == CLASSIC_COLOURS[Suit.HEARTS]
    four = {FOUR_COLOURS[s] for s in Suit}
    assert len(four) == 4
    svg = card_svg(parse_card("C9"), four_colour=True)
    assert FOUR_COLOURS[Suit.CLUBS] in svg and CLASSIC_COLOURS[Suit.CLUBS] not in svg


def test_states_change_the_picture() -> None:
    card = parse_card("D7")
    normal = card_svg(card)
    highlighted = card_svg(card, state=CardState.HIGHLIGHTED)
    dimmed = card_svg(card, state=CardState.DIMMED)
    assert len({normal, highlighted, dimmed}) == 3
    assert 'opacity="0.6"' in dimmed and 'opacity="0.6"' not in normal


def test_back_and_title_and_data_uri() -> None:
    back = card_back_svg()
    ET.fromstring(back)
    assert not _texts(back)  # a back shows no rank
    titled = card_svg(Card(Suit.HEARTS, Rank.TEN), title="Ten of hearts <&>")
    ET.fromstring(titled)  # the title is escaped
    uri = svg_data_uri(titled)
    assert uri.startswith("data:image/svg+xml;base64,")
    assert base64.b64decode(uri.split(",", 1)[1]).decode() == titled


@given(
    cards=st.lists(st.sampled_from(ALL_CARDS), unique=True, max_size=12),
    lang=st.sampled_from(["en", "da"]),
    four=st.booleans(),
    data=st.data(),
)
@settings(max_examples=40)
def test_card_row_html_lists_the_cards_in_order(cards, lang, four, data) -> None:  # type: ignore[no-untyped-def]
    from trainer.ui.components import card_row_html

    states = data.draw(st.lists(st.sampled_from(list(CardState)), min_size=len(cards), max_size=len(cards)))
    html = card_row_html(cards, lang=lang, four_colour=four, states=states)
    assert re.search(r'data-cards="([^"]*)"', html).group(1).split() == [c.iss for c in cards]  # type: ignore[union-attr]
    figures = re.findall(r'data-card="(\w+)" data-state="(\w+)"', html)
    assert figures == [(c.iss, s.value) for c, s in zip(cards, states, strict=True)]
    for uri in re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', html):
        ET.fromstring(base64.b64decode(uri))  # every picture is well-formed SVG
