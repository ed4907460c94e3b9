"""A learner's own mistakes from played deals, kept as personal play problems.

Revision ID: 0010_personal_problems
Revises: 0009_table_house
Create Date: 2026-12-06

* ``personal_problems``: one row per learner and problem (the problem as a JSON line of the collection's
  format, the card played, ``goal`` or ``points``, the points lost, ``play`` or ``table``, when).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trainer.store.ddl import create_index, drop_index, id_column, primary_key, references, unique, utc

revision: str = "0010_personal_problems"
down_revision: str | None = "0009_table_house"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "personal_problems",
        id_column(),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("problem_id", sa.String(length=64), nullable=False),
        sa.Column("problem", sa.Text(), nullable=False),
        sa.Column("played", sa.String(length=4), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("points_lost", sa.Float(), nullable=False),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("created_at", utc(), nullable=False),
        references("personal_problems", "learner_id", "learners"),
        primary_key("personal_problems"),
        unique("personal_problems", "learner_id", "problem_id"),
    )
    create_index("personal_problems", "learner_id")


def downgrade() -> None:
    drop_index("personal_problems", "learner_id")
    op.drop_table("personal_problems")
