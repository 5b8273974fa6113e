"""The Redis data layout of a cluster: the keys, and the Lua scripts that write them.

Split from :mod:`server.cluster.redis_store` so the store class reads apart from the Lua
it runs; the cluster's other modules build on it too (:mod:`.queue` runs :data:`INSERT`
inside its own script and appends events with :data:`_XADD`; :mod:`.counts` caps its
events at :data:`EVENTS_KEPT`). Nothing here imports ``redis``.

Keys (``prefix`` defaults to ``ac:``; one Redis database per cluster)::

    ac:next_id             counter of match ids (INCR)
    ac:code:<CODE>         room code -> match id (set once: a code is never reused)
    ac:match:<id>          hash: status (plain text), end_reason, winner, ranking (JSON),
                           meta (JSON: code, game, options, seed, public, rematch_of, created)
    ac:seats:<id>          hash: seat number -> JSON [name, token_hash, session_hash, computer]
    ac:moves:<id>          list: every stored step, JSON [version, seat, mid, move, kind];
                           entry i holds version i + 1 (versions are consecutive from 1)
    ac:open                sorted set of the ids of waiting and playing matches
    ac:created:<address>  set of the ids of matches created from an address, and of its
                           creates in progress ("r:<nonce>"); see server.cluster.limits
    ac:reserved            sorted set of the creates in progress, by expiry time
    ac:session:<hash>      sorted set of the ids of the matches a session holds a seat in
    ac:presence:<id>       hash: "seat|node" for every seat a node has a connection of
    ac:rematch:<id>        set of the seats that offered a rematch; ac:rematch_claim:<id>
                           the node call that completed it (and so opens the rematch)
    ac:node:<node>         a node's heartbeat (expires unless renewed)
    ac:lease:<id>          the node that thinks for the match's computer seats (expires)
    ac:claim:<session>     the latest resume of a session: its event id and node (a day)
    ac:events              the global event stream, written by the same script as the change,
                           one field "e": the JSON [kind, match id, version, data, end]; kind
                           match (created; "end" holds the match's group mark, below) |
                           quick | spectators | session (a resume: the session's other nodes
                           close theirs). Capped at about EVENTS_KEPT entries. Every node
                           reads it (:class:`EventFeed` in :mod:`server.cluster.fanout`).
    ac:events:<g>          the stream of match group g = match id % GROUPS: every other event
                           of a match (seat | step | status | chat | presence | rematch |
                           rematch_started), so one match's events are in the order Redis
                           applied them. Capped at about GROUP_KEPT entries. A node reads
                           the groups of the matches it holds. A match's "mark" (its hash
                           field, returned by INSERT, in its match event) is the group's
                           newest id before the match existed: reading the group from there
                           misses none of the match's events.
    ac:wake:<random>       one entry a node's feed writes to end its own blocking read
                           when it adds a group (expires a day after the last)

Each script runs atomically on the Redis server. The scripts name keys they compute
(session sets), so they need one Redis (replicas allowed), not Redis Cluster.
"""

from __future__ import annotations

EVENTS_KEPT = 100_000  # entries of the global event stream kept (approximately: MAXLEN ~)
GROUPS = 16  # match groups, a stream each (a match's group: its id % GROUPS)
GROUP_KEPT = EVENTS_KEPT // GROUPS  # entries kept per group stream: EVENTS_KEPT in all
# An event is one stream field 'e': the JSON array [kind, match id, version, data, end]
# (data and end are JSON already; one field is much cheaper to read than five)
_XADD = f"redis.call('XADD', %s, 'MAXLEN', '~', {EVENTS_KEPT}, '*', 'e', "
_GXADD = f"redis.call('XADD', %s, 'MAXLEN', '~', {GROUP_KEPT}, '*', 'e', "

# KEYS: code key, id counter, open set, global events. ARGV: prefix, live (1/0), meta JSON,
# status, end_reason JSON, winner JSON, ranking JSON, then (seat, seat JSON, session hash)
# triples. Returns {id, the match's group mark} ({-1, ''}: the code is another match's).
INSERT = """
local taken = redis.call('GET', KEYS[1])
if taken then  -- the same insert sent again (a lost reply) gets its id; another, -1
  local sent = redis.call('HMGET', ARGV[1] .. 'match:' .. taken, 'meta', 'mark')
  if sent[1] == ARGV[3] then return {tonumber(taken), sent[2]} end
  return {-1, ''}
end
local id = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], id)
local p = ARGV[1]
local newest = redis.call('XREVRANGE', p .. 'events:' .. (id % """ + str(GROUPS) + """), '+', '-', 'COUNT', 1)
local mark = '0-0'
if newest[1] then mark = newest[1][1] end
redis.call('HSET', p .. 'match:' .. id, 'meta', ARGV[3], 'status', ARGV[4],
           'end_reason', ARGV[5], 'winner', ARGV[6], 'ranking', ARGV[7], 'mark', mark)
for i = 8, #ARGV, 3 do
  redis.call('HSET', p .. 'seats:' .. id, ARGV[i], ARGV[i + 1])
  if ARGV[i + 2] ~= '' then redis.call('ZADD', p .. 'session:' .. ARGV[i + 2], id, id) end
end
if ARGV[2] == '1' then redis.call('ZADD', KEYS[3], id, id) end
""" + _XADD % "KEYS[4]" + """'["match",' .. id .. ',0,' .. ARGV[3] .. ',"' .. mark .. '"]')
return {id, mark}
"""

# KEYS: match hash, seats hash, events. ARGV: prefix, id, seat, seat JSON, session hash.
PUT_SEAT = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local old = redis.call('HGET', KEYS[2], ARGV[3])
redis.call('HSET', KEYS[2], ARGV[3], ARGV[4])
if old then
  local before = cjson.decode(old)[3]
  if before ~= '' and before ~= ARGV[5] then
    local still = false
    for _, v in ipairs(redis.call('HVALS', KEYS[2])) do
      if cjson.decode(v)[3] == before then still = true end
    end
    if not still then redis.call('ZREM', ARGV[1] .. 'session:' .. before, ARGV[2]) end
  end
end
if ARGV[5] ~= '' then redis.call('ZADD', ARGV[1] .. 'session:' .. ARGV[5], ARGV[2], ARGV[2]) end
""" + _GXADD % "KEYS[3]" + """'["seat",' .. ARGV[2] .. ',' .. ARGV[3] .. ',' .. ARGV[4] .. ',null]')
return 1
"""

# A free seat taken by a join: only if it is still free and the match still waits (two
# nodes whose copies both saw it free: one gets it), and the match starts in the same
# script when that was its last free seat. KEYS: match hash, seats hash, events. ARGV:
# prefix, id, seat, seat JSON, session hash, seats in the match. Returns 1 taken, 2 taken
# and started, 0 not free (another took it, or the match no longer waits).
TAKE_SEAT = """
local held = redis.call('HGET', KEYS[2], ARGV[3])
local status = redis.call('HGET', KEYS[1], 'status')
if held == ARGV[4] then  -- this very call again (a lost reply)
  if status == 'playing' then return 2 end
  return 1
end
if held or status ~= 'waiting' then return 0 end
redis.call('HSET', KEYS[2], ARGV[3], ARGV[4])
if ARGV[5] ~= '' then redis.call('ZADD', ARGV[1] .. 'session:' .. ARGV[5], ARGV[2], ARGV[2]) end
""" + _GXADD % "KEYS[3]" + """'["seat",' .. ARGV[2] .. ',' .. ARGV[3] .. ',' .. ARGV[4] .. ',null]')
if redis.call('HLEN', KEYS[2]) < tonumber(ARGV[6]) then return 1 end
redis.call('HSET', KEYS[1], 'status', 'playing', 'end_reason', 'null', 'winner', 'null',
           'ranking', 'null')
""" + _GXADD % "KEYS[3]" + """'["status",' .. ARGV[2] .. ',-1,{"status": "playing", ' ..
      '"reason": null, "winner": null, "ranking": null},null]')
return 2
"""

# The compare-and-append. KEYS: match hash, moves list, open set, events. ARGV: id,
# version, step JSON, ends (1/0), status, end_reason JSON, winner JSON, ranking JSON,
# the end as one JSON (the event's) or 'null'. Resigning an away seat adds KEYS[5], the
# presence hash, and ARGV seat, node id, prefix: refused while the seat's player is on
# another live node (it came back there; its presence is written before it is told so).
# Returns {answer, stored version}: ok, again (this very step was stored already),
# stale (another step holds that version), over (the match ended), online, missing.
ADD_MOVE = """
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return {'missing', 0} end
local n = redis.call('LLEN', KEYS[2])
local version = tonumber(ARGV[2])
if version <= n then
  if redis.call('LINDEX', KEYS[2], version - 1) == ARGV[3] then return {'again', n} end
  return {'stale', n}
end
if version ~= n + 1 then return {'stale', n} end
if status ~= 'waiting' and status ~= 'playing' then return {'over', n} end
if KEYS[5] then  -- an away seat resigned: not while its player is on another live node
  for _, f in ipairs(redis.call('HKEYS', KEYS[5])) do
    local bar = string.find(f, '|', 1, true)
    if bar and string.sub(f, 1, bar - 1) == ARGV[10] then
      local node = string.sub(f, bar + 1)
      if node ~= ARGV[11] and redis.call('EXISTS', ARGV[12] .. 'node:' .. node) == 1 then
        return {'online', n}
      end
    end
  end
end
redis.call('RPUSH', KEYS[2], ARGV[3])
if ARGV[4] == '1' then
  redis.call('HSET', KEYS[1], 'status', ARGV[5], 'end_reason', ARGV[6], 'winner', ARGV[7],
             'ranking', ARGV[8])
  if ARGV[5] ~= 'waiting' and ARGV[5] ~= 'playing' then redis.call('ZREM', KEYS[3], ARGV[1]) end
end
""" + _GXADD % "KEYS[4]" + """'["step",' .. ARGV[1] .. ',' .. version .. ',' .. ARGV[3] ..
      ',' .. ARGV[9] .. ']')
return {'ok', n + 1}
"""

# KEYS: match hash, open set, events. ARGV: id, status, end_reason JSON, winner JSON,
# ranking JSON.
SET_STATUS = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[2], 'end_reason', ARGV[3], 'winner', ARGV[4],
           'ranking', ARGV[5])
if ARGV[2] == 'waiting' or ARGV[2] == 'playing' then
  redis.call('ZADD', KEYS[2], ARGV[1], ARGV[1])
else
  redis.call('ZREM', KEYS[2], ARGV[1])
end
""" + _GXADD % "KEYS[3]" + """'["status",' .. ARGV[1] .. ',-1,{"status": "' .. ARGV[2] ..
      '", "reason": ' .. ARGV[3] .. ', "winner": ' .. ARGV[4] .. ', "ranking": ' .. ARGV[5] ..
      '},null]')
return 1
"""

# A person leaves a waiting match: their seat is freed (a "seat" event with null data), or,
# when no other person holds a seat, the match is cancelled (a "status" event; the seat
# stays, so the session remembers the match). KEYS: match hash, seats hash, open set,
# events. ARGV: prefix, id, seat, the leaver's session hash. Returns freed | cancelled |
# not_waiting | missing; a retry after a lost reply gets the first call's answer.
FREE_SEAT = """
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return 'missing' end
local mine = redis.call('HGET', KEYS[2], ARGV[3])
if status ~= 'waiting' then
  if status == 'cancelled' and mine and cjson.decode(mine)[3] == ARGV[4] then return 'cancelled' end
  return 'not_waiting'
end
local others = 0
local seats = redis.call('HGETALL', KEYS[2])
for i = 1, #seats, 2 do
  if seats[i] ~= ARGV[3] and cjson.decode(seats[i + 1])[4] == cjson.null then
    others = others + 1
  end
end
if others == 0 then
  redis.call('HSET', KEYS[1], 'status', 'cancelled', 'end_reason', '"cancelled"', 'winner', 'null',
             'ranking', 'null')
  redis.call('ZREM', KEYS[3], ARGV[2])
  """ + _GXADD % "KEYS[4]" + """'["status",' .. ARGV[2] .. ',-1,{"status": "cancelled", ' ..
        '"reason": "cancelled", "winner": null, "ranking": null},null]')
  return 'cancelled'
end
redis.call('HDEL', KEYS[2], ARGV[3])
if mine then
  local before = cjson.decode(mine)[3]
  local still = false
  for _, v in ipairs(redis.call('HVALS', KEYS[2])) do
    if cjson.decode(v)[3] == before then still = true end
  end
  if before ~= '' and not still then
    redis.call('ZREM', ARGV[1] .. 'session:' .. before, ARGV[2])
  end
end
""" + _GXADD % "KEYS[4]" + """'["seat",' .. ARGV[2] .. ',' .. ARGV[3] .. ',null,null]')
return 'freed'
"""

# What is not stored with a match but still crosses nodes (chat, presence, rematch
# offers, a resumed session): an event, and for presence the match's presence hash (field
# "seat|node"). KEYS: the events stream (the match's group; the global one for session),
# presence hash. ARGV: kind, match id, version, data JSON, field, set|del|'', the stream's
# cap. Returns the event's stream id.
PUBLISH = """
if ARGV[6] == 'set' then redis.call('HSET', KEYS[2], ARGV[5], '1')
elseif ARGV[6] == 'del' then redis.call('HDEL', KEYS[2], ARGV[5]) end
return redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[7], '*', 'e',
                  '["' .. ARGV[1] .. '",' .. ARGV[2] .. ',' .. ARGV[3] .. ',' ..
      ARGV[4] .. ',null]')
"""

# Rematch offers of an ended match: the seats that offered (a set) and who opens the
# rematch (the first call that completes the set claims it). KEYS: votes set, claim key,
# events. ARGV: match id, version, data JSON, seats needed, claim token, then the seats.
# Returns 1 to the one caller (or its retry: same token) that opens the rematch.
REMATCH = """
for i = 6, #ARGV do redis.call('SADD', KEYS[1], ARGV[i]) end
""" + _GXADD % "KEYS[3]" + """'["rematch",' .. ARGV[1] .. ',' .. ARGV[2] .. ',' .. ARGV[3] .. ',null]')
if redis.call('SCARD', KEYS[1]) < tonumber(ARGV[4]) then return 0 end
if redis.call('SET', KEYS[2], ARGV[5], 'NX') then return 1 end
if redis.call('GET', KEYS[2]) == ARGV[5] then return 1 end
return 0
"""

# The lease to think for a match's computer seats: taken if free (SET NX PX), renewed if
# this node holds it. KEYS: lease key. ARGV: node id, milliseconds. 1 if the node holds it.
LEASE = """
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
"""
