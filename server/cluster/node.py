"""What a cluster node does with the other nodes' changes (the fan-out, first part).

:class:`Follower` handles the events of ``ac:events`` (:class:`~.fanout.EventFeed`) for
the matches this node holds in memory (matches the node does not hold are read from Redis
when a client asks for them, as on a single server):

- ``step``: a step for ``version == match.version + 1`` is played on the match's state and
  announced to this node's audience exactly as a step of its own (``moved``, ``ended``);
  a version further ahead means events were missed: the steps after the node's version
  are read from Redis (``steps_since``) and applied in order; a version not ahead is the
  node's own step (or one already applied) and is ignored.
- ``seat``: a seat taken or reclaimed on another node: the seat and its session here.
- ``status``: a match started or cancelled on another node.
- ``match``: a public match created on another node is loaded while it waits, so this
  node's lobby watchers see it (``lobby_update``) and can join it here.

Every change is applied under the match's lock, so it never interleaves with a move
this node is checking. Chat, presence, rematch offers, quick-match queues and
computer-seat leases are not shared yet (docs/cluster.md).

Steps are applied through ``Match.apply_remote`` and ``Match.catch_up``, the same
functions a node uses when it lost a version to another node.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ..connection import Session
from ..match import CANCELLED, OVER, PLAYING, WAITING, Seat
from ..store import End, MoveRecord

if TYPE_CHECKING:
    from ..lobby import Lobby
    from ..match import Match
    from .redis_store import Event, RedisStore

log = logging.getLogger("alien_city.server")


class Follower:
    """Applies other nodes' changes to this node's matches."""

    def __init__(self, lobby: "Lobby", store: "RedisStore") -> None:
        self.lobby = lobby
        self.store = store
        self.applied = 0  # steps of other nodes applied (for tests and logs)

    def _match(self, match_id: int) -> "Match | None":
        for match in self.lobby.matches.values():
            if match.record_id == match_id:
                return match
        return None

    async def handle(self, event: "Event") -> None:
        match = self._match(event.match_id)
        if match is None:
            if event.kind == "match" and event.data.get("public"):
                await self._listed(event.data["code"])
            return
        async with match.lock:
            if event.kind == "step":
                await self._steps(match, event)
            elif event.kind == "seat":
                self._seat(match, event.version, event.data)
            elif event.kind == "status":
                self._status(match, event.data)

    async def _listed(self, code: str) -> None:
        """A public match created on another node: held here too while it waits for
        players, so this node's lobby watchers see it and the node follows its seats."""
        record = await self.store.load_code(code)
        lobby = self.lobby
        if record is None or record.status != WAITING or code in lobby.matches \
                or record.game not in lobby.games:
            return
        match = lobby._rebuild(record)
        if match is not None and code not in lobby.matches:
            lobby.matches[code] = match
            lobby.match_changed(match)

    async def _steps(self, match: "Match", event: "Event") -> None:
        if not match.live or event.version <= match.version:
            return  # this node's own step, or one applied already
        if event.version == match.version + 1:
            end = event.end
            match.apply_remote(MoveRecord(*event.data), None if end is None else
                               End(end["status"], end["reason"], end["winner"], end["ranking"]))
            self.applied += 1
        else:  # events were missed: resync by version from the stored steps
            self.applied += await match.catch_up()

    def _seat(self, match: "Match", index: int, data: list) -> None:
        name, token, session_hash, computer = data
        if not 0 <= index < len(match.seats):
            return
        held = match.seats[index]
        if held is not None and held.token_hash == token and \
                (held.session.token_hash if held.session else "") == session_hash:
            return  # this node's own change
        if held is not None and held.session is not None and held.session.token_hash != session_hash:
            held.session.seats.pop(match.code, None)
            if held.session.conn is not None and held.session.conn in match.audience:
                conn = held.session.conn
                match.detach(conn)
                conn.error("seat_taken", "Someone used your seat token elsewhere.",
                           match=match.code, version=match.version)
        session = None
        if session_hash:
            session = self.lobby.sessions.get(session_hash)
            if session is None:
                session = self.lobby.sessions[session_hash] = Session(session_hash, name)
            session.seats[match.code] = index
        match.seats[index] = Seat(name, token, session, computer=computer)
        match.changed()

    def _status(self, match: "Match", data: dict) -> None:
        status = data["status"]
        if status == match.status or status == OVER:  # an end comes with its step
            return
        if status == PLAYING and all(match.seats):
            match.status = PLAYING
            match.changed()
            match.computers.wake()
        elif status == CANCELLED and match.live:
            match.status, match.end_reason = CANCELLED, data["reason"]
            match.changed()
