"""The store's step journal: where a move is written before it is announced.

A move must be on disk before anyone hears of it, and on a quiet server an SQLite commit
is the costliest part of a move (it runs cold, with its locks and WAL bookkeeping). One
append to a file of its own makes the move just as durable: after a crash of the server
process (SIGKILL included) the kernel still holds what was written, as it holds SQLite's
uncommitted-to-disk WAL under ``synchronous=NORMAL``. The journal is folded into SQLite
right after the move is announced (many steps in one transaction when moves come fast),
and before anything else touches the store, so every read sees every step. A store
opened after a crash folds what its journal still holds first.

The file sits beside the store (``matches.sqlite3-steps``) and is held with an exclusive
lock while a server runs: a second server on the same store is refused at once, rather
than two servers writing matches over each other.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from typing import Any

import msgpack

from .store_schema import write_transaction

log = logging.getLogger("alien_city.server")

Row = tuple[int, int, int, str, str, str, "str | None"]  # a moves row, in the table's order

INSERT = ("INSERT OR IGNORE INTO moves (match_id, version, seat, mid, move, kind, clock)"
          " VALUES (?, ?, ?, ?, ?, ?, ?)")

try:
    import fcntl
except ImportError:  # Windows: no advisory lock; one server per store is then up to the user
    fcntl = None  # type: ignore[assignment]


class JournalInUse(OSError):
    """Another server holds the journal (and so the store)."""


class StepJournal:
    """An append-only file of moves rows (msgpack), emptied once they are in SQLite."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o600)
        if fcntl is not None:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(self._fd)
                raise JournalInUse(f"{path} is held by another server running on the same "
                                   "store; stop it first or give this one its own --db") from None

    def append(self, row: Row) -> None:
        """The row is on disk (in the kernel's hands) when this returns."""
        os.write(self._fd, msgpack.packb(row))

    def rows(self) -> tuple[list[Row], int]:
        """The rows a crash left behind, and how many unreadable ones were skipped (a write
        cut short by the crash is never one that was acknowledged)."""
        size = os.fstat(self._fd).st_size
        os.lseek(self._fd, 0, os.SEEK_SET)  # appends still go to the end (O_APPEND)
        data = os.read(self._fd, size) if size else b""
        unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, max_buffer_size=max(size, 1))
        unpacker.feed(data)
        rows: list[Row] = []
        skipped = 0
        try:
            for item in unpacker:
                if _is_row(item):
                    rows.append(tuple(item))  # type: ignore[arg-type]
                else:
                    skipped += 1
        except ValueError:  # bytes that are no msgpack: nothing after them is read
            return rows, skipped + 1
        if unpacker.tell() < size:  # the last write was cut short
            skipped += 1
        return rows, skipped

    def clear(self) -> None:
        os.ftruncate(self._fd, 0)

    def close(self) -> None:
        os.close(self._fd)  # and with it the lock


class JournaledSteps:
    """The store's steps on their way into SQLite: journaled at once, folded in on the
    event loop's next turn (or sooner, by :meth:`fold`, before any other use of the
    store). Opening folds in what a crash left in the journal."""

    RETRY = 0.004  # seconds before a fold that found SQLite locked (a checkpoint) tries again

    def __init__(self, db: sqlite3.Connection, path: str) -> None:
        self.db = db
        self.journal = StepJournal(path)
        try:
            recover(db, self.journal)
        except BaseException:
            self.journal.close()
            raise
        self.pending: list[Row] = []  # journaled, not yet in SQLite, in order
        self._scheduled = False
        self._closed = False

    def add(self, row: Row) -> None:
        """A step on disk (raises :class:`OSError` if the journal cannot be written)."""
        self.journal.append(row)
        self.pending.append(row)
        if not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._fold_later)

    def fold(self) -> None:
        """The journaled steps into SQLite (raises :class:`sqlite3.Error`, BUSY
        included), then the journal emptied."""
        fold(self.db, self.pending)
        self.pending.clear()
        try:
            self.journal.clear()
        except OSError as exc:  # the rows are in SQLite; a restart folds them again, harmlessly
            log.error("match store: the step journal could not be emptied: %s", exc)

    def _fold_later(self) -> None:
        """The scheduled fold; while SQLite is locked or failing it is tried again shortly,
        the steps safe in the journal meanwhile."""
        self._scheduled = False
        if self._closed or not self.pending:
            return
        try:
            self.fold()
        except sqlite3.Error as exc:
            if getattr(exc, "sqlite_errorcode", 0) & 0xFF != sqlite3.SQLITE_BUSY:
                log.error("match store: journaled steps not written yet: %s", exc)
            self._scheduled = True
            asyncio.get_running_loop().call_later(self.RETRY, self._fold_later)

    def close(self) -> None:
        """Fold what is pending (what cannot be stays in the journal for the next start)."""
        self._closed = True
        if self.pending:
            try:
                self.fold()
            except sqlite3.Error as exc:
                log.error("match store: %d journaled steps left for the next start: %s",
                          len(self.pending), exc)
        self.journal.close()


def _is_row(item: Any) -> bool:
    return (isinstance(item, list) and len(item) == 7
            and all(type(v) is int for v in item[:3])
            and all(type(v) is str for v in item[3:6])
            and (item[6] is None or type(item[6]) is str))


def fold(db: sqlite3.Connection, rows: list[Row]) -> None:
    """Write ``rows`` to the moves table in one transaction (a row already there is left
    as it is: a crash between a fold and the journal's emptying leaves it in both)."""
    with write_transaction(db):
        db.executemany(INSERT, rows)


def recover(db: sqlite3.Connection, journal: StepJournal) -> None:
    """Fold what a crashed server left in the journal, then empty it. A row whose match
    the store does not hold is reported and dropped, never a reason not to start."""
    rows, skipped = journal.rows()
    kept = 0
    with write_transaction(db):
        for row in rows:
            try:
                db.execute(INSERT, row)
                kept += 1
            except sqlite3.IntegrityError as exc:
                log.error("step journal: version %d of match #%d not restored: %s", row[1], row[0], exc)
    if skipped:
        log.warning("step journal %s: %d unreadable entries skipped (a write cut short by a "
                    "crash)", journal.path, skipped)
    if kept:
        log.info("step journal: %d steps written after a crash restored", kept)
    journal.clear()
