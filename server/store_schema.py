"""The match store's tables, and the migration of a store written by an older server.

Kept apart from :mod:`server.store` (the access) so each stays small; the store creates
the tables with :data:`SCHEMA` and calls :func:`migrate` on every file it opens.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import contextmanager
from typing import Iterator

MOVE, RESIGN = "move", "resign"  # kinds of stored steps

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    public INTEGER NOT NULL,
    status TEXT NOT NULL,
    end_reason TEXT,
    winner INTEGER,
    rematch_of TEXT,
    created REAL NOT NULL,
    ranking TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    session_hash TEXT NOT NULL,
    computer TEXT,
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    mid TEXT NOT NULL,
    move TEXT NOT NULL,
    kind TEXT NOT NULL DEFAULT 'move',
    clock TEXT,
    PRIMARY KEY (match_id, version)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS chat (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches(id),
    line TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_match ON chat(match_id, id);
CREATE INDEX IF NOT EXISTS matches_status ON matches(status);
CREATE INDEX IF NOT EXISTS seats_session ON seats(session_hash);
"""

SCHEMA_VERSION = 3  # PRAGMA user_version: 0 = written by a protocol-1 server (or new)


@contextmanager
def write_transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One committed write transaction (the write lock taken before any read), rolled
    back if anything inside fails: the store's writes, its step journal's folds and the
    migration all go through it."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}


def migrate(db: sqlite3.Connection) -> None:
    """Bring a store written by an older server up to this schema, in one transaction.

    Protocol-1 stores (two seats, Alien City only) had no ranking and did not store
    resignations as steps: a resigned match gets a ``resign`` step for the loser (the
    seat that is not the stored winner), and every finished match its ranking from the
    winner (a draw is ``[1, 1]``). Nothing is lost: old columns stay as they are."""
    if db.execute("PRAGMA user_version").fetchone()[0] >= SCHEMA_VERSION:
        return
    with write_transaction(db):
        if "computer" not in _columns(db, "seats"):  # stores from before computer players
            db.execute("ALTER TABLE seats ADD COLUMN computer TEXT")
        if "ranking" not in _columns(db, "matches"):
            db.execute("ALTER TABLE matches ADD COLUMN ranking TEXT")
        if "kind" not in _columns(db, "moves"):
            db.execute("ALTER TABLE moves ADD COLUMN kind TEXT NOT NULL DEFAULT 'move'")
        if "clock" not in _columns(db, "moves"):  # stores from before a step kept its clock
            db.execute("ALTER TABLE moves ADD COLUMN clock TEXT")
        two_seat_over = ("SELECT id, end_reason, winner FROM matches WHERE status = 'over' "
                         "AND ranking IS NULL")
        for match_id, reason, winner in db.execute(two_seat_over).fetchall():
            places = [1, 1] if winner not in (0, 1) else [1, 2] if winner == 0 else [2, 1]
            db.execute("UPDATE matches SET ranking = ? WHERE id = ?", (json.dumps(places), match_id))
            resigned = db.execute("SELECT COUNT(*) FROM moves WHERE match_id = ? AND kind = ?",
                                  (match_id, RESIGN)).fetchone()[0]
            if reason == "resigned" and winner in (0, 1) and not resigned:
                last = db.execute("SELECT COALESCE(MAX(version), 0) FROM moves WHERE match_id = ?",
                                  (match_id,)).fetchone()[0]
                db.execute("INSERT INTO moves (match_id, version, seat, mid, move, kind)"
                           " VALUES (?, ?, ?, 'null', '', ?)", (match_id, last + 1, 1 - winner, RESIGN))
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
