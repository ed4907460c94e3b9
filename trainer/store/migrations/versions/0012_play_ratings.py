"""Learned play ratings: each collection problem's and each learner's, moved together on a first answer.

Revision ID: 0012_play_ratings
Revises: 0011_problem_assignments
Create Date: 2026-12-07

* ``problem_ratings``: a problem's Glicko-2 rating, deviation and volatility and how many first answers
  taught them (no row: the problem is still at its seed from the collection).
* ``rated_answers``: one row per learner and problem, the learner's first answer, with the learner's and
  the problem's ratings right after it (the learner's rating over time).

Answers to collection problems given before this revision are replayed into both tables, first answers in
the order they were given, so a learner's rating carries over. (The replay reads the shipped collection
for the seeds; answers to problems no longer shipped, and to personal problems, are not rated.)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trainer.problems.collection import collection
from trainer.problems.rating import NEW_LEARNER, Glicko, problem_seed, rate_pair
from trainer.store.ddl import create_index, drop_index, id_column, primary_key, references, unique, utc

revision: str = "0012_play_ratings"
down_revision: str | None = "0011_problem_assignments"
branch_labels: str | None = None
depends_on: str | None = None

PREFIX = "problem:"


def upgrade() -> None:
    problem_ratings = op.create_table(
        "problem_ratings",
        sa.Column("problem_id", sa.String(length=64), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=False),
        sa.Column("answers", sa.Integer(), nullable=False),
        sa.Column("updated_at", utc(), nullable=False),
        primary_key("problem_ratings", "problem_id"),
    )
    rated_answers = op.create_table(
        "rated_answers",
        id_column(),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("problem_id", sa.String(length=64), nullable=False),
        sa.Column("attempt_id", sa.Integer(), nullable=True),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("at", utc(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=False),
        sa.Column("problem_rating", sa.Float(), nullable=False),
        sa.Column("problem_deviation", sa.Float(), nullable=False),
        references("rated_answers", "attempt_id", "attempts", ondelete="SET NULL"),
        references("rated_answers", "learner_id", "learners"),
        primary_key("rated_answers"),
        unique("rated_answers", "learner_id", "problem_id"),
    )
    create_index("rated_answers", "learner_id")
    _replay_earlier_answers(problem_ratings, rated_answers)


def _replay_earlier_answers(problem_ratings: sa.Table, rated_answers: sa.Table) -> None:
    bind = op.get_bind()
    attempts = sa.table(
        "attempts",
        sa.column("id", sa.Integer()),
        sa.column("learner_id", sa.Integer()),
        sa.column("question_type", sa.String()),
        sa.column("correct", sa.Boolean()),
        sa.column("at", sa.DateTime(timezone=True)),
    )
    rows = bind.execute(
        sa.select(
            attempts.c.id, attempts.c.learner_id, attempts.c.question_type, attempts.c.correct, attempts.c.at
        )
        .where(attempts.c.question_type.like(PREFIX + "%"))
        .order_by(attempts.c.at, attempts.c.id)
    ).all()
    if not rows:
        return
    seeds = {problem.id: problem_seed(problem) for problem in collection()}
    learners: dict[int, Glicko] = {}
    problems: dict[str, tuple[Glicko, int, object]] = {}
    answers = []
    done: set[tuple[int, str]] = set()
    for attempt_id, learner_id, kind, correct, at in rows:
        ident = kind[len(PREFIX) :]
        if ident not in seeds or (learner_id, ident) in done:
            continue
        done.add((learner_id, ident))
        before, count, _ = problems.get(ident, (seeds[ident], 0, at))
        learner, problem = rate_pair(learners.get(learner_id, NEW_LEARNER), before, bool(correct))
        learners[learner_id] = learner
        problems[ident] = (problem, count + 1, at)
        answers.append(
            {
                "learner_id": learner_id,
                "problem_id": ident,
                "attempt_id": attempt_id,
                "correct": bool(correct),
                "at": at,
                "rating": learner.rating,
                "deviation": learner.deviation,
                "volatility": learner.volatility,
                "problem_rating": problem.rating,
                "problem_deviation": problem.deviation,
            }
        )
    if answers:
        op.bulk_insert(rated_answers, answers)
        op.bulk_insert(
            problem_ratings,
            [
                {
                    "problem_id": ident,
                    "rating": rating.rating,
                    "deviation": rating.deviation,
                    "volatility": rating.volatility,
                    "answers": count,
                    "updated_at": at,
                }
                for ident, (rating, count, at) in problems.items()
            ],
        )


def downgrade() -> None:
    drop_index("rated_answers", "learner_id")
    op.drop_table("rated_answers")
    op.drop_table("problem_ratings")
