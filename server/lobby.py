"""The lobby: sessions, lobby lists, restart, and routing of every client message.

One :class:`Lobby` object owns everything the server knows (no module globals). It turns
validated messages into actions on sessions and :class:`~server.match.Match` objects, and
answers every request, error or not. It holds parts that handle messages: the messages
that name a match (join, leave, move, rematch...) go to
:class:`~server.match_commands.MatchCommands`, create and quick match to
:class:`~server.matchmaking.Matchmaker`, names and ratings to
:class:`~server.accounts_commands.Online`, ``tv`` to :class:`~server.tv.Tv`.
"""

from __future__ import annotations

import asyncio
import hmac
import itertools
import logging
from typing import Any, Awaitable, Callable

from shared.gamekit import Registry, builtin_games
from shared.wire import (
    PROTOCOL_VERSION,
    CloseCode,
    ErrorCode,
    ProtocolError,
    Scope,
    decode,
    encode,
    limits_info,
    peek_rid,
)

from .accounts_commands import Online
from .archive import OnlineStore
from .computer import ComputerPool
from .connection import Connection, Limits, Session, new_token, token_hash, ws_frame
from .game import winner_of
from .housekeeping import Housekeeper
from .match import OVER, Match, Seat
from .match_commands import MatchCommands
from .matchmaking import Matchmaker
from .netpolicy import AddressLimits, Network
from .store import MatchRecord, Store, StoreError
from .tv import Tv

log = logging.getLogger("alien_city.server")

SERVER_NAME = "alien-city"


class Lobby:
    """Everything the server holds, and the message router."""

    def __init__(self, store: Store, games: Registry | None = None,
                 limits: Limits = Limits(), accounts: OnlineStore | None = None) -> None:
        self.store = store
        self.limits = limits
        self.games = games if games is not None else builtin_games()
        self.sessions: dict[str, Session] = {}     # token hash -> session
        self.matches: dict[str, Match] = {}        # room code -> match (live + recent)
        self.watchers: set[Connection] = set()
        self.connections: set[Connection] = set()
        self.addresses = AddressLimits(limits)
        self.proxies: tuple[Network, ...] = ()   # trusted reverse proxies (X-Forwarded-For)
        self.computers = ComputerPool(limits.computer_threads, limits.computer_think,
                                      limits.computer_iterations)
        self.maker = Matchmaker(store, limits, self.games, self.matches, self.match_changed,
                                self.computers, self.addresses)
        self._numbers = itertools.count(1)
        self.housekeeper = Housekeeper(self)
        self.relay: Any = None  # a cluster node's link to the others (server.cluster.relay)
        self._reading: dict[str, asyncio.Future] = {}  # room code -> its read in progress
        self.counts: Any = None  # a cluster's spectator counts (server.cluster.counts)
        self._routes: dict[str, Callable[[Connection, dict], Awaitable[None]]] = {
            "hello": self.hello, "watch_lobby": self.watch_lobby, "create": self.maker.create,
            "quick": self.maker.quick, "quick_cancel": self.maker.quick_cancel, "ping": self.ping,
        }
        self.commands = MatchCommands(self)  # join, leave, move, resign, chat, rematch...
        self._routes.update(self.commands.routes())
        self.online = Online(self, accounts)  # names, ratings, the archive
        self._routes.update(self.online.routes())
        self.maker.online = self.online
        self.tv = Tv(self)  # each game's best live match (server.tv)
        self._routes["tv"] = self.tv.request

    # -- connection lifecycle -------------------------------------------------------------
    def connect(self, ws: Any, address: str | None = None) -> Connection:
        """A new socket from ``address`` (default: its peer). An address over its
        connection limit is told so and closed (1008); the handler then just waits."""
        conn = Connection(ws, next(self._numbers), self.limits)
        if address:
            conn.address = address
        self.connections.add(conn)
        log.info("connect %s", conn.label)
        conn.counted = self.addresses.open(conn.address)
        if not conn.counted:
            conn.error(ErrorCode.TOO_MANY_CONNECTIONS, f"Too many connections from {conn.address}: "
                       f"at most {self.limits.ip_connections} at once from one address.")
            conn.close(1008, "too many connections from one address")
        return conn

    def disconnect(self, conn: Connection) -> None:
        """Forget a closed connection everywhere; its session and seats stay for a resume."""
        self.watchers.discard(conn)
        self.tv.drop(conn)
        self.connections.discard(conn)
        if conn.counted:
            self.addresses.closed(conn.address)
            conn.counted = False
        self.maker.drop(conn)
        for match in list(conn.matches.values()):
            match.detach(conn)
            self._maybe_forget(match)
        if conn.session is not None and conn.session.conn is conn:
            conn.session.conn = None
            self._maybe_drop_session(conn.session)
        log.info("disconnect %s", conn.label)

    async def receive(self, conn: Connection, frame: bytes | str) -> None:
        """One frame from a client: rate limit, decode, route. Never raises."""
        if not conn.bucket.take():
            conn.limited_in_a_row += 1
            if conn.limited_in_a_row > self.limits.flood:
                conn.close(1008, "message rate limit exceeded")
            else:
                conn.error(ErrorCode.RATE_LIMITED, f"More than {self.limits.rate:g} messages a second; "
                           "this one was not processed.", peek_rid(frame), scope=Scope.CONNECTION)
            return
        if not self.addresses.take(conn.address):
            conn.limited_in_a_row += 1
            if conn.limited_in_a_row > self.limits.flood:
                conn.close(1008, "message rate limit of the address exceeded")
            else:
                conn.error(ErrorCode.RATE_LIMITED, f"More than {self.limits.ip_rate:g} messages a second "
                           f"from {conn.address}; this one was not processed.", peek_rid(frame),
                           scope=Scope.ADDRESS)
            return
        conn.limited_in_a_row = 0
        try:
            msg = decode(frame)
        except ProtocolError as exc:
            conn.error(exc.code, exc.text, peek_rid(frame))
            return
        if conn.session is None and msg["type"] != "hello":
            conn.error(ErrorCode.HELLO_FIRST, "Say 'hello' first (protocol version and your name).",
                       msg.get("rid"))
            return
        try:
            await self._routes[msg["type"]](conn, msg)
        except Exception:  # a bug must cost one answer, not the server
            log.exception("error handling %s from %s", msg["type"], conn.label)
            conn.error(ErrorCode.SERVER_ERROR, "The server failed to handle this message.", msg.get("rid"))

    async def ping(self, conn: Connection, msg: dict) -> None:
        conn.send({"type": "pong", "rid": msg.get("rid"), "t": msg.get("t")})

    # -- session --------------------------------------------------------------------------
    async def hello(self, conn: Connection, msg: dict) -> None:
        rid = msg.get("rid")
        if conn.session is not None:
            conn.error(ErrorCode.ALREADY_HELLO, "This connection has already said hello.", rid)
            return
        if msg["v"] != PROTOCOL_VERSION:
            conn.error(ErrorCode.UNSUPPORTED_VERSION, f"This server speaks protocol version "
                       f"{PROTOCOL_VERSION}, not {msg['v']}.", rid, protocol=PROTOCOL_VERSION)
            conn.close(CloseCode.UNSUPPORTED_VERSION, "unsupported protocol version")
            return
        go_on, player = self.online.sign_in(conn, msg)
        if not go_on:
            return
        session, token, resumed, recent = None, None, False, []
        if "resume" in msg:
            wanted = token_hash(msg["resume"])
            session = self.sessions.get(wanted)
            try:  # sessions whose matches all ended live on in the store
                known = await self.store.session(wanted)
            except StoreError as exc:
                if session is None:  # unknown here, and the store cannot say: not a new one
                    log.error("session not checked: %s", exc)
                    conn.error(ErrorCode.SERVER_ERROR, "Your session cannot be checked now (the "
                               "match store is unavailable); try again.", rid)
                    return
                known = None
            # this node's copy as it is now: a join may have loaded one of the session's
            # matches while the store answered, and that match's seat points to its copy
            session = self.sessions.get(wanted) or session
            if session is None and known is not None:
                session = Session(wanted, known[0])
            if session is not None:
                self.sessions.setdefault(wanted, session)
            if session is not None and hmac.compare_digest(session.token_hash, wanted):
                token, resumed = msg["resume"], True
                recent = known[1] if known else []
                if self.relay is not None:  # a cluster: its matches may be on other nodes
                    await self.relay.resumed(wanted)
            else:
                session = None
        if session is None:
            token = new_token()
            session = Session(token_hash(token), msg["name"])
            self.sessions[session.token_hash] = session
        if resumed and self.relay is not None and not await self.relay.claim_session(session):
            self.take_session(conn)  # another node's resume of it came later and wins
            return
        old = session.conn
        if old is not None and old is not conn:
            self.take_session(old)
        session.conn = conn
        if not resumed:
            session.name = msg["name"]
        if player is not None:
            self.online.signed_in(session, player)
        conn.session = session
        seats = [{"match": code, "seat": m.seat_names[i], "version": m.version, "status": m.status}
                 for code, i in session.seats.items() if (m := self.matches.get(code)) and m.live]
        log.info("hello %s%s", conn.label, " (resumed)" if resumed else "")
        conn.send({"type": "welcome", "rid": rid, "protocol": PROTOCOL_VERSION, "server": SERVER_NAME,
                   "session": token, "resumed": resumed, "name": session.name,
                   "signed_in": session.player_id is not None, "seats": seats,
                   "ended": [{"match": code, "seat": self._seat_name(game, options, seat),
                              "status": status} for code, seat, status, game, options in recent],
                   "games": [spec.info() for spec in self.games],
                   "limits": limits_info(self.limits)})

    def take_session(self, old: Connection) -> None:
        """``old``'s session was resumed on another connection (here, or on another node
        of a cluster): it leaves its matches, is told, and closes (4001)."""
        for match in list(old.matches.values()):
            match.detach(old)
        session, old.session = old.session, None
        if session is not None and session.conn is old:
            session.conn = None
        old.error(ErrorCode.SESSION_TAKEN, "Your session was resumed on another connection.")
        old.close(CloseCode.SESSION_TAKEN, "session resumed elsewhere")

    def _seat_name(self, game: str, options: dict, seat: int) -> str | None:
        """A seat's name in a stored match of ``game`` with ``options``."""
        try:
            return self.games[game].seats(options)[seat].name
        except Exception:  # a game no longer served, options it no longer takes
            return None

    def _maybe_drop_session(self, session: Session) -> None:
        if session.conn is None and not session.seats:
            self.sessions.pop(session.token_hash, None)

    # -- lobby ----------------------------------------------------------------------------
    async def watch_lobby(self, conn: Connection, msg: dict) -> None:
        if msg["on"]:
            self.watchers.add(conn)
            conn.send({"type": "lobby", "rid": msg.get("rid"), "matches": [
                m.info() for m in self.matches.values() if m.public and m.live]})
        else:
            self.watchers.discard(conn)
            conn.send({"type": "lobby", "rid": msg.get("rid"), "matches": None})

    def match_changed(self, match: Match) -> None:
        """Callback from matches: keep lobby watchers up to date."""
        if self.counts is not None:  # a cluster: other nodes learn this node's spectators
            self.counts.changed(match)
        if match.status == "cancelled":  # (cancelled or expired: never archived)
            self.online.dropped(match)
        self.tv.changed(match)
        if not match.public or not self.watchers:
            return
        if match.live:
            message = {"type": "lobby_update", "match": match.info()}
        else:
            message = {"type": "lobby_gone", "match": match.code, "status": match.status}
        frame = encode(message)
        framed = ws_frame(frame)
        for conn in list(self.watchers):
            conn.send_frame(frame, framed)

    # -- loading --------------------------------------------------------------------------
    async def load(self, code: str) -> Match | None:
        """The match with room code ``code``: in memory, else read from the store
        (:class:`StoreError` if it cannot be read: not the same as no such match). Callers
        asking for the same code while it is being read share that one read (a crowd
        joining at once, and on a cluster node one copy that follows the others)."""
        match = self.matches.get(code)
        if match is not None and match.behind:  # a cluster node skipped steps nobody watched
            async with match.lock:
                if match.behind:
                    await match.steps.catch_up()
        if match is None:
            reading = self._reading.get(code)
            if reading is None:
                reading = self._reading[code] = asyncio.ensure_future(self._read(code))
                reading.add_done_callback(lambda done: self._read_done(code, done))
            await asyncio.shield(reading)  # one caller cancelled does not stop the others'
            match = self.matches.get(code)
        return match

    async def _read(self, code: str) -> None:
        """Read a match into memory (see :meth:`load`)."""
        record = await self.store.load_code(code) if code.isalnum() else None
        if record is not None and record.game in self.games and code not in self.matches:
            match = self._rebuild(record)
            if match is not None and self.relay is not None:
                await self.relay.loaded(match)
            if match is not None and code not in self.matches:
                self.matches[code] = match
                self._forget_old_finished()
                match.computers.wake()  # (a cluster: a match running on other nodes)

    def _read_done(self, code: str, done: asyncio.Future) -> None:
        self._reading.pop(code, None)
        if not done.cancelled():
            done.exception()  # retrieved here too: every waiter may have gone

    # -- memory ---------------------------------------------------------------------------
    def _maybe_forget(self, match: Match) -> None:
        """Finished matches nobody watches leave memory (the store keeps them)."""
        if not match.live and not match.audience and self.matches.get(match.code) is match:
            self.matches.pop(match.code)
            for seat in match.seats:
                if seat is not None and seat.session is not None:
                    seat.session.seats.pop(match.code, None)
                    self._maybe_drop_session(seat.session)

    def _forget_old_finished(self) -> None:
        finished = [m for m in self.matches.values() if not m.live]
        for match in finished[:max(0, len(finished) - self.limits.max_finished)]:
            for conn in list(match.audience):
                match.detach(conn)
            self._maybe_forget(match)

    # -- restart --------------------------------------------------------------------------
    def _rebuild(self, record: MatchRecord) -> Match | None:
        """A stored match replayed step by step on its game, seats and sessions restored."""
        try:
            match = Match(code=record.code, spec=self.games[record.game], options=record.options,
                          seed=record.seed, public=record.public, store=self.store,
                          limits=self.limits, notify=self.match_changed,
                          rematch_of=record.rematch_of, computers=self.computers,
                          relay=self.relay)
            match.record_id = record.id
            match.created_at = record.created or match.created_at
            match.on_end = self.online.ended
            match.steps.replay(record.moves)
            match.step_clock = next(((m.version, m.clock) for m in reversed(record.moves)
                                     if m.clock is not None), None)
        except Exception as exc:  # a record the game no longer accepts: report, skip it
            log.error("match %s cannot be restored: %s", record.code, exc)
            return None
        match.status = record.status
        match.end_reason = record.end_reason
        self.online.restore(match)  # rated, its registered players, its clock
        if record.status == OVER:
            match.ranking = record.ranking or list(match.state.ranking())
            if winner_of(match.ranking) != record.winner:
                log.warning("match %s: stored winner %s, ranking %s", record.code,
                            record.winner, match.ranking)
        for index, s in record.seats.items():
            session = None
            if s.computer is not None:
                match.seats[index] = Seat(s.name, s.token_hash, None, computer=s.computer)
                continue
            if s.session_hash:  # finished matches too: their players may offer a rematch
                session = self.sessions.get(s.session_hash)
                if session is None:
                    session = self.sessions[s.session_hash] = Session(s.session_hash, s.name)
                session.seats[record.code] = index
            match.seats[index] = Seat(s.name, s.token_hash, session)
        return match

    async def restore(self) -> int:
        """Load every unfinished match from the store (at startup)."""
        count = 0
        for record in await self.store.load_open():
            if record.game not in self.games:
                log.error("match %s is of unknown game %r; left in the store", record.code, record.game)
                continue
            match = self._rebuild(record)
            if match is not None:
                if self.relay is not None:
                    await self.relay.loaded(match)
                self.matches[match.code] = match
                count += 1
                log.info("match %s restored at version %d (%s)", match.code, match.version, match.status)
        for match in list(self.matches.values()):
            match.computers.wake()  # a computer to move resumes playing
            match.absence.check()   # nobody is connected yet: the clocks start now
        return count

    def start_housekeeping(self) -> None:
        """Expire waiting matches nobody joined, tidy the address table (periodically)."""
        self.housekeeper.start()

    def forget(self, match: Match) -> None:
        """Drop a match nobody needs from memory (the store keeps it)."""
        self._maybe_forget(match)

    async def stop_computers(self) -> None:
        """Stop every thinking computer player (promptly; they play no further move)."""
        await self.computers.close()

    async def close(self) -> None:
        await self.housekeeper.close()
        for match in self.matches.values():
            match.absence.close()
            if match.clock is not None:
                match.clock.close()
        await self.stop_computers()
        await self.store.close()
        if self.online.accounts is not None:
            self.online.accounts.close()
