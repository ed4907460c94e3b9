"""ORM tables of shared tables: three seats at one virtual table (created by migration 0005).

A shared table is a Play evening (its deals and their moves live in ``play_deals``, written with the same
compare-and-set, so two clicks in two browsers can never both be applied) plus a join code and three seats.
A seat is taken by a signed-in learner, filled by a computer player, or empty; ``last_seen`` is the seat's
browser's last poll and ``away`` marks a seat a computer plays for until its player is back. Nothing of a
table lives only in one app process's memory.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from trainer.store.models import KEY_MAX, NAME_MAX, PROFILE_MAX, Base, UTCDateTime

TABLE_CODE_MAX = 16


class SharedTableRow(Base):
    """A table: its join code, its evening (rules, scheme, deals), how many deals are planned, the computer
    players' level, how long a seat may be idle, and the class it belongs to (a teacher's table list)."""

    __tablename__ = "shared_tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(TABLE_CODE_MAX), unique=True)
    evening_id: Mapped[int] = mapped_column(ForeignKey("play_evenings.id", ondelete="CASCADE"), unique=True)
    host_learner_id: Mapped[int | None] = mapped_column(
        ForeignKey("learners.id", ondelete="SET NULL"), nullable=True
    )
    class_id: Mapped[int | None] = mapped_column(
        ForeignKey("classes.id", ondelete="SET NULL"), nullable=True, index=True
    )
    profile_name: Mapped[str] = mapped_column(String(PROFILE_MAX))
    scheme: Mapped[str] = mapped_column(String(KEY_MAX))
    deals_planned: Mapped[int] = mapped_column(Integer)
    bot_level: Mapped[str] = mapped_column(String(KEY_MAX))
    idle_seconds: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    house: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The house options the host chose (:class:`trainer.rules.game.HouseOptions` as JSON; migration 0009);
    None:
    the rules' usual ones."""


class TableSeatRow(Base):
    """One of a table's three places (0, 1, 2 clockwise; the seat a place plays in a deal rotates with the
    dealer). ``kind``: ``human``, ``bot`` or ``empty``; ``scored`` False for a duel's computer seat."""

    __tablename__ = "shared_table_seats"

    table_id: Mapped[int] = mapped_column(
        ForeignKey("shared_tables.id", ondelete="CASCADE"), primary_key=True
    )
    place: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(KEY_MAX))
    learner_id: Mapped[int | None] = mapped_column(
        ForeignKey("learners.id", ondelete="SET NULL"), nullable=True, index=True
    )
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    scored: Mapped[bool] = mapped_column(Boolean)
    away: Mapped[bool] = mapped_column(Boolean)
    last_seen: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
