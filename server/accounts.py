"""Player names and ratings on disk: SQLite, apart from the match store (server/store.py).

Why its own module: names and ratings outlive matches and can be backed up, moved or
reset alone; the tables may live in the match store's file or in their own (each
``Accounts`` opens its own connection, WAL mode, so both can share one file).

- ``players``: one row a name: the unique lookalike key (shared/online/names.py), the
  name as shown, the hash of the player's secret key (never the key), when created.
- ``transfers``: at most one open transfer code a player, as a hash, with its expiry and
  the wrong tries so far (5 wrong tries spend it).
- ``ratings``: the current rating per player, game and seat count (a 2-seat and a
  4-seat City Blocks are different contests), with the games rated.
- ``rating_history``: every rated match, seat by seat, before and after: the archive
  of how a rating came about. One row per (match, player): a match is rated once, so a
  retry after a crash does not count it twice.

A finished match updates all its seats in one ``BEGIN IMMEDIATE`` transaction that reads
the current ratings, rates, and writes: two matches of one player ending at the same
moment (two server tasks, or two processes on one file) run one after the other, and
the second reads what the first wrote. None is lost.

The methods are synchronous and quick (one small transaction); an asyncio server calls
them inline as it does the match store's.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from shared.online.identity import (
    TRANSFER_MINUTES,
    check_secret,
    hash_secret,
    new_transfer_code,
    normalise_transfer_code,
)
from shared.online.names import NameProblem, name_key, validate_name
from shared.online.ratings import MAX_SEATS, MIN_SEATS, PROVISIONAL_GAMES, Rating, rate

TRANSFER_TRIES = 5

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY,
    name_key TEXT NOT NULL UNIQUE,
    display TEXT NOT NULL,
    key_hash TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS transfers (
    player INTEGER PRIMARY KEY REFERENCES players(id),
    code_hash TEXT NOT NULL,
    expires REAL NOT NULL,
    wrong INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS ratings (
    player INTEGER NOT NULL REFERENCES players(id),
    game TEXT NOT NULL,
    seats INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    updated REAL NOT NULL,
    PRIMARY KEY (player, game, seats)
);
CREATE TABLE IF NOT EXISTS rating_history (
    id INTEGER PRIMARY KEY,
    match TEXT NOT NULL,
    player INTEGER NOT NULL REFERENCES players(id),
    game TEXT NOT NULL,
    seats INTEGER NOT NULL,
    place INTEGER NOT NULL,
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    at REAL NOT NULL,
    UNIQUE (match, player)
);
CREATE INDEX IF NOT EXISTS history_player ON rating_history(player, game, seats, id);
CREATE INDEX IF NOT EXISTS ratings_pool ON ratings(game, seats);
"""


class AccountError(Exception):
    """What was asked cannot be done; ``code`` for the protocol, the text for people."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code


@dataclass(frozen=True)
class Player:
    id: int
    name: str  # as shown
    created: float


@dataclass(frozen=True)
class HistoryRow:
    match: str
    place: int
    before: Rating
    after: Rating
    at: float


class Accounts:
    """Names, secrets, transfer codes and ratings in one SQLite file."""

    def __init__(self, path: str | os.PathLike[str] = ":memory:", *, timeout: float = 10.0) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, timeout=timeout)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(SCHEMA)
        except sqlite3.Error as exc:
            raise AccountError("store_failed", f"cannot open the accounts in {self.path}: {exc}") \
                from None

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One committed write transaction; the write lock is taken before any read."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise AccountError("store_failed", f"the accounts store failed: {exc}") from None
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        try:
            self._db.execute("COMMIT")
        except sqlite3.Error as exc:
            self._db.execute("ROLLBACK")
            raise AccountError("store_failed", f"the accounts store failed: {exc}") from None

    # -- names and secrets --------------------------------------------------------------

    def register(self, name: str, secret: str, now: float) -> Player:
        """A new name for the holder of ``secret``; ``NameProblem`` if the name is not
        allowed or it (or a lookalike) is taken."""
        display = validate_name(name)
        with self._transaction() as db:
            try:
                cursor = db.execute(
                    "INSERT INTO players (name_key, display, key_hash, created) VALUES (?, ?, ?, ?)",
                    (name_key(display), display, hash_secret(secret), now))
            except sqlite3.IntegrityError:
                raise NameProblem("name_taken", display) from None
            assert cursor.lastrowid is not None
            return Player(cursor.lastrowid, display, now)

    def find(self, name: str) -> Player | None:
        """The player whose name is ``name`` or looks like it."""
        row = self._db.execute("SELECT id, display, created FROM players WHERE name_key = ?",
                               (name_key(name),)).fetchone()
        return Player(*row) if row else None

    def name_free(self, name: str) -> bool:
        return self.find(name) is None

    def authenticate(self, name: str, secret: object) -> Player | None:
        """The player if ``secret`` is the key of that name; None for a wrong key or an
        unknown name (the caller says the same for both)."""
        row = self._db.execute("SELECT id, display, created, key_hash FROM players "
                               "WHERE name_key = ?", (name_key(name),)).fetchone()
        if row is None or not check_secret(secret, row[3]):
            return None
        return Player(row[0], row[1], row[2])

    def start_transfer(self, player: int, now: float) -> str:
        """A transfer code for a logged-in player (replacing any open one)."""
        code = new_transfer_code()
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO transfers (player, code_hash, expires, wrong) "
                       "VALUES (?, ?, ?, 0)",
                       (player, hash_secret(normalise_transfer_code(code)),
                        now + TRANSFER_MINUTES * 60))
        return code

    def redeem_transfer(self, name: str, code: str, new_secret: str, now: float) -> Player:
        """Move ``name`` to the computer holding ``new_secret``: the old key stops
        working and the code is spent. Refused (``transfer_refused``) for an unknown
        name, no open code, an expired code or a wrong one; a malformed code says why."""
        typed, refused = typed_transfer(code)
        with self._transaction() as db:
            row = db.execute(
                "SELECT p.id, p.display, p.created, t.code_hash, t.expires, t.wrong "
                "FROM players p JOIN transfers t ON t.player = p.id WHERE p.name_key = ?",
                (name_key(name),)).fetchone()
            if row is None:
                raise refused
            player, display, created, code_hash, expires, wrong = row
            usable = now < expires and wrong < TRANSFER_TRIES
            moved = usable and check_secret(typed, code_hash)
            if moved:
                db.execute("UPDATE players SET key_hash = ? WHERE id = ?",
                           (hash_secret(new_secret), player))
            if moved or not usable:
                db.execute("DELETE FROM transfers WHERE player = ?", (player,))
            else:
                db.execute("UPDATE transfers SET wrong = wrong + 1 WHERE player = ?", (player,))
        if not moved:
            raise refused  # after the commit that counted the wrong try
        return Player(player, display, created)

    # -- ratings ------------------------------------------------------------------------

    def rating(self, player: int, game: str, seats: int) -> Rating:
        """The player's rating in this pool (a newcomer's if never rated)."""
        return _rating(self._db, player, game, seats)

    def record_match(self, match: str, game: str, players: Sequence[int],
                     places: Sequence[int], now: float) -> list[Rating]:
        """Rate a finished match: ``players[i]`` sat at seat i and finished at
        ``places[i]`` (use ``places_with_resignations`` for leavers). All seats change
        in one transaction; a match already rated is not rated again (its stored
        results come back)."""
        seats = len(players)
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise AccountError("not_rated", f"a rated match has {MIN_SEATS} to {MAX_SEATS} "
                               f"seats, not {seats}")
        if len(set(players)) != seats:
            raise AccountError("not_rated", "a player cannot be rated against themselves")
        with self._transaction() as db:
            return rate_match(db, match, game, players, places, now)

    def history(self, player: int, game: str, seats: int, limit: int = 50) -> list[HistoryRow]:
        """The player's rated matches in this pool, newest first."""
        rows = self._db.execute(
            "SELECT match, place, mu_before, sigma_before, mu, sigma, games, at "
            "FROM rating_history WHERE player = ? AND game = ? AND seats = ? "
            "ORDER BY id DESC LIMIT ?", (player, game, seats, limit)).fetchall()
        return [HistoryRow(match, place, Rating(mu0, s0, games - 1), Rating(mu, s, games), at)
                for match, place, mu0, s0, mu, s, games, at in rows]

    def leaderboard(self, game: str, seats: int, limit: int = 50,
                    include_provisional: bool = False) -> list[tuple[Player, Rating]]:
        """Best first by the cautious value mu - 3 sigma (see shared/online/ratings.py)."""
        minimum = 0 if include_provisional else PROVISIONAL_GAMES
        rows = self._db.execute(
            "SELECT p.id, p.display, p.created, r.mu, r.sigma, r.games FROM ratings r "
            "JOIN players p ON p.id = r.player WHERE r.game = ? AND r.seats = ? "
            "AND r.games >= ? ORDER BY r.mu - 3 * r.sigma DESC, p.display LIMIT ?",
            (game, seats, minimum, limit)).fetchall()
        return [(Player(i, d, c), Rating(mu, s, g)) for i, d, c, mu, s, g in rows]


def typed_transfer(code: str) -> tuple[str, AccountError]:
    """A transfer code as typed, normalised (``transfer_malformed`` if it cannot be one),
    and the refusal for a code that does not move the name."""
    try:
        typed = normalise_transfer_code(code)
    except ValueError as exc:
        raise AccountError("transfer_malformed", str(exc)) from None
    return typed, AccountError("transfer_refused", "no such transfer code for this name "
                               "(codes last 15 minutes and 5 tries)")


def rate_match(db: sqlite3.Connection, match: str, game: str, players: Sequence[int | None],
               places: Sequence[int], now: float,
               fixed: Mapping[int, Rating] | None = None) -> list[Rating]:
    """``Accounts.record_match``'s work inside a transaction the caller holds (so a
    match's archive row can be written in the same one: server/archive.py). A seat
    whose player is None has the ``fixed`` rating of its seat (a computer level's): it
    counts for the others and is not changed or stored."""
    seats = len(players)
    people = [p for p in players if p is not None]
    done = db.execute("SELECT player, mu, sigma, games FROM rating_history "
                      "WHERE match = ?", (match,)).fetchall()
    if done:
        stored = {p: Rating(mu, sigma, games) for p, mu, sigma, games in done}
        if set(stored) != set(people):
            raise AccountError("not_rated", f"match {match} was rated with other players")
        return [stored[p] if p is not None else (fixed or {})[i] for i, p in enumerate(players)]
    before = [_rating(db, p, game, seats) if p is not None else (fixed or {})[i]
              for i, p in enumerate(players)]
    after = rate(before, places)
    for p, place, old, new in zip(players, places, before, after):
        if p is None:
            continue
        db.execute(
            "INSERT INTO ratings (player, game, seats, mu, sigma, games, updated) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (player, game, seats) DO UPDATE "
            "SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, "
            "updated = excluded.updated",
            (p, game, seats, new.mu, new.sigma, new.games, now))
        db.execute(
            "INSERT INTO rating_history (match, player, game, seats, place, mu_before, "
            "sigma_before, mu, sigma, games, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (match, p, game, seats, place, old.mu, old.sigma, new.mu, new.sigma,
             new.games, now))
    return after


def _rating(db: sqlite3.Connection, player: int, game: str, seats: int) -> Rating:
    row = db.execute("SELECT mu, sigma, games FROM ratings WHERE player = ? AND game = ? "
                     "AND seats = ?", (player, game, seats)).fetchone()
    return Rating(*row) if row else Rating()
