"""ORM tables of the Play page: an evening (a score sheet) and its deals. Created by migration 0004.

An evening is found by its ``token`` (kept in the page's URL), so a reload, a second tab or a restarted
server finds the same score sheet and the same deal in progress. ``kind`` says what the evening is: a
learner's own evening at the Play page (:data:`PLAY_EVENING`) or the deals of a shared table
(:data:`TABLE_EVENING`, column added by migration 0006); the Play page opens only the first kind, so a
table's deal is reached only through the table. A signed-in learner's evenings carry ``learner_id`` (the
owner, set when the evening is made and never handed to a later visitor), which the progress page and the
teacher's dashboard count from; a table's evening has none (its seats say who plays). A deal keeps its
record (the rules, the house options and every move, the deal first; migration 0007), so the whole-deal
state is rebuilt by replaying it; ``move_count`` lets a write succeed only on the state it was computed from
(no card played twice).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from trainer.store.models import KEY_MAX, PROFILE_MAX, Base, UTCDateTime

TOKEN_MAX = 32
PLAY_EVENING = "play"
TABLE_EVENING = "table"
EVENING_KINDS = (PLAY_EVENING, TABLE_EVENING)
KIND_MAX = 16


class PlayEveningRow(Base):
    """One evening at the Play page: rules, settlement scheme, the opponents' level and the coach level."""

    __tablename__ = "play_evenings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(TOKEN_MAX), unique=True)
    kind: Mapped[str] = mapped_column(String(KIND_MAX), default=PLAY_EVENING, server_default=PLAY_EVENING)
    learner_id: Mapped[int | None] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), nullable=True, index=True
    )
    profile_name: Mapped[str] = mapped_column(String(PROFILE_MAX))
    scheme: Mapped[str] = mapped_column(String(KEY_MAX))
    level: Mapped[str] = mapped_column(String(KEY_MAX))
    coach: Mapped[str] = mapped_column(String(KEY_MAX))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())


class PlayDealRow(Base):
    """One deal of an evening: its number, its record (everything needed to replay it) and, once finished,
    its outcome."""

    __tablename__ = "play_deals"
    __table_args__ = (UniqueConstraint("evening_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    evening_id: Mapped[int] = mapped_column(ForeignKey("play_evenings.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    deal_record: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The deal's record (:class:`trainer.records.deal_record.DealRecord` as JSON): rules, house options and
    every move, the deal first (None only for an old row that no longer replayed when it was converted)."""
    move_count: Mapped[int] = mapped_column(Integer)
    finished: Mapped[bool] = mapped_column(Boolean)
    outcome: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The finished deal's :class:`trainer.rules.game.Outcome` as JSON (what the score sheets settle from)."""
    mistakes: Mapped[str | None] = mapped_column(Text, nullable=True)
    """Space-separated mistake tags of the learner found in the review (e.g. ``costly_card overbid``)."""
    record: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The deal as an ISS record line (what the .sgf download holds)."""
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime())
