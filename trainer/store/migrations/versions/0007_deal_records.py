"""A stored deal is its whole record, not a seed and moves.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02

* ``play_deals.deal_record``: the deal as the project records it (``docs/deal-record.md``): the rules, the
  house options and every move, the cards as dealt first. Replaying it needs no seed and no default, so a
  change to the shuffle or to a table's house options no longer changes a saved evening.
* ``play_deals.outcome``: the finished deal's outcome as JSON (what every score sheet settles from), so a
  sheet or a dashboard need not replay every deal.
* The old columns ``seed``, ``seat``, ``moves_json`` and ``summary_json`` are converted and dropped. The
  conversion is done once, here, with the shuffle and the house options the app used until now (Danish:
  Spørge and Slå 40 an; international: kontra); a row whose moves no longer replay keeps no record and is
  reported when read, the other rows are kept.

Columns are added and dropped with plain ``ALTER TABLE`` (no table is rebuilt: see 0003).
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def _convert(profile_name: str, seed: int, moves_json: str) -> tuple[str | None, str | None]:
    """An old row's record (and outcome once the deal is over); (None, None) if it fails to replay."""
    from trainer.errors import SkatError
    from trainer.moves import moves_from_json
    from trainer.profiles import get_profile
    from trainer.records.deal_record import DealRecord, outcome_to_json
    from trainer.rules import HouseOptions, SkatGame

    try:
        profile = get_profile(profile_name)
        house = (
            HouseOptions(spoerge=True, slaa_40_an=True)
            if profile.name == "danish"
            else HouseOptions(kontra=True)
        )
        state = SkatGame(profile, house).new_deal(seed)
        for move in moves_from_json(json.loads(moves_json)):
            state.apply(move)
    except (SkatError, ValueError, TypeError):
        return None, None
    outcome = state.outcome()
    return DealRecord.of(state).to_json(), None if outcome is None else outcome_to_json(outcome)


def upgrade() -> None:
    op.add_column("play_deals", sa.Column("deal_record", sa.Text(), nullable=True))
    op.add_column("play_deals", sa.Column("outcome", sa.Text(), nullable=True))
    bind = op.get_bind()
    rows = bind.execute(
        sa.text(
            "SELECT d.id, d.seed, d.moves_json, e.profile_name FROM play_deals d "
            "JOIN play_evenings e ON e.id = d.evening_id"
        )
    ).all()
    for deal_id, seed, moves_json, profile_name in rows:
        record, outcome = _convert(profile_name, seed, moves_json)
        bind.execute(
            sa.text("UPDATE play_deals SET deal_record = :record, outcome = :outcome WHERE id = :id"),
            {"record": record, "outcome": outcome, "id": deal_id},
        )
    for column in ("seed", "seat", "moves_json", "summary_json"):
        op.drop_column("play_deals", column)


def downgrade() -> None:
    op.add_column("play_deals", sa.Column("seed", sa.Integer(), nullable=False, server_default="0"))
    op.add_column("play_deals", sa.Column("seat", sa.Integer(), nullable=False, server_default="0"))
    op.add_column("play_deals", sa.Column("moves_json", sa.Text(), nullable=False, server_default="[]"))
    op.add_column("play_deals", sa.Column("summary_json", sa.Text(), nullable=True))
    op.drop_column("play_deals", "outcome")
    op.drop_column("play_deals", "deal_record")
