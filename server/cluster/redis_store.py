"""The match store on Redis: the interface of :class:`server.store.Store`, shared by every
node of a cluster (``alien-city serve --redis redis://HOST:PORT/DB``).

The keys it keeps and the Lua scripts that write them are in
:mod:`server.cluster.redis_scripts`.

Every write is one Lua script, so it is atomic on the Redis server whatever the nodes do.
Appending a step is a **compare-and-append**: the script stores it only if it is for
exactly the version after the last stored one (and the match is not over). Two nodes
racing for the same version: one is stored, the other gets :class:`StaleVersion`
carrying the stored version. The same step sent again (a client library retrying after a
lost reply) is recognised and answered as stored, not refused.

Durability is Redis's: a call returns only after Redis has applied the script and, with
``appendonly yes``, written it to the AOF (``appendfsync always``: fsynced before the
reply; ``everysec``: fsynced within about a second, so it survives a crash of Redis or of
any node, and only an OS crash or power cut of the Redis machine may lose the last
second). :meth:`RedisStore.open` reads the settings and warns when AOF is off. See
``docs/cluster.md``.

The ``redis`` package is imported here only, and only when a node is started with
``--redis``: the default SQLite server never needs it (``pip install 'alien-city[cluster]'``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any, Awaitable, Callable

from shared.wire.limits import CHAT_HISTORY

from ..store import CodeTaken, End, MatchRecord, MoveRecord, SeatOnline, SeatRecord, SeatTaken, StaleVersion, StoreError
from .redis_scripts import (  # noqa: F401 (_XADD, EVENTS_KEPT: still importable from here)
    _XADD,
    ADD_MOVE,
    EVENTS_KEPT,
    FREE_SEAT,
    GROUP_KEPT,
    GROUPS,
    INSERT,
    LEASE,
    PUBLISH,
    PUT_SEAT,
    REMATCH,
    SET_STATUS,
    TAKE_SEAT,
)
from .resp import ReplyError, RespClient, Unavailable
from .streams import Event as Event  # (importable from here too)
from .streams import StreamReads

log = logging.getLogger("alien_city.server")

LIVE = ("waiting", "playing")
TIMEOUT = 5.0  # seconds for one Redis call (connect or reply)
RETRIES = 3    # more attempts of a call after a lost connection (Redis restarting)


def _seat_json(s: SeatRecord) -> str:
    return json.dumps([s.name, s.token_hash, s.session_hash, s.computer])


def _step_json(m: MoveRecord) -> str:
    step = [m.version, m.seat, m.mid, m.move, m.kind] + ([m.clock] if m.clock is not None else [])
    return json.dumps(step, separators=(",", ":"))


class RedisStore(StreamReads):
    """The match store of a cluster node. Same async methods as :class:`server.store.Store`;
    call :meth:`open` once before use (``start_server`` does)."""

    def __init__(self, url: str, *, prefix: str = "ac:", timeout: float = TIMEOUT) -> None:
        try:
            import redis.asyncio as aioredis
            from redis.exceptions import RedisError
        except ImportError:
            raise StoreError("the cluster mode needs the redis package: "
                             "pip install 'alien-city[cluster]'") from None
        self._errors = RedisError
        self.url = url
        self.path = _public(url)  # what logs and messages show (no password)
        self.prefix = prefix
        from redis.asyncio.retry import Retry
        from redis.backoff import ExponentialBackoff
        from redis.exceptions import ConnectionError as Lost
        from redis.exceptions import TimeoutError as Late
        try:  # a call is tried again on a lost connection: every write is idempotent
            # (a step or a match sent again is answered "stored")
            self._r = aioredis.Redis.from_url(
                url, decode_responses=True, socket_timeout=timeout,
                socket_connect_timeout=timeout, retry_on_error=[Lost, Late],
                retry=Retry(ExponentialBackoff(cap=1.0, base=0.05), RETRIES))
        except ValueError as exc:
            raise StoreError(f"bad Redis address {self.path}: {exc}") from None
        self._insert = self._r.register_script(INSERT)
        self._put_seat = self._r.register_script(PUT_SEAT)
        self._free_seat = self._r.register_script(FREE_SEAT)
        self._add_move = self._r.register_script(ADD_MOVE)
        self._take_seat = self._r.register_script(TAKE_SEAT)
        self._set_status = self._r.register_script(SET_STATUS)
        self._publish = self._r.register_script(PUBLISH)
        self._rematch = self._r.register_script(REMATCH)
        self._lease = self._r.register_script(LEASE)
        self._closed = False
        # the hot path (every move's append; the event feed's blocking read) on lean
        # connections of its own (server/cluster/resp.py); None: redis-py for all
        self._fast = RespClient.from_url(url, timeout)
        self._feed = RespClient.from_url(url, timeout)
        self.durability: dict[str, str] = {}
        # called with (match id, group mark) when this store reads or inserts a match: the
        # node's EventFeed then reads the match's group stream from that mark on
        self.on_read: Callable[[int, str], None] | None = None

    def _k(self, *parts: Any) -> str:
        return self.prefix + ":".join(str(p) for p in parts)

    key = _k  # for the cluster's other modules (queue, leases, counts)

    def group(self, match_id: int) -> str:
        """The event stream of ``match_id``'s group (its seats, steps, status, presence,
        chat, rematches)."""
        return self._k("events", match_id % GROUPS)

    def follow(self, match_id: int, mark: str | None) -> None:
        """Have the node read ``match_id``'s group from ``mark`` on (:attr:`on_read`)."""
        if self.on_read is not None:
            self.on_read(match_id, mark or "0-0")

    def script(self, lua: str) -> Callable[[list[str], list[Any]], Awaitable[Any]]:
        """A Lua script of another cluster module, run like this store's own (a
        :class:`StoreError` when Redis fails)."""
        registered = self._r.register_script(lua)
        return lambda keys, args: self._lean(self._fast, registered, keys, args)

    async def _guard(self, awaitable: Any) -> Any:
        if self._closed:
            raise StoreError("the match store is closed")
        try:
            return await awaitable
        except self._errors as exc:
            raise StoreError(f"the match store (Redis {self.path}) failed: {exc}") from None

    async def open(self) -> None:
        """Check Redis answers; read (and log) its durability settings."""
        await self._guard(self._r.ping())
        try:
            got = await self._r.config_get("append*")
        except self._errors:  # CONFIG may be disabled (managed Redis): say we cannot tell
            log.warning("cannot read the Redis durability settings (CONFIG GET refused)")
            return
        self.durability = {k: got[k] for k in ("appendonly", "appendfsync") if k in got}
        if self.durability.get("appendonly") != "yes":
            log.warning("Redis %s runs without AOF (appendonly no): a Redis crash loses "
                        "acknowledged moves; see docs/cluster.md", self.path)
        else:
            log.info("Redis %s: appendonly yes, appendfsync %s", self.path,
                     self.durability.get("appendfsync"))

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for lean in (self._fast, self._feed):
            if lean is not None:
                lean.close()
        try:
            await self._r.aclose()
        except self._errors:
            pass

    # -- writes ---------------------------------------------------------------------------
    async def insert_match(self, record: MatchRecord) -> int:
        keys, args = self.insert_call(record)
        return self.inserted(record.code, await self._lean(self._fast, self._insert, keys, args))

    def inserted(self, code: str, got: Any) -> int:
        """The match id of an ``INSERT`` reply (``{id, group mark}``; :class:`CodeTaken`
        for -1); the node follows the new match's group from its mark."""
        match_id, mark = got if isinstance(got, list) else (got, None)
        if int(match_id) == -1:
            raise CodeTaken(code)
        self.follow(int(match_id), mark)
        return int(match_id)

    def insert_call(self, record: MatchRecord) -> tuple[list[str], list[Any]]:
        """The keys and arguments of the ``INSERT`` script for ``record`` (also run
        inside other scripts: a quick match's, :mod:`.queue`)."""
        r = record
        meta = json.dumps({"code": r.code, "game": r.game, "options": r.options, "seed": r.seed,
                           "public": bool(r.public), "rematch_of": r.rematch_of,
                           "created": time.time()})
        args: list[Any] = [self.prefix, "1" if r.status in LIVE else "0", meta, r.status,
                           json.dumps(r.end_reason), json.dumps(r.winner), json.dumps(r.ranking)]
        for seat, s in r.seats.items():
            args += [seat, _seat_json(s), s.session_hash]
        return [self._k("code", r.code), self._k("next_id"), self._k("open"),
                self._k("events")], args

    async def put_seat(self, match_id: int, seat: int, record: SeatRecord) -> None:
        done = await self._lean(
            self._fast, self._put_seat,
            [self._k("match", match_id), self._k("seats", match_id), self.group(match_id)],
            [self.prefix, match_id, seat, _seat_json(record), record.session_hash])
        if not done:
            raise StoreError(f"no match {match_id} in the store")

    async def free_seat(self, match_id: int, seat: int, session_hash: str = "") -> str:
        """``Store.free_seat`` in one script: freed, or cancelled when no other person
        holds a seat (see FREE_SEAT)."""
        answer = await self._lean(
            self._fast, self._free_seat,
            [self._k("match", match_id), self._k("seats", match_id), self._k("open"),
             self.group(match_id)], [self.prefix, match_id, seat, session_hash])
        if answer == "missing":
            raise StoreError(f"no match {match_id} in the store")
        return str(answer)

    async def take_seat(self, match_id: int, seat: int, record: SeatRecord, seats: int) -> bool:
        """A join takes a free seat only if it is free in Redis (two nodes whose copies
        both saw it free: one gets it, the other :class:`SeatTaken`); the match starts in
        the same script when that was its last seat. ``True`` if it started."""
        done = await self._lean(
            self._fast, self._take_seat,
            [self._k("match", match_id), self._k("seats", match_id), self.group(match_id)],
            [self.prefix, match_id, seat, _seat_json(record), record.session_hash, seats])
        if not done:
            raise SeatTaken(f"match {match_id}: seat {seat} is not free")
        return done == 2

    async def add_move(self, match_id: int, move: MoveRecord, end: End | None) -> None:
        """Append a step for exactly ``move.version`` (the stored version + 1), with the
        match's end if it ended it; :class:`StaleVersion` if another step holds that
        version or the match is over."""
        await self._append(match_id, move, end, [], [])

    async def resign_away(self, match_id: int, move: MoveRecord, end: End | None,
                          node: str) -> None:
        """:meth:`add_move` for an away seat's resignation by ``node``; :class:`SeatOnline`
        if its player is on another live node (the presence hash, in the same script)."""
        await self._append(match_id, move, end, [self._k("presence", match_id)],
                           [move.seat, node, self.prefix])

    async def _append(self, match_id: int, move: MoveRecord, end: End | None,
                      keys: list[str], guard: list[Any]) -> None:
        args: list[Any] = [match_id, move.version, _step_json(move)]
        if end is None:
            args += ["0", "", "null", "null", "null", "null"]
        else:
            args += ["1", end.status, json.dumps(end.reason), json.dumps(end.winner),
                     json.dumps(end.ranking), json.dumps(_end_dict(end))]
        answer, stored = await self._lean(self._fast, self._add_move, [
            self._k("match", match_id), self._k("moves", match_id), self._k("open"),
            self.group(match_id), *keys], args + guard)
        if answer in ("ok", "again"):
            return
        if answer == "missing":
            raise StoreError(f"no match {match_id} in the store")
        if answer == "online":
            raise SeatOnline(f"match {match_id}: seat {move.seat} is connected on another node")
        raise StaleVersion(match_id, move.version, int(stored))

    async def _lean(self, lean: RespClient | None, script: Any, keys: list[str],
                    args: list[Any]) -> Any:
        """Run ``script`` on a lean connection (:mod:`.resp`), or redis-py without one."""
        if lean is None:
            return await self._guard(script(keys=keys, args=args))
        if self._closed:
            raise StoreError("the match store is closed")
        try:
            return await lean.evalsha(script.sha, script.script, keys, args)
        except (Unavailable, ReplyError) as exc:
            raise StoreError(f"the match store (Redis {self.path}) failed: {exc}") from None

    async def set_status(self, match_id: int, status: str, reason: str | None = None) -> None:
        await self._status(match_id, End(status, reason))

    async def _status(self, match_id: int, end: End) -> None:
        done = await self._lean(
            self._fast, self._set_status,
            [self._k("match", match_id), self._k("open"), self.group(match_id)],
            [match_id, end.status, json.dumps(end.reason), json.dumps(end.winner),
             json.dumps(end.ranking)])
        if not done:
            raise StoreError(f"no match {match_id} in the store")

    async def add_chat(self, match_id: int, line: dict, keep: int = CHAT_HISTORY) -> None:
        """Append a chat line (``{seat, name, text, t}``); only the last ``keep`` stay."""
        pipe = self._r.pipeline(transaction=True)
        pipe.rpush(self._k("chat", match_id), json.dumps(line))
        pipe.ltrim(self._k("chat", match_id), -keep, -1)
        await self._guard(pipe.execute())

    async def chat_lines(self, match_id: int) -> list[dict]:
        """The match's kept chat lines, oldest first."""
        return [json.loads(text) for text in
                await self._guard(self._r.lrange(self._k("chat", match_id), 0, -1))]

    # -- what crosses nodes without being part of a match's record ---------------------
    async def publish(self, kind: str, match_id: int, version: int, data: dict,
                      presence: tuple[str, str] | None = None) -> str:
        """An event for the other nodes (chat, presence, rematch_started, session);
        ``presence`` (field, "set" or "del") also updates the match's presence hash.
        Returns the event's stream id (in the match's group; a ``session``'s in the global
        stream)."""
        field, op = presence or ("", "")
        stream, kept = ((self._k("events"), EVENTS_KEPT) if kind == "session"
                        else (self.group(match_id), GROUP_KEPT))
        return await self._lean(self._fast, self._publish,
                                [stream, self._k("presence", match_id)],
                                [kind, match_id, version, json.dumps(data), field, op, kept])

    async def rematch_vote(self, match_id: int, version: int, data: dict, seats: list[int],
                           needed: int, claim: str) -> bool:
        """Add rematch offers; ``True`` if this call (``claim``) completed them and so
        opens the rematch (exactly one node does)."""
        return bool(await self._lean(
            self._fast, self._rematch,
            [self._k("rematch", match_id), self._k("rematch_claim", match_id), self.group(match_id)],
            [match_id, version, json.dumps(data), needed, claim, *seats]))

    async def rematch_votes(self, match_id: int) -> set[int]:
        return {int(s) for s in await self._guard(self._r.smembers(self._k("rematch", match_id)))}

    async def lease(self, match_id: int, node: str, ttl_ms: int) -> bool:
        """Take or renew the lease to think for the match's computer seats; ``True`` if
        ``node`` holds it for ``ttl_ms`` more milliseconds."""
        return bool(await self._lean(self._fast, self._lease, [self._k("lease", match_id)],
                                     [node, ttl_ms]))

    async def open_codes(self, session_hash: str) -> list[str]:
        """Room codes of the unfinished matches a session holds a seat in."""
        ids = await self._guard(self._r.zrange(self._k("session", session_hash), 0, -1))
        if not ids:
            return []
        pipe = self._r.pipeline(transaction=False)
        for match_id in ids:
            pipe.hmget(self._k("match", match_id), "status", "meta")
        got = await self._guard(pipe.execute())
        return [json.loads(meta)["code"] for status, meta in got
                if status in LIVE and meta is not None]

    async def heartbeat(self, node: str, ttl_ms: int) -> None:
        """This node is alive for ``ttl_ms`` more milliseconds."""
        await self._guard(self._r.set(self._k("node", node), "1", px=ttl_ms))

    async def alive(self, nodes: list[str]) -> set[str]:
        """Which of ``nodes`` renewed their heartbeat in time."""
        if not nodes:
            return set()
        got = await self.calls(*(("EXISTS", self._k("node", node)) for node in nodes))
        return {node for node, there in zip(nodes, got) if there}

    async def calls(self, *calls: tuple) -> list[Any]:
        """Several commands in one round trip: on the lean connection, gathered (they
        leave in one send, their replies come in one read), else a redis-py pipeline.
        ``HGETALL`` replies are flat lists on the lean connection: read them with
        :func:`pairs`."""
        if self._closed:
            raise StoreError("the match store is closed")
        if self._fast is None:
            pipe = self._r.pipeline(transaction=False)
            for call in calls:
                pipe.execute_command(*call)
            return await self._guard(pipe.execute())
        try:
            return list(await asyncio.gather(*(self._fast.call(*call) for call in calls)))
        except (Unavailable, ReplyError) as exc:
            raise StoreError(f"the match store (Redis {self.path}) failed: {exc}") from None

    async def presence(self, match_id: int) -> list[tuple[int, str]]:
        """(seat, node) for every seat some node has a connection of."""
        fields = await self._guard(self._r.hkeys(self._k("presence", match_id)))
        return [(int(seat), node) for seat, _, node in (f.partition("|") for f in fields)]

    async def forget_presence(self, match_id: int, fields: list[str]) -> None:
        if fields:
            await self._guard(self._r.hdel(self._k("presence", match_id), *fields))

    # -- reads ----------------------------------------------------------------------------
    async def steps_since(self, match_id: int, version: int) -> list[MoveRecord]:
        """The stored steps after ``version`` (a node that missed events catches up)."""
        steps = await self._guard(self._r.lrange(self._k("moves", match_id), version, -1))
        return [MoveRecord(*json.loads(text)) for text in steps]

    async def _load(self, ids: list[int]) -> list[MatchRecord]:
        if not ids:
            return []
        pipe = self._r.pipeline(transaction=False)
        for match_id in ids:  # the group's newest event first: the match read is after it
            pipe.xrevrange(self.group(match_id), count=1)
            pipe.hgetall(self._k("match", match_id))
            pipe.hgetall(self._k("seats", match_id))
            pipe.lrange(self._k("moves", match_id), 0, -1)
        got = await self._guard(pipe.execute())
        records = []
        for i, match_id in enumerate(ids):
            newest, *rest = got[4 * i: 4 * i + 4]
            record = _record(match_id, *rest)
            if record is not None:
                self.follow(match_id, newest[0][0] if newest else None)
                records.append(record)
        return records

    async def load_listed(self, match_id: int) -> tuple[MatchRecord | None, list[tuple[int, str]]]:
        """A match new to this node (its ``match`` event) and its presence (seat, node),
        in one pipelined round trip on the lean connection: the start of 300 matches
        made four redis-py calls per match on every node (docs/cluster.md, Fan-out)."""
        fields, seats, steps, present = await self.calls(
            ("HGETALL", self._k("match", match_id)), ("HGETALL", self._k("seats", match_id)),
            ("LRANGE", self._k("moves", match_id), 0, -1), ("HKEYS", self._k("presence", match_id)))
        record = _record(match_id, pairs(fields), pairs(seats), steps)
        return record, [(int(seat), node) for seat, _, node in
                        (f.partition("|") for f in present)]

    async def load_open(self) -> list[MatchRecord]:
        """Matches still waiting or playing, with seats and moves, oldest first."""
        ids = [int(i) for i in await self._guard(self._r.zrange(self._k("open"), 0, -1))]
        return await self._load(ids)

    async def load_code(self, code: str) -> MatchRecord | None:
        match_id = await self._guard(self._r.get(self._k("code", code)))
        if match_id is None:
            return None
        found = await self._load([int(match_id)])
        return found[0] if found else None

    async def session(self, session_hash: str, recent: int = 5
                      ) -> tuple[str, list[tuple[str, int, str, str, dict]]] | None:
        """As :meth:`server.store.Store.session`: the session's latest name and its
        ``recent`` latest finished matches as (code, seat, status, game, options)."""
        if not session_hash:
            return None
        ids = [int(i) for i in
               await self._guard(self._r.zrevrange(self._k("session", session_hash), 0, -1))]
        if not ids:
            return None
        pipe = self._r.pipeline(transaction=False)
        for match_id in ids:
            pipe.hmget(self._k("match", match_id), "status", "meta")
            pipe.hgetall(self._k("seats", match_id))
        got = await self._guard(pipe.execute())
        name: str | None = None
        ended: list[tuple[str, int, str, str, dict]] = []
        for i in range(len(ids)):
            (status, meta), seats = got[2 * i], got[2 * i + 1]
            mine = sorted(int(seat) for seat, text in seats.items()
                          if json.loads(text)[2] == session_hash)
            if not mine or meta is None:
                continue
            if name is None:
                name = json.loads(seats[str(mine[0])])[0]
            if status == "over":
                meta = json.loads(meta)
                for seat in mine:
                    if len(ended) < recent:
                        ended.append((meta["code"], seat, status, meta["game"], meta["options"]))
        return None if name is None else (name, ended)


def pairs(flat: list | dict | None) -> dict[str, str]:
    """An ``HGETALL`` reply as a dict (RESP2 on the lean connection: a flat list)."""
    if isinstance(flat, dict) or not flat:
        return flat or {}
    return {flat[i]: flat[i + 1] for i in range(0, len(flat), 2)}


def _record(match_id: int, fields: dict, seats: dict, steps: list) -> MatchRecord | None:
    """A stored match from its hash, its seats hash and its steps (``None``: not stored)."""
    if not fields:
        return None
    meta = json.loads(fields["meta"])
    r = MatchRecord(id=int(match_id), code=meta["code"], game=meta["game"],
                    options=meta["options"], seed=meta["seed"], public=meta["public"],
                    status=fields["status"], end_reason=json.loads(fields["end_reason"]),
                    winner=json.loads(fields["winner"]), rematch_of=meta["rematch_of"],
                    ranking=json.loads(fields["ranking"]), created=meta["created"])
    for seat, text in sorted(seats.items(), key=lambda kv: int(kv[0])):
        name, token, session, computer = json.loads(text)
        r.seats[int(seat)] = SeatRecord(name, token, session, computer)
    r.moves = [MoveRecord(*json.loads(text)) for text in steps]
    return r


def _end_dict(end: End) -> dict:
    return {"status": end.status, "reason": end.reason, "winner": end.winner,
            "ranking": end.ranking}


def _public(url: str) -> str:
    """``url`` without a password (for logs)."""
    if "@" not in url:
        return url
    scheme, _, rest = url.partition("://")
    return f"{scheme}://***@{rest.rpartition('@')[2]}"
