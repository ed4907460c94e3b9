"""The profile comparison table of docs/rules.md, rendered from :class:`trainer.profiles.RuleProfile`.

``python tests/docs_rules.py`` rewrites the table in the document; tests/test_docs_rules.py fails when the
document and the profiles disagree, or when a profile field has no row here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

from trainer.cards import Suit
from trainer.profiles import (
    DANISH,
    INTERNATIONAL,
    AllPass,
    KnockCall,
    OuvertReveal,
    OverbidValuation,
    RuleProfile,
)
from trainer.rules.bidding import bid_ladder

DOC = Path(__file__).resolve().parents[1] / "docs" / "rules.md"
START, END = "<!-- profile-table:start -->", "<!-- profile-table:end -->"
SUIT_SIGNS = {Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠", Suit.CLUBS: "♣"}
NULL_FORMS = {
    (False, False): "null",
    (True, False): "hand",
    (False, True): "ouvert",
    (True, True): "ouvert hand",
}
ENUM_WORDS: dict[object, str] = {
    OverbidValuation.NEXT_MULTIPLE_OF_BASE: "next multiple of the base value ≥ the bid",
    OverbidValuation.BID: "the bid",
    AllPass.PASSED_IN: "thrown in",
    AllPass.RAMSE: "Ramse",
    OuvertReveal.BEFORE_FIRST_LEAD: "before the first lead",
    OuvertReveal.AFTER_DECLARERS_FIRST_CARD: "after the declarer's first card",
    KnockCall.KONTRA: "kontra / re (house option)",
    KnockCall.SPOERGE: "Spørge / knocking back",
}


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


ROWS: dict[str, tuple[str, Callable[[RuleProfile], str]]] = {
    "suit_base_values": (
        "suit base values",
        lambda p: ", ".join(f"{SUIT_SIGNS[s]} {p.suit_base(s)}" for s in Suit),
    ),
    "grand_base": ("grand base value", lambda p: str(p.grand_base)),
    "min_bid": ("lowest bid / highest bid", lambda p: f"{p.min_bid} / {max(bid_ladder(p))}"),
    "deal_packets": ("deal packets", lambda p: p.deal_pattern_text),
    "skat_packet": ("packet that goes to the skat", lambda p: f"packet {p.skat_packet + 1}"),
    "cut_min_cards": ("cut: cards lifted and left, at least", lambda p: str(p.cut_min_cards)),
    "knock_instead_of_cut": ("knocking instead of cutting", lambda p: _yes(p.knock_instead_of_cut)),
    "null_values": (
        "null games",
        lambda p: ", ".join(f"{NULL_FORMS[(h, o)]} {v}" for h, o, v in p.null_values),
    ),
    "announcements_allowed": ("schneider / schwarz announced", lambda p: _yes(p.announcements_allowed)),
    "ouvert_requires_hand": ("open suit / grand only as hand", lambda p: _yes(p.ouvert_requires_hand)),
    "ouvert_implies_schwarz_announced": (
        "open suit / grand carries both announcements",
        lambda p: _yes(p.ouvert_implies_schwarz_announced),
    ),
    "max_musik": ("Musik, at most", lambda p: str(p.max_musik) if p.max_musik else "—"),
    "opponents_schneider_max": ("defenders schneider with at most", lambda p: str(p.opponents_schneider_max)),
    "declarer_schneider_max": (
        "losing declarer schneider with at most",
        lambda p: str(p.declarer_schneider_max),
    ),
    "win_min_points": ("declarer wins with at least", lambda p: str(p.win_min_points)),
    "lost_factor": ("a lost game in the list", lambda p: f"−{p.lost_factor} × value"),
    "overbid_valuation": ("a lost overbid game is valued at", lambda p: ENUM_WORDS[p.overbid_valuation]),
    "all_pass": ("everybody passes", lambda p: ENUM_WORDS[p.all_pass]),
    "null_ouvert_reveal": (
        "null ouvert after a pickup: cards open",
        lambda p: ENUM_WORDS[p.null_ouvert_reveal],
    ),
    "open_reveal": ("other open games: cards open", lambda p: ENUM_WORDS[p.open_reveal]),
    "daekker_premium_value": (
        "Dækker at its premium value (house option)",
        lambda p: _yes(p.daekker_premium_value),
    ),
    "daekker_premium": ("Dækker's premium value", lambda p: str(p.daekker_premium)),
    "knock_call": ("the defenders' doubling call", lambda p: ENUM_WORDS[p.knock_call]),
    "slaa_40_an": ("Slå 40 an", lambda p: _yes(p.slaa_40_an)),
    "thrown_on_bid": (
        "a game thrown before the first lead: list and points on the bid",
        lambda p: _yes(p.thrown_on_bid),
    ),
    "default_scheme": ("usual score sheet", lambda p: SCHEME_WORDS[p.default_scheme]),
}
SCHEME_WORDS = {
    "list": "the list",
    "seeger_fabian": "Seeger-Fabian",
    "danish_money": "Danish money",
    "online_stakes": "online stakes",
}
NOT_RULES = {"name", "title", "level_order", "danish_textbook"}
"""Profile fields that are not rules (names; the order levels are counted aloud; the rule set as one input
of a fitted model)."""


def missing_rows() -> set[str]:
    """Profile fields that have no row in the table."""
    return {f.name for f in dataclasses.fields(RuleProfile)} - set(ROWS) - NOT_RULES


def render_table() -> str:
    profiles = (DANISH, INTERNATIONAL)
    lines = ["| rule | " + " | ".join(p.title for p in profiles) + " |", "|---|---|---|"]
    for label, cell in ROWS.values():
        lines.append(f"| {label} | " + " | ".join(cell(p) for p in profiles) + " |")
    return "\n".join(lines)


def documented_table(text: str) -> str:
    return text.split(START, 1)[1].split(END, 1)[0].strip()


def write() -> None:
    text = DOC.read_text(encoding="utf-8")
    head, rest = text.split(START, 1)
    tail = rest.split(END, 1)[1]
    DOC.write_text(f"{head}{START}\n{render_table()}\n{END}{tail}", encoding="utf-8")


if __name__ == "__main__":
    write()
