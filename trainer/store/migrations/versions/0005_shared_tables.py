"""Shared tables: a join code and three seats on top of a Play evening.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01

Only new tables; nothing existing changes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trainer.store.ddl import create_index, drop_index, id_column, primary_key, references, unique, utc

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "shared_tables",
        id_column(),
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("evening_id", sa.Integer(), nullable=False),
        sa.Column("host_learner_id", sa.Integer(), nullable=True),
        sa.Column("class_id", sa.Integer(), nullable=True),
        sa.Column("profile_name", sa.String(length=32), nullable=False),
        sa.Column("scheme", sa.String(length=64), nullable=False),
        sa.Column("deals_planned", sa.Integer(), nullable=False),
        sa.Column("bot_level", sa.String(length=64), nullable=False),
        sa.Column("idle_seconds", sa.Integer(), nullable=False),
        sa.Column("created_at", utc(), nullable=False),
        references("shared_tables", "evening_id", "play_evenings"),
        references("shared_tables", "host_learner_id", "learners", ondelete="SET NULL"),
        references("shared_tables", "class_id", "classes", ondelete="SET NULL"),
        primary_key("shared_tables"),
        unique("shared_tables", "code"),
        unique("shared_tables", "evening_id"),
    )
    create_index("shared_tables", "class_id")
    op.create_table(
        "shared_table_seats",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=64), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("scored", sa.Boolean(), nullable=False),
        sa.Column("away", sa.Boolean(), nullable=False),
        sa.Column("last_seen", utc(), nullable=True),
        references("shared_table_seats", "table_id", "shared_tables"),
        references("shared_table_seats", "learner_id", "learners", ondelete="SET NULL"),
        primary_key("shared_table_seats", "table_id", "place"),
    )
    create_index("shared_table_seats", "learner_id")


def downgrade() -> None:
    drop_index("shared_table_seats", "learner_id")
    op.drop_table("shared_table_seats")
    drop_index("shared_tables", "class_id")
    op.drop_table("shared_tables")
