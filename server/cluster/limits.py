"""The match limits of ``create`` counted across the cluster, not per node.

A single server counts its unfinished matches (``max_matches``: ``server_full``) and the
unfinished matches created from each client address (``ip_created``:
``too_many_matches``, ``scope: "address"``) in memory. Behind a proxy that spreads
clients over nodes, per-node counts would let one address create ``ip_created`` matches
on *each* node, so a cluster node also asks Redis: the set of open matches (``ac:open``)
and a set per address of the matches created from it (``ac:created:<address>``, ended
ones dropped as they are counted), both read by one Lua script before a ``create``. The
script also reserves the place the create takes until its match is stored, so two nodes
cannot both give away the last one.
The other limits (connections and messages per address, per connection) stay per node:
put them in the proxy if they must hold for the whole cluster.
"""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING

from shared.wire import ErrorCode, Scope

from ..store import StoreError

if TYPE_CHECKING:
    from ..connection import Connection, Limits
    from ..netpolicy import AddressLimits
    from .redis_store import RedisStore

log = logging.getLogger("alien_city.server")

# A create holds a reservation from its check until its match is stored (or it fails), so
# two creates at the same instant on two nodes cannot both take the last place: the
# check and the reservation are one script. A node that dies mid-create leaves one
# that lapses after RESERVE_SECONDS.
RESERVE_SECONDS = 30

# KEYS: the address's set of created matches, the open set, the reservations (a sorted
# set by expiry). ARGV: prefix, reservation id, the address's share (-1: exempt), the
# cluster's limit, seconds a reservation lasts.
# Returns {verdict (0 reserved, 1 address has its share, 2 cluster full), unfinished
# matches created from the address, unfinished matches in all}; both counts include
# the live reservations.
RESERVE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1e6
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
local n = 0
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if string.sub(id, 1, 2) == 'r:' then
    if redis.call('ZSCORE', KEYS[3], id) then n = n + 1
    else redis.call('SREM', KEYS[1], id) end
  else
    local status = redis.call('HGET', ARGV[1] .. 'match:' .. id, 'status')
    if status == 'waiting' or status == 'playing' then n = n + 1
    else redis.call('SREM', KEYS[1], id) end
  end
end
local live = redis.call('ZCARD', KEYS[2]) + redis.call('ZCARD', KEYS[3])
local share = tonumber(ARGV[3])
if share >= 0 and n >= share then return {1, n, live} end
if live >= tonumber(ARGV[4]) then return {2, n, live} end
redis.call('ZADD', KEYS[3], now + tonumber(ARGV[5]), ARGV[2])
if share >= 0 then redis.call('SADD', KEYS[1], ARGV[2]) end
return {0, n, live}
"""

# KEYS: the address's set, the reservations. ARGV: reservation id, match id ('' when
# the create failed): the reservation gives way to the match it was for.
SETTLE = """
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('SREM', KEYS[1], ARGV[1])
if ARGV[2] ~= '' then redis.call('SADD', KEYS[1], ARGV[2]) end
return 1
"""


class ClusterLimits:
    """``max_matches`` and ``ip_created`` over every node (``Matchmaker.cluster_limits``)."""

    def __init__(self, store: "RedisStore", limits: "Limits", addresses: "AddressLimits") -> None:
        self.store = store
        self.limits = limits
        self.addresses = addresses  # which addresses are exempt (loopback, by default)
        self._reserve = store.script(RESERVE)
        self._settle = store.script(SETTLE)

    async def reserve(self, conn: "Connection", rid: int | None) -> str | None:
        """A place for one more match, held until :meth:`settle`; ``None`` (and an
        answer to ``conn``) when the cluster is full or the address has created its
        share. Redis away: ``""``, no place held (the insert then fails and says so)."""
        exempt = self.addresses.exempt(conn.address)
        reservation = f"r:{secrets.token_hex(8)}"
        try:
            verdict, from_here, live = await self._reserve(
                [self._created_key(conn), self.store.key("open"), self.store.key("reserved")],
                [self.store.prefix, reservation, -1 if exempt else self.limits.ip_created,
                 self.limits.max_matches, RESERVE_SECONDS])
        except StoreError as exc:
            log.warning("the cluster's match counts are unknown: %s", exc)
            return ""
        if verdict == 1:
            conn.error(ErrorCode.TOO_MANY_MATCHES, f"{from_here} unfinished matches were created from "
                       f"{conn.address}; finish or leave one first.", rid, scope=Scope.ADDRESS)
            return None
        if verdict == 2:
            conn.error(ErrorCode.SERVER_FULL, "The server has too many matches; try again later.", rid)
            return None
        return reservation

    async def settle(self, conn: "Connection", reservation: str, match_id: int | None) -> None:
        """End a reservation: the match created on it (counted for the address until it
        ends), or ``None`` when the create failed (the place is free again)."""
        if not reservation:
            return
        try:
            await self._settle([self._created_key(conn), self.store.key("reserved")],
                               [reservation, "" if match_id is None
                                or self.addresses.exempt(conn.address) else match_id])
        except StoreError as exc:
            log.warning("reservation %s for %s not settled (it lapses in %d s): %s",
                        reservation, conn.address, RESERVE_SECONDS, exc)

    def _created_key(self, conn: "Connection") -> str:
        return self.store.key("created", conn.address)
