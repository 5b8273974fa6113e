"""What a cluster node does with the other nodes' changes (the fan-out, first part).

:class:`Follower` handles the events of the streams the node reads
(:class:`~.fanout.EventFeed`: the global one and the groups of the matches it holds, see
:meth:`Follower.followed`) for the matches this node holds in memory (matches the node does not hold are read from Redis
when a client asks for them, as on a single server):

- ``step``: a step for ``version == match.version + 1`` is played on the match's state and
  announced to this node's audience exactly as a step of its own (``moved``, ``ended``);
  a version further ahead means events were missed: the steps after the node's version
  are read from Redis (``steps_since``) and applied in order; a version not ahead is the
  node's own step (or one already applied) and is ignored.
- ``seat``: a seat taken or reclaimed on another node: the seat and its session here.
- ``status``: a match started or cancelled on another node.
- ``match``: a public match created on another node is loaded while it waits, so this
  node's lobby watchers see it (``lobby_update``) and can join it here. The load runs
  beside the feed (one pipelined round trip); the match's events that arrive meanwhile
  wait for it and are applied in order.

- ``presence``, ``chat``, ``rematch`` (offers), ``rematch_started``: what the other
  nodes' clients did (:mod:`.relay`), told to this node's audience as if it happened
  here; a rematch opened elsewhere seats this node's players in it.

Every change is applied under the match's lock, so it never interleaves with a move
this node is checking. Events a node wrote itself carry its id and are skipped.

A match this node reads from Redis (a join, a spectator) is not held while it is read,
so the feed cannot apply its events of that moment; the Follower keeps the latest events
of matches it does not hold (``UNHELD_MATCHES`` matches, ``UNHELD_EVENTS`` each, of the
steps only the latest) and
:meth:`Follower.adopt` applies them to the loaded copy before the lobby holds it: steps
already read are skipped by version, and the other events set what the read already
had (the last seat, presence or status event of a kind wins).

Steps are applied through ``match.steps.apply_remote`` and ``match.steps.catch_up``, the
same functions a node uses when it lost a version to another node.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections import OrderedDict
from typing import TYPE_CHECKING

from shared.wire import ErrorCode

from ..connection import Session, new_token, token_hash
from ..match import CANCELLED, OVER, PLAYING, WAITING, Seat
from ..store import End, MoveRecord, StoreError
from .fanout import stop_task
from .relay import stream_order

if TYPE_CHECKING:
    from ..lobby import Lobby
    from ..match import Match
    from .redis_store import Event, RedisStore

log = logging.getLogger("alien_city.server")

UNHELD_MATCHES = 1000  # matches not held whose latest events are kept (for adopt)
UNHELD_EVENTS = 64     # events kept of each: a load's window is milliseconds


class Follower:
    """Applies other nodes' changes to this node's matches."""

    def __init__(self, lobby: "Lobby", store: "RedisStore", node: str = "") -> None:
        self.lobby = lobby
        self.store = store
        self.node = node  # this node's id: its own presence, chat and rematch events
        self.applied = 0  # steps of other nodes applied (for tests and logs)
        self._by_id: dict[int, "Match"] = {}  # match id -> match, rebuilt when it misses
        # match id -> (code, its events so far) while a public match is being listed
        self._pending: dict[int, tuple[str, list["Event"]]] = {}
        self._tasks: set[asyncio.Task] = set()
        # match id -> [(number, event)]: the latest events of matches this node does not hold
        self._unheld: OrderedDict[int, list[tuple[int, "Event"]]] = OrderedDict()
        self._numbers = itertools.count(1)

    def _match(self, match_id: int) -> "Match | None":
        """The match this node holds with that id. An index, checked against the lobby
        (which may drop or replace a match), rebuilt on a miss: a scan of the lobby per
        event cost 5 % of a node's CPU at 300 matches."""
        match = self._by_id.get(match_id)
        if match is not None and self.lobby.matches.get(match.code) is match:
            return match
        self._by_id = {m.record_id: m for m in self.lobby.matches.values()
                       if m.record_id is not None}
        return self._by_id.get(match_id)

    async def handle(self, event: "Event") -> None:
        pending = self._pending.get(event.match_id)
        if pending is not None and pending[0] not in self.lobby.matches:
            pending[1].append(event)  # its match is being loaded: applied right after
            return
        match = self._match(event.match_id)
        if match is None:
            if event.kind == "match" and event.data.get("public"):
                self.store.follow(event.match_id, event.end)  # its group, from before it
                self._pending[event.match_id] = (event.data["code"], [])
                self._spawn(self._listed(event.match_id, event.data["code"]))
            else:
                self._keep_unheld(event)
            return
        earlier = self._pending.pop(event.match_id, (None, []))[1]
        if not earlier and isinstance(event.data, dict) and event.data.get("node") == self.node:
            return  # told to this node's clients when it happened (no need for the lock)
        async with match.lock:  # held meanwhile (a join loaded it): the earlier events first
            for change in earlier + [event]:
                await self._change(match, change)

    def followed(self) -> set[int]:
        """The ids of the matches whose group streams this node must read: those it
        holds and those it is listing (:attr:`EventFeed.wanted`)."""
        return {m.record_id for m in self.lobby.matches.values()
                if m.record_id is not None} | set(self._pending)

    def dropped(self, stream: str) -> None:
        """The feed stopped reading a group: the events kept of its matches would miss
        what comes meanwhile, so a later read of one of them must not get them applied
        (they would be older than what it read)."""
        for match_id in [i for i in self._unheld if self.store.group(i) == stream]:
            del self._unheld[match_id]

    def _keep_unheld(self, event: "Event") -> None:
        """Keep ``event`` for :meth:`adopt`: of the steps only the latest (adopt reads
        the steps themselves from Redis), no chat (nobody here heard it)."""
        if event.kind == "chat":
            return
        kept = self._unheld.get(event.match_id)
        if kept is None:
            kept = self._unheld[event.match_id] = []
            if len(self._unheld) > UNHELD_MATCHES:
                self._unheld.popitem(last=False)
        else:
            self._unheld.move_to_end(event.match_id)
            if event.kind == "step":
                kept[:] = [k for k in kept if k[1].kind != "step"]
        kept.append((next(self._numbers), event))
        del kept[:-UNHELD_EVENTS]

    async def adopt(self, match: "Match") -> None:
        """A match just read from Redis by this node, about to be held: apply the events
        of it the feed brought meanwhile (and before), which found no match here. Loops
        while applying them (a catch-up reads Redis) brought more. Then they are dropped:
        from now on the match's events reach the held copy, so kept ones would be older
        than its later changes when it is read again (a seat reclaimed meanwhile)."""
        done = 0
        while True:
            events = [(n, e) for n, e in self._unheld.get(match.record_id, ()) if n > done]
            if not events:
                self._unheld.pop(match.record_id, None)
                return
            done = events[-1][0]
            async with match.lock:
                for _, event in events:
                    if event.kind == "step":  # read from Redis in order, below
                        match.behind = match.behind or event.version > match.version
                    else:
                        await self._change(match, event)
                if match.behind and match.live:
                    self.applied += await match.steps.catch_up()

    async def reread(self) -> None:
        """The stream dropped events this node had not read (it was away or behind for
        longer than the stream keeps): read every match it holds again from Redis and
        apply what changed, as the lost events would have (seats, presence on other
        nodes, status, steps), and close this node's connections of sessions resumed
        on another node meanwhile (``ac:claim:<session>``: the latest resume)."""
        await self._reread_sessions()
        for match in [m for m in self.lobby.matches.values() if m.record_id is not None]:
            try:
                record = await self.store.load_code(match.code)
            except StoreError as exc:
                log.error("match %s not read again: %s", match.code, exc)
                continue
            try:
                presence = await self.store.presence(match.record_id)
                alive = await self.store.alive(sorted({n for _, n in presence}))
            except StoreError as exc:
                log.error("match %s: presence not read again: %s", match.code, exc)
                presence, alive = [], set()
            if record is None or self.lobby.matches.get(match.code) is not match:
                continue
            async with match.lock:
                there = {(seat, n) for seat, n in presence if n != self.node and n in alive}
                known = {(seat, n) for seat, ns in match.remote.items() for n in ns}
                for seat, node in sorted(there ^ known):
                    if 0 <= seat < len(match.seats):
                        match.remote_presence(seat, node, (seat, node) in there)
                for index, seat in sorted(record.seats.items()):
                    self._seat(match, index, [seat.name, seat.token_hash, seat.session_hash,
                                              seat.computer])
                if record.status == WAITING:  # seats freed by a leave on another node
                    for index in range(len(match.seats)):
                        if index not in record.seats:
                            self._seat(match, index, None)
                self._status(match, {"status": record.status, "reason": record.end_reason})
                if match.live and len(record.moves) > match.version:
                    match.behind = True
                    watched = match.audience or any(s is not None and s.computer for s in match.seats)
                    if watched:
                        self.applied += await match.steps.catch_up()

    async def _reread_sessions(self) -> None:
        sessions = [s for s in self.lobby.sessions.values() if s.conn is not None]
        if not sessions:
            return
        try:
            claims = await self.store.calls(
                *(("GET", self.store.key("claim", s.token_hash)) for s in sessions))
        except StoreError as exc:
            log.error("resumed sessions not read again: %s", exc)
            return
        for session, claim in zip(sessions, claims):
            event_id, _, node = str(claim or "").partition("|")
            if node and node != self.node and session.conn is not None \
                    and stream_order(event_id) > stream_order(session.claim):
                session.claim = event_id
                self.lobby.take_session(session.conn)
                self.lobby._maybe_drop_session(session)

    async def _change(self, match: "Match", event: "Event") -> None:
        """One event of a match this node holds (under its lock)."""
        if isinstance(event.data, dict) and event.data.get("node") == self.node:
            return  # told to this node's clients when it happened
        if event.kind == "step":
            await self._steps(match, event)
        elif event.kind == "seat":
            self._seat(match, event.version, event.data)
        elif event.kind == "status":
            self._status(match, event.data)
        elif event.kind == "presence":
            if 0 <= event.data["seat"] < len(match.seats):
                match.remote_presence(event.data["seat"], event.data["node"],
                                      event.data["online"])
        elif event.kind == "chat":
            self._chat(match, event)
        elif event.kind == "rematch":
            match.offered(event.data["seats"])
            match.changed()
        elif event.kind == "rematch_started":
            await self._rematch_started(match, event.data["new_match"])

    def _chat(self, match: "Match", event: "Event") -> None:
        seat = event.data["seat"]
        if 0 <= seat < len(match.seats) and match.seats[seat] is not None:
            line = {"type": "chat", "match": match.code, "seat": match.seat_names[seat],
                    "name": match.seats[seat].name, "text": event.data["text"],
                    "version": event.version, "t": event.data.get("t")}
            match.chat_log.heard(line)  # the history this node's late joiners are sent
            match.broadcast(line)

    async def _rematch_started(self, match: "Match", code: str) -> None:
        """Another node opened the rematch: tell the audience, and seat this node's
        players there (each with a new seat token of its own: tokens never travel)."""
        if match.rematch_code is not None:
            return
        match.rematch_code = code
        match.broadcast({"type": "rematch_started", "match": match.code, "new_match": code,
                         "version": match.version})
        here = [s.session for s in match.seats if s is not None and s.session is not None
                and s.session.conn is not None and s.session.conn in match.audience]
        try:
            new = await self.lobby.load(code) if here else None
        except StoreError as exc:  # the players find it by session (welcome.seats)
            log.error("rematch %s not loaded: %s", code, exc)
            new = None
        for session in here if new is not None else ():
            async with new.lock:
                seat = new.seat_of(session)
                if seat is None or session.conn is None:
                    continue
                token = new_token()
                new.seats[seat].token_hash = token_hash(token)
                try:
                    await self.store.put_seat(new.record_id, seat, new.seats[seat].record())
                except StoreError as exc:  # the session still holds the seat (join resumes)
                    log.error("rematch %s: seat token not saved: %s", code, exc)
                    token = None
                conn = session.conn
                match.detach(conn)
                new.welcome(conn, seat, token)
        match.changed()

    async def _listed(self, match_id: int, code: str) -> None:
        """A public match created on another node: held here too while it waits for
        players, so this node's lobby watchers see it and the node follows its seats.
        Loaded beside the feed, not in it (300 matches starting at once kept every
        node's feed, and so every move, waiting behind their loads); the events of the
        match that arrive meanwhile are kept and applied in order once it is held."""
        lobby = self.lobby
        try:
            record, presence = await self.store.load_listed(match_id)
        except StoreError as exc:
            log.warning("match %s not listed here: %s", code, exc)
            record = None
        match = None
        if record is not None and record.status == WAITING and code not in lobby.matches \
                and record.game in lobby.games:
            match = lobby._rebuild(record)
            if match is not None and lobby.relay is not None:
                await lobby.relay.loaded(match, presence)
        if match is not None and code not in lobby.matches:
            lobby.matches[code] = match
            lobby.match_changed(match)
        match = lobby.matches.get(code)
        _, earlier = self._pending.pop(match_id, (None, []))
        if match is None or match.record_id != match_id or not earlier:
            return  # (not held: its events concern this node no more than before)
        async with match.lock:  # taken before the feed's next event for it: in order
            for change in earlier:
                await self._change(match, change)

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        """Stop the loads in progress (the node is stopping)."""
        for task in list(self._tasks):
            await stop_task(task)

    async def _steps(self, match: "Match", event: "Event") -> None:
        if not match.live or event.version <= match.version:
            return  # this node's own step, or one applied already
        watched = match.audience or any(s is not None and s.computer for s in match.seats)
        if not watched and event.end is None:
            match.behind = True  # nobody here follows it: caught up when asked (Lobby.load)
            return
        if not watched and match.behind:
            self._forget_ended(match, event.end)
            return
        if event.version == match.version + 1 and not match.behind:
            end = event.end
            match.steps.apply_remote(MoveRecord(*event.data), None if end is None else
                               End(end["status"], end["reason"], end["winner"], end["ranking"]))
            self.applied += 1
        else:  # events were missed: resync by version from the stored steps
            self.applied += await match.steps.catch_up()

    def _forget_ended(self, match: "Match", end: dict) -> None:
        """A match nobody here follows ended elsewhere: its end is told (lobby watchers
        drop it) and the match leaves memory, as a finished match nobody watches does,
        instead of replaying every step it skipped (a whole game per match, a tenth of
        a node's CPU at 100 matches). A later request reads it back from Redis."""
        match.computers.stop()
        match.absence.close()
        match.status, match.end_reason, match.ranking = end["status"], end["reason"], end["ranking"]
        match.changed()
        self.lobby._maybe_forget(match)

    def _seat(self, match: "Match", index: int, data: list | None) -> None:
        if not 0 <= index < len(match.seats):
            return
        held = match.seats[index]
        if data is None:  # its person left the waiting match on another node
            if held is not None:
                if held.session is not None:
                    held.session.seats.pop(match.code, None)
                match.seats[index] = None
                match.changed()
            return
        name, token, session_hash, computer = data
        if held is not None and held.token_hash == token and \
                (held.session.token_hash if held.session else "") == session_hash:
            return  # this node's own change
        if held is not None and held.session is not None and held.session.token_hash != session_hash:
            held.session.seats.pop(match.code, None)
            if held.session.conn is not None and held.session.conn in match.audience:
                conn = held.session.conn
                match.detach(conn)
                conn.error(ErrorCode.SEAT_TAKEN, "Someone used your seat token elsewhere.",
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
        if status == PLAYING and match.status == WAITING and all(match.seats):
            match.status = PLAYING
            self.lobby.online.recheck(match)  # (read the instant it was made: rated? timed?)
            if match.clock is not None:  # started on another node: timed here too
                match.clock.begin()
            match.changed()
            match.computers.wake()
        elif status == CANCELLED and match.live:
            match.status, match.end_reason = CANCELLED, data["reason"]
            match.changed()
