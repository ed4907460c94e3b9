"""Progress store: learners, attempts, fsrs review cards, lesson progress.

Revision ID: 0001
Revises:
Create Date: 2026-11-29

Teacher classes and assignments are meant to arrive as new tables in a later revision that
references ``learners.id``; nothing here has to change for that.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trainer.store.ddl import create_index, drop_index, id_column, primary_key, references, unique, utc

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "learners",
        id_column(),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=40), nullable=False),
        sa.Column("created_at", utc(), nullable=False),
        primary_key("learners"),
        unique("learners", "name_key"),
    )
    op.create_table(
        "attempts",
        id_column(),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("question_type", sa.String(length=64), nullable=False),
        sa.Column("profile_name", sa.String(length=32), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("answer", sa.Text(), nullable=False),
        sa.Column("expected", sa.Text(), nullable=False),
        sa.Column("elapsed_ms", sa.Integer(), nullable=True),
        sa.Column("mistake_tag", sa.String(length=64), nullable=True),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("at", utc(), nullable=False),
        references("attempts", "learner_id", "learners"),
        primary_key("attempts"),
    )
    create_index("attempts", "learner_id")
    op.create_index("ix_attempts_learner_type_at", "attempts", ["learner_id", "question_type", "at"])
    op.create_table(
        "review_cards",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("question_type", sa.String(length=64), nullable=False),
        sa.Column("card_json", sa.Text(), nullable=False),
        sa.Column("due", utc(), nullable=False),
        sa.Column("reviews", sa.Integer(), nullable=False),
        sa.Column("lapses", sa.Integer(), nullable=False),
        sa.Column("last_review", utc(), nullable=True),
        references("review_cards", "learner_id", "learners"),
        primary_key("review_cards", "learner_id", "question_type"),
    )
    create_index("review_cards", "due")
    op.create_table(
        "lesson_progress",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("lesson_id", sa.String(length=64), nullable=False),
        sa.Column("last_opened_at", utc(), nullable=False),
        sa.Column("completed_at", utc(), nullable=True),
        references("lesson_progress", "learner_id", "learners"),
        primary_key("lesson_progress", "learner_id", "lesson_id"),
    )


def downgrade() -> None:
    op.drop_table("lesson_progress")
    drop_index("review_cards", "due")
    op.drop_table("review_cards")
    op.drop_index("ix_attempts_learner_type_at", table_name="attempts")
    drop_index("attempts", "learner_id")
    op.drop_table("attempts")
    op.drop_table("learners")
