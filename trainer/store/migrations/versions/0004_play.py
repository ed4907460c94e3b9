"""Play page: evenings (score sheets) and their deals.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01

Only new tables. An evening may belong to a learner (deleted with them); a deal belongs to its evening.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trainer.store.ddl import create_index, drop_index, id_column, primary_key, references, unique, utc

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "play_evenings",
        id_column(),
        sa.Column("token", sa.String(length=32), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=True),
        sa.Column("profile_name", sa.String(length=32), nullable=False),
        sa.Column("scheme", sa.String(length=64), nullable=False),
        sa.Column("level", sa.String(length=64), nullable=False),
        sa.Column("coach", sa.String(length=64), nullable=False),
        sa.Column("created_at", utc(), nullable=False),
        references("play_evenings", "learner_id", "learners"),
        primary_key("play_evenings"),
        unique("play_evenings", "token"),
    )
    create_index("play_evenings", "learner_id")
    op.create_table(
        "play_deals",
        id_column(),
        sa.Column("evening_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("moves_json", sa.Text(), nullable=False),
        sa.Column("move_count", sa.Integer(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("summary_json", sa.Text(), nullable=True),
        sa.Column("mistakes", sa.Text(), nullable=True),
        sa.Column("record", sa.Text(), nullable=True),
        sa.Column("updated_at", utc(), nullable=False),
        references("play_deals", "evening_id", "play_evenings"),
        primary_key("play_deals"),
        unique("play_deals", "evening_id", "number"),
    )
    create_index("play_deals", "evening_id")


def downgrade() -> None:
    drop_index("play_deals", "evening_id")
    op.drop_table("play_deals")
    drop_index("play_evenings", "learner_id")
    op.drop_table("play_evenings")
