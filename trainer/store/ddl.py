"""The table shapes the store's migrations repeat, written once.

Every name follows the models' naming convention (``pk_<table>``, ``fk_<table>_<column>_<target>``,
``uq_<table>_<first column>``, ``ix_<table>_<column>``) and is marked final with ``op.f``, exactly as the
migrations spelled it out before these helpers existed, so each migration builds the same schema.
Only for use inside a migration (``op`` is Alembic's current operation context).
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op


def utc() -> sa.DateTime:
    """A time stamp column type that keeps its time zone (the store writes UTC)."""
    return sa.DateTime(timezone=True)


def id_column() -> sa.Column[Any]:
    """The integer surrogate key most tables start with."""
    return sa.Column("id", sa.Integer(), nullable=False)


def primary_key(table: str, *columns: str) -> sa.PrimaryKeyConstraint:
    """``table``'s primary key over ``columns`` (``id`` when none are named)."""
    return sa.PrimaryKeyConstraint(*(columns or ("id",)), name=op.f(f"pk_{table}"))


def unique(table: str, *columns: str) -> sa.UniqueConstraint:
    """A unique constraint, named after ``table`` and its first column."""
    return sa.UniqueConstraint(*columns, name=op.f(f"uq_{table}_{columns[0]}"))


def references(table: str, column: str, target: str, ondelete: str = "CASCADE") -> sa.ForeignKeyConstraint:
    """``table.column`` points at ``target.id``; deleting the target row cascades (or ``ondelete``)."""
    return sa.ForeignKeyConstraint(
        [column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"), ondelete=ondelete
    )


def create_index(table: str, column: str) -> None:
    """A plain (not unique) index on one column, named ``ix_<table>_<column>``."""
    op.create_index(op.f(f"ix_{table}_{column}"), table, [column])


def drop_index(table: str, column: str) -> None:
    """Drops the index :func:`create_index` made."""
    op.drop_index(op.f(f"ix_{table}_{column}"), table_name=table)
