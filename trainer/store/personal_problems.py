"""A learner's own mistakes from played deals, kept as personal play problems. Table created by migration
0010_personal_problems.

Each row holds one :class:`~trainer.problems.model.Problem` in the collection's JSON Lines form (so the
Problems page's view draws it like any other), the card the learner played, whether it lost the goal or
card points, and where the deal was played (the Play page or a shared table). A problem is kept once per
learner (its id names the deal and the card's place in it), so judging the same deal again adds nothing.
Answers to personal problems are ordinary attempts of the question type ``problem:<id>``, so they join
the learner's fsrs review queue like the collection's.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Float, ForeignKey, Integer, String, Text, UniqueConstraint, func, select
from sqlalchemy.orm import Mapped, mapped_column

from trainer.cards import Card, parse_card
from trainer.problems.mistakes import Mistake
from trainer.problems.model import Problem
from trainer.store.db import as_utc
from trainer.store.models import KEY_MAX, Base, UTCDateTime
from trainer.store.repository import Store

SOURCE_PLAY = "play"
SOURCE_TABLE = "table"
SOURCES = (SOURCE_PLAY, SOURCE_TABLE)
CARD_MAX = 4
KIND_MAX = 16


class PersonalProblemRow(Base):
    """One card a learner should not have played, as a problem."""

    __tablename__ = "personal_problems"
    __table_args__ = (UniqueConstraint("learner_id", "problem_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), index=True)
    problem_id: Mapped[str] = mapped_column(String(KEY_MAX))
    problem: Mapped[str] = mapped_column(Text)
    """The problem as one line of the collection's JSON Lines format."""
    played: Mapped[str] = mapped_column(String(CARD_MAX))
    """The card the learner played (ISS notation)."""
    kind: Mapped[str] = mapped_column(String(KIND_MAX))
    """``goal`` or ``points`` (see :class:`trainer.problems.mistakes.Mistake`)."""
    points_lost: Mapped[float] = mapped_column(Float)
    source: Mapped[str] = mapped_column(String(KIND_MAX))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())


@dataclass(frozen=True)
class PersonalProblem:
    """A stored mistake: the problem, the card played, how it went wrong, where and when."""

    problem: Problem
    played: Card
    kind: str
    points_lost: float
    source: str
    created_at: datetime


def _personal(row: PersonalProblemRow) -> PersonalProblem:
    return PersonalProblem(
        Problem.from_json(json.loads(row.problem)),
        parse_card(row.played),
        row.kind,
        row.points_lost,
        row.source,
        as_utc(row.created_at),
    )


class PersonalProblems:
    """The personal problems of every learner, on a :class:`~trainer.store.Store`'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def add(
        self, learner_id: int, mistakes: Iterable[Mistake], *, source: str, at: datetime | None = None
    ) -> int:
        """Keep these mistakes for the learner; a problem already kept is left as it is. Returns how many
        were new."""
        if source not in SOURCES:
            raise ValueError(f"Unknown source '{source}' ({', '.join(SOURCES)}).")
        when = as_utc(at)
        added = 0
        with self.store._write() as session:
            known = set(
                session.scalars(
                    select(PersonalProblemRow.problem_id).where(PersonalProblemRow.learner_id == learner_id)
                )
            )
            for mistake in mistakes:
                ident = mistake.problem.id
                if ident in known:
                    continue
                known.add(ident)
                session.add(
                    PersonalProblemRow(
                        learner_id=learner_id,
                        problem_id=ident,
                        problem=json.dumps(mistake.problem.to_json(), separators=(",", ":")),
                        played=mistake.played.iss,
                        kind=mistake.kind,
                        points_lost=float(mistake.points_lost),
                        source=source,
                        created_at=when,
                    )
                )
                added += 1
        return added

    def of(self, learner_id: int) -> list[PersonalProblem]:
        """The learner's personal problems, oldest first."""
        with self.store._read() as session:
            rows = session.scalars(
                select(PersonalProblemRow)
                .where(PersonalProblemRow.learner_id == learner_id)
                .order_by(PersonalProblemRow.created_at, PersonalProblemRow.id)
            )
            return [_personal(row) for row in rows]

    def count(self, learner_id: int) -> int:
        with self.store._read() as session:
            return int(
                session.scalar(
                    select(func.count())
                    .select_from(PersonalProblemRow)
                    .where(PersonalProblemRow.learner_id == learner_id)
                )
                or 0
            )
