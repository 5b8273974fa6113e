"""TV: one spectator channel per game that always shows its best live match.

``tv {game}`` answers the room code of the public playing match to watch and attaches the
connection to it as a spectator (``joined`` + ``sync``, as ``join`` with ``as:
"spectator"``). The connection then *follows* that game's TV: when the match it was
given ends, it is told the next one (a ``tv`` without ``rid``), and while no match is
live it is told when one starts. Those pushes only inform: the client plays the end of
the match it shows (its score show) and then sends ``tv`` again, which moves it to the
best match at that moment. Why: the client, not the server, knows when its end show is
over, and a spectator who reconnects simply asks again.

The best match (docs/protocol.md, *TV*): rated matches before unrated ones; then the
higher mean rating of the seats that have one (registered players' ratings in the
match's pool, measured computer levels' figures), matches with none after; then more
spectators; then the room code (alphabetical), so the choice is deterministic. A
server without names and ratings (a cluster node without accounts) ranks by spectators
and room code alone: only computer levels have a figure there. The ratings of a match
are read once, when it is first ranked (they do not change while it is played).
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from shared.gamekit.levels import level_ratings
from shared.wire import ErrorCode

from .connection import Connection
from .match import PLAYING, Match

if TYPE_CHECKING:
    from .lobby import Lobby

log = logging.getLogger("alien_city.server")


@dataclass
class Follow:
    """A connection following one game's TV."""

    game: str
    match: str | None = None  # the match its last ``tv`` attached it to, until it ends
    told: str | None = None   # the match last pushed to it (never pushed twice)
    shown: str | None = None  # the match its last ``tv`` attached it to (detached by the next)


@dataclass(frozen=True)
class Seen:
    """What TV shows of a match's players: one entry per seat, and their mean rating."""

    players: list[dict[str, Any]]
    rating: float | None


class Tv:
    """The followers of every game's TV (``lobby.tv``; routes the ``tv`` message)."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.follows: dict[Connection, Follow] = {}
        self._seen: dict[str, Seen] = {}  # live match code -> its players as ranked

    # -- the message -----------------------------------------------------------------------
    async def request(self, conn: Connection, msg: dict[str, Any]) -> None:
        rid, game = msg.get("rid"), msg["game"]
        if not msg.get("on", True):
            self.follows.pop(conn, None)
            conn.send({"type": "tv", "rid": rid, "game": game, "on": False, "match": None,
                       "players": None, "rated": False, "rating": None, "after": None})
            return
        if game not in self.lobby.games:
            conn.error(ErrorCode.BAD_OPTIONS, f"This server has no game {game[:32]!r}; it plays "
                       f"{', '.join(self.lobby.games.ids())}.", rid)
            return
        best = self.best(game)
        old = self.follows.get(conn)
        if old is not None and old.shown is not None and (best is None or old.shown != best.code):
            previous = self.lobby.matches.get(old.shown)
            if previous is not None and conn in previous.audience \
                    and previous.audience[conn] is None:
                previous.detach(conn)  # a spectator moves on (a player keeps the seat)
                self.lobby.forget(previous)
        code = best.code if best is not None else None
        self.follows[conn] = Follow(game, code, shown=code)
        conn.send(self.message(game, best, rid))
        if best is not None:
            await self._attach(conn, best)

    async def _attach(self, conn: Connection, match: Match) -> None:
        """``conn`` watches ``match`` as ``join {as: "spectator"}`` would make it."""
        await match.chat_log.ensure(match)  # the sync carries the history
        async with match.lock:
            if match.behind:  # a cluster node that skipped steps nobody here watched
                await match.steps.catch_up()
            seat = match.seat_of(conn.session)
            if seat is not None:  # our own match: we are back at our seat
                match.welcome(conn, seat, None)
                return
            match.detach(conn)
            conn.send({"type": "joined", "match": match.code, "role": "spectator", "seat": None,
                       "created": False, "version": match.version})
            match.attach(conn, None)
            conn.send(match.sync(None))

    def message(self, game: str, match: Match | None, rid: int | None = None,
                after: str | None = None) -> dict[str, Any]:
        """A ``tv`` answer or push: the match to watch (nil: none is live), its players
        with their ratings, and ``after``: the match that just ended (pushes only)."""
        seen = self.seen(match) if match is not None else None
        return {"type": "tv", "rid": rid, "game": game, "on": True,
                "match": match.code if match is not None else None,
                "players": seen.players if seen is not None else None,
                "rated": bool(match is not None and match.rated),
                "rating": None if seen is None or seen.rating is None else round(seen.rating),
                "after": after}

    # -- ranking ---------------------------------------------------------------------------
    def best(self, game: str) -> Match | None:
        """The public playing match of ``game`` TV shows now (see the module's docstring)."""
        live = [m for m in self.lobby.matches.values()
                if m.public and m.status == PLAYING and m.spec.id == game]
        if len(self._seen) > 2 * len(live) + 64:  # ended matches whose end was not seen here
            codes = {m.code for m in self.lobby.matches.values() if m.live}
            self._seen = {code: seen for code, seen in self._seen.items() if code in codes}
        return min(live, key=self._rank, default=None)

    def _rank(self, match: Match) -> tuple[int, float, int, str]:
        rating = self.seen(match).rating
        spectators = match.spectators_here() + sum(match.watching.values())
        return (0 if match.rated else 1, -rating if rating is not None else math.inf,
                -spectators, match.code)

    def seen(self, match: Match) -> Seen:
        """The match's players as TV shows them: name, computer level, rating (nil when
        unknown: a guest, an unmeasured level, a server without ratings)."""
        seen = self._seen.get(match.code)
        if seen is None:
            seen = self._read(match)
            if match.live:
                self._seen[match.code] = seen
        return seen

    def _read(self, match: Match) -> Seen:
        accounts = self.lobby.online.accounts
        levels = level_ratings(match.spec)
        players, known = [], []
        for index, (name, seat) in enumerate(zip(match.seat_names, match.seats)):
            rating: int | None = None
            label: str | None = None
            if seat is not None and seat.computer is not None and seat.computer in levels:
                rating = round(levels[seat.computer].rating)
                label = str(rating)
            elif index in match.players and accounts is not None:
                try:
                    value = accounts.rating(match.players[index], match.spec.id, len(match.seats))
                    rating, label = value.display(), value.label()
                except Exception as exc:  # noqa: BLE001 - TV goes on without this rating
                    log.warning("tv: rating of a player in %s not read: %s", match.code, exc)
            if rating is not None:
                known.append(rating)
            players.append({"seat": name, "name": seat.name if seat else None,
                            "computer": seat.computer if seat else None,
                            "rating": rating, "label": label})
        return Seen(players, sum(known) / len(known) if known else None)

    # -- following -------------------------------------------------------------------------
    def changed(self, match: Match) -> None:
        """A match changed (the lobby's callback): a followed match that ended tells its
        followers the next; a match that started tells the game's idle followers."""
        if not self.follows:
            return
        if not match.live:
            self._seen.pop(match.code, None)
            ended = [(c, f) for c, f in self.follows.items() if f.match == match.code]
            if ended:
                nxt = self.best(match.spec.id)
                for conn, follow in ended:
                    follow.match, follow.told = None, nxt.code if nxt is not None else None
                    conn.send(self.message(follow.game, nxt, after=match.code))
        elif match.status == PLAYING and match.public:
            idle = [(c, f) for c, f in self.follows.items() if f.game == match.spec.id
                    and f.match is None and f.told is None]
            if idle:
                nxt = self.best(match.spec.id)
                for conn, follow in idle:
                    follow.told = nxt.code if nxt is not None else None
                    conn.send(self.message(follow.game, nxt))

    def drop(self, conn: Connection) -> None:
        """A closed connection follows nothing."""
        self.follows.pop(conn, None)
