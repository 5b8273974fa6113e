"""Helpers for tests that run the real client as separate processes (``client.autopilot``
with SDL's dummy drivers), each with its own data folder, on loopback only."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def loopback_env(config: Path, **extra: str) -> dict:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               ALIEN_CITY_CONFIG_DIR=str(config), ALIEN_CITY_HOST_ADDRESS="127.0.0.1",
               ALIEN_CITY_LAN_TARGET="127.0.0.1", ALIEN_CITY_LAN_ADDRESS="127.0.0.1")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.update(extra)
    return env


class Pilot:
    """One client process; ``events`` are its JSON lines, read by a thread."""

    def __init__(self, config: Path, *args: str, env: dict | None = None) -> None:
        config.mkdir(parents=True, exist_ok=True)
        self.log = open(config / "pilot-stderr.log", "a")
        self.proc = subprocess.Popen([sys.executable, "-m", "client.autopilot", *args], cwd=ROOT,
                                     env=env or loopback_env(config), stdout=subprocess.PIPE,
                                     stderr=self.log, text=True)
        self.events: queue.Queue[dict] = queue.Queue()
        self.seen: list[dict] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            try:
                self.events.put(json.loads(line))
            except ValueError:
                pass

    def wait_for(self, kind: str, timeout: float = 60.0, where=None, **match) -> dict:
        """The first event of ``kind`` (with these fields, and passing ``where`` if given)
        seen so far or arriving in time."""
        def fits(e: dict) -> bool:
            return (e.get("event") == kind and all(e.get(k) == v for k, v in match.items())
                    and (where is None or where(e)))
        for e in self.seen:
            if fits(e):
                return e
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                e = self.events.get(timeout=0.2)
            except queue.Empty:
                if self.proc.poll() is not None and self.events.empty():
                    break
                continue
            self.seen.append(e)
            if fits(e):
                return e
        raise AssertionError(f"no {kind} {match} in {timeout} s; saw {self.seen[-12:]}")

    def wait_count(self, kind: str, n: int, timeout: float = 60.0) -> list[dict]:
        """Wait until ``n`` events of ``kind`` were seen."""
        end = time.monotonic() + timeout
        while True:
            got = [e for e in self.seen if e.get("event") == kind]
            if len(got) >= n:
                return got
            try:
                self.seen.append(self.events.get(timeout=max(0.01, end - time.monotonic())))
            except queue.Empty:
                raise AssertionError(f"{len(got)} {kind} of {n} in {timeout} s; saw {self.seen[-12:]}") from None

    def kill9(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.log.close()
