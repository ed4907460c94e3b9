"""A class can be set a set of play problems (themes, how many, difficulty band, rules).

Revision ID: 0011_problem_assignments
Revises: 0009_table_house
Create Date: 2026-12-06

* ``problem_sets``: one row per problem-set assignment with the themes the teacher chose and the problems
  drawn for it (ids in serving order), so every learner gets the same set. The assignment row itself keeps
  its kind (``problems``), the difficulty band as its target, the number of problems and the rules.

Only a new table: nothing existing changes. (When 0010_personal_problems lands first, this revision follows
it: only ``down_revision`` changes.)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0011_problem_assignments"
down_revision: str | None = "0010_personal_problems"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "problem_sets",
        sa.Column("assignment_id", sa.Integer(), nullable=False),
        sa.Column("themes", sa.Text(), nullable=False),
        sa.Column("problem_ids", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["assignment_id"], ["assignments.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("assignment_id"),
    )


def downgrade() -> None:
    op.drop_table("problem_sets")
