""""Games on your network": listen for the LAN beacons of :mod:`shared.netkit.beacon`
in a background thread, ping each server, forget the ones that fall silent.

The game loop calls :meth:`LanBrowser.servers` each frame; it never blocks. The address
listened on is a parameter (all interfaces on a LAN, loopback in tests).
"""

from __future__ import annotations

import os
import select
import socket
import threading
import time
from dataclasses import dataclass

from shared.i18n import domain
from shared.netkit.beacon import DISCOVERY_PORT, PONG, PROBE, Beacon, read_beacon

_, N_, ngettext, pgettext = domain("online")

FORGET_AFTER_S = 4.0   # a server whose beacon stopped this long ago is gone
PING_EVERY_S = 2.0


@dataclass(frozen=True)
class LanServer:
    """One server heard on the network."""

    host: str
    beacon: Beacon
    ping_ms: float | None
    heard: float

    @property
    def url(self) -> str:
        return self.beacon.url(self.host)


class LanBrowser:
    """Collects beacons heard on ``bind:port`` (UDP)."""

    def __init__(self, bind: str = "", port: int = DISCOVERY_PORT, *,
                 forget_after_s: float = FORGET_AFTER_S) -> None:
        self.bind = bind
        self.port = port
        self.forget_after_s = forget_after_s
        self.error: str | None = None
        self._found: dict[tuple[str, int], LanServer] = {}
        self._probes: dict[bytes, tuple[tuple[str, int], float]] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._sock: socket.socket | None = None

    def start(self) -> "LanBrowser":
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if hasattr(socket, "SO_REUSEPORT"):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            sock.bind((self.bind, self.port))
        except OSError as exc:
            self.error = _("Cannot listen for games on UDP port {port}: {why}").format(
                port=self.port, why=exc.strerror or exc)
            return self
        self._sock = sock
        self._thread = threading.Thread(target=self._run, name="lan-browser", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        if self._sock is not None:
            self._sock.close()

    def servers(self) -> list[LanServer]:
        """Servers heard lately, by name."""
        now = time.monotonic()
        with self._lock:
            alive = [s for s in self._found.values() if now - s.heard < self.forget_after_s]
        return sorted(alive, key=lambda s: (s.beacon.name.lower(), s.host, s.beacon.port))

    # -- the thread -------------------------------------------------------------------------
    def _run(self) -> None:
        sock = self._sock
        last_ping: dict[tuple[str, int], float] = {}
        while not self._stop.is_set():
            ready, _writable, _failed = select.select([sock], [], [], 0.2)
            now = time.monotonic()
            if ready:
                try:
                    data, addr = sock.recvfrom(2048)
                except OSError:
                    continue
                self._heard(data, addr[:2], now)
            for sender, server in list(self._found.items()):
                if now - last_ping.get(sender, 0.0) >= PING_EVERY_S and now - server.heard < self.forget_after_s:
                    last_ping[sender] = now
                    nonce = os.urandom(6).hex().encode()
                    self._probes[nonce] = (sender, now)
                    try:
                        sock.sendto(PROBE + nonce, sender)
                    except OSError:
                        pass
            for nonce, (_sender, sent) in list(self._probes.items()):
                if now - sent > FORGET_AFTER_S:
                    del self._probes[nonce]

    def _heard(self, data: bytes, sender: tuple[str, int], now: float) -> None:
        if data.startswith(PONG):
            probe = self._probes.pop(data[len(PONG):][:32], None)
            if probe is not None and probe[0] in self._found:
                with self._lock:
                    old = self._found[probe[0]]
                    self._found[probe[0]] = LanServer(old.host, old.beacon,
                                                      (now - probe[1]) * 1000.0, old.heard)
            return
        beacon = read_beacon(data)
        if beacon is None:
            return
        with self._lock:
            old = self._found.get(sender)
            self._found[sender] = LanServer(sender[0], beacon, old.ping_ms if old else None, now)
