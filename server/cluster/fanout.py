"""Following the cluster's event stream (``ac:events`` in Redis).

Every write of the Redis store appends an event to one Redis stream *in the same Lua
script* as the write, so the stream holds every created match, seat change, step and
status change in exactly the order Redis applied them, each with its match id and
version. :class:`EventFeed` reads it from a given id on: a node that loses Redis for a
while resumes from the last id it handled, so it misses nothing the stream still holds
(about ``EVENTS_KEPT`` entries); past that, the feed notices (Redis says which ids it
dropped) and the node reads its matches again from Redis (``Follower.reread``).

What a node does with the events (apply other nodes' steps to its copies of matches,
tell its clients) is the next step of docs/cluster.md; this module only delivers them,
in order, without gaps.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import time
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from ..store import StoreError

if TYPE_CHECKING:
    from .redis_store import Event, RedisStore

log = logging.getLogger("alien_city.server")

RETRY = (0.1, 0.2, 0.5, 1.0, 2.0)  # seconds between attempts while Redis is away
LOSS_CHECK_S = 1.0  # how often the feed asks whether the stream dropped events it had not read


class EventFeed:
    """Calls ``handle(event)`` for every event after ``after``, in stream order. When the
    stream has dropped events this feed had not read yet (a node away or behind for
    longer than the stream keeps), ``on_loss()`` is called (the node reads its matches
    again) and the feed reads on from the oldest event left."""

    def __init__(self, store: "RedisStore", handle: Callable[["Event"], Awaitable[Any] | Any],
                 after: str = "0-0", block_ms: int = 500) -> None:
        self.store = store
        self.handle = handle
        self.last = after
        self.block_ms = block_ms
        self.failures = 0
        self.on_loss: Callable[[], Awaitable[Any]] | None = None
        self.losses = 0  # times events were lost (for tests and logs)
        self._checked = -LOSS_CHECK_S
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="cluster events")

    async def _run(self) -> None:
        while True:
            try:
                if time.monotonic() - self._checked >= LOSS_CHECK_S:
                    await self._check_loss()
                events = await self.store.events(self.last, self.block_ms)
            except StoreError as exc:
                self._checked = -LOSS_CHECK_S  # back: ask first whether events were dropped
                pause = RETRY[min(self.failures, len(RETRY) - 1)]
                if self.failures == 0:
                    log.warning("cluster events: %s; retrying from %s", exc, self.last)
                self.failures += 1
                await asyncio.sleep(pause)
                continue
            if self.failures:
                log.info("cluster events: Redis is back; reading on from %s", self.last)
                self.failures = 0
            for event in events:
                try:
                    result = self.handle(event)
                    if inspect.isawaitable(result):
                        await result
                except Exception:  # one bad event must not stop the feed
                    log.exception("cluster events: handling %s failed", event)
                self.last = event.id

    async def _check_loss(self) -> None:
        """Ask Redis whether events after the last one handled were dropped (at most
        once a second: one call); if so, ``on_loss``. Raises :class:`StoreError`."""
        lost = await self.store.events_lost(self.last)
        self._checked = time.monotonic()
        if lost:
            self.losses += 1
            log.warning("cluster events: the stream dropped events after %s before this node "
                        "read them; reading its matches again from Redis", self.last)
            if self.on_loss is not None:
                await self.on_loss()

    async def close(self) -> None:
        await stop_task(self._task)
        self._task = None


async def stop_task(task: asyncio.Task | None) -> None:
    """Cancel ``task`` until it has stopped. A cancel can be lost inside redis-py (a
    read timeout firing with it turns it into a timeout, and the call is retried), so
    one ``cancel()`` may leave the task waiting on Redis for good."""
    while task is not None and not task.done():
        task.cancel()
        await asyncio.wait({task}, timeout=0.2)
    if task is not None and not task.cancelled():
        task.exception()  # retrieved: no "never retrieved" warning
