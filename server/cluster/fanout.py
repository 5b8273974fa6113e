"""Following the cluster's event streams (``ac:events`` and the group streams, in Redis).

Every write of the Redis store appends an event to a Redis stream *in the same Lua
script* as the write: a match's seats, steps, status, presence, chat and rematches to the
stream of its group (``ac:events:<id % GROUPS>``, so one match's events are in exactly
the order Redis applied them), and what every node needs (``match`` created, ``quick``,
``spectators``, ``session``) to the global stream ``ac:events``. :class:`EventFeed`
reads, in one blocking ``XREAD``, the global stream and the groups of the matches this
node holds: a match this node starts to hold (read from Redis, inserted here, listed)
adds its group from the *mark* read with it (the group's newest id before that read, so
no event of the match falls between), and a group none of its matches needs any more is
dropped. A node that loses Redis for a while resumes each stream from the last id it
handled, so it misses nothing the streams still hold (each is capped); past that, the
feed notices (Redis says which ids it dropped) and the node reads its matches again from
Redis (``Follower.reread``).

What a node does with the events is :class:`~.node.Follower`'s; this module only
delivers them, each stream's in order, without gaps.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import secrets
import time
from collections import Counter
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from ..store import StoreError

if TYPE_CHECKING:
    from .redis_store import Event, RedisStore

log = logging.getLogger("alien_city.server")

RETRY = (0.1, 0.2, 0.5, 1.0, 2.0)  # seconds between attempts while Redis is away
LOSS_CHECK_S = 1.0  # how often the feed asks whether the streams dropped events it had not read
PRUNE_S = 5.0  # how often the groups no held match needs are dropped
WAKE_KEPT_MS = 86_400_000  # a feed's wake stream (one entry) outlives a node that died
GRACE_S = 60.0  # a group stays read this long after a match of it was read (the read
# comes before the lobby holds the match: a load in progress must not lose its group)


class EventFeed:
    """Calls ``handle(event)`` for every event after ``after`` of the global stream, and
    of each group stream from the mark given to :meth:`need` on, each stream in order.
    When a stream has dropped events this feed had not read yet (a node away or behind
    for longer than the streams keep), ``on_loss()`` is called (the node reads its
    matches again) and the feed reads on from the oldest event left."""

    def __init__(self, store: "RedisStore", handle: Callable[["Event"], Awaitable[Any] | Any],
                 after: str = "0-0", block_ms: int = 500) -> None:
        self.store = store
        self.handle = handle
        self.global_stream = store.key("events")
        self.last: dict[str, str] = {self.global_stream: after}  # stream -> last id handled
        self.block_ms = block_ms
        self.failures = 0
        self.on_loss: Callable[[], Awaitable[Any]] | None = None
        # the ids of the matches whose groups must be read (held or being listed)
        self.wanted: Callable[[], set[int]] | None = None
        # told each group dropped: what was kept of its events has a gap from now on
        self.dropped: Callable[[str], None] | None = None
        self.losses = 0  # times events were lost (for tests and logs)
        self.counts: Counter[str] = Counter()  # events handled per stream (tests, logs)
        self.grace = GRACE_S
        self._needed: dict[str, float] = {}  # group stream -> when a match of it was read
        # a stream of this feed alone, read with the others: an entry added there ends the
        # blocking read at once, so a group added meanwhile is read without waiting for it
        self.wake_stream = store.key("wake", secrets.token_hex(6))
        self._woken = "0-0"
        self._waking: set[asyncio.Task[None]] = set()
        self._checked = -LOSS_CHECK_S
        self._pruned = time.monotonic()
        self._task: asyncio.Task | None = None
        store.on_read = self.need

    def need(self, match_id: int, mark: str) -> None:
        """This node reads (or made) match ``match_id``, its group's newest event then
        being ``mark``: read the group from there, unless it is read already (its events
        since then were handled: those of matches not held are the Follower's to keep)."""
        stream = self.store.group(match_id)
        self._needed[stream] = time.monotonic()
        if stream not in self.last:
            self.last[stream] = mark
            if self._task is not None:  # the read in progress does not have it: end it
                task = asyncio.get_running_loop().create_task(self._wake())
                self._waking.add(task)
                task.add_done_callback(self._waking.discard)

    async def _wake(self) -> None:
        try:
            await self.store.calls(
                ("XADD", self.wake_stream, "MAXLEN", "1", "*", "e", '["wake",0,0,null,null]'),
                ("PEXPIRE", self.wake_stream, WAKE_KEPT_MS))
        except StoreError:
            pass  # Redis away: the feed reads every stream again once it is back

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="cluster events")

    async def _run(self) -> None:
        while True:
            try:
                if time.monotonic() - self._checked >= LOSS_CHECK_S:
                    await self._check_loss()
                if time.monotonic() - self._pruned >= PRUNE_S:
                    self.prune()
                events = await self.store.events({**self.last, self.wake_stream: self._woken},
                                                 self.block_ms)
            except StoreError as exc:
                self._checked = -LOSS_CHECK_S  # back: ask first whether events were dropped
                pause = RETRY[min(self.failures, len(RETRY) - 1)]
                if self.failures == 0:
                    log.warning("cluster events: %s; retrying", exc)
                self.failures += 1
                await asyncio.sleep(pause)
                continue
            if self.failures:
                log.info("cluster events: Redis is back; reading on")
                self.failures = 0
            for event in events:
                if event.stream == self.wake_stream:
                    self._woken = event.id
                    continue
                try:
                    result = self.handle(event)
                    if inspect.isawaitable(result):
                        await result
                except Exception:  # one bad event must not stop the feed
                    log.exception("cluster events: handling %s failed", event)
                if event.stream in self.last:  # (not dropped meanwhile)
                    self.last[event.stream] = event.id
                self.counts[event.stream] += 1

    def prune(self) -> None:
        """Stop reading the groups of which this node holds no match (and read none for
        ``grace`` seconds): their events concern other nodes only."""
        self._pruned = now = time.monotonic()
        if self.wanted is None:
            return
        keep = {self.global_stream} | {self.store.group(i) for i in self.wanted()}
        keep |= {s for s, t in self._needed.items() if now - t < self.grace}
        for stream in [s for s in self.last if s not in keep]:
            del self.last[stream]
            self._needed.pop(stream, None)
            if self.dropped is not None:
                self.dropped(stream)

    async def _check_loss(self) -> None:
        """Ask Redis whether events after the last one handled of each stream were dropped
        (at most once a second: one round trip); if so, ``on_loss``. Raises
        :class:`StoreError`."""
        lost = await self.store.events_lost(dict(self.last))
        self._checked = time.monotonic()
        if lost:
            self.losses += 1
            for stream, resume in lost.items():  # an emptied stream: on from its last id
                if resume is not None and stream in self.last:
                    self.last[stream] = resume
            log.warning("cluster events: %s dropped events before this node read them; "
                        "reading its matches again from Redis", ", ".join(lost))
            if self.on_loss is not None:
                await self.on_loss()

    async def close(self) -> None:
        await stop_task(self._task)
        self._task = None
        for task in list(self._waking):
            await stop_task(task)


async def stop_task(task: asyncio.Task | None) -> None:
    """Cancel ``task`` until it has stopped. A cancel can be lost inside redis-py (a
    read timeout firing with it turns it into a timeout, and the call is retried), so
    one ``cancel()`` may leave the task waiting on Redis for good."""
    while task is not None and not task.done():
        task.cancel()
        await asyncio.wait({task}, timeout=0.2)
    if task is not None and not task.cancelled():
        task.exception()  # retrieved: no "never retrieved" warning
