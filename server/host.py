"""Running a server for "Host a game": the same server as ``alien-city serve``, started
by a program (the game client) rather than a person at a terminal.

Two ways, same code:

- :class:`HostedServer` runs it inside the calling process, on its own thread with its
  own event loop (the client's loop is pygame's; the server must not wait on frames).
- :func:`spawn_server` runs ``python -m server --print-address`` as a child process and
  reads the address it prints once listening; SIGTERM (``stop``) closes it cleanly.

Either way the address returned is one this machine can connect to; for others on the
LAN the server announces itself (``lan``) and listens on every interface (``host``).
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Sequence

from .app import LanSettings, RunningServer, start_server
from .connection import Limits

ROOT = Path(__file__).resolve().parents[1]


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


def spawn_server(db: str, *, host: str = "0.0.0.0", port: int = 0, lan: bool = False,
                 name: str | None = None, extra: Sequence[str] = (), log: str | None = None,
                 timeout: float = 15.0) -> tuple[subprocess.Popen, str]:
    """``python -m server`` as a child process: (process, address to connect to). Its
    log goes to the file ``log`` (default: a temporary file; never a pipe nobody reads,
    which would stop the server once full). Stop it with :func:`stop_spawned` (SIGTERM:
    a clean stop, matches saved)."""
    args = [sys.executable, "-m", "server", "--host", host, "--port", str(port), "--db", db,
            "--print-address", *(["--lan"] if lan else []), *(["--name", name] if name else []),
            *extra]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    errors = open(log, "a") if log else tempfile.TemporaryFile("w+")
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=errors, text=True, env=env)
    result: list[str] = []
    reader = threading.Thread(target=lambda: result.append(proc.stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout)
    url = result[0].strip() if result else ""
    if not url.startswith(("ws://", "wss://")):
        proc.kill()
        proc.wait(5)
        errors.seek(0) if not log else None
        err = errors.read() if not log else Path(log).read_text(errors="replace")
        errors.close()
        raise RuntimeError(f"the server did not start: {(err or url).strip()[-300:]}")
    errors.close()  # the child has its own copy
    return proc, url


def stop_spawned(proc: subprocess.Popen, timeout: float = 10.0) -> int:
    """SIGTERM, wait; kill only if it does not stop in time. Returns its exit status."""
    if proc.poll() is None:
        if sys.platform == "win32":
            proc.terminate()  # no SIGTERM there; the store's WAL keeps every committed move
        else:
            proc.send_signal(signal.SIGTERM)
        try:
            return proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
    return proc.wait()
