"""Learner accounts and server-side sign-in sessions.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01

* ``learners.secret_hash``: the argon2id hash of a learner's password or generated personal key. A learner
  with a hash is an account; the name is then unique in the whole store (``learners.name_key``).
* Learners made before accounts existed (a name typed on the quiz page, no secret) are moved out of the
  way: their ``name_key`` becomes `` legacy <id>`` (a folded name never starts with a space), so nobody can
  reach their answers by typing the name again, and the name is free for a real account.
* ``class_members.key_hash`` is empty for a member who joined with an account (they sign in with it).
* ``auth_sessions``: one row per signed-in browser (learner or teacher), keyed by the SHA-256 of the
  session token kept in the browser's cookie, with an expiry. Deleting the row signs the browser out in
  every tab; a restart keeps it.

No table is rebuilt (SQLite's batch mode would copy, drop and rename it, and dropping a table that other
tables point at with ``ON DELETE CASCADE`` deletes their rows): a column is added and dropped with plain
``ALTER TABLE`` (SQLite 3.35 or newer).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trainer.store.ddl import create_index, drop_index, id_column, primary_key, references, unique, utc

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None

SESSION_INDEXES = ("learner_id", "class_id", "expires_at")


def upgrade() -> None:
    op.add_column("learners", sa.Column("secret_hash", sa.String(length=255), nullable=True))
    op.execute(
        sa.text(
            "UPDATE learners SET name_key = ' legacy ' || CAST(id AS VARCHAR(20)) "
            "WHERE secret_hash IS NULL AND name_key NOT LIKE ' %'"
        )
    )
    op.create_table(
        "auth_sessions",
        id_column(),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=True),
        sa.Column("class_id", sa.Integer(), nullable=True),
        sa.Column("created_at", utc(), nullable=False),
        sa.Column("last_used_at", utc(), nullable=False),
        sa.Column("expires_at", utc(), nullable=False),
        references("auth_sessions", "learner_id", "learners"),
        references("auth_sessions", "class_id", "classes"),
        primary_key("auth_sessions"),
        unique("auth_sessions", "token_hash"),
    )
    for column in SESSION_INDEXES:
        create_index("auth_sessions", column)


def downgrade() -> None:
    for column in reversed(SESSION_INDEXES):
        drop_index("auth_sessions", column)
    op.drop_table("auth_sessions")
    op.drop_column("learners", "secret_hash")
