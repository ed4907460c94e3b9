"""A shared table keeps the house options its host chose (kontra or Spørge, Slå 40 an, what an all-pass
deal becomes).

Revision ID: 0009_table_house
Revises: 0008_teachers
Create Date: 2026-12-06

* ``shared_tables.house``: the table's :class:`trainer.rules.game.HouseOptions` as JSON. Empty for a table
opened
  before this migration: it plays its rules' usual options (``HouseOptions.usual``), as it always did.

A column added with a plain ``ALTER TABLE`` (no table is rebuilt: see 0003).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0009_table_house"
down_revision: str | None = "0008_teachers"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("shared_tables", sa.Column("house", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("shared_tables") as batch:
        batch.drop_column("house")
