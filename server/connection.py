"""One client connection and one session, plus the limits that protect the server.

A :class:`Connection` is what a socket is while it is open; a :class:`Session` outlives
sockets (a client that reconnects with its session token gets it back, seats included).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import struct
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import broadcast
from websockets.protocol import SERVER, State

from shared.wire import encode
from shared.wire import limits as wire

if TYPE_CHECKING:
    from .match import Match

log = logging.getLogger("alien_city.server")


@dataclass(frozen=True)
class Limits:
    """Every limit in one place, so tests and operators can tune them. The ones clients
    are told about (``welcome.limits``) default to the protocol's, in
    :mod:`shared.wire.limits`, which says what each means; the rest are the server's own."""

    rate: float = wire.RATE
    burst: int = wire.BURST
    flood: int = wire.FLOOD
    chat_rate: float = wire.CHAT_RATE
    chat_burst: int = wire.CHAT_BURST
    max_created: int = wire.MAX_CREATED
    max_matches: int = wire.MAX_MATCHES
    max_finished: int = 1_000   # finished matches kept in memory (the rest stay in the store)
    catchup_max: int = wire.CATCHUP_MAX
    hello_timeout: float = wire.HELLO_TIMEOUT
    ping_interval: float | None = wire.PING_INTERVAL
    ping_timeout: float | None = wire.PING_TIMEOUT
    computer_threads: int = 2   # worker threads computer players think in (all matches)
    computer_think: float = 2.0  # seconds a computer player may think per move, at most
    computer_iterations: int | None = None  # search budget override (tests); None = the level's
    abandon_after: float | None = wire.ABANDON_AFTER
    max_queued: int = wire.MAX_QUEUED
    stall_bytes: int = wire.STALL_BYTES      # checked by housekeeping
    stall_timeout: float = wire.STALL_TIMEOUT
    # per client address (the peer, or X-Forwarded-For from a trusted proxy): a second
    # layer above the per-connection limits, so many connections cannot multiply them
    ip_connections: int = wire.IP_CONNECTIONS
    ip_rate: float = wire.IP_RATE
    ip_burst: int = wire.IP_BURST
    ip_created: int = wire.IP_CREATED
    ip_exempt_loopback: bool = True  # this machine (127.0.0.0/8, ::1): a host, a benchmark
    waiting_expiry: float | None = wire.WAITING_EXPIRY


class TokenBucket:
    """Classic token bucket: ``rate`` per second, at most ``burst`` saved up."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def ws_frame(payload: bytes) -> bytes:
    """``payload`` as one binary WebSocket frame from a server (final, unmasked, no
    extension): the same bytes for every recipient, so a broadcast frames it once."""
    size = len(payload)
    if size < 126:
        return bytes((0x82, size)) + payload
    if size < 65536:
        return struct.pack("!BBH", 0x82, 126, size) + payload
    return struct.pack("!BBQ", 0x82, 127, size) + payload


def new_token() -> str:
    """192 random bits, URL-safe text."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(eq=False)
class Session:
    """A player identity that survives reconnects: name, seats, at most one connection."""

    token_hash: str
    name: str
    conn: "Connection | None" = None
    seats: dict[str, int] = field(default_factory=dict)  # room code -> seat index
    claim: str = ""  # a cluster's: stream id of the latest resume of it this node knows
    player_id: int | None = None  # the registered player signed in (None: a guest)


class Connection:
    """An open socket: what it may still do (limits) and what it is attached to."""

    def __init__(self, ws: Any, number: int, limits: Limits) -> None:
        self.ws = ws
        self.number = number
        self.session: Session | None = None
        self.watching_lobby = False
        self.matches: dict[str, "Match"] = {}    # attached matches by room code
        self.created: set[str] = set()           # codes of matches this connection created
        self.bucket = TokenBucket(limits.rate, limits.burst)
        self.chat_bucket = TokenBucket(limits.chat_rate, limits.chat_burst)
        self.limited_in_a_row = 0
        self.max_queued = limits.max_queued
        self.stalled_since: float | None = None  # monotonic time unread bytes piled up
        self._closing: asyncio.Task | None = None
        self.counted = False  # counted in its address's connections (server.netpolicy)
        try:
            host, port = ws.remote_address[:2]
            self.peer = f"{host}:{port}"
        except (TypeError, AttributeError, ValueError):
            host, self.peer = "?", "?"
        self.address: str = str(host)  # the client's address (X-Forwarded-For when trusted)

    @property
    def label(self) -> str:
        name = self.session.name if self.session else "-"
        via = f" for {self.address}" if not self.peer.startswith(f"{self.address}:") else ""
        return f"#{self.number} {name} ({self.peer}{via})"

    @property
    def open(self) -> bool:
        return self._closing is None

    def send(self, message: dict) -> None:
        """Queue a message; never blocks (the rate limit bounds what one client causes)."""
        if self._closing is None:
            frame = encode(message)
            self.send_frame(frame, ws_frame(frame))

    def send_frame(self, frame: bytes, framed: bytes | None = None) -> None:
        """Queue a frame (``framed``: the same as :func:`ws_frame` made it, for a frame
        sent to many), unless the client has stopped reading: what waits for it is
        bounded by ``Limits.max_queued``, and a client over it is dropped (1008). Without
        this a client that never reads grows the server's memory for ever, and the
        keepalive cannot notice (its ping waits behind the full buffer)."""
        if self._closing is not None:
            return
        if self.queued() + len(frame) > self.max_queued:
            self.close(1008, f"too slow: more than {self.max_queued} bytes waiting to be sent")
            transport = getattr(self.ws, "transport", None)
            if transport is not None:  # the close frame cannot get through a full buffer
                asyncio.get_running_loop().call_later(2.0, transport.abort)
            return
        ws = self.ws
        protocol = getattr(ws, "protocol", None)
        if framed is not None and protocol is not None and protocol.state is State.OPEN \
                and protocol.side is SERVER and not protocol.extensions \
                and not protocol.expect_continuation_frame and not protocol.debug \
                and getattr(ws, "send_in_progress", True) is None:
            # what websockets' own send would write (it flushes every write at once, so
            # nothing of its own waits to go first), without framing the bytes again
            ws.transport.write(framed)
            return
        broadcast((ws,), frame)

    def queued(self) -> int:
        """Bytes waiting in the socket's write buffer (sent when the client reads)."""
        transport = getattr(self.ws, "transport", None)
        try:
            return transport.get_write_buffer_size() if transport is not None else 0
        except (AttributeError, RuntimeError):
            return 0

    def check_stalled(self, now: float, limits: Limits) -> bool:
        """Drop a client that has left ``stall_bytes`` unread for ``stall_timeout``
        seconds, even if the server has nothing more to send it: the keepalive cannot
        (its ping waits behind the unread bytes). ``True`` if it was dropped."""
        if self.queued() < limits.stall_bytes:
            self.stalled_since = None
            return False
        if self.stalled_since is None:
            self.stalled_since = now
            return False
        if now - self.stalled_since < limits.stall_timeout:
            return False
        self.close(1008, f"not reading: {self.queued()} bytes unread for "
                         f"{now - self.stalled_since:.0f} s")
        transport = getattr(self.ws, "transport", None)
        if transport is not None:
            asyncio.get_running_loop().call_later(2.0, transport.abort)
        return True

    def error(self, code: str, text: str, rid: int | None = None, **extra: Any) -> None:
        """Every rejection is answered: a code for programs and a sentence for people."""
        message = {"type": "error", "code": code, "text": text}
        if rid is not None:
            message["rid"] = rid
        message.update(extra)
        self.send(message)

    def close(self, code: int, reason: str) -> None:
        """Close from outside the handler (flood, session taken over)."""
        if self._closing is None:
            log.info("closing %s: %s", self.label, reason)
            self._closing = asyncio.ensure_future(self.ws.close(code, reason))
