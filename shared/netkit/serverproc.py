"""The match server as a program started by another program: ``python -m server
--print-address`` as a child process, its address read from its first line, a clean
stop by SIGTERM. Both the game client ("Host a game") and tests use it; it needs only the
server's command line, not its modules, so the client does not depend on the server
package.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Sequence

from shared.i18n import domain

_, N_, ngettext, pgettext = domain("cli")

ROOT = Path(__file__).resolve().parents[2]
EXIT_STORE_IN_USE = 3  # serve's exit status when another server runs on its store file


class ServerStartError(RuntimeError):
    """The server did not start; ``status`` is its exit status (``None``: it did not
    exit, and was stopped for not answering in time)."""

    def __init__(self, text: str, status: int | None) -> None:
        super().__init__(text)
        self.status = status


def spawn_server(db: str, *, host: str = "0.0.0.0", port: int = 0, lan: bool = False,
                 name: str | None = None, extra: Sequence[str] = (), log: str | None = None,
                 timeout: float = 15.0) -> tuple[subprocess.Popen[str], str]:
    """``python -m server`` as a child process: (process, address to connect to). Its
    log goes to the file ``log`` (default: a temporary file; never a pipe nobody reads,
    which would stop the server once full). Stop it with :func:`stop_spawned` (SIGTERM:
    a clean stop, matches saved)."""
    args = [sys.executable, "-m", "server", "--host", host, "--port", str(port), "--db", db,
            "--print-address", *(["--lan"] if lan else []), *(["--name", name] if name else []),
            *extra]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    errors = open(log, "a+", errors="replace") if log else tempfile.TemporaryFile("w+", errors="replace")
    start = errors.tell()  # what this start writes to the log, after earlier runs'
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=errors, text=True, env=env)
    result: list[str] = []
    stdout = proc.stdout
    assert stdout is not None  # stdout=PIPE above
    reader = threading.Thread(target=lambda: result.append(stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout)
    url = result[0].strip() if result else ""
    if not url.startswith(("ws://", "wss://")):
        try:  # it ended (its output did): how, once reaped
            status: int | None = proc.wait(1.0 if result else 0.01)
        except subprocess.TimeoutExpired:
            status = None
        proc.kill()
        proc.wait(5)
        errors.seek(start)
        said = [line.strip() for line in errors.read().splitlines() if line.strip()]
        errors.close()
        details = said[-1] if said else url.strip() or _("no answer in {n:g} s").format(n=timeout)
        raise ServerStartError(_("the server did not start: {details}").format(details=details[-300:]),
                               status)
    errors.close()  # the child has its own copy
    return proc, url


def stop_spawned(proc: subprocess.Popen[str], timeout: float = 10.0) -> int:
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
