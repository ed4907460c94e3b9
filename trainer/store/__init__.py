"""Persistent progress: learners, attempts, fsrs review schedules, lesson progress.

SQLAlchemy 2.x with Alembic migrations; SQLite by default, PostgreSQL when ``SKAT_TRAINER_DB_URL`` says
so. Pure Python (no Streamlit): the UI creates one :class:`Store` per process (e.g. behind
``st.cache_resource``) and calls its methods::

    store = Store()                                   # migrates the schema to head on first use
    me = store.get_or_create_learner("Anna")
    store.record_attempt(me.id, "game_value", correct=True, answer="48", expected="48",
                         profile_name="danish", elapsed_ms=7_300)
    store.mastered(me.id, "game_value")               # 8 of the last 10 right?
    store.next_due_question_type(me.id, candidates=["game_value", "bid_ladder"])
    store.progress_summary(me.id)                     # accuracy, streaks, due reviews, weakest skills
    store.attempts_csv(me.id)                         # CSV text for st.download_button
"""

from trainer.store import (
    class_models,  # noqa: F401  (registers the teacher-mode tables with Base)
    personal_problems,  # noqa: F401  (registers the personal problems table with Base)
    play_models,  # noqa: F401  (registers the Play page tables with Base)
    play_ratings,  # noqa: F401  (registers the learned play rating tables with Base)
    table_models,  # noqa: F401  (registers the shared-table tables with Base)
)
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
