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

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def _utc() -> sa.DateTime:
    return sa.DateTime(timezone=True)


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
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=True),
        sa.Column("class_id", sa.Integer(), nullable=True),
        sa.Column("created_at", _utc(), nullable=False),
        sa.Column("last_used_at", _utc(), nullable=False),
        sa.Column("expires_at", _utc(), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"],
            ["learners.id"],
            name=op.f("fk_auth_sessions_learner_id_learners"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["class_id"], ["classes.id"], name=op.f("fk_auth_sessions_class_id_classes"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_auth_sessions")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_auth_sessions_token_hash")),
    )
    op.create_index(op.f("ix_auth_sessions_learner_id"), "auth_sessions", ["learner_id"])
    op.create_index(op.f("ix_auth_sessions_class_id"), "auth_sessions", ["class_id"])
    op.create_index(op.f("ix_auth_sessions_expires_at"), "auth_sessions", ["expires_at"])


def downgrade() -> None:
    op.drop_index(op.f("ix_auth_sessions_expires_at"), table_name="auth_sessions")
    op.drop_index(op.f("ix_auth_sessions_class_id"), table_name="auth_sessions")
    op.drop_index(op.f("ix_auth_sessions_learner_id"), table_name="auth_sessions")
    op.drop_table("auth_sessions")
    op.drop_column("learners", "secret_hash")
