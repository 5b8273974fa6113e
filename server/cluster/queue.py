"""Quick match across the nodes of a cluster: one queue per game in Redis.

A single server keeps its quick-match queue in memory (:mod:`server.matchmaking`); in
a cluster two players asking on different nodes must meet, so every node shares one
queue per game in Redis::

    ac:quick:<game>        sorted set of the waiting requests' ids, scored by arrival
    ac:quick_entry:<game>  hash: request id -> JSON {id, node, session (hash), name, token
                           (the hash of the seat token its node made), options or null}
    ac:quick_added:<game>  counter, increased by every request added (order and version)
    ac:quick_taken:<id>    a taken request's ``quick`` event data (kept 10 minutes)

The rule is the single server's (:func:`server.matchmaking.find_group`, one function for
both). A request is decided optimistically, each write one Lua script:

1. ``READ``: the waiting requests, oldest first, and the counter; requests of nodes whose
   heartbeat expired (``ac:node:<id>``, a dead node) are removed, never paired.
2. No group fills a match: ``ENQUEUE`` adds the request **only if the counter did not
   move** since the read (else read again): two requests arriving at once on two nodes
   never both wait without seeing each other.
3. A group fills a match: ``TAKE`` removes the chosen requests **only if all are still
   there and their nodes alive**, and in the same script inserts the match (the store's
   ``INSERT``) and appends a ``quick`` event (room code, request id -> seat); otherwise
   nothing is written and the node reads again. A lost reply retried is answered with
   the match already inserted.

The node that pairs answers its own players (``joined`` with a seat token, ``sync``).
The other nodes learn it from the ``quick`` event and seat their players with the seat
token they made when the request was queued (tokens never travel through Redis, only
their hashes). A cancel or a closed connection removes the request; one already taken
still gets its ``joined``, as the match exists. Every few seconds a node checks that its
requests are still queued: one taken by a match whose event it missed is seated from
``ac:quick_taken:<id>``; one dropped by a node that thought this one dead (its heartbeat
lapsed while Redis was away) is asked again.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

from shared.wire import ErrorCode

from ..connection import Connection, Session, new_token, token_hash
from ..matchmaking import find_group
from ..store import MatchRecord, StoreError
from .fanout import stop_task
from .redis_scripts import _XADD, INSERT

if TYPE_CHECKING:
    from shared.gamekit import GameSpec

    from ..lobby import Lobby
    from .redis_store import Event, RedisStore

log = logging.getLogger("alien_city.server")

ATTEMPTS = 20  # reads of the queue before a request gives up (others kept changing it)
CHECK_S = 2.0  # how often this node checks that its requests are still queued

# KEYS: queue, entries. ARGV: prefix. Returns the counter, then the live entries' JSON.
READ = """
local out = {redis.call('GET', KEYS[3]) or '0'}
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local e = redis.call('HGET', KEYS[2], id)
  if e and redis.call('EXISTS', ARGV[1] .. 'node:' .. cjson.decode(e)['node']) == 1 then
    out[#out + 1] = e
  else  -- its node is dead: never pair anyone with it
    redis.call('ZREM', KEYS[1], id)
    redis.call('HDEL', KEYS[2], id)
  end
end
return out
"""

# KEYS: queue, entries, counter. ARGV: counter read, id, entry JSON. 1 if added.
ENQUEUE = """
if tonumber(redis.call('GET', KEYS[3]) or '0') ~= tonumber(ARGV[1]) then return 0 end
local n = redis.call('INCR', KEYS[3])
redis.call('ZADD', KEYS[1], n, ARGV[2])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
return 1
"""

# KEYS: queue, entries, then INSERT's four (code, id counter, open set, global events).
# ARGV: prefix, k, k entry ids, the quick event's data JSON, then INSERT's arguments.
# Returns INSERT's {match id, group mark}, or -1 (room code taken) or -2 (a request left:
# read again).
TAKE = """
local function insert(KEYS, ARGV)
""" + INSERT + """
end
local k = tonumber(ARGV[2])
local rest = {}
for i = 4 + k, #ARGV do rest[#rest + 1] = ARGV[i] end
local ikeys = {KEYS[3], KEYS[4], KEYS[5], KEYS[6]}
if redis.call('EXISTS', KEYS[3]) == 1 then return insert(ikeys, rest) end  -- sent again?
for i = 3, 2 + k do
  local e = redis.call('HGET', KEYS[2], ARGV[i])
  if not e then return -2 end
  if redis.call('EXISTS', ARGV[1] .. 'node:' .. cjson.decode(e)['node']) == 0 then return -2 end
end
local made = insert(ikeys, rest)
local id = made[1]
if id == -1 then return -1 end
for i = 3, 2 + k do
  redis.call('ZREM', KEYS[1], ARGV[i])
  redis.call('HDEL', KEYS[2], ARGV[i])
  redis.call('SET', ARGV[1] .. 'quick_taken:' .. ARGV[i], ARGV[3 + k], 'PX', 600000)
end
""" + _XADD % "KEYS[6]" + """'["quick",' .. id .. ',0,' .. ARGV[3 + k] .. ',null]')
return made
"""

# KEYS: queue, entries. ARGV: id. 1 if it was still waiting.
REMOVE = """
redis.call('ZREM', KEYS[1], ARGV[1])
return redis.call('HDEL', KEYS[2], ARGV[1])
"""

# KEYS: entries. ARGV: prefix, ids. For each: '1' still waiting, the quick event's data
# if a match took it, '' if it was dropped (its node was thought dead).
CHECK = """
local out = {}
for i = 2, #ARGV do
  if redis.call('HEXISTS', KEYS[1], ARGV[i]) == 1 then out[#out + 1] = '1'
  else out[#out + 1] = redis.call('GET', ARGV[1] .. 'quick_taken:' .. ARGV[i]) or '' end
end
return out
"""


class QueueChanged(StoreError):
    """A request chosen for a match left the queue meanwhile: read it again."""


@dataclass
class Waiting:
    """A request of this node in the shared queue."""

    conn: Connection
    spec: "GameSpec"
    wanted: dict | None
    token: str  # the seat token it gets when matched (Redis has only its hash)
    taken: bool = False  # cancelled too late: the match was made; still told
    missing: int = 0  # checks that found it neither waiting nor taken


class ClusterQueue:
    """This node's side of the shared quick-match queue (``Matchmaker.shared``)."""

    def __init__(self, lobby: "Lobby", store: "RedisStore", node: str) -> None:
        self.lobby = lobby
        self.maker = lobby.maker
        self.store = store
        self.node = node
        self.mine: dict[str, Waiting] = {}  # request id -> this node's waiting request
        self._read = store.script(READ)
        self._enqueue = store.script(ENQUEUE)
        self._take = store.script(TAKE)
        self._remove = store.script(REMOVE)
        self._check = store.script(CHECK)
        self._tasks: set[asyncio.Task] = set()
        self._watcher: asyncio.Task | None = None

    def _keys(self, game: str) -> list[str]:
        k = self.store.key
        return [k("quick", game), k("quick_entry", game), k("quick_added", game)]

    # -- asking -----------------------------------------------------------------------------
    async def quick(self, conn: Connection, rid: int | None, spec: "GameSpec",
                    wanted: dict | None, answer: bool = True) -> None:
        """A ``quick`` request: pair it with waiting requests of any node, or queue it
        (``answer``: say ``queued``; not when a dropped request is asked again)."""
        try:
            await self._leave(conn)  # another quick from the same connection replaces it
            for _attempt in range(ATTEMPTS):
                got = await self._read(self._keys(spec.id), [self.store.prefix])
                added, waiting = int(got[0]), [json.loads(e) for e in got[1:]]
                found = find_group(spec, conn.session.token_hash, wanted,
                                   [(e["session"], e["options"]) for e in waiting])
                if found is None:
                    if await self._wait(conn, rid, spec, wanted, added, answer):
                        return
                elif await self._pair(conn, rid, spec, found[0],
                                      [waiting[i] for i in found[1]]):
                    return
        except StoreError as exc:
            log.error("quick match failed: %s", exc)
            conn.error(ErrorCode.SERVER_ERROR, "The quick match could not be saved; ask again.", rid)
            return
        conn.error(ErrorCode.SERVER_ERROR, "Too many quick-match requests at once; ask again.", rid)

    async def _wait(self, conn: Connection, rid: int | None, spec: "GameSpec",
                    wanted: dict | None, added: int, answer: bool) -> bool:
        """Queue the request if nobody was added since the read; ``False``: read again."""
        token, entry_id = new_token(), f"{self.node}/{secrets.token_hex(6)}"
        entry = {"id": entry_id, "node": self.node, "session": conn.session.token_hash,
                 "name": conn.session.name, "token": token_hash(token), "options": wanted}
        if not await self._enqueue(self._keys(spec.id), [added, entry_id, json.dumps(entry)]):
            return False
        self.mine[entry_id] = Waiting(conn, spec, wanted, token)
        if not conn.open:  # it closed while we asked Redis
            await self._leave(conn)
            return True
        if not answer:
            return True
        needed = len(spec.seats(wanted)) if wanted is not None else None
        conn.send({"type": "queued", "rid": rid, "game": spec.id, "options": wanted,
                   "players": needed})
        return True

    async def _pair(self, conn: Connection, rid: int | None, spec: "GameSpec", options: dict,
                    group: list[dict]) -> bool:
        """Open the match of ``conn`` and the waiting ``group``; ``False``: one of them
        left the queue meanwhile (read again)."""
        order = list(range(len(group) + 1))
        secrets.SystemRandom().shuffle(order)  # seats drawn at random
        mine, theirs = order[-1], dict(zip((e["id"] for e in group), order))
        made = []
        players = [(conn.session, mine)]
        for entry, seat in zip(group, order):
            session = self.lobby.sessions.get(entry["session"])
            if session is None:
                session = self.lobby.sessions[entry["session"]] = Session(entry["session"],
                                                                          entry["name"])
                made.append(session)
            players.append((session, seat))
        ids = [e["id"] for e in group]

        async def insert(record: MatchRecord) -> int:
            keys, args = self.store.insert_call(record)
            event = json.dumps({"node": self.node, "code": record.code, "seats": theirs})
            got = await self._take(self._keys(spec.id)[:2] + keys,
                                   [self.store.prefix, len(ids), *ids, event, *args])
            if got == -2:
                raise QueueChanged("a waiting request left the queue")
            return self.store.inserted(record.code, got)
        try:
            match, tokens = await self.maker.open_match(
                spec, options, True, players, given={e_seat: e["token"] for e, e_seat
                                                      in zip(group, order)}, insert=insert)
        except QueueChanged:
            for session in made:
                self.lobby.sessions.pop(session.token_hash, None)
            return False
        match.welcome(conn, mine, tokens[mine], rid)
        for entry_id, seat in theirs.items():  # this node's own waiting requests
            waiting = self.mine.pop(entry_id, None)
            if waiting is not None:
                match.welcome(waiting.conn, seat, waiting.token)
        return True

    # -- other nodes paired this node's requests ---------------------------------------
    async def matched(self, event: "Event") -> None:
        """A ``quick`` event: seat this node's requests in the match another node made."""
        if event.data.get("node") != self.node:  # (its own: answered when it was made)
            await self._seat(event.data)

    async def _seat(self, data: dict) -> None:
        here = {i: s for i, s in data["seats"].items() if i in self.mine}
        if not here:
            return
        try:
            match = await self.lobby.load(data["code"])
        except StoreError as exc:  # the players find it by session (welcome.seats)
            log.error("quick match %s not loaded: %s", data["code"], exc)
            match = None
        for entry_id, seat in here.items():
            waiting = self.mine.pop(entry_id)
            if match is not None:
                async with match.lock:
                    match.welcome(waiting.conn, seat, waiting.token)

    # -- leaving ----------------------------------------------------------------------------
    async def cancel(self, conn: Connection) -> bool:
        """``quick_cancel``: ``True`` if a request of ``conn`` was still waiting."""
        return await self._leave(conn)

    async def _leave(self, conn: Connection) -> bool:
        removed = False
        for entry_id, waiting in list(self.mine.items()):
            if waiting.conn is conn and not waiting.taken:
                if await self._remove(self._keys(waiting.spec.id)[:2], [entry_id]):
                    removed = True
                    self.mine.pop(entry_id, None)
                else:  # already in a match: its event still seats the player
                    waiting.taken = True
        return removed

    def drop(self, conn: Connection) -> None:
        """A closed connection: its requests leave the queue (in the background)."""
        if any(w.conn is conn for w in self.mine.values()):
            task = asyncio.get_running_loop().create_task(self._drop(conn))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _drop(self, conn: Connection) -> None:
        try:
            await self._leave(conn)
        except StoreError as exc:  # Redis away: a match made with it still seats the session
            log.warning("a closed connection's quick match stays queued: %s", exc)

    # -- requests that left the queue without this node hearing why --------------------
    def start(self) -> None:
        self._watcher = asyncio.get_running_loop().create_task(self._watch(), name="quick check")

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(CHECK_S)
            try:
                await self.check()
            except StoreError:
                pass  # Redis away: the next check
            except Exception:
                log.exception("quick-match check failed")

    async def check(self) -> None:
        """Seat this node's requests a match took whose ``quick`` event was missed; ask
        again (silently) for those another node dropped because this node's heartbeat
        lapsed (Redis away for seconds): found gone twice in a row."""
        for game in {w.spec.id for w in self.mine.values()}:
            ids = [i for i, w in self.mine.items() if w.spec.id == game]
            got = await self._check([self._keys(game)[1]], [self.store.prefix, *ids])
            for entry_id, state in zip(ids, got):
                waiting = self.mine.get(entry_id)
                if waiting is None or state == "1":
                    continue
                if state:
                    await self._seat(json.loads(state))
                    continue
                waiting.missing += 1
                if waiting.missing >= 2:
                    del self.mine[entry_id]
                    if waiting.conn.open and not waiting.taken:
                        log.info("a quick-match request of %s was dropped; asked again",
                                 waiting.conn.label)
                        await self.quick(waiting.conn, None, waiting.spec, waiting.wanted,
                                         answer=False)

    async def close(self) -> None:
        """A clean stop: this node's requests leave the queue."""
        if self._watcher is not None:
            await stop_task(self._watcher)
        for conn in {w.conn for w in self.mine.values()}:
            await self._drop(conn)
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=2.0)

