"""The messages that name a match by room code: join (as a player, a spectator, or with
a seat token given back), leave, move, resign, chat, rematch, get_state, get_record.

A part held by :class:`~server.lobby.Lobby` (``lobby.commands``), so each stays small: the
lobby keeps all the state (store, matches, sessions, the matchmaker, a cluster's relay)
and routes these messages to the methods here.
"""

from __future__ import annotations

import hmac
import logging
from typing import TYPE_CHECKING, Awaitable, Callable

from shared.wire import ErrorCode

from .chat import chat_line, say
from .connection import Connection, Session, new_token, token_hash
from .game import record_format
from .match import CANCELLED, PLAYING, WAITING, Match, Seat
from .store import SeatTaken, StoreError

if TYPE_CHECKING:
    from .lobby import Lobby

log = logging.getLogger("alien_city.server")


class MatchCommands:
    """The handlers of the messages about one match (a part of the lobby)."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby

    def routes(self) -> dict[str, Callable[[Connection, dict], Awaitable[None]]]:
        """The messages handled here, by type."""
        return {"join": self.join, "leave": self.leave, "move": self.move, "resign": self.resign,
                "rematch": self.rematch, "chat": self.chat, "get_state": self.get_state,
                "get_record": self.get_record}

    # -- joining --------------------------------------------------------------------------
    async def _find(self, conn: Connection, code: str, rid: int | None) -> Match | None:
        """A match by room code (loading a finished one from the store), or answer."""
        code = code.upper().replace("-", "").replace(" ", "")
        try:
            match = await self.lobby.load(code)
        except StoreError as exc:
            log.error("match %s cannot be read: %s", code[:16], exc)
            conn.error(ErrorCode.SERVER_ERROR, "The match store cannot be read now; try again.", rid)
            return None
        if match is None:
            conn.error(ErrorCode.UNKNOWN_MATCH, f"There is no match with room code {code[:16]!r}.", rid)
        return match

    async def join(self, conn: Connection, msg: dict) -> None:
        rid = msg.get("rid")
        match = await self._find(conn, msg["match"], rid)
        if match is None:
            return
        known = msg.get("version")
        await match.chat_log.ensure(match)  # the sync carries the history
        async with match.lock:
            if match.behind:  # (a step skipped while the lock was free)
                await match.steps.catch_up()
            if "seat_token" in msg:
                await self._reclaim(conn, match, msg["seat_token"], rid, known)
                return
            seat = match.seat_of(conn.session)
            if seat is not None:
                await self._back(conn, match, seat, rid, known)
                return
            if msg.get("as", "player") == "spectator":
                match.detach(conn)
                conn.send({"type": "joined", "rid": rid, "match": match.code, "role": "spectator",
                           "seat": None, "created": False, "version": match.version})
                match.attach(conn, None)
                conn.send(match.sync(known))
                return
            taken: tuple[int, str, bool] | str | None = "again"
            for _attempt in range(3):  # a seat another node took meanwhile: look again
                taken = await self._take_free_seat(conn, match, msg, rid)
                if taken != "again":
                    break
            if taken == "again":
                match.reject(conn, ErrorCode.SERVER_ERROR, "No seat could be saved; try again.", rid)
            if not isinstance(taken, tuple):
                return
            seat, token, starting = taken
            if starting:
                if not all(match.seats):  # filled on other nodes, not yet told here
                    try:
                        await self._stored_seats(match)
                    except StoreError as exc:  # the event feed brings them
                        log.warning("match %s: seats not read: %s", match.code, exc)
                match.status = PLAYING
                log.info("match %s started", match.code)
            self.lobby.online.seated(match, seat, conn.session)
            conn.session.seats[match.code] = seat
            match.detach(conn)
            match.welcome(conn, seat, token, rid, known=known)
            match.computers.wake()  # a computer seat may be the first to move
            match.absence.check()   # seated players away from the start

    async def _take_free_seat(self, conn: Connection, match: Match, msg: dict, rid: int | None
                              ) -> tuple[int, str, bool] | str | None:
        """A free seat for ``conn`` (the one asked for, else the first), stored only if it
        is still free in the store: (seat, its token, whether the match starts), or
        ``"again"`` when another node took it first (its seats were read again), or
        ``None`` after answering a refusal."""
        free = [i for i, s in enumerate(match.seats) if s is None]
        if match.status == CANCELLED:
            match.reject(conn, ErrorCode.GAME_OVER, f"The match was cancelled ({match.end_reason}); "
                         "it has no seats to take.", rid)
            return None
        if match.status != WAITING or not free:
            match.reject(conn, ErrorCode.MATCH_FULL, "Every seat is taken; join as a spectator.", rid)
            return None
        if "seat" in msg and msg["seat"] not in [match.seat_names[i] for i in free]:
            what = "is not free" if msg["seat"] in match.seat_names else \
                f"is not a seat of this {match.spec.title} match"
            match.reject(conn, ErrorCode.SEAT_UNAVAILABLE, f"Seat {msg['seat']!r} {what}; the "
                         f"free seats are {', '.join(match.seat_names[i] for i in free)}.", rid)
            return None
        refused = self.lobby.online.may_sit(match, conn.session)
        if refused is not None:
            match.reject(conn, refused, "Only signed-in players sit in a rated match, "
                         "once each." if refused == ErrorCode.NOT_SIGNED_IN else
                         "You already sit in this rated match.", rid)
            return None
        seat = match.seat_names.index(msg["seat"]) if "seat" in msg else free[0]
        token = new_token()
        match.seats[seat] = Seat(conn.session.name, token_hash(token), conn.session)
        try:
            starting = await self.lobby.store.take_seat(match.record_id, seat, match.seats[seat].record(),
                                                  len(match.seats))
        except SeatTaken:
            match.seats[seat] = None
            try:
                await self._stored_seats(match)
            except StoreError as exc:
                log.error("join %s: seats not read: %s", match.code, exc)
                match.reject(conn, ErrorCode.SERVER_ERROR, "The seat could not be saved; try again.", rid)
                return None
            return "again"
        except StoreError as exc:
            match.seats[seat] = None
            log.error("join %s failed: %s", match.code, exc)
            match.reject(conn, ErrorCode.SERVER_ERROR, "The seat could not be saved; try again.", rid)
            return None
        return seat, token, starting

    async def _stored_seats(self, match: Match) -> None:
        """The seats and status the store holds for ``match`` (a seat this copy thought
        free was taken on another node whose change has not reached this one yet)."""
        record = await self.lobby.store.load_code(match.code)
        if record is None:
            return
        for index, s in record.seats.items():
            held = match.seats[index] if 0 <= index < len(match.seats) else False
            if held is False or (held is not None and held.token_hash == s.token_hash):
                continue
            session = None
            if s.session_hash:
                session = self.lobby.sessions.setdefault(s.session_hash, Session(s.session_hash, s.name))
                session.seats[match.code] = index
            match.seats[index] = Seat(s.name, s.token_hash, session, computer=s.computer)
        for index, held in enumerate(match.seats):  # freed by a leave on another node
            if held is not None and index not in record.seats and record.status == WAITING:
                if held.session is not None:
                    held.session.seats.pop(match.code, None)
                match.seats[index] = None
        if record.status == PLAYING and match.status == WAITING and all(match.seats):
            match.status = PLAYING
        elif record.status == CANCELLED and match.live:
            match.status, match.end_reason = CANCELLED, record.end_reason
        match.changed()

    async def _reclaim(self, conn: Connection, match: Match, token: str, rid: int | None,
                       known: int | None) -> None:
        """A seat token given back: that seat moves to this session (constant-time check)."""
        wanted = token_hash(token)
        seat = None
        for index, s in enumerate(match.seats):
            if s is not None and s.computer is None and hmac.compare_digest(s.token_hash, wanted):
                seat = index
        if seat is None:
            match.reject(conn, ErrorCode.BAD_TOKEN, "That seat token does not open a seat in this match.", rid)
            return
        holder = match.seats[seat].session
        if holder is not conn.session:
            if holder is not None:
                holder.seats.pop(match.code, None)
                if holder.conn is not None and holder.conn in match.audience:
                    match.detach(holder.conn)
                    holder.conn.error(ErrorCode.SEAT_TAKEN, "Someone used your seat token elsewhere.",
                                      match=match.code, version=match.version)
                self.lobby._maybe_drop_session(holder)
            match.seats[seat].session = conn.session
            conn.session.seats[match.code] = seat
            try:
                await self.lobby.store.put_seat(match.record_id, seat, match.seats[seat].record())
            except StoreError as exc:  # the seat still works until the server restarts
                log.error("match %s: seat holder not saved: %s", match.code, exc)
        match.detach(conn)
        await self._back(conn, match, seat, rid, known)

    async def _back(self, conn: Connection, match: Match, seat: int, rid: int | None,
                    known: int | None) -> None:
        """A seated player (re)joins. On a cluster node its presence reaches Redis first,
        so no other node's abandonment clock resigns the seat once it is told it is back
        (on one server the clock and the join share a loop)."""
        relay = match.relay
        if relay is not None and match.live and not match.online_here(seat):
            try:
                if not await relay.arrive(match, seat):
                    raise StoreError("presence not written in time")
                await match.steps.catch_up()  # a resignation stored before it: in the sync
            except StoreError as exc:
                log.error("join %s: seat %s not taken back: %s", match.code, seat, exc)
                relay.presence(match, seat)  # (not here after all, once the queue gets there)
                match.reject(conn, ErrorCode.SERVER_ERROR, "Your seat cannot be taken back now "
                             "(the match store is slow or away); try again.", rid)
                return
        match.welcome(conn, seat, None, rid, known=known)
        if relay is not None and not match.online_here(seat):
            relay.presence(match, seat)  # it left meanwhile: not online here after all

    async def leave(self, conn: Connection, msg: dict) -> None:
        rid = msg.get("rid")
        match = await self._find(conn, msg["match"], rid)
        if match is None:
            return
        async with match.lock:
            session = conn.session
            seat = match.seat_of(session)
            outcome = "detached"
            if match.status == WAITING and seat is not None and session is not None:
                outcome = await self._leave_waiting(match, seat, session)
            match.detach(conn)
            if outcome == "freed" and seat is not None and session is not None:
                match.seats[seat] = None  # after detach: its presence still names the leaver
                self.lobby.online.freed(match, seat)
                session.seats.pop(match.code, None)
                self.lobby._maybe_drop_session(session)
            conn.send({"type": "left", "rid": rid, "match": match.code,
                       "cancelled": outcome == "cancelled"})
            if outcome in ("cancelled", "freed"):
                match.changed()
            self.lobby.forget(match)

    async def _leave_waiting(self, match: Match, seat: int, session: Session) -> str:
        """A person leaves a match that has not started: the last person seated cancels
        it (``"cancelled"``); anyone else gives the seat back (``"freed"``: free for
        others, the seat token no longer opens it). The store decides which in one step,
        as a cluster's other nodes may seat or free someone meanwhile."""
        try:
            outcome = await self.lobby.store.free_seat(match.record_id, seat, session.token_hash)
        except StoreError as exc:
            log.error("match %s: leave not saved: %s", match.code, exc)
            people = [s for i, s in enumerate(match.seats)
                      if i != seat and s is not None and s.computer is None]
            outcome = "freed" if people else "cancelled"  # what the store would have said
        if outcome == "cancelled":
            match.status, match.end_reason = CANCELLED, "cancelled"
            log.info("match %s cancelled", match.code)
        return outcome

    # -- match commands -------------------------------------------------------------------
    async def move(self, conn: Connection, msg: dict) -> None:
        match = await self._find(conn, msg["match"], msg.get("rid"))
        if match is not None:
            await match.submit(conn, msg)

    async def resign(self, conn: Connection, msg: dict) -> None:
        match = await self._find(conn, msg["match"], msg.get("rid"))
        if match is not None:
            await match.resign(conn, msg)

    async def chat(self, conn: Connection, msg: dict) -> None:
        """A line is stored with the match before anyone hears it (the history a
        reconnecting player reads); a store that fails only costs the history."""
        match = await self._find(conn, msg["match"], msg.get("rid"))
        if match is None:
            return
        await match.chat_log.ensure(match)
        line = chat_line(match, conn, msg)
        if line is None:
            return
        if match.record_id is not None:
            try:
                await self.lobby.store.add_chat(match.record_id, {k: line[k] for k in ("seat", "name", "text", "t")})
            except StoreError as exc:
                log.error("match %s: chat line not stored: %s", match.code, exc)
        say(match, conn, line, msg.get("rid"))

    async def rematch(self, conn: Connection, msg: dict) -> None:
        rid = msg.get("rid")
        match = await self._find(conn, msg["match"], rid)
        if match is None:
            return
        async with match.lock:
            complete = match.vote_rematch(conn, msg)
            if complete is None:
                return
            if self.lobby.relay is not None:  # a cluster: Redis says which node's offer completed it
                try:
                    complete = await self.lobby.relay.rematch(match)
                except StoreError as exc:
                    log.error("rematch offer on %s not saved: %s", match.code, exc)
                    match.reject(conn, ErrorCode.SERVER_ERROR, "The offer could not be saved; offer again.",
                                 rid)
                    return
            if not complete:
                match.ok(conn, "rematch", rid, new_match=None)
                return
            n = len(match.seats)  # everyone moves on one seat (two seats: they swap)
            swapped = [(s.session, (i + 1) % n) for i, s in enumerate(match.seats)
                       if s.computer is None and s.session is not None]
            computers = {(i + 1) % n: s.computer for i, s in enumerate(match.seats)
                         if s.computer is not None}
            try:
                new, tokens = await self.lobby.maker.open_match(match.spec, match.options, match.public,
                                                          swapped, rematch_of=match.code,
                                                          computers=computers, rated=match.rated,
                                                          clock=match.clock and match.clock.spec)
            except StoreError as exc:
                log.error("rematch of %s failed: %s", match.code, exc)
                match.rematch_votes.clear()
                match.reject(conn, ErrorCode.SERVER_ERROR, "The rematch could not be saved; offer again.", rid)
                return
            match.rematch_code = new.code
            if self.lobby.relay is not None:
                self.lobby.relay.rematch_started(match, new.code)
            match.broadcast({"type": "rematch_started", "match": match.code, "new_match": new.code,
                             "version": match.version})
            for session, seat in swapped:
                if session.conn is not None:
                    match.detach(session.conn)  # the players move on to the new match
                    new.welcome(session.conn, seat, tokens[seat])
            match.ok(conn, "rematch", rid, new_match=new.code)
            new.computers.wake()
            new.absence.check()  # a player who was away when it started
            self.lobby.forget(match)

    async def get_state(self, conn: Connection, msg: dict) -> None:
        match = await self._find(conn, msg["match"], msg.get("rid"))
        if match is not None:
            await match.chat_log.ensure(match)
            conn.send(match.sync(None) | {"rid": msg.get("rid")})

    async def get_record(self, conn: Connection, msg: dict) -> None:
        match = await self._find(conn, msg["match"], msg.get("rid"))
        if match is not None:
            conn.send({"type": "record", "rid": msg.get("rid"), "match": match.code,
                       "version": match.version, "status": match.status,
                       "format": record_format(match.spec), "game": match.spec.id,
                       "record": match.game_record()})
