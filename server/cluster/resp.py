"""A lean Redis connection for a cluster node's hot path: the compare-and-append of every
move (``EVALSHA``) and the event feed's ``XREAD``.

redis-py costs about 230 µs of CPU per call on the development VM (its connection pool,
retry wrapper, a timer per read, command objects), three to four times the socket work
of the call itself; a cluster move makes four such calls (one ``EVALSHA``, one ``XREAD``
per node). This client keeps one connection, writes a call's command straight to it
(calls made in the same loop iteration leave in one ``send``), and matches replies to
calls in order (Redis answers one connection's commands in order). It speaks RESP2, the
few reply types those commands return.

Same promises as the store's redis-py client: a call lost with its connection (or not
answered within its timeout) is sent again on a new connection, up to ``RETRIES`` more
times with a short backoff (every write is idempotent: a step sent again is answered
"stored"), then :class:`Unavailable`. Only plain ``redis://HOST:PORT/DB`` (with or
without a password) addresses: :meth:`RespClient.from_url` says ``None`` for anything
else (TLS, unix sockets, options), and the store then keeps redis-py for everything.
"""

from __future__ import annotations

import asyncio
import collections
import time
from typing import Any
from urllib.parse import unquote, urlsplit

RETRIES = 3      # more attempts after a lost connection (as the store's redis-py client)
BACKOFF = (0.05, 0.1, 0.2)
CHECK_S = 0.25   # how often a connection looks for a call past its deadline


class Unavailable(Exception):
    """Redis could not be reached, or did not answer in time (after the retries)."""


class ReplyError(Exception):
    """Redis answered with an error (``-ERR ...``, ``-NOSCRIPT ...``)."""


class _Lost(Exception):
    pass


def pack(args: tuple) -> bytes:
    """One command in RESP: an array of bulk strings."""
    out = [b"*%d\r\n" % len(args)]
    for arg in args:
        data = arg if isinstance(arg, bytes) else str(arg).encode()
        out.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(out)


class _Incomplete(Exception):
    pass


def _parse(buf: bytearray, at: int) -> tuple[Any, int]:
    """One reply starting at ``at``: (reply, end). :class:`_Incomplete` if it has not all
    arrived; an error reply is returned as a :class:`ReplyError`."""
    end = buf.find(b"\r\n", at)
    if end < 0:
        raise _Incomplete
    kind, line = buf[at], bytes(buf[at + 1:end])
    at = end + 2
    if kind == 36:  # $ bulk string
        size = int(line)
        if size < 0:
            return None, at
        if len(buf) < at + size + 2:
            raise _Incomplete
        return buf[at:at + size].decode("utf-8", "surrogateescape"), at + size + 2
    if kind == 42:  # * array
        size = int(line)
        if size < 0:
            return None, at
        items = []
        for _ in range(size):
            item, at = _parse(buf, at)
            items.append(item)
        return items, at
    if kind == 58:  # : integer
        return int(line), at
    if kind == 43:  # + simple string
        return line.decode(), at
    if kind == 45:  # - error
        return ReplyError(line.decode("utf-8", "replace")), at
    raise ValueError(f"unexpected Redis reply type {chr(kind)!r}")


class _Protocol(asyncio.Protocol):
    """One connection: commands out, replies matched to the waiting calls in order."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.waiting: collections.deque[tuple[asyncio.Future, float]] = collections.deque()
        self.buffer = bytearray()
        self.out: list[bytes] = []
        self.lost = False
        self._check: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        self._check = asyncio.get_running_loop().call_later(CHECK_S, self._overdue)

    def send(self, data: bytes, deadline: float) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        self.waiting.append((future, deadline))
        if not self.out:  # the first call of this loop iteration: send them all at its end
            asyncio.get_running_loop().call_soon(self._flush)
        self.out.append(data)
        return future

    def _flush(self) -> None:
        if self.out and self.transport is not None and not self.lost:
            self.transport.write(b"".join(self.out))
        self.out.clear()

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        at = 0
        while self.waiting and at < len(self.buffer):
            try:
                reply, at_next = _parse(self.buffer, at)
            except _Incomplete:
                break
            at = at_next
            future, _ = self.waiting.popleft()
            if not future.done():  # (a caller that gave up: its reply is dropped)
                future.set_result(reply)
        del self.buffer[:at]

    def _overdue(self) -> None:
        if self.waiting and self.waiting[0][1] < time.monotonic():
            self.abort("Redis did not answer in time")
            return
        self._check = asyncio.get_running_loop().call_later(CHECK_S, self._overdue)

    def abort(self, why: str) -> None:
        if self.transport is not None:
            self.transport.abort()
        self.connection_lost(_Lost(why))

    def connection_lost(self, exc: Exception | None) -> None:
        if self.lost:
            return
        self.lost = True
        if self._check is not None:
            self._check.cancel()
        while self.waiting:
            future, _ = self.waiting.popleft()
            if not future.done():
                future.set_exception(_Lost(str(exc) if exc else "connection closed"))


class RespClient:
    """A pipelined connection to one Redis (reconnected when lost)."""

    def __init__(self, host: str, port: int, db: int = 0, username: str | None = None,
                 password: str | None = None, timeout: float = 5.0) -> None:
        self.host, self.port, self.db = host, port, db
        self.username, self.password = username, password
        self.timeout = timeout
        self._conn: _Protocol | None = None
        self._connecting: asyncio.Future | None = None

    @classmethod
    def from_url(cls, url: str, timeout: float = 5.0) -> "RespClient | None":
        """For ``redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]``; ``None`` for anything else."""
        try:
            parts = urlsplit(url)
            if parts.scheme != "redis" or parts.query or not parts.hostname:
                return None
            db = parts.path.strip("/")
            return cls(parts.hostname, parts.port or 6379, int(db) if db else 0,
                       unquote(parts.username) if parts.username else None,
                       unquote(parts.password) if parts.password is not None else None,
                       timeout)
        except ValueError:
            return None

    async def call(self, *args: Any, wait: float = 0.0) -> Any:
        """Run one command; ``wait``: seconds Redis may hold it (a blocking read). Raises
        :class:`ReplyError` for an error reply, :class:`Unavailable` after the retries."""
        for attempt in range(RETRIES + 1):
            try:
                conn = self._conn if self._conn is not None and not self._conn.lost \
                    else await self._connect()
                reply = await conn.send(pack(args), time.monotonic() + self.timeout + wait)
            except (_Lost, OSError, TimeoutError) as exc:
                if attempt == RETRIES:
                    raise Unavailable(str(exc) or type(exc).__name__) from None
                await asyncio.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)])
                continue
            if isinstance(reply, ReplyError):
                raise reply
            return reply
        raise AssertionError("unreachable")

    async def evalsha(self, sha: str, script: str, keys: list, args: list) -> Any:
        """``EVALSHA``, loading the script first if Redis does not know it (a restart)."""
        try:
            return await self.call("EVALSHA", sha, len(keys), *keys, *args)
        except ReplyError as exc:
            if not str(exc).startswith("NOSCRIPT"):
                raise
        await self.call("SCRIPT", "LOAD", script)
        return await self.call("EVALSHA", sha, len(keys), *keys, *args)

    async def _connect(self) -> _Protocol:
        if self._connecting is None:  # one connection attempt shared by concurrent calls
            self._connecting = asyncio.ensure_future(self._open())
        try:
            return await asyncio.shield(self._connecting)
        finally:
            if self._connecting is not None and self._connecting.done():
                self._connecting = None

    async def _open(self) -> _Protocol:
        loop = asyncio.get_running_loop()
        _, conn = await asyncio.wait_for(
            loop.create_connection(_Protocol, self.host, self.port), self.timeout)
        deadline = time.monotonic() + self.timeout
        setup = []
        if self.password is not None:
            setup.append(conn.send(pack(("AUTH", self.username, self.password) if self.username
                                        else ("AUTH", self.password)), deadline))
        if self.db:
            setup.append(conn.send(pack(("SELECT", self.db)), deadline))
        for future in setup:
            reply = await future
            if isinstance(reply, ReplyError):
                conn.abort("refused")
                raise _Lost(f"Redis refused the connection: {reply}")
        self._conn = conn
        return conn

    def close(self) -> None:
        if self._conn is not None:
            self._conn.abort("closed")
            self._conn = None
