"""Teacher mode: classes, members, assignments, projector polls and the guessing log.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29

Only new tables; the progress tables of 0001 are untouched. A member points at its own ``learners`` row.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trainer.store.ddl import create_index, drop_index, id_column, primary_key, references, unique, utc

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "classes",
        id_column(),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("join_code", sa.String(length=16), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("created_at", utc(), nullable=False),
        primary_key("classes"),
        unique("classes", "join_code"),
    )
    op.create_table(
        "class_members",
        id_column(),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("display_name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=40), nullable=False),
        sa.Column("key_hash", sa.String(length=255), nullable=False),
        sa.Column("joined_at", utc(), nullable=False),
        references("class_members", "class_id", "classes"),
        references("class_members", "learner_id", "learners"),
        primary_key("class_members"),
        unique("class_members", "class_id", "name_key"),
        unique("class_members", "learner_id"),
    )
    create_index("class_members", "class_id")
    op.create_table(
        "assignments",
        id_column(),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("target", sa.String(length=64), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("profile_name", sa.String(length=32), nullable=True),
        sa.Column("due_at", utc(), nullable=True),
        sa.Column("created_at", utc(), nullable=False),
        references("assignments", "class_id", "classes"),
        primary_key("assignments"),
    )
    create_index("assignments", "class_id")
    op.create_table(
        "assignment_marks",
        sa.Column("assignment_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("done_at", utc(), nullable=False),
        references("assignment_marks", "assignment_id", "assignments"),
        references("assignment_marks", "member_id", "class_members"),
        primary_key("assignment_marks", "assignment_id", "member_id"),
    )
    op.create_table(
        "access_attempts",
        id_column(),
        sa.Column("scope", sa.String(length=16), nullable=False),
        sa.Column("subject", sa.String(length=64), nullable=False),
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("succeeded", sa.Boolean(), nullable=False),
        sa.Column("at", utc(), nullable=False),
        primary_key("access_attempts"),
    )
    op.create_index("ix_access_attempts_scope_subject_at", "access_attempts", ["scope", "subject", "at"])
    op.create_index("ix_access_attempts_client_at", "access_attempts", ["client", "at"])
    op.create_table(
        "class_polls",
        id_column(),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("question_type", sa.String(length=64), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("profile_name", sa.String(length=32), nullable=False),
        sa.Column("opened_at", utc(), nullable=False),
        sa.Column("closed_at", utc(), nullable=True),
        references("class_polls", "class_id", "classes"),
        primary_key("class_polls"),
    )
    create_index("class_polls", "class_id")
    op.create_table(
        "poll_answers",
        sa.Column("poll_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("answer", sa.Text(), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("at", utc(), nullable=False),
        references("poll_answers", "poll_id", "class_polls"),
        references("poll_answers", "member_id", "class_members"),
        primary_key("poll_answers", "poll_id", "member_id"),
    )


def downgrade() -> None:
    op.drop_table("poll_answers")
    drop_index("class_polls", "class_id")
    op.drop_table("class_polls")
    op.drop_index("ix_access_attempts_client_at", table_name="access_attempts")
    op.drop_index("ix_access_attempts_scope_subject_at", table_name="access_attempts")
    op.drop_table("access_attempts")
    op.drop_table("assignment_marks")
    drop_index("assignments", "class_id")
    op.drop_table("assignments")
    drop_index("class_members", "class_id")
    op.drop_table("class_members")
    op.drop_table("classes")
