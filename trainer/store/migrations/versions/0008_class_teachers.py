"""Teachers sign in with their own accounts and own their classes; class management and per-assignment
progress.

Revision ID: 0008_teachers
Revises: 0007
Create Date: 2026-12-06

* ``class_teachers``: the accounts that teach a class, its ``owner`` and any ``co``-teachers.
* ``classes.password_hash`` stays, as an optional second factor: empty means none. A class made before
  this migration has no owner; its teacher claims it by signing in with their own account and typing the
  old join code and class password once (``ClassStore.claim_class``). The password then stays the class's
  second factor until the owner turns it off.
* ``classes.archived_at``: an archived class keeps everything, takes no new members and can be restored.
* ``class_audit``: who did what to a class and when (rename, reset the code, remove a learner, ...).
* ``assignment_answers``: which answers were given as work on a drill, so the dashboard tells assignment
  work from free practice. Filled here for the drills already set, by the rule used until now (answers of
  the drill's question type and rules since it was set), which is the best the old data can say.
* ``assignments.seat``: the seat to play in an example deal played as one seat.
* ``class_polls.revealed_at``: the projector keeps a revealed answer.
* Teacher sessions of old (a class code and password, no account) end: every teacher signs in again.

Tables are only added to and columns added with plain ``ALTER TABLE`` (no table is rebuilt: see 0003).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trainer.store.ddl import create_index, drop_index, id_column, primary_key, references, utc

revision: str = "0008_teachers"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("classes", sa.Column("archived_at", utc(), nullable=True))
    op.add_column("assignments", sa.Column("seat", sa.Integer(), nullable=True))
    op.add_column("class_polls", sa.Column("revealed_at", utc(), nullable=True))
    op.create_table(
        "class_teachers",
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("added_at", utc(), nullable=False),
        references("class_teachers", "class_id", "classes"),
        references("class_teachers", "learner_id", "learners"),
        primary_key("class_teachers", "class_id", "learner_id"),
    )
    create_index("class_teachers", "learner_id")
    op.create_table(
        "class_audit",
        id_column(),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("actor_id", sa.Integer(), nullable=True),
        sa.Column("actor_name", sa.String(length=40), nullable=False),
        sa.Column("action", sa.String(length=16), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.Column("at", utc(), nullable=False),
        primary_key("class_audit"),
    )
    create_index("class_audit", "class_id")
    op.create_table(
        "assignment_answers",
        sa.Column("attempt_id", sa.Integer(), nullable=False),
        sa.Column("assignment_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        references("assignment_answers", "attempt_id", "attempts"),
        references("assignment_answers", "assignment_id", "assignments"),
        references("assignment_answers", "member_id", "class_members"),
        primary_key("assignment_answers", "attempt_id", "assignment_id"),
    )
    op.create_index(
        "ix_assignment_answers_assignment_member", "assignment_answers", ["assignment_id", "member_id"]
    )
    op.execute(
        sa.text(
            "INSERT INTO assignment_answers (attempt_id, assignment_id, member_id) "
            "SELECT t.id, a.id, m.id FROM attempts t "
            "JOIN class_members m ON m.learner_id = t.learner_id "
            "JOIN assignments a ON a.class_id = m.class_id "
            "WHERE a.kind = 'drill' AND t.question_type = a.target AND t.at >= a.created_at "
            "AND (a.profile_name IS NULL OR t.profile_name = a.profile_name)"
        )
    )
    op.execute(sa.text("DELETE FROM auth_sessions WHERE kind = 'teacher'"))


def downgrade() -> None:
    op.drop_index("ix_assignment_answers_assignment_member", table_name="assignment_answers")
    op.drop_table("assignment_answers")
    drop_index("class_audit", "class_id")
    op.drop_table("class_audit")
    drop_index("class_teachers", "learner_id")
    op.drop_table("class_teachers")
    op.drop_column("class_polls", "revealed_at")
    op.drop_column("assignments", "seat")
    op.drop_column("classes", "archived_at")
