"""The match limits of ``create`` counted across the cluster, not per node.

A single server counts its unfinished matches (``max_matches``: ``server_full``) and the
unfinished matches created from each client address (``ip_created``:
``too_many_matches``, ``scope: "address"``) in memory. Behind a proxy that spreads
clients over nodes, per-node counts would let one address create ``ip_created`` matches
on *each* node, so a cluster node also asks Redis: the set of open matches (``ac:open``)
and a set per address of the matches created from it (``ac:created:<address>``, ended
ones dropped as they are counted), both read by one Lua script before a ``create``.
The other limits (connections and messages per address, per connection) stay per node:
put them in the proxy if they must hold for the whole cluster.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ..store import StoreError

if TYPE_CHECKING:
    from ..connection import Connection, Limits
    from ..netpolicy import AddressLimits
    from .redis_store import RedisStore

log = logging.getLogger("alien_city.server")

# KEYS: the address's set of created matches, the open set. ARGV: prefix.
# Returns {unfinished matches created from the address, unfinished matches in all}.
COUNT = """
local n = 0
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local status = redis.call('HGET', ARGV[1] .. 'match:' .. id, 'status')
  if status == 'waiting' or status == 'playing' then n = n + 1
  else redis.call('SREM', KEYS[1], id) end
end
return {n, redis.call('ZCARD', KEYS[2])}
"""


class ClusterLimits:
    """``max_matches`` and ``ip_created`` over every node (``Matchmaker.cluster_limits``)."""

    def __init__(self, store: "RedisStore", limits: "Limits", addresses: "AddressLimits") -> None:
        self.store = store
        self.limits = limits
        self.addresses = addresses  # which addresses are exempt (loopback, by default)
        self._count = store.script(COUNT)
        self._add = store.script("return redis.call('SADD', KEYS[1], ARGV[1])")

    async def may_create(self, conn: "Connection", rid: int | None) -> bool:
        """Answer and return ``False`` when the cluster is full or the address has
        created its share; Redis away: ``True`` (the insert then fails and says so)."""
        key = self.store.key("created", conn.address)
        try:
            from_here, live = await self._count([key, self.store.key("open")],
                                                [self.store.prefix])
        except StoreError as exc:
            log.warning("the cluster's match counts are unknown: %s", exc)
            return True
        if not self.addresses.exempt(conn.address) and from_here >= self.limits.ip_created:
            conn.error("too_many_matches", f"{from_here} unfinished matches were created from "
                       f"{conn.address}; finish or leave one first.", rid, scope="address")
            return False
        if live >= self.limits.max_matches:
            conn.error("server_full", "The server has too many matches; try again later.", rid)
            return False
        return True

    async def created(self, conn: "Connection", match_id: int) -> None:
        """A match created from ``conn``'s address (counted until it ends)."""
        if self.addresses.exempt(conn.address):
            return
        try:
            await self._add([self.store.key("created", conn.address)], [match_id])
        except StoreError as exc:
            log.warning("match %s not counted for %s: %s", match_id, conn.address, exc)
