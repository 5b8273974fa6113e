"""What a cluster node tells the others beyond the stored steps: presence, chat, rematch
offers and starts, sessions resumed here (the other nodes close their connection of it),
and that it is alive.

A match of a cluster node holds a :class:`Relay` (``Match.relay``). The match calls it,
without waiting, when a seat's player connects or leaves *on this node*, and for every chat
line; the relay appends them to the event stream of the match's group (``ac:events:<g>``;
a resumed session's to the global ``ac:events``) in the order they happened here (one
writer task, so a chat line never overtakes the presence before it), with the match's
version. Presence is also kept in a hash per match (``ac:presence:<id>``, field
``seat|node``), so a node that loads a match later knows who is connected elsewhere.
Rematch offers go through one Lua script that adds them to a set per match and lets
exactly one node (the one whose offer completed the set) open the rematch.

Each node has an id (its name and a random suffix: a restarted node is a new one) and a
heartbeat key in Redis that expires unless renewed. A node that dies stops renewing it;
the others then count its players as gone (``presence`` offline), so a ``kill -9`` does
not leave ghosts online. The other nodes' events are applied by
:class:`server.cluster.node.Follower`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from typing import TYPE_CHECKING, AsyncIterator, Awaitable, Callable

from ..store import StoreError
from .fanout import stop_task

if TYPE_CHECKING:
    from ..connection import Session
    from ..lobby import Lobby
    from ..match import Match
    from .redis_store import Event, RedisStore

log = logging.getLogger("alien_city.server")

LEASE_MS = 3000       # a computer seat's lease: renewed every third of it while thinking
HEARTBEAT_S = 1.0     # how often a node renews its heartbeat (and checks the others')
HEARTBEAT_TTL_MS = 4000  # a node silent this long counts as dead
QUEUE_MAX = 10_000    # events waiting for Redis before the oldest are dropped (Redis away)
RETRY = (0.1, 0.2, 0.5, 1.0, 2.0)
CLAIM_KEPT_MS = 86_400_000  # a session's latest resume, for nodes that missed its event
ARRIVE_WAIT = 2.0     # seconds a reconnect waits for its presence to reach Redis, at most


def stream_order(event_id: str) -> tuple[int, int]:
    """An event stream id (``ms-seq``) as something that sorts as Redis wrote them; ""
    (none yet) first."""
    ms, _, seq = event_id.partition("-")
    return (int(ms), int(seq or 0)) if ms else (-1, -1)


def node_id(name: str) -> str:
    """A node's id in the cluster: its name and a random suffix (per start)."""
    return f"{name}#{secrets.token_hex(3)}"


class Relay:
    """One node's side of presence, chat and rematches across nodes."""

    def __init__(self, store: "RedisStore", lobby: "Lobby", node: str) -> None:
        self.store = store
        self.lobby = lobby
        self.node = node
        self._queue: asyncio.Queue[tuple] = asyncio.Queue()
        self._tasks: list[asyncio.Task] = []
        self._leased: set[str] = set()  # codes of the matches this node thinks for
        # the Follower's: applies a loaded match's events that came while it was read
        self.adopt: Callable[["Match"], Awaitable[None]] | None = None

    # -- called by matches (never waits) --------------------------------------------------
    def presence(self, match: "Match", seat: int) -> None:
        here = match.online_here(seat)
        self._put(("presence", match, {"seat": seat, "online": here, "node": self.node},
                   (f"{seat}|{self.node}", "set" if here else "del")))

    def chat(self, match: "Match", line: dict) -> None:
        self._put(("chat", match, {"seat": match.seat_names.index(line["seat"]),
                                   "text": line["text"], "node": self.node,
                                   "t": line.get("t")}, None))

    def rematch_started(self, match: "Match", code: str) -> None:
        self._put(("rematch_started", match, {"new_match": code, "node": self.node}, None))

    async def arrive(self, match: "Match", seat: int) -> bool:
        """A seat's player is being seated here again (a reconnect): its presence goes to
        Redis, after what this node queued before, *before* the player is told it is
        back, so no node's abandonment clock resigns the seat after that (the
        resignation of an away seat reads the presence hash in its script). ``False``
        if it did not get there within ``ARRIVE_WAIT`` (Redis away or slow)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._put(("presence", match, {"seat": seat, "online": True, "node": self.node},
                   (f"{seat}|{self.node}", "set")), done)
        try:
            await asyncio.wait_for(asyncio.shield(done), ARRIVE_WAIT)
        except TimeoutError:
            return False
        return True

    def _put(self, item: tuple, done: "asyncio.Future[None] | None" = None) -> None:
        if item[1].record_id is None:
            if done is not None:
                done.set_result(None)
            return
        if self._queue.qsize() >= QUEUE_MAX:
            dropped = self._queue.get_nowait()
            self._queue.task_done()
            if dropped[-1] is not None and not dropped[-1].done():
                dropped[-1].set_result(None)
            log.warning("cluster relay: Redis away too long; an old event was dropped")
        self._queue.put_nowait(item + (item[1].record_id, item[1].version, done))

    # -- computer seats: one node thinks ---------------------------------------------------
    async def lease(self, match: "Match") -> bool:
        """Take or renew the lease to think for ``match``'s computer seats. ``False``:
        another node holds it (or Redis is away): wait and ask again."""
        try:
            held = await self.store.lease(match.record_id, self.node, LEASE_MS)
        except StoreError:
            held = False
        if held and match.code not in self._leased:
            log.info("match %s: node %s thinks for its computer seats (lease)", match.code,
                     self.node)
        (self._leased.add if held else self._leased.discard)(match.code)
        return held

    @property
    def lease_wait(self) -> float:
        """Seconds between asking for a lease another node holds."""
        return LEASE_MS / 3000

    @contextlib.asynccontextmanager
    async def thinking(self, match: "Match") -> AsyncIterator[None]:
        """Keep the lease while the computer thinks (renewed every third of it)."""
        async def renew() -> None:
            while True:
                await asyncio.sleep(LEASE_MS / 3000)
                await self.lease(match)
        task = asyncio.get_running_loop().create_task(renew(), name=f"lease {match.code}")
        try:
            yield
        finally:
            await stop_task(task)

    # -- called by the lobby ----------------------------------------------------------------
    async def rematch(self, match: "Match") -> bool:
        """This node's rematch offers, stored; ``True`` if this node opens the rematch.
        Raises :class:`StoreError`."""
        seats = sorted(match.rematch_votes)
        return await self.store.rematch_vote(
            match.record_id, match.version, {"seats": seats, "node": self.node}, seats,
            len(match.seats), f"{self.node}:{secrets.token_hex(4)}")

    async def claim_session(self, session: "Session") -> bool:
        """A session resumed on this node: a ``session`` event tells the other nodes,
        which close their connection of it (:meth:`session_resumed`), as one server does.
        ``False`` if a resume of it on another node came later (that one wins). Redis
        away: ``True`` (the other nodes cannot be told)."""
        try:
            claim = await self.store.publish("session", 0, 0, {"session": session.token_hash,
                                                               "node": self.node})
            # kept beside the stream, for a node that comes back after the stream dropped it
            await self.store.calls(("SET", self.store.key("claim", session.token_hash),
                                    f"{claim}|{self.node}", "PX", CLAIM_KEPT_MS))
        except StoreError as exc:
            log.warning("a resumed session's other connections are not told: %s", exc)
            return True
        if stream_order(claim) < stream_order(session.claim):
            return False
        session.claim = claim
        return True

    def session_resumed(self, event: "Event") -> None:
        """Another node's ``session`` event: this node's connection of that session, if
        it is older than that resume, is taken over (``session_taken``, 4001)."""
        data = event.data if isinstance(event.data, dict) else {}
        session = self.lobby.sessions.get(data.get("session", ""))
        if data.get("node") == self.node or session is None \
                or stream_order(event.id) <= stream_order(session.claim):
            return
        session.claim = event.id
        if session.conn is not None:
            self.lobby.take_session(session.conn)
        self.lobby._maybe_drop_session(session)

    async def resumed(self, session_hash: str) -> None:
        """A session resumed here: load its unfinished matches this node does not hold
        (made on other nodes), so ``welcome.seats`` lists them and ``join`` finds them."""
        try:
            for code in await self.store.open_codes(session_hash):
                await self.lobby.load(code)
        except StoreError as exc:  # join still loads a match it names
            log.warning("the matches of a resumed session are unknown: %s", exc)

    async def loaded(self, match: "Match", presence: list[tuple[int, str]] | None = None) -> None:
        """A match just loaded from Redis: who is connected on other (live) nodes (from
        ``presence`` when it was read with the match), the rematch offers so far, and
        (``adopt``, the Follower's) its events that came while it was read."""
        try:
            if presence is None:
                presence = await self.store.presence(match.record_id)
            connected = [(s, n) for s, n in presence if n != self.node]
            alive = await self.store.alive(sorted({n for _, n in connected}))
            votes = await self.store.rematch_votes(match.record_id) if not match.live else set()
        except StoreError as exc:
            log.warning("match %s: presence on other nodes unknown: %s", match.code, exc)
        else:
            for seat, node in connected:
                if node in alive and 0 <= seat < len(match.seats):
                    match.remote.setdefault(seat, set()).add(node)
            match.rematch_votes |= {s for s in votes if 0 <= s < len(match.seats)}
        if self.adopt is not None:
            await self.adopt(match)

    # -- running ----------------------------------------------------------------------------
    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._send(), name="cluster relay"),
                       loop.create_task(self._beat(), name="cluster heartbeat")]

    async def beat_once(self) -> None:
        await self.store.heartbeat(self.node, HEARTBEAT_TTL_MS)

    async def _send(self) -> None:
        """Append the queued events in order; while Redis is away, keep them and retry."""
        failures = 0
        while True:
            kind, match, data, presence, match_id, version, done = await self._queue.get()
            while True:
                try:
                    await self.store.publish(kind, match_id, version, data, presence)
                    failures = 0
                    self._queue.task_done()
                    if done is not None and not done.done():
                        done.set_result(None)
                    break
                except StoreError as exc:
                    if failures == 0:
                        log.warning("cluster relay: %s; retrying", exc)
                    await asyncio.sleep(RETRY[min(failures, len(RETRY) - 1)])
                    failures += 1

    async def _beat(self) -> None:
        """Renew this node's heartbeat; forget players on nodes that stopped renewing."""
        while True:
            try:
                await self.beat_once()
                await self._drop_dead_nodes()
            except StoreError:
                pass  # Redis away: nothing can be told; the next beat tries again
            except Exception:
                log.exception("cluster heartbeat failed")
            await asyncio.sleep(HEARTBEAT_S)

    async def _drop_dead_nodes(self) -> None:
        held = [m for m in self.lobby.matches.values() if m.remote]
        nodes = sorted({n for m in held for ns in m.remote.values() for n in ns})
        if not nodes:
            return
        dead = set(nodes) - await self.store.alive(nodes)
        for match in held:
            gone = [(seat, n) for seat, ns in match.remote.items() for n in ns if n in dead]
            if not gone:
                continue
            async with match.lock:
                for seat, node in gone:
                    log.info("match %s: node %s is gone; seat %s counts as away", match.code,
                             node, match.seat_names[seat])
                    match.remote_presence(seat, node, False)
            await self.store.forget_presence(match.record_id, [f"{s}|{n}" for s, n in gone])

    async def close(self, flush: float = 0.0) -> None:
        """Stop, after up to ``flush`` seconds for the queued events to be sent."""
        if self._tasks and flush > 0:
            try:
                await asyncio.wait_for(self._queue.join(), flush)
            except TimeoutError:
                pass
        for task in self._tasks:
            await stop_task(task)
        self._tasks = []
