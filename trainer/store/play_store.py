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

from trainer.errors import N_, ClassAccessError, StoreError
from trainer.store.db import as_utc
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
    id: int
    evening_id: int
    number: int
    seed: int
    seat: int
    moves_json: str
    move_count: int
    finished: bool
    summary_json: str | None
    mistakes: tuple[str, ...]
    record: str | None


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
        row.seed,
        row.seat,
        row.moves_json,
        row.move_count,
        row.finished,
        row.summary_json,
        tuple((row.mistakes or "").split()),
        row.record,
    )


class PlayStore:
    """Evenings and deals of the Play page, on a :class:`~trainer.store.Store`'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def evening(self, token: str) -> Evening | None:
        with self.store._read() as session:
            row = session.scalars(select(PlayEveningRow).where(PlayEveningRow.token == token)).one_or_none()
            return _evening(row) if row else None

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
            insert = self.store._insert(session)
            session.execute(
                insert(PlayEveningRow)
                .values(
                    token=token,
                    kind=kind,
                    learner_id=learner_id,
                    profile_name=profile_name,
                    scheme=scheme,
                    level=level,
                    coach=coach,
                    created_at=as_utc(at),
                )
                .on_conflict_do_nothing(index_elements=["token"])
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
            row = session.get(PlayDealRow, deal_id)
            if row is None:
                raise StoreError(f"There is no deal with id {deal_id}.")
            return _deal(row)

    def start_deal(
        self, evening_id: int, number: int, *, seed: int, seat: int, at: datetime | None = None
    ) -> StoredDeal:
        """Deal ``number`` of the evening, created on first use; an existing one is returned unchanged
        (two tabs pressing "new deal" together get one deal, not two)."""
        with self.store._write() as session:
            insert = self.store._insert(session)
            session.execute(
                insert(PlayDealRow)
                .values(
                    evening_id=evening_id,
                    number=number,
                    seed=seed,
                    seat=seat,
                    moves_json="[]",
                    move_count=0,
                    finished=False,
                    updated_at=as_utc(at),
                )
                .on_conflict_do_nothing(index_elements=["evening_id", "number"])
            )
            row = session.scalars(
                select(PlayDealRow).where(PlayDealRow.evening_id == evening_id, PlayDealRow.number == number)
            ).one()
            return _deal(row)

    def save_moves(
        self, deal_id: int, moves_json: str, *, seen: int, count: int, at: datetime | None = None
    ) -> bool:
        """Store the deal's moves if the stored deal still has ``seen`` moves (the state they were computed
        from); False when another click or tab got there first (nothing is written)."""
        with self.store._write() as session:
            result = session.execute(
                update(PlayDealRow)
                .where(
                    PlayDealRow.id == deal_id,
                    PlayDealRow.move_count == seen,
                    PlayDealRow.finished.is_(False),
                )
                .values(moves_json=moves_json, move_count=count, updated_at=as_utc(at))
            )
            return bool(getattr(result, "rowcount", 0))

    def finish_deal(
        self,
        deal_id: int,
        *,
        summary_json: str,
        record: str | None = None,
        mistakes: tuple[str, ...] = (),
        at: datetime | None = None,
    ) -> None:
        """Mark the deal finished with its summary (once: a second call keeps the first summary)."""
        with self.store._write() as session:
            session.execute(
                update(PlayDealRow)
                .where(PlayDealRow.id == deal_id, PlayDealRow.finished.is_(False))
                .values(
                    finished=True,
                    summary_json=summary_json,
                    record=record,
                    mistakes=" ".join(mistakes) or None,
                    updated_at=as_utc(at),
                )
            )

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
        without finished deals gets zeros."""
        from trainer.coach import DealSummary, settle

        wanted = sorted(set(learner_ids))
        found: dict[int, list[tuple[str | None, str | None]]] = {learner: [] for learner in wanted}
        if wanted:
            with self.store._read() as session:
                rows = session.execute(
                    select(PlayEveningRow.learner_id, PlayDealRow.summary_json, PlayDealRow.mistakes)
                    .join(PlayEveningRow, PlayEveningRow.id == PlayDealRow.evening_id)
                    .where(
                        PlayEveningRow.learner_id.in_(wanted),
                        PlayEveningRow.kind == PLAY_EVENING,
                        PlayDealRow.finished.is_(True),
                    )
                    .order_by(PlayDealRow.id)
                ).all()
            for learner, summary_json, tags in rows:
                if learner is not None:
                    found[learner].append((summary_json, tags))
        stats: dict[int, PlayStats] = {}
        for learner, deals_of in found.items():
            deals = as_declarer = won = 0
            scores: list[float] = []
            mistakes: Counter[str] = Counter()
            for summary_json, tags in deals_of:
                if summary_json is None:
                    continue
                summary = DealSummary.from_json(summary_json)
                deals += 1
                mistakes.update((tags or "").split())
                if summary.declarer == 0:
                    as_declarer += 1
                    result = summary.result()
                    won += int(result is not None and result.won)
                amounts = settle(summary, "list")
                if amounts is not None:
                    scores.append(float(amounts[0]))
            average = sum(scores) / len(scores) if scores else None
            stats[learner] = PlayStats(deals, as_declarer, won, average, tuple(mistakes.most_common(5)))
        return stats
