"""Hand-made quiz questions kept as data (``exercises/quiz/*.yaml``), turned into :class:`Question` values by
the same builders the generators use, so the engine recomputes every answer.

The file format is described in ``exercises/quiz/README.md``. :func:`load_bank` reads and checks the shape;
:func:`bank_questions` builds the questions and :func:`bank_problems` lists every entry whose written answer
disagrees with the engine (the test suite requires none).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from trainer.cards import parse_cards
from trainer.deal import Seat
from trainer.errors import RecordError, SkatError
from trainer.games import Declaration, GameType
from trainer.profiles import PROFILES, RuleProfile, get_profile
from trainer.quiz import generators as g
from trainer.quiz.check import normalize
from trainer.quiz.model import Question
from trainer.rules.value import evaluate_game

BANK_DIR = Path(__file__).resolve().parents[2] / "exercises" / "quiz"


@dataclass(frozen=True)
class BankEntry:
    """One hand-made question: its inputs, the profiles it is for, and the answer written by hand (per
    profile name)."""

    id: str
    kind: str
    inputs: Mapping[str, Any]
    answers: Mapping[str, str]
    file: str

    @property
    def profiles(self) -> tuple[str, ...]:
        return tuple(self.answers)


def _cards(inputs: Mapping[str, Any], name: str) -> tuple[Any, ...]:
    return parse_cards(str(inputs.get(name, "")))


def _game(inputs: Mapping[str, Any]) -> GameType:
    return GameType(str(inputs["game"]))


def _result_for(profile: RuleProfile, inputs: Mapping[str, Any]) -> Any:
    return evaluate_game(
        profile,
        Declaration(_game(inputs), hand=bool(inputs.get("hand_game", False))),
        matadors=int(inputs["matadors"]),
        bid=int(inputs["bid"]),
        declarer_points=int(inputs["points"]),
        declarer_tricks=int(inputs["tricks"]),
    )


def build(entry: BankEntry, profile: RuleProfile) -> Question:
    """The question of a bank entry under ``profile``, worked out by the engine."""
    i = entry.inputs
    source = entry.id
    kind = entry.kind
    if kind == g.MATADORS:
        return g.build_matadors(profile, _cards(i, "hand"), _cards(i, "skat"), _game(i), source=source)
    if kind == g.GAME_VALUE:
        d = Declaration(
            _game(i),
            hand=bool(i.get("hand_game", False)),
            ouvert=bool(i.get("ouvert", False)),
            schneider_announced=bool(i.get("schneider_announced", False)),
            schwarz_announced=bool(i.get("schwarz_announced", False)),
        )
        return g.build_game_value(
            profile,
            d,
            _cards(i, "hand"),
            _cards(i, "skat"),
            bool(i.get("schneider", False)),
            bool(i.get("schwarz", False)),
            source=source,
        )
    if kind == g.SAFE_BID:
        return g.build_safe_bid(profile, _cards(i, "hand"), _game(i), source=source)
    if kind == g.VALID_BID:
        return g.build_valid_bid(profile, int(i["value"]), source=source)
    if kind == g.LEGAL_CARDS:
        return g.build_legal_cards(profile, _cards(i, "hand"), _cards(i, "trick"), _game(i), source=source)
    if kind == g.TRICK_WINNER:
        leader = Seat[str(i.get("leader", "forehand")).upper()]
        return g.build_trick_winner(profile, _cards(i, "trick"), leader, _game(i), source=source)
    if kind == g.COUNT_EYES:
        return g.build_count_eyes(profile, _cards(i, "pile"), source=source)
    if kind == g.GAME_RESULT:
        return g.build_game_result(profile, _result_for(profile, i), source=source)
    if kind == g.SETTLE:
        return g.build_settle(profile, _result_for(profile, i), str(i["scheme"]), source=source)
    if kind == g.OVERBID:
        return g.build_overbid(
            profile, _cards(i, "hand"), _cards(i, "skat"), _game(i), int(i["bid"]), source=source
        )
    if kind == g.JACKS_FROM_BIDDING:
        return g.build_jacks_from_bidding(profile, _cards(i, "hand"), _game(i), int(i["bid"]), source=source)
    if kind == g.BID_DRILL:
        from trainer.quiz.bidding_drill import build_bid_drill

        seat = Seat[str(i.get("seat", "forehand")).upper()]
        return build_bid_drill(profile, _cards(i, "hand"), seat, source=source)
    raise RecordError(f"{entry.file}: entry '{entry.id}' has the unknown question type '{kind}'.")


_META = {"id", "kind", "answer", "profiles", "note"}


def _entry(raw: Any, file: str) -> BankEntry:
    if not isinstance(raw, dict) or "id" not in raw or "kind" not in raw or "answer" not in raw:
        raise RecordError(f"{file}: every entry needs an id, a kind and an answer.")
    kind = str(raw["kind"])
    if kind not in g.KINDS:
        raise RecordError(f"{file}: entry '{raw['id']}' has the unknown question type '{kind}'.")
    answer = raw["answer"]
    names: Sequence[str] = raw.get("profiles") or tuple(PROFILES)
    for name in names:
        get_profile(str(name))
    if isinstance(answer, dict):
        answers = {str(k): _answer_text(v) for k, v in answer.items()}
        if set(answers) - set(PROFILES):
            raise RecordError(f"{file}: entry '{raw['id']}' names an unknown profile in its answer.")
    else:
        answers = {str(name): _answer_text(answer) for name in names}
    inputs = {k: v for k, v in raw.items() if k not in _META}
    return BankEntry(str(raw["id"]), kind, inputs, answers, file)


def _answer_text(value: Any) -> str:
    if value is True:
        return g.YES
    if value is False:
        return g.NO
    if value is None:
        return ""
    return str(value)


def load_bank(directory: Path = BANK_DIR) -> list[BankEntry]:
    """Every entry of every ``*.yaml`` file in the bank folder, in file order."""
    return list(_load_bank(directory))


@functools.lru_cache(maxsize=8)
def _load_bank(directory: Path) -> tuple[BankEntry, ...]:
    entries: list[BankEntry] = []
    seen: set[str] = set()
    for path in sorted(directory.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
        if not isinstance(data, list):
            raise RecordError(f"{path.name}: a quiz bank file is a list of entries.")
        for raw in data:
            entry = _entry(raw, path.name)
            if entry.id in seen:
                raise RecordError(f"{path.name}: the id '{entry.id}' is used twice.")
            seen.add(entry.id)
            entries.append(entry)
    return tuple(entries)


def bank_questions(
    profile: RuleProfile, kind: str | None = None, directory: Path = BANK_DIR
) -> list[Question]:
    """The bank's questions for one profile (optionally one question type)."""
    return [
        build(entry, profile)
        for entry in load_bank(directory)
        if profile.name in entry.answers and (kind is None or entry.kind == kind)
    ]


def bank_problems(directory: Path = BANK_DIR) -> list[str]:
    """Entries whose written answer is not what the engine computes (empty when the bank is sound)."""
    problems: list[str] = []
    for entry in load_bank(directory):
        for name, written in entry.answers.items():
            profile = get_profile(name)
            try:
                question = build(entry, profile)
                given = normalize(question, written)
            except SkatError as error:
                problems.append(f"{entry.file}: {entry.id} ({name}): {error}")
                continue
            if given != question.answer:
                problems.append(
                    f"{entry.file}: {entry.id} ({name}): written answer {written!r}, "
                    f"engine says {question.answer!r}"
                )
    return problems
