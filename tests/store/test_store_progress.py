"""Progress-page data on constructed attempt histories: accuracy, streaks, weakest skills, last-N and
mastery, CSV export, lessons, learners. Expected values are worked out by hand or by a plain-Python
recount of the same history."""

from __future__ import annotations

import csv
import io
import itertools
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.errors import StoreError
from trainer.store import CSV_COLUMNS, Store, TypeAccuracy

T0 = datetime(2026, 5, 4, 10, 0, tzinfo=UTC)


def _answer(
    store: Store, learner: int, qtype: str, correct: bool, at: datetime, profile: str = "danish"
) -> int:
    return store.record_attempt(learner, qtype, correct, "a", "a" if correct else "b", profile, 10_000, at=at)


def _history(store: Store, learner: int, qtype: str, pattern: str, start: datetime = T0) -> datetime:
    """Record 'x' = right, '.' = wrong, one minute apart; returns the time after the last one."""
    at = start
    for ch in pattern:
        _answer(store, learner, qtype, ch == "x", at)
        at += timedelta(minutes=1)
    return at


def test_accuracy_by_type(store: Store) -> None:
    me = store.get_or_create_learner("Ida").id
    _history(store, me, "game_value", "xx.xxx.xxx")  # 8 of 10
    _history(store, me, "bid_ladder", "x...")  # 1 of 4
    _answer(store, me, "bid_ladder", True, T0, profile="international")
    other = store.get_or_create_learner("Jens").id
    _history(store, other, "game_value", "....")

    assert store.accuracy_by_type(me) == [
        TypeAccuracy("bid_ladder", 5, 2),
        TypeAccuracy("game_value", 10, 8),
    ]
    assert store.accuracy_by_type(me, profile_name="international") == [TypeAccuracy("bid_ladder", 1, 1)]
    assert store.accuracy_by_type(me)[1].accuracy == pytest.approx(0.8)
    assert store.accuracy_by_type(other) == [TypeAccuracy("game_value", 4, 0)]
    assert TypeAccuracy("none", 0, 0).accuracy == 0.0


def test_recent_accuracy_and_weakest_skills(store: Store) -> None:
    me = store.get_or_create_learner("Karen").id
    _history(store, me, "null", "..........xxxxxxxxxx")  # bad start, last 10 all right
    _history(store, me, "grand", "xxxxxxxxxx....x.xx.x")  # last 10: 4 right
    _history(store, me, "skat", "xx..xx.x")  # 5 of 8
    _history(store, me, "kontra", "..")  # too few to judge

    recent = {t.question_type: t for t in store.recent_accuracy_by_type(me, window=10)}
    assert recent["null"] == TypeAccuracy("null", 10, 10)
    assert recent["grand"] == TypeAccuracy("grand", 10, 4)
    assert recent["skat"] == TypeAccuracy("skat", 8, 5)
    assert recent["kontra"] == TypeAccuracy("kontra", 2, 0)

    weakest = store.weakest_skills(me, n=2)
    assert [w.question_type for w in weakest] == ["grand", "skat"]
    assert [w.question_type for w in store.weakest_skills(me, n=5, min_attempts=1)] == [
        "kontra",
        "grand",
        "skat",
        "null",
    ]
    # Over 20 answers null is 10/20, skat 5/8, grand 14/20: the window decides what counts as weak.
    assert [w.question_type for w in store.weakest_skills(me, n=4, window=20)] == ["null", "skat", "grand"]


def test_weakest_ties_prefer_more_evidence(store: Store) -> None:
    me = store.get_or_create_learner("Lars").id
    _history(store, me, "a_type", "x.x.")  # 50 % of 4
    _history(store, me, "b_type", "x.x.x.")  # 50 % of 6
    assert [w.question_type for w in store.weakest_skills(me, n=2)] == ["b_type", "a_type"]


def test_last_n_is_newest_first_and_per_type(store: Store) -> None:
    me = store.get_or_create_learner("Mette").id
    ids = [_answer(store, me, "trick", i % 3 == 0, T0 + timedelta(seconds=i)) for i in range(12)]
    _answer(store, me, "other", True, T0 + timedelta(hours=1))
    same_time = [_answer(store, me, "trick", True, T0 + timedelta(minutes=5)) for _ in range(2)]
    last = store.last_n(me, "trick", 5)
    assert [a.id for a in last] == [same_time[1], same_time[0], ids[11], ids[10], ids[9]]
    assert all(a.question_type == "trick" for a in last)
    assert store.last_n(me, "trick", 0) == []
    assert len(store.last_n(me, "trick", 100)) == 14


@pytest.mark.parametrize(
    ("pattern", "correct", "seen", "mastered"),
    [
        ("xxxxxxxx", 8, 8, True),  # 8 right, fewer than 10 tried: already 8 of the last 10
        ("xxxxxxx", 7, 7, False),
        ("xx.xxxx.xx", 8, 10, True),
        ("xx.xxx.x.x", 7, 10, False),
        ("..........xxxxxxxx..", 8, 10, True),  # old mistakes drop out of the window
        ("xxxxxxxxxx...", 7, 10, False),  # three recent mistakes undo it
    ],
)
def test_mastery_is_8_of_the_last_10(
    store: Store, pattern: str, correct: int, seen: int, mastered: bool
) -> None:
    me = store.get_or_create_learner("Niels").id
    _history(store, me, "announce", pattern)
    m = store.mastery(me, "announce")
    assert (m.correct, m.seen, m.need, m.window) == (correct, seen, 8, 10)
    assert m.mastered is mastered
    assert store.mastered(me, "announce") is mastered
    assert store.mastered(me, "never_tried") is False


def test_mastery_by_type_and_mistake_counts(store: Store) -> None:
    me = store.get_or_create_learner("Mads").id
    _history(store, me, "null", "..xxxxxxxx")  # 8 of 10
    _history(store, me, "grand", "xxxxxxxx.x.x")  # last 10: 8 of 10
    _history(store, me, "suit", "x.x")
    assert [(m.question_type, m.correct, m.seen, m.mastered) for m in store.mastery_by_type(me)] == [
        ("grand", 8, 10, True),
        ("null", 8, 10, True),
        ("suit", 2, 3, False),
    ]
    assert [m.mastered for m in store.mastery_by_type(me, need=9)] == [False, False, False]
    tags = ["jack_order", "skat_points", "jack_order", None, "jack_order", "skat_points", "matadors"]
    for i, tag in enumerate(tags):
        qtype = "value" if i < 5 else "bid"
        store.record_attempt(
            me, qtype, tag is None, "a", "b", "danish", None, tag, T0 + timedelta(hours=1, minutes=i)
        )
    assert store.mistake_counts(me) == [("jack_order", 3), ("skat_points", 2), ("matadors", 1)]
    assert store.mistake_counts(me, "bid") == [("matadors", 1), ("skat_points", 1)]


def test_mastery_parameters_are_checked(store: Store) -> None:
    me = store.get_or_create_learner("Ole").id
    with pytest.raises(StoreError):
        store.mastery(me, "x", need=11, window=10)


def test_daily_and_answer_streaks(store: Store) -> None:
    me = store.get_or_create_learner("Pia").id
    day = timedelta(days=1)
    # Practice on days 0, 1, 2, then 4, 5. Answers: x x . x x x | x x . x (run of 3 best so far).
    plan = [(0, "xx"), (1, "."), (2, "xxx"), (4, "xx"), (5, ".x")]
    for offset, pattern in plan:
        _history(store, me, "follow_suit", pattern, start=T0 + offset * day)
    s = store.streaks(me, now=T0 + 5 * day)
    assert (s.current_run, s.best_run) == (1, 5)  # xxx + xx span days 2..4
    assert (s.current_days, s.best_days) == (2, 3)
    assert store.streaks(me, now=T0 + 6 * day).current_days == 2  # yesterday still counts
    assert store.streaks(me, now=T0 + 7 * day).current_days == 0
    empty = store.streaks(store.get_or_create_learner("Quentin").id, now=T0)
    assert (empty.current_run, empty.best_run, empty.current_days, empty.best_days) == (0, 0, 0, 0)


def test_days_are_counted_in_the_learners_time_zone(store: Store) -> None:
    me = store.get_or_create_learner("Rasmus").id
    # 22:30 UTC on 4 May and 00:30 UTC on 5 May: two UTC days, one Copenhagen day (summer time, UTC+2).
    evening = datetime(2026, 5, 4, 22, 30, tzinfo=UTC)
    _answer(store, me, "x", True, evening)
    _answer(store, me, "x", True, evening + timedelta(hours=2))
    assert store.streaks(me, now=evening + timedelta(hours=3)).best_days == 2
    assert (
        store.streaks(me, now=evening + timedelta(hours=3), tz=ZoneInfo("Europe/Copenhagen")).best_days == 1
    )


def _recount_runs(flags: list[bool]) -> tuple[int, int]:
    runs = [len(list(g)) for ok, g in itertools.groupby(flags) if ok]
    current = 0
    for ok in reversed(flags):
        if not ok:
            break
        current += 1
    return current, max(runs, default=0)


_names = itertools.count()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    history=st.lists(
        st.tuples(st.sampled_from(["value", "bid", "trick"]), st.booleans(), st.integers(0, 3)),
        max_size=25,
    )
)
def test_counts_and_runs_match_a_plain_recount(store: Store, history: list[tuple[str, bool, int]]) -> None:
    """Random histories (type, right?, days since the previous answer) against a recount in Python."""
    me = store.get_or_create_learner(f"Prop {next(_names)}").id
    at = T0
    for qtype, ok, gap in history:
        at += timedelta(days=gap, minutes=1)
        _answer(store, me, qtype, ok, at)
    expected_accuracy = [
        TypeAccuracy(
            q, sum(1 for t, _, _ in history if t == q), sum(1 for t, ok, _ in history if t == q and ok)
        )
        for q in sorted({t for t, _, _ in history})
    ]
    assert store.accuracy_by_type(me) == expected_accuracy
    s = store.streaks(me, now=at)
    assert (s.current_run, s.best_run) == _recount_runs([ok for _, ok, _ in history])
    for qtype in ("value", "bid", "trick"):
        flags = [ok for t, ok, _ in history if t == qtype][-10:]
        assert store.mastery(me, qtype).correct == sum(flags)
    summary = store.progress_summary(me, now=at)
    assert summary.total_attempts == len(history)
    assert list(summary.accuracy) == store.accuracy_by_type(me)


def test_csv_export(store: Store) -> None:
    me = store.get_or_create_learner("Sofie").id
    store.record_attempt(me, "game_value", True, "48", "48", "danish", 4_000, at=T0)
    store.record_attempt(
        me,
        "bid_ladder",
        False,
        'says "20", then, holds',
        "18",
        "international",
        12_500,
        "skipped_step",
        T0 + timedelta(minutes=1),
    )
    store.record_attempt(me, "score", True, "-120", "-120", "danish", None, at=T0 + timedelta(minutes=2))
    store.record_attempt(
        me, "score", False, "=1+1", "@x", "danish", 40_000, "-tag", T0 + timedelta(minutes=3)
    )
    someone_else = store.get_or_create_learner("Tage").id
    store.record_attempt(someone_else, "score", True, "1", "1", "danish", at=T0)

    rows = list(csv.reader(io.StringIO(store.attempts_csv(me))))
    assert tuple(rows[0]) == CSV_COLUMNS
    body = [dict(zip(CSV_COLUMNS, r, strict=True)) for r in rows[1:]]
    assert len(body) == 4
    assert [r["question_type"] for r in body] == ["game_value", "bid_ladder", "score", "score"]
    assert [r["correct"] for r in body] == ["1", "0", "1", "0"]
    assert [r["rating"] for r in body] == ["Easy", "Again", "Good", "Again"]
    assert [r["elapsed_ms"] for r in body] == ["4000", "12500", "", "40000"]
    assert body[0]["at"] == "2026-05-04T10:00:00+00:00"
    assert body[1]["answer"] == 'says "20", then, holds'  # quotes and commas survive the round trip
    assert body[1]["profile"] == "international" and body[1]["mistake_tag"] == "skipped_step"
    assert body[2]["answer"] == "-120"  # a negative number stays a number
    # Text a spreadsheet would run as a formula is defused with a leading apostrophe.
    assert (body[3]["answer"], body[3]["expected"], body[3]["mistake_tag"]) == ("'=1+1", "'@x", "'-tag")
    assert list(csv.reader(io.StringIO(store.attempts_csv(store.get_or_create_learner("Uffe").id)))) == [
        list(CSV_COLUMNS)
    ]


def test_lessons_done_and_resume(store: Store) -> None:
    me = store.get_or_create_learner("Vibeke").id
    assert store.last_lesson(me) is None and store.lessons_done(me) == []
    store.mark_lesson_opened(me, "01-cards", T0)
    store.mark_lesson_done(me, "01-cards", T0 + timedelta(minutes=20))
    store.mark_lesson_opened(me, "03-value", T0 + timedelta(minutes=25))
    store.mark_lesson_done(me, "02-deal", T0 + timedelta(minutes=30))
    store.mark_lesson_opened(me, "03-value", T0 + timedelta(minutes=40))
    store.mark_lesson_done(me, "01-cards", T0 + timedelta(hours=5))  # again: first completion kept
    assert store.lessons_done(me) == ["01-cards", "02-deal"]
    assert store.last_lesson(me) == "01-cards"
    progress = {p.lesson_id: p for p in store.lesson_progress(me)}
    assert progress["01-cards"].completed_at == T0 + timedelta(minutes=20)
    assert not progress["03-value"].done
    store.mark_lesson_opened(me, "03-value", T0 + timedelta(hours=6))
    assert store.last_lesson(me) == "03-value"
    store.mark_lesson_opened(me, "02-deal", T0)  # an older visit does not move the resume point back
    assert store.last_lesson(me) == "03-value"
    with pytest.raises(StoreError):
        store.mark_lesson_done(me + 1000, "01-cards", T0)


def test_learner_names(store: Store) -> None:
    anna = store.get_or_create_learner("  Anna   Berg ")
    assert anna.name == "Anna Berg"
    assert store.get_or_create_learner("anna berg") == anna
    assert store.find_learner("ANNA  BERG") == anna
    assert store.find_learner("Bo") is None
    assert store.get_learner(anna.id) == anna
    bo = store.get_or_create_learner("Bo")
    assert [learner.name for learner in store.learners()] == ["Anna Berg", "Bo"]
    assert bo.id != anna.id
    for bad in ("", "   ", "x" * 41):
        with pytest.raises(StoreError):
            store.get_or_create_learner(bad)
    with pytest.raises(StoreError):
        store.get_learner(bo.id + 1000)
