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

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def _utc() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "learners",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=40), nullable=False),
        sa.Column("created_at", _utc(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_learners")),
        sa.UniqueConstraint("name_key", name=op.f("uq_learners_name_key")),
    )
    op.create_table(
        "attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("question_type", sa.String(length=64), nullable=False),
        sa.Column("profile_name", sa.String(length=32), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("answer", sa.Text(), nullable=False),
        sa.Column("expected", sa.Text(), nullable=False),
        sa.Column("elapsed_ms", sa.Integer(), nullable=True),
        sa.Column("mistake_tag", sa.String(length=64), nullable=True),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("at", _utc(), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"],
            ["learners.id"],
            name=op.f("fk_attempts_learner_id_learners"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_attempts")),
    )
    op.create_index(op.f("ix_attempts_learner_id"), "attempts", ["learner_id"])
    op.create_index("ix_attempts_learner_type_at", "attempts", ["learner_id", "question_type", "at"])
    op.create_table(
        "review_cards",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("question_type", sa.String(length=64), nullable=False),
        sa.Column("card_json", sa.Text(), nullable=False),
        sa.Column("due", _utc(), nullable=False),
        sa.Column("reviews", sa.Integer(), nullable=False),
        sa.Column("lapses", sa.Integer(), nullable=False),
        sa.Column("last_review", _utc(), nullable=True),
        sa.ForeignKeyConstraint(
            ["learner_id"],
            ["learners.id"],
            name=op.f("fk_review_cards_learner_id_learners"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("learner_id", "question_type", name=op.f("pk_review_cards")),
    )
    op.create_index(op.f("ix_review_cards_due"), "review_cards", ["due"])
    op.create_table(
        "lesson_progress",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("lesson_id", sa.String(length=64), nullable=False),
        sa.Column("last_opened_at", _utc(), nullable=False),
        sa.Column("completed_at", _utc(), nullable=True),
        sa.ForeignKeyConstraint(
            ["learner_id"],
            ["learners.id"],
            name=op.f("fk_lesson_progress_learner_id_learners"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("learner_id", "lesson_id", name=op.f("pk_lesson_progress")),
    )


def downgrade() -> None:
    op.drop_table("lesson_progress")
    op.drop_index(op.f("ix_review_cards_due"), table_name="review_cards")
    op.drop_table("review_cards")
    op.drop_index("ix_attempts_learner_type_at", table_name="attempts")
    op.drop_index(op.f("ix_attempts_learner_id"), table_name="attempts")
    op.drop_table("attempts")
    op.drop_table("learners")
