"""``serve --lan``: announce this server on the local network with the LAN beacon of
:mod:`shared.netkit.beacon` (UDP, port 8766 by default), and answer pings.

The target address is a parameter: ``255.255.255.255`` (broadcast) on a LAN, a loopback
address in tests, so no test ever sends a datagram off this machine.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from typing import Callable

from shared.netkit.beacon import DISCOVERY_PORT, MAX_DATAGRAM, PONG, PROBE, Beacon, write_beacon

log = logging.getLogger("alien_city.server")


class _Protocol(asyncio.DatagramProtocol):
    def __init__(self) -> None:
        self.transport: asyncio.DatagramTransport | None = None

    def connection_made(self, transport) -> None:
        self.transport = transport

    def datagram_received(self, data: bytes, addr) -> None:
        if data.startswith(PROBE) and len(data) <= 64 and self.transport is not None:
            self.transport.sendto(PONG + data[len(PROBE):], addr)

    def error_received(self, exc: Exception) -> None:  # e.g. no route: keep announcing
        log.debug("beacon socket: %s", exc)


class Announcer:
    """Sends ``beacon()`` to ``target`` every ``interval`` seconds until closed."""

    def __init__(self, beacon: Callable[[], Beacon], *, target: str = "255.255.255.255",
                 port: int = DISCOVERY_PORT, bind: str = "0.0.0.0", interval: float = 1.0) -> None:
        self.beacon = beacon
        self.target = (target, port)
        self.bind = bind
        self.interval = interval
        self._task: asyncio.Task | None = None
        self._protocol: _Protocol | None = None

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        sock.bind((self.bind, 0))
        _, self._protocol = await loop.create_datagram_endpoint(_Protocol, sock=sock)
        self._task = asyncio.create_task(self._run(), name="lan-announcer")

    @property
    def address(self) -> tuple[str, int]:
        """Where the announcer's socket is bound (pings go there)."""
        return self._protocol.transport.get_extra_info("sockname")[:2]

    async def _run(self) -> None:
        while True:
            try:
                payload = write_beacon(self.beacon())
                if len(payload) <= MAX_DATAGRAM:
                    self._protocol.transport.sendto(payload, self.target)
            except (OSError, ValueError) as exc:
                log.warning("cannot announce on %s:%d: %s", *self.target, exc)
            await asyncio.sleep(self.interval)

    async def close(self) -> None:
        from .housekeeping import cancel  # (housekeeping imports nothing of ours back)
        await cancel(self._task)
        if self._protocol is not None and self._protocol.transport is not None:
            self._protocol.transport.close()
