"""Teacher mode: classes, members, assignments, projector polls and the guessing log.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29

Only new tables; the progress tables of 0001 are untouched. A member points at its own ``learners`` row.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def _utc() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def _cascade(column: str, table: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"), ondelete="CASCADE"
    )


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("join_code", sa.String(length=16), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("created_at", _utc(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_classes")),
        sa.UniqueConstraint("join_code", name=op.f("uq_classes_join_code")),
    )
    op.create_table(
        "class_members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("display_name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=40), nullable=False),
        sa.Column("key_hash", sa.String(length=255), nullable=False),
        sa.Column("joined_at", _utc(), nullable=False),
        _cascade("class_id", "class_members", "classes"),
        _cascade("learner_id", "class_members", "learners"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_class_members")),
        sa.UniqueConstraint("class_id", "name_key", name=op.f("uq_class_members_class_id")),
        sa.UniqueConstraint("learner_id", name=op.f("uq_class_members_learner_id")),
    )
    op.create_index(op.f("ix_class_members_class_id"), "class_members", ["class_id"])
    op.create_table(
        "assignments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("target", sa.String(length=64), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("profile_name", sa.String(length=32), nullable=True),
        sa.Column("due_at", _utc(), nullable=True),
        sa.Column("created_at", _utc(), nullable=False),
        _cascade("class_id", "assignments", "classes"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_assignments")),
    )
    op.create_index(op.f("ix_assignments_class_id"), "assignments", ["class_id"])
    op.create_table(
        "assignment_marks",
        sa.Column("assignment_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("done_at", _utc(), nullable=False),
        _cascade("assignment_id", "assignment_marks", "assignments"),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["class_members.id"],
            name=op.f("fk_assignment_marks_member_id_class_members"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("assignment_id", "member_id", name=op.f("pk_assignment_marks")),
    )
    op.create_table(
        "access_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("scope", sa.String(length=16), nullable=False),
        sa.Column("subject", sa.String(length=64), nullable=False),
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("succeeded", sa.Boolean(), nullable=False),
        sa.Column("at", _utc(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_access_attempts")),
    )
    op.create_index("ix_access_attempts_scope_subject_at", "access_attempts", ["scope", "subject", "at"])
    op.create_index("ix_access_attempts_client_at", "access_attempts", ["client", "at"])
    op.create_table(
        "class_polls",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("question_type", sa.String(length=64), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("profile_name", sa.String(length=32), nullable=False),
        sa.Column("opened_at", _utc(), nullable=False),
        sa.Column("closed_at", _utc(), nullable=True),
        _cascade("class_id", "class_polls", "classes"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_class_polls")),
    )
    op.create_index(op.f("ix_class_polls_class_id"), "class_polls", ["class_id"])
    op.create_table(
        "poll_answers",
        sa.Column("poll_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("answer", sa.Text(), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("at", _utc(), nullable=False),
        sa.ForeignKeyConstraint(
            ["poll_id"],
            ["class_polls.id"],
            name=op.f("fk_poll_answers_poll_id_class_polls"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["class_members.id"],
            name=op.f("fk_poll_answers_member_id_class_members"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("poll_id", "member_id", name=op.f("pk_poll_answers")),
    )


def downgrade() -> None:
    op.drop_table("poll_answers")
    op.drop_index(op.f("ix_class_polls_class_id"), table_name="class_polls")
    op.drop_table("class_polls")
    op.drop_index("ix_access_attempts_client_at", table_name="access_attempts")
    op.drop_index("ix_access_attempts_scope_subject_at", table_name="access_attempts")
    op.drop_table("access_attempts")
    op.drop_table("assignment_marks")
    op.drop_index(op.f("ix_assignments_class_id"), table_name="assignments")
    op.drop_table("assignments")
    op.drop_index(op.f("ix_class_members_class_id"), table_name="class_members")
    op.drop_table("class_members")
    op.drop_table("classes")
