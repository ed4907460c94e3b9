"""Shared tables: a join code and three seats on top of a Play evening.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01

Only new tables; nothing existing changes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def _utc() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "shared_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("evening_id", sa.Integer(), nullable=False),
        sa.Column("host_learner_id", sa.Integer(), nullable=True),
        sa.Column("class_id", sa.Integer(), nullable=True),
        sa.Column("profile_name", sa.String(length=32), nullable=False),
        sa.Column("scheme", sa.String(length=64), nullable=False),
        sa.Column("deals_planned", sa.Integer(), nullable=False),
        sa.Column("bot_level", sa.String(length=64), nullable=False),
        sa.Column("idle_seconds", sa.Integer(), nullable=False),
        sa.Column("created_at", _utc(), nullable=False),
        sa.ForeignKeyConstraint(
            ["evening_id"],
            ["play_evenings.id"],
            name=op.f("fk_shared_tables_evening_id_play_evenings"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["host_learner_id"],
            ["learners.id"],
            name=op.f("fk_shared_tables_host_learner_id_learners"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["class_id"], ["classes.id"], name=op.f("fk_shared_tables_class_id_classes"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shared_tables")),
        sa.UniqueConstraint("code", name=op.f("uq_shared_tables_code")),
        sa.UniqueConstraint("evening_id", name=op.f("uq_shared_tables_evening_id")),
    )
    with op.batch_alter_table("shared_tables", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_shared_tables_class_id"), ["class_id"], unique=False)
    op.create_table(
        "shared_table_seats",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=64), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("scored", sa.Boolean(), nullable=False),
        sa.Column("away", sa.Boolean(), nullable=False),
        sa.Column("last_seen", _utc(), nullable=True),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["shared_tables.id"],
            name=op.f("fk_shared_table_seats_table_id_shared_tables"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["learner_id"],
            ["learners.id"],
            name=op.f("fk_shared_table_seats_learner_id_learners"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("table_id", "place", name=op.f("pk_shared_table_seats")),
    )
    with op.batch_alter_table("shared_table_seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_shared_table_seats_learner_id"), ["learner_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("shared_table_seats", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_shared_table_seats_learner_id"))
    op.drop_table("shared_table_seats")
    with op.batch_alter_table("shared_tables", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_shared_tables_class_id"))
    op.drop_table("shared_tables")
