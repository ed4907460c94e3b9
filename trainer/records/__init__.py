"""Game records: reading, writing and replaying games written down in external formats (ISS)."""

from trainer.records.iss import (
    IssDeal,
    IssRecord,
    IssResult,
    parse_record,
    write_record,
)

__all__ = [
    "IssDeal",
    "IssRecord",
    "IssResult",
    "parse_record",
    "write_record",
]
