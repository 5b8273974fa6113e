"""The abandonment clock in a cluster: exactly one node resigns an away seat.

Every node that holds a playing match runs its clocks (:mod:`server.absence`): a seat
whose player left goes on the clock on the node it left and, through the ``presence``
event, on every other node holding the match; a reconnect on any node stops them all
(the ``presence`` event again). When clocks run out on several nodes, only the node that
takes the match's abandonment lease resigns the seat: ``ac:abandon:<id>`` is set with
``SET NX PX`` by one Lua script, which refuses it while the seat's player is connected to
a live node (the presence hash ``ac:presence:<id>``, so a reconnect whose event has not
arrived yet still counts). The others ask again every second until they see the
resignation (or the player back). A holder that dies before resigning lets the lease
expire and another node takes it. The compare-and-append still guards the rest: two
resignations for one version are never both stored.
"""

from __future__ import annotations

import logging
import weakref
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from ..store import StoreError

if TYPE_CHECKING:
    from ..match import Match

log = logging.getLogger("alien_city.server")

ABANDON_MS = 10_000  # the lease: the holder resigns at once; if it died, another after this
RETRY_S = 1.0        # a node refused the lease asks again after this long

# KEYS: lease, presence hash. ARGV: prefix, seat, node id, milliseconds. 1: resign it.
ABANDON = """
for _, f in ipairs(redis.call('HKEYS', KEYS[2])) do
  local bar = string.find(f, '|', 1, true)
  if bar and string.sub(f, 1, bar - 1) == ARGV[2] then
    local node = string.sub(f, bar + 1)
    if node ~= ARGV[3] and redis.call('EXISTS', ARGV[1] .. 'node:' .. node) == 1 then
      return 0  -- the player is connected to a live node
    end
  end
end
if redis.call('SET', KEYS[1], ARGV[3], 'NX', 'PX', ARGV[4]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[3] then return 1 end
return 0
"""

_scripts: "weakref.WeakKeyDictionary[Any, Callable[..., Awaitable[Any]]]" = \
    weakref.WeakKeyDictionary()


async def may_abandon(match: "Match", seat: int) -> bool:
    """May this node resign ``seat`` of ``match`` as abandoned? ``False``: another node
    holds the lease, the player is connected elsewhere, or Redis is away."""
    store, node = match.relay.store, match.relay.node
    script = _scripts.get(store)
    if script is None:
        script = _scripts[store] = store.script(ABANDON)
    try:
        held = await script([store.key("abandon", match.record_id),
                             store.key("presence", match.record_id)],
                            [store.prefix, seat, node, ABANDON_MS])
    except StoreError as exc:
        log.warning("match %s: abandonment not decided: %s", match.code, exc)
        return False
    if held:
        log.info("match %s: node %s resigns away seat %s (lease)", match.code, node,
                 match.seat_names[seat])
    return bool(held)
