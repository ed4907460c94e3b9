"""Rows written with plain SQL, for tests that fill a database at an old revision (the ORM models describe
only the newest schema)."""

from __future__ import annotations

from sqlalchemy import Connection, text


def insert_row(conn: Connection, table: str, **values: object) -> int:
    """Insert one row of ``table`` with these column values; its ``id``."""
    columns = ", ".join(values)
    params = ", ".join(f":{column}" for column in values)
    return int(
        conn.execute(
            text(f"INSERT INTO {table} ({columns}) VALUES ({params}) RETURNING id"), values
        ).scalar_one()
    )


def old_attempt(conn: Connection, learner_id: int, at: object, answer: str = "with 2") -> int:
    """A right 'matadors' answer under the Danish rules, as every revision's ``attempts`` can hold it."""
    return insert_row(
        conn,
        "attempts",
        learner_id=learner_id,
        question_type="matadors",
        profile_name="danish",
        correct=True,
        answer=answer,
        expected=answer,
        rating=3,
        at=at,
    )
