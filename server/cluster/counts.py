"""Spectator counts across nodes: *match info*'s ``spectators`` is the cluster's.

Each node tells the others how many spectators of a match it has: a hash per match
(``ac:watching:<id>``, field node id -> count) and a ``spectators`` event, written by one
Lua script, whenever its own count changes (one writer task: the counts reach Redis in
order). Every node keeps the other nodes' counts in ``Match.watching`` and adds them to
its own. A node that loads a match reads the hash; counts of nodes whose heartbeat
expired (a ``kill -9``) are dropped by a periodic check, as presence is.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import TYPE_CHECKING

from ..store import StoreError
from .fanout import stop_task
from .redis_store import pairs

if TYPE_CHECKING:
    from ..lobby import Lobby
    from ..match import Match
    from .redis_store import Event, RedisStore

log = logging.getLogger("alien_city.server")

CHECK_S = 2.0  # how often counts of dead nodes are looked for
RETRY_S = 0.5  # Redis away: the next attempt to tell a count

# KEYS: the match's counts hash, events. ARGV: node, count, match id, version, data JSON.
WATCH = """
if tonumber(ARGV[2]) > 0 then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
else redis.call('HDEL', KEYS[1], ARGV[1]) end
redis.call('XADD', KEYS[2], 'MAXLEN', '~', %d, '*', 'e',
           '["spectators",' .. ARGV[3] .. ',' .. ARGV[4] .. ',' .. ARGV[5] .. ',null]')
return 1
"""


class Spectators:
    """This node's side of the cluster's spectator counts."""

    def __init__(self, lobby: "Lobby", store: "RedisStore", node: str) -> None:
        from .redis_scripts import EVENTS_KEPT
        self.lobby = lobby
        self.store = store
        self.node = node
        self.told: dict[int, int] = {}   # match id -> this node's count Redis has
        self.read: set[int] = set()      # match ids whose other nodes' counts were read
        self._watch = store.script(WATCH % EVENTS_KEPT)
        self._queue: asyncio.Queue[tuple[int, int, int]] = asyncio.Queue()
        self._tasks: list[asyncio.Task] = []
        self._runners: list[asyncio.Task] = []

    def _match(self, match_id: int) -> "Match | None":
        for match in self.lobby.matches.values():
            if match.record_id == match_id:
                return match
        return None

    def changed(self, match: "Match") -> None:
        """A match's audience or status changed here (``Lobby.match_changed``)."""
        if match.record_id is None:
            return
        if match.record_id not in self.read:
            self.read.add(match.record_id)
            self._spawn(self._load(match))
        here = match.spectators_here()
        if self.told.get(match.record_id, 0) != here:
            self.told[match.record_id] = here
            self._queue.put_nowait((match.record_id, match.version, here))

    async def heard(self, event: "Event") -> None:
        """Another node's count (a ``spectators`` event)."""
        node, count = event.data["node"], event.data["count"]
        match = self._match(event.match_id)
        if node == self.node or match is None or match.watching.get(node, 0) == count:
            return
        if count:
            match.watching[node] = count
        else:
            match.watching.pop(node, None)
        match.changed()

    async def _load(self, match: "Match") -> None:
        """A match new to this node: the other nodes' counts so far."""
        try:
            got, = await self.store.calls(("HGETALL", self.store.key("watching", match.record_id)))
            counts = {node: int(count) for node, count in pairs(got).items()}
            alive = await self.store.alive(sorted(counts))
        except StoreError as exc:
            log.warning("match %s: spectators on other nodes unknown: %s", match.code, exc)
            return
        seen = {n: c for n, c in counts.items() if n in alive and n != self.node and c > 0}
        if seen and seen != match.watching:
            match.watching.update(seen)
            match.changed()

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.append(task)
        task.add_done_callback(self._tasks.remove)

    # -- running ----------------------------------------------------------------------------
    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._runners = [loop.create_task(self._send(), name="cluster spectators"),
                         loop.create_task(self._check(), name="cluster spectators check")]

    async def _send(self) -> None:
        while True:
            match_id, version, count = await self._queue.get()
            data = json.dumps({"node": self.node, "count": count})
            while True:
                try:
                    await self._watch([self.store.key("watching", match_id),
                                       self.store.key("events")],
                                      [self.node, count, match_id, version, data])
                    break
                except StoreError:
                    await asyncio.sleep(RETRY_S)

    async def _check(self) -> None:
        """Drop the counts of nodes that stopped renewing their heartbeat."""
        while True:
            await asyncio.sleep(CHECK_S)
            held = [m for m in self.lobby.matches.values() if m.watching]
            nodes = sorted({n for m in held for n in m.watching})
            try:
                alive = await self.store.alive(nodes) if nodes else set()
            except StoreError:
                continue
            for match in held:
                dead = [n for n in match.watching if n not in alive]
                for node in dead:
                    del match.watching[node]
                if dead:
                    match.changed()
            ids = {m.record_id for m in self.lobby.matches.values()}
            self.told = {i: c for i, c in self.told.items() if i in ids}
            self.read &= ids

    async def close(self) -> None:
        """Stop; this node's counts go (its spectators were closed)."""
        for task in self._runners + list(self._tasks):
            await stop_task(task)
