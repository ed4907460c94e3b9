"""Play evenings know what they are: a learner's own (``play``) or a shared table's (``table``).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02

* ``play_evenings.kind``: ``play`` for the Play page's evenings, ``table`` for the evening holding a shared
  table's deals. The Play page opens only ``play`` evenings, so a table's deal is reached only through the
  table page by its seated players.
* A table's evening has no owner: the Play page used to give an ownerless evening to the first signed-in
  learner who opened its URL, so any owner a table's evening picked up that way is removed.

A column is added with plain ``ALTER TABLE`` (no table is rebuilt: see 0003).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column(
        "play_evenings", sa.Column("kind", sa.String(length=16), nullable=False, server_default="play")
    )
    op.execute(
        sa.text(
            "UPDATE play_evenings SET kind = 'table', learner_id = NULL "
            "WHERE id IN (SELECT evening_id FROM shared_tables)"
        )
    )


def downgrade() -> None:
    op.drop_column("play_evenings", "kind")
