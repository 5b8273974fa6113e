""""Host a game on this computer": the match server of ``alien-city serve`` run as a
child process (``shared.netkit.serverproc.spawn_server``: the client's loop never waits on it, and a
crash of one does not take the other down), its matches in the user's data folder,
announced on the LAN (UDP beacon to port 8766).

Where it listens and where it announces are settings (environment variables), so tests
pin everything to loopback:

- ``ALIEN_CITY_HOST_ADDRESS`` (default ``0.0.0.0``: every interface) and
  ``ALIEN_CITY_HOST_PORT`` (default 8765; any free port when that one is taken);
- ``ALIEN_CITY_LAN_TARGET`` (default ``255.255.255.255``) and ``ALIEN_CITY_LAN_PORT``
  (default 8766): where the beacon goes (also where "Games on your network" listens).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.request
from urllib.parse import urlsplit

from shared.i18n import domain

from .config import config_dir

_, N_, ngettext, pgettext = domain("online")

HOSTED_DB = "hosted-matches.sqlite3"
HOSTED_NOTE = "hosted-server.json"  # pid and address of the server we started, for after a crash
DEFAULT_PORT = 8765


def lan_port() -> int:
    try:
        return int(os.environ.get("ALIEN_CITY_LAN_PORT", "8766"))
    except ValueError:
        return 8766


def lan_listen_address() -> str:
    """Where "Games on your network" listens: all interfaces unless a test pins it."""
    return os.environ.get("ALIEN_CITY_LAN_ADDRESS", "")


def lan_address() -> str | None:
    """This computer's address on its LAN, for others to type (no packet is sent: a UDP
    socket's connect only picks the route)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect(("192.0.2.1", 9))  # TEST-NET-1: never sent anywhere
            address = sock.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


class Hosting:
    """A running hosted server: where we connect, where others connect, and stopping it."""

    def __init__(self, proc, url: str, public_url: str) -> None:
        self.proc = proc
        self.url = url
        self.public_url = public_url
        self.confirmed_close = False

    @classmethod
    def start(cls, name: str) -> "Hosting":
        """Start the server (blocks a few seconds at most: call it off the game loop). A
        server this client started before it crashed is taken over, matches and all."""
        left = cls.left_running()
        if left is not None:
            return left
        from shared.netkit.serverproc import EXIT_STORE_IN_USE, ServerStartError, spawn_server
        bind = os.environ.get("ALIEN_CITY_HOST_ADDRESS", "0.0.0.0")
        port = int(os.environ.get("ALIEN_CITY_HOST_PORT", str(DEFAULT_PORT)))
        extra = ["--lan-target", os.environ.get("ALIEN_CITY_LAN_TARGET", "255.255.255.255"),
                 "--lan-port", str(lan_port())]
        db = str(config_dir() / HOSTED_DB)
        config_dir().mkdir(parents=True, exist_ok=True)
        log = str(config_dir() / "hosted-server.log")
        try:
            try:
                proc, url = spawn_server(db, host=bind, port=port, lan=True, name=name, extra=extra, log=log)
            except ServerStartError as exc:
                if port == 0 or exc.status == EXIT_STORE_IN_USE:
                    raise
                proc, url = spawn_server(db, host=bind, port=0, lan=True, name=name, extra=extra, log=log)
        except ServerStartError as exc:
            if exc.status == EXIT_STORE_IN_USE:
                raise ServerStartError(_("another copy of the game on this computer is already hosting "
                                         "(it holds the hosted games). Stop hosting there, or close it, "
                                         "then try again."), exc.status) from None
            raise
        public = url
        if bind in ("0.0.0.0", "", "::"):
            address = lan_address()
            if address:
                public = f"ws://{address}:{urlsplit(url).port}"
        hosting = cls(proc, url, public)
        try:
            (config_dir() / HOSTED_NOTE).write_text(json.dumps({"pid": proc.pid, "url": url, "public_url": public}))
        except OSError:
            pass
        return hosting

    @classmethod
    def left_running(cls) -> "Hosting | None":
        """The server of a client that was killed, if it still runs and answers."""
        try:
            note = json.loads((config_dir() / HOSTED_NOTE).read_text())
            pid, url, public = int(note["pid"]), str(note["url"]), str(note["public_url"])
        except (OSError, ValueError, KeyError, TypeError):
            return None
        hosting = cls(_Orphan(pid), url, public)
        if not hosting.running or hosting.health().get("status") != "ok":
            return None
        return hosting

    @property
    def running(self) -> bool:
        return self.proc.poll() is None

    def health(self) -> dict:
        parts = urlsplit(self.url)
        try:
            with urllib.request.urlopen(f"http://{parts.hostname}:{parts.port}/healthz", timeout=1.5) as answer:
                return json.loads(answer.read().decode("utf-8"))
        except (OSError, ValueError):
            return {}

    def others_connected(self, own: int = 0) -> int | None:
        """Connections other than this client's ``own`` ones; ``None`` when the server
        does not say (busy past the health check's time, say): others may be there."""
        connections = self.health().get("connections")
        if not isinstance(connections, int):
            return None
        return max(0, connections - own)

    def stop(self) -> int:
        """SIGTERM: clients get 1001, every match is saved; returns the exit status."""
        from shared.netkit.serverproc import stop_spawned
        status = stop_spawned(self.proc)
        try:
            (config_dir() / HOSTED_NOTE).unlink()
        except OSError:
            pass
        return status


class _Orphan:
    """A server process started by an earlier run of the client (not our child): enough
    of ``subprocess.Popen`` for ``stop_spawned``."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        try:
            with open(f"/proc/{self.pid}/cmdline", "rb") as handle:
                alive = b"server" in handle.read()
            if alive:
                return None
        except OSError:
            try:
                os.kill(self.pid, 0)
                return None
            except OSError:
                pass
        self.returncode = 0
        return 0

    def send_signal(self, sig: int) -> None:
        try:
            os.kill(self.pid, sig)
        except OSError:
            pass

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def wait(self, timeout: float | None = None) -> int:
        end = time.monotonic() + (timeout if timeout is not None else 1e9)
        while self.poll() is None:
            if time.monotonic() > end:
                raise subprocess.TimeoutExpired(f"pid {self.pid}", timeout)
            time.sleep(0.05)
        return 0
