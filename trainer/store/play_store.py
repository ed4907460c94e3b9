"""The Play page's store: evenings (score sheets) and deals in progress, written so that a reload, a second
tab or a restart never loses or duplicates a deal, and the learner's statistics for the progress page and
the teacher's dashboard.

Starting a deal is idempotent (the same evening and number give the same row), and saving moves is a
compare-and-set on the number of moves the page last saw: a second click computed from an old state, or
a second tab one step behind, changes nothing and the page simply reloads the stored moves.

Who may open an evening is decided here (:meth:`PlayStore.may_open`), not by the page: an evening opens
only as the kind it is (the Play page asks for :data:`PLAY_EVENING` and never gets a shared table's deals)
and only for its owner. An evening made by a visitor who was not signed in has no owner; it opens for
visitors who are not signed in (its 64-bit random token is the key), and a learner signing in may take it
over only when the caller says this browser session made it (``claim``): nobody is handed a stranger's.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update

from trainer.errors import N_, ClassAccessError, RecordError, StoreError
from trainer.records.deal_record import DealRecord, outcome_from_json, outcome_to_json
from trainer.rules import DealState, Outcome
from trainer.store.db import as_utc, existing
from trainer.store.play_models import (
    EVENING_KINDS,
    PLAY_EVENING,
    TABLE_EVENING,
    TOKEN_MAX,
    PlayDealRow,
    PlayEveningRow,
)
from trainer.store.repository import Store

__all__ = [
    "PLAY_EVENING",
    "TABLE_EVENING",
    "Evening",
    "EveningAccessError",
    "PlayStats",
    "PlayStore",
    "StoredDeal",
]


class EveningAccessError(ClassAccessError):
    """An evening that is not the caller's to open: another learner's, or a shared table's deals asked
    for as a Play evening (or the other way round)."""


def record_moves(record: DealRecord) -> int:
    """The players' moves in a record (the deal itself not counted): what ``move_count`` holds."""
    return len(record.moves) - 1


@dataclass(frozen=True)
class Evening:
    id: int
    token: str
    learner_id: int | None
    profile_name: str
    scheme: str
    level: str
    coach: str
    kind: str = PLAY_EVENING


@dataclass(frozen=True)
class StoredDeal:
    """A deal row as read: its record (JSON), the number of moves saved, its outcome (JSON) once finished,
    the review's mistake tags, the ISS line of the .sgf download (None when ISS cannot hold the deal) and
    when it was last written (a shared table's idle countdown runs from there)."""

    id: int
    evening_id: int
    number: int
    deal_record: str | None
    move_count: int
    finished: bool
    outcome_json: str | None
    mistakes: tuple[str, ...]
    iss: str | None
    updated_at: datetime

    def record(self) -> DealRecord:
        """The deal's record, checked (a :class:`~trainer.errors.RecordError` names what is wrong)."""
        if self.deal_record is None:
            raise RecordError.of(N_("Deal {number} could not be read from the store."), number=self.number)
        return DealRecord.from_json(self.deal_record)

    def outcome(self) -> Outcome | None:
        """The finished deal's outcome (None while it is played; a RecordError for a damaged one)."""
        return None if self.outcome_json is None else outcome_from_json(self.outcome_json)


@dataclass(frozen=True)
class PlayStats:
    """A learner's played deals: how many, how many as declarer and won, the average list score per deal
    (the learner's own column of the score sheet) and the most common mistakes found in the reviews."""

    deals: int
    as_declarer: int
    won_as_declarer: int
    average_score: float | None
    mistakes: tuple[tuple[str, int], ...]


def _evening(row: PlayEveningRow) -> Evening:
    return Evening(
        row.id, row.token, row.learner_id, row.profile_name, row.scheme, row.level, row.coach, row.kind
    )


def may_open(evening: Evening, *, learner_id: int | None, kind: str, claim: bool = False) -> bool:
    """Whether ``learner_id`` (None: a visitor not signed in) may open ``evening`` as an evening of
    ``kind``: only the right kind, and only its owner; an ownerless evening opens for a visitor who is not
    signed in, and for a signed-in learner only with ``claim`` (this browser session made it)."""
    if evening.kind != kind:
        return False
    if evening.learner_id == learner_id:
        return True
    return evening.learner_id is None and learner_id is not None and claim


def _deal(row: PlayDealRow) -> StoredDeal:
    return StoredDeal(
        row.id,
        row.evening_id,
        row.number,
        row.deal_record,
        row.move_count,
        row.finished,
        row.outcome,
        tuple((row.mistakes or "").split()),
        row.record,
        as_utc(row.updated_at),
    )


class PlayStore:
    """Evenings and deals of the Play page, on a :class:`~trainer.store.Store`'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def evening(self, token: str) -> Evening | None:
        with self.store._read() as session:
            row = session.scalars(select(PlayEveningRow).where(PlayEveningRow.token == token)).one_or_none()
            return _evening(row) if row else None

    def evening_by_id(self, evening_id: int) -> Evening:
        with self.store._read() as session:
            return _evening(existing(session, PlayEveningRow, evening_id, "evening"))

    def open_evening(
        self,
        token: str,
        *,
        learner_id: int | None,
        profile_name: str,
        scheme: str,
        level: str,
        coach: str,
        kind: str = PLAY_EVENING,
        claim: bool = False,
        at: datetime | None = None,
    ) -> Evening:
        """The evening with this token, created with these settings (and ``learner_id`` as its owner) on
        first use; a second tab opening the same token at the same moment gets the same evening. An
        existing evening opens only under :func:`may_open`'s rule (:class:`EveningAccessError`
        otherwise); with ``claim`` an ownerless one becomes ``learner_id``'s."""
        if not token or len(token) > TOKEN_MAX or not token.isalnum():
            raise StoreError("An evening token is 1 to 32 letters or digits.")
        if kind not in EVENING_KINDS:
            raise StoreError(f"An evening is one of: {', '.join(EVENING_KINDS)}.")
        with self.store._write() as session:
            self.store._insert_new(
                session,
                PlayEveningRow,
                ["token"],
                token=token,
                kind=kind,
                learner_id=learner_id,
                profile_name=profile_name,
                scheme=scheme,
                level=level,
                coach=coach,
                created_at=as_utc(at),
            )
            row = session.scalars(select(PlayEveningRow).where(PlayEveningRow.token == token)).one()
            found = _evening(row)
            if not may_open(found, learner_id=learner_id, kind=kind, claim=claim):
                raise EveningAccessError.of(N_("This evening is not yours: a new one is started for you."))
            if found.learner_id is None and learner_id is not None:
                taken = session.execute(
                    update(PlayEveningRow)
                    .where(PlayEveningRow.id == found.id, PlayEveningRow.learner_id.is_(None))
                    .values(learner_id=learner_id)
                )
                if not getattr(taken, "rowcount", 0):  # someone else claimed it a moment ago
                    raise EveningAccessError.of(
                        N_("This evening is not yours: a new one is started for you.")
                    )
                found = dataclasses.replace(found, learner_id=learner_id)
            return found

    def openable(
        self, token: str, *, learner_id: int | None, kind: str = PLAY_EVENING, claim: bool = False
    ) -> Evening | None:
        """The evening with this token if ``learner_id`` may open it as ``kind`` (:func:`may_open`), else
        None (also for a token nobody made)."""
        found = self.evening(token) if token.isalnum() and len(token) <= TOKEN_MAX else None
        if found is None or not may_open(found, learner_id=learner_id, kind=kind, claim=claim):
            return None
        return found

    def latest_evening(self, learner_id: int, profile_name: str) -> Evening | None:
        """The learner's newest Play evening in these rules that has a deal (where "continue your evening"
        takes them back), or None."""
        with self.store._read() as session:
            row = session.scalars(
                select(PlayEveningRow)
                .where(
                    PlayEveningRow.learner_id == learner_id,
                    PlayEveningRow.profile_name == profile_name,
                    PlayEveningRow.kind == PLAY_EVENING,
                    select(PlayDealRow.id).where(PlayDealRow.evening_id == PlayEveningRow.id).exists(),
                )
                .order_by(PlayEveningRow.id.desc())
                .limit(1)
            ).one_or_none()
            return _evening(row) if row else None

    def update_evening(self, evening_id: int, **settings: str) -> None:
        """Change the scheme, the opponents' level or the coach level of an evening."""
        allowed = {"scheme", "level", "coach"}
        if not settings.keys() <= allowed:
            raise StoreError(f"Only {', '.join(sorted(allowed))} of an evening can change.")
        with self.store._write() as session:
            session.execute(update(PlayEveningRow).where(PlayEveningRow.id == evening_id).values(**settings))

    def deals(self, evening_id: int) -> list[StoredDeal]:
        with self.store._read() as session:
            rows = session.scalars(
                select(PlayDealRow).where(PlayDealRow.evening_id == evening_id).order_by(PlayDealRow.number)
            )
            return [_deal(row) for row in rows]

    def deal(self, deal_id: int) -> StoredDeal:
        with self.store._read() as session:
            return _deal(existing(session, PlayDealRow, deal_id, "deal"))

    def start_deal(
        self, evening_id: int, number: int, record: DealRecord, *, at: datetime | None = None
    ) -> StoredDeal:
        """Deal ``number`` of the evening with ``record`` (the cards as dealt), created on first use; an
        existing one is returned unchanged (two tabs pressing "new deal" together get one deal, not two)."""
        with self.store._write() as session:
            self.store._insert_new(
                session,
                PlayDealRow,
                ["evening_id", "number"],
                evening_id=evening_id,
                number=number,
                deal_record=record.to_json(),
                move_count=record_moves(record),
                finished=False,
                updated_at=as_utc(at),
            )
            row = session.scalars(
                select(PlayDealRow).where(PlayDealRow.evening_id == evening_id, PlayDealRow.number == number)
            ).one()
            return _deal(row)

    def save_deal(
        self,
        deal_id: int,
        state: DealState,
        *,
        seen: int,
        iss: str | None = None,
        at: datetime | None = None,
    ) -> bool:
        """Store the deal as ``state`` has it if the stored deal still has ``seen`` moves (the state the move
        was computed from); a finished deal is marked so with its outcome in the same write. False when
        another click or tab got there first (nothing is written)."""
        outcome = state.outcome()
        values: dict[str, object] = {
            "deal_record": DealRecord.of(state).to_json(),
            "move_count": state.moves_made,
            "updated_at": as_utc(at),
        }
        if outcome is not None:
            values.update(finished=True, outcome=outcome_to_json(outcome), record=iss)
        with self.store._write() as session:
            result = session.execute(
                update(PlayDealRow)
                .where(
                    PlayDealRow.id == deal_id,
                    PlayDealRow.move_count == seen,
                    PlayDealRow.finished.is_(False),
                )
                .values(**values)
            )
            return bool(getattr(result, "rowcount", 0))

    def add_mistakes(self, deal_id: int, mistakes: tuple[str, ...]) -> None:
        """Record the review's mistake tags for a finished deal (replacing earlier ones)."""
        with self.store._write() as session:
            session.execute(
                update(PlayDealRow)
                .where(PlayDealRow.id == deal_id)
                .values(mistakes=" ".join(mistakes) or None)
            )

    def stats(self, learner_id: int) -> PlayStats:
        """The learner's finished deals counted (see :class:`PlayStats`)."""
        return self.stats_for([learner_id])[learner_id]

    def stats_for(self, learner_ids: Iterable[int]) -> dict[int, PlayStats]:
        """:meth:`stats` of several learners (a class on the teacher's dashboard) in one query; a learner
        without finished deals gets zeros. Counted from each deal's outcome (the learner sits at place 0 of
        their own evenings); a damaged row is left out."""
        from trainer.scoring import settle
        from trainer.table_session import seat_of_place

        wanted = sorted(set(learner_ids))
        found: dict[int, list[tuple[int, str | None, str | None]]] = {learner: [] for learner in wanted}
        if wanted:
            with self.store._read() as session:
                rows = session.execute(
                    select(
                        PlayEveningRow.learner_id,
                        PlayDealRow.number,
                        PlayDealRow.outcome,
                        PlayDealRow.mistakes,
                    )
                    .join(PlayEveningRow, PlayEveningRow.id == PlayDealRow.evening_id)
                    .where(
                        PlayEveningRow.learner_id.in_(wanted),
                        PlayEveningRow.kind == PLAY_EVENING,
                        PlayDealRow.finished.is_(True),
                    )
                    .order_by(PlayDealRow.id)
                ).all()
            for learner, number, outcome_json, tags in rows:
                if learner is not None:
                    found[learner].append((number, outcome_json, tags))
        stats: dict[int, PlayStats] = {}
        for learner, deals_of in found.items():
            deals = as_declarer = won = 0
            scores: list[float] = []
            mistakes: Counter[str] = Counter()
            for number, outcome_json, tags in deals_of:
                if outcome_json is None:
                    continue
                try:
                    outcome = outcome_from_json(outcome_json)
                except RecordError:
                    continue
                seat = seat_of_place(0, number)
                deals += 1
                mistakes.update((tags or "").split())
                if outcome.declarer is seat:
                    as_declarer += 1
                    won += int(bool(outcome.won))
                settled = settle(outcome, "list")
                if settled is not None:
                    scores.append(float(settled.by_seat[seat]))
            average = sum(scores) / len(scores) if scores else None
            stats[learner] = PlayStats(deals, as_declarer, won, average, tuple(mistakes.most_common(5)))
        return stats
