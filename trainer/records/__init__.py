"""Game records: reading, writing and replaying games written down in external formats (ISS)."""

from trainer.records.iss import (
    IssDeal,
    IssRecord,
    IssResult,
    ReplayResult,
    parse_record,
    record_from_game,
    replay,
    write_record,
)

__all__ = [
    "IssDeal",
    "IssRecord",
    "IssResult",
    "ReplayResult",
    "parse_record",
    "record_from_game",
    "replay",
    "write_record",
]
