"""Running a server for "Host a game": the same server as ``alien-city serve``, started
by a program (the game client) rather than a person at a terminal.

Two ways, same code:

- :class:`HostedServer` runs it inside the calling process, on its own thread with its
  own event loop (the client's loop is pygame's; the server must not wait on frames).
- :func:`shared.netkit.serverproc.spawn_server` runs ``python -m server --print-address``
  as a child process and reads the address it prints once listening; SIGTERM closes it
  cleanly (re-exported here).

Either way the address returned is one this machine can connect to; for others on the
LAN the server announces itself (``lan``) and listens on every interface (``host``).
"""

from __future__ import annotations

import asyncio
import socket
import threading
from concurrent.futures import Future

from shared.netkit.serverproc import spawn_server, stop_spawned

from .app import LanSettings, RunningServer, start_server
from .connection import Limits

__all__ = ["HostedServer", "lan_addresses", "spawn_server", "stop_spawned"]



class HostedServer:
    """A server on a background thread. ``start`` returns once it listens (or raises
    what stopped it: ``OSError`` for a port in use, ``StoreError`` for a bad file)."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._running: RunningServer | None = None
        self._thread: threading.Thread | None = None
        self._stopped: asyncio.Event | None = None

    @classmethod
    def start(cls, db: str, *, host: str = "0.0.0.0", port: int = 0, name: str | None = None,
              lan: LanSettings | None = None, limits: Limits = Limits(),
              timeout: float = 15.0) -> "HostedServer":
        hosted = cls()
        ready: Future[RunningServer] = Future()

        async def serve() -> None:
            hosted._stopped = asyncio.Event()
            try:
                running = await start_server(host, port, db, limits, lan=lan, name=name)
            except BaseException as exc:
                ready.set_exception(exc)
                return
            hosted._running = running
            ready.set_result(running)
            await hosted._stopped.wait()
            await running.close()

        def thread() -> None:
            hosted._loop = asyncio.new_event_loop()
            try:
                hosted._loop.run_until_complete(serve())
            finally:
                hosted._loop.close()

        hosted._thread = threading.Thread(target=thread, name="hosted-server", daemon=True)
        hosted._thread.start()
        ready.result(timeout)
        return hosted

    @property
    def url(self) -> str:
        """Where this machine connects (``ws://127.0.0.1:PORT`` for a wildcard host)."""
        assert self._running is not None
        return self._running.url

    @property
    def port(self) -> int:
        assert self._running is not None
        return self._running.port

    def players(self) -> int:
        """People connected now (to warn before closing a server others play on)."""
        running = self._running
        if running is None:
            return 0
        return sum(1 for conn in list(running.lobby.connections) if conn.session is not None)

    def stop(self, timeout: float = 10.0) -> None:
        """Close every client (1001), save, and end the thread."""
        if self._loop is not None and self._stopped is not None and not self._loop.is_closed():
            try:
                self._loop.call_soon_threadsafe(self._stopped.set)
            except RuntimeError:  # the loop has already finished
                pass
        if self._thread is not None:
            self._thread.join(timeout)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses others on the LAN may reach (no loopback), from the
    host name's addresses: nothing is sent on the network. What "Host a game" shows next
    to the room code (``ws://ADDRESS:PORT``); may be empty (then the beacon still works)."""
    found: list[str] = []
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
    except OSError:
        infos = []
    candidates = [sockaddr[0] for *_, sockaddr in infos]
    try:  # the address of the default route: connect() on UDP picks it and sends nothing
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: documentation only, never routed
            candidates.append(probe.getsockname()[0])
    except OSError:
        pass
    for address in candidates:
        if not address.startswith(("127.", "0.")) and address not in found:
            found.append(address)
    return found


