"""Persistent progress: learners, attempts, fsrs review schedules, lesson progress.

SQLAlchemy 2.x with Alembic migrations; SQLite by default, PostgreSQL when ``SKAT_TRAINER_DB_URL`` says
so. Pure Python (no Streamlit): the UI creates one :class:`Store` per process and calls its methods.
"""

from trainer.store.db import ENV_DB_URL, database_url, default_sqlite_path, make_engine, migrate
from trainer.store.repository import CSV_COLUMNS, MASTERY_NEED, MASTERY_WINDOW, Store
from trainer.store.scheduling import SchedulingPolicy
from trainer.store.values import (
    Attempt,
    Learner,
    LessonProgress,
    Mastery,
    ProgressSummary,
    ReviewState,
    Streaks,
    TypeAccuracy,
)

__all__ = [
    "CSV_COLUMNS",
    "ENV_DB_URL",
    "MASTERY_NEED",
    "MASTERY_WINDOW",
    "Attempt",
    "Learner",
    "LessonProgress",
    "Mastery",
    "ProgressSummary",
    "ReviewState",
    "SchedulingPolicy",
    "Store",
    "Streaks",
    "TypeAccuracy",
    "database_url",
    "default_sqlite_path",
    "make_engine",
    "migrate",
]
