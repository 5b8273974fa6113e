"""Fixtures of the cluster tests: a REAL ``redis-server`` on a free loopback port.

Each server gets its own temporary directory and runs with AOF on
(``--appendonly yes --appendfsync always``) and no RDB snapshots, so a restart in the
same directory reads back exactly what was acknowledged. (Not ``everysec``: while its
background fsync is slow, as on a loaded machine just after start, Redis may answer
before it writes, and a ``kill -9`` then loses acknowledged writes: seen in a run.) Tests that need one skip only
when ``redis-server`` is truly absent *and* we are not in CI (``CI`` set: they fail, so a
CI machine that lost the package does not go green by skipping). ``.ci/run`` installs
Debian's ``redis-server`` when it is missing.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

REDIS_SERVER = shutil.which("redis-server")
START_TIMEOUT = 10.0


def need_redis() -> str:
    """The redis-server binary, or skip (fail in CI) when it is not installed."""
    if REDIS_SERVER is None:
        message = "redis-server is not installed (Debian package redis-server)"
        if os.environ.get("CI"):
            pytest.fail(f"{message}; CI must install it (.ci/run does)")
        pytest.skip(message)
    try:
        import redis.asyncio  # noqa: F401  (the client: pip install 'alien-city[cluster]')
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("the redis Python package is missing; it is in the test extra")
        pytest.skip("the redis Python package is not installed (pip install 'alien-city[cluster]')")
    return REDIS_SERVER


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisProcess:
    """One redis-server on 127.0.0.1; ``stop``/``kill``/``start`` keep port and directory."""

    def __init__(self, binary: str, folder: Path, port: int | None = None,
                 fsync: str = "always") -> None:
        self.binary = binary
        self.folder = folder
        self.port = port or free_port()
        self.fsync = fsync
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "RedisProcess":
        self.folder.mkdir(parents=True, exist_ok=True)
        log = open(self.folder / "redis.log", "ab")
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "yes", "--appendfsync", self.fsync, "--dir", str(self.folder),
             "--protected-mode", "yes", "--daemonize", "no"],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        log.close()
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"redis-server exited with {self.proc.returncode}: "
                                   f"{(self.folder / 'redis.log').read_text()[-2000:]}")
            if self._pong():
                return self
            time.sleep(0.02)
        self.kill()
        raise RuntimeError(f"redis-server did not answer on port {self.port} in {START_TIMEOUT} s")

    def _pong(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                return s.recv(64).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        """SIGTERM (redis writes out the AOF and exits); SIGKILL if it takes over 10 s."""
        self._end((signal.SIGTERM, 10.0), (signal.SIGKILL, 5.0))

    def kill(self) -> None:
        """SIGKILL: no chance to write anything more."""
        self._end((signal.SIGKILL, 5.0))

    def _end(self, *steps: tuple[int, float]) -> None:
        if self.proc is not None:
            end_process(self.proc, *steps)
        self.proc = None


def end_process(proc: subprocess.Popen, *steps: tuple[int, float]) -> int | None:
    """Send each (signal, seconds to wait) in turn until ``proc`` has exited."""
    for sig, patience in steps:
        if proc.poll() is not None:
            break
        proc.send_signal(sig)
        try:
            proc.wait(patience)
        except subprocess.TimeoutExpired:
            continue
    return proc.poll()


@pytest.fixture
def redis_server(tmp_path):
    """A fresh redis-server for one test (stopped afterwards whatever happens)."""
    server = RedisProcess(need_redis(), tmp_path / "redis")
    server.start()
    try:
        yield server
    finally:
        server.kill()
