"""What a cluster node adds to the fan-out for issue 14's last items: the shared
quick-match queue (:mod:`.queue`), spectator counts (:mod:`.counts`) and the match
limits of ``create`` counted cluster-wide (:mod:`.limits`), and the sweep that takes in
open matches nobody holds (:mod:`.orphans`). Their events
(``quick``, ``spectators``) are handled here; every other event goes on to the
:class:`~.node.Follower`. (The abandonment lease, :mod:`.leases`, is asked by the
matches' clocks directly.)
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from .counts import Spectators
from .limits import ClusterLimits
from .orphans import Orphans
from .queue import ClusterQueue

if TYPE_CHECKING:
    from ..lobby import Lobby
    from .redis_store import Event, RedisStore


class Extras:
    """The shared queue and spectator counts of one node, and their events."""

    def __init__(self, lobby: "Lobby", store: "RedisStore", node: str,
                 follow: Callable[["Event"], Awaitable[Any] | Any]) -> None:
        self.queue = ClusterQueue(lobby, store, node)
        self.spectators = Spectators(lobby, store, node)
        self.orphans = Orphans(lobby, store)
        self.follow = follow
        self._kinds: dict[str, Callable[["Event"], Awaitable[Any] | Any]] = {
            "quick": self.queue.matched, "spectators": self.spectators.heard}
        lobby.maker.shared = self.queue
        lobby.maker.cluster_limits = ClusterLimits(store, lobby.limits, lobby.addresses)
        lobby.counts = self.spectators

    def on(self, kind: str, handler: Callable[["Event"], Awaitable[Any] | Any]) -> None:
        """Handle the stream's events of ``kind`` with ``handler`` (not the Follower)."""
        self._kinds[kind] = handler

    async def handle(self, event: "Event") -> None:
        """One event of the stream (the feed's handler)."""
        own = self._kinds.get(event.kind)
        result = own(event) if own is not None else self.follow(event)
        if inspect.isawaitable(result):
            await result

    def start(self) -> None:
        self.queue.start()
        self.spectators.start()
        self.orphans.start()

    async def close(self) -> None:
        follower = getattr(self.follow, "__self__", None)  # the Follower's loads in progress
        if hasattr(follower, "close"):
            await follower.close()
        await self.orphans.close()
        await self.queue.close()
        await self.spectators.close()
