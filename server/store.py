"""The match store: SQLite in WAL mode; every accepted move committed before it is announced.

The schema is game-generic: a match names its game and options, seats are numbered
``0..n-1``, a finished match keeps its ``ranking`` (one place per seat, JSON), and the
``moves`` table holds every step of the game in order, moves and resignations alike
(``kind``), so a match is rebuilt by replaying them on the game's contract. Files written
by older servers are migrated when opened (see :func:`server.store_schema.migrate`).

Writes run inline on the event loop: a WAL commit without a sync costs tens of
microseconds, far less than handing work to a thread (every hand-off costs a GIL switch
that showed up as half a millisecond per move under load). ``synchronous=NORMAL`` makes
every commit survive a crash of the server process (SIGKILL included); only a power cut or
an OS crash may lose the last moments. A move of a running match is cheaper still: it is
appended to the step journal (:mod:`server.step_journal`), as durable, and folded into
SQLite once it is announced, before any other use of the store. Checkpoints, the only
step that syncs, run on a background thread so the event loop never waits on the disk.
Tokens are stored only as SHA-256 hashes. The moves table is keyed by (match, version)
without a rowid, so a step writes one B-tree page to the WAL, not two (stores made before
keep their rowid table; both read and write alike).
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from shared.wire.limits import CHAT_HISTORY

from .step_journal import JournaledSteps, JournalInUse
from .store_schema import MOVE, SCHEMA, migrate, write_transaction
from .store_schema import RESIGN as RESIGN  # a kind of step, for the store's users

CHECKPOINT_EVERY = 2.0  # seconds between background WAL checkpoints
BUSY_PAUSE, BUSY_PAUSE_MAX = 0.0005, 0.004  # a write finding the store locked tries again
BUSY_WAIT = 5.0         # seconds, at most (sqlite3's default timeout)
WAL_LIMIT = 4 << 20     # bytes of WAL after which a checkpoint starts the file over


class StoreError(Exception):
    """The store could not do what was asked (disk full, closed, ...)."""


class StoreInUse(StoreError):
    """Another server runs on the same store file."""


class CodeTaken(StoreError):
    """Another match already has this room code."""


class StaleVersion(StoreError):
    """A step was appended for a version the match has already passed (another writer,
    e.g. another node of a cluster, stored that version first). ``version`` is the
    match's stored version when the append was refused (-1 if unknown)."""

    def __init__(self, match_id: int | None, wanted: int, version: int = -1) -> None:
        super().__init__(f"match {match_id}: step for version {wanted} refused, "
                         f"the stored match is at version {version}")
        self.wanted = wanted
        self.version = version


class SeatTaken(StoreError):
    """A join's seat was not free in the store (another node of a cluster took it first,
    or the match no longer waits): read the match's seats again."""


class SeatOnline(StoreError):
    """An away seat was not resigned: its player is connected to another node of the
    cluster (it came back there)."""


@dataclass
class SeatRecord:
    name: str
    token_hash: str
    session_hash: str
    computer: str | None = None  # the level of a computer player holding the seat


@dataclass
class MoveRecord:
    """One stored step. ``version`` orders the steps (it is the match version the step
    made, except for a resignation that ended the match: that one keeps the version, and
    is stored one above the last move). A resignation has kind ``resign``, move text ``''``."""

    version: int
    seat: int
    mid: str | int | None
    move: str
    kind: str = MOVE
    # a timed match's clock after the step (Clock.to_dict), stored with the step: a
    # restart resumes it, and a cluster's other nodes follow the mover's node's clock
    clock: dict | None = None


@dataclass
class End:
    """How a match ended, as stored: status, reason, winning seat (or None) and places."""

    status: str
    reason: str | None = None
    winner: int | None = None
    ranking: list[int] | None = None


@dataclass
class MatchRecord:
    """A match as stored: enough to rebuild it by replaying its moves on the engine."""

    code: str
    game: str
    options: dict
    seed: int
    public: bool
    status: str
    id: int | None = None
    end_reason: str | None = None
    winner: int | None = None
    rematch_of: str | None = None
    ranking: list[int] | None = None  # place per seat once the match is over
    created: float | None = None      # time.time() when it was made
    seats: dict[int, SeatRecord] = field(default_factory=dict)
    moves: list[MoveRecord] = field(default_factory=list)


def default_path() -> Path:
    """The match store in the user's data directory."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "alien-city" / "matches.sqlite3"


class Store:
    """All database access. The async methods keep callers ready for a store that waits."""

    def __init__(self, path: str | os.PathLike = ":memory:", *, synchronous: str = "NORMAL") -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={synchronous}")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(SCHEMA)
            migrate(self._db)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the match store {self.path}: {exc}") from None
        self._steps = self._open_steps()
        self._closed = False
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if self.path != ":memory:":
            self._db.execute("PRAGMA wal_autocheckpoint=0")  # the thread below does it
            self._db.execute("PRAGMA busy_timeout=0")  # _call waits, without blocking the loop
            self._checkpointer = threading.Thread(target=self._checkpoints, name="store-checkpoint",
                                                  daemon=True)
            self._checkpointer.start()

    async def _call(self, fn: Callable[..., Any], *args: Any, alone: bool = False) -> Any:
        """Run ``fn(db, *args)`` in one committed transaction (``alone``: ``fn`` is one
        statement, a transaction by itself in autocommit mode, committed as it runs).

        The connection never sleeps on SQLite's lock (``busy_timeout`` 0): while the
        checkpoint thread holds it, a write is tried again after a short pause, with the
        event loop free meanwhile (SQLite's own busy wait would freeze every match on the
        server for the whole checkpoint, and then some: it sleeps in steps of up to 100
        ms). The caller still gets its answer only once the write is committed."""
        pause, deadline = BUSY_PAUSE, 0.0
        while True:
            if self._closed:
                raise StoreError("the match store is closed")
            try:
                if self._steps is not None and self._steps.pending:  # every use of the
                    self._steps.fold()                                 # store sees every step
                return fn(self._db, *args) if alone else self._transaction(fn, *args)
            except StoreError:
                raise
            except sqlite3.Error as exc:
                if getattr(exc, "sqlite_errorcode", 0) & 0xFF != sqlite3.SQLITE_BUSY:
                    raise StoreError(f"the match store failed: {exc}") from None
                now = time.monotonic()
                deadline = deadline or now + BUSY_WAIT
                if now > deadline:
                    raise StoreError(f"the match store failed: {exc}") from None
            await asyncio.sleep(pause)
            pause = min(2 * pause, BUSY_PAUSE_MAX)

    def _open_steps(self) -> JournaledSteps | None:
        """The step journal of a store on disk, with what a crash left in it folded in."""
        if self.path == ":memory:":
            return None
        try:
            return JournaledSteps(self._db, f"{self.path}-steps")
        except JournalInUse as exc:
            self._db.close()
            raise StoreInUse(f"cannot open the match store {self.path}: {exc}") from None
        except (sqlite3.Error, OSError) as exc:
            self._db.close()
            raise StoreError(f"cannot restore the steps of the match store's journal "
                             f"{self.path}-steps: {exc}") from None

    def _transaction(self, fn: Callable[..., Any], *args: Any) -> Any:
        with write_transaction(self._db) as db:
            return fn(db, *args)

    def _checkpoints(self) -> None:
        """Copy the WAL into the database now and then, off the event loop.

        A passive checkpoint never waits for anyone, but under a steady stream of moves it
        never catches up with the last frame either, and SQLite only starts the WAL over
        once everything in it has been copied: the file would grow for as long as the
        server is busy (a soak run showed ~75 kB per match). So once the WAL passes
        ``WAL_LIMIT`` a truncating checkpoint holds writers back while it copies what the
        passive ones left and syncs (milliseconds; tens on a busy disk), and the file
        restarts. Writes wait for it in :meth:`_call`, the event loop serving meanwhile."""
        db = sqlite3.connect(self.path, isolation_level=None, timeout=2.0)
        wal = Path(f"{self.path}-wal")
        try:
            while not self._stop.wait(CHECKPOINT_EVERY):
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                    if wal.exists() and wal.stat().st_size > WAL_LIMIT:
                        db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
                except (sqlite3.Error, OSError):
                    pass  # busy or failing disk: the next round tries again
        finally:
            db.close()

    async def close(self) -> None:
        """Stop checkpointing, fold the WAL into the database, close."""
        if self._closed:
            return
        self._closed = True
        self._stop.set()
        if self._steps is not None:
            self._steps.close()
        if self._checkpointer is not None:
            self._checkpointer.join()
            try:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error:
                pass
        self._db.close()

    # -- writes ---------------------------------------------------------------------------
    async def insert_match(self, record: MatchRecord) -> int:
        return await self._call(_insert_match, record)

    async def put_seat(self, match_id: int, seat: int, record: SeatRecord) -> None:
        await self._call(_put_seat, match_id, seat, record)

    async def free_seat(self, match_id: int, seat: int, session_hash: str = "") -> str:
        """A person leaves a waiting match: ``"freed"`` (their seat is free again) or, when
        no other person holds a seat, ``"cancelled"`` (the match ends); ``"not_waiting"``
        (nothing changed) once the match has started or ended. ``session_hash`` is the
        leaver's (a cluster's store uses it to answer a retried call alike)."""
        return await self._call(_free_seat, match_id, seat)

    async def take_seat(self, match_id: int, seat: int, record: SeatRecord, seats: int) -> bool:
        """A join takes a free seat; the match starts (status playing) when that fills its
        ``seats``, in the same write. ``True`` if it started. Raises :class:`SeatTaken`
        when the seat is not free (one writer here: the match's lock makes it free)."""
        return await self._call(_take_seat, match_id, seat, record, seats)

    async def add_move(self, match_id: int, move: MoveRecord, end: End | None) -> None:
        """Append an accepted move or resignation (and the match's end if it ended it).
        A step that does not end the match goes to the step journal (one server writes a
        store, so its version is new); one that ends it is committed with the end. In
        memory, a step alone is one statement, committed as it runs (autocommit)."""
        if end is None and self._steps is not None:
            if self._closed:
                raise StoreError("the match store is closed")
            try:
                self._steps.add((match_id, move.version, move.seat, _mid_text(move.mid), move.move,
                                 move.kind, None if move.clock is None else json.dumps(move.clock)))
            except OSError as exc:
                raise StoreError(f"the match store failed: {exc}") from None
            return
        await self._call(_add_move, match_id, move, end, alone=end is None)

    async def resign_away(self, match_id: int, move: MoveRecord, end: End | None,
                          node: str) -> None:
        """The resignation of an away seat (the abandonment clock): on one server the
        clock and every reconnect share the match's lock, so this is :meth:`add_move`."""
        await self.add_move(match_id, move, end)

    async def set_status(self, match_id: int, status: str, reason: str | None = None) -> None:
        await self._call(_set_status, match_id, End(status, reason))

    async def add_chat(self, match_id: int, line: dict, keep: int = CHAT_HISTORY) -> None:
        """Append a chat line (``{seat, name, text, t}``); only the last ``keep`` stay."""
        await self._call(_add_chat, match_id, json.dumps(line), keep)

    # -- reads ----------------------------------------------------------------------------
    async def chat_lines(self, match_id: int) -> list[dict]:
        """The match's kept chat lines, oldest first."""
        return await self._call(_chat_lines, match_id)

    async def load_open(self) -> list[MatchRecord]:
        """Matches still waiting or playing, with seats and moves, oldest first."""
        return await self._call(_load, "status IN ('waiting', 'playing')", ())

    async def session(self, session_hash: str, recent: int = 5
                      ) -> tuple[str, list[tuple[str, int, str, str, dict]]] | None:
        """A session the store knows from its seats: its latest name and its ``recent``
        latest finished matches as (code, seat, status, game, options); ``None`` if it
        holds no seat.
        Sessions leave memory when their matches end; this brings them back on resume."""
        return await self._call(_session, session_hash, recent)

    async def load_code(self, code: str) -> MatchRecord | None:
        found = await self._call(_load, "code = ?", (code,))
        return found[0] if found else None

    async def steps_since(self, match_id: int, version: int) -> list[MoveRecord]:
        """The stored steps after ``version``, in order (a writer refused with
        :class:`StaleVersion` catches up with them)."""
        return await self._call(_steps, match_id, version)


def _insert_match(db: sqlite3.Connection, r: MatchRecord) -> int:
    try:
        cursor = db.execute(
            "INSERT INTO matches (code, game, options, seed, public, status, end_reason, winner,"
            " rematch_of, created, ranking) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (r.code, r.game, json.dumps(r.options), r.seed, int(r.public), r.status,
             r.end_reason, r.winner, r.rematch_of, time.time(),
             None if r.ranking is None else json.dumps(r.ranking)))
    except sqlite3.IntegrityError:
        raise CodeTaken(r.code) from None
    match_id = cursor.lastrowid
    for seat, s in r.seats.items():
        _put_seat(db, match_id, seat, s)
    return match_id


def _put_seat(db: sqlite3.Connection, match_id: int, seat: int, s: SeatRecord) -> None:
    db.execute("INSERT OR REPLACE INTO seats (match_id, seat, name, token_hash, session_hash,"
               " computer) VALUES (?, ?, ?, ?, ?, ?)",
               (match_id, seat, s.name, s.token_hash, s.session_hash, s.computer))


def _free_seat(db: sqlite3.Connection, match_id: int, seat: int) -> str:
    row = db.execute("SELECT status FROM matches WHERE id = ?", (match_id,)).fetchone()
    if row is None:
        raise StoreError(f"no match {match_id} in the store")
    if row[0] != "waiting":
        return "not_waiting"
    others = db.execute("SELECT COUNT(*) FROM seats WHERE match_id = ? AND seat != ? AND"
                        " computer IS NULL", (match_id, seat)).fetchone()[0]
    if not others:
        _set_status(db, match_id, End("cancelled", "cancelled"))
        return "cancelled"
    db.execute("DELETE FROM seats WHERE match_id = ? AND seat = ?", (match_id, seat))
    return "freed"

def _take_seat(db: sqlite3.Connection, match_id: int, seat: int, s: SeatRecord,
               seats: int) -> bool:
    if db.execute("SELECT 1 FROM seats WHERE match_id = ? AND seat = ?",
                  (match_id, seat)).fetchone() is not None:
        raise SeatTaken(f"match {match_id}: seat {seat} is taken")
    _put_seat(db, match_id, seat, s)
    if db.execute("SELECT COUNT(*) FROM seats WHERE match_id = ?", (match_id,)).fetchone()[0] < seats:
        return False
    _set_status(db, match_id, End("playing"))
    return True


def _add_move(db: sqlite3.Connection, match_id: int, m: MoveRecord, end: End | None) -> None:
    try:
        db.execute("INSERT INTO moves (match_id, version, seat, mid, move, kind, clock)"
                   " VALUES (?, ?, ?, ?, ?, ?, ?)",
                   (match_id, m.version, m.seat, _mid_text(m.mid), m.move, m.kind,
                    None if m.clock is None else json.dumps(m.clock)))
    except sqlite3.IntegrityError:  # that version is stored already: same answer as Redis
        if db.execute("SELECT 1 FROM moves WHERE match_id = ? AND version = ?",
                      (match_id, m.version)).fetchone() is None:
            raise  # not a taken version (no such match): the store failed
        last = db.execute("SELECT COALESCE(MAX(version), 0) FROM moves WHERE match_id = ?",
                          (match_id,)).fetchone()[0]
        raise StaleVersion(match_id, m.version, last) from None
    if end is not None:
        _set_status(db, match_id, end)


def _mid_text(mid: str | int | None) -> str:
    """A move id as stored (JSON, so text and integer ids stay apart): an integer's JSON is
    its digits, without the encoder."""
    return str(mid) if type(mid) is int else json.dumps(mid)


def _add_chat(db: sqlite3.Connection, match_id: int, line: str, keep: int) -> None:
    db.execute("INSERT INTO chat (match_id, line) VALUES (?, ?)", (match_id, line))
    db.execute("DELETE FROM chat WHERE match_id = ? AND id <= (SELECT id FROM chat WHERE"
               " match_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)", (match_id, match_id, keep))


def _chat_lines(db: sqlite3.Connection, match_id: int) -> list[dict]:
    return [json.loads(line) for (line,) in db.execute(
        "SELECT line FROM chat WHERE match_id = ? ORDER BY id", (match_id,))]


def _set_status(db: sqlite3.Connection, match_id: int, end: End) -> None:
    db.execute("UPDATE matches SET status = ?, end_reason = ?, winner = ?, ranking = ?"
               " WHERE id = ?", (end.status, end.reason, end.winner,
                                 None if end.ranking is None else json.dumps(end.ranking), match_id))


def _session(db: sqlite3.Connection, session_hash: str, recent: int
             ) -> tuple[str, list[tuple[str, int, str, str, dict]]] | None:
    if not session_hash:
        return None
    row = db.execute("SELECT name FROM seats WHERE session_hash = ? ORDER BY match_id DESC"
                     " LIMIT 1", (session_hash,)).fetchone()
    if row is None:
        return None
    ended = db.execute("SELECT m.code, s.seat, m.status, m.game, m.options FROM seats s JOIN"
                       " matches m ON m.id = s.match_id WHERE s.session_hash = ? AND"
                       " m.status = 'over' ORDER BY m.id DESC LIMIT ?",
                       (session_hash, recent)).fetchall()
    return row[0], [(code, seat, status, game, json.loads(options))
                    for code, seat, status, game, options in ended]


def _load(db: sqlite3.Connection, where: str, params: tuple) -> list[MatchRecord]:
    rows = db.execute("SELECT id, code, game, options, seed, public, status, end_reason, winner,"
                      f" rematch_of, ranking, created FROM matches WHERE {where} ORDER BY id",
                      params).fetchall()
    records = []
    for row in rows:
        r = MatchRecord(id=row[0], code=row[1], game=row[2], options=json.loads(row[3]),
                        seed=row[4], public=bool(row[5]), status=row[6], end_reason=row[7],
                        winner=row[8], rematch_of=row[9],
                        ranking=None if row[10] is None else json.loads(row[10]),
                        created=row[11])
        for seat, name, token_hash, session_hash, computer in db.execute(
                "SELECT seat, name, token_hash, session_hash, computer FROM seats"
                " WHERE match_id = ?", (r.id,)):
            r.seats[seat] = SeatRecord(name, token_hash, session_hash, computer)
        r.moves = _steps(db, r.id, 0)
        records.append(r)
    return records


def _steps(db: sqlite3.Connection, match_id: int, after: int) -> list[MoveRecord]:
    return [MoveRecord(v, seat, json.loads(mid), move, kind, None if clock is None else json.loads(clock))
            for v, seat, mid, move, kind, clock in db.execute(
                "SELECT version, seat, mid, move, kind, clock FROM moves WHERE match_id = ?"
                " AND version > ? ORDER BY version", (match_id, after))]
