"""Play evenings know their kind; accounts know how their names look.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02

* ``play_evenings.kind``: ``play`` for the Play page's evenings, ``table`` for the evening holding a shared
  table's deals. The Play page opens only ``play`` evenings, so a table's deal is reached only through the
  table page by its seated players.
* A table's evening has no owner: the Play page used to give an ownerless evening to the first signed-in
  learner who opened its URL, so any owner a table's evening picked up that way is removed.

* ``learners.name_skeleton``: an account's name as it looks (:func:`trainer.names.skeleton`: NFKC, Greek
  and Cyrillic look-alikes, case folded), so a new account cannot take a name that looks like a
  classmate's ("Νina" with a Greek Ν beside "Nina"). Filled here for every existing account; accounts
  that already look alike keep working (the index is not unique).

Columns are added with plain ``ALTER TABLE`` (no table is rebuilt: see 0003).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trainer.names import skeleton

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

    op.add_column("learners", sa.Column("name_skeleton", sa.String(length=160), nullable=True))
    op.create_index(op.f("ix_learners_name_skeleton"), "learners", ["name_skeleton"])
    learners = sa.table(
        "learners",
        sa.column("id", sa.Integer()),
        sa.column("name", sa.String()),
        sa.column("secret_hash", sa.String()),
        sa.column("name_skeleton", sa.String()),
    )
    connection = op.get_bind()
    accounts = connection.execute(
        sa.select(learners.c.id, learners.c.name).where(learners.c.secret_hash.is_not(None))
    ).all()
    for learner_id, name in accounts:
        connection.execute(
            learners.update().where(learners.c.id == learner_id).values(name_skeleton=skeleton(name)[:160])
        )


def downgrade() -> None:
    op.drop_index(op.f("ix_learners_name_skeleton"), table_name="learners")
    op.drop_column("learners", "name_skeleton")
    op.drop_column("play_evenings", "kind")
