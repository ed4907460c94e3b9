"""Shared tables in the store: open a table, join it with its code, fill empty seats with computer players,
keep track of who is there. The deals and their moves are the table's Play evening (:mod:`trainer.store
.play_store`): a move is saved with a compare-and-set on the number of moves, so of two racing clicks only
one is applied and the other browser simply sees the new state.

Access: a table is reached only with its code (joins rate-limited by the class store's attempt log) or by a
learner already seated at it; a class's tables are listed only to that class's teacher.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from trainer.errors import ClassAccessError, StoreError
from trainer.profiles import get_profile
from trainer.records.iss import iss_line
from trainer.rules import DealState, HouseOptions, Move, SkatGame
from trainer.store.class_models import ClassMemberRow
from trainer.store.classes import ClassStore
from trainer.store.db import as_utc, existing
from trainer.store.play_store import (
    TABLE_EVENING,
    Evening,
    EveningAccessError,
    PlayStore,
    StoredDeal,
)
from trainer.store.repository import Store
from trainer.store.sessions import LoadedSession, deal_next, load_session, save_session
from trainer.store.table_models import SharedTableRow, TableSeatRow
from trainer.table_session import (
    COMPUTER_TIME_MS,
    IDLE_SECONDS,
    Place,
    TableSession,
    Turn,
    table_game,
)
from trainer.teacher import JOIN_CODE_ALPHABET, new_code, normalize_code

PLACES = (0, 1, 2)
SERVER_STARTED = as_utc(None)
"""When this app process started (an idle seat's countdown never counts the time the server was down)."""
TABLE_CODE_LENGTH = 9
CODE_BITS = TABLE_CODE_LENGTH * math.log2(len(JOIN_CODE_ALPHABET))
"""Entropy of a table code: 9 letters from a 31-letter alphabet are about 44.6 bits (not to be guessed; joins
are rate-limited like class codes)."""


def new_table_code() -> str:
    """A fresh, unguessable table code."""
    return new_code(TABLE_CODE_LENGTH)


RESUME_LOOKS = 5
"""How many of a learner's newest tables :meth:`TableStore.current_table` looks at for one to go back to."""
TABLE_SCOPE = "table"
"""Scope of a join attempt in the attempt log (class codes use their own scopes)."""


class TableFullError(StoreError):
    """Every seat of the table is taken."""


@dataclass(frozen=True)
class TableSeat:
    place: int
    kind: str
    learner_id: int | None
    name: str
    scored: bool
    away: bool
    last_seen: datetime | None


TableMarker = tuple[tuple[int, int], tuple[tuple[int, str, int | None, str, bool, bool], ...]]
"""What a waiting seat's page shows that others can change: the deal's version (number, move count) and
who sits where (kind, learner, name, scored, away; not when a seat was last seen). Cheap to read
(:meth:`TableStore.marker`) and to compare (:attr:`TableMoment.marker`)."""


def _seat_marker(seats: tuple[TableSeat, ...]) -> tuple[tuple[int, str, int | None, str, bool, bool], ...]:
    return tuple((s.place, s.kind, s.learner_id, s.name, s.scored, s.away) for s in seats)


@dataclass(frozen=True)
class SharedTable:
    id: int
    code: str
    evening_id: int
    host_learner_id: int | None
    class_id: int | None
    profile_name: str
    scheme: str
    deals_planned: int
    bot_level: str
    idle_seconds: int
    created_at: datetime
    seats: tuple[TableSeat, ...]
    house: HouseOptions | None = None
    """The house options the host chose; None: the rules' usual ones."""

    @property
    def game(self) -> SkatGame:
        """What the table plays: its rules with the host's house options (else the rules' usual ones)."""
        return table_game(get_profile(self.profile_name), self.house)

    def place_of(self, learner_id: int) -> int | None:
        """The place this learner sits at, or None."""
        for seat in self.seats:
            if seat.kind == "human" and seat.learner_id == learner_id:
                return seat.place
        return None

    @property
    def full(self) -> bool:
        return all(seat.kind != "empty" for seat in self.seats)


def _seat(row: TableSeatRow) -> TableSeat:
    return TableSeat(
        row.place,
        row.kind,
        row.learner_id,
        row.name,
        row.scored,
        row.away,
        as_utc(row.last_seen) if row.last_seen is not None else None,
    )


class TableStore:
    """Shared tables on a :class:`~trainer.store.Store`'s database."""

    def __init__(self, store: Store, classes: ClassStore | None = None) -> None:
        self.store = store
        self.play = PlayStore(store)
        self.classes = classes or ClassStore(store)

    # ---- reading ---------------------------------------------------------------------------------------
    @staticmethod
    def _load(session: Session, row: SharedTableRow) -> SharedTable:
        seats = session.scalars(
            select(TableSeatRow).where(TableSeatRow.table_id == row.id).order_by(TableSeatRow.place)
        ).all()
        return SharedTable(
            row.id,
            row.code,
            row.evening_id,
            row.host_learner_id,
            row.class_id,
            row.profile_name,
            row.scheme,
            row.deals_planned,
            row.bot_level,
            row.idle_seconds,
            as_utc(row.created_at),
            tuple(_seat(seat) for seat in seats),
            None if row.house is None else HouseOptions.from_json(json.loads(row.house)),
        )

    def get(self, table_id: int) -> SharedTable:
        """The table and its seats, read in one transaction (a waiting seat reads it every poll)."""
        with self.store._read() as session:
            row = existing(session, SharedTableRow, table_id, "table")
            return self._load(session, row)

    def marker(self, table_id: int) -> TableMarker:
        """The table's :data:`TableMarker`, in one transaction without loading the deal (a server watching
        the tables its waiting seats sit at reads it several times a second)."""
        from trainer.store.play_models import PlayDealRow

        with self.store._read() as session:
            row = existing(session, SharedTableRow, table_id, "table")
            table = self._load(session, row)
            last = session.execute(
                select(PlayDealRow.number, PlayDealRow.move_count)
                .where(PlayDealRow.evening_id == row.evening_id)
                .order_by(PlayDealRow.number.desc())
                .limit(1)
            ).first()
        version = (int(last[0]), int(last[1])) if last is not None else (0, 0)
        return version, _seat_marker(table.seats)

    def for_learner(self, table_id: int, learner_id: int) -> tuple[SharedTable, int]:
        """The table and the learner's place, only for a learner seated there (anyone else: refused)."""
        table = self.get(table_id)
        place = table.place_of(learner_id)
        if place is None:
            raise ClassAccessError("You do not sit at this table: join it with its code.")
        return table, place

    def evening(self, table: SharedTable) -> Evening:
        with self.store._read() as session:
            from trainer.store.play_models import PlayEveningRow

            row = session.get(PlayEveningRow, table.evening_id)
            if row is None:
                raise StoreError("The table's evening is missing.")
            token = row.token
        found = self.play.evening(token)
        assert found is not None
        return found

    def tables_of_learner(self, learner_id: int) -> list[SharedTable]:
        """The tables this learner sits at, newest first."""
        with self.store._read() as session:
            ids = session.scalars(
                select(TableSeatRow.table_id)
                .where(TableSeatRow.learner_id == learner_id, TableSeatRow.kind == "human")
                .order_by(TableSeatRow.table_id.desc())
            ).all()
        return [self.get(table_id) for table_id in ids]

    def current_table(self, learner_id: int) -> SharedTable | None:
        """The newest table this learner sits at that still has a deal to play (its deal under way, or
        deals left): where a page reload, a lost connection or a new sign-in takes them back."""
        for table in self.tables_of_learner(learner_id)[:RESUME_LOOKS]:
            deals = self.play.deals(table.evening_id)
            if not deals or not deals[-1].finished or len(deals) < table.deals_planned:
                return table
        return None

    def class_tables(self, class_id: int) -> list[SharedTable]:
        """A class's tables, newest first (for that class's teacher only: the caller holds the class id
        from a teacher login)."""
        with self.store._read() as session:
            ids = session.scalars(
                select(SharedTableRow.id)
                .where(SharedTableRow.class_id == class_id)
                .order_by(SharedTableRow.id.desc())
            ).all()
        return [self.get(table_id) for table_id in ids]

    # ---- opening and joining ---------------------------------------------------------------------------
    def open_table(
        self,
        *,
        host_learner_id: int,
        host_name: str,
        profile_name: str,
        scheme: str,
        deals_planned: int,
        bot_level: str,
        idle_seconds: int = IDLE_SECONDS,
        class_id: int | None = None,
        house: HouseOptions | None = None,
        at: datetime | None = None,
    ) -> SharedTable:
        """A new table with a fresh code; the host sits at place 0, the other two places are empty. A class
        member's table belongs to the class (its teacher's table list). ``house``: the house options the host
        chose (None: the rules' usual ones)."""
        if not 1 <= deals_planned <= 99:
            raise StoreError("A table plays from 1 to 99 deals.")
        if not 10 <= idle_seconds <= 3600:
            raise StoreError("A seat may be idle from 10 seconds to an hour before a computer plays for it.")
        when = as_utc(at)
        if class_id is None:  # a class member's table shows on the class's dashboard
            with self.store._read() as session:
                class_id = session.scalar(
                    select(ClassMemberRow.class_id).where(ClassMemberRow.learner_id == host_learner_id)
                )
        for _ in range(5):
            code = new_table_code()
            try:
                evening = self.play.open_evening(
                    f"table{code}",
                    learner_id=None,
                    profile_name=profile_name,
                    scheme=scheme,
                    level=bot_level,
                    coach="none",
                    kind=TABLE_EVENING,
                    at=when,
                )
            except EveningAccessError:  # the token is a Play evening's (made before 0006): draw again
                continue
            try:
                with self.store._write() as session:
                    row = SharedTableRow(
                        code=code,
                        evening_id=evening.id,
                        host_learner_id=host_learner_id,
                        class_id=class_id,
                        profile_name=profile_name,
                        scheme=scheme,
                        deals_planned=deals_planned,
                        bot_level=bot_level,
                        idle_seconds=idle_seconds,
                        created_at=when,
                        house=None if house is None else json.dumps(house.to_json()),
                    )
                    session.add(row)
                    session.flush()
                    for place in PLACES:
                        host = place == 0
                        session.add(
                            TableSeatRow(
                                table_id=row.id,
                                place=place,
                                kind="human" if host else "empty",
                                learner_id=host_learner_id if host else None,
                                name=host_name if host else "",
                                scored=True,
                                away=False,
                                last_seen=when if host else None,
                            )
                        )
                    table_id = row.id
            except IntegrityError:  # the same code drawn twice: draw again
                continue
            return self.get(table_id)
        raise StoreError("Could not find a free table code; please try again.")

    def join(
        self, code: str, *, learner_id: int, name: str, client: str, at: datetime | None = None
    ) -> tuple[SharedTable, int]:
        """Sit down at the table with this code: a learner already seated gets the same place back, anyone
        else the first empty place. Wrong codes count against the client like class codes do."""
        when = as_utc(at)
        wanted = normalize_code(code)
        attempt = self.classes._start_attempt(TABLE_SCOPE, wanted, client, when)
        with self.store._read() as session:
            table_id = session.scalar(select(SharedTableRow.id).where(SharedTableRow.code == wanted))
        if table_id is None:
            raise ClassAccessError("There is no table with that code.")
        self.classes._attempt_succeeded(attempt)
        table = self.get(table_id)
        place = table.place_of(learner_id)
        if place is not None:
            return table, place
        for seat in table.seats:
            if seat.kind != "empty":
                continue
            with self.store._write() as session:
                taken = session.execute(
                    update(TableSeatRow)
                    .where(
                        TableSeatRow.table_id == table_id,
                        TableSeatRow.place == seat.place,
                        TableSeatRow.kind == "empty",
                    )
                    .values(
                        kind="human",
                        learner_id=learner_id,
                        name=name,
                        scored=True,
                        away=False,
                        last_seen=when,
                    )
                )
            if getattr(taken, "rowcount", 0):
                return self.get(table_id), seat.place
        raise TableFullError("Every seat at this table is taken.")

    def fill_with_computer(
        self, table_id: int, place: int, *, by_learner_id: int, scored: bool = True
    ) -> SharedTable:
        """A seated player puts a computer player on an empty place. ``scored`` False: duel mode, the
        computer opponent is left out of the score sheet."""
        table, _ = self.for_learner(table_id, by_learner_id)
        if place not in PLACES:
            raise StoreError("A table has places 0, 1 and 2.")
        with self.store._write() as session:
            done = session.execute(
                update(TableSeatRow)
                .where(
                    TableSeatRow.table_id == table.id,
                    TableSeatRow.place == place,
                    TableSeatRow.kind == "empty",
                )
                .values(kind="bot", learner_id=None, name="", scored=scored, away=False)
            )
        if not getattr(done, "rowcount", 0):
            raise StoreError("That seat is not empty.")
        return self.get(table.id)

    # ---- presence ---------------------------------------------------------------------------------------
    def seen(self, table_id: int, place: int, at: datetime | None = None) -> None:
        """The seat's browser polled the table (its player is there)."""
        with self.store._write() as session:
            session.execute(
                update(TableSeatRow)
                .where(TableSeatRow.table_id == table_id, TableSeatRow.place == place)
                .values(last_seen=as_utc(at))
            )

    def set_away(self, table_id: int, place: int, away: bool) -> None:
        """A computer plays for an away seat; its player coming back clears it."""
        with self.store._write() as session:
            session.execute(
                update(TableSeatRow)
                .where(TableSeatRow.table_id == table_id, TableSeatRow.place == place)
                .values(away=away)
            )


# --- playing at a table ------------------------------------------------------------------------------------


def _places(table: SharedTable) -> tuple[Place, Place, Place]:
    first, second, third = (Place(seat.kind, seat.scored, seat.away) for seat in table.seats)
    return (first, second, third)


@dataclass
class TableMoment:
    """A table as one request sees it: the table, its session loaded from the store (the current deal is
    rebuilt on the server and never sent to a browser: pages draw only a seat's view), whose turn it is, and
    when the deal last changed."""

    table: SharedTable
    loaded: LoadedSession
    turn: Turn | None
    changed_at: datetime | None

    @property
    def session(self) -> TableSession:
        return self.loaded.session

    @property
    def stored(self) -> StoredDeal | None:
        return self.loaded.last

    @property
    def state(self) -> DealState | None:
        """The current deal (server side only)."""
        return self.loaded.session.current

    @property
    def number(self) -> int:
        return self.stored.number if self.stored is not None else 0

    @property
    def version(self) -> tuple[int, int]:
        """Changes with every move and every new deal: what a polling page compares."""
        return (self.number, self.stored.move_count if self.stored is not None else 0)

    @property
    def marker(self) -> TableMarker:
        """The :data:`TableMarker` of what this moment shows (equal to :meth:`TableStore.marker` read at the
        same time)."""
        return self.version, _seat_marker(self.table.seats)


class TablePlay:
    """Moves at a shared table: the table's :class:`~trainer.table_session.TableSession` makes every move
    (checked by the engine) and the store saves it in one transaction with a compare-and-set on the deal's
    move count (of two racing clicks one wins, the other sees the new state)."""

    def __init__(self, tables: TableStore) -> None:
        self.tables = tables
        self.play = tables.play

    def moment(self, table_id: int, at: datetime | None = None) -> TableMoment:
        table = self.tables.get(table_id)
        evening = self.play.evening_by_id(table.evening_id)
        loaded = load_session(self.play, evening, table.game, _places(table), level=table.bot_level)
        if loaded.last is None:
            return TableMoment(table, loaded, None, None)
        changed = loaded.last.updated_at
        # the idle countdown runs only while this server runs: after a restart everyone gets the full time
        since = max(changed, SERVER_STARTED) if at is None else changed
        waited = (as_utc(at) - since).total_seconds()
        now_turn = loaded.session.turn(idle_seconds=table.idle_seconds, waited=waited)
        return TableMoment(table, loaded, now_turn, changed)

    def start_next_deal(
        self, table_id: int, at: datetime | None = None, *, seed: int | None = None
    ) -> TableMoment:
        """Deal the next deal when every seat is filled and the last deal is over (idempotent: two browsers
        pressing together get one deal). ``seed``: a fixed shuffle (tests, benchmarks); else a random one."""
        now = self.moment(table_id, at)
        if not now.table.full:
            raise StoreError(
                "Every seat must be filled (by a player or a computer) before the cards are dealt."
            )
        if not now.session.over:
            return now
        if now.number + 1 > now.table.deals_planned:
            raise StoreError("The table has played all its deals.")
        deal_next(self.play, now.loaded, seed=seed, at=at)
        return self.moment(table_id, at)

    def _save(self, now: TableMoment, at: datetime | None) -> bool:
        return save_session(self.play, now.loaded, iss_of=iss_line, at=at)

    def move(
        self, table_id: int, learner_id: int, move: Move, *, seen: tuple[int, int], at: datetime | None = None
    ) -> bool:
        """A seated player's move, computed from the table at version ``seen``. False (nothing written) when
        the table has moved on since; the engine's error when the move is not theirs or breaks a rule."""
        table, place = self.tables.for_learner(table_id, learner_id)
        now = self.moment(table.id, at)
        if now.state is None or now.session.over or now.version != seen:
            return False
        now.session.act(place, move)
        if now.table.seats[place].away:
            self.tables.set_away(table.id, place, False)  # the player is back
        return self._save(now, at)

    def computer_step(
        self, table_id: int, *, time_ms: int = COMPUTER_TIME_MS, at: datetime | None = None
    ) -> bool:
        """Let a computer make the move that is due (a computer seat, an away player, or a player idle for
        longer than the table allows, who is then marked away until back). Any browser at the table may
        call it; the compare-and-set keeps it to one move."""
        now = self.moment(table_id, at)
        if now.state is None or now.turn is None or not now.turn.by_computer or now.stored is None:
            return False
        seat_row = now.table.seats[now.turn.place]
        if seat_row.kind == "human" and not seat_row.away:
            self.tables.set_away(now.table.id, now.turn.place, True)
        now.session.computer_step(time_ms=time_ms)
        return self._save(now, at)
