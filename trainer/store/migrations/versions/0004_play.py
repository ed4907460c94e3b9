"""Play page: evenings (score sheets) and their deals.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01

Only new tables. An evening may belong to a learner (deleted with them); a deal belongs to its evening.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def _utc() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "play_evenings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(length=32), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=True),
        sa.Column("profile_name", sa.String(length=32), nullable=False),
        sa.Column("scheme", sa.String(length=64), nullable=False),
        sa.Column("level", sa.String(length=64), nullable=False),
        sa.Column("coach", sa.String(length=64), nullable=False),
        sa.Column("created_at", _utc(), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"],
            ["learners.id"],
            name=op.f("fk_play_evenings_learner_id_learners"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_play_evenings")),
        sa.UniqueConstraint("token", name=op.f("uq_play_evenings_token")),
    )
    with op.batch_alter_table("play_evenings", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_play_evenings_learner_id"), ["learner_id"], unique=False)
    op.create_table(
        "play_deals",
        sa.Column("id", sa.Integer(), nullable=False),
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
        sa.Column("updated_at", _utc(), nullable=False),
        sa.ForeignKeyConstraint(
            ["evening_id"],
            ["play_evenings.id"],
            name=op.f("fk_play_deals_evening_id_play_evenings"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_play_deals")),
        sa.UniqueConstraint("evening_id", "number", name=op.f("uq_play_deals_evening_id")),
    )
    with op.batch_alter_table("play_deals", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_play_deals_evening_id"), ["evening_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("play_deals", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_play_deals_evening_id"))
    op.drop_table("play_deals")
    with op.batch_alter_table("play_evenings", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_play_evenings_learner_id"))
    op.drop_table("play_evenings")
