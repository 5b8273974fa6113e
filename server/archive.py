"""The archive of finished matches and who sat where, beside the names and ratings.

Why here and not in the match store: the archive is what players browse (every finished
match, newest first, by player or game) and what a rated match's end writes together
with the ratings, in one transaction: a match is archived and rated, or neither. The
match store (server/store.py, or Redis) keeps the moves; ``get_record`` reads them there.

- ``archive``: one row a match, written when it is made (``finished`` 0), completed when
  it ends (1: names, ranking, resignations, the rating changes of a rated match) or
  marked -1 when it is cancelled or expires. A row still 0 at start-up whose match the
  store says is over was cut short by a crash: ``Online.recover`` finishes it then.
- ``archive_players``: the registered player at each seat (guests have none): the
  archive by player, a profile's recent games, and whom a rated match rates.
- ``clocks``: a timed match's time control and its clock at the last step (server/clocks.py),
  written with each step of a timed match only.

Same file as the accounts (``Accounts``' connection), so one transaction covers both.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from shared.online.ratings import DISPLAY_SCALE, PROVISIONAL_GAMES, Rating

from .accounts import Accounts, Player, rate_match

ARCHIVE_SCHEMA = """
CREATE TABLE IF NOT EXISTS archive (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seats INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    public INTEGER NOT NULL,
    created REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    ended REAL,
    reason TEXT,
    names TEXT,
    ranking TEXT,
    resigned TEXT,
    ratings TEXT
);
CREATE TABLE IF NOT EXISTS archive_players (
    code TEXT NOT NULL REFERENCES archive(code),
    seat INTEGER NOT NULL,
    player INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS clocks (
    code TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    version INTEGER NOT NULL,
    data TEXT
);
CREATE INDEX IF NOT EXISTS archive_done ON archive(finished, ended);
CREATE INDEX IF NOT EXISTS archive_by_player ON archive_players(player);
"""

LIVE, OVER, DROPPED = 0, 1, -1


@dataclass(frozen=True)
class Ending:
    """What the archive keeps of a finished match."""

    names: Sequence[str | None]
    ranking: Sequence[int]
    resigned: Sequence[int]
    reason: str | None
    places: Sequence[int]  # the places rated (resignations last: places_with_resignations)
    fixed: Mapping[int, Rating] = field(default_factory=dict)  # computer seats' ratings


def change(before: Rating, after: Rating) -> dict[str, Any]:
    """One seat's rating change as the protocol sends it."""
    return {"before": before.display(), "after": after.display(),
            "change": after.display() - before.display(), "label": after.label(),
            "provisional": after.provisional, "games": after.games}


def rating_info(rating: Rating) -> dict[str, Any]:
    """A rating as leaderboards and profiles send it; ``sigma`` is its uncertainty on the
    display scale (one standard deviation: the skill is within 2 sigma of ``rating``
    about 95 times in 100), so a client can show "1532 ± 120"."""
    return {"rating": rating.display(), "label": rating.label(),
            "provisional": rating.provisional, "games": rating.games,
            "sigma": round(DISPLAY_SCALE * rating.sigma)}


class OnlineStore(Accounts):
    """Accounts, ratings and the archive in one SQLite file."""

    def __init__(self, path: str = ":memory:", *, timeout: float = 10.0) -> None:
        super().__init__(path, timeout=timeout)
        self._db.executescript(ARCHIVE_SCHEMA)

    # -- a match's life --------------------------------------------------------------------
    def opened(self, code: str, game: str, seats: int, rated: bool, public: bool,
               players: Mapping[int, int], now: float) -> None:
        with self._transaction() as db:
            db.execute("INSERT OR IGNORE INTO archive (code, game, seats, rated, public, "
                       "created) VALUES (?, ?, ?, ?, ?, ?)",
                       (code, game, seats, int(rated), int(public), now))
            for seat, player in players.items():
                db.execute("INSERT OR REPLACE INTO archive_players VALUES (?, ?, ?)",
                           (code, seat, player))

    def seated(self, code: str, seat: int, player: int) -> None:
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO archive_players VALUES (?, ?, ?)",
                       (code, seat, player))

    def freed(self, code: str, seat: int) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM archive_players WHERE code = ? AND seat = ?", (code, seat))

    def seat_players(self, code: str
                     ) -> tuple[bool, dict[int, int], list[dict[str, Any]] | None] | None:
        """Whether the match is rated, its seats' registered players and, once rated,
        its rating changes (None: a match the archive does not know)."""
        row = self._db.execute("SELECT rated, ratings FROM archive WHERE code = ?",
                               (code,)).fetchone()
        if row is None:
            return None
        players = dict(self._db.execute("SELECT seat, player FROM archive_players "
                                        "WHERE code = ?", (code,)).fetchall())
        return bool(row[0]), players, None if row[1] is None else json.loads(row[1])

    def dropped(self, code: str) -> None:
        """A match cancelled or expired: never archived."""
        with self._transaction() as db:
            db.execute("UPDATE archive SET finished = ? WHERE code = ? AND finished = ?",
                       (DROPPED, code, LIVE))

    def timed(self, code: str, spec: str) -> None:
        """A new timed match: its time control (the clock starts with play)."""
        self._db.execute("INSERT OR REPLACE INTO clocks VALUES (?, ?, 0, NULL)", (code, spec))

    def save_clock(self, code: str, version: int, data: Mapping[str, object]) -> None:
        """The clock after a step (one statement: autocommit, no explicit transaction)."""
        self._db.execute("UPDATE clocks SET version = ?, data = ? WHERE code = ?",
                         (version, json.dumps(data), code))

    def clock(self, code: str) -> tuple[str, int, dict[str, Any] | None] | None:
        row = self._db.execute("SELECT spec, version, data FROM clocks WHERE code = ?",
                               (code,)).fetchone()
        if row is None:
            return None
        return row[0], row[1], None if row[2] is None else json.loads(row[2])

    def unfinished(self) -> list[str]:
        return [code for (code,) in self._db.execute(
            "SELECT code FROM archive WHERE finished = ?", (LIVE,))]

    def finish(self, code: str, ending: Ending, now: float) -> list[dict[str, Any]] | None:
        """Archive a finished match and, if it is rated, rate every seat, in one
        transaction. The rating changes seat by seat (None when unrated); a match
        finished already is not rated twice (its stored changes come back)."""
        with self._transaction() as db:
            row = db.execute("SELECT game, seats, rated, finished, ratings FROM archive "
                             "WHERE code = ?", (code,)).fetchone()
            if row is None:
                return None
            game, seats, rated, finished, stored = row
            if finished == OVER:
                return None if stored is None else json.loads(stored)
            players = dict(db.execute("SELECT seat, player FROM archive_players WHERE code = ?",
                                      (code,)).fetchall())
            changes = None
            if rated and len(players) + len(ending.fixed) == seats:
                ids = [players.get(seat) for seat in range(seats)]
                before = [self.rating(p, game, seats) if p is not None else ending.fixed[i]
                          for i, p in enumerate(ids)]
                after = rate_match(db, code, game, ids, list(ending.places), now, ending.fixed)
                changes = [change(b, a) if p is not None else change(b, b)
                           for p, b, a in zip(ids, before, after)]
            db.execute("UPDATE archive SET finished = ?, ended = ?, reason = ?, names = ?, "
                       "ranking = ?, resigned = ?, ratings = ? WHERE code = ?",
                       (OVER, now, ending.reason, json.dumps(list(ending.names)),
                        json.dumps(list(ending.ranking)), json.dumps(list(ending.resigned)),
                        None if changes is None else json.dumps(changes), code))
            return changes

    # -- what players browse ---------------------------------------------------------------
    def archive_page(self, page: int, size: int, player: int | None = None,
                     game: str | None = None) -> tuple[list[dict[str, Any]], bool]:
        """Finished matches newest first, ``size`` a page; whether more follow. A private
        match is listed when rated (its ratings are public), not otherwise: its room code
        stays with the people who had it."""
        where, params = ["a.finished = ?", "(a.public = 1 OR a.rated = 1)"], [OVER]
        if game is not None:
            where.append("a.game = ?")
            params.append(game)
        if player is not None:
            where.append("a.code IN (SELECT code FROM archive_players WHERE player = ?)")
            params.append(player)
        rows = self._db.execute(
            "SELECT a.code, a.game, a.rated, a.ended, a.reason, a.names, a.ranking, "
            "a.resigned, a.ratings, c.spec FROM archive a LEFT JOIN clocks c ON c.code = a.code "
            f"WHERE {' AND '.join(where)} "
            "ORDER BY a.ended DESC, a.code LIMIT ? OFFSET ?",
            (*params, size + 1, page * size)).fetchall()
        return [self._archived(*row) for row in rows[:size]], len(rows) > size

    def _archived(self, code: str, game: str, rated: int, ended: float, reason: str | None,
                  names: str, ranking: str, resigned: str, ratings: str | None,
                  clock: str | None) -> dict[str, Any]:
        registered = {seat for (seat,) in self._db.execute(
            "SELECT ap.seat FROM archive_players ap JOIN players p ON "
            "p.id = ap.player WHERE ap.code = ?", (code,))}
        return archived(code, game, bool(rated), ended, reason, names, ranking, resigned,
                        ratings, registered, clock)

    def leaderboard_page(self, game: str, seats: int, page: int, size: int,
                         provisional: bool = False) -> tuple[list[dict[str, Any]], bool]:
        minimum = 0 if provisional else PROVISIONAL_GAMES
        rows = self._db.execute(
            "SELECT p.display, r.mu, r.sigma, r.games FROM ratings r JOIN players p ON "
            "p.id = r.player WHERE r.game = ? AND r.seats = ? AND r.games >= ? "
            "ORDER BY r.mu - 3 * r.sigma DESC, p.display LIMIT ? OFFSET ?",
            (game, seats, minimum, size + 1, page * size)).fetchall()
        return [{"rank": page * size + i + 1, "name": name} | rating_info(Rating(mu, s, g))
                for i, (name, mu, s, g) in enumerate(rows[:size])], len(rows) > size

    def ratings_of(self, player: int) -> list[tuple[str, int, Rating]]:
        return [(game, seats, Rating(mu, s, g)) for game, seats, mu, s, g in self._db.execute(
            "SELECT game, seats, mu, sigma, games FROM ratings WHERE player = ? "
            "ORDER BY games DESC, game, seats", (player,))]

    def profile(self, player: Player, points: int, recent: int) -> dict[str, Any]:
        return profile_of(self, player, points, recent)


def archived(code: str, game: str, rated: bool, ended: float, reason: str | None, names: str,
             ranking: str, resigned: str, ratings: str | None,
             registered: set[int], clock: str | None) -> dict[str, Any]:
    """One finished match as ``archive`` and ``profile`` send it (the JSON columns as
    stored; ``registered``: the seats of registered players; ``clock``: its time control,
    ``None`` when untimed)."""
    changes = json.loads(ratings) if ratings else None
    return {"match": code, "game": game, "rated": rated, "ended": ended,
            "reason": reason, "clock": clock, "ranking": json.loads(ranking),
            "resigned": json.loads(resigned),
            "players": [{"name": name, "registered": seat in registered,
                         "rating": changes[seat] if changes else None}
                        for seat, name in enumerate(json.loads(names))]}


def profile_of(store: Any, player: Player, points: int, recent: int) -> dict[str, Any]:
    """A player's ratings per game and seat count, each with its history (oldest first,
    for a graph), and their latest finished matches: from any store with ``ratings_of``,
    ``history`` and ``archive_page`` (SQLite here, Redis on a cluster)."""
    pools = []
    for game, seats, rating in store.ratings_of(player.id):
        history = store.history(player.id, game, seats, points)
        pools.append({"game": game, "seats": seats} | rating_info(rating) | {
            "history": [{"match": h.match, "rating": h.after.display(), "place": h.place,
                         "at": h.at} for h in reversed(history)]})
    games, _more = store.archive_page(0, recent, player=player.id)
    return {"name": player.name, "since": player.created, "ratings": pools,
            "recent": games}
