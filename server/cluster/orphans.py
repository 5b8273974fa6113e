"""Open matches that no live node holds for anyone: taken in, so their clocks run.

A node holds the matches its clients play or watch (and every public waiting match). A
private match whose players were all on one node that died is held by no node until one
of them comes back: no abandonment clock runs for it and its waiting-room expiry never
comes, so it would stay open in Redis for good (a restart of any node took it in, as
every node restores every open match at start). Every ``every`` seconds each node looks
at the open matches it does not hold; those without a connection on a live node (the
``presence`` of each match, the nodes' heartbeats) are read in and held, as at a
restart: their clocks start here, and the abandonment lease (:mod:`.leases`) lets one
node resign the away seats. A match that has players connected somewhere costs two
pipelined reads per sweep and is left alone.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import TYPE_CHECKING

from ..store import StoreError
from .fanout import stop_task

if TYPE_CHECKING:
    from ..lobby import Lobby
    from .redis_store import RedisStore

log = logging.getLogger("alien_city.server")

SWEEP_S = 30.0  # seconds between two looks at the open matches
BATCH = 50      # matches taken in per sweep at most (the rest at the next one)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


class Orphans:
    """The periodic sweep of one node (see the module text)."""

    def __init__(self, lobby: "Lobby", store: "RedisStore", every: float = SWEEP_S) -> None:
        self.lobby = lobby
        self.store = store
        self.every = every
        self.taken = 0  # matches taken in so far (for tests and logs)
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="cluster orphans")

    async def close(self) -> None:
        if self._task is not None:
            await stop_task(self._task)
            self._task = None

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.sweep_once()
            except StoreError:
                pass  # Redis away: the next sweep looks again
            except Exception:
                log.exception("cluster: the sweep for matches nobody holds failed")

    async def sweep_once(self) -> int:
        """Take in the open matches with nobody connected on a live node; how many."""
        store = self.store
        (ids,) = await store.calls(("ZRANGE", store.key("open"), 0, -1))
        held = {m.record_id for m in self.lobby.matches.values()}
        missing = [i for i in (int(_text(v)) for v in ids) if i not in held]
        if not missing:
            return 0
        fields = await store.calls(*(("HKEYS", store.key("presence", i)) for i in missing))
        nodes = {i: {_text(f).partition("|")[2] for f in got} for i, got in zip(missing, fields)}
        alive = await store.alive(sorted(set().union(*nodes.values())))
        orphans = [i for i in missing if not nodes[i] & alive][:BATCH]
        if not orphans:
            return 0
        metas = await store.calls(*(("HGET", store.key("match", i), "meta") for i in orphans))
        taken = 0
        for meta in metas:
            if meta is None:
                continue  # ended and tidied meanwhile
            code = json.loads(_text(meta))["code"]
            match = await self.lobby.load(code)
            if match is not None and match.live:
                log.info("match %s: nobody is connected on a live node; held here", code)
                match.absence.check()  # nobody is connected here either: the clocks start
                taken += 1
        self.taken += taken
        return taken
